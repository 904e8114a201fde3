/**
 * Variant percentile (004): an action resolved with the dice, and what it does to the world, for
 * the grapple, the overbear and what a hold opens (break free, counter-grapple, let go); the
 * extra actions are in more-wiring.ts.
 */
import { releaseProcedure } from "../core/procedures.ts";
import type { Consequences } from "../core/consequences.ts";
import { noConsequences } from "../core/consequences.ts";
import type { Dice } from "../core/dice.ts";
import { chosenHold, headline } from "../core/shell.ts";
import type { ActionContext, Resolution } from "../variant.ts";
import { breakFreeRefusal, defaultDamageTo, resolveBreakFree, resolveCounterGrapple } from "./breaks.ts";
import { resolveGrapple } from "./grapple.ts";
import { holdsOn } from "./holds.ts";
import { resolveOverbear } from "./overbear.ts";
import type { Params } from "./headlines.ts";
import { addDamage, addGrappled, addTimers, holdParams, holdRowNotes, notAllowed, overbearConsequences, overbearKey, settleHoldConditions } from "./headlines.ts";
import { MORE_ACTIONS, moreResolve } from "./more-wiring.ts";
import { breakSubset, holdRecord, setup, unknownAction } from "./setup.ts";
import { grabSituation, grappleSituation, overbearSituation } from "./situational.ts";
import { grabProcedure } from "../core/grab.ts";

export function resolveAction(ctx: ActionContext, rawOptions: unknown, dice: Dice): Resolution {
  const { o, a, d, holds } = setup(ctx, rawOptions);
  if (MORE_ACTIONS.includes(ctx.action)) return moreResolve(ctx, a, d, holds, o, dice);
  const done = (result: unknown, consequences: Consequences, h: { key: string; params?: Params }): Resolution => ({ action: ctx.action, result, consequences, headline: h });
  // A hold gained, by a grapple or a grab: the hold, its damage, who is grappled, the conditions, its timers and its row's notes.
  const holdGained = (r: Extract<ReturnType<typeof resolveGrapple>, { kind: "hold" }>, c: Consequences, why: string): { key: string; params?: Params } => {
    c.holdsAdded.push(holdRecord(r.hold));
    addDamage(c, d.id, r.damage, why);
    addGrappled(c, a.id, d.id, r.grappled);
    settleHoldConditions(c, [a, d], holds, [...holds, r.hold]);
    addTimers(c, r.timers);
    holdRowNotes(c, r.row, a.id, d.id);
    return headline("WC.Result.holdGained", holdParams(r.row));
  };
  switch (ctx.action) {
    case "grapple": {
      const r = resolveGrapple(a, d, grappleSituation(ctx, a, holds), o, dice);
      const c = noConsequences();
      if (r.kind === "notAllowed") return done(r, c, notAllowed(r.reason));
      if (r.kind === "linkedAttackMissed") return done(r, c, headline("WC.Result.linkedAttackMissed"));
      if (r.defense.spellSpoiled) c.notes.push({ key: "WC.Note.spellSpoiled", targetId: d.id });
      if (r.kind === "foiled") return done(r, c, headline("WC.Result.foiled"));
      if (r.kind === "miss") return done(r, c, headline("WC.Result.miss"));
      return done(r, c, holdGained(r, c, "WC.Action.grapple"));
    }
    case "grab":
      // Issue 31: the monster's attack hits (a d20 at the number it needs), then 004's Grab.
      return grabProcedure(ctx, dice, undefined, o.grabDamage, "eachRound", (_attack, damage) => {
        const r = resolveGrapple(a, d, grabSituation(ctx, a, holds, o.grabCategory), o, dice, damage ?? undefined);
        const c = noConsequences();
        if (r.kind === "notAllowed") return { result: r, consequences: c, headline: notAllowed(r.reason) };
        if (r.kind !== "hold") return { result: r, consequences: c, headline: headline(`WC.Result.${r.kind}`) };
        return { result: r, consequences: c, headline: holdGained(r, c, "WC.Action.grab") };
      });
    case "overbear": {
      const r = resolveOverbear(a, d, overbearSituation(ctx), o, dice);
      const c = overbearConsequences(a, d, r);
      if (r.kind === "notAllowed") return done(r, c, notAllowed(r.reason));
      if (r.kind === "avoided") return done(r, c, headline("WC.Result.avoided"));
      if (r.kind === "miss") return done(r, c, headline("WC.Result.miss"));
      if (r.trampleCounts === false) return done(r, c, headline("WC.Result.trampleFailed"));
      return done(r, c, headline("WC.Result.overbearResult", { result: overbearKey(r.row) }));
    }
    case "breakFree": {
      // The attacker is the held creature; the defender its holder.
      const h = chosenHold(ctx, holds, (x) => x.heldId === a.id && x.holderId === d.id);
      const refusal = breakFreeRefusal(a, holds);
      if (refusal) return done({ kind: "notAllowed", reason: refusal }, noConsequences(), notAllowed(refusal));
      // 004: one attempt per holder, break damage to one holder only (the original).
      const damageTo = defaultDamageTo(holdsOn(a.id, holds));
      const r = resolveBreakFree(a, [d], breakSubset(a, d, h, holds), { damageTo }, o, dice);
      const c = noConsequences();
      if (r.kind === "notAllowed") return done(r, c, notAllowed(r.reason));
      const attempt = r.attempts[0];
      addDamage(c, d.id, attempt?.damage ?? null, "WC.Action.breakFree");
      const broken = r.brokenHoldIds.includes(h.id);
      if (broken) {
        c.holdsRemoved.push(h.id);
        settleHoldConditions(c, [a, d], holds, holds.filter((x) => x.id !== h.id));
      }
      return done(r, c, headline(broken ? "WC.Result.brokeFree" : "WC.Result.stillHeld"));
    }
    case "counterGrapple": {
      // The attacker is the held creature; the defender the holder it turns on.
      const r = resolveCounterGrapple(a, d, holds, { round: ctx.round }, o, dice);
      const c = noConsequences();
      if (r.kind === "notAllowed") return done(r, c, notAllowed(r.reason));
      c.holdsAdded.push(holdRecord(r.hold));
      if (r.brokenHoldId !== null) c.holdsRemoved.push(r.brokenHoldId);
      addDamage(c, d.id, r.damage, "WC.Action.counterGrapple");
      addGrappled(c, a.id, d.id, r.grappled);
      settleHoldConditions(c, [a, d], holds, r.holds);
      addTimers(c, r.timers);
      holdRowNotes(c, r.row, a.id, d.id);
      return done(r, c, headline(r.brokenHoldId !== null ? "WC.Result.counterBroke" : "WC.Result.counterHeld", holdParams(r.row)));
    }
    case "release": {
      // 004 §Break Free: the holder may let go (a minor action).
      const r = releaseProcedure((fits) => chosenHold(ctx, holds, fits), a.id, d.id);
      settleHoldConditions(r.consequences, [a, d], holds, holds.filter((x) => x.id !== r.hold.id));
      return done(r.result, r.consequences, headline(r.key));
    }
    default:
      return unknownAction(ctx.action);
  }
}
