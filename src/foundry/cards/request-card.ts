/**
 * Players ask, the GM decides. A player's action, answer or move is left as a request card: a
 * chat message whose author the server stamps (C-32), and whose creation reaches every client.
 * The active GM's client acts on that creation (no user query, so no permission beyond posting a
 * chat message is needed), checks the request's shape and size, re-checks everything from the
 * documents as if it came from its author (never from dice or results in the payload), carries it
 * out once, and then removes the request card (or, when refused, rewrites it with the reason,
 * which the author's client shows and removes).
 *
 * The player waits for that removal or rewrite, not for a clock: a long action cannot time out
 * on the player's side. With no GM connected the card stays, says so, and is carried out once
 * when a GM connects, unless its author cancels it first. A player may have only a few requests
 * waiting at once; more are taken away, and the GM is told.
 */
import type { ShellAction } from "../../rules/index.ts";
import { SHELL_ACTIONS } from "../../rules/index.ts";
import { MODULE_ID, TEMPLATES } from "../base/constants.ts";
import { tabState } from "../base/tab.ts";
import { i18n, notify } from "../base/i18n.ts";
import { localizeParams } from "../base/text.ts";
import { requestId as newRequestId } from "../base/ids.ts";
import type { Intent, MoveJob, MoveOutcome, PerformOutcome, Refused, RequestAsk, StoredCard, StoredRequest, TemporaryCorrection } from "../base/types.ts";
import { correctTemporary, validCorrections } from "../gm/apply.ts";
import { cardActionNow, handleCardAction } from "./kinds.ts";
import { Refusal, resolveCast } from "../documents/cast.ts";
import { validateJob } from "../gm/moves.ts";
import { gmWork } from "../gm/queue.ts";
import { refusalOf, refusalOfAny } from "../gm/resolve.ts";
import { activeVariant } from "../world/settings.ts";
import { carryOutMove, mapCardFor } from "./map-card.ts";
import { carryOutReel, reelAsk, validateReel } from "./reel-card.ts";
import { mayAct } from "../gm/verdict.ts";
import { byGM, trustedFlag } from "./pipeline.ts";
import { strikeFor } from "./question-card.ts";
import { actionVerdict, perform, resultCardFor } from "./result-card.ts";
import { allWaiting, waitingOf } from "./log-index.ts";
import { modeFrom, shownTo } from "./visibility.ts";
import { chatModeNow } from "../world/compat.ts";

/** How many requests one player may have waiting at once; more are taken away. */
export const MAX_WAITING = 3;
/** The most a request's data may weigh (its JSON, in characters): a real one is a few hundred. */
export const MAX_REQUEST_SIZE = 4000;

/**
 * Checks the shape of an intent from the wire and keeps only what the variant asks for, each
 * value within the rules' own bounds. A player's own request may not carry the defender's
 * answers (they are the defender's owner's).
 */
