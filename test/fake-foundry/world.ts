/**
 * A typed fake of the Foundry v13/v14 pieces the shell uses: one server-side store of documents,
 * and any number of clients (browser tabs), each with its own `game`, `Hooks`, `CONFIG` and `ui`.
 * The globals the shell reads are getters that answer for the client whose code is running
 * (AsyncLocalStorage in Node, see host.ts), so a player's client and two GM tabs can run side by side.
 *
 * Every behaviour modelled here is a claim about Foundry. Each carries a tag [C-nn] whose public
 * source is listed in docs/foundry-contract.md; where nobody knows how Foundry behaves, the
 * behaviour is a switch on the world (see FakeWorldOptions) and the tests run both ways.
 * Every server request is counted in `world.writes` (one entry per request, however many
 * documents it carries).
 */
import Handlebars from "handlebars";
import { Collection } from "./collection.ts";
import type { FakeSystem } from "./systems.ts";
import { GENERIC } from "./systems.ts";
import { FakeApplicationV2, FakeCombatTracker, HandlebarsApplicationMixin, renderActorSheet, renderSettingsConfig, renderTokenHUD } from "./apps.ts";
import { CORE_STATUS_EFFECTS } from "./statuses.ts";
import type { FakeGrid, Position } from "./movement.ts";
import { FakeCanvas, fakeFoundryCanvas } from "./canvas.ts";
import { changesPosition, movementOf, SQUARE_GRID } from "./movement.ts";
import { contextStore, moduleFile, nextTask } from "./host.ts";

type Fn = (...args: never[]) => unknown;
export type Data = Record<string, unknown>;

const ALPHANUM = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
let idCounter = 0;
/** [C-01] Document ids are 16 letters and digits. */
export function randomID(): string {
  const w = activeWorld;
  if (w?.idSeed !== undefined) return seededID(w.idSeed, ++w.idCount);
  idCounter++;
  let n = idCounter * 7919 + 104729;
  let out = "";
  for (let i = 0; i < 16; i++) {
    out += ALPHANUM[n % 62];
    n = Math.floor(n / 62) + i * 31 + idCounter;
  }
  return out;
}

/** The `count`-th id of a world built from `seed`: the same world built twice has the same ids. */
function seededID(seed: number, count: number): string {
  let a = (seed ^ 0x9e3779b9) >>> 0;
  let b = (count ^ 0x85ebca6b) >>> 0;
  let out = "";
  for (let i = 0; i < 16; i++) {
    a = (Math.imul(a ^ (b >>> 13), 0x5bd1e995) + i) >>> 0;
    b = (Math.imul(b ^ (a >>> 15), 0x27d4eb2d) + count) >>> 0;
    out += ALPHANUM[((a ^ b) >>> 0) % 62];
  }
  return out;
}

export function getProperty(obj: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>((o, k) => (o !== null && typeof o === "object" ? (o as Data)[k] : undefined), obj);
}

/**
 * The object at `keys` under `obj`, made anew along the way (a shallow copy of each level, a new
 * object where there was none): a document's data is written copy-on-write, so an object
 * `getFlag` handed out (frozen, see FakeDocument.getFlag) is never changed by a later update.
 */
function writableAt(obj: Data, keys: readonly string[]): Data {
  let o = obj;
  for (const k of keys) {
    const v = o[k];
    o[k] = typeof v !== "object" || v === null ? {} : Array.isArray(v) ? [...(v as unknown[])] : { ...(v as Data) };
    o = o[k] as Data;
  }
  return o;
}

function setProperty(obj: Data, path: string, value: unknown): void {
  const keys = path.split(".");
  writableAt(obj, keys.slice(0, -1))[keys[keys.length - 1] as string] = value;
}

/** Freezes a value and everything in it (what the fake's getFlag hands out). */
function deepFreeze<T>(v: T): T {
  if (typeof v !== "object" || v === null || Object.isFrozen(v)) return v;
  for (const x of Object.values(v)) deepFreeze(x);
  return Object.freeze(v);
}

/**
 * [C-72] v14's deletion operator, `foundry.data.operators.ForcedDeletion`: given as a key's value
 * (`ForcedDeletion.create()`), the update removes that key. v13 has no operators.
 */
export class FakeForcedDeletion {
  static create(): FakeForcedDeletion {
    return new FakeForcedDeletion();
  }
}

/** By its name too: a tab in its own frame (the demo page) has its own copy of the fake's classes. */
function isForcedDeletion(v: unknown): boolean {
  return v instanceof FakeForcedDeletion || (typeof v === "object" && v !== null && v.constructor?.name === "FakeForcedDeletion");
}

/**
 * [C-02] A document update: dotted keys and nested objects both merge into the source; a last key
 * written "-=name" deletes that key (Foundry's deletion syntax, which open-source systems rely on,
 * e.g. foundryvtt/dnd5e@965ad2d module/applications/journal/config/journal-navigation-config.mjs
 * `{ dnd5e: { "-=navigation": null } }`). [C-72] v14 also deletes a key whose value is its
 * ForcedDeletion operator, and warns of the "-=" key, deprecated there (`warn`: a real update,
 * not the fake's own reading of one).
 */
function applyUpdate(target: Data, changes: Data, warn = true): void {
  for (const [k, v] of Object.entries(changes)) {
    const last = k.split(".").at(-1) ?? k;
    const forced = isForcedDeletion(v);
    if (last.startsWith("-=") || forced) {
      const warning = `deletion key "${last}": pass {${last.slice(2)}: foundry.data.operators.ForcedDeletion}`;
      if (!forced && warn && world().generation >= 14 && !world().deprecations.includes(warning)) world().deprecations.push(warning);
      const path = k.split(".").slice(0, -1);
      const parent = path.length > 0 ? getProperty(target, path.join(".")) : target;
      if (parent && typeof parent === "object") delete writableAt(target, path)[forced ? last : last.slice(2)];
    } else if (k.includes(".")) setProperty(target, k, structuredClone(v));
    else if (v && typeof v === "object" && !Array.isArray(v) && target[k] && typeof target[k] === "object") applyUpdate(writableAt(target, [k]), v as Data, warn);
    else target[k] = structuredClone(v);
  }
}

/** An update with dotted keys expanded into nested objects. */
function expanded(changes: Data): Data {
  const out: Data = {};
  applyUpdate(out, changes, false);
  return out;
}

// ------------------------------------------------------------------------------------------
/** [C-03] Hooks: `on`, `once`, `callAll` (every listener) and `call` (stops at the first false). */
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
    for (const l of [...(this.map.get(name) ?? [])]) {
      if (l.once) this.map.set(name, (this.map.get(name) ?? []).filter((x) => x !== l));
      if ((l.fn as (...a: unknown[]) => unknown)(...args) === false) return false;
    }
    return true;
  }
  count(name: string): number {
    return this.map.get(name)?.length ?? 0;
  }
}

// ------------------------------------------------------------------------------------------
/** [C-04] User roles; a GM is an Assistant GM or a Game Master. */
export const ROLES = { NONE: 0, PLAYER: 1, TRUSTED: 2, ASSISTANT: 3, GAMEMASTER: 4 } as const;

export class FakeUser {
  readonly targets = new Set<{ document: FakeToken }>();
  constructor(
    readonly world: FakeWorld,
    readonly id: string,
    readonly name: string,
    readonly role: number,
  ) {}
  get isGM(): boolean {
    return this.role >= ROLES.ASSISTANT;
  }
  get isSelf(): boolean {
    return this.world.current().user === this;
  }
  /** [C-05] A user is active while at least one of its tabs is connected. */
  get active(): boolean {
    return this.world.clients.some((c) => c.user === this);
  }
  /** [C-06] User#can: the world's permission table, by role. */
  can(permission: string): boolean {
    const minRole = this.world.permissions[permission];
    return minRole !== undefined && this.role >= minRole;
  }
}

/** One write as the server carries it out: checked when prepared (throws to refuse), then applied; hooks after. */
export interface PreparedWrite {
  readonly parent: string;
  readonly op: "create" | "update" | "delete";
  readonly documentName: string;
  readonly count: number;
  /** Applies the write; returns what to broadcast once the request is done. */
  commit(): () => void;
}

/** Several writes of one kind in one request (a batch of actor updates). */
function merge(parts: PreparedWrite[]): PreparedWrite {
  const first = parts[0];
  if (!first) throw new Error("fake: an empty batch");
  return {
    parent: first.parent,
    op: first.op,
    documentName: first.documentName,
    count: parts.length,
    commit: () => {
      const after = parts.map((p) => p.commit());
      return () => after.forEach((f) => f());
    },
  };
}

/**
 * One request the server served. `id`, for a chat message, names the message written: the
 * harness's own bookkeeping (the order in which cards changed), not something Foundry reports.
 */
