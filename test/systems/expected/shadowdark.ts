/**
 * Shadowdark fixtures (monsters and quickstart pregens from Muttley/foundryvtt-shadowdark@cf357e3
 * data/packs, as Export Data writes them), worked out by hand with the stated readings: AC
 * ascending from 10, descending = 20 - AC (held to 10 at most); a player's export AC as
 * `_calcArmorClass` sums it (the best worn armour's base + its ability's modifier + modifier, plus
 * each worn armour without a base, a shield's +2; unarmoured 10 + Dex modifier); the modifier
 * floor((score - 10) / 2), held to ±4; an NPC's Strength and Dexterity from its modifier, the lowest
 * score with it (10 + 2 × mod); the Dex AC adjustment is minus the modifier (AD&D's sign); a move of
 * near 30 ft = 12", double near 60 ft = 24"; an NPC's level is its hit dice; attacks a round the
 * sum of its melee ("close") NPC Attack items' `attack.num`; THAC0 = 20 - the first melee
 * attack's bonus (players 20); size from the token (2 squares L, 3 VL, half a square S) or a
 * player's ancestry (halfling S, dwarf and elf M).
 */
import type { FixtureExpectation } from "./types.ts";

export const SHADOWDARK: readonly FixtureExpectation[] = [
  {
    // Ogre: token 2 (L); S +4 = 18, D -1 = 8 (adjustment +1); AC 9 = descending 11, held to 10;
    // near 12"; 2 greatclub +6 (2d6): 2 attacks, a wielded weapon, THAC0 14; level 6 = 6 HD.
    file: "ogre.json",
    "d12-holds": { profile: { kind: "monster", size: "L", strength: { score: 18 }, dexAcAdjustment: 1, normalAc: 10, movement: 12, attacksPerRound: 2, toHit: { kind: "thac0", thac0: 14 } }, sources: { size: "default", strength: "sheet", attacksPerRound: "sheet", normalAc: "sheet" } },
    "grapple-die": { profile: { hitDice: 6, hitDicePlus: 0, ac: 10, readiedAttack: { kind: "weapon", lengthFt: 3, damage: { count: 2, sides: 6 }, damageBonus: 0, toHitBonus: 0 } } },
    percentile: { profile: { hitDice: { dice: 6, adjustment: 0 }, strength: { score: 18 }, dexterity: 8, speed: 120 } },
  },
  {
    // Troll: L; S +3 = 16, D +2 = 14 (-2); AC 12 = 8; 2 claw and 1 bite +4: 3 attacks, the first
    // Claw 1d6; THAC0 16; level 5.
    file: "troll.json",
    "d12-holds": { profile: { size: "L", strength: { score: 16 }, dexAcAdjustment: -2, normalAc: 8, naturalAc: { ac: 8, basis: "toughness" }, attacksPerRound: 3, toHit: { kind: "thac0", thac0: 16 } } },
    "grapple-die": { profile: { hitDice: 5, ac: 8, readiedAttack: { kind: "natural", lengthFt: 0, damage: { count: 1, sides: 6 }, damageBonus: 0, toHitBonus: 0 } } },
    percentile: { profile: { hitDice: { dice: 5, adjustment: 0 }, strength: { score: 16 }, dexterity: 14 } },
  },
  {
    // Brown bear: L; S +4 = 18, D +1 = 12 (-1); AC 13 = 7; 2 claw +4 (1d8): 2; THAC0 16; level 5.
    file: "bear-brown.json",
    "d12-holds": { profile: { size: "L", strength: { score: 18 }, dexAcAdjustment: -1, normalAc: 7, movement: 12, attacksPerRound: 2, toHit: { kind: "thac0", thac0: 16 } } },
    "grapple-die": { profile: { hitDice: 5, ac: 7, readiedAttack: { kind: "natural", lengthFt: 0, damage: { count: 1, sides: 8 }, damageBonus: 0, toHitBonus: 0 } } },
    percentile: { profile: { strength: { score: 18 }, dexterity: 12, speed: 120 } },
  },
  {
    // Giant rat: half-square token (S); S -2 = 6; AC 11 = 9; 1 bite +1 (1d4): THAC0 19; level 1.
    file: "rat-giant.json",
    "d12-holds": { profile: { size: "S", strength: { score: 6 }, normalAc: 9, attacksPerRound: 1, toHit: { kind: "thac0", thac0: 19 } } },
    "grapple-die": { profile: { hitDice: 1, ac: 9, heightFt: 3.5, weightLb: 60, readiedAttack: { kind: "natural", lengthFt: 0, damage: { count: 1, sides: 4 }, damageBonus: 0, toHitBonus: 0 } } },
    percentile: { profile: { size: "S", strength: { score: 6 } } },
  },
  {
    // Fire dragon: token 3 (VL); S +6 = 22, D +5 = 20 (-5); AC 18 = 2; double near 60 ft = 24",
    // moveNote "fly": a flyer; 4 rend +11 (2d12) (its breath is a special attack, not melee):
    // 4 attacks, THAC0 9; level 17.
    file: "dragon-fire.json",
    "d12-holds": { profile: { size: "VL", strength: { score: 22 }, dexAcAdjustment: -5, normalAc: 2, movement: 24, flight: "wings", attacksPerRound: 4, toHit: { kind: "thac0", thac0: 9 } } },
    "grapple-die": { profile: { hitDice: 17, ac: 2, readiedAttack: { kind: "natural", lengthFt: 0, damage: { count: 2, sides: 12 }, damageBonus: 0, toHitBonus: 0 } } },
    percentile: { profile: { size: "VL", strength: { score: 22 }, dexterity: 20, speed: 240 } },
  },
  {
    // Goblin: token 1 (M); S 0 = 10, D +1 = 12; AC 11 = 9; 1 club +0 (1d4) or a shortbow (far, not
    // melee): 1 attack, a club (a weapon); THAC0 20; level 1.
    file: "goblin.json",
    "d12-holds": { profile: { size: "M", strength: { score: 10 }, normalAc: 9, attacksPerRound: 1, toHit: { kind: "thac0", thac0: 20 } } },
    "grapple-die": { profile: { hitDice: 1, ac: 9, readiedAttack: { kind: "weapon", lengthFt: 3, damage: { count: 1, sides: 4 }, damageBonus: 0, toHitBonus: 0 } } },
    percentile: { profile: { strength: { score: 10 }, dexterity: 12 } },
  },
  {
    // Gelatinous cube: L; S +3 = 16; AC 11 = 9; 1 touch +4 (1d8): THAC0 16; level 5.
    file: "gelatinous-cube.json",
    "d12-holds": { profile: { size: "L", strength: { score: 16 }, normalAc: 9, attacksPerRound: 1, toHit: { kind: "thac0", thac0: 16 } } },
    "grapple-die": { profile: { hitDice: 5, ac: 9, readiedAttack: { kind: "natural", lengthFt: 0, damage: { count: 1, sides: 8 }, damageBonus: 0, toHitBonus: 0 } } },
    percentile: { profile: { hitDice: { dice: 5, adjustment: 0 } } },
  },
  {
    // Jorbin (dwarf fighter 1): M from the Dwarf ancestry; Str 15, Dex 10 (0); chainmail 13 + 0,
    // shield +2: AC 15 (the pregen's stored 15 agrees), descending 5; fighter (-2); THAC0 20;
    // near 12".
    file: "jorbin-dwarf-fighter.json",
    "d12-holds": { profile: { kind: "character", size: "M", strength: { score: 15 }, dexAcAdjustment: 0, armor: { type: "chain", plus: 0 }, shield: { plus: 0 }, normalAc: 5, movement: 12, toHit: { kind: "thac0", thac0: 20 } }, sources: { size: "sheet", normalAc: "sheet" } },
    "grapple-die": { profile: { playerCharacter: true, hitDice: 1, ac: 5, shieldAc: 1, nonProficiencyPenalty: -2 } },
    percentile: { profile: { classGroup: "fighter", level: 1, strength: { score: 15 }, dexterity: 10, armor: { ad: 5, magic: 0 }, shield: { plus: 0 } }, sources: { classGroup: "sheet" } },
  },
  {
    // Ralina (halfling thief 1): S from the Halfling ancestry on a 1×1 token; Dex 17 (+3, AD&D
    // sign -3); leather 11 + 3 = 14 (stored 14), descending 6; thief (-3).
    file: "ralina-halfling-thief.json",
    "d12-holds": { profile: { size: "S", dexAcAdjustment: -3, armor: { type: "leather", plus: 0 }, shield: null, normalAc: 6 }, sources: { size: "sheet" } },
    "grapple-die": { profile: { ac: 6, nonProficiencyPenalty: -3, heightFt: 3.5, weightLb: 60 } },
    percentile: { profile: { size: "S", classGroup: "thief", level: 1, dexterity: 17, dexAcBonus: 3 } },
  },
  {
    // Yriel (elf fighter 1): M; Dex 12 (+1, -1); chainmail 13 + 1 and shield +2 = 16 (stored 16),
    // descending 4; fighter.
    file: "yriel-elf-fighter.json",
    "d12-holds": { profile: { size: "M", dexAcAdjustment: -1, armor: { type: "chain", plus: 0 }, normalAc: 4 } },
    "grapple-die": { profile: { ac: 4, nonProficiencyPenalty: -2 } },
    percentile: { profile: { classGroup: "fighter", level: 1, dexterity: 12 } },
  },
];
