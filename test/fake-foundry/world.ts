/**
 * A typed fake of the Foundry v13 pieces the shell uses: one server-side store of documents,
 * and any number of clients (browser tabs), each with its own `game`, `Hooks`, `CONFIG` and
 * `ui`. The globals the shell reads are getters that answer for the client whose code is
 * running (AsyncLocalStorage), so a player's client and two GM tabs can run side by side.
 *
 * It models what the real server enforces and nothing more: permission checks on writes,
 * refusal of a second document with the same id, document hooks on every client, queries
 * delivered to every open tab of a user. Each server call is counted in `world.writes`.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { readFileSync } from "node:fs";
import Handlebars from "handlebars";
import { Collection } from "./collection.ts";

type Fn = (...args: never[]) => unknown;
type Data = Record<string, unknown>;

const ALPHANUM = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
let idCounter = 0;
export function randomID(): string {
  idCounter++;
  let n = idCounter * 7919 + 104729;
  let out = "";
  for (let i = 0; i < 16; i++) {
    out += ALPHANUM[n % 62];
    n = Math.floor(n / 62) + i * 31 + idCounter;
  }
  return out;
}

export function getProperty(obj: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>((o, k) => (o !== null && typeof o === "object" ? (o as Data)[k] : undefined), obj);
}

function setProperty(obj: Data, path: string, value: unknown): void {
  const keys = path.split(".");
  let o = obj;
  for (const k of keys.slice(0, -1)) {
    if (typeof o[k] !== "object" || o[k] === null) o[k] = {};
    o = o[k] as Data;
  }
  o[keys[keys.length - 1] as string] = value;
}

/**
 * Applies a Foundry-style update: dotted keys and nested objects both merge; a last key written
 * "-=name" deletes that key (Foundry's deletion syntax, which open-source systems rely on, e.g.
 * foundryvtt/dnd5e@965ad2d module/applications/journal/config/journal-navigation-config.mjs
 * `{ dnd5e: { "-=navigation": null } }`).
 */
function applyUpdate(target: Data, changes: Data): void {
  for (const [k, v] of Object.entries(changes)) {
    const last = k.split(".").at(-1) ?? k;
    if (last.startsWith("-=")) {
      const parent = k.includes(".") ? getProperty(target, k.split(".").slice(0, -1).join(".")) : target;
      if (parent && typeof parent === "object") delete (parent as Data)[last.slice(2)];
    } else if (k.includes(".")) setProperty(target, k, structuredClone(v));
    else if (v && typeof v === "object" && !Array.isArray(v) && target[k] && typeof target[k] === "object") applyUpdate(target[k] as Data, v as Data);
    else target[k] = structuredClone(v);
  }
}

// ------------------------------------------------------------------------------------------
export class FakeHooks {
  private readonly map = new Map<string, Array<{ fn: Fn; once: boolean }>>();
  on(name: string, fn: Fn): number {
    const list = this.map.get(name) ?? [];
    list.push({ fn, once: false });
    this.map.set(name, list);
    return list.length;
  }
  once(name: string, fn: Fn): number {
    const list = this.map.get(name) ?? [];
    list.push({ fn, once: true });
    this.map.set(name, list);
    return list.length;
  }
  callAll(name: string, ...args: unknown[]): true {
    for (const l of [...(this.map.get(name) ?? [])]) {
      if (l.once) this.map.set(name, (this.map.get(name) ?? []).filter((x) => x !== l));
      (l.fn as (...a: unknown[]) => unknown)(...args);
    }
    return true;
  }
  call(name: string, ...args: unknown[]): boolean {
    for (const l of [...(this.map.get(name) ?? [])]) if ((l.fn as (...a: unknown[]) => unknown)(...args) === false) return false;
    return true;
  }
  count(name: string): number {
    return this.map.get(name)?.length ?? 0;
  }
}

