/**
 * Every table and fixed number of source 002 (variant grapple-die), as typed data. 002 never
 * prints its grapple-die table; the one here is the project default of the rules digest §8.1 and
 * says so in its `source`. Citations are to 002's headings ("002 §Strangle Hold").
 */
import type { DiceFormula } from "../core/dice.ts";
import type { Size } from "../core/size.ts";
import type { RangeTable } from "../core/table.ts";

export const SOURCE = "002";
export const PROJECT_DEFAULT = "project default";

/** Damage of a hold or a blow: dice (or none) plus a flat number of points. */
export interface DamageExpr {
  readonly dice: DiceFormula | null;
  readonly flat: number;
}

/** What a hold does to the held creature beyond the standard grapple effects (002 §Effects of Grappling on AC). */
export interface HoldEffects {
  /** To-hit penalty on the held creature's own attacks. */
  readonly defenderToHit: number;
  /** Hands whose items are useless while the hold lasts. */
  readonly handsUnusable: number;
  readonly noTwoWeapon: boolean;
  /** The held creature can neither rise nor step; a prone one stays down. */
  readonly cannotRise: boolean;
  readonly noSomaticSpells: boolean;
  readonly noVerbalSpells: boolean;
  /** 002 §Strangle Hold: the cumulative knock-out chance and suffocation apply. */
  readonly strangle: boolean;
}

/** One row of a grapple-die table. GM tables use the same shape (validated by the actions). */
export type GrappleDieRow =
  | { readonly kind: "slip"; readonly name: string }
  | {
      readonly kind: "hold";
      /** i18n tail: WC.Hold.<name>. */
      readonly name: string;
      /** Per round on segment 3 (002 §Grapple Procedure step 6), before any size step. */
      readonly damage: DamageExpr;
      readonly effects: HoldEffects;
      /** The held creature also ends up prone. */
      readonly prone: boolean;
      /** The held creature is also stunned for this many segments (0: not stunned). */
      readonly stunSegments: number;
    };

const PLAIN: HoldEffects = {
  defenderToHit: 0,
  handsUnusable: 0,
  noTwoWeapon: false,
  cannotRise: false,
  noSomaticSpells: false,
  noVerbalSpells: false,
  strangle: false,
};

const ARM_HOLD: HoldEffects = { ...PLAIN, handsUnusable: 1, noTwoWeapon: true };
const HEAD_LOCK: HoldEffects = { ...PLAIN, defenderToHit: -2, noSomaticSpells: true };
const BEAR_HUG: HoldEffects = { ...PLAIN, defenderToHit: -4, noSomaticSpells: true };

const NONE: DamageExpr = { dice: null, flat: 0 };
const d = (sides: number): DamageExpr => ({ dice: { count: 1, sides }, flat: 0 });

/**
 * The grapple die (d20 plus circumstantial modifiers) read on this table. 002 names the die but
 * not its results, so this is the digest's §8.1 design: higher rows are harder to break (a break
 * must meet the establishing die), one row strangles and one stuns, and 10+ is a hold firm enough
 * to drag someone. Every row is open to GM replacement.
 */
export const GRAPPLE_DIE_TABLE = {
  id: "grappleDie.hold",
  source: PROJECT_DEFAULT,
  rows: [
    { max: 2, result: { kind: "slip", name: "slip" } },
    { min: 3, max: 5, result: { kind: "hold", name: "clinch", damage: NONE, effects: PLAIN, prone: false, stunSegments: 0 } },
    { min: 6, max: 7, result: { kind: "hold", name: "armHold", damage: NONE, effects: ARM_HOLD, prone: false, stunSegments: 0 } },
    {
      min: 8,
      max: 9,
      result: { kind: "hold", name: "legHold", damage: { dice: null, flat: 1 }, effects: { ...PLAIN, cannotRise: true }, prone: false, stunSegments: 0 },
    },
    {
      min: 10,
      max: 11,
      result: { kind: "hold", name: "armLock", damage: d(2), effects: { ...ARM_HOLD, defenderToHit: -2 }, prone: false, stunSegments: 0 },
    },
    { min: 12, max: 13, result: { kind: "hold", name: "headLock", damage: d(2), effects: HEAD_LOCK, prone: false, stunSegments: 0 } },
    { min: 14, max: 15, result: { kind: "hold", name: "bearHug", damage: d(3), effects: BEAR_HUG, prone: false, stunSegments: 0 } },
    {
      min: 16,
      max: 17,
      result: { kind: "hold", name: "strangleHold", damage: d(3), effects: { ...PLAIN, noVerbalSpells: true, strangle: true }, prone: false, stunSegments: 0 },
    },
    // A throw or pin keeps the hold as a leg hold and a bear hug together.
    {
      min: 18,
      max: 19,
      result: { kind: "hold", name: "throwPin", damage: d(4), effects: { ...BEAR_HUG, cannotRise: true }, prone: true, stunSegments: 0 },
    },
    // A gouge or knee stuns for 002's standard 10 segments and keeps a head lock.
    { min: 20, result: { kind: "hold", name: "gouge", damage: d(4), effects: HEAD_LOCK, prone: false, stunSegments: 10 } },
  ],
} as const satisfies RangeTable<GrappleDieRow>;

