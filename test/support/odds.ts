// Checks on exact odds shared by the variants' property tests: probabilities that sum to 1, and
// exact odds held against a seeded simulation.
import { expect } from "vitest";

/**
 * How many seeded resolutions a simulation runs against the exact odds. 50,000 keeps four standard
 * errors under one percentage point for any outcome (at most 0.9 points, at p = 1/2), which is far
 * finer than any slip in a table or a modifier, and keeps the slowest simulation (grapple-die's
 * checked interface, about 35 µs a resolution) under 2 s on an idle machine.
 */
export const SIMULATION_TRIALS = 50_000;

/** The limit of a test that runs simulations: a 2-core machine busy with a second `npm test` takes 4-5 times as long. */
export const SIMULATION_MS = 120_000;

export function sumP(outcomes: ReadonlyArray<{ p: number }>): number {
  return outcomes.reduce((s, o) => s + o.p, 0);
}

/** Every probability in [0, 1] (give or take an ulp), and together they make 1. */
export function outcomesOk(outcomes: ReadonlyArray<{ p: number }>): void {
  for (const o of outcomes) expect(o.p >= 0 && o.p <= 1 + 1e-12).toBe(true);
  expect(sumP(outcomes)).toBeCloseTo(1, 9);
}

/** The same for a distribution given as [value, probability] pairs. */
export function pairsOk(pairs: ReadonlyArray<readonly [number, number]>): void {
  outcomesOk(pairs.map(([, p]) => ({ p })));
}

/** Runs `trials` resolutions and checks each outcome's frequency against the exact odds (4 standard errors). */
export function agree(exact: ReadonlyArray<{ kind: string; p: number }>, sample: () => string, trials: number): void {
  const counts = new Map<string, number>();
  for (let i = 0; i < trials; i++) {
    const k = sample();
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  const kinds = new Set([...exact.map((e) => e.kind), ...counts.keys()]);
  for (const k of kinds) {
    const p = exact.find((e) => e.kind === k)?.p ?? 0;
    const observed = (counts.get(k) ?? 0) / trials;
    const se = Math.sqrt(Math.max(p * (1 - p), 1 / trials) / trials);
    expect(Math.abs(observed - p), `${k}: exact ${p}, observed ${observed}`).toBeLessThanOrEqual(4 * se);
  }
}

/** The samples' mean lies within 4 standard errors of the exact distribution's mean. */
export function meanAgrees(exact: ReadonlyArray<readonly [number, number]>, samples: number[]): void {
  const mu = exact.reduce((s, [v, p]) => s + v * p, 0);
  const variance = exact.reduce((s, [v, p]) => s + p * (v - mu) ** 2, 0);
  const observed = samples.reduce((s, v) => s + v, 0) / samples.length;
  expect(Math.abs(observed - mu)).toBeLessThanOrEqual(4 * Math.sqrt(Math.max(variance, 1e-9) / samples.length));
}
