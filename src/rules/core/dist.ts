/**
 * Exact probability distributions over whole numbers, built by enumerating die faces. The
 * odds code composes these instead of sampling.
 */
export type Dist = ReadonlyMap<number, number>;

export function point(v: number): Dist {
  return new Map([[v, 1]]);
}

export function uniform(sides: number): Dist {
  const m = new Map<number, number>();
  for (let f = 1; f <= sides; f++) m.set(f, 1 / sides);
  return m;
}

export function convolve(a: Dist, b: Dist): Dist {
  const m = new Map<number, number>();
  for (const [va, pa] of a) for (const [vb, pb] of b) m.set(va + vb, (m.get(va + vb) ?? 0) + pa * pb);
  return m;
}

export function sumOfDice(count: number, sides: number): Dist {
  let d: Dist = point(0);
  for (let i = 0; i < count; i++) d = convolve(d, uniform(sides));
  return d;
}

export function mapDist(d: Dist, f: (v: number) => number): Dist {
  const m = new Map<number, number>();
  for (const [v, p] of d) {
    const w = f(v);
    m.set(w, (m.get(w) ?? 0) + p);
  }
  return m;
}

/** Mixes weighted distributions: sum of weight * dist. Weights should sum to 1. */
export function mix(parts: ReadonlyArray<readonly [weight: number, dist: Dist]>): Dist {
  const m = new Map<number, number>();
  for (const [w, d] of parts) {
    if (w === 0) continue;
    for (const [v, p] of d) m.set(v, (m.get(v) ?? 0) + w * p);
  }
  return m;
}

export function probability(d: Dist, pred: (v: number) => boolean): number {
  let s = 0;
  for (const [v, p] of d) if (pred(v)) s += p;
  return s;
}

/** Sorted [value, probability] pairs, for results and cards. */
export function toPairs(d: Dist): Array<[number, number]> {
  return [...d.entries()].filter(([, p]) => p > 0).sort((x, y) => x[0] - y[0]);
}

/** P(d20 + bonus >= needed) for a plain d20 with no automatic results. */
export function pAtLeast(sides: number, bonus: number, needed: number): number {
  const minFace = needed - bonus;
  if (minFace <= 1) return 1;
  if (minFace > sides) return 0;
  return (sides - minFace + 1) / sides;
}
