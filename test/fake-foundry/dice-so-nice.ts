/**
 * A stand-in for Dice So Nice, an optional module, built from its public documentation only
 * (its API pages: Integration, Roll API, Hooks, Companion Messages; cited in
 * docs/foundry-contract.md, C-121 to C-126). It implements what a package may use of it and what
 * the module relies on; nothing of how it draws dice. Each tab (FakeClient) gets its own copy, as
 * each browser runs its own Dice So Nice.
 *
 * What it records, per tab: the throws it animated (`thrown`: which message, in which step, which
 * dice, in whose appearance), the messages it keeps hidden while their dice roll (`hidden`), and
 * the messages it took for rolls at all. A test lands the dice with `land()` / `landAll()`: an
 * animation takes time, and nothing lands by itself.
 */
import type { FakeChatMessage, FakeClient, FakeUser, FakeWorld } from "./world.ts";

export const DSN = "dice-so-nice";

type Data = Record<string, unknown>;

/** A die as Dice So Nice reads it off a roll: its faces, its result and its term's options. */
interface SeenDie {
  readonly faces: number;
  readonly result: number;
  readonly options: Data;
}

/** One throw: the dice of one step of a message's animation, in one user's appearance. */
export interface Throw {
  readonly messageId: string | null;
  /** The step within its message (0, 1, 2...): a step starts when the one before has landed. */
  readonly step: number;
  readonly dice: readonly SeenDie[];
  /** The user whose dice appearance it is shown in. */
  readonly appearance: string;
  /** Blind for this tab's user: not shown (the roll is not theirs to see). */
  readonly blind: boolean;
}

interface Pending {
  readonly messageId: string;
  readonly steps: Throw[][];
  next: number;
}

/** A roll as it arrives on a message: a Roll, or its JSON (a batch, a message from the server). */
function rollOf(raw: unknown): { dice: SeenDie[]; rollOrder: unknown; actorId: unknown } {
  const r = (typeof raw === "string" ? JSON.parse(raw) : raw) as Data;
  const options = (r.options ?? {}) as Data;
  const data = (r.data ?? {}) as Data;
  const terms = (Array.isArray(r.dice) && r.dice.length > 0 ? r.dice : Array.isArray(r.terms) ? r.terms : []) as Data[];
  const dice = terms
    .filter((t) => typeof t.faces === "number")
    .map((t) => {
      const results = (t.results ?? []) as Array<{ result: number }>;
      return { faces: t.faces as number, result: results[0]?.result ?? 0, options: { ...((t.options ?? {}) as Data) } };
    });
  return { dice, rollOrder: options.rollOrder, actorId: data.actorId };
}

export class FakeDice3D {
  /** [C-123] Set to true, this tab takes no message for a roll at all. */
  messageHookDisabled = false;
  readonly thrown: Throw[] = [];
  /** Messages hidden on this tab until their dice land. */
  readonly hidden = new Set<string>();
  /** Every message this tab took for rolls (to animate), in order. */
  readonly seen: string[] = [];
  private readonly queue: Pending[] = [];
  private readonly waiters = new Map<string, Array<(v: boolean) => void>>();

  constructor(readonly client: FakeClient) {}

  private get world(): FakeWorld {
    return this.client.world;
  }

  private setting(key: string): unknown {
    return this.client.game.settings.get(DSN, key);
  }

  /**
   * [C-124] Whose appearance a roll of a message is shown in. With the world setting "force roll
   * appearance to owner" on (its default for new worlds): the roll's `data.actorId`, when that
   * world actor has a player owner; else the speaker's actor, likewise; else the message's author.
   */
  appearanceFor(message: FakeChatMessage, actorId: unknown): FakeUser {
    const force = String(this.setting("forceCharacterOwnerAppearance"));
    if (force === "2") {
      for (const id of [actorId, message.speaker.actor]) {
        const owner = typeof id === "string" ? this.playerOwner(id) : null;
        if (owner) return owner;
      }
    }
    return message.author;
  }

  /** A world actor's player owner: the only non-GM user who owns it (as Dice So Nice takes it). */
  private playerOwner(actorId: string): FakeUser | null {
    const actor = this.world.actors.get(actorId);
    if (!actor) return null;
    const owners = this.world.usersCollection.contents.filter((u) => !u.isGM && actor.testUserPermission(u, "OWNER"));
    return owners.length === 1 ? (owners[0] ?? null) : null;
  }

  /**
   * [C-121][C-122] A message with rolls: hidden until its dice land; its rolls thrown together, or
   * one step per `rollOrder` (ascending; the term's own before the roll's) while the world setting
   * `enabledSimultaneousRollForMessage` is off. [C-123] Not with the message flag `skip`.
   */
  onMessage(message: FakeChatMessage): void {
    if (this.messageHookDisabled || message.rolls.length === 0) return;
    const flags = (message.flags[DSN] ?? {}) as Data;
    if (flags.skip === true) return;
    const interception = { willTrigger3DRoll: true };
    this.client.Hooks.callAll("diceSoNiceMessagePreProcess", message.id, interception);
    this.client.Hooks.callAll("diceSoNiceMessageProcessed", message.id, interception);
    if (!interception.willTrigger3DRoll) return;
    this.seen.push(message.id);
    const together = this.setting("enabledSimultaneousRollForMessage") !== false;
    const groups = new Map<number, Array<{ die: SeenDie; actorId: unknown }>>();
    let detection = 0;
    for (const raw of message.rolls as unknown[]) {
      const roll = rollOf(raw);
      for (const die of roll.dice) {
        const order = die.options.rollOrder ?? roll.rollOrder;
        const key = together ? 0 : typeof order === "number" ? order : -1_000_000 + detection++;
        if (!groups.has(key)) groups.set(key, []);
        groups.get(key)?.push({ die, actorId: roll.actorId });
      }
    }
    // Blind for this user: a blind message a non-GM receives shows no dice (its result is not theirs).
    const blind = (message as unknown as { blind?: boolean }).blind === true && !this.client.user.isGM;
    const steps = [...groups.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([, dice], step) => {
        // One throw per appearance within a step: dice rolled together, each in its owner's colours.
        const by = new Map<string, SeenDie[]>();
        for (const d of dice) {
          const user = this.appearanceFor(message, d.actorId).id;
          if (!by.has(user)) by.set(user, []);
          by.get(user)?.push(d.die);
        }
        return [...by.entries()].map(([appearance, ds]) => ({ messageId: message.id, step, dice: ds, appearance, blind }));
      });
    if (steps.length === 0) return;
    this.hidden.add(message.id);
    this.queue.push({ messageId: message.id, steps, next: 0 });
    if (this.queue.length === 1) this.startNext();
  }

