/**
 * 004 §Overbear Attack: a charger's bull rush. Limits (charging; the target under twice the
 * attacker's weight), the fend-off/avoid (a hit foils it, no damage either way), the Variables,
 * the Overbear Attack roll (the grapple chance without its slick/wet line), the Overbear Result
 * on the Overbear Table, the damage (half lethal) and the tackle. Trample skips the attack roll
 * and the fend-off and counts only when the result does damage.
 */
import type { Dice } from "../core/dice.ts";
import { rollDie } from "../core/dice.ts";
import { lookup } from "../core/table.ts";
import type { Modifier } from "../core/trace.ts";
import { sumMods } from "../core/trace.ts";
import type { TableDamage } from "./damage.ts";
import { tableDamage } from "./damage.ts";
import type { AttackRoll, ResultRoll } from "./grapple.ts";
import { rollAttack } from "./grapple.ts";
import type { Timer } from "./holds.ts";
import type { ChanceTrace } from "./modifiers.ts";
import { chanceTrace, resultModifiers } from "./modifiers.ts";
import type { PercentileOptions } from "./options.ts";
import type { PercentileCombatant } from "./profile.ts";
import type { Defense, DefenseOutcome, OverbearRefusal } from "./start.ts";
import { defenseFoils, overbearApproach, overbearRefusal } from "./start.ts";
import type { OverbearRow } from "./tables.ts";
import type { Assignment, PlannedVariable, VariablePair } from "./variable.ts";
import { planVariable, rollVariables } from "./variable.ts";

export interface OverbearSituation {
  /** 004: an overbear happens only at the end of a charge. */
  readonly charging?: boolean;
  readonly variable?: { readonly attacker?: Assignment; readonly target?: Assignment };
  /** The target's fend-off/avoid free attack routine (not its weapon-length immediate attack). */
  readonly defense?: Defense;
  /** The attacker uses its Trample ability. */
  readonly trample?: boolean;
  /** The trample damage the creature lists, used instead of the table's on a damaging result. */
  readonly trampleDamage?: number;
  /** A declared tackle (004 §Overbear Attack, Note). */
  readonly tackle?: boolean;
  /** The host's AC penalty for charging, for the fend-off's target AC. */
  readonly chargeAcPenalty?: number;
  readonly targetCasting?: boolean;
  readonly round?: number;
}

/** What befalls each side afterwards. */
export interface OverbearAftermath {
  readonly targetProne: boolean;
  /** A tackler goes down with a prone target, and on any attempt that does no damage. */
  readonly attackerProne: boolean;
  /** The tackler, winning next round's initiative, may grapple with no free attack or fend-off. */
  readonly grappleNextRoundUnopposed: boolean;
}

export type OverbearResult =
  | { readonly kind: "notAllowed"; readonly reason: OverbearRefusal | "noTrample" }
  | { readonly kind: "avoided"; readonly defense: DefenseOutcome; readonly aftermath: OverbearAftermath }
  | {
      readonly kind: "miss";
      readonly defense: DefenseOutcome;
      readonly variable: VariablePair;
      readonly chance: ChanceTrace;
      readonly attackRoll: AttackRoll;
      readonly aftermath: OverbearAftermath;
    }
  | {
      readonly kind: "result";
      readonly defense: DefenseOutcome;
      readonly variable: VariablePair;
      /** Null for a trample: no attack roll. */
      readonly chance: ChanceTrace | null;
      readonly attackRoll: AttackRoll | null;
      readonly result: ResultRoll;
      readonly row: OverbearRow;
      /** Trample only: did the result do damage, and so count? Null for an ordinary overbear. */
      readonly trampleCounts: boolean | null;
      /** Null when nothing lands (a trample that does not count). */
      readonly damage: TableDamage | null;
      readonly aftermath: OverbearAftermath;
      readonly timers: Timer[];
    };

export type OverbearPlan =
  | { readonly kind: "notAllowed"; readonly reason: OverbearRefusal | "noTrample" }
  | { readonly kind: "avoided"; readonly defense: DefenseOutcome; readonly aftermath: OverbearAftermath }
  | {
      readonly kind: "roll";
      readonly defense: DefenseOutcome;
      readonly variables: { readonly attacker: PlannedVariable; readonly target: PlannedVariable };
      readonly attackRoll: boolean;
      readonly resultMods: Modifier[];
    };

