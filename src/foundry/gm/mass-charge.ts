/**
 * The mass charge of variant d12-holds, from the canvas: chargers are the GM's selected tokens,
 * defenders the targeted ones. Ranks come from where the tokens stand along the charge and the
 * frontage each needs across it; the GM can correct them, tick the chargers the defenders' own
 * attacks killed, and set the obstacle. One card tells the whole story.
 */
import { d12 } from "../../rules/index.ts";
import type { Consequences, Size } from "../../rules/index.ts";
import type { CastMember } from "./apply.ts";
import { carryOut, planConsequences, undoFor } from "./apply.ts";
import { undoCard } from "../cards/undo.ts";
import { gmButtons } from "../cards/views.ts";
import { tokenByUuid } from "../documents/cast.ts";
import { openLedgerEditor } from "../ui/ledger.ts";
import { readProfile } from "../documents/actors.ts";
import { MODULE_ID, TEMPLATES } from "../base/constants.ts";
import { withFoundryDice } from "../base/dice.ts";
import { i18n, notify } from "../base/i18n.ts";
import { requestId, stableId } from "../base/ids.ts";
import { activeOptions, activeVariant, automation } from "../world/settings.ts";
import { gmWork } from "./queue.ts";

export interface ChargeUnitView {
  readonly token: TokenDocument.Implementation;
  readonly unit: d12.MassChargeUnit;
}

interface Point {
  readonly x: number;
  readonly y: number;
}

function centre(t: TokenDocument.Implementation, grid: number): Point {
  return { x: (t.x ?? 0) + ((t.width ?? 1) * grid) / 2, y: (t.y ?? 0) + ((t.height ?? 1) * grid) / 2 };
}

function unitOf(token: TokenDocument.Implementation, id: string, rank: number): d12.MassChargeUnit {
  const p = readProfile(token.actor as Actor.Implementation, d12.d12Variant, token).profile as Partial<d12.D12Combatant>;
  return { id, size: (p.size ?? "M") as Size, rank, ...(p.kind ? { kind: p.kind } : {}), ...(p.strength ? { strength: p.strength } : {}) };
}

/**
 * Both sides with ranks worked out from the canvas. The charge runs from the chargers' centre
 * towards the defenders' centre; the front is as wide as the defenders' line across that
 * direction, plus one square.
 */
export function chargeFromCanvas(chargers: readonly TokenDocument.Implementation[], defenders: readonly TokenDocument.Implementation[], options: d12.D12Options): { attackers: ChargeUnitView[]; defenders: ChargeUnitView[]; frontFeet: number } {
  const scene = (chargers[0] ?? defenders[0])?.parent as unknown as { grid?: { size?: number; distance?: number } } | null;
  const grid = scene?.grid?.size ?? 100;
  const feetPerPixel = (scene?.grid?.distance ?? 5) / grid;
  const mean = (ts: readonly TokenDocument.Implementation[]) => {
    const cs = ts.map((t) => centre(t, grid));
    return { x: cs.reduce((s, c) => s + c.x, 0) / cs.length, y: cs.reduce((s, c) => s + c.y, 0) / cs.length };
  };
  const from = mean(chargers);
  const to = mean(defenders);
  const len = Math.hypot(to.x - from.x, to.y - from.y) || 1;
  const dir = { x: (to.x - from.x) / len, y: (to.y - from.y) / len };
  const along = (t: TokenDocument.Implementation) => {
    const c = centre(t, grid);
    return ((c.x - from.x) * dir.x + (c.y - from.y) * dir.y) * feetPerPixel;
  };
  const across = (t: TokenDocument.Implementation) => {
    const c = centre(t, grid);
    return ((c.x - from.x) * -dir.y + (c.y - from.y) * dir.x) * feetPerPixel;
  };
  const acrossDefenders = defenders.map(across);
  const frontFeet = Math.max(...acrossDefenders) - Math.min(...acrossDefenders) + grid * feetPerPixel;
  const side = (tokens: readonly TokenDocument.Implementation[], which: "attackers" | "defenders"): ChargeUnitView[] => {
    const units = tokens.map((t) => ({ token: t, unit: unitOf(t, t.uuid, 1) }));
    const ranks = d12.ranksFromPositions(
      units.map((u) => ({ id: u.unit.id, size: u.unit.size, chargeSize: d12.chargeSize(u.unit), along: along(u.token) })),
      frontFeet,
      which,
      options,
    );
    return units.map((u) => ({ token: u.token, unit: { ...u.unit, rank: ranks[u.unit.id] ?? 1 } }));
  };
  return { attackers: side(chargers, "attackers"), defenders: side(defenders, "defenders"), frontFeet };
}

