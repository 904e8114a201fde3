/**
 * The end of a combat round, run once by the active GM's client: gather the fight, let the
 * active variant resolve everything due, post one summary card and apply it in batched writes.
 *
 * Exactly once: the card's id comes from the combat and the round, and it is made before
 * anything is applied, so a second GM tab cannot run the same round; the combat remembers the
 * last round processed, so going back and forward again does nothing; each actor's update
 * carries the card's mark, so a run cut short by a reload is finished, not repeated; and a
 * combat deleted meanwhile stops the run.
 */
import type { Consequences, FreeAttackRecord, HoldRecord, RoundContext, RoundResolution, Timer } from "../../rules/index.ts";
import type { UndoRecord } from "./apply.ts";
import { among, carryOut, planConsequences, undoAsWritten, undoFor } from "./apply.ts";
import { readLedger } from "../documents/actors.ts";
import type { Side } from "../documents/cast.ts";
import { castMembers, participant, tokenByUuid } from "../documents/cast.ts";
import { MODULE_ID, TEMPLATES } from "../base/constants.ts";
import { withFoundryDice } from "../base/dice.ts";
import { holdsAround } from "../documents/holds.ts";
import { i18n, notify } from "../base/i18n.ts";
import { stableId } from "../base/ids.ts";
import { formatLine, roundCardView } from "../cards/views.ts";
import { outOfMelee } from "../map/melee.ts";
import { activeOptions, activeVariant, activeVariantId, automation } from "../world/settings.ts";
import { gmWork } from "./queue.ts";
import { undoCard } from "../cards/undo.ts";
import type { VariantId } from "../base/types.ts";

export interface StoredRoundCard {
  readonly version: 1;
  readonly kind: "roundEnd";
  readonly variant: VariantId;
  readonly combatId: string;
  readonly round: number;
  readonly resolution: Omit<RoundResolution, "result"> & { readonly result: unknown };
  readonly names: Readonly<Record<string, string>>;
  readonly outOfMelee: readonly string[];
  readonly state: "applying" | "applied" | "pending" | "manual" | "cancelled" | "undoing" | "undone";
}

export interface CombatState {
  readonly processedRound?: number;
  readonly timers?: Timer[];
  /** Overbear attempts declared, by round, then held creature, then holders. */
  readonly overbear?: Record<string, Record<string, string[]>>;
  /** Free attack routines taken, by round (002: one per opponent per round); only the latest round is kept. */
  readonly freeAttacks?: Record<string, FreeAttackRecord[]>;
}

/** The free attack routines already taken in this round of the combat. */
export function freeAttacksIn(combat: Combat.Implementation, round: number): FreeAttackRecord[] {
  return stateOf(combat).freeAttacks?.[String(round)] ?? [];
}

export function roundCardId(combatId: string, round: number): string {
  return stableId(`round|${combatId}|${round}`);
}

/**
 * Who a round card's result reaches when it is applied later (the GM's Apply, or finished after a
 * reload): the combat's creatures now, and those the card names that have left the fight but are
 * still on the scene. A creature whose token is gone is left out.
 */
function sidesForCard(combat: Combat.Implementation, card: StoredRoundCard): Side[] {
  const sides = sidesOf(combat);
  for (const uuid of Object.keys(card.names)) {
    const token = tokenByUuid(uuid);
    if (token?.actor && !sides.some((s) => s.id === token.uuid)) sides.push({ token, actor: token.actor, id: token.uuid, name: token.name ?? "" });
  }
  return sides;
}

function sidesOf(combat: Combat.Implementation): Side[] {
  const out: Side[] = [];
  for (const c of combat.combatants) {
    const token = c.token as TokenDocument.Implementation | null;
    const actor = token?.actor as Actor.Implementation | null | undefined;
    if (token && actor) out.push({ token, actor, id: token.uuid, name: token.name ?? actor.name ?? "" });
  }
  return out;
}

