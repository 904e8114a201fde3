/**
 * Carrying out a move the pre-move check took over. The GM is asked what becomes of the holds
 * (or the GM's setting answers); a player picks among the rules' choices (drag along, let go, a
 * roll first). Then, on the GM's client (the only one that may write every creature), the move
 * is checked again from the documents, any roll is made with Foundry dice, holds that end are
 * ended and posted on a card, and the whole group goes in one token request, each brought token
 * beside the mover on the side it stood. A player's move that needs the GM is a request card,
 * as its actions are; one that touches only the player's own tokens is made on its own client.
 */
import type { Consequences, HoldRecord, MoveChoice } from "../../rules/index.ts";
import { noConsequences } from "../../rules/index.ts";
import { carryOut, planConsequences } from "./apply.ts";
import type { Side } from "../documents/cast.ts";
import { castMembers, participant, Refusal, tokenByUuid } from "../documents/cast.ts";
import { gmWork } from "./queue.ts";
import { MODULE_ID, TEMPLATES } from "../base/constants.ts";
import { withFoundryDice } from "../base/dice.ts";
import { i18n, notify } from "../base/i18n.ts";
import { requestId as newRequestId, stableId } from "../base/ids.ts";
import { besideAfterMove } from "../map/geometry.ts";
import type { Destination, Situation } from "../map/check.ts";
import { aloftOf, draggedThisRound, forgetOurs, markOurs, moveFeet, namesOf, refusalText, situationOf, spotOf, text, tooFar, tooFarText } from "../map/check.ts";
import { activeOptions, activeVariant, activeVariantId, gmMovePolicy } from "../world/settings.ts";
import { closeRequestCard } from "../cards/requests.ts";
import type { GmMovePolicy } from "../world/settings.ts";
import type { CardLine } from "../base/types.ts";

/** What was chosen: one of the rules' choices (by kind, and hold for a roll), or the GM's own call. */
export type MovePick = { readonly kind: "drag" | "letGo" | "roll"; readonly holdId?: string } | { readonly kind: Exclude<GmMovePolicy, "ask"> };

export interface MoveJob {
  readonly requestId: string;
  readonly moverUuid: string;
  /** Where the mover stood when the move was asked for; a request for a token moved since is stale. */
  readonly from: { readonly x: number; readonly y: number };
  readonly to: Destination;
  readonly pick: MovePick;
  /** The path's length in grid units as the mover's client measured it. */
  readonly distance: number | null;
}

export type MoveOutcome = { readonly kind: "done" } | { readonly kind: "sent" } | { readonly kind: "cancelled" } | { readonly kind: "duplicate" } | { readonly kind: "refused"; readonly key: string; readonly params: Record<string, string | number> };

/** A card about the map (holds ended by a move, a move's roll, a fall), rendered from its data. */
export interface StoredMapCard {
  readonly version: 1;
  readonly title: CardLine;
  readonly lines: readonly CardLine[];
  /** Names by creature id, for the lines' parameters. */
  readonly names: Readonly<Record<string, string>>;
}

export interface StoredMoveRequest {
  readonly state: "pending" | "refused";
  readonly job: MoveJob;
  readonly outcome?: { readonly key: string; readonly params: Record<string, string | number> };
}

const GM_PICKS = ["bringAlong", "endHolds", "moveAlone"] as const;
const RULE_PICKS = ["drag", "letGo", "roll"] as const;

function isGmPick(p: MovePick): p is { kind: Exclude<GmMovePolicy, "ask"> } {
  return (GM_PICKS as readonly string[]).includes(p.kind);
}

export function mapCardId(requestId: string): string {
  return stableId(`map|${requestId}`);
}

export async function renderMapCard(card: StoredMapCard): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(TEMPLATES.map, {
    title: text(card.title.key, card.title.params, card.names),
    lines: card.lines.map((l) => text(l.key, l.params, card.names)),
  });
}

