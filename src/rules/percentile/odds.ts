/**
 * Exact odds for variant percentile, by enumerating every face of the Variable dice and both
 * d100s through the same plans, modifier lists and tables the resolvers use. Nothing here
 * samples; the property tests hold these numbers against 50,000 seeded resolutions per case.
 */
import type { Dist } from "../core/dist.ts";
import { convolve, mapDist, point, probability, sumOfDice, toPairs } from "../core/dist.ts";
import { addDamage } from "../core/damage.ts";
import { awakeByLedger } from "../core/awake.ts";
import type { Outcome, Pairs } from "../core/odds.ts";
import { addP as add, outcomes, pctChance } from "../core/odds.ts";
import { lookup } from "../core/table.ts";
import { sumMods } from "../core/trace.ts";
import { breakFreeRefusal, counterBreaks, counterRefusal, defaultDamageTo, swappedVariables } from "./breaks.ts";
import type { BreakFreeSituation } from "./breaks.ts";
import { damageSplit, tableDamage } from "./damage.ts";
import { cappedRow, planGrapple } from "./grapple.ts";
import type { Hold } from "./holds.ts";
import { holdsOn, rowForCategory } from "./holds.ts";
import { baseChance, chanceModifiers, resultModifiers } from "./modifiers.ts";
import type { PercentileOptions } from "./options.ts";
import type { OverbearSituation } from "./overbear.ts";
import { planOverbear, rowAftermath } from "./overbear.ts";
import type { PercentileCombatant } from "./profile.ts";
import type { RoundEndInput, StrangleCheck } from "./round-end.ts";
import { outOtherwise, roundEndPrelude, strangleChecks } from "./round-end.ts";
import type { GrappleSituation } from "./start.ts";
import type { PlannedVariable } from "./variable.ts";
import { variableDist } from "./variable.ts";

export type { Outcome, Pairs };

const D100 = 100;

/** P(d100 <= chance). */
export const pAtOrUnder = pctChance;

/** Conditional distribution: the map scaled to sum to 1 (empty when it sums to 0). */
function normalized(m: Map<number, number>): Pairs {
  let total = 0;
  for (const p of m.values()) total += p;
  if (total === 0) return [];
  return toPairs(m).map(([v, p]) => [v, p / total]);
}

/** One combination of the two Variables: its probability and what it adds to the chance and the result. */
interface VariableCombo {
  readonly p: number;
  readonly chance: number;
  readonly result: number;
}

function sideDist(v: PlannedVariable): { dist: Dist; use: "chance" | "result" } {
  return "plan" in v ? { dist: variableDist(v.plan), use: v.plan.assignedTo } : { dist: point(0), use: "result" };
}

function combos(vars: { readonly attacker: PlannedVariable; readonly target: PlannedVariable }): VariableCombo[] {
  const a = sideDist(vars.attacker);
  const t = sideDist(vars.target);
  const out: VariableCombo[] = [];
  for (const [va, pa] of a.dist) {
    for (const [vt, pt] of t.dist) {
      out.push({
        p: pa * pt,
        chance: (a.use === "chance" ? va : 0) + (t.use === "chance" ? vt : 0),
        result: (a.use === "result" ? va : 0) + (t.use === "result" ? vt : 0),
      });
    }
  }
  return out;
}

/**
 * The weight of each adjusted d100 result (face + `base` + the Variables' share), summed over the
 * Variable combinations and faces, each combination's faces scaled by `scale(combo)` (the chance
 * its attack roll succeeds). Tables are then read once per distinct result instead of once per
 * face and combination, which keeps every odds query well under a millisecond.
 */
function resultWeights(list: readonly VariableCombo[], base: number, scale: (c: VariableCombo) => number): Array<[number, number]> {
  const byOffset = new Map<number, number>();
  for (const c of list) {
    const w = c.p * scale(c);
    if (w > 0) byOffset.set(c.result, (byOffset.get(c.result) ?? 0) + w);
  }
  const m = new Map<number, number>();
  for (const [offset, w] of byOffset) {
    const share = w / D100;
    for (let f = 1; f <= D100; f++) {
      const v = f + base + offset;
      m.set(v, (m.get(v) ?? 0) + share);
    }
  }
  return [...m.entries()].sort((x, y) => x[0] - y[0]);
}

