/**
 * Every reading of an ambiguous passage of 004 and every project default that fills a gap is a
 * named option here. The default is the digest's (§7, §8.2-8.3); `reason` in the settings UI is
 * the i18n key WC.Option.<name>.reason. The GM may also replace the two project-default tables.
 */
import type { GrabDamage } from "../core/grab.ts";
import { GRAB_DAMAGE_CHOICES } from "../core/grab.ts";
import type { IssueList } from "../core/errors.ts";
import { RulesInputError } from "../core/errors.ts";
import type { BasicOptionSchema, OptionSchema as AnyOptionSchema } from "../core/options.ts";
import { resolveWithSchema } from "../core/options.ts";
import type { KindAnswer } from "../core/pace-left.ts";
import { KIND_ANSWERS } from "../core/pace-left.ts";
import { readTables } from "./custom-tables.ts";
import type { PercentileTables } from "./tables.ts";
import { DEFAULT_TABLES, TORSO_GRAB_CATEGORY } from "./tables.ts";

export interface PercentileOptions {
  /** Base chance: (AD + magic) x 10 as 004 words it, or AD x 10 + magic as the DMG has it (digest §7.3). */
  readonly baseChance: "adPlusMagicTimes10" | "adTimes10PlusMagic";
  /** Speed: only a faster target counts (-10 per full 30 ft), or a slower one also gives +10 per 30 ft (§7.3). */
  readonly targetSpeed: "fasterOnly" | "bothWays";
  /** "Target Hit Dice" for characters: their level, or not counted at all (§7.3; monsters use whole HD). */
  readonly characterHitDice: "level" | "none";
  /** "-5 per adjustment": per point of Dex, shield and magic protection, or per source that adjusts (§7.3). */
  readonly acAdjustments: "perPoint" | "perSource";
  /** Does magic armor's plus move the target's armor band? "Armor-only" reads as the armor alone. */
  readonly armorBandMagic: "ignore" | "improves";
  /** The "0" attack-matrix column (+1): creatures under 1-1 HD, or none (they use the 1-1 column) (§7.2). */
  readonly zeroColumn: "underOneMinusOne" | "sameAsOneMinusOne";
  /** The DMG's rule that an unconscious creature gets no Variable (§7.2). */
  readonly unconsciousVariable: "none" | "normal";
  /** Height and weight differences are measured against the target's value, or the attacker's (§7.4). */
  readonly percentBase: "target" | "attacker";
  /** Whole 10% steps, truncated toward zero; or rounded to the nearest step (§7.4). */
  readonly percentSteps: "truncate" | "round";
  /** "Half if prone": when either party is prone, or only the target (§7.4). Halves round toward zero. */
  readonly proneHalving: "eitherProne" | "targetProne";
  /** Break Free rolls with roles swapped: the breaker's d6 and the holder's d4 apply, or no Variable (§7.5). */
  readonly breakFreeVariable: "rolesSwapped" | "none";
  /** Break Free damage: the break roll's table damage goes to the holder, or there is none (§7.5). */
  readonly breakFreeDamage: "toHolder" | "none";
  /** Lethal share: rounded up (a 1 is lethal), or rounded down except that a lone point is lethal (§7.5, §7.6). */
  readonly lethalRounding: "ceil" | "floorOnePointLethal";
  /** Add the host Strength damage bonus to table damage, as the DMG does (§7.5 [DEFAULT] off). */
  readonly strengthDamage: boolean;
  /** Best category a joiner can get: torso grab (1), or the DEFAULT-B bear hug (4); never above the existing hold (§8.2). */
  readonly joinerCapCategory: number;
  /** Strangle hold: chance in % per round held, cumulative, of being knocked out (§8.2 [DEFAULT] 5; 0 turns it off). */
  readonly strangleKoPct: number;
  /** Overbear fend-off: the charge AC penalty and the grappled -4 do not stack (the worse applies), or they add (§7.6). */
  readonly chargeStacking: "worseOnly" | "stack";
  /** Does a hold the original holder keeps deal its table damage again at each later round end? */
  readonly maintainedHoldDamage: "eachLaterRound" | "none";
  /** Condition timers (stun, unconscious, hindered) count down from the round end after the one they began in, or from that one. */
  readonly timerStart: "nextRoundEnd" | "sameRoundEnd";
  /** Weaponless initiative: the higher initiative die acts first (DMG), or the lower. */
  readonly initiativeDie: "higher" | "lower";
  /** Size classes one grappler must exceed the other by to be "much larger" (and escape the grappled condition). */
  readonly muchLargerSteps: number;
  /** A multi-classed character's Variable column: its best class's, or its first class's. */
  readonly multiClassColumn: "best" | "first";
  /** Standing up from prone takes the rest of the round (prone until it ends), or the action alone. */
  readonly standUpTakes: "round" | "action";
  /** May a creature in the grappled condition (it cannot move) stand up? */
  readonly riseWhileGrappled: boolean;
  /** Weapons neither blunt nor long-hafted do half damage on a subdual attack: the half rounded down, or up. */
  readonly subdualHalfRounding: "floor" | "ceil";
  /** "If strong enough" to drag (004 §Grappled Condition): any side free of the condition, or only one at least as heavy as whom it drags. */
  readonly dragStrength: "anyFree" | "heavier";
  /** A prone creature stands up before it moves, or may move while down. */
  readonly proneMovement: "standFirst" | "free";
  /** A holder hauling in what it holds at a distance (a leash): half its speed (004: one free of the grappled condition drags the other at half speed) or full. */
  readonly reelInPace: "half" | "full";
  /** A creature in a hold teleports: its holds end, the others arrive beside it, or it may not. */
  readonly teleportInHold: KindAnswer;
  /** A creature in a hold is moved by force (shoved, displaced): its holds end, the others come along, or it stays. */
  readonly forcedMoveInHold: KindAnswer;
  /** A creature in a hold changes the scene's level (v14): its holds end, the others come along, or it may not. */
  readonly levelChangeInHold: KindAnswer;
  /** A blow at one grappler goes astray: with each member's equal share, or at a fixed percentage. */
  readonly intoGrappleStray: "equalShare" | "percent";
  /** With `intoGrappleStray` percent: the chance in % that the blow strikes another member. */
  readonly intoGrappleStrayPct: number;
  /** A monster's grabbing attack that hits (issue 31): 0 rolls the Grapple Result as for any Grab ability; 1 or more fixes that category of the Grappling Table. */
  readonly grabCategory: number;
  /** A grab's hold damage: the monster's stated figure each round in the hold's damage slot, or the table's own. */
  readonly grabDamage: GrabDamage;
  /** The tables in use; the project defaults unless the GM supplies replacements. */
  readonly tables: PercentileTables;
}

