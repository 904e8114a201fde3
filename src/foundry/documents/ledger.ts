/**
 * The ledger: the truth of every hold, kept on documents only a GM can write. A hold's two
 * effects (one on each creature) are what sheets, token icons and other modules see, but a
 * player may edit or remove the one on their own creature; so the GM's tab acts only on what
 * the ledger says, and rebuilds the effects from it (gm/hold-guard.ts).
 *
 * Where it is kept (docs/foundry-contract.md):
 * - a hold made in a combat: that combat's flags (only a GM may write them, C-70), so the hold
 *   goes with its combat;
 * - a hold made outside any combat: the flags of the held creature's scene (only a GM may
 *   update a Scene, C-86).
 *
 * Lift-off marks (a creature carried up by a flier, and the ground it left) are kept on the token's
 * scene's flags the same way, by token id: the mark on the token is their projection.
 *
 * Each hold is kept under a key made from its id (hold ids carry dots and UUIDs): both
 * creatures (token and actor), the rules' record (part, kind and the variant's data), the rule
 * set, the round it began and the card that made it, and the ids of the two effects the GM's
 * tab made for it.
 */
import type { HoldRecord } from "../../rules/index.ts";
import { MODULE_ID } from "../base/constants.ts";
import { stableId } from "../base/ids.ts";
import type { UndoRecord, VariantId } from "../base/types.ts";
import { deletion } from "../world/compat.ts";
import { tokenByUuid } from "./cast.ts";

export interface LedgerHold {
  readonly record: HoldRecord;
  readonly variant: VariantId;
  /** The actors that carry the halves (a token's actor: its UUID). */
  readonly heldActor: string;
  readonly holderActor: string;
  /** The ids the GM's tab gave the two halves (a half rebuilt where its id was taken gets another). */
  readonly heldEffect: string;
  readonly holderEffect: string;
  /** The combat it was made in (none: outside any). */
  readonly combat?: string;
  /** The round it began (0 outside a combat). */
  readonly since: number;
  /** The card (its request) that made it. */
  readonly card: string;
  /**
   * A hold made at a distance (an attack with reach): that distance in feet, which the held
   * creature may not go beyond (map/leash.ts). Absent: made beside.
   */
  readonly leash?: number;
}

export type LedgerStore = Combat.Implementation | Scene.Implementation;

const HOLDS = "holds";

/** The key a hold is kept under. */
export function ledgerKey(holdId: string): string {
  return stableId(`hold|${holdId}`);
}

const isStr = (v: unknown): v is string => typeof v === "string" && v.length > 0;

function parseEntry(raw: unknown): LedgerHold | undefined {
  const h = raw as Partial<LedgerHold> | null | undefined;
  const r = h?.record as Partial<HoldRecord> | undefined;
  if (!h || typeof h !== "object" || !r || typeof r !== "object") return undefined;
  if (!isStr(r.id) || !isStr(r.heldId) || !isStr(r.holderId) || typeof r.label !== "string") return undefined;
  if (!isStr(h.variant) || !isStr(h.heldActor) || !isStr(h.holderActor) || !isStr(h.heldEffect) || !isStr(h.holderEffect)) return undefined;
  if (h.leash !== undefined && !(typeof h.leash === "number" && Number.isFinite(h.leash) && h.leash > 0)) {
    const rest = { ...h };
    delete rest.leash;
    return rest as LedgerHold;
  }
  return h as LedgerHold;
}

/** The holds one store keeps, by key. */
export function holdsIn(store: LedgerStore): Map<string, LedgerHold> {
  const raw = ((store.flags as Record<string, unknown> | undefined)?.[MODULE_ID] as Record<string, unknown> | undefined)?.[HOLDS];
  const out = new Map<string, LedgerHold>();
  if (!raw || typeof raw !== "object") return out;
  for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
    const e = parseEntry(v);
    if (e) out.set(k, e);
  }
  return out;
}

