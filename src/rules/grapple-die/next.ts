/**
 * What follows an action in grapple-die, for the card's closing lines: 002 §Defender Attempts
 * to Break the Hold (on its turn the held creature rolls a grapple die that must meet the one
 * that made the hold, or counter-grapples), hold damage on segment 3 of each later round, and
 * §Strangle Hold's knock-out roll at the end of each round.
 */
import { breakChance, breakLine } from "../core/next.ts";
import type { ActionContext, NextLine, OddsOutcome, Resolution } from "../variant.ts";
import { validateHold } from "./actions.ts";

export function grappleDieNext(ctx: ActionContext, r: Resolution, odds: (c: ActionContext) => readonly OddsOutcome[]): NextLine[] {
  const lines: NextLine[] = [];
  r.consequences.holdsAdded.forEach((rec, i) => {
    const h = validateHold(rec.data, `holdsAdded[${i}].data`);
    lines.push(breakLine(h.heldId, h.holderId, breakChance(ctx, r, rec, "WC.Result.brokeFree", odds), (pct): { key: string; params: Record<string, number> } => (pct === null ? { key: "WC.NextNumbers.meetDie", params: { die: h.die } } : { key: "WC.NextNumbers.meetDieChance", params: { die: h.die, pct } })));
    if (h.damage.dice || h.damage.flat > 0) lines.push({ key: "WC.Next.holdHurtsEachRound", params: { who: h.heldId, holder: h.holderId, hold: `WC.Hold.${h.name}` } });
    if (h.effects.strangle) lines.push({ key: "WC.Next.strangleKnockOut", params: { who: h.heldId, holder: h.holderId } });
  });
  return lines;
}
