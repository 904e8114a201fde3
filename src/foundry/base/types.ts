/** Types the shell stores in Foundry documents and exposes to macros. */
import type * as Rules from "../../rules/index.ts";
import type { Consequences, HoldRecord, NextLine, OddsOutcome, Resolution, ShellAction } from "../../rules/index.ts";

export type VariantId = "d12-holds" | "grapple-die" | "percentile";
export type AutomationLevel = "automatic" | "confirm" | "manual";
export type OddsAudience = "everyone" | "gm";

/** What a player (or the GM) asks for: never dice or results, only the choice and the targets. */
export interface Intent {
  readonly action: ShellAction;
  /** Token document UUIDs. */
  readonly attackerUuid: string;
  readonly defenderUuid: string;
  readonly declared: Readonly<Record<string, boolean | number | string>>;
  readonly holdId?: string;
}

/** The request card a player leaves: its author is stamped by the server. */
export interface StoredRequest {
  readonly intent: Intent;
  /** Pending until the active GM takes it: then the card is removed, or rewritten as refused. */
  readonly state: "pending" | "refused";
  /** When the request answers a defender's question: that card's id, and the answer. */
  readonly answers?: { readonly strikeId: string; readonly choice: string };
  /** Why the GM refused it. */
  readonly outcome?: { readonly kind: "refused"; readonly key: string; readonly params: Record<string, string | number> };
}

/** A question to the defender's owner before the attacker rolls (first strike, free attack). */
export interface StoredStrike {
  readonly intent: Intent;
  readonly key: string;
  readonly choices: readonly string[];
  readonly attackerName: string;
  readonly defenderName: string;
}

/** One side of a hold, as stored on an ActiveEffect. */
export interface StoredHold {
  readonly record: HoldRecord;
  readonly role: "held" | "holder";
  /** UUID of the other effect of the pair. */
  readonly twinUuid: string;
  readonly variant: VariantId;
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
  /** "applying" while its writes go out (finished on a GM's next start should its tab close). */
  readonly state: "applying" | "applied" | "pending" | "manual" | "undoing" | "undone";
  readonly consequences: Consequences;
  /** Ids of the module's own tables (the source prints none) this result was read from. */
  readonly projectTables?: readonly string[];
  /** Names of the other creatures the result names (a blow into a grapple), by id. */
  readonly otherNames?: Readonly<Record<string, string>>;
  /** What happens next, as the variant sees it (who may break free, when, needing what). */
  readonly next?: readonly NextLine[];
}

export interface WeaponlessApi {
  readonly moduleId: string;
  act(intent: Omit<Intent, "declared"> & { declared?: Intent["declared"] }): Promise<unknown>;
  odds(intent: unknown): OddsOutcome[];
  readonly rules: typeof Rules;
}
