/**
 * 000 §Mass charge and overbear attack: points for each side by size and rank, obstacles,
 * 30% + 2% per point of excess, then a Strength save (d20 <= Str) for each defender in the first
 * three ranks: failed, overborne; made, pushed aside.
 */
import type { Dice, DieRoll } from "../core/dice.ts";
import { rollDie } from "../core/dice.ts";
import { IssueList } from "../core/errors.ts";
import type { Size } from "../core/size.ts";
import { SIZES, sizeAtLeast, sizeUp } from "../core/size.ts";
import type { Strength } from "../core/strength.ts";
import type { Modifier } from "../core/trace.ts";
import { mod } from "../core/trace.ts";
import type { D12Options } from "./options.ts";
import { FRONTAGE_FEET, MASS_CHARGE_DEFAULT_STRENGTH, MASS_CHARGE_POINTS } from "./tables.ts";

export interface MassChargeUnit {
  readonly id: string;
  readonly size: Size;
  /** 1 to 3: full part in the charge; 4 and more: supporting, at reduced value. */
  readonly rank: number;
  readonly kind?: "character" | "monster";
  readonly strength?: Strength;
  /** A monster with strength beyond its size counts one size up. */
  readonly extraStrong?: boolean;
  /** Front-rank value of a VL creature (hill giant 6, storm giant up to 15, purple worm about 25). */
  readonly vlPoints?: number;
  /** Killed by the defenders' strikes before the charge lands: counts for nothing. */
  readonly killed?: boolean;
}

export type Obstacle = "none" | "double" | "forbid";

export interface MassChargeInput {
  readonly attackers: readonly MassChargeUnit[];
  readonly defenders: readonly MassChargeUnit[];
  readonly obstacle?: Obstacle;
}

export interface UnitPoints {
  readonly id: string;
  readonly size: Size;
  readonly rank: number;
  readonly points: number;
  readonly counted: boolean;
}

export interface SidePoints {
  readonly units: UnitPoints[];
  readonly front: number;
  readonly rear: number;
  readonly total: number;
}

/** 000: characters with Str 18 count as L, 19+ as VL; extra-strong monsters one size up. */
export function chargeSize(u: MassChargeUnit): Size {
  let s = u.size;
  if (u.kind === "character" && u.strength) {
    if (u.strength.score >= 19) s = "VL";
    else if (u.strength.score >= 18) s = sizeAtLeast(s, "L");
  }
  if (u.extraStrong) s = sizeUp(s);
  return s;
}

export function sidePoints(units: readonly MassChargeUnit[], options: D12Options): SidePoints {
  const out: UnitPoints[] = [];
  let front = 0;
  let rear = 0;
  for (const u of units) {
    const size = chargeSize(u);
    const isFront = u.rank <= MASS_CHARGE_POINTS.frontRanks;
    const points = isFront ? (size === "VL" ? (u.vlPoints ?? MASS_CHARGE_POINTS.front.VL) : MASS_CHARGE_POINTS.front[size]) : MASS_CHARGE_POINTS.rear[size];
    const counted = !u.killed;
    out.push({ id: u.id, size, rank: u.rank, points, counted });
    if (!counted) continue;
    if (isFront) front += points;
    else rear += points;
  }
  // 000's example rounds the rear ranks' halves down for the side (2.5 -> 2).
  if (options.rearRankRounding === "floorSide") rear = Math.floor(rear);
  return { units: out, front, rear, total: front + rear };
}

export interface MassChargeChance {
  readonly attackers: SidePoints;
  readonly defenders: SidePoints;
  readonly defenderTotal: number;
  readonly obstacle: Obstacle;
  readonly chance: number;
  readonly modifiers: Modifier[];
}

export function massChargeChance(input: MassChargeInput, options: D12Options): MassChargeChance | { readonly kind: "impossible" } {
  const obstacle = input.obstacle ?? "none";
  if (obstacle === "forbid") return { kind: "impossible" };
  const attackers = sidePoints(input.attackers, options);
  const defenders = sidePoints(input.defenders, options);
  const defenderTotal = obstacle === "double" ? defenders.total * 2 : defenders.total;
  const excess = attackers.total - defenderTotal;
  const modifiers: Modifier[] = [mod("WC.Mod.massChargeBase", MASS_CHARGE_POINTS.baseChance)];
  if (excess > 0 || options.massChargeDeficit === "subtract") {
    modifiers.push(mod("WC.Mod.massChargeExcess", MASS_CHARGE_POINTS.perPoint * excess, { attackers: attackers.total, defenders: defenderTotal }));
  }
  const chance = modifiers.reduce((s, m) => s + m.value, 0);
  return { attackers, defenders, defenderTotal, obstacle, chance, modifiers };
}

export type SaveOutcome = { readonly id: string; readonly strength: number; readonly strengthKnown: boolean; readonly die: DieRoll; readonly result: "overborne" | "pushedAside" };

