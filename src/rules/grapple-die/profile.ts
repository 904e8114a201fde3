/**
 * The combatant profile for variant grapple-die: what 002 asks of a creature (normal AC and its
 * Dex and shield parts, attack roll, readied attack, size, height and weight, save vs Breath,
 * armor rating, Intelligence, proficiency) and the numbers derived from it.
 */
import type { DiceFormula } from "../core/dice.ts";
import type { IssueList } from "../core/errors.ts";
import { describeValue } from "../core/errors.ts";
import type { Size } from "../core/size.ts";
import { SIZES, sizeIndex } from "../core/size.ts";
import type { Strength } from "../core/strength.ts";
import { checkStrength, strengthMods } from "../core/strength.ts";
import type { ToHitSource } from "../core/to-hit.ts";
import { checkToHit, neededToHit } from "../core/to-hit.ts";
import { beginProfile, checkChoiceList } from "../core/validate.ts";
import type { GrappleDieOptions } from "./options.ts";
import type { ArmorType, DamageExpr, Intelligence } from "./tables.ts";
import { ARMOR_TYPES, BASE_ARMOR_RATING, INTELLIGENCE, LARGEST_STEPPED_DIE, MAN_SIZED, SHORT_WEAPON_FT } from "./tables.ts";

export const CONDITIONS = [
  "prone",
  "stunned",
  "unconscious",
  "surprised",
  /** Oiled, greased or otherwise slick: grapple dice against it suffer (digest §8.1). */
  "slick",
  /** Casting, holding a missile weapon or otherwise unable to make a melee attack now. */
  "cannotMelee",
  /** Paralysed, magically held or magically asleep (002 §Coup de Grâce; unconscious counts too). */
  "helpless",
] as const;
export type Condition = (typeof CONDITIONS)[number];

// The to-hit source and Strength bonuses are the host's, shared in the core.
export type { ToHitSource };
export { neededToHit, strengthMods };

/** The creature's primary or readied melee attack (002 §Immediate Attacks and Free Attacks). */
export interface ReadiedAttack {
  readonly kind: "weapon" | "natural";
  /** Weapon length in feet (natural weapons: the reach the DM assigns; 0 is fine). */
  readonly lengthFt: number;
  readonly damage: DiceFormula;
  readonly damageBonus: number;
  /** Magic and other bonuses of the weapon itself (Strength is separate). */
  readonly toHitBonus: number;
}

export interface GdCombatant {
  readonly id: string;
  readonly name?: string;
  /** Feet an attack of it that takes hold reaches (a reach weapon, a long limb); absent or 0: holds are taken beside it (the map's reach, not the rules'). */
  readonly holdReach?: number;
  /** Characters have a class (and its non-proficiency penalty); monsters are classless. */
  readonly kind: "character" | "monster";
  /** 002 §Striking to Subdue: subdual never applies to player characters. */
  readonly playerCharacter: boolean;
  readonly size: Size;
  readonly heightFt: number;
  readonly weightLb: number;
  /** Land speed in feet a round, for moving on the map (002 gives no rates; optional). */
  readonly speedFt?: number;
  readonly legs: number;
  readonly strength?: Strength;
  /** Level for characters, hit dice for monsters; `hitDicePlus` is the "+1" of 1+1 HD. */
  readonly hitDice: number;
  readonly hitDicePlus: number;
  readonly intelligence: Intelligence;
  /** Ordinary frontal AC (descending, 10 = none), Dex and shield included. */
  readonly ac: number;
  /** The Dex AC adjustment inside `ac`, as the Dex table prints it: -2 is 2 better. */
  readonly dexAcAdjustment: number;
  /** AC points the shield gives inside `ac` (0: no shield). */
  readonly shieldAc: number;
  readonly armor: { readonly type: ArmorType; readonly helm: boolean };
  /** The sheet's Base Armor Rating, overriding the project-default scale for the armor type. */
  readonly baseArmorRating?: number;
  /** Monsters with tough hide: the hide's rating on the same scale. */
  readonly hideRating?: number;
  /** The d20 needed to save vs Breath, and the Dex adjustment to Dexterity saves. */
  readonly saveVsBreath: number;
  readonly dexSaveAdjustment: number;
  readonly toHit: ToHitSource;
  /** null: unarmed (fists do not make a creature "armed", 002 §Defender Attacks). */
  readonly readiedAttack: ReadiedAttack | null;
  /** Has grappling as a special ability: no free attack against its grapple attempts. */
  readonly grappleAbility: boolean;
  /** Characters: "pummeling" taken as a proficiency, and the class non-proficiency penalty. */
  readonly pummelProficient: boolean;
  readonly nonProficiencyPenalty: number;
  readonly conditions: readonly Condition[];
}

