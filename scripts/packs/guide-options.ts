/**
 * The guide's generated reference pages: each variant's rule options (from its option schema and
 * defaults, with the names and hints the settings form shows), the world settings (from
 * lang/en.json), and the list of macros. Built with the release, so they never go stale.
 */
import { RULES_VARIANTS } from "../../src/rules/index.ts";
import type { OptionSchema } from "../../src/rules/index.ts";
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

/** The world settings, as the settings screen lists them (names, hints and choices from lang/en.json). */
export function settingsPage(texts: Texts): string {
  const rows = texts.children("WC.Setting").map((key) => {
    const base = `WC.Setting.${key}`;
    const choices = texts.children(base).filter((c) => c !== "name" && c !== "hint");
    return [raw(`<strong>${esc(texts.t(`${base}.name`))}</strong>`), texts.t(`${base}.hint`), choices.length === 0 ? "—" : choices.map((c) => texts.t(`${base}.${c}`)).join(" / ")];
  });
  return [
    p("Game Settings → Configure Settings → Weaponless Combat. Every setting is the world's (the GM's to change) and applies to everyone at the table."),
    table(["setting", "what it does", "choices"], rows),
    p(`${texts.t("WC.Options.open")}: ${texts.t("WC.Options.menuHint")}`),
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
