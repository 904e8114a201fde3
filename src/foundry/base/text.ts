/**
 * Texts from keys and parameters, in the user's language: the one place where a rules key with its
 * parameters becomes words (creature ids read as names, keys inside parameters translated, a count
 * choosing its plural form, numbers and dice written as the language writes them), and where a
 * name is made safe for a place that reads HTML.
 *
 * Plural texts are groups in the language files, one text per plural category of that language
 * (`"knockedOut": {"one": "... {rounds} round", "other": "... {rounds} rounds"}`), chosen by
 * Intl.PluralRules in the user's language: French and Brazilian Portuguese read 0 as singular,
 * English and German as plural. Every category falls back to `other`.
 */

export interface I18n {
  localize(key: string): string;
  format(key: string, data: Record<string, string | number>): string;
  /** Whether a key has a text (Foundry's game.i18n.has); without it, a key that localizes to itself has none. */
  has?(key: string): boolean;
  /** The user's language, as Foundry names it (game.i18n.lang: "en", "de", "pt-BR"); English when not told. */
  readonly lang?: string;
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

/** The user's language as a locale Intl accepts ("en" for one it does not know). */
export function localeOf(i18n: Pick<I18n, "lang">): string {
  const lang = i18n.lang ?? "en";
  try {
    return Intl.getCanonicalLocales(lang)[0] ?? "en";
  } catch {
    return "en";
  }
}

const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function cached<T>(cache: Map<string, T>, key: string, make: () => T): T {
  const hit = cache.get(key);
  if (hit) return hit;
  const made = make();
  cache.set(key, made);
  return made;
}

/** The parameters that count, in the order a plural text looks for its count. */
export const COUNT_PARAMS = ["n", "rounds", "hits", "steps", "grapplers", "routines", "segments", "count", "limbs", "total", "max"] as const;

/** Whether a key is a plural group (texts by plural category) rather than one text: a text of its own cannot have sub-keys. */
export function isPlural(i18n: I18n, key: string): boolean {
  return has(i18n, `${key}.other`);
}

/** The plural category of `n` in the user's language ("one", "other", "many", ...). */
export function pluralCategory(n: number, i18n: Pick<I18n, "lang">): Intl.LDMLPluralRule {
  const locale = localeOf(i18n);
  return cached(pluralRules, locale, () => new Intl.PluralRules(locale)).select(n);
}

/**
 * The key of the text to use: a plain key as it is; for a plural group, its category's text for
 * the count among `params` (the first of COUNT_PARAMS given as a number), else its `other`.
 */
export function pluralKey(i18n: I18n, key: string, params?: Readonly<Record<string, unknown>>): string {
  if (!isPlural(i18n, key)) return key;
  const name = COUNT_PARAMS.find((c) => typeof params?.[c] === "number");
  const n = name === undefined ? undefined : params?.[name];
  if (typeof n !== "number") return `${key}.other`;
  const category = `${key}.${pluralCategory(n, i18n)}`;
  return has(i18n, category) ? category : `${key}.other`;
}

/** A text whose words follow a count: `count` fills `{n}` unless `params` name their own count. */
export function formatCount(i18n: I18n, key: string, count: number, params: Params = {}): string {
  const data = { n: count, ...params };
  return i18n.format(pluralKey(i18n, key, data), data);
}

/** A number as the user's language writes it: "27.1" in English, "27,1" in German and French; at most `digits` decimals. */
export function formatNumber(n: number, i18n: Pick<I18n, "lang">, digits = 1): string {
  if (!Number.isFinite(n)) return String(n);
  const locale = localeOf(i18n);
  // Grouped from five digits on ("1079", "12 345"): a four-digit total reads as one number in every language.
  return cached(numberFormats, `${locale}|n|${digits}`, () => new Intl.NumberFormat(locale, { maximumFractionDigits: digits, useGrouping: "min2" } as Intl.NumberFormatOptions)).format(n);
}

/**
 * A percentage (27.1 for 27.1 %) as the user's language writes it: "27.1%" in English, "27,1 %" in
 * German and French; at most `digits` decimals, or always `digits` when `fixed` ("27.0%").
 */
export function formatPercent(percent: number, i18n: Pick<I18n, "lang">, digits = 1, fixed = false): string {
  if (!Number.isFinite(percent)) return `${String(percent)}%`;
  const locale = localeOf(i18n);
  const min = fixed ? digits : 0;
  return cached(numberFormats, `${locale}|%|${min}|${digits}`, () => new Intl.NumberFormat(locale, { style: "percent", minimumFractionDigits: min, maximumFractionDigits: digits })).format(percent / 100);
}

/**
 * Dice as the user's language writes them (WC.Dice.notation: "2d6" in English, "2W6" in German;
 * WC.Dice.die, one die without a count: "d12", "W12").
 */
export function diceNotation(i18n: I18n, sides: number, count?: number): string {
  return count === undefined ? i18n.format("WC.Dice.die", { sides }) : i18n.format("WC.Dice.notation", { count, sides });
}

/** A dice formula ("1d6+1", "d100") with its dice written as the user's language writes them. */
export function localizeFormula(formula: string, i18n: I18n): string {
  return formula.replace(/\b(\d*)d(\d+)\b/g, (_m, count: string, sides: string) => diceNotation(i18n, Number(sides), count === "" ? undefined : Number(count)));
}

export function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0";
}