export function validateIntent(raw: unknown, fromPlayer = false): Intent {
  if (typeof raw !== "object" || raw === null) throw new Refusal("WC.Refuse.malformed");
  const r = raw as Record<string, unknown>;
  if (typeof r.action !== "string" || !(SHELL_ACTIONS as readonly string[]).includes(r.action)) throw new Refusal("WC.Refuse.malformed");
  const action = r.action as ShellAction;
  if (typeof r.attackerUuid !== "string" || typeof r.defenderUuid !== "string" || r.attackerUuid.length > 200 || r.defenderUuid.length > 200) throw new Refusal("WC.Refuse.malformed");
  if (r.holdId !== undefined && (typeof r.holdId !== "string" || r.holdId.length > 200)) throw new Refusal("WC.Refuse.malformed");
  // A grab names its attack by key (issue 31), and only a grab does.
  if (r.attack !== undefined && (typeof r.attack !== "string" || r.attack.length === 0 || r.attack.length > 200 || action !== "grab")) throw new Refusal("WC.Refuse.malformed");
  const given = typeof r.declared === "object" && r.declared !== null && !Array.isArray(r.declared) ? (r.declared as Record<string, unknown>) : {};
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
  // Own keys only: `in` would also find what every object inherits ("constructor", "toString",
  // "__proto__"), and a request carrying such a key would pass as if it named a circumstance.
  const unknown = Object.keys(given).filter((k) => !Object.hasOwn(declared, k));
  if (unknown.length > 0) throw new Refusal("WC.Refuse.badDeclaration", { key: unknown.slice(0, 5).join(", ").slice(0, 80) });
  // The boxes changed: keys of what was declared, each once.
  if (r.typed !== undefined && (!Array.isArray(r.typed) || r.typed.some((k, i, all) => typeof k !== "string" || !Object.hasOwn(declared, k) || all.indexOf(k) !== i))) throw new Refusal("WC.Refuse.malformed");
  const typed = (r.typed ?? []) as string[];
  // A GM's call is the GM's alone: on a player's request it is not read at all.
  const gmCall = !fromPlayer && r.gmCall === true;
  // A host attack roll standing for the grab's to-hit is the GM's word alone (a GM-only menu entry).
  const hostHit = !fromPlayer && action === "grab" && r.hostHit === true;
  // Who sees the card: one of the chat's modes (cards/visibility.ts), else it is no request.
  const mode = r.mode === undefined ? null : modeFrom(r.mode);
  if (r.mode !== undefined && mode === null) throw new Refusal("WC.Refuse.malformed");
  return { action, attackerUuid: r.attackerUuid, defenderUuid: r.defenderUuid, declared, ...(typed.length > 0 ? { typed } : {}), ...(typeof r.holdId === "string" ? { holdId: r.holdId } : {}), ...(typeof r.attack === "string" ? { attack: r.attack } : {}), ...(hostHit ? { hostHit: true as const } : {}), ...(gmCall ? { gmCall: true as const } : {}), ...(mode ? { mode } : {}) };
}

/**
 * A request card's flag as the GM reads it: its size and shape checked, or null when it is not a
 * request. What it asks is checked again, against the documents, when it is carried out.
 */
export function readRequest(message: ChatMessage.Implementation): { state: "pending" | "refused"; ask: RequestAsk | null; outcome?: Refused } | null {
  const r = trustedFlag(message, "request") as Record<string, unknown> | undefined;
  if (!r || typeof r !== "object") return null;
  const state = r.state === "refused" ? "refused" : r.state === "pending" ? "pending" : null;
  if (!state) return null;
  const outcome = isRefused(r.outcome) ? r.outcome : undefined;
  if (JSON.stringify(r).length > MAX_REQUEST_SIZE) return { state, ask: null, ...(outcome ? { outcome } : {}) };
  let ask: RequestAsk | null = null;
  const a = r.ask as Record<string, unknown> | undefined;
  if (a && typeof a === "object") {
    if (a.kind === "action") ask = { kind: "action", intent: a.intent as Intent };
    else if (a.kind === "answer" && typeof a.strikeId === "string" && typeof a.choice === "string") ask = { kind: "answer", strikeId: a.strikeId, choice: a.choice };
    else if (a.kind === "move") ask = { kind: "move", job: a.job as MoveJob };
    else if (a.kind === "card" && typeof a.messageId === "string" && (a.action === "apply" || a.action === "undo")) ask = { kind: "card", messageId: a.messageId, action: a.action };
    else if (a.kind === "temporary") ask = { kind: "temporary", corrections: a.corrections as TemporaryCorrection[] };
    else if (a.kind === "reel" && typeof a.holdId === "string") ask = { kind: "reel", holdId: a.holdId, ...(a.feet !== undefined ? { feet: a.feet as number } : {}) };
  }
  return { state, ask, ...(outcome ? { outcome } : {}) };
}

function isRefused(v: unknown): v is Refused {
  const o = v as Partial<Refused> | null | undefined;
  return !!o && o.kind === "refused" && typeof o.key === "string" && typeof o.params === "object" && o.params !== null;
}

function report(outcome: PerformOutcome | MoveOutcome): void {
  if (outcome.kind === "refused") notify("warn", outcome.key, outcome.params);
  if (outcome.kind === "waiting") notify("info", "WC.Strike.waiting", { defender: trustedFlag(game.messages.get(outcome.messageId), "strike")?.defenderName ?? "?" });
  if (outcome.kind === "queued") notify("info", "WC.Request.queued");
}

function isActiveGM(): boolean {
  return game.users.activeGM?.isSelf === true;
}