export type WriteOp = {
  readonly user: string;
  readonly op: "create" | "update" | "delete";
  readonly documentName: string;
  readonly parent: string;
  readonly count: number;
  readonly id?: string;
  /** A batch (one request): the chat messages it made or changed, in its order. */
  readonly messages?: readonly string[];
};

// ------------------------------------------------------------------------------------------
abstract class FakeDocument {
  flags: Data = {};
  constructor(
    readonly world: FakeWorld,
    public id: string,
  ) {}
  abstract get uuid(): string;
  /**
   * [C-83] What Foundry's getFlag returns: the value in the document's data itself, not a copy
   * (the same object each time until an update replaces it). TEST AID, not a claim about
   * Foundry: the fake freezes it, so code that changes what it was handed throws (in Foundry it
   * would silently change the document's data on that client alone); the fake's own updates
   * write copy-on-write and never change a frozen value.
   */
  getFlag(scope: string, key: string): unknown {
    return deepFreeze((this.flags[scope] as Data | undefined)?.[key]);
  }
}

export class FakeEffect extends FakeDocument {
  readonly documentName = "ActiveEffect";
  name = "";
  img = "";
  statuses = new Set<string>();
  origin: string | null = null;
  duration: Data = {};
  disabled = false;
  transfer = false;
  description = "";
  /** v14: when the effect began (v13 keeps this in `duration`). */
  start: Data | undefined;
  changes: Data[] = [];
  constructor(
    world: FakeWorld,
    id: string,
    public parent: FakeActor,
    data: Data,
  ) {
    super(world, id);
    this.name = String(data.name ?? "");
    this.img = String(data.img ?? "");
    this.statuses = new Set((data.statuses as string[] | undefined) ?? []);
    this.origin = (data.origin as string | undefined) ?? null;
    this.flags = structuredClone((data.flags as Data | undefined) ?? {});
    this.duration = structuredClone((data.duration as Data | undefined) ?? {});
    this.disabled = data.disabled === true;
    this.description = String(data.description ?? "");
    this.changes = structuredClone((data.changes as Data[] | undefined) ?? []);
  }
  get uuid(): string {
    return `${this.parent.uuid}.ActiveEffect.${this.id}`;
  }
  /** [C-20] v13: enabled and not suppressed. */
  get active(): boolean {
    return !this.disabled;
  }
  toObject(): Data {
    return {
      _id: this.id,
      name: this.name,
      img: this.img,
      statuses: [...this.statuses],
      origin: this.origin,
      flags: structuredClone(this.flags),
      duration: structuredClone(this.duration),
      disabled: this.disabled,
      description: this.description,
      changes: structuredClone(this.changes),
      transfer: false,
    };
  }
  clone(parent: FakeActor): FakeEffect {
    return new FakeEffect(this.world, this.id, parent, this.toObject());
  }
  async update(changes: Data): Promise<this> {
    await this.parent.updateEmbeddedDocuments("ActiveEffect", [{ ...changes, _id: this.id }]);
    return this;
  }
  /** [C-18] Its deletion's options go with it to the other clients' hooks. */
  async delete(options: Data = {}): Promise<void> {
    await this.parent.deleteEmbeddedDocuments("ActiveEffect", [this.id], options);
  }
}

/**
 * An embedded Item: its name, its system's type and its `system` data, read by the systems layer
 * as every system's own code reads `actor.items` (e.g. ARS actor.js `_prepareArmorClass`, OSE
 * data-model-character-ac.ts filtering `system.type`). Items are not written by the module.
 */
export class FakeItem extends FakeDocument {
  readonly documentName = "Item";
  constructor(
    world: FakeWorld,
    id: string,
    readonly parent: FakeActor,
    public name: string,
    public type: string,
    public system: Data,
  ) {
    super(world, id);
  }
  get uuid(): string {
    return `${this.parent.uuid}.Item.${this.id}`;
  }
  toObject(): Data {
    return { _id: this.id, name: this.name, type: this.type, system: structuredClone(this.system), flags: structuredClone(this.flags) };
  }
}

