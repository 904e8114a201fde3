/**
 * The one interface the Foundry shell uses to play any variant without knowing its rules:
 * which actions exist, what each asks of the table, what a creature's profile holds, how to
 * resolve an action with dice, the exact odds, and what the result does to the world.
 */
import type { ConditionId, Consequences, HoldRecord } from "./core/consequences.ts";
import type { Ledger } from "./core/damage.ts";
import type { Dice } from "./core/dice.ts";
import type { FallAnswer, MovementAnswer, ReelAnswer } from "./core/movement.ts";
import type { KindAnswer, MoveKind } from "./core/pace-left.ts";
import type { OptionSchema } from "./core/options.ts";
import type { OddsTone } from "./core/tone.ts";
import type { GrabAttack } from "./core/grab.ts";

/** Every action the shell can offer; each variant lists the ones it has. */
export const SHELL_ACTIONS = [
  "grapple",
  "pummel",
  "overbear",
  "chargingOverbear",
  "breakFree",
  "counterGrapple",
  "liftOff",
  "release",
  "subdue",
  "standUp",
  "grabItem",
  "coupDeGrace",
  "deathBlow",
  "attackIntoGrapple",
  "grab",
] as const;
export type ShellAction = (typeof SHELL_ACTIONS)[number];

/**
 * A situational modifier declared before the roll. Most are the acting player's to tick; one
 * marked `by: "defender"` (a first strike, a free attack, a fend-off) is the defender's owner's
 * to answer, and the shell asks them on the card before the attacker rolls.
 */
export type Situational = (
  | { readonly key: string; readonly kind: "flag"; readonly label: string }
  | {
      readonly key: string;
      readonly kind: "number";
      readonly label: string;
      readonly min: number;
      readonly max: number;
      /** The value the box starts at when no sheet gives one (absent: 0, or the minimum when 0 is out of range). */
      readonly initial?: number;
      /** The sheet figure the box starts at, where the host's sheet gives it (the shell reads it). */
      readonly sheet?: SheetFigure;
    }
  | { readonly key: string; readonly kind: "choice"; readonly label: string; readonly choices: readonly string[]; readonly initial: string }
) & {
  readonly by?: "defender";
  /**
   * A figure the table reads off a sheet the module cannot read (a weapon's dice, the number it
   * needs, a trample's damage): whoever declares it vouches for it. The shell has the GM confirm
   * one a player declares against a creature that is not theirs.
   */
  readonly figure?: true;
};

/**
 * A figure on the acting creature's sheet that a box can start at: the d20 roll needed to hit the
 * target (THAC0 less the target's AC), and the dice and bonus of the attack it strikes with.
 */
export type SheetFigure = "neededToHit" | "damageCount" | "damageSides" | "damageBonus";

export type Declared = Readonly<Record<string, boolean | number | string>>;

/** One field of a creature's profile, for the profile form (path is dotted: "armor.type"). */
export type ProfileField =
  | { readonly path: string; readonly kind: "int"; readonly min: number; readonly max: number; readonly optional?: boolean }
  | { readonly path: string; readonly kind: "bool" }
  | { readonly path: string; readonly kind: "choice"; readonly choices: readonly string[]; readonly optional?: boolean }
  | { readonly path: string; readonly kind: "multi"; readonly choices: readonly string[] };

/** How the settings form shows one rule option (defined with the option resolver). */
export type { OptionSchema };

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
  /**
   * The other creatures named by `holds` (beyond attacker and defender), for actions whose rules
   * reach them: a blow into a grapple may land on any of its members. Optional: absent is none.
   */
  readonly others?: readonly Participant[];
  /**
   * Free attack routines already taken this round, by whom against whom (002: one per opponent
   * per round). Optional: absent is none taken.
   */
  readonly freeAttacks?: readonly FreeAttackRecord[];
  /**
   * For a grab: the creature's grabbing attack, as the shell read it from the sheet (issue 31).
   * Absent for every other action.
   */
  readonly grab?: GrabAttack;
}

