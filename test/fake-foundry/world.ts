/**
 * A typed fake of the Foundry v13/v14 pieces the shell uses: one server-side store of documents,
 * and any number of clients (browser tabs), each with its own `game`, `Hooks`, `CONFIG` and `ui`.
 * The globals the shell reads are getters that answer for the client whose code is running
 * (AsyncLocalStorage in Node, see host.ts), so a player's client and two GM tabs can run side by side.
 *
 * This file is the world (its switches, its users, actors, scenes and clients, and the globals)
 * and the one place tests import the fake from; the behaviours live in rooms by what they
 * imitate (README.md in this folder maps them).
 *
 * Every behaviour modelled in the fake is a claim about Foundry. Each carries a tag [C-nn] whose public
 * source is listed in docs/foundry-contract.md; where nobody knows how Foundry behaves, the
 * behaviour is a switch on the world (see FakeWorldOptions) and the tests run both ways.
 * Every server request is counted in `world.writes` (one entry per request, however many
 * documents it carries).
 */
import Handlebars from "handlebars";
import { Collection } from "./collection.ts";
import type { FakeSystem } from "./systems.ts";
import { GENERIC } from "./systems.ts";
import { FakeApplicationV2, HandlebarsApplicationMixin } from "./apps.ts";
import type { FakeGrid } from "./movement.ts";
import { fakeFoundryCanvas } from "./canvas.ts";
import { SQUARE_GRID } from "./movement.ts";
import { contextStore, moduleFile, nextTask } from "./host.ts";
import { makeActive, storage, world } from "./active.ts";
import type { Data } from "./data.ts";
import { FakeForcedDeletion, getProperty, randomID } from "./data.ts";
import { FakeUser, FakeUsers, ROLES } from "./users.ts";
import type { PreparedWrite, WriteOp } from "./writes.ts";
import { request, serve } from "./writes.ts";
import { modifyBatch } from "./batch.ts";
import { FakeActor, FakeItem } from "./documents.ts";
import { FakeScene, FakeToken, ScenesCollection } from "./scenes.ts";
import { FakeCombat, FakeCombatant } from "./combat.ts";
import { FakeRoll } from "./dice.ts";
import { FakeChatMessage } from "./chat.ts";
import type { DialogConfig } from "./dialogs.ts";
import { FakeDialog } from "./dialogs.ts";
import { FakeClient, FakeLockManager } from "./clients.ts";

// The rooms, re-exported so every test imports the fake from here (see README.md in this folder).
export { world } from "./active.ts";
export type { Data } from "./data.ts";
export { FakeForcedDeletion, getProperty, randomID } from "./data.ts";
export { FakeHooks } from "./hooks.ts";
export { FakeUser, ROLES } from "./users.ts";
export type { PreparedWrite, WriteOp } from "./writes.ts";
export { FakeActor, FakeEffect, FakeItem } from "./documents.ts";
export { FakeScene, FakeToken } from "./scenes.ts";
export { FakeCombat, FakeCombatant } from "./combat.ts";
export { FakeRoll } from "./dice.ts";
export { FakeChatMessage } from "./chat.ts";
export { FakeDialog } from "./dialogs.ts";
export type { StatusEntry } from "./clients.ts";
export { FakeClient, FakeLockManager } from "./clients.ts";
export type { FakeRulerWaypoint, FakeStyle, FakeTokenConfig } from "./ruler.ts";
export { FakeTokenRuler, labelText, plannedWaypoints } from "./ruler.ts";
export type { DsnOptions, FakeDice3D, Throw } from "./dice-so-nice.ts";
export { DSN, withDiceSoNice } from "./dice-so-nice.ts";
export type { FakeTool } from "./controls.ts";
export { sceneControls } from "./controls.ts";

const lang = JSON.parse(moduleFile("lang/en.json")) as Data;
const templates = new Map<string, Handlebars.TemplateDelegate>();

