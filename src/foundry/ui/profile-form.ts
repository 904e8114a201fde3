/**
 * The weaponless profile of a creature, for the active variant: a small form built from the
 * variant's field list, saved into the actor's module flags after the core has checked it.
 */
import type { InputIssue, ProfileField } from "../../rules/index.ts";
import { RulesInputError } from "../../rules/index.ts";
import { readProfile, writeProfile } from "../actors.ts";
import { TEMPLATES } from "../constants.ts";
import { i18n, notify } from "../i18n.ts";
import { openSaveDialog } from "./save-dialog.ts";
import { activeVariant, activeVariantId } from "../settings.ts";

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
        return { ...base, value: typeof v === "string" ? v : "", choices: f.choices.map((c) => ({ value: c, label: i18n.localize(`WC.Choice.${c}`), selected: v === c })) };
      case "multi":
        return { ...base, value: "", choices: f.choices.map((c) => ({ value: c, label: i18n.localize(`WC.Choice.${c}`), selected: Array.isArray(v) && v.includes(c) })) };
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

export async function openProfileForm(actor: Actor.Implementation): Promise<void> {
  // Only a creature's owner (or a GM) may change its profile.
  if (!actor.isOwner) return notify("warn", "WC.Refuse.notOwner", { name: actor.name ?? "" });
  const variant = activeVariant();
  const { profile } = readProfile(actor, variant);
  const content = await foundry.applications.handlebars.renderTemplate(TEMPLATES.profile, {
    hint: i18n.format("WC.Profile.hint", { variant: i18n.localize(`WC.Variant.${variant.id}`) }),
    fields: fieldViews(profile, variant.profileFields),
  });
  await openSaveDialog({
    title: i18n.format("WC.Profile.title", { name: actor.name ?? "" }),
    content,
    invalidKey: "WC.Profile.invalid",
    pathLabel: (i) => i18n.localize(fieldKey(i.path.replace(/^profile\./, ""))),
    save: async (form) => {
      const next = profileFromForm(form, variant.profileFields, profile);
      variant.validateProfile("check", next, "profile");
      await writeProfile(actor, activeVariantId(), next);
    },
  });
}