/** The exact distribution of each side's Variable (signed), or null when it is not rolled. */
function variablePairs(vars: { readonly attacker: PlannedVariable; readonly target: PlannedVariable }): { attacker: Pairs | null; target: Pairs | null } {
  const one = (v: PlannedVariable) => ("plan" in v ? toPairs(variableDist(v.plan)) : null);
  return { attacker: one(vars.attacker), target: one(vars.target) };
}

// ---------------------------------------------------------------------------------------------
export interface GrappleOdds {
  /** notAllowed:<reason>, linkedAttackMissed, foiled, miss, hold:<category>. */
  readonly outcomes: Outcome[];
  /** Chance the Grapple Attack roll succeeds (1 with no roll; 0 when none is made). */
  readonly pHit: number;
  /** The distribution of the Chance to Grapple over the Variables. */
  readonly chance: Pairs;
  readonly variable: { readonly attacker: Pairs | null; readonly target: Pairs | null };
  /** Hold categories given that a hold is made (after any joiner's cap). */
  readonly categories: Pairs;
  /** Hold damage over all outcomes (0 without a hold or for a joiner), and its lethal part. */
  readonly damage: Pairs;
  readonly lethal: Pairs;
}

const NOTHING: Pairs = [[0, 1]];

export function grappleOdds(attacker: PercentileCombatant, target: PercentileCombatant, s: GrappleSituation, options: PercentileOptions): GrappleOdds {
  const p = planGrapple(attacker, target, s, options);
  if (p.kind !== "roll") {
    const kind = p.kind === "notAllowed" ? `notAllowed:${p.reason}` : p.kind;
    return { outcomes: [{ kind, p: 1 }], pHit: 0, chance: [], variable: { attacker: null, target: null }, categories: [], damage: NOTHING, lethal: NOTHING };
  }
  const special = s.special !== undefined;
  const base = baseChance(attacker, options).value + sumMods(chanceModifiers(attacker, target, "grapple", options));
  const resultBase = sumMods(p.resultMods);
  const m = new Map<string, number>();
  const chance = new Map<number, number>();
  const cats = new Map<number, number>();
  const dmg = new Map<number, number>();
  let pHit = 0;
  const holdPart = (pr: number, rolledCategoryRow: Parameters<typeof cappedRow>[0]) => {
    const { row } = cappedRow(rolledCategoryRow, p.join, options);
    add(m, `hold:${row.category}`, pr);
    add(cats, row.category, pr);
    const total = p.join === null ? tableDamage(row.damage, attacker, "grapple", special, options).split.total : 0;
    add(dmg, total, pr);
  };
  const list = combos(p.variables);
  const hitOf = (c: VariableCombo): number => (p.attackRoll ? pAtOrUnder(base + c.chance) : 1);
  for (const c of list) {
    const hit = hitOf(c);
    if (p.attackRoll) add(chance, base + c.chance, c.p);
    pHit += c.p * hit;
    add(m, "miss", c.p * (1 - hit));
    add(dmg, 0, c.p * (1 - hit));
  }
  if (p.fixedCategory !== null) holdPart(pHit, rowForCategory(options.tables.grappling, p.fixedCategory));
  else for (const [v, w] of resultWeights(list, resultBase, hitOf)) holdPart(w, lookup(options.tables.grappling, v));
  const damage = dmg;
  return {
    outcomes: outcomes(m),
    pHit,
    chance: toPairs(chance),
    variable: variablePairs(p.variables),
    categories: normalized(cats),
    damage: toPairs(damage),
    lethal: toPairs(mapDist(damage, (v) => damageSplit(v, "grapple", special, options).actual)),
  };
}

// ---------------------------------------------------------------------------------------------
export interface OverbearOdds {
  /** notAllowed:<reason>, avoided, miss, category:<n>. */
  readonly outcomes: Outcome[];
  readonly pHit: number;
  readonly chance: Pairs;
  readonly variable: { readonly attacker: Pairs | null; readonly target: Pairs | null };
  /** Overbear categories given that the attack roll succeeded (or a trample). */
  readonly categories: Pairs;
  readonly pTargetProne: number;
  readonly pAttackerProne: number;
  /** Trample only: chance the result does damage and so counts. */
  readonly pTrampleCounts: number | null;
  readonly damage: Pairs;
  readonly lethal: Pairs;
}