// ------------------------------------------------------------------------------------------
export class FakeUser {
  readonly targets = new Set<{ document: FakeToken }>();
  constructor(
    readonly world: FakeWorld,
    readonly id: string,
    readonly name: string,
    readonly isGM: boolean,
  ) {}
  get isSelf(): boolean {
    return this.world.current().user === this;
  }
  get active(): boolean {
    return this.world.clients.some((c) => c.user === this);
  }
  /** v13 User#query: delivered to every open tab of this user; the first answer returns. */
  async query(name: string, data: unknown, options: { timeout?: number } = {}): Promise<unknown> {
    this.world.queries.push({ name, data, to: this.id });
    const tabs = this.world.clients.filter((c) => c.user === this);
    if (tabs.length === 0) throw new Error(`User ${this.name} is not connected`);
    const answers = tabs.map((tab) =>
      tab.run(async () => {
        const handler = tab.CONFIG.queries[name];
        if (!handler) throw new Error(`User query '${name}' is not registered`);
        return handler(data, { timeout: options.timeout });
      }),
    );
    const settled = await Promise.allSettled(answers);
    const ok = settled.find((s) => s.status === "fulfilled");
    if (ok && ok.status === "fulfilled") return ok.value;
    throw (settled[0] as PromiseRejectedResult).reason;
  }
}

export type WriteOp = { readonly user: string; readonly op: "create" | "update" | "delete"; readonly documentName: string; readonly parent: string; readonly count: number };

// ------------------------------------------------------------------------------------------
abstract class FakeDocument {
  flags: Data = {};
  constructor(
    readonly world: FakeWorld,
    public id: string,
  ) {}
  abstract get uuid(): string;
  getFlag(scope: string, key: string): unknown {
    return structuredClone((this.flags[scope] as Data | undefined)?.[key]);
  }
}

export class FakeEffect extends FakeDocument {
  readonly documentName = "ActiveEffect";
  name = "";
  img = "";
  statuses = new Set<string>();
  origin: string | null = null;
  duration: Data = {};
  transfer = false;
  constructor(
    world: FakeWorld,
    id: string,
    readonly parent: FakeActor,
    data: Data,
  ) {
    super(world, id);
    this.name = String(data.name ?? "");
    this.img = String(data.img ?? "");
    this.statuses = new Set((data.statuses as string[] | undefined) ?? []);
    this.origin = (data.origin as string | undefined) ?? null;
    this.flags = structuredClone((data.flags as Data | undefined) ?? {});
    this.duration = structuredClone((data.duration as Data | undefined) ?? {});
  }
  get uuid(): string {
    return `${this.parent.uuid}.ActiveEffect.${this.id}`;
  }
  toObject(): Data {
    return { _id: this.id, name: this.name, img: this.img, statuses: [...this.statuses], origin: this.origin, flags: structuredClone(this.flags), duration: structuredClone(this.duration), transfer: false };
  }
  async delete(): Promise<void> {
    await this.parent.deleteEmbeddedDocuments("ActiveEffect", [this.id]);
  }
}

/**
 * An embedded Item: its name, its system's type and its `system` data, read by the systems layer
 * as every system's own code reads `actor.items` (e.g. ARS actor.js `_prepareArmorClass`, OSE
 * data-model-character-ac.ts filtering `system.type`). Items are not written by the module.
 */
export class FakeItem {
  readonly documentName = "Item";
  constructor(
    readonly id: string,
    readonly name: string,
    readonly type: string,
    readonly system: Data,
  ) {}
}