/** A free attack routine taken: `byId` struck at `againstId`, in the round it happened. */
export interface FreeAttackRecord {
  readonly byId: string;
  readonly againstId: string;
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

/**
 * One "what happens next" line of a card: who may or will do what, and when. Its numbers (a
 * roll needed, a chance) are a separate headline, so the table can hide them from players
 * when they come from the GM's creatures' statistics (`numbersOf`: those participants' ids).
 */
export interface NextLine extends Headline {
  readonly numbers?: Headline;
  readonly numbersOf?: readonly string[];
  /**
   * The modifiers summed into its numbers (reason keys) and whose roll they belong to: the card
   * hides the numbers wherever it hides those modifiers in the roll itself.
   */
  readonly numbersFrom?: { readonly roller: string; readonly opponent: string; readonly keys: readonly string[] };
}

/**
 * Who stands how once an action's writes are in, for its "what happens next": the creatures
 * marked unconscious then (a status already on them or one the action sets), and their damage
 * ledgers with the action's damage added. Absent: everyone as the context has them (awake).
 */
export interface AfterAction {
  readonly unconscious: readonly string[];
  readonly ledgers: Readonly<Record<string, Ledger>>;
}

/** An action a hold opens to one side of it, as a card button; `label` replaces WC.Action.<action>. */
export interface HoldAction {
  readonly action: ShellAction;
  readonly label?: string;
}

export interface OddsOutcome {
  /** i18n key of the outcome, e.g. WC.Result.hold. */
  readonly key: string;
  readonly params?: Readonly<Record<string, string | number>>;
  readonly p: number;
  /** What the outcome is to the one acting, as the rules read it: what it tried for, part way, or a failure. */
  readonly tone: OddsTone;
}

/** A condition with time left on it, carried from one round's end to the next. */
export interface Timer {
  /** The participant it is on. */
  readonly id: string;
  readonly condition: ConditionId;
  readonly remaining: number;
  readonly unit: "rounds" | "segments";
  /** A hold it belongs to, when it does (a strangle count, a suffocation count). */
  readonly holdId?: string;
  /** The round the condition began in, when an action started it during that round. */
  readonly appliedRound?: number;
}

/** Everything a variant needs to run the end of a round for a whole fight. */
/** One hold's chance of being broken at the round's end (`roundEndBreaks`). */
export interface RoundEndBreak {
  readonly p: number;
  /** rolls: a break roll may come; madeThisRound: none this round; holderOut: let go first; heldOut: the held creature is out and rolls nothing. */
  readonly why: "rolls" | "madeThisRound" | "holderOut" | "heldOut";
}

export interface RoundContext {
  /** The round that has just ended. */
  readonly round: number;
  readonly participants: readonly Participant[];
  readonly holds: readonly HoldRecord[];
  /** Damage ledgers by participant id (creatures without hit points have none). */
  readonly ledgers: Readonly<Record<string, Ledger>>;
  /** Participants out of melee this round (decided from token positions, or by the GM). */
  readonly outOfMelee: readonly string[];
  /** Overbear attempts declared this round by holders, per held creature (d12-holds). */
  readonly overbear: ReadonlyArray<{ readonly defenderId: string; readonly holderIds: readonly string[] }>;
  /** Timed conditions running now, as the last round end left them. */
  readonly timers: readonly Timer[];
}

export interface RoundResolution {
  /** The variant's own round-end result, with its whole trace. */
  readonly result: unknown;
  /** Holds ended, damage (healing as negative temporary), conditions set or cleared. */
  readonly consequences: Consequences;
  /** Holds whose record changed (a strangle count went up), to store back. */
  readonly holdsUpdated: readonly HoldRecord[];
  /** Timers to carry into the next round. */
  readonly timers: readonly Timer[];
  /** The summary card's lines, in the order things happened. */
  readonly lines: readonly Headline[];
}

/** A creature moved on the map, and the holds it is in (movement rules). */
export interface MoveContext {
  readonly mover: Participant;
  /** The other creatures the holds name (absent: none). */
  readonly others?: readonly Participant[];
  /** Every hold on or by the mover (and on or by those it would bring along). */
  readonly holds: readonly HoldRecord[];
  readonly inCombat: boolean;
  /** The mover is off the ground (a flier that lifted off). Absent: on the ground. */
  readonly airborne?: boolean;
}

/** A move that needs a roll first (002 §Moving and Grappling): the hold it is made for. */
export interface MoveRollContext extends MoveContext {
  readonly holdId: string;
  readonly round: number;
}

export interface MoveRollResolution {
  readonly result: unknown;
  /** May the mover go: with `brings` beside it, or alone. */
  readonly moved: boolean;
  readonly brings: readonly string[];
  readonly consequences: Consequences;
  readonly headline: Headline;
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
  /**
   * The project-default tables (made by the module where the source prints none) this action
   * reads under these options, by table id; empty when the source's own tables, or the GM's, serve.
   */
  projectTables(action: ShellAction, options: unknown): readonly string[];
  /**
   * What a creature's damage ledger makes of it after an action's damage: out cold for so many
   * rounds (000, 004), subdued (002), or nothing the module marks (still fighting, or down to the
   * host's death rules).
   */
  conditionAfterDamage(ledger: Ledger): { readonly condition: ConditionId; readonly rounds?: number } | null;
  /** Everything due at the end of a round, for every creature in the fight at once. */
  roundEnd(ctx: RoundContext, options: unknown, dice: Dice): RoundResolution;
  /**
   * Where the round end itself rolls to break holds (000's break rolls): for each hold, the exact
   * chance its held creature breaks it when this round ends, and why it is what it is. Absent where
   * a held creature breaks free only by its own action (002, 004).
   */
  roundEndBreaks?(ctx: RoundContext, options: unknown): Readonly<Record<string, RoundEndBreak>>;
  /**
   * Actions that, in a fight, only declare something for the round end (000's overbear attempt):
   * they roll nothing, their button says Declare, and a creature makes each once a round against
   * one target.
   */
  readonly declarations?: readonly ShellAction[];
  /** What a hold lets the held creature and its holder do next (the card's buttons). */
  readonly holdActions?: { readonly held: readonly HoldAction[]; readonly holder: readonly HoldAction[] };
  /**
   * What happens next after a resolution, and to whom (the card's closing lines): pure, from the
   * context the action was resolved in and its resolution, and who stands how once its writes are
   * in (`after`: who is out then; the round end's awake rule, core/awake.ts, reads the same).
   * Empty when nothing follows.
   */
  next?(ctx: ActionContext, resolution: Resolution, options: unknown, after?: AfterAction): readonly NextLine[];
  /**
   * What the holds let a creature do when it is moved on the map: stay put (and what would free
   * it), or its choices (drag, let go, roll) with their pace. Optional: a variant without it has
   * nothing to say, and every move is free.
   */
  movement?(ctx: MoveContext, options: unknown): MovementAnswer;
  /** How far a holder hauls in a creature it holds at a distance in a round (its `reelInPace`). Optional: absent, no reeling in. */
  reelIn?(who: { readonly id: string; readonly profile: unknown }, options: unknown): ReelAnswer;
  /**
   * How many feet a creature may run in a charge that ends beside its target (a charging
   * overbear): its option `chargeRun`. Optional: absent, or null, the rules set no distance.
   */
  chargeFeet?(who: { readonly id: string; readonly profile: unknown }, options: unknown): number | null;
  /** The roll a move needs (a choice of kind "roll"), with its consequences. Optional. */
  moveRoll?(ctx: MoveRollContext, options: unknown, dice: Dice): MoveRollResolution;
  /**
   * What a move that is not a walk (a teleport, a forced move, a change of level) does to the
   * holds of the creature moved: the variant's named option. Optional: absent, such moves are
   * judged as walks.
   */
  moveKind?(kind: MoveKind, options: unknown): KindAnswer | null;
  /** A creature whose hold ended `feet` above the ground. Optional: absent, it falls and no rule is given. */
  fall?(who: Participant, feet: number, options: unknown): FallAnswer;
}