export class FakeActor extends FakeDocument {
  readonly documentName = "Actor";
  readonly effects = new Collection<FakeEffect>();
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
    public type = "character",
  ) {
    super(world, id);
    this.system = structuredClone(system);
    world.system.decorate?.(this);
  }
  get uuid(): string {
    return this.token ? `${this.token.uuid}.Actor.${this.id}` : `Actor.${this.id}`;
  }
  /** [C-10] An unlinked token's actor is synthetic: `isToken` true. */
  get isToken(): boolean {
    return this.token !== null;
  }
  /** [C-07] Ownership levels: OWNER 3; a GM owns everything. */
  testUserPermission(user: FakeUser, level: string | number): boolean {
    const need = level === "OWNER" ? 3 : level === "OBSERVER" ? 2 : level === "LIMITED" ? 1 : typeof level === "number" ? level : 2;
    return user.isGM || (this.ownership[user.id] ?? this.ownership.default ?? 0) >= need;
  }
  get isOwner(): boolean {
    return this.testUserPermission(this.world.current().user, "OWNER");
  }
  /** [C-21] Statuses of the actor's active effects. */
  get statuses(): Set<string> {
    return new Set([...this.effects].filter((e) => e.active).flatMap((e) => [...e.statuses]));
  }
  private guard(): FakeUser {
    const user = this.world.current().user;
    this.guardFor(user);
    return user;
  }
  /** Where this actor's data goes on the server: the world actor, or the token's ActorDelta. */
  get requestParent(): string {
    return this.uuid;
  }
  /** This actor's source after `changes`, checked by the system; throws to refuse. Changes nothing. */
  checkedData(changes: Data): Data {
    if ("effects" in changes || "items" in changes) {
      // [C-12] Embedded documents inline in a parent update are not a supported way to create them.
      throw new Error("fake: embedded documents passed inline in an Actor update are not modelled (unsupported in Foundry); use createEmbeddedDocuments");
    }
    const data: Data = { system: structuredClone(this.system), flags: structuredClone(this.flags), name: this.name };
    applyUpdate(data, changes);
    // [C-13] The system's data model checks (and may clean) the result; a refused value fails the update.
    return this.world.system.validateActor?.(this, data) ?? data;
  }
  setData(data: Data): void {
    this.system = data.system as Data;
    this.world.system.decorate?.(this);
    this.flags = data.flags as Data;
    this.name = String(data.name);
  }
  /** Validates and applies one update to this actor's source, as the server would. */
  applyData(changes: Data): void {
    this.setData(this.checkedData(changes));
  }
  prepareUpdate(changes: Data, options: Data, user: FakeUser, check = true): PreparedWrite {
    this.guardFor(user);
    if (check) this.checkedData(changes);
    return {
      parent: this.requestParent,
      op: "update",
      documentName: "Actor",
      count: 1,
      commit: () => {
        this.applyData(changes);
        return () => this.world.broadcast("updateActor", [this, changes, options, user.id]);
      },
    };
  }
  guardFor(user: FakeUser): void {
    // [C-55] An unlinked token's actor lives in its token: once the token is deleted, it takes no writes.
    if (this.token && !this.token.exists) throw new Error(`Token [${this.token.id}] does not exist`);
    if (!this.testUserPermission(user, "OWNER")) {
      this.world.permissionRefusals.push({ user: user.id, what: this.uuid });
      throw new Error(`User ${user.name} lacks permission to modify ${this.name}`);
    }
  }
  /** Actor#update: one request. */
  async update(changes: Data, options: Data = {}): Promise<this> {
    const user = this.guard();
    this.world.preflight(user, "preUpdateActor", this, changes, options);
    await this.world.request(user, [() => this.prepareUpdate(changes, options, user)]);
    return this;
  }
  /**
   * [C-14] Actor.updateDocuments: many world actors in one request. Whether one refused value
   * writes none ("all") or the others ("partial") is unknown: a switch on the world.
   */
  static async updateDocuments(updates: Data[], options: Data = {}): Promise<FakeActor[]> {
    const w = world();
    const user = w.current().user;
    const done: FakeActor[] = [];
    const prepared = () =>
      updates.map((u) => {
        const a = w.actors.get(String(u._id));
        if (!a) throw new Error(`Actor [${String(u._id)}] does not exist`);
        const rest: Data = { ...u };
        delete rest._id;
        const write = a.prepareUpdate(rest, options, user, w.batchRefusal === "all");
        return {
          ...write,
          commit: () => {
            try {
              const after = write.commit();
              done.push(a);
              return after;
            } catch (e) {
              if (w.batchRefusal === "all") throw e;
              w.partialFailures.push(e);
              return () => undefined;
            }
          },
        };
      });
    await w.request(user, [() => ({ ...merge(prepared()), parent: "" })]);
    const failure = w.partialFailures.shift();
    if (failure) throw failure;
    return done;
  }
  prepareCreate(data: Data[], options: Data, user: FakeUser): PreparedWrite {
    this.guardFor(user);
    const ids: string[] = [];
    for (const d of data) {
      // [C-15] keepId keeps the given id; an id that exists already is refused.
      const id = options.keepId && typeof d._id === "string" ? d._id : randomID();
      if (!/^[A-Za-z0-9]{16}$/.test(id)) throw new Error(`Invalid document id "${id}"`);
      if (this.effects.has(id) || ids.includes(id)) throw new Error(`An ActiveEffect with id [${id}] already exists in the parent collection`);
      // [C-19] v14 effects are made with a duration block of the new shape.
      if (this.world.generation >= 14 && (typeof d.duration !== "object" || d.duration === null)) throw new Error("fake: a v14 ActiveEffect is created with a duration block");
      ids.push(id);
    }
    return {
      parent: this.requestParent,
      op: "create",
      documentName: "ActiveEffect",
      count: data.length,
      commit: () => {
        const combat = this.world.combats.find((c) => c.active && c.started);
        const made = data.map((d, i) => {
          const e = new FakeEffect(this.world, ids[i] as string, this, d);
          // [C-16] A created effect's start is stamped: the world time, and the active combat's round
          // and turn; v13 keeps them in `duration`, v14 in `start`.
          const start = { time: this.world.time, ...(combat ? { combat: combat.id, round: combat.round, turn: combat.turn } : {}) };
          if (this.world.generation >= 14) e.start = start;
          else e.duration = { ...e.duration, startTime: e.duration.startTime ?? start.time, ...(combat ? { combat: combat.id, startRound: combat.round, startTurn: combat.turn } : {}) };
          return e;
        });
        for (const e of made) this.effects.set(e.id, e);
        // [C-17] createActiveEffect(effect, options, userId) on every client.
        return () => {
          for (const e of made) this.world.broadcast("createActiveEffect", [e, options, user.id]);
        };
      },
    };
  }
  async createEmbeddedDocuments(kind: string, data: Data[], options: Data = {}): Promise<FakeEffect[]> {
    if (kind !== "ActiveEffect") throw new Error(`fake: ${kind} not modelled`);
    const user = this.guard();
    const before = new Set(this.effects.keys());
    await this.world.request(user, [() => this.prepareCreate(data, options, user)]);
    return this.effects.filter((e) => !before.has(e.id));
  }
  prepareUpdateEffects(updates: Data[], options: Data, user: FakeUser): PreparedWrite {
    this.guardFor(user);
    for (const u of updates) if (!this.effects.get(String(u._id))) throw new Error(`ActiveEffect [${String(u._id)}] does not exist`);
    return {
      parent: this.requestParent,
      op: "update",
      documentName: "ActiveEffect",
      count: updates.length,
      commit: () => {
        const changed: Array<[FakeEffect, Data]> = [];
        for (const u of updates) {
          const e = this.effects.get(String(u._id)) as FakeEffect;
          const rest: Data = { ...u };
          delete rest._id;
          const data: Data = { flags: e.flags, disabled: e.disabled, name: e.name, duration: e.duration };
          applyUpdate(data, rest);
          e.flags = data.flags as Data;
          e.disabled = data.disabled === true;
          e.name = String(data.name);
          e.duration = data.duration as Data;
          changed.push([e, rest]);
        }
        return () => {
          for (const [e, rest] of changed) this.world.broadcast("updateActiveEffect", [e, rest, options, user.id]);
        };
      },
    };
  }
  async updateEmbeddedDocuments(kind: string, updates: Data[], options: Data = {}): Promise<FakeEffect[]> {
    if (kind !== "ActiveEffect") throw new Error(`fake: ${kind} not modelled`);
    const user = this.guard();
    await this.world.request(user, [() => this.prepareUpdateEffects(updates, options, user)]);
    return updates.map((u) => this.effects.get(String(u._id))).filter((e): e is FakeEffect => e !== undefined);
  }
  prepareDelete(ids: string[], options: Data, user: FakeUser): PreparedWrite {
    this.guardFor(user);
    const missing = ids.filter((id) => !this.effects.has(id));
    if (missing.length > 0) throw new Error(`ActiveEffect [${missing.join(", ")}] does not exist`);
    return {
      parent: this.requestParent,
      op: "delete",
      documentName: "ActiveEffect",
      count: ids.length,
      commit: () => {
        const gone = ids.map((id) => this.effects.get(id) as FakeEffect);
        for (const id of ids) this.effects.delete(id);
        // [C-18] deleteActiveEffect(effect, options, userId): the deletion's options reach every client.
        return () => {
          for (const e of gone) this.world.broadcast("deleteActiveEffect", [e, options, user.id]);
        };
      },
    };
  }
  async deleteEmbeddedDocuments(kind: string, ids: string[], options: Data = {}): Promise<FakeEffect[]> {
    if (kind !== "ActiveEffect") throw new Error(`fake: ${kind} not modelled`);
    const user = this.guard();
    const gone = ids.map((id) => this.effects.get(id)).filter((e): e is FakeEffect => e !== undefined);
    await this.world.request(user, [() => this.prepareDelete(ids, options, user)]);
    return gone;
  }
  toObject(): Data {
    return { _id: this.id, name: this.name, type: this.type, system: structuredClone(this.system), flags: structuredClone(this.flags), items: this.items.map((i) => i.toObject()), effects: this.effects.map((e) => e.toObject()) };
  }
}

export class FakeScene extends FakeDocument {
  readonly documentName = "Scene";
  /** [C-67] The scene's grid: type (CONST.GRID_TYPES), size, a space's width and height, distance and units. */
  grid: FakeGrid = { ...SQUARE_GRID };
  readonly tokens = new Collection<FakeToken>();
  name = "Scene";
  get uuid(): string {
    return `Scene.${this.id}`;
  }
  /**
   * [C-86] Only a GM may update a Scene (its flags included): a player's update is refused with
   * "lacks permission to update Scene".
   */
  prepareUpdate(changes: Data, options: Data, user: FakeUser): PreparedWrite {
    if (!user.isGM) {
      this.world.permissionRefusals.push({ user: user.id, what: this.uuid });
      throw new Error(`User ${user.name} lacks permission to update Scene [${this.id}]`);
    }
    if (!this.world.scenes.has(this.id)) throw new Error(`Scene [${this.id}] does not exist`);
    return {
      parent: this.uuid,
      op: "update",
      documentName: "Scene",
      count: 1,
      commit: () => {
        const data: Data = { flags: this.flags };
        applyUpdate(data, changes);
        this.flags = data.flags as Data;
        return () => this.world.broadcast("updateScene", [this, changes, options, user.id]);
      },
    };
  }
  async update(changes: Data, options: Data = {}): Promise<void> {
    const user = this.world.current().user;
    this.prepareUpdate(changes, options, user);
    await this.world.request(user, [() => this.prepareUpdate(changes, options, user)]);
  }
  async setFlag(scope: string, key: string, value: unknown): Promise<void> {
    await this.update({ [`flags.${scope}.${key}`]: value });
  }
  /** [C-11] Token updates on a scene: many tokens in one request; `delta` changes an unlinked token's actor. */
  prepareTokenUpdates(updates: Data[], options: Data, user: FakeUser, movements: ReadonlyMap<string, Data> = new Map(), operation: Data = options): PreparedWrite {
    const tokens = updates.map((u) => {
      const t = this.tokens.get(String(u._id));
      if (!t) throw new Error(`Token [${String(u._id)}] does not exist`);
      if (!t.baseActor.testUserPermission(user, "OWNER")) {
        this.world.permissionRefusals.push({ user: user.id, what: t.uuid });
        throw new Error(`User ${user.name} lacks permission to update token ${t.name}`);
      }
      const rest: Data = { ...u };
      delete rest._id;
      t.checkData(rest);
      return [t, rest] as const;
    });
    return {
      parent: this.uuid,
      op: "update",
      documentName: "Token",
      count: updates.length,
      commit: () => {
        for (const [t, rest] of tokens) {
          t.applyData(rest);
          const m = movements.get(t.id);
          if (m) t.movement = { ...m, state: "completed", user };
        }
        return () => {
          for (const [t, rest] of tokens) this.world.broadcast("updateToken", [t, rest, options, user.id]);
          // [C-63] moveToken(document, movement, operation, user) on every client after the update.
          for (const [t] of tokens) {
            const m = movements.get(t.id);
            if (m) this.world.broadcast("moveToken", [t, m, operation, user]);
          }
        };
      },
    };
  }
  /**
   * [C-64] The movement of each token an update moves, and [C-62] the operation its hooks
   * receive: `movement` keyed by token id, with the caller's own options only where the world
   * says custom options reach the movement hooks (unknown).
   */
  movementsOf(updates: Data[], options: Data, user: FakeUser): { movements: Map<string, Data>; operation: Data } {
    const movements = new Map<string, Data>();
    const given = (options.movement as Record<string, { waypoints?: Data[]; method?: string }> | undefined) ?? {};
    for (const u of updates) {
      const t = this.tokens.get(String(u._id));
      if (!t || !changesPosition(u)) continue;
      const origin = t.position();
      const instruction = given[t.id];
      const last: Position = { ...origin, ...(Object.fromEntries(["x", "y", "elevation", "width", "height"].filter((k) => k in u).map((k) => [k, u[k]])) as Partial<Position>) };
      const waypoints = (instruction?.waypoints ?? [last]).map((w) => ({ ...origin, ...(w as Partial<Position>) }));
      movements.set(t.id, movementOf(this.grid, origin, waypoints, instruction?.method ?? String(options.method ?? "api"), user.id));
    }
    const own = this.world.movementOptionsReachHooks ? options : {};
    return { movements, operation: { ...own, action: "update", modifiedTime: this.world.time, movement: Object.fromEntries([...movements].map(([id, m]) => [id, { waypoints: (m.pending as Data).waypoints, method: m.method }])) } };
  }
  async updateEmbeddedDocuments(kind: string, updates: Data[], options: Data = {}): Promise<FakeToken[]> {
    if (kind !== "Token") throw new Error(`fake: ${kind} not modelled on scenes`);
    const user = this.world.current().user;
    const hooks = this.world.current().Hooks;
    const { movements, operation } = this.movementsOf(updates, options, user);
    // [C-45] preUpdateToken on the asking client; false leaves that token out.
    // [C-60] From v13.333 (and in v14), preMoveToken too, for each token the update moves; false
    // rejects that token's movement. [C-65] Their order is not known; the shell uses one per build.
    const kept = updates.filter((u) => {
      const t = this.tokens.get(String(u._id));
      const rest: Data = { ...u };
      delete rest._id;
      if (!t) return true;
      if (hooks.call("preUpdateToken", t, rest, options, user.id) === false) return false;
      const m = movements.get(t.id);
      return !(m && this.world.movementHooks && hooks.call("preMoveToken", t, m, operation) === false);
    });
    if (kept.length === 0) return [];
    await this.world.request(user, [() => this.prepareTokenUpdates(kept, options, user, this.world.movementHooks ? movements : new Map(), operation)]);
    return kept.map((u) => this.tokens.get(String(u._id))).filter((t): t is FakeToken => t !== undefined);
  }
}

