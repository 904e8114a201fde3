/**
 * The damage ledger shared by the variants: actual (lethal) and temporary (non-lethal) points
 * against a creature's maximum hit points, and what that makes of the creature.
 */
export interface Ledger {
  readonly maxHp: number;
  readonly actual: number;
  readonly temporary: number;
}

export interface DamageSplit {
  readonly total: number;
  readonly actual: number;
  readonly temporary: number;
}

/**
 * Splits `total` so that `numerator/denominator` of it is actual. "floor" makes every
 * (denominator/numerator)-th point actual (000: every 4th point of a pummel); "ceil" makes a
 * lone point actual (004: a 1-point result is lethal).
 */
export function splitDamage(total: number, numerator: number, denominator: number, rounding: "floor" | "ceil"): DamageSplit {
  const n = Math.max(0, total);
  const raw = (n * numerator) / denominator;
  const actual = rounding === "floor" ? Math.floor(raw) : Math.ceil(raw);
  return { total: n, actual, temporary: n - actual };
}

export function addDamage(l: Ledger, d: { actual: number; temporary: number }): Ledger {
  return { maxHp: l.maxHp, actual: l.actual + d.actual, temporary: l.temporary + d.temporary };
}

/** Heals up to `points` of temporary damage; returns the new ledger and what was healed. */
export function recoverTemporary(l: Ledger, points: number): { ledger: Ledger; healed: number } {
  const healed = Math.min(points, l.temporary);
  return { ledger: { ...l, temporary: l.temporary - healed }, healed };
}

export type Vitality =
  | { readonly kind: "conscious" }
  /** Out for `rounds` rounds: one for the point that reached the maximum, one per point past it. */
  | { readonly kind: "unconscious"; readonly rounds: number }
  /** Actual damage alone reached the maximum: the host system's ordinary death rules take over. */
  | { readonly kind: "zeroHp" };

/** 000 §Damage: unconscious when actual + temporary reaches max HP, for (total - max + 1) rounds. */
export function vitality(l: Ledger): Vitality {
  if (l.actual >= l.maxHp) return { kind: "zeroHp" };
  const total = l.actual + l.temporary;
  if (total >= l.maxHp) return { kind: "unconscious", rounds: total - l.maxHp + 1 };
  return { kind: "conscious" };
}