  private startNext(): void {
    const p = this.queue[0];
    if (!p) return;
    const step = p.steps[p.next];
    if (!step) return;
    for (const t of step) {
      // [C-125] diceSoNiceRollStart(messageId, context) before each throw; what a listener changes
      // in the context (its user: whose appearance) is what is shown.
      const context: { roll: { dice: readonly SeenDie[] }; user: FakeUser | string; blind: boolean } = { roll: { dice: t.dice }, user: this.world.usersCollection.get(t.appearance) ?? t.appearance, blind: t.blind };
      this.client.Hooks.callAll("diceSoNiceRollStart", p.messageId, context);
      const user = typeof context.user === "string" ? context.user : context.user.id;
      this.thrown.push({ ...t, appearance: user, blind: context.blind });
    }
  }

  /** The throw in the air lands; the next step of its message starts, or the message is shown (on this tab). */
  land(): void {
    this.client.run(() => this.landHere());
  }

  private landHere(): void {
    const p = this.queue[0];
    if (!p) return;
    p.next++;
    if (p.next < p.steps.length) return this.startNext();
    this.queue.shift();
    this.hidden.delete(p.messageId);
    // [C-125] diceSoNiceRollComplete(messageId) once a message's dice have all landed.
    this.client.Hooks.callAll("diceSoNiceRollComplete", p.messageId, []);
    for (const w of this.waiters.get(p.messageId) ?? []) w(true);
    this.waiters.delete(p.messageId);
    this.startNext();
  }

  landAll(): void {
    for (let i = 0; i < 1000 && this.queue.length > 0; i++) this.land();
  }

  /** Dice still in the air or waiting on this tab. */
  get busy(): boolean {
    return this.queue.length > 0;
  }

  /** [C-126] Resolves when a message's animation has ended (at once when it has none). */
  waitFor3DAnimationByMessageID(messageId: string): Promise<boolean> {
    if (!this.queue.some((p) => p.messageId === messageId)) return Promise.resolve(true);
    return new Promise((resolve) => {
      const list = this.waiters.get(messageId) ?? [];
      list.push(resolve);
      this.waiters.set(messageId, list);
    });
  }

  /**
   * [C-126] showForRoll(roll, user, synchronize, whisper, blind, chatMessageID, speaker, options):
   * animates one roll outside a message; `synchronize` would send it to the other tabs. The module
   * never calls it (its dice go with its cards); here so a test can see it is not called.
   */
  readonly direct: Array<{ synchronize: boolean; whisper: unknown; blind: boolean }> = [];
  showForRoll(_roll: unknown, _user?: unknown, synchronize = false, whisper: unknown = null, blind = false): Promise<boolean> {
    this.direct.push({ synchronize, whisper, blind });
    return Promise.resolve(true);
  }
}

export interface DsnOptions {
  /** `enabledSimultaneousRollForMessage`, as the world has it before anyone changes it (Dice So Nice's default: true). */
  readonly simultaneous?: boolean;
  /** `forceCharacterOwnerAppearance`: "0" off, "1" initiative only, "2" always ("2" here: the default for new worlds). */
  readonly ownerAppearance?: "0" | "1" | "2";
}

/**
 * Turns Dice So Nice on in a world: `game.modules.get("dice-so-nice").active`, and a `register`
 * to run on each tab before the module's own (modules load in order; hooks registered first run
 * first): its world settings at init, `game.dice3d` and the `diceSoNiceReady` hook at ready, and
 * its chat-message hook.
 */
export function withDiceSoNice(world: FakeWorld, options: DsnOptions = {}): { register: () => void; of: (client: FakeClient) => FakeDice3D } {
  world.modules.set(DSN, { id: DSN, active: true, version: "stand-in" });
  const copies = new Map<FakeClient, FakeDice3D>();
  const current = () => world.current();
  const register = () => {
    const client = current();
    const dsn = new FakeDice3D(client);
    copies.set(client, dsn);
    client.Hooks.once("init", () => {
      const s = client.game.settings;
      s.register(DSN, "enabledSimultaneousRollForMessage", { scope: "world", config: true, type: Boolean, default: options.simultaneous ?? true });
      s.register(DSN, "forceCharacterOwnerAppearance", { scope: "world", config: true, type: String, default: options.ownerAppearance ?? "2" });
    });
    client.Hooks.once("ready", () => {
      (client.game as unknown as { dice3d: FakeDice3D }).dice3d = dsn;
      client.Hooks.callAll("diceSoNiceReady", dsn);
    });
    client.Hooks.on("createChatMessage", (m: unknown) => dsn.onMessage(m as FakeChatMessage));
  };
  return {
    register,
    of: (client) => {
      const d = copies.get(client);
      if (!d) throw new Error(`fake: Dice So Nice is not on ${client.user.name}'s tab`);
      return d;
    },
  };
}
