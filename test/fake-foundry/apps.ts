/**
 * The application pieces of the fake: ApplicationV2 with the Handlebars mixin, the combat
 * tracker (its rows and its combatant context menu), the token HUD and actor sheet headers.
 * Each draws only the DOM the module reads and fires the hook Foundry fires, with the arguments
 * Foundry passes (see docs/foundry-contract.md for the sources of each [C-nn]).
 */
import type { FakeActor, FakeClient, FakeCombat, FakeToken } from "./world.ts";
import { world } from "./world.ts";

type Data = Record<string, unknown>;
type Handler = (this: FakeApplicationV2, event: Event, target: HTMLElement) => unknown;
type FormHandler = (this: FakeApplicationV2, event: Event, form: HTMLFormElement, formData: unknown) => unknown;

interface AppOptions {
  id?: string;
  tag?: string;
  classes?: string[];
  window?: { title?: string };
  actions?: Record<string, Handler>;
  form?: { handler?: FormHandler; closeOnSubmit?: boolean; submitOnChange?: boolean };
}

/** A <form>, by its name: an element of another frame's document (the demo's tabs) is of that frame's classes. */
function isForm(el: Element): el is HTMLFormElement {
  return el.localName === "form";
}

/**
 * [C-50] ApplicationV2: options from the class's DEFAULT_OPTIONS; render({force}) prepares the
 * context and draws the element (a <form> when `tag` is "form"); clicks on [data-action] call the
 * named action as (event, target) with the application as `this`; a form submission calls
 * `form.handler` as (event, form, formData); close() removes it.
 */
export class FakeApplicationV2 {
  static DEFAULT_OPTIONS: AppOptions = {};
  readonly options: AppOptions;
  element: HTMLElement;
  rendered = false;
  private readonly client: FakeClient;
  constructor(options: AppOptions = {}) {
    const defaults = (this.constructor as typeof FakeApplicationV2).DEFAULT_OPTIONS;
    this.options = { ...defaults, ...options, window: { ...defaults.window, ...options.window } };
    this.client = world().current();
    this.element = this.client.document.createElement("div");
  }
  get id(): string {
    return this.options.id ?? "app";
  }
  get title(): string {
    return world().i18n.localize(this.options.window?.title ?? "");
  }
  async _prepareContext(options: unknown): Promise<Data> {
    void options;
    return {};
  }
  async _renderHTML(context: Data): Promise<string> {
    void context;
    return "";
  }
  async render(options: { force?: boolean } | boolean = {}): Promise<this> {
    const force = typeof options === "boolean" ? options : options.force === true;
    if (!force && !this.rendered) return this;
    const context = await this._prepareContext(options);
    const el = this.client.document.createElement(this.options.tag ?? "div");
    el.id = this.id;
    el.className = (this.options.classes ?? []).join(" ");
    el.innerHTML = await this._renderHTML(context);
    el.addEventListener("click", (event) => {
      const target = (event.target as HTMLElement | null)?.closest<HTMLElement>("[data-action]");
      const name = target?.dataset.action;
      const action = name ? this.options.actions?.[name] : undefined;
      if (target && action) void action.call(this, event, target);
    });
    if (isForm(el)) {
      el.addEventListener("submit", (event) => {
        event.preventDefault();
        void this.submit();
      });
    }
    this.element = el;
    if (!this.rendered) this.client.windows.push(this);
    this.rendered = true;
    return this;
  }
  /** What pressing the form's submit button does. */
  async submit(): Promise<void> {
    const form = this.element;
    if (!isForm(form)) throw new Error(`fake: ${this.id} is not a form`);
    await this.client.run(async () => {
      await this.options.form?.handler?.call(this, new Event("submit"), form, new FormData(form));
      if (this.options.form?.closeOnSubmit) await this.close();
    });
  }
  /** What clicking a [data-action] button does. */
  async click(action: string): Promise<void> {
    const target = this.element.querySelector<HTMLElement>(`[data-action="${action}"]`);
    const handler = this.options.actions?.[action];
    if (!target || !handler) throw new Error(`fake: ${this.id} has no action ${action}`);
    await this.client.run(async () => handler.call(this, new Event("click"), target));
  }
  async close(): Promise<this> {
    const i = this.client.windows.indexOf(this);
    if (i >= 0) this.client.windows.splice(i, 1);
    this.rendered = false;
    return this;
  }
}