export interface MassChargeChoice {
  readonly ranks: Readonly<Record<string, number>>;
  readonly killed: readonly string[];
  readonly obstacle: d12.Obstacle;
  readonly vlPoints?: Readonly<Record<string, number>>;
}

export function chargeInput(attackers: readonly ChargeUnitView[], defenders: readonly ChargeUnitView[], choice: MassChargeChoice): d12.MassChargeInput {
  const apply = (u: ChargeUnitView): d12.MassChargeUnit => ({
    ...u.unit,
    rank: choice.ranks[u.unit.id] ?? u.unit.rank,
    ...(choice.killed.includes(u.unit.id) ? { killed: true } : {}),
    ...(choice.vlPoints?.[u.unit.id] !== undefined ? { vlPoints: choice.vlPoints[u.unit.id] } : {}),
  });
  return { attackers: attackers.map(apply), defenders: defenders.map(apply), obstacle: choice.obstacle };
}

/** Rolls the charge and the saves, posts the card and applies who went down. GM only. */
export async function resolveMassChargeOnCanvas(attackers: readonly ChargeUnitView[], defenders: readonly ChargeUnitView[], choice: MassChargeChoice): Promise<ChatMessage.Implementation | null> {
  if (!game.user.isGM) {
    notify("warn", "WC.Refuse.notGM");
    return null;
  }
  if (activeVariant().id !== "d12-holds") {
    notify("warn", "WC.Refuse.noSuchAction", { action: i18n.localize("WC.Action.massCharge") });
    return null;
  }
  return gmWork(() => massCharge(attackers, defenders, choice));
}

async function massCharge(attackers: readonly ChargeUnitView[], defenders: readonly ChargeUnitView[], choice: MassChargeChoice): Promise<ChatMessage.Implementation | null> {
  const options = activeOptions() as d12.D12Options;
  const input = chargeInput(attackers, defenders, choice);
  const { value: result, rolls } = await withFoundryDice((dice) => d12.resolveMassCharge(input, options, dice));
  // 000: no mass charge across such an obstacle. A refusal is a notice, not a card.
  if (result.kind === "impossible") {
    notify("warn", "WC.Refuse.byRules", { action: i18n.localize("WC.Action.massCharge"), reason: "WC.Result.impossible" });
    return null;
  }
  const consequences = d12.massChargeConsequences(result);
  const units = [...attackers, ...defenders];
  const id = requestId();
  const plan = planConsequences(consequences, castOf(units.map((u) => u.unit.id)), [], "d12-holds", id);
  // "applying" while its writes go out, as a result card is: a tab that closes mid-write leaves
  // it for the next GM tab to finish (finishMassCharges).
  const state = automation() === "automatic" ? "applying" : automation() === "confirm" ? "pending" : "manual";
  const card: StoredMassCharge = { version: 1, requestId: id, result, consequences, names: Object.fromEntries(units.map((u) => [u.unit.id, u.token.name ?? ""])), state };
  const content = await renderMassCharge(card);
  const message = await ChatMessage.create(
    { _id: stableId(`massCharge|${id}`), content, rolls, flags: { [MODULE_ID]: { massCharge: card, undo: state === "applying" ? undoFor(plan) : [] } } } as never,
    { keepId: true },
  );
  if (message && state === "applying") await complete(message, card, plan);
  return message ?? null;
}

/** The charge's writes (safe to run again: carryOut skips what is written), then the card marked applied. */
async function complete(message: ChatMessage.Implementation, card: StoredMassCharge, plan: ReturnType<typeof planConsequences>): Promise<void> {
  await carryOut(plan);
  const next: StoredMassCharge = { ...card, state: "applied" };
  try {
    await message.update({ content: await renderMassCharge(next), [`flags.${MODULE_ID}.massCharge`]: next } as never);
  } catch {
    // The card was deleted meanwhile: who went down stays down.
  }
}

function planOf(card: StoredMassCharge): ReturnType<typeof planConsequences> {
  return planConsequences(card.consequences, castOf(Object.keys(card.names)), [], "d12-holds", card.requestId);
}

/** A mass-charge card a closed tab left "applying", finished; nothing when it is not. Must run as the GM's work. */
export async function finishMassCharge(message: ChatMessage.Implementation): Promise<void> {
  const card = message.getFlag(MODULE_ID, "massCharge");
  if (card?.state === "applying" && game.messages.get(message.id ?? "")) await complete(message, card, planOf(card));
}

