/**
 * Variant d12-holds (000): the exact odds the action dialog shows, each outcome keyed as its
 * headline would be.
 */
import { noConsequences } from "../core/consequences.ts";
import { grabOdds } from "../core/grab.ts";
import { pAtLeast } from "../core/dist.ts";
import { chosenHold, refusedHeadline, unknownAction } from "../core/shell.ts";
import { sumMods } from "../core/trace.ts";
import type { UntonedOutcome } from "../core/tone.ts";
import { actionTone, toned } from "../core/tone.ts";
import type { ActionContext, OddsOutcome } from "../variant.ts";
import { breakModifiers, distinctHolders, liftOffBar } from "./breaks.ts";
import { grappleEligibility } from "./grapple.ts";
import { resolveStandUp } from "./holds.ts";
import { breakOdds, chargeOdds, grappleOdds, overbearOdds, pummelOdds } from "./odds.ts";
import type { D12Options } from "./options.ts";
import { pummelEligibility } from "./pummel.ts";
import { BREAK_TARGET } from "./tables.ts";
import { eligibilityReason, standUp } from "./headlines.ts";
import { combatant } from "./profile-fields.ts";
import { ACTIONS, holdsOf } from "./setup.ts";
import { firstStrike, situation } from "./situational.ts";

/** Every outcome with its tone: what it is to the creature acting, as this action reads it. */
export function actionOdds(ctx: ActionContext, rawOptions: unknown): OddsOutcome[] {
  return toned(untonedOdds(ctx, rawOptions), actionTone(ctx.action, ctx.defender.id));
}

function untonedOdds(ctx: ActionContext, rawOptions: unknown): UntonedOutcome[] {
  const o = rawOptions as D12Options;
  const a = combatant(ctx.attacker.id, ctx.attacker.profile, "attacker");
  const d = combatant(ctx.defender.id, ctx.defender.profile, "defender");
  const holds = holdsOf(ctx);
  const s = situation(ctx, holds);
  // The odds say only "not allowed"; the headline of the refused resolution names why.
  const refusal = ctx.action === "grapple" || ctx.action === "grab" ? eligibilityReason(grappleEligibility(a, s)) : ctx.action === "pummel" ? eligibilityReason(pummelEligibility(a)) : undefined;
  const keyed = (list: ReadonlyArray<{ kind: string; p: number }>): UntonedOutcome[] =>
    list.map((x): UntonedOutcome => {
      if (x.kind === "notAllowed" && refusal) return { ...refusedHeadline(refusal), p: x.p };
      if (x.kind.startsWith("hold:")) return { key: "WC.Result.hold", params: { part: x.kind.slice(5) }, p: x.p };
      if (x.kind.startsWith("hits:")) return { key: "WC.Result.hits", params: { hits: Number(x.kind.slice(5)) }, p: x.p };
      return { key: `WC.Result.${x.kind}`, p: x.p };
    });
  const yesNo = (p: number, yes: string, no: string): UntonedOutcome[] => [
    { key: yes, p },
    { key: no, p: 1 - p },
  ];
  switch (ctx.action) {
    case "grapple":
      return keyed(grappleOdds(a, d, s, o).outcomes);
    case "grab":
      return grabOdds(ctx, undefined, keyed(grappleOdds(a, d, s, o, o.grabHold === "body" ? { part: "body" } : {}).outcomes));
    case "pummel":
      return keyed(pummelOdds(a, d, s, o).outcomes);
    case "chargingOverbear":
      // A creature held fast cannot charge (the module keeps a held creature in place).
      if (holds.some((h) => h.heldId === a.id)) return [{ ...refusedHeadline("heldCannotCharge"), p: 1 }];
      return keyed(chargeOdds(a, d, s, firstStrike(ctx.declared), o));
    case "overbear":
      // 000 §Overbearing: only a creature that has gained a hold on the target may try.
      if (!holds.some((h) => h.heldId === d.id && h.holderId === a.id)) return [{ ...refusedHeadline("noHoldOnTarget"), p: 1 }];
      return yesNo(overbearOdds(d, holds, [a.id], o).p, "WC.Result.overborne", "WC.Result.resisted");
    case "breakFree": {
      const h = chosenHold(ctx, holds, (x) => x.heldId === a.id && x.holderId === d.id);
      return yesNo(breakOdds(a, h, distinctHolders(holds.filter((x) => x.heldId === a.id)), o), "WC.Result.brokeFree", "WC.Result.stillHeld");
    }
    case "liftOff": {
      const bar = liftOffBar(a, holds);
      if (bar) return [{ ...refusedHeadline(bar), p: 1 }];
      const pAll = holds.filter((h) => h.heldId === a.id).reduce((p, h) => p * pAtLeast(12, sumMods(breakModifiers(a, h, o)), BREAK_TARGET.liftOff), 1);
      return yesNo(pAll, "WC.Result.allBroken", "WC.Result.someHeld");
    }
    case "release":
      return [{ key: "WC.Result.released", p: 1 }];
    case "standUp":
      return [{ ...standUp(resolveStandUp(a, holds), a.id, ctx.inCombat, noConsequences()), p: 1 }];
    default:
      return unknownAction(ctx.action, ACTIONS);
  }
}
