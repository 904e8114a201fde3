/**
 * Exact odds for variant grapple-die, by enumerating die faces through the same tables and
 * decision functions the resolvers use. Nothing here samples; the property tests check these
 * numbers against 50,000 seeded resolutions per case.
 */
import type { Dist } from "../core/dist.ts";
import { mapDist, mix, point, probability, sumOfDice, toPairs } from "../core/dist.ts";
import type { Outcome, Pairs } from "../core/odds.ts";
import { addP as add, outcomes } from "../core/odds.ts";
import { rowFor } from "../core/table.ts";
import type { Modifier } from "../core/trace.ts";
import { sumMods } from "../core/trace.ts";
import type { StrikeInput } from "./attack.ts";
import { damageSplit, isHit, pHit, strikeDamageModifiers, strikeToHitModifiers, strikeWith } from "./attack.ts";
import type { BreakOutcome } from "./breaks.ts";
import { breakModifiers, breakOutcome, dragsByRoll, strangleChance } from "./breaks.ts";
import type { GrappleSituation, GrappleTable } from "./grapple.ts";
import { dealsDamage, grappleDieModifiers, grappleToHitModifiers, holdDamageExpr, holdDamageModifiers } from "./grapple.ts";
import type { Hold } from "./holds.ts";
import { targetAc } from "./holds.ts";
import type { GrappleDieOptions } from "./options.ts";
import type { OverbearSituation } from "./overbear.ts";
import { chargerAc, overbearLimits, overbearSaveModifiers, overbearStun, overbearToHitModifiers, pushFeet } from "./overbear.ts";
import type { GdCombatant } from "./profile.ts";
import { hasCondition, neededToHit } from "./profile.ts";
import type { PummelSituation, SubdueSituation } from "./pummel.ts";
import { pummelDamageExpr, pummelDamageModifiers, pummelRefusal, pummelToHitModifiers, subdueDamageModifiers, subdueToHitModifiers } from "./pummel.ts";
import type { DamageExpr } from "./tables.ts";
import { GRAPPLE_DIE_SIDES, MOVE_WHILE_GRAPPLING_TARGET, STRANGLE } from "./tables.ts";

export type { Outcome, Pairs };

/** Damage of an expression with modifiers, floored at 0. */
export function damageDist(e: DamageExpr, mods: readonly Modifier[]): Dist {
  const base = e.dice ? sumOfDice(e.dice.count, e.dice.sides) : point(0);
  const shift = e.flat + sumMods(mods);
  return mapDist(base, (v) => Math.max(0, v + shift));
}

/** Chance that the defender's free or immediate strike at `target` stops the attempt (hits for 1+). */
export function pStrikeStops(striker: GdCombatant, target: GdCombatant, holds: readonly Hold[], ac: number, input: StrikeInput | undefined, options: GrappleDieOptions): number {
  const attack = strikeWith(striker, target, holds);
  if (typeof attack === "string" || input?.kind === "spent") return 0;
  if (input?.kind === "reported") return input.hit && input.damage >= 1 ? 1 : 0;
  const p = pHit(neededToHit(striker.toHit, ac), sumMods(strikeToHitModifiers(striker)), options);
  // Summed float probabilities may overshoot 1 by an ulp.
  return Math.min(1, p * probability(damageDist({ dice: attack.damage, flat: 0 }, strikeDamageModifiers(striker)), (v) => v >= 1));
}

/** The free attack's chance to foil a grapple, mirroring grapple.ts `freeAttack`. */
export function pFreeAttackFoils(attacker: GdCombatant, defender: GdCombatant, holds: readonly Hold[], input: StrikeInput | undefined, counter: boolean, options: GrappleDieOptions): number {
  if (counter && !options.counterGrappleFreeAttack) return 0;
  if (attacker.grappleAbility) return 0;
  if (hasCondition(defender, "surprised")) return 0;
  return pStrikeStops(defender, attacker, holds, attacker.ac, input, options);
}

export interface DieOdds {
  /** Given the die is rolled: each row's chance, by row name, in table order. */
  readonly rows: Outcome[];
  /** Distribution of the adjusted die. */
  readonly totals: Pairs;
  /** Damage done on the spot (0 on a slip or when damage waits for segment 3). */
  readonly damage: Dist;
}

