/**
 * The dialog before the roll: who against whom, what the module found on its own, boxes for
 * situational modifiers, and the odds as a picture (the headline chance, a stacked bar, every
 * outcome), drawn again as boxes change.
 */
import type { ActionContext, Declared, Dice, OddsOutcome, RulesVariant, SheetFigure, Situational } from "../../rules/index.ts";
import { isRefusalOdds } from "../../rules/index.ts";
import { resolveCast, sharedRound } from "../documents/cast.ts";
import type { Values } from "../documents/figures.ts";
import { changedKeys, initialDeclared, sheetFiguresOf } from "../documents/figures.ts";
import { TEMPLATES } from "../base/constants.ts";
import { i18n } from "../base/i18n.ts";
import { traceOf } from "../cards/views.ts";
import type { I18n } from "../base/text.ts";
import { formatLine, has, localizeParams } from "../base/text.ts";
import { numbersHidden } from "../cards/viewer.ts";
import type { OddsPicture } from "./odds-view.ts";
import { oddsPicture } from "./odds-view.ts";
import { circleOf, contextFor, refusalOfAny } from "../gm/resolve.ts";
import { fieldKey } from "./profile-form.ts";
import { activeOptions, activeVariant, oddsAudience } from "../world/settings.ts";
import type { Intent } from "../base/types.ts";

/** The boxes the acting player ticks: not the defender's own answers (asked on the card). */
export function attackerBoxes(list: readonly Situational[]): Situational[] {
  return list.filter((s) => s.by !== "defender");
}

export { initialDeclared };

/**
 * The figures the acting creature's sheet gives for the boxes that ask for them: the d20 roll
 * needed to hit (THAC0 less the target's AC) and the dice of its own attack. None that would show
 * a player the GM's creature's numbers.
 */
export function sheetFigures(intent: Omit<Intent, "declared">): Partial<Record<SheetFigure, number>> {
  try {
    const { attacker, defender } = resolveCast(intent.attackerUuid, intent.defenderUuid);
    if (numbersHidden([intent.attackerUuid])) return {};
    return sheetFiguresOf(attacker, numbersHidden([intent.defenderUuid]) ? null : defender);
  } catch {
    // A creature gone since it was targeted leaves the boxes at their own starts.
    return {};
  }
}

/** The boxes as the user filled them in: each value as typed, and a message for each number out of its range. */
export interface FormReading {
  readonly declared: Values;
  readonly errors: Readonly<Record<string, string>>;
}

/** Reads the dialog's inputs back, typed by the situational list; a number out of range is reported, never changed. */
export function readForm(form: HTMLFormElement, list: readonly Situational[]): FormReading {
  const declared: Values = {};
  const errors: Record<string, string> = {};
  for (const s of list) {
    const el = form.elements.namedItem(s.key);
    if (s.kind === "flag") declared[s.key] = el instanceof HTMLInputElement && el.checked;
    else if (s.kind === "number") {
      const raw = el instanceof HTMLInputElement ? el.value.trim().replace("\u2212", "-") : "";
      const n = raw === "" ? NaN : Number(raw);
      if (Number.isInteger(n) && n >= s.min && n <= s.max) declared[s.key] = n;
      else errors[s.key] = i18n.format("WC.Dialog.outOfRange", { min: minusSign(s.min), max: minusSign(s.max) });
    } else declared[s.key] = el instanceof HTMLSelectElement && s.choices.includes(el.value) ? el.value : s.initial;
  }
  return { declared, errors };
}

/** The declared values alone (a number out of range is left out: the rules then take their own start). */
export function readDeclared(form: HTMLFormElement, list: readonly Situational[]): Values {
  return readForm(form, list).declared;
}

export function canSeeOdds(): boolean {
  return game.user.isGM || oddsAudience() === "everyone";
}

/** The exact odds for an intent, or a refusal text when they cannot be worked out. */
export function oddsFor(intent: Intent): OddsOutcome[] {
  const variant = activeVariant();
  const { attacker, defender } = resolveCast(intent.attackerUuid, intent.defenderUuid);
  return variant.odds(contextFor(intent, attacker, defender, variant), activeOptions());
}

