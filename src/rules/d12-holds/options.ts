/**
 * Every reading of an ambiguous passage of 000 is a named option. The default is the digest's
 * proposed reading; `reason` is a one-line i18n key explaining it (WC.Option.<name>.reason).
 */
import type { OptionSchema } from "../core/options.ts";
import { resolveWithSchema } from "../core/options.ts";
import type { GrabDamage } from "../core/grab.ts";
import { GRAB_DAMAGE_CHOICES } from "../core/grab.ts";
import type { KindAnswer } from "../core/pace-left.ts";
import { KIND_ANSWERS } from "../core/pace-left.ts";

export const ROUND_END_STEPS = ["overbear", "strangle", "break"] as const;
export type RoundEndStep = (typeof ROUND_END_STEPS)[number];

export interface D12Options {
  /** Does the plus of magic armor count as "magic that affects AC" against grapples? (digest §5.13.1, T000-09) */
  readonly armorMagicInGrappleAc: boolean;
  /** Does a magic shield's plus add to its -3 against pummels and grapples? ("magic of any sort") */
  readonly shieldMagicCounts: boolean;
  /** Grapple: does a hit from the target cost a grapple attack only if it also did damage? (digest §5.13.6) */
  readonly grappleLossNeedsDamage: boolean;
  /** Which points of grappling damage are actual: every 2nd ("floor") or the odd one too ("ceil"). */
  readonly grappleActualRounding: "floor" | "ceil";
  /** Later break rolls: add the negation of the hold's size adjustment ("negate") or nothing. */
  readonly laterBreakSizeFactor: "negate" | "none";
  /** Order of the end-of-round steps; recovery and the unconsciousness count always come last. */
  readonly roundEndOrder: readonly RoundEndStep[];
  /** 000's "every fourth point is actual": counted within each hit, or over the round's pummel total. */
  readonly pummelSplit: "perHit" | "perRoutine";
  /** Least pummel damage on a hit, applied before the size multiplier. */
  readonly pummelMinimumDamage: number;
  /** Which row of the pummel AC-adjustment list studded leather uses (it is not listed). */
  readonly studdedLeather: "leather" | "chain";
  /** Mass charge when the chargers have fewer points: 30% flat ("floor") or 30% - 2% per point ("subtract"). */
  readonly massChargeDeficit: "floor" | "subtract";
  /** Rear-rank half points: total per side rounded down ("floorSide", as in 000's example) or kept exact. */
  readonly rearRankRounding: "floorSide" | "exact";
  /** Does the Strength-to-size override count for the overbear size table too? */
  readonly strengthSizeInOverbear: boolean;
  /** A hold on a part the defender lacks (an arm hold on a snake): becomes a body hold, or no hold. */
  readonly missingPartHold: "body" | "none";
  /** Frontage of a Large creature in a mass charge (000 gives 4-5 ft; its example fits five in 20 ft). */
  readonly largeFrontageFeet: number;
  /** A monster's grabbing attack that hits (issue 31): the d12 hold roll as for any grappling hit, or a body hold always. */
  readonly grabHold: "roll" | "body";
  /** A grab's damage each round: the monster's stated figure in the stranglehold's slot, or 000's own (a stranglehold's 2-8 only). */
  readonly grabDamage: GrabDamage;
  // --- On the map -----------------------------------------------------------------------------
  /** Feet a round per inch of movement (the host's scale: 1" is 10 ft indoors). */
  readonly feetPerMoveInch: number;
  /** A held creature that is not immobilized carries its holders: at 1/(holders + 1) of its speed, half, or full (000: "greatly reduced"). */
  readonly heldMoverPace: "perHolder" | "half" | "full";
  /** May a holder carry what it holds? 000: keeping a hold it does nothing else, so moving lets go; or a holder two sizes larger carries it at half speed. */
  readonly holderDrags: "never" | "twoSizesLarger";
  /** An overborne creature stands up before it moves, or may move while down. */
  readonly proneMovement: "standFirst" | "free";
  /** How high a lift-off takes the flier and those hanging on, in feet (000 gives no height). */
  readonly liftOffFeet: number;
  /** A holder hauling in what it holds at a distance (a leash): at half its speed, as a holder carrying its catch (000 is silent on holds at reach), or full. */
  readonly reelInPace: "half" | "full";
  /** How far a charging overbear may run to its target: twice the creature's move (the AD&D charge 000 builds on) or its move. */
  readonly chargeRun: "doubleMove" | "move";
  /** A creature in a hold teleports (000 has no such magic): its holds end, the others arrive beside it, or it may not. */
  readonly teleportInHold: KindAnswer;
  /** A creature in a hold is moved by force (shoved, displaced): its holds end, the others come along, or it stays. */
  readonly forcedMoveInHold: KindAnswer;
  /** A creature in a hold changes the scene's level (v14): its holds end, the others come along, or it may not. */
  readonly levelChangeInHold: KindAnswer;
}

