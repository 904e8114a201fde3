/**
 * The question card: before some rolls the defender's owner answers first (a first strike, a
 * free attack, a fend-off). The GM's tab posts the question; only the defender's owner (and the
 * GM) see its answer buttons; an answer is a request card like any other, carried out by the GM's
 * tab from this card, which only a GM can have written (cards/request-card.ts).
 */
import { MODULE_ID, TEMPLATES } from "../base/constants.ts";
import { i18n } from "../base/i18n.ts";
import { has, localizeFirst } from "../base/text.ts";
import type { PerformOutcome, StoredStrike } from "../base/types.ts";
import { activeVariant } from "../world/settings.ts";
import { freshCardId, postNamed, trustedFlag } from "./pipeline.ts";
import { cardAnswering, orderOf } from "./log-index.ts";
import { cardsAnswering, cardsIn, ledgerStores } from "../documents/ledger.ts";

/** The question card a request raises when the defender's owner must answer first. */
/** The GM's question card for this request, if it was asked. */
export function strikeFor(requestId: string): ChatMessage.Implementation | undefined {
  return cardAnswering(`strike|${requestId}`);
}

export async function renderStrike(strike: StoredStrike): Promise<string> {
  const variant = activeVariant();
  const s = variant.situational(strike.intent.action).find((x) => x.key === strike.key);
  const names = { attacker: strike.attackerName, defender: strike.defenderName };
  // The question in the creatures' names (WC.Strike.ask.<the circumstance>), the same for every rule set.
  const ask = `WC.Strike.ask.${(s?.label ?? "").split(".").at(-1) ?? ""}`;
  return foundry.applications.handlebars.renderTemplate(TEMPLATES.strike, {
    title: i18n.localize(`WC.Action.${strike.intent.action}`),
    answeredBy: i18n.format("WC.Strike.answeredBy", names),
    question: has(i18n, ask) ? i18n.format(ask, names) : i18n.format("WC.Strike.question", { ...names, what: i18n.localize(s?.label ?? "") }),
    choices: strike.choices.map((c) => ({ value: c, label: localizeFirst(i18n, [`WC.Strike.choice.${c}`, `WC.Choice.${c}`]) })),
  });
}

/** Posts the question; the card waits for the defender's owner. */
export async function askDefender(strike: StoredStrike, requestId: string): Promise<PerformOutcome> {
  if (strikeFor(requestId)) return { kind: "duplicate" };
  const strikeId = freshCardId();
  const stored = { ...strike, requestId };
  // Named in the ledger first (only a GM writes it), so only this question is believed as the GM's.
  const posted = await postNamed("strike", strikeId, stored, { _id: strikeId, content: await renderStrike(strike), flags: { [MODULE_ID]: { strike: stored } } });
  return posted ? { kind: "waiting", messageId: strikeId } : { kind: "duplicate" };
}

/**
 * Two questions for one request: two GM tabs each asked before either saw the other's (one closed
 * with its question on the way, the next found the request still waiting). The first in the log
 * stays and the others are taken away, so the defender answers once. Must run as the GM's work.
 */
export async function settleQuestions(message: ChatMessage.Implementation): Promise<void> {
  const requestId = trustedFlag(message, "strike")?.requestId;
  if (!requestId) return;
  // Each question is named in the ledger before it is made: the rivals are found there, not in the whole log.
  const rivals = cardsAnswering(`strike|${requestId}`)
    .map((n) => game.messages.get(n.id) as ChatMessage.Implementation | undefined)
    .filter((m): m is ChatMessage.Implementation => m !== undefined && m.id !== message.id && trustedFlag(m, "strike")?.requestId === requestId);
  if (rivals.length === 0) return;
  const all = [message, ...rivals].sort((a, b) => orderOf(a.id ?? "") - orderOf(b.id ?? ""));
  for (const m of all.slice(1)) {
    console.warn(`${MODULE_ID} | two questions ask for the same request (a tab closed mid-write); the later, ${m.id ?? ""}, is taken away`);
    await m.delete().catch(() => undefined);
  }
}

/** When a GM's tab starts: questions doubled while no GM's tab was there to see them land. Must run as the GM's work. */
export async function settleAllQuestions(): Promise<void> {
  const seen = new Set<string>();
  for (const store of ledgerStores())
    for (const [id, card] of cardsIn(store)) {
      if (card.k !== "strike" || seen.has(card.a)) continue;
      seen.add(card.a);
      const message = game.messages.get(id) as ChatMessage.Implementation | undefined;
      if (message) await settleQuestions(message);
      else {
        const other = cardsAnswering(card.a)
          .map((n) => game.messages.get(n.id) as ChatMessage.Implementation | undefined)
          .find((m) => m !== undefined);
        if (other) await settleQuestions(other);
      }
    }
}
