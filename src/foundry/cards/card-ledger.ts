/**
 * The module's cards as the ledger names them (issue 33, finding 18). A card's flags are believed
 * only when the ledger (documents/ledger.ts: a combat's or a scene's flags, which only a GM
 * writes, C-70, C-86) names that message as the GM's card of that kind, with the seal of what it
 * stores; a message's author alone is not enough (whether a v13 server keeps a player-set author
 * on create has no public source: docs/foundry-contract.md).
 *
 * The ledger names a card before anything of it is written, and carries what it will be until it
 * is made (cards/pipeline.ts `post`: the ledger first, then the writes, the card last), so a GM tab
 * that finds a name still "writing" with no card (its tab closed mid-write) finishes it exactly
 * once (cards/kinds.ts `recoverCards`), and a second tab deciding the same request or round
 * finishes that card instead of making another.
 *
 * The ledger stays small: each store names only the cards that can still matter (still being
 * written, waiting or half written, each user's latest in the store, its combat's current and last round's, a
 * question not yet answered, the card that made a hold that stands); the others' names are
 * pruned whenever a new card is named there. A card whose name is pruned is still shown, as its
 * message's content, but is believed no more: no buttons, not counted, never finished or undone.
 */
import { MODULE_ID } from "../base/constants.ts";
import { tabState } from "../base/tab.ts";
import { gmWork } from "../gm/queue.ts";
import type { CardPayload, LedgerCard, LedgerCardFlag, LedgerStore, NamedCard } from "../documents/ledger.ts";
import { cardData, cardDropData, cardMadeData, cardWorkDropData, cardsAnswering, cardsIn, holdsIn, namedCard } from "../documents/ledger.ts";
import { canonicalJson } from "../base/canonical.ts";

/**
 * How many of a store's latest cards keep their names whatever else (their Undo, Apply and
 * follow-ups), for each user who caused cards there: a player's cards push out only that player's
 * own, never the GM's or another player's (issue 33's independent attack N1). The ledger stays
 * bounded by the world's users, not by the chat log.
 */
export const CARDS_KEPT = 20;

/** Who caused a card the ledger names ("" for a name from before it said so). */
function causedBy(c: LedgerCard): string {
  return typeof c.u === "string" ? c.u : "";
}

/**
 * Of the named cards that are made, each user's latest CARDS_KEPT. A name from before the ledger
 * said who caused it is kept as before, only while among the store's latest CARDS_KEPT of all: new
 * cards push such names out, so they do not stay for ever beside each user's own.
 */
function latestByUser(named: ReadonlyArray<[string, LedgerCard]>): Set<string> {
  const newest = [...named].sort((a, b) => b[1].n - a[1].n);
  const kept = new Map<string, number>();
  const out = new Set<string>();
  newest.forEach(([cid, c], i) => {
    const u = causedBy(c);
    if (u === "") {
      if (i < CARDS_KEPT) out.add(cid);
      return;
    }
    const n = kept.get(u) ?? 0;
    if (n >= CARDS_KEPT) return;
    kept.set(u, n + 1);
    out.add(cid);
  });
  return out;
}

/** What a card answers: exactly once is kept by it (a request, or a combat's round). */
export function answerOf(flag: LedgerCardFlag, stored: unknown): string {
  const s = (stored ?? {}) as { requestId?: unknown; combatId?: unknown; round?: unknown };
  if (flag === "roundCard") return `roundCard|${String(s.combatId ?? "")}|${String(s.round ?? "")}`;
  return `${flag}|${String(s.requestId ?? "")}`;
}

/** 32-bit FNV-1a, as 8 hex digits. */
function fnv(text: string, seed: number): string {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}

const seals = new WeakMap<object, string>();

/** A card's seal: its stored data, its state aside (the only part that changes once it is made). */
export function sealOf(stored: unknown): string {
  if (stored && typeof stored === "object") {
    const known = seals.get(stored);
    if (known) return known;
  }
  const rest = { ...((stored ?? {}) as Record<string, unknown>) };
  delete rest.state;
  const text = canonicalJson(rest);
  const seal = `${fnv(text, 0)}${fnv(text, 0x9e3779b9)}`;
  if (stored && typeof stored === "object") seals.set(stored, seal);
  return seal;
}

