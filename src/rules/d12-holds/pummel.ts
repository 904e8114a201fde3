/**
 * 000 §Pummeling: one attacker's pummel routine for a round against one defender.
 */
import { blowRoutine } from "../core/procedures.ts";
import type { Dice, DieRoll } from "../core/dice.ts";
import { rollFormula } from "../core/dice.ts";
import type { DamageSplit } from "../core/damage.ts";
import { splitDamage } from "../core/damage.ts";
import { sizeSteps } from "../core/size.ts";
import { lookup } from "../core/table.ts";
import type { Modifier } from "../core/trace.ts";
import { mod, sumMods } from "../core/trace.ts";
import type { Situation, ToHitRoll } from "./attack.ts";
import { attacksLostToHits, commonModifiers, rollToHit, specialModifiers, targetAcFor } from "./attack.ts";
import type { D12Options } from "./options.ts";
import type { D12Combatant, TargetAc } from "./profile.ts";
import { isMonk, normalAc, strengthMods } from "./profile.ts";
import { neededFrom } from "../core/to-hit.ts";
import type { Intelligence } from "./tables.ts";
import {
  INTELLIGENCE,
  MONSTER_SIZE_DAMAGE,
  PUMMEL_ARMOR_DAMAGE,
  PUMMEL_DAMAGE,
  PUMMEL_MIN_INTELLIGENCE,
  PUMMEL_NATURAL_AC_DAMAGE,
  PUMMEL_SIZE_MULTIPLIER,
  PUMMEL_UNDERWATER,
} from "./tables.ts";

export interface PummelDamage {
  readonly dice: DieRoll[];
  readonly modifiers: Modifier[];
  /** Dice plus modifiers, floored at the minimum (option), before the size multiplier. */
  readonly beforeMultiplier: number;
  readonly multiplier: number;
  readonly split: DamageSplit;
}

export type PummelAttack =
  | { readonly kind: "lost"; readonly index: number }
  | { readonly kind: "miss"; readonly index: number; readonly toHit: ToHitRoll }
  | { readonly kind: "hit"; readonly index: number; readonly toHit: ToHitRoll; readonly damage: PummelDamage };

export type PummelResult =
  | { readonly kind: "notAllowed"; readonly reason: "tooStupid" | "noPummelLimbs" | "noAttacks" }
  | {
      readonly kind: "routine";
      readonly targetAc: TargetAc;
      readonly needed: number;
      /** Pummel attacks this round, and the normal attacks (bites and such) the monster keeps. */
      readonly attackCount: number;
      readonly normalAttacksLeft: number;
      readonly lostToHits: number;
      readonly attacks: PummelAttack[];
      readonly hits: number;
      readonly total: DamageSplit;
    };

export function intelligenceAtLeast(i: Intelligence, floor: Intelligence): boolean {
  return INTELLIGENCE.indexOf(i) >= INTELLIGENCE.indexOf(floor);
}

/** 000 §Number of attacks: characters use their routine; monsters one per pummeling limb. */
export function pummelAttackCount(attacker: D12Combatant): { count: number; normalLeft: number } {
  if (attacker.kind === "character") return { count: attacker.attacksPerRound, normalLeft: 0 };
  const limbs = attacker.pummelLimbs ?? 0;
  return { count: limbs, normalLeft: attacker.attacksPerRound - limbs };
}

export function pummelEligibility(attacker: D12Combatant): PummelResult | null {
  if (attacker.kind === "monster" && !intelligenceAtLeast(attacker.intelligence, PUMMEL_MIN_INTELLIGENCE)) return { kind: "notAllowed", reason: "tooStupid" };
  const { count } = pummelAttackCount(attacker);
  if (count === 0) return { kind: "notAllowed", reason: attacker.kind === "monster" ? "noPummelLimbs" : "noAttacks" };
  return null;
}

/** 000 §AC adjustment: how much of the damage the defender's armor or hide soaks. */
export function acDamageAdjustment(defender: D12Combatant, options: D12Options): number {
  // 000 §General pummeling rules: a monk's normal AC counts for damage too.
  if (isMonk(defender)) return lookup(PUMMEL_NATURAL_AC_DAMAGE, normalAc(defender));
  const armorType = defender.armor.type === "studded" ? (options.studdedLeather === "leather" ? "leather" : "chain") : defender.armor.type;
  const armor = PUMMEL_ARMOR_DAMAGE[armorType];
  const natural = defender.naturalAc?.basis === "toughness" ? lookup(PUMMEL_NATURAL_AC_DAMAGE, defender.naturalAc.ac) : 0;
  // Hide and armor are not added: the better protection counts.
  return Math.min(armor, natural);
}

