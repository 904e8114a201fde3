/**
 * 002 §Pummel: who may pummel (Intelligence above semi-), who is immune (plate-type armor with a
 * helm, or tough hide: Base Armor Rating 4 or better), the to-hit with proficiency, Strength and
 * the fist's weapon-vs-armor entry, the natural-20 stun, and 1d2 damage stepping up with size.
 */
import { neededFrom } from "../core/to-hit.ts";
import type { DamageSplit } from "../core/damage.ts";
import type { Dice } from "../core/dice.ts";
import { strengthDamage } from "../core/strength.ts";
import type { Modifier } from "../core/trace.ts";
import { mod } from "../core/trace.ts";
import type { DamageRoll, ToHitRoll } from "./attack.ts";
import { bonusMod, damageSplit, rollDamage, rollToHit, strengthToHit, strikeDamageModifiers, strikeToHitModifiers } from "./attack.ts";
import type { Hold, TargetAc } from "./holds.ts";
import { targetAc } from "./holds.ts";
import type { GrappleDieOptions } from "./options.ts";
import type { GdCombatant } from "./profile.ts";
import { baseArmorRating, intelligenceAtLeast, overOneHitDie, stepUpDamage, stepsAboveManSized } from "./profile.ts";
import type { DamageExpr } from "./tables.ts";
import { CLASSLESS_PUMMEL_PENALTY, FIST_VS_ARMOR, PUMMEL_DAMAGE, PUMMEL_MIN_INTELLIGENCE, TIMING } from "./tables.ts";

export interface PummelSituation {
  readonly holds?: readonly Hold[];
  readonly sizeExempt?: readonly string[];
  readonly toHitBonus?: number;
  readonly damageBonus?: number;
  /** The GM's "fist" entry of the Weapon Type vs. Armor Rating table (002 does not print it). */
  readonly weaponVsArmor?: number;
}

export interface PummelImmunity {
  readonly immune: boolean;
  readonly armorRating: number;
  readonly byArmor: boolean;
  readonly byHide: boolean;
}

/** 002 §Armored Creatures (T002-06). */
export function pummelImmunity(defender: GdCombatant, options: GrappleDieOptions): PummelImmunity {
  const armorRating = baseArmorRating(defender);
  const byArmor = armorRating <= options.pummelImmuneRating && (defender.armor.helm || !options.pummelImmunityNeedsHelm);
  const byHide = defender.hideRating !== undefined && defender.hideRating <= options.pummelImmuneRating;
  return { immune: byArmor || byHide, armorRating, byArmor, byHide };
}

/** The proficiency modifier on a pummel (002 §Pummel), or null for none. */
export function pummelProficiency(attacker: GdCombatant, options: GrappleDieOptions): Modifier | null {
  if (attacker.kind === "character") {
    if (attacker.pummelProficient) return null;
    if (options.pummelOtherwisePenalty === "everyoneElse") return mod("WC.Mod.pummelNonProficient", CLASSLESS_PUMMEL_PENALTY);
    return attacker.nonProficiencyPenalty !== 0 ? mod("WC.Mod.classNonProficient", attacker.nonProficiencyPenalty) : null;
  }
  if (overOneHitDie(attacker, options)) return null;
  return mod("WC.Mod.pummelNonProficient", CLASSLESS_PUMMEL_PENALTY);
}

export function pummelToHitModifiers(attacker: GdCombatant, ac: TargetAc, s: PummelSituation, options: GrappleDieOptions): Modifier[] {
  const prof = pummelProficiency(attacker, options);
  return [
    ...(prof ? [prof] : []),
    ...strengthToHit(attacker),
    ...bonusMod("WC.Mod.weaponVsArmor", s.weaponVsArmor ?? FIST_VS_ARMOR.value),
    ...bonusMod("WC.Mod.situationToHit", s.toHitBonus),
    ...ac.toHitModifiers,
  ];
}

/** 1d2 for a man-sized (or smaller) pummeler, a step up per size class above. */
export function pummelDamageExpr(attacker: GdCombatant): DamageExpr {
  return stepUpDamage(PUMMEL_DAMAGE, stepsAboveManSized(attacker.size));
}

export function pummelDamageModifiers(attacker: GdCombatant, s: PummelSituation): Modifier[] {
  return [...strengthDamage(attacker), ...bonusMod("WC.Mod.situationDamage", s.damageBonus)];
}

export type PummelRefusal = "tooStupid" | "armored";

