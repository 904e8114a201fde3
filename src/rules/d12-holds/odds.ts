/**
 * Exact odds for variant d12-holds, by enumerating die faces through the same tables and
 * decision functions the resolvers use. Nothing here samples; the property tests check these
 * numbers against 50,000 seeded resolutions per case.
 */
import type { Dist } from "../core/dist.ts";
import { convolve, mapDist, mix, pAtLeast, point, probability, sumOfDice, toPairs, uniform } from "../core/dist.ts";
import type { Outcome, Pairs } from "../core/odds.ts";
import { addP as add, outcomes, pctChance } from "../core/odds.ts";
import { sumMods } from "../core/trace.ts";
import type { Situation } from "./attack.ts";
import { attacksLostToHits, commonModifiers, speedModifiers, targetAcFor } from "./attack.ts";
import { breakModifiers, breakTarget } from "./breaks.ts";
import type { FirstStrike } from "./charge.ts";
import {
  grappleEligibility,
  grappleHitsAutomatically,
  grappleSplit,
  grappleToHitModifiers,
  holdRowFor,
  holdSizeAdjustment,
} from "./grapple.ts";
import type { D12GrabHit } from "./grapple.ts";
import type { Hold } from "./holds.ts";
import { placeHold } from "./holds.ts";
import type { MassChargeInput } from "./mass-charge.ts";
import { massChargeChance, saveStrength } from "./mass-charge.ts";
import type { D12Options } from "./options.ts";
import { overbearChance } from "./overbear.ts";
import type { D12Combatant } from "./profile.ts";
import { neededToHit, normalAc } from "./profile.ts";
import {
  pummelAttackCount,
  pummelDamageFrom,
  pummelDamageModifiers,
  pummelEligibility,
  pummelMultiplier,
  pummelToHitModifiers,
} from "./pummel.ts";
import { MASS_CHARGE_POINTS, CHARGING_OVERBEAR_PARTS, PUMMEL_DAMAGE } from "./tables.ts";

export type { Outcome, Pairs };

export const clampPct = pctChance;

// ---------------------------------------------------------------------------------------------
export interface GrappleOdds {
  /** miss, lost, notAllowed, briefGrip, broken, noRoom, hold:<part>. */
  readonly outcomes: Outcome[];
  readonly pHit: number;
  /** Probability of each hold-table row (the adjusted d12) given a hit. */
  readonly rows: Pairs;
  /** Immediate hold damage over all outcomes (0 when no hold). */
  readonly damage: Pairs;
  readonly actual: Pairs;
}

