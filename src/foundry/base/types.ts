/**
 * Types the shell stores in Foundry documents and exposes to macros: what a card, a request and a
 * hold half keep in their flags. Every room may name them; the rooms that write them own their
 * meaning (cards/ the cards and requests, documents/ the holds).
 */
import type * as Rules from "../../rules/index.ts";
import type { ConditionChange, Consequences, d12, HoldRecord, NextLine, OddsOutcome, Resolution, RoundResolution, ShellAction } from "../../rules/index.ts";

export type VariantId = "d12-holds" | "grapple-die" | "percentile";
export type AutomationLevel = "automatic" | "confirm" | "manual";
export type OddsAudience = "everyone" | "gm";

/**
 * Where a card stands. "applying" is a card made from the ledger after its tab closed mid-write,
 * being finished; "undoing" one an earlier version left mid-Undo (a waiting card's Apply and an
 * Undo now name their work in the ledger instead: cards/pipeline.ts), so the next GM tab finishes
 * it; "pending" waits for the GM's Apply, "manual" is only listed for the GM.
 */
export type CardState = "pending" | "manual" | "applying" | "applied" | "undoing" | "undone" | "cancelled";

/** What a player (or the GM) asks for: never dice or results, only the choice and the targets. */
/** Who may see a card and its dice, as the chat's mode says it (v13's roll modes, v14's message modes, in one vocabulary: world/compat.ts). */
export type ChatMode = "public" | "gm" | "blind" | "self";

export interface Intent {
  readonly action: ShellAction;
  /** Token document UUIDs. */
  readonly attackerUuid: string;
  readonly defenderUuid: string;
  readonly declared: Readonly<Record<string, boolean | number | string>>;
  /** The boxes of `declared` the user changed from their start in the dialog (absent: none). */
  readonly typed?: readonly string[];
  readonly holdId?: string;
  /** A grab: the key of the creature's grabbing attack (issue 31); the GM's tab reads the attack itself from the sheet. */
  readonly attack?: string;
  /** A grab the GM pointed the module to from a host attack roll that hit: no to-hit is rolled. Never a player's. */
  readonly hostHit?: true;
  /** The GM carries it out over the one check's refusal (gm/verdict.ts), named on the card. Never a player's. */
  readonly gmCall?: true;
  /** Who may see its card and dice: the chat's mode as the asker chose it when asking (absent: public). */
  readonly mode?: ChatMode;
}

/** A move the pre-move check took over: one of the rules' choices (by kind, and hold for a roll), or the GM's own call. */
export type MovePick =
  | { readonly kind: "drag" | "letGo" | "roll"; readonly holdId?: string }
  | { readonly kind: "bringAlong" | "endHolds" | "moveAlone" }
  /** A move that is not a walk, answered by the rules' option: its holds end, or the others go along. */
  | { readonly kind: "kindEnds" | "kindAlong"; readonly moveKind: "teleport" | "forced" | "level"; readonly action?: string; readonly level?: string };

export interface Destination {
  readonly x: number;
  readonly y: number;
  readonly elevation: number;
}

export interface MoveJob {
  readonly requestId: string;
  readonly moverUuid: string;
  /** Where the mover stood when the move was asked for; a request for a token moved since is stale. */
  readonly from: { readonly x: number; readonly y: number };
  readonly to: Destination;
  readonly pick: MovePick;
  /** The path's length in grid units as the mover's client measured it. */
  readonly distance: number | null;
}

/** A GM's correction of one creature's temporary damage: the number it is to carry. */
export interface TemporaryCorrection {
  readonly uuid: string;
  readonly value: number;
}

/**
 * What a request card asks the GM for: an action, the answer to a question card, or a move; and,
 * from a GM's tab that is not the active GM's only, a card's Apply or Undo, or a correction of
 * temporary damage (the active GM's tab is the one referee that writes, gm/queue.ts).
 */
