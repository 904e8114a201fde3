/**
 * The d20 attack roll as d12-holds and grapple-die make it: the number needed, from a THAC0 or a
 * row of the host's attack matrix, and the roll against it.
 */
import type { Dice, DieRoll } from "./dice.ts";
import { rollDie } from "./dice.ts";
import type { IssueList } from "./errors.ts";
import type { Modifier } from "./trace.ts";
import { sumMods } from "./trace.ts";

/**
 * How a creature's attacks hit: a THAC0, or a row of the host's attack matrix listing the d20
 * needed against AC 10, 9, ..., -10 (21 entries).
 */
export type ToHitSource = { readonly kind: "thac0"; readonly thac0: number } | { readonly kind: "matrix"; readonly needed: readonly number[] };

/** The d20 a creature needs against `ac` from its THAC0 or matrix row. */
export function neededToHit(src: ToHitSource, ac: number): number {
  if (src.kind === "thac0") return src.thac0 - ac;
  const i = 10 - ac;
  const last = src.needed.length - 1;
  // Past either end of the row, one point per AC step.
  if (i < 0) return (src.needed[0] as number) + i;
  if (i > last) return (src.needed[last] as number) + (i - last);
  return src.needed[i] as number;
}

/** Checks a profile's `toHit` field (a THAC0, or a 21-entry matrix row) into `issues`. */
export function checkToHit(issues: IssueList, path: string, v: unknown): void {
  if (!issues.object(path, v)) return;
  if (!issues.oneOf(`${path}.kind`, v.kind, ["thac0", "matrix"] as const)) return;
  if (v.kind === "thac0") issues.int(`${path}.thac0`, v.thac0, -10, 30);
  else if (issues.array(`${path}.needed`, v.needed)) {
    const n = v.needed;
    if (n.length !== 21) issues.add(`${path}.needed`, "matrixLength", { want: 21, got: n.length });
    n.forEach((x, i) => issues.int(`${path}.needed[${i}]`, x, -10, 40));
  }
}

/** The number needed, with where it comes from: the target's AC, and the THAC0 (none for a matrix row). */
export interface NeededFrom {
  readonly needed: number;
  readonly ac: number;
  readonly thac0?: number;
}

/** `neededToHit` with its sources kept, for the card's line ("needs 13: THAC0 18 − AC 5"). */
export function neededFrom(src: ToHitSource, ac: number): NeededFrom {
  return { needed: neededToHit(src, ac), ac, ...(src.kind === "thac0" ? { thac0: src.thac0 } : {}) };
}

export interface ToHitRoll {
  readonly needed: number;
  /** Where `needed` comes from, when the caller says. */
  readonly from?: { readonly ac: number; readonly thac0?: number };
  readonly die: DieRoll;
  readonly modifiers: Modifier[];
  readonly total: number;
  readonly hit: boolean;
}

/**
 * One d20 to hit. `isHit` decides on the face and the total; by default the total must reach
 * `needed` (grapple-die may let a natural 20 hit as well).
 */
export function rollToHit(dice: Dice, need: number | NeededFrom, modifiers: Modifier[], purpose: string, isHit?: (face: number, total: number) => boolean): ToHitRoll {
  const needed = typeof need === "number" ? need : need.needed;
  const from = typeof need === "number" ? null : { ac: need.ac, ...(need.thac0 !== undefined ? { thac0: need.thac0 } : {}) };
  const die = rollDie(dice, 20, purpose);
  const total = die.face + sumMods(modifiers);
  const hit = isHit ? isHit(die.face, total) : total >= needed;
  return { needed, ...(from ? { from } : {}), die, modifiers, total, hit };
}
