/**
 * The card pipeline: how every card that writes (a result, a round end, a mass charge, a move on
 * the map) is posted, carried out, finished after a closed tab, applied by the GM's hand and
 * undone, the same way for all of them. The kinds themselves (cards/kinds.ts) say how each is
 * rendered and what it writes; this file says when the card says what.
 *
 * The one rule of trust lives here too: a card's flags are believed only on a message whose
 * server-stamped author is a GM (C-32). A player may post or edit their own messages with any
 * flags; such a message is never carried out, finished, undone or given buttons.
 *
 * Steps and their requests:
 * - v14 (one batch): a card is created already "applied" in the same request as every write it
 *   makes, after them, and the request card it answers is removed last. A batch is all or nothing
 *   only up to its dry run (an operation failing after it leaves the earlier ones written,
 *   foundryvtt#14174; a cancelled batch may resolve with nothing written, C-46), so the card is
 *   read back: standing "applied", everything before it stands too. Otherwise the card is written
 *   in steps below, finishing whatever part of the batch stands (resume). Applying a waiting card
 *   and undoing one are one request each the same way.
 * - Otherwise in steps, the ledger first: a new card is named there (what it will be) with the
 *   holds it makes and the combat's notes, then its writes, then the card is made in its final
 *   state. A waiting card's Apply (or an Undo) is named on the card's name in the ledger (work
 *   begun: its undo record as foreseen) in the same request as the holds it makes or ends, then its
 *   writes, then the card says "applied" ("undone"): no request of its own, so a waiting card's
 *   Apply on v13 costs what the same result made directly costs (5 for a hold). A tab that closes
 *   between them leaves a name the next GM tab finishes once (hooks/requests.ts), skipping what
 *   is written already.
 */
import { MODULE_ID } from "../base/constants.ts";
import { tabState } from "../base/tab.ts";
import { notify } from "../base/i18n.ts";
import type { AutomationLevel, CardState, StoredCard, StoredMapCard, StoredMassCharge, StoredRoundCard, StoredStrike, UndoRecord } from "../base/types.ts";
import type { Plan } from "../gm/apply.ts";
import { markedBefore, reportProblems, undoAsWritten, undoFor, undoWrites, writesOf, writesSomething, carryOut } from "../gm/apply.ts";
import type { CombatWrite, WriteSet } from "../gm/writes.ts";
import { writeAsOne, writeAll } from "../gm/writes.ts";
import { withLedger } from "../gm/ledger.ts";
import { tokenByUuid } from "../documents/cast.ts";
import type { CardWork, LedgerCardFlag, LedgerStore, NamedCard } from "../documents/ledger.ts";
import { answerOf, answeredBy, believedCard, nameCardData, writingEntry } from "./card-ledger.ts";
import { cardWorkData, cardsAnswering, namedCard } from "../documents/ledger.ts";
import type { CardVisibility } from "./visibility.ts";
import { visibilityData } from "./visibility.ts";

/** What each of the module's card flags holds. A request is a player's: its content is checked before use. */
interface FlagTypes {
  card: StoredCard;
  roundCard: StoredRoundCard;
  massCharge: StoredMassCharge;
  mapCard: StoredMapCard;
  strike: StoredStrike;
  request: unknown;
}

export type CardFlag = keyof FlagTypes;

/** Whether this message's author is a GM, as the server stamped it (C-32). */
export function byGM(message: ChatMessage.Implementation | null | undefined): boolean {
  return message?.author?.isGM === true;
}

/**
 * A card's flag, believed only from a GM's message that the ledger names as the GM's card of that
 * kind, storing what it stores (cards/card-ledger.ts: trust does not rest on the author alone,
 * issue 33 finding 18). A request card is any user's: its content is read as unknown and checked
 * again against the documents when carried out (cards/request-card.ts).
 */
export function trustedFlag<F extends CardFlag>(message: ChatMessage.Implementation | null | undefined, flag: F): FlagTypes[F] | undefined {
  if (!message || (flag !== "request" && !byGM(message))) return undefined;
  const v = (message.getFlag as (scope: string, key: string) => unknown)(MODULE_ID, flag);
  if (v === undefined || v === null || typeof v !== "object") return undefined;
  if (flag !== "request" && !believedCard(message, flag as LedgerCardFlag, v)) return undefined;
  return v as FlagTypes[F];
}

/** Whether the ledger names this message as one of the GM's cards (of any kind). */
export function namedAsCard(message: ChatMessage.Implementation | null | undefined): boolean {
  return !!message && (["card", "roundCard", "massCharge", "mapCard", "strike"] as const).some((f) => trustedFlag(message, f) !== undefined);
}

