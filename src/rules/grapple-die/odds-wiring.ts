/**
 * Variant grapple-die (002): the exact odds the action dialog shows, each outcome keyed as its
 * headline would be.
 */
import { noConsequences } from "../core/consequences.ts";
import { refusedHeadline, riseConsequences } from "../core/shell.ts";
import type { UntonedOutcome } from "../core/tone.ts";
import { actionTone, toned } from "../core/tone.ts";
import { grabOdds } from "../core/grab.ts";
import { isHit } from "./attack.ts";
import type { ActionContext, OddsOutcome } from "../variant.ts";
import type { Outcome } from "./odds.ts";
import { breakOdds, changeHoldOdds, counterGrappleOdds, grappleDieOdds, grappleOdds, overbearOdds, pummelOdds, subdueOdds } from "./odds.ts";
import { grabItemOdds, intoGrappleOdds, pummelRoutineOdds, resolveCoupDeGrace, resolveStandUp } from "./more.ts";
import { overbearLimits } from "./overbear.ts";
import { pummelRefusal } from "./pummel.ts";
import { keyOf, refusal } from "./headlines.ts";
import { coupHeadline, coupSituation, intoSituation, limbSituation, othersOf } from "./more-wiring.ts";
import { blowSituation, checkCounter, chosenHold, grappleKind, grappleSituation, holdsOn, overbearSituation, parse, unknownAction } from "./setup.ts";
import { asDeclared, freeAttackInput, num, strikeInput } from "./situational.ts";

function keyed(list: readonly Outcome[]): UntonedOutcome[] {
  return list.map((x) => ({ ...keyOf(x.kind), p: x.p }));
}

/** Every outcome with its tone: what it is to the creature acting, as this action reads it. */
export function actionOdds(ctx: ActionContext, rawOptions: unknown): OddsOutcome[] {
  return toned(untonedOdds(ctx, rawOptions), actionTone(ctx.action, ctx.defender.id));
}

function untonedOdds(ctx: ActionContext, rawOptions: unknown): UntonedOutcome[] {
  const p = parse(ctx, rawOptions);
  const { o, a, d, holds } = p;
  const decl = p.decl;
  switch (ctx.action) {
    case "grapple": {
      const s = grappleSituation(p);
      const kind = grappleKind(ctx, p);
      const target = asDeclared(d, decl);
      if (kind.change) return keyed(changeHoldOdds(a, target, kind.change, s, o.table, o).outcomes);
      return keyed(grappleOdds(a, target, s, freeAttackInput(ctx, decl), o.table, o).outcomes);
    }
    case "grab": {
      // Issue 31: the attack's hit, then the grapple die alone (a slip read as the first hold under option grabDieSlip).
      if (holds.some((h) => h.holderId === a.id && h.heldId === d.id)) return [{ ...refusedHeadline("alreadyHolding"), p: 1 }];
      const die = grappleDieOdds(a, asDeclared(d, decl), grappleSituation(p), o.table, o);
      const first = o.table.rows.find((r) => r.result.kind === "hold")?.result.name;
      const kinds = new Map(o.table.rows.map((r) => [r.result.name, r.result.kind]));
      const merged = new Map<string, number>();
      for (const r of die.rows) {
        const kind = kinds.get(r.kind) === "slip" ? (o.grabDieSlip === "firstHold" && first ? `hold:${first}` : "slip") : `hold:${r.kind}`;
        merged.set(kind, (merged.get(kind) ?? 0) + r.p);
      }
      return grabOdds(ctx, (face, total, needed) => isHit(face, total, needed, o), keyed([...merged].map(([kind, pr]) => ({ kind, p: pr }))));
    }
    case "counterGrapple":
      checkCounter(p);
      return keyed(counterGrappleOdds(a, asDeclared(d, decl), grappleSituation(p), freeAttackInput(ctx, decl), o.table, o).outcomes);
    case "breakFree": {
      const h = chosenHold(ctx, holds, holdsOn(d.id, a.id), { path: "defender", code: "notHeldByTarget" });
      return keyed(breakOdds(a, d, h, grappleSituation(p), o).outcomes);
    }
    case "release":
      chosenHold(ctx, holds, holdsOn(a.id, d.id), { path: "attacker", code: "holdsNothing" });
      return [{ key: "WC.Result.released", p: 1 }];
    case "overbear": {
      const limits = overbearLimits(a, d, o);
      if (!limits.allowed) return [{ ...refusedHeadline(limits.exceeded[0] ?? "cannotAct"), p: 1 }];
      const s = overbearSituation(p);
      const odds = overbearOdds(a, d, s, strikeInput(decl, "immediateAttack"), o);
      if (s.effect !== "push") return keyed(odds.outcomes);
      // A push's distance comes from the attack roll: one outcome per distance.
      return odds.outcomes.flatMap((x): UntonedOutcome[] =>
        x.kind === "overborne" ? odds.pushFeet.map(([feet, share]) => ({ key: "WC.Result.pushed", params: { feet }, p: x.p * share })) : [{ ...keyOf(x.kind), p: x.p }],
      );
    }
    case "standUp": {
      const r = resolveStandUp(a, holds, o);
      if (r.kind === "notAllowed") return [{ ...refusal(r.reason), p: 1 }];
      return [{ ...riseConsequences(noConsequences(), a.id, r.takes, ctx.inCombat), p: 1 }];
    }
    case "grabItem":
      return grabItemOdds(a, d, holds, freeAttackInput(ctx, decl), o).outcomes.map((x) => ({ ...(x.kind === "notAllowed" ? refusal("notFavourable") : keyOf(x.kind)), p: x.p }));
    case "coupDeGrace":
      return [{ ...coupHeadline(resolveCoupDeGrace(a, d, coupSituation(decl), o)), p: 1 }];
    case "attackIntoGrapple":
      return intoGrappleOdds(a, d, othersOf(ctx), intoSituation(p), o).outcomes.map((x) => {
        const [kind, rest] = [x.kind.slice(0, x.kind.indexOf(":")), x.kind.slice(x.kind.indexOf(":") + 1)];
        if (kind === "notAllowed") return { ...refusal(rest), p: x.p };
        return { key: kind === "hit" ? "WC.Result.blowLands" : "WC.Result.blowMisses", params: { who: rest }, p: x.p };
      });
    case "pummel": {
      const why = pummelRefusal(a, d, o);
      if (why) return [{ ...refusedHeadline(why), p: 1 }];
      const limbs = num(decl, "limbs") ?? 1;
      if (limbs > 1) {
        return pummelRoutineOdds(a, d, limbSituation(p), o).outcomes.map((x) => ({ ...(x.kind === "notAllowed" ? keyOf("notAllowed") : { key: "WC.Result.limbsHit", params: { hits: Number(x.kind.slice(5)), limbs } }), p: x.p }));
      }
      const odds = pummelOdds(a, d, blowSituation(p), o);
      // A natural 20 that hits also stuns: split the hits.
      const split = odds.outcomes.flatMap((x): Outcome[] =>
        x.kind === "hit"
          ? [
              { kind: "hit", p: x.p - odds.pStunned },
              { kind: "hitStunned", p: odds.pStunned },
            ]
          : [x],
      );
      return keyed(split.filter((x) => x.p > 0));
    }
    case "subdue":
      if (d.playerCharacter) return [{ ...refusedHeadline("playerCharacter"), p: 1 }];
      if (a.readiedAttack === null) return [{ ...refusedHeadline("unarmed"), p: 1 }];
      return keyed(subdueOdds(a, d, blowSituation(p), o).outcomes);
    default:
      return unknownAction(ctx.action);
  }
}
