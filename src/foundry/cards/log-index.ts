/**
 * What the module looks up in the chat log, kept per tab so that no action and no message costs
 * a pass over the whole log (a long campaign's log holds thousands of messages): which result
 * card is a hold's latest, what a creature has done in a combat's round, each player's request
 * cards still waiting, in the order this tab saw them arrive, and the cards a closed tab left
 * half written.
 *
 * Built in one pass over `game.messages` the first time a tab asks, then kept by the chat
 * message hooks (hooks/chat-log.ts: `seen`, `forget`), which run before any other listener of
 * the module. Every message gets a place in this tab's order when the tab first sees it: the
 * log's own order for what was there when it started, the order of arrival after that. A
 * message's `timestamp` is its author's client's to set (a player can backdate theirs), so
 * nothing here reads it.
 *
 * Trust is the card pipeline's (cards/pipeline.ts `trustedFlag`): a card counts only on a
 * message whose server-stamped author is a GM. What the index names is read again from the
 * message itself when asked (its state may have changed; a hook may have been missed), so the
 * index only narrows where to look. A create or delete it missed shows as a count that differs
 * from the log's, and the index catches up in one pass.
 */
import type { Intent, StoredCard } from "../base/types.ts";
import { tabState } from "../base/tab.ts";
import { RULES_VARIANTS } from "../../rules/index.ts";
import { trustedFlag } from "./pipeline.ts";
import { holdPairs } from "./views.ts";

/** One result card's holds: the hold ids it names, and its buttons' holds by "holder|held". */
interface HoldMark {
  readonly holds: ReadonlySet<string>;
  readonly pairs: ReadonlyMap<string, ReadonlySet<string>>;
}

/** What the index keeps of one message. */
interface Entry {
  /** Its place in this tab's order. */
  readonly seq: number;
  /** A GM's result card that is not undone: the holds it stands for. */
  hold: HoldMark | null;
  /** A GM's result card or question in a combat's round: "combat|round". */
  round: string | null;
  /** A request card still waiting: its author's id. */
  waiting: string | null;
  /** A GM's card that writes, left "applying" or "undoing". */
  unfinished: boolean;
  /** What a GM's card answers (issue 33: cards take fresh ids): "card|request", "strike|request", "roundCard|combat|round", "mapCard|request", "massCharge|request". */
  answers: string | null;
}

interface Index {
  next: number;
  readonly entries: Map<string, Entry>;
  /** Result cards by each hold id they name, in this tab's order. */
  readonly byHold: Map<string, string[]>;
  /** Result cards by "holder|held" of their buttons, in this tab's order. */
  readonly byPair: Map<string, string[]>;
  /** Result cards and questions by "combat|round". */
  readonly byRound: Map<string, Set<string>>;
  /** Request cards waiting, by author, in this tab's order. */
  readonly waiting: Map<string, string[]>;
  /** Cards that write, left half written. */
  readonly unfinished: Set<string>;
  /** A GM's card by what it answers. */
  readonly byAnswer: Map<string, string>;
}

const state = () => tabState("chat-log-index", () => ({ index: null as Index | null }));

function holdMarkOf(card: StoredCard | undefined): HoldMark | null {
  if (!card?.intent || !card.consequences || card.state === "undone") return null;
  const pairs = new Map<string, Set<string>>();
  for (const p of holdPairs(card, RULES_VARIANTS[card.variant])) pairs.set(`${p.holder}|${p.held}`, (pairs.get(`${p.holder}|${p.held}`) ?? new Set()).add(p.hold));
  const holds = new Set([...card.consequences.holdsAdded.map((h) => h.id), ...card.consequences.holdsRemoved, ...(card.intent.holdId ? [card.intent.holdId] : [])]);
  return { holds, pairs };
}

function roundOf(flag: { readonly combatId?: string; readonly round?: number; readonly intent?: Intent } | undefined): string | null {
  return flag?.intent && typeof flag.combatId === "string" && typeof flag.round === "number" ? `${flag.combatId}|${flag.round}` : null;
}

/** The flags of the cards that write, in the order the table of kinds reads them (cards/kinds.ts). */
const WRITING_FLAGS = ["card", "roundCard", "massCharge", "mapCard"] as const;

/** Whether a GM's card that writes was left half written: its kind's state "applying" or "undoing". */
function isUnfinished(m: ChatMessage.Implementation): boolean {
  for (const flag of WRITING_FLAGS) {
    const stored = trustedFlag(m, flag) as { state?: unknown } | undefined;
    if (stored !== undefined) return stored.state === "applying" || stored.state === "undoing";
  }
  return false;
}

