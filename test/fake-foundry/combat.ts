/**
 * Combats and their combatants: combatants made with chosen ids [C-15], a combatant's token and
 * actor once the token is gone [C-57], who may remove a combatant [C-73] or write a combat [C-70],
 * updateCombat [C-30], and deleted documents [C-55].
 */
import type { Data } from "./data.ts";
import { applyUpdate, randomID } from "./data.ts";
import { Collection } from "./collection.ts";
import type { FakeActor } from "./documents.ts";
import { FakeDocument } from "./documents.ts";
import type { FakeToken } from "./scenes.ts";
import type { FakeUser } from "./users.ts";
import type { PreparedWrite } from "./writes.ts";
import type { FakeWorld } from "./world.ts";

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
      // [C-55] A combat deleted already cannot be deleted again.
      if (!this.world.combats.has(this.id)) throw new Error(`Combat [${this.id}] does not exist`);
      this.world.combats.delete(this.id);
      this.world.count({ user: user.id, op: "delete", documentName: "Combat", parent: "", count: 1 });
      this.world.broadcast("deleteCombat", [this, {}, user.id]);
    });
  }
}
