/**
 * The round card: the end of each combat round, run once by the active GM's client, told in one
 * card and written through the pipeline (in one request on v14: the card, every creature's
 * writes and the combat's notes).
 *
 * Exactly once: the card's id comes from the combat and the round, so a second GM tab cannot run
 * the same round; the combat remembers the last round processed, so going back and forward again
 * does nothing; a run cut short by a reload is finished, not repeated; a combat deleted meanwhile
 * stops the run (its card says "cancelled").
 */
import { TEMPLATES } from "../base/constants.ts";
import { i18n } from "../base/i18n.ts";
import { formatLine } from "../base/text.ts";
import type { StoredRoundCard } from "../base/types.ts";
import { holdsAround } from "../documents/holds.ts";
import { combatState } from "../documents/combat-state.ts";
import { resolveRound, roundDone, roundDue, roundPlan, roundSeen, sidesForCard } from "../gm/round-end.ts";
import { automation, roundDiceLimit } from "../world/settings.ts";
import { chatModeNow } from "../world/compat.ts";
import { dressDice, roundThrowers } from "./dice-so-nice.ts";
import { cardVisibility } from "./visibility.ts";
import type { WritingKind } from "./pipeline.ts";
import { freshCardId, post, trustedFlag } from "./pipeline.ts";
import { cardAnswering } from "./log-index.ts";
import { roundCardView } from "./views.ts";

export async function renderRoundCard(card: StoredRoundCard): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(TEMPLATES.round, roundCardView(card, i18n));
}

/** One line of a round card as text: participants' ids read as their names. */
export function roundLineText(card: StoredRoundCard, line: StoredRoundCard["resolution"]["lines"][number]): string {
  return formatLine(line.key, line.params, card.names, i18n);
}

export const ROUND_KIND: WritingKind<StoredRoundCard> = {
  flag: "roundCard",
  render: renderRoundCard,
  writesNow(card) {
    const combat = game.combats.get(card.combatId);
    if (!combat) return null;
    const sides = sidesForCard(combat, card);
    return { plan: roundPlan(card, sides, holdsAround(sides.map((s) => s.actor), card.variant)), combats: [roundDone(combat, card)], stillValid: () => game.combats.has(card.combatId) };
  },
};

/** Runs the end of `round` for `combat`. Only the active GM's client calls this, as the GM's work. */
export async function processRoundEnd(combat: Combat.Implementation, round: number): Promise<StoredRoundCard | null> {
  if (!roundDue(combat, round)) return null;
  if (roundCardFor(combat.id ?? "", round)) return null;
  const cardId = freshCardId();
  const { card, plan, rolls, purposes, actors, who } = await resolveRound(combat, round);
  const level = automation();
  // The round end goes out in the mode the (active) GM has chosen in the chat; a large battle's
  // dice are not thrown at all (Dice So Nice's skip, past the world's limit). A held creature's
  // break roll is its owner's, a hold's damage its holder's; the rest are the round's (the GM's).
  const throwers = roundThrowers((card.resolution as { result?: { events?: unknown } }).result?.events, rolls, who.actorOf, who.holderOf);
  const dice = dressDice(rolls, purposes, (_purpose, i) => throwers[i] ?? null, roundDiceLimit());
  const out = await post({
    kind: ROUND_KIND,
    id: cardId,
    stored: card,
    level,
    plan,
    // Applied: the round done, its clocks carried on; waiting for the GM: seen, so it is not run again.
    combats: [level === "automatic" ? roundDone(combat, card) : roundSeen(combat, round)],
    rolls: dice.rolls,
    undoable: true,
    visibility: cardVisibility(chatModeNow(), game.user, actors),
    ...(dice.flags ? { extra: { flags: dice.flags } } : {}),
    stillValid: () => game.combats.has(combat.id ?? ""),
  });
  if (out.kind === "duplicate") return null;
  return trustedFlag(out.message, "roundCard") ?? { ...card, state: out.state };
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

/** The card of the last round this combat has processed, if it is still in the log (a GM's). */
export function lastRoundCard(combat: Combat.Implementation): StoredRoundCard | undefined {
  const round = combatState(combat).processedRound;
  if (!round) return undefined;
  return trustedFlag(roundCardFor(combat.id ?? "", round), "roundCard");
}

/** The GM's card for the end of this round of this combat, if it was made. */
export function roundCardFor(combatId: string, round: number): ChatMessage.Implementation | undefined {
  return cardAnswering(`roundCard|${combatId}|${round}`);
}