/** The grapple die itself (002 §Grapple Procedure step 4). */
export const GRAPPLE_DIE_SIDES = 20;

/** 002 §Time Required: segments per round, a grapple's 3 segments, an iterative attack's +3. */
export const TIMING = {
  segmentsPerRound: 10,
  grappleSegments: 3,
  iterativeDelay: 3,
  twoWeaponDelay: 2,
  whirlwindDelay: 3,
  naturalSingle: 1,
  naturalCombination: 3,
  /** 002 §Grapple Procedure step 6: hold damage falls on segment 3 of each round. */
  holdDamageSegment: 3,
  /** 002 §Stunned, §Pummel, §Overbear: every stun lasts 10 segments. */
  stunSegments: 10,
  /** 002 §Defender Attacks: drawing a sheathed weapon while held. */
  drawWeaponSegments: 10,
} as const;

/** 002 §Effects of Grappling on AC: every creature in a grapple with a hold in place. */
export const GRAPPLED_AC = {
  toBeHit: 4,
  losesDex: true,
  losesShield: true,
  immobile: true,
} as const;

/** 002 §Defender Attacks: a short weapon is about 2 ft long or less. */
export const SHORT_WEAPON_FT = 2;

/** 002 §Defender Attempts to Break the Hold: missing by this much or more drops everyone prone. */
export const BREAK_FUMBLE_MARGIN = 5;

/** 002 §Strangle Hold: 5% a round, cumulative; out for 1 round; death 1d4+1 rounds after. */
export const STRANGLE = {
  percentPerRound: 5,
  unconsciousRounds: 1,
  suffocation: { count: 1, sides: 4 } as DiceFormula,
  suffocationPlus: 1,
} as const;

/** 002 §Moving and Grappling: the adjusted grapple die a much larger or stronger mover needs. */
export const MOVE_WHILE_GRAPPLING_TARGET = 10;

/** 002 §Overbear or Rush: a taller target under this many feet and a heavier one under this ratio. */
export const OVERBEAR_LIMITS = { tallerFt: 5, weightRatio: 2, manyLegs: 4 } as const;

/** 002 §Overbear/Rush Save Modifiers: the text's ranges (magnitudes per step are options). */
export const OVERBEAR_SAVE = {
  attackerLargerMax: -4,
  defenderLargerMax: 8,
  shield: 2,
  terrainMin: -4,
  terrainMax: 0,
} as const;

/** 002 §Pushed: 5 ft, and 5 ft more for every full 5 the attack beat the roll needed. */
export const PUSH = { baseFt: 5, stepFt: 5, per: 5 } as const;

/** 002 §Pummel step 4: 1d2 for a man-sized pummeler; larger ones step up (1d4, 1d8, ...). */
export const PUMMEL_DAMAGE: DamageExpr = { dice: { count: 1, sides: 2 }, flat: 0 };

/** 002 §Pummel: classless creatures of 1 HD or less (and see option `pummelOtherwisePenalty`). */
export const CLASSLESS_PUMMEL_PENALTY = -2;

/**
 * 002 §Armored Creatures refers to a Base Armor Rating scale it does not print ("4 or better").
 * Project default: the host's base AC of each armor, so lower is better and "4 or better" is
 * splint, banded and plate, the plate-type armors. A sheet's own rating overrides this.
 */
export const BASE_ARMOR_RATING = {
  id: "grappleDie.baseArmorRating",
  source: PROJECT_DEFAULT,
  ratings: {
    none: 10,
    padded: 8,
    leather: 8,
    studded: 7,
    ring: 7,
    scale: 6,
    chain: 5,
    splint: 4,
    banded: 4,
    plate: 3,
  },
} as const;

export const ARMOR_TYPES = ["none", "padded", "leather", "studded", "ring", "scale", "chain", "splint", "banded", "plate"] as const;
export type ArmorType = (typeof ARMOR_TYPES)[number];

/**
 * 002 §Pummel step 2 asks for the "fist" row of a Weapon Type vs. Armor Rating table that it
 * does not print. Project default: no adjustment; a GM's value comes in as `weaponVsArmor`.
 */
export const FIST_VS_ARMOR = { source: PROJECT_DEFAULT, value: 0 } as const;

/** Intelligence classes, lowest first; 002 §Pummel: only those above semi- pummel. */
export const INTELLIGENCE = ["non", "animal", "semi", "low", "average", "very", "high", "exceptional", "genius", "supra", "godlike"] as const;
export type Intelligence = (typeof INTELLIGENCE)[number];
export const PUMMEL_MIN_INTELLIGENCE: Intelligence = "low";

/** Size steps above man-sized that step a damage die up (002 §Pummel: "1d4, 1d8, and so on"). */
export const MAN_SIZED: Size = "M";

/** Largest die that is doubled in place; past it the dice count doubles instead (1d8 -> 2d8). */
export const LARGEST_STEPPED_DIE = 12;
