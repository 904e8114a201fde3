/**
 * 004 §Break Free and §Counter Grapple: what a held creature may do on its turn. Breaking free
 * is a Grapple Result rolled with the roles swapped (digest §7.5 reading), one per holder, and
 * succeeds at one category above the hold; its table damage lands on the holder either way, on
 * one holder only. A counter grapple needs no attack roll and breaks the opponent's hold only
 * when it stuns (a Gouge with the default table).
 */
import type { Dice } from "../core/dice.ts";
import { rollDie } from "../core/dice.ts";
import { lookup } from "../core/table.ts";
import { sumMods } from "../core/trace.ts";
import type { TableDamage } from "./damage.ts";
import { tableDamage } from "./damage.ts";
import type { GrappledSides, ResultRoll } from "./grapple.ts";
import { holdId } from "./grapple.ts";
import type { Hold, Timer } from "./holds.ts";
import { grappledSides, holdsOn, isMutual } from "./holds.ts";
import { resultModifiers } from "./modifiers.ts";
import type { PercentileOptions } from "./options.ts";
import type { PercentileCombatant } from "./profile.ts";
import { canAct } from "./profile.ts";
import type { GrappleRow } from "./tables.ts";
import type { PlannedVariable, VariablePair } from "./variable.ts";
import { planVariable, rollVariables } from "./variable.ts";

export type BreakFreeRefusal = "notHeld" | "cannotAct" | "mutualHold";

export interface BreakAttempt {
  readonly holdId: string;
  readonly holderId: string;
  readonly variable: VariablePair;
  readonly result: ResultRoll;
  readonly row: GrappleRow;
  /** The category the break must reach: the hold's plus one. */
  readonly needed: number;
  readonly broken: boolean;
  /** The break roll's table damage to the holder; null for the holders spared (004: damage to one only). */
  readonly damage: TableDamage | null;
}

export type BreakFreeResult =
  | { readonly kind: "notAllowed"; readonly reason: BreakFreeRefusal }
  | {
      readonly kind: "attempts";
      readonly attempts: BreakAttempt[];
      /** The holder that takes the damage. */
      readonly damageTo: string;
      readonly brokenHoldIds: string[];
      /** Every hold in play after the attempts. */
      readonly holds: Hold[];
    };

export interface BreakFreeSituation {
  /** Which holder the break damage goes to; default the original holder. */
  readonly damageTo?: string;
}

/** The Variables of a break or counter: no attack roll, so both go to the result. */
export function swappedVariables(roller: PercentileCombatant, other: PercentileCombatant, options: PercentileOptions, breaking: boolean): { attacker: PlannedVariable; target: PlannedVariable } {
  const skip = breaking && options.breakFreeVariable === "none" ? "optionOff" : undefined;
  return {
    attacker: planVariable(roller, "attacker", "result", options, skip),
    target: planVariable(other, "target", "result", options, skip),
  };
}

export function breakFreeRefusal(breaker: PercentileCombatant, holds: readonly Hold[]): BreakFreeRefusal | null {
  const held = holdsOn(breaker.id, holds);
  if (held.length === 0) return "notHeld";
  if (!canAct(breaker)) return "cannotAct";
  // 004 §Counter Grapple: while each side keeps a hold on the other, neither side may try to break free.
  if (held.some((h) => isMutual(breaker.id, h.holderId, holds))) return "mutualHold";
  return null;
}

/** The holder the damage goes to when the table does not say: the original, else the first listed. */
export function defaultDamageTo(held: readonly Hold[]): string {
  return (held.find((h) => h.original) ?? (held[0] as Hold)).holderId;
}