/**
 * Whether this tab carries out the module's writes itself: only the active GM's (through its
 * queue, gm/queue.ts). Any other GM's tab (a second GM, an assistant) sends its own actions as
 * request cards, as a player does, and the active GM's tab carries them out trusting their author
 * as a GM: two tabs never write side by side from what each read apart, so neither loses the
 * other's change.
 */
function referee(): boolean {
  return game.user.isGM && isActiveGM();
}

// ---------------------------------------------------------------------------------------------
// The player's side: post the request card, then wait for the GM to take it away.

/** Requests this client posted and still waits on, by request card id. */
const waitingHere = () => tabState("requests-waiting", () => new Map<string, (outcome: PerformOutcome) => void>());

/** The names an intent's tokens go by now ("?" for one gone). */
function namesFor(intent: Intent | null): { attacker: string; defender: string } {
  if (!intent) return { attacker: "?", defender: "?" };
  try {
    const { attacker, defender } = resolveCast(intent.attackerUuid, intent.defenderUuid);
    // A request card is a player's (and public where players may not whisper): a token the GM
    // hid is not named on it.
    const hidden = (defender.token as { hidden?: boolean }).hidden === true;
    return { attacker: attacker.name, defender: hidden ? "?" : defender.name };
  } catch {
    return { attacker: "?", defender: "?" };
  }
}

export async function renderRequest(request: { state: StoredRequest["state"]; ask: RequestAsk | null; outcome?: Refused }, authorName: string): Promise<string> {
  const ask = request.ask;
  const intent = ask?.kind === "action" ? ask.intent : null;
  const isMove = ask?.kind === "move";
  const mover = isMove ? moverOf(ask.job) : null;
  const reel = ask?.kind === "reel" ? reelNames(ask.holdId) : null;
  const refused = request.state === "refused" && request.outcome ? request.outcome : null;
  // The pill: waiting for the GM, waiting for one to connect, or refused (in the refusal's colour).
  const tag = request.state === "pending" && !game.users.activeGM ? "queued" : request.state;
  return foundry.applications.handlebars.renderTemplate(TEMPLATES.request, {
    title: i18n.localize(isMove ? "WC.Map.requestTitle" : reel ? "WC.Reel.action" : intent ? `WC.Action.${intent.action}` : "WC.Request.title"),
    subtitle: isMove ? (mover?.name ?? "?") : reel ? i18n.format("WC.Card.versus", reel) : intent ? i18n.format("WC.Card.versus", namesFor(intent)) : "",
    asks: i18n.format("WC.Request.asks", { player: authorName }),
    state: request.state,
    tag,
    stateLabel: i18n.localize(`WC.Request.state.${tag}`),
    reason: refused ? i18n.format(refused.key, localizeParams({ ...(intent ? namesFor(intent) : {}), ...refused.params }, i18n)) : "",
    cancel: request.state === "pending" && !isMove ? i18n.localize("WC.Request.cancel") : "",
  });
}

/**
 * The creature a move request moves, if its job names one that can be found: a refusal is written
 * on a malformed request too (a job that is no object, or names no token), and must not fail there.
 */
function moverOf(job: unknown): { name?: string } | null {
  const uuid = (job as { moverUuid?: unknown } | null | undefined)?.moverUuid;
  if (typeof uuid !== "string") return null;
  try {
    return fromUuidSync(uuid as never) as { name?: string } | null;
  } catch {
    return null;
  }
}

/** The names a haul's hold goes by now ("?" for one gone or hidden from players). */
function reelNames(holdId: string): { attacker: string; defender: string } {
  const ask = reelAsk({ holdId });
  const holder = ask.attackerUuid ? (fromUuidSync(ask.attackerUuid as never) as { name?: string } | null) : null;
  const held = ask.defenderUuid ? (fromUuidSync(ask.defenderUuid as never) as { name?: string; hidden?: boolean } | null) : null;
  return { attacker: holder?.name ?? "?", defender: held?.hidden === true ? "?" : (held?.name ?? "?") };
}

