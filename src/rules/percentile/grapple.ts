/**
 * 004 §Grapple, whole: eligibility, the target's free attack or fend-off, the Variables, the
 * Grapple Attack roll (d100 at or under the chance), the Grapple Result (d100 + modifiers on the
 * Grappling Table), the hold with its damage and conditions. Joining an existing grapple and
 * Grab/Hug/Constrict run through the same path. `planGrapple` is shared with the odds.
 */
import type { Dice, DieRoll } from "../core/dice.ts";
import { rollDie } from "../core/dice.ts";
import { lookup } from "../core/table.ts";
import type { Modifier } from "../core/trace.ts";
import { mod, sumMods } from "../core/trace.ts";
import type { TableDamage } from "./damage.ts";
import { rollGrabDamage, tableDamage } from "./damage.ts";
import type { GrabDice } from "../core/grab.ts";
import type { Hold, JoinCap, Timer } from "./holds.ts";
import { grappledSides, holderIdsOf, holdsOn, joinCap, rowForCategory } from "./holds.ts";
import type { ChanceTrace } from "./modifiers.ts";
import { chanceTrace, resultModifiers } from "./modifiers.ts";
import type { PercentileOptions } from "./options.ts";
import type { GrappleAbility, PercentileCombatant } from "./profile.ts";
import type { DefenseOutcome, GrappleSituation, NotAllowedReason } from "./start.ts";
import { grappleDefense, grappleRefusal } from "./start.ts";
import type { GrappleRow } from "./tables.ts";
import type { PlannedVariable, VariablePair } from "./variable.ts";
import { planVariable, rollVariables } from "./variable.ts";

export interface AttackRoll {
  /** Null when the chance settles it alone: 100 or more always succeeds, 0 or less never does. */
  readonly die: DieRoll | null;
  readonly chance: number;
  /**
   * What the chance is made of, so the roll explains itself: the base chance first, then every
   * modifier (a Variable spent on the chance among them). They sum to `chance`.
   */
  readonly chanceTerms: Modifier[];
  /** At or under the chance. */
  readonly success: boolean;
}

/** The base chance as a term of the chance: 004 §Base Chance to Grapple, from the attacker's armor. */
export function baseChanceTerm(trace: ChanceTrace): Modifier {
  return mod("WC.Mod.baseChance", trace.base.value, { ad: trace.base.ad, magic: trace.base.magic });
}

/** The Grapple (or Overbear) Attack roll: d100 at or under the chance the trace adds up to. */
export function rollAttack(dice: Dice, trace: ChanceTrace, purpose: string): AttackRoll {
  const chance = trace.chance;
  const chanceTerms = [baseChanceTerm(trace), ...trace.modifiers];
  if (chance >= 100) return { die: null, chance, chanceTerms, success: true };
  if (chance <= 0) return { die: null, chance, chanceTerms, success: false };
  const die = rollDie(dice, 100, purpose);
  return { die, chance, chanceTerms, success: die.face <= chance };
}

export interface ResultRoll {
  readonly die: DieRoll;
  /** Every modifier, Variables first. */
  readonly modifiers: Modifier[];
  readonly total: number;
}

export interface GrappledSides {
  readonly attacker: boolean;
  readonly target: boolean;
}

export type GrappleResult =
  | { readonly kind: "notAllowed"; readonly reason: NotAllowedReason }
  | { readonly kind: "linkedAttackMissed"; readonly ability: GrappleAbility }
  | { readonly kind: "foiled"; readonly defense: DefenseOutcome }
  | { readonly kind: "miss"; readonly defense: DefenseOutcome; readonly variable: VariablePair; readonly chance: ChanceTrace; readonly attackRoll: AttackRoll }
  | {
      readonly kind: "hold";
      readonly defense: DefenseOutcome;
      readonly variable: VariablePair;
      /** Null for Grab, Hug and Constrict: no attack roll. */
      readonly chance: ChanceTrace | null;
      readonly attackRoll: AttackRoll | null;
      /** Null when the ability fixes the hold. */
      readonly result: ResultRoll | null;
      /** The row the roll reached, before any joiner's cap. */
      readonly rolled: GrappleRow | null;
      readonly row: GrappleRow;
      readonly join: JoinCap | null;
      readonly capped: boolean;
      readonly hold: Hold;
      /** Null for a joiner: only the original grappler deals hold damage. */
      readonly damage: TableDamage | null;
      /** Who gains the grappled condition. */
      readonly grappled: GrappledSides;
      readonly pinned: boolean;
      /** Timed conditions the hold puts on the target (a Gouge's stun). */
      readonly timers: Timer[];
    };

/** What is settled before any die: a refusal or a foiled approach, or the plan for the dice. */
export type GrapplePlan =
  | { readonly kind: "notAllowed"; readonly reason: NotAllowedReason }
  | { readonly kind: "linkedAttackMissed"; readonly ability: GrappleAbility }
  | { readonly kind: "foiled"; readonly defense: DefenseOutcome }
  | {
      readonly kind: "roll";
      readonly defense: DefenseOutcome;
      readonly variables: { readonly attacker: PlannedVariable; readonly target: PlannedVariable };
      /** False for a special-ability grapple, which skips the attack d100. */
      readonly attackRoll: boolean;
      readonly fixedCategory: number | null;
      readonly resultMods: Modifier[];
      readonly join: JoinCap | null;
    };