export function overbearOdds(attacker: PercentileCombatant, target: PercentileCombatant, s: OverbearSituation, options: PercentileOptions): OverbearOdds {
  const p = planOverbear(attacker, target, s, options);
  const tackle = s.tackle === true;
  if (p.kind !== "roll") {
    const kind = p.kind === "notAllowed" ? `notAllowed:${p.reason}` : p.kind;
    const attackerProne = p.kind === "avoided" && p.aftermath.attackerProne ? 1 : 0;
    return { outcomes: [{ kind, p: 1 }], pHit: 0, chance: [], variable: { attacker: null, target: null }, categories: [], pTargetProne: 0, pAttackerProne: attackerProne, pTrampleCounts: null, damage: NOTHING, lethal: NOTHING };
  }
  const trample = !p.attackRoll;
  const base = baseChance(attacker, options).value + sumMods(chanceModifiers(attacker, target, "overbear", options));
  const resultBase = sumMods(p.resultMods);
  const m = new Map<string, number>();
  const chance = new Map<number, number>();
  const cats = new Map<number, number>();
  const dmg = new Map<number, number>();
  let pHit = 0;
  let pTargetProne = 0;
  let pAttackerProne = 0;
  let pCounts = 0;
  const list = combos(p.variables);
  const hitOf = (c: VariableCombo): number => (p.attackRoll ? pAtOrUnder(base + c.chance) : 1);
  for (const c of list) {
    const hit = hitOf(c);
    if (p.attackRoll) add(chance, base + c.chance, c.p);
    pHit += c.p * hit;
    add(m, "miss", c.p * (1 - hit));
    add(dmg, 0, c.p * (1 - hit));
    if (tackle) pAttackerProne += c.p * (1 - hit);
  }
  for (const [v, pr] of resultWeights(list, resultBase, hitOf)) {
    const row = lookup(options.tables.overbear, v);
    const lands = !trample || row.damage > 0;
    const total = lands ? tableDamage(trample && s.trampleDamage !== undefined ? s.trampleDamage : row.damage, attacker, "overbear", trample, options).split.total : 0;
    const after = rowAftermath(row, lands, total, tackle);
    add(m, `category:${row.category}`, pr);
    add(cats, row.category, pr);
    add(dmg, total, pr);
    if (after.targetProne) pTargetProne += pr;
    if (after.attackerProne) pAttackerProne += pr;
    if (lands) pCounts += pr;
  }
  const damage = dmg;
  return {
    outcomes: outcomes(m),
    pHit,
    chance: toPairs(chance),
    variable: variablePairs(p.variables),
    categories: normalized(cats),
    pTargetProne,
    pAttackerProne,
    pTrampleCounts: trample ? pCounts : null,
    damage: toPairs(damage),
    lethal: toPairs(mapDist(damage, (v) => damageSplit(v, "overbear", trample, options).actual)),
  };
}

// ---------------------------------------------------------------------------------------------
export interface BreakAttemptOdds {
  readonly holdId: string;
  readonly needed: number;
  readonly pBroken: number;
  readonly categories: Pairs;
  /** Damage to this holder (all 0 for the holders spared). */
  readonly damage: Pairs;
}

export type BreakFreeOdds = { readonly notAllowed: string } | { readonly attempts: BreakAttemptOdds[]; readonly pAllBroken: number; readonly pAnyBroken: number };

