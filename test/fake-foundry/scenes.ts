/**
 * Scenes and their tokens: who may update a scene [C-86], token updates and unlinked tokens'
 * deltas [C-10, C-11], positions and display [C-67, C-68, C-81], the movement API and its hooks
 * [C-60..C-66, C-69], deleted tokens [C-55], and the scene a client views [C-47].
 */
import type { Data } from "./data.ts";
import { applyUpdate, expanded, randomID } from "./data.ts";
import { Collection } from "./collection.ts";
import { FakeActor, FakeDocument, FakeItem } from "./documents.ts";
import type { FakeGrid, Position } from "./movement.ts";
import { changesPosition, movementOf, SQUARE_GRID } from "./movement.ts";
import type { FakeTokenConfig } from "./ruler.ts";
import { actionCost } from "./ruler.ts";
import type { FakeUser } from "./users.ts";
import type { PreparedWrite } from "./writes.ts";
import type { FakeWorld } from "./world.ts";

export class FakeScene extends FakeDocument {
  readonly documentName = "Scene";
  /** [C-67] The scene's grid: type (CONST.GRID_TYPES), size, a space's width and height, distance and units. */
  grid: FakeGrid = { ...SQUARE_GRID };
  readonly tokens = new Collection<FakeToken>();
  /** [C-114] v14: the scene's levels (embedded Level documents: id, name, elevation range); none in v13. */
  readonly levels = new Collection<{ id: string; name: string; elevation: { bottom: number; top: number } }>();
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
      const last: Position = { ...origin, ...(Object.fromEntries(["x", "y", "elevation", "width", "height", "level"].filter((k) => k in u).map((k) => [k, u[k]])) as Partial<Position>) };
      const waypoints = (instruction?.waypoints ?? [last]).map((w) => ({ ...origin, ...(w as Partial<Position>) }));
      movements.set(t.id, movementOf(this.grid, origin, waypoints, instruction?.method ?? String(options.method ?? "api"), user.id, this.stepCost()));
    }
    const own = this.world.movementOptionsReachHooks ? options : {};
    return { movements, operation: { ...own, action: "update", modifiedTime: this.world.time, movement: Object.fromEntries([...movements].map(([id, m]) => [id, { waypoints: (m.pending as Data).waypoints, method: m.method }])) } };
  }
  /** [C-113] What a step costs with an action, by the asking tab's CONFIG.Token.movement.actions. */
  stepCost(): (action: string, base: number) => number {
    const config = this.world.current().CONFIG as { Token?: FakeTokenConfig };
    return (action, base) => actionCost(config, action, base);
  }
  /** Tokens deleted from this scene, by id: the fake makes one again from them when its data comes back at that id. */
  readonly deletedTokens = new Map<string, FakeToken>();
  /**
   * [C-175] Tokens made on the scene from their data (a GM's, here), at the given id with
   * `keepId` (C-15). Whether a server takes a deleted token's id again has no public source: the
   * world's switch `tokenIdsReused` ("kept": made at that id; "refused": the creation is refused).
   * A token made again from a deleted one's data is that token again (its actor, delta and flags).
   */
  async createEmbeddedDocuments(kind: string, data: Data[], options: { keepId?: boolean } = {}): Promise<FakeToken[]> {
    if (kind !== "Token") throw new Error(`fake: ${kind} not modelled on scenes`);
    const user = this.world.current().user;
    if (!user.isGM) throw new Error(`User ${user.name} may not create tokens here`);
    return this.world.serve(() => {
      const made = data.map((d) => {
        const id = options.keepId && typeof d._id === "string" ? d._id : randomID();
        if (this.tokens.has(id)) throw new Error(`A Token with id [${id}] already exists`);
        const old = this.deletedTokens.get(id);
        if (old && this.world.tokenIdsReused === "refused") throw new Error(`The id [${id}] was used by a deleted Token`);
        const actor = this.world.actors.get(String(d.actorId));
        if (!old && !actor) throw new Error("fake: a token needs its actor");
        const t = old ?? new FakeToken(this.world, id, this, String(d.name ?? actor?.name ?? ""), actor as FakeActor, d.actorLink !== false);
        t.applyData(Object.fromEntries(["x", "y", "elevation", "width", "height", "level", "disposition", "hidden", "name"].filter((k) => k in d).map((k) => [k, d[k]])));
        return t;
      });
      for (const t of made) {
        this.deletedTokens.delete(t.id);
        this.tokens.set(t.id, t);
      }
      this.world.count({ user: user.id, op: "create", documentName: "Token", parent: this.uuid, count: made.length });
      for (const t of made) this.world.broadcast("createToken", [t, options, user.id]);
      return made;
    });
  }
  /** Tokens deleted by id, as `TokenDocument#delete` does each. */
  async deleteEmbeddedDocuments(kind: string, ids: string[]): Promise<FakeToken[]> {
    if (kind !== "Token") throw new Error(`fake: ${kind} not modelled on scenes`);
    const gone = ids.map((id) => this.tokens.get(id)).filter((t): t is FakeToken => t !== undefined);
    for (const t of gone) await t.delete();
    return gone;
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
  /** [C-114] v14: the id of the scene level it stands on (null: the scene has none). */
  level: string | null = null;
  /** [C-172] In grid spaces; a token's owners may set them (its Token Configuration), as any update of theirs. */
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
      for (const i of this.baseActor.items) a.items.set(i.id, new FakeItem(this.world, i.id, a, i.name, i.type, i.system, i.effects));
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
    for (const k of ["x", "y", "elevation", "width", "height", "level", "disposition", "hidden", "name", "displayName"] as const) {
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
    return { x: this.x, y: this.y, elevation: this.elevation, width: this.width, height: this.height, ...(this.level !== null ? { level: this.level } : {}) };
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
    const moved = await this.parent.updateEmbeddedDocuments("Token", [{ _id: this.id, x: last.x, y: last.y, elevation: last.elevation, ...(last.level !== undefined && last.level !== this.level ? { level: last.level } : {}) }], { ...options, movement: { [this.id]: { waypoints: list, method: options.method ?? "api" } } });
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
    // [C-171] A player may delete a token of a creature they own where the world grants their role
    // the core permission TOKEN_DELETE (off in the fake's table unless a test grants it); anyone
    // else only a GM. The module deletes no token.
    if (!user.isGM && !(user.can("TOKEN_DELETE") && this.actor?.testUserPermission(user, "OWNER") === true)) throw new Error("Only a GM may delete tokens here");
    await this.world.serve(() => {
      // [C-55] A document that is gone cannot be deleted again.
      if (!this.parent.tokens.has(this.id)) throw new Error(`Token [${this.id}] does not exist`);
      this.parent.tokens.delete(this.id);
      this.parent.deletedTokens.set(this.id, this);
      this.world.count({ user: user.id, op: "delete", documentName: "Token", parent: this.parent.uuid, count: 1 });
      this.world.broadcast("deleteToken", [this, {}, user.id]);
    });
  }
  /** The token's data as `toObject()` gives it (what making it again needs). */
  toObject(): Data {
    return { _id: this.id, name: this.name, actorId: this.actorId, actorLink: this.actorLink, x: this.x, y: this.y, elevation: this.elevation, width: this.width, height: this.height, level: this.level, disposition: this.disposition, hidden: this.hidden, flags: structuredClone(this.flags) };
  }
  /** Whether the token is still on its scene (a deleted token's actor takes no writes). */
  get exists(): boolean {
    return this.parent.tokens.has(this.id);
  }
}

/** [C-47] game.scenes.viewed: the scene this client looks at (here, the first one made). */
export class ScenesCollection extends Collection<FakeScene> {
  get viewed(): FakeScene | null {
    return this.contents[0] ?? null;
  }
  get current(): FakeScene | null {
    return this.contents[0] ?? null;
  }
}
