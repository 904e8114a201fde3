/**
 * What follows an action in percentile, for the card's closing lines: 004 §Break Free (on its
 * turn the held creature may try to break free, needing a result one category above the hold,
 * or counter-grapple) and the kept hold's damage at later round ends. Who is out once the action
 * is done (`after`: the unconscious mark or the ledger, as the round end reads them,
 * core/awake.ts) has no turn to try anything; 004 §Weapon Attack: a holder that falls unconscious
 * lets go, so its hold ends when the round does and hurts no more.
 */
import { outAfterAction } from "../core/awake.ts";
import { breakChance, breakLine, holderOutLine, holdersKnockedOut, outNoBreakLine } from "../core/next.ts";
import type { ActionContext, AfterAction, NextLine, OddsOutcome, Resolution } from "../variant.ts";
import { validateHold } from "./actions.ts";

export function percentileNext(ctx: ActionContext, r: Resolution, odds: (c: ActionContext) => readonly OddsOutcome[], keptHoldHurts: boolean, after?: AfterAction): NextLine[] {
  const out = (id: string) => outAfterAction(after, id, true);
  const lines: NextLine[] = [];
  r.consequences.holdsAdded.forEach((rec, i) => {
    const h = validateHold(rec.data, `holdsAdded[${i}].data`);
    const category = h.row.category + 1;
    if (out(h.holderId)) {
      lines.push(holderOutLine(h.heldId, h.holderId));
      return;
    }
    if (out(h.heldId)) lines.push(outNoBreakLine(h.heldId, h.holderId));
    else lines.push(breakLine(h.heldId, h.holderId, breakChance(ctx, r, rec, "WC.Result.brokeFree", odds), (pct): { key: string; params: Record<string, number> } => (pct === null ? { key: "WC.NextNumbers.category", params: { category } } : { key: "WC.NextNumbers.categoryChance", params: { category, pct } })));
    if (keptHoldHurts && h.original && h.row.damage > 0) lines.push({ key: "WC.Next.holdHurtsEachRound", params: { who: h.heldId, holder: h.holderId, hold: `WC.Hold.${h.row.hold}` } });
  });
  lines.push(...holdersKnockedOut(ctx, r, out, lines));
  return lines;
}