export interface FakeWorldOptions {
  /** Foundry's major version the clients run. */
  readonly generation?: 13 | 14;
  /** The game system: its statuses, sheets and data rules. */
  readonly system?: FakeSystem;
  /**
   * Unknown: whether one refused value in `Actor.updateDocuments` writes none of the batch
   * ("all") or the others ("partial"). The shell must work either way.
   */
  readonly batchRefusal?: "all" | "partial";
  /** The build of that version (v14's batch API is used from 362). */
  readonly build?: number;
  /** Unknown: whether v14's modifyBatch takes an unlinked token's actor as a parent. */
  readonly batchSyntheticParents?: boolean;
  /**
   * Unknown: whether the server takes chat messages (a card made or changed, a request card
   * removed) in the same v14 batch as the rest. The module falls back to steps when it does not.
   */
  readonly batchChatMessages?: boolean;
  /**
   * [C-32] Unknown on v13: whether the server refuses a player's chat message *create* that sets
   * `author` to another user ("stamped": the creating user, whatever the data says), or keeps it
   * ("asGiven"). foundryvtt#14252 calls v14's refusal of such player-set fields "a regression from
   * v13". Edits are stamped either way (C-34).
   */
  readonly authorOnCreate?: "stamped" | "asGiven";
  /** Unknown: whether an update's own (custom) options reach the `operation` movement hooks receive. */
  readonly movementOptionsReachHooks?: boolean;
  /** Unknown: whether starting a planned movement (v14) passes through preMoveToken. */
  readonly plannedStartFiresPreMove?: boolean;
  /** [C-175] Unknown: whether a deleted token can be made again at its id (`keepId`): "kept" (the default) or "refused". */
  readonly tokenIdsReused?: "kept" | "refused";
  /**
   * [C-48] Which requests take time: "documents" (effects, actors and tokens' updates; chat
   * messages, combats and token deletions are answered at once, as the older tests expect) or
   * "all" (every request, so two tabs can race on any of them).
   */
  readonly latency?: "documents" | "all";
  /**
   * FAULT INJECTION, not a claim about Foundry: how many times one client receives one document
   * hook's broadcast (0 dropped, 1, 2 duplicated), and the document it is about. Unset: exactly
   * once, as Foundry sends it.
   */
  readonly delivery?: (hook: string, client: FakeClient, document?: unknown) => number;
  /** Document ids from this seed (the world's own count), so a world built twice has the same ids. */
  readonly idSeed?: number;
  /**
   * [C-56] Whether the browsers offer Web Locks (`navigator.locks`): they do on pages served over
   * HTTPS or from localhost, and not on a plain-HTTP page (a secure context only). Default: yes.
   */
  readonly webLocks?: boolean;
}