/** Every store: the combats, then the scenes. */
export function ledgerStores(): LedgerStore[] {
  const combats: LedgerStore[] = [...(game.combats ?? [])].map((c) => c as Combat.Implementation);
  return combats.concat([...(game.scenes ?? [])].map((s) => s as Scene.Implementation));
}

export interface Kept {
  readonly store: LedgerStore;
  readonly key: string;
  readonly hold: LedgerHold;
}

/** Every hold the ledger keeps, with where. */
export function ledgerEntries(): Kept[] {
  const out: Kept[] = [];
  for (const store of ledgerStores()) for (const [key, hold] of holdsIn(store)) out.push({ store, key, hold });
  return out;
}

/** The hold kept under this id, wherever. */
export function keptHold(holdId: string): Kept | undefined {
  const key = ledgerKey(holdId);
  for (const store of ledgerStores()) {
    const hold = holdsIn(store).get(key);
    if (hold && hold.record.id === holdId) return { store, key, hold };
  }
  return undefined;
}

/** The leash of a hold (feet), as the ledger keeps it; null for a hold made beside, or none kept. */
export function leashOf(holdId: string): number | null {
  return keptHold(holdId)?.hold.leash ?? null;
}

/** The tokens in a combat, by UUID; `memo` keeps them for a pass over many holds. */
function combatTokens(combat: Combat.Implementation, memo?: Map<LedgerStore, ReadonlySet<string | undefined>>): ReadonlySet<string | undefined> {
  let tokens = memo?.get(combat);
  if (!tokens) {
    tokens = new Set([...combat.combatants].map((c) => c.token?.uuid));
    memo?.set(combat, tokens);
  }
  return tokens;
}

/** Whether a kept hold still stands: both creatures on the map, and, made in a combat, in it. */
export function stands(k: Kept, memo?: Map<LedgerStore, ReadonlySet<string | undefined>>): boolean {
  const { record } = k.hold;
  if (tokenByUuid(record.heldId) === null || tokenByUuid(record.holderId) === null) return false;
  if (k.store.documentName !== "Combat") return true;
  const tokens = combatTokens(k.store as Combat.Implementation, memo);
  return tokens.has(record.heldId) && tokens.has(record.holderId);
}

/** The holds that stand and name any of these actors, for this rule set. */
export function standingHoldsOf(actorUuids: ReadonlySet<string>, variant?: VariantId): Kept[] {
  // Each combat's tokens read once for the whole pass (a fight of sixty has thirty holds to check).
  const memo = new Map<LedgerStore, ReadonlySet<string | undefined>>();
  return ledgerEntries().filter((k) => (variant === undefined || k.hold.variant === variant) && (actorUuids.has(k.hold.heldActor) || actorUuids.has(k.hold.holderActor)) && stands(k, memo));
}

/** Where a new hold is kept: its combat (while there), else the held creature's scene. */
export function storeFor(record: HoldRecord, combatId: string | undefined): LedgerStore | null {
  const combat = combatId ? (game.combats.get(combatId) as Combat.Implementation | undefined) : undefined;
  if (combat) return combat;
  return (tokenByUuid(record.heldId)?.parent as Scene.Implementation | null | undefined) ?? null;
}

/** The update data that keeps a hold. */
export function keepData(hold: LedgerHold): Record<string, unknown> {
  return { [`flags.${MODULE_ID}.${HOLDS}.${ledgerKey(hold.record.id)}`]: hold };
}

/** The update data that takes a hold out. */
export function dropData(key: string): Record<string, unknown> {
  return Object.fromEntries([deletion(`flags.${MODULE_ID}.${HOLDS}`, key)]);
}

const LIFTS = "lifts";

/** A lift-off mark as the ledger keeps it: the ground a creature left, and the card that lifted it. */
export interface LiftMark {
  readonly ground: number;
  readonly by?: string;
}

