/**
 * Variant percentile (004): the rest of the weaponless rules as shell actions (standing up,
 * grabbing an item, coup de grace, death blow, subdual, attacking into a grapple): their odds,
 * resolutions, headlines and consequences.
 */
import { noConsequences } from "../core/consequences.ts";
import type { Dice } from "../core/dice.ts";
import { declaredNumber, headline, riseConsequences } from "../core/shell.ts";
import type { UntonedOutcome } from "../core/tone.ts";
import type { ActionContext, Declared, Resolution, ShellAction } from "../variant.ts";
import { WEAPON_KINDS, GRAB_DEFENSES } from "./actions.ts";
import type { Hold } from "./holds.ts";
import type { GrabDefense, IntoGrappleResult, WeaponKind } from "./more.ts";
import { grabItemOdds, intoGrappleOdds, resolveCoupDeGrace, resolveDeathBlow, resolveGrabItem, resolveIntoGrapple, resolveStandUp, resolveSubdue, subdueOdds } from "./more.ts";
import type { PercentileOptions } from "./options.ts";
import type { PercentileCombatant } from "./profile.ts";
import type { Params } from "./headlines.ts";
import { notAllowed } from "./headlines.ts";
import { pairOf } from "./setup.ts";
import { checkDeclared, choice, sheetAttack } from "./situational.ts";

function intoHeadline(r: IntoGrappleResult): { key: string; params?: Params } {
  if (r.kind === "notAllowed") return notAllowed(r.reason);
  if (r.kind === "miss") return headline("WC.Result.blowMisses", { who: r.struckId });
  return headline("WC.Result.blowLandsOn", { who: r.struckId, damage: r.split?.total ?? 0 });
}

export function moreOdds(ctx: ActionContext, a: PercentileCombatant, d: PercentileCombatant, holds: readonly Hold[], o: PercentileOptions): UntonedOutcome[] {
  const decl = ctx.declared;
  checkDeclared(ctx.action, decl);
  switch (ctx.action) {
    case "standUp": {
      const r = resolveStandUp(a, holds, o, pairOf(a, d));
      return [{ ...(r.kind === "notAllowed" ? notAllowed(r.reason) : riseConsequences(noConsequences(), a.id, r.takes, ctx.inCombat)), p: 1 }];
    }
    case "grabItem":
      return grabItemOdds(d, choice(decl, "defense", GRAB_DEFENSES, "none") as GrabDefense).map((x) => ({ ...grabKey(x.kind), p: x.p }));
    case "coupDeGrace": {
      const r = resolveCoupDeGrace(d, helplessFlags(decl));
      return [{ ...(r.kind === "notAllowed" ? notAllowed(r.reason) : headline("WC.Result.slainOutright")), p: 1 }];
    }
    case "deathBlow": {
      const r = resolveDeathBlow(d, { ...helplessFlags(decl), routines: declaredNumber(decl, "routines") || 1 }, sheetAttack(decl));
      return [{ ...(r.kind === "notAllowed" ? notAllowed(r.reason) : headline("WC.Result.deathBlows", { routines: r.routines, damage: r.split.total })), p: 1 }];
    }
    case "subdue": {
      const r = subdueOdds(subdueSituation(decl), sheetAttack(decl), o);
      return r.outcomes.map((x) => ({ ...(x.kind.startsWith("notAllowed:") ? notAllowed(x.kind.slice(11)) : headline(x.kind === "hit" ? "WC.Result.hit" : "WC.Result.miss")), p: x.p }));
    }
    default: {
      const r = intoGrappleOdds(a, d, holds, sheetAttack(decl), o);
      return r.outcomes.map((x) => {
        const at = x.kind.indexOf(":");
        const [kind, rest] = [x.kind.slice(0, at), x.kind.slice(at + 1)];
        if (kind === "notAllowed") return { ...notAllowed(rest), p: x.p };
        return { ...headline(kind === "hit" ? "WC.Result.blowLands" : "WC.Result.blowMisses", { who: rest }), p: x.p };
      });
    }
  }
}