/** Enumerates the grapple die for `roller` against `target` through `table`. */
export function grappleDieOdds(roller: GdCombatant, target: GdCombatant, s: GrappleSituation, table: GrappleTable, options: GrappleDieOptions): DieOdds {
  const mods = sumMods(grappleDieModifiers(roller, target, s.holds ?? [], s, options, "grapple"));
  const rows = new Map<string, number>();
  for (const r of table.rows) rows.set(r.result.name, 0);
  const totals = new Map<number, number>();
  const parts: Array<[number, Dist]> = [];
  for (let f = 1; f <= GRAPPLE_DIE_SIDES; f++) {
    const p = 1 / GRAPPLE_DIE_SIDES;
    const total = f + mods;
    totals.set(total, p);
    const result = rowFor(table, total).result;
    add(rows, result.name, p);
    if (result.kind === "hold" && options.damageOnEstablish && dealsDamage(result.damage)) {
      parts.push([p, damageDist(holdDamageExpr(result.damage, roller, options), holdDamageModifiers(roller, options))]);
    } else parts.push([p, point(0)]);
  }
  return { rows: outcomes(rows), totals: toPairs(totals), damage: mix(parts) };
}

function rowKinds(table: GrappleTable): Map<string, "slip" | "hold"> {
  return new Map(table.rows.map((r) => [r.result.name, r.result.kind]));
}

export interface GrappleOdds {
  /** foiled, miss, slip, hold:<name> over the whole attempt. */
  readonly outcomes: Outcome[];
  readonly pFoiled: number;
  /** Chance to hit, once the free attack has not foiled the attempt. */
  readonly pHit: number;
  /** Given a hit: each row's chance, and the adjusted die. */
  readonly rows: Outcome[];
  readonly totals: Pairs;
  /** Damage dealt as the hold is made, over the whole attempt. */
  readonly damage: Pairs;
}

function attemptOdds(pFoiled: number, pHitGo: number, die: DieOdds, kinds: Map<string, "slip" | "hold">): { outcomes: Outcome[]; damage: Pairs } {
  const m = new Map<string, number>();
  add(m, "foiled", pFoiled);
  const go = 1 - pFoiled;
  add(m, "miss", go * (1 - pHitGo));
  for (const r of die.rows) add(m, kinds.get(r.kind) === "slip" ? "slip" : `hold:${r.kind}`, go * pHitGo * r.p);
  const damage = mix([
    [1 - go * pHitGo, point(0)],
    [go * pHitGo, die.damage],
  ]);
  return { outcomes: outcomes(m), damage: toPairs(damage) };
}

export function grappleOdds(attacker: GdCombatant, defender: GdCombatant, s: GrappleSituation, strike: StrikeInput | undefined, table: GrappleTable, options: GrappleDieOptions): GrappleOdds {
  const pFoiled = pFreeAttackFoils(attacker, defender, s.holds ?? [], strike, false, options);
  const ac = targetAc(defender, s.holds ?? [], options, s.sizeExempt);
  const p = pHit(neededToHit(attacker.toHit, ac.ac), sumMods(grappleToHitModifiers(attacker, ac, s)), options);
  const die = grappleDieOdds(attacker, defender, s, table, options);
  const a = attemptOdds(pFoiled, p, die, rowKinds(table));
  return { outcomes: a.outcomes, pFoiled, pHit: p, rows: die.rows, totals: die.totals, damage: a.damage };
}

export function counterGrappleOdds(attacker: GdCombatant, defender: GdCombatant, s: GrappleSituation, strike: StrikeInput | undefined, table: GrappleTable, options: GrappleDieOptions): Omit<GrappleOdds, "pHit"> {
  const pFoiled = pFreeAttackFoils(attacker, defender, s.holds ?? [], strike, true, options);
  const die = grappleDieOdds(attacker, defender, s, table, options);
  const a = attemptOdds(pFoiled, 1, die, rowKinds(table));
  return { outcomes: a.outcomes, pFoiled, rows: die.rows, totals: die.totals, damage: a.damage };
}