export class FakeWorld {
  readonly clients: FakeClient[] = [];
  readonly usersCollection = new FakeUsers(this);
  readonly actors = new Collection<FakeActor>();
  readonly scenes = new ScenesCollection();
  readonly combats = new Collection<FakeCombat>();
  readonly messages = new Collection<FakeChatMessage>();
  readonly modules = new Map<string, Data>([["weaponless-combat", { id: "weaponless-combat", active: true, version: "0.0.0-test" }]]);
  readonly settingValues = new Map<string, unknown>();
  /** Every server request, in order: one entry per request, however many documents it carries. */
  readonly writes: WriteOp[] = [];
  readonly dialogs: FakeDialog[] = [];
  /** Deprecation warnings Foundry would log (should stay empty). */
  readonly deprecations: string[] = [];
  /** Messages deleted, by id: who deleted each and its flags then (test bookkeeping). */
  readonly removedMessages = new Map<string, { by: string; flags: Data }>();
  /** Parents that had two requests in flight at once (should stay empty). */
  readonly overlaps: string[] = [];
  /** Requests on their way, by the parent they write (writes.ts). */
  readonly inFlight = new Map<string, Array<{ client: FakeClient; byHand: boolean }>>();
  /**
   * Each overlap: the tabs whose requests met, whether one came from a tab that had closed with
   * it on its way, and whether one was a person's own edit (`byHand`) rather than the module's.
   */
  readonly overlapDetails: Array<{ parent: string; clients: FakeClient[]; fromClosedTab: boolean; byHand: boolean }> = [];
  /** Set while a person edits by hand (byHand). */
  readonly hand = contextStore<boolean>();
  /** Errors from actors a "partial" batch left out, for the batch call to throw. */
  readonly partialFailures: unknown[] = [];
  /** [C-06] The world's permission table: the lowest role holding each permission. */
  readonly permissions: Record<string, number> = { MESSAGE_WHISPER: ROLES.PLAYER, TOKEN_CREATE: ROLES.TRUSTED };
  readonly generation: 13 | 14;
  readonly system: FakeSystem;
  readonly batchRefusal: "all" | "partial";
  readonly build: number;
  readonly batchSyntheticParents: boolean;
  readonly batchChatMessages: boolean;
  readonly authorOnCreate: "stamped" | "asGiven";
  readonly movementOptionsReachHooks: boolean;
  readonly plannedStartFiresPreMove: boolean;
  readonly tokenIdsReused: "kept" | "refused";
  readonly latency: "documents" | "all";
  readonly delivery: ((hook: string, client: FakeClient, document?: unknown) => number) | undefined;
  readonly idSeed: number | undefined;
  readonly webLocks: boolean;
  /** Each browser's Web Locks, by browser. */
  readonly browsers = new Map<string, FakeLockManager>();
  idCount = 0;
  /** Requests on their way to the server now (none: everything sent has been answered). */
  waiting = 0;
  /** Writes the server refused for want of permission: who asked, and for what. */
  readonly permissionRefusals: Array<{ user: string; what: string }> = [];
  time = 0;
  /** Answers each dialog the shell opens; by default presses its first button. */
  onDialog: (d: FakeDialog) => Promise<unknown> = (d) => d.press(d.config.buttons[0]?.action ?? "");
  private faces: Array<[number, number]> = [];
  /** The game system the world runs (game.system.id on every client): the system's own, unless set before connecting. */
  systemId: string;
  /** Faces for unscripted dice (tabs racing each other cannot share a script); else a fixed LCG. */
  fallbackFace: ((sides: number) => number) | null = null;
  private rng = 12345;

  /** [C-91] game.i18n: localize gives the key back when it has no text; format fills {name} from its data. */
  readonly i18n = {
    lang: "en",
    localize: (key: string): string => {
      const v = getProperty(lang, key);
      return typeof v === "string" ? v : key;
    },
    format: (key: string, data: Record<string, string> = {}): string => {
      const v = getProperty(lang, key);
      return typeof v === "string" ? v.replace(/\{(\w+)\}/g, (_m, k: string) => data[k] ?? `{${k}}`) : key;
    },
    has: (key: string): boolean => typeof getProperty(lang, key) === "string",
  };

  constructor(options: FakeWorldOptions = {}) {
    this.generation = options.generation ?? 13;
    this.system = options.system ?? GENERIC;
    this.batchRefusal = options.batchRefusal ?? "all";
    this.build = options.build ?? (this.generation === 13 ? 351 : 363);
    this.systemId = this.system.id;
    this.batchSyntheticParents = options.batchSyntheticParents ?? true;
    this.batchChatMessages = options.batchChatMessages ?? true;
    this.authorOnCreate = options.authorOnCreate ?? "stamped";
    this.movementOptionsReachHooks = options.movementOptionsReachHooks ?? true;
    this.plannedStartFiresPreMove = options.plannedStartFiresPreMove ?? true;
    this.tokenIdsReused = options.tokenIdsReused ?? "kept";
    this.latency = options.latency ?? "documents";
    this.delivery = options.delivery;
    this.idSeed = options.idSeed;
    this.webLocks = options.webLocks ?? true;
    makeActive(this);
    installGlobals();
  }

