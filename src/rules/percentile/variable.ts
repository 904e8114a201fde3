/**
 * 004 §Variable Bonus: each side's secret die plus its column, spent before the attack roll on
 * either the chance or the result (the result unless it says otherwise). The attacker adds its
 * d6 + column; the target takes its d4 + column away. Values are plain percentage points.
 */
import type { Dice, DieRoll } from "../core/dice.ts";
import { rollDie } from "../core/dice.ts";
import type { Dist } from "../core/dist.ts";
import { mapDist, uniform } from "../core/dist.ts";
import { rowFor } from "../core/table.ts";
import type { Modifier } from "../core/trace.ts";
import { mod } from "../core/trace.ts";
import type { PercentileOptions } from "./options.ts";
import type { PercentileCombatant } from "./profile.ts";
import { classesOf, hasCondition } from "./profile.ts";
import { CLASS_COLUMN, MONSTER_COLUMN, MONSTER_COLUMN_OPEN, VARIABLE_DICE } from "./tables.ts";

export type Side = "attacker" | "target";
export type Assignment = "chance" | "result";

export interface Column {
  readonly value: number;
  /** Class groups: "fighter" etc. with the level; monsters: the attack-matrix heading. */
  readonly basis: string;
  readonly level?: number;
  readonly label?: string;
  /** A multi-classed character: every class's column, the one used among them. */
  readonly classes?: ReadonlyArray<{ readonly group: string; readonly level: number; readonly value: number }>;
}

/** The column a creature adds to its Variable die (digest §7.2, T004-01). */
export function variableColumn(c: PercentileCombatant, options: PercentileOptions): Column {
  if (c.kind === "character") {
    const all = classesOf(c).map((x) => ({ group: x.group, level: x.level, value: Math.ceil(x.level / CLASS_COLUMN[x.group].divisor) + CLASS_COLUMN[x.group].plus }));
    const first = all[0] as (typeof all)[number];
    if (all.length === 1) return { value: first.value, basis: first.group, level: first.level };
    // Multi-class: the best column (as a multi-class attacks on its best table), or the first class's.
    const used = options.multiClassColumn === "best" ? all.reduce((b, x) => (x.value > b.value ? x : b)) : first;
    return { value: used.value, basis: used.group, level: used.level, classes: all };
  }
  const hd = c.hitDice ?? { dice: 0, adjustment: 0 };
  const row = rowFor(MONSTER_COLUMN, hd.dice * 100 + hd.adjustment).result;
  let value: number = row.column;
  if (row.column === 1 && options.zeroColumn === "sameAsOneMinusOne") value = 2;
  if (row.label === "14+") value += Math.floor((hd.dice - MONSTER_COLUMN_OPEN.fromDice) / MONSTER_COLUMN_OPEN.dicePerColumn);
  return { value, basis: "hitDice", label: row.label };
}

/** A Variable that will be rolled: whose, which die, what column, and where it goes. */
export interface VariablePlan {
  readonly side: Side;
  readonly sides: number;
  readonly column: Column;
  readonly assignedTo: Assignment;
}

export interface VariableRoll extends VariablePlan {
  readonly die: DieRoll;
  /** Die + column. */
  readonly value: number;
  /** As added to the roll: + for the attacker, - for the target. */
  readonly signed: number;
}

/** Why a side gets no Variable this time. */
export type NoVariable = "unconscious" | "specialAbility" | "noChanceRoll" | "fixedHold" | "optionOff";

export type PlannedVariable = { readonly plan: VariablePlan } | { readonly none: NoVariable };

/**
 * Whether and how a side's Variable is rolled. `noChanceRoll` marks procedures with no attack
 * roll (automatic grapples), where a Variable spent on the chance has nothing to change and is
 * not rolled; `fixedHold` a hold an ability fixes, with no result roll either.
 */
export function planVariable(
  c: PercentileCombatant,
  side: Side,
  assignedTo: Assignment,
  options: PercentileOptions,
  skip?: NoVariable,
): PlannedVariable {
  if (skip) return { none: skip };
  if (options.unconsciousVariable === "none" && hasCondition(c, "unconscious")) return { none: "unconscious" };
  return { plan: { side, sides: VARIABLE_DICE[side], column: variableColumn(c, options), assignedTo } };
}

export function rollVariable(plan: VariablePlan, dice: Dice): VariableRoll {
  const die = rollDie(dice, plan.sides, plan.side === "attacker" ? "variableAttacker" : "variableTarget");
  const value = die.face + plan.column.value;
  return { ...plan, die, value, signed: plan.side === "attacker" ? value : -value };
}

export function variableModifier(r: VariableRoll): Modifier {
  return mod(r.side === "attacker" ? "WC.Mod.variableAttacker" : "WC.Mod.variableTarget", r.signed, { face: r.die.face, column: r.column.value });
}

/** The exact distribution of a planned Variable's signed value. */
export function variableDist(plan: VariablePlan): Dist {
  return mapDist(uniform(plan.sides), (f) => (plan.side === "attacker" ? 1 : -1) * (f + plan.column.value));
}

/** What the trace shows for each side: the roll, or why there was none. */
export type VariableTrace = VariableRoll | { readonly side: Side; readonly none: NoVariable };

export interface VariablePair {
  readonly attacker: VariableTrace;
  readonly target: VariableTrace;
}

/** Rolls the planned Variables, attacker first; returns the trace and the signed sums per use. */
export function rollVariables(
  plans: { readonly attacker: PlannedVariable; readonly target: PlannedVariable },
  dice: Dice,
): { trace: VariablePair; chanceMods: Modifier[]; resultMods: Modifier[] } {
  const chanceMods: Modifier[] = [];
  const resultMods: Modifier[] = [];
  const one = (side: Side, p: PlannedVariable): VariableTrace => {
    if ("none" in p) return { side, none: p.none };
    const r = rollVariable(p.plan, dice);
    (r.assignedTo === "chance" ? chanceMods : resultMods).push(variableModifier(r));
    return r;
  };
  const attacker = one("attacker", plans.attacker);
  const target = one("target", plans.target);
  return { trace: { attacker, target }, chanceMods, resultMods };
}
