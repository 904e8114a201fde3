/**
 * Variant d12-holds (000): the profile form's fields, and a stored profile read into a checked
 * combatant.
 */
import { profileWithId } from "../core/shell.ts";
import { SIZES } from "../core/size.ts";
import type { ProfileField } from "../variant.ts";
import type { D12Combatant } from "./profile.ts";
import { ARMOR_TYPES, CONDITIONS, validateCombatant } from "./profile.ts";
import { INTELLIGENCE } from "./tables.ts";

export const D12_PROFILE_FIELDS: readonly ProfileField[] = [
  { path: "kind", kind: "choice", choices: ["character", "monster"] },
  { path: "size", kind: "choice", choices: SIZES },
  { path: "grapplingSize", kind: "choice", choices: SIZES, optional: true },
  { path: "strength.score", kind: "int", min: 1, max: 25, optional: true },
  { path: "strength.exceptional", kind: "int", min: 1, max: 100, optional: true },
  { path: "dexAcAdjustment", kind: "int", min: -6, max: 6 },
  { path: "armor.type", kind: "choice", choices: ARMOR_TYPES },
  { path: "armor.plus", kind: "int", min: -5, max: 5 },
  { path: "shield.plus", kind: "int", min: -5, max: 5, optional: true },
  { path: "magicProtection", kind: "int", min: -10, max: 10 },
  { path: "specialAcBonus", kind: "int", min: -10, max: 10 },
  { path: "naturalAc.ac", kind: "int", min: -20, max: 10, optional: true },
  { path: "naturalAc.basis", kind: "choice", choices: ["toughness", "agility"], optional: true },
  { path: "normalAc", kind: "int", min: -20, max: 10, optional: true },
  { path: "movement", kind: "int", min: 0, max: 240 },
  { path: "heavilyEncumbered", kind: "bool" },
  { path: "arms", kind: "int", min: 0, max: 100 },
  { path: "legs", kind: "int", min: 0, max: 100 },
  { path: "hasWindpipe", kind: "bool" },
  { path: "intelligence", kind: "choice", choices: INTELLIGENCE },
  { path: "attacksPerRound", kind: "int", min: 0, max: 20 },
  { path: "pummelLimbs", kind: "int", min: 0, max: 20, optional: true },
  { path: "monkLevel", kind: "int", min: 0, max: 30 },
  { path: "flight", kind: "choice", choices: ["none", "wings", "magic"] },
  { path: "levelDrain", kind: "bool" },
  { path: "freeAction", kind: "bool" },
  { path: "aquatic", kind: "bool" },
  { path: "pummelingWeapon", kind: "bool" },
  { path: "conditions", kind: "multi", choices: CONDITIONS },
  { path: "toHit.thac0", kind: "int", min: -10, max: 30 },
  { path: "holdReach", kind: "int", min: 0, max: 100 },
];

export function combatant(id: string, profile: unknown, path: string): D12Combatant {
  return validateCombatant(profileWithId(id, profile, path), path);
}
