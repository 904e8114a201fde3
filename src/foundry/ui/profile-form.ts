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
import type { AttackGrab, GrabOverride } from "../../systems/index.ts";
import { NOT_ON_SHEETS, grabDiceText, parseGrabDice } from "../../systems/index.ts";
import type { AttackMarks } from "../documents/grabs.ts";
import { attackMarksOf, canonicalMarks, sameMarks, writeGrabMarks } from "../documents/grabs.ts";

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

// ---- attacks that grab (issue 31) -------------------------------------------------------

/** One attack's row in the form's grab section. */
export interface GrabRowView {
  readonly key: string;
  /** The attack's name (plain text; the template escapes it). */
  readonly name: string;
  /** Where its mark stands: the sheet's, the GM's, a proposal waiting, a proposal dismissed, or none. */
  readonly kind: "sheet" | "gm" | "proposal" | "dismissed" | "none";
  readonly label: string;
  /** Why, for the badge's tooltip (made plain: a tooltip is read as HTML). */
  readonly reason: string;
  /** For a proposal not yet decided: the question put to the GM. */
  readonly question: string;
  readonly grabs: boolean;
  /** The figures, in words, for a reader who cannot change them. */
  readonly summary: string;
  readonly choices: ReadonlyArray<{ value: string; label: string; selected: boolean }>;
  readonly escape: number | "";
  readonly damage: string;
}

/** The figures a row starts with: the mark in force, else the proposal's. */
function figuresOf(a: AttackGrab): { escape?: number; damagePerRound?: { count: number; sides: number; bonus: number } } {
  const m = a.grab ?? a.proposal;
  return { ...(m?.escape !== undefined ? { escape: m.escape } : {}), ...(m?.damagePerRound ? { damagePerRound: m.damagePerRound } : {}) };
}

function reasonText(a: AttackGrab): string {
  const r = a.grab?.reason ?? a.proposal?.reason;
  return r ? plainText(i18n.format(r.key, localizeParams(r.params ?? {}, i18n) as Record<string, string>)) : "";
}

function summaryOf(a: AttackGrab): string {
  if (!a.grab) return "";
  const parts = [
    ...(a.grab.escape !== undefined ? [i18n.format("WC.Grab.form.summaryEscape", { escape: a.grab.escape })] : []),
    ...(a.grab.damagePerRound ? [i18n.format("WC.Grab.form.summaryDamage", { dice: grabDiceText(a.grab.damagePerRound) })] : []),
  ];
  return parts.join(" · ");
}

/** The grab section's rows: each attack with its mark, where it came from, and (for the GM) the choice. */
export function grabRows(marks: AttackMarks): GrabRowView[] {
  return marks.attacks.map((a) => {
    const sheet = marks.read.find((r) => r.key === a.key) ?? a;
    const o = marks.marks[a.key];
    const proposalOnly = !sheet.grab && sheet.proposal !== null;
    const kind: GrabRowView["kind"] = o !== undefined ? (o === false && proposalOnly ? "dismissed" : a.source === "override" ? "gm" : a.grab ? "sheet" : "none") : a.grab ? "sheet" : proposalOnly ? "proposal" : "none";
    const choice = o === undefined ? "sheet" : o === false ? "none" : "grab";
    const sheetLabel = sheet.grab ? "WC.Grab.form.choice.sheetGrabs" : proposalOnly ? "WC.Grab.form.choice.undecided" : "WC.Grab.form.choice.sheetNot";
    const choices = [
      { value: "sheet", label: i18n.localize(sheetLabel) },
      { value: "grab", label: i18n.localize(proposalOnly ? "WC.Grab.form.choice.confirm" : "WC.Grab.form.choice.grab") },
      { value: "none", label: i18n.localize(proposalOnly ? "WC.Grab.form.choice.dismiss" : "WC.Grab.form.choice.none") },
    ].map((c) => ({ ...c, selected: c.value === choice }));
    const f = figuresOf(a.grab ? a : sheet);
    return {
      key: a.key,
      name: a.name,
      kind,
      label: i18n.localize(`WC.Grab.form.badge.${kind}`),
      reason: kind === "gm" || kind === "dismissed" ? plainText(i18n.format("WC.Grab.setByGm", { name: a.name })) : reasonText(a.grab ? a : sheet),
      // A proposal from the words, or the sheet's own mark on a creature a player owns.
      question: kind === "proposal" ? i18n.localize(sheet.proposal?.reason.key === "WC.Grab.proposedWords" ? "WC.Grab.form.question" : "WC.Grab.form.questionOwned") : "",
      grabs: a.grab !== null,
      summary: summaryOf(a),
      choices,
      escape: f.escape ?? "",
      damage: f.damagePerRound ? grabDiceText(f.damagePerRound) : "",
    };
  });
}

const sameFigures = (a: { escape?: number | null; damagePerRound?: unknown }, b: { escape?: number | null; damagePerRound?: unknown }) =>
  (a.escape ?? null) === (b.escape ?? null) && canonicalMarks(a.damagePerRound ?? null) === canonicalMarks(b.damagePerRound ?? null);

/**
 * The GM's marks after the form, attack by attack: "sheet" follows the sheet (unless the figures of
 * the sheet's own mark were changed: then they are the GM's), "grab" marks it (true while the
 * figures are the sheet's or the proposal's, else the figures typed), "none" clears it (kept only
 * where there is a mark or a proposal to clear). Figures that are not figures are named; nothing
 * is returned for them.
 */
