/** The module's two settings windows, registered as menus in Configure Settings (GM only). */
import { MODULE_ID } from "../base/constants.ts";
import { RULE_OPTIONS } from "./rule-options.ts";
import { WORLD_CHECK } from "./world-check.ts";
import { windowClass } from "./window.ts";

export function registerMenus(): void {
  const s = game.settings;
  s.registerMenu(MODULE_ID, "ruleOptionsMenu", {
    name: "WC.Options.title",
    label: "WC.Options.open",
    hint: "WC.Options.menuHint",
    icon: "fa-solid fa-scale-balanced",
    type: windowClass(RULE_OPTIONS) as never,
    restricted: true,
  });
  s.registerMenu(MODULE_ID, "worldCheckMenu", {
    name: "WC.Check.title",
    label: "WC.Check.open",
    hint: "WC.Check.menuHint",
    icon: "fa-solid fa-stethoscope",
    type: windowClass(WORLD_CHECK) as never,
    restricted: true,
  });
}
