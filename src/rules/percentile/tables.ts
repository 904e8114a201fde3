/**
 * Every number of source 004 (variant percentile) as typed data, plus the two tables 004 names
 * but does not print. Those two are project defaults (digest §8.2-8.3, after the AD&D 1e DMG
 * tiers) and say so in their `source`; a GM may replace them (see `checkGrappleTables`).
 * Citations are to 004's headings.
 */
import type { RangeTable } from "../core/table.ts";

export const SOURCE = "004";
export const PROJECT_DEFAULT = "project default";

// ---------------------------------------------------------------------------------------------
// Variable Bonus (004 §Variable Bonus)

/** The secret die each side adds to its column: the attacker's is larger. */
export const VARIABLE_DICE = { attacker: 6, target: 4 } as const;

export const CLASS_GROUPS = ["fighter", "cleric", "thief", "magicUser"] as const;
export type ClassGroup = (typeof CLASS_GROUPS)[number];

/** Column for classed creatures: ceil(level / divisor) + plus. Monks count as clerics. */
export const CLASS_COLUMN = {
  fighter: { divisor: 2, plus: 1 },
  cleric: { divisor: 3, plus: 0 },
  thief: { divisor: 4, plus: 0 },
  magicUser: { divisor: 5, plus: 0 },
} as const satisfies Record<ClassGroup, { divisor: number; plus: number }>;

export interface MonsterColumnRow {
  /** The attack-matrix column heading, for the trace. */
  readonly label: string;
  readonly column: number;
}

/**
 * Column for creatures without a class, by the attack-matrix heading their hit dice fall under.
 * The key is dice * 100 + the hit-point adjustment, so 1-1 is 99, 1 is 100 and 3+2 is 302. A
 * minus on two or more dice drops into the heading below, as 1-1 sits below 1. The last row is
 * open: from 14 HD on, the column rises by one every two dice (`monsterColumn`).
 */
export const MONSTER_COLUMN = {
  id: "percentile.monsterColumn",
  source: SOURCE,
  rows: [
    { max: 98, result: { label: "up to 1-1", column: 1 } },
    { min: 99, max: 99, result: { label: "1-1", column: 2 } },
    { min: 100, max: 100, result: { label: "1", column: 3 } },
    { min: 101, max: 199, result: { label: "1+", column: 4 } },
    { min: 200, max: 399, result: { label: "2-3+", column: 5 } },
    { min: 400, max: 599, result: { label: "4-5+", column: 6 } },
    { min: 600, max: 799, result: { label: "6-7+", column: 7 } },
    { min: 800, max: 999, result: { label: "8-9+", column: 8 } },
    { min: 1000, max: 1199, result: { label: "10-11+", column: 9 } },
    { min: 1200, max: 1399, result: { label: "12-13+", column: 10 } },
    { min: 1400, result: { label: "14+", column: 11 } },
  ],
} as const satisfies RangeTable<MonsterColumnRow>;

/** Where the open last row of MONSTER_COLUMN starts, in whole dice, and how many dice per column beyond it. */
export const MONSTER_COLUMN_OPEN = { fromDice: 14, dicePerColumn: 2 } as const;

// ---------------------------------------------------------------------------------------------
// Chance to Grapple / Overbear (004 §Base Chance to Grapple, §Base Chance to Overbear)

/** Armor Defense when no armor is worn. */
export const NO_ARMOR_AD = 10;
export const BASE_CHANCE_MULTIPLIER = 10;

/** Target's armor-only AD against the chance (no armor at all is `CHANCE.targetNoArmor`). */
export const TARGET_ARMOR_CHANCE = {
  id: "percentile.targetArmorChance",
  source: SOURCE,
  rows: [
    { max: 3, result: 30 },
    { min: 4, max: 7, result: 20 },
    { min: 8, max: 9, result: 10 },
    { min: 10, result: 0 },
  ],
} as const satisfies RangeTable<number>;

export const CHANCE = {
  attackerDexPerPoint: 1,
  targetNoArmor: -20,
  /** Per full `speedStep` feet the target is faster than the attacker. */
  fasterTarget: -10,
  speedStep: 30,
  slowedOrStunned: 20,
  immobile: 20,
  hasted: -20,
  perTargetHitDie: -5,
  perAcAdjustment: -5,
  /** Grapple only: the overbear list leaves this line out. */
  slickOrWet: -20,
} as const;

// ---------------------------------------------------------------------------------------------
// Grapple Result and Overbear Result modifiers (004 §Grapple Result, §Overbear Result)

