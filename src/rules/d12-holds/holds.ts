/**
 * Holds in variant d12-holds: the record of one hold, where a new hold lands (000 §Explanation
 * of holds), and what the holds on a creature do to it (immobilized, to-hit, Dex).
 */
import type { GrabDice } from "../core/grab.ts";
import { standUpProcedure } from "../core/procedures.ts";
import type { Size } from "../core/size.ts";
import { sizeIndex, sizeSteps } from "../core/size.ts";
import type { D12Combatant } from "./profile.ts";
import { grapplingSize } from "./profile.ts";
import type { HoldPart } from "./tables.ts";
import { HOLD_LIMITS_SMALL, HOLD_TO_HIT } from "./tables.ts";

export interface Hold {
  readonly id: string;
  readonly holderId: string;
  readonly heldId: string;
  readonly part: HoldPart;
  /** Which arm or leg (0-based) for limb holds. */
  readonly limb?: number;
  /** The AT's adjusted d12 that made the hold (the table row). */
  readonly result: number;
  /** The size adjustment in that roll; later break rolls use its negation (digest §5.8). */
  readonly sizeAdjustment: number;
  /** The holder's grappling size when the hold was made. */
  readonly holderSize: Size;
  /** The combat round in which the hold was gained. */
  readonly roundGained: number;
  /**
   * A monster's grab made it, with the damage its sheet says the hold does each round (option
   * `grabDamage`): dealt at each round end after the first, in the stranglehold's slot.
   */
  readonly roundDamage?: GrabDice;
}

export type Placement =
  | { readonly kind: "placed"; readonly part: HoldPart; readonly limb?: number }
  | { readonly kind: "noRoom"; readonly part: HoldPart }
  | { readonly kind: "noSuchPart"; readonly part: HoldPart };

function limbCount(defender: D12Combatant, part: "arm" | "leg"): number {
  return part === "arm" ? defender.arms : defender.legs;
}

/**
 * Where a hold on `part` lands. A limb hold goes to the least-held limb (a second arm hold takes
 * the free arm). S and M defenders have room for 2 holds per limb, 3 on the body, 1 on the head
 * and 1 stranglehold; larger ones have no fixed limit (the DM judges room).
 */
export function placeHold(defender: D12Combatant, existing: readonly Hold[], part: HoldPart, missingPart: "body" | "none"): Placement {
  const small = sizeIndex(grapplingSize(defender)) <= sizeIndex("M");
  const limit = small ? HOLD_LIMITS_SMALL[part] : Infinity;
  if (part === "arm" || part === "leg") {
    const n = limbCount(defender, part);
    if (n === 0) {
      return missingPart === "body" ? placeHold(defender, existing, "body", "none") : { kind: "noSuchPart", part };
    }
    let best = -1;
    let bestCount = Infinity;
    for (let limb = 0; limb < n; limb++) {
      const count = existing.filter((h) => h.part === part && h.limb === limb).length;
      if (count < bestCount) {
        best = limb;
        bestCount = count;
      }
    }
    return bestCount < limit ? { kind: "placed", part, limb: best } : { kind: "noRoom", part };
  }
  const count = existing.filter((h) => h.part === part).length;
  return count < limit ? { kind: "placed", part } : { kind: "noRoom", part };
}

export interface HoldEffects {
  /** The defender cannot move; a single hold does this unless its holder is smaller. */
  readonly immobilized: boolean;
  readonly immobilizedBy: readonly string[];
  /** The worst to-hit penalty from holds (they do not add up), for all the defender's attacks. */
  readonly toHitPenalty: number;
  /** Extra penalty against each body holder, by holder id (000: -2, or -1 for a VL defender). */
  readonly againstBodyHolders: Readonly<Record<string, number>>;
  readonly dexBonusLost: boolean;
  /** Arms whose hand items are useless (0-based). */
  readonly uselessHands: readonly number[];
  readonly allArmsHeld: boolean;
  readonly allLegsHeld: boolean;
  /** Holders may be attacked only with weapons of 2½ ft or less. */
  readonly shortWeaponsOnly: boolean;
  /** Any hold at all: the defender may cast only purely verbal spells. */
  readonly verbalSpellsOnly: boolean;
  readonly holderIds: readonly string[];
}