function stateOf(combat: Combat.Implementation): CombatState {
  return ((combat.flags as Record<string, unknown>)[MODULE_ID] as CombatState | undefined) ?? {};
}

export function roundContext(combat: Combat.Implementation, round: number, sides: readonly Side[]): { ctx: RoundContext; holds: HoldRecord[] } {
  const variant = activeVariant();
  const holds = holdsAround(sides.map((s) => s.actor), activeVariantId()).filter((h) => sides.some((s) => s.id === h.heldId) && sides.some((s) => s.id === h.holderId));
  const ledgers: Record<string, NonNullable<ReturnType<typeof readLedger>>> = {};
  for (const s of sides) {
    const l = readLedger(s.actor);
    if (l) ledgers[s.id] = l;
  }
  const scene = sides[0]?.token.parent;
  const grid = (scene as unknown as { grid?: { size?: number } } | null)?.grid?.size ?? 100;
  const placed = (t: TokenDocument.Implementation) => ({ uuid: t.uuid, x: t.x ?? 0, y: t.y ?? 0, width: t.width ?? 1, height: t.height ?? 1, disposition: t.disposition ?? 0 });
  const all = scene ? [...scene.tokens].map((t) => placed(t as TokenDocument.Implementation)) : [];
  const declared = stateOf(combat).overbear?.[String(round)] ?? {};
  return {
    holds,
    ctx: {
      round,
      participants: sides.map((s) => participant(s, variant)),
      holds,
      ledgers,
      outOfMelee: outOfMelee(sides.map((s) => placed(s.token)), all, holds, grid),
      overbear: Object.entries(declared).map(([defenderId, holderIds]) => ({ defenderId, holderIds })),
      // A clock started in a later round than this one (the GM went back a round since) counts
      // as started in this one.
      timers: (stateOf(combat).timers ?? []).filter((t) => sides.some((s) => s.id === t.id)).map((t) => (t.appliedRound !== undefined && t.appliedRound > round ? { ...t, appliedRound: round } : t)),
    },
  };
}

/**
 * Writes the module's notes on a combat. A combat deleted meanwhile (the GM ended the fight as the
 * round closed) needs none: its update is left out, and the rest of the work goes on.
 */
async function updateCombat(combat: Combat.Implementation, update: Record<string, unknown>): Promise<void> {
  if (!game.combats.has(combat.id ?? "")) return;
  try {
    await combat.update(update as never);
  } catch (e) {
    if (game.combats.has(combat.id ?? "")) throw e;
  }
}

/** One line of a round card as text: participants' ids read as their names. */
export function roundLineText(card: StoredRoundCard, line: RoundResolution["lines"][number]): string {
  return formatLine(line.key, line.params, card.names, i18n);
}

/** The card of the last round this combat has processed, if it is still in the log. */
export function lastRoundCard(combat: Combat.Implementation): StoredRoundCard | undefined {
  const round = stateOf(combat).processedRound;
  if (!round) return undefined;
  return game.messages.get(roundCardId(combat.id ?? "", round))?.getFlag(MODULE_ID, "roundCard");
}

export function combatTimers(combat: Combat.Implementation): readonly Timer[] {
  return stateOf(combat).timers ?? [];
}

export async function renderRoundCard(card: StoredRoundCard): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(TEMPLATES.round, roundCardView(card, i18n));
}

function planFor(card: StoredRoundCard, sides: readonly Side[], holds: readonly HoldRecord[]) {
  // A creature that has left the fight since the card was made (a GM applying it later, or one
  // finished after a reload) is left out of what it does.
  const consequences = among(card.resolution.consequences, new Set(sides.map((s) => s.id)));
  return planConsequences(consequences, castMembers(...sides), holds, card.variant, roundCardId(card.combatId, card.round), card.resolution.holdsUpdated, card.combatId);
}

/**
 * Applies a round card's result and moves the combat on; also finishes one cut short. The undo
 * record was stored with the card (or is stored now, for a card the GM applies by hand).
 */