export function hasCondition(c: GdCombatant, cond: Condition): boolean {
  return c.conditions.includes(cond);
}

/** "Armed" for 002's free and immediate attacks: a readied weapon or natural weapons. */
export function isArmed(c: GdCombatant): boolean {
  return c.readiedAttack !== null;
}

/** 002 §Defender Attacks: a held defender may strike only with a short weapon already in hand. */
export function hasShortWeapon(c: GdCombatant): boolean {
  return c.readiedAttack !== null && (c.readiedAttack.kind === "natural" || c.readiedAttack.lengthFt <= SHORT_WEAPON_FT);
}

export function intelligenceAtLeast(i: Intelligence, floor: Intelligence): boolean {
  return INTELLIGENCE.indexOf(i) >= INTELLIGENCE.indexOf(floor);
}

/** The Base Armor Rating of worn armor: the sheet's, else the project-default scale. */
export function baseArmorRating(c: GdCombatant): number {
  return c.baseArmorRating ?? BASE_ARMOR_RATING.ratings[c.armor.type];
}

/** Size classes above man-sized (S and M are 0). */
export function stepsAboveManSized(size: Size): number {
  return Math.max(0, sizeIndex(size) - sizeIndex(MAN_SIZED));
}

/**
 * One size step up of a damage expression, after 002's pummel ladder 1d2 -> 1d4 -> 1d8: the die
 * doubles, and once it would pass a d12 the number of dice doubles instead; flat points double.
 */
export function stepUpDamage(e: DamageExpr, steps: number): DamageExpr {
  let dice = e.dice;
  let flat = e.flat;
  for (let i = 0; i < steps; i++) {
    if (dice) dice = dice.sides * 2 <= LARGEST_STEPPED_DIE ? { count: dice.count, sides: dice.sides * 2 } : { count: dice.count * 2, sides: dice.sides };
    flat *= 2;
  }
  return { dice, flat };
}

/** "Over 1 hit dice" for classless creatures (002 §Pummel). */
export function overOneHitDie(c: GdCombatant, options: GrappleDieOptions): boolean {
  return c.hitDice > 1 || (options.hdPlusCountsAsOver && c.hitDice === 1 && c.hitDicePlus > 0);
}

const SIZE_LIST: readonly Size[] = SIZES;

export function num(issues: IssueList, path: string, v: unknown, min: number, max: number): boolean {
  if (typeof v !== "number" || !Number.isFinite(v)) {
    issues.add(path, "notNumber", { got: describeValue(v) });
    return false;
  }
  if (v < min || v > max) {
    issues.add(path, "outOfRange", { min, max, got: v });
    return false;
  }
  return true;
}

function formula(issues: IssueList, path: string, v: unknown): void {
  if (!issues.object(path, v)) return;
  const f = v as Record<string, unknown>;
  issues.int(`${path}.count`, f.count, 0, 20);
  issues.int(`${path}.sides`, f.sides, 1, 100);
}