  current(): FakeClient {
    const c = storage.getStore();
    if (!c) throw new Error("fake: code ran outside any client");
    return c;
  }

  addUser(name: string, isGM: boolean, role: number = isGM ? ROLES.GAMEMASTER : ROLES.PLAYER): FakeUser {
    const u = new FakeUser(this, randomID(), name, role);
    this.usersCollection.set(u.id, u);
    return u;
  }

  /**
   * Opens a browser tab for `user`: the system's code and then the module's register their hooks
   * (a system is loaded before modules), and the lifecycle hooks run in order. [C-43]
   */
  connect(user: FakeUser, register: () => void, options: { browser?: string; document?: Document } = {}): FakeClient {
    // A user's tabs are in one browser unless told otherwise.
    const browser = options.browser ?? user.id;
    if (!this.browsers.has(browser)) this.browsers.set(browser, new FakeLockManager());
    const c = new FakeClient(this, user, this.browsers.get(browser) as FakeLockManager, options.document ?? null);
    const wasActive = user.active;
    this.clients.push(c);
    c.run(() => {
      this.system.register?.(c);
      register();
      for (const hook of ["init", "i18nInit", "setup", "ready"]) c.Hooks.callAll(hook);
    });
    // [C-44] userConnected(user, connected) on the other clients when a user comes or goes.
    if (!wasActive) for (const other of this.clients) if (other !== c) other.run(() => other.Hooks.callAll("userConnected", user, true));
    return c;
  }

  /**
   * Closes a tab. Its requests still on their way are never answered: `inFlight` says whether
   * the server had them ("applied": written, and their hooks reach the other tabs) or not
   * ("lost"). Its code may run on, but nothing it sends afterwards arrives.
   */
  disconnect(c: FakeClient, inFlight: "lost" | "applied" = "lost"): void {
    if (!this.clients.includes(c)) return;
    c.closed = inFlight;
    this.clients.splice(this.clients.indexOf(c), 1);
    c.locks.closed(c);
    if (!c.user.active) for (const other of this.clients) other.run(() => other.Hooks.callAll("userConnected", c.user, false));
  }

  addActor(
    name: string,
    system: Data,
    ownership: Record<string, number> = {},
    options: { type?: string; items?: ReadonlyArray<{ _id?: string; name?: string; type?: string; system?: Data; effects?: readonly Data[] }>; prototypeToken?: { width: number; height: number } } = {},
  ): FakeActor {
    const a = new FakeActor(this, randomID(), name, system, ownership, null, options.type ?? "character");
    if (options.prototypeToken) a.prototypeToken = { ...options.prototypeToken };
    for (const i of options.items ?? []) this.addItem(a, i.name ?? "", i.type ?? "", structuredClone(i.system ?? {}), i);
    this.actors.set(a.id, a);
    return a;
  }

  /** An item on the actor; `from` keeps an export's own item id (C-01) and embedded effects (C-150). */
  addItem(actor: FakeActor, name: string, type: string, system: Data, from: { _id?: string; effects?: readonly Data[] } = {}): FakeItem {
    const id = typeof from._id === "string" && /^[A-Za-z0-9]{16}$/.test(from._id) ? from._id : randomID();
    const i = new FakeItem(this, id, actor, name, type, system, structuredClone(from.effects ?? []));
    actor.items.set(i.id, i);
    return i;
  }

  /** [C-60] v13 from build 333, and v14, announce movements with preMoveToken and moveToken. */
  get movementHooks(): boolean {
    return this.generation >= 14 || this.build >= 333;
  }

  addScene(options: { grid?: Partial<FakeGrid> } = {}): FakeScene {
    const s = new FakeScene(this, randomID());
    s.grid = { ...SQUARE_GRID, ...options.grid };
    this.scenes.set(s.id, s);
    return s;
  }