export class FakeActor extends FakeDocument {
  readonly documentName = "Actor";
  readonly effects = new Collection<FakeEffect>();
  /** The system's actor type ("character", "npc", "monster", "creature"): Actor#type. */
  type = "character";
  readonly items = new Collection<FakeItem>();
  /** Actor#prototypeToken: the footprint its new tokens get, in grid units (width and height). */
  prototypeToken = { width: 1, height: 1 };
  system: Data;
  constructor(
    world: FakeWorld,
    id: string,
    public name: string,
    system: Data,
    public ownership: Record<string, number>,
    /** Set for the synthetic actor of an unlinked token. */
    readonly token: FakeToken | null = null,
  ) {
    super(world, id);
    this.system = structuredClone(system);
  }
  get uuid(): string {
    return this.token ? `${this.token.uuid}.Actor.${this.id}` : `Actor.${this.id}`;
  }
  get isToken(): boolean {
    return this.token !== null;
  }
  testUserPermission(user: FakeUser, level: string | number): boolean {
    const need = level === "OWNER" ? 3 : typeof level === "number" ? level : 2;
    return user.isGM || (this.ownership[user.id] ?? this.ownership.default ?? 0) >= need;
  }
  get isOwner(): boolean {
    return this.testUserPermission(this.world.current().user, "OWNER");
  }
  private guard(): FakeUser {
    const user = this.world.current().user;
    if (!this.testUserPermission(user, "OWNER")) throw new Error(`User ${user.name} lacks permission to modify ${this.name}`);
    return user;
  }
  /**
   * Actor#update. Embedded effects passed inline (`effects: [...]`) are added, or updated where
   * their id exists, in the same request, as Foundry does for a parent update.
   */
  async update(changes: Data): Promise<this> {
    const user = this.guard();
    const { effects: inline, ...rest } = changes as Data & { effects?: Data[] };
    const data: Data = { system: this.system, flags: this.flags, name: this.name };
    applyUpdate(data, rest);
    const made: FakeEffect[] = [];
    for (const d of inline ?? []) {
      const id = typeof d._id === "string" && !this.world.inlineIdsIgnored ? d._id : randomID();
      const existing = this.effects.get(id);
      if (existing) {
        const f: Data = { flags: existing.flags };
        applyUpdate(f, { flags: d.flags ?? {} });
        existing.flags = f.flags as Data;
      } else {
        const e = new FakeEffect(this.world, id, this, d);
        this.effects.set(id, e);
        made.push(e);
      }
    }
    this.system = data.system as Data;
    this.flags = data.flags as Data;
    this.name = String(data.name);
    this.world.count({ user: user.id, op: "update", documentName: "Actor", parent: this.uuid, count: 1 });
    this.world.broadcast("updateActor", this, changes, {}, user.id);
    for (const e of made) this.world.broadcast("createActiveEffect", e, {}, user.id);
    return this;
  }
  async createEmbeddedDocuments(kind: string, data: Data[], options: { keepId?: boolean } = {}): Promise<FakeEffect[]> {
    if (kind !== "ActiveEffect") throw new Error(`fake: ${kind} not modelled`);
    const user = this.guard();
    const made: FakeEffect[] = [];
    const ids = new Set<string>();
    for (const d of data) {
      const id = options.keepId && typeof d._id === "string" ? d._id : randomID();
      if (!/^[A-Za-z0-9]{16}$/.test(id)) throw new Error(`Invalid document id "${id}"`);
      if (this.effects.has(id) || ids.has(id)) throw new Error(`An ActiveEffect with id [${id}] already exists in the parent collection`);
      ids.add(id);
    }
    for (const d of data) {
      const id = options.keepId && typeof d._id === "string" ? d._id : randomID();
      const e = new FakeEffect(this.world, id, this, d);
      this.effects.set(id, e);
      made.push(e);
    }
    this.world.count({ user: user.id, op: "create", documentName: "ActiveEffect", parent: this.uuid, count: data.length });
    for (const e of made) this.world.broadcast("createActiveEffect", e, options, user.id);
    return made;
  }
  async updateEmbeddedDocuments(kind: string, updates: Data[]): Promise<FakeEffect[]> {
    if (kind !== "ActiveEffect") throw new Error(`fake: ${kind} not modelled`);
    const user = this.guard();
    const changed: FakeEffect[] = [];
    for (const u of updates) {
      const e = this.effects.get(String(u._id));
      if (!e) throw new Error(`ActiveEffect [${String(u._id)}] does not exist`);
      const rest: Data = { ...u };
      delete rest._id;
      const data: Data = { flags: e.flags };
      applyUpdate(data, rest);
      e.flags = data.flags as Data;
      changed.push(e);
    }
    this.world.count({ user: user.id, op: "update", documentName: "ActiveEffect", parent: this.uuid, count: updates.length });
    for (const e of changed) this.world.broadcast("updateActiveEffect", e, {}, {}, user.id);
    return changed;
  }
  async deleteEmbeddedDocuments(kind: string, ids: string[], options: Data = {}): Promise<FakeEffect[]> {
    if (kind !== "ActiveEffect") throw new Error(`fake: ${kind} not modelled`);
    const user = this.guard();
    const missing = ids.filter((id) => !this.effects.has(id));
    if (missing.length > 0) throw new Error(`ActiveEffect [${missing.join(", ")}] does not exist`);
    const gone = ids.map((id) => this.effects.get(id) as FakeEffect);
    for (const id of ids) this.effects.delete(id);
    this.world.count({ user: user.id, op: "delete", documentName: "ActiveEffect", parent: this.uuid, count: ids.length });
    for (const e of gone) this.world.broadcast("deleteActiveEffect", e, options, user.id);
    return gone;
  }
  get statuses(): Set<string> {
    return new Set([...this.effects].flatMap((e) => [...e.statuses]));
  }
}