/** The lift-off mark the ledger keeps for this token (none: on the ground, or never lifted by the module). */
export function liftOf(token: TokenDocument.Implementation): LiftMark | null {
  const scene = token.parent as Scene.Implementation | null | undefined;
  const raw = (((scene?.flags as Record<string, unknown> | undefined)?.[MODULE_ID] as Record<string, unknown> | undefined)?.[LIFTS] as Record<string, unknown> | undefined)?.[token.id ?? ""] as Partial<LiftMark> | null | undefined;
  return raw && typeof raw === "object" && typeof raw.ground === "number" && Number.isFinite(raw.ground) ? { ground: raw.ground, ...(typeof raw.by === "string" ? { by: raw.by } : {}) } : null;
}

/** The update data (on the token's scene) that keeps a lift-off mark, or takes it out (null). */
export function liftData(tokenId: string, mark: LiftMark | null): Record<string, unknown> {
  return mark ? { [`flags.${MODULE_ID}.${LIFTS}.${tokenId}`]: mark } : Object.fromEntries([deletion(`flags.${MODULE_ID}.${LIFTS}`, tokenId)]);
}

// ---------------------------------------------------------------------------------------------
// The module's own cards (issue 33, finding 18): a card's flags are believed only when the ledger
// names its message as the GM's, so trust does not rest on the server stamping a message's author
// alone. The ledger names a card before the card is made (its id, what it answers, its seal) and,
// until the card is there, carries what the card will be (`p`), so any GM tab can finish a write a
// closed tab left half done and make the card exactly once (cards/card-ledger.ts).

const CARDS = "cards";

/** The flags of the module's cards the ledger names (a request card is any user's, and never named). */
export type LedgerCardFlag = "card" | "roundCard" | "massCharge" | "mapCard" | "strike";

/** What a card will be, kept while it is being written: its message data in its final state. */
export interface CardPayload {
  /** The message's creation data (its flags, content, rolls as JSON, whisper, speaker). */
  readonly d: Record<string, unknown>;
  /** A request card it answers, removed once the card is made. */
  readonly c?: string;
  /** Messages made with it (a blind card's note): each at its id. */
  readonly o?: ReadonlyArray<{ readonly id: string; readonly data: Record<string, unknown> }>;
}

export interface LedgerCard {
  /** Its kind's flag. */
  readonly k: LedgerCardFlag;
  /** What it answers ("card|<request>", "roundCard|<combat>|<round>", ...): exactly once is kept by it. */
  readonly a: string;
  /** Its seal: the card's stored data (its state aside) as the GM's tab made it. */
  readonly h: string;
  /** Its place among the cards of its store (pruning keeps the latest). */
  readonly n: number;
  /** The combat round it belongs to, if any. */
  readonly r?: number;
  /** "writing": named before it is made, `p` says what it will be; "made": the card was seen made. */
  readonly s: "writing" | "made";
  readonly p?: CardPayload;
  /** The GM user whose tab names it "writing" (another GM user's tab, while they are connected, leaves it to them). */
  readonly by?: string;
  /** Work begun on the card once made, in steps: a waiting card's Apply, or an Undo (CardWork). */
  readonly w?: CardWork;
  /**
   * Who caused it: the user whose request card it answers, else the GM whose tab made it (a GM's
   * own action, a round's end). Pruning keeps each user's latest cards apart, so one player's
   * many cards push out only that player's own (issue 33's independent attack N1).
   */
  readonly u?: string;
}

/**
 * A waiting card's Apply or a card's Undo, named in the ledger in the same request as the first of
 * its writes (the holds it makes or ends), before anything else of it is written; the card says
 * "applied" ("undone") in its last request. While the card still says "pending" ("applied"), any
 * GM tab finishes the work from here, once (cards/pipeline.ts `finishWork`).
 */
export interface CardWork {
  readonly s: "applying" | "undoing";
  /** Applying: the undo record as foreseen before anything was written. */
  readonly u?: readonly UndoRecord[];
  /** Applying: the actors that carried the card's mark before it was applied (a mark not believed). */
  readonly b?: readonly string[];
  /** The GM user whose tab began it: another GM's tab leaves it to them while they are connected. */
  readonly by?: string;
}

