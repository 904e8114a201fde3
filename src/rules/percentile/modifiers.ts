/**
 * The two modifier lists of 004: the Chance to Grapple (or Overbear) that the attack d100 must
 * not exceed, and the Grapple (or Overbear) Result added to the result d100. The Variable is
 * rolled, so it is added by the procedures, not here.
 */
import { pctOver18 } from "../core/strength.ts";
import type { Strength } from "../core/strength.ts";
import { lookup } from "../core/table.ts";
import type { Modifier } from "../core/trace.ts";
import { mod, sumMods } from "../core/trace.ts";
import type { PercentileOptions } from "./options.ts";
import type { PercentileCombatant } from "./profile.ts";
import { acAdjustments, hasCondition, hitDiceForChance, isHelpless } from "./profile.ts";
import type { ResultModifierSpec } from "./tables.ts";
import {
  BASE_CHANCE_MULTIPLIER,
  CHANCE,
  GRAPPLE_RESULT_MODIFIERS,
  NO_ARMOR_AD,
  OVERBEAR_RESULT_MODIFIERS,
  TARGET_ARMOR_CHANCE,
} from "./tables.ts";

export type Mode = "grapple" | "overbear";

export interface BaseChance {
  /** The attacker's armor-only AD (10 with no armor) and the armor's magic. */
  readonly ad: number;
  readonly magic: number;
  readonly value: number;
}

/** 004 §Base Chance to Grapple: (AD + magic) x 10, or the DMG's AD x 10 + magic (option `baseChance`). */
export function baseChance(attacker: PercentileCombatant, options: PercentileOptions): BaseChance {
  const ad = attacker.armor?.ad ?? NO_ARMOR_AD;
  const magic = attacker.armor?.magic ?? 0;
  const value = options.baseChance === "adPlusMagicTimes10" ? (ad + magic) * BASE_CHANCE_MULTIPLIER : ad * BASE_CHANCE_MULTIPLIER + magic;
  return { ad, magic, value };
}

/** Full `step`s of `delta`, rounded toward zero. */
function fullSteps(delta: number, step: number): number {
  return Math.trunc(delta / step);
}

/**
 * Everything in the chance list except the base and the Variable: Dex, target armor, speed,
 * conditions, hit dice, AC adjustments, and (grapple only) slick or wet. Overbear uses the same
 * list without the slick/wet line (004 §Base Chance to Overbear).
 */
export function chanceModifiers(attacker: PercentileCombatant, target: PercentileCombatant, mode: Mode, options: PercentileOptions): Modifier[] {
  const mods: Modifier[] = [];
  mods.push(mod("WC.Mod.attackerDexScore", attacker.dexterity * CHANCE.attackerDexPerPoint, { dex: attacker.dexterity }));
  if (target.armor === null) {
    mods.push(mod("WC.Mod.targetNoArmor", CHANCE.targetNoArmor));
  } else {
    const ad = options.armorBandMagic === "improves" ? target.armor.ad - target.armor.magic : target.armor.ad;
    const v = lookup(TARGET_ARMOR_CHANCE, ad);
    if (v !== 0) mods.push(mod("WC.Mod.targetArmorBand", v, { ad }));
  }
  // Digest §7.3 reading: only whole 30-ft steps count, and only for a faster target unless the option says both ways.
  const steps = fullSteps(target.speed - attacker.speed, CHANCE.speedStep);
  if (steps > 0 || (steps < 0 && options.targetSpeed === "bothWays")) {
    mods.push(mod("WC.Mod.targetSpeed", steps * CHANCE.fasterTarget, { feet: target.speed - attacker.speed }));
  }
  if (hasCondition(target, "slowed") || hasCondition(target, "stunned")) mods.push(mod("WC.Mod.targetSlowedOrStunned", CHANCE.slowedOrStunned));
  if (hasCondition(target, "immobile")) mods.push(mod("WC.Mod.targetImmobile", CHANCE.immobile));
  if (hasCondition(target, "hasted")) mods.push(mod("WC.Mod.targetHasted", CHANCE.hasted));
  const hd = hitDiceForChance(target, options);
  if (hd !== 0) mods.push(mod("WC.Mod.targetHitDice", hd * CHANCE.perTargetHitDie, { hd }));
  const adj = acAdjustments(target);
  const count = options.acAdjustments === "perPoint" ? adj.reduce((s, a) => s + a.points, 0) : adj.reduce((s, a) => s + Math.sign(a.points), 0);
  if (count !== 0) mods.push(mod("WC.Mod.targetAcAdjustments", count * CHANCE.perAcAdjustment, { count, sources: adj.map((a) => a.source).join(",") }));
  if (mode === "grapple" && hasCondition(target, "slickOrWet")) mods.push(mod("WC.Mod.targetSlickOrWet", CHANCE.slickOrWet));
  return mods;
}

export interface ChanceTrace {
  readonly base: BaseChance;
  /** Every modifier after the base, including any Variable spent on the chance. */
  readonly modifiers: Modifier[];
  readonly chance: number;
}

export function chanceTrace(attacker: PercentileCombatant, target: PercentileCombatant, mode: Mode, options: PercentileOptions, variable: readonly Modifier[] = []): ChanceTrace {
  const base = baseChance(attacker, options);
  const modifiers = [...variable, ...chanceModifiers(attacker, target, mode, options)];
  return { base, modifiers, chance: base.value + sumMods(modifiers) };
}