export class FakeScene extends FakeDocument {
  readonly documentName = "Scene";
  readonly grid = { size: 100, distance: 5 };
  readonly tokens = new Collection<FakeToken>();
  get uuid(): string {
    return `Scene.${this.id}`;
  }
}

export class FakeToken extends FakeDocument {
  readonly documentName = "Token";
  private synthetic: FakeActor | null = null;
  readonly object = { document: this as FakeToken };
  /** Position in pixels, size in grid squares, disposition -1 hostile, 0 neutral, 1 friendly. */
  x = 0;
  y = 0;
  width = 1;
  height = 1;
  disposition = 0;
  constructor(
    world: FakeWorld,
    id: string,
    readonly parent: FakeScene,
    public name: string,
    readonly baseActor: FakeActor,
    readonly actorLink: boolean,
  ) {
    super(world, id);
  }
  get uuid(): string {
    return `${this.parent.uuid}.Token.${this.id}`;
  }
  get actor(): FakeActor {
    if (this.actorLink) return this.baseActor;
    if (!this.synthetic) {
      // An unlinked token's actor starts as a copy of its base actor (flags included).
      this.synthetic = new FakeActor(this.world, this.baseActor.id, this.name, this.baseActor.system, this.baseActor.ownership, this);
      this.synthetic.flags = structuredClone(this.baseActor.flags);
      this.synthetic.type = this.baseActor.type;
      for (const i of this.baseActor.items) this.synthetic.items.set(i.id, new FakeItem(i.id, i.name, i.type, structuredClone(i.system)));
    }
    return this.synthetic;
  }
  async delete(): Promise<void> {
    const user = this.world.current().user;
    if (!user.isGM) throw new Error("Only a GM may delete tokens here");
    this.parent.tokens.delete(this.id);
    this.world.count({ user: user.id, op: "delete", documentName: "Token", parent: this.parent.uuid, count: 1 });
    this.world.broadcast("deleteToken", this, {}, user.id);
  }
}

export class FakeCombatant extends FakeDocument {
  readonly documentName = "Combatant";
  constructor(
    world: FakeWorld,
    id: string,
    readonly parent: FakeCombat,
    readonly token: FakeToken,
  ) {
    super(world, id);
  }
  get uuid(): string {
    return `${this.parent.uuid}.Combatant.${this.id}`;
  }
  get tokenId(): string {
    return this.token.id;
  }
  get actor(): FakeActor {
    return this.token.actor;
  }
  async delete(): Promise<void> {
    const user = this.world.current().user;
    this.parent.combatants.delete(this.id);
    this.world.count({ user: user.id, op: "delete", documentName: "Combatant", parent: this.parent.uuid, count: 1 });
    this.world.broadcast("deleteCombatant", this, {}, user.id);
  }
}

