/** Foundry's localization, with numbers allowed as parameters. */
import type { I18n } from "../cards/views.ts";
import { localizeParams } from "../cards/views.ts";

function strings(data: Readonly<Record<string, string | number>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(data)) out[k] = String(v);
  return out;
}

export const i18n: I18n = {
  localize: (key) => game.i18n.localize(key),
  format: (key, data) => game.i18n.format(key, strings(data)),
  has: (key) => game.i18n.has(key),
};

export function notify(level: "info" | "warn" | "error", key: string, params: Readonly<Record<string, string | number>> = {}): void {
  // Parameters may be keys themselves (a refusal's reason): they are read in the user's language.
  ui.notifications?.[level](i18n.format(key, localizeParams(params, i18n)));
}
