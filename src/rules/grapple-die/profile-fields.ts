/**
 * Variant grapple-die (002): the profile form's fields, and a stored profile read into a checked
 * combatant.
 */
import { profileWithId } from "../core/shell.ts";
import { SIZES } from "../core/size.ts";
import type { ProfileField } from "../variant.ts";
import type { GdCombatant } from "./profile.ts";
import { CONDITIONS, validateCombatant } from "./profile.ts";
import { ARMOR_TYPES, INTELLIGENCE } from "./tables.ts";

/**
 * The profile form's fields, matching `validateCombatant`. Heights and weights may be fractions
 * there; the form offers whole feet and pounds. `readiedAttack.*` left empty means "unarmed"
 * (readiedAttack null); the to-hit source is a THAC0 here (a matrix row is set by macro).
 */
export const GRAPPLE_DIE_PROFILE_FIELDS: readonly ProfileField[] = [
  { path: "kind", kind: "choice", choices: ["character", "monster"] },
  { path: "playerCharacter", kind: "bool" },
  { path: "size", kind: "choice", choices: SIZES },
  { path: "heightFt", kind: "int", min: 1, max: 1000 },
  { path: "weightLb", kind: "int", min: 1, max: 10000000 },
  { path: "speedFt", kind: "int", min: 0, max: 1000, optional: true },
  { path: "legs", kind: "int", min: 0, max: 100 },
  { path: "strength.score", kind: "int", min: 1, max: 25, optional: true },
  { path: "strength.exceptional", kind: "int", min: 1, max: 100, optional: true },
  { path: "hitDice", kind: "int", min: 0, max: 100 },
  { path: "hitDicePlus", kind: "int", min: -10, max: 100 },
  { path: "intelligence", kind: "choice", choices: INTELLIGENCE },
  { path: "ac", kind: "int", min: -20, max: 10 },
  { path: "dexAcAdjustment", kind: "int", min: -6, max: 6 },
  { path: "shieldAc", kind: "int", min: 0, max: 10 },
  { path: "armor.type", kind: "choice", choices: ARMOR_TYPES },
  { path: "armor.helm", kind: "bool" },
  { path: "baseArmorRating", kind: "int", min: -20, max: 20, optional: true },
  { path: "hideRating", kind: "int", min: -20, max: 20, optional: true },
  { path: "saveVsBreath", kind: "int", min: 1, max: 30 },
  { path: "dexSaveAdjustment", kind: "int", min: -6, max: 6 },
  { path: "toHit.thac0", kind: "int", min: -10, max: 30 },
  { path: "readiedAttack.kind", kind: "choice", choices: ["weapon", "natural"], optional: true },
  { path: "readiedAttack.lengthFt", kind: "int", min: 0, max: 100, optional: true },
  { path: "readiedAttack.damage.count", kind: "int", min: 0, max: 20, optional: true },
  { path: "readiedAttack.damage.sides", kind: "int", min: 1, max: 100, optional: true },
  { path: "readiedAttack.damageBonus", kind: "int", min: -20, max: 50, optional: true },
  { path: "readiedAttack.toHitBonus", kind: "int", min: -20, max: 20, optional: true },
  { path: "grappleAbility", kind: "bool" },
  { path: "pummelProficient", kind: "bool" },
  { path: "nonProficiencyPenalty", kind: "int", min: -10, max: 0 },
  { path: "conditions", kind: "multi", choices: CONDITIONS },
  { path: "holdReach", kind: "int", min: 0, max: 100 },
];

export function combatant(id: string, profile: unknown, path: string): GdCombatant {
  return validateCombatant(profileWithId(id, profile, path), path);
}