/** The modifiers on every pummel hit this attacker lands on this defender. */
export function pummelDamageModifiers(attacker: D12Combatant, defender: D12Combatant, s: Situation, options: D12Options): Modifier[] {
  const mods: Modifier[] = [];
  const str = strengthMods(attacker);
  if (str) {
    if (str.damage !== 0) mods.push(mod("WC.Mod.strengthDamage", str.damage));
  } else {
    const v = MONSTER_SIZE_DAMAGE[attacker.size];
    if (v !== 0) mods.push(mod("WC.Mod.monsterSizeDamage", v, { size: attacker.size }));
  }
  const ac = acDamageAdjustment(defender, options);
  if (ac !== 0) mods.push(mod("WC.Mod.acDamage", ac));
  if (attacker.pummelingWeapon) mods.push(mod("WC.Mod.pummelingWeapon", 1));
  if (isMonk(attacker)) mods.push(mod("WC.Mod.monkDamage", Math.floor(attacker.monkLevel / 2), { level: attacker.monkLevel }));
  if (s.underwater && !attacker.freeAction) mods.push(mod("WC.Mod.underwater", PUMMEL_UNDERWATER.damage));
  if (s.damageBonus) mods.push(mod("WC.Mod.spellDamage", s.damageBonus));
  return mods;
}

/** 000 §The size multiplier: only two or more size classes apart; applied last. */
export function pummelMultiplier(attacker: D12Combatant, defender: D12Combatant): number {
  const steps = Math.max(-3, Math.min(3, sizeSteps(attacker.size, defender.size)));
  return PUMMEL_SIZE_MULTIPLIER[String(steps) as keyof typeof PUMMEL_SIZE_MULTIPLIER];
}

/** Damage of one pummel hit from the rolled 1d6 total. */
export function pummelDamageFrom(rolled: number, modsTotal: number, multiplier: number, options: D12Options): { before: number; total: number } {
  const before = Math.max(options.pummelMinimumDamage, rolled + modsTotal);
  return { before, total: Math.floor(before * multiplier) };
}

export function pummelToHitModifiers(attacker: D12Combatant, defender: D12Combatant, s: Situation): Modifier[] {
  const mods = [...commonModifiers(attacker, s), ...specialModifiers(attacker, defender, s, "pummel")];
  if (s.underwater && !attacker.freeAction) mods.push(mod("WC.Mod.underwater", PUMMEL_UNDERWATER.toHit));
  return mods;
}

export function resolvePummel(attacker: D12Combatant, defender: D12Combatant, s: Situation, options: D12Options, dice: Dice): PummelResult {
  const refused = pummelEligibility(attacker);
  if (refused) return refused;
  const { count, normalLeft } = pummelAttackCount(attacker);
  const targetAc = targetAcFor(defender, "pummel", s, options);
  const need = neededFrom(attacker.toHit, targetAc.ac);
  const needed = need.needed;
  const toHitMods = pummelToHitModifiers(attacker, defender, s);
  const dmgMods = pummelDamageModifiers(attacker, defender, s, options);
  const dmgModTotal = sumMods(dmgMods);
  const multiplier = pummelMultiplier(attacker, defender);
  // 000: each damaging hit by the intended target makes one pummel attack miss.
  const lost = Math.min(count, attacksLostToHits(s, true));
  const strike = (n: number): PummelAttack => {
    const i = n + 1;
    if (i <= lost) return { kind: "lost", index: i };
    const toHit = rollToHit(dice, need, toHitMods, "pummelToHit");
    if (!toHit.hit) return { kind: "miss", index: i, toHit };
    const rolled = rollFormula(dice, PUMMEL_DAMAGE, "pummelDamage");
    const { before, total: dmg } = pummelDamageFrom(rolled.total, dmgModTotal, multiplier, options);
    // 000 §Damage: every fourth point is actual.
    const split = splitDamage(dmg, 1, 4, "floor");
    return { kind: "hit", index: i, toHit, damage: { dice: rolled.rolls, modifiers: dmgMods, beforeMultiplier: before, multiplier, split } };
  };
  const { attacks, hits, split: sum } = blowRoutine(count, strike, (a) => (a.kind === "hit" ? a.damage.split : null));
  const total = sum.total;
  const actual = sum.actual;
  return {
    kind: "routine",
    targetAc,
    needed,
    attackCount: count,
    normalAttacksLeft: normalLeft,
    lostToHits: lost,
    attacks,
    hits,
    total: options.pummelSplit === "perHit" ? { total, actual, temporary: total - actual } : splitDamage(total, 1, 4, "floor"),
  };
}

