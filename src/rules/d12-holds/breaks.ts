/**
 * 000 §Maintaining holds: the break rolls after the first. The target is 10, 11 or 12; the roll
 * gets the hold's size factor (digest §5.8 reading) and a monk's +2.
 */
import type { Dice, DieRoll } from "../core/dice.ts";
import { rollDie } from "../core/dice.ts";
import { sizeSteps } from "../core/size.ts";
import type { Modifier } from "../core/trace.ts";
import { mod, sumMods } from "../core/trace.ts";
import type { Hold } from "./holds.ts";
import type { D12Options } from "./options.ts";
import type { D12Combatant } from "./profile.ts";
import { grapplingSize, isMonk } from "./profile.ts";
import { BREAK_TARGET } from "./tables.ts";

export interface BreakTarget {
  readonly target: number;
  /** Why the target is above the basic 10 (i18n keys under WC.Break.). */
  readonly reason: "basic" | "threeHolders" | "holderTwoLarger" | "sixHolders" | "giantOnSmall";
}

/** The number to reach for one hold, given how many creatures hold the defender now. */
export function breakTarget(defender: D12Combatant, hold: Hold, holderCount: number): BreakTarget {
  const dSize = grapplingSize(defender);
  if (holderCount >= BREAK_TARGET.mobbedHolders) return { target: BREAK_TARGET.mobbedOrGiantOnSmall, reason: "sixHolders" };
  if (hold.holderSize === "VL" && dSize === "S") return { target: BREAK_TARGET.mobbedOrGiantOnSmall, reason: "giantOnSmall" };
  if (holderCount >= BREAK_TARGET.crowdedHolders) return { target: BREAK_TARGET.crowdedOrMuchLarger, reason: "threeHolders" };
  if (sizeSteps(hold.holderSize, dSize) >= 2) return { target: BREAK_TARGET.crowdedOrMuchLarger, reason: "holderTwoLarger" };
  return { target: BREAK_TARGET.basic, reason: "basic" };
}

export function breakModifiers(defender: D12Combatant, hold: Hold, options: D12Options): Modifier[] {
  const mods: Modifier[] = [];
  if (options.laterBreakSizeFactor === "negate" && hold.sizeAdjustment !== 0) mods.push(mod("WC.Mod.breakSizeFactor", -hold.sizeAdjustment));
  if (isMonk(defender)) mods.push(mod("WC.Mod.monkBreak", BREAK_TARGET.monkBonus));
  return mods;
}

export interface BreakRoll {
  readonly holdId: string;
  readonly die: DieRoll;
  readonly modifiers: Modifier[];
  readonly total: number;
  readonly target: number;
  readonly targetReason: BreakTarget["reason"] | "liftOff";
  readonly broken: boolean;
}

export function rollBreak(defender: D12Combatant, hold: Hold, holderCount: number, options: D12Options, dice: Dice): BreakRoll {
  const t = breakTarget(defender, hold, holderCount);
  const modifiers = breakModifiers(defender, hold, options);
  const die = rollDie(dice, 12, "breakRoll");
  const total = die.face + sumMods(modifiers);
  return { holdId: hold.id, die, modifiers, total, target: t.target, targetReason: t.reason, broken: total >= t.target };
}

export function distinctHolders(holds: readonly Hold[]): number {
  return new Set(holds.map((h) => h.holderId)).size;
}

/**
 * Break rolls for every hold on one defender that was not gained this round, in the order the
 * holds are listed. The 11 and 12 targets for many holders are recounted after each break, so
 * they lapse once enough holds are gone (000).
 */
export function endOfRoundBreaks(defender: D12Combatant, holds: readonly Hold[], round: number, options: D12Options, dice: Dice): { rolls: BreakRoll[]; remaining: Hold[] } {
  let remaining = holds.filter((h) => h.heldId === defender.id);
  const rolls: BreakRoll[] = [];
  for (const hold of holds) {
    if (hold.heldId !== defender.id || hold.roundGained >= round) continue;
    const r = rollBreak(defender, hold, distinctHolders(remaining), options, dice);
    rolls.push(r);
    if (r.broken) remaining = remaining.filter((h) => h.id !== hold.id);
  }
  return { rolls, remaining };
}

export type LiftOffResult =
  | { readonly kind: "cannot"; readonly reason: "notAFlier" | "bodyHeld" }
  | { readonly kind: "rolled"; readonly rolls: BreakRoll[]; readonly remaining: Hold[] };

/**
 * 000 §General grappling rules: a winged flier with no body hold on it (any magical flier) may
 * lift off, with an extra immediate break roll against every hold, needing 8 instead of 10.
 * Reading: the hold's size factor and a monk's bonus apply as to any later break roll.
 */
/** Why a creature may not lift off now (000 §General grappling rules), or null when it may. */
export function liftOffBar(defender: D12Combatant, holds: readonly Hold[]): "notAFlier" | "bodyHeld" | null {
  if (defender.flight === "none") return "notAFlier";
  if (defender.flight === "wings" && holds.some((h) => h.heldId === defender.id && h.part === "body")) return "bodyHeld";
  return null;
}

export function liftOff(defender: D12Combatant, holds: readonly Hold[], options: D12Options, dice: Dice): LiftOffResult {
  const bar = liftOffBar(defender, holds);
  if (bar) return { kind: "cannot", reason: bar };
  const mine = holds.filter((h) => h.heldId === defender.id);
  const rolls: BreakRoll[] = [];
  let remaining = mine;
  for (const hold of mine) {
    const modifiers = breakModifiers(defender, hold, options);
    const die = rollDie(dice, 12, "liftOffBreak");
    const total = die.face + sumMods(modifiers);
    const broken = total >= BREAK_TARGET.liftOff;
    rolls.push({ holdId: hold.id, die, modifiers, total, target: BREAK_TARGET.liftOff, targetReason: "liftOff", broken });
    if (broken) remaining = remaining.filter((h) => h.id !== hold.id);
  }
  return { kind: "rolled", rolls, remaining };
}

/** 000: one attack lost next round per end-of-round break roll, never below one. */
export function attacksNextRound(perRound: number, breakRolls: number): number {
  if (perRound <= 0) return 0;
  return Math.max(1, perRound - breakRolls);
}