/**
 * Whole steps of the attacker's value over the target's, as a share of the base the option
 * names (digest §7.4 reading: the target's value, truncated toward zero; positive when the
 * attacker is the larger).
 */
export function percentSteps(attackerValue: number, targetValue: number, stepPct: number, options: PercentileOptions): number {
  const base = options.percentBase === "target" ? targetValue : attackerValue;
  const steps = ((attackerValue - targetValue) * 100) / (base * stepPct);
  const whole = options.percentSteps === "truncate" ? Math.trunc(steps) : Math.sign(steps) * Math.round(Math.abs(steps));
  // No negative zero in results: JSON and equality checks treat it differently.
  return whole === 0 ? 0 : whole;
}

function strengthLines(s: Strength, cap: number): { score: number; tens: number } {
  return { score: Math.min(s.score, cap), tens: Math.floor(pctOver18(s) / 10) };
}

/** 004 §Grapple Result / §Overbear Result: everything added to the result d100 except the Variable. */
export function resultModifiers(attacker: PercentileCombatant, target: PercentileCombatant, mode: Mode, options: PercentileOptions): Modifier[] {
  const spec: ResultModifierSpec = mode === "grapple" ? GRAPPLE_RESULT_MODIFIERS : OVERBEAR_RESULT_MODIFIERS;
  const mods: Modifier[] = [];
  const hSteps = percentSteps(attacker.height, target.height, spec.percentStep, options);
  if (hSteps !== 0) {
    const prone = options.proneHalving === "eitherProne" ? hasCondition(attacker, "prone") || hasCondition(target, "prone") : hasCondition(target, "prone");
    const full = hSteps * spec.heightPerStep;
    // Halving rounds toward zero (digest §7.4 reading).
    const value = prone ? Math.trunc(full / 2) : full;
    // The difference with its unit (the profile's inches), from the attacker's side.
    const inches = Math.abs(attacker.height - target.height);
    if (value !== 0) mods.push(mod("WC.Mod.heightDifference", value, { steps: hSteps, halved: prone ? 1 : 0, inches, more: attacker.height >= target.height ? "WC.Diff.taller" : "WC.Diff.shorter" }));
  }
  const wSteps = percentSteps(attacker.weight, target.weight, spec.percentStep, options);
  // The difference with its unit (the profile's pounds), from the attacker's side.
  const pounds = Math.abs(attacker.weight - target.weight);
  if (wSteps !== 0) mods.push(mod("WC.Mod.weightDifference", wSteps * spec.weightPerStep, { steps: wSteps, pounds, more: attacker.weight >= target.weight ? "WC.Diff.heavier" : "WC.Diff.lighter" }));
  if (spec.attackerDexPerPoint !== 0) mods.push(mod("WC.Mod.attackerDexScore", attacker.dexterity * spec.attackerDexPerPoint, { dex: attacker.dexterity }));
  const aStr = strengthLines(attacker.strength, spec.attackerStrengthCap);
  mods.push(mod("WC.Mod.attackerStrengthScore", aStr.score, { score: aStr.score }));
  if (aStr.tens > 0) mods.push(mod("WC.Mod.attackerStrengthOver18", aStr.tens * spec.attackerPer10Over18, { tens: aStr.tens }));
  if (target.dexterity > spec.targetDexOver) {
    mods.push(mod("WC.Mod.targetDexterity", (target.dexterity - spec.targetDexOver) * spec.targetDexPerPoint, { dex: target.dexterity }));
  }
  const tStr = strengthLines(target.strength, 18);
  if (tStr.score > spec.targetStrengthOver) {
    mods.push(mod("WC.Mod.targetStrength", (tStr.score - spec.targetStrengthOver) * spec.targetStrengthPerPoint, { score: tStr.score }));
  }
  if (tStr.tens > 0) mods.push(mod("WC.Mod.targetStrengthOver18", tStr.tens * spec.targetPer10Over18, { tens: tStr.tens }));
  if (spec.targetArmorUnder !== null && target.armor !== null && target.armor.ad < spec.targetArmorUnder) {
    mods.push(mod("WC.Mod.targetHeavyArmor", spec.targetHeavyArmor, { ad: target.armor.ad }));
  }
  if (spec.helmet !== 0 && target.helmet) mods.push(mod("WC.Mod.targetHelmet", spec.helmet));
  if (spec.shield !== 0 && target.shield) mods.push(mod("WC.Mod.targetShield", spec.shield));
  const c = spec.conditions;
  if (c.slowed !== undefined && hasCondition(target, "slowed")) mods.push(mod("WC.Mod.targetSlowed", c.slowed));
  if (c.hindered !== undefined && hasCondition(target, "hindered")) mods.push(mod("WC.Mod.targetHindered", c.hindered));
  if (c.stunned !== undefined && hasCondition(target, "stunned")) mods.push(mod("WC.Mod.targetStunned", c.stunned));
  if (c.entangled !== undefined && hasCondition(target, "entangled")) mods.push(mod("WC.Mod.targetEntangled", c.entangled));
  if (c.helpless !== undefined && isHelpless(target)) mods.push(mod("WC.Mod.targetHelpless", c.helpless));
  return mods;
}
