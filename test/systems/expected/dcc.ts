/**
 * DCC fixtures. DCC's repository (foundryvtt-dcc/dcc@78a6227) ships no monsters or classes, so
 * every actor is built on its data model with project-made stat lines (see fixtures/README.md).
 * Worked out by hand with the stated readings: AC ascending from 10, descending = 20 - AC; a
 * player's export AC as DCC's prepareDerivedData sums it with computeAC (10 + Agility modifier +
 * each worn armour's bonus + ac.otherMod), else the stored value; an NPC's AC its value +
 * ac.otherMod; DCC's ability modifiers (13-15 +1, 16-17 +2, 9-12 0, 6-8 -1), the AD&D sign for the
 * Dex adjustment; speed in feet a round, 30' = 12"; attacks a round = the action dice; THAC0 =
 * 20 - the first melee weapon's to-hit (a player's fixed attack bonus; a deed die is none); hit
 * dice from the dice text ("4d8+4": 4 HD +4); an NPC's untouched 10s are no scores; elf a
 * fighter/magic-user, halfling a small fighter, warrior fighter, thief thief, wizard magic-user.
 */
import type { FixtureExpectation } from "./types.ts";

export const DCC: readonly FixtureExpectation[] = [
  {
    // Orc: token 1 (M); AC 12 = 8; HD 1d8 = 1; 30' = 12"; one action die; spear +1 (1d8), a
    // weapon: THAC0 19 (the shortbow has a range and is left out).
    file: "orc.json",
    "d12-holds": { profile: { kind: "monster", size: "M", normalAc: 8, movement: 12, attacksPerRound: 1, toHit: { kind: "thac0", thac0: 19 } }, absent: ["strength"], sources: { attacksPerRound: "sheet", normalAc: "sheet" } },
    "grapple-die": { profile: { hitDice: 1, hitDicePlus: 0, ac: 8, readiedAttack: { kind: "weapon", lengthFt: 3, damage: { count: 1, sides: 8 }, damageBonus: 0, toHitBonus: 0 } } },
    percentile: { profile: { hitDice: { dice: 1, adjustment: 0 }, speed: 120 }, sources: { strength: "default" } },
  },
  {
    // Ogre: token 2 (L); AC 15 = 5; HD 4d8+4: 4 HD +4; two action dice "1d20,1d20": 2 attacks;
    // club +6 (2d6): THAC0 14.
    file: "ogre.json",
    "d12-holds": { profile: { size: "L", normalAc: 5, attacksPerRound: 2, toHit: { kind: "thac0", thac0: 14 } } },
    "grapple-die": { profile: { hitDice: 4, hitDicePlus: 4, ac: 5, readiedAttack: { kind: "weapon", lengthFt: 3, damage: { count: 2, sides: 6 }, damageBonus: 0, toHitBonus: 0 } } },
    percentile: { profile: { hitDice: { dice: 4, adjustment: 4 } } },
  },
  {
    // Giant spider: L; AC 14 = 6; HD 3d8; 40' = 16"; its bite keeps DCC's initial melee false but
    // has no range, so it is a melee attack: 1d6, +3, THAC0 17.
    file: "giant-spider.json",
    "d12-holds": { profile: { size: "L", normalAc: 6, movement: 16, attacksPerRound: 1, toHit: { kind: "thac0", thac0: 17 } } },
    "grapple-die": { profile: { hitDice: 3, ac: 6, readiedAttack: { kind: "natural", lengthFt: 0, damage: { count: 1, sides: 6 }, damageBonus: 0, toHitBonus: 0 } } },
    percentile: { profile: { hitDice: { dice: 3, adjustment: 0 }, speed: 160 } },
  },
  {
    // Dragon: token 3 (VL); AC 20 + otherMod 2 = 22 (added in preparation), descending -2; HD 10d12;
    // 40' = 16", flies 60'; action dice "1d20,1d20,1d16": 3; claw +10 (1d8): THAC0 10.
    file: "dragon.json",
    "d12-holds": { profile: { size: "VL", normalAc: -2, movement: 16, flight: "wings", attacksPerRound: 3, toHit: { kind: "thac0", thac0: 10 } } },
    "grapple-die": { profile: { hitDice: 10, ac: -2, readiedAttack: { kind: "natural", lengthFt: 0, damage: { count: 1, sides: 8 }, damageBonus: 0, toHitBonus: 0 } } },
    percentile: { profile: { size: "VL", speed: 160 } },
  },
  {
    // Warrior 3: Str 16, Agl 13 (+1, AD&D sign -1); chainmail +5 and shield +1 worn (the carried
    // leather not): AC 10 + 1 + 6 = 17, descending 3; a deed die "+d5" is no fixed bonus: THAC0 20.
    file: "warrior.json",
    "d12-holds": { profile: { kind: "character", size: "M", strength: { score: 16 }, dexAcAdjustment: -1, armor: { type: "chain", plus: 0 }, shield: { plus: 0 }, normalAc: 3, movement: 12, toHit: { kind: "thac0", thac0: 20 } }, sources: { normalAc: "sheet", strength: "sheet" } },
    "grapple-die": { profile: { playerCharacter: true, hitDice: 3, ac: 3, shieldAc: 1, nonProficiencyPenalty: -2 } },
    percentile: { profile: { classGroup: "fighter", level: 3, strength: { score: 16 }, dexterity: 13, armor: { ad: 5, magic: 0 } } },
  },
  {
    // Elf 2: a fighter/magic-user, fighter first; Agl 15 (+1): mithril chainmail +5: AC 16 = 4;
    // attack bonus +1: THAC0 19.
    file: "elf.json",
    "d12-holds": { profile: { normalAc: 4, dexAcAdjustment: -1, toHit: { kind: "thac0", thac0: 19 } } },
    "grapple-die": { profile: { hitDice: 2, ac: 4, nonProficiencyPenalty: -2 } },
    percentile: { profile: { classGroup: "fighter", level: 2, secondClass: { group: "magicUser", level: 2 } }, sources: { classGroup: "sheet", secondClass: "sheet" } },
  },
  {
    // Halfling 1 on a 1×1 token: small from its class; Agl 16 (+2): leather +2: AC 14 = 6; 20' = 8".
    file: "halfling.json",
    "d12-holds": { profile: { size: "S", dexAcAdjustment: -2, armor: { type: "leather", plus: 0 }, normalAc: 6, movement: 8 }, sources: { size: "sheet" } },
    "grapple-die": { profile: { ac: 6, nonProficiencyPenalty: -2, heightFt: 3.5, weightLb: 60 } },
    percentile: { profile: { size: "S", classGroup: "fighter", level: 1, speed: 80 } },
  },
  {
    // Wizard 1 with computeAC off: the stored AC 11 = 9; Str 7; magic-user (-5).
    file: "wizard.json",
    "d12-holds": { profile: { strength: { score: 7 }, armor: { type: "none", plus: 0 }, normalAc: 9 } },
    "grapple-die": { profile: { ac: 9, nonProficiencyPenalty: -5 } },
    percentile: { profile: { classGroup: "magicUser", level: 1 } },
  },
  {
    // A thief 2 as a live actor: the prepared AC 14 (10 + Agl 17's +2 + leather 2) = 6.
    file: "thief.prepared.json",
    settings: { prepared: true },
    "d12-holds": { profile: { normalAc: 6, dexAcAdjustment: -2, armor: { type: "leather", plus: 0 } } },
    "grapple-die": { profile: { ac: 6, nonProficiencyPenalty: -3 } },
    percentile: { profile: { classGroup: "thief", level: 2, dexterity: 17 } },
  },
  {
    // Nothing but a name: every value filled in (AC 10, 12", 1 HD, one attack).
    file: "missing-fields.json",
    "d12-holds": { profile: { kind: "monster", movement: 12, attacksPerRound: 1 }, sources: { movement: "default", attacksPerRound: "default", size: "default" } },
    "grapple-die": { profile: { ac: 10, hitDice: 1 }, sources: { ac: "default", hitDice: "default" } },
    percentile: { profile: { hitDice: { dice: 1, adjustment: 0 } }, sources: { hitDice: "default" } },
  },
];
