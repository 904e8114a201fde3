/**
 * The ordinary values the systems layer fills in, read from each variant's own default profile
 * (`defaultCombatant`, what `defaultProfile()` gives): a field no host system keeps takes its
 * variant's default, and a fact a sheet lacks takes the default of the variant that reads it.
 * No value is restated here, so the form's defaults and the filled-in values cannot drift apart
 * (test/systems/ordinary.test.ts holds every filled field to its variant's default profile).
 */
import type { ToHitSource } from "../rules/core/to-hit.ts";
import type { D12Combatant } from "../rules/d12-holds/profile.ts";
import { defaultCombatant as d12Default } from "../rules/d12-holds/profile.ts";
import type { GdCombatant } from "../rules/grapple-die/profile.ts";
import { defaultCombatant as gdDefault } from "../rules/grapple-die/profile.ts";
import type { PercentileCombatant } from "../rules/percentile/profile.ts";
import { defaultCombatant as percentileDefault } from "../rules/percentile/profile.ts";

/** Frozen all the way down: these are shared by every profile read. */
function frozen<T>(v: T): T {
  if (v && typeof v === "object") Object.values(v).forEach(frozen);
  return Object.freeze(v);
}

/** Each variant's default profile, as its profile fields are filled. */
export const D12_ORDINARY: D12Combatant = frozen(d12Default("ordinary"));
export const GRAPPLE_DIE_ORDINARY: GdCombatant = frozen(gdDefault("ordinary"));
export const PERCENTILE_ORDINARY: PercentileCombatant = frozen(percentileDefault("ordinary"));
const PERCENTILE_MONSTER: PercentileCombatant = frozen(percentileDefault("ordinary", { kind: "monster" }));

function given<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`the default profile has no ${what}`);
  return value;
}

function thac0Of(toHit: ToHitSource): number {
  if (toHit.kind !== "thac0") throw new Error("the default profile's to-hit is no THAC0");
  return toHit.thac0;
}

/**
 * The ordinary value of each fact a sheet may lack, from the variant whose field it fills (the
 * others that read the fact have the same default, as the test checks).
 */
export const ORDINARY_FACTS = {
  size: D12_ORDINARY.size,
  /** Percentile is the variant that needs a Strength score when the sheet gives none. */
  strength: PERCENTILE_ORDINARY.strength,
  dexterity: PERCENTILE_ORDINARY.dexterity,
  dexAcAdjustment: D12_ORDINARY.dexAcAdjustment,
  magicProtection: D12_ORDINARY.magicProtection,
  helmet: PERCENTILE_ORDINARY.helmet,
  movement: D12_ORDINARY.movement,
  holdReach: given(D12_ORDINARY.holdReach, "hold reach"),
  flight: D12_ORDINARY.flight,
  level: given(PERCENTILE_ORDINARY.level, "level"),
  classGroup: given(PERCENTILE_ORDINARY.classGroup, "class group"),
  monkLevel: D12_ORDINARY.monkLevel,
  hitDice: given(PERCENTILE_MONSTER.hitDice, "monster hit dice"),
  attacksPerRound: D12_ORDINARY.attacksPerRound,
  thac0: thac0Of(D12_ORDINARY.toHit),
  intelligence: D12_ORDINARY.intelligence,
  saveVsBreath: GRAPPLE_DIE_ORDINARY.saveVsBreath,
  arms: D12_ORDINARY.arms,
  legs: D12_ORDINARY.legs,
} as const;
