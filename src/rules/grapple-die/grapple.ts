/**
 * 002 §Grapple or Grab: the grapple attempt (free attack, to-hit against normal AC with no
 * weapon-vs-AC modifier, the grapple die on the hold table), the counter-grapple (the die alone)
 * and changing a hold (a new die on a hold already kept).
 */
import { neededFrom } from "../core/to-hit.ts";
import type { DamageSplit } from "../core/damage.ts";
import type { Dice, DieRoll } from "../core/dice.ts";
import type { GrabDice } from "../core/grab.ts";
import { rollDie } from "../core/dice.ts";
import { sizeSteps } from "../core/size.ts";
import { strengthDamage } from "../core/strength.ts";
import type { RangeTable } from "../core/table.ts";
import { rowFor } from "../core/table.ts";
import type { Modifier } from "../core/trace.ts";
import { mod, sumMods } from "../core/trace.ts";
import type { DamageRoll, Strike, StrikeInput, ToHitRoll } from "./attack.ts";
import { bonusMod, damageSplit, resolveStrike, rollDamage, rollToHit, strengthToHit, strikeWith } from "./attack.ts";
import type { Hold, TargetAc } from "./holds.ts";
import { holdersOf, targetAc } from "./holds.ts";
import type { GrappleDieOptions } from "./options.ts";
import type { GdCombatant } from "./profile.ts";
import { hasCondition, stepUpDamage, stepsAboveManSized } from "./profile.ts";
import type { DamageExpr, GrappleDieRow } from "./tables.ts";
import { GRAPPLE_DIE_SIDES } from "./tables.ts";

/** What the table knows about the moment of an attempt. All fields are optional. */
export interface GrappleSituation {
  /** The combat round (default 1); holds record it. */
  readonly round?: number;
  /** Every hold in place now, on anyone (multiple grapplers, AC effects, who falls prone). */
  readonly holds?: readonly Hold[];
  /** Magic and other to-hit bonuses the table applies (not Strength, which the core adds). */
  readonly toHitBonus?: number;
  /** The DM's further circumstantial modifier on the grapple die. */
  readonly dieBonus?: number;
  /** The DM's list of creatures much larger than their grapple partners (replaces the size rule). */
  readonly sizeExempt?: readonly string[];
  /** Which attack of the grappler's round this is (1-based), for hold ids. */
  readonly attackIndex?: number;
}

export type GrappleTable = RangeTable<GrappleDieRow>;

export interface GrappleDieRoll {
  readonly die: DieRoll;
  readonly modifiers: Modifier[];
  readonly total: number;
  /** The table row read, by its bounds (a missing bound is open). */
  readonly row: { readonly min?: number; readonly max?: number };
  readonly result: GrappleDieRow;
}

export interface HoldDamage {
  readonly roll: DamageRoll;
  readonly split: DamageSplit;
}

/**
 * The circumstantial modifiers on a grapple die rolled by `roller` against `target` (digest
 * §8.1 defaults): size steps, Strength, +1 per grappler already holding the target (002
 * §Multiple Grapplers), a slick target, and the DM's own.
 */
export function grappleDieModifiers(
  roller: GdCombatant,
  target: GdCombatant,
  holds: readonly Hold[],
  s: GrappleSituation,
  options: GrappleDieOptions,
  purpose: "grapple" | "break" | "move",
): Modifier[] {
  const mods: Modifier[] = [];
  const steps = sizeSteps(roller.size, target.size);
  if (steps > 0 && options.dieLargerPerStep !== 0) mods.push(mod("WC.Mod.dieLarger", steps * options.dieLargerPerStep, { steps }));
  if (steps < 0 && options.dieSmallerPerStep !== 0) mods.push(mod("WC.Mod.dieSmaller", -steps * options.dieSmallerPerStep, { steps: -steps }));
  if (options.dieStrength) mods.push(...strengthToHit(roller));
  if (purpose === "grapple" || (purpose === "break" && options.breakGetsGrapplerBonus)) {
    const others = holdersOf(target.id, holds, options.grapplerBonusCountsOwnHold ? undefined : roller.id).length;
    if (others > 0) mods.push(mod("WC.Mod.otherGrapplers", others, { grapplers: others }));
  }
  if (hasCondition(target, "slick") && options.dieSlick !== 0) mods.push(mod("WC.Mod.slickTarget", options.dieSlick));
  mods.push(...bonusMod("WC.Mod.circumstance", s.dieBonus));
  return mods;
}

