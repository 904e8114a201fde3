/**
 * Helpers the variants' "what happens next" lines share: the chance the held creature breaks
 * free on a try, asked of the variant's own odds with the new hold in place.
 */
import type { HoldRecord } from "./consequences.ts";
import type { ActionContext, NextLine, OddsOutcome, Resolution } from "../variant.ts";
import { isRefusalOdds, REFUSED_PLAIN_KEY } from "./shell.ts";

/** The holds in play once a resolution is applied: removed ones gone, added ones in. */
export function holdsAfter(ctx: ActionContext, r: Resolution): HoldRecord[] {
  const removed = new Set(r.consequences.holdsRemoved);
  return [...ctx.holds.filter((h) => !removed.has(h.id)), ...r.consequences.holdsAdded];
}

/**
 * The chance (0-100, whole) that `h`'s held creature breaks it on one try; or the reason the
 * rules give why it cannot try now (an i18n key); or null when the odds cannot be had.
 */
export function breakChance(ctx: ActionContext, r: Resolution, h: HoldRecord, breakKey: string, odds: (c: ActionContext) => readonly OddsOutcome[]): { pct: number } | { refused: string } | null {
  const held = [ctx.attacker, ctx.defender].find((p) => p.id === h.heldId);
  const holder = [ctx.attacker, ctx.defender].find((p) => p.id === h.holderId);
  if (!held || !holder) return null;
  try {
    const list = odds({ ...ctx, action: "breakFree", attacker: held, defender: holder, holds: holdsAfter(ctx, r), holdId: h.id, declared: {} });
    const only = list[0];
    if (only && isRefusalOdds(list)) return { refused: typeof only.params?.reason === "string" ? only.params.reason : REFUSED_PLAIN_KEY };
    return { pct: Math.round(100 * list.filter((x) => x.key === breakKey).reduce((s, x) => s + x.p, 0)) };
  } catch {
    return null;
  }
}

/** Who is out tries nothing (core/awake.ts): no break against `holder`'s hold until it comes to. */
export function outNoBreakLine(who: string, holder: string): NextLine {
  return { key: "WC.Next.outNoBreak", params: { who, holder } };
}

/** A holder that is out keeps nothing (core/awake.ts): its hold on `who` ends when the round does. */
export function holderOutLine(who: string, holder: string): NextLine {
  return { key: "WC.Next.holderOutLetsGo", params: { who, holder } };
}

/**
 * The holds kept from before whose holder this action left out (the creature it struck): each
 * ends when the round does, and the card says so.
 */
export function holdersKnockedOut(ctx: ActionContext, r: Resolution, out: (id: string) => boolean, already: readonly NextLine[]): NextLine[] {
  const removed = new Set(r.consequences.holdsRemoved);
  const said = (l: NextLine) => already.some((x) => x.key === l.key && x.params?.who === l.params?.who && x.params?.holder === l.params?.holder);
  return ctx.holds
    .filter((h) => !removed.has(h.id) && h.holderId === ctx.defender.id && out(h.holderId))
    .map((h) => holderOutLine(h.heldId, h.holderId))
    .filter((l, i, all) => !said(l) && all.findIndex((x) => x.params?.who === l.params?.who) === i);
}

/** The line for the held creature's chances against `h`: a try and its numbers, or why it cannot try now. */
export function breakLine(who: string, holder: string, chance: ReturnType<typeof breakChance>, numbers: (pct: number | null) => { key: string; params: Record<string, string | number> }): NextLine {
  if (chance && "refused" in chance) return { key: "WC.Next.cannotBreakNow", params: { who, holder, reason: chance.refused } };
  return { key: "WC.Next.breakOrCounterOnTurn", params: { who, holder }, numbers: numbers(chance ? chance.pct : null), numbersOf: [who, holder] };
}