/**
 * [C-51] HandlebarsApplicationMixin: the PARTS' templates, rendered with the context, in order.
 * [C-59] Each part must render exactly one HTML element (text and comments around it do not
 * count); a part with none or several fails the whole render with Foundry's message.
 */
export function HandlebarsApplicationMixin<T extends typeof FakeApplicationV2>(Base: T): T {
  const Mixed = class extends (Base as typeof FakeApplicationV2) {
    static PARTS: Record<string, { template: string }> = {};
    override async _renderHTML(context: Data): Promise<string> {
      const parts = (this.constructor as unknown as { PARTS: Record<string, { template: string }> }).PARTS;
      const doc = this.element.ownerDocument;
      return Object.entries(parts)
        .map(([id, p]) => {
          const html = world().renderTemplate(p.template, context);
          partRoot(doc, id, html);
          return html;
        })
        .join("");
    }
  };
  return Mixed as unknown as T;
}

/** [C-59] The one element a part renders, or Foundry's refusal of the part. */
export function partRoot(doc: Document, id: string, html: string): Element {
  const t = doc.createElement("template");
  t.innerHTML = html;
  const root = t.content.firstElementChild;
  if (t.content.childElementCount !== 1 || !root) throw new Error(`Failed to render template part "${id}":\nTemplate part "${id}" must render a single HTML element.`);
  return root;
}

// ------------------------------------------------------------------------------------------
export interface MenuEntry {
  name?: string;
  label?: string;
  icon?: string;
  condition?: (li: HTMLElement) => boolean;
  callback?: (li: HTMLElement) => unknown;
  visible?: (li: HTMLElement) => boolean;
  onClick?: (event: Event, li: HTMLElement) => unknown;
}

/**
 * [C-141] The combat tracker's header (v13 and v14): `header.combat-tracker-header` holding, when
 * there is a combat, `.encounter-controls.combat` with `.control-buttons.left` and `.right`.
 */
export function trackerHeader(document: Document, hasCombat: boolean): HTMLElement {
  const header = document.createElement("header");
  header.className = "combat-tracker-header";
  const nav = document.createElement("nav");
  nav.className = "encounters";
  header.append(nav);
  if (hasCombat) {
    const controls = document.createElement("div");
    controls.className = "encounter-controls combat";
    for (const side of ["left", "right"]) {
      const buttons = document.createElement("div");
      buttons.className = `control-buttons ${side}`;
      controls.append(buttons);
    }
    header.append(controls);
  }
  return header;
}

/**
 * [C-52] The combat tracker: renderCombatTracker(app, html, context) with one row per combatant
 * (`li.combatant[data-combatant-id]`, the name in `.token-name`); its combatant context menu
 * gathers `getCombatTrackerContextOptions(app, entries)` and reads each entry as v13 does
 * (`name`, `condition(li)`, `callback(li)`) or v14 does (`label` or `name`, `visible(li)`,
 * `onClick(event, li)`, falling back to the v13 names).
 */
export class FakeCombatTracker {
  private chosen: FakeCombat | null = null;
  element: HTMLElement | null = null;
  renders = 0;
  constructor(private readonly client: FakeClient) {}
  get viewed(): FakeCombat | null {
    return this.chosen ?? world().combats.find((c) => c.active) ?? null;
  }
  set viewed(c: FakeCombat | null) {
    this.chosen = c;
  }
  /** Redraws the tracker. */
  render(): HTMLElement {
    return this.client.run(() => {
      this.renders++;
      const document = this.client.document;
      const el = document.createElement("section");
      el.id = "combat";
      const list = document.createElement("ol");
      list.className = "combat-tracker";
      for (const c of this.viewed?.combatants ?? []) {
        const li = document.createElement("li");
        li.className = "combatant";
        li.dataset.combatantId = c.id;
        const name = document.createElement("div");
        name.className = "token-name";
        const strong = document.createElement("strong");
        strong.className = "name";
        strong.textContent = c.name;
        name.append(strong);
        li.append(name);
        list.append(li);
      }
      el.append(trackerHeader(document, this.viewed !== null), list);
      this.element = el;
      this.client.Hooks.callAll("renderCombatTracker", this, el, {});
      return el;
    });
  }
  /** Opens the context menu of a combatant's row: what it shows, and a way to pick an item. */
  contextMenu(combatantId: string): { labels: string[]; pick(label: string): void } {
    return this.client.run(() => {
      const entries: MenuEntry[] = [];
      this.client.Hooks.callAll("getCombatTrackerContextOptions", this, entries);
      const row = (this.element ?? this.render()).querySelector<HTMLElement>(`[data-combatant-id="${combatantId}"]`) ?? this.client.document.createElement("li");
      row.dataset.combatantId = combatantId;
      const v14 = world().generation >= 14;
      // [C-52] v14 still reads the v13 names, with a deprecation warning (removed in v16).
      if (v14) for (const e of entries) if (e.name !== undefined || e.condition !== undefined || e.callback !== undefined) world().deprecations.push(`ContextMenuEntry#name/condition/callback (${e.name ?? e.label ?? "?"})`);
      const visible = (e: MenuEntry) => {
        const test = v14 ? (e.visible ?? e.condition) : e.condition;
        return test ? test(row) : true;
      };
      const label = (e: MenuEntry) => (v14 ? (e.label ?? e.name) : e.name) ?? "";
      const shown = entries.filter(visible);
      return {
        labels: shown.map(label),
        pick: (l: string) => {
          const e = shown.find((x) => label(x) === l);
          if (!e) throw new Error(`fake: no menu item ${l}`);
          this.client.run(() => (v14 && e.onClick ? e.onClick(new Event("click"), row) : e.callback?.(row)));
          if (!v14 && !e.callback) throw new Error(`fake: v13 found no callback on ${l}`);
        },
      };
    });
  }
}