/** What the player learns when the GM has taken a request card away: the card it made, if any (a GM's). */
function outcomeOnRemoval(id: string, ask: RequestAsk | null): PerformOutcome {
  if (ask?.kind === "card") {
    const card = game.messages.get(ask.messageId);
    const state = card ? (["card", "roundCard", "massCharge", "mapCard"] as const).map((f) => trustedFlag(card, f)?.state).find((x) => x !== undefined) : undefined;
    return { kind: "done", messageId: ask.messageId, state: state ?? (ask.action === "apply" ? "applied" : "undone") };
  }
  if (ask?.kind === "temporary") return { kind: "done", messageId: id, state: "applied" };
  if (ask?.kind === "reel") {
    const card = mapCardFor(id);
    return card ? { kind: "done", messageId: card.id ?? "", state: "applied" } : { kind: "cancelled" };
  }
  const made = [resultCardFor(id), ...(ask?.kind === "answer" ? [resultCardFor(ask.strikeId)] : [])];
  for (const message of made) {
    const card = trustedFlag(message, "card");
    if (message && card && shownTo(message, game.user)) return { kind: "done", messageId: message.id ?? "", state: card.state };
  }
  const strike = strikeFor(id);
  if (strike) return { kind: "waiting", messageId: strike.id ?? "" };
  // A blind card is the GMs' alone: its asker has only the note that says it was rolled.
  const note = game.messages.contents.find((m) => byGM(m) && m.getFlag(MODULE_ID, "blindNote")?.requestId === id);
  if (note) return { kind: "done", messageId: note.id ?? "", state: "pending", hidden: true };
  return { kind: "cancelled" };
}

/** Posts a request card; `wait`: until the active GM has dealt with it (or none is connected). */
async function viaGM(ask: RequestAsk, wait: boolean): Promise<PerformOutcome> {
  // Whispered to every GM by name (a GM a whisper does not name never sees it), and to the
  // player; where the world does not let players whisper, posted openly instead.
  const gmIds = game.users.filter((u) => u.isGM).map((u) => u.id ?? "");
  const request: StoredRequest = { ask, state: "pending" };
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
  if (!wait) return { kind: "queued", messageId: id };
  // The GM may have been quicker than this client's own confirmation.
  const now = game.messages.get(id);
  if (!now) return outcomeOnRemoval(id, ask);
  const state = readRequest(now);
  if (state?.state === "refused" && state.outcome) return state.outcome;
  if (!game.users.activeGM) return { kind: "queued", messageId: id };
  return new Promise<PerformOutcome>((resolve) => waitingHere().set(id, resolve));
}

/** A request card this client posted was rewritten by a GM (refused). */
export function onRequestUpdated(message: ChatMessage.Implementation, userId?: string): void {
  if (message.author?.isSelf !== true || (userId !== undefined && game.users.get(userId)?.isGM !== true)) return;
  const request = readRequest(message);
  if (!request || request.state !== "refused") return;
  const outcome: PerformOutcome = request.outcome ?? { kind: "refused", key: "WC.Refuse.stale", params: {} };
  const resolve = waitingHere().get(message.id ?? "");
  waitingHere().delete(message.id ?? "");
  // A queued request nobody waits on any more still tells its author.
  if (resolve) resolve(outcome);
  else notify("warn", outcome.key, outcome.params);
  // Told: the card has served, and a refusal leaves nothing in the log.
  void message.delete().catch(() => undefined);
}

/** A request card this client posted was removed: carried out, or cancelled. */
export function onRequestDeleted(message: ChatMessage.Implementation): void {
  const id = message.id ?? "";
  madeByHere().delete(id);
  const resolve = waitingHere().get(id);
  if (!resolve) return;
  waitingHere().delete(id);
  resolve(outcomeOnRemoval(id, readRequest(message)?.ask ?? null));
}

/** The active GM went away while this client waited: the requests stay on their cards. */
export function onGMGone(): void {
  if (game.users.activeGM) return;
  for (const [id, resolve] of [...waitingHere()]) {
    waitingHere().delete(id);
    resolve({ kind: "queued", messageId: id });
  }
}

