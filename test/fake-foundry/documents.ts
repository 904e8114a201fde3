/**
 * Documents and their permissions: the document base (getFlag [C-83]), actors with ownership
 * [C-07], synthetic actors [C-10], their updates and the system's data model [C-12, C-13], the
 * many-actor request [C-14], and their embedded ActiveEffects [C-15..C-21] and Items.
 */
import type { Data } from "./data.ts";
import { applyUpdate, deepFreeze, randomID } from "./data.ts";
import { Collection } from "./collection.ts";
import { world } from "./active.ts";
import type { FakeToken } from "./scenes.ts";
import type { FakeUser } from "./users.ts";
import type { PreparedWrite } from "./writes.ts";
import { merge } from "./writes.ts";
import type { FakeWorld } from "./world.ts";

// ------------------------------------------------------------------------------------------
export abstract class FakeDocument {
  flags: Data = {};
  constructor(
    readonly world: FakeWorld,
    public id: string,
  ) {}
  /** [C-90] Its UUID: the parent's UUID (if any), then its document name and id. */
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
 * data-model-character-ac.ts filtering `system.type`). Items are not written by the module. [C-95]
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
    /** [C-150] The source of its own embedded effects (a dnd5e item's effects its activities apply). */
    readonly effects: readonly Data[] = [],
  ) {
    super(world, id);
  }
  get uuid(): string {
    return `${this.parent.uuid}.Item.${this.id}`;
  }
  /** [C-150] Its source data as an export writes it: its id, its system data and its effects. */
  toObject(): Data {
    return { _id: this.id, name: this.name, type: this.type, system: structuredClone(this.system), effects: structuredClone(this.effects) as Data[], flags: structuredClone(this.flags) };
  }
}

export class FakeActor extends FakeDocument {
  readonly documentName = "Actor";
  readonly effects = new Collection<FakeEffect>();
  readonly items = new Collection<FakeItem>();
  /** [C-95] Actor#prototypeToken: the footprint its new tokens get, in grid units (width and height). */
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
  /** [C-150] Whether a user who is no GM owns it (OWNER, by name or by the default level). */
  get hasPlayerOwner(): boolean {
    return [...this.world.usersCollection.values()].some((u) => !u.isGM && (this.ownership[u.id] ?? this.ownership.default ?? 0) >= 3);
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
    return { _id: this.id, name: this.name, type: this.type, system: structuredClone(this.system), ownership: { ...this.ownership }, flags: structuredClone(this.flags), items: this.items.map((i) => i.toObject()), effects: this.effects.map((e) => e.toObject()) };
  }
}
