/**
 * The rest of 002's weaponless rules, each closing a loop a table meets once holds are on:
 * - standing up from prone (002 gives no time for it; the reading is an option);
 * - a pummel routine with several limbs (002 §Pummel: several limbs are fought as two weapons:
 *   one routine, one target, each limb its own roll);
 * - taking an item from a foe (002 §Grapple or Grab: only where circumstances favour it, on a
 *   natural 20; the foe's free attack stops it if it draws blood);
 * - the coup de grâce on a helpless creature (002 §Coup de Grâce: outside combat one killed per
 *   6 segments; in combat every routine hits for the most it can do, twice as many routines);
 * - an outsider's blow at one creature of a grapple (002 §Non-Grapplers Attacking a Grappler:
 *   it may land on any of them, with equal chances unless the DM weighs them by size).
 * Each has its exact odds beside it, read through the same decisions the resolver makes.
 */
import { neededFrom } from "../core/to-hit.ts";
import { blowRoutine, grabOdds, rollGrab, standUpProcedure } from "../core/procedures.ts";
import type { DamageSplit } from "../core/damage.ts";
import type { Dice, DieRoll } from "../core/dice.ts";
import { rollDie } from "../core/dice.ts";
import type { Dist } from "../core/dist.ts";
import { convolve, point } from "../core/dist.ts";
import { grappleMembers } from "../core/members.ts";
import type { Outcome } from "../core/odds.ts";
import { addP, outcomes } from "../core/odds.ts";
import { sizeIndex } from "../core/size.ts";
import type { Modifier } from "../core/trace.ts";
import { mod, sumMods } from "../core/trace.ts";
import type { DamageRoll, Strike, StrikeInput, ToHitRoll } from "./attack.ts";
import { bonusMod, damageSplit, isHit, pHit, rollDamage, rollToHit, strikeDamageModifiers, strikeToHitModifiers } from "./attack.ts";
import { freeAttack } from "./grapple.ts";
import type { Hold, TargetAc } from "./holds.ts";
import { grappleStatus, targetAc } from "./holds.ts";
import { damageDist, pFreeAttackFoils } from "./odds.ts";
import type { GrappleDieOptions } from "./options.ts";
import type { GdCombatant } from "./profile.ts";
import { hasCondition, neededToHit } from "./profile.ts";
import type { PummelResult, PummelSituation } from "./pummel.ts";
import { pummelDamageExpr, pummelDamageModifiers, pummelImmunity, pummelRefusal, pummelToHitModifiers } from "./pummel.ts";
import { TIMING } from "./tables.ts";

// --- Standing up --------------------------------------------------------------------------------

export type StandUpRefusal = "notProne" | "legHeld" | "grappled";

export type StandUpResult =
  | { readonly kind: "notAllowed"; readonly reason: StandUpRefusal; readonly holdIds: readonly string[] }
  /** `takes`: the rest of the round (prone until it ends, no attacks) or the action alone. */
  | { readonly kind: "rises"; readonly takes: "round" | "action" };

/**
 * A prone creature gets up, unless a hold on it keeps it down (the table's "cannot rise", a leg
 * hold) or, with `riseWhileGrappled` off, it is held fast in a grapple (002: grapplers are immobile).
 */
export function resolveStandUp(c: GdCombatant, holds: readonly Hold[], options: GrappleDieOptions): StandUpResult {
  type No = StandUpResult & { kind: "notAllowed" };
  const on = holds.filter((h) => h.heldId === c.id);
  const legHeld = (): No | null => {
    const legs = on.filter((h) => h.effects.cannotRise).map((h) => h.id);
    return legs.length > 0 ? { kind: "notAllowed", reason: "legHeld", holdIds: legs } : null;
  };
  const grappled = (): No | null => (!options.riseWhileGrappled && grappleStatus(c, holds, options).immobile ? { kind: "notAllowed", reason: "grappled", holdIds: on.map((h) => h.id) } : null);
  return standUpProcedure<No, "round" | "action">(hasCondition(c, "prone"), { kind: "notAllowed", reason: "notProne", holdIds: [] }, [legHeld, grappled], options.standUpTakes);
}

