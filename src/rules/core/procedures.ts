/**
 * Procedures the three variants share, written once. Each variant brings what its text makes
 * different as data or a small function: what keeps a prone creature down, how its grab is
 * defended, how one blow of a routine is struck, which hold a release picks.
 */
import type { Consequences } from "./consequences.ts";
import { noConsequences } from "./consequences.ts";
import type { DamageSplit } from "./damage.ts";
import type { Dice, DieRoll } from "./dice.ts";
import { rollDie } from "./dice.ts";

// --- Standing up ------------------------------------------------------------------------------------

/** What rising costs: the rest of the round, or only the action (a variant's option or its text). */
export type RiseTakes = "round" | "action";

/**
 * Standing up: only a prone creature rises; the first of the variant's bars that applies keeps it
 * down (a held leg, a hold that immobilizes, being out of action), in the order given; else it rises.
 */
export function standUpProcedure<N extends { readonly kind: "notAllowed" }, T extends RiseTakes>(
  prone: boolean,
  notProne: N,
  bars: ReadonlyArray<() => N | null>,
  takes: T,
): N | { readonly kind: "rises"; readonly takes: T } {
  if (!prone) return notProne;
  for (const bar of bars) {
    const refused = bar();
    if (refused) return refused;
  }
  return { kind: "rises", takes };
}

// --- Grabbing an item ---------------------------------------------------------------------------------

/** The face a grab needs (002 §Grapple or Grab, 004 §Grab Item: a natural 20 takes the item). */
export const GRAB_ITEM_FACE = 20;

/** The grab's own d20, once the variant has let it go ahead and the free attack has not foiled it. */
export function rollGrab(dice: Dice): { readonly kind: "grabbed" | "failed"; readonly attack: DieRoll } {
  const attack = rollDie(dice, 20, "grabItem");
  return { kind: attack.face >= GRAB_ITEM_FACE ? "grabbed" : "failed", attack };
}

/** The odds of a grab that goes ahead with probability `goesAhead` (1 less the chance it is foiled). */
export function grabOdds(goesAhead: number): { readonly failed: number; readonly grabbed: number } {
  const pGrab = (20 - GRAB_ITEM_FACE + 1) / 20;
  return { failed: goesAhead * (1 - pGrab), grabbed: goesAhead * pGrab };
}

// --- A routine of several blows -----------------------------------------------------------------------

export function sumSplits(list: readonly DamageSplit[]): DamageSplit {
  return list.reduce((s, x) => ({ total: s.total + x.total, actual: s.actual + x.actual, temporary: s.temporary + x.temporary }), { total: 0, actual: 0, temporary: 0 });
}

/**
 * A pummel routine of `n` blows (limbs, or a character's attacks), struck one after another: the
 * variant strikes blow `i` (0 the first) and says what a hit's damage split is (null for a blow
 * that missed or was lost). The routine counts the hits and adds their splits.
 */
export function blowRoutine<A>(n: number, strike: (i: number) => A, splitOf: (a: A) => DamageSplit | null): { attacks: A[]; hits: number; split: DamageSplit } {
  const attacks: A[] = [];
  for (let i = 0; i < n; i++) attacks.push(strike(i));
  const splits = attacks.map(splitOf).filter((s): s is DamageSplit => s !== null);
  return { attacks, hits: splits.length, split: sumSplits(splits) };
}

// --- Letting go ----------------------------------------------------------------------------------------

/**
 * The holder lets go of one hold on the creature it names (a minor action in 002 and 004; at will
 * in 000). `pick` finds the hold (the one the action names, else the first that fits) and throws
 * the variant's own refusal when there is none.
 */
export function releaseProcedure<H extends { readonly id: string; readonly holderId: string; readonly heldId: string }>(
  pick: (fits: (h: H) => boolean) => H,
  holderId: string,
  heldId: string,
): { hold: H; result: { readonly kind: "released"; readonly holdId: string }; consequences: Consequences; key: "WC.Result.released" } {
  const hold = pick((x) => x.holderId === holderId && x.heldId === heldId);
  const consequences = noConsequences();
  consequences.holdsRemoved.push(hold.id);
  return { hold, result: { kind: "released", holdId: hold.id }, consequences, key: "WC.Result.released" };
}
