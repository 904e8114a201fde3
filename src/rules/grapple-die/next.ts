/**
 * What follows an action in grapple-die, for the card's closing lines: 002 §Defender Attempts
 * to Break the Hold (on its turn the held creature rolls a grapple die that must meet the one
 * that made the hold, or counter-grapples), hold damage on segment 3 of each later round, and
 * §Strangle Hold's knock-out roll at the end of each round. Who is out once the action is done
 * (`after`, by the unconscious mark as the round end reads it, core/awake.ts) has no turn to try
 * anything; a holder out lets go when the round ends where the option `unconsciousHolderLetsGo`
 * says so, and its hold then does no more.
 */
import { outAfterAction } from "../core/awake.ts";
import { breakChance, breakLine, holderOutLine, holdersKnockedOut, outNoBreakLine } from "../core/next.ts";
import type { ActionContext, AfterAction, NextLine, OddsOutcome, Resolution } from "../variant.ts";
import { validateHold } from "./actions.ts";
import { STRANGLE } from "./tables.ts";

export function grappleDieNext(ctx: ActionContext, r: Resolution, odds: (c: ActionContext) => readonly OddsOutcome[], holderOutLetsGo: boolean, after?: AfterAction): NextLine[] {
  const out = (id: string) => outAfterAction(after, id, false);
  const lines: NextLine[] = [];
  r.consequences.holdsAdded.forEach((rec, i) => {
    const h = validateHold(rec.data, `holdsAdded[${i}].data`);
    if (holderOutLetsGo && out(h.holderId)) {
      lines.push(holderOutLine(h.heldId, h.holderId));
      return;
    }
    if (out(h.heldId)) lines.push(outNoBreakLine(h.heldId, h.holderId));
    else lines.push(breakLine(h.heldId, h.holderId, breakChance(ctx, r, rec, "WC.Result.brokeFree", odds), (pct): { key: string; params: Record<string, number> } => (pct === null ? { key: "WC.NextNumbers.meetDie", params: { die: h.die } } : { key: "WC.NextNumbers.meetDieChance", params: { die: h.die, pct } })));
    if (h.damage.dice || h.damage.flat > 0) lines.push({ key: "WC.Next.holdHurtsEachRound", params: { who: h.heldId, holder: h.holderId, hold: `WC.Hold.${h.name}` } });
    // 002 §Strangle Hold: a victim already out does not black out; kept on, the hold suffocates it.
    if (h.effects.strangle && out(h.heldId)) lines.push({ key: "WC.Next.strangleSuffocates", params: { who: h.heldId, holder: h.holderId, dice: `${STRANGLE.suffocation.count}d${STRANGLE.suffocation.sides}+${STRANGLE.suffocationPlus}` } });
    else if (h.effects.strangle) lines.push({ key: "WC.Next.strangleKnockOut", params: { who: h.heldId, holder: h.holderId } });
  });
  if (holderOutLetsGo) lines.push(...holdersKnockedOut(ctx, r, out, lines));
  return lines;
}