export const D12_DEFAULTS: D12Options = {
  armorMagicInGrappleAc: false,
  shieldMagicCounts: true,
  grappleLossNeedsDamage: true,
  grappleActualRounding: "floor",
  laterBreakSizeFactor: "negate",
  roundEndOrder: ["overbear", "strangle", "break"],
  pummelSplit: "perHit",
  pummelMinimumDamage: 0,
  studdedLeather: "leather",
  massChargeDeficit: "floor",
  rearRankRounding: "floorSide",
  strengthSizeInOverbear: true,
  missingPartHold: "body",
  largeFrontageFeet: 4,
  // 000 §Grappling holds: a grappling hit is followed by the AT's d12; a monster's grab is that hit.
  grabHold: "roll",
  // The stat block's figure is the monster's own; 000 has a per-round slot (the stranglehold's).
  grabDamage: "monster",
  feetPerMoveInch: 10,
  heldMoverPace: "perHolder",
  holderDrags: "never",
  proneMovement: "standFirst",
  liftOffFeet: 10,
  reelInPace: "half",
  // 000 asks only for room to build up speed; the AD&D charge it builds on doubles the move (digest §OSRIC: "double move").
  chargeRun: "doubleMove",
  // No text moves a hold by magic: a creature gone from its holder's grip is out of the hold.
  teleportInHold: "ends",
  // Those holding a creature hang on when it is carried off (000's lift-off takes them along).
  forcedMoveInHold: "goesAlong",
  // A level is a place on the map: a group the rules let move together changes level together.
  levelChangeInHold: "goesAlong",
};

/** What the settings UI needs to show each option: its kind and allowed values. */
export const D12_OPTION_SCHEMA: Record<keyof D12Options, Exclude<OptionSchema, { kind: "tables" }>> = {
  armorMagicInGrappleAc: { kind: "boolean" },
  shieldMagicCounts: { kind: "boolean" },
  grappleLossNeedsDamage: { kind: "boolean" },
  grappleActualRounding: { kind: "choice", choices: ["floor", "ceil"] },
  laterBreakSizeFactor: { kind: "choice", choices: ["negate", "none"] },
  roundEndOrder: { kind: "order", steps: ROUND_END_STEPS },
  pummelSplit: { kind: "choice", choices: ["perHit", "perRoutine"] },
  pummelMinimumDamage: { kind: "integer", min: 0, max: 1 },
  studdedLeather: { kind: "choice", choices: ["leather", "chain"] },
  massChargeDeficit: { kind: "choice", choices: ["floor", "subtract"] },
  rearRankRounding: { kind: "choice", choices: ["floorSide", "exact"] },
  strengthSizeInOverbear: { kind: "boolean" },
  missingPartHold: { kind: "choice", choices: ["body", "none"] },
  largeFrontageFeet: { kind: "integer", min: 4, max: 5 },
  grabHold: { kind: "choice", choices: ["roll", "body"] },
  grabDamage: { kind: "choice", choices: GRAB_DAMAGE_CHOICES },
  feetPerMoveInch: { kind: "integer", min: 1, max: 30 },
  heldMoverPace: { kind: "choice", choices: ["perHolder", "half", "full"] },
  holderDrags: { kind: "choice", choices: ["never", "twoSizesLarger"] },
  proneMovement: { kind: "choice", choices: ["standFirst", "free"] },
  liftOffFeet: { kind: "integer", min: 1, max: 100 },
  reelInPace: { kind: "choice", choices: ["half", "full"] },
  chargeRun: { kind: "choice", choices: ["doubleMove", "move"] },
  teleportInHold: { kind: "choice", choices: KIND_ANSWERS },
  forcedMoveInHold: { kind: "choice", choices: KIND_ANSWERS },
  levelChangeInHold: { kind: "choice", choices: KIND_ANSWERS },
};

/** Merges partial options over the defaults, rejecting unknown names and bad values. */
export function resolveOptions(partial: unknown): D12Options {
  return resolveWithSchema(partial, D12_DEFAULTS, D12_OPTION_SCHEMA);
}
