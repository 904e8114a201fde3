/**
 * The combatant profile for variant d12-holds: everything 000 asks of a creature, and the
 * values derived from it (the AC a pummel or a grapple must hit, grappling size, speed).
 */
import type { Size } from "../core/size.ts";
import { SIZES, sizeAtLeast } from "../core/size.ts";
import type { Strength } from "../core/strength.ts";
import { checkStrength, strengthMods } from "../core/strength.ts";
import type { ToHitSource } from "../core/to-hit.ts";
import { checkToHit, neededToHit } from "../core/to-hit.ts";
import { beginProfile, checkChoiceList } from "../core/validate.ts";
import type { Modifier } from "../core/trace.ts";
import { mod } from "../core/trace.ts";
import type { D12Options } from "./options.ts";
import type { Intelligence } from "./tables.ts";
import {
  ARMOR_BASE_AC,
  ARMOR_MOVEMENT_STEP,
  GRAPPLE_BASE_AC,
  INTELLIGENCE,
  MOVEMENT_SHARE,
  PUMMEL_BASE_AC,
  PUMMEL_SHIELD_AC,
} from "./tables.ts";

export const ARMOR_TYPES = ["none", "padded", "leather", "studded", "ring", "scale", "chain", "splint", "banded", "plate"] as const;
export type ArmorType = (typeof ARMOR_TYPES)[number];

export const CONDITIONS = [
  "prone", // overborne or otherwise down
  "stunned",
  "entangled",
  "slowed",
  "immobilized", // by grapplers (holds on the creature also derive this)
  "paralyzed", // or otherwise incapable of movement: grapples hit automatically
  "invisible",
  "displaced", // or otherwise hard to locate
  "flying",
] as const;
export type Condition = (typeof CONDITIONS)[number];

// The to-hit source and Strength bonuses (000 §Strength damage bonuses) are the host's, shared in the core.
export type { ToHitSource };
export { neededToHit, strengthMods };

export interface D12Combatant {
  readonly id: string;
  readonly name?: string;
  /** Feet an attack of it that takes hold reaches (a reach weapon, a long limb); absent or 0: holds are taken beside it (the map's reach, not the rules'). */
  readonly holdReach?: number;
  /** Characters and NPCs use class rules and Strength; monsters use HD, limbs and size. */
  readonly kind: "character" | "monster";
  readonly size: Size;
  /** The DM's call that a creature grapples as a larger or smaller one (000 §Exceptional strength). */
  readonly grapplingSize?: Size;
  /** Characters, and monsters whose Strength is given. */
  readonly strength?: Strength;
  /** The Dexterity reaction/defense adjustment as the Dex table prints it: negative is better. */
  readonly dexAcAdjustment: number;
  readonly armor: { readonly type: ArmorType; readonly plus: number };
  readonly shield: { readonly plus: number } | null;
  /** Pluses of other magic that improves AC (rings, cloaks, protection spells); not armor or bracers. */
  readonly magicProtection: number;
  /** Special AC bonuses such as a dwarf's against giants. */
  readonly specialAcBonus: number;
  /** Monsters: natural AC, and whether it is toughness (reduces pummel damage) or agility. */
  readonly naturalAc?: { readonly ac: number; readonly basis: "toughness" | "agility" };
  /** The creature's ordinary frontal AC from its sheet; derived from the pieces above when absent. */
  readonly normalAc?: number;
  /** Land movement in inches (flying and swimming rates do not count). */
  readonly movement: number;
  readonly heavilyEncumbered: boolean;
  readonly arms: number;
  readonly legs: number;
  readonly hasWindpipe: boolean;
  readonly intelligence: Intelligence;
  /** Normal attacks per round (a fighter's level-based count against weak foes, a monster's routine). */
  readonly attacksPerRound: number;
  /** Monsters: how many of those attacks are by limbs that can pummel (arms, legs, tentacles). */
  readonly pummelLimbs?: number;
  readonly monkLevel: number;
  readonly flight: "none" | "wings" | "magic";
  readonly levelDrain: boolean;
  /** Ring of free action or similar magic (underwater pummels). */
  readonly freeAction: boolean;
  /** Moves and sees normally underwater (underwater grapples). */
  readonly aquatic: boolean;
  readonly pummelingWeapon: boolean;
  readonly conditions: readonly Condition[];
  readonly toHit: ToHitSource;
}

