/**
 * The guide's generated reference pages: each variant's rule options (from its option schema and
 * defaults, with the names and hints the settings form shows), the world settings (from
 * lang/en.json), and the list of macros. Built with the release, so they never go stale.
 */
import { RULES_VARIANTS } from "../../src/rules/index.ts";
import type { OptionSchema } from "../../src/rules/index.ts";
import type { Html } from "./html.ts";
import { esc, p, raw, table } from "./html.ts";
import type { Texts } from "./lang.ts";
import type { FolderDoc, MacroDoc } from "./docs.ts";

function valueText(texts: Texts, s: OptionSchema, v: unknown): string {
  switch (s.kind) {
    case "boolean":
      return v === true ? "on" : "off";
    case "choice":
      return texts.t(`WC.OptionChoice.${String(v)}`);
    case "integer":
      return String(v);
    case "order":
      return (v as string[]).map((x) => texts.t(`WC.Step.${x}`)).join(" → ");
    case "tables":
      return "the module's own tables";
  }
}

function allowedText(texts: Texts, s: OptionSchema): string {
  switch (s.kind) {
    case "boolean":
      return "on or off";
    case "choice":
      return s.choices.map((c) => texts.t(`WC.OptionChoice.${c}`)).join(" / ");
    case "integer":
      return `a whole number from ${s.min} to ${s.max}`;
    case "order":
      return "any order of the steps";
    case "tables":
      return "replacement tables as JSON (see “Replacing a project-default table”)";
  }
}

export function optionsPage(variantId: string, texts: Texts): string {
  const v = RULES_VARIANTS[variantId];
  if (!v) throw new Error(`guide: unknown variant ${variantId}`);
  const defaults = v.resolveOptions(undefined) as Record<string, unknown>;
  const rows = Object.entries(v.optionSchema).map(([name, s]) => [
    raw(`<strong>${esc(texts.t(`WC.Option.${name}.name`))}</strong>`),
    texts.t(`WC.Option.${name}.hint`),
    valueText(texts, s, defaults[name]),
    allowedText(texts, s),
  ]);
  return [
    p(
      "Where the rules text leaves a question open, the module follows one reading and names it as an option here. The GM changes them in Game Settings → Configure Settings → Weaponless Combat → Rule options; the form marks each default. Options are kept per variant, so switching rules keeps each set.",
    ),
    table(["option", "what it does", "default", "can be"], rows),
  ].join("\n");
}

/**
 * Each world setting's default, as src/foundry/settings.ts registers it (test/packs holds the two
 * together), so the guide can mark it. The choices come from lang/en.json, as the window shows them.
 */
export const SETTING_DEFAULTS: Readonly<Record<string, string | boolean | number>> = {
  variant: "d12-holds",
  automation: "automatic",
  oddsAudience: "everyone",
  showNpcNumbers: false,
  hpPath: "",
  hpMaxPath: "",
  gmMoveHolds: "ask",
  tethers: true,
  tethersForPlayers: true,
  npcFightsGmOnly: true,
  roundDiceLimit: 12,
  diceInOrder: true,
};

/** What a setting can be, its default marked: its choices, on or off, or a path. */
function settingValues(texts: Texts, key: string): Html {
  const base = `WC.Setting.${key}`;
  const def = SETTING_DEFAULTS[key];
  if (def === undefined) throw new Error(`guide: no default known for the setting ${key}: add it to SETTING_DEFAULTS`);
  const mark = (label: string, isDefault: boolean) => (isDefault ? `<strong>${esc(label)}</strong> (default)` : esc(label));
  if (key === "variant") return raw(Object.keys(RULES_VARIANTS).map((id) => mark(texts.t(`WC.Variant.${id}`), id === def)).join("<br>"));
  if (typeof def === "boolean") return raw(`${mark("on", def)} / ${mark("off", !def)}`);
  if (typeof def === "number") return raw(`${mark(String(def), true)}; any whole number from 0`);
  const choices = texts.children(base).filter((c) => c !== "name" && c !== "hint");
  if (choices.length > 0) return raw(choices.map((c) => mark(texts.t(`${base}.${c}`), c === def)).join("<br>"));
  return raw(`${mark("empty: the system's own path (shown greyed in the box)", def === "")}; or a path into the actor's data starting with <code>system.</code>`);
}

/** The world settings, as the settings screen lists them (names, hints and choices from lang/en.json), and its two buttons. */
export function settingsPage(texts: Texts): string {
  const rows = texts.children("WC.Setting").map((key) => {
    const base = `WC.Setting.${key}`;
    return [raw(`<strong>${esc(texts.t(`${base}.name`))}</strong>`), texts.t(`${base}.hint`), settingValues(texts, key)];
  });
  const buttons = [
    [raw(`<strong>${esc(texts.t("WC.Options.open"))}</strong>`), `${texts.t("WC.Options.menuHint")} Every option of the world's rule set is listed with its default marked; the options of each rule set are kept apart, so switching rule sets keeps each set. The guide's rule options pages list them all.`],
    [raw(`<strong>${esc(texts.t("WC.Check.open"))}</strong>`), `${texts.t("WC.Check.menuHint")} It lists the Foundry and module versions, the rule set and automation, the game system and whether the module reads it, where hit points are read, each condition and whether it is the system's own status or the module's, whether players may send requests, the active GM, and every creature on the current scene with what its profile lacks. Anything to look at is marked; Copy the report puts the whole of it on the clipboard. The same report comes from the Check this world macro and api.checkWorld().`],
  ];
  return [
    p(`Game Settings → Configure Settings → Weaponless Combat. Every setting but ${texts.t("WC.Setting.tethers.name")} is the world's (the GM's to change) and applies to everyone at the table; ${texts.t("WC.Setting.tethers.name")} is each browser's own, set by each player for themselves. Each one's default is in bold.`),
    table(["setting", "what it does", "can be"], rows),
    p("Two buttons on the same screen open windows of their own (the GM's only):"),
    table(["button", "what it opens"], buttons),
  ].join("\n");
}

/** The macros compendium, folder by folder, each macro a link into the pack. */
export function macrosPage(folders: readonly FolderDoc[], macros: readonly MacroDoc[], describe: (m: MacroDoc) => string): string {
  const out: string[] = [
    p(
      "Open the compendium Weaponless Combat Macros and drag any macro to your hotbar. Every macro works for whoever runs it: it acts with the token you have selected, against the one you target, and asks the GM's client to carry the action out as a click on the token HUD would.",
    ),
  ];
  for (const f of [...folders].sort((a, b) => a.sort - b.sort)) {
    const inside = macros.filter((m) => m.folder === f._id).sort((a, b) => a.sort - b.sort);
    out.push(`<h3>${esc(f.name)}</h3>`);
    out.push(table(["macro", "what it does"], inside.map((m) => [raw(`@UUID[Compendium.weaponless-combat.macros.Macro.${m._id}]{${esc(m.name)}}`), describe(m)])));
  }
  return out.join("\n");
}
