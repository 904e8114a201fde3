/**
 * Holds in variant percentile: the record of one hold (a snapshot of the Grappling Table row
 * that made it), who gets the grappled condition (004 §Grappled Condition), the joiner's cap
 * (004 §Joining an Existing Grapple) and what the holds on a creature add up to, pinned
 * included (004 §Pinned).
 */
import type { GrabDice } from "../core/grab.ts";
import { sizeSteps } from "../core/size.ts";
import type { RangeTable } from "../core/table.ts";
import type { PercentileOptions } from "./options.ts";
import type { PercentileCombatant } from "./profile.ts";
import { hasCondition } from "./profile.ts";
import type { GrappleRow } from "./tables.ts";
import { GRAPPLED_CONDITION } from "./tables.ts";

export interface Hold {
  /** `<holderId>><heldId>@<round>`. */
  readonly id: string;
  readonly holderId: string;
  readonly heldId: string;
  /** The Grappling Table row that made the hold, as it stood then. */
  readonly row: GrappleRow;
  /** The first grappler on the creature: only its hold deals hold damage (004). */
  readonly original: boolean;
  /** Made by Grab, Hug or Constrict: its damage is all lethal. */
  readonly special: boolean;
  /** The ability that made it leaves its holder free of the grappled condition (004); absent: not. */
  readonly holderFree?: boolean;
  readonly roundGained: number;
  /** A monster's grab made it, with the damage its sheet says the hold does (option `grabDamage`): it replaces the row's damage. */
  readonly roundDamage?: GrabDice;
}

/** A condition that lasts a number of rounds; round ends count it down (option `timerStart`). */
export interface Timer {
  readonly id: string;
  readonly condition: "stunned" | "unconscious" | "hindered";
  readonly rounds: number;
  /** The round in which it began. */
  readonly appliedRound: number;
}

export function holdsOn(id: string, holds: readonly Hold[]): Hold[] {
  return holds.filter((h) => h.heldId === id);
}

export function holderIdsOf(id: string, holds: readonly Hold[]): string[] {
  return [...new Set(holdsOn(id, holds).map((h) => h.holderId))];
}

/** Two creatures each holding the other: neither may Break Free (004 §Counter Grapple). */
export function isMutual(a: string, b: string, holds: readonly Hold[]): boolean {
  return holds.some((h) => h.holderId === a && h.heldId === b) && holds.some((h) => h.holderId === b && h.heldId === a);
}

/**
 * The row for a category that was capped: the highest row whose category does not exceed it
 * (so a GM table with several rows in one category gives its strongest), else the first row.
 */
export function rowForCategory(table: RangeTable<GrappleRow>, category: number): GrappleRow {
  let best: GrappleRow | undefined;
  for (const r of table.rows) if (r.result.category <= category) best = r.result;
  return best ?? (table.rows[0] as { result: GrappleRow }).result;
}

export interface JoinCap {
  /** The category of the hold the joiner meets: the original holder's, or the strongest if none is marked. */
  readonly existing: number;
  /** The option's cap (Torso grab by default). */
  readonly optionCap: number;
  readonly cap: number;
}

/** 004 §Joining: a joiner never gets more than the lesser of the cap (Torso grab) and the hold already there. */
export function joinCap(existingHolds: readonly Hold[], options: PercentileOptions): JoinCap | null {
  if (existingHolds.length === 0) return null;
  const original = existingHolds.find((h) => h.original);
  const existing = original ? original.row.category : Math.max(...existingHolds.map((h) => h.row.category));
  return { existing, optionCap: options.joinerCapCategory, cap: Math.min(existing, options.joinerCapCategory) };
}

/**
 * 004 §Grappled Condition: both sides gain it, unless the ability says the holder stays free or
 * one side is much larger (option `muchLargerSteps` size classes); the larger then stays free.
 */
export function grappledSides(attacker: PercentileCombatant, target: PercentileCombatant, holderFree: boolean, options: PercentileOptions): { attacker: boolean; target: boolean } {
  const steps = sizeSteps(attacker.size, target.size);
  return {
    attacker: !holderFree && steps < options.muchLargerSteps,
    target: -steps < options.muchLargerSteps,
  };
}

/**
 * Whether the creature's holds put it in the grappled condition (004 §Grappled Condition): any
 * hold in which its side gains it. A partner `known` does not name is taken to give it.
 */
