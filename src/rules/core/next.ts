/**
 * Helpers the variants' "what happens next" lines share: the chance the held creature breaks
 * free on a try, asked of the variant's own odds with the new hold in place.
 */
import type { HoldRecord } from "./consequences.ts";
import type { ActionContext, OddsOutcome, Resolution } from "../variant.ts";

/** The holds in play once a resolution is applied: removed ones gone, added ones in. */
export function holdsAfter(ctx: ActionContext, r: Resolution): HoldRecord[] {
  const removed = new Set(r.consequences.holdsRemoved);
  return [...ctx.holds.filter((h) => !removed.has(h.id)), ...r.consequences.holdsAdded];
}

/** The chance (0-100, whole) that `h`'s held creature breaks it on one try, or null when the odds refuse. */
export function breakChance(ctx: ActionContext, r: Resolution, h: HoldRecord, breakKey: string, odds: (c: ActionContext) => readonly OddsOutcome[]): number | null {
  const held = [ctx.attacker, ctx.defender].find((p) => p.id === h.heldId);
  const holder = [ctx.attacker, ctx.defender].find((p) => p.id === h.holderId);
  if (!held || !holder) return null;
  try {
    const list = odds({ ...ctx, action: "breakFree", attacker: held, defender: holder, holds: holdsAfter(ctx, r), holdId: h.id, declared: {} });
    return Math.round(100 * list.filter((x) => x.key === breakKey).reduce((s, x) => s + x.p, 0));
  } catch {
    return null;
  }
}