/** A whole number as the reader writes it, with a true minus sign. */
function minusSign(n: number): string {
  return n < 0 ? `\u2212${-n}` : String(n);
}

/**
 * Texts of modifiers that come from a die rolled in the action (a percentile Variable): in the
 * dialog, before anything is rolled, they name the die ("d6 + 6") where WC.Dialog.die has a text
 * for their modifier, and their trial value is not shown.
 */
function dieDescribing(base: I18n): { i18n: I18n; dieLabels: Set<string> } {
  const dieLabels = new Set<string>();
  const wrapped: I18n = {
    localize: (key) => base.localize(key),
    format: (key, data) => {
      const [, room, name] = key.split(".");
      const dieKey = `WC.Dialog.die.${name ?? ""}`;
      if (room !== "Mod" || !has(base, dieKey)) return base.format(key, data);
      const text = base.format(dieKey, data);
      dieLabels.add(text);
      return text;
    },
    has: (key) => has(base, key),
  };
  return { i18n: wrapped, dieLabels };
}

/**
 * The modifiers the rules apply without being told (sizes, speed, armor, conditions, holds), as
 * "roll: +2 reason, −1 reason" lines: those of trial resolutions, which change nothing; a
 * modifier that is itself a die is named by its die. Numbers from the GM's creatures are left out
 * for players (unless the GM allows them); a roll that had some says so.
 */
export function foundOnItsOwn(ctx: ActionContext, pair: { attacker: string; defender: string }, hidden: (secret: readonly string[]) => boolean): Array<{ label: string; mods: string; withheld: boolean }> {
  try {
    const described = dieDescribing(i18n);
    // Every die at its highest face, then at its lowest: between them every roll the action can
    // make is reached (a d20 to hit succeeds high, a percentile chance low).
    const rolls = [];
    for (const face of [(sides: number) => sides, () => 1]) {
      const dice: Dice = { roll: face };
      rolls.push(...traceOf(activeVariant().resolve(ctx, activeOptions(), dice).result, described.i18n, pair).rolls);
    }
    const out: Array<{ label: string; mods: string; withheld: boolean }> = [];
    const labels = new Set<string>();
    for (const r of rolls) {
      if (labels.has(r.label)) continue;
      labels.add(r.label);
      const all = [...r.modifiers, ...r.terms];
      if (all.length === 0) continue;
      const shown = all.filter((m) => !hidden(m.secret.split(" ").filter(Boolean)));
      const parts = shown.map((m) => (described.dieLabels.has(m.label) ? m.label : `${m.value} ${m.label}`));
      if (shown.length < all.length) parts.push(i18n.localize("WC.Card.hidden"));
      out.push({ label: r.label, mods: parts.join(", "), withheld: shown.length < all.length });
    }
    return out;
  } catch {
    return [];
  }
}

/** What was not read from a creature's sheet: ordinary values throughout, or each value filled in and why. */
export function profileNotes(p: ActionContext["attacker"], name: string): string[] {
  const side = p as ActionContext["attacker"] & { stored?: boolean; filled?: ReadonlyArray<{ field: string; reason: { key: string; params?: Readonly<Record<string, string | number>> } }> };
  if (side.stored === false) return [i18n.format("WC.Dialog.defaultProfile", { name })];
  return (side.filled ?? []).map((f) => i18n.format("WC.Dialog.filledIn", { name, field: i18n.localize(fieldKey(f.field)), reason: i18n.format(f.reason.key, localizeParams(f.reason.params ?? {}, i18n)) }));
}

/** The user's language for numbers (Foundry's game.i18n.lang), English when it has none. */
function userLang(): string {
  const lang = (game.i18n as { lang?: unknown }).lang;
  return typeof lang === "string" && lang.length > 0 ? lang : "en";
}

/** What the rules answer for these boxes: the odds, or the reason the action cannot be made. */
function oddsOrRefusal(variant: RulesVariant, ctx: ActionContext, names: Readonly<Record<string, string>>): { odds: OddsOutcome[] | null; refused: string } {
  try {
    const odds = variant.odds(ctx, activeOptions());
    const only = odds[0];
    if (only && isRefusalOdds(odds)) return { odds: null, refused: formatLine(only.key, { attacker: ctx.attacker.id, defender: ctx.defender.id, ...only.params }, names, i18n) };
    return { odds, refused: "" };
  } catch (e) {
    // What the rules could not use (a hold gone, a creature the GM must fix) is told, not swallowed.
    const r = refusalOfAny(e);
    return { odds: null, refused: i18n.format(r.key, localizeParams(r.params, i18n)) };
  }
}