export function rollGrappleDie(dice: Dice, modifiers: Modifier[], table: GrappleTable, purpose: string): GrappleDieRoll {
  const die = rollDie(dice, GRAPPLE_DIE_SIDES, purpose);
  const total = die.face + sumMods(modifiers);
  const r = rowFor(table, total);
  const row = { ...(r.min !== undefined ? { min: r.min } : {}), ...(r.max !== undefined ? { max: r.max } : {}) };
  return { die, modifiers, total, row, result: r.result };
}

/** The hold's per-round damage once the holder's size is counted (digest §8.1 default). */
export function holdDamageExpr(row: DamageExpr, holder: GdCombatant, options: GrappleDieOptions): DamageExpr {
  return options.holdDamageSizeStep ? stepUpDamage(row, stepsAboveManSized(holder.size)) : row;
}

export function holdDamageModifiers(holder: GdCombatant, options: GrappleDieOptions): Modifier[] {
  return options.holdDamageStrength ? strengthDamage(holder) : [];
}

/** Whether a hold deals damage at all (a clinch or an arm hold does not, whatever the Strength). */
export function dealsDamage(e: DamageExpr): boolean {
  return e.dice !== null || e.flat !== 0;
}

/** Rolls one round's (or the establishing) damage of a hold. */
export function rollHoldDamage(hold: Hold, holder: GdCombatant, held: GdCombatant, options: GrappleDieOptions, dice: Dice): HoldDamage | null {
  if (!dealsDamage(hold.damage)) return null;
  const roll = rollDamage(dice, hold.damage, holdDamageModifiers(holder, options), "holdDamage");
  return { roll, split: damageSplit(roll.total, options.grappleDamage, held, options) };
}

/**
 * A monster's grab whose attack hit (issue 31): the hit stands for the grapple's to-hit (and, the
 * grab being the creature's own special ability, draws no free attack); `noSlip` reads a slip as
 * the table's first hold (option `grabDieSlip`); `damage` is the monster's figure for the hold's
 * damage slot (option `grabDamage`), taken as stated (no size step).
 */
export interface GdGrabHit {
  readonly noSlip?: boolean;
  readonly damage?: GrabDice;
}

/** The monster's figure as a hold's damage: its dice and its bonus. */
export function grabDamageExpr(g: GrabDice): DamageExpr {
  return { dice: { count: g.count, sides: g.sides }, flat: g.bonus };
}

/** The table's first hold row, for a grab that does not slip. */
function firstHoldRow(table: GrappleTable): GrappleDieRoll["row"] | null {
  const r = table.rows.find((x) => x.result.kind === "hold");
  return r ? { ...(r.min !== undefined ? { min: r.min } : {}), ...(r.max !== undefined ? { max: r.max } : {}) } : null;
}

function newHold(attacker: GdCombatant, defender: GdCombatant, g: GrappleDieRoll & { result: { kind: "hold" } }, id: string, round: number, options: GrappleDieOptions, grab?: GdGrabHit): Hold {
  const r = g.result;
  return {
    id,
    holderId: attacker.id,
    heldId: defender.id,
    die: g.total,
    name: r.name,
    damage: grab?.damage ? grabDamageExpr(grab.damage) : holdDamageExpr(r.damage, attacker, options),
    effects: r.effects,
    holderSize: attacker.size,
    heldSize: defender.size,
    holderWeightLb: attacker.weightLb,
    heldWeightLb: defender.weightLb,
    roundGained: round,
    ...(r.effects.strangle ? { strangleRounds: 0 } : {}),
  };
}