/** Checks a profile; every problem is listed with its path. Throws RulesInputError if any. */
export function validateCombatant(v: unknown, path: string): GdCombatant {
  const { issues, c, p } = beginProfile(v, path);
  issues.oneOf(p("kind"), c.kind, ["character", "monster"] as const);
  issues.bool(p("playerCharacter"), c.playerCharacter);
  issues.oneOf(p("size"), c.size, SIZE_LIST);
  num(issues, p("heightFt"), c.heightFt, 0.01, 1000);
  num(issues, p("weightLb"), c.weightLb, 0.01, 10000000);
  if (c.speedFt !== undefined) issues.int(p("speedFt"), c.speedFt, 0, 1000);
  issues.int(p("legs"), c.legs, 0, 100);
  if (c.strength !== undefined) checkStrength(issues, p("strength"), c.strength);
  issues.int(p("hitDice"), c.hitDice, 0, 100);
  issues.int(p("hitDicePlus"), c.hitDicePlus, -10, 100);
  issues.oneOf(p("intelligence"), c.intelligence, INTELLIGENCE);
  issues.int(p("ac"), c.ac, -20, 10);
  issues.int(p("dexAcAdjustment"), c.dexAcAdjustment, -6, 6);
  issues.int(p("shieldAc"), c.shieldAc, 0, 10);
  if (issues.object(p("armor"), c.armor)) {
    const a = c.armor as Record<string, unknown>;
    issues.oneOf(p("armor.type"), a.type, ARMOR_TYPES);
    issues.bool(p("armor.helm"), a.helm);
  }
  if (c.baseArmorRating !== undefined) issues.int(p("baseArmorRating"), c.baseArmorRating, -20, 20);
  if (c.hideRating !== undefined) issues.int(p("hideRating"), c.hideRating, -20, 20);
  issues.int(p("saveVsBreath"), c.saveVsBreath, 1, 30);
  issues.int(p("dexSaveAdjustment"), c.dexSaveAdjustment, -6, 6);
  checkToHit(issues, p("toHit"), c.toHit);
  if (c.readiedAttack !== null && issues.object(p("readiedAttack"), c.readiedAttack)) {
    const r = c.readiedAttack as Record<string, unknown>;
    issues.oneOf(p("readiedAttack.kind"), r.kind, ["weapon", "natural"] as const);
    num(issues, p("readiedAttack.lengthFt"), r.lengthFt, 0, 100);
    formula(issues, p("readiedAttack.damage"), r.damage);
    issues.int(p("readiedAttack.damageBonus"), r.damageBonus, -20, 50);
    issues.int(p("readiedAttack.toHitBonus"), r.toHitBonus, -20, 20);
  }
  issues.bool(p("grappleAbility"), c.grappleAbility);
  issues.bool(p("pummelProficient"), c.pummelProficient);
  issues.int(p("nonProficiencyPenalty"), c.nonProficiencyPenalty, -10, 0);
  checkChoiceList(issues, p("conditions"), c.conditions, CONDITIONS);
  issues.throwIfAny();
  return v as GdCombatant;
}

/** A complete profile with ordinary values (an unarmored man, unarmed), for callers and tests. */
export function defaultCombatant(id: string, over: Partial<GdCombatant> = {}): GdCombatant {
  return {
    id,
    kind: "character",
    playerCharacter: false,
    size: "M",
    heightFt: 6,
    weightLb: 180,
    legs: 2,
    hitDice: 1,
    hitDicePlus: 0,
    intelligence: "average",
    ac: 10,
    dexAcAdjustment: 0,
    shieldAc: 0,
    armor: { type: "none", helm: false },
    saveVsBreath: 17,
    dexSaveAdjustment: 0,
    toHit: { kind: "thac0", thac0: 20 },
    readiedAttack: null,
    grappleAbility: false,
    pummelProficient: false,
    nonProficiencyPenalty: -2,
    conditions: [],
    holdReach: 0,
    ...over,
  };
}
