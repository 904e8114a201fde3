/**
 * The GM's rule options for the active variant: every reading the module had to choose, with
 * its default, and the project-default tables the GM may replace. Saved only once the core has
 * accepted them, so a table with a gap never reaches play.
 */
import type { InputIssue, OptionSchema } from "../../rules/index.ts";
import { RulesInputError } from "../../rules/index.ts";
import { MODULE_ID, TEMPLATES } from "../base/constants.ts";
import { localizeFirst } from "../base/text.ts";
import { i18n, notify } from "../base/i18n.ts";
import type { WindowSpec } from "./window.ts";
import { openWindow } from "./window.ts";
import { activeVariant, activeVariantId } from "../world/settings.ts";

const ORDER_SEPARATOR = ",";

function permutations(steps: readonly string[]): string[][] {
  if (steps.length <= 1) return [[...steps]];
  return steps.flatMap((s, i) => permutations([...steps.slice(0, i), ...steps.slice(i + 1)]).map((rest) => [s, ...rest]));
}

export function optionViews(schema: Readonly<Record<string, OptionSchema>>, current: Record<string, unknown>, defaults: Record<string, unknown>): Array<Record<string, unknown>> {
  return Object.entries(schema).map(([name, s]) => {
    const value = current[name];
    const base = { name, label: i18n.localize(`WC.Option.${name}.name`), hint: i18n.localize(`WC.Option.${name}.hint`), isDefault: JSON.stringify(value) === JSON.stringify(defaults[name]), defaultLabel: i18n.localize("WC.Options.isDefault") };
    switch (s.kind) {
      case "boolean":
        return { ...base, isBoolean: true, checked: value === true };
      case "integer":
        return { ...base, isInteger: true, value, min: s.min, max: s.max };
      case "choice":
        return { ...base, isChoice: true, choices: s.choices.map((c) => ({ value: c, label: localizeFirst(i18n, [`WC.Option.${name}.choices.${c}`, `WC.OptionChoice.${c}`]), selected: value === c })) };
      case "order": {
        const now = Array.isArray(value) ? value.join(ORDER_SEPARATOR) : "";
        return { ...base, isChoice: true, choices: permutations(s.steps).map((p) => ({ value: p.join(ORDER_SEPARATOR), label: p.map((x) => i18n.localize(`WC.Step.${x}`)).join(" → "), selected: p.join(ORDER_SEPARATOR) === now })) };
      }
      case "tables": {
        const text = tableText(value ?? {});
        return { ...base, isTables: true, value: text, rows: Math.min(18, text.split("\n").length + 1), placeholder: i18n.localize("WC.Options.tablesPlaceholder") };
      }
    }
  });
}

/** JSON on one line, with a space after each colon and comma, as a person reads it. */
function oneLine(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(oneLine).join(", ")}]`;
  if (v && typeof v === "object") return `{ ${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}: ${oneLine(x)}`).join(", ")} }`;
  return JSON.stringify(v) ?? "null";
}

/**
 * A replaceable table as JSON a GM can read and edit: each table's rows one a line (its range
 * first), the rest indented. It stays JSON, so a table from the guide pastes in as it is.
 */
export function tableText(v: unknown, indent = ""): string {
  const inner = `${indent}  `;
  if (Array.isArray(v) && v.length > 0 && v.every((r) => r && typeof r === "object" && "result" in r)) {
    return `[\n${rowLines(v as Array<Record<string, unknown>>).map((l) => inner + l).join(",\n")}\n${indent}]`;
  }
  if (v && typeof v === "object" && !Array.isArray(v)) {
    const entries = Object.entries(v);
    if (entries.length === 0) return "{}";
    return `{\n${entries.map(([k, x]) => `${inner}${JSON.stringify(k)}: ${tableText(x, inner)}`).join(",\n")}\n${indent}}`;
  }
  return oneLine(v);
}

/** Each row on a line, its range first and padded, so the ranges stand in columns. */
function rowLines(rows: ReadonlyArray<Record<string, unknown>>): string[] {
  const part = (k: string, v: unknown) => (v === undefined ? "" : `${JSON.stringify(k)}: ${oneLine(v)}, `);
  const mins = rows.map((r) => part("min", r.min));
  const maxes = rows.map((r) => part("max", r.max));
  const minWidth = Math.max(...mins.map((m) => m.length));
  const maxWidth = Math.max(...maxes.map((m) => m.length));
  return rows.map((r, i) => {
    const { min, max, ...rest } = r;
    void min;
    void max;
    const tail = oneLine(rest).slice(2);
    return `{ ${(mins[i] ?? "").padEnd(minWidth)}${(maxes[i] ?? "").padEnd(maxWidth)}${tail}`;
  });
}