/**
 * A GM's card of this kind whose stored data passes `match`, newest first. Exactly once is kept by
 * what the GM's cards record (the request or round each answers), not by an id anyone could work
 * out beforehand: the module's cards take fresh ids (`freshCardId`).
 */
export function gmCard<F extends CardFlag>(flag: F, match: (stored: FlagTypes[F]) => boolean): ChatMessage.Implementation | undefined {
  const all = game.messages.contents;
  for (let i = all.length - 1; i >= 0; i--) {
    const m = all[i];
    const v = trustedFlag(m, flag);
    if (m && v && match(v)) return m;
  }
  return undefined;
}

/** A new card's id: Foundry's own random id, made on the GM's tab as the card is written, so no player can put a message there first. */
export function freshCardId(): string {
  return foundry.utils.randomID();
}

/** The undo record stored with a GM's card (one the ledger names). */
export function undoRecordOf(message: ChatMessage.Implementation): UndoRecord[] {
  if (!namedAsCard(message)) return [];
  const u = message.getFlag(MODULE_ID, "undo");
  return Array.isArray(u) ? u : [];
}

/**
 * Makes sure the GM's tab may use `id` for a card: "free", or "taken" by a GM's message (the same
 * work done already). A message a player made at that id first (their client can choose ids and
 * predict ours) is removed, and the work goes on.
 */
export async function claim(id: string): Promise<"free" | "taken"> {
  const m = game.messages.get(id);
  if (!m) return "free";
  if (byGM(m)) return "taken";
  console.warn(`${MODULE_ID} | a message by ${m.author?.name ?? "?"} stood at the id of a card; removed`);
  try {
    await m.delete();
  } catch {
    // Gone already.
  }
  return game.messages.get(id) && byGM(game.messages.get(id)) ? "taken" : "free";
}

/** How a kind of card is made and written: what the pipeline asks of each. */
export interface WritingKind<S extends { readonly state?: CardState }> {
  readonly flag: "card" | "roundCard" | "massCharge" | "mapCard";
  render(stored: S): Promise<string>;
  /**
   * The writes of this card as the world is now: to apply a waiting card, or finish one left
   * "applying". Null: it can no longer be written (its combat is gone), and it is cancelled.
   */
  writesNow(stored: S, message: ChatMessage.Implementation): { plan: Plan; combats?: CombatWrite[]; stillValid?: () => boolean } | null;
}

/** The changes that put a card in a new state: its flag and its rendered content together. */
async function stateChanges<S extends { readonly state?: CardState }>(kind: WritingKind<S>, stored: S, state: CardState, undo?: UndoRecord[] | null): Promise<{ next: S; changes: Record<string, unknown> }> {
  const next = { ...stored, state } as S;
  return { next, changes: { content: await kind.render(next), [`flags.${MODULE_ID}.${kind.flag}`]: next, ...(undo ? { [`flags.${MODULE_ID}.undo`]: undo } : {}) } };
}

/** Cards this tab is writing now: a finish from a hook waits for nothing and must not meet them. */
const busyHere = () => tabState("cards-busy", () => new Set<string>());

export function isBusy(id: string): boolean {
  return busyHere().has(id);
}

export interface Posting<S extends { readonly state?: CardState }> {
  readonly kind: WritingKind<S>;
  readonly id: string;
  readonly stored: S;
  readonly level: AutomationLevel;
  /** What it writes (null or writing nothing: a miss, a card that only tells). */
  readonly plan: Plan | null;
  /** More writes in the same step: the combat's notes. */
  readonly combats?: readonly CombatWrite[];
  readonly rolls?: readonly Roll[];
  readonly speaker?: Record<string, unknown>;
  /** A request card this card answers: removed in the same request where one request carries it all. */
  readonly closing?: string;
  /** Whether the card keeps an undo record (a map card has nothing to undo). */
  readonly undoable: boolean;
  /** A round end whose combat was deleted meanwhile stops. */
  readonly stillValid?: () => boolean;
  /** Who sees the card and its dice (cards/visibility.ts); absent: everyone. */
  readonly visibility?: CardVisibility;
  /**
   * Messages that go with the card, made once after it (a blind card's note to the player who
   * asked): each with the id it is made at, so a card finished in steps does not make it twice.
   */
  readonly notes?: ReadonlyArray<{ readonly id: string; readonly data: Record<string, unknown> }>;
  /** More data for the card's message (Dice So Nice's flags: base/dice-so-nice.ts), beside the module's own. */
  readonly extra?: { readonly flags?: Record<string, unknown> };
}

