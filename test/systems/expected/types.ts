/**
 * One fixture's hand-worked expectations: for each variant, the profile fields it must have
 * (matched exactly, field by field) and where some of them came from. Fields left out are not
 * checked here (the property tests check that the whole profile is valid).
 */
import type { SourceKind } from "../../../src/systems/index.ts";

export interface VariantExpectation {
  readonly profile: Readonly<Record<string, unknown>>;
  readonly sources?: Readonly<Record<string, SourceKind>>;
  /** Fields that must not be in the profile (an optional field left out). */
  readonly absent?: readonly string[];
}

export interface FixtureExpectation {
  readonly file: string;
  /** World settings, and `prepared` for a fixture that stands for a prepared (live) actor. */
  readonly settings?: { readonly ascendingAC?: boolean; readonly prepared?: boolean };
  readonly "d12-holds": VariantExpectation;
  readonly "grapple-die": VariantExpectation;
  readonly percentile: VariantExpectation;
}
