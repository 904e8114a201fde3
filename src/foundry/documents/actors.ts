/**
 * The actor-data port: where a creature's weaponless profile, hit points and temporary damage
 * live. The profile is read from the host system's sheet (src/systems, through creature.ts),
 * with the GM's own values per field, stored per variant in the actor's module flags, over it.
 * Hit points and temporary damage live where the host system keeps them (the settings' paths
 * are the GM's override); temporary damage is a number in the module flags where the system has
 * no field for it.
 */
import type { Ledger, RulesVariant } from "../../rules/index.ts";
import type { Reason, SourceKind } from "../../systems/index.ts";
import { MODULE_ID } from "../base/constants.ts";
import { deletion } from "../world/compat.ts";
import { creatureView, filledIn, hitPointPaths } from "./creature.ts";
import { temporaryByGM } from "./marks.ts";
import type { VariantId } from "../base/types.ts";

export interface StoredProfile {
  readonly profile: Record<string, unknown>;
  /** False when nothing was read for this creature: no sheet the module knows and no GM values. */
  readonly stored: boolean;
  readonly sources: Record<string, SourceKind>;
  readonly reasons: Record<string, Reason>;
  /** The values filled in rather than read, with why. */
  readonly filled: ReadonlyArray<{ field: string; reason: Reason }>;
  /** The sheet's reading alone, before the GM's values. */
  readonly read: Record<string, unknown>;
  readonly overrides: Record<string, unknown>;
}

export function readProfile(actor: Actor.Implementation, variant: RulesVariant, token?: TokenDocument.Implementation | null): StoredProfile {
  const v = creatureView(actor, variant, token);
  const stored = v.system !== "generic" || Object.keys(v.overrides).length > 0;
  return { profile: v.profile, stored, sources: v.sources, reasons: v.reasons, filled: filledIn(v), read: v.read, overrides: v.overrides };
}

/**
 * Stores the GM's values for a variant: each field in `overrides` is set, each of `cleared` that
 * was stored is removed (v14's deletion operator, v13's "-=" key), so the sheet's value returns;
 * one update.
 */
export async function writeProfile(actor: Actor.Implementation, variant: VariantId, overrides: Record<string, unknown>, cleared: readonly string[] = []): Promise<void> {
  const base = `flags.${MODULE_ID}.profile.${variant}`;
  const update: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(overrides)) update[`${base}.${k}`] = v;
  for (const k of cleared) {
    if (k in overrides) continue;
    const [key, value] = deletion(base, k);
    update[key] = value;
  }
  if (Object.keys(update).length > 0) await actor.update(update);
}

function numberAt(actor: Actor.Implementation, path: string): number | null {
  const v = foundry.utils.getProperty(actor, path);
  return typeof v === "number" && Number.isFinite(v) ? v : null;
}

/** The ledger the core reads: actual damage is what the hit points are down by. */
export function readLedger(actor: Actor.Implementation): Ledger | null {
  const paths = hitPointPaths(actor);
  const hp = numberAt(actor, paths.value);
  const max = numberAt(actor, paths.max);
  if (hp === null || max === null || max < 1) return null;
  return { maxHp: Math.round(max), actual: Math.max(0, Math.round(max - hp)), temporary: temporaryOf(actor, paths.temporary) };
}

/**
 * Temporary damage: in the system's own field where it has one (adnd2e's non-lethal), else the
 * module's flag, as the GM's writes left it (documents/marks.ts: the flag on a player's creature
 * is its owner's to rewrite; issue 33).
 */
function temporaryOf(actor: Actor.Implementation, path: string | null): number {
  const v = path === null ? (temporaryByGM(actor) ?? actor.getFlag(MODULE_ID, "temporary") ?? 0) : (numberAt(actor, path) ?? 0);
  return Math.max(0, Math.round(v));
}

/** Where this creature's temporary damage is written: the host system's path (adnd2e's non-lethal), else the module's flag. */
export function temporaryPath(actor: Actor.Implementation): string {
  return hitPointPaths(actor).temporary ?? `flags.${MODULE_ID}.temporary`;
}

/** The update that records damage: actual off the hit points, temporary into the ledger. */
export function damageUpdate(actor: Actor.Implementation, actual: number, temporary: number): Record<string, unknown> {
  const update: Record<string, unknown> = {};
  const paths = hitPointPaths(actor);
  if (actual !== 0) {
    const hp = numberAt(actor, paths.value);
    if (hp !== null) update[paths.value] = hp - actual;
  }
  if (temporary !== 0) update[temporaryPath(actor)] = Math.max(0, temporaryOf(actor, paths.temporary) + temporary);
  return update;
}
