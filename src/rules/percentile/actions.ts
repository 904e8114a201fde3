/**
 * The actions of variant percentile (source 004) by name, in the same shape as d12-holds/actions.ts.
 * (Being built; see issue 3.)
 */
import type { Dice } from "../core/dice.ts";

export interface PERCENTILEAction {
  readonly rolls: boolean;
  run(input: unknown, options: never, dice: Dice): unknown;
}

export const PERCENTILE_ACTIONS: Record<string, PERCENTILEAction> = {};

export function resolveOptions(partial: unknown): unknown {
  return partial ?? {};
}
