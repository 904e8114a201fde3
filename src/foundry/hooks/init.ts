/** init: settings, templates and the module API; setup: the conditions, once the system has made its own. */
import { MODULE_ID, TEMPLATES } from "../base/constants.ts";
import { buildApi } from "../api/api.ts";
import { registerSettings } from "../world/settings.ts";
import { registerMenus } from "../ui/menus.ts";
import { preferencesFrom, prepareHostEffects, registerStatusEffects, setStatusPreferences } from "../documents/statuses.ts";
import { hostSystem } from "../documents/creature.ts";
import { sawHook } from "../world/hooks-seen.ts";

export function listen(): void {
  Hooks.once("init", () => {
    registerSettings(() => ui.combat?.render());
    registerMenus();
    void foundry.applications.handlebars.loadTemplates(Object.values(TEMPLATES));
    const mod = game.modules.get(MODULE_ID);
    if (mod) (mod as unknown as { api: unknown }).api = buildApi();
  });
  // Some systems (dnd5e) rebuild CONFIG.statusEffects in i18nInit: by setup the host's list is final.
  Hooks.once("setup", () => {
    sawHook("setup");
    setStatusPreferences(preferencesFrom(hostSystem().hostStatuses));
    registerStatusEffects();
  });
  // A system or module that replaces the list later still finds the module's conditions back;
  // then the host's own effect data for its statuses is asked for once.
  Hooks.once("ready", () => {
    sawHook("ready");
    registerStatusEffects();
    void prepareHostEffects();
  });
}
