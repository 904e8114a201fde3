/**
 * Compares a translation with English: every key English has and no other, every text a text,
 * and every {placeholder} of the English text kept (the code fills them in by name). Used by
 * `npm run lang:check` and by the language test, over the languages module.json declares.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";

export interface DeclaredLanguage {
  readonly lang: string;
  readonly name: string;
  readonly path: string;
}

export interface PlaceholderProblem {
  readonly key: string;
  readonly missing: readonly string[];
  readonly extra: readonly string[];
}

export interface LanguageReport {
  readonly lang: string;
  readonly path: string;
  /** The file could not be read as JSON (then nothing else is checked). */
  readonly unreadable?: string;
  readonly missing: readonly string[];
  readonly extra: readonly string[];
  /** Keys whose value is not a text (a number, a list, an object where English has a text). */
  readonly notText: readonly string[];
  readonly placeholders: readonly PlaceholderProblem[];
  /** Keys whose text is still word for word the English one (not a failure: some words are the same). */
  readonly sameAsEnglish: readonly string[];
}

/** Every text of a language file, by its dotted key. Non-text leaves are kept as they are. */
export function flatten(tree: unknown, prefix = "", out = new Map<string, unknown>()): Map<string, unknown> {
  if (tree !== null && typeof tree === "object" && !Array.isArray(tree)) {
    for (const [k, v] of Object.entries(tree)) flatten(v, prefix === "" ? k : `${prefix}.${k}`, out);
  } else {
    out.set(prefix, tree);
  }
  return out;
}

/** The names of a text's {placeholders}, sorted, each once. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string))].sort();
}

const PLURAL_CATEGORY = /\.(zero|one|two|few|many)$/;

/**
 * A plural form (a key ending in .zero, .one, .two, .few or .many) of a group English has (its
 * `.other` is there): each language keeps the plural categories its own grammar has, so such a
 * form may be missing or extra; it is held to the placeholders of English's `.other`.
 */
function pluralForm(key: string, english: Map<string, unknown>): string | null {
  const group = key.replace(PLURAL_CATEGORY, "");
  return group !== key && english.has(`${group}.other`) ? `${group}.other` : null;
}

export function compare(lang: string, path: string, english: Map<string, unknown>, other: Map<string, unknown>): LanguageReport {
  const missing = [...english.keys()].filter((k) => !other.has(k) && pluralForm(k, english) === null);
  const extra = [...other.keys()].filter((k) => !english.has(k) && pluralForm(k, english) === null);
  const notText: string[] = [];
  const placeholders: PlaceholderProblem[] = [];
  const sameAsEnglish: string[] = [];
  const forms = [...other.keys()].filter((k) => !english.has(k) && pluralForm(k, english) !== null);
  const pairs: Array<[string, unknown]> = [...english, ...forms.map((k): [string, unknown] => [k, english.get(pluralForm(k, english) as string)])];
  for (const [key, en] of pairs) {
    if (!other.has(key)) continue;
    const v = other.get(key);
    if (typeof v !== "string") {
      notText.push(key);
      continue;
    }
    if (typeof en !== "string") continue;
    const want = placeholdersOf(en);
    const got = placeholdersOf(v);
    const lost = want.filter((p) => !got.includes(p));
    const added = got.filter((p) => !want.includes(p));
    if (lost.length > 0 || added.length > 0) placeholders.push({ key, missing: lost.map((p) => `{${p}}`), extra: added.map((p) => `{${p}}`) });
    if (lang !== "en" && v === en && /[A-Za-z]{3}/.test(en)) sameAsEnglish.push(key);
  }
  return { lang, path, missing, extra, notText, placeholders, sameAsEnglish };
}

export function declaredLanguages(root: string): DeclaredLanguage[] {
  const manifest = JSON.parse(readFileSync(join(root, "module.json"), "utf8")) as { languages?: DeclaredLanguage[] };
  return manifest.languages ?? [];
}

function readTree(root: string, path: string): { tree?: unknown; error?: string } {
  try {
    return { tree: JSON.parse(readFileSync(resolve(root, path), "utf8")) };
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
}

/** One report per language: the declared ones by default, or the given lang/*.json files. */
export function checkLanguages(root: string, files?: readonly string[]): LanguageReport[] {
  const en = readTree(root, "lang/en.json");
  if (en.tree === undefined) throw new Error(`lang/en.json: ${en.error}`);
  const english = flatten(en.tree);
  const targets = files?.map((path) => ({ lang: path.replace(/^.*\//, "").replace(/\.json$/, ""), path })) ?? declaredLanguages(root);
  return targets.map(({ lang, path }) => {
    const t = readTree(root, path);
    if (t.tree === undefined) return { lang, path, unreadable: t.error ?? "unreadable", missing: [], extra: [], notText: [], placeholders: [], sameAsEnglish: [] };
    return compare(lang, path, english, flatten(t.tree));
  });
}

export function isClean(r: LanguageReport): boolean {
  return r.unreadable === undefined && r.missing.length === 0 && r.extra.length === 0 && r.notText.length === 0 && r.placeholders.length === 0;
}