export interface ResultModifierSpec {
  readonly heightPerStep: number;
  readonly weightPerStep: number;
  /** Percent per step of a height or weight difference. */
  readonly percentStep: number;
  readonly attackerDexPerPoint: number;
  /** Attacker Strength counts its score up to this, then `attackerPer10Over18` per 10% beyond. */
  readonly attackerStrengthCap: number;
  readonly attackerPer10Over18: number;
  readonly targetDexOver: number;
  readonly targetDexPerPoint: number;
  readonly targetStrengthOver: number;
  readonly targetStrengthPerPoint: number;
  readonly targetPer10Over18: number;
  /** Armor-only AD below this costs `targetHeavyArmor` (grapple only). */
  readonly targetArmorUnder: number | null;
  readonly targetHeavyArmor: number;
  readonly helmet: number;
  readonly shield: number;
  readonly conditions: Readonly<Partial<Record<"slowed" | "hindered" | "stunned" | "entangled" | "helpless", number>>>;
}

export const GRAPPLE_RESULT_MODIFIERS = {
  heightPerStep: 5,
  weightPerStep: 5,
  percentStep: 10,
  attackerDexPerPoint: 1,
  attackerStrengthCap: 18,
  attackerPer10Over18: 1,
  targetDexOver: 14,
  targetDexPerPoint: -1,
  targetStrengthOver: 12,
  targetStrengthPerPoint: -1,
  targetPer10Over18: -1,
  targetArmorUnder: 5,
  targetHeavyArmor: -10,
  helmet: -10,
  shield: -10,
  conditions: { slowed: 10, stunned: 20, helpless: 30 },
} as const satisfies ResultModifierSpec;

export const OVERBEAR_RESULT_MODIFIERS = {
  heightPerStep: 5,
  weightPerStep: 10,
  percentStep: 10,
  // The overbear list has no attacker Dexterity line.
  attackerDexPerPoint: 0,
  attackerStrengthCap: 18,
  attackerPer10Over18: 2,
  targetDexOver: 14,
  targetDexPerPoint: -1,
  targetStrengthOver: 14,
  targetStrengthPerPoint: -1,
  targetPer10Over18: -2,
  targetArmorUnder: null,
  targetHeavyArmor: 0,
  helmet: 0,
  shield: 0,
  conditions: { slowed: 10, hindered: 10, stunned: 20, entangled: 20 },
} as const satisfies ResultModifierSpec;

// ---------------------------------------------------------------------------------------------
// Starting a grapple, overbear limits

export const LIMITS = {
  /** 004 §Grapple: the target must be less than this many times the attacker's height or length. */
  grappleHeightRatio: 2,
  /** 004 §Overbear Attack: no overbear against a target this many times the attacker's weight or more. */
  overbearWeightRatio: 2,
  /** 004 §Grapple: one attempt per attack routine. */
  attemptsPerRoutine: 1,
} as const;

/**
 * 004 §Grappled Condition: what the condition does, as data for the shell. The approaching
 * grappler (and an overbearer) is treated as having it while the target's free attack is made.
 */
export const GRAPPLED_CONDITION = {
  dexBonusLost: true,
  shieldLost: true,
  /** Points the creature's AC worsens by. */
  acPenalty: 4,
  canMove: false,
  /** A side without the condition may drag the other at this share of its speed, if strong enough. */
  dragSpeedShare: { num: 1, den: 2 },
} as const;

/** 004 §Weapon Attack: what a held creature may still strike with. */
export const WHILE_HELD = {
  shortWeaponMaxFeet: 3,
  shortWeaponType: "piercing",
  /** Drawing such a weapon with a free hand takes a major action. */
  drawAction: "major",
} as const;

/** 004 §Grabbing Items: taking a held item needs a helpless or pinned owner and a natural 20. */
export const GRAB_ITEM = { naturalRoll: 20, sides: 20 } as const;

// ---------------------------------------------------------------------------------------------
// Damage (004 §Grapple Damage, §Overbear Damage)

/** Share of table damage that is lethal; the rest is non-lethal and heals. */
export const LETHAL_SHARE = {
  grapple: { numerator: 1, denominator: 4 },
  overbear: { numerator: 1, denominator: 2 },
} as const;

export const NON_LETHAL_HEAL_PER_ROUND = 1;

// ---------------------------------------------------------------------------------------------
// Grappling Table (project default, digest §8.2)

