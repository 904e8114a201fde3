/**
 * Every table of source 000 (variant d12-holds), as typed data. Each range table has a coverage
 * test in test/rules/d12-holds/tables.test.ts. Citations are to 000's section headings.
 */
import type { DiceFormula } from "../core/dice.ts";
import type { Size } from "../core/size.ts";
import type { RangeTable } from "../core/table.ts";

export const SOURCE = "000";

export type HoldPart = "leg" | "body" | "arm" | "head" | "strangle";

/** 000 §Special pummeling modifiers (they apply to grappling too). */
export const SPECIAL_TO_HIT = {
  rear: 2,
  defenderProne: 4,
  defenderHampered: 2, // stunned, entangled, slowed or immobilized by grapplers
  attackerHidden: 2, // attacker invisible or displaced
  defenderInvisible: -4,
  defenderHardToLocate: -2, // displaced or otherwise hard to locate
  pummelingWeapon: 1,
} as const;

/** 000 §Speed modification: both the AT's and the DR's entries are added to the AT's roll. */
export interface SpeedRow {
  readonly label: string;
  readonly attacker: number;
  readonly defender: number;
}
export const SPEED_TABLE = {
  id: "d12.speed",
  source: SOURCE,
  rows: [
    // MV below 1" (possible after armor and encumbrance cuts) reads as the slowest row.
    { max: 2, result: { label: '1-2"', attacker: -6, defender: 6 } },
    { min: 3, max: 5, result: { label: '3-5"', attacker: -4, defender: 4 } },
    { min: 6, max: 8, result: { label: '6-8"', attacker: -2, defender: 2 } },
    { min: 9, max: 11, result: { label: '9-11"', attacker: -1, defender: 1 } },
    // The scan prints "9 9" on this row; the progression makes it 0/0 (digest §5.4).
    { min: 12, max: 14, result: { label: '12-14"', attacker: 0, defender: 0 } },
    { min: 15, max: 17, result: { label: '15-17"', attacker: 1, defender: -1 } },
    { min: 18, max: 20, result: { label: '18-20"', attacker: 2, defender: -2 } },
    { min: 21, max: 27, result: { label: '21-27"', attacker: 3, defender: -3 } },
    { min: 28, result: { label: '28"+', attacker: 4, defender: -4 } },
  ],
} as const satisfies RangeTable<SpeedRow>;

/**
 * 000 §Speed modification, armored figures: the share of normal movement each armor leaves.
 * Heavy encumbrance moves one step further down the list (to 25% at most).
 */
export const ARMOR_MOVEMENT_STEP = {
  none: 0,
  padded: 0,
  leather: 0,
  studded: 0,
  ring: 1,
  scale: 1,
  chain: 1,
  splint: 2,
  banded: 2,
  plate: 2,
} as const satisfies Record<string, 0 | 1 | 2>;
export const MOVEMENT_SHARE = [1, 0.75, 0.5, 0.25] as const;

/** 000 §Grappling holds and damage: the adjusted d12 result. */
export type HoldRow =
  | { readonly kind: "briefGrip"; readonly spellSpoilPct: 90 }
  | { readonly kind: "hold"; readonly part: HoldPart; readonly damage: DiceFormula | null };
export const HOLD_TABLE = {
  id: "d12.hold",
  source: SOURCE,
  rows: [
    { max: 1, result: { kind: "briefGrip", spellSpoilPct: 90 } },
    { min: 2, max: 3, result: { kind: "hold", part: "leg", damage: null } },
    { min: 4, max: 5, result: { kind: "hold", part: "body", damage: null } },
    { min: 6, max: 7, result: { kind: "hold", part: "arm", damage: null } },
    { min: 8, max: 8, result: { kind: "hold", part: "leg", damage: { count: 1, sides: 2 } } },
    { min: 9, max: 9, result: { kind: "hold", part: "body", damage: { count: 1, sides: 3 } } },
    { min: 10, max: 10, result: { kind: "hold", part: "arm", damage: { count: 1, sides: 2 } } },
    { min: 11, max: 11, result: { kind: "hold", part: "head", damage: { count: 1, sides: 3 } } },
    { min: 12, max: 12, result: { kind: "hold", part: "strangle", damage: { count: 1, sides: 6 } } },
    { min: 13, max: 13, result: { kind: "hold", part: "body", damage: { count: 2, sides: 4 } } },
    { min: 14, max: 14, result: { kind: "hold", part: "body", damage: { count: 2, sides: 8 } } },
    // 15 is the highest result possible (VL on S: 12 + 3).
    { min: 15, result: { kind: "hold", part: "body", damage: { count: 4, sides: 6 } } },
  ],
} as const satisfies RangeTable<HoldRow>;

/** A stranglehold on a creature with no windpipe reads as this result instead (000 footnote). */
export const NO_WINDPIPE_RESULT = 11;

/** 000 §Grappling holds: size adjustment to the AT's d12, [defender][attacker]. */
export const HOLD_SIZE_ADJUSTMENT = {
  S: { S: 0, M: 1, L: 2, VL: 3 },
  M: { S: -2, M: 0, L: 1, VL: 2 },
  L: { S: -6, M: -4, L: 0, VL: 1 },
  VL: { S: -8, M: -6, L: -4, VL: 0 },
} as const satisfies Record<Size, Record<Size, number>>;

/** 000 §Stranglehold: damage at the end of every round after the first. */
export const STRANGLE_DAMAGE: DiceFormula = { count: 2, sides: 4 };

