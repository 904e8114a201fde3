/**
 * OSE fixtures, worked out by hand. OSE keeps no size (every size is the token's: ≤ 0.5 square
 * S, 1 M, 2 L); Dex modifier 13-15 +1, 16-17 +2, 9-12 0 (a bonus: the AD&D-sign adjustment is its
 * negative); character AC as OSE works it: the first worn armour's AC (or 9) - the first shield's
 * bonus - Dex modifier; armour Defense for percentile from the AD&D table by kind (leather 8,
 * chain 5, plate 3); movement 120' = 12"; monsters keep stat-block AC and HD text, and their attacks
 * are their weapon items: the routine (a pattern colour, or the uncoloured weapons together) with
 * the most attacks, each weapon counting its `counter.max`; damage from that routine's first weapon.
 * Stats are the OSE SRD's.
 */
import type { FixtureExpectation } from "./types.ts";

export const OSE: readonly FixtureExpectation[] = [
  {
    // Chain mail (AC 5), shield (bonus 1), Dex 13 (+1): 5 - 1 - 1 = 3. Fighter 3 saves B15.
    file: "fighter-chain.json",
    "d12-holds": {
      profile: { kind: "character", size: "M", strength: { score: 17 }, dexAcAdjustment: -1, armor: { type: "chain", plus: 0 }, shield: { plus: 0 }, magicProtection: 0, normalAc: 3, movement: 12, intelligence: "average", toHit: { kind: "thac0", thac0: 17 } },
      sources: { size: "default", normalAc: "sheet", armor: "sheet", movement: "sheet", attacksPerRound: "default" },
    },
    "grapple-die": {
      profile: { ac: 3, shieldAc: 1, hitDice: 3, armor: { type: "chain", helm: false }, saveVsBreath: 15, nonProficiencyPenalty: -2, heightFt: 5.83, weightLb: 170 },
      sources: { heightFt: "default", saveVsBreath: "sheet" },
    },
    percentile: { profile: { classGroup: "fighter", level: 3, armor: { ad: 5, magic: 0 }, shield: { plus: 0 }, dexAcBonus: 1, speed: 120, height: 70 } },
  },
  {
    // The same fighter in an ascending-AC world: armour AAC 14 is AC 5, the shield's AAC bonus 1;
    // the descending fields hold OSE's initial 9s and must not be read.
    file: "fighter-ascending.json",
    settings: { ascendingAC: true },
    "d12-holds": { profile: { armor: { type: "chain", plus: 0 }, shield: { plus: 0 }, dexAcAdjustment: -1, normalAc: 3 } },
    "grapple-die": { profile: { ac: 3, shieldAc: 1 } },
    percentile: { profile: { armor: { ad: 5, magic: 0 }, shield: { plus: 0 } } },
  },
  {
    // Plate mail +1 (AC 2: plate 3 less its +1), shield +1 (bonus 2), Dex 9 (0): 2 - 2 = 0.
    // The ring of protection +1 is magic protection (OSE's own AC leaves it to the GM's modifier).
    // Cleric 5 saves B14; 60' = 6".
    file: "cleric-magic-arms.json",
    "d12-holds": {
      profile: { armor: { type: "plate", plus: 1 }, shield: { plus: 1 }, magicProtection: 1, normalAc: 0, movement: 6, toHit: { kind: "thac0", thac0: 17 }, intelligence: "very", dexAcAdjustment: 0 },
    },
    "grapple-die": { profile: { ac: 0, shieldAc: 2, armor: { type: "plate", helm: false }, hitDice: 5, saveVsBreath: 14, nonProficiencyPenalty: -3 } },
    percentile: { profile: { classGroup: "cleric", level: 5, armor: { ad: 3, magic: 1 }, shield: { plus: 1 }, magicProtection: 1, speed: 60, dexAcBonus: 0 } },
  },
  {
    // Leather (AC 7), Dex 16 (+2): 7 - 2 = 5. Thief 2 saves B16.
    file: "thief-leather.json",
    "d12-holds": { profile: { armor: { type: "leather", plus: 0 }, shield: null, normalAc: 5, dexAcAdjustment: -2 } },
    "grapple-die": { profile: { ac: 5, shieldAc: 0, hitDice: 2, nonProficiencyPenalty: -3, saveVsBreath: 16 } },
    percentile: { profile: { armor: { ad: 8, magic: 0 }, dexAcBonus: 2, classGroup: "thief", level: 2 } },
  },
  {
    // Nothing worn, Dex 14 (+1): 9 - 1 = 8. Int 17 genius.
    file: "magic-user.json",
    "d12-holds": { profile: { armor: { type: "none", plus: 0 }, normalAc: 8, intelligence: "genius" }, sources: { armor: "sheet" } },
    "grapple-die": { profile: { ac: 8, nonProficiencyPenalty: -5, hitDice: 1 } },
    percentile: { profile: { armor: null, dexAcBonus: 1, level: 1, classGroup: "magicUser" } },
  },
  {
    // Goblin: HD "1-1", AC 6, one uncoloured "Weapon" item (1d6, counter 1: a wielded weapon),
    // 60' = 6", THAC0 19, saves as a normal human (B17).
    file: "goblin.json",
    "d12-holds": {
      // OSE's weapon model (tags, range short/medium/long, melee) keeps no reach: 0, filled in.
      profile: { size: "M", armor: { type: "none", plus: 0 }, naturalAc: { ac: 6, basis: "toughness" }, normalAc: 6, movement: 6, attacksPerRound: 1, intelligence: "average", toHit: { kind: "thac0", thac0: 19 }, holdReach: 0 },
      sources: { size: "default", attacksPerRound: "sheet", intelligence: "default", holdReach: "default" },
      absent: ["strength"],
    },
    "grapple-die": {
      profile: { hitDice: 1, hitDicePlus: -1, ac: 6, readiedAttack: { kind: "weapon", lengthFt: 3, damage: { count: 1, sides: 6 }, damageBonus: 0, toHitBonus: 0 }, saveVsBreath: 17, heightFt: 5.83 },
      sources: { readiedAttack: "default", saveVsBreath: "sheet" },
    },
    percentile: { profile: { hitDice: { dice: 1, adjustment: -1 }, strength: { score: 10 }, dexterity: 10, speed: 60 }, sources: { strength: "default" } },
  },
  {
    // Ogre: token 2 squares (L), HD "4+1", AC 5, a green-pattern club 1d10 ×1, 90' = 9", B15.
    file: "ogre.json",
    "d12-holds": { profile: { size: "L", naturalAc: { ac: 5, basis: "toughness" }, normalAc: 5, movement: 9, attacksPerRound: 1, toHit: { kind: "thac0", thac0: 15 } }, sources: { size: "default" } },
    "grapple-die": { profile: { hitDice: 4, hitDicePlus: 1, readiedAttack: { kind: "weapon", lengthFt: 3, damage: { count: 1, sides: 10 }, damageBonus: 0, toHitBonus: 0 }, heightFt: 9, weightLb: 600, saveVsBreath: 15 } },
    percentile: { profile: { strength: { score: 18 }, hitDice: { dice: 4, adjustment: 1 }, speed: 90 } },
  },
  {
    // Grizzly: the red pattern, Claw ×2 (1d8) and Bite ×1 (1d10): 3 attacks; the first as OSE
    // lists a monster's weapons (by name), Bite 1d10.
    // HD "5", THAC0 15.
    file: "grizzly-bear.json",
    "d12-holds": { profile: { attacksPerRound: 3, movement: 12, toHit: { kind: "thac0", thac0: 15 } }, sources: { attacksPerRound: "sheet" } },
    "grapple-die": { profile: { hitDice: 5, hitDicePlus: 0, readiedAttack: { kind: "natural", lengthFt: 0, damage: { count: 1, sides: 10 }, damageBonus: 0, toHitBonus: 0 } }, sources: { readiedAttack: "sheet" } },
    percentile: { profile: { hitDice: { dice: 5, adjustment: 0 } } },
  },
  {
    // Minotaur: red pattern Gore ×1 + Bite ×1 (2 attacks), or blue Weapon ×1 (1d6+2): the red
    // routine, 2 attacks; the first by name, Bite 1d6. HD 6, THAC0 14, B13.
    file: "minotaur.json",
    "d12-holds": { profile: { size: "L", attacksPerRound: 2, toHit: { kind: "thac0", thac0: 14 } } },
    "grapple-die": { profile: { hitDice: 6, saveVsBreath: 13, readiedAttack: { kind: "natural", lengthFt: 0, damage: { count: 1, sides: 6 }, damageBonus: 0, toHitBonus: 0 } } },
    percentile: { profile: { hitDice: { dice: 6, adjustment: 0 } } },
  },
  {
    // Giant rat: half-square token (S), HD "½" (no whole die), Bite ×1 (1d3).
    file: "giant-rat.json",
    "d12-holds": { profile: { size: "S", normalAc: 7, naturalAc: { ac: 7, basis: "toughness" }, toHit: { kind: "thac0", thac0: 19 }, attacksPerRound: 1 } },
    "grapple-die": { profile: { hitDice: 0, hitDicePlus: 0, readiedAttack: { kind: "natural", lengthFt: 0, damage: { count: 1, sides: 3 }, damageBonus: 0, toHitBonus: 0 }, heightFt: 3.5, weightLb: 60 } },
    percentile: { profile: { hitDice: { dice: 0, adjustment: 0 }, strength: { score: 8 }, height: 42, weight: 60 } },
  },
  {
    // Nothing but hit points and an empty item list, no token: M assumed, nothing worn, AC 10
    // from the pieces, 1 HD and THAC0 19.
    file: "missing-fields.json",
    "d12-holds": {
      profile: { size: "M", armor: { type: "none", plus: 0 }, toHit: { kind: "thac0", thac0: 19 }, movement: 12, attacksPerRound: 1 },
      sources: { size: "default", armor: "sheet", toHit: "default", movement: "default", attacksPerRound: "default" },
    },
    "grapple-die": { profile: { ac: 10, hitDice: 1 }, sources: { ac: "default", hitDice: "default" } },
    percentile: { profile: { strength: { score: 10 } }, sources: { strength: "default" } },
  },
  {
    // Troll (OSE SRD: AC 4, HD 6+3, 2 × claw 1d6, 1 × bite 1d10, THAC0 13, 120'), its weapons made
    // with the monster sheet's "+" button: melee false (the data model's initial), no pattern. A
    // monster's weapon is rolled as an attack whatever that flag: Claw ×2 + Bite ×1 = 3 attacks;
    // the first by name, Bite 1d10.
    file: "troll-plus-weapons.json",
    "d12-holds": { profile: { size: "L", attacksPerRound: 3, normalAc: 4, movement: 12, toHit: { kind: "thac0", thac0: 13 } }, sources: { attacksPerRound: "sheet" } },
    "grapple-die": { profile: { hitDice: 6, hitDicePlus: 3, readiedAttack: { kind: "natural", lengthFt: 0, damage: { count: 1, sides: 10 }, damageBonus: 0, toHitBonus: 0 }, saveVsBreath: 13 }, sources: { readiedAttack: "sheet" } },
    percentile: { profile: { hitDice: { dice: 6, adjustment: 3 }, speed: 120 } },
  },
  {
    // Elf 3 (OSE race-as-class): fights on the fighter's table with any weapon, casts as a
    // magic-user: fighter/magic-user, fighter first (non-proficiency -2, not a magic-user's -5).
    // Chain 5, shield 1, Dex 14 (+1): AC 5 - 1 - 1 = 3. 1×1 token: M.
    file: "elf.json",
    "d12-holds": { profile: { size: "M", normalAc: 3, toHit: { kind: "thac0", thac0: 19 } } },
    "grapple-die": { profile: { hitDice: 3, ac: 3, nonProficiencyPenalty: -2 }, sources: { nonProficiencyPenalty: "sheet" } },
    percentile: { profile: { classGroup: "fighter", level: 3, secondClass: { group: "magicUser", level: 3 } }, sources: { classGroup: "sheet", secondClass: "sheet" } },
  },
  {
    // Dwarf 2: a fighter (non-proficiency -2); chain 5, shield 1, Dex 9 (0): AC 4.
    file: "dwarf.json",
    "d12-holds": { profile: { normalAc: 4 } },
    "grapple-die": { profile: { hitDice: 2, ac: 4, nonProficiencyPenalty: -2 } },
    percentile: { profile: { classGroup: "fighter", level: 2 }, absent: ["secondClass"] },
  },
  {
    // Halfling 1 on a 1×1 token: small from the class (OSE keeps no size), not M from the token;
    // a fighter (-2). Leather 7, Dex 15 (+1): AC 6.
    file: "halfling.json",
    "d12-holds": { profile: { size: "S", normalAc: 6 }, sources: { size: "sheet" } },
    "grapple-die": { profile: { hitDice: 1, ac: 6, nonProficiencyPenalty: -2, heightFt: 3.5, weightLb: 60 } },
    percentile: { profile: { size: "S", classGroup: "fighter", level: 1 } },
  },
];