// --- Several limbs --------------------------------------------------------------------------------

export interface LimbSituation extends PummelSituation {
  /** Limbs struck with in the one routine (1-4). */
  readonly limbs?: number;
  /** The sheet's Dexterity adjustment to two-weapon penalties (it lessens them, never past 0). */
  readonly twoWeaponAdjust?: number;
}

export type LimbAttack = (PummelResult & { readonly kind: "miss" | "hit" }) & { readonly limb: number };

export type PummelRoutineResult =
  | PummelResult
  | {
      readonly kind: "routine";
      readonly limbs: number;
      readonly attacks: readonly LimbAttack[];
      readonly hits: number;
      readonly split: DamageSplit;
      /** 10 when any limb rolled a natural 20 and hit, else 0. */
      readonly stunSegments: number;
    };

/** The two-weapon penalty on limb `i` (0 the primary) of an `n`-limb routine, if any. */
export function limbPenalty(attacker: GdCombatant, i: number, n: number, adjust: number, options: GrappleDieOptions): Modifier[] {
  if (n < 2 || options.limbPenalties === "none" || (options.limbPenalties === "characters" && attacker.kind !== "character")) return [];
  const base = i === 0 ? options.limbPrimaryPenalty : options.limbSecondaryPenalty;
  const value = Math.min(0, base + Math.max(0, adjust));
  return value !== 0 ? [mod(i === 0 ? "WC.Mod.primaryLimb" : "WC.Mod.secondaryLimb", value)] : [];
}

/** One pummel routine with one or more limbs at one target (a single limb is the plain pummel). */
export function resolvePummelRoutine(attacker: GdCombatant, defender: GdCombatant, s: LimbSituation, options: GrappleDieOptions, dice: Dice): PummelRoutineResult {
  const n = s.limbs ?? 1;
  const refused = pummelRefusal(attacker, defender, options);
  if (refused) return { kind: "notAllowed", reason: refused, immunity: pummelImmunity(defender, options) };
  const ac = targetAc(defender, s.holds ?? [], options, s.sizeExempt);
  const strike = (i: number): LimbAttack => {
    const mods = [...pummelToHitModifiers(attacker, ac, s, options), ...limbPenalty(attacker, i, n, s.twoWeaponAdjust ?? 0, options)];
    const toHit = rollToHit(dice, neededFrom(attacker.toHit, ac.ac), mods, n > 1 ? `limb${i + 1}ToHit` : "pummelToHit", options);
    if (!toHit.hit) return { kind: "miss", targetAc: ac, toHit, limb: i + 1 };
    const damage = rollDamage(dice, pummelDamageExpr(attacker), pummelDamageModifiers(attacker, s), n > 1 ? `limb${i + 1}Damage` : "pummelDamage");
    return { kind: "hit", targetAc: ac, toHit, damage, split: damageSplit(damage.total, options.pummelDamage, defender, options), stunSegments: toHit.die.face === 20 ? TIMING.stunSegments : 0, limb: i + 1 };
  };
  const routine = blowRoutine(n, strike, (a) => (a.kind === "hit" ? a.split : null));
  const attacks = routine.attacks;
  if (n === 1) {
    // One limb is the plain pummel, without the limb number.
    const only: Record<string, unknown> = { ...(attacks[0] as LimbAttack) };
    delete only.limb;
    return only as PummelResult;
  }
  const hits = attacks.filter((a): a is LimbAttack & { kind: "hit" } => a.kind === "hit");
  return { kind: "routine", limbs: n, attacks, hits: routine.hits, split: routine.split, stunSegments: Math.max(0, ...hits.map((h) => h.stunSegments)) };
}

export interface PummelRoutineOdds {
  /** notAllowed, or hits:<k> for k = 0..limbs. */
  readonly outcomes: Outcome[];
  /** Chance some limb rolls a natural 20 that hits (the stun). */
  readonly pStunned: number;
  /** The routine's total damage. */
  readonly damage: Array<[number, number]>;
}

