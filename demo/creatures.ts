/**
 * The creatures on the demo's table, each made from an actor export of a host system (the same
 * fixtures the systems layer's tests read, test/systems/fixtures/): an ARS fighter the player
 * runs, an OSE ogre, a pack of dnd5e goblins and an adnd2e griffon that flies.
 *
 * The page's world runs no host system, and one world has one. So each creature's profile is read
 * here, by its own system's reader in the module's systems layer, for every rule set, and kept on
 * the actor as the GM's values (`flags.weaponless-combat.profile`): the shell then fights with
 * exactly what the ARS, OSE, dnd5e or adnd2e sheet gives. Hit points come from the export and are
 * kept where a world without a known system keeps them (`system.attributes.hp`).
 */
import type { ActorData } from "../src/systems/index.ts";
import { VARIANT_KEYS, readCreature, systemFor } from "../src/systems/index.ts";
import ars from "../test/systems/fixtures/ars/fighter-18-76.json";
import ose from "../test/systems/fixtures/ose/ogre.json";
import dnd5e from "../test/systems/fixtures/dnd5e/goblin.json";
import adnd2e from "../test/systems/fixtures/adnd2e/griffon.json";

export interface CreatureSpec {
  /** The host system it was exported from. */
  readonly system: string;
  /** Which fixture it was made from, shown on the page. */
  readonly source: string;
  readonly name: string;
  readonly type: string;
  readonly hp: { value: number; max: number };
  /** The rules' profile for each rule set, as the host system's reader gives it. */
  readonly profiles: Record<string, Record<string, unknown>>;
  readonly size: { width: number; height: number };
}

function at(o: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>((x, k) => (x !== null && typeof x === "object" ? (x as Record<string, unknown>)[k] : undefined), o);
}

function spec(systemId: string, title: string, file: string, data: unknown): CreatureSpec {
  const actor = data as ActorData & { name: string; type: string; prototypeToken?: { width?: number; height?: number } };
  const system = systemFor(systemId);
  const paths = system.hitPoints(actor.type);
  const strip = (path: string) => path.replace(/^system\./, "");
  const value = Number(at(actor.system, strip(paths.value)) ?? 1);
  const max = Number(at(actor.system, strip(paths.max)) ?? value);
  const profiles: Record<string, Record<string, unknown>> = {};
  for (const variant of VARIANT_KEYS) {
    const { profile } = readCreature(actor, { system, variant, settings: systemId === "ose" ? { ascendingAC: false } : {} });
    const rest = { ...profile };
    delete rest.id;
    profiles[variant] = rest;
  }
  return {
    system: title,
    source: `${title}, test/systems/fixtures/${file}`,
    name: actor.name,
    type: actor.type,
    hp: { value: Number.isFinite(value) ? value : 1, max: Number.isFinite(max) ? max : 1 },
    profiles,
    size: { width: actor.prototypeToken?.width ?? 1, height: actor.prototypeToken?.height ?? 1 },
  };
}

export const FIGHTER = spec("ars", "ARS", "ars/fighter-18-76.json", ars);
export const OGRE = spec("ose", "OSE", "ose/ogre.json", ose);
export const GOBLIN = spec("dnd5e", "dnd5e", "dnd5e/goblin.json", dnd5e);
export const FLIER = spec("adnd2e", "adnd2e", "adnd2e/griffon.json", adnd2e);