export class FakeToken extends FakeDocument {
  readonly documentName = "Token";
  private synthetic: FakeActor | null = null;
  readonly object = { document: this as FakeToken };
  /** [C-68] Position in pixels (top-left), elevation in grid units, size in grid squares, disposition -1 hostile, 0 neutral, 1 friendly. */
  x = 0;
  y = 0;
  elevation = 0;
  width = 1;
  height = 1;
  disposition = 0;
  hidden = false;
  /** [C-81] When the token's name shows, and to whom (CONST.TOKEN_DISPLAY_MODES); unset here unless a test sets it. */
  displayName: number | undefined = undefined;
  /** [C-61] The current or last movement (TokenDocument#movement, 13.338 #12240). */
  movement: Data | null = null;
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
  get actorId(): string {
    return this.baseActor.id;
  }
  /**
   * [C-10] A linked token shows its world actor. An unlinked token's actor is synthetic: the base
   * actor's data and effects with the token's own changes (its ActorDelta) on top; writing to it
   * changes the delta only, and the base actor's other effects stay.
   */
  get actor(): FakeActor {
    if (this.actorLink) return this.baseActor;
    if (!this.synthetic) {
      const a = new FakeActor(this.world, this.baseActor.id, this.name, this.baseActor.system, this.baseActor.ownership, this, this.baseActor.type);
      a.flags = structuredClone(this.baseActor.flags);
      for (const e of this.baseActor.effects) a.effects.set(e.id, e.clone(a));
      for (const i of this.baseActor.items) a.items.set(i.id, new FakeItem(this.world, i.id, a, i.name, i.type, i.system));
      a.prototypeToken = { ...this.baseActor.prototypeToken };
      this.synthetic = a;
    }
    return this.synthetic;
  }
  /** Throws where the update would be refused (a delta the system will not take). */
  checkData(changes: Data): void {
    const e = expanded(changes);
    if (e.delta && typeof e.delta === "object") {
      if (this.actorLink) throw new Error("fake: a linked token has no delta");
      this.actor.checkedData(e.delta as Data);
    }
  }
  /** Applies a token update: position, elevation, and `delta` changes to an unlinked actor. */
  applyData(changes: Data): void {
    const e = expanded(changes);
    for (const k of ["x", "y", "elevation", "width", "height", "disposition", "hidden", "name", "displayName"] as const) {
      if (k in e) (this as unknown as Data)[k] = e[k];
    }
    if (e.delta && typeof e.delta === "object") {
      if (this.actorLink) throw new Error("fake: a linked token has no delta");
      // [C-11] A synthetic actor's data changes are its token's delta.
      this.actor.applyData(e.delta as Data);
    }
    // [C-02] Flags as the update gives them, deletions ("-=key") included.
    const flagChanges = Object.fromEntries(Object.entries(changes).filter(([k]) => k === "flags" || k.startsWith("flags.")));
    if (Object.keys(flagChanges).length > 0) {
      const holder: Data = { flags: this.flags };
      applyUpdate(holder, flagChanges);
      this.flags = holder.flags as Data;
    }
  }
  async update(changes: Data, options: Data = {}): Promise<this> {
    await this.parent.updateEmbeddedDocuments("Token", [{ ...changes, _id: this.id }], options);
    return this;
  }
  position(): Position {
    return { x: this.x, y: this.y, elevation: this.elevation, width: this.width, height: this.height };
  }
  /**
   * [C-64] TokenDocument#move(waypoints, options): moves through the waypoints as one movement
   * (13.333 #11843), `method` among the options (13.338 #12240); resolves true when it moved.
   * [C-66] v14 `planned: true`: the movement waits for startMovement and fires planToken instead.
   */
  async move(waypoints: Partial<Position> | Array<Partial<Position>>, options: Data = {}): Promise<boolean> {
    if (!this.world.movementHooks) throw new Error("fake: TokenDocument#move arrived in 13.333");
    const list = (Array.isArray(waypoints) ? waypoints : [waypoints]).map((w) => ({ ...this.position(), ...w }));
    const last = list[list.length - 1] ?? this.position();
    const user = this.world.current().user;
    if (options.planned === true) {
      if (this.world.generation < 14) throw new Error("fake: planned movement is v14's");
      this.movement = { ...movementOf(this.parent.grid, this.position(), list, String(options.method ?? "api"), user.id), state: "planned", user, destination: last };
      this.world.broadcast("planToken", [this]);
      return true;
    }
    const moved = await this.parent.updateEmbeddedDocuments("Token", [{ _id: this.id, x: last.x, y: last.y, elevation: last.elevation }], { ...options, movement: { [this.id]: { waypoints: list, method: options.method ?? "api" } } });
    return moved.length > 0;
  }
  /**
   * [C-66] TokenDocument#startMovement starts a planned movement (14.353 #13639). Whether it then
   * passes through preMoveToken is unknown: a switch on the world.
   */
  async startMovement(): Promise<boolean> {
    const m = this.movement;
    if (!m || m.state !== "planned") return false;
    const d = m.destination as Position;
    const pending = ((m.pending as Data).waypoints as Position[]) ?? [d];
    if (this.world.plannedStartFiresPreMove) return this.move(pending, { method: m.method });
    const user = this.world.current().user;
    const movements = new Map([[this.id, { ...m, state: "pending" }]]);
    await this.world.request(user, [() => this.parent.prepareTokenUpdates([{ _id: this.id, x: d.x, y: d.y, elevation: d.elevation }], {}, user, movements, { movement: { [this.id]: { waypoints: pending } } })]);
    return true;
  }
  /** [C-69] TokenDocument#stopMovement stops the current (or planned) movement; stopToken fires (13.346 #13043). */
  stopMovement(): void {
    if (!this.movement || (this.movement.state !== "planned" && this.movement.state !== "pending")) return;
    this.movement = { ...this.movement, state: "stopped" };
    this.world.broadcast("stopToken", [this]);
  }
  async delete(): Promise<void> {
    const user = this.world.current().user;
    if (!user.isGM) throw new Error("Only a GM may delete tokens here");
    await this.world.serve(() => {
      // [C-55] A document that is gone cannot be deleted again.
      if (!this.parent.tokens.has(this.id)) throw new Error(`Token [${this.id}] does not exist`);
      this.parent.tokens.delete(this.id);
      this.world.count({ user: user.id, op: "delete", documentName: "Token", parent: this.parent.uuid, count: 1 });
      this.world.broadcast("deleteToken", [this, {}, user.id]);
    });
  }
  /** Whether the token is still on its scene (a deleted token's actor takes no writes). */
  get exists(): boolean {
    return this.parent.tokens.has(this.id);
  }
}

