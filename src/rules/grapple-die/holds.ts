/**
 * Holds in variant grapple-die: the record of one hold, and what being in a grapple does to a
 * creature (002 §Effects of Grappling on AC, §Size Differences) and what a hold does to the one
 * held (the grapple-die row's effects), all as data for the shell.
 */
import type { Size } from "../core/size.ts";
import { sizeSteps } from "../core/size.ts";
import type { Modifier } from "../core/trace.ts";
import { mod } from "../core/trace.ts";
import type { GrappleDieOptions } from "./options.ts";
import type { GdCombatant } from "./profile.ts";
import type { DamageExpr, HoldEffects } from "./tables.ts";
import { GRAPPLED_AC } from "./tables.ts";

export interface Hold {
  readonly id: string;
  readonly holderId: string;
  readonly heldId: string;
  /** The adjusted grapple die that made the hold; a break roll must meet it. */
  readonly die: number;
  /** The table row's name (WC.Hold.<name>). */
  readonly name: string;
  /** Damage on segment 3 of each later round, with the holder's size step already applied. */
  readonly damage: DamageExpr;
  readonly effects: HoldEffects;
  readonly holderSize: Size;
  readonly heldSize: Size;
  /** Both creatures' weights when the hold was made (for "much larger" by weight; older holds lack them). */
  readonly holderWeightLb?: number;
  readonly heldWeightLb?: number;
  readonly roundGained: number;
  /** Strangle holds: knock-out checks made so far (the next one is at 5% times this plus one). */
  readonly strangleRounds?: number;
  /** Strangle holds on a victim knocked out: rounds left until death by suffocation. */
  readonly suffocationLeft?: number;
}

/** Holds a creature takes part in, as holder or as the one held. */
export function holdsOf(id: string, holds: readonly Hold[]): Hold[] {
  return holds.filter((h) => h.holderId === id || h.heldId === id);
}

/** Distinct creatures holding `id`, leaving out `except`. */
export function holdersOf(id: string, holds: readonly Hold[], except?: string): string[] {
  return [...new Set(holds.filter((h) => h.heldId === id && h.holderId !== except).map((h) => h.holderId))];
}

/** One side of a size comparison: a size class and, when known, a weight. */
export interface Bulk {
  readonly size: Size;
  readonly weightLb?: number;
}

/**
 * 002 §Size Differences: is `own` "much larger" than `other`? By weight (the default), at least
 * `muchLargerWeightRatio` times the other's weight: 002's own example, a stirge (about a pound)
 * on a man, passes at any ratio a GM would pick, while a halfling (a third of a man's weight, and
 * one size class below, as a stirge is) does not. By size, `muchLargerSteps` classes apart. A
 * side with no weight (a hold stored before weights were kept) is compared by size.
 */
export function muchLarger(own: Bulk, other: Bulk, options: GrappleDieOptions): boolean {
  if (options.muchLargerBy === "weight" && own.weightLb !== undefined && other.weightLb !== undefined) return own.weightLb >= options.muchLargerWeightRatio * other.weightLb;
  return sizeSteps(own.size, other.size) >= options.muchLargerSteps;
}

const holderBulk = (h: Hold): Bulk => ({ size: h.holderSize, ...(h.holderWeightLb !== undefined ? { weightLb: h.holderWeightLb } : {}) });
const heldBulk = (h: Hold): Bulk => ({ size: h.heldSize, ...(h.heldWeightLb !== undefined ? { weightLb: h.heldWeightLb } : {}) });

/**
 * 002 §Size Differences: a creature much larger than everyone it grapples with escapes the
 * grapple's AC effects and may move. `sizeExempt`, when given, is the DM's own list instead.
 */
export function sizeExempt(id: string, holds: readonly Hold[], options: GrappleDieOptions, dmList?: readonly string[]): boolean {
  if (dmList) return dmList.includes(id);
  const mine = holdsOf(id, holds);
  if (mine.length === 0) return false;
  return mine.every((h) => {
    const [own, other] = h.holderId === id ? [holderBulk(h), heldBulk(h)] : [heldBulk(h), holderBulk(h)];
    return muchLarger(own, other, options);
  });
}

