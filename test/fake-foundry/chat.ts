/**
 * Chat messages: who sees a whisper [C-31] and may whisper [C-33], the author stamped by the
 * server [C-32], who may change or delete a message [C-34], and its timestamp [C-84].
 */
import type { Data } from "./data.ts";
import { applyUpdate, randomID } from "./data.ts";
import { world } from "./active.ts";
import { FakeDocument } from "./documents.ts";
import type { FakeRoll } from "./dice.ts";
import type { FakeToken } from "./scenes.ts";
import type { FakeUser } from "./users.ts";
import type { PreparedWrite } from "./writes.ts";
import type { FakeWorld } from "./world.ts";

let messageClock = 1_700_000_000_000;

export class FakeChatMessage extends FakeDocument {
  readonly documentName = "ChatMessage";
  content = "";
  /** [C-127] The rolls as every tab receives them: what each roll's JSON kept. */
  rolls: Data[] = [];
  whisper: string[] = [];
  /** [C-128] Blind: its content hidden from its author unless the whisper names them (the fake renders nothing: kept for who reads it). */
  blind = false;
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
    this.rolls = ((data.rolls as Array<FakeRoll | string> | undefined) ?? []).map((r) => JSON.parse(typeof r === "string" ? r : JSON.stringify(r)) as Data);
    this.whisper = (data.whisper as string[] | undefined) ?? [];
    this.blind = data.blind === true;
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
      for (let i = this.world.deliveries(hook, c, this); i > 0; i--) c.run(() => c.Hooks.callAll(hook, ...args));
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
        // [C-32] Stamped as the creating user; where the switch says a v13 server keeps a
        // player-set author, the author named in the data.
        const given = w.authorOnCreate === "asGiven" && typeof data.author === "string" ? w.usersCollection.get(data.author) : undefined;
        const m = new FakeChatMessage(w, id, given ?? user, data);
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
  /** [C-96] ChatMessage.getSpeaker({token}): the scene, token and actor ids and the token's name as alias. */
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
