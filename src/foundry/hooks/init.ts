/** init: settings, conditions, the GM query handler, templates, and the module API. */
import { MODULE_ID, QUERY, TEMPLATES } from "../constants.ts";
import { buildApi } from "../api.ts";
import { handlePerformQuery } from "../requests.ts";
import { registerSettings } from "../settings.ts";
import { registerStatusEffects } from "../statuses.ts";

export function listen(): void {
  Hooks.once("init", () => {
    registerSettings(() => ui.combat?.render());
    registerStatusEffects();
    (CONFIG.queries as unknown as Record<string, unknown>)[QUERY.perform] = (data: unknown) => handlePerformQuery(data);
    void foundry.applications.handlebars.loadTemplates(Object.values(TEMPLATES));
    const mod = game.modules.get(MODULE_ID);
    if (mod) (mod as unknown as { api: unknown }).api = buildApi();
  });
}
