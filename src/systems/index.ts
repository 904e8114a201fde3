/**
 * The systems layer: an actor's plain data in, each variant's combatant profile out, with where
 * every value came from. One descriptor per host system (paths as data), chosen by the system's
 * id; any other system falls back to the generic reader. Pure: no Foundry, DOM or Node types
 * (tsconfig.systems.json checks it alone).
 */
import { RulesInputError } from "../rules/core/errors.ts";
import { RULES_VARIANTS } from "../rules/variants.ts";
import { adnd2e } from "./adnd2e.ts";
import { ars } from "./ars.ts";
import { dcc } from "./dcc.ts";
import { dnd5e } from "./dnd5e.ts";
import { generic } from "./generic.ts";
import { ose } from "./ose.ts";
import { shadowdark } from "./shadowdark.ts";
import type { ReadProfile, VariantKey } from "./profiles.ts";
import { PROFILE_BUILDERS, VARIANT_KEYS } from "./profiles.ts";
import { at, isObj } from "./read.ts";
import type { ActorData, Reason, SourceKind, SystemDescriptor, SystemSettings } from "./types.ts";

export * from "./types.ts";
export type { ReadProfile, VariantKey } from "./profiles.ts";
export { VARIANT_KEYS } from "./profiles.ts";
export { NOT_ON_SHEETS, BODY_BY_SIZE, MONSTER_STRENGTH_BY_SIZE } from "./fill.ts";
export { FOUNDRY_STATUSES } from "./statuses.ts";
export type { AttackGrab, GrabMark, GrabOverride, GrabbingAttack } from "./grabs.ts";
export { GRAB_WORDS, applyGrabMarks, checkGrabOverrides, grabDiceText, grabsInForce, parseGrabDice, readGrabs } from "./grabs.ts";

/** Every system the layer reads, by its id. */
export const SYSTEMS: Readonly<Record<string, SystemDescriptor>> = { ars, ose, adnd2e, dnd5e, shadowdark, dcc, generic };

/** The descriptor serving a `game.system.id`, or undefined for a system the layer does not know. */
export function knownSystem(systemId: string): SystemDescriptor | undefined {
  return Object.values(SYSTEMS).find((s) => s.systemIds.includes(systemId) || s.id === systemId);
}

/** The descriptor for a `game.system.id`: its own, else the generic one. */
export function systemFor(systemId: string): SystemDescriptor {
  return knownSystem(systemId) ?? generic;
}

/** The system an export was made in: Foundry writes it into `_stats.systemId`. */
export function detectSystemId(data: unknown): string | undefined {
  const id = at(data, "_stats.systemId");
  return typeof id === "string" && id.length > 0 ? id : undefined;
}

/** Data that is not an actor, or a GM value that does not fit: names the field and says why. */
export class CreatureDataError extends Error {
  override name = "CreatureDataError";
  constructor(
    readonly field: string,
    readonly code: string,
    readonly params: Readonly<Record<string, string | number>> = {},
  ) {
    super(`${field}: ${code}${Object.keys(params).length > 0 ? " " + JSON.stringify(params) : ""}`);
  }
}

/** Checks that data is an actor export: an object with a `system` object (and text `type`, `name` where given). */
export function asActor(data: unknown): ActorData {
  if (!isObj(data)) throw new CreatureDataError("actor", "notAnObject");
  if (!isObj(data.system)) throw new CreatureDataError("system", data.system === undefined ? "missing" : "notAnObject");
  if (data.type !== undefined && typeof data.type !== "string") throw new CreatureDataError("type", "notText");
  if (data.name !== undefined && typeof data.name !== "string") throw new CreatureDataError("name", "notText");
  return data as ActorData;
}

export interface CreatureReading extends ReadProfile {
  readonly system: string;
  readonly variant: VariantKey;
}

export interface ReadOptions {
  readonly system: SystemDescriptor;
  readonly variant: VariantKey;
  /** The id the rules know the creature by (a token's UUID); the actor's own id by default. */
  readonly id?: string;
  readonly settings?: SystemSettings;
  /** The GM's own values for this variant, by top-level profile field: each wins over the sheet. */
  readonly overrides?: unknown;
}

/**
 * Reads a creature for a variant: the sheet's values, defaults with their reasons, then the GM's
 * overrides field by field. The result always passes the variant's own check; an override that
 * does not fit is reported as a CreatureDataError naming it.
 */
export function readCreature(data: unknown, options: ReadOptions): CreatureReading {
  const actor = asActor(data);
  const id = options.id ?? (typeof actor._id === "string" && actor._id.length > 0 ? actor._id : "actor");
  const facts = options.system.facts(actor, options.settings ?? {});
  const read = PROFILE_BUILDERS[options.variant](id, facts);
  const variant = RULES_VARIANTS[options.variant];
  if (!variant) throw new CreatureDataError("variant", "unknownVariant", { variant: options.variant });
  // What the sheet gives is made to fit, so this check guards the layer itself.
  check(variant.validateProfile.bind(variant), id, read.profile, "profile");
  const profile = { ...read.profile };
  const sources: Record<string, SourceKind> = { ...read.sources };
  const reasons: Record<string, Reason> = { ...read.reasons };
  if (isObj(options.overrides)) {
    for (const [field, value] of Object.entries(options.overrides)) {
      if (field === "id" || value === undefined) continue;
      profile[field] = value;
      sources[field] = "override";
      delete reasons[field];
    }
    check(variant.validateProfile.bind(variant), id, profile, "override");
  }
  return { system: options.system.id, variant: options.variant, profile, sources, reasons };
}

function check(validate: (id: string, p: unknown, path: string) => unknown, id: string, profile: unknown, path: string): void {
  try {
    validate(id, profile, path);
  } catch (e) {
    if (e instanceof RulesInputError) {
      const first = e.issues[0];
      throw new CreatureDataError(first?.path ?? path, first?.code ?? "invalid", first?.params ?? {});
    }
    throw e;
  }
}

export function isVariantKey(v: string): v is VariantKey {
  return (VARIANT_KEYS as readonly string[]).includes(v);
}
