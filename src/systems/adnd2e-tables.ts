/**
 * The AD&D 2e Player's Handbook tables adnd2e derives a prepared actor from, as data, so that an
 * export (source data only) reads as the live actor would. Numbers are the PHB's; which table
 * adnd2e uses where was read from PointFrankRange/adnd2e-foundryvtt: src/core/classes/chassis.ts
 * (class ids, groups and XP thresholds, PHB Tables 14, 20, 23, 25), src/core/classes/progression.ts
 * (`levelForXp`), src/core/classes/thac0.ts (Tables 53 and 54), src/core/saves/tables.ts (Table 60)
 * and src/core/saves/index.ts (`saveBaseTarget`), src/core/abilities/racial-adjustments.ts
 * (Table 8) with src/core/races/subrace.ts (a subrace's adjustments replace the race's),
 * src/core/abilities/strength.ts (Table 1's hit probability).
 */

/** adnd2e's class groups (its `ClassGroup`). */
export type Adnd2eGroup = "warrior" | "priest" | "rogue" | "wizard";

interface ClassRow {
  readonly group: Adnd2eGroup;
  /** XP needed for levels 1-20 (PHB Tables 14, 20, 23, 25). */
  readonly xp: readonly number[];
  /** XP per level past 20 (0: no levels past the table). */
  readonly beyond: number;
}

const FIGHTER_XP = [0, 2000, 4000, 8000, 16000, 32000, 64000, 125000, 250000, 500000, 750000, 1000000, 1250000, 1500000, 1750000, 2000000, 2250000, 2500000, 2750000, 3000000];
const PALADIN_XP = [0, 2250, 4500, 9000, 18000, 36000, 75000, 150000, 300000, 600000, 900000, 1200000, 1500000, 1800000, 2100000, 2400000, 2700000, 3000000, 3300000, 3600000];
const MAGE_XP = [0, 2500, 5000, 10000, 20000, 40000, 60000, 90000, 135000, 250000, 375000, 750000, 1125000, 1500000, 1875000, 2250000, 2625000, 3000000, 3375000, 3750000];
const CLERIC_XP = [0, 1500, 3000, 6000, 13000, 27500, 55000, 110000, 225000, 450000, 675000, 900000, 1125000, 1350000, 1575000, 1800000, 2025000, 2250000, 2475000, 2700000];
const DRUID_XP = [0, 2000, 4000, 7500, 12500, 20000, 35000, 60000, 90000, 125000, 200000, 300000, 750000, 1500000];
const THIEF_XP = [0, 1250, 2500, 5000, 10000, 20000, 40000, 70000, 110000, 160000, 220000, 440000, 660000, 880000, 1100000, 1320000, 1540000, 1760000, 1980000, 2200000];

/** By `chassisId` (a class item's `system.chassisId`); specialist wizards are `mage` with a school. */
export const ADND2E_CLASSES: Readonly<Record<string, ClassRow>> = {
  fighter: { group: "warrior", xp: FIGHTER_XP, beyond: 250000 },
  paladin: { group: "warrior", xp: PALADIN_XP, beyond: 300000 },
  ranger: { group: "warrior", xp: PALADIN_XP, beyond: 300000 },
  mage: { group: "wizard", xp: MAGE_XP, beyond: 375000 },
  cleric: { group: "priest", xp: CLERIC_XP, beyond: 225000 },
  druid: { group: "priest", xp: DRUID_XP, beyond: 0 },
  thief: { group: "rogue", xp: THIEF_XP, beyond: 220000 },
  bard: { group: "rogue", xp: THIEF_XP, beyond: 220000 },
};

/** The level a class item's XP has reached (adnd2e `levelForXp`): the highest table level it meets, then one per `beyond` XP past 20. */
export function levelForXp(row: ClassRow, xp: number): number {
  const top = row.xp[row.xp.length - 1] as number;
  if (xp >= top) return row.xp.length + (row.xp.length === 20 && row.beyond > 0 ? Math.floor((xp - top) / row.beyond) : 0);
  let level = 1;
  for (let i = 1; i < row.xp.length; i++) {
    if (xp >= (row.xp[i] as number)) level = i + 1;
    else break;
  }
  return level;
}