export type Posted = { readonly kind: "posted"; readonly message: ChatMessage.Implementation; readonly state: CardState; readonly closed: boolean } | { readonly kind: "duplicate" };

function rollData(rolls: readonly Roll[], asJson: boolean): unknown[] {
  return asJson ? rolls.map((r) => JSON.stringify(r)) : [...rolls];
}

async function create(data: Record<string, unknown>): Promise<ChatMessage.Implementation | undefined> {
  try {
    return (await ChatMessage.create(data as never, { keepId: true })) ?? undefined;
  } catch {
    return undefined;
  }
}

/** The store a new card is named in: one the write set changes already (no request more), else its combat, else its creatures' scene. */
function cardStore(stored: unknown, set: WriteSet, plan: Plan | null): LedgerStore | null {
  const s = (stored ?? {}) as { combatId?: unknown; names?: unknown; intent?: { attackerUuid?: unknown; defenderUuid?: unknown } };
  const combatId = typeof s.combatId === "string" ? s.combatId : undefined;
  const combats = (set.combats ?? []).map((c) => c.combat).filter((c) => game.combats.has(c.id ?? ""));
  const own = combats.find((c) => c.id === combatId) ?? combats[0];
  if (own) return own;
  const scene = (set.scenes ?? []).map((w) => w.scene).find((sc) => game.scenes.has(sc.id ?? ""));
  if (scene) return scene;
  const combat = combatId ? (game.combats.get(combatId) as Combat.Implementation | undefined) : undefined;
  if (combat) return combat;
  const uuids = [
    ...(typeof s.intent?.attackerUuid === "string" ? [s.intent.attackerUuid] : []),
    ...(typeof s.intent?.defenderUuid === "string" ? [s.intent.defenderUuid] : []),
    ...(s.names && typeof s.names === "object" ? Object.keys(s.names) : []),
  ];
  for (const uuid of uuids) {
    const parent = tokenByUuid(uuid)?.parent as Scene.Implementation | null | undefined;
    if (parent) return parent;
  }
  for (const w of plan?.writes ?? []) {
    const token = (w.actor as unknown as { token?: TokenDocument.Implementation | null }).token ?? w.actor.getActiveTokens?.()[0]?.document;
    const parent = token?.parent as Scene.Implementation | null | undefined;
    if (parent) return parent;
  }
  return ((game.scenes as unknown as { active?: Scene.Implementation | null }).active ?? game.scenes.contents[0] ?? null) as Scene.Implementation | null;
}

/** The write set with a card named in its store (merged into the combat's or scene's changes it sends already). */
function withCardNamed(set: WriteSet, store: LedgerStore, changes: Record<string, unknown>): WriteSet {
  if (store.documentName === "Combat") {
    const combats = [...(set.combats ?? [])];
    const i = combats.findIndex((w) => w.combat.id === store.id);
    const at = combats[i];
    if (at) combats[i] = { combat: at.combat, changes: { ...at.changes, ...changes } };
    else combats.push({ combat: store as Combat.Implementation, changes });
    return { ...set, combats, ledgered: true };
  }
  const scenes = [...(set.scenes ?? [])];
  const i = scenes.findIndex((w) => w.scene.id === store.id);
  const at = scenes[i];
  if (at) scenes[i] = { scene: at.scene, changes: { ...at.changes, ...changes } };
  else scenes.push({ scene: store as Scene.Implementation, changes });
  return { ...set, scenes, ledgered: true };
}

/**
 * Makes a card the ledger names as "writing" and whose tab closed before making it: from what the
 * ledger says it will be, once (its id is the ledger's; a second creation is refused). A card
 * that writes is made "applying" and finished as a card a closed tab left half written, skipping
 * what is written already; then the request card it answers is removed and its notes made.
 * `kind`: the card's writing kind (null for a question). Must run as the GM's work.
 */
