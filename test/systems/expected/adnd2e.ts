/**
 * adnd2e fixtures, worked out by hand from the PHB tables adnd2e prepares an actor with: a class
 * item's XP on its table gives the level (fighter 0/2000/4000/8000/16000/32000 for 1-6; mage
 * 0/2500/5000/10000/20000; cleric 0/1500/3000/6000; thief 0/1250/2500); THAC0 from Table 53 (the
 * best class) less the Strength hit probability (Table 1: 18/91 +2); save vs breath from Table 60
 * (the best class, before the Dex bonus to the roll); the race item's Table 8 adjustments (elf
 * Dex +1; halfling Dex +1, Str -1), which an export has not had applied; AC as adnd2e sums it: the
 * first worn armour's base AC + the Dex defensive adjustment (2e PHB: 8-14 0, 15 -1, 16 -2, 17 -3)
 * - the shield's AC bonus - the magic of both; size and base movement from the race item.
 * Creatures keep AC, THAC0 (or `asFighterLevel`'s warrior THAC0), land movement, HD and `attacks[]`;
 * their save vs breath is `saves.effective` when prepared, else what `saves.mode` gives.
 * A `.prepared.json` fixture is the live actor: the same values, read from the derived caches.
 */
import type { FixtureExpectation } from "./types.ts";

/** The warrior's values, export and prepared alike. */
const WARRIOR = {
  // Fighter 32000 XP: level 6. Str 18/91, Dex 15 (-1), plate mail (3), shield (bonus 1), a great
  // helm: AC 3 - 1 - 1 = 1. THAC0 15 - 2 = 13; breath (warrior 5-6) 13. 6'1" = 73 in, 220 lb.
  "d12-holds": {
    profile: { kind: "character", size: "M", strength: { score: 18, exceptional: 91 }, dexAcAdjustment: -1, armor: { type: "plate", plus: 0 }, shield: { plus: 0 }, normalAc: 1, movement: 12, toHit: { kind: "thac0", thac0: 13 }, intelligence: "average" },
    sources: { size: "sheet", strength: "sheet", normalAc: "sheet", toHit: "sheet", movement: "sheet" },
  },
  "grapple-die": {
    profile: { playerCharacter: true, heightFt: 6.08, weightLb: 220, hitDice: 6, ac: 1, shieldAc: 1, armor: { type: "plate", helm: true }, saveVsBreath: 13, nonProficiencyPenalty: -2 },
    sources: { ac: "sheet", hitDice: "sheet", saveVsBreath: "sheet" },
  },
  percentile: {
    profile: { classGroup: "fighter", level: 6, height: 73, weight: 220, dexterity: 15, strength: { score: 18, exceptional: 91 }, armor: { ad: 3, magic: 0 }, shield: { plus: 0 }, helmet: true, dexAcBonus: 1 },
    sources: { level: "sheet", classGroup: "sheet" },
  },
} as const;

/** The elf fighter/mage, export and prepared alike. */
const ELF = {
  // Fighter 2000 XP (2) and mage 2500 XP (2): level 2. Dex 15 + the elf's 1 = 16 (-2); elven
  // chain (5): AC 3. THAC0 the better of warrior 2 (19) and wizard 2 (20): 19; breath the better
  // of warrior 2 (17) and wizard 2 (15): 15. Int 16 exceptional; 5'6" = 66 in, 120 lb.
  "d12-holds": { profile: { size: "M", dexAcAdjustment: -2, armor: { type: "chain", plus: 0 }, normalAc: 3, toHit: { kind: "thac0", thac0: 19 }, intelligence: "exceptional" } },
  "grapple-die": { profile: { hitDice: 2, ac: 3, saveVsBreath: 15, heightFt: 5.5, weightLb: 120, nonProficiencyPenalty: -2 } },
  percentile: { profile: { classGroup: "fighter", level: 2, secondClass: { group: "magicUser", level: 2 }, dexterity: 16, dexAcBonus: 2, armor: { ad: 5, magic: 0 } }, sources: { dexterity: "sheet" } },
} as const;

