/**
 * The GM's stand-in for Foundry's *Configure Settings*, for this module only: every setting it
 * registers for the settings window (`config: true`), with its name and hint, saved through
 * `game.settings.set` (so the module's own checks before a save apply and may refuse), and a
 * button for each settings menu it registers (Rule options, Check this world), opened as core
 * opens one.
 */
import type { TabContext } from "./context.ts";
import { MODULE, el, icon } from "./context.ts";

interface Registered {
  name?: string;
  hint?: string;
  config?: boolean;
  type?: { name?: string };
  choices?: Record<string, string>;
  default?: unknown;
}

interface Menu {
  name?: string;
  label?: string;
  hint?: string;
  icon?: string;
  restricted?: boolean;
}

type Frame = (title: string, kind: string, onClose: () => void) => { frame: HTMLElement; content: HTMLElement };

export function openSettings(ctx: TabContext, frame: Frame): void {
  const settings = ctx.client.game.settings;
  const { frame: box, content } = frame("Configure settings: Weaponless Combat", "wc-settings", () => box.remove());
  box.dataset.demoWindow = "settings";
  const form = el("form", "demo-settings");
  const fields: Array<{ key: string; read: () => unknown }> = [];

  for (const [id, menuConfig] of settings.menus) {
    const menu = menuConfig as unknown as Menu;
    if (!id.startsWith(`${MODULE}.`) || (menu.restricted && !ctx.user.isGM)) continue;
    const group = el("div", "form-group");
    group.append(el("label", "", ctx.t(menu.name ?? "")));
    const open = el("button");
    open.type = "button";
    open.append(icon(menu.icon ?? "fa-solid fa-bars"), ` ${ctx.t(menu.label ?? "")}`);
    open.addEventListener("click", () => void settings.openMenu(id));
    group.append(open);
    if (menu.hint) group.append(el("p", "hint", ctx.t(menu.hint)));
    form.append(group);
  }

  for (const [id, config] of settings.configs) {
    const c = config as unknown as Registered;
    if (!id.startsWith(`${MODULE}.`) || c.config !== true) continue;
    const key = id.slice(MODULE.length + 1);
    const value = settings.get(MODULE, key);
    const group = el("div", "form-group");
    const label = el("label", "", ctx.t(c.name ?? key));
    const inputId = `demo-setting-${key}`;
    label.htmlFor = inputId;
    group.append(label);
    if (c.choices) {
      const select = el("select");
      select.id = inputId;
      for (const [v, text] of Object.entries(c.choices)) select.append(new Option(ctx.t(text), v, false, v === value));
      group.append(select);
      fields.push({ key, read: () => select.value });
    } else if (c.type?.name === "Boolean") {
      const box = el("input");
      box.type = "checkbox";
      box.id = inputId;
      box.checked = value === true;
      group.append(box);
      fields.push({ key, read: () => box.checked });
    } else {
      const input = el("input");
      input.type = c.type?.name === "Number" ? "number" : "text";
      input.id = inputId;
      input.value = String(value ?? "");
      group.append(input);
      fields.push({ key, read: () => (c.type?.name === "Number" ? Number(input.value) : input.value) });
    }
    if (c.hint) group.append(el("p", "hint", ctx.t(c.hint)));
    form.append(group);
  }

  const footer = el("footer", "form-footer");
  const save = el("button");
  save.type = "submit";
  save.append(icon("fa-solid fa-floppy-disk"), " Save changes");
  footer.append(save);
  form.append(footer);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    save.disabled = true;
    void (async () => {
      for (const f of fields) {
        const next = f.read();
        if (JSON.stringify(next) !== JSON.stringify(settings.get(MODULE, f.key))) await settings.set(MODULE, f.key, next);
      }
      box.remove();
      ctx.redraw();
    })();
  });
  content.append(form);
}
