/**
 * The dialog before the roll: who against whom, what the module found on its own, boxes for
 * situational modifiers, and the odds as a picture (the headline chance, a stacked bar, every
 * outcome), drawn again as boxes change.
 */
import type { ActionContext, Declared, Dice, OddsOutcome, Situational } from "../../rules/index.ts";
import { resolveCast } from "../documents/cast.ts";
import { TEMPLATES } from "../base/constants.ts";
import { i18n } from "../base/i18n.ts";
import { traceOf } from "../cards/views.ts";
import { localizeParams } from "../base/text.ts";
import { numbersHidden } from "../cards/viewer.ts";
import type { OddsPicture } from "./odds-view.ts";
import { oddsPicture } from "./odds-view.ts";
import { contextFor } from "../gm/resolve.ts";
import { fieldKey } from "./profile-form.ts";
import { activeOptions, activeVariant, oddsAudience } from "../world/settings.ts";
import type { Intent } from "../base/types.ts";

/** The boxes the acting player ticks: not the defender's own answers (asked on the card). */
export function attackerBoxes(list: readonly Situational[]): Situational[] {
  return list.filter((s) => s.by !== "defender");
}

export function initialDeclared(list: readonly Situational[]): Record<string, boolean | number | string> {
  const out: Record<string, boolean | number | string> = {};
  for (const s of list) out[s.key] = s.kind === "flag" ? false : s.kind === "number" ? 0 : s.initial;
  return out;
}

/** Reads the dialog's inputs back into declared values, typed by the situational list. */
export function readDeclared(form: HTMLFormElement, list: readonly Situational[]): Record<string, boolean | number | string> {
  const out: Record<string, boolean | number | string> = {};
  for (const s of list) {
    const el = form.elements.namedItem(s.key);
    if (s.kind === "flag") out[s.key] = el instanceof HTMLInputElement && el.checked;
    else if (s.kind === "number") {
      const n = el instanceof HTMLInputElement ? Math.trunc(Number(el.value)) : 0;
      out[s.key] = Number.isFinite(n) ? Math.min(s.max, Math.max(s.min, n)) : 0;
    } else out[s.key] = el instanceof HTMLSelectElement && s.choices.includes(el.value) ? el.value : s.initial;
  }
  return out;
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

/**
 * The modifiers the rules apply without being told (sizes, speed, armor, conditions, holds), as
 * "roll: +2 reason, -1 reason" lines: those of trial resolutions, which change nothing. Numbers from the GM's creatures are left out for players (unless
 * the GM allows them); a roll that had some says so.
 */
export function foundOnItsOwn(ctx: ActionContext, pair: { attacker: string; defender: string }, hidden: (secret: readonly string[]) => boolean): Array<{ label: string; mods: string; withheld: boolean }> {
  try {
    // Every die at its highest face, then at its lowest: between them every roll the action can
    // make is reached (a d20 to hit succeeds high, a percentile chance low).
    const rolls = [];
    for (const face of [(sides: number) => sides, () => 1]) {
      const dice: Dice = { roll: face };
      rolls.push(...traceOf(activeVariant().resolve(ctx, activeOptions(), dice).result, i18n, pair).rolls);
    }
    const out: Array<{ label: string; mods: string; withheld: boolean }> = [];
    const labels = new Set<string>();
    for (const r of rolls) {
      if (labels.has(r.label)) continue;
      labels.add(r.label);
      const all = [...r.modifiers, ...r.terms];
      if (all.length === 0) continue;
      const shown = all.filter((m) => !hidden(m.secret.split(" ").filter(Boolean)));
      const parts = shown.map((m) => `${m.value} ${m.label}`);
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

export async function dialogContent(intent: Omit<Intent, "declared">, declared: Declared): Promise<string> {
  const variant = activeVariant();
  const { attacker, defender } = resolveCast(intent.attackerUuid, intent.defenderUuid);
  const list = attackerBoxes(variant.situational(intent.action));
  const ctx = contextFor({ ...intent, declared }, attacker, defender, variant);
  const notes: string[] = [];
  const npcHidden = numbersHidden([intent.defenderUuid]);
  notes.push(...profileNotes(ctx.attacker, attacker.name), ...(npcHidden ? [] : profileNotes(ctx.defender, defender.name)));
  for (const h of ctx.holds) notes.push(i18n.format("WC.Dialog.holdInPlace", { part: i18n.localize(h.label) }));
  if (variant.projectTables(intent.action, activeOptions()).length > 0) notes.push(i18n.localize("WC.Source.projectDefault"));
  const pair = { attacker: intent.attackerUuid, defender: intent.defenderUuid };
  const found = foundOnItsOwn(ctx, pair, numbersHidden);
  const showOdds = canSeeOdds();
  let picture: OddsPicture | null = null;
  if (showOdds) {
    try {
      // Odds worked out from the GM's creature's hidden numbers are shown rounded to players.
      picture = oddsPicture(variant.odds(ctx, activeOptions()), intent.action, i18n, numbersHidden([intent.attackerUuid, intent.defenderUuid]));
    } catch {
      picture = null;
    }
  }
  return foundry.applications.handlebars.renderTemplate(TEMPLATES.dialog, {
    attacker: attacker.name,
    defender: defender.name,
    notes,
    found,
    foundLegend: i18n.localize("WC.Dialog.found"),
    situationalLegend: i18n.localize("WC.Dialog.situational"),
    oddsLegend: i18n.localize("WC.Dialog.odds"),
    showOdds: picture !== null,
    odds: picture,
    situational: list.map((s) => ({
      key: s.key,
      label: i18n.localize(s.label),
      isFlag: s.kind === "flag",
      isNumber: s.kind === "number",
      isChoice: s.kind === "choice",
      checked: declared[s.key] === true,
      value: declared[s.key] ?? 0,
      min: s.kind === "number" ? s.min : 0,
      max: s.kind === "number" ? s.max : 0,
      choices: s.kind === "choice" ? s.choices.map((c) => ({ value: c, label: i18n.localize(`WC.Choice.${c}`), selected: declared[s.key] === c })) : [],
    })),
  });
}

/** Opens the dialog; resolves to the declared modifiers, or null when the user backs out. */
export async function askDeclared(intent: Omit<Intent, "declared">): Promise<Declared | null> {
  const list = attackerBoxes(activeVariant().situational(intent.action));
  const declared = initialDeclared(list);
  const content = await dialogContent(intent, declared);
  const result: unknown = await foundry.applications.api.DialogV2.wait({
    window: { title: i18n.localize(`WC.Action.${intent.action}`) },
    content,
    buttons: [
      {
        action: "roll",
        label: i18n.localize("WC.Dialog.roll"),
        default: true,
        callback: (_event: unknown, button: HTMLButtonElement) => (button.form ? readDeclared(button.form, list) : declared),
      },
      { action: "cancel", label: i18n.localize("WC.Dialog.cancel") },
    ],
    render: (_event: unknown, dialog: { element: HTMLElement }) => {
      const form = dialog.element.querySelector("form");
      if (!form || !canSeeOdds()) return;
      // The picture is drawn again from the template as boxes change; only it is replaced.
      const refresh = async () => {
        const box = form.querySelector(".wc-odds-picture");
        if (!box) return;
        const html = await dialogContent(intent, readDeclared(form, list));
        const t = document.createElement("template");
        t.innerHTML = html;
        const next = t.content.querySelector(".wc-odds-picture");
        if (next) box.replaceWith(next);
      };
      form.addEventListener("input", () => void refresh());
      form.addEventListener("change", () => void refresh());
    },
  } as never);
  return result && typeof result === "object" ? (result as Declared) : null;
}