export class FakeCombat extends FakeDocument {
  readonly documentName = "Combat";
  readonly combatants = new Collection<FakeCombatant>();
  round = 0;
  get uuid(): string {
    return `Combat.${this.id}`;
  }
  get started(): boolean {
    return this.round > 0;
  }
  async update(changes: Data, options: Data = {}): Promise<void> {
    const user = this.world.current().user;
    if (!user.isGM) throw new Error("Only a GM may update the combat here");
    const data: Data = { round: this.round, flags: this.flags };
    applyUpdate(data, changes);
    this.round = Number(data.round);
    this.flags = data.flags as Data;
    this.world.count({ user: user.id, op: "update", documentName: "Combat", parent: this.uuid, count: 1 });
    this.world.broadcast("updateCombat", this, changes, options, user.id);
  }
  async delete(): Promise<void> {
    const user = this.world.current().user;
    this.world.combats.delete(this.id);
    this.world.count({ user: user.id, op: "delete", documentName: "Combat", parent: "", count: 1 });
    this.world.broadcast("deleteCombat", this, {}, user.id);
  }
}

export class FakeRoll {
  total = 0;
  readonly dice: Array<{ faces: number; results: Array<{ result: number; active: boolean }> }> = [];
  private readonly sides: number;
  constructor(readonly formula: string) {
    const m = /^1d(\d+)$/.exec(formula);
    if (!m) throw new Error(`fake Roll: only 1dN is modelled, got ${formula}`);
    this.sides = Number(m[1]);
  }
  async evaluate(): Promise<this> {
    const face = world().nextFace(this.sides);
    this.dice.push({ faces: this.sides, results: [{ result: face, active: true }] });
    this.total = face;
    return this;
  }
  toJSON(): Data {
    return { formula: this.formula, total: this.total };
  }
}

export class FakeChatMessage extends FakeDocument {
  readonly documentName = "ChatMessage";
  content = "";
  rolls: FakeRoll[] = [];
  whisper: string[] = [];
  speaker: Data = {};
  constructor(
    world: FakeWorld,
    id: string,
    readonly author: FakeUser,
    data: Data,
  ) {
    super(world, id);
    this.content = String(data.content ?? "");
    this.rolls = (data.rolls as FakeRoll[] | undefined) ?? [];
    this.whisper = (data.whisper as string[] | undefined) ?? [];
    this.speaker = (data.speaker as Data | undefined) ?? {};
    this.flags = structuredClone((data.flags as Data | undefined) ?? {});
  }
  get uuid(): string {
    return `ChatMessage.${this.id}`;
  }
  static async create(data: Data, options: { keepId?: boolean } = {}): Promise<FakeChatMessage> {
    const w = world();
    const user = w.current().user;
    const id = options.keepId && typeof data._id === "string" ? data._id : randomID();
    if (!/^[A-Za-z0-9]{16}$/.test(id)) throw new Error(`Invalid document id "${id}"`);
    if (w.messages.has(id)) throw new Error(`A ChatMessage with id [${id}] already exists`);
    const m = new FakeChatMessage(w, id, user, data);
    w.messages.set(id, m);
    w.count({ user: user.id, op: "create", documentName: "ChatMessage", parent: "", count: 1 });
    w.broadcast("createChatMessage", m, options, user.id);
    return m;
  }
  static getSpeaker({ token }: { token?: FakeToken } = {}): Data {
    return { scene: token?.parent.id ?? null, token: token?.id ?? null, actor: token?.actor.id ?? null, alias: token?.name ?? "" };
  }
  async update(changes: Data): Promise<this> {
    const user = this.world.current().user;
    if (!user.isGM && user !== this.author) throw new Error(`User ${user.name} lacks permission to update this message`);
    if (!this.world.messages.has(this.id)) throw new Error("ChatMessage does not exist");
    const data: Data = { content: this.content, flags: this.flags };
    applyUpdate(data, changes);
    this.content = String(data.content);
    this.flags = data.flags as Data;
    this.world.count({ user: user.id, op: "update", documentName: "ChatMessage", parent: "", count: 1 });
    this.world.broadcast("updateChatMessage", this, changes, {}, user.id);
    return this;
  }
  async delete(): Promise<void> {
    const user = this.world.current().user;
    if (!user.isGM && user !== this.author) throw new Error(`User ${user.name} lacks permission to delete this message`);
    if (!this.world.messages.has(this.id)) throw new Error("ChatMessage does not exist");
    this.world.messages.delete(this.id);
    this.world.count({ user: user.id, op: "delete", documentName: "ChatMessage", parent: "", count: 1 });
    this.world.broadcast("deleteChatMessage", this, {}, user.id);
  }
}

