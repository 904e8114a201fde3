/**
 * Texts from keys and parameters, in the user's language: the one place where a rules key with its
 * parameters becomes words (creature ids read as names, keys inside parameters translated, a count
 * of 1 taking the singular form), and where a name is made safe for a place that reads HTML.
 */

export interface I18n {
  localize(key: string): string;
  format(key: string, data: Record<string, string | number>): string;
  /** Whether a key has a text (Foundry's game.i18n.has); without it, a key that localizes to itself has none. */
  has?(key: string): boolean;
}

export type Params = Readonly<Record<string, string | number>>;

export function has(i18n: I18n, key: string): boolean {
  return i18n.has ? i18n.has(key) : i18n.localize(key) !== key;
}

/** The text of the first key that has one (a specific label before a shared one); else the last key. */
export function localizeFirst(i18n: I18n, keys: readonly string[]): string {
  const key = keys.find((k) => has(i18n, k)) ?? keys[keys.length - 1] ?? "";
  return i18n.localize(key);
}

export function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0";
}

/** "3 damage (1 real, 2 temporary)", "3 real damage", "2 temporary damage": no zero parts. */
export function damagePhrase(actual: number, temporary: number, i18n: I18n): string {
  const total = actual + temporary;
  if (actual !== 0 && temporary !== 0) return i18n.format("WC.Card.damageBoth", { total, actual, temporary });
  return i18n.format(actual !== 0 ? "WC.Card.damageReal" : "WC.Card.damageTemporary", { total });
}

/**
 * Parameters can be keys themselves: a full key ("WC.Hold.bearHug") is translated, and a bare
 * `part` ("arm") reads as WC.Part.arm.
 */
export function localizeParams(params: Params, i18n: I18n): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params)) {
    if (typeof v === "string" && v.startsWith("WC.")) out[k] = i18n.localize(v);
    else if (k === "part" && typeof v === "string") out[k] = i18n.localize(`WC.Part.${v}`);
    else out[k] = v;
  }
  return out;
}

const COUNTS = ["n", "rounds", "hits", "steps", "grapplers"] as const;

/**
 * A line's text from its key and parameters: ids become names (a comma-separated list of ids,
 * a list of names), keys are translated, `actual` and `temporary` become a `damage` phrase, and a
 * count of 1 takes the key's singular form (<key>One) where there is one.
 */
export function formatLine(key: string, params: Params | undefined, names: Readonly<Record<string, string>>, i18n: I18n): string {
  const named: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params ?? {})) {
    named[k] = typeof v === "string" && v.includes(",") && v.split(",").every((id) => names[id] !== undefined) ? v.split(",").map((id) => names[id]).join(", ") : typeof v === "string" && names[v] !== undefined ? (names[v] as string) : v;
  }
  const p = localizeParams(named, i18n);
  if (typeof p.actual === "number" && typeof p.temporary === "number" && p.damage === undefined) p.damage = damagePhrase(p.actual, p.temporary, i18n);
  const count = COUNTS.find((c) => p[c] !== undefined);
  const singular = count && p[count] === 1 && has(i18n, `${key}One`) ? `${key}One` : key;
  return Object.keys(p).length > 0 ? i18n.format(singular, p) : i18n.localize(singular);
}

const HTML_ESCAPES: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe for a place that inserts it as HTML (a dialog's button label, a notification). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

const LOOK_ALIKES: Readonly<Record<string, string>> = { "&": "\uFF06", "<": "\u2039", ">": "\u203A" };

/**
 * Text for a place where it is not known whether Foundry inserts it as text or as HTML (a window's
 * title, a tooltip, a notice): the three characters that give text meaning as HTML become
 * look-alikes, which read the same either way and can never open a tag or an entity.
 */
export function plainText(text: string): string {
  return text.replace(/[&<>]/g, (c) => LOOK_ALIKES[c] ?? c);
}
