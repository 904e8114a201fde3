/**
 * Attack rolls shared by the grapple-die actions: the d20 to hit, the defender's free or
 * immediate strike with its readied attack (002 §Free Attack, §Overbear Procedure step 3), damage
 * rolls, and the split of damage into real and temporary points.
 */
import type { DamageSplit } from "../core/damage.ts";
import { splitDamage } from "../core/damage.ts";
import type { Dice, DieRoll } from "../core/dice.ts";
import { rollFormula } from "../core/dice.ts";
import { strengthDamage, strengthToHit } from "../core/strength.ts";
import type { NeededFrom, ToHitRoll } from "../core/to-hit.ts";
import { neededFrom, rollToHit as rollD20 } from "../core/to-hit.ts";
import type { Modifier } from "../core/trace.ts";
import { mod, sumMods } from "../core/trace.ts";
import type { Hold } from "./holds.ts";
import type { GrappleDieOptions } from "./options.ts";
import type { Condition, GdCombatant, ReadiedAttack } from "./profile.ts";
import { hasCondition, hasShortWeapon } from "./profile.ts";
import type { DamageExpr } from "./tables.ts";

export type { ToHitRoll };
export { strengthToHit };

export function isHit(face: number, total: number, needed: number, options: GrappleDieOptions): boolean {
  return total >= needed || (options.natural20AlwaysHits && face === 20);
}

export function rollToHit(dice: Dice, need: number | NeededFrom, modifiers: Modifier[], purpose: string, options: GrappleDieOptions): ToHitRoll {
  const needed = typeof need === "number" ? need : need.needed;
  return rollD20(dice, need, modifiers, purpose, (face, total) => isHit(face, total, needed, options));
}

/** Exact chance to hit, face by face (so a natural-20 option is counted right). */
export function pHit(needed: number, bonus: number, options: GrappleDieOptions): number {
  let n = 0;
  for (let f = 1; f <= 20; f++) if (isHit(f, f + bonus, needed, options)) n++;
  return n / 20;
}

export function bonusMod(key: string, v: number | undefined): Modifier[] {
  return v ? [mod(key, v)] : [];
}

export interface DamageRoll {
  readonly dice: DieRoll[];
  readonly flat: number;
  readonly modifiers: Modifier[];
  /** Dice + flat + modifiers, never below 0. */
  readonly total: number;
}

export function rollDamage(dice: Dice, e: DamageExpr, modifiers: Modifier[], purpose: string): DamageRoll {
  const rolled = e.dice ? rollFormula(dice, e.dice, purpose) : { rolls: [], total: 0 };
  return { dice: rolled.rolls, flat: e.flat, modifiers, total: Math.max(0, rolled.total + e.flat + sumMods(modifiers)) };
}

/**
 * Real and temporary points of a blow. 002 §Striking to Subdue: subdual damage is 75% temporary
 * and 25% real, and it never applies to player characters, who take it all as real.
 */
export function damageSplit(total: number, kind: "normal" | "subdual", target: GdCombatant, options: GrappleDieOptions): DamageSplit {
  if (kind === "subdual" && !target.playerCharacter) return splitDamage(total, 1, 4, options.subdualActualRounding);
  return { total: Math.max(0, total), actual: Math.max(0, total), temporary: 0 };
}

/**
 * The defender's free or immediate strike: "roll" lets the core roll it with the readied attack;
 * "reported" takes what the table rolled.
 */
export type StrikeInput = { readonly kind: "roll" } | { readonly kind: "reported"; readonly hit: boolean; readonly damage: number } | { readonly kind: "spent" };

/**
 * `spent`: the defender already had its free attack routine against this opponent this round
 * (002 §Free Attack: only one per opponent per round). `longWeapon`: the striker is held by the
 * one it would strike and has no short weapon or natural weapons to do it with.
 */
export type StrikeNone = "unarmed" | "surprised" | "grappleAbility" | "cannotMelee" | "longWeapon" | "counterGrapple" | "spent";

export type Strike =
  | { readonly kind: "none"; readonly reason: StrikeNone }
  | { readonly kind: "reported"; readonly hit: boolean; readonly damage: number; readonly stops: boolean }
  | { readonly kind: "rolled"; readonly toHit: ToHitRoll; readonly damage: DamageRoll | null; readonly stops: boolean };

/** Conditions that leave a creature unable to make a melee attack (002 §Immediate Attacks and Free Attacks). */
const NO_MELEE: readonly Condition[] = ["cannotMelee", "unconscious", "stunned", "helpless"];

/**
 * The attack the striker strikes `target` with, or why it gets no strike. 002 §Immediate Attacks
 * and Free Attacks: a creature that cannot strike in melee just then, whatever the cause, takes
 * neither (casting, stunned, unconscious, or helpless: paralysed, magically held or asleep). 002 §Defender Attacks:
 * a creature held by `target` strikes it only with a short weapon in hand, or natural weapons.
 */
export function strikeWith(striker: GdCombatant, target: GdCombatant, holds: readonly Hold[]): ReadiedAttack | StrikeNone {
  if (striker.readiedAttack === null) return "unarmed";
  if (NO_MELEE.some((c) => hasCondition(striker, c))) return "cannotMelee";
  if (holds.some((h) => h.holderId === target.id && h.heldId === striker.id) && !hasShortWeapon(striker)) return "longWeapon";
  return striker.readiedAttack;
}

export function strikeToHitModifiers(striker: GdCombatant): Modifier[] {
  return [...strengthToHit(striker), ...bonusMod("WC.Mod.weaponToHit", striker.readiedAttack?.toHitBonus)];
}

export function strikeDamageModifiers(striker: GdCombatant): Modifier[] {
  return [...strengthDamage(striker), ...bonusMod("WC.Mod.weaponDamage", striker.readiedAttack?.damageBonus)];
}

/**
 * One strike by `striker` against a target whose AC is `ac`; it stops the attempt when it hits
 * and deals at least one point (002: a hit for no damage does not).
 */
export function resolveStrike(
  striker: GdCombatant,
  attack: ReadiedAttack,
  ac: number,
  input: StrikeInput,
  purpose: string,
  options: GrappleDieOptions,
  dice: Dice,
): Strike {
  if (input.kind === "spent") return { kind: "none", reason: "spent" };
  if (input.kind === "reported") return { kind: "reported", hit: input.hit, damage: input.damage, stops: input.hit && input.damage >= 1 };
  const toHit = rollToHit(dice, neededFrom(striker.toHit, ac), strikeToHitModifiers(striker), `${purpose}ToHit`, options);
  if (!toHit.hit) return { kind: "rolled", toHit, damage: null, stops: false };
  const damage = rollDamage(dice, { dice: attack.damage, flat: 0 }, strikeDamageModifiers(striker), `${purpose}Damage`);
  return { kind: "rolled", toHit, damage, stops: damage.total >= 1 };
}
