/**
 * 000 §Grappling: one grappling attack. To-hit against AC 5, the AT's d12 with the size
 * adjustment, the DR's immediate unmodified break roll, and the hold with its damage.
 */
import { neededFrom } from "../core/to-hit.ts";
import type { Dice, DieRoll } from "../core/dice.ts";
import type { GrabDice } from "../core/grab.ts";
import { rollDie, rollFormula } from "../core/dice.ts";
import type { DamageSplit } from "../core/damage.ts";
import { splitDamage } from "../core/damage.ts";
import { lookup } from "../core/table.ts";
import type { Modifier } from "../core/trace.ts";
import { mod } from "../core/trace.ts";
import type { Situation, SpeedModifiers, ToHitRoll } from "./attack.ts";
import { attacksLostToHits, commonModifiers, rollToHit, specialModifiers, speedModifiers, targetAcFor } from "./attack.ts";
import type { Hold, Placement } from "./holds.ts";
import { placeHold } from "./holds.ts";
import type { D12Options } from "./options.ts";
import type { D12Combatant, TargetAc } from "./profile.ts";
import { grapplingSize, hasCondition } from "./profile.ts";
import type { HoldPart, HoldRow } from "./tables.ts";
import { GRAPPLE_UNDERWATER_TO_HIT, HOLD_SIZE_ADJUSTMENT, HOLD_TABLE, NO_WINDPIPE_RESULT } from "./tables.ts";

export interface HoldRoll {
  readonly die: DieRoll;
  readonly sizeAdjustment: number;
  readonly adjusted: number;
  /** The table row read: the adjusted roll, or 11 for a stranglehold on a creature with no windpipe. */
  readonly row: number;
  readonly result: HoldRow;
}

export interface HoldDamage {
  readonly dice: DieRoll[];
  readonly modifiers: Modifier[];
  readonly split: DamageSplit;
}

export type GrappleResult =
  | { readonly kind: "notAllowed"; readonly reason: "alreadyHolding" | "noAttacks" }
  | { readonly kind: "lost"; readonly reason: "hitByTarget" }
  | { readonly kind: "miss"; readonly targetAc: TargetAc; readonly toHit: ToHitRoll; readonly speed: SpeedModifiers }
  | (GrappleHitBase & { readonly kind: "briefGrip"; readonly spellSpoilPct: number })
  | (GrappleHitBase & { readonly kind: "broken"; readonly breakRoll: DieRoll })
  | (GrappleHitBase & { readonly kind: "noRoom"; readonly part: HoldPart; readonly breakRoll: DieRoll })
  | (GrappleHitBase & { readonly kind: "hold"; readonly breakRoll: DieRoll; readonly hold: Hold; readonly damage: HoldDamage | null });

interface GrappleHitBase {
  readonly targetAc: TargetAc;
  /** Absent when the hit was automatic (a paralyzed or otherwise immobile defender). */
  readonly toHit: ToHitRoll | null;
  readonly speed: SpeedModifiers;
  readonly holdRoll: HoldRoll;
  /** 000 §General grappling rules: a grappling hit on a level-draining undead drains the attacker. */
  readonly attackerDrained: boolean;
}

export function holdSizeAdjustment(attacker: D12Combatant, defender: D12Combatant): number {
  return HOLD_SIZE_ADJUSTMENT[grapplingSize(defender)][grapplingSize(attacker)];
}

/** The table row an adjusted d12 reads, with the no-windpipe substitution. */
export function holdRowFor(adjusted: number, defender: D12Combatant): { row: number; result: HoldRow } {
  const first = lookup(HOLD_TABLE, adjusted);
  if (first.kind === "hold" && first.part === "strangle" && !defender.hasWindpipe) {
    return { row: NO_WINDPIPE_RESULT, result: lookup(HOLD_TABLE, NO_WINDPIPE_RESULT) };
  }
  return { row: adjusted, result: first };
}

export function grappleToHitModifiers(attacker: D12Combatant, defender: D12Combatant, s: Situation, speed: SpeedModifiers): Modifier[] {
  const mods = [...commonModifiers(attacker, s), ...specialModifiers(attacker, defender, s, "grapple"), ...speed.modifiers];
  if (s.underwater && !attacker.aquatic) mods.push(mod("WC.Mod.underwater", GRAPPLE_UNDERWATER_TO_HIT));
  return mods;
}

/** Automatic hits on a paralyzed or otherwise immobile defender (000 §Speed modification). */
export function grappleHitsAutomatically(defender: D12Combatant): boolean {
  return hasCondition(defender, "paralyzed");
}

