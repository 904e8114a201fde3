/**
 * Variant grapple-die (002): an action resolved with the dice, and what it does to the world.
 * Who is who: see variant.ts.
 */
import { releaseProcedure } from "../core/procedures.ts";
import type { Consequences } from "../core/consequences.ts";
import { noConsequences } from "../core/consequences.ts";
import type { Dice } from "../core/dice.ts";
import { headline, refusedHeadline, riseConsequences } from "../core/shell.ts";
import type { ActionContext, Resolution } from "../variant.ts";
import { rollBreak } from "./breaks.ts";
import { breakConsequences, changeHoldConsequences, grabHoldConsequences, grappleConsequences, overbearConsequences, pummelConsequences } from "./consequences.ts";
import { resolveChangeHold, resolveCounterGrapple, resolveGrabHold, resolveGrapple } from "./grapple.ts";
import { isHit } from "./attack.ts";
import { grabProcedure } from "../core/grab.ts";
import { resolveCoupDeGrace, resolveGrabItem, resolveIntoGrapple, resolvePummelRoutine, resolveStandUp } from "./more.ts";
import { resolveOverbear } from "./overbear.ts";
import { resolvePummel, resolveSubdue } from "./pummel.ts";
import { keyOf, refusal, spendFreeAttack, strikeDamage } from "./headlines.ts";
import { coupConsequences, coupHeadline, coupSituation, grabConsequences, intoConsequences, intoHeadline, intoSituation, limbSituation, othersOf, routineConsequences, routineHeadline } from "./more-wiring.ts";
import { blowSituation, checkCounter, chosenHold, grappleKind, grappleSituation, holdsOn, overbearSituation, parse, unknownAction } from "./setup.ts";
import { asDeclared, freeAttackInput, num, strikeInput } from "./situational.ts";

