/**
 * The mass charge card (d12-holds): one card for the whole charge, who charged in which rank, who
 * was killed on the way, who held and who went down; written through the pipeline like a result.
 */
import type { d12 } from "../../rules/index.ts";
import { TEMPLATES } from "../base/constants.ts";
import { i18n, notify } from "../base/i18n.ts";
import { requestId, stableId } from "../base/ids.ts";
import type { StoredMassCharge } from "../base/types.ts";
import type { ChargeUnitView, MassChargeChoice } from "../gm/mass-charge.ts";
import { chargePlan, resolveCharge } from "../gm/mass-charge.ts";
import { gmWork } from "../gm/queue.ts";
import { activeVariant, automation } from "../world/settings.ts";
import type { WritingKind } from "./pipeline.ts";
import { post } from "./pipeline.ts";
import { gmButtons } from "./views.ts";
import { chatModeNow } from "../world/compat.ts";
import { dressDice } from "./dice-so-nice.ts";
import { cardVisibility } from "./visibility.ts";

export function renderMassCharge(card: StoredMassCharge): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(TEMPLATES.massCharge, massChargeView(card));
}

export const MASS_CHARGE_KIND: WritingKind<StoredMassCharge> = {
  flag: "massCharge",
  render: renderMassCharge,
  writesNow: (card) => ({ plan: chargePlan(card) }),
};

/** Rolls the charge and the saves, posts the card and applies who went down. GM only, as the GM's work. */
export async function runMassCharge(attackers: readonly ChargeUnitView[], defenders: readonly ChargeUnitView[], choice: MassChargeChoice): Promise<ChatMessage.Implementation | null> {
  if (!game.user.isGM) {
    notify("warn", "WC.Refuse.notGM");
    return null;
  }
  if (activeVariant().id !== "d12-holds") {
    notify("warn", "WC.Refuse.noSuchAction", { action: i18n.localize("WC.Action.massCharge") });
    return null;
  }
  return gmWork(async () => {
    const id = requestId();
    const resolved = await resolveCharge(attackers, defenders, choice, id);
    // 000: no mass charge across such an obstacle. A refusal is a notice, not a card.
    if (!resolved) {
      notify("warn", "WC.Refuse.byRules", { action: i18n.localize("WC.Action.massCharge"), reason: "WC.Result.impossible" });
      return null;
    }
    // Dice in the order rolled, the GM's appearance (a charge's dice are both sides'); the GM's chat mode.
    const dice = dressDice(resolved.rolls, resolved.purposes, () => null);
    const out = await post({ kind: MASS_CHARGE_KIND, id: stableId(`massCharge|${id}`), stored: resolved.card, level: automation(), plan: resolved.plan, rolls: dice.rolls, undoable: true, visibility: cardVisibility(chatModeNow(), game.user, resolved.actors) });
    return out.kind === "posted" ? out.message : null;
  });
}

/** Units of one side grouped by rank, killed chargers apart. */
function ranks(p: d12.SidePoints, names: Readonly<Record<string, string>>): Array<{ rank: string; units: string }> {
  const by = new Map<number, { points: number; units: string[] }>();
  for (const u of p.units.filter((x) => x.counted)) {
    const r = by.get(u.rank) ?? { points: 0, units: [] };
    r.points += u.points;
    r.units.push(`${names[u.id] ?? "?"} (${u.size})`);
    by.set(u.rank, r);
  }
  return [...by.entries()].sort((a, b) => a[0] - b[0]).map(([rank, r]) => ({ rank: i18n.format("WC.MassCharge.rankN", { n: rank, points: r.points }), units: r.units.join(", ") }));
}

export function massChargeView(card: StoredMassCharge): Record<string, unknown> {
  const r = card.result;
  const names = card.names;
  const killed = r.attackers.units.filter((u) => !u.counted).map((u) => names[u.id] ?? "?");
  return {
    title: i18n.localize("WC.Action.massCharge"),
    headline: i18n.localize(`WC.Result.${r.kind}`),
    tone: r.kind === "succeeded" ? "done" : "none",
    chance: i18n.format("WC.MassCharge.chance", { chance: r.chance, roll: r.die.face }),
    breakdown: i18n.format("WC.MassCharge.breakdown", { front: r.attackers.front, rear: r.attackers.rear, attackers: r.attackers.total, defenders: r.defenderTotal, obstacle: i18n.localize(`WC.MassCharge.obstacle.${r.obstacle}`) }),
    chargers: ranks(r.attackers, names),
    holders: ranks(r.defenders, names),
    killed: killed.join(", "),
    saves: r.kind === "succeeded" ? r.saves.map((x) => i18n.format(`WC.MassCharge.${x.result}`, { name: names[x.id] ?? "?", roll: x.die.face, strength: x.strength })) : [],
    advance: r.kind === "succeeded" ? i18n.format("WC.MassCharge.advance", { advance: r.mayAdvance, stay: r.mustStay }) : "",
    labels: { chargers: i18n.localize("WC.MassCharge.chargers"), holders: i18n.localize("WC.MassCharge.holders"), killed: i18n.localize("WC.MassCharge.killedLabel") },
    state: card.state,
    stateLabel: i18n.localize(`WC.Card.state.${card.state}`),
    buttons: gmButtons(card.state, i18n),
  };
}

