/**
 * The actor-data port: where a creature's weaponless profile, hit points and temporary damage
 * live. The profile is stored per variant in the actor's module flags; hit points are read
 * from the paths set in the settings; temporary damage is a number in the module flags.
 */
import type { Ledger, RulesVariant } from "../rules/index.ts";
import { MODULE_ID } from "./constants.ts";
import { hpPaths } from "./settings.ts";
import type { VariantId } from "./types.ts";

export interface StoredProfile {
  readonly profile: Record<string, unknown>;
  /** False when the actor has no profile for this variant and the defaults stand in. */
  readonly stored: boolean;
}

export function readProfile(actor: Actor.Implementation, variant: RulesVariant): StoredProfile {
  const all = actor.getFlag(MODULE_ID, "profile") ?? {};
  const mine = all[variant.id];
  return mine ? { profile: mine, stored: true } : { profile: variant.defaultProfile(), stored: false };
}

export async function writeProfile(actor: Actor.Implementation, variant: VariantId, profile: Record<string, unknown>): Promise<void> {
  await actor.update({ [`flags.${MODULE_ID}.profile.${variant}`]: profile });
}

function numberAt(actor: Actor.Implementation, path: string): number | null {
  const v = foundry.utils.getProperty(actor, path);
  return typeof v === "number" && Number.isFinite(v) ? v : null;
}

/** The ledger the core reads: actual damage is what the hit points are down by. */
export function readLedger(actor: Actor.Implementation): Ledger | null {
  const paths = hpPaths();
  const hp = numberAt(actor, paths.value);
  const max = numberAt(actor, paths.max);
  if (hp === null || max === null || max < 1) return null;
  return { maxHp: Math.round(max), actual: Math.max(0, Math.round(max - hp)), temporary: Math.max(0, actor.getFlag(MODULE_ID, "temporary") ?? 0) };
}

/** The update that records damage: actual off the hit points, temporary into the ledger. */
export function damageUpdate(actor: Actor.Implementation, actual: number, temporary: number): Record<string, unknown> {
  const update: Record<string, unknown> = {};
  const paths = hpPaths();
  if (actual !== 0) {
    const hp = numberAt(actor, paths.value);
    if (hp !== null) update[paths.value] = hp - actual;
  }
  if (temporary !== 0) update[`flags.${MODULE_ID}.temporary`] = Math.max(0, (actor.getFlag(MODULE_ID, "temporary") ?? 0) + temporary);
  return update;
}