export type RequestAsk =
  | { readonly kind: "action"; readonly intent: Intent }
  | { readonly kind: "answer"; readonly strikeId: string; readonly choice: string }
  | { readonly kind: "move"; readonly job: MoveJob }
  | { readonly kind: "card"; readonly messageId: string; readonly action: "apply" | "undo" }
  | { readonly kind: "temporary"; readonly corrections: readonly TemporaryCorrection[] }
  /** The holder hauls in the creature of a hold made at a distance (gm/reel.ts), `feet` of it (absent: all the pace left). */
  | { readonly kind: "reel"; readonly holdId: string; readonly feet?: number };

export interface Refused {
  readonly kind: "refused";
  readonly key: string;
  readonly params: Record<string, string | number>;
  /** The GM asked may carry it out all the same, as a named GM's call. */
  readonly overridable?: boolean;
}

/** The request card a player leaves: its author is stamped by the server. */
export interface StoredRequest {
  readonly ask: RequestAsk;
  /** Pending until the active GM takes it: then the card is removed, or rewritten as refused. */
  readonly state: "pending" | "refused";
  /** Why the GM refused it. */
  readonly outcome?: Refused;
}

/** A question to the defender's owner before the attacker rolls (first strike, free attack). */
export interface StoredStrike {
  readonly intent: Intent;
  readonly key: string;
  readonly choices: readonly string[];
  readonly attackerName: string;
  readonly defenderName: string;
  /** The user who asked for the action (checked again as the attacker's owner when it is answered). */
  readonly requesterId?: string;
  /** The combat and round it was asked in: a question waiting counts as the attacker's routine. */
  readonly combatId?: string;
  readonly round?: number;
  /** The request it asks for (exactly one question per request). */
  readonly requestId?: string;
  /** The GM's call the asker made over the one check's refusal: the answered card names it too. */
  readonly gmCall?: StoredCard["gmCall"];
}

/** One side of a hold, as stored on an ActiveEffect. */
export interface StoredHold {
  readonly record: HoldRecord;
  readonly role: "held" | "holder";
  /** UUID of the other effect of the pair. */
  readonly twinUuid: string;
  readonly variant: VariantId;
  /** The card (its request) that made the hold: what the ledger keeps it under as its maker. */
  readonly card?: string;
}

export interface CardLine {
  readonly key: string;
  readonly params?: Readonly<Record<string, string | number>>;
}

/** The structured result a chat card is rendered from. */
export interface StoredCard {
  readonly version: 1;
  readonly variant: VariantId;
  readonly requestId: string;
  readonly intent: Intent;
  readonly attackerName: string;
  readonly defenderName: string;
  readonly resolution: Resolution;
  readonly state: CardState;
  readonly consequences: Consequences;
  /** What the consequences' damage makes of a creature (out cold, subdued), as the writes set it: listed on the card. */
  readonly caused?: readonly ConditionChange[];
  /** Ids of the module's own tables (the source prints none) this result was read from. */
  readonly projectTables?: readonly string[];
  /** Names of the other creatures the result names (a blow into a grapple), by id. */
  readonly otherNames?: Readonly<Record<string, string>>;
  /** What happens next, as the variant sees it (who may break free, when, needing what). */
  readonly next?: readonly NextLine[];
  /** The one check's refusal the GM set aside (gm/verdict.ts): shown on the card as the GM's call. */
  readonly gmCall?: { readonly key: string; readonly params: Readonly<Record<string, string | number>> };
  /** The combat and round it happened in: what the creature has done this round is counted from its cards. */
  readonly combatId?: string;
  readonly round?: number;
}

export interface StoredRoundCard {
  readonly version: 1;
  readonly kind: "roundEnd";
  readonly variant: VariantId;
  readonly combatId: string;
  readonly round: number;
  readonly resolution: Omit<RoundResolution, "result"> & { readonly result: unknown };
  readonly names: Readonly<Record<string, string>>;
  readonly outOfMelee: readonly string[];
  readonly state: CardState;
}