export async function recoverCard(kind: WritingKind<{ readonly state?: CardState }> | null, named: NamedCard): Promise<boolean> {
  const { id, card } = named;
  const payload = card.p;
  if (game.messages.has(id) || !payload || busyHere().has(id)) return false;
  const data = payload.d;
  const ours = ((data.flags as Record<string, unknown> | undefined)?.[MODULE_ID] ?? {}) as Record<string, unknown>;
  const stored = ours[card.k] as { state?: CardState } | undefined;
  if (!stored || typeof stored !== "object") return false;
  const finishing = kind !== null && stored.state === "applied";
  busyHere().add(id);
  let made: ChatMessage.Implementation | undefined;
  try {
    if (finishing) {
      const applying = { ...stored, state: "applying" as const };
      made = await create({ ...data, _id: id, content: await kind.render(applying), flags: { ...(data.flags as Record<string, unknown>), [MODULE_ID]: { ...ours, [card.k]: applying } } });
    } else made = await create({ ...data, _id: id });
  } finally {
    busyHere().delete(id);
  }
  if (!made) return false;
  if (finishing && kind) await finish(kind, made);
  if (payload.c && game.messages.get(payload.c)) await game.messages.get(payload.c)?.delete().catch(() => undefined);
  for (const n of payload.o ?? []) if (!game.messages.get(n.id)) await create({ ...n.data, _id: n.id });
  return true;
}

/**
 * Whether what a card answers is answered already, as the ledger says: by a card made, or by one
 * still being written, which is then finished here instead of making another (its tab closed, or
 * another tab is writing it: the lowest id of those being written is the one every tab finishes).
 */
async function answeredAlready(kind: WritingKind<{ readonly state?: CardState }> | null, answers: string, mine?: string): Promise<boolean> {
  const by = answeredBy(answers);
  if (by.made) return by.made.id !== mine;
  if (!by.writing || by.writing.id === mine) return false;
  await recoverCard(kind, by.writing);
  return true;
}

/**
 * Posts a card and, when automation says so, carries out what it writes, the ledger first: the
 * card's name in the ledger (what it will be, and enough to finish it) with the hold entries and
 * the combat's notes, then its writes, then the card, made last already in its final state (on v14
 * all in one batch, the request card's removal after it). A tab that closes between them leaves
 * a name "writing" with no card, which the next GM tab finishes (`recoverCard`). What the card
 * answers (its request, its combat's round) is answered once: a card made or being written for it
 * (another delivery of the same request, another GM tab) makes this a duplicate, and nothing is
 * written.
 */