/** changed:<name>, kept or lost, for a new die on `old`. */
export function changeHoldOdds(holder: GdCombatant, held: GdCombatant, old: Hold, s: GrappleSituation, table: GrappleTable, options: GrappleDieOptions): { outcomes: Outcome[] } {
  const holds = (s.holds ?? []).some((h) => h.id === old.id) ? (s.holds ?? []) : [...(s.holds ?? []), old];
  const mods = sumMods(grappleDieModifiers(holder, held, holds, s, options, "grapple"));
  const m = new Map<string, number>();
  for (let f = 1; f <= GRAPPLE_DIE_SIDES; f++) {
    const total = f + mods;
    const result = rowFor(table, total).result;
    const k = options.changedHold === "keepBetter" && total <= old.die ? "kept" : result.kind === "slip" ? "lost" : `changed:${result.name}`;
    add(m, k, 1 / GRAPPLE_DIE_SIDES);
  }
  return { outcomes: outcomes(m) };
}

/** broken, held, heldAllProne for one break roll (T002-02). */
export function breakOdds(defender: GdCombatant, holder: GdCombatant, hold: Hold, s: GrappleSituation, options: GrappleDieOptions): { outcomes: Outcome[] } {
  const mods = sumMods(breakModifiers(defender, holder, s.holds ?? [], s, options));
  const m = new Map<BreakOutcome, number>();
  for (let f = 1; f <= GRAPPLE_DIE_SIDES; f++) add(m, breakOutcome(f + mods, hold.die), 1 / GRAPPLE_DIE_SIDES);
  return { outcomes: outcomes(m) };
}

/** moved / notMoved on a drag roll, or the free break roll's outcomes. */
export function moveOdds(mover: GdCombatant, held: GdCombatant, hold: Hold, s: GrappleSituation, muchLargerOrStronger: boolean | undefined, options: GrappleDieOptions): { kind: "dragRoll" | "freeBreak"; outcomes: Outcome[] } {
  if (!dragsByRoll(mover, held, muchLargerOrStronger, options)) return { kind: "freeBreak", outcomes: breakOdds(held, mover, hold, s, options).outcomes };
  const mods = sumMods(grappleDieModifiers(mover, held, s.holds ?? [], s, options, "move"));
  const m = new Map<string, number>();
  for (let f = 1; f <= GRAPPLE_DIE_SIDES; f++) add(m, f + mods >= MOVE_WHILE_GRAPPLING_TARGET ? "moved" : "notMoved", 1 / GRAPPLE_DIE_SIDES);
  return { kind: "dragRoll", outcomes: outcomes(m) };
}

export interface OverbearOdds {
  /** notAllowed, stopped, miss, saved, overborne. */
  readonly outcomes: Outcome[];
  /** Chance the defender ends stunned for 10 segments. */
  readonly pStunned: number;
  /** Given overborne: feet a push would carry the defender. */
  readonly pushFeet: Pairs;
}

export function overbearOdds(attacker: GdCombatant, defender: GdCombatant, s: OverbearSituation, strike: StrikeInput | undefined, options: GrappleDieOptions): OverbearOdds {
  if (!overbearLimits(attacker, defender, options).allowed) return { outcomes: [{ kind: "notAllowed", p: 1 }], pStunned: 0, pushFeet: [] };
  const pStop = pStrikeStops(defender, attacker, s.holds ?? [], chargerAc(attacker, options).ac, strike, options);
  const m = new Map<string, number>();
  add(m, "stopped", pStop);
  const go = 1 - pStop;
  const ac = targetAc(defender, s.holds ?? [], options, s.sizeExempt);
  const needed = neededToHit(attacker.toHit, ac.ac);
  const hitMods = sumMods(overbearToHitModifiers(attacker, ac, s, options));
  const saveMods = sumMods(overbearSaveModifiers(attacker, defender, s, options));
  let pStunned = 0;
  const push = new Map<number, number>();
  let pOver = 0;
  for (let f = 1; f <= 20; f++) {
    const pf = go / 20;
    const total = f + hitMods;
    if (!isHit(f, total, needed, options)) {
      add(m, "miss", pf);
      continue;
    }
    for (let g = 1; g <= 20; g++) {
      const saved = g + saveMods >= defender.saveVsBreath;
      const pg = pf / 20;
      add(m, saved ? "saved" : "overborne", pg);
      if (overbearStun({ die: { face: f } }, saved, options) > 0) pStunned += pg;
      if (!saved) {
        const feet = pushFeet(total, needed);
        push.set(feet, (push.get(feet) ?? 0) + pg);
        pOver += pg;
      }
    }
  }
  const pushPairs: Pairs = pOver > 0 ? [...push.entries()].map(([k, v]): [number, number] => [k, v / pOver]).sort((a, b) => a[0] - b[0]) : [];
  return { outcomes: outcomes(m), pStunned, pushFeet: pushPairs };
}