export interface DialogState {
  readonly html: string;
  /** The rules refuse the action with these boxes (or cannot work it out): no Roll. */
  readonly refused: boolean;
}

/**
 * The dialog's content for the boxes as filled in. A refused action shows its reason in place of
 * the odds; `refusedOnly` (the action is refused as the dialog opens) shows nothing else, no boxes.
 * A box out of range shows its error and the odds wait for it.
 */
export async function dialogState(intent: Omit<Intent, "declared">, declared: Declared, errors: Readonly<Record<string, string>> = {}, refusedOnly = false): Promise<DialogState> {
  const variant = activeVariant();
  const { attacker, defender } = resolveCast(intent.attackerUuid, intent.defenderUuid);
  const list = attackerBoxes(variant.situational(intent.action));
  const circle = circleOf({ ...intent, declared }, attacker, defender);
  const ctx = contextFor({ ...intent, declared }, attacker, defender, variant, circle);
  const names: Record<string, string> = { ...Object.fromEntries(circle.others.map((o) => [o.id, o.name])), [attacker.id]: attacker.name, [defender.id]: defender.name };
  const hasErrors = Object.keys(errors).length > 0;
  const answer = hasErrors ? { odds: null, refused: "" } : oddsOrRefusal(variant, ctx, names);
  const refused = answer.refused !== "";
  const bare = refused && refusedOnly;
  const notes: string[] = [];
  if (!bare) {
    const npcHidden = numbersHidden([intent.defenderUuid]);
    notes.push(...profileNotes(ctx.attacker, attacker.name), ...(npcHidden ? [] : profileNotes(ctx.defender, defender.name)));
    for (const h of ctx.holds) notes.push(i18n.format("WC.Dialog.holdInPlace", { part: i18n.localize(h.label) }));
    if (variant.projectTables(intent.action, activeOptions()).length > 0) notes.push(i18n.localize("WC.Source.projectDefault"));
  }
  const pair = { attacker: intent.attackerUuid, defender: intent.defenderUuid };
  const found = bare || refused || hasErrors ? [] : foundOnItsOwn(ctx, pair, numbersHidden);
  // Odds worked out from the GM's creature's hidden numbers are shown rounded to players.
  const picture: OddsPicture | null = canSeeOdds() && answer.odds ? oddsPicture(answer.odds, intent.action, i18n, numbersHidden([intent.attackerUuid, intent.defenderUuid]), names, userLang(), { attacker: attacker.id, defender: defender.id }) : null;
  const html = await foundry.applications.handlebars.renderTemplate(TEMPLATES.dialog, {
    attacker: attacker.name,
    defender: defender.name,
    notes,
    found,
    foundLegend: i18n.localize("WC.Dialog.found"),
    situationalLegend: i18n.localize("WC.Dialog.situational"),
    oddsLegend: i18n.localize("WC.Dialog.odds"),
    refused: answer.refused,
    fixFields: hasErrors ? i18n.localize("WC.Dialog.fixFields") : "",
    showOdds: picture !== null,
    odds: picture,
    situational: bare
      ? []
      : list.map((s) => ({
          key: s.key,
          label: i18n.localize(s.label),
          isFlag: s.kind === "flag",
          isNumber: s.kind === "number",
          isChoice: s.kind === "choice",
          checked: declared[s.key] === true,
          value: declared[s.key] ?? (s.kind === "number" ? Math.min(s.max, Math.max(s.min, s.initial ?? 0)) : ""),
          min: s.kind === "number" ? s.min : 0,
          max: s.kind === "number" ? s.max : 0,
          error: errors[s.key] ?? "",
          choices: s.kind === "choice" ? s.choices.map((c) => ({ value: c, label: i18n.localize(`WC.Choice.${c}`), selected: declared[s.key] === c })) : [],
        })),
  });
  return { html, refused };
}