export async function post<S extends { readonly state?: CardState }>(p: Posting<S>): Promise<Posted> {
  const kind = p.kind as unknown as WritingKind<{ readonly state?: CardState }>;
  const answers = answerOf(p.kind.flag, p.stored);
  if (await answeredAlready(kind, answers)) return { kind: "duplicate" };
  if ((await claim(p.id)) === "taken") return { kind: "duplicate" };
  const final: CardState = p.level === "automatic" ? "applied" : p.level === "confirm" ? "pending" : "manual";
  const writes = final === "applied" && p.plan !== null && writesSomething(p.plan);
  const combats = p.combats ?? [];
  const undo = writes && p.plan && p.undoable ? undoFor(p.plan) : [];
  const data = async (state: CardState, asJson: boolean, undoRecord: UndoRecord[] = undo) => ({
    _id: p.id,
    content: await p.kind.render({ ...p.stored, state } as S),
    rolls: rollData(p.rolls ?? [], asJson),
    ...(p.speaker ? { speaker: p.speaker } : {}),
    ...(p.visibility ? visibilityData(p.visibility) : {}),
    flags: { ...(p.extra?.flags ?? {}), [MODULE_ID]: { [p.kind.flag]: { ...p.stored, state }, ...(p.undoable ? { undo: undoRecord } : {}) } },
  });
  const notes = p.notes ?? [];
  // The notes once each: made where they are not there yet (a batch may have made them already).
  const makeNotes = async () => {
    for (const n of notes) if (!game.messages.get(n.id)) await create({ ...n.data, _id: n.id });
  };
  busyHere().add(p.id);
  try {
    const unbelieved = writes && p.plan ? markedBefore(p.plan) : new Set<string>();
    const w = writes && p.plan ? writesOf(p.plan) : null;
    const closing = final === "applied" && p.closing ? [{ action: "delete" as const, id: p.closing }] : [];
    const landed = () => stateOfMessage(p.kind, game.messages.get(p.id)) === final;
    const noteOps = notes.map((n) => ({ action: "create" as const, data: { ...n.data, _id: n.id } }));
    // The ledger's changes for these writes (the holds they make or end), with the card named in
    // the store they change already: one request on v13 for the ledger, whatever it holds.
    const whole = withLedger({ actors: w?.set.actors ?? [], tokens: w?.set.tokens ?? [], combats });
    const store = cardStore(p.stored, whole, p.plan);
    const finalData = await data(final, true);
    const entry = store ? writingEntry(store, p.kind.flag, p.stored, { d: finalData, ...(closing.length > 0 && p.closing ? { c: p.closing } : {}), ...(notes.length > 0 ? { o: notes } : {}) }) : null;
    const named = store && entry ? withCardNamed(whole, store, nameCardData(store, p.id, entry)) : { ...whole, ledgered: true };
    const one = await writeAsOne({ ...named, messages: [{ action: "create", data: finalData }, ...noteOps, ...closing] }, landed).finally(() => w?.done());
    const made = game.messages.get(p.id);
    if (one.sent && made) {
      reportProblems(one.problems);
      await makeNotes();
      const written = writes && p.undoable ? undoAsWritten(undo) : null;
      if (written) await made.update({ [`flags.${MODULE_ID}.undo`]: written } as never).catch(() => undefined);
      // The request card's removal goes last: should it alone have failed, the caller removes it.
      return { kind: "posted", message: made, state: final, closed: closing.length > 0 && !game.messages.get(p.closing ?? "") };
    }
    // In steps. First the ledger (the card's name, the holds, the combat's notes): sent again
    // after a batch that did not land whole, as its values are absolute.
    let outcome: "done" | "cancelled" = "done";
    if (!(p.stillValid?.() ?? true)) outcome = "cancelled";
    else if ((named.combats ?? []).length + (named.scenes ?? []).length > 0) outcome = (await writeAll({ actors: [], combats: named.combats ?? [], scenes: named.scenes ?? [], ledgered: true }, p.stillValid)).outcome;
    // Another tab named a card for the same meanwhile (a closed tab's last request landing late):
    // the one every tab finishes is finished, and this one is given up before anything is written.
    if (outcome === "done" && (await answeredAlready(kind, answers, p.id))) return { kind: "duplicate" };
    if (outcome === "done" && writes && p.plan) {
      // Then the writes (after a batch that did not land whole, what of it stands is skipped).
      const marked = (a: Actor.Implementation) => !unbelieved.has(a.uuid) && ((a.getFlag(MODULE_ID, "applied") ?? []) as string[]).includes(p.plan?.markId ?? "");
      const actors = one.tried ? named.actors.map((x) => (marked(x.actor) ? { ...x, data: {} } : x)) : named.actors;
      const again = writesOf(p.plan, one.tried, unbelieved);
      const result = await writeAll({ actors, tokens: w?.set.tokens ?? [], ledgered: true }, p.stillValid).finally(again.done);
      reportProblems(result.problems);
      outcome = result.outcome;
    }
    // Last the card, already in its final state, its undo record as the writes turned out.
    const state: CardState = outcome === "cancelled" ? "cancelled" : final;
    const asWritten = writes && p.undoable ? (undoAsWritten(undo) ?? undo) : undo;
    const last = await data(state, false, asWritten);
    let message = await create(last);
    if (!message) {
      const there = game.messages.get(p.id);
      // Made meanwhile by a tab finishing this name (the same card), or a message put at its id first: removed, and the card made.
      if (there && stateOfMessage(p.kind, there) !== undefined) message = there;
      else if ((await claim(p.id)) === "free" || (there && byGM(there) && (await there.delete().then(() => true).catch(() => false)))) message = await create(last);
    }
    if (!message) return { kind: "duplicate" };
    await makeNotes();
    return { kind: "posted", message, state: stateOfMessage(p.kind, message) ?? state, closed: false };
  } finally {
    busyHere().delete(p.id);
  }
}

/**
 * Posts a card that writes nothing (a question to the defender's owner), named in the ledger
 * first: on v14 in one batch with its creation, else the ledger, then the card. False: what it
 * answers is answered already (or its id was taken), and nothing is posted.
 */
export async function postNamed(flag: "strike", id: string, stored: unknown, data: Record<string, unknown>): Promise<boolean> {
  const answers = answerOf(flag, stored);
  if (await answeredAlready(null, answers)) return false;
  const store = cardStore(stored, { actors: [] }, null);
  const entry = store ? writingEntry(store, flag, stored, { d: data }) : null;
  const named: WriteSet = store && entry ? withCardNamed({ actors: [] }, store, nameCardData(store, id, entry)) : { actors: [], ledgered: true };
  busyHere().add(id);
  try {
    const one = await writeAsOne({ ...named, messages: [{ action: "create", data }] }, () => game.messages.has(id));
    if (one.sent && game.messages.has(id)) return true;
    if ((named.combats ?? []).length + (named.scenes ?? []).length > 0) await writeAll({ actors: [], combats: named.combats ?? [], scenes: named.scenes ?? [], ledgered: true });
    if (await answeredAlready(null, answers, id)) return false;
    return (await create(data)) !== undefined || game.messages.has(id);
  } finally {
    busyHere().delete(id);
  }
}

