/**
 * adnd2e fixtures, worked out by hand. 2e PHB Dexterity defensive adjustment (8-14 0, 15 -1,
 * 16 -2, 17 -3); character AC from the pieces (an export's `ac.normal` is the schema's 10):
 * armour base AC - magic - (shield bonus 1 + its magic) + Dex - protection; sizes from
 * `details.size` on creatures, the token for characters and NPCs; creatures keep AC, THAC0,
 * land movement, HD count/bonus and `attacks[]`.
 */
import type { FixtureExpectation } from "./types.ts";

export const ADND2E: readonly FixtureExpectation[] = [
  {
    // Str 18/91, Dex 15 (-1), plate mail (3), shield (1), a great helm: 3 - 1 - 1 = 1.
    // Fighter 6, THAC0 15; 6'1" = 73 in = 6.08 ft, 220 lb.
    file: "warrior-18-91.json",
    "d12-holds": {
      profile: { kind: "character", size: "M", strength: { score: 18, exceptional: 91 }, dexAcAdjustment: -1, armor: { type: "plate", plus: 0 }, shield: { plus: 0 }, movement: 12, toHit: { kind: "thac0", thac0: 15 }, intelligence: "average" },
      sources: { size: "default", strength: "sheet" },
      absent: ["normalAc"],
    },
    "grapple-die": {
      profile: { playerCharacter: true, heightFt: 6.08, weightLb: 220, hitDice: 6, ac: 1, shieldAc: 1, armor: { type: "plate", helm: true }, saveVsBreath: 13, nonProficiencyPenalty: -2 },
      sources: { ac: "default" },
    },
    percentile: { profile: { classGroup: "fighter", level: 6, height: 73, weight: 220, dexterity: 15, strength: { score: 18, exceptional: 91 }, armor: { ad: 3, magic: 0 }, shield: { plus: 0 }, helmet: true, dexAcBonus: 1 } },
  },
  {
    // Chain mail +1 (5, magic 1), shield +2, ring of protection +1, Dex 8 (0):
    // 5 - 1 - (1 + 2) - 1 = 0. Cleric 4, THAC0 18, 9", 5'4" = 64 in, 130 lb.
    file: "priest-magic-arms.json",
    "d12-holds": { profile: { armor: { type: "chain", plus: 1 }, shield: { plus: 2 }, magicProtection: 1, movement: 9, toHit: { kind: "thac0", thac0: 18 }, intelligence: "very", dexAcAdjustment: 0 } },
    "grapple-die": { profile: { ac: 0, shieldAc: 3, armor: { type: "chain", helm: false }, hitDice: 4, saveVsBreath: 15, nonProficiencyPenalty: -3, heightFt: 5.33, weightLb: 130 } },
    percentile: { profile: { classGroup: "cleric", level: 4, armor: { ad: 5, magic: 1 }, shield: { plus: 2 }, magicProtection: 1, height: 64, weight: 130, speed: 90, dexAcBonus: 0 } },
  },
  {
    // Leather (8), Dex 17 (-3): 5. "5 ft 7 in" = 67 in, "150" lb.
    file: "rogue-leather.json",
    "d12-holds": { profile: { armor: { type: "leather", plus: 0 }, shield: null, dexAcAdjustment: -3, intelligence: "high", toHit: { kind: "thac0", thac0: 19 } } },
    "grapple-die": { profile: { ac: 5, heightFt: 5.58, weightLb: 150, hitDice: 3, nonProficiencyPenalty: -3 } },
    percentile: { profile: { classGroup: "thief", level: 3, height: 67, weight: 150, armor: { ad: 8, magic: 0 }, dexAcBonus: 3 } },
  },
  {
    // No armour, Dex 16 (-2): 8. 180 cm = 70.9 in, 71; 68 kg = 149.9 lb, 150. Mage 5.
    file: "mage-unarmoured.json",
    "d12-holds": { profile: { armor: { type: "none", plus: 0 }, dexAcAdjustment: -2, intelligence: "genius", toHit: { kind: "thac0", thac0: 19 } } },
    "grapple-die": { profile: { ac: 8, heightFt: 5.92, weightLb: 150, hitDice: 5, nonProficiencyPenalty: -5 } },
    percentile: { profile: { classGroup: "magicUser", level: 5, height: 71, weight: 150, armor: null, dexAcBonus: 2 } },
  },
  {
    // An NPC (built like a character, not a player's): its "Ring Mail" has no armour type, so
    // the name tells the kind; base AC 7, Dex 11: AC 7.
    file: "npc-guard-ring-mail.json",
    "d12-holds": { profile: { kind: "character", armor: { type: "ring", plus: 0 }, toHit: { kind: "thac0", thac0: 19 } } },
    "grapple-die": { profile: { playerCharacter: false, ac: 7, hitDice: 2, armor: { type: "ring", helm: false }, nonProficiencyPenalty: -2, heightFt: 5.83 }, sources: { heightFt: "default" } },
    percentile: { profile: { classGroup: "fighter", level: 2, armor: { ad: 7, magic: 0 } } },
  },
  {
    // "Patchwork Armour": no type and a name that says nothing, so its base AC 6 tells: scale.
    file: "npc-brigand-patchwork.json",
    "d12-holds": { profile: { armor: { type: "scale", plus: 0 }, toHit: { kind: "thac0", thac0: 20 } } },
    "grapple-die": { profile: { ac: 6, hitDice: 1 } },
    percentile: { profile: { armor: { ad: 6, magic: 0 } } },
  },
  {
    // Creature: large, HD 4 bonus 1, a huge club 1d10 (a wielded weapon), AC 5, THAC0 17, 9",
    // Int "Low (5-7)"; no Dexterity (10) or Strength.
    file: "ogre.json",
    "d12-holds": {
      profile: { kind: "monster", size: "L", naturalAc: { ac: 5, basis: "toughness" }, normalAc: 5, movement: 9, attacksPerRound: 1, intelligence: "low", toHit: { kind: "thac0", thac0: 17 }, flight: "none" },
      sources: { size: "sheet" },
      absent: ["strength"],
    },
    "grapple-die": { profile: { hitDice: 4, hitDicePlus: 1, ac: 5, readiedAttack: { kind: "weapon", lengthFt: 3, damage: { count: 1, sides: 10 }, damageBonus: 0, toHitBonus: 0 }, saveVsBreath: 16, heightFt: 9, weightLb: 600 } },
    percentile: { profile: { hitDice: { dice: 4, adjustment: 1 }, strength: { score: 18 }, dexterity: 10, speed: 90 }, sources: { strength: "default" } },
  },
  {
    // Griffon: flies (fly 30), 2 claws + 1 bite = 3 attacks (first 1d4), HD 7, Int "Semi-".
    file: "griffon.json",
    "d12-holds": { profile: { flight: "wings", attacksPerRound: 3, movement: 12, intelligence: "semi", toHit: { kind: "thac0", thac0: 13 }, normalAc: 3 } },
    "grapple-die": { profile: { hitDice: 7, hitDicePlus: 0, readiedAttack: { kind: "natural", lengthFt: 0, damage: { count: 1, sides: 4 }, damageBonus: 0, toHitBonus: 0 }, saveVsBreath: 12 } },
    percentile: { profile: { hitDice: { dice: 7, adjustment: 0 }, speed: 120 } },
  },
  {
    // An empty `system`, token 3 squares: VL, every other value filled in.
    file: "missing-fields.json",
    "d12-holds": { profile: { size: "VL", toHit: { kind: "thac0", thac0: 19 }, armor: { type: "none", plus: 0 } }, sources: { size: "default", armor: "default" } },
    "grapple-die": { profile: { heightFt: 15, weightLb: 4000, ac: 10 } },
    percentile: { profile: { strength: { score: 20 }, height: 180, weight: 4000 }, sources: { strength: "default" } },
  },
];
