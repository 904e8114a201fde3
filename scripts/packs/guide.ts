/**
 * The guide journal: packs/_source/guide/guide.json lists its pages in order, each either
 * hand-written HTML (pages/*.html, our own words) or generated here from the rules data and
 * lang/en.json (settings, each variant's tables and rule options, the macros), so the guide says
 * what the release plays.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { FolderDoc, JournalDoc, MacroDoc, PageDoc } from "./docs.ts";
import { stats } from "./docs.ts";
import { RULES_VARIANTS, SHELL_ACTIONS } from "../../src/rules/index.ts";
import { esc, pre, raw, table } from "./html.ts";
import { macrosPage, optionsPage, settingsPage } from "./guide-options.ts";
import { tablesPage } from "./guide-tables.ts";
import type { Texts } from "./lang.ts";
import { loadLang, lookup } from "./lang.ts";
import { macroAbout } from "./macros.ts";
import { variantName, variantTitle } from "./variants.ts";

interface GuideSource {
  _id: string;
  name: string;
  pages: Array<{ _id: string; name: string; src?: string; generate?: string }>;
}

export const GUIDE_ID = "wcGuideJournal01";

/** Every action the rules have: its id for the API, its name, and the rule sets that have it. */
function actionsTable(texts: Texts): string {
  const variants = Object.values(RULES_VARIANTS);
  const rows = SHELL_ACTIONS.filter((a) => variants.some((v) => v.actions.includes(a))).map((a) => [
    raw(`<code>${esc(a)}</code>`),
    texts.t(`WC.Action.${a}`),
    variants.length === variants.filter((v) => v.actions.includes(a)).length ? "every rule set" : variants.filter((v) => v.actions.includes(a)).map((v) => variantName(texts, v.id)).join(", "),
  ]);
  return table(["action", "name", "rule sets"], rows);
}

/** A rule set's one name, with its source ({{variant id}}) or bare ({{variantName id}}), as lang/en.json gives it. */
function ruleSetNames(text: string, texts: Texts, escape: (s: string) => string): string {
  return text.replace(/\{\{(variant|variantName) ([^}]+)\}\}/g, (_m, what: string, id: string) => escape(what === "variant" ? variantTitle(texts, id) : variantName(texts, id)));
}

function expand(html: string, dir: string, texts: Texts, file: string): string {
  return ruleSetNames(html, texts, esc).replace(/\{\{(\w+) ([^}]+)\}\}/g, (_m, what: string, arg: string) => {
    if (what === "actions" && arg === "table") return actionsTable(texts);
    if (what === "example") return pre(JSON.stringify(JSON.parse(readFileSync(join(dir, "examples", `${arg}.json`), "utf8")), null, 2));
    if (what === "names") {
      const names = texts.children(arg);
      if (names.length === 0) throw new Error(`${file}: {{names ${arg}}}: lang/en.json has nothing under ${arg}`);
      return names.map((n) => `<code>${esc(n)}</code>`).join(", ");
    }
    throw new Error(`${file}: unknown placeholder {{${what} ${arg}}}`);
  });
}

/** The languages the interface speaks (module.json's), each with its name for itself. */
const LANGUAGES = [
  ["en", "English"],
  ["de", "Deutsch"],
  ["fr", "Français"],
  ["es", "Español"],
  ["pt-BR", "Português (Brasil)"],
] as const;

/**
 * The guide is written in English; the interface speaks five languages. This page gives, for each
 * action, condition, card button and setting the guide names, what the interface calls it in each
 * language, read from lang/*.json, so a reader playing in German finds "Break free" as „Losreißen“.
 */
function namesPage(root: string, texts: Texts): string {
  const trees = LANGUAGES.map(([l]) => loadLang(root, l));
  const row = (key: string) => trees.map((tree, i) => {
    const said = lookup(tree, key);
    if (said === undefined) throw new Error(`lang/${LANGUAGES[i]?.[0]}.json has no text for ${key}`);
    return said;
  });
  const group = (title: string, keys: readonly string[]) => `<h2>${esc(title)}</h2>\n${table(LANGUAGES.map(([, name]) => name), keys.map(row))}`;
  const under = (key: string, leaf = "") => texts.children(key).map((k) => `${key}.${k}${leaf}`).filter((k) => lookup(trees[0] as never, k) !== undefined);
  return [
    `<p>${esc("This guide is written in English. The interface speaks the language each user chooses in Foundry; here are the names it gives the actions, conditions, card buttons and settings this guide talks about, in each language.")}</p>`,
    group("Actions", under("WC.Action")),
    group("Conditions", under("WC.Condition")),
    group("Card buttons", ["WC.Card.apply", "WC.Card.undo", "WC.Ledger.open"]),
    group("Settings", under("WC.Setting", ".name")),
  ].join("\n");
}

function generated(what: string, texts: Texts, macros: { folders: readonly FolderDoc[]; macros: readonly MacroDoc[] }, root = "."): string {
  const [kind, arg] = what.split(":");
  if (kind === "names") return namesPage(root, texts);
  if (kind === "settings") return settingsPage(texts);
  if (kind === "macros") return macrosPage(macros.folders, macros.macros, macroAbout);
  if (kind === "tables" && arg) return tablesPage(arg, texts);
  if (kind === "options" && arg) return optionsPage(arg, texts);
  throw new Error(`guide.json: unknown generated page "${what}"`);
}

export function guideJournal(root: string, texts: Texts, macros: { folders: readonly FolderDoc[]; macros: readonly MacroDoc[] }): JournalDoc {
  const dir = join(root, "packs", "_source", "guide");
  const src = JSON.parse(readFileSync(join(dir, "guide.json"), "utf8")) as GuideSource;
  const pages: PageDoc[] = src.pages.map((page, i) => {
    let content: string;
    if (page.src !== undefined) content = expand(readFileSync(join(dir, page.src), "utf8"), dir, texts, page.src);
    else if (page.generate !== undefined) content = generated(page.generate, texts, macros, root);
    else throw new Error(`guide.json: page ${page._id} has neither src nor generate`);
    return {
      _id: page._id,
      _key: `!journal.pages!${src._id}.${page._id}`,
      name: ruleSetNames(page.name, texts, (x) => x),
      type: "text",
      title: { show: true, level: 1 },
      text: { format: 1, content: content.trim() },
      sort: (i + 1) * 100_000,
      ownership: { default: -1 },
      flags: page.generate === undefined ? {} : { "weaponless-combat": { generated: page.generate } },
      _stats: stats(),
    };
  });
  return { _id: src._id, _key: `!journal!${src._id}`, name: src.name, pages, folder: null, sort: 0, ownership: { default: 0 }, flags: {}, _stats: stats() };
}