export function resolveAction(ctx: ActionContext, rawOptions: unknown, dice: Dice): Resolution {
  const p = parse(ctx, rawOptions);
  const { o, a, d, holds } = p;
  const decl = p.decl;
  const done = (result: unknown, consequences: Consequences, h: { key: string; params?: Record<string, string | number> }): Resolution => ({
    action: ctx.action,
    result,
    consequences,
    headline: headline(h.key, h.params),
  });
  switch (ctx.action) {
    case "grapple": {
      const s = grappleSituation(p);
      const kind = grappleKind(ctx, p);
      const target = asDeclared(d, decl);
      if (kind.change) {
        const r = resolveChangeHold(a, target, kind.change, s, o.table, o, dice);
        return done(r, changeHoldConsequences(r), r.kind === "hold" ? keyOf(`changed:${r.hold.name}`) : keyOf(r.kind));
      }
      const r = resolveGrapple(a, target, s, freeAttackInput(ctx, decl), o.table, o, dice);
      const c = spendFreeAttack(strikeDamage(grappleConsequences(r), a.id, r.freeAttack, "WC.Purpose.freeAttackDamage"), r.freeAttack, d.id, a.id);
      return done(r, c, keyOf(r.kind === "hold" ? `hold:${r.hold.name}` : r.kind));
    }
    case "grab": {
      // Issue 31: the monster's attack hits (002's d20, a natural 20 as option natural20AlwaysHits
      // says), then 002 step 4: the grapple die; the monster's damage fills the hold's slot.
      // A creature already holding the target has its hold (a new die is changing it, not a grab).
      if (holds.some((h) => h.holderId === a.id && h.heldId === d.id)) return done({ kind: "notAllowed", reason: "alreadyHolding" }, noConsequences(), refusedHeadline("alreadyHolding"));
      return grabProcedure(ctx, dice, (face, total, needed) => isHit(face, total, needed, o), o.grabDamage, "eachRound", (_attack, damage) => {
        const r = resolveGrabHold(a, asDeclared(d, decl), grappleSituation(p), o.table, o, dice, { ...(o.grabDieSlip === "firstHold" ? { noSlip: true } : {}), ...(damage ? { damage } : {}) });
        return { result: r, consequences: grabHoldConsequences(r), headline: keyOf(r.kind === "hold" ? `hold:${r.hold.name}` : r.kind) };
      });
    }
    case "counterGrapple": {
      checkCounter(p);
      const r = resolveCounterGrapple(a, asDeclared(d, decl), grappleSituation(p), freeAttackInput(ctx, decl), o.table, o, dice);
      const c = spendFreeAttack(strikeDamage(grappleConsequences(r), a.id, r.freeAttack, "WC.Purpose.freeAttackDamage"), r.freeAttack, d.id, a.id);
      return done(r, c, keyOf(r.kind === "hold" ? `hold:${r.hold.name}` : r.kind));
    }
    case "breakFree": {
      const h = chosenHold(ctx, holds, holdsOn(d.id, a.id), { path: "defender", code: "notHeldByTarget" });
      const r = rollBreak(a, d, h, grappleSituation(p), o, dice);
      return done(r, breakConsequences(r), keyOf(r.kind));
    }
    case "release": {
      const r = releaseProcedure((fits) => chosenHold(ctx, holds, fits, { path: "attacker", code: "holdsNothing" }), a.id, d.id);
      return done(r.result, r.consequences, { key: r.key });
    }
    case "overbear": {
      const r = resolveOverbear(a, d, overbearSituation(p), strikeInput(decl, "immediateAttack"), o, dice);
      if (r.kind === "notAllowed") return done(r, noConsequences(), refusedHeadline(r.limits.exceeded[0] ?? "cannotAct"));
      const c = overbearConsequences(d.id, r);
      strikeDamage(c, a.id, r.immediateAttack, "WC.Purpose.immediateAttackDamage");
      if (r.kind === "overborne" && r.effect.kind === "pushed") return done(r, c, { key: "WC.Result.pushed", params: { feet: r.effect.feet } });
      return done(r, c, keyOf(r.kind));
    }
    case "pummel": {
      const limbs = num(decl, "limbs") ?? 1;
      if (limbs > 1) {
        const r = resolvePummelRoutine(a, d, limbSituation(p), o, dice);
        return done(r, routineConsequences(d.id, r), routineHeadline(r));
      }
      const r = resolvePummel(a, d, blowSituation(p), o, dice);
      if (r.kind === "notAllowed") return done(r, noConsequences(), refusedHeadline(r.reason));
      if (r.kind !== "hit") return done(r, pummelConsequences(d.id, r), keyOf(r.kind));
      return done(r, pummelConsequences(d.id, r), { key: r.stunSegments > 0 ? "WC.Result.hitForStunned" : "WC.Result.hitFor", params: { damage: r.split.total } });
    }
    case "standUp": {
      // The attacker is the creature getting up; the defender plays no part.
      const r = resolveStandUp(a, holds, o);
      const c = noConsequences();
      if (r.kind === "notAllowed") return done(r, c, refusal(r.reason));
      return done(r, c, riseConsequences(c, a.id, r.takes, ctx.inCombat));
    }
    case "grabItem": {
      const r = resolveGrabItem(a, d, holds, freeAttackInput(ctx, decl), o, dice);
      return done(r, grabConsequences(a.id, d.id, r), r.kind === "notAllowed" ? refusal(r.reason) : keyOf(r.kind));
    }
    case "coupDeGrace": {
      const r = resolveCoupDeGrace(a, d, coupSituation(decl), o);
      return done(r, coupConsequences(d.id, r), coupHeadline(r));
    }
    case "attackIntoGrapple": {
      const r = resolveIntoGrapple(a, d, othersOf(ctx), intoSituation(p), o, dice);
      return done(r, intoConsequences(r), intoHeadline(r));
    }
    case "subdue": {
      const r = resolveSubdue(a, d, blowSituation(p), o, dice);
      if (r.kind === "notAllowed") return done(r, noConsequences(), refusedHeadline(r.reason));
      if (r.kind !== "hit") return done(r, pummelConsequences(d.id, r), keyOf(r.kind));
      return done(r, pummelConsequences(d.id, r), { key: "WC.Result.hitFor", params: { damage: r.split.total } });
    }
    default:
      return unknownAction(ctx.action);
  }
}
