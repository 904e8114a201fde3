/** The GM's mass charge dialog (d12-holds): the ranks the canvas suggests, to correct, then the charge. */
import { d12 } from "../../rules/index.ts";
import { TEMPLATES } from "../base/constants.ts";
import { i18n, notify } from "../base/i18n.ts";
import { localizeFirst, plainText } from "../base/text.ts";
import type { ChargeUnitView, MassChargeChoice } from "../gm/mass-charge.ts";
import { chargeFromCanvas } from "../gm/mass-charge.ts";
import { runMassCharge } from "../cards/mass-charge-card.ts";
import { activeOptions } from "../world/settings.ts";

/** The GM's dialog: selected tokens charge the targeted ones. */
export async function openMassCharge(): Promise<ChatMessage.Implementation | null> {
  if (!game.user.isGM) {
    notify("warn", "WC.Refuse.notGM");
    return null;
  }
  const chargers = (canvas?.tokens?.controlled ?? []).map((t) => t.document as TokenDocument.Implementation);
  const targets = [...game.user.targets].map((t) => t.document as TokenDocument.Implementation);
  if (chargers.length === 0 || targets.length === 0) {
    notify("warn", "WC.MassCharge.pick");
    return null;
  }
  const options = activeOptions() as d12.D12Options;
  const { attackers, defenders } = chargeFromCanvas(chargers, targets, options);
  const rows = (units: ChargeUnitView[]) => units.map((u) => ({ id: u.unit.id, name: u.token.name ?? "", sizeLabel: localizeFirst(i18n, [`WC.Choice.${u.unit.size}`, `WC.Size.${u.unit.size}`]), rank: u.unit.rank, isVL: d12.chargeSize(u.unit) === "VL" }));
  const anyVL = [...attackers, ...defenders].some((u) => d12.chargeSize(u.unit) === "VL");
  // One table for both sides, so their columns line up: the chargers, then the line they charge.
  const content = await foundry.applications.handlebars.renderTemplate(TEMPLATES.massChargeDialog, {
    sides: [
      { key: "chargers", title: i18n.localize("WC.MassCharge.chargers"), units: rows(attackers), canBeKilled: true },
      { key: "holders", title: i18n.localize("WC.MassCharge.holders"), units: rows(defenders), canBeKilled: false },
    ],
    anyVL,
    columns: anyVL ? 5 : 4,
    obstacles: (["none", "double", "forbid"] as const).map((o) => ({ value: o, label: i18n.localize(`WC.MassCharge.obstacle.${o}`) })),
    labels: { name: i18n.localize("WC.MassCharge.name"), size: i18n.localize("WC.MassCharge.size"), rank: i18n.localize("WC.MassCharge.rank"), killed: i18n.localize("WC.MassCharge.killed"), vlPoints: i18n.localize("WC.MassCharge.vlPoints"), obstacle: i18n.localize("WC.MassCharge.obstacleLabel"), hint: i18n.localize("WC.MassCharge.hint") },
  });
  const choice: unknown = await foundry.applications.api.DialogV2.wait({
    window: { title: i18n.localize("WC.Action.massCharge") },
    content,
    buttons: [
      { action: "roll", label: plainText(i18n.localize("WC.Dialog.roll")), default: true, callback: (_e: unknown, button: HTMLButtonElement) => (button.form ? readChoice(button.form, [...attackers, ...defenders]) : null) },
      { action: "cancel", label: plainText(i18n.localize("WC.Dialog.cancel")) },
    ],
  } as never);
  if (!choice || typeof choice !== "object") return null;
  return runMassCharge(attackers, defenders, choice as MassChargeChoice);
}

export function readChoice(form: HTMLFormElement, units: readonly ChargeUnitView[]): MassChargeChoice {
  const ranks: Record<string, number> = {};
  const killed: string[] = [];
  const vlPoints: Record<string, number> = {};
  for (const u of units) {
    const rank = form.elements.namedItem(`rank.${u.unit.id}`);
    if (rank instanceof HTMLInputElement && Number.isInteger(Number(rank.value)) && Number(rank.value) >= 1) ranks[u.unit.id] = Number(rank.value);
    const dead = form.elements.namedItem(`killed.${u.unit.id}`);
    if (dead instanceof HTMLInputElement && dead.checked) killed.push(u.unit.id);
    const vl = form.elements.namedItem(`vl.${u.unit.id}`);
    if (vl instanceof HTMLInputElement && vl.value !== "" && Number(vl.value) >= 6) vlPoints[u.unit.id] = Math.trunc(Number(vl.value));
  }
  const o = form.elements.namedItem("obstacle");
  const obstacle = o instanceof HTMLSelectElement && (o.value === "double" || o.value === "forbid") ? o.value : "none";
  return { ranks, killed, obstacle, vlPoints };
}
