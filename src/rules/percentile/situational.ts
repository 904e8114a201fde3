/**
 * Variant percentile (004): the circumstance boxes the action dialog shows for each action, and
 * the declared values read back into this variant's situations (the approach, the overbear, the
 * weapon a sheet gives).
 */
import { IssueList } from "../core/errors.ts";
import { declaredNumber } from "../core/shell.ts";
import { GRAB_SITUATION } from "../core/grab.ts";
import type { ActionContext, Declared, ShellAction, Situational } from "../variant.ts";
import { GRAB_DEFENSES, validateGrappleSituation, validateOverbearSituation, WEAPON_KINDS } from "./actions.ts";
import type { Hold } from "./holds.ts";
import { holdsOn } from "./holds.ts";
import type { SheetAttack } from "./more.ts";
import { DEFAULT_SHEET_ATTACK } from "./more.ts";
import type { OverbearSituation } from "./overbear.ts";
import type { PercentileCombatant } from "./profile.ts";
import type { Defense, GrappleSituation } from "./start.ts";
import type { Assignment } from "./variable.ts";

type Obj = Record<string, unknown>;

const ASSIGNMENTS = ["result", "chance"] as const;

const VARIABLE_SITUATION: readonly Situational[] = [
  { key: "variableAttacker", kind: "choice", label: "WC.Situation.variableAttacker", choices: ASSIGNMENTS, initial: "result" },
  { key: "variableTarget", kind: "choice", label: "WC.Situation.variableTarget", choices: ASSIGNMENTS, initial: "result" },
];

/**
 * The target's answer to the approach, as the table resolved it: no answer; the first
 * grappler's free attack routine (missed, hit, or a contact attack that hit without harm or
 * hindrance); a later grappler's fend-off roll (missed or hit).
 */
const GRAPPLE_DEFENSES = ["none", "freeAttackMissed", "freeAttackHit", "contactHitHarmless", "fendOffMissed", "fendOffHit"] as const;
/** 004 §Overbear Attack: the target's fend-off/avoid is a free attack routine. */
const OVERBEAR_DEFENSES = ["none", "fendOffMissed", "fendOffHit"] as const;
const GRAPPLE_ABILITIES = ["none", "grab", "hug", "constrict"] as const;

const GRAPPLE_SITUATION: readonly Situational[] = [
  ...VARIABLE_SITUATION,
  { key: "defense", kind: "choice", label: "WC.Situation.grappleDefense", choices: GRAPPLE_DEFENSES, initial: "none", by: "defender" },
  { key: "targetCasting", kind: "flag", label: "WC.Situation.targetCasting" },
  { key: "afterTackle", kind: "flag", label: "WC.Situation.afterTackle" },
  { key: "charging", kind: "flag", label: "WC.Situation.charging" },
  { key: "holdingItem", kind: "flag", label: "WC.Situation.holdingItem" },
  { key: "attemptMade", kind: "flag", label: "WC.Situation.attemptMade" },
  { key: "ability", kind: "choice", label: "WC.Situation.grappleAbility", choices: GRAPPLE_ABILITIES, initial: "none" },
  { key: "abilityHold", kind: "number", label: "WC.Situation.abilityHold", min: 0, max: 99, figure: true },
  { key: "holderFree", kind: "flag", label: "WC.Situation.holderFree" },
];

const OVERBEAR_SITUATION: readonly Situational[] = [
  ...VARIABLE_SITUATION,
  { key: "defense", kind: "choice", label: "WC.Situation.overbearDefense", choices: OVERBEAR_DEFENSES, initial: "none", by: "defender" },
  { key: "targetCasting", kind: "flag", label: "WC.Situation.targetCasting" },
  { key: "tackle", kind: "flag", label: "WC.Situation.tackle" },
  { key: "trample", kind: "flag", label: "WC.Situation.trample" },
  { key: "trampleDamage", kind: "number", label: "WC.Situation.trampleDamage", min: 0, max: 1000, figure: true },
];

