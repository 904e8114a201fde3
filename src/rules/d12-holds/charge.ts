/**
 * 000 §The charging overbear attack: a charger tackles without stopping to grapple. The DR
 * strikes first; then a normal grappling roll and d12; a B, H or S result forces the DR's break
 * roll or it is overborne; a break roll missed by exactly one puts both down.
 */
import { neededFrom } from "../core/to-hit.ts";
import type { Dice, DieRoll } from "../core/dice.ts";
import { rollDie } from "../core/dice.ts";
import type { Situation, SpeedModifiers, ToHitRoll } from "./attack.ts";
import { commonModifiers, rollToHit, speedModifiers, targetAcFor } from "./attack.ts";
import type { HoldRoll } from "./grapple.ts";
import { grappleHitsAutomatically, grappleToHitModifiers, holdRowFor, holdSizeAdjustment } from "./grapple.ts";
import type { D12Options } from "./options.ts";
import type { D12Combatant, TargetAc } from "./profile.ts";
import { normalAc } from "./profile.ts";
import { CHARGING_OVERBEAR_PARTS } from "./tables.ts";

/**
 * The defender's first strike: reported by the table ("hit"/"miss"), not possible ("none"),
 * or rolled here ("roll": d20 against the charger's normal AC with the defender's Strength).
 */
export type FirstStrike = "none" | "hit" | "miss" | "roll";

export type ChargeResult =
  | { readonly kind: "stopped"; readonly firstStrike: FirstStrikeTrace }
  | { readonly kind: "miss"; readonly firstStrike: FirstStrikeTrace; readonly targetAc: TargetAc; readonly toHit: ToHitRoll; readonly speed: SpeedModifiers }
  | (ChargeHitBase & { readonly kind: "wrongHold" })
  | (ChargeHitBase & { readonly kind: "resisted"; readonly breakRoll: DieRoll })
  | (ChargeHitBase & { readonly kind: "overborne"; readonly breakRoll: DieRoll })
  | (ChargeHitBase & { readonly kind: "bothDown"; readonly breakRoll: DieRoll });

export type FirstStrikeTrace = { readonly kind: FirstStrike; readonly roll?: ToHitRoll };

interface ChargeHitBase {
  readonly firstStrike: FirstStrikeTrace;
  readonly targetAc: TargetAc;
  readonly toHit: ToHitRoll | null;
  readonly speed: SpeedModifiers;
  readonly holdRoll: HoldRoll;
}

export function resolveChargingOverbear(attacker: D12Combatant, defender: D12Combatant, s: Situation, firstStrike: FirstStrike, options: D12Options, dice: Dice): ChargeResult {
  let fs: FirstStrikeTrace = { kind: firstStrike };
  if (firstStrike === "roll") {
    const roll = rollToHit(dice, neededFrom(defender.toHit, normalAc(attacker)), commonModifiers(defender, {}), "firstStrike");
    fs = { kind: roll.hit ? "hit" : "miss", roll };
  }
  if (fs.kind === "hit") return { kind: "stopped", firstStrike: fs };
  const targetAc = targetAcFor(defender, "grapple", s, options);
  const speed = speedModifiers(attacker, defender);
  let toHit: ToHitRoll | null = null;
  if (!grappleHitsAutomatically(defender)) {
    toHit = rollToHit(dice, neededFrom(attacker.toHit, targetAc.ac), grappleToHitModifiers(attacker, defender, s, speed), "grappleToHit");
    if (!toHit.hit) return { kind: "miss", firstStrike: fs, targetAc, toHit, speed };
  }
  const die = rollDie(dice, 12, "holdRoll");
  const sizeAdjustment = holdSizeAdjustment(attacker, defender);
  const adjusted = die.face + sizeAdjustment;
  const { row, result } = holdRowFor(adjusted, defender);
  const base = { firstStrike: fs, targetAc, toHit, speed, holdRoll: { die, sizeAdjustment, adjusted, row, result } };
  if (result.kind !== "hold" || !CHARGING_OVERBEAR_PARTS.includes(result.part)) return { ...base, kind: "wrongHold" };
  // Reading (digest §5.10): the break roll is the immediate, unmodified one against the roll the
  // table read (the adjusted roll; 11 for a stranglehold on a creature with no windpipe).
  const breakRoll = rollDie(dice, 12, "immediateBreak");
  if (breakRoll.face >= row) return { ...base, kind: "resisted", breakRoll };
  if (breakRoll.face === row - 1) return { ...base, kind: "bothDown", breakRoll };
  return { ...base, kind: "overborne", breakRoll };
}

/**
 * 000 §The charging overbear attack: several chargers may tackle one defender, but no two from
 * the same direction and none from opposite ones. Directions are the eight compass points, 0-7.
 */
export function chargeDirectionsAllowed(directions: readonly number[]): { ok: true } | { ok: false; reason: "sameDirection" | "oppositeDirections" } {
  const seen = new Set<number>();
  for (const d of directions) {
    const dir = ((d % 8) + 8) % 8;
    if (seen.has(dir)) return { ok: false, reason: "sameDirection" };
    if (seen.has((dir + 4) % 8)) return { ok: false, reason: "oppositeDirections" };
    seen.add(dir);
  }
  return { ok: true };
}
