/**
 * Variant percentile (004): the profile form's fields, and a stored profile as the form leaves it
 * (blanks and the fields of the other kind) read into a checked combatant.
 */
import { profileWithId } from "../core/shell.ts";
import { SIZES } from "../core/size.ts";
import type { ProfileField } from "../variant.ts";
import type { PercentileCombatant } from "./profile.ts";
import { CONDITIONS, SPECIAL_ABILITIES, validateCombatant } from "./profile.ts";
import { CLASS_GROUPS } from "./tables.ts";

type Obj = Record<string, unknown>;

/**
 * The profile form. Kind decides which of the class fields (characters) and hit-dice fields
 * (monsters) apply; the others are dropped when the profile is read. A blank armor AD means no
 * armor, a blank shield plus no shield.
 */
export const PERCENTILE_PROFILE_FIELDS: readonly ProfileField[] = [
  { path: "kind", kind: "choice", choices: ["character", "monster"] },
  { path: "classGroup", kind: "choice", choices: CLASS_GROUPS, optional: true },
  { path: "level", kind: "int", min: 0, max: 40, optional: true },
  { path: "secondClass.group", kind: "choice", choices: CLASS_GROUPS, optional: true },
  { path: "secondClass.level", kind: "int", min: 0, max: 40, optional: true },
  { path: "thirdClass.group", kind: "choice", choices: CLASS_GROUPS, optional: true },
  { path: "thirdClass.level", kind: "int", min: 0, max: 40, optional: true },
  { path: "hitDice.dice", kind: "int", min: 0, max: 100, optional: true },
  { path: "hitDice.adjustment", kind: "int", min: -99, max: 99, optional: true },
  { path: "size", kind: "choice", choices: SIZES },
  { path: "height", kind: "int", min: 1, max: 100000 },
  { path: "weight", kind: "int", min: 1, max: 10000000 },
  { path: "dexterity", kind: "int", min: 1, max: 25 },
  { path: "strength.score", kind: "int", min: 1, max: 25 },
  { path: "strength.exceptional", kind: "int", min: 1, max: 100, optional: true },
  { path: "armor.ad", kind: "int", min: -10, max: 10, optional: true },
  { path: "armor.magic", kind: "int", min: -5, max: 5, optional: true },
  { path: "shield.plus", kind: "int", min: -5, max: 5, optional: true },
  { path: "helmet", kind: "bool" },
  { path: "dexAcBonus", kind: "int", min: -6, max: 6 },
  { path: "magicProtection", kind: "int", min: -10, max: 10 },
  { path: "speed", kind: "int", min: 0, max: 1000 },
  { path: "foreLimbs", kind: "int", min: 0, max: 100 },
  { path: "abilities", kind: "multi", choices: SPECIAL_ABILITIES },
  { path: "maxMeleeAttackers", kind: "int", min: 1, max: 100 },
  { path: "conditions", kind: "multi", choices: CONDITIONS },
  { path: "holdReach", kind: "int", min: 0, max: 100 },
];

export const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const blank = (v: unknown): boolean => v === undefined || v === null;

/** A stored profile as a form leaves it, put in the shape validateCombatant reads. */
function normalized(profile: Obj): Obj {
  const p: Obj = { ...profile };
  const armor = p.armor;
  if (blank(armor)) p.armor = null;
  else if (isObj(armor) && blank(armor.ad) && (blank(armor.magic) || armor.magic === 0)) p.armor = null;
  else if (isObj(armor) && blank(armor.magic)) p.armor = { ...armor, magic: 0 };
  if (blank(p.shield) || (isObj(p.shield) && blank(p.shield.plus))) p.shield = null;
  if (isObj(p.strength) && p.strength.exceptional === null) {
    const s = { ...p.strength };
    delete s.exceptional;
    p.strength = s;
  }
  // A second or third class left blank (either field) is no class.
  for (const k of ["secondClass", "thirdClass"]) {
    const x = p[k];
    if (x !== undefined && (x === null || (isObj(x) && blank(x.group) && blank(x.level)))) delete p[k];
  }
  if (p.secondClass === undefined && p.thirdClass !== undefined) {
    p.secondClass = p.thirdClass;
    delete p.thirdClass;
  }
  if (p.kind === "monster") {
    delete p.classGroup;
    delete p.level;
    delete p.secondClass;
    delete p.thirdClass;
  } else if (p.kind === "character") {
    delete p.hitDice;
  }
  if (blank(p.abilities)) p.abilities = [];
  if (blank(p.conditions)) p.conditions = [];
  return p;
}

export function combatant(id: string, profile: unknown, path: string): PercentileCombatant {
  return validateCombatant(normalized(profileWithId(id, profile, path)), path);
}