export function pummelRefusal(attacker: GdCombatant, defender: GdCombatant, options: GrappleDieOptions): PummelRefusal | null {
  if (!intelligenceAtLeast(attacker.intelligence, PUMMEL_MIN_INTELLIGENCE)) return "tooStupid";
  if (pummelImmunity(defender, options).immune) return "armored";
  return null;
}

export type PummelResult =
  | { readonly kind: "notAllowed"; readonly reason: PummelRefusal; readonly immunity: PummelImmunity }
  | { readonly kind: "miss"; readonly targetAc: TargetAc; readonly toHit: ToHitRoll }
  | {
      readonly kind: "hit";
      readonly targetAc: TargetAc;
      readonly toHit: ToHitRoll;
      readonly damage: DamageRoll;
      readonly split: DamageSplit;
      /** 10 on a natural 20, else 0. */
      readonly stunSegments: number;
    };

export function resolvePummel(attacker: GdCombatant, defender: GdCombatant, s: PummelSituation, options: GrappleDieOptions, dice: Dice): PummelResult {
  const refused = pummelRefusal(attacker, defender, options);
  if (refused) return { kind: "notAllowed", reason: refused, immunity: pummelImmunity(defender, options) };
  const ac = targetAc(defender, s.holds ?? [], options, s.sizeExempt);
  const toHit = rollToHit(dice, neededFrom(attacker.toHit, ac.ac), pummelToHitModifiers(attacker, ac, s, options), "pummelToHit", options);
  if (!toHit.hit) return { kind: "miss", targetAc: ac, toHit };
  const damage = rollDamage(dice, pummelDamageExpr(attacker), pummelDamageModifiers(attacker, s), "pummelDamage");
  return {
    kind: "hit",
    targetAc: ac,
    toHit,
    damage,
    split: damageSplit(damage.total, options.pummelDamage, defender, options),
    stunSegments: toHit.die.face === 20 ? TIMING.stunSegments : 0,
  };
}

// ---------------------------------------------------------------------------------------------
export interface SubdueSituation {
  readonly holds?: readonly Hold[];
  readonly sizeExempt?: readonly string[];
  readonly toHitBonus?: number;
  readonly damageBonus?: number;
}

export type SubdueResult =
  | { readonly kind: "notAllowed"; readonly reason: "playerCharacter" | "unarmed" }
  | { readonly kind: "miss"; readonly targetAc: TargetAc; readonly toHit: ToHitRoll }
  | { readonly kind: "hit"; readonly targetAc: TargetAc; readonly toHit: ToHitRoll; readonly damage: DamageRoll; readonly split: DamageSplit };

/** An ordinary weapon attack's to-hit: Strength, the weapon's own bonus, the table's, a grappled target. */
export function subdueToHitModifiers(attacker: GdCombatant, ac: TargetAc, s: SubdueSituation): Modifier[] {
  return [...strikeToHitModifiers(attacker), ...bonusMod("WC.Mod.situationToHit", s.toHitBonus), ...ac.toHitModifiers];
}

export function subdueDamageModifiers(attacker: GdCombatant, s: SubdueSituation): Modifier[] {
  return [...strikeDamageModifiers(attacker), ...bonusMod("WC.Mod.situationDamage", s.damageBonus)];
}

/**
 * 002 §Striking to Subdue: an ordinary attack with the flat or haft of the weapon, its damage 75%
 * temporary and 25% real. Never against player characters.
 */
export function resolveSubdue(attacker: GdCombatant, defender: GdCombatant, s: SubdueSituation, options: GrappleDieOptions, dice: Dice): SubdueResult {
  if (defender.playerCharacter) return { kind: "notAllowed", reason: "playerCharacter" };
  const weapon = attacker.readiedAttack;
  if (weapon === null) return { kind: "notAllowed", reason: "unarmed" };
  const ac = targetAc(defender, s.holds ?? [], options, s.sizeExempt);
  const toHit = rollToHit(dice, neededFrom(attacker.toHit, ac.ac), subdueToHitModifiers(attacker, ac, s), "subdueToHit", options);
  if (!toHit.hit) return { kind: "miss", targetAc: ac, toHit };
  const damage = rollDamage(dice, { dice: weapon.damage, flat: 0 }, subdueDamageModifiers(attacker, s), "subdueDamage");
  return { kind: "hit", targetAc: ac, toHit, damage, split: damageSplit(damage.total, "subdual", defender, options) };
}