/** Whether the action only declares something for the round end here (in a fight both are in): it rolls nothing. */
export function declares(intent: Omit<Intent, "declared">): boolean {
  if (!(activeVariant().declarations ?? []).includes(intent.action)) return false;
  try {
    const { attacker, defender } = resolveCast(intent.attackerUuid, intent.defenderUuid);
    return sharedRound(attacker, defender).inCombat;
  } catch {
    return false;
  }
}

/** The dialog's content as it opens with these values (a refused action: its reason alone). */
export async function dialogContent(intent: Omit<Intent, "declared">, declared: Declared): Promise<string> {
  return (await dialogState(intent, declared, {}, true)).html;
}

/** The dialog as it opens: its boxes' first values, its content, and its buttons' labels (a refused action has only Close). */
export async function dialogOpening(intent: Omit<Intent, "declared">): Promise<{ declared: Values; html: string; refused: boolean; buttons: string[] }> {
  const list = attackerBoxes(activeVariant().situational(intent.action));
  const declared = initialDeclared(list, sheetFigures(intent));
  const first = await dialogState(intent, declared, {}, true);
  const buttons = first.refused ? [i18n.localize("WC.Dialog.close")] : [i18n.localize(declares(intent) ? "WC.Dialog.declare" : "WC.Dialog.roll"), i18n.localize("WC.Dialog.cancel")];
  return { declared, html: first.html, refused: first.refused, buttons };
}

/**
 * Opens the dialog; resolves to the declared modifiers and the boxes the user changed from their
 * start (`typed`: the GM confirms only figures a player typed in), or null when the user backs out.
 */
export async function askDeclared(intent: Omit<Intent, "declared">): Promise<{ declared: Declared; typed: string[] } | null> {
  const list = attackerBoxes(activeVariant().situational(intent.action));
  const first = await dialogOpening(intent);
  const declared = first.declared;
  const title = i18n.localize(`WC.Action.${intent.action}`);
  if (first.refused) {
    // Refused as it stands: the reason alone, and nothing to roll.
    await foundry.applications.api.DialogV2.wait({ window: { title }, content: first.html, buttons: [{ action: "close", label: first.buttons[0] ?? "", default: true }] } as never);
    return null;
  }
  const result: unknown = await foundry.applications.api.DialogV2.wait({
    window: { title },
    content: first.html,
    buttons: [
      {
        action: "roll",
        label: first.buttons[0] ?? "",
        default: true,
        // A box out of range is never changed into a value the user did not type: no roll then.
        callback: (_event: unknown, button: HTMLButtonElement) => {
          if (!button.form) return declared;
          const read = readForm(button.form, list);
          return Object.keys(read.errors).length > 0 ? null : read.declared;
        },
      },
      { action: "cancel", label: i18n.localize("WC.Dialog.cancel") },
    ],
    render: (_event: unknown, dialog: { element: HTMLElement }) => {
      const form = dialog.element.querySelector("form");
      if (!form) return;
      const roll = dialog.element.querySelector<HTMLButtonElement>('button[data-action="roll"]');
      // The picture (or the refusal, or the fields' errors) is drawn again as boxes change; only it is replaced.
      const refresh = async () => {
        const box = form.querySelector(".wc-odds-picture");
        if (!box) return;
        const read = readForm(form, list);
        const next = await dialogState(intent, read.declared, read.errors);
        const t = document.createElement("template");
        t.innerHTML = next.html;
        const picture = t.content.querySelector(".wc-odds-picture");
        if (picture) box.replaceWith(picture);
        for (const s of list) {
          if (s.kind !== "number") continue;
          const input = form.querySelector<HTMLInputElement>(`input[name="${s.key}"]`);
          const note = form.querySelector<HTMLElement>(`[data-error-for="${s.key}"]`);
          const error = read.errors[s.key] ?? "";
          input?.setAttribute("aria-invalid", error ? "true" : "false");
          if (note) {
            note.textContent = error;
            note.hidden = error === "";
          }
        }
        if (roll) roll.disabled = next.refused || Object.keys(read.errors).length > 0;
      };
      form.addEventListener("input", () => void refresh());
      form.addEventListener("change", () => void refresh());
    },
  } as never);
  if (!result || typeof result !== "object") return null;
  return { declared: result as Declared, typed: changedKeys(declared, result as Values) };
}