export const PERCENTILE_DEFAULTS: PercentileOptions = {
  baseChance: "adPlusMagicTimes10",
  targetSpeed: "fasterOnly",
  characterHitDice: "level",
  acAdjustments: "perPoint",
  armorBandMagic: "ignore",
  zeroColumn: "underOneMinusOne",
  unconsciousVariable: "none",
  percentBase: "target",
  percentSteps: "truncate",
  proneHalving: "eitherProne",
  breakFreeVariable: "rolesSwapped",
  breakFreeDamage: "toHolder",
  lethalRounding: "ceil",
  strengthDamage: false,
  joinerCapCategory: TORSO_GRAB_CATEGORY,
  strangleKoPct: 5,
  chargeStacking: "worseOnly",
  maintainedHoldDamage: "eachLaterRound",
  timerStart: "nextRoundEnd",
  initiativeDie: "higher",
  muchLargerSteps: 2,
  // A multi-class fights on its best attack table in AD&D; 004 counts one column.
  multiClassColumn: "best",
  // 004 gives no time to rise; 000's full round is the nearest rule of the same game.
  standUpTakes: "round",
  // 004: those in the grappled condition cannot move.
  riseWhileGrappled: false,
  subdualHalfRounding: "floor",
  // 004 gives a "random chance" but no number; 002's equal chances are the sister rule.
  intoGrappleStray: "equalShare",
  intoGrappleStrayPct: 50,
  // 004: the free side drags "assuming they are strong enough"; being free of the condition is taken as enough.
  dragStrength: "anyFree",
  // 004 gives no crawling; a creature knocked down gets up before it goes anywhere.
  proneMovement: "standFirst",
  reelInPace: "half",
  // 004 has no magic that moves a hold: a creature gone from its holder's grip is out of it.
  teleportInHold: "ends",
  // Holders hang on to a creature carried off, as the free side of 004 drags its opponent along.
  forcedMoveInHold: "goesAlong",
  // A level is a place on the map: a group the rules let move together changes level together.
  levelChangeInHold: "goesAlong",
  // 004 §Grappling: an ability that names no hold (Grab) has its Grapple Result rolled, without the attacker's Variable.
  grabCategory: 0,
  // A hold's damage is dealt on gaining it and each later round (maintainedHoldDamage); the stat block's figure is the monster's own.
  grabDamage: "monster",
  tables: DEFAULT_TABLES,
};

