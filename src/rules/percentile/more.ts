/**
 * The rest of 004's weaponless rules, each closing a loop a table meets once holds are on:
 * - standing up from prone (004 gives no time for it; the reading is an option);
 * - grabbing an item from a helpless or pinned creature (004 §Grabbing Items: a natural 20,
 *   and the target's free attack stops it if it does damage);
 * - the coup de grâce (004 §Coup de Grâce: a helpless living creature is killed outright, by an
 *   attacker not in melee) and the death blow (004 §Death Blow: one attack routine more against
 *   the helpless target, each hitting for its most);
 * - a subdual attack with a weapon (004 §Subdual: blunt or long-hafted weapons full damage,
 *   others half; 75% non-lethal, 25% lethal);
 * - a blow at one member of a grapple (004 §Non-Grapplers Attacking Those Grappling: it may
 *   strike another, unless the one aimed at is stunned or pinned).
 * 004 keeps the weapon attack itself in the host game, so the table gives what the sheet says
 * (the d20 needed, the weapon's dice); the module rolls it. Exact odds sit beside each.
 */
import { grabOdds, rollGrab, standUpProcedure } from "../core/procedures.ts";
import type { DamageSplit } from "../core/damage.ts";
import { splitDamage } from "../core/damage.ts";
import type { Dice, DieRoll } from "../core/dice.ts";
import { rollDie } from "../core/dice.ts";
import type { Dist } from "../core/dist.ts";
import { mapDist, sumOfDice, toPairs } from "../core/dist.ts";
import { grappleMembers } from "../core/members.ts";
import type { Outcome } from "../core/odds.ts";
import { addP, outcomes } from "../core/odds.ts";
import type { Hold } from "./holds.ts";
import { holderIdsOf, inGrappledCondition } from "./holds.ts";
import type { PercentileOptions } from "./options.ts";
import type { PercentileCombatant } from "./profile.ts";
import { hasCondition, isHelpless } from "./profile.ts";

// --- The weapon as the sheet gives it ---------------------------------------------------------------

/** A weapon attack as the table reports it: the d20 needed against this target, and its damage dice. */
export interface SheetAttack {
  readonly needed: number;
  readonly count: number;
  readonly sides: number;
  readonly bonus: number;
}

export const DEFAULT_SHEET_ATTACK: SheetAttack = { needed: 11, count: 1, sides: 6, bonus: 0 };

export interface WeaponRoll {
  readonly die: DieRoll;
  readonly needed: number;
  readonly hit: boolean;
}

export interface WeaponDamage {
  readonly dice: DieRoll[];
  readonly bonus: number;
  /** Dice + bonus, at least 0. */
  readonly total: number;
}

function rollWeapon(dice: Dice, w: SheetAttack, purpose: string): WeaponRoll {
  const die = rollDie(dice, 20, `${purpose}ToHit`);
  return { die, needed: w.needed, hit: die.face >= w.needed };
}

function rollWeaponDamage(dice: Dice, w: SheetAttack, purpose: string): WeaponDamage {
  const rolled: DieRoll[] = [];
  for (let i = 0; i < w.count; i++) rolled.push(rollDie(dice, w.sides, `${purpose}Damage`));
  return { dice: rolled, bonus: w.bonus, total: Math.max(0, rolled.reduce((s, d) => s + d.face, 0) + w.bonus) };
}

/** P(d20 >= needed). */
export function pWeaponHit(w: SheetAttack): number {
  return Math.min(20, Math.max(0, 21 - w.needed)) / 20;
}

function weaponDamageDist(w: SheetAttack): Dist {
  return mapDist(sumOfDice(w.count, w.sides), (v) => Math.max(0, v + w.bonus));
}

// --- Standing up -----------------------------------------------------------------------------------

export type StandUpResult =
  | { readonly kind: "notAllowed"; readonly reason: "notProne" | "heldFast" | "cannotAct" }
  | { readonly kind: "rises"; readonly takes: "round" | "action" };

/**
 * A prone creature gets up; one in the grappled condition, holder or held (004: both opponents
 * gain it, and it cannot move), stays down (option `riseWhileGrappled`), nor one that cannot act.
 * `known` gives the partners' profiles (a much larger side is free of the condition).
 */