export class FakeCombatant extends FakeDocument {
  readonly documentName = "Combatant";
  constructor(
    world: FakeWorld,
    id: string,
    readonly parent: FakeCombat,
    private readonly tokenDoc: FakeToken,
  ) {
    super(world, id);
  }
  get uuid(): string {
    return `${this.parent.uuid}.Combatant.${this.id}`;
  }
  /** [C-57] The combatant's token, looked up on its scene: null once the token is deleted. */
  get token(): FakeToken | null {
    return this.tokenDoc.exists ? this.tokenDoc : null;
  }
  get tokenId(): string {
    return this.tokenDoc.id;
  }
  get sceneId(): string {
    return this.tokenDoc.parent.id;
  }
  get name(): string {
    return this.tokenDoc.name;
  }
  /** [C-57] Its token's actor; with the token gone, a linked token's world actor, else none. */
  get actor(): FakeActor | null {
    return this.token ? this.token.actor : this.tokenDoc.actorLink ? this.tokenDoc.baseActor : null;
  }
  get isOwner(): boolean {
    return this.tokenDoc.baseActor.isOwner;
  }
  toObject(): Data {
    return { _id: this.id, tokenId: this.tokenDoc.id, sceneId: this.sceneId, actorId: this.tokenDoc.baseActor.id, name: this.name };
  }
  async delete(): Promise<void> {
    const user = this.world.current().user;
    await this.world.serve(() => {
      // [C-73] A combatant's owner (its creature's owner) or a GM may remove it.
      if (!user.isGM && !this.tokenDoc.baseActor.testUserPermission(user, "OWNER")) throw new Error(`User ${user.name} lacks permission to delete Combatant [${this.id}]`);
      // [C-55] Neither a combatant removed already nor one of a deleted combat can be removed.
      if (!this.world.combats.has(this.parent.id) || !this.parent.combatants.has(this.id)) throw new Error(`Combatant [${this.id}] does not exist`);
      this.parent.combatants.delete(this.id);
      this.world.count({ user: user.id, op: "delete", documentName: "Combatant", parent: this.parent.uuid, count: 1 });
      this.world.broadcast("deleteCombatant", [this, {}, user.id]);
    });
  }
}

