/**
 * Clients (browser tabs): each with its own `game`, `Hooks`, `CONFIG` and `ui` [C-22, C-42, C-85],
 * the status effects it makes [C-29], the module entries it owns, and the browser's Web Locks [C-56].
 */
import type { Data } from "./data.ts";
import { storage } from "./active.ts";
import { FakeHooks } from "./hooks.ts";
import { FakeSettings } from "./settings.ts";
import { FakeActor } from "./documents.ts";
import type { FakeToken } from "./scenes.ts";
import type { FakeUser } from "./users.ts";
import type { FakeApplicationV2 } from "./apps.ts";
import { FakeCombatTracker, renderActorSheet, renderSettingsConfig, renderTokenHUD } from "./apps.ts";
import { CORE_STATUS_EFFECTS } from "./statuses.ts";
import { FakeCanvas } from "./canvas.ts";
import type { FakeTokenConfig } from "./ruler.ts";
import { tokenConfig } from "./ruler.ts";
import { FakeKeybindings, FakeTokenHud } from "./keybindings.ts";
import type { FakeWorld } from "./world.ts";

export interface StatusEntry {
  id: string;
  name: string;
  img: string;
}

export class FakeClient {
  readonly Hooks = new FakeHooks();
  /** [C-22] v13 keeps the statuses in an array; v14 in an object keyed by id (arrays still work). */
  readonly CONFIG: { statusEffects: StatusEntry[] | Record<string, StatusEntry>; Actor: { documentClass: typeof FakeActor }; ActiveEffect: Data; Canvas: { layers: Data }; ChatMessage?: { modes: Data }; Token: FakeTokenConfig };
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
      // [C-110, C-113] The token ruler's class and the movement actions (test/fake-foundry/ruler.ts).
      Token: tokenConfig(w.generation),
      // [C-130] v14's message modes, by key (v13 has no CONFIG.ChatMessage.modes).
      ...(w.generation >= 14 ? { ChatMessage: { modes: { public: { label: "CHAT.ModePublic" }, ic: { label: "CHAT.ModeIC" }, gm: { label: "CHAT.ModeGM" }, blind: { label: "CHAT.ModeBlind" }, self: { label: "CHAT.ModeSelf" } } } } : {}),
    };
    const release = { generation: w.generation, build: w.build };
    const settings = new FakeSettings(w);
    // [C-129] The chat's mode is a client setting of core's: v13 `core.rollMode`, v14 `core.messageMode`.
    if (w.generation >= 14) settings.register("core", "messageMode", { scope: "client", config: false, type: String, default: "public" });
    else settings.register("core", "rollMode", { scope: "client", config: false, type: String, default: "publicroll" });
    this.game = {
      get user() {
        return user;
      },
      users: w.usersCollection,
      settings,
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
      // [C-16] The world time, which stamps an effect's start.
      get time() {
        return { worldTime: w.time };
      },
      // [C-121] Configure Controls: what packages register at init, and what the user binds.
      keybindings: new FakeKeybindings(this),
    };
    // [C-123] The token HUD a key can bind to a token.
    (this.canvas.tokens as unknown as { hud: FakeTokenHud }).hud = new FakeTokenHud(this);
    // [C-93] ui.notifications: info, warn and error, each with its message.
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
export class ClientModules {
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
