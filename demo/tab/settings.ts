/**
 * The GM's stand-in for Foundry's *Configure Settings*, for this module: the fake draws the
 * window's fields and fires renderSettingsConfig (where the module shows the system's hit-point
 * paths); the page adds each setting's name and hint, as core's window shows them, saves what
 * changed through `game.settings.set` (so the module's own checks before a save apply and may
 * refuse), and offers a button for each settings menu the module registers (Rule options, Check
 * this world), opened as core opens one.
 */
import type { TabContext } from "./context.ts";
import { MODULE, el, icon } from "./context.ts";

interface Registered {
  name?: string;
  hint?: string;
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

  const html = ctx.client.renderSettingsConfig();
  const form = html.querySelector("form") ?? el("form");
  form.classList.add("demo-settings");
  for (const group of form.querySelectorAll<HTMLElement>(".form-group[data-setting-id]")) {
    const id = group.dataset.settingId ?? "";
    const config = settings.configs.get(id) as Registered | undefined;
    const input = group.querySelector<HTMLInputElement | HTMLSelectElement>("[name]");
    const label = el("label", "", ctx.t(config?.name ?? id));
    if (input) {
      input.id = `demo-setting-${id.replace(/\W/g, "-")}`;
      label.htmlFor = input.id;
      // Core's window shows each choice by its translated name.
      if (input instanceof HTMLSelectElement) for (const option of input.options) option.textContent = ctx.t(option.textContent ?? "");
    }
    group.prepend(label);
    if (config?.hint) group.append(el("p", "hint", ctx.t(config.hint)));
  }

  const menus = el("div", "demo-settings__menus");
  for (const [id, menuConfig] of settings.menus) {
    const menu = menuConfig as unknown as Menu;
    if (!id.startsWith(`${MODULE}.`) || (menu.restricted && !ctx.user.isGM)) continue;
    const group = el("div", "form-group");
    group.append(el("label", "", ctx.t(menu.name ?? "")));
    const open = el("button");
    open.type = "button";
    open.dataset.menu = id;
    open.append(icon(menu.icon ?? "fa-solid fa-bars"), ` ${ctx.t(menu.label ?? "")}`);
    open.addEventListener("click", () => void settings.openMenu(id));
    group.append(open);
    if (menu.hint) group.append(el("p", "hint", ctx.t(menu.hint)));
    menus.append(group);
  }
  form.prepend(menus);

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
      for (const input of form.querySelectorAll<HTMLInputElement | HTMLSelectElement>(`[name^="${MODULE}."]`)) {
        const key = input.name.slice(MODULE.length + 1);
        const next = input instanceof HTMLInputElement && input.type === "checkbox" ? input.checked : input.value;
        if (JSON.stringify(next) !== JSON.stringify(settings.get(MODULE, key))) await settings.set(MODULE, key, next);
      }
      box.remove();
      ctx.redraw();
    })();
  });
  content.append(html);
}
