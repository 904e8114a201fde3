/**
 * The one interface the Foundry shell uses to play any variant without knowing its rules:
 * which actions exist, what each asks of the table, what a creature's profile holds, how to
 * resolve an action with dice, the exact odds, and what the result does to the world.
 */
import type { Consequences, HoldRecord } from "./core/consequences.ts";
import type { Dice } from "./core/dice.ts";

/** Every action the shell can offer; each variant lists the ones it has. */
export const SHELL_ACTIONS = ["grapple", "pummel", "overbear", "chargingOverbear", "breakFree", "counterGrapple", "liftOff", "release", "subdue"] as const;
export type ShellAction = (typeof SHELL_ACTIONS)[number];

/** A situational modifier the player declares in the action dialog. */
export type Situational =
  | { readonly key: string; readonly kind: "flag"; readonly label: string }
  | { readonly key: string; readonly kind: "number"; readonly label: string; readonly min: number; readonly max: number }
  | { readonly key: string; readonly kind: "choice"; readonly label: string; readonly choices: readonly string[]; readonly initial: string };

export type Declared = Readonly<Record<string, boolean | number | string>>;

/** One field of a creature's profile, for the profile form (path is dotted: "armor.type"). */
export type ProfileField =
  | { readonly path: string; readonly kind: "int"; readonly min: number; readonly max: number; readonly optional?: boolean }
  | { readonly path: string; readonly kind: "bool" }
  | { readonly path: string; readonly kind: "choice"; readonly choices: readonly string[]; readonly optional?: boolean }
  | { readonly path: string; readonly kind: "multi"; readonly choices: readonly string[] };

/** How the settings form shows one rule option. */
export type OptionSchema =
  | { readonly kind: "boolean" }
  | { readonly kind: "choice"; readonly choices: readonly string[] }
  | { readonly kind: "integer"; readonly min: number; readonly max: number }
  | { readonly kind: "order"; readonly steps: readonly string[] }
  | { readonly kind: "tables" };

export interface Participant {
  readonly id: string;
  /** The variant's profile data as stored on the actor (without the id). */
  readonly profile: unknown;
}

export interface ActionContext {
  readonly action: ShellAction;
  readonly attacker: Participant;
  readonly defender: Participant;
  readonly declared: Declared;
  /** Every hold on or by either creature. */
  readonly holds: readonly HoldRecord[];
  /** The combat round, or 0 outside combat. */
  readonly round: number;
  readonly inCombat: boolean;
  /** For breakFree and release: the hold meant, when the creature has several. */
  readonly holdId?: string;
}

export interface Headline {
  /** i18n key of the one-line outcome, e.g. WC.Result.hold. */
  readonly key: string;
  readonly params?: Readonly<Record<string, string | number>>;
}

export interface Resolution {
  readonly action: ShellAction;
  readonly result: unknown;
  readonly consequences: Consequences;
  readonly headline: Headline;
}

export interface OddsOutcome {
  /** i18n key of the outcome, e.g. WC.Result.hold. */
  readonly key: string;
  readonly params?: Readonly<Record<string, string | number>>;
  readonly p: number;
}

export interface RulesVariant {
  readonly id: string;
  readonly source: string;
  readonly actions: readonly ShellAction[];
  situational(action: ShellAction): readonly Situational[];
  readonly profileFields: readonly ProfileField[];
  defaultProfile(): Record<string, unknown>;
  /** Validates a stored profile (adding the id); throws RulesInputError naming each bad field. */
  validateProfile(id: string, profile: unknown, path: string): unknown;
  resolveOptions(partial: unknown): unknown;
  /** Every rule option (each a reading of the source, or a project default) and how to edit it. */
  readonly optionSchema: Readonly<Record<string, OptionSchema>>;
  /** Resolves one action; throws RulesInputError on bad input, including an action it lacks. */
  resolve(ctx: ActionContext, options: unknown, dice: Dice): Resolution;
  /** The exact chance of each outcome of the action; probabilities sum to 1. */
  odds(ctx: ActionContext, options: unknown): OddsOutcome[];
}