/** A mass charge as its card stores it: the core's result, who is who, and the state. */
export interface StoredMassCharge {
  readonly version: 1;
  readonly requestId: string;
  readonly result: Exclude<d12.MassChargeResult, { kind: "impossible" }>;
  readonly consequences: Consequences;
  /** Names by token uuid (the units' ids). */
  readonly names: Readonly<Record<string, string>>;
  readonly state: CardState;
}

/** A token's place after a move the GM carries out, kept on the map card so a finish can send it again. */
export interface StoredTokenMove {
  readonly uuid: string;
  readonly x: number;
  readonly y: number;
  readonly elevation: number;
  /** Down again where it left the ground: its lift-off mark goes. */
  readonly landed?: boolean;
  /** Brought along by the mover: moved with the module's "dragged" action (its own move costs it nothing). */
  readonly dragged?: boolean;
  /** v14: the scene level it moves to (a group changing level together). */
  readonly level?: string;
  /** The movement action it moves with, where the move names one (a teleport, and those arriving with it). */
  readonly action?: string;
}

/** A card about the map (holds ended by a move, a move's roll, a fall), rendered from its data. */
export interface StoredMapCard {
  readonly version: 1;
  readonly title: CardLine;
  readonly lines: readonly CardLine[];
  /** Names by creature id, for the lines' parameters. */
  readonly names: Readonly<Record<string, string>>;
  /** Absent on cards made before moves went through the card pipeline: applied. */
  readonly state?: CardState;
  /** The holds the move ended and the conditions it set (a move's roll). */
  readonly consequences?: Consequences;
  /** Where the tokens go. */
  readonly moves?: readonly StoredTokenMove[];
  /** The request the move carries out (the holds' ends are marked with it). */
  readonly requestId?: string;
  /** The distance dragged this round, kept on the combat (players cannot write there). */
  readonly pace?: { readonly combatId: string; readonly tokenId: string; readonly round: number; readonly feet: number };
}

/** What a card's undo puts back on one actor (or token). */
export interface UndoRecord {
  readonly actorUuid: string;
  /** Each value written, as it was before. */
  readonly restore: Record<string, unknown>;
  /**
   * For the numbers (hit points, temporary damage): what undoing adds back, before minus what
   * was written, so that results applied since keep their share. Records made before this was
   * kept restore the values as they were.
   */
  readonly shift?: Record<string, number>;
  /** The result's mark on the actor, taken off again (the marks of later results stay). */
  readonly mark?: string;
  readonly created: string[];
  readonly deleted: Array<Record<string, unknown>>;
  /** A token the plan moved (a lift-off), and the values to put back. */
  readonly token?: { readonly uuid: string; readonly restore: Record<string, unknown> };
}

export interface WeaponlessApi {
  readonly moduleId: string;
  act(intent: Omit<Intent, "declared"> & { declared?: Intent["declared"] }): Promise<unknown>;
  odds(intent: unknown): OddsOutcome[];
  readonly rules: typeof Rules;
}

/** What carrying out an intent came to, for the one who asked. */
export type PerformOutcome =
  /** `closed`: the request card it answers went in the same request. */
  | { readonly kind: "done"; readonly messageId: string; readonly state: CardState; readonly closed?: boolean; readonly hidden?: true }
  /** The defender's owner is asked first (first strike, free attack); the card waits for them. */
  | { readonly kind: "waiting"; readonly messageId: string }
  /** No GM is connected: the request waits on its card until one connects. */
  | { readonly kind: "queued"; readonly messageId: string }
  /** The request card was taken back before a GM carried it out. */
  | { readonly kind: "cancelled" }
  | { readonly kind: "duplicate" }
  | Refused;

/** What carrying out a move came to. "sent": it waits on a request card for the GM. */
export type MoveOutcome = { readonly kind: "done"; readonly closed?: boolean } | { readonly kind: "sent" } | { readonly kind: "cancelled" } | { readonly kind: "duplicate" } | Refused;
