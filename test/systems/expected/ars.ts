/**
 * ARS fixtures, worked out by hand. Rules used: a character's level is the most `advancement`
 * entries on a class item (ARS getMaxLevel), never `attributes.level.value` (the template's 1);
 * AD&D Dexterity table (14 0, 15 -1, 16 -2, 17 -3); worn armour's base AC and modifier (its magic),
 * shields their AC and modifier; magic protection as ARS's `_prepareArmorClass` computes it at
 * 171feb4 (an export must read as the live actor shows): the best ring, where a worn cloak's plus
 * takes the ring's place in item order, none over magic armour, the cloak's own figure 0, other
 * protection added; AC as ARS `_prepareArmorClass` sums it (armour AC - modifier - shields -
 * protection + Dex) when an export has no derived `armorClass`; an NPC's untouched template
 * abilities (10, no percentage) are no score; sizes medium M, large L; heights in inches, weights
 * in pounds; movement in inches; speed = 10 × inches.
 */
import type { FixtureExpectation } from "./types.ts";

/** The fighter's values, export and prepared alike. */
const FIGHTER = {
  // Str 18/76, Dex 16 (-2), plate (AC 3) and shield (1), a great helm; a cloak of protection +1:
  // ARS's cloak branch puts its +1 in the ring's place, and the plate is not magic, so it counts
  // as ARS computes it. AC 3 - 1 - 1 - 2 = -1. Five advancement entries: level 5.
  "d12-holds": {
    profile: { kind: "character", size: "M", strength: { score: 18, exceptional: 76 }, dexAcAdjustment: -2, armor: { type: "plate", plus: 0 }, shield: { plus: 0 }, magicProtection: 1, normalAc: -1, movement: 12, intelligence: "average", attacksPerRound: 1, monkLevel: 0, toHit: { kind: "thac0", thac0: 16 } },
    sources: { size: "sheet", strength: "sheet", armor: "sheet", normalAc: "sheet", magicProtection: "sheet", attacksPerRound: "default" },
  },
  "grapple-die": {
    // 6'2" = 74 in = 6.17 ft.
    profile: { playerCharacter: true, heightFt: 6.17, weightLb: 210, strength: { score: 18, exceptional: 76 }, hitDice: 5, hitDicePlus: 0, ac: -1, dexAcAdjustment: -2, shieldAc: 1, armor: { type: "plate", helm: true }, saveVsBreath: 13, readiedAttack: null, nonProficiencyPenalty: -2 },
    sources: { heightFt: "sheet", weightLb: "sheet", ac: "sheet", hitDice: "sheet", saveVsBreath: "sheet" },
  },
  percentile: {
    profile: { kind: "character", classGroup: "fighter", level: 5, size: "M", height: 74, weight: 210, dexterity: 16, strength: { score: 18, exceptional: 76 }, armor: { ad: 3, magic: 0 }, shield: { plus: 0 }, helmet: true, dexAcBonus: 2, magicProtection: 1, speed: 120, foreLimbs: 2 },
    sources: { classGroup: "sheet", level: "sheet" },
  },
} as const;