export function grabMarksFromForm(form: HTMLFormElement, marks: AttackMarks): { marks: Record<string, GrabOverride>; errors: string[] } {
  const out: Record<string, GrabOverride> = {};
  const errors: string[] = [];
  for (const sheet of marks.read) {
    const field = (n: string) => form.elements.namedItem(`wc-grab.${sheet.key}.${n}`);
    const choiceEl = field("mark");
    if (!(choiceEl instanceof HTMLSelectElement)) continue;
    const choice = choiceEl.value;
    const escEl = field("escape");
    const dmgEl = field("damage");
    const escRaw = escEl instanceof HTMLInputElement ? escEl.value.trim() : "";
    const dmgRaw = dmgEl instanceof HTMLInputElement ? dmgEl.value.trim() : "";
    let escape: number | undefined;
    let damagePerRound: ReturnType<typeof parseGrabDice>;
    if (escRaw !== "") {
      const n = Number(escRaw);
      if (!Number.isInteger(n) || n < 1 || n > 40) errors.push(i18n.format("WC.Grab.form.badEscape", { name: plainText(sheet.name), value: plainText(escRaw.slice(0, 20)) }));
      else escape = n;
    }
    if (dmgRaw !== "") {
      damagePerRound = parseGrabDice(dmgRaw);
      if (!damagePerRound) errors.push(i18n.format("WC.Grab.form.badDamage", { name: plainText(sheet.name), value: plainText(dmgRaw.slice(0, 20)) }));
    }
    const typed = { ...(escape !== undefined ? { escape } : {}), ...(damagePerRound ? { damagePerRound } : {}) };
    const basis = figuresOf(sheet);
    if (choice === "none") {
      if (sheet.grab || sheet.proposal) out[sheet.key] = false;
    } else if (choice === "grab") {
      out[sheet.key] = sameFigures(typed, basis) && (sheet.grab || sheet.proposal) ? true : typed;
    } else if (sheet.grab && !sameFigures(typed, basis)) {
      out[sheet.key] = typed;
    }
  }
  return { marks: out, errors };
}

export async function openProfileForm(actor: Actor.Implementation): Promise<void> {
  // Only a creature's owner (or a GM) may change its profile.
  if (!actor.isOwner) return notify("warn", "WC.Refuse.notOwner", { name: actor.name ?? "" });
  const variant = activeVariant();
  const token = (actor as unknown as { token?: TokenDocument.Implementation | null }).token ?? null;
  const view = readProfile(actor, variant, token);
  const gm = game.user?.isGM === true;
  const marks = attackMarksOf(actor);
  const content = await foundry.applications.handlebars.renderTemplate(TEMPLATES.profile, {
    hint: i18n.format("WC.Profile.hint", { variant: i18n.localize(`WC.Variant.${variant.id}`) }),
    systemHint: view.stored ? i18n.format("WC.Profile.systemHint", { system: hostSystemLabel() }) : "",
    fields: sourcedFieldViews(view, variant.profileFields),
    grabs: marks.read.length > 0
      ? {
          gm,
          title: i18n.localize("WC.Grab.form.title"),
          hint: i18n.localize(gm ? "WC.Grab.form.hint" : "WC.Grab.form.hintPlayer"),
          // Only the GM hears that marks were set aside (a player's own, on their creature).
          warning: !gm ? "" : marks.state === "setAside" ? i18n.localize("WC.Grab.form.setAside") : marks.state === "bad" ? i18n.format("WC.Grab.form.bad", { problem: plainText((marks.problem ?? "").slice(0, 80)) }) : "",
          escapeLabel: i18n.localize("WC.Grab.form.escape"),
          escapeHint: i18n.localize("WC.Grab.form.escapeHint"),
          damageLabel: i18n.localize("WC.Grab.form.damage"),
          damageHint: i18n.localize("WC.Grab.form.damageHint"),
          markLabel: i18n.localize("WC.Grab.form.mark"),
          rows: grabRows(marks),
        }
      : null,
  });
  await openSaveDialog({
    title: i18n.format("WC.Profile.title", { name: actor.name ?? "" }),
    content,
    invalidKey: "WC.Profile.invalid",
    pathLabel: (i) => i18n.localize(fieldKey(i.path.replace(/^(profile|override)\./, ""))),
    save: async (form) => {
      // The grab marks are read first: figures that are not figures stop the whole save.
      const grabs = gm && marks.read.length > 0 ? grabMarksFromForm(form, marks) : null;
      if (grabs && grabs.errors.length > 0) return notify("error", "WC.Grab.form.invalid", { details: grabs.errors.join("; ") });
      const next = profileFromForm(form, variant.profileFields, view.profile);
      const { overrides, cleared } = overridesFromForm(form, view, next);
      variant.validateProfile("check", { ...view.read, ...overrides }, "profile");
      await writeProfile(actor, activeVariantId(), overrides, cleared);
      // Written only when they change (or were set aside: the GM's save makes them the GM's again).
      if (grabs && (marks.state === "setAside" || marks.state === "bad" || !sameMarks(grabs.marks, marks.marks))) await writeGrabMarks(actor, grabs.marks);
    },
  });
}

function hostSystemLabel(): string {
  return hostSystem().label;
}