export function grappledByHolds(c: PercentileCombatant, holds: readonly Hold[], known: ReadonlyMap<string, PercentileCombatant>, options: PercentileOptions): boolean {
  return holds.some((h) => {
    if (h.holderId !== c.id && h.heldId !== c.id) return false;
    // The ability that made the hold leaves its holder free, whoever the held is.
    if (h.holderId === c.id && h.holderFree === true) return false;
    const holder = h.holderId === c.id ? c : known.get(h.holderId);
    const held = h.heldId === c.id ? c : known.get(h.heldId);
    if (!holder || !held) return true;
    const sides = grappledSides(holder, held, h.holderFree === true, options);
    return h.holderId === c.id ? sides.attacker : sides.target;
  });
}

/**
 * 004 §Grappled Condition, the one reading every question uses (standing up, moving, the state):
 * a creature is in the grappled condition when its status says so (the module sets it with the
 * hold), when it is pinned, or when one of its holds, as holder or as held, gives it by size and
 * ability. A partner `known` does not name is taken to give it.
 */
export function inGrappledCondition(c: PercentileCombatant, holds: readonly Hold[], known: ReadonlyMap<string, PercentileCombatant>, options: PercentileOptions): boolean {
  return hasCondition(c, "grappled") || hasCondition(c, "pinned") || grappledByHolds(c, holds, known, options);
}

export interface GrappledState {
  readonly held: boolean;
  readonly holderIds: readonly string[];
  readonly holdIds: readonly string[];
  /** Holders reach the creature's allowed melee attackers (004 §Pinned): it is helpless. */
  readonly pinned: boolean;
  readonly helpless: boolean;
  /** The strongest category on it (what a joiner meets and a break must beat). */
  readonly strongestCategory: number;
  /** The worst to-hit adjustment the holds give its attacks. */
  readonly toHit: number;
  readonly armsHeld: number;
  readonly noSomaticSpells: boolean;
  readonly noVerbalSpells: boolean;
  /** 004: an outsider's blow may land on the wrong member of the grapple, except when the intended one is stunned or pinned. */
  readonly outsidersMayHitOthers: boolean;
  /** What it may still attack its holders with (004 §Weapon Attack). */
  readonly mayAttack: {
    readonly naturalWeapons: boolean;
    readonly shortPiercingWeapons: boolean;
    readonly monkOpenHand: boolean;
  };
  /** Holders may take an item from it on a natural 20 (004 §Grabbing Items). */
  readonly itemsCanBeGrabbed: boolean;
  /** The grappled condition, holder or held alike (`inGrappledCondition`); null when free of it. */
  readonly condition: typeof GRAPPLED_CONDITION | null;
}

/** What the holds in play make of `c`; `known` gives its partners' profiles (for the much-larger exemption). */
export function grappledState(c: PercentileCombatant, holds: readonly Hold[], options: PercentileOptions, known: ReadonlyMap<string, PercentileCombatant> = new Map()): GrappledState {
  const mine = holdsOn(c.id, holds);
  const holderIds = holderIdsOf(c.id, holds);
  const pinned = holderIds.length >= c.maxMeleeAttackers;
  const helpless = pinned || hasCondition(c, "helpless") || hasCondition(c, "unconscious");
  const held = mine.length > 0;
  return {
    held,
    holderIds,
    holdIds: mine.map((h) => h.id),
    pinned,
    helpless,
    strongestCategory: held ? Math.max(...mine.map((h) => h.row.category)) : 0,
    toHit: Math.min(0, ...mine.map((h) => h.row.effects.targetToHit ?? 0)),
    armsHeld: mine.filter((h) => h.row.effects.armHeld).length,
    noSomaticSpells: mine.some((h) => h.row.effects.noSomaticSpells === true),
    noVerbalSpells: mine.some((h) => h.row.effects.noVerbalSpells === true),
    outsidersMayHitOthers: held && !pinned && !hasCondition(c, "stunned"),
    mayAttack: { naturalWeapons: held && !pinned, shortPiercingWeapons: held && !pinned, monkOpenHand: !pinned },
    itemsCanBeGrabbed: helpless,
    condition: inGrappledCondition(c, holds, known, options) ? GRAPPLED_CONDITION : null,
  };
}