export const ARS: readonly FixtureExpectation[] = [
  { file: "fighter-18-76.json", ...FIGHTER },
  // The same fighter as a live actor: ARS's own rank.levels.max 5, armorClass.normal -1 (ring -1) and Dex
  // defensive -2 are read as they stand (no reason: nothing worked out).
  { file: "fighter-18-76.prepared.json", settings: { prepared: true }, ...FIGHTER },
  {
    // Str 17, Dex 15 (-1), Int 11 very; chain mail +2 (AC 5, modifier 2, magic), shield +1
    // (1 + 1), ring of protection +1: no ring counts over magic armour. The carried leather does
    // not count. AC 5 - 2 - 2 - 0 - 1 = 0. Paladin 6, THAC0 15, 12", 5'11" = 71 in.
    file: "paladin-magic-arms.json",
    "d12-holds": {
      profile: { strength: { score: 17 }, dexAcAdjustment: -1, armor: { type: "chain", plus: 2 }, shield: { plus: 1 }, magicProtection: 0, normalAc: 0, movement: 12, intelligence: "very", toHit: { kind: "thac0", thac0: 15 } },
      sources: { armor: "sheet", shield: "sheet", magicProtection: "sheet" },
    },
    "grapple-die": { profile: { heightFt: 5.92, weightLb: 190, hitDice: 6, ac: 0, shieldAc: 2, armor: { type: "chain", helm: false }, saveVsBreath: 12, nonProficiencyPenalty: -2 } },
    percentile: { profile: { classGroup: "fighter", level: 6, height: 71, weight: 190, dexterity: 15, strength: { score: 17 }, armor: { ad: 5, magic: 2 }, shield: { plus: 1 }, helmet: false, dexAcBonus: 1, magicProtection: 0, speed: 120 } },
  },
  {
    // Leather (AC 8), Dex 17 (-3); in item order the cloak of protection +1 takes the ring's
    // place (1), then rings +1 and +2: the best, 2; the cloak's own figure 0. Protection 2.
    // AC 8 - 2 - 3 = 3. Thief 3, Int 14 high,
    // 5'6" = 66 in, 140 lb.
    file: "thief-leather.json",
    "d12-holds": {
      profile: { armor: { type: "leather", plus: 0 }, shield: null, dexAcAdjustment: -3, magicProtection: 2, normalAc: 3, intelligence: "high", toHit: { kind: "thac0", thac0: 20 } },
      sources: { shield: "sheet" },
    },
    "grapple-die": { profile: { heightFt: 5.5, weightLb: 140, hitDice: 3, ac: 3, shieldAc: 0, armor: { type: "leather", helm: false }, saveVsBreath: 16, nonProficiencyPenalty: -3 } },
    percentile: { profile: { classGroup: "thief", level: 3, height: 66, weight: 140, dexterity: 17, strength: { score: 12 }, armor: { ad: 8, magic: 0 }, shield: null, dexAcBonus: 3, magicProtection: 2, speed: 120 } },
  },
  {
    // No armour worn; Dex 14 (0); a cloak of protection +1 and a ring of protection +1: ARS
    // keeps one "best ring", 1 (the cloak's own figure is 0). AC 10 - 1 = 9. Int 17 genius; magic-user 4. ARS's template height and
    // weight (5'10", 150) are what the sheet shows: 70 in, 150 lb.
    file: "mage-unarmoured.json",
    "d12-holds": {
      profile: { armor: { type: "none", plus: 0 }, shield: null, dexAcAdjustment: 0, magicProtection: 1, normalAc: 9, intelligence: "genius" },
      sources: { armor: "sheet", dexAcAdjustment: "sheet" },
    },
    "grapple-die": { profile: { heightFt: 5.83, weightLb: 150, hitDice: 4, ac: 9, nonProficiencyPenalty: -5 }, sources: { heightFt: "sheet", weightLb: "sheet" } },
    percentile: { profile: { classGroup: "magicUser", level: 4, height: 70, weight: 150, dexterity: 14, armor: null, dexAcBonus: 0, magicProtection: 1 }, sources: { armor: "sheet" } },
  },
  {
    // Ranger 3 and magic-user 4: level 4 (the higher), the fighter group for the one-column rule
    // sets; percentile gets both classes in the sheet's order. Elven chain (AC 5, chain by name),
    // Dex 16 (-2): AC 3. Int 16 exceptional. 5'4" = 64 in, 110 lb.
    file: "ranger-mage.json",
    "d12-holds": { profile: { armor: { type: "chain", plus: 0 }, normalAc: 3, dexAcAdjustment: -2, intelligence: "exceptional", toHit: { kind: "thac0", thac0: 18 } } },
    "grapple-die": { profile: { hitDice: 4, ac: 3, nonProficiencyPenalty: -2, heightFt: 5.33, weightLb: 110, saveVsBreath: 14 } },
    percentile: { profile: { classGroup: "fighter", level: 3, secondClass: { group: "magicUser", level: 4 }, armor: { ad: 5, magic: 0 } }, sources: { classGroup: "sheet", secondClass: "sheet" } },
  },
  {
    // NPC ogre: large, Str 18/00 (percent 100, set by the GM), Dex left at the template's 10 (no
    // score), AC 5 (stat block), THAC0 15, 9", HD "4+1", 1 attack of 1d10, Int "Low (5-7)".
    file: "ogre-18-00.json",
    "d12-holds": {
      profile: { kind: "monster", size: "L", strength: { score: 18, exceptional: 100 }, armor: { type: "none", plus: 0 }, naturalAc: { ac: 5, basis: "toughness" }, normalAc: 5, movement: 9, intelligence: "low", attacksPerRound: 1, toHit: { kind: "thac0", thac0: 15 } },
      sources: { size: "sheet", normalAc: "sheet", naturalAc: "default", movement: "sheet", attacksPerRound: "sheet", dexAcAdjustment: "default" },
    },
    "grapple-die": {
      profile: { playerCharacter: false, heightFt: 9, weightLb: 600, strength: { score: 18, exceptional: 100 }, hitDice: 4, hitDicePlus: 1, ac: 5, readiedAttack: { kind: "natural", lengthFt: 0, damage: { count: 1, sides: 10 }, damageBonus: 0, toHitBonus: 0 }, nonProficiencyPenalty: 0, saveVsBreath: 14 },
      sources: { hitDice: "sheet", readiedAttack: "sheet" },
    },
    percentile: {
      profile: { kind: "monster", hitDice: { dice: 4, adjustment: 1 }, size: "L", height: 108, weight: 600, dexterity: 10, strength: { score: 18, exceptional: 100 }, armor: null, speed: 90 },
      sources: { dexterity: "default" },
      absent: ["classGroup", "level"],
    },
  },
  {
    // Bugbear: large on the sheet (token 1 square: the sheet wins), the template's abilities (no
    // Strength; Dex 10 filled in), Int "Low to average" low, AC 5, THAC0 16, HD "3+1", 2d4.
    file: "bugbear.json",
    "d12-holds": {
      profile: { size: "L", dexAcAdjustment: 0, naturalAc: { ac: 5, basis: "toughness" }, normalAc: 5, movement: 9, intelligence: "low", toHit: { kind: "thac0", thac0: 16 } },
      sources: { size: "sheet", dexAcAdjustment: "default" },
      absent: ["strength"],
    },
    "grapple-die": { profile: { hitDice: 3, hitDicePlus: 1, ac: 5, readiedAttack: { kind: "natural", lengthFt: 0, damage: { count: 2, sides: 4 }, damageBonus: 0, toHitBonus: 0 }, saveVsBreath: 16, heightFt: 9, weightLb: 600 } },
    percentile: {
      // No Strength on a large monster: the project default 18.
      profile: { hitDice: { dice: 3, adjustment: 1 }, strength: { score: 18 }, dexterity: 10 },
      sources: { strength: "default", dexterity: "default" },
    },
  },
  {
    // Giant spider: 3"*12" (3" on the ground, 12" in its web: not flight), 1 attack, 2d4.
    file: "giant-spider.json",
    "d12-holds": { profile: { size: "L", movement: 3, attacksPerRound: 1, flight: "none", normalAc: 4, intelligence: "low" } },
    "grapple-die": { profile: { hitDice: 4, hitDicePlus: 4, ac: 4, readiedAttack: { kind: "natural", lengthFt: 0, damage: { count: 2, sides: 4 }, damageBonus: 0, toHitBonus: 0 }, saveVsBreath: 15 } },
    percentile: { profile: { hitDice: { dice: 4, adjustment: 4 }, speed: 30 } },
  },
  {
    // Troll: the import's "3" attacks, the first damage 1d4+4; HD "6+6", 12", THAC0 13, AC 4.
    file: "troll.json",
    "d12-holds": { profile: { attacksPerRound: 3, movement: 12, toHit: { kind: "thac0", thac0: 13 }, normalAc: 4 }, sources: { attacksPerRound: "sheet" } },
    "grapple-die": { profile: { hitDice: 6, hitDicePlus: 6, saveVsBreath: 12, readiedAttack: { kind: "natural", lengthFt: 0, damage: { count: 1, sides: 4 }, damageBonus: 4, toHitBonus: 0 } } },
    percentile: { profile: { hitDice: { dice: 6, adjustment: 6 }, speed: 120 } },
  },
  {
    // Values no sheet can mean: Str 250, HD "-3", AC 999, "999 claws", movement "-120", damage
    // "lots". Each is set aside for the ordinary value, and its reason names the sheet's value.
    file: "broken-values.json",
    "d12-holds": {
      profile: { kind: "monster", size: "L", movement: 12, attacksPerRound: 1, toHit: { kind: "thac0", thac0: 15 } },
      sources: { movement: "default", attacksPerRound: "default" },
      absent: ["strength", "normalAc"],
    },
    "grapple-die": { profile: { hitDice: 1, hitDicePlus: 0, ac: 10, readiedAttack: null }, sources: { hitDice: "default", ac: "default", readiedAttack: "default" } },
    percentile: { profile: { strength: { score: 18 }, hitDice: { dice: 1, adjustment: 0 }, speed: 120 }, sources: { strength: "default", hitDice: "default", speed: "default" } },
  },
  {
    // Almost nothing: no size (token 2 squares: L), an empty item list (nothing worn), no AC (10
    // from the pieces), no THAC0 (1 HD filled in: 19 on the 2e monster table), no movement (12").
    file: "missing-fields.json",
    "d12-holds": {
      profile: { kind: "monster", size: "L", armor: { type: "none", plus: 0 }, shield: null, movement: 12, intelligence: "average", toHit: { kind: "thac0", thac0: 19 } },
      sources: { size: "default", armor: "sheet", shield: "sheet", movement: "default", toHit: "default", intelligence: "default" },
      absent: ["naturalAc", "normalAc", "strength"],
    },
    "grapple-die": {
      profile: { ac: 10, hitDice: 1, hitDicePlus: 0, readiedAttack: null, heightFt: 9, weightLb: 600 },
      sources: { ac: "default", hitDice: "default", readiedAttack: "default" },
    },
    percentile: {
      profile: { hitDice: { dice: 1, adjustment: 0 }, strength: { score: 18 }, height: 108, weight: 600, armor: null },
      sources: { hitDice: "default", armor: "sheet" },
    },
  },
];
