/**
 * The least of Foundry a browser page needs to load the built module and show a chat card:
 * hooks, a GM user, localization from lang/en.json, the card template through Handlebars,
 * and documents that record what the module asks of them.
 */
import Handlebars from "handlebars";
import lang from "../../lang/en.json";
import cardTemplate from "../../templates/chat-card.hbs?raw";
import roundTemplate from "../../templates/round-card.hbs?raw";
import massTemplate from "../../templates/mass-charge-card.hbs?raw";
import dialogTemplate from "../../templates/action-dialog.hbs?raw";

type Fn = (...args: unknown[]) => unknown;
type Data = Record<string, unknown>;

function getProperty(obj: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>((o, k) => (o !== null && typeof o === "object" ? (o as Data)[k] : undefined), obj);
}

export const calls: Array<{ what: string; data: unknown }> = [];
const hooks = new Map<string, Fn[]>();

/** The hold half the card's undo record says its result made, still on the actor (the module's own: undo removes only those). */
const heldHold = { record: { id: "h", holderId: "Scene.s.Token.ogre", heldId: "Scene.s.Token.fighter", label: "WC.Part.body", data: {} }, role: "held", twinUuid: "Actor.ogre.ActiveEffect.HOLDERhalf000001", variant: "d12-holds" };
const heldHalf = { id: "HELDhalf00000001", flags: { "weaponless-combat": { hold: heldHold } }, getFlag: (_scope: string, key: string) => (key === "hold" ? heldHold : undefined) };

export const stubActor = {
  id: "stubActor0000001",
  uuid: "Actor.stubActor0000001",
  // As Foundry's Collection: looked up by id, and iterating it gives the documents (its values).
  effects: {
    has: (id: string) => id === heldHalf.id,
    get: (id: string) => (id === heldHalf.id ? heldHalf : undefined),
    *[Symbol.iterator]() {
      yield heldHalf;
    },
  },
  update: async (data: unknown) => {
    calls.push({ what: "actor.update", data });
  },
  deleteEmbeddedDocuments: async (_kind: string, ids: string[]) => {
    calls.push({ what: "actor.deleteEffects", data: ids });
  },
  createEmbeddedDocuments: async () => [],
};

export function installFoundryStub(): void {
  const g = globalThis as unknown as Data;
  const compiled: Record<string, Handlebars.TemplateDelegate> = {
    "chat-card": Handlebars.compile(cardTemplate),
    "round-card": Handlebars.compile(roundTemplate),
    "mass-charge-card": Handlebars.compile(massTemplate),
    "action-dialog": Handlebars.compile(dialogTemplate),
  };
  g.Hooks = {
    on: (name: string, fn: Fn) => hooks.set(name, [...(hooks.get(name) ?? []), fn]),
    once: (name: string, fn: Fn) => hooks.set(name, [...(hooks.get(name) ?? []), fn]),
    callAll: (name: string, ...args: unknown[]) => {
      for (const fn of hooks.get(name) ?? []) fn(...args);
      return true;
    },
  };
  const modules = new Map<string, Data>([["weaponless-combat", { id: "weaponless-combat" }]]);
  g.game = {
    user: { id: "gm", isGM: true },
    users: { activeGM: { isSelf: true }, some: () => false, filter: () => [] },
    // The chat log's messages (a collection one iterates): none but the card under test.
    messages: Object.assign([], { get: () => undefined }),
    i18n: {
      has: (key: string) => typeof getProperty(lang, key) === "string",
      localize: (key: string) => (typeof getProperty(lang, key) === "string" ? (getProperty(lang, key) as string) : key),
      format: (key: string, data: Record<string, string>) => {
        const v = getProperty(lang, key);
        return typeof v === "string" ? v.replace(/\{(\w+)\}/g, (_m, k: string) => data[k] ?? "") : key;
      },
    },
    // A setting reads as Foundry gives it: the hit-point paths empty (the system's own), the rest off.
    settings: { register: () => undefined, registerMenu: () => undefined, get: (_ns: string, key: string) => (key === "hpPath" || key === "hpMaxPath" ? "" : key === "variant" ? "d12-holds" : false) },
    modules,
    combats: [],
    // The scenes collection (iterated, and looked up by id): the one scene, whose flags hold the ledger.
    scenes: Object.assign([stubScene], { has: (id: string) => id === stubScene.id, get: (id: string) => (id === stubScene.id ? stubScene : undefined) }),
  };
  g.CONFIG = {
    statusEffects: [],
    // World actors' data goes out in one Actor.updateDocuments request.
    Actor: { documentClass: { updateDocuments: async (updates: unknown) => calls.push({ what: "actor.update", data: updates }) } },
  };
  g.ui = { notifications: { info: () => undefined, warn: (m: string) => calls.push({ what: "warn", data: m }), error: () => undefined } };
  g.fromUuidSync = () => stubActor;
  g.foundry = {
    utils: { getProperty },
    // No token documents here: a card's follow-up buttons find no creature to serve and stay hidden.
    documents: { TokenDocument: class {} },
    applications: {
      handlebars: {
        renderTemplate: async (path: string, data: Data) => (compiled[path.replace(/^.*\//, "").replace(/\.hbs$/, "")] ?? compiled["chat-card"])?.(data) ?? "",
        loadTemplates: async () => undefined,
      },
      // The settings menus' window classes are made at init; this page opens none.
      api: { ApplicationV2: class {}, HandlebarsApplicationMixin: (base: unknown) => base },
    },
  };
}

/** The one scene: its flags are the GM-only ledger (a test names its cards there); an update is recorded and merged as Foundry merges dotted keys. */
export const stubScene = {
  documentName: "Scene",
  id: "s",
  flags: { "weaponless-combat": { cards: {} as Record<string, unknown> } },
  update: async (data: Data) => {
    calls.push({ what: "scene.update", data });
    for (const [path, value] of Object.entries(data)) {
      const keys = path.split(".");
      let at = stubScene as unknown as Data;
      for (const k of keys.slice(0, -1)) at = (at[k] ??= {}) as Data;
      const last = keys.at(-1) ?? "";
      if (last.startsWith("-=")) delete at[last.slice(2)];
      else at[last] = value;
    }
  },
};

export function callHook(name: string, ...args: unknown[]): void {
  (globalThis as unknown as { Hooks: { callAll: Fn } }).Hooks.callAll(name, ...args);
}
