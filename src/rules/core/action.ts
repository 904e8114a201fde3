/**
 * One named action of a variant's registry (its actions.ts): the golden vectors and
 * `runAction` call it with plain-data input and the variant's resolved options.
 */
import type { Dice } from "./dice.ts";

export interface VariantAction<O> {
  /** Whether the action rolls dice (odds-only and derived-value actions do not). */
  readonly rolls: boolean;
  run(input: unknown, options: O, dice: Dice): unknown;
}
