/**
 * Actions the golden vectors run through a variant's shell interface (`RulesVariant.resolve`), the
 * same path the Foundry shell takes, where the variant's own registry has no plain-data entry for
 * them: `grab`, a monster's own grabbing attack (issue 31). Input is plain data; bad input is named
 * and nothing is resolved.
 */
import type { HoldRecord } from "./core/consequences.ts";
import type { Dice } from "./core/dice.ts";
import { IssueList } from "./core/errors.ts";
import type { ActionContext, Declared, Resolution, RulesVariant } from "./variant.ts";

export const SHELL_VECTOR_ACTIONS = ["grab"] as const;
export type ShellVectorAction = (typeof SHELL_VECTOR_ACTIONS)[number];

const ROUND_MAX = 100000;

/**
 * `{attacker, defender, grab, declared?, holds?, round?}`: the two creatures as the variant's
 * profiles with their ids, the grabbing attack, the boxes the table ticked (`needed`,
 * `toHitBonus`, ...), the variant's holds already in place, the round (default 1).
 */
export function grabContext(input: unknown): ActionContext {
  const issues = new IssueList();
  if (!issues.object("input", input)) issues.throwIfAny();
  const o = input as Record<string, unknown>;
  const who = (key: "attacker" | "defender"): { id: string; profile: unknown } => {
    const v = o[key];
    if (!issues.object(`input.${key}`, v)) return { id: "", profile: v };
    issues.str(`input.${key}.id`, v.id);
    return { id: String(v.id), profile: v };
  };
  const attacker = who("attacker");
  const defender = who("defender");
  if (o.round !== undefined) issues.int("input.round", o.round, 0, ROUND_MAX);
  if (o.declared !== undefined && issues.object("input.declared", o.declared)) {
    for (const [k, v] of Object.entries(o.declared)) {
      if (typeof v !== "boolean" && typeof v !== "number" && typeof v !== "string") issues.add(`input.declared.${k}`, "notOneOf", { allowed: "boolean|number|text", got: typeof v });
    }
  }
  const holds: HoldRecord[] = [];
  if (o.holds !== undefined && issues.array("input.holds", o.holds)) {
    o.holds.forEach((h, i) => {
      if (!issues.object(`input.holds[${i}]`, h)) return;
      const ok = [issues.str(`input.holds[${i}].id`, h.id), issues.str(`input.holds[${i}].holderId`, h.holderId), issues.str(`input.holds[${i}].heldId`, h.heldId)];
      if (ok.every(Boolean)) holds.push({ id: h.id as string, holderId: h.holderId as string, heldId: h.heldId as string, label: "", data: h });
    });
  }
  issues.throwIfAny();
  return {
    action: "grab",
    attacker,
    defender,
    declared: (o.declared ?? {}) as Declared,
    holds,
    round: (o.round as number | undefined) ?? 1,
    inCombat: true,
    grab: o.grab as ActionContext["grab"],
  };
}

/** Runs a shell-path action of a variant with resolved options: the whole resolution (result, consequences, headline). */
export function runShellVectorAction(variant: RulesVariant, _action: ShellVectorAction, input: unknown, options: unknown, dice: Dice): Resolution {
  return variant.resolve(grabContext(input), options, dice);
}