// ------------------------------------------------------------------------------------------
interface SettingConfig {
  scope?: string;
  default: unknown;
  onChange?: (v: unknown) => void;
}

class FakeSettings {
  readonly configs = new Map<string, SettingConfig>();
  constructor(private readonly world: FakeWorld) {}
  readonly menus = new Map<string, { type: new () => { render(): unknown } }>();
  register(ns: string, key: string, config: SettingConfig): void {
    this.configs.set(`${ns}.${key}`, config);
  }
  registerMenu(ns: string, key: string, config: { type: new () => { render(): unknown } }): void {
    this.menus.set(`${ns}.${key}`, config);
  }
  get(ns: string, key: string): unknown {
    const id = `${ns}.${key}`;
    if (!this.configs.has(id)) throw new Error(`Setting ${id} is not registered`);
    return structuredClone(this.world.settingValues.has(id) ? this.world.settingValues.get(id) : this.configs.get(id)?.default);
  }
  async set(ns: string, key: string, value: unknown): Promise<unknown> {
    const id = `${ns}.${key}`;
    const cfg = this.configs.get(id);
    if (!cfg) throw new Error(`Setting ${id} is not registered`);
    const user = this.world.current().user;
    if (cfg.scope === "world" && !user.isGM) throw new Error("Only a GM may change world settings");
    const exists = this.world.settingValues.has(id);
    if (!this.world.current().Hooks.call(exists ? "preUpdateSetting" : "preCreateSetting", { key: id, value }, { value })) return this.get(ns, key);
    this.world.settingValues.set(id, structuredClone(value));
    this.world.count({ user: user.id, op: exists ? "update" : "create", documentName: "Setting", parent: "", count: 1 });
    for (const c of this.world.clients) c.run(() => c.game.settings.configs.get(id)?.onChange?.(value));
    return value;
  }
}

// ------------------------------------------------------------------------------------------
export class FakeDialog {
  readonly element: HTMLElement;
  constructor(readonly config: DialogConfig) {
    this.element = document.createElement("div");
    const form = document.createElement("form");
    form.innerHTML = config.content;
    const footer = document.createElement("footer");
    for (const b of config.buttons) {
      const el = document.createElement("button");
      el.type = "submit";
      el.dataset.action = b.action;
      el.textContent = b.label;
      footer.append(el);
    }
    form.append(footer);
    this.element.append(form);
  }
  get form(): HTMLFormElement {
    return this.element.querySelector("form") as HTMLFormElement;
  }
  /** What the person does: change inputs, then press a button. */
  async press(action: string): Promise<unknown> {
    const spec = this.config.buttons.find((b) => b.action === action);
    if (!spec) throw new Error(`dialog has no button ${action}`);
    const el = this.element.querySelector<HTMLButtonElement>(`button[data-action="${action}"]`) as HTMLButtonElement;
    return spec.callback ? spec.callback(new Event("submit"), el, this) : action;
  }
}

interface DialogConfig {
  window?: { title?: string };
  content: string;
  buttons: Array<{ action: string; label: string; default?: boolean; callback?: (event: Event, button: HTMLButtonElement, dialog: FakeDialog) => unknown }>;
  render?: (event: Event, dialog: FakeDialog) => void;
}

