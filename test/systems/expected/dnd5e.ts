/**
 * dnd5e fixtures (real SRD actors), worked out by hand with the stated readings: descending AC
 * = 20 - dnd5e AC; dnd5e AC from worn armour (light + Dex modifier, medium + at most 2, heavy +0)
 * plus shield 2 and magic, or the natural/flat value; 30 ft = 12" (ft × 12 / 30); THAC0 = 20 -
 * proficiency (CR under 5 and level 1-4: 2); hit dice = the dice of the hit-point formula; Dex AC
 * adjustment from the AD&D table by score; armour Defense from the AD&D table by kind.
 */
import type { FixtureExpectation } from "./types.ts";

export const DND5E: readonly FixtureExpectation[] = [
  {
    // Goblin: sm (S), leather 11 + Dex 14 (+2) + shield 2 = 15, descending 5; 2d6 (2 HD); CR 1/4.
    file: "goblin.json",
    "d12-holds": {
      profile: { kind: "monster", size: "S", strength: { score: 8 }, dexAcAdjustment: 0, armor: { type: "leather", plus: 0 }, shield: { plus: 0 }, normalAc: 5, movement: 12, toHit: { kind: "thac0", thac0: 18 }, intelligence: "average", attacksPerRound: 1 },
      sources: { size: "sheet", normalAc: "sheet", attacksPerRound: "default" },
      absent: ["naturalAc"],
    },
    "grapple-die": {
      profile: { hitDice: 2, hitDicePlus: 0, ac: 5, shieldAc: 1, armor: { type: "leather", helm: false }, readiedAttack: null, saveVsBreath: 17, heightFt: 3.5, weightLb: 60 },
      sources: { saveVsBreath: "default", readiedAttack: "default" },
    },
    percentile: { profile: { hitDice: { dice: 2, adjustment: 0 }, armor: { ad: 8, magic: 0 }, shield: { plus: 0 }, strength: { score: 8 }, dexterity: 14, dexAcBonus: 0, speed: 120, height: 42, weight: 60 } },
  },
  {
    // Ogre: lg (L), hide 12 + Dex 8 (-1, medium) = 11, descending 9; 40 ft = 16"; 7d10 + 21 (7 HD).
    file: "ogre.json",
    "d12-holds": { profile: { size: "L", strength: { score: 19 }, armor: { type: "scale", plus: 0 }, normalAc: 9, movement: 16, intelligence: "low", toHit: { kind: "thac0", thac0: 18 } } },
    "grapple-die": { profile: { hitDice: 7, hitDicePlus: 0, ac: 9, armor: { type: "scale", helm: false }, readiedAttack: null, heightFt: 9, weightLb: 600 } },
    percentile: { profile: { hitDice: { dice: 7, adjustment: 0 }, armor: { ad: 6, magic: 0 }, strength: { score: 19 }, speed: 160 } },
  },
  {
    // Knight: plate 18 (heavy, no Dex), no shield: descending 2; 8d8 + 16; Int 11 very.
    file: "knight.json",
    "d12-holds": { profile: { armor: { type: "plate", plus: 0 }, shield: null, normalAc: 2, toHit: { kind: "thac0", thac0: 18 }, intelligence: "very", strength: { score: 16 } } },
    "grapple-die": { profile: { ac: 2, shieldAc: 0, hitDice: 8, armor: { type: "plate", helm: false } } },
    percentile: { profile: { armor: { ad: 3, magic: 0 }, hitDice: { dice: 8, adjustment: 0 } } },
  },
  {
    // Hobgoblin: chain mail 16 + shield 2 = 18: descending 2; 2d8 + 2.
    file: "hobgoblin.json",
    "d12-holds": { profile: { armor: { type: "chain", plus: 0 }, shield: { plus: 0 }, normalAc: 2 } },
    "grapple-die": { profile: { ac: 2, shieldAc: 1, hitDice: 2, hitDicePlus: 0 } },
    percentile: { profile: { armor: { ad: 5, magic: 0 }, shield: { plus: 0 } } },
  },
  {
    // Brown bear: natural AC 11 (descending 9), bite and claws (2 natural weapons: 2 attacks,
    // first 1d8), Int 2 (semi-), 40 ft = 16".
    file: "brown-bear.json",
    "d12-holds": {
      profile: { size: "L", strength: { score: 19 }, armor: { type: "none", plus: 0 }, naturalAc: { ac: 9, basis: "toughness" }, normalAc: 9, movement: 16, attacksPerRound: 2, intelligence: "semi", toHit: { kind: "thac0", thac0: 18 } },
      sources: { attacksPerRound: "sheet", naturalAc: "default" },
    },
    "grapple-die": { profile: { hitDice: 4, hitDicePlus: 0, ac: 9, readiedAttack: { kind: "natural", lengthFt: 0, damage: { count: 1, sides: 8 }, damageBonus: 0, toHitBonus: 0 } }, sources: { readiedAttack: "sheet" } },
    percentile: { profile: { hitDice: { dice: 4, adjustment: 0 }, armor: null, speed: 160 } },
  },
  {
    // Giant spider: natural 14 (descending 6), Dex 16 (-2 on the AD&D table), one bite 1d8.
    file: "giant-spider.json",
    "d12-holds": { profile: { dexAcAdjustment: -2, normalAc: 6, naturalAc: { ac: 6, basis: "toughness" }, movement: 12, attacksPerRound: 1, intelligence: "semi" } },
    "grapple-die": { profile: { ac: 6, dexAcAdjustment: -2, readiedAttack: { kind: "natural", lengthFt: 0, damage: { count: 1, sides: 8 }, damageBonus: 0, toHitBonus: 0 } } },
    percentile: { profile: { dexterity: 16, dexAcBonus: 2, hitDice: { dice: 4, adjustment: 0 } } },
  },
  {
    // Randal: fighter 1 (from the class item), chain mail 16 + shield 2 = 18 (descending 2),
    // speed from his race item (30 ft = 12"), proficiency 2 at level 1: THAC0 18.
    file: "randal-human-fighter.json",
    "d12-holds": {
      profile: { kind: "character", armor: { type: "chain", plus: 0 }, shield: { plus: 0 }, normalAc: 2, movement: 12, toHit: { kind: "thac0", thac0: 18 }, monkLevel: 0, strength: { score: 16 }, attacksPerRound: 1 },
      sources: { movement: "sheet", toHit: "sheet" },
    },
    "grapple-die": { profile: { playerCharacter: true, hitDice: 1, ac: 2, shieldAc: 1, nonProficiencyPenalty: -2, heightFt: 5.83, weightLb: 170 }, sources: { heightFt: "default" } },
    percentile: { profile: { classGroup: "fighter", level: 1, armor: { ad: 5, magic: 0 }, shield: { plus: 0 }, speed: 120 } },
  },
  {
    // Perrin: monk 1 (a cleric for percentile), unarmoured 10 + Dex 16 (+3) + Wis 15 (+2) = 15:
    // descending 5; halfling 25 ft = 10"; Dex 16 is -2 on the AD&D table.
    file: "perrin-halfling-monk.json",
    "d12-holds": { profile: { size: "S", strength: { score: 8 }, dexAcAdjustment: -2, armor: { type: "none", plus: 0 }, shield: null, normalAc: 5, movement: 10, monkLevel: 1, toHit: { kind: "thac0", thac0: 18 }, intelligence: "very" } },
    "grapple-die": { profile: { ac: 5, hitDice: 1, nonProficiencyPenalty: -3, heightFt: 3.5, weightLb: 60 } },
    percentile: { profile: { classGroup: "cleric", level: 1, dexAcBonus: 2, speed: 100, height: 42, weight: 60 } },
  },
  {
    // Merric: barbarian 1, unarmoured 10 + Dex 14 (+2) + Con 15 (+2) = 14: descending 6; 25 ft = 10".
    file: "merric-halfling-barbarian.json",
    "d12-holds": { profile: { size: "S", strength: { score: 14 }, armor: { type: "none", plus: 0 }, normalAc: 6, movement: 10, monkLevel: 0 } },
    "grapple-die": { profile: { ac: 6, nonProficiencyPenalty: -2 } },
    percentile: { profile: { classGroup: "fighter", level: 1, speed: 100 } },
  },
  {
    // Randal with chain mail +1, shield +1, ring of protection +1 and a helmet: 16 + 1 + 2 + 1 =
    // 20, descending 0 (the ring is not in dnd5e's own sum); 5'10" = 70 in, 180 lb.
    file: "randal-magic-arms.json",
    "d12-holds": { profile: { armor: { type: "chain", plus: 1 }, shield: { plus: 1 }, magicProtection: 1, normalAc: 0 } },
    "grapple-die": { profile: { ac: 0, shieldAc: 2, armor: { type: "chain", helm: true }, heightFt: 5.83, weightLb: 180 }, sources: { heightFt: "sheet", weightLb: "sheet" } },
    percentile: { profile: { armor: { ad: 5, magic: 1 }, shield: { plus: 1 }, helmet: true, magicProtection: 1, height: 70, weight: 180 } },
  },
  {
    // The ogre with no size, items, speed or formula: token 2 squares (L); AC 10 and 12" and 1 HD
    // filled in; THAC0 19 from that 1 HD.
    file: "ogre-bare.json",
    "d12-holds": {
      profile: { size: "L", strength: { score: 19 }, armor: { type: "none", plus: 0 }, movement: 12, toHit: { kind: "thac0", thac0: 19 } },
      sources: { size: "default", strength: "sheet", armor: "default", movement: "default", toHit: "default" },
    },
    "grapple-die": { profile: { ac: 10, hitDice: 1 }, sources: { ac: "default", hitDice: "default" } },
    percentile: { profile: { strength: { score: 19 }, hitDice: { dice: 1, adjustment: 0 } }, sources: { strength: "sheet", hitDice: "default" } },
  },
];