export interface BlowOdds {
  /** notAllowed, miss, hit. */
  readonly outcomes: Outcome[];
  readonly pHit: number;
  /** Chance of a natural-20 stun (pummels). */
  readonly pStunned: number;
  /** Damage over all outcomes, and its real part. */
  readonly damage: Pairs;
  readonly actual: Pairs;
}

function blowOdds(pH: number, pStun: number, dmg: Dist, actualOf: (t: number) => number): BlowOdds {
  const all = mix([
    [1 - pH, point(0)],
    [pH, dmg],
  ]);
  const m = new Map<string, number>();
  add(m, "miss", 1 - pH);
  add(m, "hit", pH);
  return { outcomes: outcomes(m), pHit: pH, pStunned: pStun, damage: toPairs(all), actual: toPairs(mapDist(all, actualOf)) };
}

const REFUSED: BlowOdds = { outcomes: [{ kind: "notAllowed", p: 1 }], pHit: 0, pStunned: 0, damage: [[0, 1]], actual: [[0, 1]] };

export function pummelOdds(attacker: GdCombatant, defender: GdCombatant, s: PummelSituation, options: GrappleDieOptions): BlowOdds {
  if (pummelRefusal(attacker, defender, options)) return REFUSED;
  const ac = targetAc(defender, s.holds ?? [], options, s.sizeExempt);
  const needed = neededToHit(attacker.toHit, ac.ac);
  const bonus = sumMods(pummelToHitModifiers(attacker, ac, s, options));
  const pH = pHit(needed, bonus, options);
  const pStun = isHit(20, 20 + bonus, needed, options) ? 1 / 20 : 0;
  const dmg = damageDist(pummelDamageExpr(attacker), pummelDamageModifiers(attacker, s));
  return blowOdds(pH, pStun, dmg, (t) => damageSplit(t, options.pummelDamage, defender, options).actual);
}

export function subdueOdds(attacker: GdCombatant, defender: GdCombatant, s: SubdueSituation, options: GrappleDieOptions): BlowOdds {
  const weapon = attacker.readiedAttack;
  if (defender.playerCharacter || weapon === null) return REFUSED;
  const ac = targetAc(defender, s.holds ?? [], options, s.sizeExempt);
  const pH = pHit(neededToHit(attacker.toHit, ac.ac), sumMods(subdueToHitModifiers(attacker, ac, s)), options);
  const dmg = damageDist({ dice: weapon.damage, flat: 0 }, subdueDamageModifiers(attacker, s));
  return blowOdds(pH, 0, dmg, (t) => damageSplit(t, "subdual", defender, options).actual);
}

export interface StrangleOdds {
  /** Per round held: the knock-out chance that round, and the chance of a knock-out by then. */
  readonly rounds: Array<{ readonly round: number; readonly p: number; readonly pByNow: number }>;
  /** Rounds from the knock-out to death if the strangle is kept (1d4+1). */
  readonly suffocation: Pairs;
}

export function strangleOdds(rounds: number): StrangleOdds {
  const out: Array<{ round: number; p: number; pByNow: number }> = [];
  let stillUp = 1;
  for (let n = 1; n <= rounds; n++) {
    const p = strangleChance(n) / 100;
    stillUp *= 1 - p;
    out.push({ round: n, p, pByNow: 1 - stillUp });
  }
  const suffocation = mapDist(sumOfDice(STRANGLE.suffocation.count, STRANGLE.suffocation.sides), (v) => v + STRANGLE.suffocationPlus);
  return { rounds: out, suffocation: toPairs(suffocation) };
}