/** Is the attacker free to start another hold? Humans keep one; monsters one per pummeling limb. */
export function grappleEligibility(attacker: D12Combatant, s: Situation): GrappleResult | null {
  const maxHolds = attacker.kind === "character" ? 1 : Math.max(1, attacker.pummelLimbs ?? attacker.attacksPerRound);
  // 000 §Maintaining holds: as many grappling attacks as pummeling attacks; attack 2 of a creature
  // with one attack a round is not there to make.
  if (attacker.attacksPerRound === 0 || (s.attackIndex ?? 1) > attacker.attacksPerRound) return { kind: "notAllowed", reason: "noAttacks" };
  if ((s.attackerHolds ?? 0) >= maxHolds) return { kind: "notAllowed", reason: "alreadyHolding" };
  return null;
}

export function holdDamageModifiers(s: Situation): Modifier[] {
  // 000 §Grappling damage: Strength does not count; Chant, Prayer and the like do.
  return s.damageBonus ? [mod("WC.Mod.spellDamage", s.damageBonus)] : [];
}

/**
 * A monster's grab whose attack hit (issue 31): the hit stands for the grappling hit, so no
 * to-hit is rolled and no attack is lost to the target's blows (the monster's attack was made);
 * `part` fixes the part held (option `grabHold`), `roundDamage` the damage it does each round.
 */
export interface D12GrabHit {
  readonly part?: HoldPart;
  readonly roundDamage?: GrabDice;
}

export function resolveGrapple(attacker: D12Combatant, defender: D12Combatant, s: Situation, options: D12Options, dice: Dice, grab?: D12GrabHit): GrappleResult {
  const refused = grappleEligibility(attacker, s);
  if (refused) return refused;
  if (!grab && (s.attackIndex ?? 1) <= attacksLostToHits(s, options.grappleLossNeedsDamage)) return { kind: "lost", reason: "hitByTarget" };
  const targetAc = targetAcFor(defender, "grapple", s, options);
  const speed = speedModifiers(attacker, defender);
  let toHit: ToHitRoll | null = null;
  if (!grab && !grappleHitsAutomatically(defender)) {
    toHit = rollToHit(dice, neededFrom(attacker.toHit, targetAc.ac), grappleToHitModifiers(attacker, defender, s, speed), "grappleToHit");
    if (!toHit.hit) return { kind: "miss", targetAc, toHit, speed };
  }
  const die = rollDie(dice, 12, "holdRoll");
  const sizeAdjustment = holdSizeAdjustment(attacker, defender);
  const adjusted = die.face + sizeAdjustment;
  const { row, result } = holdRowFor(adjusted, defender);
  const holdRoll: HoldRoll = { die, sizeAdjustment, adjusted, row, result };
  const base = { targetAc, toHit, speed, holdRoll, attackerDrained: defender.levelDrain };
  // 000: a brief grip needs no break roll.
  if (result.kind === "briefGrip") return { ...base, kind: "briefGrip", spellSpoilPct: result.spellSpoilPct };
  // 000 §Break rolls: the first break roll is never modified, and is compared with the roll the
  // table read: the adjusted roll, or the 11 a stranglehold on a creature with no windpipe becomes.
  const breakRoll = rollDie(dice, 12, "immediateBreak");
  if (breakRoll.face >= row) return { ...base, kind: "broken", breakRoll };
  const placement: Placement = placeHold(defender, s.holds ?? [], grab?.part ?? result.part, options.missingPartHold);
  if (placement.kind !== "placed") return { ...base, kind: "noRoom", part: placement.part, breakRoll };
  const round = s.round ?? 1;
  const hold: Hold = {
    id: `${attacker.id}>${defender.id}@${round}.${s.attackIndex ?? 1}`,
    holderId: attacker.id,
    heldId: defender.id,
    part: placement.part,
    ...(placement.limb !== undefined ? { limb: placement.limb } : {}),
    result: row,
    sizeAdjustment,
    holderSize: grapplingSize(attacker),
    roundGained: round,
    ...(grab?.roundDamage ? { roundDamage: grab.roundDamage } : {}),
  };
  // Damage of the hold applies at once; its effects from the next round.
  let damage: HoldDamage | null = null;
  if (result.damage) {
    const rolled = rollFormula(dice, result.damage, "holdDamage");
    const modifiers = holdDamageModifiers(s);
    const total = Math.max(0, rolled.total + (s.damageBonus ?? 0));
    damage = { dice: rolled.rolls, modifiers, split: grappleSplit(total, options) };
  }
  return { ...base, kind: "hold", breakRoll, hold, damage };
}

/** 000 §Grappling damage: half actual, half temporary. */
export function grappleSplit(total: number, options: D12Options): DamageSplit {
  return splitDamage(total, 1, 2, options.grappleActualRounding);
}
