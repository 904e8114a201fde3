/**
 * One entry point for every variant: `runAction(variant, action, input, options, dice)`
 * validates, resolves and reports bad input as data instead of throwing.
 */
import type { VariantAction } from "./core/action.ts";
import type { Dice } from "./core/dice.ts";
import type { InputIssue } from "./core/errors.ts";
import { RulesInputError } from "./core/errors.ts";
import { d12Variant } from "./d12-holds/variant.ts";
import { grappleDieVariant } from "./grapple-die/variant.ts";
import { percentileVariant } from "./percentile/variant.ts";
import type { RulesVariant } from "./variant.ts";
import type { ShellVectorAction } from "./shell-actions.ts";
import { runShellVectorAction, SHELL_VECTOR_ACTIONS } from "./shell-actions.ts";
import { D12_ACTIONS } from "./d12-holds/actions.ts";
import { resolveOptions as resolveD12Options } from "./d12-holds/options.ts";
import { GRAPPLE_DIE_ACTIONS, resolveOptions as resolveGrappleDieOptions } from "./grapple-die/actions.ts";
import { PERCENTILE_ACTIONS, resolveOptions as resolvePercentileOptions } from "./percentile/actions.ts";

export interface VariantEntry {
  readonly id: string;
  readonly source: string;
  readonly actions: Readonly<Record<string, VariantAction<never>>>;
  resolveOptions(partial: unknown): unknown;
}

export const VARIANTS = {
  "d12-holds": { id: "d12-holds", source: "000", actions: D12_ACTIONS, resolveOptions: resolveD12Options },
  "grapple-die": { id: "grapple-die", source: "002", actions: GRAPPLE_DIE_ACTIONS, resolveOptions: resolveGrappleDieOptions },
  percentile: { id: "percentile", source: "004", actions: PERCENTILE_ACTIONS, resolveOptions: resolvePercentileOptions },
} as const satisfies Record<string, VariantEntry>;

export type VariantId = keyof typeof VARIANTS;

export type ActionOutcome = { readonly ok: true; readonly result: unknown } | { readonly ok: false; readonly issues: readonly InputIssue[] };

export function runAction(variant: string, action: string, input: unknown, options: unknown, dice: Dice): ActionOutcome {
  const v = (VARIANTS as Record<string, VariantEntry | undefined>)[variant];
  if (!v) return { ok: false, issues: [{ path: "variant", code: "unknownVariant", params: { variant } }] };
  const a = Object.hasOwn(v.actions, action) ? v.actions[action] : undefined;
  const shell = (SHELL_VECTOR_ACTIONS as readonly string[]).includes(action) ? (action as ShellVectorAction) : undefined;
  if (!a && !shell) return { ok: false, issues: [{ path: "action", code: "unknownAction", params: { action, known: [...Object.keys(v.actions), ...SHELL_VECTOR_ACTIONS].join("|") } }] };
  try {
    const opts = v.resolveOptions(options);
    // A shell-path action (a monster's grab): the variant's own resolve, as the Foundry shell calls it.
    if (shell) return { ok: true, result: runShellVectorAction(RULES_VARIANTS[v.id] as RulesVariant, shell, input, opts, dice) };
    return { ok: true, result: (a?.run as (i: unknown, o: unknown, d: Dice) => unknown)(input, opts, dice) };
  } catch (e) {
    if (e instanceof RulesInputError) return { ok: false, issues: e.issues };
    throw e;
  }
}

/** The variants the Foundry shell can play, behind the RulesVariant interface. */
export const RULES_VARIANTS: Readonly<Record<string, RulesVariant>> = {
  "d12-holds": d12Variant,
  "grapple-die": grappleDieVariant,
  percentile: percentileVariant,
};
