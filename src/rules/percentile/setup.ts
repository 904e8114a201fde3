/**
 * Variant percentile (004): an action's context read into this variant's inputs: the actions it
 * plays, the two creatures, the holds in play, and the conditions the holds give. The grappled
 * and pinned conditions are read from the holds as well as the profiles, since both follow from
 * the holds (004 §Grappled Condition, §Pinned).
 */
import type { HoldRecord } from "../core/consequences.ts";
import { IssueList, RulesInputError } from "../core/errors.ts";
import { unknownAction as unknownActionOf } from "../core/shell.ts";
import type { ActionContext, ShellAction } from "../variant.ts";
import { validateHold } from "./actions.ts";
import type { Hold } from "./holds.ts";
import { grappledByHolds, holderIdsOf } from "./holds.ts";
import type { PercentileOptions } from "./options.ts";
import { PERCENTILE_DEFAULTS } from "./options.ts";
import type { Condition, PercentileCombatant } from "./profile.ts";
import { combatant } from "./profile-fields.ts";

export const ACTIONS: readonly ShellAction[] = ["grapple", "overbear", "breakFree", "counterGrapple", "release", "standUp", "grabItem", "coupDeGrace", "deathBlow", "subdue", "attackIntoGrapple", "grab"];

export const ROUND_MAX = 100000;

export function holdsOf(ctx: { readonly holds: readonly HoldRecord[] }): Hold[] {
  const issues = new IssueList();
  if (!issues.array("holds", ctx.holds)) issues.throwIfAny();
  const list = ctx.holds.map((r, i) => {
    const h = validateHold(r.data, `holds[${i}].data`);
    if (h.holderId !== r.holderId) issues.add(`holds[${i}].data.holderId`, "holdMismatch", { want: r.holderId, got: h.holderId });
    if (h.heldId !== r.heldId) issues.add(`holds[${i}].data.heldId`, "holdMismatch", { want: r.heldId, got: h.heldId });
    return h;
  });
  issues.throwIfAny();
  return list;
}

export function holdRecord(h: Hold): HoldRecord {
  return { id: h.id, holderId: h.holderId, heldId: h.heldId, label: `WC.Hold.${h.row.hold}`, data: h };
}

export const involved = (id: string, holds: readonly Hold[]) => holds.filter((h) => h.holderId === id || h.heldId === id);
export const isPinned = (c: PercentileCombatant, holds: readonly Hold[]) => holderIdsOf(c.id, holds).length >= c.maxMeleeAttackers;

/**
 * The creature with the conditions its holds give it: grappled while in a hold (unless the
 * other side is much larger; a creature the action does not name is taken to be grappled), and
 * pinned when as many hold it as may attack it.
 */
export function withHoldConditions(c: PercentileCombatant, holds: readonly Hold[], known: ReadonlyMap<string, PercentileCombatant>, o: PercentileOptions): PercentileCombatant {
  const extra: Condition[] = [];
  if (grappledByHolds(c, holds, known, o)) extra.push("grappled");
  if (isPinned(c, holds)) extra.push("pinned");
  const added = extra.filter((x) => !c.conditions.includes(x));
  return added.length === 0 ? c : { ...c, conditions: [...c.conditions, ...added] };
}

interface Setup {
  readonly o: PercentileOptions;
  readonly a: PercentileCombatant;
  readonly d: PercentileCombatant;
  readonly holds: Hold[];
}

export function setup(ctx: ActionContext, rawOptions: unknown): Setup {
  const o = (rawOptions ?? PERCENTILE_DEFAULTS) as PercentileOptions;
  if (!ACTIONS.includes(ctx.action)) unknownAction(ctx.action);
  const issues = new IssueList();
  issues.int("round", ctx.round, 0, ROUND_MAX);
  issues.throwIfAny();
  const a0 = combatant(ctx.attacker.id, ctx.attacker.profile, "attacker");
  const d0 = combatant(ctx.defender.id, ctx.defender.profile, "defender");
  if (a0.id === d0.id) throw new RulesInputError([{ path: "defender.id", code: "sameCreature" }]);
  const holds = holdsOf(ctx);
  const known = new Map([
    [a0.id, a0],
    [d0.id, d0],
  ]);
  return { o, a: withHoldConditions(a0, holds, known, o), d: withHoldConditions(d0, holds, known, o), holds };
}

export function unknownAction(action: string): never {
  return unknownActionOf(action, ACTIONS);
}

/** The two creatures an action names, by id (partners of holds the action does not name are taken to be grappled with). */
export function pairOf(a: PercentileCombatant, d: PercentileCombatant): Map<string, PercentileCombatant> {
  return new Map([
    [a.id, a],
    [d.id, d],
  ]);
}

/** Break Free, pairwise: the named hold of the defender on the attacker, and any hold back. */
export function breakSubset(a: PercentileCombatant, d: PercentileCombatant, h: Hold, holds: readonly Hold[]): Hold[] {
  return holds.filter((x) => x.id === h.id || (x.holderId === a.id && x.heldId === d.id));
}