/** The weapon as the sheet gives it (004 leaves weapon attacks to the host game). */
const WEAPON_SITUATION: readonly Situational[] = [
  { key: "needed", kind: "number", label: "WC.Situation.neededToHit", min: 1, max: 30, figure: true, initial: DEFAULT_SHEET_ATTACK.needed, sheet: "neededToHit" },
  { key: "damageCount", kind: "number", label: "WC.Situation.damageCount", min: 0, max: 20, figure: true, initial: DEFAULT_SHEET_ATTACK.count, sheet: "damageCount" },
  { key: "damageSides", kind: "number", label: "WC.Situation.damageSides", min: 1, max: 100, figure: true, initial: DEFAULT_SHEET_ATTACK.sides, sheet: "damageSides" },
  { key: "damageBonus", kind: "number", label: "WC.Situation.damageBonus", min: -20, max: 50, figure: true, initial: DEFAULT_SHEET_ATTACK.bonus, sheet: "damageBonus" },
];
const NO_VITALS: Situational = { key: "noVitals", kind: "flag", label: "WC.Situation.noVitals" };

export const SITUATIONAL: Partial<Record<ShellAction, readonly Situational[]>> = {
  grapple: GRAPPLE_SITUATION,
  // Issue 31: the grabbing attack's own to-hit; the target's Variable as for any grapple.
  grab: [...GRAB_SITUATION, VARIABLE_SITUATION[1] as Situational],
  overbear: OVERBEAR_SITUATION,
  standUp: [],
  grabItem: [{ key: "defense", kind: "choice", label: "WC.Situation.grabDefense", choices: GRAB_DEFENSES, initial: "none", by: "defender" }],
  coupDeGrace: [{ key: "attackerInMelee", kind: "flag", label: "WC.Situation.attackerInMelee" }, NO_VITALS, { key: "resists", kind: "flag", label: "WC.Situation.resists" }],
  deathBlow: [...WEAPON_SITUATION.slice(1), { key: "routines", kind: "number", label: "WC.Situation.routines", min: 1, max: 4 }, NO_VITALS],
  subdue: [...WEAPON_SITUATION, { key: "weaponKind", kind: "choice", label: "WC.Situation.weaponKind", choices: WEAPON_KINDS, initial: "blunt" }, { key: "targetImmune", kind: "flag", label: "WC.Situation.targetImmune" }],
  attackIntoGrapple: WEAPON_SITUATION,
};

/** The declared weapon, each empty box at its default. */
export function sheetAttack(d: Declared): SheetAttack {
  const n = (k: string, dflt: number) => (typeof d[k] === "number" ? (d[k] as number) : dflt);
  return { needed: n("needed", DEFAULT_SHEET_ATTACK.needed), count: n("damageCount", DEFAULT_SHEET_ATTACK.count), sides: n("damageSides", DEFAULT_SHEET_ATTACK.sides), bonus: n("damageBonus", DEFAULT_SHEET_ATTACK.bonus) };
}

/** Declared boxes of an action the table filled; each is checked against its box. */
export function checkDeclared(action: ShellAction, d: Declared): void {
  const issues = new IssueList();
  for (const s of SITUATIONAL[action] ?? []) {
    const v = d[s.key];
    if (v === undefined) continue;
    const path = `declared.${s.key}`;
    if (s.kind === "flag") issues.bool(path, v);
    else if (s.kind === "number") issues.int(path, v, s.min, s.max);
    else issues.oneOf(path, v, s.choices);
  }
  issues.throwIfAny();
}

// ---------------------------------------------------------------------------------------------
// Declared boxes onto the variant's situations

export function choice<T extends string>(d: Declared, key: string, allowed: readonly T[], initial: T): T {
  const v = d[key];
  return typeof v === "string" && (allowed as readonly string[]).includes(v) ? (v as T) : initial;
}