export interface GrappleStatus {
  /** Some hold exists in which the creature takes part. */
  readonly inGrapple: boolean;
  /** Much larger than all its partners: none of the effects below. */
  readonly sizeExempt: boolean;
  /** 002: +4 to be hit by anyone, no Dex or shield AC, immobile (all 0/false when exempt). */
  readonly toBeHit: number;
  readonly losesDex: boolean;
  readonly losesShield: boolean;
  readonly immobile: boolean;
  readonly holding: readonly string[];
  readonly heldBy: readonly string[];
  /** Effects of the holds on the creature: the worst to-hit penalty, and the others combined. */
  readonly held: HoldEffects & {
    /** 002 §Defender Attacks: only a short weapon already in hand, or natural weapons. */
    readonly shortWeaponsOnly: boolean;
  };
}

/** What the grapple does to `c` given every hold in place. */
export function grappleStatus(c: GdCombatant, holds: readonly Hold[], options: GrappleDieOptions, dmExempt?: readonly string[]): GrappleStatus {
  const mine = holdsOf(c.id, holds);
  const inGrapple = mine.length > 0;
  const exempt = inGrapple && sizeExempt(c.id, holds, options, dmExempt);
  const on = inGrapple && !exempt;
  const heldHolds = holds.filter((h) => h.heldId === c.id);
  let toHit = 0;
  let hands = 0;
  for (const h of heldHolds) {
    toHit = Math.min(toHit, h.effects.defenderToHit);
    hands += h.effects.handsUnusable;
  }
  const any = (k: "noTwoWeapon" | "cannotRise" | "noSomaticSpells" | "noVerbalSpells" | "strangle") => heldHolds.some((h) => h.effects[k]);
  return {
    inGrapple,
    sizeExempt: exempt,
    toBeHit: on ? GRAPPLED_AC.toBeHit : 0,
    losesDex: on && GRAPPLED_AC.losesDex,
    losesShield: on && GRAPPLED_AC.losesShield,
    immobile: on && GRAPPLED_AC.immobile,
    holding: [...new Set(holds.filter((h) => h.holderId === c.id).map((h) => h.heldId))],
    heldBy: holdersOf(c.id, holds),
    held: {
      defenderToHit: toHit,
      handsUnusable: hands,
      noTwoWeapon: any("noTwoWeapon"),
      cannotRise: any("cannotRise"),
      noSomaticSpells: any("noSomaticSpells"),
      noVerbalSpells: any("noVerbalSpells"),
      strangle: any("strangle"),
      shortWeaponsOnly: heldHolds.length > 0,
    },
  };
}

export interface TargetAc {
  /** The AC the attack must hit, and the creature's normal AC it starts from. */
  readonly ac: number;
  readonly normal: number;
  readonly modifiers: Modifier[];
  /** Bonuses the attacker gets for the target's state (002: +4 against a grappler). */
  readonly toHitModifiers: Modifier[];
}

/** The Dex part of AC a grappler loses (positive: AC gets worse). */
export function dexLoss(c: GdCombatant, options: GrappleDieOptions): number {
  if (options.grappledDexLoss === "bonusOnly") return Math.max(0, -c.dexAcAdjustment);
  return -c.dexAcAdjustment;
}

/** The AC an attack on `c` must hit: its normal AC, less Dex and shield while it grapples. */
export function targetAc(c: GdCombatant, holds: readonly Hold[], options: GrappleDieOptions, dmExempt?: readonly string[]): TargetAc {
  const status = grappleStatus(c, holds, options, dmExempt);
  const modifiers: Modifier[] = [];
  const toHitModifiers: Modifier[] = [];
  if (status.losesDex && dexLoss(c, options) !== 0) modifiers.push(mod("WC.Mod.grappledNoDex", dexLoss(c, options)));
  if (status.losesShield && c.shieldAc !== 0) modifiers.push(mod("WC.Mod.grappledNoShield", c.shieldAc));
  if (status.toBeHit !== 0) toHitModifiers.push(mod("WC.Mod.grappledTarget", status.toBeHit));
  let ac = c.ac;
  for (const m of modifiers) ac += m.value;
  return { ac, normal: c.ac, modifiers, toHitModifiers };
}