/** The author (or a GM) takes back a request that is still waitingHere(). */
export async function cancelRequest(message: ChatMessage.Implementation): Promise<boolean> {
  const request = readRequest(message);
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
  if (!trustedFlag(message, "strike")) return { kind: "refused", key: "WC.Refuse.stale", params: {} };
  const out = referee() ? await gmWork(() => performAnswer(message, choice, game.user, undefined)) : await viaGM({ kind: "answer", strikeId: message.id ?? "", choice }, true);
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
    // The chat's mode as this user has it now, unless the caller (a macro) named one (none: public).
    const now = chatModeNow();
    const asked = now !== "public" && typeof raw === "object" && raw !== null && (raw as Record<string, unknown>).mode === undefined ? { ...(raw as Record<string, unknown>), mode: now } : raw;
    intent = validateIntent(asked, !game.user.isGM);
    // The one check, here first (the GM's tab asks it again, as the author): a player learns at
    // once what the GM would refuse; the GM's own refusals go on to `perform`, which may take
    // them as the GM's call.
    if (!game.user.isGM) {
      const verdict = actionVerdict(intent, game.user);
      if (!verdict.ok) throw new Refusal(verdict.key, { ...verdict.params });
    } else resolveCast(intent.attackerUuid, intent.defenderUuid);
  } catch (e) {
    const out = refusalOf(e);
    report(out);
    return out;
  }
  const out = referee() ? await gmWork(() => perform(intent, game.user, newRequestId())) : await viaGM({ kind: "action", intent }, true);
  report(out);
  return out;
}

/**
 * Sends what a user asks to the active GM's tab as a request card and waits for its answer, with
 * no check here: the GM's tab checks it as it checks every request, as if from its author (a
 * player's console could post the same card by hand). The holds panel sends what a player asks
 * of a GM's button this way, so the refusal is the GM's tab's.
 */
export async function askReferee(ask: RequestAsk): Promise<PerformOutcome> {
  const out = await viaGM(ask, true);
  report(out);
  return out;
}

/** A GM's Apply or Undo on a card: carried out here on the active GM's tab, else sent to it as a request. */
export async function cardAction(message: ChatMessage.Implementation, action: "apply" | "undo"): Promise<PerformOutcome> {
  if (!game.user.isGM) return { kind: "refused", key: "WC.Refuse.notGM", params: {} };
  if (referee()) return handleCardAction(message, action);
  const out = await viaGM({ kind: "card", messageId: message.id ?? "", action }, true);
  report(out);
  return out;
}

/** A GM's correction of temporary damage: written here on the active GM's tab, else sent to it as a request. */
export async function correctAsReferee(corrections: readonly TemporaryCorrection[]): Promise<void> {
  if (!game.user.isGM) return notify("warn", "WC.Refuse.notGM");
  if (referee()) return gmWork(() => correctTemporary(corrections));
  report(await viaGM({ kind: "temporary", corrections }, true));
}

/** The GM moved a token in a hold by hand: carried out here on the active GM's tab, else sent to it as a request (and waited on). */
export async function gmMove(job: MoveJob): Promise<MoveOutcome> {
  if (referee()) return gmWork(() => carryOutMove(job, game.user));
  const out = await viaGM({ kind: "move", job }, true);
  return out.kind === "refused" ? out : { kind: "sent" };
}

/**
 * The holder hauls in the creature of a hold made at a distance (the palette, the tracker's menu,
 * a macro): checked here with the one check first (a player learns at once what the GM's tab
 * would refuse), then carried out on the active GM's tab, or sent there as a request card that
 * tab checks again as its author.
 */
export async function askReel(raw: { holdId: unknown; feet?: unknown }): Promise<PerformOutcome> {
  let req;
  try {
    req = validateReel(raw);
    const verdict = mayAct(reelAsk(req), game.user, () => 0);
    if (!verdict.ok) throw new Refusal(verdict.key, { ...verdict.params });
  } catch (e) {
    const out = refusalOf(e);
    report(out);
    return out;
  }
  if (referee()) {
    const id = newRequestId();
    const done = await gmWork(() => carryOutReel(req, game.user, id));
    const out: PerformOutcome = done.kind === "refused" ? done : { kind: "done", messageId: mapCardFor(id)?.id ?? "", state: "applied" };
    report(out);
    return out;
  }
  if (!game.users.activeGM) {
    const out: PerformOutcome = { kind: "refused", key: "WC.Move.needsGM", params: {} };
    report(out);
    return out;
  }
  const out = await viaGM({ kind: "reel", ...req }, true);
  report(out);
  return out;
}