export type MassChargeResult =
  | { readonly kind: "impossible" }
  | (MassChargeChance & { readonly kind: "failed"; readonly die: DieRoll })
  | (MassChargeChance & {
      readonly kind: "succeeded";
      readonly die: DieRoll;
      readonly saves: SaveOutcome[];
      /** Chargers beyond the defenders' number may press on (no further than the defenders' 4th rank). */
      readonly mayAdvance: number;
      readonly mustStay: number;
    });

/** The Strength a defender saves with: its own score, or the size guideline (VL 19+ reads as 19). */
export function saveStrength(u: MassChargeUnit): { strength: number; known: boolean } {
  if (u.strength) return { strength: u.strength.score, known: true };
  return { strength: MASS_CHARGE_DEFAULT_STRENGTH[u.size], known: false };
}

export function resolveMassCharge(input: MassChargeInput, options: D12Options, dice: Dice): MassChargeResult {
  const c = massChargeChance(input, options);
  if ("kind" in c) return c;
  const die = rollDie(dice, 100, "massCharge");
  if (die.face > c.chance) return { ...c, kind: "failed", die };
  const saves: SaveOutcome[] = [];
  for (const u of input.defenders) {
    if (u.killed || u.rank > MASS_CHARGE_POINTS.frontRanks) continue;
    const { strength, known } = saveStrength(u);
    const d = rollDie(dice, 20, "strengthSave");
    saves.push({ id: u.id, strength, strengthKnown: known, die: d, result: d.face <= strength ? "pushedAside" : "overborne" });
  }
  const liveAttackers = input.attackers.filter((u) => !u.killed).length;
  const liveDefenders = input.defenders.filter((u) => !u.killed).length;
  const mustStay = Math.min(liveAttackers, liveDefenders);
  return { ...c, kind: "succeeded", die, saves, mayAdvance: liveAttackers - mustStay, mustStay };
}

export function validateMassCharge(v: unknown): MassChargeInput {
  const issues = new IssueList();
  if (!issues.object("input", v)) issues.throwIfAny();
  const o = v as Record<string, unknown>;
  for (const side of ["attackers", "defenders"] as const) {
    if (!issues.array(`input.${side}`, o[side])) continue;
    (o[side] as unknown[]).forEach((u, i) => {
      const p = `input.${side}[${i}]`;
      if (!issues.object(p, u)) return;
      const r = u as Record<string, unknown>;
      issues.str(`${p}.id`, r.id);
      issues.oneOf(`${p}.size`, r.size, SIZES);
      issues.int(`${p}.rank`, r.rank, 1, 100);
      if (r.kind !== undefined) issues.oneOf(`${p}.kind`, r.kind, ["character", "monster"] as const);
      if (r.strength !== undefined && issues.object(`${p}.strength`, r.strength)) issues.int(`${p}.strength.score`, (r.strength as Record<string, unknown>).score, 1, 25);
      if (r.extraStrong !== undefined) issues.bool(`${p}.extraStrong`, r.extraStrong);
      if (r.vlPoints !== undefined) issues.int(`${p}.vlPoints`, r.vlPoints, 6, 100);
      if (r.killed !== undefined) issues.bool(`${p}.killed`, r.killed);
    });
  }
  if (o.obstacle !== undefined) issues.oneOf("input.obstacle", o.obstacle, ["none", "double", "forbid"] as const);
  issues.throwIfAny();
  return v as MassChargeInput;
}

/** A creature on the field for working out ranks: feet along the charge and across it. */
export interface PlacedUnit {
  readonly id: string;
  readonly size: Size;
  /** Feet along the charge direction (larger is further forward in the charge). */
  readonly along: number;
}

/** Feet of front one creature of this charge size takes (000 §Mass charge). */
export function frontage(size: Size, options: D12Options): number {
  return size === "L" ? options.largeFrontageFeet : FRONTAGE_FEET[size];
}

/**
 * Ranks from positions: each side fills its first rank, front to back, with as many creatures
 * as the front's width holds at their frontage, then its second, and so on. For the chargers the
 * front is the end nearest the defenders; for the defenders, the end nearest the chargers.
 */
export function ranksFromPositions(units: readonly (PlacedUnit & { readonly chargeSize: Size })[], frontFeet: number, side: "attackers" | "defenders", options: D12Options): Record<string, number> {
  const order = [...units].sort((a, b) => (side === "attackers" ? b.along - a.along : a.along - b.along) || a.id.localeCompare(b.id));
  const ranks: Record<string, number> = {};
  let rank = 1;
  let used = 0;
  for (const u of order) {
    const need = frontage(u.chargeSize, options);
    if (used > 0 && used + need > frontFeet + 1e-9) {
      rank++;
      used = 0;
    }
    ranks[u.id] = rank;
    used += need;
  }
  return ranks;
}