  addToken(scene: FakeScene, actor: FakeActor, options: { linked?: boolean; name?: string; x?: number; y?: number; elevation?: number; disposition?: number; width?: number; height?: number } = {}): FakeToken {
    const t = new FakeToken(this, randomID(), scene, options.name ?? actor.name, actor, options.linked ?? true);
    t.elevation = options.elevation ?? 0;
    t.width = options.width ?? 1;
    t.height = options.height ?? 1;
    t.x = options.x ?? 0;
    t.y = options.y ?? 0;
    t.disposition = options.disposition ?? 0;
    scene.tokens.set(t.id, t);
    return t;
  }

  addCombat(tokens: FakeToken[], round = 1): FakeCombat {
    const c = new FakeCombat(this, randomID());
    c.round = round;
    for (const t of tokens) {
      const cb = new FakeCombatant(this, randomID(), c, t);
      c.combatants.set(cb.id, cb);
    }
    this.combats.set(c.id, c);
    for (const client of this.clients) client.ui.combat.viewed = c;
    return c;
  }

  /** Scripts the next dice: [sides, face] pairs, checked against what is rolled. */
  script(faces: Array<[number, number]>): void {
    this.faces.push(...faces);
  }
  get scriptedLeft(): number {
    return this.faces.length;
  }
  nextFace(sides: number): number {
    const next = this.faces.shift();
    if (next) {
      if (next[0] !== sides) throw new Error(`fake dice: d${sides} rolled where the script had d${next[0]}`);
      return next[1];
    }
    if (this.fallbackFace) return this.fallbackFace(sides);
    this.rng = (Math.imul(this.rng, 1103515245) + 12345) >>> 0;
    return 1 + (this.rng % sides);
  }

  count(op: WriteOp): void {
    this.writes.push(op);
  }

  /** [C-48, C-49] One server request (writes.ts). */
  async request(user: FakeUser, prepare: Array<() => PreparedWrite>, batch = false, messages: readonly string[] = []): Promise<void> {
    return request(this, user, prepare, batch, messages);
  }

  /** [C-48] A request carried out by `serve` (writes.ts). */
  async serve<T>(carry: () => T): Promise<T> {
    return serve(this, carry);
  }

  /**
   * FAULT INJECTION for v14's batch (C-46), asked once per batch with its operations:
   * `{ failAt: k }`: every dry run passes, operations before the k-th are written and broadcast,
   * and the k-th fails, so the batch rejects with those written (foundryvtt#14174); "empty": the
   * batch resolves with nothing written (a batch cancelled on its way: whether that rejects or
   * resolves empty is not documented). Null: the batch as it normally goes.
   */
  batchFault: ((operations: readonly Data[]) => { readonly failAt: number } | "empty" | null) | null = null;

  /** [C-46] v14's foundry.documents.modifyBatch (batch.ts). */
  async modifyBatch(operations: Data[]): Promise<unknown[]> {
    return modifyBatch(this, operations);
  }

  /** Runs `fn` as a person's own edit through Foundry's interface (not the module's), for `overlapDetails`. */
  byHand<T>(fn: () => T): T {
    return this.hand.run(true, fn);
  }

  /** [C-45] pre* hooks run on the client that asks, before the request; false cancels it. */
  preflight(user: FakeUser, hook: string, doc: unknown, changes: Data, options: Data): void {
    if (this.current().Hooks.call(hook, doc, changes, options, user.id) === false) throw new Error(`fake: ${hook} refused the change`);
  }

  /** [C-48] Runs a document hook on every connected client after the request, as the server's broadcast does. */
  broadcast(name: string, args: unknown[]): void {
    for (const c of [...this.clients]) {
      // The canvas follows a token's change before the change's hooks run (test/fake-foundry/canvas.ts).
      if (name === "updateToken" || name === "deleteToken") c.canvas.documentChanged(name, args);
      for (let i = this.deliveries(name, c, args[0]); i > 0; i--) {
        c.run(() => {
          try {
            c.Hooks.callAll(name, ...args);
          } catch (e) {
            c.errors.push(e);
            throw e;
          }
        });
      }
    }
  }

