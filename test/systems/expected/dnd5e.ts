/**
 * dnd5e fixtures (real SRD 5.1 actors from foundryvtt/dnd5e@965ad2d packs/_source, as Export Data
 * writes them), worked out by hand with the stated readings: descending AC = 20 - dnd5e AC;
 * dnd5e AC from worn armour (light + Dex modifier, medium + at most 2, heavy +0) plus shield 2
 * and magic, or the natural/flat value; 30 ft = 12" (ft × 12 / 30); THAC0 = 20 - proficiency
 * (CR under 5 and level 1-4: 2; CR 5-8: 3; CR 17-20: 6); hit dice = the dice of the hit-point
 * formula; attacks a round = the Multiattack's count, or 1 with no Multiattack (never one per
 * natural weapon); scores past 25 read as 25; Dex AC adjustment and Intelligence band from the
 * AD&D tables by score; armour Defense from the AD&D table by kind. An export has no derived AC,
 * proficiency or character level: those are worked out (source "sheet", with a reason).
 */
import type { FixtureExpectation } from "./types.ts";

export const DND5E: readonly FixtureExpectation[] = [
  {
    // Adult red dragon: huge (VL), Str 27 read as 25, Int 16 exceptional; natural AC 19,
    // descending 1; walk 40 ft = 16", flies 80 ft; 19d12 + 133: 19 HD; CR 17: proficiency 6,
    // THAC0 14. Multiattack "makes three attacks": 3, though it has five natural weapons; the
    // first, Bite, 2d10. No height or weight: VL 180 in, 4000 lb.
    file: "adult-red-dragon.json",
    "d12-holds": {
      // Natural weapons: Bite reach 10, Claw none (5), Tail 15, Wing Attack 10: holds at 15 ft.
      profile: { kind: "monster", size: "VL", strength: { score: 25 }, naturalAc: { ac: 1, basis: "toughness" }, normalAc: 1, movement: 16, flight: "wings", intelligence: "exceptional", attacksPerRound: 3, toHit: { kind: "thac0", thac0: 14 }, holdReach: 15 },
      sources: { size: "sheet", strength: "sheet", attacksPerRound: "sheet", movement: "sheet", holdReach: "sheet" },
    },
    "grapple-die": { profile: { hitDice: 19, hitDicePlus: 0, ac: 1, readiedAttack: { kind: "natural", lengthFt: 0, damage: { count: 2, sides: 10 }, damageBonus: 0, toHitBonus: 0 }, heightFt: 15, weightLb: 4000, saveVsBreath: 17 }, sources: { saveVsBreath: "default" } },
    percentile: { profile: { hitDice: { dice: 19, adjustment: 0 }, strength: { score: 25 }, speed: 160, height: 180, weight: 4000 } },
  },
  {
    // Troll: lg (L), Str 18, Int 7 low; natural AC 15, descending 5; 30 ft = 12"; 8d10 + 40: 8 HD;
    // CR 5: proficiency 3, THAC0 17. Multiattack "three attacks: one with its bite and two with
    // its claws": 3 (two natural weapon items). Bite 1d6.
    file: "troll.json",
    "d12-holds": { profile: { size: "L", strength: { score: 18 }, normalAc: 5, movement: 12, intelligence: "low", attacksPerRound: 3, toHit: { kind: "thac0", thac0: 17 } }, sources: { attacksPerRound: "sheet" } },
    "grapple-die": { profile: { hitDice: 8, ac: 5, readiedAttack: { kind: "natural", lengthFt: 0, damage: { count: 1, sides: 6 }, damageBonus: 0, toHitBonus: 0 } } },
    percentile: { profile: { hitDice: { dice: 8, adjustment: 0 }, strength: { score: 18 }, speed: 120 } },
  },
  {
    // Lion: L, Str 17, Dex 15 (-1 on the AD&D table), Int 3 semi; natural AC 12, descending 8;
    // walk 50 ft = 20"; 4 HD; CR 1, THAC0 18. No Multiattack: one attack a round, not its two
    // natural weapons (bite, claw). Bite 1d8.
    file: "lion.json",
    "d12-holds": { profile: { size: "L", strength: { score: 17 }, dexAcAdjustment: -1, normalAc: 8, movement: 20, intelligence: "semi", attacksPerRound: 1, toHit: { kind: "thac0", thac0: 18 } }, sources: { attacksPerRound: "sheet" } },
    "grapple-die": { profile: { hitDice: 4, ac: 8, readiedAttack: { kind: "natural", lengthFt: 0, damage: { count: 1, sides: 8 }, damageBonus: 0, toHitBonus: 0 } } },
    percentile: { profile: { dexterity: 15, dexAcBonus: 1, speed: 200 } },
  },
  {
    // Goblin: sm (S), leather 11 + Dex 14 (+2) + shield 2 = 15, descending 5; 2d6 (2 HD); CR 1/4.
    // No Multiattack and weapons (scimitar, shortbow): one attack a round; no natural weapon.
    file: "goblin.json",
    "d12-holds": {
      profile: { kind: "monster", size: "S", strength: { score: 8 }, dexAcAdjustment: 0, armor: { type: "leather", plus: 0 }, shield: { plus: 0 }, normalAc: 5, movement: 12, toHit: { kind: "thac0", thac0: 18 }, intelligence: "average", attacksPerRound: 1 },
      sources: { size: "sheet", normalAc: "sheet", attacksPerRound: "sheet" },
      absent: ["naturalAc"],
    },
    "grapple-die": {
      profile: { hitDice: 2, hitDicePlus: 0, ac: 5, shieldAc: 1, armor: { type: "leather", helm: false }, readiedAttack: null, saveVsBreath: 17, heightFt: 3.5, weightLb: 60 },
      sources: { saveVsBreath: "default", readiedAttack: "default" },
    },
    percentile: { profile: { hitDice: { dice: 2, adjustment: 0 }, armor: { ad: 8, magic: 0 }, shield: { plus: 0 }, strength: { score: 8 }, dexterity: 14, dexAcBonus: 0, speed: 120, height: 42, weight: 60 } },
  },
  {
    // Ogre: lg (L), hide 12 + Dex 8 (-1, medium) = 11, descending 9; 40 ft = 16"; 7d10 + 21 (7 HD);
    // no Multiattack: 1.
    file: "ogre.json",
    "d12-holds": { profile: { size: "L", strength: { score: 19 }, armor: { type: "scale", plus: 0 }, normalAc: 9, movement: 16, intelligence: "low", toHit: { kind: "thac0", thac0: 18 }, attacksPerRound: 1 } },
    "grapple-die": { profile: { hitDice: 7, hitDicePlus: 0, ac: 9, armor: { type: "scale", helm: false }, readiedAttack: null, heightFt: 9, weightLb: 600 } },
    percentile: { profile: { hitDice: { dice: 7, adjustment: 0 }, armor: { ad: 6, magic: 0 }, strength: { score: 19 }, speed: 160 } },
  },
  {
    // Knight: plate 18 (heavy, no Dex), no shield: descending 2; 8d8 + 16; Int 11 very;
    // Multiattack "two melee attacks": 2.
    file: "knight.json",
    "d12-holds": { profile: { armor: { type: "plate", plus: 0 }, shield: null, normalAc: 2, toHit: { kind: "thac0", thac0: 18 }, intelligence: "very", strength: { score: 16 }, attacksPerRound: 2 } },
    "grapple-die": { profile: { ac: 2, shieldAc: 0, hitDice: 8, armor: { type: "plate", helm: false } } },
    percentile: { profile: { armor: { ad: 3, magic: 0 }, hitDice: { dice: 8, adjustment: 0 } } },
  },
  {
    // Hobgoblin: chain mail 16 + shield 2 = 18: descending 2; 2d8 + 2; no Multiattack: 1.
    file: "hobgoblin.json",
    "d12-holds": { profile: { armor: { type: "chain", plus: 0 }, shield: { plus: 0 }, normalAc: 2, attacksPerRound: 1 } },
    "grapple-die": { profile: { ac: 2, shieldAc: 1, hitDice: 2, hitDicePlus: 0 } },
    percentile: { profile: { armor: { ad: 5, magic: 0 }, shield: { plus: 0 } } },
  },
  {
    // Brown bear: natural AC 11 (descending 9), Multiattack "two attacks: one with its bite and
    // one with its claws": 2; bite 1d8; Int 2 semi; 40 ft = 16".
    file: "brown-bear.json",
    "d12-holds": {
      profile: { size: "L", strength: { score: 19 }, armor: { type: "none", plus: 0 }, naturalAc: { ac: 9, basis: "toughness" }, normalAc: 9, movement: 16, attacksPerRound: 2, intelligence: "semi", toHit: { kind: "thac0", thac0: 18 } },
      sources: { attacksPerRound: "sheet", naturalAc: "default" },
    },
    "grapple-die": { profile: { hitDice: 4, hitDicePlus: 0, ac: 9, readiedAttack: { kind: "natural", lengthFt: 0, damage: { count: 1, sides: 8 }, damageBonus: 0, toHitBonus: 0 } }, sources: { readiedAttack: "sheet" } },
    percentile: { profile: { hitDice: { dice: 4, adjustment: 0 }, armor: null, speed: 160 } },
  },
  {
    // Giant spider: natural 14 (descending 6), Dex 16 (-2 on the AD&D table), one bite 1d8, no Multiattack.
    file: "giant-spider.json",
    "d12-holds": { profile: { dexAcAdjustment: -2, normalAc: 6, naturalAc: { ac: 6, basis: "toughness" }, movement: 12, attacksPerRound: 1, intelligence: "semi" } },
    "grapple-die": { profile: { ac: 6, dexAcAdjustment: -2, readiedAttack: { kind: "natural", lengthFt: 0, damage: { count: 1, sides: 8 }, damageBonus: 0, toHitBonus: 0 } } },
    percentile: { profile: { dexterity: 16, dexAcBonus: 2, hitDice: { dice: 4, adjustment: 0 } } },
  },
  {
    // Randal: fighter 1 (from the class item: an export has no details.level), chain mail 16 +
    // shield 2, and his Defense fighting style's transferred effect (ac.bonus +1), applied
    // before dnd5e computes the AC: 19 (descending 1); speed from his race item (30 ft = 12"),
    // proficiency 2 at level 1: THAC0 18. Characters' attacks are not read: one a round, filled in.
    file: "randal-human-fighter.json",
    "d12-holds": {
      profile: { kind: "character", armor: { type: "chain", plus: 0 }, shield: { plus: 0 }, normalAc: 1, movement: 12, toHit: { kind: "thac0", thac0: 18 }, monkLevel: 0, strength: { score: 16 }, attacksPerRound: 1, holdReach: 0 },
      sources: { movement: "sheet", toHit: "sheet", attacksPerRound: "default", holdReach: "sheet" },
    },
    "grapple-die": { profile: { playerCharacter: true, hitDice: 1, ac: 1, shieldAc: 1, nonProficiencyPenalty: -2, heightFt: 5.83, weightLb: 170 }, sources: { heightFt: "default", hitDice: "sheet" } },
    percentile: { profile: { classGroup: "fighter", level: 1, armor: { ad: 5, magic: 0 }, shield: { plus: 0 }, speed: 120 }, sources: { level: "sheet" } },
  },
  {
    // Randal with the items pack's Whip (items/weapon/whip.yml), equipped: a martial melee weapon
    // with the reach property "rch" and no reach of its own (range.reach null), so 10 ft
    // (dnd5e's weapon.mjs prepareDerivedData). His longsword (5 ft), longbow (ranged) and
    // handaxe (thrown, melee 5 ft) reach no farther. Every variant reads the same 10.
    file: "randal-whip.json",
    "d12-holds": { profile: { holdReach: 10 }, sources: { holdReach: "sheet" } },
    "grapple-die": { profile: { holdReach: 10 } },
    percentile: { profile: { holdReach: 10 } },
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
    // Randal with the SRD's Chain Mail +1, Shield +1, Ring of Protection (attuned) and Helm of
    // Telepathy: chain 16 + 1, shield 2 + 1, and the effects dnd5e applies first: Defense
    // ac.bonus +1 and the ring's ac.bonus +1: 22, descending -2; the ring's +1 is also its
    // magic protection; the helm is a helmet; 5'10" = 70 in, 180 lb.
    file: "randal-magic-arms.json",
    "d12-holds": { profile: { armor: { type: "chain", plus: 1 }, shield: { plus: 1 }, magicProtection: 1, normalAc: -2 } },
    "grapple-die": { profile: { ac: -2, shieldAc: 2, armor: { type: "chain", helm: true }, heightFt: 5.83, weightLb: 180 }, sources: { heightFt: "sheet", weightLb: "sheet" } },
    percentile: { profile: { armor: { ad: 5, magic: 1 }, shield: { plus: 1 }, helmet: true, magicProtection: 1, height: 70, weight: 180 } },
  },
  {
    // The ogre with no size, items, speed or formula: token 2 squares (L); AC 10 and 12" and 1 HD
    // filled in; THAC0 19 from that 1 HD.
    file: "ogre-bare.json",
    "d12-holds": {
      profile: { size: "L", strength: { score: 19 }, armor: { type: "none", plus: 0 }, movement: 12, toHit: { kind: "thac0", thac0: 19 } },
      sources: { size: "default", strength: "sheet", armor: "default", movement: "default", toHit: "default", attacksPerRound: "default" },
    },
    "grapple-die": { profile: { ac: 10, hitDice: 1 }, sources: { ac: "default", hitDice: "default" } },
    percentile: { profile: { strength: { score: 19 }, hitDice: { dice: 1, adjustment: 0 } }, sources: { strength: "sheet", hitDice: "default" } },
  },
  {
    // Krusk (2024 premade, paladin 11): Plate Armor 18 and Shield 2, each made +1 by an
    // enchantment on the item (magicalBonus upgraded to 1, "mgc" added), and the Defense fighting
    // style's transferred ac.bonus +1; heavy armour takes no Dex: 18 + 1 + 2 + 1 + 1 = 23,
    // descending -3. No ring or cloak: protection 0. Orc species 30 ft = 12".
    file: "krusk-paladin-11.json",
    "d12-holds": { profile: { kind: "character", size: "M", strength: { score: 20 }, armor: { type: "plate", plus: 1 }, shield: { plus: 1 }, magicProtection: 0, normalAc: -3, movement: 12 }, sources: { normalAc: "sheet", armor: "sheet" } },
    "grapple-die": { profile: { ac: -3, shieldAc: 2, armor: { type: "plate", helm: false }, hitDice: 11 } },
    percentile: { profile: { classGroup: "fighter", level: 11, armor: { ad: 3, magic: 1 }, shield: { plus: 1 }, magicProtection: 0, speed: 120 } },
  },
  {
    // Akra (2024 premade, cleric 11): Plate Armor 18, a Shield made +2 by an enchantment (2 + 2),
    // an attuned Cloak of Protection whose transferred ac.bonus +1 counts: 18 + 4 + 1 = 23,
    // descending -3; the cloak's +1 is her magic protection.
    file: "akra-cleric-11.json",
    "d12-holds": { profile: { armor: { type: "plate", plus: 0 }, shield: { plus: 2 }, magicProtection: 1, normalAc: -3, movement: 12 } },
    "grapple-die": { profile: { ac: -3, shieldAc: 3 } },
    percentile: { profile: { classGroup: "cleric", level: 11, armor: { ad: 3, magic: 0 }, shield: { plus: 2 }, magicProtection: 1 } },
  },
  {
    // Akra wearing the SRD's Demon Armor (plate 18, magicalBonus 1, attunement required) unattuned,
    // and her Cloak of Protection unattuned: the armour's +1 is not available and the cloak's effect
    // is suppressed (dnd5e magicAvailable, areEffectsSuppressed): 18 + 0 + shield 2 + 2 = 22,
    // descending -2; armour plus 0, protection 0.
    file: "akra-unattuned.json",
    "d12-holds": { profile: { armor: { type: "plate", plus: 0 }, shield: { plus: 2 }, magicProtection: 0, normalAc: -2 } },
    "grapple-die": { profile: { ac: -2, shieldAc: 3 } },
    percentile: { profile: { armor: { ad: 3, magic: 0 }, magicProtection: 0 } },
  },
  {
    // Perrin (2024 premade, monk 5): the source AC calc is "default"; his Unarmored Defense
    // feature's effect sets it to unarmoredMonk: 10 + Dex 18 (+4) + Wis 14 (+2) = 16, descending 4.
    // Unarmored Movement adds @scale.monk.unarmored-movement: at level 5 the level-2 entry, 10 ft,
    // to the species' 30 ft: 40 ft = 16". Small (sm): S. Winged Boots' fly effect is not
    // transferred: no flight.
    file: "perrin-monk-5.json",
    "d12-holds": { profile: { size: "S", armor: { type: "none", plus: 0 }, shield: null, normalAc: 4, movement: 16, monkLevel: 5, flight: "none" }, sources: { movement: "sheet", normalAc: "sheet" } },
    "grapple-die": { profile: { ac: 4, hitDice: 5 } },
    percentile: { profile: { classGroup: "cleric", level: 5, speed: 160, dexterity: 18 } },
  },
  {
    // Troll (SRD 5.2, actors24): lg (L), natural AC 15 (descending 5), 30 ft = 12", Multiattack
    // "makes three Rend attacks": 3; hit points 9d10 + 45: 9 HD.
    // Rend, a natural weapon with range.reach 10: holds at 10 ft.
    file: "troll-2024.json",
    "d12-holds": { profile: { size: "L", normalAc: 5, movement: 12, attacksPerRound: 3, holdReach: 10 }, sources: { attacksPerRound: "sheet", size: "sheet" } },
    "grapple-die": { profile: { ac: 5, hitDice: 9 } },
    percentile: { profile: { hitDice: { dice: 9, adjustment: 0 }, speed: 120 } },
  },
  {
    // Ancient red dragon (SRD 5.2): gargantuan (grg) is VL; natural AC 22 (descending -2);
    // Multiattack "makes three Rend attacks": 3; walk 40 ft = 16", flies.
    // Rend reaches 15 ft (range.reach 15).
    file: "ancient-red-dragon-2024.json",
    "d12-holds": { profile: { size: "VL", normalAc: -2, movement: 16, attacksPerRound: 3, flight: "wings", holdReach: 15 }, sources: { size: "sheet" } },
    "grapple-die": { profile: { ac: -2 } },
    percentile: { profile: { size: "VL" } },
  },
  {
    // Cat (SRD 5.2): tiny is S; no armour, AC 10 + Dex 15 (+2) = 12 by dnd5e's default formula,
    // descending 8; walk 40 ft = 16"; no Multiattack: 1.
    // Scratch reaches 5 ft (range.reach 5): no hold at reach, 0.
    file: "cat-2024.json",
    "d12-holds": { profile: { size: "S", normalAc: 8, movement: 16, attacksPerRound: 1, holdReach: 0 }, sources: { size: "sheet" } },
    "grapple-die": { profile: { ac: 8 } },
    percentile: { profile: { size: "S" } },
  },
  {
    // Randal wearing the items pack's Gauntlets of Ogre Power, attuned: their transferred effect
    // upgrades Strength to 19 (his source 16), as dnd5e prepares it; the AC is his own, 19
    // (chain 16 + shield 2 + Defense 1), descending 1.
    file: "randal-ogre-gauntlets.json",
    "d12-holds": { profile: { strength: { score: 19 }, normalAc: 1 }, sources: { strength: "sheet" } },
    "grapple-die": { profile: { strength: { score: 19 }, ac: 1 } },
    percentile: { profile: { strength: { score: 19 } } },
  },
];
