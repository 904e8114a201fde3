/**
 * The end of a round in variant percentile, for every creature at once. 004 gives the pieces
 * but no order; this one is: holds whose holder is out are let go; each original hold kept from
 * an earlier round deals its damage again (option `maintainedHoldDamage`): the table's, or a
 * monster's grab's own figure in the same slot (option `grabDamage`); only then is it asked who
 * is still awake, and each strangle hold on an awake creature rolls its cumulative knock-out
 * chance (digest §8.2 [DEFAULT]); non-lethal damage heals a point (004 §Grapple Damage); timed
 * conditions count down; holders knocked out let go.
 *
 * Damage before the knock-out check: the check is a roll for a creature still awake, and a hold's
 * damage is what it suffers from that hold through the round. 000 puts a hold's damage before the
 * held creature's round-end roll, and 002 (where the strangle chance comes from) deals a hold's
 * damage on segment 3, inside the round. A grab's figure fills the table damage's slot, so it
 * comes at the same point (issue 31 had it after the checks were decided).
 */
import type { Dice, DieRoll } from "../core/dice.ts";
import { rollDie } from "../core/dice.ts";
import type { Ledger, Vitality } from "../core/damage.ts";
import { addDamage, recoverTemporary, vitality } from "../core/damage.ts";
import { awakeByLedger, letGoByTheOut } from "../core/awake.ts";
import type { TableDamage } from "./damage.ts";
import { rollGrabDamage, tableDamage } from "./damage.ts";
import type { Hold, Timer } from "./holds.ts";
import { holderIdsOf } from "./holds.ts";
import type { PercentileOptions } from "./options.ts";
import type { PercentileCombatant } from "./profile.ts";
import { hasCondition } from "./profile.ts";
import { NON_LETHAL_HEAL_PER_ROUND, STRANGLE_KO } from "./tables.ts";

export interface RoundEndInput {
  /** The round that has just ended. */
  readonly round: number;
  readonly combatants: readonly PercentileCombatant[];
  readonly holds: readonly Hold[];
  /** Damage ledgers by combatant id; creatures without one keep no damage book. */
  readonly ledgers?: Readonly<Record<string, Ledger>>;
  /** Timed conditions running now. */
  readonly timers?: readonly Timer[];
}

export type RoundEvent =
  | { readonly kind: "released"; readonly holdId: string; readonly holderId: string; readonly heldId: string }
  | { readonly kind: "holdDamage"; readonly holdId: string; readonly holderId: string; readonly heldId: string; readonly damage: TableDamage }
  | {
      readonly kind: "strangle";
      readonly holdId: string;
      readonly heldId: string;
      readonly roundsHeld: number;
      readonly pct: number;
      readonly die: DieRoll;
      readonly knockedOut: boolean;
    }
  | { readonly kind: "healed"; readonly id: string; readonly healed: number }
  | { readonly kind: "vitality"; readonly id: string; readonly before: Vitality; readonly after: Vitality }
  | { readonly kind: "timerExpired"; readonly id: string; readonly condition: Timer["condition"] };

export interface RoundEndResult {
  readonly round: number;
  readonly events: RoundEvent[];
  readonly holds: Hold[];
  readonly ledgers: Record<string, Ledger>;
  /** Timers still running, new knock-outs included. */
  readonly timers: Timer[];
  readonly vitality: Record<string, Vitality>;
  /** Creatures held by as many as may attack them (004 §Pinned). */
  readonly pinned: string[];
  readonly unconscious: string[];
}

export interface StrangleCheck {
  readonly holdId: string;
  readonly heldId: string;
  readonly roundsHeld: number;
  /** Cumulative: the option's percent times the rounds the hold has lasted, at most 100. */
  readonly pct: number;
}

export interface RoundEndState {
  readonly events: RoundEvent[];
  holds: Hold[];
  readonly ledgers: Record<string, Ledger>;
  readonly timers: Timer[];
}

function isOut(c: PercentileCombatant, st: RoundEndState): boolean {
  return outOtherwise(c, st) || !awakeByLedger(st.ledgers[c.id]);
}

/** 004 §Weapon Attack: a holder lets go only when it falls unconscious (or chooses to); who is awake acts (core/awake.ts). */
function releaseByOut(byId: ReadonlyMap<string, PercentileCombatant>, st: RoundEndState): void {
  const { kept, released } = letGoByTheOut(st.holds, (id) => !isOut(byId.get(id) as PercentileCombatant, st));
  st.holds = kept;
  for (const h of released) st.events.push({ kind: "released", holdId: h.id, holderId: h.holderId, heldId: h.heldId });
}

/**
 * Everything before the first die: releases, then the table's hold damage. Returns the state and
 * the holds whose grab figure is still to roll (`grabs`, rolled next by resolveRoundEnd, weighed
 * by the odds). Shared with the odds.
 */