/** 000 §Maintaining holds: break targets on the second and later break rolls. */
export const BREAK_TARGET = {
  basic: 10,
  crowdedOrMuchLarger: 11, // 3+ holders, or the holder two size classes larger
  mobbedOrGiantOnSmall: 12, // 6+ holders, or a VL holding an S
  crowdedHolders: 3,
  mobbedHolders: 6,
  liftOff: 8, // 000 §General grappling rules: winged lift-off
  monkBonus: 2,
} as const;

/** 000 §Explanation of holds: how many holds each part of an S or M defender can take. */
export const HOLD_LIMITS_SMALL = {
  arm: 2, // per arm
  leg: 2, // per leg
  body: 3,
  head: 1,
  strangle: 1,
} as const satisfies Record<HoldPart, number>;

/** 000 §Explanation of holds: effects of each hold while it lasts. */
export const HOLD_TO_HIT = {
  head: -4,
  strangle: -4,
  arm: -2,
  allArms: -6,
  leg: -2,
  legManyLegged: -1,
  allLegs: -4,
  bodyPerHolder: -2,
  bodyPerHolderVeryLarge: -1,
  overborne: -4, // 000 §Effects of overbearing: cumulative with the hold penalty
} as const;

/** 000 §Pummeling: AC adjustment to damage, by natural AC (when it is toughness). */
export const PUMMEL_NATURAL_AC_DAMAGE = {
  id: "d12.pummelNaturalAc",
  source: SOURCE,
  rows: [
    { max: -8, result: -8 },
    { min: -7, max: -4, result: -6 },
    { min: -3, max: 0, result: -4 },
    { min: 1, max: 3, result: -3 },
    { min: 4, max: 5, result: -2 },
    { min: 6, max: 8, result: -1 },
    // AC worse than 10 does not occur in 000; it protects no better than AC 10.
    { min: 9, result: 0 },
  ],
} as const satisfies RangeTable<number>;

/** 000 §AC adjustment, by worn armor (studded leather is not listed: see option `studdedLeather`). */
export const PUMMEL_ARMOR_DAMAGE = {
  none: 0,
  padded: -1,
  leather: -1,
  ring: -2,
  scale: -2,
  chain: -2,
  splint: -3,
  banded: -3,
  plate: -3,
} as const;

/** 000 §Monster size bonuses (monsters with no Strength given). */
export const MONSTER_SIZE_DAMAGE = { S: -2, M: 0, L: 3, VL: 7 } as const satisfies Record<Size, number>;

/** 000 §The size multiplier, by size steps from the DR up to the AT (AT larger is positive). */
export const PUMMEL_SIZE_MULTIPLIER = {
  "-3": 0.25,
  "-2": 0.5,
  "-1": 1,
  "0": 1,
  "1": 1,
  "2": 2,
  "3": 4,
} as const satisfies Record<string, number>;

export const PUMMEL_DAMAGE: DiceFormula = { count: 1, sides: 6 };
export const PUMMEL_UNDERWATER = { toHit: -2, damage: -2 } as const;
export const GRAPPLE_UNDERWATER_TO_HIT = -2;
export const PUMMEL_SHIELD_AC = 3;
export const PUMMEL_BASE_AC = 10;
export const GRAPPLE_BASE_AC = 5;

/** 000 §Overbearing: chance from the holds of the attempting ATs. */
export const OVERBEAR_HOLD_BONUS = {
  oneLegTwoLegged: 15,
  perLegManyLegged: 5,
  allLegs: 40,
  perArm: 5,
  allArms: 20,
  perBodyHold: 10,
  head: 10,
  strangle: 5,
} as const;

/** 000 §Size modification: [defender][largest attempting AT]. */
export const OVERBEAR_SIZE_MODIFIER = {
  S: { S: 0, M: 20, L: 40, VL: 80 },
  M: { S: -20, M: 0, L: 20, VL: 40 },
  L: { S: -40, M: -20, L: 0, VL: 20 },
  VL: { S: -80, M: -40, L: -20, VL: 0 },
} as const satisfies Record<Size, Record<Size, number>>;

/** 000 §Mass charge: point values. VL in the first three ranks defaults to a hill giant's 6. */
export const MASS_CHARGE_POINTS = {
  front: { S: 1, M: 2, L: 3, VL: 6 },
  rear: { S: 0.5, M: 0.5, L: 0.5, VL: 2 },
  frontRanks: 3,
  baseChance: 30,
  perPoint: 2,
} as const;

/** 000 §Mass charge: Strength for the save when a creature's is unknown. */
export const MASS_CHARGE_DEFAULT_STRENGTH = { S: 7, M: 11, L: 17, VL: 19 } as const satisfies Record<Size, number>;

/** 000 §Mass charge: feet of frontage each creature takes (L is 4-5 ft; VL 6 ft or more). */
export const FRONTAGE_FEET = { S: 2, M: 3, L: 4.5, VL: 6 } as const satisfies Record<Size, number>;

/** 000 §Charging overbear: hold results that make the DR roll or go down. */
export const CHARGING_OVERBEAR_PARTS: readonly HoldPart[] = ["body", "head", "strangle"];

/** AD&D 1e armor classes (host system), used to derive a creature's ordinary AC. */
export const ARMOR_BASE_AC = {
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
} as const;

/** Intelligence classes, lowest first; 000 §General pummeling rules needs "low" or better. */
export const INTELLIGENCE = ["non", "animal", "semi", "low", "average", "very", "high", "exceptional", "genius", "supra", "godlike"] as const;
export type Intelligence = (typeof INTELLIGENCE)[number];
export const PUMMEL_MIN_INTELLIGENCE: Intelligence = "low";