export function pummelRoutineOdds(attacker: GdCombatant, defender: GdCombatant, s: LimbSituation, options: GrappleDieOptions): PummelRoutineOdds {
  const n = s.limbs ?? 1;
  if (pummelRefusal(attacker, defender, options)) return { outcomes: [{ kind: "notAllowed", p: 1 }], pStunned: 0, damage: [[0, 1]] };
  const ac = targetAc(defender, s.holds ?? [], options, s.sizeExempt);
  const needed = neededToHit(attacker.toHit, ac.ac);
  const perHit = damageDist(pummelDamageExpr(attacker), pummelDamageModifiers(attacker, s));
  // Hit counts and damage by dynamic programming over the limbs.
  let hitsDist: Dist = point(0);
  let damage: Dist = point(0);
  let noStun = 1;
  for (let i = 0; i < n; i++) {
    const bonus = sumMods([...pummelToHitModifiers(attacker, ac, s, options), ...limbPenalty(attacker, i, n, s.twoWeaponAdjust ?? 0, options)]);
    const p = pHit(needed, bonus, options);
    const p20 = isHit(20, 20 + bonus, needed, options) ? 1 / 20 : 0;
    noStun *= 1 - p20;
    hitsDist = convolve(hitsDist, new Map([[0, 1 - p], [1, p]].filter(([, q]) => (q as number) > 0) as Array<[number, number]>));
    const limbDamage = new Map<number, number>();
    addP(limbDamage, 0, 1 - p);
    for (const [v, q] of perHit) addP(limbDamage, v, p * q);
    damage = convolve(damage, limbDamage);
  }
  const m = new Map<string, number>();
  for (let k = 0; k <= n; k++) addP(m, `hits:${k}`, hitsDist.get(k) ?? 0);
  return { outcomes: outcomes(m), pStunned: 1 - noStun, damage: [...damage.entries()].filter(([, p]) => p > 0).sort((a, b) => a[0] - b[0]) };
}

// --- Taking an item ---------------------------------------------------------------------------------

export type GrabRefusal = "notFavourable";

export type GrabResult =
  | { readonly kind: "notAllowed"; readonly reason: GrabRefusal }
  | { readonly kind: "foiled"; readonly freeAttack: Strike }
  | { readonly kind: "failed" | "grabbed"; readonly freeAttack: Strike; readonly attack: DieRoll };

/** 002: a grab is "generally not possible"; by default only a helpless or held foe favours it. */
export function grabFavoured(defender: GdCombatant, holds: readonly Hold[], options: GrappleDieOptions): boolean {
  if (options.grabItemWhen === "always") return true;
  return hasCondition(defender, "unconscious") || hasCondition(defender, "helpless") || holds.some((h) => h.heldId === defender.id);
}

/** 002 §Grapple or Grab and §Using Natural Weapons to Disarm: a natural 20 takes the item. */
export function resolveGrabItem(attacker: GdCombatant, defender: GdCombatant, holds: readonly Hold[], strike: StrikeInput | undefined, options: GrappleDieOptions, dice: Dice): GrabResult {
  if (!grabFavoured(defender, holds, options)) return { kind: "notAllowed", reason: "notFavourable" };
  const fa = freeAttack(attacker, defender, holds, strike, false, options, dice);
  if (fa.kind !== "none" && fa.stops) return { kind: "foiled", freeAttack: fa };
  return { ...rollGrab(dice), freeAttack: fa };
}

export function grabItemOdds(attacker: GdCombatant, defender: GdCombatant, holds: readonly Hold[], strike: StrikeInput | undefined, options: GrappleDieOptions): { outcomes: Outcome[] } {
  if (!grabFavoured(defender, holds, options)) return { outcomes: [{ kind: "notAllowed", p: 1 }] };
  const foiled = pFreeAttackFoils(attacker, defender, holds, strike, false, options);
  const m = new Map<string, number>();
  addP(m, "foiled", foiled);
  const g = grabOdds(1 - foiled);
  addP(m, "failed", g.failed);
  addP(m, "grabbed", g.grabbed);
  return { outcomes: outcomes(m) };
}