export function resolveBreakFree(
  breaker: PercentileCombatant,
  holders: readonly PercentileCombatant[],
  holds: readonly Hold[],
  s: BreakFreeSituation,
  options: PercentileOptions,
  dice: Dice,
): BreakFreeResult {
  const reason = breakFreeRefusal(breaker, holds);
  if (reason) return { kind: "notAllowed", reason };
  const held = holdsOn(breaker.id, holds);
  const damageTo = s.damageTo ?? defaultDamageTo(held);
  const attempts: BreakAttempt[] = [];
  for (const h of held) {
    const holder = holders.find((c) => c.id === h.holderId) as PercentileCombatant;
    const v = rollVariables(swappedVariables(breaker, holder, options, true), dice);
    const die = rollDie(dice, 100, "breakFree");
    const modifiers = [...v.resultMods, ...resultModifiers(breaker, holder, "grapple", options)];
    const total = die.face + sumMods(modifiers);
    const row = lookup(options.tables.grappling, total);
    const needed = h.row.category + 1;
    const hurts = options.breakFreeDamage === "toHolder" && holder.id === damageTo;
    attempts.push({
      holdId: h.id,
      holderId: holder.id,
      variable: v.trace,
      result: { die, modifiers, total },
      row,
      needed,
      broken: row.category >= needed,
      damage: hurts ? tableDamage(row.damage, breaker, "grapple", false, options) : null,
    });
  }
  const brokenHoldIds = attempts.filter((a) => a.broken).map((a) => a.holdId);
  return { kind: "attempts", attempts, damageTo, brokenHoldIds, holds: holds.filter((h) => !brokenHoldIds.includes(h.id)) };
}

// ---------------------------------------------------------------------------------------------
export type CounterRefusal = "notHeldBy" | "cannotAct" | "alreadyHolding";

export type CounterResult =
  | { readonly kind: "notAllowed"; readonly reason: CounterRefusal }
  | {
      readonly kind: "counter";
      readonly variable: VariablePair;
      readonly result: ResultRoll;
      readonly row: GrappleRow;
      readonly hold: Hold;
      readonly damage: TableDamage | null;
      /** The opponent's hold, when the counter stunned and so broke it. */
      readonly brokenHoldId: string | null;
      /** Both holds stand: neither side may Break Free. */
      readonly mutual: boolean;
      readonly grappled: GrappledSides;
      readonly timers: Timer[];
      readonly holds: Hold[];
    };

export interface CounterSituation {
  readonly round?: number;
}

export function counterRefusal(counterer: PercentileCombatant, holder: PercentileCombatant, holds: readonly Hold[]): CounterRefusal | null {
  if (!holds.some((h) => h.holderId === holder.id && h.heldId === counterer.id)) return "notHeldBy";
  if (!canAct(counterer)) return "cannotAct";
  if (holds.some((h) => h.holderId === counterer.id && h.heldId === holder.id)) return "alreadyHolding";
  return null;
}

/** A counter grapple frees its roller only with a row that stuns. */
export function counterBreaks(row: GrappleRow): boolean {
  return (row.effects.stunRounds ?? 0) > 0;
}

export function resolveCounterGrapple(
  counterer: PercentileCombatant,
  holder: PercentileCombatant,
  holds: readonly Hold[],
  s: CounterSituation,
  options: PercentileOptions,
  dice: Dice,
): CounterResult {
  const reason = counterRefusal(counterer, holder, holds);
  if (reason) return { kind: "notAllowed", reason };
  const v = rollVariables(swappedVariables(counterer, holder, options, false), dice);
  const die = rollDie(dice, 100, "counterGrapple");
  const modifiers = [...v.resultMods, ...resultModifiers(counterer, holder, "grapple", options)];
  const total = die.face + sumMods(modifiers);
  const row = lookup(options.tables.grappling, total);
  const round = s.round ?? 1;
  const original = holdsOn(holder.id, holds).length === 0;
  const hold: Hold = { id: holdId(counterer.id, holder.id, round), holderId: counterer.id, heldId: holder.id, row, original, special: false, roundGained: round };
  const theirs = holds.find((h) => h.holderId === holder.id && h.heldId === counterer.id) as Hold;
  const breaks = counterBreaks(row);
  const after = [...holds.filter((h) => !breaks || h.id !== theirs.id), hold];
  return {
    kind: "counter",
    variable: v.trace,
    result: { die, modifiers, total },
    row,
    hold,
    damage: original ? tableDamage(row.damage, counterer, "grapple", false, options) : null,
    brokenHoldId: breaks ? theirs.id : null,
    mutual: !breaks,
    grappled: grappledSides(counterer, holder, false, options),
    timers: row.effects.stunRounds ? [{ id: holder.id, condition: "stunned", rounds: row.effects.stunRounds, appliedRound: round }] : [],
    holds: after,
  };
}
