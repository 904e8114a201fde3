/**
 * Every kind of card the module posts, in one table: whose message is believed, whether it writes
 * (through the pipeline) and can be undone, and which buttons it shows to whom. The chat hook
 * binds buttons from it (hooks/chat.ts); the request hook finishes cards from it when a GM tab
 * starts or a closed tab left one half written (hooks/requests.ts).
 *
 * | kind        | flag        | believed from   | writes  | undo | buttons                                       |
 * |-------------|-------------|-----------------|---------|------|-----------------------------------------------|
 * | result      | card        | a GM            | yes     | yes  | GM: Apply, Undo, Adjust*; owners: what's next |
 * | round       | roundCard   | a GM            | yes     | yes  | GM: Apply, Undo, Adjust                       |
 * | massCharge  | massCharge  | a GM            | yes     | yes  | GM: Apply, Undo, Adjust                       |
 * | map         | mapCard     | a GM            | yes     | no   | none                                          |
 * | question    | strike      | a GM            | no      | no   | the defender's owner and the GM: the answers  |
 * | request     | request     | anyone (checked)| no      | no   | its author and the GM: Cancel                 |
 *
 * (*) On a result card the GM's buttons sit in a row of their own, and the temporary damage's
 * correction shows only where the card did some. Its "what's next" buttons show on a hold's
 * latest card only, and only for what can succeed (cards/viewer.ts).
 */
import type { CardState, PerformOutcome } from "../base/types.ts";
import { gmWork, sharedWork } from "../gm/queue.ts";
import { notify } from "../base/i18n.ts";
import { MAP_KIND } from "./map-card.ts";
import { MASS_CHARGE_KIND } from "./mass-charge-card.ts";
import type { CardFlag, WritingKind } from "./pipeline.ts";
import { applyWaiting, cardState, finish, finishWork, isBusy, recoverCard, settleRivals, trustedFlag, undoCard } from "./pipeline.ts";
import { answeredBy } from "./card-ledger.ts";
import type { CardWork, LedgerCardFlag, LedgerStore } from "../documents/ledger.ts";
import { cardsIn, cardsWorkedOn, cardsWriting } from "../documents/ledger.ts";
import { RESULT_KIND } from "./result-card.ts";
import { unfinishedCards } from "./log-index.ts";
import { ROUND_KIND } from "./round-card.ts";
import { settleQuestions } from "./question-card.ts";

export interface KindEntry {
  readonly flag: CardFlag;
  /** Whose message's flags are believed: a GM's, or anyone's (a request: what it asks is checked again). */
  readonly believed: "gm" | "anyone";
  /** How it writes, when it does. */
  readonly writing: WritingKind<{ readonly state?: CardState }> | null;
  readonly undoable: boolean;
  /** Which buttons it shows, and to whom (hooks/chat.ts binds them). */
  readonly buttons: "gm" | "gmAndFollowUps" | "answers" | "cancel" | "none";
}

export const CARD_KINDS = {
  result: { flag: "card", believed: "gm", writing: RESULT_KIND as unknown as KindEntry["writing"], undoable: true, buttons: "gmAndFollowUps" },
  round: { flag: "roundCard", believed: "gm", writing: ROUND_KIND as unknown as KindEntry["writing"], undoable: true, buttons: "gm" },
  massCharge: { flag: "massCharge", believed: "gm", writing: MASS_CHARGE_KIND as unknown as KindEntry["writing"], undoable: true, buttons: "gm" },
  map: { flag: "mapCard", believed: "gm", writing: MAP_KIND as unknown as KindEntry["writing"], undoable: false, buttons: "none" },
  question: { flag: "strike", believed: "gm", writing: null, undoable: false, buttons: "answers" },
  request: { flag: "request", believed: "anyone", writing: null, undoable: false, buttons: "cancel" },
} as const satisfies Record<string, KindEntry>;

export type KindName = keyof typeof CARD_KINDS;