/** What a hold does besides the grappled condition. Every field is optional data for the shell. */
export interface GrappleEffects {
  /** The target may Counter Grapple at once, this turn. */
  readonly targetMayCounter?: boolean;
  /** One of the target's arms is held: its item is unusable. */
  readonly armHeld?: boolean;
  /** The held hand drops its item. */
  readonly dropsItem?: boolean;
  readonly noSomaticSpells?: boolean;
  /** The target cannot speak, so no verbal spells. */
  readonly noVerbalSpells?: boolean;
  /** To-hit adjustment to the target's attacks. */
  readonly targetToHit?: number;
  /** The holder may choose to put the target prone instead (trip) or as well (throw). */
  readonly holderChoice?: "trip" | "throw";
  /** A strangle hold: a chance each round end to knock the target out (option `strangleKoPct`). */
  readonly strangle?: boolean;
  /** Rounds the target is stunned. A counter grapple that stuns breaks the opponent's hold (004). */
  readonly stunRounds?: number;
  /** A stunning result lets the holder attack again at once (DMG). */
  readonly extraAttack?: boolean;
}

export interface GrappleRow {
  /** The ordinal Break Free, joining and Counter Grapple compare ("one category higher"). */
  readonly category: number;
  /** i18n key tail: WC.Hold.<hold>. */
  readonly hold: string;
  /** Table damage, split by LETHAL_SHARE.grapple unless a special ability made the hold. */
  readonly damage: number;
  readonly effects: GrappleEffects;
}

export const GRAPPLING_TABLE = {
  id: "percentile.grappling",
  source: PROJECT_DEFAULT,
  rows: [
    { max: 20, result: { category: 1, hold: "torsoGrab", damage: 0, effects: { targetMayCounter: true } } },
    { min: 21, max: 40, result: { category: 2, hold: "armLock", damage: 1, effects: { armHeld: true } } },
    { min: 41, max: 55, result: { category: 3, hold: "handLock", damage: 2, effects: { dropsItem: true } } },
    { min: 56, max: 70, result: { category: 4, hold: "bearHug", damage: 3, effects: { noSomaticSpells: true, holderChoice: "trip" } } },
    { min: 71, max: 85, result: { category: 5, hold: "headlock", damage: 5, effects: { targetToHit: -2, holderChoice: "throw" } } },
    { min: 86, max: 95, result: { category: 6, hold: "strangleHold", damage: 6, effects: { noVerbalSpells: true, strangle: true } } },
    { min: 96, result: { category: 7, hold: "gouge", damage: 8, effects: { stunRounds: 1, extraAttack: true } } },
  ],
} as const satisfies RangeTable<GrappleRow>;

/** The Torso grab category: a joiner's result is at most this (digest §8.2; option `joinerCapCategory`). */
export const TORSO_GRAB_CATEGORY = 1;

/** 004 §Grapple Damage and digest §8.2 [DEFAULT]: a strangle hold knocks out for this many rounds. */
export const STRANGLE_KO = { sides: 100, unconsciousRounds: 1 } as const;

// ---------------------------------------------------------------------------------------------
// Overbear Table (project default, digest §8.3)

export interface OverbearEffects {
  /** The target may strike back at once (free attack). */
  readonly targetMayCounter?: boolean;
  /** The attacker lands on the ground beside the target. */
  readonly attackerAtFeet?: boolean;
  /** Rounds the target is hindered. */
  readonly hinderedRounds?: number;
  /** The attacker gets one immediate extra melee attack routine. */
  readonly extraAttack?: boolean;
  readonly prone?: boolean;
  readonly losesMinorAction?: boolean;
  readonly stunRounds?: number;
}

export interface OverbearRow {
  readonly category: number;
  /** i18n key tail: WC.Overbear.<result>. */
  readonly result: string;
  /** Table damage. Only damaging results count for a trample. */
  readonly damage: number;
  readonly effects: OverbearEffects;
}

export const OVERBEAR_TABLE = {
  id: "percentile.overbear",
  source: PROJECT_DEFAULT,
  rows: [
    { max: 20, result: { category: 1, result: "avoid", damage: 0, effects: { targetMayCounter: true } } },
    { min: 21, max: 40, result: { category: 2, result: "kickedLeg", damage: 0, effects: { attackerAtFeet: true } } },
    { min: 41, max: 60, result: { category: 3, result: "staggered", damage: 1, effects: { hinderedRounds: 1, extraAttack: true } } },
    { min: 61, max: 80, result: { category: 4, result: "knockedToKnees", damage: 2, effects: { prone: true } } },
    { min: 81, max: 100, result: { category: 5, result: "handsAndKnees", damage: 3, effects: { prone: true, losesMinorAction: true } } },
    { min: 101, result: { category: 6, result: "knockedFlat", damage: 4, effects: { prone: true, stunRounds: 1 } } },
  ],
} as const satisfies RangeTable<OverbearRow>;

/** The tables a procedure reads; the GM may swap either (option or input `tables`). */
export interface PercentileTables {
  readonly grappling: RangeTable<GrappleRow>;
  readonly overbear: RangeTable<OverbearRow>;
}

export const DEFAULT_TABLES: PercentileTables = { grappling: GRAPPLING_TABLE, overbear: OVERBEAR_TABLE };