/** A player's move the GM carries out: a request card, like an action's (the player does not wait on it). */
export async function requestMove(job: MoveJob): Promise<MoveOutcome> {
  if (!game.users.activeGM) return { kind: "refused", key: "WC.Move.needsGM", params: {} };
  const out = await viaGM({ kind: "move", job }, false);
  return out.kind === "refused" ? out : { kind: "sent" };
}

// ---------------------------------------------------------------------------------------------
// The active GM's side.

/** Request cards this client is working on now: a creation hook and a scan may meet the same one. */
const inHandHere = () => tabState("requests-in-hand", () => new Set<string>());

/** Carries out a question's answer: the original intent with the defender's choice. GM only, as the GM's work. */
export async function performAnswer(strikeMessage: ChatMessage.Implementation | undefined, choice: string, responder: User.Implementation, closing: string | undefined): Promise<PerformOutcome> {
  // Only a question the GM's tab posted is believed (a player's message with the same flag is not).
  const strike = trustedFlag(strikeMessage, "strike");
  if (!strikeMessage || !strike || !Array.isArray(strike.choices) || !strike.choices.includes(choice)) return { kind: "refused", key: "WC.Refuse.stale", params: {} };
  const asker = game.users.get(strike.requesterId ?? "");
  if (!asker) return { kind: "refused", key: "WC.Refuse.stale", params: {} };
  // A question belongs to its round: once the combat has moved on, the chance has passed (the
  // attacker may act again in the new round, counted there).
  const combat = strike.combatId ? game.combats.get(strike.combatId) : undefined;
  if (combat && strike.round !== undefined && (combat.round ?? 0) !== strike.round) {
    try {
      await strikeMessage.delete();
    } catch {
      // Another GM tab took it away first.
    }
    return { kind: "refused", key: "WC.Refuse.questionExpired", params: { round: strike.round } };
  }
  let intent: Intent;
  try {
    intent = validateIntent(strike.intent, !asker.isGM);
    // A creature asked about may be gone by the time its owner answers.
    const { defender } = resolveCast(intent.attackerUuid, intent.defenderUuid);
    if (!responder.isGM && !defender.actor.testUserPermission(responder, "OWNER")) throw new Refusal("WC.Refuse.notOwner", { name: defender.name });
  } catch (e) {
    return refusalOf(e);
  }
  // The GM's call made when the question was asked goes on to the card that answers it.
  const gmCall = asker.isGM ? gmCallOf(strike.gmCall) : undefined;
  const out = await perform({ ...intent, declared: { ...intent.declared, [strike.key]: choice } }, responder, strikeMessage.id ?? "", { asker, ...(closing ? { closing } : {}), ...(gmCall ? { gmCall } : {}) });
  if (out.kind === "done") {
    try {
      await strikeMessage.delete();
    } catch {
      // Another GM tab took it away first.
    }
  }
  return out;
}

/** A GM's call as a question card keeps it: a text key and plain parameters, or none. */
function gmCallOf(raw: unknown): StoredCard["gmCall"] {
  const c = raw as { key?: unknown; params?: unknown } | null | undefined;
  if (!c || typeof c !== "object" || typeof c.key !== "string" || typeof c.params !== "object" || c.params === null) return undefined;
  const params = Object.fromEntries(Object.entries(c.params as Record<string, unknown>).filter((e): e is [string, string | number] => typeof e[1] === "string" || typeof e[1] === "number"));
  return { key: c.key, params };
}

/**
 * Carries out one request card. Its author is believed only as far as `requestAuthorship` says
 * (the creation hook's user, where this tab saw it made); what it asks is checked again as if it
 * came from that user. Returns "duplicate" when another GM tab has it.
 */
