/**
 * Actors of systems the layer does not know, read with `--system generic`: a size word under
 * `traits`, `attributes` or `details`, else the token; Strength and Dexterity at
 * `abilities.*.value`; everything else the ordinary values (THAC0 20 for a character, 19 for a
 * 1-HD monster; Strength 10 for a character; a monster's by size for percentile: S 8, M 10, L 18, VL 20).
 */
import type { FixtureExpectation } from "./types.ts";

export const GENERIC: readonly FixtureExpectation[] = [
  {
    // pf2e keeps size as an object and abilities as modifiers: none of it is read.
    file: "pf2e-guard.json",
    "d12-holds": { profile: { kind: "monster", size: "M", armor: { type: "none", plus: 0 }, toHit: { kind: "thac0", thac0: 19 } }, sources: { kind: "sheet", size: "default", armor: "default" }, absent: ["strength"] },
    "grapple-die": { profile: { ac: 10, hitDice: 1 } },
    percentile: { profile: { strength: { score: 10 }, dexterity: 10 }, sources: { strength: "default", dexterity: "default" } },
  },
  {
    // Shadowdark's "Player" is a character; its Strength is at `.base`, not read.
    file: "shadowdark-fighter.json",
    // d12-holds and grapple-die go without a Strength the sheet does not give; percentile needs one (10).
    "d12-holds": { profile: { kind: "character", size: "M", toHit: { kind: "thac0", thac0: 20 } }, sources: { kind: "sheet", toHit: "default" }, absent: ["strength"] },
    "grapple-die": { profile: { playerCharacter: true, hitDice: 1, nonProficiencyPenalty: -2 }, absent: ["strength"] },
    percentile: { profile: { classGroup: "fighter", level: 1, strength: { score: 10 } }, sources: { classGroup: "default", level: "default", strength: "default" } },
  },
  {
    // DCC: Strength 17 read; Agility is not Dexterity.
    file: "dcc-warrior.json",
    "d12-holds": { profile: { kind: "character", strength: { score: 17 }, dexAcAdjustment: 0 }, sources: { strength: "sheet", dexAcAdjustment: "default" } },
    "grapple-die": { profile: { strength: { score: 17 } } },
    percentile: { profile: { strength: { score: 17 }, dexterity: 10 } },
  },
  {
    // A plain character sheet: Str 14, Dex 16 (-2 on the AD&D table).
    file: "worldbuilding-character.json",
    "d12-holds": { profile: { strength: { score: 14 }, dexAcAdjustment: -2 } },
    "grapple-die": { profile: { dexAcAdjustment: -2, ac: 8 } },
    percentile: { profile: { dexterity: 16, dexAcBonus: 2 } },
  },
  {
    // Token 3 squares: VL; large monster body by size.
    file: "big-monster-token.json",
    "d12-holds": { profile: { size: "VL", kind: "monster" }, sources: { size: "default" } },
    "grapple-die": { profile: { heightFt: 15, weightLb: 4000 } },
    percentile: { profile: { strength: { score: 20 }, height: 180, weight: 4000 } },
  },
  {
    // "tiny" under attributes: S from the sheet.
    file: "tiny-token.json",
    "d12-holds": { profile: { size: "S" }, sources: { size: "sheet" } },
    "grapple-die": { profile: { heightFt: 3.5, weightLb: 60 } },
    percentile: { profile: { strength: { score: 8 }, size: "S" } },
  },
  {
    // "Large" under details: L from the sheet; Str 20, Dex 9.
    file: "size-word.json",
    "d12-holds": { profile: { size: "L", strength: { score: 20 }, dexAcAdjustment: 0 }, sources: { size: "sheet", strength: "sheet", dexAcAdjustment: "sheet" } },
    "grapple-die": { profile: { strength: { score: 20 } } },
    percentile: { profile: { strength: { score: 20 }, dexterity: 9 } },
  },
  {
    // No type, no token, empty system: a monster assumed, man-sized assumed.
    file: "no-type-no-token.json",
    "d12-holds": { profile: { kind: "monster", size: "M", name: "Something" }, sources: { kind: "default", size: "default" } },
    "grapple-die": { profile: { kind: "monster", ac: 10 } },
    percentile: { profile: { kind: "monster", hitDice: { dice: 1, adjustment: 0 } } },
  },
  {
    // Text for Strength, null Dexterity, a number for a size, a string for items, text for the
    // token width: each unreadable value is filled in.
    file: "broken-values.json",
    "d12-holds": { profile: { kind: "character", size: "M", armor: { type: "none", plus: 0 } }, sources: { size: "default", armor: "default" }, absent: ["strength"] },
    "grapple-die": { profile: { ac: 10, dexAcAdjustment: 0 } },
    percentile: { profile: { dexterity: 10, strength: { score: 10 } } },
  },
];