/**
 * Where a refused option is shown in the window: each issue under its own field, a table's by
 * row ("Row 4: …"), so the GM sees which line to mend; the form keeps what was typed.
 */
export function showIssues(form: HTMLFormElement, issues: readonly InputIssue[]): void {
  const byOption = new Map<string, string[]>();
  for (const i of issues) {
    const m = /^options\.([^.[]+)(.*)$/.exec(i.path);
    if (!m) continue;
    const row = /\.rows\[(\d+)\]/.exec(m[2] ?? "");
    const message = i18n.format(`WC.Error.${i.code}`, i.params ?? {});
    const line = row ? i18n.format("WC.Options.rowIssue", { row: Number(row[1]) + 1, message }) : message;
    byOption.set(m[1] as string, [...(byOption.get(m[1] as string) ?? []), line]);
  }
  for (const el of form.querySelectorAll<HTMLElement>("[data-wc-error]")) {
    const lines = byOption.get(el.dataset.wcError ?? "");
    el.textContent = lines ? lines.join(" ") : "";
    el.hidden = !lines;
    const field = form.elements.namedItem(el.dataset.wcError ?? "");
    if (field instanceof HTMLElement) field.toggleAttribute("aria-invalid", lines !== undefined);
  }
}

/** Reads the form back: only options that differ from the defaults are stored. */
export function optionsFromForm(form: HTMLFormElement, schema: Readonly<Record<string, OptionSchema>>, defaults: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, s] of Object.entries(schema)) {
    const el = form.elements.namedItem(name);
    let v: unknown;
    if (s.kind === "boolean") v = el instanceof HTMLInputElement && el.checked;
    else if (s.kind === "integer") v = el instanceof HTMLInputElement ? Number(el.value) : undefined;
    else if (s.kind === "choice") v = el instanceof HTMLSelectElement ? el.value : undefined;
    else if (s.kind === "order") v = el instanceof HTMLSelectElement ? el.value.split(ORDER_SEPARATOR) : undefined;
    else {
      const text = el instanceof HTMLTextAreaElement ? el.value.trim() : "";
      try {
        v = text === "" ? defaults[name] : JSON.parse(text);
      } catch {
        throw new RulesInputError([{ path: `options.${name}`, code: "notObject", params: { got: "text" } }]);
      }
    }
    if (JSON.stringify(v) !== JSON.stringify(defaults[name])) out[name] = v;
  }
  return out;
}

/** The rule options window: registered as the settings menu, opened by the GM. */
export const RULE_OPTIONS: WindowSpec = {
  id: "rule-options",
  title: "WC.Options.title",
  template: TEMPLATES.options,
  width: 760,
  context: async () => {
    const variant = activeVariant();
    const defaults = variant.resolveOptions(undefined) as Record<string, unknown>;
    const all = game.settings.get(MODULE_ID, "ruleOptions");
    const current = variant.resolveOptions(all[variant.id] ?? {}) as Record<string, unknown>;
    return {
      hint: i18n.format("WC.Options.hint", { variant: i18n.localize(`WC.Variant.${variant.id}`) }),
      options: optionViews(variant.optionSchema, current, defaults),
      save: i18n.localize("WC.Profile.save"),
    };
  },
  submit: async (form) => {
    if (!game.user.isGM) {
      notify("warn", "WC.Refuse.notGM");
      return false;
    }
    const variant = activeVariant();
    const defaults = variant.resolveOptions(undefined) as Record<string, unknown>;
    try {
      const chosen = optionsFromForm(form, variant.optionSchema, defaults);
      variant.resolveOptions(chosen);
      const all = game.settings.get(MODULE_ID, "ruleOptions");
      await game.settings.set(MODULE_ID, "ruleOptions", { ...all, [activeVariantId()]: chosen });
      return true;
    } catch (e) {
      if (!(e instanceof RulesInputError)) throw e;
      showIssues(form, e.issues);
      notify("error", "WC.Options.invalid", { details: e.issues.map((i) => `${i.path}: ${i18n.format(`WC.Error.${i.code}`, i.params ?? {})}`).join("; ") });
      return false;
    }
  },
};

export async function openRuleOptions(): Promise<void> {
  if (!game.user.isGM) return notify("warn", "WC.Refuse.notGM");
  await openWindow(RULE_OPTIONS);
}
