/**
 * ARS fixtures, worked out by hand. Rules used: AD&D Dexterity table (15 -1, 16 -2, 17 -3,
 * 7-14 0); worn armour's base AC and modifier (its magic), a shield's modifier its plus, a ring's
 * modifier magic protection (ARS actor.js `_prepareArmorClass`); AC from the pieces when an export
 * has no derived `armorClass` (armour AC - magic - (1 + shield plus) + Dex - protection); sizes
 * medium M, large L; heights in inches, weights in pounds; movement in inches; speed = 10 × inches.
 */
import type { FixtureExpectation } from "./types.ts";

export const ARS: readonly FixtureExpectation[] = [
  {
    // Str 18/76, Dex 16 (-2), plate (AC 3) and shield, a great helm; level 5 fighter, THAC0 16.
    // AC: 3 - 1 (shield) - 2 (Dex) = 0, worked out (no derived AC in an export).
    file: "fighter-18-76.json",
    "d12-holds": {
      profile: { kind: "character", size: "M", strength: { score: 18, exceptional: 76 }, dexAcAdjustment: -2, armor: { type: "plate", plus: 0 }, shield: { plus: 0 }, magicProtection: 0, movement: 12, intelligence: "average", attacksPerRound: 1, monkLevel: 0, toHit: { kind: "thac0", thac0: 16 } },
      sources: { size: "sheet", strength: "sheet", armor: "sheet", attacksPerRound: "default" },
      absent: ["normalAc", "naturalAc"],
    },
    "grapple-die": {
      // 6'2" = 74 in = 6.17 ft.
      profile: { playerCharacter: true, heightFt: 6.17, weightLb: 210, strength: { score: 18, exceptional: 76 }, hitDice: 5, hitDicePlus: 0, ac: 0, dexAcAdjustment: -2, shieldAc: 1, armor: { type: "plate", helm: true }, saveVsBreath: 13, readiedAttack: null, nonProficiencyPenalty: -2 },
      sources: { heightFt: "sheet", weightLb: "sheet", ac: "default", saveVsBreath: "sheet" },
    },
    percentile: {
      profile: { kind: "character", classGroup: "fighter", level: 5, size: "M", height: 74, weight: 210, dexterity: 16, strength: { score: 18, exceptional: 76 }, armor: { ad: 3, magic: 0 }, shield: { plus: 0 }, helmet: true, dexAcBonus: 2, magicProtection: 0, speed: 120, foreLimbs: 2 },
      sources: { classGroup: "sheet", level: "sheet" },
    },
  },
  {
    // Str 17 (percent 0 is none), Dex 15 (-1), Int 11 very; chain mail +2 (AC 5, modifier 2),
    // shield +1, ring of protection +1; the carried leather armour does not count.
    // AC: 5 - 2 - (1 + 1) - 1 (Dex) - 1 (ring) = -1. Paladin 6, THAC0 15, 9", 5'11" = 71 in.
    file: "paladin-magic-arms.json",
    "d12-holds": {
      profile: { strength: { score: 17 }, dexAcAdjustment: -1, armor: { type: "chain", plus: 2 }, shield: { plus: 1 }, magicProtection: 1, movement: 9, intelligence: "very", toHit: { kind: "thac0", thac0: 15 } },
      sources: { armor: "sheet", shield: "sheet", magicProtection: "sheet" },
    },
    "grapple-die": {
      profile: { heightFt: 5.92, weightLb: 190, hitDice: 6, ac: -1, shieldAc: 2, armor: { type: "chain", helm: false }, saveVsBreath: 12, nonProficiencyPenalty: -2 },
    },
    percentile: {
      profile: { classGroup: "fighter", level: 6, height: 71, weight: 190, dexterity: 15, strength: { score: 17 }, armor: { ad: 5, magic: 2 }, shield: { plus: 1 }, helmet: false, dexAcBonus: 1, magicProtection: 1, speed: 90 },
    },
  },
  {
    // Leather (AC 8), Dex 17 (-3): AC 8 - 3 = 5. Thief 3, Int 14 high, 5'6 = 66 in, 140 lb.
    file: "thief-leather.json",
    "d12-holds": {
      profile: { armor: { type: "leather", plus: 0 }, shield: null, dexAcAdjustment: -3, intelligence: "high", toHit: { kind: "thac0", thac0: 20 } },
      sources: { shield: "sheet" },
    },
    "grapple-die": { profile: { heightFt: 5.5, weightLb: 140, hitDice: 3, ac: 5, shieldAc: 0, armor: { type: "leather", helm: false }, saveVsBreath: 15, nonProficiencyPenalty: -3 } },
    percentile: { profile: { classGroup: "thief", level: 3, height: 66, weight: 140, dexterity: 17, strength: { score: 12 }, armor: { ad: 8, magic: 0 }, shield: null, dexAcBonus: 3, speed: 120 } },
  },
  {
    // No armour worn (the item list has only the class); Dex 14 (0): AC 10. Int 17 genius.
    // No height or weight: the project's man-sized 70 in, 170 lb.
    file: "mage-unarmoured.json",
    "d12-holds": {
      profile: { armor: { type: "none", plus: 0 }, shield: null, dexAcAdjustment: 0, intelligence: "genius" },
      sources: { armor: "sheet", dexAcAdjustment: "sheet" },
    },
    "grapple-die": {
      profile: { heightFt: 5.83, weightLb: 170, hitDice: 4, ac: 10, nonProficiencyPenalty: -5 },
      sources: { heightFt: "default", weightLb: "default" },
    },
    percentile: {
      profile: { classGroup: "magicUser", level: 4, height: 70, weight: 170, dexterity: 14, armor: null, dexAcBonus: 0 },
      sources: { height: "default", weight: "default", armor: "sheet" },
    },
  },
  {
    // NPC ogre: large, Str 18/00 (percent 100), AC 5 (stat block, natural), THAC0 15, 9",
    // HD "4+1", 1 attack of 1d10, Int "Low (5-7)". No height/weight: large 108 in, 600 lb.
    file: "ogre-18-00.json",
    "d12-holds": {
      profile: { kind: "monster", size: "L", strength: { score: 18, exceptional: 100 }, armor: { type: "none", plus: 0 }, naturalAc: { ac: 5, basis: "toughness" }, normalAc: 5, movement: 9, intelligence: "low", attacksPerRound: 1, toHit: { kind: "thac0", thac0: 15 } },
      sources: { size: "sheet", normalAc: "sheet", naturalAc: "default", movement: "sheet", attacksPerRound: "sheet" },
    },
    "grapple-die": {
      profile: { playerCharacter: false, heightFt: 9, weightLb: 600, strength: { score: 18, exceptional: 100 }, hitDice: 4, hitDicePlus: 1, ac: 5, readiedAttack: { kind: "natural", lengthFt: 0, damage: { count: 1, sides: 10 }, damageBonus: 0, toHitBonus: 0 }, nonProficiencyPenalty: 0, saveVsBreath: 14 },
      sources: { hitDice: "sheet", readiedAttack: "sheet" },
    },
    percentile: {
      profile: { kind: "monster", hitDice: { dice: 4, adjustment: 1 }, size: "L", height: 108, weight: 600, dexterity: 10, strength: { score: 18, exceptional: 100 }, armor: null, speed: 90 },
      absent: ["classGroup", "level"],
    },
  },
  {
    // Bugbear: large on the sheet (token 1 square: the sheet wins), no abilities (no Strength;
    // Dex 10 filled in), Int "Low to average" low, AC 5, THAC0 16, HD "3+1", 2d4.
    file: "bugbear.json",
    "d12-holds": {
      profile: { size: "L", dexAcAdjustment: 0, naturalAc: { ac: 5, basis: "toughness" }, normalAc: 5, movement: 9, intelligence: "low", toHit: { kind: "thac0", thac0: 16 } },
      sources: { size: "sheet", dexAcAdjustment: "default" },
      absent: ["strength"],
    },
    "grapple-die": { profile: { hitDice: 3, hitDicePlus: 1, ac: 5, readiedAttack: { kind: "natural", lengthFt: 0, damage: { count: 2, sides: 4 }, damageBonus: 0, toHitBonus: 0 }, saveVsBreath: 17, heightFt: 9, weightLb: 600 } },
    percentile: {
      // No Strength on a large monster: the project default 18.
      profile: { hitDice: { dice: 3, adjustment: 1 }, strength: { score: 18 }, dexterity: 10 },
      sources: { strength: "default", dexterity: "default" },
    },
  },
  {
    // Giant spider: 3"*12" (3" on the ground, 12" in its web: not flight), "1 bite", "2d4 + poison".
    file: "giant-spider.json",
    "d12-holds": { profile: { size: "L", movement: 3, attacksPerRound: 1, flight: "none", normalAc: 4, intelligence: "low" } },
    "grapple-die": { profile: { hitDice: 4, hitDicePlus: 4, ac: 4, readiedAttack: { kind: "natural", lengthFt: 0, damage: { count: 2, sides: 4 }, damageBonus: 0, toHitBonus: 0 }, saveVsBreath: 17 } },
    percentile: { profile: { hitDice: { dice: 4, adjustment: 4 }, speed: 30 } },
  },
  {
    // Troll: "2 claws/1 bite" is 3 attacks, the first damage 1d4+4; HD "6+6", 12", THAC0 13.
    file: "troll.json",
    "d12-holds": { profile: { attacksPerRound: 3, movement: 12, toHit: { kind: "thac0", thac0: 13 }, normalAc: 4 }, sources: { attacksPerRound: "sheet" } },
    "grapple-die": { profile: { hitDice: 6, hitDicePlus: 6, readiedAttack: { kind: "natural", lengthFt: 0, damage: { count: 1, sides: 4 }, damageBonus: 4, toHitBonus: 0 } } },
    percentile: { profile: { hitDice: { dice: 6, adjustment: 6 }, speed: 120 } },
  },
  {
    // Almost nothing: no size (token 2 squares: L), no items, no AC (10 from the pieces), no
    // THAC0 (1 HD filled in: 19 on the 2e monster table), no movement (12").
    file: "missing-fields.json",
    "d12-holds": {
      profile: { kind: "monster", size: "L", armor: { type: "none", plus: 0 }, shield: null, movement: 12, intelligence: "average", toHit: { kind: "thac0", thac0: 19 } },
      sources: { size: "default", armor: "default", shield: "default", movement: "default", toHit: "default", intelligence: "default" },
      absent: ["naturalAc", "normalAc", "strength"],
    },
    "grapple-die": {
      profile: { ac: 10, hitDice: 1, hitDicePlus: 0, readiedAttack: null, heightFt: 9, weightLb: 600 },
      sources: { ac: "default", hitDice: "default", readiedAttack: "default" },
    },
    percentile: {
      profile: { hitDice: { dice: 1, adjustment: 0 }, strength: { score: 18 }, height: 108, weight: 600, armor: null },
      sources: { hitDice: "default", armor: "default" },
    },
  },
];