export const ADND2E: readonly FixtureExpectation[] = [
  { file: "warrior-18-91.json", ...WARRIOR },
  { file: "warrior-18-91.prepared.json", settings: { prepared: true }, ...WARRIOR },
  { file: "elf-fighter-mage.json", ...ELF },
  { file: "elf-fighter-mage.prepared.json", settings: { prepared: true }, ...ELF },
  {
    // Cleric 6000 XP: level 4. Chain mail +1 (5, magic 1), shield +2 (bonus 1, magic 2), Dex 8
    // (0): AC 5 - 1 - 3 = 1 (adnd2e's AC has no rings; the ring of protection +1 is magic
    // protection apart). THAC0 priest 4: 18; breath priest 4: 15. 5'4" = 64 in, 130 lb.
    file: "priest-magic-arms.json",
    "d12-holds": { profile: { armor: { type: "chain", plus: 1 }, shield: { plus: 2 }, magicProtection: 1, normalAc: 1, movement: 12, toHit: { kind: "thac0", thac0: 18 }, intelligence: "very", dexAcAdjustment: 0 } },
    "grapple-die": { profile: { ac: 1, shieldAc: 3, armor: { type: "chain", helm: false }, hitDice: 4, saveVsBreath: 15, nonProficiencyPenalty: -3, heightFt: 5.33, weightLb: 130 } },
    percentile: { profile: { classGroup: "cleric", level: 4, armor: { ad: 5, magic: 1 }, shield: { plus: 2 }, magicProtection: 1, height: 64, weight: 130, speed: 120, dexAcBonus: 0 } },
  },
  {
    // A halfling thief, 2500 XP: level 3. Str 12 - 1 = 11, Dex 16 + 1 = 17 (-3); leather (8):
    // AC 5. THAC0 rogue 3: 19 (Str 11 no bonus); breath rogue 3: 16. Small, base rate 6".
    // "3 ft 1 in" = 37 in, "70" lb.
    file: "rogue-halfling.json",
    "d12-holds": { profile: { size: "S", strength: { score: 11 }, armor: { type: "leather", plus: 0 }, shield: null, dexAcAdjustment: -3, normalAc: 5, movement: 6, intelligence: "high", toHit: { kind: "thac0", thac0: 19 } }, sources: { size: "sheet", strength: "sheet" } },
    "grapple-die": { profile: { ac: 5, heightFt: 3.08, weightLb: 70, hitDice: 3, saveVsBreath: 16, nonProficiencyPenalty: -3 } },
    percentile: { profile: { classGroup: "thief", level: 3, height: 37, weight: 70, dexterity: 17, strength: { score: 11 }, armor: { ad: 8, magic: 0 }, dexAcBonus: 3, speed: 60 } },
  },
  {
    // Mage 20000 XP: level 5. No armour, Dex 16 (-2): AC 8. THAC0 wizard 5: 19; breath 15.
    // 180 cm = 70.9 in, 71; 68 kg = 149.9 lb, 150.
    file: "mage-unarmoured.json",
    "d12-holds": { profile: { armor: { type: "none", plus: 0 }, dexAcAdjustment: -2, normalAc: 8, intelligence: "genius", toHit: { kind: "thac0", thac0: 19 } } },
    "grapple-die": { profile: { ac: 8, heightFt: 5.92, weightLb: 150, hitDice: 5, saveVsBreath: 15, nonProficiencyPenalty: -5 } },
    percentile: { profile: { classGroup: "magicUser", level: 5, height: 71, weight: 150, armor: null, dexAcBonus: 2 } },
  },
  {
    // An NPC (built like a character, not a player's): fighter 2000 XP, level 2; its "Ring Mail"
    // keeps the initial armour type "none", so the name tells the kind; base AC 7, Dex 11: AC 7.
    // THAC0 warrior 2: 19; breath 17.
    file: "npc-guard-ring-mail.json",
    "d12-holds": { profile: { kind: "character", armor: { type: "ring", plus: 0 }, normalAc: 7, toHit: { kind: "thac0", thac0: 19 } } },
    "grapple-die": { profile: { playerCharacter: false, ac: 7, hitDice: 2, saveVsBreath: 17, armor: { type: "ring", helm: false }, nonProficiencyPenalty: -2, heightFt: 5.83 }, sources: { heightFt: "default" } },
    percentile: { profile: { classGroup: "fighter", level: 2, armor: { ad: 7, magic: 0 } } },
  },
  {
    // "Patchwork Armour": no type and a name that says nothing, so its base AC 6 tells: scale.
    // Fighter 0 XP: level 1, THAC0 20, breath 17. No race item: size from the token, 12".
    file: "npc-brigand-patchwork.json",
    "d12-holds": { profile: { armor: { type: "scale", plus: 0 }, toHit: { kind: "thac0", thac0: 20 }, movement: 12 }, sources: { size: "default", movement: "sheet" } },
    "grapple-die": { profile: { ac: 6, hitDice: 1, saveVsBreath: 17 } },
    percentile: { profile: { armor: { ad: 6, magic: 0 } } },
  },
  {
    // Creature: large, HD 4 bonus 1, a huge club 1d10 (a wielded weapon), AC 5, THAC0 17, 9",
    // Int "Low (5-7)"; no Dexterity (10) or Strength. It saves "as class", warrior 4: breath 16
    // (its explicit breath save, left at 20, is not the one in use).
    file: "ogre.json",
    "d12-holds": {
      profile: { kind: "monster", size: "L", naturalAc: { ac: 5, basis: "toughness" }, normalAc: 5, movement: 9, attacksPerRound: 1, intelligence: "low", toHit: { kind: "thac0", thac0: 17 }, flight: "none" },
      sources: { size: "sheet" },
      absent: ["strength"],
    },
    "grapple-die": { profile: { hitDice: 4, hitDicePlus: 1, ac: 5, readiedAttack: { kind: "weapon", lengthFt: 3, damage: { count: 1, sides: 10 }, damageBonus: 0, toHitBonus: 0 }, saveVsBreath: 16, heightFt: 9, weightLb: 600 }, sources: { saveVsBreath: "sheet" } },
    percentile: { profile: { hitDice: { dice: 4, adjustment: 1 }, strength: { score: 18 }, dexterity: 10, speed: 90 }, sources: { strength: "default" } },
  },
  {
    // The same ogre prepared: `saves.effective.bw` 16, read as it stands.
    file: "ogre.prepared.json",
    settings: { prepared: true },
    "d12-holds": { profile: { normalAc: 5, toHit: { kind: "thac0", thac0: 17 } } },
    "grapple-die": { profile: { saveVsBreath: 16 }, sources: { saveVsBreath: "sheet" } },
    percentile: { profile: { hitDice: { dice: 4, adjustment: 1 } } },
  },
  {
    // Bugbear: `thac0.asFighterLevel` 4 gives the warrior table's 17 (its authored `thac0.value`
    // is the initial 20); it saves as a warrior 3: breath 16. HD 3+1, a morning star 2d4.
    file: "bugbear.json",
    "d12-holds": { profile: { size: "L", normalAc: 5, movement: 9, toHit: { kind: "thac0", thac0: 17 }, intelligence: "low" } },
    "grapple-die": { profile: { hitDice: 3, hitDicePlus: 1, saveVsBreath: 16, readiedAttack: { kind: "weapon", lengthFt: 3, damage: { count: 2, sides: 4 }, damageBonus: 0, toHitBonus: 0 } } },
    percentile: { profile: { hitDice: { dice: 3, adjustment: 1 } } },
  },
  {
    // Griffon: flies (fly 30), claw ×2 + bite = 3 attacks (first 1d4), HD 7, Int "Semi-", saves
    // explicitly: breath 13.
    file: "griffon.json",
    "d12-holds": { profile: { flight: "wings", attacksPerRound: 3, movement: 12, intelligence: "semi", toHit: { kind: "thac0", thac0: 13 }, normalAc: 3 } },
    "grapple-die": { profile: { hitDice: 7, hitDicePlus: 0, readiedAttack: { kind: "natural", lengthFt: 0, damage: { count: 1, sides: 4 }, damageBonus: 0, toHitBonus: 0 }, saveVsBreath: 13 } },
    percentile: { profile: { hitDice: { dice: 7, adjustment: 0 }, speed: 120 } },
  },
  {
    // An empty `system`, token 3 squares: VL, every other value filled in.
    file: "missing-fields.json",
    "d12-holds": { profile: { size: "VL", toHit: { kind: "thac0", thac0: 19 }, armor: { type: "none", plus: 0 } }, sources: { size: "default", armor: "sheet", toHit: "default" } },
    "grapple-die": { profile: { heightFt: 15, weightLb: 4000, ac: 10, saveVsBreath: 17 }, sources: { ac: "default", saveVsBreath: "default" } },
    percentile: { profile: { strength: { score: 20 }, height: 180, weight: 4000 }, sources: { strength: "default" } },
  },
  {
    // A human thief with Strength 18/76 and the thief item at 40000 XP: rogue level 7 (Table 25),
    // THAC0 17 (Table 53). adnd2e counts exceptional Strength only for warriors, so the score is
    // 18: hit probability +1 (Table 1), THAC0 16, not 18/76's +2 and 15. Leather 8, Dex 16 (-2): AC 6.
    file: "thief-18-76.json",
    "d12-holds": { profile: { strength: { score: 18 }, armor: { type: "leather", plus: 0 }, normalAc: 6, toHit: { kind: "thac0", thac0: 16 } }, sources: { strength: "sheet", toHit: "sheet" } },
    "grapple-die": { profile: { strength: { score: 18 }, hitDice: 7, nonProficiencyPenalty: -3, toHit: { kind: "thac0", thac0: 16 } } },
    percentile: { profile: { strength: { score: 18 }, classGroup: "thief", level: 7 } },
  },
];
