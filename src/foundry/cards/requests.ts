/**
 * Players ask, the GM decides. A player's intent is left as a request card: a chat message
 * whose author the server stamps, so it cannot be forged, and whose creation reaches every
 * client. The active GM's client acts on that creation (no user query, so no permission beyond
 * posting a chat message is needed), re-checks everything from the documents themselves, never
 * from dice or results in the payload, carries it out once, and then removes the request card
 * (or, when refused, rewrites it with the reason, which the author's client shows and removes).
 *
 * The player waits for that removal or rewrite, not for a clock: a long action cannot time out
 * on the player's side. With no GM connected the card stays, says so, and is carried out once
 * when a GM connects, unless its author cancels it first.
 */
import { SHELL_ACTIONS } from "../../rules/index.ts";
import type { ShellAction } from "../../rules/index.ts";
import { Refusal, resolveCast } from "../documents/cast.ts";
import { MODULE_ID, TEMPLATES } from "../base/constants.ts";
import { i18n, notify } from "../base/i18n.ts";
import { requestId } from "../base/ids.ts";
import type { PerformOutcome } from "../gm/perform.ts";
import { applyCard, cardIdFor, perform, performAnswer, refusalOf, strikeIdFor } from "../gm/perform.ts";
import { activeVariant } from "../world/settings.ts";
import type { Intent, StoredRequest } from "../base/types.ts";
import { undoCard } from "./undo.ts";
import { gmWork } from "../gm/queue.ts";

/**
 * Checks the shape of an intent from the wire and keeps only what the variant asks for. A
 * player's own request may not carry the defender's answers (they are the defender's owner's).
 */
export function validateIntent(raw: unknown, fromPlayer = false): Intent {
  if (typeof raw !== "object" || raw === null) throw new Refusal("WC.Refuse.malformed");
  const r = raw as Record<string, unknown>;
  if (typeof r.action !== "string" || !(SHELL_ACTIONS as readonly string[]).includes(r.action)) throw new Refusal("WC.Refuse.malformed");
  const action = r.action as ShellAction;
  if (typeof r.attackerUuid !== "string" || typeof r.defenderUuid !== "string") throw new Refusal("WC.Refuse.malformed");
  if (r.holdId !== undefined && typeof r.holdId !== "string") throw new Refusal("WC.Refuse.malformed");
  const given = typeof r.declared === "object" && r.declared !== null ? (r.declared as Record<string, unknown>) : {};
  const declared: Record<string, boolean | number | string> = {};
  for (const s of activeVariant().situational(action)) {
    const v = given[s.key];
    if (v === undefined) continue;
    if (fromPlayer && s.by === "defender") throw new Refusal("WC.Refuse.badDeclaration", { key: s.key });
    if (s.kind === "flag" && typeof v === "boolean") declared[s.key] = v;
    else if (s.kind === "number" && typeof v === "number" && Number.isInteger(v) && v >= s.min && v <= s.max) declared[s.key] = v;
    else if (s.kind === "choice" && typeof v === "string" && s.choices.includes(v)) declared[s.key] = v;
    else throw new Refusal("WC.Refuse.badDeclaration", { key: s.key });
  }
  const unknown = Object.keys(given).filter((k) => !(k in declared));
  if (unknown.length > 0) throw new Refusal("WC.Refuse.badDeclaration", { key: unknown.join(", ") });
  return { action, attackerUuid: r.attackerUuid, defenderUuid: r.defenderUuid, declared, ...(typeof r.holdId === "string" ? { holdId: r.holdId } : {}) };
}

function report(outcome: PerformOutcome): void {
  if (outcome.kind === "refused") notify("warn", outcome.key, outcome.params);
  if (outcome.kind === "waiting") notify("info", "WC.Strike.waiting");
  if (outcome.kind === "queued") notify("info", "WC.Request.queued");
}

function isActiveGM(): boolean {
  return game.users.activeGM?.isSelf === true;
}

// ---------------------------------------------------------------------------------------------
// The player's side: post the request card, then wait for the GM to take it away.

/** Requests this client posted and still waits on, by request card id. */
const waiting = new Map<string, (outcome: PerformOutcome) => void>();

export async function renderRequest(request: StoredRequest, authorName: string): Promise<string> {
  const { intent } = request;
  const names = (() => {
    try {
      const { attacker, defender } = resolveCast(intent.attackerUuid, intent.defenderUuid);
      return { attacker: attacker.name, defender: defender.name };
    } catch {
      return { attacker: "?", defender: "?" };
    }
  })();
  const refused = request.state === "refused" && request.outcome?.kind === "refused" ? request.outcome : null;
  return foundry.applications.handlebars.renderTemplate(TEMPLATES.request, {
    title: i18n.localize(`WC.Action.${intent.action}`),
    subtitle: i18n.format("WC.Card.versus", names),
    asks: i18n.format("WC.Request.asks", { player: authorName }),
    state: request.state,
    stateLabel: i18n.localize(`WC.Request.state.${request.state === "pending" && !game.users.activeGM ? "queued" : request.state}`),
    reason: refused ? i18n.format(refused.key, refused.params) : "",
    cancel: request.state === "pending" ? i18n.localize("WC.Request.cancel") : "",
  });
}