export function resolveStandUp(c: PercentileCombatant, holds: readonly Hold[], options: PercentileOptions, known: ReadonlyMap<string, PercentileCombatant> = new Map()): StandUpResult {
  type No = StandUpResult & { kind: "notAllowed" };
  const cannotAct = (): No | null => (hasCondition(c, "unconscious") || hasCondition(c, "helpless") || hasCondition(c, "stunned") ? { kind: "notAllowed", reason: "cannotAct" } : null);
  const heldFast = (): No | null => (!options.riseWhileGrappled && inGrappledCondition(c, holds, known, options) ? { kind: "notAllowed", reason: "heldFast" } : null);
  return standUpProcedure<No, "round" | "action">(hasCondition(c, "prone"), { kind: "notAllowed", reason: "notProne" }, [cannotAct, heldFast], options.standUpTakes);
}

// --- Grabbing an item --------------------------------------------------------------------------------

/** The target's free attack against the grab, as the table resolved it. */
export type GrabDefense = "none" | "freeAttackHurt" | "freeAttackHarmless";

export type GrabResult =
  | { readonly kind: "notAllowed"; readonly reason: "notHelpless" }
  | { readonly kind: "foiled"; readonly defense: GrabDefense }
  | { readonly kind: "failed" | "grabbed"; readonly defense: GrabDefense; readonly attack: DieRoll };

/** 004: only from a helpless (or pinned) creature, on a natural 20. */
export function resolveGrabItem(target: PercentileCombatant, defense: GrabDefense, dice: Dice): GrabResult {
  if (!isHelpless(target)) return { kind: "notAllowed", reason: "notHelpless" };
  if (defense === "freeAttackHurt") return { kind: "foiled", defense };
  return { ...rollGrab(dice), defense };
}

export function grabItemOdds(target: PercentileCombatant, defense: GrabDefense): Outcome[] {
  if (!isHelpless(target)) return [{ kind: "notAllowed:notHelpless", p: 1 }];
  if (defense === "freeAttackHurt") return [{ kind: "foiled", p: 1 }];
  const g = grabOdds(1);
  return [
    { kind: "failed", p: g.failed },
    { kind: "grabbed", p: g.grabbed },
  ];
}

// --- Coup de grâce and death blow ---------------------------------------------------------------------

export interface HelplessSituation {
  /** The attacker is in melee with an active foe (a coup de grâce is only for one who is not). */
  readonly attackerInMelee?: boolean;
  /** The target has no vital areas (not living, or none to strike). */
  readonly noVitals?: boolean;
  /** The target resists the attack form (or regenerates past it): no full damage, no coup de grâce. */
  readonly resists?: boolean;
}

export type CoupRefusal = "notHelpless" | "attackerInMelee" | "noVitals" | "resists";

export type CoupDeGraceResult = { readonly kind: "notAllowed"; readonly reason: CoupRefusal } | { readonly kind: "slain" };

export function resolveCoupDeGrace(target: PercentileCombatant, s: HelplessSituation): CoupDeGraceResult {
  if (!isHelpless(target)) return { kind: "notAllowed", reason: "notHelpless" };
  if (s.noVitals) return { kind: "notAllowed", reason: "noVitals" };
  if (s.resists) return { kind: "notAllowed", reason: "resists" };
  if (s.attackerInMelee) return { kind: "notAllowed", reason: "attackerInMelee" };
  return { kind: "slain" };
}

export type DeathBlowResult =
  | { readonly kind: "notAllowed"; readonly reason: "notHelpless" | "noVitals" }
  | {
      readonly kind: "blows";
      /** The attacker's routines against the target, one more for the death blow's multi-attack. */
      readonly routines: number;
      /** The most one routine can deal: the sheet's dice at their highest, plus its bonus. */
      readonly perRoutine: number;
      readonly split: DamageSplit;
    };