// --- Coup de grâce -------------------------------------------------------------------------------------

export type CoupRefusal = "notHelpless" | "unarmed" | "notMeleeWeapon";

export type CoupDeGraceResult =
  | { readonly kind: "notAllowed"; readonly reason: CoupRefusal }
  /** No active opponents about: the creature is killed (one per 6 segments, one a round per killer). */
  | { readonly kind: "slain"; readonly segments: number }
  /**
   * In combat: every attack hits for the most it can do, and the killer has twice its routines
   * (each extra one 3 segments after the last, as an iterative attack).
   */
  | {
      readonly kind: "blows";
      readonly routines: number;
      readonly perRoutine: { readonly most: number; readonly modifiers: Modifier[]; readonly total: number };
      readonly split: DamageSplit;
    };

/** 002 §Coup de Grâce: helpless means paralysed, magically held, unconscious or magically asleep. */
export function isHelpless(c: GdCombatant): boolean {
  return hasCondition(c, "unconscious") || hasCondition(c, "helpless");
}

export function resolveCoupDeGrace(attacker: GdCombatant, defender: GdCombatant, s: { readonly opponentsActive: boolean; readonly routines?: number }, options: GrappleDieOptions): CoupDeGraceResult {
  if (!isHelpless(defender)) return { kind: "notAllowed", reason: "notHelpless" };
  const weapon = attacker.readiedAttack;
  if (weapon === null) return { kind: "notAllowed", reason: "unarmed" };
  // "Automatically hit with a melee weapon": 002 keeps natural weapon attacks apart (option).
  if (weapon.kind === "natural" && !options.coupWithNaturalWeapons) return { kind: "notAllowed", reason: "notMeleeWeapon" };
  if (!s.opponentsActive) return { kind: "slain", segments: options.coupSegments };
  const routines = 2 * (s.routines ?? 1);
  const modifiers = strikeDamageModifiers(attacker);
  const most = weapon.damage.count * weapon.damage.sides;
  const each = Math.max(0, most + sumMods(modifiers));
  return { kind: "blows", routines, perRoutine: { most, modifiers, total: each }, split: damageSplit(each * routines, "normal", defender, options) };
}

// --- A blow into a grapple ---------------------------------------------------------------------------------


/** Each member's weight in the draw: equal, or (option) by size class, S 1, M 2, L 3, VL 4 (project default). */
export function memberWeights(members: readonly GdCombatant[], options: GrappleDieOptions): number[] {
  return members.map((m) => (options.intoGrappleChance === "bySize" ? sizeIndex(m.size) + 1 : 1));
}

export type IntoGrappleRefusal = "notInGrapple" | "attackerInGrapple" | "unarmed" | "unknownMember";

export interface IntoGrapplePick {
  readonly members: readonly string[];
  readonly weights: readonly number[];
  readonly die: DieRoll;
}

export type IntoGrappleResult =
  | { readonly kind: "notAllowed"; readonly reason: IntoGrappleRefusal }
  | { readonly kind: "miss"; readonly intendedId: string; readonly struckId: string; readonly pick: IntoGrapplePick; readonly targetAc: TargetAc; readonly toHit: ToHitRoll }
  | {
      readonly kind: "hit";
      readonly intendedId: string;
      readonly struckId: string;
      readonly pick: IntoGrapplePick;
      readonly targetAc: TargetAc;
      readonly toHit: ToHitRoll;
      readonly damage: DamageRoll;
      readonly split: DamageSplit;
    };

export interface IntoGrappleSituation {
  readonly holds: readonly Hold[];
  readonly toHitBonus?: number;
  readonly damageBonus?: number;
}