/** The kind of a message the module believes (a player's message dressed as a card is none). */
export function kindOf(message: ChatMessage.Implementation | null | undefined): KindName | null {
  for (const [name, k] of Object.entries(CARD_KINDS) as Array<[KindName, KindEntry]>) if (trustedFlag(message, k.flag) !== undefined) return name;
  return null;
}

function writingOf(message: ChatMessage.Implementation): { name: KindName; kind: NonNullable<KindEntry["writing"]> } | null {
  const name = kindOf(message);
  const kind = name ? (CARD_KINDS[name] as KindEntry).writing : null;
  return name && kind ? { name, kind } : null;
}

/** The state of a card that writes (believed from a GM's message only). */
export function stateOf(message: ChatMessage.Implementation): CardState | undefined {
  const w = writingOf(message);
  return w ? cardState(message, w.kind.flag) : undefined;
}

/**
 * The GM's Apply and Undo on any card that writes, one piece of the GM's work at a time (two GM
 * tabs pressing Apply apply it once). A button from an older view of the card says so.
 */
export async function handleCardAction(message: ChatMessage.Implementation, action: "apply" | "undo"): Promise<PerformOutcome> {
  if (!game.user.isGM) return { kind: "refused", key: "WC.Refuse.notGM", params: {} };
  const done = await gmWork(() => cardActionNow(message, action));
  if (!done) {
    notify("info", "WC.Refuse.alreadyDone");
    return { kind: "duplicate" };
  }
  return { kind: "done", messageId: message.id ?? "", state: stateOf(message) ?? (action === "apply" ? "applied" : "undone") };
}

/** Apply or Undo on a card, carried out here. False: nothing to do (done already, or not a card that writes). Must run as the GM's work. */
export async function cardActionNow(message: ChatMessage.Implementation, action: "apply" | "undo"): Promise<boolean> {
  const w = writingOf(message);
  if (!w) return false;
  if (action === "apply") return applyWaiting(w.kind, message);
  return (CARD_KINDS[w.name] as KindEntry).undoable ? undoCard(w.kind, message) : false;
}

/** Finishes one card a closed tab left half written ("applying" or "undoing"). Must run as the GM's work. */
async function finishOne(message: ChatMessage.Implementation): Promise<void> {
  const w = writingOf(message);
  if (!w || !game.messages.get(message.id ?? "")) return;
  const state = cardState(message, w.kind.flag);
  if (state === "applying") await finish(w.kind, message);
  else if (state === "undoing" && (CARD_KINDS[w.name] as KindEntry).undoable) await undoCard(w.kind, message);
}

/** The writing kind of a card flag the ledger names (null: a question, which writes nothing). */
function writingFor(flag: LedgerCardFlag): NonNullable<KindEntry["writing"]> | null {
  for (const k of Object.values(CARD_KINDS) as KindEntry[]) if (k.flag === flag) return k.writing;
  return null;
}

/**
 * Every card the ledger names "writing" whose card is not made (its tab closed or reloaded
 * mid-write): for each thing answered, the one every tab finishes is made and finished, once.
 * Must run as the GM's work.
 */
export async function recoverCards(only?: ReadonlySet<string>): Promise<void> {
  const done = new Set<string>();
  for (const n of cardsWriting()) {
    if (done.has(n.card.a) || (only && !only.has(n.card.a))) continue;
    done.add(n.card.a);
    const by = answeredBy(n.card.a);
    if (!by.made && by.writing) await recoverCard(writingFor(by.writing.card.k), by.writing);
  }
}

/**
 * Whether this tab may take up work begun on a card (a waiting card's Apply, an Undo): its own
 * user's, or another GM user's who is no longer connected. Another GM user's tab is in a browser
 * of its own, so no Web Lock orders the two: while that user is connected their tab may still be
 * writing it, and finishing it here too would write the same documents side by side. It is
 * finished when they leave (`userConnected`, hooks/requests.ts), by any tab starting after, or
 * when a GM presses Apply or Undo on the card again (cards/pipeline.ts `finishWork`).
 */