/** 000 §Explanation of holds: the combined effect of the holds on one defender. */
export function holdEffects(defender: D12Combatant, holds: readonly Hold[]): HoldEffects {
  const dSize = grapplingSize(defender);
  const mine = holds.filter((h) => h.heldId === defender.id);
  const immobilizedBy = new Set<string>();
  let penalty = 0;
  const worst = (v: number) => {
    if (v < penalty) penalty = v;
  };
  const heldLimbs = (part: "arm" | "leg") => new Set(mine.filter((h) => h.part === part).map((h) => h.limb ?? 0));
  const arms = heldLimbs("arm");
  const legs = heldLimbs("leg");
  const allArmsHeld = defender.arms > 0 && arms.size >= defender.arms;
  const allLegsHeld = defender.legs > 0 && legs.size >= defender.legs;
  const against: Record<string, number> = {};

  for (const h of mine) {
    // A single hold immobilizes unless its holder is of a smaller size class.
    const holderSmaller = sizeSteps(h.holderSize, dSize) < 0;
    // With more than two arms (or legs), partial holds count as one hold on one limb.
    if (!holderSmaller) immobilizedBy.add(h.id);
    switch (h.part) {
      case "head":
        worst(HOLD_TO_HIT.head);
        break;
      case "strangle":
        worst(HOLD_TO_HIT.strangle);
        break;
      case "arm":
        worst(HOLD_TO_HIT.arm);
        break;
      case "leg":
        worst(defender.legs >= 3 ? HOLD_TO_HIT.legManyLegged : HOLD_TO_HIT.leg);
        break;
      case "body":
        against[h.holderId] = dSize === "VL" ? HOLD_TO_HIT.bodyPerHolderVeryLarge : HOLD_TO_HIT.bodyPerHolder;
        break;
    }
  }
  // All arms (or legs) held: immobilized unless every holder of them is 2+ sizes smaller.
  for (const [part, all] of [["arm", allArmsHeld], ["leg", allLegsHeld]] as const) {
    if (!all) continue;
    worst(part === "arm" ? HOLD_TO_HIT.allArms : HOLD_TO_HIT.allLegs);
    const limbHolds = mine.filter((h) => h.part === part);
    if (!limbHolds.every((h) => sizeSteps(h.holderSize, dSize) <= -2)) for (const h of limbHolds) immobilizedBy.add(h.id);
  }
  return {
    immobilized: immobilizedBy.size > 0,
    immobilizedBy: [...immobilizedBy],
    toHitPenalty: penalty,
    againstBodyHolders: against,
    dexBonusLost: mine.length > 0,
    uselessHands: [...arms].sort((a, b) => a - b),
    allArmsHeld,
    allLegsHeld,
    shortWeaponsOnly: mine.length > 0,
    verbalSpellsOnly: mine.length > 0,
    holderIds: [...new Set(mine.map((h) => h.holderId))],
  };
}

/** 000 §Effects of overbearing: the defender may rise only when no hold immobilizes it. */
export function canRise(defender: D12Combatant, holds: readonly Hold[]): boolean {
  return !holdEffects(defender, holds).immobilized;
}

export interface DownedEffects {
  /** Hold penalty plus the overborne -4, which adds to it (000 §Effects of overbearing). */
  readonly toHitPenalty: number;
  readonly shieldUsable: boolean;
  readonly dexBonusLost: boolean;
  readonly attacksLast: boolean;
  readonly canRise: boolean;
  readonly spells: "any" | "verbalOnly";
}

/** What being overborne does, on top of any holds (000 §Effects of overbearing). */
export function overborneEffects(defender: D12Combatant, holds: readonly Hold[]): DownedEffects {
  const e = holdEffects(defender, holds);
  return {
    toHitPenalty: e.toHitPenalty + HOLD_TO_HIT.overborne,
    shieldUsable: false,
    dexBonusLost: true,
    attacksLast: true,
    canRise: !e.immobilized,
    spells: e.holderIds.length > 0 ? "verbalOnly" : "any",
  };
}

export type StandUpResult =
  | { readonly kind: "notAllowed"; readonly reason: "notProne" | "immobilized"; readonly holdIds: readonly string[] }
  /** 000: a full round to rise, forfeiting all attacks that round. */
  | { readonly kind: "rises"; readonly takes: "round" };

/**
 * 000 §Effects of overbearing: an overborne creature takes a full round to rise, forfeiting its
 * attacks, and cannot while one or more holds immobilize it.
 */
export function resolveStandUp(defender: D12Combatant, holds: readonly Hold[]): StandUpResult {
  type No = StandUpResult & { kind: "notAllowed" };
  const immobilized = (): No | null => {
    const e = holdEffects(defender, holds);
    return e.immobilized ? { kind: "notAllowed", reason: "immobilized", holdIds: e.immobilizedBy } : null;
  };
  return standUpProcedure<No, "round">(defender.conditions.includes("prone"), { kind: "notAllowed", reason: "notProne", holdIds: [] }, [immobilized], "round");
}