/** The XP a class needs for a level (the inverse of `levelForXp`); past the table, `beyond` XP a level. */
export function xpForLevel(row: ClassRow, level: number): number {
  const top = row.xp[row.xp.length - 1] as number;
  if (level <= row.xp.length) return row.xp[Math.max(0, level - 1)] as number;
  return row.beyond > 0 ? top + (level - row.xp.length) * row.beyond : Number.MAX_SAFE_INTEGER;
}

/** PHB Table 53, levels 1-20, by group; Table 54 (points per levels) past 20. */
const THAC0_53: Readonly<Record<Adnd2eGroup, readonly number[]>> = {
  priest: [20, 20, 20, 18, 18, 18, 16, 16, 16, 14, 14, 14, 12, 12, 12, 10, 10, 10, 8, 8],
  rogue: [20, 20, 19, 19, 18, 18, 17, 17, 16, 16, 15, 15, 14, 14, 13, 13, 12, 12, 11, 11],
  warrior: [20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1],
  wizard: [20, 20, 20, 19, 19, 19, 18, 18, 18, 17, 17, 17, 16, 16, 16, 15, 15, 15, 14, 14],
};
const THAC0_54: Readonly<Record<Adnd2eGroup, readonly [number, number]>> = { warrior: [1, 1], priest: [2, 3], rogue: [1, 2], wizard: [1, 3] };

export function thac0For(group: Adnd2eGroup, level: number): number {
  const l = Math.max(1, level);
  if (l <= 20) return THAC0_53[group][l - 1] as number;
  const [points, per] = THAC0_54[group];
  return (THAC0_53[group][19] as number) - Math.floor(((l - 20) * points) / per);
}

/** PHB Table 60, the breath-weapon column: [from level, target] bands by group. */
const SAVE_BW: Readonly<Record<Adnd2eGroup, ReadonlyArray<readonly [number, number]>>> = {
  priest: [[1, 16], [4, 15], [7, 13], [10, 12], [13, 11], [16, 10], [19, 8]],
  rogue: [[1, 16], [5, 15], [9, 14], [13, 13], [17, 12], [21, 11]],
  warrior: [[0, 20], [1, 17], [3, 16], [5, 13], [7, 12], [9, 9], [11, 8], [13, 5], [15, 4], [17, 4]],
  wizard: [[1, 15], [6, 13], [11, 11], [16, 9], [21, 7]],
};

/** The d20 a save vs breath weapon needs, before modifiers (adnd2e `saveBaseTarget`). */
export function breathSaveFor(group: Adnd2eGroup, level: number): number {
  const bands = SAVE_BW[group];
  let target = (bands[0] as readonly [number, number])[1];
  for (const [from, value] of bands) {
    if (from <= level) target = value;
    else break;
  }
  return target;
}

/** PHB Table 8: a race item's `raceId` ability adjustments. */
export const ADND2E_RACE_ADJUSTMENTS: Readonly<Record<string, Readonly<Partial<Record<"str" | "dex" | "con" | "int" | "wis" | "cha", number>>>>> = {
  human: {},
  "half-elf": {},
  dwarf: { con: 1, cha: -1 },
  elf: { dex: 1, con: -1 },
  gnome: { int: 1, wis: -1 },
  halfling: { dex: 1, str: -1 },
};

/** PHB Table 1's hit probability (the 2e column: Str 1 is -5, 2 and 3 are -3). */
export function strengthHitProbability(score: number, exceptional?: number): number {
  if (score === 18 && exceptional !== undefined) return exceptional >= 100 ? 3 : exceptional >= 51 ? 2 : 1;
  const byScore: Readonly<Record<number, number>> = { 1: -5, 2: -3, 3: -3, 4: -2, 5: -2, 6: -1, 7: -1, 17: 1, 18: 1, 19: 3, 20: 3, 21: 4, 22: 4, 23: 5, 24: 6, 25: 7 };
  return byScore[score] ?? 0;
}
