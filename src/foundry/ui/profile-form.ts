/**
 * The weaponless profile of a creature, for the active variant: a small form built from the
 * variant's field list. Each field says where its value comes from (the host system's sheet, a
 * value filled in and why, or the GM's own); what the GM changes is saved, field by field, into
 * the actor's module flags after the core has checked it, and ticking a field's box returns it
 * to the sheet.
 */
import type { InputIssue, ProfileField } from "../../rules/index.ts";
import { RulesInputError } from "../../rules/index.ts";
import type { StoredProfile } from "../documents/actors.ts";
import { readProfile, writeProfile } from "../documents/actors.ts";
import { formatNumber, localizeFirst, localizeParams, plainText } from "../base/text.ts";
import { TEMPLATES } from "../base/constants.ts";
import { i18n, notify } from "../base/i18n.ts";
import { openSaveDialog } from "./save-dialog.ts";
import { activeVariant, activeVariantId } from "../world/settings.ts";
import { hostSystem } from "../documents/creature.ts";
import { NOT_ON_SHEETS } from "../../systems/index.ts";

export interface FieldView {
  readonly path: string;
  readonly label: string;
  readonly isInt: boolean;
  readonly isBool: boolean;
  readonly isChoice: boolean;
  readonly isMulti: boolean;
  readonly value: string | number | boolean;
  readonly optional: boolean;
  readonly min?: number;
  readonly max?: number;
  readonly choices: ReadonlyArray<{ value: string; label: string; selected: boolean }>;
  /** Where the value comes from, shown beside it; the box to go back to the sheet on the first field of a group. */
  readonly source?: { readonly kind: string; readonly label: string; readonly reason: string; readonly sheetSays: string; readonly useSheet: string; readonly clear: string; readonly clearName: string; readonly overridden: boolean; readonly first: boolean };
  /** What a blank choice means for this field ("Same as its size", "Unarmed"). */
  readonly blankLabel?: string;
}

/** A choice's label: the field's own reading of it first (a condition reads as the condition). */
function choiceLabel(path: string, c: string): string {
  return localizeFirst(i18n, [...(path === "conditions" ? [`WC.Condition.${c}`] : []), `WC.FieldChoice.${path.replaceAll(".", "_")}.${c}`, `WC.Choice.${c}`]);
}

/** The label of a profile field: WC.Field.<path with _ for .>, e.g. WC.Field.armor_type. */
export function fieldKey(path: string): string {
  return `WC.Field.${path.replaceAll(".", "_")}`;
}

function get(obj: Record<string, unknown>, path: string): unknown {
  return path.split(".").reduce<unknown>((o, k) => (o && typeof o === "object" ? (o as Record<string, unknown>)[k] : undefined), obj);
}

export function fieldViews(profile: Record<string, unknown>, fields: readonly ProfileField[]): FieldView[] {
  return fields.map((f) => {
    const v = get(profile, f.path);
    const label = i18n.localize(fieldKey(f.path));
    const base = { path: f.path, label, isInt: f.kind === "int", isBool: f.kind === "bool", isChoice: f.kind === "choice", isMulti: f.kind === "multi", optional: "optional" in f && f.optional === true };
    switch (f.kind) {
      case "int":
        return { ...base, value: typeof v === "number" ? v : "", min: f.min, max: f.max, choices: [] };
      case "bool":
        return { ...base, value: v === true, choices: [] };
      case "choice":
        return { ...base, value: typeof v === "string" ? v : "", blankLabel: localizeFirst(i18n, [`WC.Blank.${f.path.replaceAll(".", "_")}`, "WC.Blank.default"]), choices: f.choices.map((c) => ({ value: c, label: choiceLabel(f.path, c), selected: v === c })) };
      case "multi":
        return { ...base, value: "", choices: f.choices.map((c) => ({ value: c, label: choiceLabel(f.path, c), selected: Array.isArray(v) && v.includes(c) })) };
    }
  });
}