/** Whether a message is a request card still waiting (any user's; its shape is checked when carried out). */
export function isWaitingRequest(m: ChatMessage.Implementation | null | undefined): boolean {
  const r = trustedFlag(m, "request") as { state?: unknown } | undefined;
  return typeof r === "object" && r !== null && r.state === "pending";
}

/** Puts `id` into a list kept in this tab's order. */
function insert(ix: Index, list: string[], id: string): void {
  const seq = ix.entries.get(id)?.seq ?? 0;
  let i = list.length;
  while (i > 0 && (ix.entries.get(list[i - 1] as string)?.seq ?? 0) > seq) i--;
  list.splice(i, 0, id);
}

function addTo<K>(ix: Index, map: Map<K, string[]>, key: K, id: string): void {
  const list = map.get(key) ?? [];
  if (list.length === 0) map.set(key, list);
  insert(ix, list, id);
}

function removeFrom<K>(map: Map<K, string[]>, key: K, id: string): void {
  const list = map.get(key);
  if (!list) return;
  const i = list.lastIndexOf(id);
  if (i >= 0) list.splice(i, 1);
  if (list.length === 0) map.delete(key);
}

/** Takes a message's marks out of the lookups (its place in the order stays while it is in the log). */
function unmark(ix: Index, id: string, e: Entry): void {
  if (e.hold) {
    for (const h of e.hold.holds) removeFrom(ix.byHold, h, id);
    for (const k of e.hold.pairs.keys()) removeFrom(ix.byPair, k, id);
  }
  if (e.round) {
    const set = ix.byRound.get(e.round);
    set?.delete(id);
    if (set?.size === 0) ix.byRound.delete(e.round);
  }
  if (e.waiting) removeFrom(ix.waiting, e.waiting, id);
  ix.unfinished.delete(id);
  if (e.answers && ix.byAnswer.get(e.answers) === id) ix.byAnswer.delete(e.answers);
  e.answers = null;
  e.hold = null;
  e.round = null;
  e.waiting = null;
  e.unfinished = false;
}

/** Reads a message into the index: a place in the order if it has none, and its marks as it is now. */
function read(ix: Index, m: ChatMessage.Implementation): void {
  const id = m.id ?? "";
  if (id === "") return;
  let e = ix.entries.get(id);
  if (e) unmark(ix, id, e);
  else {
    e = { seq: ix.next++, hold: null, round: null, waiting: null, unfinished: false, answers: null };
    ix.entries.set(id, e);
  }
  const card = trustedFlag(m, "card");
  e.hold = holdMarkOf(card);
  e.round = roundOf(card) ?? roundOf(trustedFlag(m, "strike"));
  e.waiting = isWaitingRequest(m) ? (m.author?.id ?? null) : null;
  e.unfinished = isUnfinished(m);
  if (e.hold) {
    for (const h of e.hold.holds) addTo(ix, ix.byHold, h, id);
    for (const k of e.hold.pairs.keys()) addTo(ix, ix.byPair, k, id);
  }
  if (e.round) ix.byRound.set(e.round, (ix.byRound.get(e.round) ?? new Set()).add(id));
  if (e.waiting) addTo(ix, ix.waiting, e.waiting, id);
  if (e.unfinished) ix.unfinished.add(id);
  e.answers = answersOf(m);
  if (e.answers) ix.byAnswer.set(e.answers, id);
}

/** What a GM's card answers: its request, or its combat and round. */
function answersOf(m: ChatMessage.Implementation): string | null {
  const card = trustedFlag(m, "card");
  if (card?.requestId) return `card|${card.requestId}`;
  const strike = trustedFlag(m, "strike");
  if (strike?.requestId) return `strike|${strike.requestId}`;
  const round = trustedFlag(m, "roundCard");
  if (round?.combatId) return `roundCard|${round.combatId}|${round.round}`;
  const map = trustedFlag(m, "mapCard");
  if (map?.requestId) return `mapCard|${map.requestId}`;
  const charge = trustedFlag(m, "massCharge");
  if (charge?.requestId) return `massCharge|${charge.requestId}`;
  return null;
}

/** The GM's card that answers this (a request, a combat's round), if it is in the log: exactly once is kept by it, not by a predictable id. */
export function cardAnswering(key: string): ChatMessage.Implementation | undefined {
  const id = index().byAnswer.get(key);
  return id ? game.messages.get(id) : undefined;
}

function drop(ix: Index, id: string): void {
  const e = ix.entries.get(id);
  if (!e) return;
  unmark(ix, id, e);
  ix.entries.delete(id);
}

