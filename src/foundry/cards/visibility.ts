/**
 * Who sees a card and its dice. The chat's mode (v13's roll modes, v14's message modes:
 * world/compat.ts) as the user who asked chose it when asking, turned on the GM's tab into the
 * card's `whisper` and `blind`, the two fields Foundry reads to show a message (C-128):
 *
 * - public: everyone. A fight no player has a creature in goes to the GMs alone instead while
 *   the world setting `npcFightsGmOnly` is on (its default).
 * - gm: every GM by id (a GM a whisper does not name never sees it, C-31), and the user who asked.
 * - blind: every GM by id, blind. A player who asked gets a note of their own that says only that
 *   it was rolled blind, so their request does not vanish without a word.
 * - self: the user who asked. The active GM's tab writes every card and is its author, so the
 *   referee sees it too (Foundry shows a message to its author).
 *
 * Nothing else is sent to anyone: the card's writes are the world's (a player sees hit points
 * and holds change on the map whatever the mode), but its numbers, dice and outcome stay on the
 * card. Within a card a player may see, today's rules for hidden numbers stand (cards/secrets.ts).
 */
import type { ChatMode } from "../base/types.ts";
import { MODULE_ID } from "../base/constants.ts";
import { CHAT_MODES, chatModeOf } from "../world/compat.ts";
import { npcFightsGmOnly } from "../world/settings.ts";

export interface CardVisibility {
  /** The mode the card went out in (public may have become gm: a fight between the GM's creatures). */
  readonly mode: ChatMode;
  /** The users it is whispered to; empty: everyone. */
  readonly whisper: readonly string[];
  readonly blind: boolean;
  /** A player who asked for a blind card: the user the note goes to. */
  readonly noteFor: string | null;
}

export const PUBLIC: CardVisibility = { mode: "public", whisper: [], blind: false, noteFor: null };

/** A mode read from the wire (a request, a macro): one of the four, else null. Either version's own names are taken too. */
export function modeFrom(raw: unknown): ChatMode | null {
  if (typeof raw !== "string") return null;
  return (CHAT_MODES as readonly string[]).includes(raw) ? (raw as ChatMode) : chatModeOf(raw);
}

/** Whether a player (not a GM) owns this actor. */
function playerOwned(actor: Actor.Implementation): boolean {
  return game.users.some((u) => !u.isGM && actor.testUserPermission(u, "OWNER"));
}

function gmIds(): string[] {
  return game.users.filter((u) => u.isGM).map((u) => u.id ?? "").filter((id) => id !== "");
}

/**
 * Who sees a card the GM's tab is about to post: `mode` as `asker` chose it (absent: public),
 * for a card about `creatures`.
 */
export function cardVisibility(mode: ChatMode | undefined, asker: User.Implementation | null, creatures: readonly Actor.Implementation[]): CardVisibility {
  let m: ChatMode = mode ?? "public";
  if (m === "public" && npcFightsGmOnly() && creatures.length > 0 && !creatures.some(playerOwned)) m = "gm";
  const askerId = asker?.id ?? "";
  const player = asker !== null && !asker.isGM && askerId !== "" ? askerId : null;
  switch (m) {
    case "public":
      return PUBLIC;
    case "gm":
      return { mode: m, whisper: unique([...gmIds(), ...(player ? [player] : [])]), blind: false, noteFor: null };
    case "blind":
      return { mode: m, whisper: gmIds(), blind: true, noteFor: player };
    case "self":
      return { mode: m, whisper: askerId !== "" ? [askerId] : gmIds(), blind: false, noteFor: null };
  }
}

function unique(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}

/** The message data that carries a visibility: nothing for a public card. */
export function visibilityData(v: CardVisibility): Record<string, unknown> {
  return v.whisper.length === 0 ? {} : { whisper: [...v.whisper], ...(v.blind ? { blind: true } : {}) };
}

/**
 * The note a player gets for a blind card they asked for: whispered to them alone, naming only
 * what they asked (the action and the two creatures, as their own request card did) and the
 * request it answers, never a number, a die or the outcome.
 */
export function blindNoteData(v: CardVisibility, content: string, requestId: string): Record<string, unknown> | null {
  if (!v.noteFor) return null;
  return { content, whisper: [v.noteFor], flags: { [MODULE_ID]: { blindNote: { requestId } } } };
}

/**
 * Whether a message is this user's to see, from its own `whisper` and `blind` (C-128): public; or
 * whispered to them (a blind one too: blind hides it from its author only); or theirs as its
 * author when it is not blind. A tab that holds a card it may not see (Foundry may hand every
 * whisper to every tab) does not read it as its own.
 */
export function shownTo(message: ChatMessage.Implementation, user: User.Implementation): boolean {
  const m = message as unknown as { whisper?: readonly string[]; blind?: boolean };
  const whisper = m.whisper ?? [];
  if (whisper.length === 0) return true;
  if (whisper.includes(user.id ?? "")) return true;
  return message.author?.id === user.id && m.blind !== true;
}