export function planGrapple(attacker: PercentileCombatant, target: PercentileCombatant, s: GrappleSituation, options: PercentileOptions): GrapplePlan {
  const reason = grappleRefusal(attacker, target, s);
  if (reason) return { kind: "notAllowed", reason };
  if (s.special && !s.special.linkedAttackHit) return { kind: "linkedAttackMissed", ability: s.special.ability };
  const defense = grappleDefense(attacker, s);
  if (defense.foiled) return { kind: "foiled", defense };
  const special = s.special !== undefined;
  const fixedCategory = s.special?.holdCategory ?? null;
  const aUse = s.variable?.attacker ?? "result";
  const tUse = s.variable?.target ?? "result";
  // 004: a special-ability grappler adds no Variable to the result, and has no attack roll to spend it on.
  const attackerVar = planVariable(attacker, "attacker", aUse, options, special ? "specialAbility" : undefined);
  // With no attack roll a Variable spent on the chance has nothing to change; with a fixed hold neither has.
  const targetSkip = fixedCategory !== null ? "fixedHold" : special && tUse === "chance" ? "noChanceRoll" : undefined;
  const targetVar = planVariable(target, "target", tUse, options, targetSkip);
  return {
    kind: "roll",
    defense,
    variables: { attacker: attackerVar, target: targetVar },
    attackRoll: !special,
    fixedCategory,
    resultMods: resultModifiers(attacker, target, "grapple", options),
    join: joinCap(holdsOn(target.id, s.holds ?? []), options),
  };
}

/** The row a result total reaches, and the row kept after a joiner's cap. */
export function cappedRow(rolled: GrappleRow, join: JoinCap | null, options: PercentileOptions): { row: GrappleRow; capped: boolean } {
  if (join && rolled.category > join.cap) return { row: rowForCategory(options.tables.grappling, join.cap), capped: true };
  return { row: rolled, capped: false };
}

export function holdId(holderId: string, heldId: string, round: number): string {
  return `${holderId}>${heldId}@${round}`;
}

/**
 * `grabDamage`: a monster's grab (issue 31) with its stated figure for the hold's damage slot
 * (option `grabDamage`): rolled now in place of the row's damage, and kept on the hold for each later round.
 */
export function resolveGrapple(attacker: PercentileCombatant, target: PercentileCombatant, s: GrappleSituation, options: PercentileOptions, dice: Dice, grabDamage?: GrabDice): GrappleResult {
  const p = planGrapple(attacker, target, s, options);
  if (p.kind !== "roll") return p;
  const v = rollVariables(p.variables, dice);
  let chance: ChanceTrace | null = null;
  let attackRoll: AttackRoll | null = null;
  if (p.attackRoll) {
    chance = chanceTrace(attacker, target, "grapple", options, v.chanceMods);
    attackRoll = rollAttack(dice, chance, "grappleAttack");
    if (!attackRoll.success) return { kind: "miss", defense: p.defense, variable: v.trace, chance, attackRoll };
  }
  let result: ResultRoll | null = null;
  let rolled: GrappleRow | null = null;
  if (p.fixedCategory === null) {
    const die = rollDie(dice, 100, "grappleResult");
    const modifiers = [...v.resultMods, ...p.resultMods];
    const total = die.face + sumMods(modifiers);
    result = { die, modifiers, total };
    rolled = lookup(options.tables.grappling, total);
  }
  const base = rolled ?? rowForCategory(options.tables.grappling, p.fixedCategory as number);
  const { row, capped } = cappedRow(base, p.join, options);
  const round = s.round ?? 1;
  const special = s.special !== undefined;
  const hold: Hold = { id: holdId(attacker.id, target.id, round), holderId: attacker.id, heldId: target.id, row, original: p.join === null, special, ...(s.special?.holderFree === true ? { holderFree: true } : {}), roundGained: round, ...(grabDamage ? { roundDamage: grabDamage } : {}) };
  const holds = [...(s.holds ?? []), hold];
  const timers: Timer[] = row.effects.stunRounds ? [{ id: target.id, condition: "stunned", rounds: row.effects.stunRounds, appliedRound: round }] : [];
  return {
    kind: "hold",
    defense: p.defense,
    variable: v.trace,
    chance,
    attackRoll,
    result,
    rolled,
    row,
    join: p.join,
    capped,
    hold,
    damage: hold.original ? (grabDamage ? rollGrabDamage(dice, grabDamage) : tableDamage(row.damage, attacker, "grapple", special, options)) : null,
    grappled: grappledSidesFor(attacker, target, s, options),
    pinned: holderIdsOf(target.id, holds).length >= target.maxMeleeAttackers,
    timers,
  };
}

function grappledSidesFor(attacker: PercentileCombatant, target: PercentileCombatant, s: GrappleSituation, options: PercentileOptions): GrappledSides {
  return grappledSides(attacker, target, s.special?.holderFree === true, options);
}