const STANDING: OverbearAftermath = { targetProne: false, attackerProne: false, grappleNextRoundUnopposed: false };

/** The aftermath of an attempt that did no damage: a tackler ends prone (004 §Overbear Attack, Note). */
export function failedAftermath(tackle: boolean): OverbearAftermath {
  return tackle ? { ...STANDING, attackerProne: true } : STANDING;
}

export function planOverbear(attacker: PercentileCombatant, target: PercentileCombatant, s: OverbearSituation, options: PercentileOptions): OverbearPlan {
  const reason = overbearRefusal(attacker, target, s.charging === true);
  if (reason) return { kind: "notAllowed", reason };
  const trample = s.trample === true;
  if (trample && !attacker.abilities.includes("trample")) return { kind: "notAllowed", reason: "noTrample" };
  // Trample: no free attack and no fend-off.
  const given: Defense = trample ? { kind: "none" } : (s.defense ?? { kind: "none" });
  const defense: DefenseOutcome = {
    allowed: !trample,
    defense: given,
    foiled: defenseFoils(given),
    spellSpoiled: s.targetCasting === true && given.kind !== "none",
    approach: overbearApproach(attacker, s.chargeAcPenalty ?? 0, options),
  };
  if (defense.foiled) return { kind: "avoided", defense, aftermath: failedAftermath(s.tackle === true) };
  const tUse = s.variable?.target ?? "result";
  return {
    kind: "roll",
    defense,
    variables: {
      // 004 §Overbear Attack, Variable Bonus: a special-ability attacker adds none to the result.
      attacker: planVariable(attacker, "attacker", s.variable?.attacker ?? "result", options, trample ? "specialAbility" : undefined),
      target: planVariable(target, "target", tUse, options, trample && tUse === "chance" ? "noChanceRoll" : undefined),
    },
    attackRoll: !trample,
    resultMods: resultModifiers(attacker, target, "overbear", options),
  };
}

/** The aftermath of a row reached (trample rows that do no damage change nothing). */
export function rowAftermath(row: OverbearRow, lands: boolean, damageTotal: number, tackle: boolean): OverbearAftermath {
  const targetProne = lands && row.effects.prone === true;
  const attackerProne = tackle && (targetProne || damageTotal === 0);
  return { targetProne, attackerProne, grappleNextRoundUnopposed: tackle && targetProne };
}

export function resolveOverbear(attacker: PercentileCombatant, target: PercentileCombatant, s: OverbearSituation, options: PercentileOptions, dice: Dice): OverbearResult {
  const p = planOverbear(attacker, target, s, options);
  if (p.kind !== "roll") return p;
  const v = rollVariables(p.variables, dice);
  const tackle = s.tackle === true;
  let chance: ChanceTrace | null = null;
  let attackRoll: AttackRoll | null = null;
  if (p.attackRoll) {
    chance = chanceTrace(attacker, target, "overbear", options, v.chanceMods);
    attackRoll = rollAttack(dice, chance, "overbearAttack");
    if (!attackRoll.success) {
      return { kind: "miss", defense: p.defense, variable: v.trace, chance, attackRoll, aftermath: failedAftermath(tackle) };
    }
  }
  const die = rollDie(dice, 100, "overbearResult");
  const modifiers = [...v.resultMods, ...p.resultMods];
  const total = die.face + sumMods(modifiers);
  const row = lookup(options.tables.overbear, total);
  const trample = !p.attackRoll;
  // Trample: only results that do damage count; the creature's own trample damage replaces the table's.
  const lands = !trample || row.damage > 0;
  const damage = lands ? tableDamage(trample && s.trampleDamage !== undefined ? s.trampleDamage : row.damage, attacker, "overbear", trample, options) : null;
  const round = s.round ?? 1;
  const timers: Timer[] = [];
  if (lands && row.effects.stunRounds) timers.push({ id: target.id, condition: "stunned", rounds: row.effects.stunRounds, appliedRound: round });
  if (lands && row.effects.hinderedRounds) timers.push({ id: target.id, condition: "hindered", rounds: row.effects.hinderedRounds, appliedRound: round });
  return {
    kind: "result",
    defense: p.defense,
    variable: v.trace,
    chance,
    attackRoll,
    result: { die, modifiers, total },
    row,
    trampleCounts: trample ? lands : null,
    damage,
    aftermath: rowAftermath(row, lands, damage?.split.total ?? 0, tackle),
    timers,
  };
}