  /** How many times `client` receives this broadcast: once, unless faults are injected. */
  deliveries(hook: string, client: FakeClient, document?: unknown): number {
    return this.delivery ? this.delivery(hook, client, document) : 1;
  }

  /** [C-90] fromUuidSync: the document a UUID names, walked from its primary document; null when any part is gone. */
  fromUuidSync(uuid: string): unknown {
    const parts = uuid.split(".");
    let doc: unknown = null;
    for (let i = 0; i < parts.length; i += 2) {
      const [kind, id] = [parts[i], parts[i + 1] ?? ""];
      if (kind === "Scene") doc = this.scenes.get(id);
      else if (kind === "Actor") doc = doc instanceof FakeToken ? doc.actor : this.actors.get(id);
      else if (kind === "Token") doc = doc instanceof FakeScene ? doc.tokens.get(id) : null;
      else if (kind === "ActiveEffect") doc = doc instanceof FakeActor ? doc.effects.get(id) : null;
      else if (kind === "Item") doc = doc instanceof FakeActor ? doc.items.get(id) : null;
      else if (kind === "ChatMessage") doc = this.messages.get(id);
      else if (kind === "Combat") doc = this.combats.get(id);
      else doc = null;
      if (!doc) return null;
    }
    return doc;
  }

  /** Lets pending hook work (fire-and-forget handlers) finish. */
  async settle(): Promise<void> {
    for (let i = 0; i < 30; i++) await nextTask();
  }

  /** [C-94] renderTemplate: the module's Handlebars template at its path under modules/<id>/, filled with the data. */
  renderTemplate(path: string, data: Data): string {
    const file = path.replace(/^modules\/weaponless-combat\//, "");
    let t = templates.get(file);
    if (!t) {
      t = Handlebars.compile(moduleFile(file));
      templates.set(file, t);
    }
    return t(data);
  }
}

function installGlobals(): void {
  const g = globalThis as unknown as Data;
  if (g.__wcFakeInstalled) return;
  g.__wcFakeInstalled = true;
  const cur = () => world().current();
  const define = (name: string, get: () => unknown) => Object.defineProperty(globalThis, name, { get, configurable: true });
  define("game", () => cur().game);
  define("Hooks", () => cur().Hooks);
  define("CONFIG", () => cur().CONFIG);
  define("ui", () => cur().ui);
  define("canvas", () => cur().canvas);
  define("navigator", () => {
    const store = storage.getStore();
    return store ? store.navigator : {};
  });
  define("ChatMessage", () => FakeChatMessage);
  define("Actor", () => FakeActor);
  define("Roll", () => FakeRoll);
  define("fromUuidSync", () => (uuid: string) => world().fromUuidSync(uuid));
  define("foundry", () => ({
    utils: { getProperty, randomID },
    // [C-72] v14's data operators; v13 has none.
    data: world().generation >= 14 ? { operators: { ForcedDeletion: FakeForcedDeletion } } : {},
    canvas: fakeFoundryCanvas(),
    documents: { TokenDocument: FakeToken, modifyBatch: (ops: Data[]) => world().modifyBatch(ops) },
    applications: {
      handlebars: {
        renderTemplate: async (path: string, data: Data) => world().renderTemplate(path, data),
        loadTemplates: async () => undefined,
      },
      api: {
        ApplicationV2: FakeApplicationV2,
        HandlebarsApplicationMixin,
        DialogV2: {
          wait: async (config: DialogConfig) => {
            const d = new FakeDialog(config, world().current().document);
            world().dialogs.push(d);
            config.render?.(new Event("render"), d);
            return world().onDialog(d);
          },
        },
      },
    },
  }));
}