async function applyRound(combat: Combat.Implementation, message: ChatMessage.Implementation, card: StoredRoundCard, sides: readonly Side[], holds: readonly HoldRecord[]): Promise<StoredRoundCard> {
  const plan = planFor(card, sides, holds);
  // A card the GM applies by hand says "applying", with its undo record, before anything is
  // written: should this tab close mid-write, the next GM tab finishes it (resumeRoundEnds).
  if (message.getFlag(MODULE_ID, "roundCard")?.state !== "applying" || message.getFlag(MODULE_ID, "undo") === undefined) {
    await message.update({ content: await renderRoundCard(card), [`flags.${MODULE_ID}.roundCard`]: card, [`flags.${MODULE_ID}.undo`]: message.getFlag(MODULE_ID, "undo") ?? undoFor(plan) } as never);
  }
  const outcome = await carryOut(plan, () => game.combats.has(card.combatId));
  const next: StoredRoundCard = { ...card, state: outcome === "done" ? "applied" : "cancelled" };
  if (outcome === "done") {
    const overbear = { ...(stateOf(combat).overbear ?? {}) };
    delete overbear[String(card.round)];
    await updateCombat(combat, { [`flags.${MODULE_ID}`]: { processedRound: card.round, timers: card.resolution.timers, overbear } });
  }
  const written = outcome === "done" ? undoAsWritten(message.getFlag(MODULE_ID, "undo") ?? []) : null;
  await message.update({ content: await renderRoundCard(next), [`flags.${MODULE_ID}.roundCard`]: next, ...(written ? { [`flags.${MODULE_ID}.undo`]: written } : {}) } as never);
  return next;
}

/** Runs the end of `round` for `combat`. Only the active GM's client calls this. */
export async function processRoundEnd(combat: Combat.Implementation, round: number): Promise<StoredRoundCard | null> {
  if (round < 1 || (stateOf(combat).processedRound ?? 0) >= round) return null;
  const cardId = roundCardId(combat.id ?? "", round);
  if (game.messages.get(cardId)) return null;
  const sides = sidesOf(combat);
  const { ctx, holds } = roundContext(combat, round, sides);
  const variant = activeVariant();
  const { value: resolution, rolls } = await withFoundryDice((dice) => variant.roundEnd(ctx, activeOptions(), dice));
  const level = automation();
  const card: StoredRoundCard = {
    version: 1,
    kind: "roundEnd",
    variant: activeVariantId(),
    combatId: combat.id ?? "",
    round,
    resolution,
    names: Object.fromEntries(sides.map((s) => [s.id, s.name])),
    outOfMelee: ctx.outOfMelee,
    state: level === "automatic" ? "applying" : level === "confirm" ? "pending" : "manual",
  };
  // The undo record goes in with the card, taken before anything changes.
  const undo: UndoRecord[] = card.state === "applying" ? undoFor(planFor(card, sides, holds)) : [];
  let message: ChatMessage.Implementation | undefined;
  try {
    message = await ChatMessage.create(
      { _id: cardId, content: await renderRoundCard(card), rolls, flags: { [MODULE_ID]: { roundCard: card, ...(card.state === "applying" ? { undo } : {}) } } } as never,
      { keepId: true },
    );
  } catch {
    message = undefined;
  }
  // Another GM tab made this round's card first.
  if (!message) return null;
  if (card.state !== "applying") {
    await updateCombat(combat, { [`flags.${MODULE_ID}.processedRound`]: round });
    return card;
  }
  return applyRound(combat, message, card, sides, holds);
}

/**
 * The end of a round no GM's tab heard of (the round went on while no GM was connected, or the
 * tab missed the message): when a GM's tab starts, the last round of each combat is processed if
 * it was not. Only the last: what an earlier one would have done cannot be known now.
 */
export async function catchUpRounds(): Promise<void> {
  for (const combat of game.combats) {
    const round = combat.round ?? 0;
    if (combat.started && round >= 2) await processRoundEnd(combat, round - 1);
  }
}