export async function handleRequest(message: ChatMessage.Implementation): Promise<PerformOutcome | MoveOutcome> {
  if (!game.user.isGM) return { kind: "refused", key: "WC.Refuse.notGM", params: {} };
  const id = message.id ?? "";
  const request = readRequest(message);
  const author = message.author;
  if (!request || request.state !== "pending" || !author || !game.messages.get(id)) return { kind: "refused", key: "WC.Refuse.stale", params: {} };
  if (inHandHere().has(id)) return { kind: "duplicate" };
  inHandHere().add(id);
  try {
    let out: PerformOutcome | MoveOutcome;
    const ask = request.ask;
    try {
      // Made by someone other than its author (a v13 server that kept the author a player named):
      // nothing of it is carried out. A GM's request no tab here saw made: not as a GM's.
      const authorship = requestAuthorship(message);
      if (authorship === "forged") throw new Refusal("WC.Refuse.forgedRequest");
      if (authorship === "unproven") throw new Refusal("WC.Refuse.gmRequestUnseen", { author: author.name ?? "?" });
      if (!ask) throw new Refusal("WC.Refuse.malformed");
      if (ask.kind === "action") out = await perform(validateIntent(ask.intent, !author.isGM), author, id, { closing: id });
      else if (ask.kind === "answer") {
        const answered = game.messages.get(ask.strikeId);
        if (!answered || !byGM(answered)) throw new Refusal("WC.Refuse.stale");
        out = await performAnswer(answered, ask.choice, author, id);
      } else if (ask.kind === "move") out = await carryOutMove(validateJob(ask.job), author, id);
      else if (ask.kind === "reel") out = await carryOutReel(validateReel(ask), author, id, id);
      else {
        // A GM's own work, sent by a GM's tab that is not the active GM's: only a GM may ask it.
        if (!author.isGM) throw new Refusal("WC.Refuse.notGM");
        if (ask.kind === "card") {
          const card = game.messages.get(ask.messageId);
          if (!card || !(await cardActionNow(card, ask.action))) throw new Refusal("WC.Refuse.alreadyDone");
          out = { kind: "done", messageId: ask.messageId, state: ask.action === "apply" ? "applied" : "undone" };
        } else {
          const corrections = validCorrections(ask.corrections);
          if (!corrections) throw new Refusal("WC.Refuse.malformed");
          await correctTemporary(corrections);
          out = { kind: "done", messageId: id, state: "applied" };
        }
      }
    } catch (e) {
      // An error after the GM's card was made is the pipeline's to finish, not a refusal.
      if (!(e instanceof Refusal) && [resultCardFor(id), strikeFor(id), mapCardFor(id)].some((c) => c !== undefined)) throw e;
      out = refusalOfAny(e);
    }
    // "duplicate": the result was made already (another GM tab, or the GM's own click on the
    // same question): the request is answered all the same, so its card goes.
    if (out.kind === "refused") {
      const next = { state: "refused" as const, ask: request.ask?.kind === "move" ? request.ask : null, outcome: out };
      await closeRequestCard(message, async () => ({ content: await renderRequest(next, author.name ?? ""), [`flags.${MODULE_ID}.request`]: { state: "refused", outcome: out } }));
    } else if (!("closed" in out && out.closed)) await closeRequestCard(message, null);
    return out;
  } finally {
    inHandHere().delete(id);
  }
}

/**
 * A request card the GM has dealt with: rewritten with its refusal (the update `refusal` makes),
 * or taken away when it was carried out.
 */
export async function closeRequestCard(message: ChatMessage.Implementation, refusal: (() => Promise<Record<string, unknown>>) | null): Promise<void> {
  if (!game.messages.get(message.id ?? "")) return;
  try {
    if (refusal) await message.update((await refusal()) as never);
    else await message.delete();
  } catch {
    // Another GM tab, or the author, removed it first.
  }
}

/**
 * Request cards waiting, by author: those beyond what one player may have waiting are taken away.
 * Counted in the order this tab saw them arrive (the chat log's index), never by the message's
 * `timestamp`, which the author's client sets: a backdated card would jump the line.
 */
function overLimit(message: ChatMessage.Implementation): boolean {
  const author = message.author;
  if (!author || author.isGM) return false;
  return waitingOf(author.id ?? "").findIndex((m) => m.id === message.id) >= MAX_WAITING;
}

const dropped = new Map<string, number>();
let dropScheduled = false;

/**
 * A request beyond the limit is refused unread, and the GM told once for the burst. Refused, not
 * deleted: a request card that goes away means "carried out" to the client that posted it, and
 * its player should learn why nothing came of it. Its author's client takes the card away once told.
 */