/** Whether the ledger names this message as the GM's card of this kind, storing what `stored` stores. */
export function believedCard(message: ChatMessage.Implementation, flag: LedgerCardFlag, stored: unknown): boolean {
  const named = namedCard(message.id ?? "");
  return named !== undefined && named.card.k === flag && named.card.h === sealOf(stored);
}

/** The ledger's entry for a card about to be written, with what it will be. */
export function writingEntry(store: LedgerStore, flag: LedgerCardFlag, stored: unknown, payload: CardPayload): LedgerCard {
  let n = 0;
  for (const c of cardsIn(store).values()) n = Math.max(n, c.n);
  const round = (stored as { round?: unknown } | null)?.round;
  // Who caused it: the author of the request card it closes (a forged author is never carried
  // out: cards/request-card.ts `requestAuthorship`), else this GM's tab's user; and which GM user
  // writes it (another's tab, while they are connected, leaves it to them: cards/kinds.ts).
  const closing = payload.c ? game.messages.get(payload.c) : undefined;
  const by = game.user?.id;
  const u = closing?.author?.id ?? by ?? "";
  return { k: flag, a: answerOf(flag, stored), h: sealOf(stored), n: n + 1, ...(typeof round === "number" ? { r: round } : {}), s: "writing", p: payload, u, ...(by ? { by } : {}) };
}

/** The state a card's message says now (undefined: no such message). */
function stateNow(id: string, flag: LedgerCardFlag): string | undefined {
  const m = game.messages.get(id);
  const v = m ? (m.getFlag as (scope: string, key: string) => unknown)(MODULE_ID, flag) : undefined;
  return v && typeof v === "object" ? String((v as { state?: unknown }).state ?? "") : m ? "" : undefined;
}

/**
 * The update data that names a new card in `store` and prunes the names that no longer matter:
 * a name whose card is made loses its payload, and the work begun on it (a waiting card's Apply,
 * an Undo: cards/pipeline.ts) once its card says it is done; a name that lost to another card
 * answering the same (a closed tab's, made again by another tab) goes; and of the cards made, only each
 * user's latest (CARDS_KEPT, by who caused them), those of the combat's current and last round, those waiting for the GM or half
 * written, open questions and the cards that made the holds this store keeps stay named.
 */
export function nameCardData(store: LedgerStore, id: string, entry: LedgerCard): Record<string, unknown> {
  const all = cardsIn(store);
  const made = (cid: string) => game.messages.has(cid);
  // The card being named counts among its user's latest.
  const latest = latestByUser([...[...all].filter(([cid]) => made(cid) && cid !== id), [id, entry] as [string, LedgerCard]]);
  const combatRound = store.documentName === "Combat" ? ((store as Combat.Implementation).round ?? 0) : null;
  const holdCards = new Set([...holdsIn(store).values()].map((h) => `card|${h.card}`));
  const out: Record<string, unknown> = {};
  for (const [cid, c] of all) {
    if (cid === id) continue;
    if (!made(cid)) {
      // Still being written, unless another card answering the same is made (this one lost).
      const answered = cardsAnswering(c.a).some((o) => o.id !== cid && made(o.id));
      if (answered || c.s === "made") Object.assign(out, cardDropData(cid));
      continue;
    }
    const state = stateNow(cid, c.k);
    // Work begun on it (a waiting card's Apply, an Undo) that its card does not yet say is done.
    const working = (c.w?.s === "applying" && state === "pending") || (c.w?.s === "undoing" && state === "applied");
    const matters =
      working ||
      latest.has(cid) ||
      (combatRound !== null && c.r !== undefined && c.r >= combatRound - 1) ||
      state === "pending" ||
      state === "applying" ||
      state === "undoing" ||
      c.k === "strike" ||
      holdCards.has(c.a);
    if (!matters) Object.assign(out, cardDropData(cid));
    else {
      if (c.s === "writing") Object.assign(out, cardMadeData(cid));
      // Work its card says is done: its record is not needed any more.
      if (c.w !== undefined && !working) Object.assign(out, cardWorkDropData(cid));
    }
  }
  return { ...out, ...cardData(id, entry) };
}

