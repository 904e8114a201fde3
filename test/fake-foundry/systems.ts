/**
 * Game systems the fake can run: what each does that the module meets. A system registers its
 * hooks before any module (systems load first), may rebuild CONFIG.statusEffects, draws its actor
 * sheets as ApplicationV1 or ApplicationV2, and checks actor data with its own data model.
 */
import type { FakeActor, FakeClient } from "./world.ts";
import { ADND2E_EXTRA_IDS, DND5E_STATUS_IDS } from "./statuses.ts";

type Data = Record<string, unknown>;

export interface FakeSystem {
  readonly id: string;
  readonly title: string;
  readonly sheets: "v1" | "v2";
  /** The system's own hooks, registered on each client before the module's. */
  register?(client: FakeClient): void;
  /** Checks (and may clean) an actor's data after an update; throws to refuse it. */
  validateActor?(actor: FakeActor, data: Data): Data;
  /** Gives an actor's system data what the system's data model adds (its schema). */
  decorate?(actor: FakeActor): void;
}

/** [C-28] A system data model's schema: `actor.system.schema.getField(path)` with the field's `min`. */
function withSchema(fieldMins: Readonly<Record<string, number>>): (actor: FakeActor) => void {
  return (actor) => {
    Object.defineProperty(actor.system, "schema", { value: { getField: (path: string) => (path in fieldMins ? { min: fieldMins[path] } : undefined) }, enumerable: false, configurable: true });
  };
}

/** A system the module does not know, with core's statuses and ApplicationV2 sheets. */
export const GENERIC: FakeSystem = { id: "worldbuilding", title: "Simple Worldbuilding", sheets: "v2" };

function hpOf(data: Data): { value?: unknown } | undefined {
  return ((data.system as Data | undefined)?.attributes as Data | undefined)?.hp as { value?: unknown } | undefined;
}

/**
 * [C-25] dnd5e: rebuilds CONFIG.statusEffects from its conditions in i18nInit; ApplicationV2
 * sheets; hit points may not go below 0 (the field's `min`). How core meets a value below it is
 * unknown, so it is a switch: refused (the update throws) or held at 0 (cleaned); and whether
 * the module can read the schema's minimum is a switch too.
 */
export function dnd5eLike(hpBelowZero: "refuse" | "clamp" = "refuse", schema = true): FakeSystem {
  return {
    id: "dnd5e",
    ...(schema ? { decorate: withSchema({ "attributes.hp.value": 0, "attributes.hp.max": 0 }) } : {}),
    title: "Dungeons & Dragons Fifth Edition",
    sheets: "v2",
    register(client) {
      client.Hooks.once("i18nInit", () => {
        // Some of dnd5e's conditions carry effect data of their own (a static id, changes); the
        // values here are stand-ins: only that they travel with the status matters.
        client.CONFIG.statusEffects = DND5E_STATUS_IDS.map((id) => ({
          id,
          name: `DND5E.Con${id[0]?.toUpperCase()}${id.slice(1)}`,
          img: `systems/dnd5e/icons/svg/statuses/${id}.svg`,
          ...(id === "prone" ? { _id: "dnd5eprone000000", changes: [{ key: "system.attributes.movement.walk", mode: 1, value: "0.5" }] } : {}),
        }));
      });
    },
    validateActor(_actor, data) {
      const hp = hpOf(data);
      if (typeof hp?.value === "number" && hp.value < 0) {
        if (hpBelowZero === "refuse") throw new Error("DataModelValidationError: system.attributes.hp.value: must be greater than or equal to 0");
        hp.value = 0;
      }
      return data;
    },
  };
}

/** [C-26] OSE: ApplicationV1 sheets, core's statuses, hit points at system.hp. */
export const OSE_LIKE: FakeSystem = { id: "ose", title: "Old-School Essentials", sheets: "v1" };

/** [C-27] adnd2e: ApplicationV2 sheets; core's statuses plus its own held and grappling. */
export const ADND2E_LIKE: FakeSystem = {
  id: "adnd2e",
  title: "AD&D 2nd Edition",
  sheets: "v2",
  register(client) {
    client.Hooks.once("init", () => {
      const list = client.CONFIG.statusEffects;
      for (const id of ADND2E_EXTRA_IDS) {
        const entry = { id, name: `ADND2E.${id}`, img: `systems/adnd2e/icons/${id}.svg` };
        if (Array.isArray(list)) list.push(entry);
        else list[id] = entry;
      }
    });
  },
};
