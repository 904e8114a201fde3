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

/**
 * The two kinds of registry entry for a variant whose options are `O`: `rolled` (its input read
 * by `parse`, which throws on bad input, then resolved with the dice) and `derived` (rolls
 * nothing: a derived value or odds).
 */
export function actionMakers<O>(): {
  rolled: <P>(parse: (input: unknown) => P, resolve: (p: P, options: O, dice: Dice) => unknown) => VariantAction<O>;
  derived: <P>(parse: (input: unknown) => P, work: (p: P, options: O) => unknown) => VariantAction<O>;
} {
  return {
    rolled: (parse, resolve) => ({ rolls: true, run: (input, options, dice) => resolve(parse(input), options, dice) }),
    derived: (parse, work) => ({ rolls: false, run: (input, options) => work(parse(input), options) }),
  };
}