export function breakFreeOdds(breaker: PercentileCombatant, holders: readonly PercentileCombatant[], holds: readonly Hold[], s: BreakFreeSituation, options: PercentileOptions): BreakFreeOdds {
  const reason = breakFreeRefusal(breaker, holds);
  if (reason) return { notAllowed: reason };
  const held = holdsOn(breaker.id, holds);
  const damageTo = s.damageTo ?? defaultDamageTo(held);
  const attempts = held.map((h) => {
    const holder = holders.find((c) => c.id === h.holderId) as PercentileCombatant;
    const vars = swappedVariables(breaker, holder, options, true);
    const mods = sumMods(resultModifiers(breaker, holder, "grapple", options));
    const needed = h.row.category + 1;
    const cats = new Map<number, number>();
    const dmg = new Map<number, number>();
    let pBroken = 0;
    const hurts = options.breakFreeDamage === "toHolder" && holder.id === damageTo;
    for (const [v, pr] of resultWeights(combos(vars), mods, () => 1)) {
      const row = lookup(options.tables.grappling, v);
      add(cats, row.category, pr);
      if (row.category >= needed) pBroken += pr;
      add(dmg, hurts ? tableDamage(row.damage, breaker, "grapple", false, options).split.total : 0, pr);
    }
    return { holdId: h.id, needed, pBroken, categories: toPairs(cats), damage: toPairs(dmg) };
  });
  return {
    attempts,
    pAllBroken: attempts.reduce((s2, a) => s2 * a.pBroken, 1),
    pAnyBroken: 1 - attempts.reduce((s2, a) => s2 * (1 - a.pBroken), 1),
  };
}

export type CounterOdds = { readonly notAllowed: string } | { readonly categories: Pairs; readonly pBreaksHold: number; readonly damage: Pairs };

export function counterGrappleOdds(counterer: PercentileCombatant, holder: PercentileCombatant, holds: readonly Hold[], options: PercentileOptions): CounterOdds {
  const reason = counterRefusal(counterer, holder, holds);
  if (reason) return { notAllowed: reason };
  const mods = sumMods(resultModifiers(counterer, holder, "grapple", options));
  const original = holdsOn(holder.id, holds).length === 0;
  const cats = new Map<number, number>();
  const dmg = new Map<number, number>();
  let pBreaks = 0;
  for (const [v, pr] of resultWeights(combos(swappedVariables(counterer, holder, options, false)), mods, () => 1)) {
    const row = lookup(options.tables.grappling, v);
    add(cats, row.category, pr);
    if (counterBreaks(row)) pBreaks += pr;
    add(dmg, original ? tableDamage(row.damage, counterer, "grapple", false, options).split.total : 0, pr);
  }
  return { categories: toPairs(cats), pBreaksHold: pBreaks, damage: toPairs(dmg) };
}

// ---------------------------------------------------------------------------------------------
export interface RoundEndOdds {
  /**
   * Each strangle roll with its chance when rolled (`p`), in the order they are rolled, and the
   * chance its creature is still awake once the round end's hold damage is in (`pAwake`: below 1
   * when a grab's rolled figure may knock it out first, and then no roll is made).
   */
  readonly strangle: Array<StrangleCheck & { readonly p: number; readonly pAwake: number }>;
  /** Per strangled creature: the chance a strangle roll knocks it out this round end. */
  readonly knockedOut: Record<string, number>;
}

export function roundEndOdds(input: RoundEndInput, options: PercentileOptions): RoundEndOdds {
  const { st, byId, grabs } = roundEndPrelude(input, options);
  // The grabs' figures, still to roll, as exact distributions of the lethal points each creature takes.
  const dealt = new Map<string, Dist>();
  for (const h of grabs) {
    const g = h.roundDamage as NonNullable<Hold["roundDamage"]>;
    const one = mapDist(sumOfDice(g.count, g.sides), (v) => Math.max(0, v + g.bonus));
    dealt.set(h.heldId, convolve(dealt.get(h.heldId) ?? point(0), one));
  }
  const pAwake = (id: string): number => {
    const c = byId.get(id) as PercentileCombatant;
    if (outOtherwise(c, st)) return 0;
    const l = st.ledgers[id];
    if (!l) return 1;
    return probability(dealt.get(id) ?? point(0), (v) => awakeByLedger(addDamage(l, { actual: v, temporary: 0 })));
  };
  const checks = strangleChecks(input, options, st, byId, (id) => pAwake(id) > 0);
  const stay: Record<string, number> = {};
  for (const c of checks) stay[c.heldId] = (stay[c.heldId] ?? 1) * (1 - pAtOrUnder(c.pct));
  const knockedOut: Record<string, number> = {};
  for (const [id, q] of Object.entries(stay)) knockedOut[id] = pAwake(id) * (1 - q);
  return { strangle: checks.map((c) => ({ ...c, p: pAtOrUnder(c.pct), pAwake: pAwake(c.heldId) })), knockedOut };
}