export function hasCondition(c: D12Combatant, cond: Condition): boolean {
  return c.conditions.includes(cond);
}

export function isMonk(c: D12Combatant): boolean {
  return c.monkLevel > 0;
}

/** 000 §Exceptional strength: characters with Str 18 grapple as L, 19+ as VL, 6 or less as S. */
export function grapplingSize(c: D12Combatant): Size {
  if (c.grapplingSize) return c.grapplingSize;
  if (c.kind === "character" && c.strength) {
    if (c.strength.score >= 19) return "VL";
    if (c.strength.score === 18) return sizeAtLeast(c.size, "L");
    if (c.strength.score <= 6) return "S";
  }
  return c.size;
}

function shieldValue(c: D12Combatant, frontal: boolean, base: number, options: D12Options): number {
  if (!c.shield || !frontal) return 0;
  return base + (options.shieldMagicCounts ? c.shield.plus : 0);
}

/** The creature's ordinary AC: its sheet value, or armor (or natural AC), shield, Dex and magic. */
export function normalAc(c: D12Combatant, frontal = true): number {
  if (c.normalAc !== undefined) return frontal || !c.shield ? c.normalAc : c.normalAc + 1 + c.shield.plus;
  const armorAc = ARMOR_BASE_AC[c.armor.type] - (c.armor.type === "none" ? 0 : c.armor.plus);
  const body = c.naturalAc ? Math.min(c.naturalAc.ac, armorAc) : armorAc;
  const shield = c.shield && frontal ? 1 + c.shield.plus : 0;
  return body - shield + c.dexAcAdjustment - c.magicProtection - c.specialAcBonus;
}

export interface TargetAc {
  readonly ac: number;
  readonly base: number;
  readonly modifiers: Modifier[];
}

/**
 * The AC a weaponless attack must hit (000 §The basic pummeling attack; §The basic grappling
 * attack): a base of 10 (pummel) or 5 (grapple) with Dex, magic, special bonuses and a shield
 * worth 3 from the front. Armor, armor equivalents and natural AC do not count.
 */
export function weaponlessAc(c: D12Combatant, mode: "pummel" | "grapple", frontal: boolean, options: D12Options, held = false): TargetAc {
  const base = mode === "pummel" ? PUMMEL_BASE_AC : GRAPPLE_BASE_AC;
  const mods: Modifier[] = [];
  // 000 §Explanation of holds and §Effects of overbearing: a held or overborne creature loses a
  // Dex bonus (a penalty still counts), and an overborne one cannot use its shield.
  const down = hasCondition(c, "prone");
  const dexLost = (held || down) && c.dexAcAdjustment < 0;
  if (c.dexAcAdjustment !== 0 && !dexLost) mods.push(mod("WC.Mod.dexAc", c.dexAcAdjustment));
  if (c.magicProtection !== 0) mods.push(mod("WC.Mod.magicProtection", -c.magicProtection));
  if (c.specialAcBonus !== 0) mods.push(mod("WC.Mod.specialAc", -c.specialAcBonus));
  const shield = down ? 0 : shieldValue(c, frontal, PUMMEL_SHIELD_AC, options);
  if (shield !== 0) mods.push(mod("WC.Mod.shieldWeaponless", -shield));
  if (mode === "grapple" && options.armorMagicInGrappleAc && c.armor.type !== "none" && c.armor.plus !== 0) {
    mods.push(mod("WC.Mod.armorMagic", -c.armor.plus));
  }
  let ac = base;
  for (const m of mods) ac += m.value;
  // 000 §General pummeling rules / §General grappling rules: monks use their normal AC against
  // pummels, and the better of it and the grapple AC against grapples.
  if (isMonk(c)) {
    const own = normalAc(c, frontal && !down);
    if (mode === "pummel" || own < ac) return { ac: own, base, modifiers: [mod("WC.Mod.monkAc", own - base)] };
  }
  return { ac, base, modifiers: mods };
}

/**
 * 000 §Speed modification: land movement cut by armor (to 75/50/25% of normal; a 12" figure
 * gets the listed 9/6/3"), one step further when heavily encumbered.
 */
export function effectiveMovement(c: D12Combatant): { movement: number; share: number } {
  const step = Math.min(MOVEMENT_SHARE.length - 1, ARMOR_MOVEMENT_STEP[c.armor.type] + (c.heavilyEncumbered ? 1 : 0));
  const share = MOVEMENT_SHARE[step] as number;
  return { movement: Math.floor(c.movement * share), share };
}