/** The index, built in one pass when first asked; caught up in one pass should a hook have been missed. */
function index(): Index {
  const s = state();
  if (!s.index) {
    s.index = { next: 0, entries: new Map(), byHold: new Map(), byPair: new Map(), byRound: new Map(), waiting: new Map(), unfinished: new Set(), byAnswer: new Map() };
    for (const m of game.messages) read(s.index, m);
  } else if (s.index.entries.size !== game.messages.size) {
    const ix = s.index;
    for (const id of [...ix.entries.keys()]) if (!game.messages.has(id)) drop(ix, id);
    for (const m of game.messages) if (!ix.entries.has(m.id ?? "")) read(ix, m);
  }
  return s.index;
}

/** A message was created or changed: the chat hooks tell the index, before the module's other listeners run. */
export function seen(m: ChatMessage.Implementation): void {
  const ix = state().index;
  if (ix && game.messages.has(m.id ?? "")) read(ix, m);
}

/** A message was deleted. */
export function forget(m: ChatMessage.Implementation): void {
  const ix = state().index;
  if (ix) drop(ix, m.id ?? "");
}

/** Builds this tab's index now (when the tab starts), so no action pays for it. */
export function buildIndex(): void {
  index();
}

/** Whether a result card is still one as it is now: a GM's, in the log, not undone (its holds never change). */
function live(id: string): boolean {
  const card = trustedFlag(game.messages.get(id), "card");
  return card !== undefined && card.state !== "undone";
}

/**
 * Whether a newer result card than `messageId` stands for the same hold, so that the hold's
 * buttons live on that card alone: one naming the hold, or offering buttons between the same two
 * creatures where either side does not name its hold. False for a message that is no live result card.
 */
export function supersededIn(messageId: string, holder: string, held: string, hold: string): boolean {
  const ix = index();
  const at = ix.entries.get(messageId);
  if (!at?.hold || !live(messageId)) return false;
  const newer = (list: readonly string[] | undefined, test: (id: string) => boolean) => {
    if (!list) return false;
    for (let i = list.length - 1; i >= 0; i--) {
      const id = list[i] as string;
      if ((ix.entries.get(id)?.seq ?? -1) <= at.seq) return false;
      if (test(id)) return true;
    }
    return false;
  };
  if (hold !== "" && newer(ix.byHold.get(hold), live)) return true;
  const key = `${holder}|${held}`;
  return newer(ix.byPair.get(key), (id) => live(id) && [...(ix.entries.get(id)?.hold?.pairs.get(key) ?? [])].some((h) => h === "" || hold === "" || h === hold));
}

/** A combat round's GM messages that may count against a creature: result cards and questions (read again by the caller). */
export function roundMessages(combatId: string, round: number): ChatMessage.Implementation[] {
  const ids = index().byRound.get(`${combatId}|${round}`);
  const out: ChatMessage.Implementation[] = [];
  for (const id of ids ?? []) {
    const m = game.messages.get(id);
    if (m) out.push(m);
  }
  return out;
}

/** A player's request cards still waiting, in the order this tab saw them arrive. */
export function waitingOf(authorId: string): ChatMessage.Implementation[] {
  return stillWaiting(index().waiting.get(authorId) ?? []);
}

/** Every request card still waiting, in the order this tab saw them arrive. */
export function allWaiting(): ChatMessage.Implementation[] {
  const ix = index();
  const ids = [...ix.waiting.values()].flat();
  ids.sort((a, b) => (ix.entries.get(a)?.seq ?? 0) - (ix.entries.get(b)?.seq ?? 0));
  return stillWaiting(ids);
}

/** The request cards at these ids that are still waiting, read again from the log. */
function stillWaiting(ids: readonly string[]): ChatMessage.Implementation[] {
  const out: ChatMessage.Implementation[] = [];
  for (const id of ids) {
    const m = game.messages.get(id);
    if (m && isWaitingRequest(m)) out.push(m);
  }
  return out;
}

/** The cards that write left "applying" or "undoing", in this tab's order (read again from the log). */
export function unfinishedCards(): ChatMessage.Implementation[] {
  const ix = index();
  const ids = [...ix.unfinished].sort((a, b) => (ix.entries.get(a)?.seq ?? 0) - (ix.entries.get(b)?.seq ?? 0));
  const out: ChatMessage.Implementation[] = [];
  for (const id of ids) {
    const m = game.messages.get(id);
    if (m && isUnfinished(m)) out.push(m);
  }
  return out;
}

/** The place of a message in this tab's order (the log's order at start, then arrival); -1 when not in the log. */
export function orderOf(messageId: string): number {
  return index().entries.get(messageId)?.seq ?? -1;
}