/** Of the names still "writing" for what one card answers, the one every tab finishes: the lowest id. */
export function winnerOf(writing: readonly NamedCard[]): NamedCard | undefined {
  return [...writing].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))[0];
}

/**
 * What the ledger says of what `answers` is answered by: the card made (one whose message is
 * there), else the name every tab finishes of those still being written, else nothing.
 */
export function answeredBy(answers: string): { readonly made?: NamedCard; readonly writing?: NamedCard } {
  const named = cardsAnswering(answers);
  const made = named.find((c) => game.messages.has(c.id));
  if (made) return { made };
  const writing = winnerOf(named.filter((c) => c.card.s === "writing" && c.card.p !== undefined));
  return writing ? { writing } : {};
}

const toForget = () => tabState("cards-to-forget", () => ({ ids: new Set<string>(), queued: false }));

/**
 * A card the ledger names "writing" was deleted (by a GM: only a GM may delete a GM's message,
 * C-34) before a later naming saw it made: its name is marked "made" and loses what the card was
 * to be, so it can never be taken for one still to make (an older view of it keeps its buttons,
 * each refused as stale). The active GM's tab writes it, every deletion of a moment (a chat log
 * cleared) in one update per store; a name already "made" needs no write.
 */
export function forgetDeletedCard(message: ChatMessage.Implementation, report: (e: unknown) => void): void {
  if (game.users.activeGM?.isSelf !== true || namedCard(message.id ?? "")?.card.s !== "writing") return;
  const q = toForget();
  q.ids.add(message.id ?? "");
  if (q.queued) return;
  q.queued = true;
  // Every deletion of one moment (a chat log cleared fires them one after another) in one update.
  void Promise.resolve().then(() => {
    q.queued = false;
    const ids = [...q.ids];
    q.ids.clear();
    gmWork(async () => {
      const byStore = new Map<LedgerStore, Record<string, unknown>>();
      for (const id of ids) {
        const named = namedCard(id);
        if (!named || named.card.s !== "writing" || game.messages.has(id)) continue;
        byStore.set(named.store, { ...(byStore.get(named.store) ?? {}), ...cardMadeData(id) });
      }
      for (const [store, changes] of byStore) await store.update(changes as never).catch(() => undefined);
    }).catch(report);
  });
}

/**
 * A combat deleted takes its notes with it: the names of its cards that are made are kept on its
 * creatures' scene (one update, by the active GM's tab), so the fight's last cards can still be
 * undone after the fight is ended; what no scene can take is believed no more.
 */
export function keepCardsOfCombat(combat: Combat.Implementation, report: (e: unknown) => void): void {
  if (game.users.activeGM?.isSelf !== true) return;
  const kept: Record<string, unknown> = {};
  // Work begun on a card and not yet done (a closed tab's Apply or Undo) goes with its name, and who caused it.
  for (const [id, c] of cardsIn(combat)) if (game.messages.has(id)) Object.assign(kept, cardData(id, { k: c.k, a: c.a, h: c.h, n: c.n, s: "made", ...(c.w ? { w: c.w } : {}), ...(c.u !== undefined ? { u: c.u } : {}) }));
  if (Object.keys(kept).length === 0) return;
  const tokenScene = [...combat.combatants].map((c) => c.token?.parent as Scene.Implementation | null | undefined).find((sc) => sc && game.scenes.has(sc.id ?? ""));
  const scene = tokenScene ?? ((combat as unknown as { scene?: Scene.Implementation | null }).scene ?? null);
  if (!scene || !game.scenes.has(scene.id ?? "")) return;
  gmWork(() => scene.update(kept as never)).catch(report);
}