// ------------------------------------------------------------------------------------------
export class FakeClient {
  readonly Hooks = new FakeHooks();
  readonly CONFIG: { statusEffects: Array<{ id: string; name: string; img: string }>; queries: Record<string, (data: unknown, opts: { timeout?: number }) => unknown> } = { statusEffects: [], queries: {} };
  readonly notifications: Array<{ level: string; message: string }> = [];
  readonly game;
  readonly ui;
  readonly canvas: { tokens: { controlled: Array<{ document: FakeToken }> } } = { tokens: { controlled: [] } };
  constructor(
    readonly world: FakeWorld,
    readonly user: FakeUser,
  ) {
    const w = world;
    const i18n = w.i18n;
    this.game = {
      get user() {
        return user;
      },
      users: w.usersCollection,
      settings: new FakeSettings(w),
      i18n,
      messages: w.messages,
      combats: w.combats,
      actors: w.actors,
      scenes: w.scenes,
      modules: w.modules,
      // The world's game system: game.system.id, which systems read for their own settings
      // (vttred/ose src/module/actor/data-model-monster.js: game.settings.get(game.system.id, "ascendingAC")).
      system: { id: w.systemId },
    };
    const push = (level: string) => (message: string) => {
      this.notifications.push({ level, message });
    };
    this.ui = { notifications: { info: push("info"), warn: push("warn"), error: push("error") }, combat: { viewed: null as FakeCombat | null, render: () => undefined } };
  }
  run<T>(fn: () => T): T {
    return storage.run(this, fn);
  }
}

class FakeUsers extends Collection<FakeUser> {
  constructor(private readonly world: FakeWorld) {
    super();
  }
  get activeGM(): FakeUser | null {
    const gms = [...this.values()].filter((u) => u.isGM && u.active).sort((a, b) => a.id.localeCompare(b.id));
    return gms[0] ?? null;
  }
}

// ------------------------------------------------------------------------------------------
const storage = new AsyncLocalStorage<FakeClient>();
let activeWorld: FakeWorld | null = null;
function makeActive(w: FakeWorld): void {
  activeWorld = w;
}
function world(): FakeWorld {
  if (!activeWorld) throw new Error("no fake world");
  return activeWorld;
}

const lang = JSON.parse(readFileSync("lang/en.json", "utf8")) as Data;
const templates = new Map<string, Handlebars.TemplateDelegate>();

export class FakeWorld {
  readonly clients: FakeClient[] = [];
  readonly usersCollection = new FakeUsers(this);
  readonly actors = new Collection<FakeActor>();
  readonly scenes = new Collection<FakeScene>();
  readonly combats = new Collection<FakeCombat>();
  readonly messages = new Collection<FakeChatMessage>();
  readonly modules = new Map<string, Data>([["weaponless-combat", { id: "weaponless-combat", active: true }]]);
  readonly settingValues = new Map<string, unknown>();
  readonly writes: WriteOp[] = [];
  readonly queries: Array<{ name: string; data: unknown; to: string }> = [];
  readonly dialogs: FakeDialog[] = [];
  /** Answers each dialog the shell opens; by default presses its first button. */
  onDialog: (d: FakeDialog) => Promise<unknown> = (d) => d.press(d.config.buttons[0]?.action ?? "");
  private faces: Array<[number, number]> = [];
  /** The game system the world runs (game.system.id on every client); set before connecting. */
  systemId = "worldbuilding";
  /** Models a server that gives effects passed inline with an update fresh ids of its own. */
  inlineIdsIgnored = false;
  /** Faces for unscripted dice (tabs racing each other cannot share a script); else a fixed LCG. */
  fallbackFace: ((sides: number) => number) | null = null;
  private rng = 12345;

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

  constructor() {
    makeActive(this);
    installGlobals();
  }

  current(): FakeClient {
    const c = storage.getStore();
    if (!c) throw new Error("fake: code ran outside any client");
    return c;
  }

  addUser(name: string, isGM: boolean): FakeUser {
    const u = new FakeUser(this, randomID(), name, isGM);
    this.usersCollection.set(u.id, u);
    return u;
  }