function workHere(work: CardWork): boolean {
  return work.by === undefined || work.by === game.user?.id || game.users.get(work.by)?.active !== true;
}

/**
 * Work a closed tab began on a card that is made, as the ledger names it (a waiting card's Apply
 * while the card still waits, an Undo while it still says applied): finished once, from the
 * ledger. `only`: these cards only. Must run as the GM's work.
 */
export async function finishWorkBegun(only?: ReadonlySet<string>): Promise<void> {
  for (const n of cardsWorkedOn()) {
    if ((only && !only.has(n.id)) || !n.card.w || !workHere(n.card.w)) continue;
    const message = game.messages.get(n.id);
    const w = message ? writingOf(message) : null;
    if (message && w) await finishWork(w.kind, message, (CARD_KINDS[w.name] as KindEntry).undoable);
  }
}

/** Every card left half written, finished (a GM's tab starts, or takes over from a closed one). */
export async function finishAll(): Promise<void> {
  await recoverCards();
  await finishWorkBegun();
  for (const message of unfinishedCards()) await finishOne(message);
}

/**
 * The ledger named a card "writing", or work begun on a card (a combat's or scene's update):
 * should its writer's tab close before making (or finishing) it, the next tab to hold the GM's Web
 * Lock makes and finishes it; this piece waits behind the writer's and finds nothing to do when
 * the writer is done. Work begun on a card by another GM user (`workHere`) is left to them while
 * they are connected.
 */
export function recoverLater(store: LedgerStore, report: (e: unknown) => void): void {
  if (game.users.activeGM?.isSelf !== true || !sharedWork()) return;
  const answers = new Set<string>();
  // Work begun on a card that is made (a waiting card's Apply, an Undo), still not done by the card.
  const begun = new Set<string>();
  for (const [id, c] of cardsIn(store)) {
    if (c.s === "writing" && c.p && !game.messages.has(id) && !isBusy(id)) answers.add(c.a);
    const m = c.w && !isBusy(id) && workHere(c.w) ? game.messages.get(id) : undefined;
    const state = m ? stateOf(m) : undefined;
    if ((c.w?.s === "applying" && state === "pending") || (c.w?.s === "undoing" && state === "applied")) begun.add(id);
  }
  if (answers.size > 0) gmWork(() => recoverCards(answers)).catch(report);
  if (begun.size > 0) gmWork(() => finishWorkBegun(begun)).catch(report);
}

/**
 * A card was made "applying" from the ledger (or left "undoing" by an earlier version) by the GM's
 * work that then writes it. Should that
 * tab close mid-write, the next tab to hold the GM's Web Lock finishes it: this piece waits
 * behind the writer's, and finds nothing to do when the writer finished. Tabs that do not share a
 * lock could write it side by side: they finish such cards when they start instead (finishAll).
 */
export function finishLater(message: ChatMessage.Implementation, report: (e: unknown) => void): void {
  if (game.users.activeGM?.isSelf !== true || !sharedWork() || isBusy(message.id ?? "")) return;
  const state = stateOf(message);
  if (state === "applying" || state === "undoing") gmWork(() => finishOne(message)).catch(report);
}

/**
 * A card that writes was made: should another card already stand for what it answers (two tabs
 * decided from views that did not include each other's write), the active GM's tab leaves one
 * standing (cards/pipeline.ts `settleRivals`).
 */
export function settleLater(message: ChatMessage.Implementation, report: (e: unknown) => void): void {
  if (game.users.activeGM?.isSelf !== true) return;
  if (trustedFlag(message, "strike")) gmWork(() => settleQuestions(message)).catch(report);
  const w = writingOf(message);
  if (w && cardState(message, w.kind.flag) === "applied") gmWork(() => settleRivals(w.kind, message)).catch(report);
}
