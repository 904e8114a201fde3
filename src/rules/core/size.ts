/** Size classes shared by all three variants (000 defines VL: 10 ft tall, 30 ft long or massive). */
export const SIZES = ["S", "M", "L", "VL"] as const;
export type Size = (typeof SIZES)[number];

export function sizeIndex(s: Size): number {
  return SIZES.indexOf(s);
}

/** Steps from `b` up to `a`: positive when `a` is larger. */
export function sizeSteps(a: Size, b: Size): number {
  return sizeIndex(a) - sizeIndex(b);
}

export function largest(sizes: readonly Size[]): Size | undefined {
  let best: Size | undefined;
  for (const s of sizes) if (best === undefined || sizeIndex(s) > sizeIndex(best)) best = s;
  return best;
}

export function sizeAtLeast(s: Size, floor: Size): Size {
  return sizeIndex(s) >= sizeIndex(floor) ? s : floor;
}

export function sizeUp(s: Size): Size {
  return SIZES[Math.min(SIZES.length - 1, sizeIndex(s) + 1)] as Size;
}