  /** Opens a browser tab for `user`, runs the module's hook registration and init there. */
  connect(user: FakeUser, register: () => void): FakeClient {
    const c = new FakeClient(this, user);
    this.clients.push(c);
    c.run(() => {
      register();
      c.Hooks.callAll("init");
      c.Hooks.callAll("i18nInit");
      c.Hooks.callAll("setup");
      c.Hooks.callAll("ready");
    });
    return c;
  }

  disconnect(c: FakeClient): void {
    this.clients.splice(this.clients.indexOf(c), 1);
  }

  addActor(name: string, system: Data, ownership: Record<string, number> = {}, options: { type?: string; items?: ReadonlyArray<{ name?: string; type?: string; system?: Data }>; prototypeToken?: { width: number; height: number } } = {}): FakeActor {
    const a = new FakeActor(this, randomID(), name, system, ownership);
    if (options.type !== undefined) a.type = options.type;
    if (options.prototypeToken) a.prototypeToken = { ...options.prototypeToken };
    for (const i of options.items ?? []) {
      const item = new FakeItem(randomID(), i.name ?? "", i.type ?? "", structuredClone(i.system ?? {}));
      a.items.set(item.id, item);
    }
    this.actors.set(a.id, a);
    return a;
  }

  addScene(): FakeScene {
    const s = new FakeScene(this, randomID());
    this.scenes.set(s.id, s);
    return s;
  }

  addToken(scene: FakeScene, actor: FakeActor, options: { linked?: boolean; name?: string; x?: number; y?: number; disposition?: number; width?: number; height?: number } = {}): FakeToken {
    const t = new FakeToken(this, randomID(), scene, options.name ?? actor.name, actor, options.linked ?? true);
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

  /** Runs a document hook on every connected client, as the server's broadcast does. */
  broadcast(name: string, ...args: unknown[]): void {
    for (const c of this.clients) c.run(() => c.Hooks.callAll(name, ...args));
  }

  fromUuidSync(uuid: string): unknown {
    const parts = uuid.split(".");
    let doc: unknown = null;
    for (let i = 0; i < parts.length; i += 2) {
      const [kind, id] = [parts[i], parts[i + 1] ?? ""];
      if (kind === "Scene") doc = this.scenes.get(id);
      else if (kind === "Actor") doc = doc instanceof FakeToken ? doc.actor : this.actors.get(id);
      else if (kind === "Token") doc = doc instanceof FakeScene ? doc.tokens.get(id) : null;
      else if (kind === "ActiveEffect") doc = doc instanceof FakeActor ? doc.effects.get(id) : null;
      else if (kind === "ChatMessage") doc = this.messages.get(id);
      else doc = null;
      if (!doc) return null;
    }
    return doc;
  }

  /** Lets pending hook work (fire-and-forget handlers) finish. */
  async settle(): Promise<void> {
    for (let i = 0; i < 30; i++) await new Promise((r) => setImmediate(r));
  }

  renderTemplate(path: string, data: Data): string {
    const file = path.replace(/^modules\/weaponless-combat\//, "");
    let t = templates.get(file);
    if (!t) {
      t = Handlebars.compile(readFileSync(file, "utf8"));
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
  define("ChatMessage", () => FakeChatMessage);
  define("Roll", () => FakeRoll);
  define("fromUuidSync", () => (uuid: string) => world().fromUuidSync(uuid));
  define("foundry", () => ({
    utils: { getProperty, randomID },
    documents: { TokenDocument: FakeToken },
    applications: {
      handlebars: {
        renderTemplate: async (path: string, data: Data) => world().renderTemplate(path, data),
        loadTemplates: async () => undefined,
      },
      api: {
        DialogV2: {
          wait: async (config: DialogConfig) => {
            const d = new FakeDialog(config);
            world().dialogs.push(d);
            config.render?.(new Event("render"), d);
            return world().onDialog(d);
          },
        },
      },
    },
  }));
}