export function resolveDeathBlow(target: PercentileCombatant, s: HelplessSituation & { readonly routines?: number }, w: SheetAttack): DeathBlowResult {
  if (!isHelpless(target)) return { kind: "notAllowed", reason: "notHelpless" };
  if (s.noVitals) return { kind: "notAllowed", reason: "noVitals" };
  const routines = (s.routines ?? 1) + 1;
  const perRoutine = Math.max(0, w.count * w.sides + w.bonus);
  const total = routines * perRoutine;
  return { kind: "blows", routines, perRoutine, split: { total, actual: total, temporary: 0 } };
}

// --- Subdual -------------------------------------------------------------------------------------------

export type WeaponKind = "blunt" | "longHaft" | "other";

export type SubdueResult =
  | { readonly kind: "notAllowed"; readonly reason: "immune" }
  | { readonly kind: "miss"; readonly toHit: WeaponRoll }
  | {
      readonly kind: "hit";
      readonly toHit: WeaponRoll;
      readonly damage: WeaponDamage;
      /** Half damage for a weapon neither blunt nor long-hafted. */
      readonly halved: boolean;
      readonly split: DamageSplit;
    };

/** The damage a subdual blow does: full, or half for other weapons (option `subdualHalfRounding`). */
export function subdualTotal(rolled: number, weapon: WeaponKind, options: PercentileOptions): number {
  if (weapon !== "other") return rolled;
  return options.subdualHalfRounding === "ceil" ? Math.ceil(rolled / 2) : Math.floor(rolled / 2);
}

/** 004 §Subdual: 75% non-lethal and 25% lethal, the lethal share rounded as `lethalRounding` rounds it. */
export function subdualSplit(total: number, options: PercentileOptions): DamageSplit {
  if (options.lethalRounding === "ceil") return splitDamage(total, 1, 4, "ceil");
  const s = splitDamage(total, 1, 4, "floor");
  return total === 1 ? { total: 1, actual: 1, temporary: 0 } : s;
}

export function resolveSubdue(s: { readonly immune?: boolean; readonly weapon: WeaponKind }, w: SheetAttack, options: PercentileOptions, dice: Dice): SubdueResult {
  if (s.immune) return { kind: "notAllowed", reason: "immune" };
  const toHit = rollWeapon(dice, w, "subdue");
  if (!toHit.hit) return { kind: "miss", toHit };
  const damage = rollWeaponDamage(dice, w, "subdue");
  const total = subdualTotal(damage.total, s.weapon, options);
  return { kind: "hit", toHit, damage, halved: s.weapon === "other", split: subdualSplit(total, options) };
}

export interface SubdueOdds {
  readonly outcomes: Outcome[];
  readonly pHit: number;
  /** Total damage, and its lethal part, over all outcomes. */
  readonly damage: Array<[number, number]>;
  readonly lethal: Array<[number, number]>;
}

export function subdueOdds(s: { readonly immune?: boolean; readonly weapon: WeaponKind }, w: SheetAttack, options: PercentileOptions): SubdueOdds {
  if (s.immune) return { outcomes: [{ kind: "notAllowed:immune", p: 1 }], pHit: 0, damage: [[0, 1]], lethal: [[0, 1]] };
  const pHit = pWeaponHit(w);
  const m = new Map<number, number>();
  addP(m, 0, 1 - pHit);
  for (const [v, p] of weaponDamageDist(w)) addP(m, subdualTotal(v, s.weapon, options), pHit * p);
  const o = new Map<string, number>();
  addP(o, "miss", 1 - pHit);
  addP(o, "hit", pHit);
  return { outcomes: outcomes(o), pHit, damage: toPairs(m), lethal: toPairs(mapDist(m, (v) => subdualSplit(v, options).actual)) };
}

// --- A blow into a grapple --------------------------------------------------------------------------------


export type IntoGrappleRefusal = "notInGrapple" | "attackerInGrapple";