export function grappleOdds(attacker: D12Combatant, defender: D12Combatant, s: Situation, options: D12Options, grab?: D12GrabHit): GrappleOdds {
  const refused = grappleEligibility(attacker, s);
  if (refused) return { outcomes: [{ kind: "notAllowed", p: 1 }], pHit: 0, rows: [], damage: [[0, 1]], actual: [[0, 1]] };
  if (!grab && (s.attackIndex ?? 1) <= attacksLostToHits(s, options.grappleLossNeedsDamage)) {
    return { outcomes: [{ kind: "lost", p: 1 }], pHit: 0, rows: [], damage: [[0, 1]], actual: [[0, 1]] };
  }
  const targetAc = targetAcFor(defender, "grapple", s, options);
  const speed = speedModifiers(attacker, defender);
  // A grab's hit stands for the grappling hit (issue 31).
  const pHit = grab || grappleHitsAutomatically(defender)
    ? 1
    : pAtLeast(20, sumMods(grappleToHitModifiers(attacker, defender, s, speed)), neededToHit(attacker.toHit, targetAc.ac));
  const m = new Map<string, number>();
  add(m, "miss", 1 - pHit);
  const adj = holdSizeAdjustment(attacker, defender);
  const rows = new Map<number, number>();
  const dmgParts: Array<[number, Dist]> = [[1 - pHit, point(0)]];
  for (let f = 1; f <= 12; f++) {
    const pf = pHit / 12;
    const adjusted = f + adj;
    const { row, result } = holdRowFor(adjusted, defender);
    rows.set(row, (rows.get(row) ?? 0) + 1 / 12);
    if (result.kind === "briefGrip") {
      add(m, "briefGrip", pf);
      dmgParts.push([pf, point(0)]);
      continue;
    }
    // The break die's low faces (under the row read) keep the hold, its high faces break
    // it: enumerated from face 1 up, the hold (or noRoom) comes before "broken".
    const pBreak = Math.min(12, Math.max(0, 12 - row + 1)) / 12;
    const pHold = pf * (1 - pBreak);
    const placement = placeHold(defender, s.holds ?? [], grab?.part ?? result.part, options.missingPartHold);
    if (placement.kind !== "placed") {
      add(m, "noRoom", pHold);
      dmgParts.push([pHold, point(0)]);
    } else {
      add(m, `hold:${placement.part}`, pHold);
      const bonus = s.damageBonus ?? 0;
      dmgParts.push([pHold, result.damage ? mapDist(sumOfDice(result.damage.count, result.damage.sides), (v) => Math.max(0, v + bonus)) : point(0)]);
    }
    add(m, "broken", pf * pBreak);
    dmgParts.push([pf * pBreak, point(0)]);
  }
  const damage = mix(dmgParts);
  return {
    outcomes: outcomes(m),
    pHit,
    rows: toPairs(rows),
    damage: toPairs(damage),
    actual: toPairs(mapDist(damage, (v) => grappleSplit(v, options).actual)),
  };
}

// ---------------------------------------------------------------------------------------------
export interface PummelOdds {
  /** notAllowed, or hits:<k> for k = 0..attacks. */
  readonly outcomes: Outcome[];
  readonly pHitEach: number;
  readonly attacks: number;
  /** Total damage of the routine, and its actual part. */
  readonly damage: Pairs;
  readonly actual: Pairs;
  /** With a ledger: chance the routine leaves the defender unconscious or worse. */
  readonly pKnockedOut?: number;
}

export function pummelOdds(attacker: D12Combatant, defender: D12Combatant, s: Situation, options: D12Options, ledger?: { maxHp: number; actual: number; temporary: number }): PummelOdds {
  if (pummelEligibility(attacker)) return { outcomes: [{ kind: "notAllowed", p: 1 }], pHitEach: 0, attacks: 0, damage: [[0, 1]], actual: [[0, 1]] };
  const { count } = pummelAttackCount(attacker);
  const live = count - Math.min(count, attacksLostToHits(s, true));
  const targetAc = targetAcFor(defender, "pummel", s, options);
  const p = pAtLeast(20, sumMods(pummelToHitModifiers(attacker, defender, s)), neededToHit(attacker.toHit, targetAc.ac));
  const modsTotal = sumMods(pummelDamageModifiers(attacker, defender, s, options));
  const mult = pummelMultiplier(attacker, defender);
  const perHit = mapDist(uniform(PUMMEL_DAMAGE.sides), (v) => pummelDamageFrom(v, modsTotal, mult, options).total);
  // Joint distribution of (total, actual) per attack, encoded as total * 1e4 + actual.
  const enc = (t: number, a: number) => t * 10000 + a;
  const oneAttack = mix([
    [1 - p, point(0)],
    [p, mapDist(perHit, (t) => enc(t, Math.floor(t / 4)))],
  ]);
  let joint: Dist = point(0);
  for (let i = 0; i < live; i++) joint = convolve(joint, oneAttack);
  const total = mapDist(joint, (v) => Math.floor(v / 10000));
  const actual = options.pummelSplit === "perHit" ? mapDist(joint, (v) => v % 10000) : mapDist(total, (t) => Math.floor(t / 4));
  const hits = new Map<string, number>();
  for (let k = 0; k <= live; k++) add(hits, `hits:${k}`, binomial(live, k, p));
  const base = { outcomes: outcomes(hits), pHitEach: p, attacks: live, damage: toPairs(total), actual: toPairs(actual) };
  if (!ledger) return base;
  return { ...base, pKnockedOut: probability(total, (t) => ledger.actual + ledger.temporary + t >= ledger.maxHp) };
}

