/**
 * 002 §Overbear or Rush: at the end of a charge, against a target not too tall or heavy; the
 * defender's immediate attack, the to-hit with the charge bonus, the Dexterity save vs Breath
 * with its size, shield and terrain modifiers, and the attacker's choice of prone or push.
 */
import { neededFrom } from "../core/to-hit.ts";
import type { Dice, DieRoll } from "../core/dice.ts";
import { rollDie } from "../core/dice.ts";
import { sizeSteps } from "../core/size.ts";
import type { Modifier } from "../core/trace.ts";
import { mod, sumMods } from "../core/trace.ts";
import type { Strike, StrikeInput, ToHitRoll } from "./attack.ts";
import { bonusMod, resolveStrike, rollToHit, strengthToHit, strikeWith } from "./attack.ts";
import type { Hold, TargetAc } from "./holds.ts";
import { targetAc } from "./holds.ts";
import type { GrappleDieOptions } from "./options.ts";
import type { GdCombatant } from "./profile.ts";
import { OVERBEAR_LIMITS, OVERBEAR_SAVE, PUSH, TIMING } from "./tables.ts";

export interface OverbearSituation {
  readonly holds?: readonly Hold[];
  readonly sizeExempt?: readonly string[];
  /** Magic and other to-hit bonuses (the charge bonus and Strength are added by the core). */
  readonly toHitBonus?: number;
  /** The DM's terrain modifier to the save: slippery footing, a narrow ledge (-1 to -4). */
  readonly terrain?: number;
  /** Any other save modifier the DM rules. */
  readonly saveBonus?: number;
  /** The attacker's choice on success (002 §Overbear: knock prone or push). Default prone. */
  readonly effect?: "prone" | "push";
}

export interface OverbearLimits {
  readonly allowed: boolean;
  /** Which limits the defender passes: 5+ ft taller, double the weight or more, four+ legs. */
  readonly exceeded: ReadonlyArray<"tooTall" | "tooHeavy" | "manyLegs">;
  readonly tallerFt: number;
  readonly weightRatio: number;
}

/** 002 §Overbear or Rush: only a target under 5 ft taller and under double the weight (option). */
export function overbearLimits(attacker: GdCombatant, defender: GdCombatant, options: GrappleDieOptions): OverbearLimits {
  const tallerFt = defender.heightFt - attacker.heightFt;
  const weightRatio = defender.weightLb / attacker.weightLb;
  const exceeded: Array<"tooTall" | "tooHeavy" | "manyLegs"> = [];
  if (tallerFt >= OVERBEAR_LIMITS.tallerFt) exceeded.push("tooTall");
  if (weightRatio >= OVERBEAR_LIMITS.weightRatio) exceeded.push("tooHeavy");
  const sizeFails = options.overbearLimits === "both" ? exceeded.length > 0 : exceeded.length === 2;
  const legs = options.manyLeggedImmune && defender.legs >= OVERBEAR_LIMITS.manyLegs;
  if (legs) exceeded.push("manyLegs");
  return { allowed: !sizeFails && !legs, exceeded, tallerFt, weightRatio };
}

/** The charger's AC against the immediate attack (option `chargerAc`, OSRIC's charge rule). */
export function chargerAc(attacker: GdCombatant, options: GrappleDieOptions): { ac: number; modifiers: Modifier[] } {
  if (options.chargerAc === "none") return { ac: attacker.ac, modifiers: [] };
  const m = attacker.dexAcAdjustment < 0 ? mod("WC.Mod.chargerNoDex", -attacker.dexAcAdjustment) : mod("WC.Mod.chargerAc", 1);
  return { ac: attacker.ac + m.value, modifiers: [m] };
}

export function overbearToHitModifiers(attacker: GdCombatant, ac: TargetAc, s: OverbearSituation, options: GrappleDieOptions): Modifier[] {
  return [
    ...bonusMod("WC.Mod.chargeBonus", options.chargeBonus),
    ...strengthToHit(attacker),
    ...bonusMod("WC.Mod.situationToHit", s.toHitBonus),
    ...ac.toHitModifiers,
  ];
}

