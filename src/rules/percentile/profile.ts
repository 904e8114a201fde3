/**
 * The combatant profile for variant percentile: what 004 asks of a creature (digest §7.1), kept
 * in the pieces its modifier lists read separately: armor-only AD and its magic, the other AC
 * adjustments, scores, height, weight, speed, class or hit dice.
 */
import type { Size } from "../core/size.ts";
import { SIZES } from "../core/size.ts";
import type { Strength } from "../core/strength.ts";
import { checkStrength } from "../core/strength.ts";
import { beginProfile, checkChoiceList } from "../core/validate.ts";
import type { PercentileOptions } from "./options.ts";
import type { ClassGroup } from "./tables.ts";
import { CLASS_GROUPS } from "./tables.ts";

export const CONDITIONS = [
  "slowed",
  "stunned",
  "immobile",
  "hasted",
  "slickOrWet",
  "helpless",
  "hindered",
  "entangled",
  "prone",
  "blind",
  "surprised",
  "casting", // casting a spell or otherwise concentrating
  "pinned",
  "grappled",
  "unconscious",
] as const;
export type Condition = (typeof CONDITIONS)[number];

/** 004 §Special Abilities: Grab, Hug and Constrict grapple on a hit; Trample overbears. */
export const SPECIAL_ABILITIES = ["grab", "hug", "constrict", "trample"] as const;
export type SpecialAbility = (typeof SPECIAL_ABILITIES)[number];
export type GrappleAbility = Exclude<SpecialAbility, "trample">;

export interface HitDice {
  /** Whole hit dice (0 for creatures of less than one die). */
  readonly dice: number;
  /** The hit-point adjustment written after the dice: -1 for 1-1, +2 for 3+2. */
  readonly adjustment: number;
}

export interface ClassLevel {
  readonly group: ClassGroup;
  readonly level: number;
}

/** A character's classes, the first (classGroup and level) first. */
export function classesOf(c: PercentileCombatant): ClassLevel[] {
  if (c.kind !== "character") return [];
  const first: ClassLevel = { group: c.classGroup ?? "fighter", level: c.level ?? 0 };
  return [first, ...(c.secondClass ? [c.secondClass] : []), ...(c.thirdClass ? [c.thirdClass] : [])];
}

export interface PercentileCombatant {
  readonly id: string;
  readonly name?: string;
  /** Feet an attack of it that takes hold reaches (a reach weapon, a long limb); absent or 0: holds are taken beside it (the map's reach, not the rules'). */
  readonly holdReach?: number;
  /** Characters use their class group and level; monsters their hit dice. */
  readonly kind: "character" | "monster";
  /** Characters: the class group whose column they use (monks are clerics; a multi-class takes its best). */
  readonly classGroup?: ClassGroup;
  readonly level?: number;
  /** A multi-classed character's other classes (AD&D allows up to three); option `multiClassColumn`. */
  readonly secondClass?: ClassLevel;
  readonly thirdClass?: ClassLevel;
  /** Monsters. */
  readonly hitDice?: HitDice;
  readonly size: Size;
  /** Height, or length for long creatures, in inches. */
  readonly height: number;
  /** Weight in pounds of the body alone (gear is left out). */
  readonly weight: number;
  readonly dexterity: number;
  readonly strength: Strength;
  /** Armor-only Armor Defense (descending, as AC) and its magical plus; null when no armor is worn. */
  readonly armor: { readonly ad: number; readonly magic: number } | null;
  /** A shield improves AC by 1 plus its magic. */
  readonly shield: { readonly plus: number } | null;
  readonly helmet: boolean;
  /** AC points the creature's Dexterity improves its AC by (negative for a penalty). */
  readonly dexAcBonus: number;
  /** AC points from magic other than armor and shield (rings, cloaks, protection spells). */
  readonly magicProtection: number;
  /** Base land speed in feet. */
  readonly speed: number;
  /** Arms or other fore-limbs; all must be free to grapple. */
  readonly foreLimbs: number;
  readonly abilities: readonly SpecialAbility[];
  /** How many creatures may attack this one in melee at once: that many holders pin it (004 §Pinned). */
  readonly maxMeleeAttackers: number;
  readonly conditions: readonly Condition[];
}

export function hasCondition(c: PercentileCombatant, cond: Condition): boolean {
  return c.conditions.includes(cond);
}

/** 004 §Pinned makes a creature helpless; an unconscious one is helpless as well. */
export function isHelpless(c: PercentileCombatant): boolean {
  return hasCondition(c, "helpless") || hasCondition(c, "pinned") || hasCondition(c, "unconscious");
}

/** Can the creature take an action on its turn (break free, counter)? */
export function canAct(c: PercentileCombatant): boolean {
  return !hasCondition(c, "stunned") && !hasCondition(c, "unconscious") && !hasCondition(c, "helpless");
}

/** "Target Hit Dice" in the chance: monsters' whole dice; characters' level (option `characterHitDice`). */
export function hitDiceForChance(c: PercentileCombatant, options: PercentileOptions): number {
  if (c.kind === "monster") return c.hitDice?.dice ?? 0;
  // A multi-classed character's hit dice follow its highest level.
  return options.characterHitDice === "level" ? Math.max(0, ...classesOf(c).map((x) => x.level)) : 0;
}