function binomial(n: number, k: number, p: number): number {
  let c = 1;
  for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1);
  return c * p ** k * (1 - p) ** (n - k);
}

// ---------------------------------------------------------------------------------------------
/** Chance that one later break roll frees the defender from `hold` with `holderCount` holders. */
export function breakOdds(defender: D12Combatant, hold: Hold, holderCount: number, options: D12Options): number {
  const t = breakTarget(defender, hold, holderCount);
  return pAtLeast(12, sumMods(breakModifiers(defender, hold, options)), t.target);
}

export function overbearOdds(defender: D12Combatant, holds: readonly Hold[], attempting: readonly string[], options: D12Options): { chance: number; p: number } {
  const c = overbearChance(defender, holds, attempting, options);
  return { chance: c.chance, p: c.modifiers.length === 0 ? 0 : clampPct(c.chance) };
}

// ---------------------------------------------------------------------------------------------
/** stopped, miss, wrongHold, resisted, overborne, bothDown. */
export function chargeOdds(attacker: D12Combatant, defender: D12Combatant, s: Situation, firstStrike: FirstStrike, options: D12Options): Outcome[] {
  const m = new Map<string, number>();
  let pStopped = 0;
  if (firstStrike === "hit") pStopped = 1;
  if (firstStrike === "roll") pStopped = pAtLeast(20, sumMods(commonModifiers(defender, {})), neededToHit(defender.toHit, normalAc(attacker)));
  add(m, "stopped", pStopped);
  const go = 1 - pStopped;
  const targetAc = targetAcFor(defender, "grapple", s, options);
  const pHit = grappleHitsAutomatically(defender)
    ? 1
    : pAtLeast(20, sumMods(grappleToHitModifiers(attacker, defender, s, speedModifiers(attacker, defender))), neededToHit(attacker.toHit, targetAc.ac));
  add(m, "miss", go * (1 - pHit));
  const adj = holdSizeAdjustment(attacker, defender);
  for (let f = 1; f <= 12; f++) {
    const pf = (go * pHit) / 12;
    const adjusted = f + adj;
    const { row, result } = holdRowFor(adjusted, defender);
    if (result.kind !== "hold" || !CHARGING_OVERBEAR_PARTS.includes(result.part)) {
      add(m, "wrongHold", pf);
      continue;
    }
    for (let b = 1; b <= 12; b++) {
      add(m, b >= row ? "resisted" : b === row - 1 ? "bothDown" : "overborne", pf / 12);
    }
  }
  return outcomes(m);
}

// ---------------------------------------------------------------------------------------------
export interface MassChargeOdds {
  readonly chance: number;
  readonly pSuccess: number;
  /** Per defender in the first three ranks: chance of being overborne (charge succeeds, save fails). */
  readonly overborne: Record<string, number>;
}

export function massChargeOdds(input: MassChargeInput, options: D12Options): MassChargeOdds {
  const c = massChargeChance(input, options);
  if ("kind" in c) return { chance: 0, pSuccess: 0, overborne: {} };
  const pSuccess = clampPct(c.chance);
  const overborne: Record<string, number> = {};
  for (const u of input.defenders) {
    if (u.killed || u.rank > MASS_CHARGE_POINTS.frontRanks) continue;
    const str = saveStrength(u).strength;
    overborne[u.id] = pSuccess * (1 - Math.min(20, Math.max(0, str)) / 20);
  }
  return { chance: c.chance, pSuccess, overborne };
}