/** Posts a map card with a stable id; false when it exists already (the same request carried out twice). */
export async function postMapCard(id: string, card: StoredMapCard, rolls: readonly Roll[] = [], speaker?: TokenDocument.Implementation): Promise<boolean> {
  if (game.messages.get(id)) return false;
  try {
    const made = await ChatMessage.create(
      { _id: id, content: await renderMapCard(card), rolls: [...rolls], ...(speaker ? { speaker: ChatMessage.getSpeaker({ token: speaker }) } : {}), flags: { [MODULE_ID]: { mapCard: card } } } as never,
      { keepId: true },
    );
    return made !== undefined;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Moving the group.

/** A token's update for a new elevation: one that comes down to the ground it left is no longer aloft. */
function landing(token: TokenDocument.Implementation, elevation: number): Record<string, unknown> {
  const a = aloftOf(token);
  return a && elevation <= a.ground ? { [`flags.${MODULE_ID}.aloft`]: null } : {};
}

/**
 * The mover and those it brings, in one request: each brought token stands beside the mover's new
 * place on the side it stood, and rises or sinks with it.
 */
export async function moveGroup(s: Situation, to: Destination, brings: readonly Side[], requestId: string, dragged: { combat: string; round: number; feet: number } | null): Promise<void> {
  const token = s.mover.token;
  const scene = token.parent as Scene.Implementation | null;
  if (!scene) return;
  const from = spotOf(token);
  const dest = { ...from, x: to.x, y: to.y };
  const dz = to.elevation - (token.elevation ?? 0);
  const updates: Array<Record<string, unknown>> = [{ _id: token.id, x: to.x, y: to.y, elevation: to.elevation, ...landing(token, to.elevation), ...(dragged ? { [`flags.${MODULE_ID}.dragged`]: dragged } : {}) }];
  for (const b of brings) {
    const p = besideAfterMove(from, dest, spotOf(b.token), s.grid);
    const z = (b.token.elevation ?? 0) + dz;
    updates.push({ _id: b.token.id, x: p.x, y: p.y, elevation: z, ...landing(b.token, z) });
  }
  markOurs(updates);
  try {
    await scene.updateEmbeddedDocuments("Token", updates as never, { [MODULE_ID]: { move: requestId } } as never);
  } finally {
    forgetOurs(updates.map((u) => String(u._id)));
  }
}

// ---------------------------------------------------------------------------------------------
// Carrying a move out (the GM's client, or a player's for its own tokens alone).

interface Plan {
  readonly brings: readonly string[];
  readonly ends: readonly string[];
  readonly roll?: MoveChoice["roll"];
  /** Moving with others in tow counts against this round's pace. */
  readonly paced: boolean;
}

function asGiven(message: string): Refusal {
  return new Refusal("WC.Move.asGiven", { text: message });
}

function planOf(job: MoveJob, s: Situation, requester: User.Implementation, feet: number): Plan {
  const mine = (h: HoldRecord) => h.holderId === s.mover.id || h.heldId === s.mover.id;
  if (isGmPick(job.pick)) {
    if (!requester.isGM) throw new Refusal("WC.Refuse.notGM");
    if (job.pick.kind === "bringAlong") return { brings: s.others.map((o) => o.id), ends: [], paced: false };
    if (job.pick.kind === "endHolds") return { brings: [], ends: s.holds.filter(mine).map((h) => h.id), paced: false };
    return { brings: [], ends: [], paced: false };
  }
  const a = s.answer;
  if (a.kind === "free") return { brings: [], ends: [], paced: false };
  if (a.kind === "cannot") throw asGiven(refusalText(s, a));
  const pick = job.pick;
  const c = a.choices.find((x) => x.kind === pick.kind && (x.roll === undefined || x.roll.holdId === pick.holdId));
  if (!c) throw new Refusal("WC.Refuse.stale");
  const used = draggedThisRound(s.mover.token, s.combat);
  if (tooFar(c, feet, used)) throw asGiven(tooFarText(s, c, feet, used));
  return { brings: c.brings, ends: c.ends, ...(c.roll ? { roll: c.roll } : {}), paced: c.brings.length > 0 };
}

function refused(e: unknown): MoveOutcome {
  if (e instanceof Refusal) return { kind: "refused", key: e.key, params: e.params };
  throw e;
}

/** Carries out a move for `requester`, checked again against the documents as they are now. */
export async function runMove(job: MoveJob, requester: User.Implementation): Promise<MoveOutcome> {
  try {
    const token = tokenByUuid(job.moverUuid);
    if (!token) throw new Refusal("WC.Refuse.tokenGone");
    const actor = token.actor as Actor.Implementation | null;
    if (!actor) throw new Refusal("WC.Refuse.noActor", { name: token.name ?? "" });
    if (!requester.isGM && !actor.testUserPermission(requester, "OWNER")) throw new Refusal("WC.Refuse.notOwner", { name: token.name ?? "" });
    if (Math.abs((token.x ?? 0) - job.from.x) >= 1 || Math.abs((token.y ?? 0) - job.from.y) >= 1) throw new Refusal("WC.Refuse.stale");
    const s = situationOf(token);
    if (!s) throw new Refusal("WC.Refuse.noActor", { name: token.name ?? "" });
    const feet = moveFeet(spotOf(token), job.to, job.distance, s.grid);
    const plan = planOf(job, s, requester, feet);
    const names = namesOf(s);
    const lines: CardLine[] = [];
    const c: Consequences = noConsequences();
    c.holdsRemoved.push(...plan.ends);
    let rolls: Roll[] = [];
    let moved = true;
    let brings = plan.brings;
    const variant = activeVariant();
    if (plan.roll) {
      if (!game.user.isGM) throw new Refusal("WC.Refuse.notGM");
      if (!variant.moveRoll) throw new Refusal("WC.Refuse.stale");
      const roll = plan.roll;
      const ctx = { mover: participant(s.mover, variant), others: s.others.map((o) => participant(o, variant)), holds: s.holds, inCombat: s.combat !== undefined, holdId: roll.holdId, round: s.combat?.round ?? 0 };
      const r = await withFoundryDice((dice) => variant.moveRoll?.(ctx, activeOptions(), dice));
      if (!r.value) throw new Refusal("WC.Refuse.stale");
      rolls = r.rolls;
      moved = r.value.moved;
      brings = r.value.brings;
      c.holdsRemoved.push(...r.value.consequences.holdsRemoved);
      c.conditions.push(...r.value.consequences.conditions);
      lines.push(r.value.headline);
    }
    for (const id of plan.ends) {
      const h = s.holds.find((x) => x.id === id);
      if (h) lines.push({ key: isGmPick(job.pick) ? "WC.Map.gmEnds" : "WC.Map.letsGo", params: { holder: h.holderId, held: h.heldId, hold: h.label } });
    }
    // The writes first, the card last: a tab that closes between them leaves the move request
    // waiting, and the next GM tab carries it out from the world as it then is (the holds' end
    // is marked with the request, so it is not written twice; a token already moved is stale).
    // The card, once there, tells of what was done.
    if (c.holdsRemoved.length + c.conditions.length > 0) {
      const members = castMembers(s.mover, ...s.others);
      await carryOut(planConsequences(c, members, s.holds, activeVariantId(), job.requestId));
    }
    if (moved) {
      const sides = brings.map((id) => s.others.find((o) => o.id === id)).filter((o): o is Side => o !== undefined);
      const combat = s.combat;
      const dragged = plan.paced && combat ? { combat: combat.id ?? "", round: combat.round ?? 0, feet: draggedThisRound(token, combat) + feet } : null;
      await moveGroup(s, job.to, sides, job.requestId, dragged);
    }
    if (lines.length > 0) {
      if (moved && brings.length > 0) lines.push({ key: "WC.Map.bringsAlong", params: { who: s.mover.id, brings: brings.join(",") } });
      const card: StoredMapCard = { version: 1, title: { key: "WC.Map.moveTitle", params: { who: s.mover.id } }, lines, names };
      if (!(await postMapCard(mapCardId(job.requestId), card, rolls, token))) return { kind: "duplicate" };
    }
    return { kind: "done" };
  } catch (e) {
    return refused(e);
  }
}

// ---------------------------------------------------------------------------------------------
// Asking: the GM what becomes of the holds, a player which of the rules' choices it takes.

async function ask(title: string, intro: string, lines: readonly string[], buttons: ReadonlyArray<{ action: string; label: string }>): Promise<string | null> {
  const content = await foundry.applications.handlebars.renderTemplate(TEMPLATES.moveDialog, { intro, lines });
  const result: unknown = await foundry.applications.api.DialogV2.wait({
    window: { title },
    content,
    buttons: [...buttons.map((b, i) => ({ ...b, default: i === 0 })), { action: "cancel", label: i18n.localize("WC.Dialog.cancel") }],
    rejectClose: false,
  } as never);
  return typeof result === "string" && result !== "cancel" ? result : null;
}

function holdLines(s: Situation): string[] {
  const names = namesOf(s);
  return s.holds
    .filter((h) => h.holderId === s.mover.id || h.heldId === s.mover.id)
    .map((h) => text("WC.Map.holdLine", { holder: h.holderId, held: h.heldId, hold: h.label }, names));
}

export async function askGm(s: Situation): Promise<Exclude<GmMovePolicy, "ask"> | null> {
  const names = namesOf(s);
  const others = s.others.map((o) => o.id).join(",");
  const choice = await ask(i18n.format("WC.Map.moveTitle", { who: s.mover.name }), i18n.format("WC.Map.gmAsk", { who: s.mover.name }), holdLines(s), [
    { action: "bringAlong", label: text("WC.Map.gmBringAlong", { others }, names) },
    { action: "endHolds", label: i18n.localize("WC.Map.gmEndHolds") },
    { action: "moveAlone", label: text("WC.Map.gmMoveAlone", { who: s.mover.id }, names) },
  ]);
  return choice === "bringAlong" || choice === "endHolds" || choice === "moveAlone" ? choice : null;
}

function choiceLabel(s: Situation, c: MoveChoice): string {
  const names = namesOf(s);
  const params = { brings: c.brings.join(","), limit: c.limitFeet ?? 0, held: c.roll?.heldId ?? "", ends: [...new Set(c.ends.map((id) => s.holds.find((h) => h.id === id)?.heldId ?? ""))].join(",") };
  if (c.kind === "roll") return text(`WC.Map.choice.${c.roll?.kind ?? "dragRoll"}`, params, names);
  if (c.kind === "letGo") return text(c.brings.length > 0 ? "WC.Map.choice.letGoCarried" : "WC.Map.choice.letGo", params, names);
  return text(c.limitFeet === null ? "WC.Map.choice.dragNoLimit" : "WC.Map.choice.drag", params, names);
}

export async function askPlayer(s: Situation, choices: readonly MoveChoice[]): Promise<MoveChoice | null> {
  const picked = await ask(i18n.format("WC.Map.moveTitle", { who: s.mover.name }), i18n.format("WC.Map.playerAsk", { who: s.mover.name }), holdLines(s), choices.map((c, i) => ({ action: String(i), label: choiceLabel(s, c) })));
  return picked === null ? null : (choices[Number(picked)] ?? null);
}

// ---------------------------------------------------------------------------------------------
// After the check took a move over.

export function report(out: MoveOutcome): void {
  if (out.kind === "refused") notify("warn", out.key, out.params);
}

function jobFor(s: Situation, to: Destination, pick: MovePick, distance: number | null): MoveJob {
  return { requestId: newRequestId(), moverUuid: s.mover.id, from: { x: s.mover.token.x ?? 0, y: s.mover.token.y ?? 0 }, to, pick, distance };
}

/** The GM moved a token in a hold by hand: the holds end, come along, or stay, as asked or set. */
export async function settleGmMove(s: Situation, to: Destination, distance: number | null): Promise<MoveOutcome> {
  const policy = gmMovePolicy();
  const how = policy === "ask" ? await askGm(s) : policy;
  if (!how) return { kind: "cancelled" };
  // As the GM's work, one piece at a time (gm-work.ts): not beside a blow or a round end on the same creatures.
  const out = await gmWork(() => runMove(jobFor(s, to, { kind: how }, distance), game.user));
  report(out);
  return out;
}

/** A player moved a token in a hold: its choice (if it has several), then the move, here or by the GM. */
export async function settlePlayerMove(s: Situation, to: Destination, feet: number, distance: number | null): Promise<MoveOutcome> {
  if (s.answer.kind !== "choices") return { kind: "cancelled" };
  const [first] = s.answer.choices;
  const plain = s.answer.choices.length === 1 && first && first.ends.length === 0 && !first.roll;
  const c = plain ? first : await askPlayer(s, s.answer.choices);
  if (!c) return { kind: "cancelled" };
  const used = draggedThisRound(s.mover.token, s.combat);
  if (tooFar(c, feet, used)) {
    const out: MoveOutcome = { kind: "refused", key: "WC.Move.asGiven", params: { text: tooFarText(s, c, feet, used) } };
    report(out);
    return out;
  }
  const job = jobFor(s, to, { kind: c.kind, ...(c.roll ? { holdId: c.roll.holdId } : {}) }, distance);
  const ownsAll = c.brings.every((id) => s.others.find((o) => o.id === id)?.actor.testUserPermission(game.user, "OWNER") === true);
  const out = c.kind === "drag" && c.ends.length === 0 && ownsAll ? await runMove(job, game.user) : await requestMove(job);
  report(out);
  return out;
}

// ---------------------------------------------------------------------------------------------
// A player's move the GM carries out: a request card, like an action's.

async function renderMoveRequest(r: StoredMoveRequest, authorName: string): Promise<string> {
  const token = tokenByUuid(r.job.moverUuid);
  return foundry.applications.handlebars.renderTemplate(TEMPLATES.request, {
    title: i18n.localize("WC.Map.requestTitle"),
    subtitle: token?.name ?? "?",
    asks: i18n.format("WC.Request.asks", { player: authorName }),
    state: r.state,
    stateLabel: i18n.localize(`WC.Request.state.${r.state}`),
    reason: r.state === "refused" && r.outcome ? i18n.format(r.outcome.key, r.outcome.params) : "",
    cancel: "",
  });
}

export async function requestMove(job: MoveJob): Promise<MoveOutcome> {
  if (!game.users.activeGM) return { kind: "refused", key: "WC.Move.needsGM", params: {} };
  const request: StoredMoveRequest = { state: "pending", job };
  const gmIds = game.users.filter((u) => u.isGM).map((u) => u.id ?? "");
  const mayWhisper = (game.user as unknown as { can?: (p: string) => boolean }).can?.("MESSAGE_WHISPER") !== false;
  try {
    await ChatMessage.create({ content: await renderMoveRequest(request, game.user.name ?? ""), ...(mayWhisper ? { whisper: [...gmIds, game.user.id ?? ""] } : {}), flags: { [MODULE_ID]: { moveRequest: request } } } as never);
  } catch (e) {
    console.error(`${MODULE_ID} | move request refused`, e);
    return { kind: "refused", key: "WC.Refuse.requestFailed", params: {} };
  }
  return { kind: "sent" };
}

function num(v: unknown): v is number {
  return typeof v === "number" && Number.isFinite(v);
}

/** A request's job from the wire, checked for shape (its meaning is checked against the documents). */
export function validateJob(raw: unknown): MoveJob {
  const j = raw as Partial<MoveJob> | null;
  const pick = j?.pick as { kind?: unknown; holdId?: unknown } | undefined;
  const kinds: readonly string[] = [...GM_PICKS, ...RULE_PICKS];
  const ok =
    j !== null &&
    typeof j === "object" &&
    typeof j.requestId === "string" &&
    typeof j.moverUuid === "string" &&
    num(j.from?.x) &&
    num(j.from?.y) &&
    num(j.to?.x) &&
    num(j.to?.y) &&
    num(j.to?.elevation) &&
    typeof pick?.kind === "string" &&
    kinds.includes(pick.kind) &&
    (pick.holdId === undefined || typeof pick.holdId === "string") &&
    (j.distance === null || num(j.distance));
  if (!ok) throw new Refusal("WC.Refuse.malformed");
  return j as MoveJob;
}

const inHand = new Set<string>();

/** The active GM carries out a move request card once, then removes it (or says why not). */
export async function handleMoveRequest(message: ChatMessage.Implementation): Promise<MoveOutcome> {
  const id = message.id ?? "";
  const r = message.getFlag(MODULE_ID, "moveRequest");
  const author = message.author;
  if (!game.user.isGM || !r || r.state !== "pending" || !author || inHand.has(id) || !game.messages.get(id)) return { kind: "duplicate" };
  inHand.add(id);
  try {
    return await gmWork(() => carryOutMoveRequest(message, r, author));
  } finally {
    inHand.delete(id);
  }
}

/** The GM's work for one move request: the move, then the request card closed (or refused). */
async function carryOutMoveRequest(message: ChatMessage.Implementation, r: StoredMoveRequest, author: User.Implementation): Promise<MoveOutcome> {
  // Another of the GM's tabs may have carried it out while this one waited its turn.
  if (!game.messages.get(message.id ?? "") || message.getFlag(MODULE_ID, "moveRequest")?.state !== "pending") return { kind: "duplicate" };
  let out: MoveOutcome;
  try {
    out = await runMove(validateJob(r.job), author);
  } catch (e) {
    out = refused(e);
  }
  const next: StoredMoveRequest = { ...r, state: "refused", ...(out.kind === "refused" ? { outcome: { key: out.key, params: out.params } } : {}) };
  await closeRequestCard(message, out.kind === "refused" ? async () => ({ content: await renderMoveRequest(next, author.name ?? ""), [`flags.${MODULE_ID}.moveRequest`]: next }) : null);
  return out;
}

/** The author hears why the GM would not make the move. */
export function onMoveRequestUpdated(message: ChatMessage.Implementation): void {
  const r = message.getFlag(MODULE_ID, "moveRequest");
  if (r?.state === "refused" && r.outcome && message.author?.isSelf === true) notify("warn", r.outcome.key, r.outcome.params);
}

/** Move requests left waiting (no GM was there): carried out now, each checked as stale or not. */
export async function processPendingMoves(): Promise<void> {
  if (game.users.activeGM?.isSelf !== true) return;
  for (const m of game.messages.filter((x) => x.getFlag(MODULE_ID, "moveRequest")?.state === "pending")) await handleMoveRequest(m);
}