export class FakeCombat extends FakeDocument {
  readonly documentName = "Combat";
  readonly combatants = new Collection<FakeCombatant>();
  /** [C-15] Combatants made with chosen ids (`keepId`); a GM's work (the fake lets no player add one). */
  async createEmbeddedDocuments(kind: string, data: Data[], options: Data = {}): Promise<FakeCombatant[]> {
    if (kind !== "Combatant") throw new Error(`fake: ${kind} not modelled on combats`);
    const user = this.world.current().user;
    if (!user.isGM) throw new Error("Only a GM may add combatants here");
    return this.world.serve(() => {
      if (!this.world.combats.has(this.id)) throw new Error(`Combat [${this.id}] does not exist`);
      const made: FakeCombatant[] = [];
      for (const d of data) {
        const id = options.keepId && typeof d._id === "string" ? d._id : randomID();
        if (this.combatants.has(id)) throw new Error(`A Combatant with id [${id}] already exists`);
        const scene = this.world.scenes.get(String(d.sceneId));
        const token = scene?.tokens.get(String(d.tokenId));
        if (!token) throw new Error("fake: a combatant needs its token");
        const cb = new FakeCombatant(this.world, id, this, token);
        this.combatants.set(id, cb);
        made.push(cb);
      }
      this.world.count({ user: user.id, op: "create", documentName: "Combatant", parent: this.uuid, count: made.length });
      for (const cb of made) this.world.broadcast("createCombatant", [cb, options, user.id]);
      return made;
    });
  }
  round = 0;
  turn = 0;
  active = true;
  get uuid(): string {
    return `Combat.${this.id}`;
  }
  get started(): boolean {
    return this.round > 0;
  }
  /**
   * [C-70] Only a GM may write a combat's flags (a player may change only its round and turn, when
   * it is their turn); the fake lets no player write a combat at all, which is all the module needs.
   */
  prepareUpdate(changes: Data, options: Data, user: FakeUser): PreparedWrite {
    if (!user.isGM) throw new Error("Only a GM may update the combat here");
    // [C-55] A deleted combat takes no updates.
    if (!this.world.combats.has(this.id)) throw new Error(`Combat [${this.id}] does not exist`);
    return {
      parent: this.uuid,
      op: "update",
      documentName: "Combat",
      count: 1,
      commit: () => {
        const data: Data = { round: this.round, turn: this.turn, flags: this.flags };
        applyUpdate(data, changes);
        this.round = Number(data.round);
        this.turn = Number(data.turn);
        this.flags = data.flags as Data;
        // [C-30] updateCombat(combat, changed, options, userId) on every client; the round is in `changed`.
        return () => this.world.broadcast("updateCombat", [this, changes, options, user.id]);
      },
    };
  }
  async update(changes: Data, options: Data = {}): Promise<void> {
    const user = this.world.current().user;
    this.prepareUpdate(changes, options, user);
    await this.world.serve(() => {
      const w = this.prepareUpdate(changes, options, user);
      const after = w.commit();
      this.world.count({ user: user.id, op: "update", documentName: "Combat", parent: this.uuid, count: 1 });
      after();
    });
  }
  async delete(): Promise<void> {
    const user = this.world.current().user;
    await this.world.serve(() => {
      if (!this.world.combats.has(this.id)) throw new Error(`Combat [${this.id}] does not exist`);
      this.world.combats.delete(this.id);
      this.world.count({ user: user.id, op: "delete", documentName: "Combat", parent: "", count: 1 });
      this.world.broadcast("deleteCombat", [this, {}, user.id]);
    });
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
  /** [C-40] Roll#evaluate is asynchronous. */
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

let messageClock = 1_700_000_000_000;

export class FakeChatMessage extends FakeDocument {
  readonly documentName = "ChatMessage";
  content = "";
  rolls: FakeRoll[] = [];
  whisper: string[] = [];
  speaker: Data = {};
  readonly timestamp: number;
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
    // [C-84] The creating client stamps the time; one it sends is kept (a player may backdate theirs).
    this.timestamp = typeof data.timestamp === "number" ? data.timestamp : messageClock++;
  }
  get uuid(): string {
    return `ChatMessage.${this.id}`;
  }
  /**
   * [C-31] A whisper reaches its recipients and its author only: a GM it does not name does not
   * see it. Anything else reaches everyone. (Whether the others' clients receive the document at
   * all is unknown; the fake runs their hooks for the recipients only.)
   */
  visibleTo(user: FakeUser): boolean {
    return this.whisper.length === 0 || user === this.author || this.whisper.includes(user.id);
  }
  broadcastVisible(hook: string, args: unknown[]): void {
    for (const c of [...this.world.clients]) {
      if (!this.visibleTo(c.user)) continue;
      for (let i = this.world.deliveries(hook, c); i > 0; i--) c.run(() => c.Hooks.callAll(hook, ...args));
    }
  }
  /** [C-32] The author is stamped by the server: the creating user, whatever the data says. */
  static prepareCreate(data: Data, options: { keepId?: boolean }, user: FakeUser): PreparedWrite {
    const w = world();
    const id = options.keepId && typeof data._id === "string" ? data._id : randomID();
    if (!/^[A-Za-z0-9]{16}$/.test(id)) throw new Error(`Invalid document id "${id}"`);
    if (w.messages.has(id)) throw new Error(`A ChatMessage with id [${id}] already exists`);
    // [C-33] Whispering needs the MESSAGE_WHISPER permission.
    if (Array.isArray(data.whisper) && data.whisper.length > 0 && !user.can("MESSAGE_WHISPER")) throw new Error(`User ${user.name} is not permitted to whisper`);
    return {
      parent: "",
      op: "create",
      documentName: "ChatMessage",
      count: 1,
      commit: () => {
        const m = new FakeChatMessage(w, id, user, data);
        w.messages.set(id, m);
        return () => m.broadcastVisible("createChatMessage", [m, options, user.id]);
      },
    };
  }
  static async create(data: Data, options: { keepId?: boolean } = {}): Promise<FakeChatMessage> {
    const w = world();
    const user = w.current().user;
    const id = options.keepId && typeof data._id === "string" ? data._id : randomID();
    return w.serve(() => {
      const prepared = FakeChatMessage.prepareCreate({ ...data, _id: id }, { ...options, keepId: true }, user);
      const after = prepared.commit();
      w.count({ user: user.id, op: "create", documentName: "ChatMessage", parent: "", count: 1, id });
      after();
      return w.messages.get(id) as FakeChatMessage;
    });
  }
  static getSpeaker({ token }: { token?: FakeToken } = {}): Data {
    return { scene: token?.parent.id ?? null, token: token?.id ?? null, actor: token?.actor.id ?? null, alias: token?.name ?? "" };
  }
  /** [C-34] Its author or a GM may change or delete a message. */
  private guard(user: FakeUser): FakeUser {
    if (!user.isGM && user !== this.author) {
      this.world.permissionRefusals.push({ user: user.id, what: this.uuid });
      throw new Error(`User ${user.name} lacks permission to modify this message`);
    }
    if (!this.world.messages.has(this.id)) throw new Error("ChatMessage does not exist");
    return user;
  }
  prepareUpdate(changes: Data, options: Data, user: FakeUser): PreparedWrite {
    this.guard(user);
    return {
      parent: "",
      op: "update",
      documentName: "ChatMessage",
      count: 1,
      commit: () => {
        const data: Data = { content: this.content, flags: this.flags };
        applyUpdate(data, changes);
        this.content = String(data.content);
        this.flags = data.flags as Data;
        return () => this.broadcastVisible("updateChatMessage", [this, changes, options, user.id]);
      },
    };
  }
  async update(changes: Data, options: Data = {}): Promise<this> {
    return this.world.serve(() => {
      const user = this.world.current().user;
      const after = this.prepareUpdate(changes, options, user).commit();
      this.world.count({ user: user.id, op: "update", documentName: "ChatMessage", parent: "", count: 1, id: this.id });
      after();
      return this;
    });
  }
  prepareDelete(options: Data, user: FakeUser): PreparedWrite {
    this.guard(user);
    return {
      parent: "",
      op: "delete",
      documentName: "ChatMessage",
      count: 1,
      commit: () => {
        this.world.messages.delete(this.id);
        // Test bookkeeping, not a claim about Foundry: who removed a message, and as what it was then.
        this.world.removedMessages.set(this.id, { by: user.id, flags: structuredClone(this.flags) });
        return () => this.broadcastVisible("deleteChatMessage", [this, options, user.id]);
      },
    };
  }
  async delete(options: Data = {}): Promise<void> {
    await this.world.serve(() => {
      const user = this.world.current().user;
      const after = this.prepareDelete(options, user).commit();
      this.world.count({ user: user.id, op: "delete", documentName: "ChatMessage", parent: "", count: 1 });
      after();
    });
  }
}

// ------------------------------------------------------------------------------------------
interface SettingConfig {
  scope?: string;
  config?: boolean;
  type?: unknown;
  default: unknown;
  onChange?: (v: unknown) => void;
}

class FakeSettings {
  readonly configs = new Map<string, SettingConfig>();
  constructor(private readonly world: FakeWorld) {}
  readonly menus = new Map<string, { type: new () => { render(options?: unknown): unknown }; restricted?: boolean }>();
  register(ns: string, key: string, config: SettingConfig): void {
    this.configs.set(`${ns}.${key}`, config);
  }
  /**
   * [C-35] registerMenu: `type` is an Application or ApplicationV2 class. How core opens it is not
   * documented: `open` makes one with no arguments and renders it, either way Foundry might.
   */
  registerMenu(ns: string, key: string, config: { type: new () => { render(options?: unknown): unknown }; restricted?: boolean }): void {
    if (typeof config.type !== "function" || typeof config.type.prototype?.render !== "function") throw new Error(`fake: the settings menu ${ns}.${key} has no application class`);
    this.menus.set(`${ns}.${key}`, config);
  }
  async openMenu(id: string, how: "force" | "true" = "force"): Promise<unknown> {
    const menu = this.menus.get(id);
    if (!menu) throw new Error(`fake: no settings menu ${id}`);
    const app = new menu.type();
    await (how === "force" ? app.render({ force: true }) : app.render(true));
    return app;
  }
  /** [C-80] A client-scoped setting is kept in this browser (its local storage), not in the world. */
  private readonly local = new Map<string, unknown>();
  get(ns: string, key: string): unknown {
    const id = `${ns}.${key}`;
    if (!this.configs.has(id)) throw new Error(`Setting ${id} is not registered`);
    if (this.configs.get(id)?.scope === "client") return structuredClone(this.local.has(id) ? this.local.get(id) : this.configs.get(id)?.default);
    return structuredClone(this.world.settingValues.has(id) ? this.world.settingValues.get(id) : this.configs.get(id)?.default);
  }
  async set(ns: string, key: string, value: unknown): Promise<unknown> {
    const id = `${ns}.${key}`;
    const cfg = this.configs.get(id);
    if (!cfg) throw new Error(`Setting ${id} is not registered`);
    if (cfg.scope === "client") {
      // No request: the value stays on this client, whose own onChange runs.
      this.local.set(id, structuredClone(value));
      cfg.onChange?.(value);
      return value;
    }
    const user = this.world.current().user;
    if (cfg.scope === "world" && !user.isGM) throw new Error("Only a GM may change world settings");
    const exists = this.world.settingValues.has(id);
    // [C-58] The pre-hooks get the Setting document and the change, the value as JSON text.
    const json = JSON.stringify(value);
    const doc = { key: id, value: exists ? JSON.stringify(this.world.settingValues.get(id)) : json };
    if (!this.world.current().Hooks.call(exists ? "preUpdateSetting" : "preCreateSetting", doc, { key: id, value: json }, {}, user.id)) return this.get(ns, key);
    return this.world.serve(() => {
      this.world.settingValues.set(id, structuredClone(value));
      this.world.count({ user: user.id, op: exists ? "update" : "create", documentName: "Setting", parent: "", count: 1 });
      for (const c of [...this.world.clients]) c.run(() => c.game.settings.configs.get(id)?.onChange?.(value));
      return value;
    });
  }
}

// ------------------------------------------------------------------------------------------
export class FakeDialog {
  readonly element: HTMLElement;
  /** Drawn in the document of the tab that opened it. */
  constructor(
    readonly config: DialogConfig,
    doc: Document = document,
  ) {
    this.element = doc.createElement("div");
    const form = doc.createElement("form");
    form.innerHTML = config.content;
    const footer = doc.createElement("footer");
    for (const b of config.buttons) {
      const el = doc.createElement("button");
      el.type = "submit";
      el.dataset.action = b.action;
      // [C-71] DialogV2 puts a button's label into the button as HTML.
      el.innerHTML = b.label;
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
    // [C-41] DialogV2 button callbacks get (event, button, dialog); the button's form is the dialog's.
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
export interface StatusEntry {
  id: string;
  name: string;
  img: string;
}

export class FakeClient {
  readonly Hooks = new FakeHooks();
  /** [C-22] v13 keeps the statuses in an array; v14 in an object keyed by id (arrays still work). */
  readonly CONFIG: { statusEffects: StatusEntry[] | Record<string, StatusEntry>; Actor: { documentClass: typeof FakeActor }; ActiveEffect: Data; Canvas: { layers: Data } };
  readonly notifications: Array<{ level: string; message: string }> = [];
  readonly game;
  readonly ui;
  /** The canvas this tab shows (test/fake-foundry/canvas.ts): nothing drawn until a test draws a scene. */
  readonly canvas: FakeCanvas = new FakeCanvas(this);
  /** Windows this client has open (ApplicationV2). */
  readonly windows: FakeApplicationV2[] = [];
  readonly errors: unknown[] = [];
  /** Set when the tab has closed: what became of the requests it still had on their way. */
  closed: "lost" | "applied" | null = null;
  /** [C-56] `navigator` as this tab has it: Web Locks where the world's pages offer them. */
  readonly navigator: { locks?: { request<T>(name: string, callback: () => Promise<T>): Promise<T> } };
  constructor(
    readonly world: FakeWorld,
    readonly user: FakeUser,
    readonly locks: FakeLockManager = new FakeLockManager(),
    private readonly page: Document | null = null,
  ) {
    this.navigator = world.webLocks ? { locks: { request: (name, callback) => locks.request(this, name, callback) } } : {};
    const w = world;
    const i18n = w.i18n;
    const core = CORE_STATUS_EFFECTS.map((s) => ({ ...s }));
    this.CONFIG = {
      statusEffects: w.generation >= 14 ? Object.fromEntries(core.map((s) => [s.id, s])) : core,
      Actor: { documentClass: FakeActor },
      ActiveEffect: { documentClass: { fromStatusEffect: async (id: string) => fromStatusEffect(this, id) } },
      // [C-85] Canvas layers a package adds, by name: {group, layerClass}.
      Canvas: { layers: {} },
    };
    const release = { generation: w.generation, build: w.build };
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
      modules: new ClientModules(w),
      // The world's game system: game.system.id, which systems read for their own settings
      // (vttred/ose src/module/actor/data-model-monster.js: game.settings.get(game.system.id, "ascendingAC")).
      system: { id: w.systemId, title: w.system.title, version: "1.0.0" },
      // [C-42] game.release.generation is the major version.
      release,
      version: `${release.generation}.${release.build}`,
      get time() {
        return { worldTime: w.time };
      },
    };
    const push = (level: string) => (message: string) => {
      this.notifications.push({ level, message });
    };
    this.ui = { notifications: { info: push("info"), warn: push("warn"), error: push("error") }, combat: new FakeCombatTracker(this) };
  }
  run<T>(fn: () => T): T {
    return storage.run(this, fn);
  }
  /**
   * The document this tab draws in: the one DOM all tabs share in Node, or the tab's own page
   * (the demo's frames) when it was given one on connecting. The fake's windows, dialogs, tracker
   * and HUD are made in it, as a tab's own Foundry makes them in its own page.
   */
  get document(): Document {
    return this.page ?? document;
  }
  /** The token HUD for a token, as this client would draw it (fires renderTokenHUD). */
  renderTokenHUD(token: FakeToken): HTMLElement {
    return this.run(() => renderTokenHUD(this, token));
  }
  /** An actor sheet's header, as the world's system draws it (fires the sheet's header hook). */
  /** The Configure Settings window as this client would draw it (fires renderSettingsConfig). */
  renderSettingsConfig(): HTMLElement {
    return this.run(() => renderSettingsConfig(this));
  }
  renderActorSheet(actor: FakeActor): Array<Record<string, unknown>> {
    return this.run(() => renderActorSheet(this, actor));
  }
}

/**
 * `game.modules` as one tab sees it: each tab runs its own copy of every module, so what a module
 * puts on its entry (its `api`) belongs to that tab. Reads fall through to the world's entry.
 */
class ClientModules {
  private readonly own = new WeakMap<Data, Data>();
  constructor(private readonly world: FakeWorld) {}
  get(id: string): Data | undefined {
    const base = this.world.modules.get(id);
    if (!base) return undefined;
    let mine = this.own.get(base);
    if (!mine) {
      mine = Object.create(base) as Data;
      this.own.set(base, mine);
    }
    return mine;
  }
  has(id: string): boolean {
    return this.world.modules.has(id);
  }
}

/** [C-47] game.scenes.viewed: the scene this client looks at (here, the first one made). */
class ScenesCollection extends Collection<FakeScene> {
  get viewed(): FakeScene | null {
    return this.contents[0] ?? null;
  }
  get current(): FakeScene | null {
    return this.contents[0] ?? null;
  }
}

/**
 * [C-29] ActiveEffect.fromStatusEffect(id): an unsaved effect made from the status entry (its name,
 * image and any effect data the entry carries, such as changes), with the status in `statuses`.
 */
async function fromStatusEffect(client: FakeClient, id: string): Promise<{ toObject(): Data }> {
  const list = client.CONFIG.statusEffects;
  const entry = Array.isArray(list) ? list.find((s) => s.id === id) : list[id];
  if (!entry) throw new Error(`fake: no status effect ${id}`);
  const { id: statusId, ...rest } = entry as StatusEntry & Data;
  const data: Data = { ...structuredClone(rest), name: client.game.i18n.localize(entry.name), statuses: [statusId] };
  return { toObject: () => structuredClone(data) };
}

class FakeUsers extends Collection<FakeUser> {
  constructor(private readonly world: FakeWorld) {
    super();
  }
  /** [C-05] The active GM: the connected GM with the lowest id, the same on every client. */
  get activeGM(): FakeUser | null {
    const gms = [...this.values()].filter((u) => u.isGM && u.active).sort((a, b) => a.id.localeCompare(b.id));
    return gms[0] ?? null;
  }
}

// ------------------------------------------------------------------------------------------
const storage = contextStore<FakeClient>();
let activeWorld: FakeWorld | null = null;
function makeActive(w: FakeWorld): void {
  activeWorld = w;
}
export function world(): FakeWorld {
  if (!activeWorld) throw new Error("no fake world");
  return activeWorld;
}

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
  /** Unknown: whether an update's own (custom) options reach the `operation` movement hooks receive. */
  readonly movementOptionsReachHooks?: boolean;
  /** Unknown: whether starting a planned movement (v14) passes through preMoveToken. */
  readonly plannedStartFiresPreMove?: boolean;
  /**
   * [C-48] Which requests take time: "documents" (effects, actors and tokens' updates; chat
   * messages, combats and token deletions are answered at once, as the older tests expect) or
   * "all" (every request, so two tabs can race on any of them).
   */
  readonly latency?: "documents" | "all";
  /**
   * FAULT INJECTION, not a claim about Foundry: how many times one client receives one document
   * hook's broadcast (0 dropped, 1, 2 duplicated). Unset: exactly once, as Foundry sends it.
   */
  readonly delivery?: (hook: string, client: FakeClient) => number;
  /** Document ids from this seed (the world's own count), so a world built twice has the same ids. */
  readonly idSeed?: number;
  /**
   * [C-56] Whether the browsers offer Web Locks (`navigator.locks`): they do on pages served over
   * HTTPS or from localhost, and not on a plain-HTTP page (a secure context only). Default: yes.
   */
  readonly webLocks?: boolean;
}

/**
 * [C-56] Web Locks (`navigator.locks`), the browser's own: a lock name is held by one tab of a
 * browser at a time; other requests for it wait in line and are granted in turn when the holder's
 * callback settles, or when the holding tab closes (a closed tab's waiting requests go with it).
 */
export class FakeLockManager {
  private readonly held = new Map<string, FakeClient>();
  private readonly waiting = new Map<string, Array<{ client: FakeClient; grant: () => void }>>();
  request<T>(client: FakeClient, name: string, callback: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      // A closed tab runs nothing: what it asks for now is never granted.
      if (client.closed) return;
      const grant = () => {
        this.held.set(name, client);
        void Promise.resolve()
          .then(() => client.run(() => callback()))
          .then(resolve, reject)
          .finally(() => {
            if (this.held.get(name) === client) this.next(name);
          });
      };
      if (this.held.has(name)) this.waiting.set(name, [...(this.waiting.get(name) ?? []), { client, grant }]);
      else grant();
    });
  }
  private next(name: string): void {
    this.held.delete(name);
    const line = this.waiting.get(name) ?? [];
    const first = line.shift();
    if (first) first.grant();
  }
  /** A tab closed: its locks are free, and what it waited for is forgotten. */
  closed(client: FakeClient): void {
    for (const [name, line] of this.waiting) this.waiting.set(name, line.filter((w) => w.client !== client));
    for (const [name, holder] of [...this.held]) if (holder === client) this.next(name);
  }
}