/** A round card a closed tab left half-applied, finished (cancelled if its combat is gone). Must run as the GM's work. */
export async function resumeRoundEnd(message: ChatMessage.Implementation): Promise<void> {
  const card = message.getFlag(MODULE_ID, "roundCard");
  if (!card || card.state !== "applying" || !game.messages.get(message.id ?? "")) return;
  const combat = game.combats.get(card.combatId);
  if (!combat) {
    const next = { ...card, state: "cancelled" as const };
    await message.update({ content: await renderRoundCard(next), [`flags.${MODULE_ID}.roundCard`]: next } as never);
    return;
  }
  const sides = sidesForCard(combat, card);
  await applyRound(combat, message, card, sides, holdsAround(sides.map((s) => s.actor), card.variant));
}

/** After a reload: finish any round card left half-applied. */
export async function resumeRoundEnds(): Promise<void> {
  for (const message of game.messages.filter((m) => m.getFlag(MODULE_ID, "roundCard")?.state === "applying")) await resumeRoundEnd(message);
}

/**
 * Keeps on the combat what the next round end needs from an action: declared overbear attempts
 * (d12-holds) and the clocks of conditions the action started (a stun of so many segments).
 */
export async function rememberForRoundEnd(combat: Combat.Implementation, round: number, c: Consequences): Promise<void> {
  const declarations = c.declarations ?? [];
  const timed = c.conditions.filter((x) => x.active && (x.rounds !== undefined || x.segments !== undefined));
  const spent = c.freeAttacks ?? [];
  if (declarations.length === 0 && timed.length === 0 && spent.length === 0) return;
  const state = stateOf(combat);
  const update: Record<string, unknown> = {};
  if (spent.length > 0) {
    // Each routine once, should this run again for a card being finished.
    const taken = [...(state.freeAttacks?.[String(round)] ?? [])];
    for (const f of spent) if (!taken.some((x) => x.byId === f.byId && x.againstId === f.againstId)) taken.push(f);
    update[`flags.${MODULE_ID}.freeAttacks`] = { [String(round)]: taken };
  }
  if (declarations.length > 0) {
    const all = { ...(state.overbear ?? {}) };
    const mine = { ...(all[String(round)] ?? {}) };
    for (const d of declarations) mine[d.targetId] = [...new Set([...(mine[d.targetId] ?? []), d.holderId])];
    all[String(round)] = mine;
    update[`flags.${MODULE_ID}.overbear`] = all;
  }
  if (timed.length > 0) {
    const timers = (state.timers ?? []).filter((t) => !timed.some((x) => x.targetId === t.id && x.condition === t.condition));
    for (const x of timed) timers.push({ id: x.targetId, condition: x.condition, remaining: x.segments ?? x.rounds ?? 1, unit: x.segments !== undefined ? "segments" : "rounds", appliedRound: round });
    update[`flags.${MODULE_ID}.timers`] = timers;
  }
  await updateCombat(combat, update);
}

/** The GM's buttons on a round card: apply a pending one, undo an applied one. */
export async function handleRoundCardAction(message: ChatMessage.Implementation, action: "apply" | "undo"): Promise<boolean> {
  if (!game.user.isGM) {
    notify("warn", "WC.Refuse.notGM");
    return false;
  }
  const done = await gmWork(() => roundCardAction(message, action));
  if (!done) notify("info", "WC.Refuse.alreadyDone");
  return done;
}

async function roundCardAction(message: ChatMessage.Implementation, action: "apply" | "undo"): Promise<boolean> {
  const card = message.getFlag(MODULE_ID, "roundCard");
  if (!card) return false;
  const combat = game.combats.get(card.combatId);
  if (action === "apply" && card.state === "pending" && combat) {
    const sides = sidesForCard(combat, card);
    await applyRound(combat, message, { ...card, state: "applying" }, sides, holdsAround(sides.map((s) => s.actor), card.variant));
    return true;
  }
  if (action === "undo" && card.state === "applied") return undoCard(message);
  return false;
}
