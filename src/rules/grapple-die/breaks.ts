/**
 * Getting out of, and moving in, a hold: 002 §Defender Attempts to Break the Hold (a grapple die
 * that meets the establishing die breaks it; 5 or more short drops the grapple prone), §Moving
 * and Grappling (a 10+ adjusted die, or a free break roll), and §Strangle Hold's knock-out roll.
 */
import type { Dice, DieRoll } from "../core/dice.ts";
import { rollDie, rollFormula } from "../core/dice.ts";
import type { Modifier } from "../core/trace.ts";
import { sumMods } from "../core/trace.ts";
import type { GrappleSituation } from "./grapple.ts";
import { grappleDieModifiers } from "./grapple.ts";
import type { Hold } from "./holds.ts";
import { holdersOf, muchLarger } from "./holds.ts";
import type { GrappleDieOptions } from "./options.ts";
import type { GdCombatant } from "./profile.ts";
import { BREAK_FUMBLE_MARGIN, GRAPPLE_DIE_SIDES, MOVE_WHILE_GRAPPLING_TARGET, STRANGLE } from "./tables.ts";

export interface BreakRollTrace {
  readonly holdId: string;
  /** The establishing die the roll must meet. */
  readonly needed: number;
  readonly die: DieRoll;
  readonly modifiers: Modifier[];
  readonly total: number;
}

export type BreakResult =
  | (BreakRollTrace & { readonly kind: "broken" })
  | (BreakRollTrace & { readonly kind: "held"; readonly short: number })
  | (BreakRollTrace & { readonly kind: "heldAllProne"; readonly short: number; readonly prone: string[] });

/** Who falls when a break roll misses by 5 or more (option `breakFumbleProne`). */
export function fumbleProne(defenderId: string, hold: Hold, holds: readonly Hold[], options: GrappleDieOptions): string[] {
  const holders = [...new Set([hold.holderId, ...holdersOf(defenderId, holds)])];
  return options.breakFumbleProne === "everyone" ? [defenderId, ...holders] : holders;
}

export type BreakOutcome = "broken" | "held" | "heldAllProne";

/** The outcome of a break total against the establishing die (T002-02). */
export function breakOutcome(total: number, needed: number): BreakOutcome {
  if (total >= needed) return "broken";
  return needed - total >= BREAK_FUMBLE_MARGIN ? "heldAllProne" : "held";
}

/** The held creature's grapple die "as an attacker with modifiers", against its holder. */
export function breakModifiers(defender: GdCombatant, holder: GdCombatant, holds: readonly Hold[], s: GrappleSituation, options: GrappleDieOptions): Modifier[] {
  return grappleDieModifiers(defender, holder, holds, s, options, "break");
}

/** One break roll against one hold (each hold is broken separately). */
export function rollBreak(defender: GdCombatant, holder: GdCombatant, hold: Hold, s: GrappleSituation, options: GrappleDieOptions, dice: Dice): BreakResult {
  const holds = s.holds ?? [];
  const modifiers = breakModifiers(defender, holder, holds, s, options);
  const die = rollDie(dice, GRAPPLE_DIE_SIDES, "breakDie");
  const total = die.face + sumMods(modifiers);
  const trace = { holdId: hold.id, needed: hold.die, die, modifiers, total };
  const outcome = breakOutcome(total, hold.die);
  switch (outcome) {
    case "broken":
      return { ...trace, kind: "broken" };
    case "held":
      return { ...trace, kind: "held", short: hold.die - total };
    case "heldAllProne":
      return { ...trace, kind: "heldAllProne", short: hold.die - total, prone: fumbleProne(defender.id, hold, holds, options) };
  }
}

export type MoveResult =
  | {
      readonly kind: "dragRoll";
      readonly needed: number;
      readonly die: DieRoll;
      readonly modifiers: Modifier[];
      readonly total: number;
      readonly moved: boolean;
    }
  | { readonly kind: "freeBreak"; readonly breakRoll: BreakResult };

/** Is the holder much larger or stronger than the held (the DM's call, else the size rule)? */
export function dragsByRoll(mover: GdCombatant, held: GdCombatant, muchLargerOrStronger: boolean | undefined, options: GrappleDieOptions): boolean {
  return muchLargerOrStronger ?? muchLarger(mover, held, options);
}

/**
 * 002 §Moving and Grappling: a much larger or stronger holder moves with an adjusted grapple die
 * of 10+; otherwise the held creature gets a free break roll.
 */
export function moveWhileGrappling(
  mover: GdCombatant,
  held: GdCombatant,
  hold: Hold,
  s: GrappleSituation,
  muchLargerOrStronger: boolean | undefined,
  options: GrappleDieOptions,
  dice: Dice,
): MoveResult {
  if (!dragsByRoll(mover, held, muchLargerOrStronger, options)) return { kind: "freeBreak", breakRoll: rollBreak(held, mover, hold, s, options, dice) };
  const modifiers = grappleDieModifiers(mover, held, s.holds ?? [], s, options, "move");
  const die = rollDie(dice, GRAPPLE_DIE_SIDES, "dragDie");
  const total = die.face + sumMods(modifiers);
  return { kind: "dragRoll", needed: MOVE_WHILE_GRAPPLING_TARGET, die, modifiers, total, moved: total >= MOVE_WHILE_GRAPPLING_TARGET };
}

/** 002 §Strangle Hold: the chance (in percent) of a knock-out in the n-th round held (5, 10, 15...). */
export function strangleChance(round: number): number {
  return Math.min(100, STRANGLE.percentPerRound * round);
}

export type StrangleResult =
  | { readonly kind: "conscious"; readonly round: number; readonly chance: number; readonly die: DieRoll }
  | {
      readonly kind: "knockedOut";
      readonly round: number;
      readonly chance: number;
      readonly die: DieRoll;
      readonly unconsciousRounds: number;
      /** Rounds until death if the strangle is kept on the unconscious victim (1d4+1). */
      readonly suffocation: { readonly dice: DieRoll[]; readonly rounds: number } | null;
    };

/** One round's knock-out roll (d100 at or under the chance) for a strangle held `round` rounds. */
export function rollStrangle(round: number, rollSuffocation: boolean, dice: Dice): StrangleResult {
  const chance = strangleChance(round);
  const die = rollDie(dice, 100, "strangleKnockOut");
  if (die.face > chance) return { kind: "conscious", round, chance, die };
  let suffocation = null;
  if (rollSuffocation) {
    const r = rollFormula(dice, STRANGLE.suffocation, "suffocation");
    suffocation = { dice: r.rolls, rounds: r.total + STRANGLE.suffocationPlus };
  }
  return { kind: "knockedOut", round, chance, die, unconsciousRounds: STRANGLE.unconsciousRounds, suffocation };
}