/** The AC adjustments 004 counts against the chance (digest §7.3 reading: Dex, shield, magic protection). */
export interface AcAdjustment {
  readonly source: "dex" | "shield" | "magicProtection";
  readonly points: number;
}

/** A creature already in the grappled condition has no Dex and no shield to count (004 §Grappled Condition). */
export function acAdjustments(c: PercentileCombatant): AcAdjustment[] {
  const grappled = hasCondition(c, "grappled");
  const out: AcAdjustment[] = [];
  if (!grappled && c.dexAcBonus !== 0) out.push({ source: "dex", points: c.dexAcBonus });
  if (!grappled && c.shield) out.push({ source: "shield", points: 1 + c.shield.plus });
  if (c.magicProtection !== 0) out.push({ source: "magicProtection", points: c.magicProtection });
  return out;
}

const SIZE_LIST: readonly Size[] = SIZES;

/** Checks a profile; every problem is listed with its path. Throws RulesInputError if any. */
export function validateCombatant(v: unknown, path: string): PercentileCombatant {
  const { issues, c, p } = beginProfile(v, path);
  if (issues.oneOf(p("kind"), c.kind, ["character", "monster"] as const)) {
    if (c.kind === "character") {
      issues.oneOf(p("classGroup"), c.classGroup, CLASS_GROUPS);
      issues.int(p("level"), c.level, 0, 40);
      if (c.hitDice !== undefined) issues.add(p("hitDice"), "notForCharacters");
      for (const k of ["secondClass", "thirdClass"] as const) {
        if (c[k] === undefined || !issues.object(p(k), c[k])) continue;
        const x = c[k] as Record<string, unknown>;
        issues.oneOf(p(`${k}.group`), x.group, CLASS_GROUPS);
        issues.int(p(`${k}.level`), x.level, 0, 40);
      }
      if (c.thirdClass !== undefined && c.secondClass === undefined) issues.add(p("thirdClass"), "needsSecondClass");
    } else {
      if (issues.object(p("hitDice"), c.hitDice)) {
        const h = c.hitDice as Record<string, unknown>;
        issues.int(p("hitDice.dice"), h.dice, 0, 100);
        issues.int(p("hitDice.adjustment"), h.adjustment, -99, 99);
      }
      if (c.classGroup !== undefined) issues.add(p("classGroup"), "notForMonsters");
      if (c.level !== undefined) issues.add(p("level"), "notForMonsters");
      for (const k of ["secondClass", "thirdClass"] as const) if (c[k] !== undefined) issues.add(p(k), "notForMonsters");
    }
  }
  issues.oneOf(p("size"), c.size, SIZE_LIST);
  issues.int(p("height"), c.height, 1, 100000);
  issues.int(p("weight"), c.weight, 1, 10000000);
  issues.int(p("dexterity"), c.dexterity, 1, 25);
  checkStrength(issues, p("strength"), c.strength);
  if (c.armor !== null && issues.object(p("armor"), c.armor)) {
    const a = c.armor as Record<string, unknown>;
    issues.int(p("armor.ad"), a.ad, -10, 10);
    issues.int(p("armor.magic"), a.magic, -5, 5);
  }
  if (c.shield !== null && issues.object(p("shield"), c.shield)) issues.int(p("shield.plus"), (c.shield as Record<string, unknown>).plus, -5, 5);
  issues.bool(p("helmet"), c.helmet);
  issues.int(p("dexAcBonus"), c.dexAcBonus, -6, 6);
  issues.int(p("magicProtection"), c.magicProtection, -10, 10);
  issues.int(p("speed"), c.speed, 0, 1000);
  issues.int(p("foreLimbs"), c.foreLimbs, 0, 100);
  checkChoiceList(issues, p("abilities"), c.abilities, SPECIAL_ABILITIES);
  issues.int(p("maxMeleeAttackers"), c.maxMeleeAttackers, 1, 100);
  checkChoiceList(issues, p("conditions"), c.conditions, CONDITIONS);
  issues.throwIfAny();
  return v as PercentileCombatant;
}

/** A complete profile of an unarmored, average human fighter, for callers that fill in only what differs. */
export function defaultCombatant(id: string, over: Partial<PercentileCombatant> = {}): PercentileCombatant {
  const base: PercentileCombatant = {
    id,
    kind: "character",
    classGroup: "fighter",
    level: 1,
    size: "M",
    height: 70,
    weight: 170,
    dexterity: 10,
    strength: { score: 10 },
    armor: null,
    shield: null,
    helmet: false,
    dexAcBonus: 0,
    magicProtection: 0,
    speed: 120,
    foreLimbs: 2,
    abilities: [],
    maxMeleeAttackers: 6,
    conditions: [],
    holdReach: 0,
  };
  const merged = { ...base, ...over };
  // A monster profile carries hit dice instead of a class.
  if (merged.kind === "monster") {
    const m: Record<string, unknown> = { hitDice: { dice: 1, adjustment: 0 }, ...merged };
    delete m.classGroup;
    delete m.level;
    return m as unknown as PercentileCombatant;
  }
  return merged;
}
