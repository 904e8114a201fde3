/**
 * 004 §Grapple, before any dice: who may start a grapple, who acts first when both sides are
 * weaponless, and what the target's free attack or fend-off (reported by the table as flags)
 * does to the attempt. Also the overbear's own limits (004 §Overbear Attack).
 */
import type { Hold } from "./holds.ts";
import { holderIdsOf } from "./holds.ts";
import type { PercentileOptions } from "./options.ts";
import type { GrappleAbility, PercentileCombatant } from "./profile.ts";
import { canAct } from "./profile.ts";
import { GRAPPLED_CONDITION, LIMITS } from "./tables.ts";
import type { Assignment } from "./variable.ts";

/**
 * The target's answer to the approach, as the table resolved it with the host's attack rules:
 * - `freeAttack`: the first grappler's free attack routine; any hit foils the attempt, but a
 *   contact attack must do damage or incapacitate;
 * - `fendOff`: every later grappler in the same segment meets one fend-off roll (weapon or
 *   pummel, no damage); a hit foils. Contact attacks cannot fend off.
 */
export type Defense =
  | { readonly kind: "none" }
  | { readonly kind: "freeAttack"; readonly hit: boolean; readonly contact?: boolean; readonly damaged?: boolean; readonly incapacitated?: boolean }
  | { readonly kind: "fendOff"; readonly hit: boolean };

export interface SpecialGrapple {
  readonly ability: GrappleAbility;
  /** Did the creature's own attack that carries the ability (its bite, claw or tentacle) hit? */
  readonly linkedAttackHit: boolean;
  /** A hold the ability fixes (a bear hug): no result roll. */
  readonly holdCategory?: number;
  /** The ability leaves the holder free of the grappled condition. */
  readonly holderFree?: boolean;
  /** Issue 31: a grabbing attack of the creature's sheet carries it (the profile need not list the ability). */
  readonly fromAttack?: boolean;
}

export interface GrappleSituation {
  /** Where each side spends its Variable; both default to the result (004). */
  readonly variable?: { readonly attacker?: Assignment; readonly target?: Assignment };
  readonly defense?: Defense;
  readonly special?: SpecialGrapple;
  /** A charging creature may only attack normally or overbear; it grapples next round. */
  readonly charging?: boolean;
  /** Fore-limbs free now (default: all of them). */
  readonly freeForeLimbs?: number;
  /** Anything in hand. */
  readonly holdingItem?: boolean;
  /** Grapple attempts already made in this attack routine. */
  readonly attemptsThisRoutine?: number;
  /** This grappler's place among those closing on the target in one segment (1 = first); only the first meets a free attack. */
  readonly grapplerIndex?: number;
  /** The target is casting: using its free attack or fend-off spoils the spell. */
  readonly targetCasting?: boolean;
  /** The round after a tackle, the tackler having won initiative: no free attack and no fend-off. */
  readonly afterTackle?: boolean;
  /** Holds in play: those on the target make this a join; one by the attacker on it forbids another. */
  readonly holds?: readonly Hold[];
  readonly round?: number;
}

export type NotAllowedReason =
  | "cannotAct"
  | "charging"
  | "foreLimbsNotFree"
  | "holdingItem"
  | "targetTooLarge"
  | "attemptUsed"
  | "alreadyHolding"
  | "noRoomToJoin"
  | "noSuchAbility";

/** Why the attacker may not try this grapple now, or null when it may. */
export function grappleRefusal(attacker: PercentileCombatant, target: PercentileCombatant, s: GrappleSituation): NotAllowedReason | null {
  if (!canAct(attacker)) return "cannotAct";
  if (s.charging) return "charging";
  const holds = s.holds ?? [];
  if (holds.some((h) => h.holderId === attacker.id && h.heldId === target.id)) return "alreadyHolding";
  if (holderIdsOf(target.id, holds).length >= target.maxMeleeAttackers) return "noRoomToJoin";
  // An ability grapple is exempt from the limb, hand, size and one-attempt rules that bind ordinary grapples.
  if (s.special) return s.special.fromAttack === true || attacker.abilities.includes(s.special.ability) ? null : "noSuchAbility";
  if ((s.freeForeLimbs ?? attacker.foreLimbs) < attacker.foreLimbs) return "foreLimbsNotFree";
  if (s.holdingItem) return "holdingItem";
  if (target.height >= LIMITS.grappleHeightRatio * attacker.height) return "targetTooLarge";
  if ((s.attemptsThisRoutine ?? 0) >= LIMITS.attemptsPerRoutine) return "attemptUsed";
  return null;
}

/** How the approaching attacker's AC stands against the free attack or fend-off. */
export interface Approach {
  readonly acPenalty: number;
  readonly dexLost: boolean;
  readonly shieldLost: boolean;
}

