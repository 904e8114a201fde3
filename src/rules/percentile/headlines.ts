/**
 * Variant percentile (004): the i18n keys of headlines and odds (reasons, holds, overbear
 * results), and the helpers that state an action's consequences (damage, timed conditions,
 * grappled and pinned, a hold row's notes, an overbear's aftermath).
 *
 * Headline and odds parameters named `hold`, `result` and `reason` carry full i18n keys
 * (WC.Hold.*, WC.Overbear.*, WC.Reason.*), to be localized before they are put in the text.
 */
import type { Consequences } from "../core/consequences.ts";
import { noConsequences } from "../core/consequences.ts";
import { headline, REFUSED_KEY } from "../core/shell.ts";
import type { RangeTable } from "../core/table.ts";
import type { TableDamage } from "./damage.ts";
import type { GrappledSides } from "./grapple.ts";
import type { Hold, Timer } from "./holds.ts";
import type { OverbearResult } from "./overbear.ts";
import type { PercentileCombatant } from "./profile.ts";
import { involved, isPinned } from "./setup.ts";
import type { GrappleRow, OverbearRow } from "./tables.ts";

const REASON: Readonly<Record<string, string>> = {
  cannotAct: "WC.Reason.cannotAct",
  charging: "WC.Reason.charging",
  foreLimbsNotFree: "WC.Reason.foreLimbsNotFree",
  holdingItem: "WC.Reason.holdingItem",
  targetTooLarge: "WC.Reason.targetTooLarge",
  attemptUsed: "WC.Reason.attemptUsed",
  alreadyHolding: "WC.Reason.alreadyHoldsTarget",
  noRoomToJoin: "WC.Reason.noRoomToJoin",
  noSuchAbility: "WC.Reason.noSuchAbility",
  notCharging: "WC.Reason.notCharging",
  targetTooHeavy: "WC.Reason.targetTooHeavy",
  noTrample: "WC.Reason.noTrample",
  notHeld: "WC.Reason.notHeld",
  mutualHold: "WC.Reason.mutualHold",
  notHeldBy: "WC.Reason.notHeldBy",
  notProne: "WC.Reason.notProne",
  heldFast: "WC.Reason.heldFast",
  notHelpless: "WC.Reason.notHelpless",
  attackerInMelee: "WC.Reason.attackerInMelee",
  noVitals: "WC.Reason.noVitals",
  resists: "WC.Reason.resists",
  immune: "WC.Reason.subdualImmune",
  notInGrapple: "WC.Reason.notInGrapple",
  attackerInGrapple: "WC.Reason.attackerInGrapple",
};

export const reasonKey = (reason: string): string => REASON[reason] ?? "WC.Result.notAllowed";
export const holdKey = (row: GrappleRow): string => `WC.Hold.${row.hold}`;
export const overbearKey = (row: OverbearRow): string => `WC.Overbear.${row.result}`;

export type Params = Record<string, string | number>;
export const notAllowed = (reason: string) => headline(REFUSED_KEY, { reason: reasonKey(reason) });
export const holdParams = (row: GrappleRow): Params => ({ hold: holdKey(row), category: row.category });

/** The overbear row for a category: the highest row in it, else the first row. */
export function overbearRowFor(table: RangeTable<OverbearRow>, category: number): OverbearRow {
  let best: OverbearRow | undefined;
  for (const r of table.rows) if (r.result.category <= category) best = r.result;
  return best ?? (table.rows[0] as { result: OverbearRow }).result;
}

// ---------------------------------------------------------------------------------------------
// Consequences

export function addDamage(c: Consequences, targetId: string, damage: TableDamage | null, reason: string): void {
  if (damage && damage.split.total > 0) c.damage.push({ targetId, actual: damage.split.actual, temporary: damage.split.temporary, reason });
}

export function addTimers(c: Consequences, timers: readonly Timer[]): void {
  for (const t of timers) {
    if (t.condition === "hindered") c.notes.push({ key: "WC.Note.hindered", targetId: t.id });
    else c.conditions.push({ targetId: t.id, condition: t.condition, active: true, rounds: t.rounds });
  }
}

export function addGrappled(c: Consequences, attackerId: string, targetId: string, g: GrappledSides): void {
  if (g.attacker) c.conditions.push({ targetId: attackerId, condition: "grappled", active: true });
  if (g.target) c.conditions.push({ targetId, condition: "grappled", active: true });
}

/** Grappled ends for a creature left in no hold; pinned follows the count of holders. */
export function settleHoldConditions(c: Consequences, people: readonly PercentileCombatant[], before: readonly Hold[], after: readonly Hold[]): void {
  for (const p of people) {
    if (involved(p.id, before).length > 0 && involved(p.id, after).length === 0) c.conditions.push({ targetId: p.id, condition: "grappled", active: false });
    const was = isPinned(p, before);
    const now = isPinned(p, after);
    if (was !== now) c.conditions.push({ targetId: p.id, condition: "pinned", active: now });
  }
}

export function holdRowNotes(c: Consequences, row: GrappleRow, holderId: string, heldId: string): void {
  const e = row.effects;
  if (e.targetMayCounter) c.notes.push({ key: "WC.Note.mayCounter", targetId: heldId });
  if (e.dropsItem) c.notes.push({ key: "WC.Note.dropsItem", targetId: heldId });
  if (e.holderChoice === "trip") c.notes.push({ key: "WC.Note.mayTrip", targetId: holderId });
  if (e.holderChoice === "throw") c.notes.push({ key: "WC.Note.mayThrow", targetId: holderId });
  if (e.extraAttack) c.notes.push({ key: "WC.Note.extraAttack", targetId: holderId });
}

export function overbearConsequences(a: PercentileCombatant, d: PercentileCombatant, r: OverbearResult): Consequences {
  const c = noConsequences();
  if (r.kind === "notAllowed") return c;
  if (r.defense.spellSpoiled) c.notes.push({ key: "WC.Note.spellSpoiled", targetId: d.id });
  const after = r.aftermath;
  if (after.targetProne) c.conditions.push({ targetId: d.id, condition: "prone", active: true });
  if (after.attackerProne) c.conditions.push({ targetId: a.id, condition: "prone", active: true });
  if (after.grappleNextRoundUnopposed) c.notes.push({ key: "WC.Note.tackleFollowUp", targetId: a.id });
  if (r.kind !== "result" || r.trampleCounts === false) return c;
  addDamage(c, d.id, r.damage, "WC.Action.overbear");
  addTimers(c, r.timers);
  const e = r.row.effects;
  if (e.targetMayCounter) c.notes.push({ key: "WC.Note.mayStrikeBack", targetId: d.id });
  if (e.attackerAtFeet) c.notes.push({ key: "WC.Note.attackerAtFeet", targetId: a.id });
  if (e.extraAttack) c.notes.push({ key: "WC.Note.extraAttack", targetId: a.id });
  if (e.losesMinorAction) c.notes.push({ key: "WC.Note.losesMinorAction", targetId: d.id });
  return c;
}
