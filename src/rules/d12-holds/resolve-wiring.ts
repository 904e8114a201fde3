/**
 * Variant d12-holds (000): an action resolved with the dice, and what it does to the world.
 */
import { releaseProcedure } from "../core/procedures.ts";
import { grabProcedure } from "../core/grab.ts";
import type { Consequences } from "../core/consequences.ts";
import { noConsequences } from "../core/consequences.ts";
import type { Dice } from "../core/dice.ts";
import { chosenHold, headline, refusedHeadline, unknownAction } from "../core/shell.ts";
import type { ActionContext, Resolution } from "../variant.ts";
import { liftOffRisers } from "./movement.ts";
import { distinctHolders, liftOff, rollBreak } from "./breaks.ts";
import { resolveChargingOverbear } from "./charge.ts";
import { chargeConsequences, grappleConsequences, pummelConsequences } from "./consequences.ts";
import { resolveGrapple } from "./grapple.ts";
import { resolveStandUp } from "./holds.ts";
import type { D12Options } from "./options.ts";
import { overbearChance, rollOverbear } from "./overbear.ts";
import { resolvePummel } from "./pummel.ts";
import { standUp } from "./headlines.ts";
import { combatant } from "./profile-fields.ts";
import { ACTIONS, holdsOf } from "./setup.ts";
import { firstStrike, situation } from "./situational.ts";

export function resolveAction(ctx: ActionContext, rawOptions: unknown, dice: Dice): Resolution {
  const o = rawOptions as D12Options;
  const a = combatant(ctx.attacker.id, ctx.attacker.profile, "attacker");
  const d = combatant(ctx.defender.id, ctx.defender.profile, "defender");
  const holds = holdsOf(ctx);
  const s = situation(ctx, holds);
  const done = (result: unknown, consequences: Consequences, key: string, params?: Record<string, string | number>): Resolution => ({ action: ctx.action, result, consequences, headline: headline(key, params) });
  const refused = (result: unknown, reason: string): Resolution => ({ action: ctx.action, result, consequences: noConsequences(), headline: refusedHeadline(reason) });
  switch (ctx.action) {
    case "grapple": {
      const r = resolveGrapple(a, d, s, o, dice);
      if (r.kind === "notAllowed") return refused(r, r.reason);
      return done(r, grappleConsequences(a.id, d.id, r), `WC.Result.${r.kind}`, r.kind === "hold" ? { part: r.hold.part } : undefined);
    }
    case "grab": {
      // Issue 31: the monster's attack hits, then 000's hold procedure (option grabHold); the
      // monster's damage each round goes in the stranglehold's slot (option grabDamage).
      return grabProcedure(ctx, dice, undefined, o.grabDamage, "laterRoundEnds", (_attack, roundDamage) => {
        const grab = { ...(o.grabHold === "body" ? { part: "body" as const } : {}), ...(roundDamage ? { roundDamage } : {}) };
        const r = resolveGrapple(a, d, s, o, dice, grab);
        if (r.kind === "notAllowed") return { result: r, consequences: noConsequences(), headline: refusedHeadline(r.reason) };
        return { result: r, consequences: grappleConsequences(a.id, d.id, r), headline: headline(`WC.Result.${r.kind}`, r.kind === "hold" ? { part: r.hold.part } : undefined) };
      });
    }
    case "pummel": {
      const r = resolvePummel(a, d, s, o, dice);
      if (r.kind === "notAllowed") return refused(r, r.reason);
      return done(r, pummelConsequences(d.id, r), "WC.Result.pummelRoutine", { hits: r.hits, damage: r.total.total });
    }
    case "chargingOverbear": {
      // A creature held fast cannot charge (the module keeps a held creature in place).
      if (holds.some((h) => h.heldId === a.id)) return refused({ kind: "notAllowed", reason: "heldCannotCharge" }, "heldCannotCharge");
      const r = resolveChargingOverbear(a, d, s, firstStrike(ctx.declared), o, dice);
      return done(r, chargeConsequences(a.id, d.id, r), `WC.Result.${r.kind}`);
    }
    case "overbear": {
      const mine = holds.filter((h) => h.heldId === d.id && h.holderId === a.id);
      // 000 §Overbearing: only a creature that has gained a hold on the target may try.
      if (mine.length === 0) return refused({ kind: "notAllowed", reason: "noHoldOnTarget" }, "noHoldOnTarget");
      // 000 §Overbearing: the roll comes at the end of the round; in combat this declares it.
      if (ctx.inCombat) {
        const c = noConsequences();
        return done({ kind: "declared", holderId: a.id, defenderId: d.id, chance: overbearChance(d, holds, [a.id], o).chance }, { ...c, declarations: [{ kind: "overbear", holderId: a.id, targetId: d.id }] }, "WC.Result.overbearDeclared");
      }
      const r = rollOverbear(d, holds, [a.id], o, dice);
      const c = noConsequences();
      if (r.overborne) c.conditions.push({ targetId: d.id, condition: "prone", active: true });
      return done(r, c, r.overborne ? "WC.Result.overborne" : "WC.Result.resisted");
    }
    case "breakFree": {
      // The attacker is the held creature; the defender its holder.
      const h = chosenHold(ctx, holds, (x) => x.heldId === a.id && x.holderId === d.id);
      const r = rollBreak(a, h, distinctHolders(holds.filter((x) => x.heldId === a.id)), o, dice);
      const c = noConsequences();
      if (r.broken) c.holdsRemoved.push(h.id);
      return done(r, c, r.broken ? "WC.Result.brokeFree" : "WC.Result.stillHeld");
    }
    case "liftOff": {
      const r = liftOff(a, holds, o, dice);
      if (r.kind === "cannot") return refused(r, r.reason);
      const c = noConsequences();
      if (r.kind === "rolled") {
        c.holdsRemoved.push(...r.rolls.filter((x) => x.broken).map((x) => x.holdId));
        // Up it goes, with every holder still hanging on (000 §General grappling rules).
        c.lifts = liftOffRisers(a.id, r.remaining).map((targetId) => ({ targetId, feet: o.liftOffFeet }));
      }
      return done(r, c, r.kind === "rolled" ? "WC.Result.liftOff" : "WC.Result.notAllowed");
    }
    case "release": {
      const r = releaseProcedure((fits) => chosenHold(ctx, holds, fits), a.id, d.id);
      return done(r.result, r.consequences, r.key);
    }
    case "standUp": {
      // The attacker is the overborne creature getting up; the defender plays no part.
      const r = resolveStandUp(a, holds);
      const c = noConsequences();
      const h = standUp(r, a.id, ctx.inCombat, c);
      return done(r, c, h.key, h.params);
    }
    default:
      return unknownAction(ctx.action, ACTIONS);
  }
}
