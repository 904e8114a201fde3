/** Settings: registered settings and menus [C-35], client-scoped settings [C-80], and the Setting pre-hooks [C-58]. */
import type { FakeWorld } from "./world.ts";

interface SettingConfig {
  scope?: string;
  config?: boolean;
  type?: unknown;
  default: unknown;
  onChange?: (v: unknown) => void;
}

export class FakeSettings {
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
    // [C-92] A world setting is kept in the world: only a GM may set it, and its onChange runs on every client.
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
