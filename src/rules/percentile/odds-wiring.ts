/**
 * Variant percentile (004): the odds the action dialog shows, each outcome keyed as its headline
 * would be (the extra actions' odds are in more-wiring.ts).
 */
import { chosenHold, REFUSED_KEY } from "../core/shell.ts";
import type { UntonedOutcome } from "../core/tone.ts";
import { actionTone, toned } from "../core/tone.ts";
import { grabOdds } from "../core/grab.ts";
import type { ActionContext, OddsOutcome } from "../variant.ts";
import { counterBreaks, defaultDamageTo } from "./breaks.ts";
import { holdsOn, rowForCategory } from "./holds.ts";
import { breakFreeOdds, counterGrappleOdds, grappleOdds, overbearOdds } from "./odds.ts";
import type { Outcome } from "./odds.ts";
import { breakFreeRefusal } from "./breaks.ts";
import type { PercentileOptions } from "./options.ts";
import { holdParams, overbearKey, overbearRowFor, reasonKey } from "./headlines.ts";
import { MORE_ACTIONS, moreOdds } from "./more-wiring.ts";
import { breakSubset, setup, unknownAction } from "./setup.ts";
import { grabSituation, grappleSituation, overbearSituation } from "./situational.ts";

/** Outcomes with the same key and parameters are one. */
function merged(list: readonly UntonedOutcome[]): UntonedOutcome[] {
  const out = new Map<string, UntonedOutcome>();
  for (const x of list) {
    const k = `${x.key}|${JSON.stringify(x.params ?? {})}`;
    const cur = out.get(k);
    out.set(k, cur ? { ...cur, p: cur.p + x.p } : x);
  }
  return [...out.values()];
}

function yesNo(p: number, yes: string, no: string): UntonedOutcome[] {
  // A sum of many small shares can stray past 1 in the last bits.
  const q = Math.min(1, Math.max(0, p));
  return [
    { key: yes, p: q },
    { key: no, p: 1 - q },
  ];
}

function grappleOutcome(x: Outcome, o: PercentileOptions): UntonedOutcome {
  if (x.kind.startsWith("notAllowed:")) return { key: REFUSED_KEY, params: { reason: reasonKey(x.kind.slice(11)) }, p: x.p };
  if (x.kind.startsWith("hold:")) return { key: "WC.Result.holdGained", params: holdParams(rowForCategory(o.tables.grappling, Number(x.kind.slice(5)))), p: x.p };
  if (x.kind === "foiled") return { key: "WC.Result.foiled", p: x.p };
  if (x.kind === "linkedAttackMissed") return { key: "WC.Result.linkedAttackMissed", p: x.p };
  return { key: "WC.Result.miss", p: x.p };
}

function overbearOutcome(x: Outcome, trample: boolean, o: PercentileOptions): UntonedOutcome {
  if (x.kind.startsWith("notAllowed:")) return { key: REFUSED_KEY, params: { reason: reasonKey(x.kind.slice(11)) }, p: x.p };
  if (x.kind.startsWith("category:")) {
    const row = overbearRowFor(o.tables.overbear, Number(x.kind.slice(9)));
    // Trample: only a result that does damage counts.
    if (trample && row.damage <= 0) return { key: "WC.Result.trampleFailed", p: x.p };
    // The target down is what an overbear tries for; a row that hurts or hinders without it is part way.
    const tone = row.effects.prone === true ? "good" : row.damage > 0 || Object.entries(row.effects).some(([k, v]) => k !== "targetMayCounter" && v !== false && v !== 0) ? "mid" : "bad";
    return { key: "WC.Result.overbearResult", params: { result: overbearKey(row) }, p: x.p, tone };
  }
  if (x.kind === "avoided") return { key: "WC.Result.avoided", p: x.p };
  return { key: "WC.Result.miss", p: x.p };
}

/** Every outcome with its tone: what it is to the creature acting, as this action reads it. */
export function actionOdds(ctx: ActionContext, rawOptions: unknown): OddsOutcome[] {
  return toned(untonedOdds(ctx, rawOptions), actionTone(ctx.action, ctx.defender.id));
}

function untonedOdds(ctx: ActionContext, rawOptions: unknown): UntonedOutcome[] {
  const { o, a, d, holds } = setup(ctx, rawOptions);
  if (MORE_ACTIONS.includes(ctx.action)) return moreOdds(ctx, a, d, holds, o);
  switch (ctx.action) {
    case "grapple":
      return merged(grappleOdds(a, d, grappleSituation(ctx, a, holds), o).outcomes.map((x) => grappleOutcome(x, o)));
    case "grab":
      return grabOdds(ctx, undefined, merged(grappleOdds(a, d, grabSituation(ctx, a, holds, o.grabCategory), o).outcomes.map((x) => grappleOutcome(x, o))));
    case "overbear": {
      const s = overbearSituation(ctx);
      return merged(overbearOdds(a, d, s, o).outcomes.map((x) => overbearOutcome(x, s.trample === true, o)));
    }
    case "breakFree": {
      const h = chosenHold(ctx, holds, (x) => x.heldId === a.id && x.holderId === d.id);
      const refusal = breakFreeRefusal(a, holds);
      if (refusal) return [{ key: REFUSED_KEY, params: { reason: reasonKey(refusal) }, p: 1 }];
      const r = breakFreeOdds(a, [d], breakSubset(a, d, h, holds), { damageTo: defaultDamageTo(holdsOn(a.id, holds)) }, o);
      if ("notAllowed" in r) return [{ key: REFUSED_KEY, params: { reason: reasonKey(r.notAllowed) }, p: 1 }];
      return yesNo(r.attempts[0]?.pBroken ?? 0, "WC.Result.brokeFree", "WC.Result.stillHeld");
    }
    case "counterGrapple": {
      const r = counterGrappleOdds(a, d, holds, o);
      if ("notAllowed" in r) return [{ key: REFUSED_KEY, params: { reason: reasonKey(r.notAllowed) }, p: 1 }];
      return merged(
        r.categories.map(([category, p]) => {
          const row = rowForCategory(o.tables.grappling, category);
          return { key: counterBreaks(row) ? "WC.Result.counterBroke" : "WC.Result.counterHeld", params: holdParams(row), p };
        }),
      );
    }
    case "release":
      chosenHold(ctx, holds, (x) => x.holderId === a.id && x.heldId === d.id);
      return [{ key: "WC.Result.released", p: 1 }];
    default:
      return unknownAction(ctx.action);
  }
}