function stateOfMessage<S extends { readonly state?: CardState }>(kind: WritingKind<S>, message: ChatMessage.Implementation): CardState | undefined {
  return (trustedFlag(message, kind.flag) as unknown as S | undefined)?.state;
}

/** The writes of a card in "applying", then the card says "applied" (or "cancelled", should its round's combat be gone). */
async function finishSteps<S extends { readonly state?: CardState }>(kind: WritingKind<S>, message: ChatMessage.Implementation, stored: S, plan: Plan | null, combats: readonly CombatWrite[], resume: boolean, stillValid?: () => boolean, unbelieved?: ReadonlySet<string>): Promise<void> {
  let outcome: "done" | "cancelled" = "done";
  if (plan && writesSomething(plan)) outcome = await carryOut(plan, stillValid, resume, { combats }, unbelieved);
  else if (combats.length > 0) {
    const r = await writeAll({ actors: [], combats }, stillValid);
    outcome = r.outcome;
  }
  const written = outcome === "done" ? undoAsWritten(undoRecordOf(message)) : null;
  const { changes } = await stateChanges(kind, stored, outcome === "done" ? "applied" : "cancelled", written);
  try {
    await message.update(changes as never);
  } catch {
    // The card was deleted meanwhile: its result stands all the same.
  }
}

/**
 * Finishes a card its tab left "applying" (closed mid-write): its writes again from the card, as
 * the world is now, skipping what is there already. Must run as the GM's work.
 */
export async function finish<S extends { readonly state?: CardState }>(kind: WritingKind<S>, message: ChatMessage.Implementation): Promise<boolean> {
  const id = message.id ?? "";
  const stored = trustedFlag(message, kind.flag) as unknown as S | undefined;
  if (!stored || stored.state !== "applying" || !game.messages.get(id) || busyHere().has(id)) return false;
  busyHere().add(id);
  try {
    const now = kind.writesNow(stored, message);
    if (!now) {
      const { changes } = await stateChanges(kind, stored, "cancelled");
      await message.update(changes as never).catch(() => undefined);
      return true;
    }
    await finishSteps(kind, message, stored, now.plan, now.combats ?? [], true, now.stillValid);
    return true;
  } finally {
    busyHere().delete(id);
  }
}

/** The work begun on a card, as its name in the ledger says (a waiting card's Apply, an Undo). */
function workOn(id: string): CardWork | undefined {
  const w = namedCard(id)?.card.w;
  return w && typeof w === "object" && (w.s === "applying" || w.s === "undoing") ? w : undefined;
}

/** A write set with the card's work named on its name in the ledger (merged into the store's changes the set sends already). */
function withWork(set: WriteSet, id: string, work: CardWork): WriteSet {
  const named = namedCard(id);
  return named ? withCardNamed(set, named.store, cardWorkData(id, work)) : { ...set, ledgered: true };
}

/**
 * The ledger's part of a write set in steps, before anything else of it: the store naming the
 * card first (its work begun), then any other store the set changes.
 */
async function sendLedger(set: WriteSet, id: string, stillValid?: () => boolean): Promise<"done" | "cancelled"> {
  const store = namedCard(id)?.store;
  const mine = (doc: { readonly documentName: string; readonly id: string | null }) => store !== undefined && doc.documentName === store.documentName && doc.id === store.id;
  const combats = set.combats ?? [];
  const scenes = set.scenes ?? [];
  const parts = [
    { combats: combats.filter((c) => mine(c.combat)), scenes: scenes.filter((w) => mine(w.scene)) },
    { combats: combats.filter((c) => !mine(c.combat)), scenes: scenes.filter((w) => !mine(w.scene)) },
  ];
  for (const part of parts) {
    if (part.combats.length + part.scenes.length === 0) continue;
    if ((await writeAll({ actors: [], ...part, ledgered: true }, stillValid)).outcome === "cancelled") return "cancelled";
  }
  return "done";
}

/**
 * A waiting card applied in steps: the ledger first (the holds it makes or ends, the combat's
 * notes and, on the card's name, the Apply begun with its undo record as foreseen), then its
 * writes, then the card says "applied" with its undo record as written (or "cancelled", should its
 * round's combat be gone). `resume`: part of it may stand (a batch that did not land whole, a tab
 * closed mid-write): an actor already carrying the card's mark is not written again, unless it
 * carried it before the Apply began (`work.b`).
 */