/** Every mass-charge card left "applying", finished (a GM's tab starts, or takes over). */
export async function finishMassCharges(): Promise<void> {
  for (const message of game.messages.filter((m) => m.getFlag(MODULE_ID, "massCharge")?.state === "applying")) await finishMassCharge(message);
}

/** A mass charge as its card stores it: the core's result, who is who, and the state. */
export interface StoredMassCharge {
  readonly version: 1;
  readonly requestId: string;
  readonly result: Exclude<d12.MassChargeResult, { kind: "impossible" }>;
  readonly consequences: Consequences;
  /** Names by token uuid (the units' ids). */
  readonly names: Readonly<Record<string, string>>;
  readonly state: "applying" | "applied" | "pending" | "manual" | "undoing" | "undone";
}

/** The creatures of a charge still on the canvas, by their token uuids. */
function castOf(uuids: readonly string[]): CastMember[] {
  return uuids.flatMap((uuid) => {
    const actor = tokenByUuid(uuid)?.actor as Actor.Implementation | null | undefined;
    return actor ? [{ id: uuid, actor }] : [];
  });
}

export function renderMassCharge(card: StoredMassCharge): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(TEMPLATES.massCharge, massChargeView(card));
}

/** The GM's buttons on the mass-charge card: apply a pending one, undo an applied one, adjust damage. */
export async function handleMassChargeAction(message: ChatMessage.Implementation, action: "apply" | "undo" | "ledger"): Promise<void> {
  if (!game.user.isGM) return notify("warn", "WC.Refuse.notGM");
  if (!message.getFlag(MODULE_ID, "massCharge")) return;
  if (action === "ledger") return openLedgerEditor(Object.keys(message.getFlag(MODULE_ID, "massCharge")?.names ?? {}));
  // As the GM's work, one piece at a time: two GM tabs pressing Apply apply it once.
  const done = await gmWork(async () => {
    const card = message.getFlag(MODULE_ID, "massCharge");
    if (action === "apply" && card?.state === "pending") {
      const plan = planOf(card);
      const next: StoredMassCharge = { ...card, state: "applying" };
      await message.update({ content: await renderMassCharge(next), [`flags.${MODULE_ID}.massCharge`]: next, [`flags.${MODULE_ID}.undo`]: undoFor(plan) } as never);
      await complete(message, next, plan);
      return true;
    }
    if (action === "undo" && card?.state === "applied") return undoCard(message);
    return false;
  });
  if (!done) notify("info", "WC.Refuse.alreadyDone");
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
  const rows = (units: ChargeUnitView[]) => units.map((u) => ({ id: u.unit.id, name: u.token.name ?? "", size: u.unit.size, rank: u.unit.rank, isVL: d12.chargeSize(u.unit) === "VL" }));
  const content = await foundry.applications.handlebars.renderTemplate(TEMPLATES.massChargeDialog, {
    attackers: rows(attackers),
    defenders: rows(defenders),
    anyVL: [...attackers, ...defenders].some((u) => d12.chargeSize(u.unit) === "VL"),
    obstacles: (["none", "double", "forbid"] as const).map((o) => ({ value: o, label: i18n.localize(`WC.MassCharge.obstacle.${o}`) })),
    labels: { chargers: i18n.localize("WC.MassCharge.chargers"), holders: i18n.localize("WC.MassCharge.holders"), rank: i18n.localize("WC.MassCharge.rank"), killed: i18n.localize("WC.MassCharge.killed"), vlPoints: i18n.localize("WC.MassCharge.vlPoints"), obstacle: i18n.localize("WC.MassCharge.obstacleLabel"), hint: i18n.localize("WC.MassCharge.hint") },
  });
  const choice: unknown = await foundry.applications.api.DialogV2.wait({
    window: { title: i18n.localize("WC.Action.massCharge") },
    content,
    buttons: [
      { action: "roll", label: i18n.localize("WC.Dialog.roll"), default: true, callback: (_e: unknown, button: HTMLButtonElement) => (button.form ? readChoice(button.form, [...attackers, ...defenders]) : null) },
      { action: "cancel", label: i18n.localize("WC.Dialog.cancel") },
    ],
  } as never);
  if (!choice || typeof choice !== "object") return null;
  return resolveMassChargeOnCanvas(attackers, defenders, choice as MassChargeChoice);
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