const SIZE_LIST: readonly Size[] = SIZES;

/** Checks a profile; every problem is listed with its path. Throws RulesInputError if any. */
export function validateCombatant(v: unknown, path: string): D12Combatant {
  const { issues, c, p } = beginProfile(v, path);
  issues.oneOf(p("kind"), c.kind, ["character", "monster"] as const);
  issues.oneOf(p("size"), c.size, SIZE_LIST);
  if (c.grapplingSize !== undefined) issues.oneOf(p("grapplingSize"), c.grapplingSize, SIZE_LIST);
  if (c.strength !== undefined) checkStrength(issues, p("strength"), c.strength);
  issues.int(p("dexAcAdjustment"), c.dexAcAdjustment, -6, 6);
  if (issues.object(p("armor"), c.armor)) {
    const a = c.armor as Record<string, unknown>;
    issues.oneOf(p("armor.type"), a.type, ARMOR_TYPES);
    issues.int(p("armor.plus"), a.plus, -5, 5);
  }
  if (c.shield !== null) {
    if (issues.object(p("shield"), c.shield)) issues.int(p("shield.plus"), (c.shield as Record<string, unknown>).plus, -5, 5);
  }
  issues.int(p("magicProtection"), c.magicProtection, -10, 10);
  issues.int(p("specialAcBonus"), c.specialAcBonus, -10, 10);
  if (c.naturalAc !== undefined) {
    if (issues.object(p("naturalAc"), c.naturalAc)) {
      const n = c.naturalAc as Record<string, unknown>;
      issues.int(p("naturalAc.ac"), n.ac, -20, 10);
      issues.oneOf(p("naturalAc.basis"), n.basis, ["toughness", "agility"] as const);
    }
  }
  if (c.normalAc !== undefined) issues.int(p("normalAc"), c.normalAc, -20, 10);
  issues.int(p("movement"), c.movement, 0, 240);
  issues.bool(p("heavilyEncumbered"), c.heavilyEncumbered);
  issues.int(p("arms"), c.arms, 0, 100);
  issues.int(p("legs"), c.legs, 0, 100);
  issues.bool(p("hasWindpipe"), c.hasWindpipe);
  issues.oneOf(p("intelligence"), c.intelligence, INTELLIGENCE);
  issues.int(p("attacksPerRound"), c.attacksPerRound, 0, 20);
  if (c.pummelLimbs !== undefined && issues.int(p("pummelLimbs"), c.pummelLimbs, 0, 20)) {
    if (typeof c.attacksPerRound === "number" && c.pummelLimbs > c.attacksPerRound) {
      issues.add(p("pummelLimbs"), "moreThanAttacks", { attacks: c.attacksPerRound });
    }
  }
  issues.int(p("monkLevel"), c.monkLevel, 0, 30);
  issues.oneOf(p("flight"), c.flight, ["none", "wings", "magic"] as const);
  issues.bool(p("levelDrain"), c.levelDrain);
  issues.bool(p("freeAction"), c.freeAction);
  issues.bool(p("aquatic"), c.aquatic);
  issues.bool(p("pummelingWeapon"), c.pummelingWeapon);
  checkChoiceList(issues, p("conditions"), c.conditions, CONDITIONS);
  checkToHit(issues, p("toHit"), c.toHit);
  issues.throwIfAny();
  return v as D12Combatant;
}

/** A complete profile with ordinary values, for callers that fill in only what differs. */
export function defaultCombatant(id: string, over: Partial<D12Combatant> = {}): D12Combatant {
  return {
    id,
    kind: "character",
    size: "M",
    dexAcAdjustment: 0,
    armor: { type: "none", plus: 0 },
    shield: null,
    magicProtection: 0,
    specialAcBonus: 0,
    movement: 12,
    heavilyEncumbered: false,
    arms: 2,
    legs: 2,
    hasWindpipe: true,
    intelligence: "average",
    attacksPerRound: 1,
    monkLevel: 0,
    flight: "none",
    levelDrain: false,
    freeAction: false,
    aquatic: false,
    pummelingWeapon: false,
    conditions: [],
    toHit: { kind: "thac0", thac0: 20 },
    holdReach: 0,
    ...over,
  };
}