/** [C-53] The token HUD: three columns; renderTokenHUD(hud, html, context) with hud.document the token. */
export function renderTokenHUD(client: FakeClient, token: FakeToken): HTMLElement {
  const document = client.document;
  const html = document.createElement("div");
  html.id = "token-hud";
  for (const col of ["left", "middle", "right"]) {
    const div = document.createElement("div");
    div.className = `col ${col}`;
    html.append(div);
  }
  client.Hooks.callAll("renderTokenHUD", { document: token, object: token.object }, html, {});
  return html;
}

/**
 * [C-74] The Configure Settings window: renderSettingsConfig(app, html, context) with `html` the
 * window's element, holding a form group per setting registered with `config: true`, its input
 * named "<namespace>.<key>" and holding the setting's value (a checkbox for a Boolean, a select
 * for one with choices, else a text input).
 */
export function renderSettingsConfig(client: FakeClient): HTMLElement {
  const document = client.document;
  const html = document.createElement("div");
  html.id = "settings-config";
  const form = document.createElement("form");
  html.append(form);
  for (const [id, config] of client.game.settings.configs) {
    if (!config.config) continue;
    const [ns, ...rest] = id.split(".");
    const value = client.game.settings.get(ns as string, rest.join("."));
    const group = document.createElement("div");
    group.className = "form-group";
    group.dataset.settingId = id;
    const choices = (config as { choices?: Record<string, string> }).choices;
    let input: HTMLElement;
    if (choices) {
      const select = document.createElement("select");
      for (const [k, label] of Object.entries(choices)) {
        const option = document.createElement("option");
        option.value = k;
        option.textContent = label;
        option.selected = k === value;
        select.append(option);
      }
      input = select;
    } else {
      const box = document.createElement("input");
      // By name too: a tab in its own frame (the demo page) registers its own frame's Boolean.
      const boolean = config.type === Boolean || (typeof config.type === "function" && config.type.name === "Boolean");
      box.type = boolean ? "checkbox" : "text";
      if (boolean) box.checked = value === true;
      else box.value = String(value ?? "");
      input = box;
    }
    input.setAttribute("name", id);
    group.append(input);
    form.append(group);
  }
  client.Hooks.callAll("renderSettingsConfig", { id: "settings-config" }, html, {});
  return html;
}

/**
 * [C-54] An actor sheet's header. ApplicationV1 sheets call getActorSheetHeaderButtons(app,
 * buttons) with `{label, class, icon, onclick}` entries (Close among them); ApplicationV2 sheets
 * call getHeaderControlsActorSheetV2(app, controls) with `{action, icon, label, onClick}`.
 */
export function renderActorSheet(client: FakeClient, actor: FakeActor): Array<Record<string, unknown>> {
  const app = { document: actor, actor, options: {} };
  if (world().system.sheets === "v1") {
    const buttons: Array<Record<string, unknown>> = [{ label: "Close", class: "close", icon: "fa-solid fa-times", onclick: () => undefined }];
    client.Hooks.callAll("getActorSheetHeaderButtons", app, buttons);
    return buttons;
  }
  const controls: Array<Record<string, unknown>> = [];
  client.Hooks.callAll("getHeaderControlsActorSheetV2", app, controls);
  return controls;
}
