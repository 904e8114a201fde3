/** Foundry's localization, with numbers allowed as parameters. */
import type { I18n } from "./text.ts";
import { localizeParams, plainText } from "./text.ts";

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

/**
 * A notice in the user's language. Parameters may be keys themselves (a refusal's reason): they
 * are read in the user's language. Foundry shows a notice as HTML (its v14 API offers to clean
 * "untrusted user input"), so every text put into one (a creature's or a player's name) is made
 * plain first: it can never open a tag.
 */
export function notify(level: "info" | "warn" | "error", key: string, params: Readonly<Record<string, string | number>> = {}): void {
  const plain: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(localizeParams(params, i18n))) plain[k] = typeof v === "string" ? plainText(v) : v;
  ui.notifications?.[level](i18n.format(key, plain));
}