function intoGrappleSetup(attacker: GdCombatant, target: GdCombatant, cast: readonly GdCombatant[], s: IntoGrappleSituation, options: GrappleDieOptions): { kind: "notAllowed"; reason: IntoGrappleRefusal } | { kind: "ok"; members: GdCombatant[]; weights: number[] } {
  const ids = grappleMembers(target.id, s.holds);
  if (ids.length < 2) return { kind: "notAllowed", reason: "notInGrapple" };
  if (ids.includes(attacker.id)) return { kind: "notAllowed", reason: "attackerInGrapple" };
  if (attacker.readiedAttack === null) return { kind: "notAllowed", reason: "unarmed" };
  const members: GdCombatant[] = [];
  for (const id of ids) {
    const c = id === target.id ? target : cast.find((x) => x.id === id);
    if (!c) return { kind: "notAllowed", reason: "unknownMember" };
    members.push(c);
  }
  return { kind: "ok", members, weights: memberWeights(members, options) };
}

function blowMods(attacker: GdCombatant, ac: TargetAc, s: IntoGrappleSituation): { toHit: Modifier[]; damage: Modifier[] } {
  return {
    toHit: [...strikeToHitModifiers(attacker), ...bonusMod("WC.Mod.situationToHit", s.toHitBonus), ...ac.toHitModifiers],
    damage: [...strikeDamageModifiers(attacker), ...bonusMod("WC.Mod.situationDamage", s.damageBonus)],
  };
}

/** The member a face of the d(sum of weights) picks. */
function pickByFace(face: number, weights: readonly number[]): number {
  let acc = 0;
  for (let i = 0; i < weights.length; i++) {
    acc += weights[i] as number;
    if (face <= acc) return i;
  }
  return weights.length - 1;
}

export function resolveIntoGrapple(attacker: GdCombatant, target: GdCombatant, cast: readonly GdCombatant[], s: IntoGrappleSituation, options: GrappleDieOptions, dice: Dice): IntoGrappleResult {
  const set = intoGrappleSetup(attacker, target, cast, s, options);
  if (set.kind === "notAllowed") return set;
  const sides = set.weights.reduce((a, b) => a + b, 0);
  const die = rollDie(dice, sides, "intoGrapplePick");
  const struck = set.members[pickByFace(die.face, set.weights)] as GdCombatant;
  const pick: IntoGrapplePick = { members: set.members.map((m) => m.id), weights: set.weights, die };
  const ac = targetAc(struck, s.holds, options);
  const mods = blowMods(attacker, ac, s);
  const toHit = rollToHit(dice, neededFrom(attacker.toHit, ac.ac), mods.toHit, "intoGrappleToHit", options);
  const base = { intendedId: target.id, struckId: struck.id, pick, targetAc: ac, toHit };
  if (!toHit.hit) return { kind: "miss", ...base };
  const weapon = attacker.readiedAttack as NonNullable<GdCombatant["readiedAttack"]>;
  const damage = rollDamage(dice, { dice: weapon.damage, flat: 0 }, mods.damage, "intoGrappleDamage");
  return { kind: "hit", ...base, damage, split: damageSplit(damage.total, "normal", struck, options) };
}

export interface IntoGrappleOdds {
  /** notAllowed:<reason>, or hit:<id> / miss:<id> per member. */
  readonly outcomes: Outcome[];
  /** Each member's chance to be the one the blow goes to. */
  readonly struck: ReadonlyArray<readonly [string, number]>;
}

export function intoGrappleOdds(attacker: GdCombatant, target: GdCombatant, cast: readonly GdCombatant[], s: IntoGrappleSituation, options: GrappleDieOptions): IntoGrappleOdds {
  const set = intoGrappleSetup(attacker, target, cast, s, options);
  if (set.kind === "notAllowed") return { outcomes: [{ kind: `notAllowed:${set.reason}`, p: 1 }], struck: [] };
  const sides = set.weights.reduce((a, b) => a + b, 0);
  const m = new Map<string, number>();
  const struck: Array<[string, number]> = [];
  set.members.forEach((c, i) => {
    const share = (set.weights[i] as number) / sides;
    struck.push([c.id, share]);
    const ac = targetAc(c, s.holds, options);
    const p = pHit(neededToHit(attacker.toHit, ac.ac), sumMods(blowMods(attacker, ac, s).toHit), options);
    addP(m, `hit:${c.id}`, share * p);
    addP(m, `miss:${c.id}`, share * (1 - p));
  });
  return { outcomes: outcomes(m), struck };
}