function grabKey(kind: string): { key: string; params?: Params } {
  if (kind.startsWith("notAllowed:")) return notAllowed(kind.slice(11));
  return headline(kind === "foiled" ? "WC.Result.foiled" : kind === "grabbed" ? "WC.Result.itemTaken" : "WC.Result.grabFailed");
}

function helplessFlags(d: Declared): { attackerInMelee: boolean; noVitals: boolean; resists: boolean } {
  return { attackerInMelee: d.attackerInMelee === true, noVitals: d.noVitals === true, resists: d.resists === true };
}

function subdueSituation(d: Declared): { immune: boolean; weapon: WeaponKind } {
  return { immune: d.targetImmune === true, weapon: choice(d, "weaponKind", WEAPON_KINDS, "blunt") };
}

export function moreResolve(ctx: ActionContext, a: PercentileCombatant, d: PercentileCombatant, holds: readonly Hold[], o: PercentileOptions, dice: Dice): Resolution {
  const decl = ctx.declared;
  checkDeclared(ctx.action, decl);
  const c = noConsequences();
  const done = (result: unknown, h: { key: string; params?: Params }): Resolution => ({ action: ctx.action, result, consequences: c, headline: h });
  switch (ctx.action) {
    case "standUp": {
      // The attacker is the creature getting up; the defender plays no part.
      const r = resolveStandUp(a, holds, o, pairOf(a, d));
      if (r.kind === "notAllowed") return done(r, notAllowed(r.reason));
      return done(r, riseConsequences(c, a.id, r.takes, ctx.inCombat));
    }
    case "grabItem": {
      const r = resolveGrabItem(d, choice(decl, "defense", GRAB_DEFENSES, "none") as GrabDefense, dice);
      if (r.kind === "grabbed") c.notes.push({ key: "WC.Note.itemTaken", targetId: d.id });
      return done(r, r.kind === "notAllowed" ? notAllowed(r.reason) : grabKey(r.kind));
    }
    case "coupDeGrace": {
      const r = resolveCoupDeGrace(d, helplessFlags(decl));
      if (r.kind === "notAllowed") return done(r, notAllowed(r.reason));
      c.notes.push({ key: "WC.Note.slain", targetId: d.id });
      return done(r, headline("WC.Result.slainOutright"));
    }
    case "deathBlow": {
      const r = resolveDeathBlow(d, { ...helplessFlags(decl), routines: declaredNumber(decl, "routines") || 1 }, sheetAttack(decl));
      if (r.kind === "notAllowed") return done(r, notAllowed(r.reason));
      if (r.split.total > 0) c.damage.push({ targetId: d.id, actual: r.split.actual, temporary: r.split.temporary, reason: "WC.Action.deathBlow" });
      return done(r, headline("WC.Result.deathBlows", { routines: r.routines, damage: r.split.total }));
    }
    case "subdue": {
      const r = resolveSubdue(subdueSituation(decl), sheetAttack(decl), o, dice);
      if (r.kind === "notAllowed") return done(r, notAllowed(r.reason));
      if (r.kind === "miss") return done(r, headline("WC.Result.miss"));
      if (r.split.total > 0) c.damage.push({ targetId: d.id, actual: r.split.actual, temporary: r.split.temporary, reason: "WC.Action.subdue" });
      return done(r, headline("WC.Result.hitFor", { damage: r.split.total }));
    }
    default: {
      const r = resolveIntoGrapple(a, d, holds, sheetAttack(decl), o, dice);
      if (r.kind === "hit" && r.split && r.split.total > 0) c.damage.push({ targetId: r.struckId, actual: r.split.actual, temporary: r.split.temporary, reason: "WC.Action.attackIntoGrapple" });
      return done(r, intoHeadline(r));
    }
  }
}

export const MORE_ACTIONS: readonly ShellAction[] = ["standUp", "grabItem", "coupDeGrace", "deathBlow", "subdue", "attackIntoGrapple"];
