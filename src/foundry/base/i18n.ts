/**
 * Foundry's localization, in the user's language: numbers allowed as parameters (written as the
 * language writes them: "27,1" in German), and plural groups read by the count they are given
 * (base/text.ts pluralKey), so every caller of `format` gets the right form without asking.
 */
import type { I18n } from "./text.ts";
import { formatNumber, isPlural, localizeParams, pluralKey, plainText } from "./text.ts";

function lang(): string {
  return (game.i18n as { lang?: string } | undefined)?.lang ?? "en";
}

function strings(data: Readonly<Record<string, string | number>>): Record<string, string> {
  const out: Record<string, string> = {};
  const language = { lang: lang() };
  for (const [k, v] of Object.entries(data)) out[k] = typeof v === "number" ? formatNumber(v, language, 2) : String(v);
  return out;
}

export const i18n: I18n = {
  localize: (key) => game.i18n.localize(isPlural(i18n, key) ? `${key}.other` : key),
  format: (key, data) => game.i18n.format(pluralKey(i18n, key, data), strings(data)),
  has: (key) => game.i18n.has(key),
  get lang() {
    return lang();
  },
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