const CARD_FLAGS: ReadonlySet<string> = new Set(["card", "roundCard", "massCharge", "mapCard", "strike"]);

function parseCard(raw: unknown): LedgerCard | undefined {
  const c = raw as Partial<LedgerCard> | null | undefined;
  if (!c || typeof c !== "object" || typeof c.k !== "string" || !CARD_FLAGS.has(c.k) || !isStr(c.a) || !isStr(c.h) || typeof c.n !== "number") return undefined;
  if (c.s !== "writing" && c.s !== "made") return undefined;
  return c as LedgerCard;
}

function rawCards(store: LedgerStore): Record<string, unknown> | undefined {
  const raw = ((store.flags as Record<string, unknown> | undefined)?.[MODULE_ID] as Record<string, unknown> | undefined)?.[CARDS];
  return raw && typeof raw === "object" ? (raw as Record<string, unknown>) : undefined;
}

/** The cards one store names, by message id. */
export function cardsIn(store: LedgerStore): Map<string, LedgerCard> {
  const out = new Map<string, LedgerCard>();
  for (const [id, v] of Object.entries(rawCards(store) ?? {})) {
    const c = parseCard(v);
    if (c) out.set(id, c);
  }
  return out;
}

export interface NamedCard {
  readonly store: LedgerStore;
  readonly id: string;
  readonly card: LedgerCard;
}

/** The ledger's entry for the card at this message id, wherever it is kept (one look per store, never a pass over the log). */
export function namedCard(messageId: string): NamedCard | undefined {
  if (!messageId) return undefined;
  for (const store of ledgerStores()) {
    const raw = rawCards(store);
    if (!raw || !Object.prototype.hasOwnProperty.call(raw, messageId)) continue;
    const card = parseCard(raw[messageId]);
    if (card) return { store, id: messageId, card };
  }
  return undefined;
}

/** Every card the ledger names as answering `answers`. */
export function cardsAnswering(answers: string): NamedCard[] {
  const out: NamedCard[] = [];
  for (const store of ledgerStores()) for (const [id, card] of cardsIn(store)) if (card.a === answers) out.push({ store, id, card });
  return out;
}

/** Every card the ledger names still "writing". */
export function cardsWriting(): NamedCard[] {
  const out: NamedCard[] = [];
  for (const store of ledgerStores()) for (const [id, card] of cardsIn(store)) if (card.s === "writing") out.push({ store, id, card });
  return out;
}

/** The update data that names a card. */
export function cardData(id: string, card: LedgerCard): Record<string, unknown> {
  return { [`flags.${MODULE_ID}.${CARDS}.${id}`]: card };
}

/** The update data that takes a card's name out. */
export function cardDropData(id: string): Record<string, unknown> {
  return Object.fromEntries([deletion(`flags.${MODULE_ID}.${CARDS}`, id)]);
}

/** The update data that names work begun on a card that is made (a waiting card's Apply, an Undo). */
export function cardWorkData(id: string, work: CardWork): Record<string, unknown> {
  return { [`flags.${MODULE_ID}.${CARDS}.${id}.w`]: work };
}

/** The update data that takes a card's finished work off its name. */
export function cardWorkDropData(id: string): Record<string, unknown> {
  return Object.fromEntries([deletion(`flags.${MODULE_ID}.${CARDS}.${id}`, "w")]);
}

/** Every card the ledger names with work begun on it (a waiting card's Apply, an Undo). */
export function cardsWorkedOn(): NamedCard[] {
  const out: NamedCard[] = [];
  for (const store of ledgerStores()) for (const [id, card] of cardsIn(store)) if (card.w && (card.w.s === "applying" || card.w.s === "undoing")) out.push({ store, id, card });
  return out;
}

/** The update data that marks a named card "made" and drops what it was to be. */
export function cardMadeData(id: string): Record<string, unknown> {
  return { [`flags.${MODULE_ID}.${CARDS}.${id}.s`]: "made", ...Object.fromEntries([deletion(`flags.${MODULE_ID}.${CARDS}.${id}`, "p")]) };
}
