/**
 * The bookkeeping every variant's exact odds share: named outcomes with their probabilities,
 * gathered in a map as the faces are enumerated.
 */

export interface Outcome {
  readonly kind: string;
  readonly p: number;
}

/** A distribution as sorted [value, probability] pairs. */
export type Pairs = Array<[number, number]>;

/** Adds `p` to the entry `k` (nothing for p = 0). */
export function addP<K>(m: Map<K, number>, k: K, p: number): void {
  if (p > 0) m.set(k, (m.get(k) ?? 0) + p);
}

/** The map's outcomes with a probability above 0, in the order first added. */
export function outcomes(m: Map<string, number>): Outcome[] {
  return [...m.entries()].filter(([, p]) => p > 0).map(([kind, p]) => ({ kind, p }));
}

/** P(d100 <= chance): a percentage chance, clamped to 0-100, as a probability. */
export function pctChance(chance: number): number {
  return Math.min(100, Math.max(0, chance)) / 100;
}