/** 002 §Overbear/Rush Save Modifiers, with the digest's per-step defaults. */
export function overbearSaveModifiers(attacker: GdCombatant, defender: GdCombatant, s: OverbearSituation, options: GrappleDieOptions): Modifier[] {
  const mods: Modifier[] = [];
  if (defender.dexSaveAdjustment !== 0) mods.push(mod("WC.Mod.dexSave", defender.dexSaveAdjustment));
  const steps = sizeSteps(attacker.size, defender.size);
  if (steps > 0 && options.saveAttackerLargerPerStep !== 0) {
    mods.push(mod("WC.Mod.attackerLarger", Math.max(OVERBEAR_SAVE.attackerLargerMax, -steps * options.saveAttackerLargerPerStep), { steps }));
  }
  if (steps < 0 && options.saveDefenderLargerPerStep !== 0) {
    mods.push(mod("WC.Mod.defenderLarger", Math.min(OVERBEAR_SAVE.defenderLargerMax, -steps * options.saveDefenderLargerPerStep), { steps: -steps }));
  }
  if (defender.shieldAc > 0) mods.push(mod("WC.Mod.shieldSave", OVERBEAR_SAVE.shield));
  mods.push(...bonusMod("WC.Mod.terrain", s.terrain), ...bonusMod("WC.Mod.circumstance", s.saveBonus));
  return mods;
}

/** 002 §Pushed: 5 ft plus 5 ft for every full 5 by which the attack beat the roll needed (T002-05). */
export function pushFeet(total: number, needed: number): number {
  return PUSH.baseFt + PUSH.stepFt * Math.floor(Math.max(0, total - needed) / PUSH.per);
}

export interface SaveRoll {
  readonly needed: number;
  readonly die: DieRoll;
  readonly modifiers: Modifier[];
  readonly total: number;
  readonly saved: boolean;
}

/** The stun a natural 20 on the overbear attack adds (option `overbearStunNeedsFailedSave`). */
export function overbearStun(toHit: { die: { face: number } }, saved: boolean, options: GrappleDieOptions): number {
  if (toHit.die.face !== 20) return 0;
  return saved && options.overbearStunNeedsFailedSave ? 0 : TIMING.stunSegments;
}

interface Charged {
  readonly limits: OverbearLimits;
  readonly immediateAttack: Strike;
}

interface Hit extends Charged {
  readonly targetAc: TargetAc;
  readonly toHit: ToHitRoll;
  readonly save: SaveRoll;
  /** Segments the defender is stunned (a natural 20): 0 or 10. */
  readonly stunSegments: number;
  readonly pushFeet: number;
}

export type OverbearResult =
  | { readonly kind: "notAllowed"; readonly limits: OverbearLimits }
  | (Charged & { readonly kind: "stopped" })
  | (Charged & { readonly kind: "miss"; readonly targetAc: TargetAc; readonly toHit: ToHitRoll })
  | (Hit & { readonly kind: "saved" })
  | (Hit & { readonly kind: "overborne"; readonly effect: { readonly kind: "prone" } | { readonly kind: "pushed"; readonly feet: number } });

/** The defender's immediate attack at the charger (002 §Overbear Procedure step 3). */
export function immediateAttack(attacker: GdCombatant, defender: GdCombatant, holds: readonly Hold[], input: StrikeInput | undefined, options: GrappleDieOptions, dice: Dice): Strike {
  const attack = strikeWith(defender, attacker, holds);
  if (typeof attack === "string") return { kind: "none", reason: attack };
  return resolveStrike(defender, attack, chargerAc(attacker, options).ac, input ?? { kind: "roll" }, "immediateAttack", options, dice);
}

export function resolveOverbear(attacker: GdCombatant, defender: GdCombatant, s: OverbearSituation, strike: StrikeInput | undefined, options: GrappleDieOptions, dice: Dice): OverbearResult {
  const limits = overbearLimits(attacker, defender, options);
  if (!limits.allowed) return { kind: "notAllowed", limits };
  const ia = immediateAttack(attacker, defender, s.holds ?? [], strike, options, dice);
  if (ia.kind !== "none" && ia.stops) return { kind: "stopped", limits, immediateAttack: ia };
  const ac = targetAc(defender, s.holds ?? [], options, s.sizeExempt);
  const toHit = rollToHit(dice, neededFrom(attacker.toHit, ac.ac), overbearToHitModifiers(attacker, ac, s, options), "overbearToHit", options);
  if (!toHit.hit) return { kind: "miss", limits, immediateAttack: ia, targetAc: ac, toHit };
  const modifiers = overbearSaveModifiers(attacker, defender, s, options);
  const die = rollDie(dice, 20, "overbearSave");
  const total = die.face + sumMods(modifiers);
  const save: SaveRoll = { needed: defender.saveVsBreath, die, modifiers, total, saved: total >= defender.saveVsBreath };
  const feet = pushFeet(toHit.total, toHit.needed);
  const hit = { limits, immediateAttack: ia, targetAc: ac, toHit, save, stunSegments: overbearStun(toHit, save.saved, options), pushFeet: feet };
  if (save.saved) return { ...hit, kind: "saved" };
  return { ...hit, kind: "overborne", effect: s.effect === "push" ? { kind: "pushed", feet } : { kind: "prone" } };
}
