/**
 * The actions of variant grapple-die (source 002) by name, in the same shape as d12-holds/actions.ts.
 * (Being built; see issue 3.)
 */
import type { Dice } from "../core/dice.ts";

export interface GRAPPLE_DIEAction {
  readonly rolls: boolean;
  run(input: unknown, options: never, dice: Dice): unknown;
}

export const GRAPPLE_DIE_ACTIONS: Record<string, GRAPPLE_DIEAction> = {};

export function resolveOptions(partial: unknown): unknown {
  return partial ?? {};
}