/** Rebuilds a profile from the form: blank optional fields drop out, dotted paths nest. */
export function profileFromForm(form: HTMLFormElement, fields: readonly ProfileField[], previous: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = structuredClone(previous);
  const set = (path: string, value: unknown) => {
    const keys = path.split(".");
    let o: Record<string, unknown> = out;
    for (const k of keys.slice(0, -1)) {
      if (typeof o[k] !== "object" || o[k] === null) o[k] = {};
      o = o[k] as Record<string, unknown>;
    }
    const last = keys[keys.length - 1] as string;
    if (value === undefined) delete o[last];
    else o[last] = value;
  };
  const missing: InputIssue[] = [];
  for (const f of fields) {
    const el = form.elements.namedItem(f.path);
    if (f.kind === "bool") set(f.path, el instanceof HTMLInputElement && el.checked);
    else if (f.kind === "int") {
      const raw = el instanceof HTMLInputElement ? el.value.trim() : "";
      // A number box left empty (or given letters, which the browser empties) is no number: it
      // is not taken as 0.
      if (raw === "" && !f.optional && el instanceof HTMLInputElement) missing.push({ path: `profile.${f.path}`, code: "notInteger", params: { got: "-" } });
      set(f.path, raw === "" && f.optional ? undefined : Number(raw));
    } else if (f.kind === "choice") {
      const raw = el instanceof HTMLSelectElement ? el.value : "";
      set(f.path, raw === "" && f.optional ? undefined : raw);
    } else {
      const boxes = [...form.querySelectorAll<HTMLInputElement>(`input[name="${f.path}"]`)];
      set(f.path, boxes.filter((b) => b.checked).map((b) => b.value));
    }
  }
  if (missing.length > 0) throw new RulesInputError(missing);
  // An optional group left with no fields at all is no group: null where the profile keeps a
  // null for "none" (a shield), otherwise left out (natural AC).
  for (const [k, v] of Object.entries(out)) {
    if (!v || typeof v !== "object" || Array.isArray(v) || Object.keys(v).length > 0) continue;
    if (previous[k] === null) out[k] = null;
    else delete out[k];
  }
  return out;
}

/**
 * Field views with where each value comes from (sources are kept per top-level field: `armor` for
 * `armor.type`). A value the GM set is marked as the GM's only where it differs from what the
 * sheet gives; the sheet's value is shown beside it, in words, with the box to go back to it (once
 * a group). A filled-in value says why in its mark's tooltip, so each field keeps to one line.
 */
export function sourcedFieldViews(view: StoredProfile, fields: readonly ProfileField[]): FieldView[] {
  const seen = new Set<string>();
  const byPath = new Map(fields.map((f) => [f.path, f]));
  return fieldViews(view.profile, fields).map((f) => {
    const top = f.path.split(".")[0] as string;
    // An optional field the profile leaves out (no Strength on a monster) has no source to show.
    const stored = view.sources[top] ?? (top in view.overrides ? "override" : undefined);
    if (stored === undefined) return f;
    const sheetValue = get(view.read, f.path);
    // The GM's value where it is the sheet's own is no value of the GM's: nothing to mark.
    const differs = stored !== "override" || !same(get(view.profile, f.path), sheetValue);
    if (!differs) return f;
    const kind = stored;
    const first = kind === "override" ? !seen.has(top) : false;
    if (kind === "override") seen.add(top);
    const reason = view.reasons[top];
    // A value no host system keeps is the rules' ordinary one: said in the badge, no reason line.
    const plain = kind === "default" && reason?.key === NOT_ON_SHEETS;
    const field = byPath.get(f.path);
    const sheetLabel = field ? valueLabel(field, sheetValue) : "—";
    return {
      ...f,
      source: {
        kind,
        label: i18n.localize(`WC.Profile.source.${plain ? "plain" : kind}`),
        // Both go into a tooltip, which Foundry reads as HTML: an item's name (a sheet's weapon,
        // an armour) in one can never open a tag.
        reason: reason && !plain ? plainText(i18n.format(reason.key, localizeParams(reason.params ?? {}, i18n) as Record<string, string>)) : "",
        sheetSays: kind === "override" ? plainText(i18n.format("WC.Profile.sheetSays", { value: sheetLabel })) : "",
        useSheet: kind === "override" ? i18n.format("WC.Profile.useSheet", { value: sheetLabel }) : "",
        clear: i18n.localize("WC.Profile.clear"),
        clearName: `wc-clear.${top}`,
        overridden: kind === "override",
        first,
      },
    };
  });
}