/** The option kinds percentile uses (core/options.ts has the whole union). */
export type OptionSchema = BasicOptionSchema | Extract<AnyOptionSchema, { kind: "tables" }>;

/** What the settings UI needs to show each option. */
export const PERCENTILE_OPTION_SCHEMA: Record<keyof PercentileOptions, OptionSchema> = {
  baseChance: { kind: "choice", choices: ["adPlusMagicTimes10", "adTimes10PlusMagic"] },
  targetSpeed: { kind: "choice", choices: ["fasterOnly", "bothWays"] },
  characterHitDice: { kind: "choice", choices: ["level", "none"] },
  acAdjustments: { kind: "choice", choices: ["perPoint", "perSource"] },
  armorBandMagic: { kind: "choice", choices: ["ignore", "improves"] },
  zeroColumn: { kind: "choice", choices: ["underOneMinusOne", "sameAsOneMinusOne"] },
  unconsciousVariable: { kind: "choice", choices: ["none", "normal"] },
  percentBase: { kind: "choice", choices: ["target", "attacker"] },
  percentSteps: { kind: "choice", choices: ["truncate", "round"] },
  proneHalving: { kind: "choice", choices: ["eitherProne", "targetProne"] },
  breakFreeVariable: { kind: "choice", choices: ["rolesSwapped", "none"] },
  breakFreeDamage: { kind: "choice", choices: ["toHolder", "none"] },
  lethalRounding: { kind: "choice", choices: ["ceil", "floorOnePointLethal"] },
  strengthDamage: { kind: "boolean" },
  joinerCapCategory: { kind: "integer", min: 1, max: 99 },
  strangleKoPct: { kind: "integer", min: 0, max: 100 },
  chargeStacking: { kind: "choice", choices: ["worseOnly", "stack"] },
  maintainedHoldDamage: { kind: "choice", choices: ["eachLaterRound", "none"] },
  timerStart: { kind: "choice", choices: ["nextRoundEnd", "sameRoundEnd"] },
  initiativeDie: { kind: "choice", choices: ["higher", "lower"] },
  muchLargerSteps: { kind: "integer", min: 1, max: 3 },
  multiClassColumn: { kind: "choice", choices: ["best", "first"] },
  standUpTakes: { kind: "choice", choices: ["round", "action"] },
  riseWhileGrappled: { kind: "boolean" },
  subdualHalfRounding: { kind: "choice", choices: ["floor", "ceil"] },
  intoGrappleStray: { kind: "choice", choices: ["equalShare", "percent"] },
  intoGrappleStrayPct: { kind: "integer", min: 0, max: 100 },
  dragStrength: { kind: "choice", choices: ["anyFree", "heavier"] },
  proneMovement: { kind: "choice", choices: ["standFirst", "free"] },
  reelInPace: { kind: "choice", choices: ["half", "full"] },
  teleportInHold: { kind: "choice", choices: KIND_ANSWERS },
  forcedMoveInHold: { kind: "choice", choices: KIND_ANSWERS },
  levelChangeInHold: { kind: "choice", choices: KIND_ANSWERS },
  grabCategory: { kind: "integer", min: 0, max: 99 },
  grabDamage: { kind: "choice", choices: GRAB_DAMAGE_CHOICES },
  tables: { kind: "tables" },
};

/** A GM's replacement tables: their issues join the others, with paths under options.tables. */
function readTablesOption(value: unknown, path: string, issues: IssueList): { value: PercentileTables } | undefined {
  try {
    return { value: readTables(value, path) };
  } catch (e) {
    if (!(e instanceof RulesInputError)) throw e;
    for (const i of e.issues) issues.add(i.path, i.code, i.params === undefined ? undefined : { ...i.params });
    return undefined;
  }
}

/** Merges partial options over the defaults, rejecting unknown names, bad values and bad tables. */
export function resolveOptions(partial: unknown): PercentileOptions {
  return resolveWithSchema(partial, PERCENTILE_DEFAULTS, PERCENTILE_OPTION_SCHEMA, { tables: readTablesOption });
}
