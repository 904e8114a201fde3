/**
 * Variant grapple-die (002): an action's context read into this variant's inputs: the actions it
 * plays, the two creatures, the holds in play and the hold an action means, and the situations
 * of the grapple, the overbear and a blow.
 */
import type { HoldRecord } from "../core/consequences.ts";
import { IssueList, RulesInputError } from "../core/errors.ts";
import { unknownAction as unknownActionOf } from "../core/shell.ts";
import type { ActionContext, Declared, ShellAction } from "../variant.ts";
import { validateHold } from "./actions.ts";
import type { GrappleSituation } from "./grapple.ts";
import type { Hold } from "./holds.ts";
import type { GrappleDieOptions } from "./options.ts";
import { resolveOptions } from "./options.ts";
import type { OverbearSituation } from "./overbear.ts";
import type { GdCombatant } from "./profile.ts";
import type { PummelSituation, SubdueSituation } from "./pummel.ts";
import { combatant } from "./profile-fields.ts";
import { declaredFor, num } from "./situational.ts";

export const ACTIONS: readonly ShellAction[] = ["grapple", "counterGrapple", "breakFree", "release", "overbear", "pummel", "subdue", "standUp", "grabItem", "coupDeGrace", "attackIntoGrapple", "grab"];

export function unknownAction(action: string): never {
  return unknownActionOf(action, ACTIONS);
}

export function holdsOf(ctx: { readonly holds: readonly HoldRecord[] }): Hold[] {
  const issues = new IssueList();
  const ids = new Set<string>();
  const holds = ctx.holds.map((h, i) => {
    const hold = validateHold(h.data, `holds[${i}].data`);
    if (hold.id !== h.id) issues.add(`holds[${i}].id`, "holdMismatch", { want: hold.id, got: h.id });
    if (ids.has(hold.id)) issues.add(`holds[${i}].id`, "duplicateId", { id: hold.id });
    ids.add(hold.id);
    return hold;
  });
  issues.throwIfAny();
  return holds;
}

/** The hold an action means: the one named, or the first that fits. */
export function chosenHold(ctx: ActionContext, holds: readonly Hold[], fits: (h: Hold) => boolean, none: { path: string; code: string }): Hold {
  if (ctx.holdId !== undefined) {
    const named = holds.find((h) => h.id === ctx.holdId && fits(h));
    if (!named) throw new RulesInputError([{ path: "holdId", code: "noSuchHold", params: { id: ctx.holdId } }]);
    return named;
  }
  const h = holds.find(fits);
  if (!h) throw new RulesInputError([none]);
  return h;
}

export interface Parsed {
  readonly o: GrappleDieOptions;
  readonly a: GdCombatant;
  readonly d: GdCombatant;
  readonly holds: Hold[];
  readonly round: number;
  readonly decl: Declared;
}

export function parse(ctx: ActionContext, rawOptions: unknown): Parsed {
  if (!ACTIONS.includes(ctx.action)) unknownAction(ctx.action);
  const o = resolveOptions(rawOptions);
  const a = combatant(ctx.attacker.id, ctx.attacker.profile, "attacker");
  const d = combatant(ctx.defender.id, ctx.defender.profile, "defender");
  if (a.id === d.id) throw new RulesInputError([{ path: "defender.id", code: "attacksItself" }]);
  const decl = declaredFor(ctx.action, ctx.declared);
  return { o, a, d, holds: holdsOf(ctx), round: Math.max(1, ctx.round), decl };
}

export const holdsOn = (holderId: string, heldId: string) => (h: Hold) => h.holderId === holderId && h.heldId === heldId;

/** The grapple situation; a new hold's id is the first `holder>held@round.n` not in use. */
export function grappleSituation(p: Parsed): GrappleSituation {
  const d = p.decl;
  let attackIndex = 1;
  while (p.holds.some((h) => h.id === `${p.a.id}>${p.d.id}@${p.round}.${attackIndex}`)) attackIndex++;
  const toHitBonus = num(d, "toHitBonus");
  const dieBonus = num(d, "dieBonus");
  return { round: p.round, holds: p.holds, attackIndex, ...(toHitBonus !== undefined ? { toHitBonus } : {}), ...(dieBonus !== undefined ? { dieBonus } : {}) };
}

export function overbearSituation(p: Parsed): OverbearSituation {
  const d = p.decl;
  const toHitBonus = num(d, "toHitBonus");
  const terrain = num(d, "terrain");
  const saveBonus = num(d, "saveBonus");
  return {
    holds: p.holds,
    effect: d.overbearEffect === "push" ? "push" : "prone",
    ...(toHitBonus !== undefined ? { toHitBonus } : {}),
    ...(terrain !== undefined ? { terrain } : {}),
    ...(saveBonus !== undefined ? { saveBonus } : {}),
  };
}

export function blowSituation(p: Parsed): PummelSituation & SubdueSituation {
  const d = p.decl;
  const toHitBonus = num(d, "toHitBonus");
  const damageBonus = num(d, "damageBonus");
  const weaponVsArmor = num(d, "weaponVsArmor");
  return {
    holds: p.holds,
    ...(toHitBonus !== undefined ? { toHitBonus } : {}),
    ...(damageBonus !== undefined ? { damageBonus } : {}),
    ...(weaponVsArmor !== undefined ? { weaponVsArmor } : {}),
  };
}

/**
 * A grapple on a creature the attacker already holds must be declared as changing that hold
 * (002 §Grapple Procedure step 6: a new grapple die on the hold); otherwise it is a new attempt.
 */
export function grappleKind(ctx: ActionContext, p: Parsed): { change: Hold } | { change: null } {
  const mine = holdsOn(p.a.id, p.d.id);
  if (p.decl.changeHold === true) return { change: chosenHold(ctx, p.holds, mine, { path: "attacker", code: "holdsNothing" }) };
  if (p.holds.some(mine)) throw new RulesInputError([{ path: "declared.changeHold", code: "alreadyHolds" }]);
  return { change: null };
}

/** 002 §Defender Attempts to Counter-Grapple: only a creature the defender holds counters. */
export function checkCounter(p: Parsed): void {
  if (!p.holds.some(holdsOn(p.d.id, p.a.id))) throw new RulesInputError([{ path: "defender", code: "notHeldByTarget" }]);
}