/** A promise that never settles: the answer to a request sent by a tab that has closed. */
function never<T>(): Promise<T> {
  return new Promise<T>(() => undefined);
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
  private readonly inFlight = new Map<string, Array<{ client: FakeClient; byHand: boolean }>>();
  /**
   * Each overlap: the tabs whose requests met, whether one came from a tab that had closed with
   * it on its way, and whether one was a person's own edit (`byHand`) rather than the module's.
   */
  readonly overlapDetails: Array<{ parent: string; clients: FakeClient[]; fromClosedTab: boolean; byHand: boolean }> = [];
  private readonly hand = contextStore<boolean>();
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
  readonly movementOptionsReachHooks: boolean;
  readonly plannedStartFiresPreMove: boolean;
  readonly latency: "documents" | "all";
  readonly delivery: ((hook: string, client: FakeClient) => number) | undefined;
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
    this.movementOptionsReachHooks = options.movementOptionsReachHooks ?? true;
    this.plannedStartFiresPreMove = options.plannedStartFiresPreMove ?? true;
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
    options: { type?: string; items?: ReadonlyArray<{ name?: string; type?: string; system?: Data }>; prototypeToken?: { width: number; height: number } } = {},
  ): FakeActor {
    const a = new FakeActor(this, randomID(), name, system, ownership, null, options.type ?? "character");
    if (options.prototypeToken) a.prototypeToken = { ...options.prototypeToken };
    for (const i of options.items ?? []) this.addItem(a, i.name ?? "", i.type ?? "", structuredClone(i.system ?? {}));
    this.actors.set(a.id, a);
    return a;
  }

  addItem(actor: FakeActor, name: string, type: string, system: Data): FakeItem {
    const i = new FakeItem(this, randomID(), actor, name, type, system);
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

  /**
   * [C-48] One server request: it takes a moment (other code runs meanwhile), is checked when it arrives
   * (a refused write changes nothing), applied, counted once, and then its hooks run on every
   * client. [C-49] Writes to a parent that already has a request in flight are recorded in
   * `overlaps`: simultaneous embedded writes to one parent can lose some of them.
   */
  async request(user: FakeUser, prepare: Array<() => PreparedWrite>, batch = false, messages: readonly string[] = []): Promise<void> {
    const client = this.current();
    // A closed tab sends nothing.
    if (client.closed) return never();
    const parents = [...new Set(prepare.length > 0 ? this.pendingParents(prepare) : [])];
    for (const p of parents) {
      const there = this.inFlight.get(p) ?? [];
      const mine = { client, byHand: this.hand.getStore() === true };
      if (there.length > 0) {
        this.overlaps.push(p);
        this.overlapDetails.push({ parent: p, clients: [...there.map((x) => x.client), client], fromClosedTab: there.some((x) => x.client.closed !== null), byHand: mine.byHand || there.some((x) => x.byHand) });
      }
      this.inFlight.set(p, [...there, mine]);
    }
    let lost = false;
    try {
      this.waiting++;
      await nextTask().finally(() => this.waiting--);
      // The tab closed while this was on its way: the server never had it.
      if (client.closed === "lost") {
        lost = true;
        return;
      }
      const writes = prepare.map((f) => f());
      const after = writes.map((w) => w.commit());
      if (batch) this.count({ user: user.id, op: "update", documentName: "Batch", parent: "", count: writes.length, messages });
      else for (const w of writes) this.count({ user: user.id, op: w.op, documentName: w.documentName, parent: w.parent, count: w.count });
      for (const f of after) f();
    } finally {
      for (const p of parents) {
        const there = [...(this.inFlight.get(p) ?? [])];
        there.splice(
          there.findIndex((x) => x.client === client),
          1,
        );
        this.inFlight.set(p, there);
      }
    }
    // Written, but the answer goes to a tab that is no more.
    if (lost || client.closed) return never();
  }

  /**
   * [C-48] A request carried out by `serve`: it takes a moment when every request takes time
   * (`latency: "all"`), and a closed tab's requests never arrive or are never answered, as in
   * `request`. `carry` checks and applies it on the server (throwing to refuse) and broadcasts.
   */
  async serve<T>(carry: () => T): Promise<T> {
    const client = this.current();
    if (client.closed) return never();
    if (this.latency === "all") {
      this.waiting++;
      await nextTask().finally(() => this.waiting--);
      if (client.closed === "lost") return never();
    }
    const out = carry();
    if (client.closed) return never();
    return out;
  }

  /**
   * FAULT INJECTION for v14's batch (C-46), asked once per batch with its operations:
   * `{ failAt: k }`: every dry run passes, operations before the k-th are written and broadcast,
   * and the k-th fails, so the batch rejects with those written (foundryvtt#14174); "empty": the
   * batch resolves with nothing written (a batch cancelled on its way: whether that rejects or
   * resolves empty is not documented). Null: the batch as it normally goes.
   */
  batchFault: ((operations: readonly Data[]) => { readonly failAt: number } | "empty" | null) | null = null;

  /**
   * [C-46] v14's foundry.documents.modifyBatch: several writes across documents in one request,
   * all or nothing up to its dry run (any refusal there refuses the whole batch, nothing
   * written); see `batchFault` for what happens after it.
   */
  async modifyBatch(operations: Data[]): Promise<unknown[]> {
    if (this.generation < 14) throw new Error("fake: modifyBatch is v14's");
    const user = this.current().user;
    const prepare = operations.map((op) => (): PreparedWrite => {
      const { action, documentName, parent, data, updates, ids, ...options } = op as Data & { action: string; documentName: string; parent?: unknown; data?: Data[]; updates?: Data[]; ids?: string[] };
      if (documentName === "ActiveEffect") {
        if (!(parent instanceof FakeActor)) throw new Error("fake: an ActiveEffect batch operation needs its actor as parent");
        if (parent.isToken && !this.batchSyntheticParents) throw new Error("fake: this server does not batch writes on synthetic actors");
        if (action === "create") return parent.prepareCreate(data ?? [], options, user);
        if (action === "update") return parent.prepareUpdateEffects(updates ?? [], options, user);
        if (action === "delete") return parent.prepareDelete(ids ?? [], options, user);
      }
      if (documentName === "Actor" && action === "update" && parent === undefined) {
        return merge(
          (updates ?? []).map((u) => {
            const a = this.actors.get(String(u._id));
            if (!a) throw new Error(`Actor [${String(u._id)}] does not exist`);
            const rest: Data = { ...u };
            delete rest._id;
            return a.prepareUpdate(rest, options, user);
          }),
        );
      }
      if (documentName === "Token" && action === "update" && parent instanceof FakeScene) {
        const { movements, operation } = parent.movementsOf(updates ?? [], options, user);
        return parent.prepareTokenUpdates(updates ?? [], options, user, movements, operation);
      }
      // [C-46] The batch takes any kind of document (API: "multiple Document-modification operations").
      if (documentName === "ChatMessage" && this.batchChatMessages) {
        if (action === "create") return merge((data ?? []).map((d) => FakeChatMessage.prepareCreate(d, options as { keepId?: boolean }, user)));
        if (action === "update")
          return merge(
            (updates ?? []).map((u) => {
              const m = this.messages.get(String(u._id));
              if (!m) throw new Error(`ChatMessage [${String(u._id)}] does not exist`);
              const rest: Data = { ...u };
              delete rest._id;
              return m.prepareUpdate(rest, options, user);
            }),
          );
        if (action === "delete")
          return merge(
            (ids ?? []).map((id) => {
              const m = this.messages.get(id);
              if (!m) throw new Error(`ChatMessage [${id}] does not exist`);
              return m.prepareDelete(options, user);
            }),
          );
      }
      if (documentName === "Scene" && action === "update" && parent === undefined) {
        return merge(
          (updates ?? []).map((u) => {
            const sc = this.scenes.get(String(u._id));
            if (!sc) throw new Error(`Scene [${String(u._id)}] does not exist`);
            const rest: Data = { ...u };
            delete rest._id;
            return sc.prepareUpdate(rest, options, user);
          }),
        );
      }
      if (documentName === "Combat" && action === "update" && parent === undefined) {
        return merge(
          (updates ?? []).map((u) => {
            const c = this.combats.get(String(u._id));
            if (!c) throw new Error(`Combat [${String(u._id)}] does not exist`);
            const rest: Data = { ...u };
            delete rest._id;
            return c.prepareUpdate(rest, options, user);
          }),
        );
      }
      throw new Error(`fake: batch operation ${action} ${documentName} not modelled`);
    });
    // All or nothing: every operation is checked before any is applied.
    for (const f of prepare) f();
    // The chat messages it makes or changes, so a log can tell when each reached its state.
    const messages = (ops: readonly Data[]) =>
      ops.filter((o) => o.documentName === "ChatMessage" && o.action !== "delete").flatMap((o) => [...((o.data as Data[] | undefined) ?? []), ...((o.updates as Data[] | undefined) ?? [])].map((d) => String(d._id)));
    const fault = this.batchFault?.(operations) ?? null;
    if (fault === "empty") {
      await this.request(user, [], true);
      return [];
    }
    if (fault) {
      await this.request(user, prepare.slice(0, fault.failAt), true, messages(operations.slice(0, fault.failAt)));
      throw new Error(`fake: [foundryvtt#14174] batch operation ${fault.failAt} failed after every dry run passed; the ${fault.failAt} before it stay written`);
    }
    await this.request(user, prepare, true, messages(operations));
    return operations.map(() => []);
  }

  /** The parents a request will write, asked before it leaves (a refusal then is the request's own). */
  private pendingParents(prepare: Array<() => PreparedWrite>): string[] {
    const out: string[] = [];
    for (const f of prepare) {
      try {
        out.push(f().parent);
      } catch {
        // Refused when it arrives; it holds no parent.
      }
    }
    return out;
  }

  /** Runs `fn` as a person's own edit through Foundry's interface (not the module's), for `overlapDetails`. */
  byHand<T>(fn: () => T): T {
    return this.hand.run(true, fn);
  }

  /** [C-45] pre* hooks run on the client that asks, before the request; false cancels it. */
  preflight(user: FakeUser, hook: string, doc: unknown, changes: Data, options: Data): void {
    if (this.current().Hooks.call(hook, doc, changes, options, user.id) === false) throw new Error(`fake: ${hook} refused the change`);
  }

  /** Runs a document hook on every connected client, as the server's broadcast does. */
  broadcast(name: string, args: unknown[]): void {
    for (const c of [...this.clients]) {
      // The canvas follows a token's change before the change's hooks run (test/fake-foundry/canvas.ts).
      if (name === "updateToken" || name === "deleteToken") c.canvas.documentChanged(name, args);
      for (let i = this.deliveries(name, c); i > 0; i--) {
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
  deliveries(hook: string, client: FakeClient): number {
    return this.delivery ? this.delivery(hook, client) : 1;
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