/** A die that made a hold: the hold, its damage on the spot (option) and its extra effects. */
export interface Established {
  readonly kind: "hold";
  readonly grappleDie: GrappleDieRoll;
  readonly hold: Hold;
  readonly damage: HoldDamage | null;
  readonly prone: boolean;
  readonly stunSegments: number;
}

function establish(attacker: GdCombatant, defender: GdCombatant, g0: GrappleDieRoll, id: string, round: number, options: GrappleDieOptions, dice: Dice, grab?: GdGrabHit, table?: GrappleTable): Established | { kind: "slip"; grappleDie: GrappleDieRoll } {
  let g = g0;
  // A grab that does not slip (option grabDieSlip): a slip reads as the table's first hold.
  if (g.result.kind === "slip" && grab?.noSlip && table) {
    const first = table.rows.find((x) => x.result.kind === "hold");
    const row = firstHoldRow(table);
    if (first && row) g = { ...g, row, result: first.result };
  }
  const result = g.result;
  if (result.kind === "slip") return { kind: "slip", grappleDie: g };
  const hold = newHold(attacker, defender, { ...g, result }, id, round, options, grab);
  const damage = options.damageOnEstablish ? rollHoldDamage(hold, attacker, defender, options, dice) : null;
  return { kind: "hold", grappleDie: g, hold, damage, prone: result.prone, stunSegments: result.stunSegments };
}

export function holdId(attacker: GdCombatant, defender: GdCombatant, s: GrappleSituation): string {
  return `${attacker.id}>${defender.id}@${s.round ?? 1}.${s.attackIndex ?? 1}`;
}

/** 002 §Free Attack: who strikes at a grapple attempt, and with what (`holds`: every hold in place). */
export function freeAttack(attacker: GdCombatant, defender: GdCombatant, holds: readonly Hold[], input: StrikeInput | undefined, counter: boolean, options: GrappleDieOptions, dice: Dice): Strike {
  if (counter && !options.counterGrappleFreeAttack) return { kind: "none", reason: "counterGrapple" };
  if (attacker.grappleAbility) return { kind: "none", reason: "grappleAbility" };
  const attack = strikeWith(defender, attacker, holds);
  if (typeof attack === "string") return { kind: "none", reason: attack };
  if (hasCondition(defender, "surprised")) return { kind: "none", reason: "surprised" };
  // Against the grappler's normal AC (002 §Free Attack).
  return resolveStrike(defender, attack, attacker.ac, input ?? { kind: "roll" }, "freeAttack", options, dice);
}

export function grappleToHitModifiers(attacker: GdCombatant, ac: TargetAc, s: GrappleSituation): Modifier[] {
  // No weapon-vs-AC modifier (002 §Grapple Procedure step 3).
  return [...strengthToHit(attacker), ...bonusMod("WC.Mod.situationToHit", s.toHitBonus), ...ac.toHitModifiers];
}

export type GrappleResult =
  | { readonly kind: "foiled"; readonly freeAttack: Strike }
  | { readonly kind: "miss"; readonly freeAttack: Strike; readonly targetAc: TargetAc; readonly toHit: ToHitRoll }
  | { readonly kind: "slip"; readonly freeAttack: Strike; readonly targetAc: TargetAc; readonly toHit: ToHitRoll; readonly grappleDie: GrappleDieRoll }
  | (Established & { readonly freeAttack: Strike; readonly targetAc: TargetAc; readonly toHit: ToHitRoll });

/** 002 §Grapple Procedure steps 2-4. */
export type GrabGrappleResult = { readonly kind: "slip"; readonly grappleDie: GrappleDieRoll } | Established;

/** Issue 31: a grabbing attack has hit; 002 step 4 follows (the grapple die), with no free attack and no to-hit. */
export function resolveGrabHold(attacker: GdCombatant, defender: GdCombatant, s: GrappleSituation, table: GrappleTable, options: GrappleDieOptions, dice: Dice, grab: GdGrabHit): GrabGrappleResult {
  const g = rollGrappleDie(dice, grappleDieModifiers(attacker, defender, s.holds ?? [], s, options, "grapple"), table, "grappleDie");
  return establish(attacker, defender, g, holdId(attacker, defender, s), s.round ?? 1, options, dice, grab, table);
}