function variable(d: Declared): { attacker: Assignment; target: Assignment } {
  return { attacker: choice(d, "variableAttacker", ASSIGNMENTS, "result"), target: choice(d, "variableTarget", ASSIGNMENTS, "result") };
}

function grappleDefense(d: Declared): Defense {
  switch (choice(d, "defense", GRAPPLE_DEFENSES, "none")) {
    case "freeAttackMissed":
      return { kind: "freeAttack", hit: false };
    case "freeAttackHit":
      return { kind: "freeAttack", hit: true };
    case "contactHitHarmless":
      return { kind: "freeAttack", hit: true, contact: true, damaged: false, incapacitated: false };
    case "fendOffMissed":
      return { kind: "fendOff", hit: false };
    case "fendOffHit":
      return { kind: "fendOff", hit: true };
    default:
      return { kind: "none" };
  }
}

function overbearDefense(d: Declared): Defense {
  const v = choice(d, "defense", OVERBEAR_DEFENSES, "none");
  return v === "none" ? { kind: "none" } : { kind: "freeAttack", hit: v === "fendOffHit" };
}

export function grappleSituation(ctx: ActionContext, a: PercentileCombatant, holds: readonly Hold[]): GrappleSituation {
  const d = ctx.declared;
  const ability = choice(d, "ability", GRAPPLE_ABILITIES, "none");
  const fixed = declaredNumber(d, "abilityHold");
  // An arm held by someone else's hold is not free to grapple with (004: every arm is needed).
  const armsHeld = holdsOn(a.id, holds).filter((h) => h.row.effects.armHeld === true).length;
  const s: Obj = {
    ...(armsHeld > 0 ? { freeForeLimbs: Math.max(0, a.foreLimbs - armsHeld) } : {}),
    variable: variable(d),
    defense: grappleDefense(d),
    charging: d.charging === true,
    holdingItem: d.holdingItem === true,
    attemptsThisRoutine: d.attemptMade === true ? 1 : 0,
    targetCasting: d.targetCasting === true,
    afterTackle: d.afterTackle === true,
    holds,
    round: ctx.round,
  };
  // The shell offers an ability grapple once the linked attack has hit (004: a hit grapples).
  if (ability !== "none") s.special = { ability, linkedAttackHit: true, ...(fixed !== 0 ? { holdCategory: fixed } : {}), ...(d.holderFree === true ? { holderFree: true } : {}) };
  return validateGrappleSituation(s, "declared");
}

/**
 * Issue 31: a grabbing attack that hit is 004's Grab ability with its attack hit: no attack roll,
 * no free attack or fend-off, the Grapple Result rolled without the attacker's Variable, or the
 * category the option `grabCategory` fixes. The sheet's attack carries the ability.
 */
export function grabSituation(ctx: ActionContext, a: PercentileCombatant, holds: readonly Hold[], category: number): GrappleSituation {
  const d = ctx.declared;
  const s = grappleSituation({ ...ctx, declared: { ...(d.variableTarget !== undefined ? { variableTarget: d.variableTarget } : {}), ability: "grab", abilityHold: category } }, a, holds);
  return { ...s, ...(s.special ? { special: { ...s.special, fromAttack: true } } : {}) };
}

export function overbearSituation(ctx: ActionContext): OverbearSituation {
  const d = ctx.declared;
  const trampleDamage = declaredNumber(d, "trampleDamage");
  return validateOverbearSituation(
    {
      // 004: an overbear is made only at the end of a charge, so this action is one.
      charging: true,
      variable: variable(d),
      defense: overbearDefense(d),
      tackle: d.tackle === true,
      trample: d.trample === true,
      ...(trampleDamage !== 0 ? { trampleDamage } : {}),
      targetCasting: d.targetCasting === true,
      round: ctx.round,
    },
    "declared",
  );
}