async function applyInSteps<S extends { readonly state?: CardState }>(kind: WritingKind<S>, message: ChatMessage.Implementation, stored: S, now: { plan: Plan; combats?: CombatWrite[]; stillValid?: () => boolean }, work: CardWork, resume: boolean): Promise<void> {
  const id = message.id ?? "";
  const w = writesOf(now.plan, resume, new Set(work.b ?? []));
  let outcome: "done" | "cancelled";
  try {
    const set = withWork(withLedger({ ...w.set, combats: now.combats ?? [] }), id, work);
    outcome = await sendLedger(set, id, now.stillValid);
    if (outcome === "done" && writesSomething(now.plan)) {
      const result = await writeAll({ actors: set.actors, tokens: set.tokens ?? [], ledgered: true }, now.stillValid);
      reportProblems(result.problems);
      outcome = result.outcome;
    }
  } finally {
    w.done();
  }
  const undo = [...(work.u ?? [])];
  const { changes } = await stateChanges(kind, stored, outcome === "done" ? "applied" : "cancelled", outcome === "done" ? (undoAsWritten(undo) ?? undo) : []);
  try {
    await message.update(changes as never);
  } catch {
    // The card was deleted meanwhile: its result stands all the same.
  }
}

/** A card undone in steps: the ledger first (the holds it ends or brings back, and the Undo begun on the card's name), then its writes, then the card says "undone". */
async function undoInSteps<S extends { readonly state?: CardState }>(kind: WritingKind<S>, message: ChatMessage.Implementation, stored: S): Promise<void> {
  const id = message.id ?? "";
  const w = undoWrites(undoRecordOf(message));
  try {
    const set = withWork(withLedger(w.set), id, { s: "undoing", by: game.user.id });
    await sendLedger(set, id);
    const result = await writeAll({ actors: set.actors, tokens: set.tokens ?? [], ledgered: true });
    reportProblems(result.problems);
  } finally {
    w.done();
  }
  const { changes } = await stateChanges(kind, stored, "undone");
  try {
    await message.update(changes as never);
  } catch {
    // The card was deleted meanwhile: what it did is taken back all the same.
  }
}

/**
 * Finishes work a closed tab began on a card, as the card's name in the ledger says: a waiting
 * card's Apply (the card still "pending"), from the undo record and the unbelieved marks the
 * ledger kept, or an Undo (the card still "applied"), skipping what is written already. False:
 * nothing to finish (the card says the work is done). Must run as the GM's work.
 */
export async function finishWork<S extends { readonly state?: CardState }>(kind: WritingKind<S>, message: ChatMessage.Implementation, undoable: boolean): Promise<boolean> {
  const id = message.id ?? "";
  const stored = trustedFlag(message, kind.flag) as unknown as S | undefined;
  const work = workOn(id);
  if (!stored || !work || !game.messages.get(id) || busyHere().has(id)) return false;
  const applying = work.s === "applying" && stored.state === "pending";
  if (!applying && !(work.s === "undoing" && stored.state === "applied" && undoable)) return false;
  busyHere().add(id);
  try {
    if (!applying) {
      await undoInSteps(kind, message, stored);
      return true;
    }
    const now = kind.writesNow(stored, message);
    if (now) await applyInSteps(kind, message, stored, now, work, true);
    else {
      const { changes } = await stateChanges(kind, stored, "cancelled");
      await message.update(changes as never).catch(() => undefined);
    }
    return true;
  } finally {
    busyHere().delete(id);
  }
}

/**
 * The GM applies a card left waiting ("GM confirms"). Must run as the GM's work. False: nothing to
 * apply. An Apply a closed tab began (named in the ledger) is finished instead, not begun again.
 */