/** "3 damage (1 real, 2 temporary)", "3 real damage", "2 temporary damage": no zero parts. */
export function damagePhrase(actual: number, temporary: number, i18n: I18n): string {
  const total = actual + temporary;
  if (actual !== 0 && temporary !== 0) return i18n.format("WC.Card.damageBoth", { total, actual, temporary });
  const key = actual !== 0 ? "WC.Card.damageReal" : "WC.Card.damageTemporary";
  return i18n.format(pluralKey(i18n, key, { total }), { total });
}

/**
 * Parameters can be keys themselves: a full key ("WC.Hold.bearHug") is translated, and a bare
 * `part` ("arm") reads as WC.Part.arm. A key's text may name the creatures (a refusal's reason:
 * "{defender} is not helpless"): it takes the outer text's own `attacker` and `defender`, and
 * where a caller has given none, plain words for them (WC.Name.*), never an unfilled placeholder.
 */
export function localizeParams(params: Params, i18n: I18n): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  let who: Record<string, string | number> | undefined;
  const creatures = () => (who ??= { attacker: i18n.localize("WC.Name.attacker"), defender: i18n.localize("WC.Name.defender"), ...Object.fromEntries(Object.entries(params).filter(([, v]) => !(typeof v === "string" && v.startsWith("WC.")))) });
  for (const [k, v] of Object.entries(params)) {
    if (typeof v === "string" && v.startsWith("WC.")) out[k] = agreeStandIns(i18n.format(v, creatures()), i18n);
    else if (k === "part" && typeof v === "string") out[k] = i18n.localize(`WC.Part.${v}`);
    else out[k] = v;
  }
  return out;
}

/**
 * A line's text from its key and parameters: ids become names (a comma-separated list of ids,
 * a list of names), keys are translated, `actual` and `temporary` become a `damage` phrase, and a
 * plural group takes the form its count asks for in the user's language.
 */
export function formatLine(key: string, params: Params | undefined, names: Readonly<Record<string, string>>, i18n: I18n): string {
  const named: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params ?? {})) {
    named[k] = typeof v === "string" && v.includes(",") && v.split(",").every((id) => names[id] !== undefined) ? v.split(",").map((id) => names[id]).join(", ") : typeof v === "string" && names[v] !== undefined ? (names[v] as string) : v;
  }
  // A text that names the two is never left with {attacker} or {defender} unfilled: plain words
  // stand in where a caller has given no names.
  const p: Record<string, string | number> = { attacker: i18n.localize("WC.Name.attacker"), defender: i18n.localize("WC.Name.defender"), ...localizeParams(named, i18n) };
  if (typeof p.actual === "number" && typeof p.temporary === "number" && p.damage === undefined) p.damage = damagePhrase(p.actual, p.temporary, i18n);
  const chosen = pluralKey(i18n, key, p);
  return agreeStandIns(Object.keys(p).length > 0 ? i18n.format(chosen, p) : i18n.localize(chosen), i18n);
}

/**
 * The plain words that stand in for missing names (WC.Name.*) made to agree with the word before
 * them where the language changes them there (German „von das Ziel“ → „vom Ziel“): WC.Name.agree
 * holds "as filled=as said" pairs separated by "|", or nothing where the stand-ins need no change.
 */
export function agreeStandIns(text: string, i18n: I18n): string {
  const said = i18n.localize("WC.Name.agree");
  const rules = said === "WC.Name.agree" ? "" : said;
  let out = text;
  for (const pair of rules.split("|")) {
    const [from, to] = pair.split("=");
    if (from && to !== undefined && out.includes(from)) out = out.split(from).join(to);
  }
  return out;
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