/** A value as the form itself would show it: a choice's label, Yes or No, a number in the user's language. */
export function valueLabel(f: ProfileField, v: unknown): string {
  if (v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0)) {
    return f.kind === "choice" ? localizeFirst(i18n, [`WC.Blank.${f.path.replaceAll(".", "_")}`, "WC.Blank.default"]) : "—";
  }
  switch (f.kind) {
    case "bool":
      return i18n.localize(v === true ? "WC.Profile.yes" : "WC.Profile.no");
    case "choice":
      return typeof v === "string" ? choiceLabel(f.path, v) : "—";
    case "multi":
      return Array.isArray(v) ? v.map((c) => choiceLabel(f.path, String(c))).join(", ") : "—";
    case "int": {
      if (typeof v !== "number" || !Number.isFinite(v)) return "—";
      // A height in feet the sheet keeps with a fraction reads as feet and inches.
      if (f.path === "heightFt" && !Number.isInteger(v)) {
        const inches = Math.round(v * 12);
        return i18n.format("WC.Profile.feetInches", { feet: Math.floor(inches / 12), inches: inches % 12 });
      }
      return formatNumber(v, game.i18n, 2);
    }
  }
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The GM's values after the form: a field whose box is ticked goes back to the sheet; a field
 * that differs from the sheet's reading is the GM's; one set back to the sheet's value follows
 * the sheet again.
 */
export function overridesFromForm(form: HTMLFormElement, view: StoredProfile, next: Record<string, unknown>): { overrides: Record<string, unknown>; cleared: string[] } {
  const overrides: Record<string, unknown> = {};
  const keys = new Set([...Object.keys(next), ...Object.keys(view.overrides)]);
  for (const k of keys) {
    const box = form.elements.namedItem(`wc-clear.${k}`);
    if (box instanceof HTMLInputElement && box.checked) continue;
    if (!(k in next)) continue;
    if (!same(next[k], view.read[k])) overrides[k] = next[k];
  }
  const cleared = Object.keys(view.overrides).filter((k) => !(k in overrides));
  return { overrides, cleared };
}

export async function openProfileForm(actor: Actor.Implementation): Promise<void> {
  // Only a creature's owner (or a GM) may change its profile.
  if (!actor.isOwner) return notify("warn", "WC.Refuse.notOwner", { name: actor.name ?? "" });
  const variant = activeVariant();
  const token = (actor as unknown as { token?: TokenDocument.Implementation | null }).token ?? null;
  const view = readProfile(actor, variant, token);
  const content = await foundry.applications.handlebars.renderTemplate(TEMPLATES.profile, {
    hint: i18n.format("WC.Profile.hint", { variant: i18n.localize(`WC.Variant.${variant.id}`) }),
    systemHint: view.stored ? i18n.format("WC.Profile.systemHint", { system: hostSystemLabel() }) : "",
    fields: sourcedFieldViews(view, variant.profileFields),
  });
  await openSaveDialog({
    title: i18n.format("WC.Profile.title", { name: actor.name ?? "" }),
    content,
    invalidKey: "WC.Profile.invalid",
    pathLabel: (i) => i18n.localize(fieldKey(i.path.replace(/^(profile|override)\./, ""))),
    save: async (form) => {
      const next = profileFromForm(form, variant.profileFields, view.profile);
      const { overrides, cleared } = overridesFromForm(form, view, next);
      variant.validateProfile("check", { ...view.read, ...overrides }, "profile");
      await writeProfile(actor, activeVariantId(), overrides, cleared);
    },
  });
}

function hostSystemLabel(): string {
  return hostSystem().label;
}