export function roundEndPrelude(input: RoundEndInput, options: PercentileOptions): { st: RoundEndState; byId: Map<string, PercentileCombatant>; grabs: Hold[] } {
  const byId = new Map(input.combatants.map((c) => [c.id, c]));
  const st: RoundEndState = {
    events: [],
    holds: input.holds.filter((h) => byId.has(h.holderId) && byId.has(h.heldId)),
    ledgers: { ...(input.ledgers ?? {}) },
    timers: [...(input.timers ?? [])],
  };
  releaseByOut(byId, st);
  const grabs: Hold[] = [];
  if (options.maintainedHoldDamage === "eachLaterRound") {
    for (const h of st.holds) {
      // Only the original grappler deals hold damage (004); a hold made this round already dealt its own.
      if (!h.original || h.roundGained >= input.round) continue;
      // Issue 31: a monster's grab deals its stated figure in the slot of the row's damage.
      if (h.roundDamage) {
        grabs.push(h);
        continue;
      }
      const damage = tableDamage(h.row.damage, byId.get(h.holderId) as PercentileCombatant, "grapple", h.special, options);
      if (damage.split.total === 0) continue;
      dealHoldDamage(st, h, damage);
    }
  }
  return { st, byId, grabs };
}

function dealHoldDamage(st: RoundEndState, h: Hold, damage: TableDamage): void {
  st.events.push({ kind: "holdDamage", holdId: h.id, holderId: h.holderId, heldId: h.heldId, damage });
  const l = st.ledgers[h.heldId];
  if (l) st.ledgers[h.heldId] = addDamage(l, damage.split);
}

/**
 * The strangle checks, asked once every hold's damage of this round end is in (`st`): a creature
 * out by then (the damage knocked it out, or it was out already) is not checked.
 */
export function strangleChecks(input: RoundEndInput, options: PercentileOptions, st: RoundEndState, byId: ReadonlyMap<string, PercentileCombatant>, awake: (id: string) => boolean = (id) => !isOut(byId.get(id) as PercentileCombatant, st)): StrangleCheck[] {
  const checks: StrangleCheck[] = [];
  if (options.strangleKoPct <= 0) return checks;
  for (const h of st.holds) {
    if (h.row.effects.strangle !== true || !awake(h.heldId)) continue;
    const roundsHeld = Math.max(1, input.round - h.roundGained + 1);
    checks.push({ holdId: h.id, heldId: h.heldId, roundsHeld, pct: Math.min(100, options.strangleKoPct * roundsHeld) });
  }
  return checks;
}

/** Out by its conditions and timers alone (what damage cannot change). */
export function outOtherwise(c: PercentileCombatant, st: RoundEndState): boolean {
  return hasCondition(c, "unconscious") || st.timers.some((t) => t.id === c.id && t.condition === "unconscious" && t.rounds > 0);
}

export function resolveRoundEnd(input: RoundEndInput, options: PercentileOptions, dice: Dice): RoundEndResult {
  const { st, byId, grabs } = roundEndPrelude(input, options);
  for (const h of grabs) dealHoldDamage(st, h, rollGrabDamage(dice, h.roundDamage as NonNullable<Hold["roundDamage"]>));
  // Only now, with every hold's damage in, is it asked who is awake for the strangle rolls.
  const checks = strangleChecks(input, options, st, byId);
  const before: Record<string, Vitality> = {};
  for (const [id, l] of Object.entries(input.ledgers ?? {})) before[id] = vitality(l);
  const koNow = new Set<string>();
  for (const c of checks) {
    // A creature knocked out by one strangle hold needs no second roll this round.
    if (koNow.has(c.heldId)) continue;
    const die = rollDie(dice, STRANGLE_KO.sides, "strangleKo");
    const knockedOut = die.face <= c.pct;
    st.events.push({ kind: "strangle", ...c, die, knockedOut });
    if (knockedOut) koNow.add(c.heldId);
  }
  // Count down the timers that were already running, then add the new knock-outs.
  const running: Timer[] = [];
  for (const t of st.timers) {
    if (options.timerStart === "nextRoundEnd" && t.appliedRound >= input.round) {
      running.push(t);
      continue;
    }
    const rounds = t.rounds - 1;
    if (rounds > 0) running.push({ ...t, rounds });
    else st.events.push({ kind: "timerExpired", id: t.id, condition: t.condition });
  }
  for (const id of koNow) running.push({ id, condition: "unconscious", rounds: STRANGLE_KO.unconsciousRounds, appliedRound: input.round });
  st.timers.splice(0, st.timers.length, ...running);

  // 004: non-lethal damage heals a point a round.
  const after: Record<string, Vitality> = {};
  for (const c of input.combatants) {
    const l = st.ledgers[c.id];
    if (!l) continue;
    if (l.temporary > 0 && vitality(l).kind !== "zeroHp") {
      const r = recoverTemporary(l, NON_LETHAL_HEAL_PER_ROUND);
      st.ledgers[c.id] = r.ledger;
      st.events.push({ kind: "healed", id: c.id, healed: r.healed });
    }
    after[c.id] = vitality(st.ledgers[c.id] as Ledger);
    const b = before[c.id] as Vitality;
    const a = after[c.id] as Vitality;
    if (b.kind !== a.kind || (b.kind === "unconscious" && a.kind === "unconscious" && b.rounds !== a.rounds)) {
      st.events.push({ kind: "vitality", id: c.id, before: b, after: a });
    }
  }
  releaseByOut(byId, st);
  const pinned = input.combatants.filter((c) => holderIdsOf(c.id, st.holds).length >= c.maxMeleeAttackers).map((c) => c.id);
  const unconscious = input.combatants.filter((c) => isOut(c, st)).map((c) => c.id);
  return { round: input.round, events: st.events, holds: st.holds, ledgers: st.ledgers, timers: st.timers, vitality: after, pinned, unconscious };
}
