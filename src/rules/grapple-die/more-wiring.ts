/**
 * Variant grapple-die (002): what the extra actions need beyond the main ones (a pummel routine
 * of several limbs, grabbing an item, coup de grace, attacking into a grapple): their
 * situations, consequences and headlines.
 */
import type { Consequences } from "../core/consequences.ts";
import { noConsequences } from "../core/consequences.ts";
import { refusedHeadline } from "../core/shell.ts";
import type { ActionContext, Declared } from "../variant.ts";
import { pummelConsequences } from "./consequences.ts";
import type { CoupDeGraceResult, GrabResult, IntoGrappleResult, IntoGrappleSituation, LimbSituation, PummelRoutineResult } from "./more.ts";
import type { GdCombatant } from "./profile.ts";
import { keyOf, refusal, spendFreeAttack, strikeDamage } from "./headlines.ts";
import { combatant } from "./profile-fields.ts";
import type { Parsed } from "./setup.ts";
import { blowSituation } from "./setup.ts";
import { num } from "./situational.ts";

export function limbSituation(p: Parsed): LimbSituation {
  const limbs = num(p.decl, "limbs");
  const adjust = num(p.decl, "twoWeaponAdjust");
  return { ...blowSituation(p), ...(limbs !== undefined ? { limbs } : {}), ...(adjust !== undefined ? { twoWeaponAdjust: adjust } : {}) };
}

export function coupSituation(d: Declared): { opponentsActive: boolean; routines: number } {
  return { opponentsActive: d.noOpponents !== true, routines: num(d, "routines") ?? 1 };
}

export function intoSituation(p: Parsed): IntoGrappleSituation {
  const toHitBonus = num(p.decl, "toHitBonus");
  const damageBonus = num(p.decl, "damageBonus");
  return { holds: p.holds, ...(toHitBonus !== undefined ? { toHitBonus } : {}), ...(damageBonus !== undefined ? { damageBonus } : {}) };
}

/** The other creatures of the fight the shell handed over (members of a grapple). */
export function othersOf(ctx: ActionContext): GdCombatant[] {
  return (ctx.others ?? []).map((x, i) => combatant(x.id, x.profile, `others[${i}]`));
}

export function routineConsequences(defenderId: string, r: PummelRoutineResult): Consequences {
  if (r.kind !== "routine") return pummelConsequences(defenderId, r);
  const c = noConsequences();
  if (r.split.total > 0) c.damage.push({ targetId: defenderId, actual: r.split.actual, temporary: r.split.temporary, reason: "WC.Action.pummel" });
  if (r.stunSegments > 0) c.conditions.push({ targetId: defenderId, condition: "stunned", active: true, segments: r.stunSegments });
  return c;
}

export function routineHeadline(r: PummelRoutineResult): { key: string; params?: Record<string, string | number> } {
  if (r.kind === "routine") return { key: "WC.Result.limbsHit", params: { hits: r.hits, limbs: r.limbs, damage: r.split.total } };
  if (r.kind === "hit") return { key: "WC.Result.hitFor", params: { damage: r.split.total } };
  if (r.kind === "notAllowed" && "reason" in r) return refusedHeadline(r.reason);
  return keyOf(r.kind);
}

export function grabConsequences(attackerId: string, defenderId: string, r: GrabResult): Consequences {
  const c = noConsequences();
  if (r.kind === "notAllowed") return c;
  strikeDamage(c, attackerId, r.freeAttack, "WC.Purpose.freeAttackDamage");
  spendFreeAttack(c, r.freeAttack, defenderId, attackerId);
  if (r.kind === "grabbed") c.notes.push({ key: "WC.Note.itemTaken", targetId: defenderId });
  return c;
}

export function coupConsequences(defenderId: string, r: CoupDeGraceResult): Consequences {
  const c = noConsequences();
  if (r.kind === "slain") c.notes.push({ key: "WC.Note.slain", targetId: defenderId });
  if (r.kind === "blows") {
    c.damage.push({ targetId: defenderId, actual: r.split.actual, temporary: r.split.temporary, reason: "WC.Action.coupDeGrace" });
    c.notes.push({ key: "WC.Note.coupRoutines", targetId: defenderId });
  }
  return c;
}

export function coupHeadline(r: CoupDeGraceResult): { key: string; params?: Record<string, string | number> } {
  if (r.kind === "notAllowed") return refusal(r.reason);
  if (r.kind === "slain") return { key: "WC.Result.slain", params: { segments: r.segments } };
  return { key: "WC.Result.coupBlows", params: { routines: r.routines, damage: r.split.total } };
}

export function intoConsequences(r: IntoGrappleResult): Consequences {
  const c = noConsequences();
  if (r.kind === "hit" && r.split.total > 0) c.damage.push({ targetId: r.struckId, actual: r.split.actual, temporary: r.split.temporary, reason: "WC.Action.attackIntoGrapple" });
  return c;
}

export function intoHeadline(r: IntoGrappleResult): { key: string; params?: Record<string, string | number> } {
  if (r.kind === "notAllowed") return refusal(r.reason);
  if (r.kind === "miss") return { key: "WC.Result.blowMisses", params: { who: r.struckId } };
  return { key: "WC.Result.blowLandsOn", params: { who: r.struckId, damage: r.split.total } };
}
