/**
 * The dialog before the roll: who against whom, what the module found on its own, boxes for
 * situational modifiers, and the exact odds of each outcome, updated as boxes change.
 */
import type { ActionContext, Declared, Dice, OddsOutcome, Situational } from "../../rules/index.ts";
import { resolveCast } from "../cast.ts";
import { MODULE_ID, TEMPLATES } from "../constants.ts";
import { i18n } from "../i18n.ts";
import { localizeParams, traceOf } from "../card-view.ts";
import { contextFor } from "../perform.ts";
import { fieldKey } from "./profile-form.ts";
import { activeOptions, activeVariant, oddsAudience } from "../settings.ts";
import type { Intent } from "../types.ts";

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

export function oddsLines(odds: readonly OddsOutcome[]): Array<{ label: string; pct: string }> {
  return odds.map((o) => ({ label: o.params ? i18n.format(o.key, localizeParams(o.params, i18n)) : i18n.localize(o.key), pct: `${(o.p * 100).toFixed(1)}%` }));
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

/** The modifiers the rules apply without being told, as "roll: +2 reason, -1 reason" lines. */
export function foundOnItsOwn(ctx: ActionContext): string[] {
  try {
    const highest: Dice = { roll: (sides) => sides };
    const { rolls } = traceOf(activeVariant().resolve(ctx, activeOptions(), highest).result, i18n);
    return rolls.filter((r) => r.modifiers.length > 0).map((r) => `${r.label}: ${r.modifiers.map((m) => `${m.value} ${m.label}`).join(", ")}`);
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
  const npcHidden = !game.user.isGM && !game.settings.get(MODULE_ID, "showNpcNumbers") && !game.users.some((u) => !u.isGM && defender.actor.testUserPermission(u, "OWNER"));
  notes.push(...profileNotes(ctx.attacker, attacker.name), ...(npcHidden ? [] : profileNotes(ctx.defender, defender.name)));
  for (const h of ctx.holds) notes.push(i18n.format("WC.Dialog.holdInPlace", { part: i18n.localize(h.label) }));
  // What the module found on its own (sizes, speed, armor, conditions, holds): the modifiers of a
  // trial resolution with every die at its highest face, which changes nothing.
  if (!npcHidden) notes.push(...foundOnItsOwn(ctx));
  if (variant.projectTables(intent.action, activeOptions()).length > 0) notes.push(i18n.localize("WC.Source.projectDefault"));
  const showOdds = canSeeOdds();
  let odds: Array<{ label: string; pct: string }> = [];
  if (showOdds) {
    try {
      odds = oddsLines(variant.odds(ctx, activeOptions()));
    } catch {
      odds = [];
    }
  }
  return foundry.applications.handlebars.renderTemplate(TEMPLATES.dialog, {
    attacker: attacker.name,
    defender: defender.name,
    notes,
    situationalLegend: i18n.localize("WC.Dialog.situational"),
    oddsLegend: i18n.localize("WC.Dialog.odds"),
    showOdds,
    odds,
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
      const box = dialog.element.querySelector(".wc-odds");
      if (!form || !box || !canSeeOdds()) return;
      const refresh = () => {
        try {
          const lines = oddsLines(oddsFor({ ...intent, declared: readDeclared(form, list) }));
          box.replaceChildren(
            ...lines.map((l) => {
              const li = document.createElement("li");
              const pct = document.createElement("span");
              pct.className = "wc-odds__pct";
              pct.textContent = l.pct;
              li.append(pct, ` ${l.label}`);
              return li;
            }),
          );
        } catch {
          box.replaceChildren();
        }
      };
      form.addEventListener("input", refresh);
      form.addEventListener("change", refresh);
    },
  } as never);
  return result && typeof result === "object" ? (result as Declared) : null;
}