/** What the player learns when the GM has taken a request card away: the card it made, if any. */
function outcomeOnRemoval(id: string, request: StoredRequest | undefined): PerformOutcome {
  const made = [cardIdFor(id), ...(request?.answers ? [cardIdFor(request.answers.strikeId)] : [])];
  for (const cardId of made) {
    const card = game.messages.get(cardId)?.getFlag(MODULE_ID, "card");
    if (card) return { kind: "done", messageId: cardId, state: card.state };
  }
  const strikeId = strikeIdFor(id);
  if (game.messages.get(strikeId)) return { kind: "waiting", messageId: strikeId };
  return { kind: "cancelled" };
}

/** Posts a request card and waits until the active GM has dealt with it (or none is connected). */
async function viaGM(request: StoredRequest): Promise<PerformOutcome> {
  // Whispered to every GM by name (a GM a whisper does not name never sees it), and to the
  // player; where the world does not let players whisper, posted openly instead.
  const gmIds = game.users.filter((u) => u.isGM).map((u) => u.id ?? "");
  const content = await renderRequest(request, game.user.name ?? "");
  const mayWhisper = (game.user as unknown as { can?: (p: string) => boolean }).can?.("MESSAGE_WHISPER") !== false;
  let message: ChatMessage.Implementation | undefined;
  try {
    message = await ChatMessage.create({ content, ...(mayWhisper ? { whisper: [...gmIds, game.user.id ?? ""] } : {}), flags: { [MODULE_ID]: { request } } } as never);
  } catch (e) {
    console.error(`${MODULE_ID} | request card refused`, e);
  }
  const id = message?.id;
  if (!message || !id) return { kind: "refused", key: "WC.Refuse.requestFailed", params: {} };
  // The GM may have been quicker than this client's own confirmation.
  const now = game.messages.get(id);
  if (!now) return outcomeOnRemoval(id, request);
  const state = now.getFlag(MODULE_ID, "request");
  if (state?.state === "refused" && state.outcome?.kind === "refused") return state.outcome;
  if (!game.users.activeGM) return { kind: "queued", messageId: id };
  return new Promise<PerformOutcome>((resolve) => waiting.set(id, resolve));
}

/** A request card this client posted was rewritten (refused by the GM). */
export function onRequestUpdated(message: ChatMessage.Implementation): void {
  const request = message.getFlag(MODULE_ID, "request");
  if (!request || request.state !== "refused" || message.author?.isSelf !== true) return;
  const outcome: PerformOutcome = request.outcome?.kind === "refused" ? request.outcome : { kind: "refused", key: "WC.Refuse.stale", params: {} };
  const resolve = waiting.get(message.id ?? "");
  waiting.delete(message.id ?? "");
  // A queued request nobody waits on any more still tells its author.
  if (resolve) resolve(outcome);
  else notify("warn", outcome.key, outcome.params);
  // Told: the card has served, and a refusal leaves nothing in the log.
  void message.delete().catch(() => undefined);
}

/** A request card this client posted was removed: carried out, or cancelled. */
export function onRequestDeleted(message: ChatMessage.Implementation): void {
  const id = message.id ?? "";
  const resolve = waiting.get(id);
  if (!resolve) return;
  waiting.delete(id);
  resolve(outcomeOnRemoval(id, message.getFlag(MODULE_ID, "request")));
}

/** The active GM went away while this client waited: the requests stay on their cards. */
export function onGMGone(): void {
  if (game.users.activeGM) return;
  for (const [id, resolve] of [...waiting]) {
    waiting.delete(id);
    resolve({ kind: "queued", messageId: id });
  }
}

/** The author (or a GM) takes back a request that is still waiting. */
export async function cancelRequest(message: ChatMessage.Implementation): Promise<boolean> {
  const request = message.getFlag(MODULE_ID, "request");
  if (!request || request.state !== "pending") return false;
  if (!game.user.isGM && message.author?.isSelf !== true) {
    notify("warn", "WC.Refuse.notYours");
    return false;
  }
  try {
    await message.delete();
    return true;
  } catch {
    // The GM took it first.
    return false;
  }
}

/** The defender's owner answers the question on a card (first strike, free attack, fend-off). */
export async function answerStrike(message: ChatMessage.Implementation, choice: string): Promise<PerformOutcome> {
  const strike = message.getFlag(MODULE_ID, "strike");
  if (!strike) return { kind: "refused", key: "WC.Refuse.stale", params: {} };
  const out = game.user.isGM ? await gmWork(() => performAnswer(message, choice, game.user)) : await viaGM({ intent: strike.intent, state: "pending", answers: { strikeId: message.id ?? "", choice } });
  report(out);
  return out;
}