export function resolveGrapple(
  attacker: GdCombatant,
  defender: GdCombatant,
  s: GrappleSituation,
  strike: StrikeInput | undefined,
  table: GrappleTable,
  options: GrappleDieOptions,
  dice: Dice,
): GrappleResult {
  const holds = s.holds ?? [];
  const fa = freeAttack(attacker, defender, holds, strike, false, options, dice);
  if (fa.kind !== "none" && fa.stops) return { kind: "foiled", freeAttack: fa };
  const ac = targetAc(defender, holds, options, s.sizeExempt);
  const toHit = rollToHit(dice, neededFrom(attacker.toHit, ac.ac), grappleToHitModifiers(attacker, ac, s), "grappleToHit", options);
  if (!toHit.hit) return { kind: "miss", freeAttack: fa, targetAc: ac, toHit };
  const g = rollGrappleDie(dice, grappleDieModifiers(attacker, defender, holds, s, options, "grapple"), table, "grappleDie");
  const e = establish(attacker, defender, g, holdId(attacker, defender, s), s.round ?? 1, options, dice);
  return { ...e, freeAttack: fa, targetAc: ac, toHit };
}

export type CounterGrappleResult =
  | { readonly kind: "foiled"; readonly freeAttack: Strike }
  | { readonly kind: "slip"; readonly freeAttack: Strike; readonly grappleDie: GrappleDieRoll }
  | (Established & { readonly freeAttack: Strike });

/** 002 §Defender Attempts to Counter-Grapple: no to-hit roll, the grapple die alone. */
export function resolveCounterGrapple(
  attacker: GdCombatant,
  defender: GdCombatant,
  s: GrappleSituation,
  strike: StrikeInput | undefined,
  table: GrappleTable,
  options: GrappleDieOptions,
  dice: Dice,
): CounterGrappleResult {
  const fa = freeAttack(attacker, defender, s.holds ?? [], strike, true, options, dice);
  if (fa.kind !== "none" && fa.stops) return { kind: "foiled", freeAttack: fa };
  const g = rollGrappleDie(dice, grappleDieModifiers(attacker, defender, s.holds ?? [], s, options, "grapple"), table, "grappleDie");
  return { ...establish(attacker, defender, g, holdId(attacker, defender, s), s.round ?? 1, options, dice), freeAttack: fa };
}

export type ChangeHoldResult =
  | (Established & { readonly replaced: Hold })
  | { readonly kind: "kept"; readonly grappleDie: GrappleDieRoll; readonly hold: Hold }
  | { readonly kind: "lost"; readonly grappleDie: GrappleDieRoll; readonly replaced: Hold };

/**
 * 002 §Grapple Procedure step 6 and §Iterative or Whirlwind Attacks: the holder rolls a new
 * grapple die instead of taking this round's hold damage. The new hold keeps the old one's id.
 */
export function resolveChangeHold(
  holder: GdCombatant,
  held: GdCombatant,
  old: Hold,
  s: GrappleSituation,
  table: GrappleTable,
  options: GrappleDieOptions,
  dice: Dice,
): ChangeHoldResult {
  const holds = (s.holds ?? []).some((h) => h.id === old.id) ? (s.holds ?? []) : [...(s.holds ?? []), old];
  const g = rollGrappleDie(dice, grappleDieModifiers(holder, held, holds, s, options, "grapple"), table, "changeHoldDie");
  if (options.changedHold === "keepBetter" && g.total <= old.die) return { kind: "kept", grappleDie: g, hold: old };
  const e = establish(holder, held, g, old.id, s.round ?? 1, options, dice);
  if (e.kind === "slip") return { kind: "lost", grappleDie: g, replaced: old };
  return { ...e, replaced: old };
}