export interface DefenseOutcome {
  /** False when the target gets no free attack or fend-off (special ability, after a tackle). */
  readonly allowed: boolean;
  readonly defense: Defense;
  readonly foiled: boolean;
  /** The target broke off its spell to strike. */
  readonly spellSpoiled: boolean;
  readonly approach: Approach;
}

/** The attempt is foiled by a hit; a contact free attack must also damage or incapacitate. */
export function defenseFoils(d: Defense): boolean {
  switch (d.kind) {
    case "none":
      return false;
    case "fendOff":
      return d.hit;
    case "freeAttack":
      return d.hit && (!d.contact || d.damaged === true || d.incapacitated === true);
  }
}

export function grappleDefense(attacker: PercentileCombatant, s: GrappleSituation): DefenseOutcome {
  const approach: Approach = { acPenalty: GRAPPLED_CONDITION.acPenalty, dexLost: attacker.dexAcBonus > 0, shieldLost: attacker.shield !== null };
  const defense = s.defense ?? { kind: "none" };
  if (s.special || s.afterTackle) return { allowed: false, defense: { kind: "none" }, foiled: false, spellSpoiled: false, approach };
  return { allowed: true, defense, foiled: defenseFoils(defense), spellSpoiled: s.targetCasting === true && defense.kind !== "none", approach };
}

/** 004 §Overbear Attack, Fend Off/Avoid: grappling AC against the free attack, not stacked with the charge (option). */
export function overbearApproach(attacker: PercentileCombatant, chargeAcPenalty: number, options: PercentileOptions): Approach {
  const acPenalty = options.chargeStacking === "stack" ? chargeAcPenalty + GRAPPLED_CONDITION.acPenalty : Math.max(chargeAcPenalty, GRAPPLED_CONDITION.acPenalty);
  return { acPenalty, dexLost: attacker.dexAcBonus > 0, shieldLost: attacker.shield !== null };
}

export type OverbearRefusal = "cannotAct" | "notCharging" | "targetTooHeavy";

/** 004 §Overbear Attack: only at the end of a charge, and never against twice one's weight or more. */
export function overbearRefusal(attacker: PercentileCombatant, target: PercentileCombatant, charging: boolean): OverbearRefusal | null {
  if (!canAct(attacker)) return "cannotAct";
  if (!charging) return "notCharging";
  if (target.weight >= LIMITS.overbearWeightRatio * attacker.weight) return "targetTooHeavy";
  return null;
}

// ---------------------------------------------------------------------------------------------
/** One side of a weaponless initiative contest (004 §Initiative). */
export interface InitiativeSide {
  /** This side has surprise. */
  readonly surprise: boolean;
  readonly charging: boolean;
  readonly dexterity: number;
  /** The side's initiative die as rolled for the round. */
  readonly initiativeDie: number;
  /** Reach of the grappling limbs, in inches. */
  readonly limbLength: number;
  /** False when the side holds a weapon or uses a special ability: group initiative decides. */
  readonly weaponless: boolean;
}

export type InitiativeStep = "surprise" | "charge" | "dexterity" | "initiativeDie" | "limbLength";

export interface InitiativeResult {
  /** False: someone is armed or uses an ability, and the attacker acts on group initiative. */
  readonly applies: boolean;
  readonly first: "a" | "b" | "tie" | null;
  readonly decidedBy: InitiativeStep | null;
}

/**
 * Comparator for sorting: negative when `a` acts first. Ties at every step return 0. The
 * initiative die favors the higher roll unless the option says lower.
 */
export function compareWeaponlessInitiative(a: InitiativeSide, b: InitiativeSide, options: PercentileOptions): number {
  return decide(a, b, options).order;
}

function decide(a: InitiativeSide, b: InitiativeSide, options: PercentileOptions): { order: number; step: InitiativeStep | null } {
  const flag = (x: boolean) => (x ? 1 : 0);
  const dieSign = options.initiativeDie === "higher" ? 1 : -1;
  const steps: Array<[InitiativeStep, number]> = [
    ["surprise", flag(b.surprise) - flag(a.surprise)],
    ["charge", flag(b.charging) - flag(a.charging)],
    ["dexterity", b.dexterity - a.dexterity],
    ["initiativeDie", dieSign * (b.initiativeDie - a.initiativeDie)],
    ["limbLength", b.limbLength - a.limbLength],
  ];
  for (const [step, d] of steps) if (d !== 0) return { order: Math.sign(d), step };
  return { order: 0, step: null };
}

export function weaponlessInitiative(a: InitiativeSide, b: InitiativeSide, options: PercentileOptions): InitiativeResult {
  if (!a.weaponless || !b.weaponless) return { applies: false, first: null, decidedBy: null };
  const d = decide(a, b, options);
  return { applies: true, first: d.order < 0 ? "a" : d.order > 0 ? "b" : "tie", decidedBy: d.step };
}