/**
 * What a click, a card button or a macro calls. Checks what this client can check, then
 * carries the intent out here (GM) or leaves it for the active GM (player).
 */
export async function act(raw: unknown): Promise<PerformOutcome> {
  let intent: Intent;
  try {
    intent = validateIntent(raw, !game.user.isGM);
    const { attacker } = resolveCast(intent.attackerUuid, intent.defenderUuid);
    if (!game.user.isGM && !attacker.actor.testUserPermission(game.user, "OWNER")) throw new Refusal("WC.Refuse.notOwner", { name: attacker.name });
  } catch (e) {
    const out = refusalOf(e);
    report(out);
    return out;
  }
  const out = game.user.isGM ? await gmWork(() => perform(intent, game.user, requestId())) : await viaGM({ intent, state: "pending" });
  report(out);
  return out;
}

// ---------------------------------------------------------------------------------------------
// The active GM's side.

/** Request cards this client is working on now: a creation hook and a scan may meet the same one. */
const inHand = new Set<string>();

/**
 * Carries out one request card. Its author is the one the server stamped; its intent is checked
 * again as if it came from that user. Returns "duplicate" when another GM tab has it.
 */
export async function handleRequest(message: ChatMessage.Implementation): Promise<PerformOutcome> {
  if (!game.user.isGM) return { kind: "refused", key: "WC.Refuse.notGM", params: {} };
  const id = message.id ?? "";
  const request = message.getFlag(MODULE_ID, "request");
  const author = message.author;
  if (!request || request.state !== "pending" || !author || !game.messages.get(id)) return { kind: "refused", key: "WC.Refuse.stale", params: {} };
  if (inHand.has(id)) return { kind: "duplicate" };
  inHand.add(id);
  try {
    let out: PerformOutcome;
    try {
      const intent = validateIntent(request.intent, !author.isGM);
      const answered = request.answers ? game.messages.get(request.answers.strikeId) : undefined;
      if (request.answers && !answered) throw new Refusal("WC.Refuse.stale");
      out = answered && request.answers ? await performAnswer(answered, request.answers.choice, author) : await perform(intent, author, id);
    } catch (e) {
      out = refusalOf(e);
    }
    // "duplicate": the result was made already (another GM tab, or the GM's own click on the
    // same question): the request is answered all the same, so its card goes.
    const next: StoredRequest = { ...request, state: "refused", ...(out.kind === "refused" ? { outcome: out } : {}) };
    await closeRequestCard(message, out.kind === "refused" ? async () => ({ content: await renderRequest(next, author.name ?? ""), [`flags.${MODULE_ID}.request`]: next }) : null);
    return out;
  } finally {
    inHand.delete(id);
  }
}

/**
 * A request card the GM has dealt with: rewritten with its refusal (the update `refusal` makes),
 * or taken away when it was carried out.
 */
export async function closeRequestCard(message: ChatMessage.Implementation, refusal: (() => Promise<Record<string, unknown>>) | null): Promise<void> {
  try {
    if (refusal) await message.update((await refusal()) as never);
    else await message.delete();
  } catch {
    // Another GM tab, or the author, removed it first.
  }
}

/** Every request card still waiting, oldest first, carried out one after the other. */
export async function processPendingRequests(): Promise<void> {
  if (!isActiveGM()) return;
  const pending = game.messages.filter((m) => m.getFlag(MODULE_ID, "request")?.state === "pending");
  pending.sort((a, b) => (a.timestamp ?? 0) - (b.timestamp ?? 0));
  for (const m of pending) if (isActiveGM()) await gmWork(() => handleRequest(m));
}

/** A request card was posted: the active GM's client carries it out. */
export function onRequestCreated(message: ChatMessage.Implementation): void {
  if (!isActiveGM() || message.getFlag(MODULE_ID, "request")?.state !== "pending") return;
  void gmWork(() => handleRequest(message)).catch((e: unknown) => console.error(`${MODULE_ID} | request failed`, e));
}

/** Card buttons the GM uses: apply a pending result, undo an applied one. */
export async function handleCardAction(message: ChatMessage.Implementation, action: "apply" | "undo"): Promise<PerformOutcome> {
  if (!game.user.isGM) return { kind: "refused", key: "WC.Refuse.notGM", params: {} };
  const out = await gmWork(() => cardAction(message, action));
  // A button from an older view of the card (applied or undone since): nothing to do, and it says so.
  if (out.kind === "duplicate") notify("info", "WC.Refuse.alreadyDone");
  return out;
}

async function cardAction(message: ChatMessage.Implementation, action: "apply" | "undo"): Promise<PerformOutcome> {
  if (action === "apply") return applyCard(message);
  if (!message.getFlag(MODULE_ID, "card")) return { kind: "duplicate" };
  // undoCard declines a card that is not applied (undone already, or never applied).
  return (await undoCard(message)) ? { kind: "done", messageId: message.id ?? "", state: "undone" } : { kind: "duplicate" };
}