export async function applyWaiting<S extends { readonly state?: CardState }>(kind: WritingKind<S>, message: ChatMessage.Implementation): Promise<boolean> {
  const id = message.id ?? "";
  const stored = trustedFlag(message, kind.flag) as unknown as S | undefined;
  if (!stored || stored.state !== "pending" || busyHere().has(id)) return false;
  if (workOn(id)?.s === "applying") return finishWork(kind, message, false);
  const now = kind.writesNow(stored, message);
  if (!now) return false;
  const undo = undoFor(now.plan);
  const unbelieved = markedBefore(now.plan);
  const work: CardWork = { s: "applying", u: undo, ...(unbelieved.size > 0 ? { b: [...unbelieved] } : {}), by: game.user.id };
  busyHere().add(id);
  try {
    // v14: one batch, the Apply named in the ledger first (should only part of the batch land and
    // its tab close, the next GM tab finishes it from there), the card last, read back.
    const w = writesOf(now.plan);
    const set = withWork(withLedger({ ...w.set, combats: now.combats ?? [] }), id, work);
    const { changes } = await stateChanges(kind, stored, "applied", undo);
    const one = await writeAsOne({ ...set, messages: [{ action: "update", id, changes }] }, () => cardState(message, kind.flag) === "applied").finally(w.done);
    if (one.sent) {
      reportProblems(one.problems);
      const written = undoAsWritten(undo);
      if (written) await message.update({ [`flags.${MODULE_ID}.undo`]: written } as never).catch(() => undefined);
      return true;
    }
    await applyInSteps(kind, message, stored, now, work, one.tried);
    return true;
  } finally {
    busyHere().delete(id);
  }
}

/**
 * Undoes an applied card, or finishes an Undo a closed tab began (the card left "undoing", or its
 * name in the ledger saying so): in one request where the build allows (the card says "undone" in
 * the same request that takes its result back, the Undo named in the ledger first), else in steps,
 * the ledger first. Undo skips what is taken back already (the card's mark gone from an actor,
 * effects already removed or remade). Must run as the GM's work. False: nothing to undo.
 */
export async function undoCard<S extends { readonly state?: CardState }>(kind: WritingKind<S>, message: ChatMessage.Implementation): Promise<boolean> {
  const id = message.id ?? "";
  const stored = trustedFlag(message, kind.flag) as unknown as S | undefined;
  const state = stored?.state;
  if (!stored || (state !== "applied" && state !== "undoing") || busyHere().has(id)) return false;
  busyHere().add(id);
  try {
    if (state === "applied" && workOn(id)?.s !== "undoing") {
      const w = undoWrites(undoRecordOf(message));
      const set = withWork(withLedger(w.set), id, { s: "undoing", by: game.user.id });
      const { changes } = await stateChanges(kind, stored, "undone");
      const one = await writeAsOne({ ...set, messages: [{ action: "update", id, changes }] }, () => cardState(message, kind.flag) === "undone").finally(w.done);
      if (one.sent) {
        reportProblems(one.problems);
        return true;
      }
    }
    await undoInSteps(kind, message, stored);
    return true;
  } finally {
    busyHere().delete(id);
  }
}

/**
 * Two cards made for the same (two tabs deciding the same round or request from views that did not
 * yet include each other's write: a closed tab's last batch landing after the next tab decided).
 * Both wrote absolute values from the same world, so the later one's writes stand: the earlier
 * card, in the log's order, is marked "cancelled" (nothing written, nothing to undo), so one card
 * stands for what they answer. Must run as the GM's work.
 */
export async function settleRivals<S extends { readonly state?: CardState }>(kind: WritingKind<S>, message: ChatMessage.Implementation): Promise<void> {
  const stored = trustedFlag(message, kind.flag) as unknown as S | undefined;
  if (!stored) return;
  const rivals = cardsAnswering(answerOf(kind.flag, stored))
    .map((n) => game.messages.get(n.id) as ChatMessage.Implementation | undefined)
    .filter((m): m is ChatMessage.Implementation => m !== undefined && stateOfMessage(kind, m) === "applied");
  if (rivals.length < 2) return;
  const order = game.messages.contents.map((m) => m.id ?? "");
  rivals.sort((a, b) => order.indexOf(a.id ?? "") - order.indexOf(b.id ?? ""));
  for (const m of rivals.slice(0, -1)) {
    const was = trustedFlag(m, kind.flag) as unknown as S;
    console.warn(`${MODULE_ID} | two cards answer the same (a tab closed mid-write); the earlier, ${m.id ?? ""}, is marked cancelled`);
    const { changes } = await stateChanges(kind, was, "cancelled");
    await m.update({ ...changes, [`flags.${MODULE_ID}.undo`]: [] } as never).catch(() => undefined);
  }
}

/** A button from an older view of a card (applied or undone since): nothing to do, and the GM is told. */
export function alreadyDone(): void {
  notify("info", "WC.Refuse.alreadyDone");
}

/** The state of a card of any writing kind, believed from a GM's message only. */
export function cardState(message: ChatMessage.Implementation, flag: WritingKind<never>["flag"]): CardState | undefined {
  return (trustedFlag(message, flag) as { state?: CardState } | undefined)?.state;
}