export type IntoGrappleResult =
  | { readonly kind: "notAllowed"; readonly reason: IntoGrappleRefusal }
  | {
      readonly kind: "hit" | "miss";
      readonly intendedId: string;
      readonly struckId: string;
      readonly members: readonly string[];
      /** Why the blow could not stray (the one aimed at is stunned or pinned), or null. */
      readonly clearShot: "stunned" | "pinned" | null;
      /** The stray roll (d100 against `strayPct`, or the share die), and the die picking another member. */
      readonly stray: { readonly die: DieRoll; readonly strayPct: number | null } | null;
      readonly pick: DieRoll | null;
      readonly toHit: WeaponRoll;
      readonly damage: WeaponDamage | null;
      readonly split: DamageSplit | null;
    };

function intoGrappleSetup(attacker: PercentileCombatant, target: PercentileCombatant, holds: readonly Hold[]): { kind: "notAllowed"; reason: IntoGrappleRefusal } | { kind: "ok"; members: string[]; clearShot: "stunned" | "pinned" | null } {
  const members = grappleMembers(target.id, holds);
  if (members.length < 2) return { kind: "notAllowed", reason: "notInGrapple" };
  if (members.includes(attacker.id)) return { kind: "notAllowed", reason: "attackerInGrapple" };
  const pinned = hasCondition(target, "pinned") || holderIdsOf(target.id, holds).length >= target.maxMeleeAttackers;
  return { kind: "ok", members, clearShot: hasCondition(target, "stunned") ? "stunned" : pinned ? "pinned" : null };
}

export function resolveIntoGrapple(attacker: PercentileCombatant, target: PercentileCombatant, holds: readonly Hold[], w: SheetAttack, options: PercentileOptions, dice: Dice): IntoGrappleResult {
  const set = intoGrappleSetup(attacker, target, holds);
  if (set.kind === "notAllowed") return set;
  const others = set.members.slice(1);
  let struckId = target.id;
  let stray: { die: DieRoll; strayPct: number | null } | null = null;
  let pick: DieRoll | null = null;
  if (set.clearShot === null) {
    if (options.intoGrappleStray === "equalShare") {
      // One die over all members: face 1 is the one aimed at, each other face another member.
      const die = rollDie(dice, set.members.length, "intoGrapplePick");
      stray = { die, strayPct: null };
      struckId = set.members[die.face - 1] as string;
    } else {
      const die = rollDie(dice, 100, "intoGrappleStray");
      stray = { die, strayPct: options.intoGrappleStrayPct };
      if (die.face <= options.intoGrappleStrayPct) {
        // With one other member there is nothing to pick between.
        if (others.length > 1) pick = rollDie(dice, others.length, "intoGrapplePick");
        struckId = others[pick ? pick.face - 1 : 0] as string;
      }
    }
  }
  const toHit = rollWeapon(dice, w, "intoGrapple");
  const base = { intendedId: target.id, struckId, members: set.members, clearShot: set.clearShot, stray, pick, toHit };
  if (!toHit.hit) return { kind: "miss", ...base, damage: null, split: null };
  const damage = rollWeaponDamage(dice, w, "intoGrapple");
  return { kind: "hit", ...base, damage, split: { total: damage.total, actual: damage.total, temporary: 0 } };
}

/** Each member's chance to be struck at, and the outcomes hit:<id> / miss:<id>. */
export function intoGrappleOdds(attacker: PercentileCombatant, target: PercentileCombatant, holds: readonly Hold[], w: SheetAttack, options: PercentileOptions): { outcomes: Outcome[]; struck: Array<[string, number]> } {
  const set = intoGrappleSetup(attacker, target, holds);
  if (set.kind === "notAllowed") return { outcomes: [{ kind: `notAllowed:${set.reason}`, p: 1 }], struck: [] };
  const n = set.members.length;
  const strayP = set.clearShot !== null ? 0 : options.intoGrappleStray === "equalShare" ? (n - 1) / n : options.intoGrappleStrayPct / 100;
  const struck: Array<[string, number]> = set.members.map((id, i) => [id, i === 0 ? 1 - strayP : strayP / (n - 1)]);
  const p = pWeaponHit(w);
  const m = new Map<string, number>();
  for (const [id, share] of struck) {
    addP(m, `hit:${id}`, share * p);
    addP(m, `miss:${id}`, share * (1 - p));
  }
  return { outcomes: outcomes(m), struck: struck.filter(([, q]) => q > 0) };
}

