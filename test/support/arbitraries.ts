// fast-check generators shared by the variants' arbitraries: size classes and Strength.
import fc from "fast-check";
import { SIZES } from "../../src/rules/core/size.ts";
import type { Size } from "../../src/rules/core/size.ts";

export const sizeArb = fc.constantFrom<Size>(...SIZES);

/** A Strength score 3-25, or 18 with an exceptional percentage. */
export const strengthArb = fc.oneof(
  fc.integer({ min: 3, max: 25 }).map((score) => ({ score })),
  fc.integer({ min: 1, max: 100 }).map((exceptional) => ({ score: 18, exceptional })),
);