function dropExcess(message: ChatMessage.Implementation): void {
  const name = message.author?.name ?? "?";
  dropped.set(name, (dropped.get(name) ?? 0) + 1);
  const outcome: Refused = { kind: "refused", key: "WC.Refuse.tooManyWaiting", params: { max: MAX_WAITING } };
  const next = { state: "refused" as const, ask: null, outcome };
  void gmWork(() => closeRequestCard(message, async () => ({ content: await renderRequest(next, message.author?.name ?? "?"), [`flags.${MODULE_ID}.request`]: { state: "refused", outcome } })));
  if (dropScheduled) return;
  dropScheduled = true;
  setTimeout(() => {
    dropScheduled = false;
    for (const [player, n] of dropped) notify("warn", "WC.Refuse.tooManyRequests", { player, n, max: MAX_WAITING });
    dropped.clear();
  }, 0);
}

/** Every request card still waiting, in the order this tab saw them, carried out one after the other. */
export async function processPendingRequests(): Promise<void> {
  if (!isActiveGM()) return;
  // Which are beyond the limit is decided before any is carried out: each one carried out leaves
  // the line, and counted as it goes a backlog of any length would pass three at a time.
  const waiting = allWaiting();
  const beyond = new Set(waiting.filter(overLimit).map((m) => m.id));
  for (const m of waiting) {
    if (!isActiveGM()) return;
    if (requestAuthorship(m) === "forged") removeForged(m);
    else if (beyond.has(m.id)) dropExcess(m);
    else await gmWork(() => handleRequest(m)).catch((e: unknown) => console.error(`${MODULE_ID} | request failed`, e));
  }
}

/**
 * Who made each request card this GM's tab saw made, by card id: the creation hook's `userId`,
 * the user the server says sent the creation (C-17's hook arguments), not the message's data. A
 * v13 server may keep an `author` the player's data names (finding 18 of issue 33; no public
 * source either way): the hook's user is what tells a GM's request from a player's naming a GM.
 * Every GM's tab keeps it (not only the active GM's), so a tab that becomes the active GM knows
 * the requests it saw made. Forgotten when the card goes.
 */
const madeByHere = () => tabState("requests-made-by", () => new Map<string, string>());

/** Forging users the GM has been told about on this tab (told once each, however many cards). */
const forgersTold = () => tabState("requests-forgers-told", () => new Set<string>());

/**
 * Whether a request card may be carried out as from its author: "forged" when the user who made it
 * (as its creation hook said) is not its author; "unproven" when its author is a GM and no
 * creation hook on this tab said who made it (found waiting when the tab started: a player's card
 * naming a GM as its author cannot be told from a GM's there, so it is not carried out with a
 * GM's rights); else "ok". A player's card found waiting is checked as its author's, as always.
 */
export function requestAuthorship(message: ChatMessage.Implementation): "ok" | "forged" | "unproven" {
  const author = message.author;
  const by = madeByHere().get(message.id ?? "");
  if (by !== undefined) return by === author?.id ? "ok" : "forged";
  return author?.isGM === true ? "unproven" : "ok";
}

/** A card forged in another user's name: taken away unread, and the GM told once about its maker. */
function removeForged(message: ChatMessage.Implementation): void {
  const maker = game.users.get(madeByHere().get(message.id ?? "") ?? "");
  const key = maker?.id ?? "?";
  if (!forgersTold().has(key)) {
    forgersTold().add(key);
    notify("warn", "WC.Request.forged", { player: maker?.name ?? "?", author: message.author?.name ?? "?" });
  }
  void gmWork(() => closeRequestCard(message, null)).catch((e: unknown) => console.error(`${MODULE_ID} | request failed`, e));
}

/** A request card was posted (by `userId`, as the server says): the active GM's client carries it out. */
export function onRequestCreated(message: ChatMessage.Implementation, userId?: string): void {
  if (game.user.isGM && typeof userId === "string" && message.id) madeByHere().set(message.id, userId);
  if (!isActiveGM() || readRequest(message)?.state !== "pending") return;
  if (requestAuthorship(message) === "forged") return removeForged(message);
  if (overLimit(message)) return dropExcess(message);
  void gmWork(() => handleRequest(message)).catch((e: unknown) => console.error(`${MODULE_ID} | request failed`, e));
}

/** Whether a message is a request card (of any shape this module has written). */
export function isRequest(message: ChatMessage.Implementation): boolean {
  return readRequest(message) !== null;
}
