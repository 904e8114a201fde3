/**
 * Every reading of an ambiguous passage of 002, and every project default the digest (§6, §8.1)
 * proposes, is a named option here. Defaults are the digest's; `GRAPPLE_DIE_OPTION_REASONS`
 * holds the one-line reason for each (an i18n key, WC.Option.<name>.reason, and its gist).
 */
import type { GrabDamage } from "../core/grab.ts";
import { GRAB_DAMAGE_CHOICES } from "../core/grab.ts";
import type { BasicOptionSchema } from "../core/options.ts";
import type { OptionSchema as CoreOptionSchema } from "../core/options.ts";
import { resolveWithSchema } from "../core/options.ts";
import type { KindAnswer } from "../core/pace-left.ts";
import { KIND_ANSWERS } from "../core/pace-left.ts";
import type { IssueList } from "../core/errors.ts";
import { RulesInputError } from "../core/errors.ts";
import { validateTable } from "./custom-table.ts";
import type { GrappleTable } from "./grapple.ts";
import { GRAPPLE_DIE_TABLE } from "./tables.ts";

export interface GrappleDieOptions {
  /** The grapple-die table in use: the project default unless the GM supplies a replacement. */
  readonly table: GrappleTable;
  // --- Grapple (digest §6.2, §8.1) -------------------------------------------------------------
  /** Does the hold's damage also fall when the hold is made, not only on segment 3 later? */
  readonly damageOnEstablish: boolean;
  /** A new grapple die on an existing hold: always replaces it, or keeps whichever is higher. */
  readonly changedHold: "replace" | "keepBetter";
  /** Does the +1 per grappler count the roller's own hold on the defender too? */
  readonly grapplerBonusCountsOwnHold: boolean;
  /** Does a break roll get the +1 per grappler holding the one it is breaking from? */
  readonly breakGetsGrapplerBonus: boolean;
  /** A break roll 5+ short drops "all grapplers": everyone in the grapple, or only the holders. */
  readonly breakFumbleProne: "everyone" | "holdersOnly";
  /** Circumstantial grapple-die modifier per size step the roller is larger. */
  readonly dieLargerPerStep: number;
  /** Circumstantial grapple-die modifier per size step the roller is smaller (a negative number). */
  readonly dieSmallerPerStep: number;
  /** Does the roller's Strength to-hit bonus add to the grapple die? */
  readonly dieStrength: boolean;
  /** Grapple-die modifier against a slick or oiled target. */
  readonly dieSlick: number;
  /** Hold damage dice step up per size class the holder is above man-sized (as pummel damage). */
  readonly holdDamageSizeStep: boolean;
  /** Does the holder's Strength damage bonus add to hold damage? */
  readonly holdDamageStrength: boolean;
  /** Hold damage is ordinary damage, or subdual (75% temporary, 25% real). */
  readonly grappleDamage: "normal" | "subdual";
  /** What makes one grappler "much larger" (no grapple AC effects, may move; 002 §Size Differences): weight, or size classes. */
  readonly muchLargerBy: "weight" | "size";
  /** By weight: how many times the other's weight. */
  readonly muchLargerWeightRatio: number;
  /** By size (and for a hold stored without weights): size classes apart. */
  readonly muchLargerSteps: number;
  /** While grappled, Dexterity's effect on AC is removed whole, or only a bonus. */
  readonly grappledDexLoss: "all" | "bonusOnly";
  /** Does a counter-grapple draw the free attack an ordinary grapple attempt does? */
  readonly counterGrappleFreeAttack: boolean;
  /** Suffocation counts down every round the strangle is kept, or only rounds the victim is out. */
  readonly suffocationClock: "whileHeld" | "whileUnconscious";
  // --- Attack rolls -------------------------------------------------------------------------------
  /** Does a natural 20 hit whatever the total? (The host 1e rules: no.) */
  readonly natural20AlwaysHits: boolean;
  // --- Overbear (digest §6.3) ----------------------------------------------------------------------
  /** The charge bonus to hit at the end of a charge. */
  readonly chargeBonus: number;
  /** The charger's AC: OSRIC (no Dex bonus, or 1 worse without one) or unchanged. */
  readonly chargerAc: "osric" | "none";
  /** Size limits: both must hold (under 5 ft taller AND under double weight), or either. */
  readonly overbearLimits: "both" | "either";
  /** Are creatures with four or more legs immune to overbearing? */
  readonly manyLeggedImmune: boolean;
  /** Save modifier per size step the attacker is larger (applied as a penalty, at most 4). */
  readonly saveAttackerLargerPerStep: number;
  /** Save modifier per size step the defender is larger (a bonus, at most 8). */
  readonly saveDefenderLargerPerStep: number;
  /** Does the natural-20 stun need the defender to fail the save too? */
  readonly overbearStunNeedsFailedSave: boolean;
  // --- Pummel (digest §6.4) ------------------------------------------------------------------------
  /** Who takes the -2 "otherwise": classless creatures of 1 HD or less, or every non-proficient pummeler. */
  readonly pummelOtherwisePenalty: "classlessLowHd" | "everyoneElse";
  /** Is a classless creature of 1+1 HD or more "over 1 hit dice"? */
  readonly hdPlusCountsAsOver: boolean;
  /** Pummel damage is ordinary damage, or subdual (75% temporary, 25% real). */
  readonly pummelDamage: "normal" | "subdual";
  /** Base Armor Rating at or below which armor with a helm (or tough hide) turns pummels. */
  readonly pummelImmuneRating: number;
  /** Does armor need a helm to turn pummels? */
  readonly pummelImmunityNeedsHelm: boolean;
  // --- The rest of the weaponless rules ---------------------------------------------------------
  /** Standing up from prone takes the rest of the round (prone until it ends, no attacks), or the action alone. */
  readonly standUpTakes: "round" | "action";
  /** May a creature held fast in a grapple (immobile) stand up, holds that keep it down aside? */
  readonly riseWhileGrappled: boolean;
  /** Who takes two-weapon penalties when pummelling with several limbs. */
  readonly limbPenalties: "characters" | "everyone" | "none";
  /** Two-weapon penalty on the first (primary) limb, and on each other limb. */
  readonly limbPrimaryPenalty: number;
  readonly limbSecondaryPenalty: number;
  /** When a grab at an item may be tried: the foe helpless or held, or at any time. */
  readonly grabItemWhen: "favourable" | "always";
  /** Segments a coup de grâce takes with no active opponents about. */
  readonly coupSegments: number;
  /** May a coup de grâce be dealt with natural weapons (bite, claws) as well as a melee weapon? */
  readonly coupWithNaturalWeapons: boolean;
  /** Does a holder that is out cold when the round ends let go (no head lock damage, the hold ends)? */
  readonly unconsciousHolderLetsGo: boolean;
  /** Who an outsider's blow into a grapple lands on: each member alike, or weighted by size. */
  readonly intoGrappleChance: "equal" | "bySize";
  // --- On the map (002 §Effects of Grappling on AC, §Size Differences, §Moving and Grappling) ------
  /** Pace of a holder moving with its hold after the roll (or the free break) lets it: half its speed, or full. */
  readonly movePace: "half" | "full";
  /** Who moves with its hold on a grapple die of 10+ ("significantly larger and/or stronger"): one size class larger, or only the much larger. */
  readonly dragRollWhen: "largerSize" | "muchLarger";
  /** When the held creature's free break roll fails, the mover drags it along, or stays put. */
  readonly freeBreakFailed: "drags" | "staysPut";
  /** A prone creature stands up before it moves, or may move while down. */
  readonly proneMovement: "standFirst" | "free";
  /** A holder hauling in what it holds at a distance (a leash): half its speed (002's dragging) or full. */
  readonly reelInPace: "half" | "full";
  /** A creature in a hold teleports: its holds end, the others arrive beside it, or it may not. */
  readonly teleportInHold: KindAnswer;
  /** A creature in a hold is moved by force (shoved, displaced): its holds end, the others come along, or it stays. */
  readonly forcedMoveInHold: KindAnswer;
  /** A creature in a hold changes the scene's level (v14): its holds end, the others come along, or it may not. */
  readonly levelChangeInHold: KindAnswer;
  // --- A monster's own grab (issue 31) -------------------------------------------------------------
  /** A grabbing attack that hits: the grapple die as for any grapple, or a slip read as the table's first hold (the attack says it holds). */
  readonly grabDieSlip: "roll" | "firstHold";
  /** A grab's damage each round (segment 3): the monster's stated figure in the hold's damage slot, or the table's own. */
  readonly grabDamage: GrabDamage;
  // --- Subdual (002 §Striking to Subdue) ---------------------------------------------------------
  /** 25% real: a fraction of a point rounds down, or up. */
  readonly subdualActualRounding: "floor" | "ceil";
}

export const GRAPPLE_DIE_DEFAULTS: GrappleDieOptions = {
  table: GRAPPLE_DIE_TABLE,
  damageOnEstablish: true,
  changedHold: "replace",
  grapplerBonusCountsOwnHold: false,
  breakGetsGrapplerBonus: false,
  breakFumbleProne: "everyone",
  dieLargerPerStep: 1,
  dieSmallerPerStep: -2,
  dieStrength: true,
  dieSlick: -2,
  holdDamageSizeStep: true,
  holdDamageStrength: false,
  grappleDamage: "normal",
  muchLargerBy: "weight",
  muchLargerWeightRatio: 10,
  muchLargerSteps: 2,
  grappledDexLoss: "all",
  counterGrappleFreeAttack: false,
  suffocationClock: "whileHeld",
  natural20AlwaysHits: false,
  chargeBonus: 2,
  chargerAc: "osric",
  overbearLimits: "both",
  manyLeggedImmune: false,
  saveAttackerLargerPerStep: 1,
  saveDefenderLargerPerStep: 2,
  overbearStunNeedsFailedSave: false,
  pummelOtherwisePenalty: "classlessLowHd",
  hdPlusCountsAsOver: true,
  pummelDamage: "normal",
  pummelImmuneRating: 4,
  pummelImmunityNeedsHelm: true,
  subdualActualRounding: "floor",
  standUpTakes: "round",
  riseWhileGrappled: false,
  limbPenalties: "characters",
  limbPrimaryPenalty: -2,
  limbSecondaryPenalty: -4,
  grabItemWhen: "favourable",
  coupSegments: 6,
  coupWithNaturalWeapons: false,
  unconsciousHolderLetsGo: true,
  intoGrappleChance: "equal",
  movePace: "half",
  dragRollWhen: "largerSize",
  freeBreakFailed: "drags",
  proneMovement: "standFirst",
  reelInPace: "half",
  teleportInHold: "ends",
  forcedMoveInHold: "goesAlong",
  levelChangeInHold: "goesAlong",
  grabDieSlip: "roll",
  grabDamage: "monster",
};

/** The reason behind each default, in brief (the UI shows WC.Option.<name>.reason). */
export const GRAPPLE_DIE_OPTION_REASONS: Record<keyof GrappleDieOptions, string> = {
  table: "002 names a grapple-die table but prints none; the module ships its own, and the GM may replace it.",
  damageOnEstablish: "step 4 rolls the hold's effects 'including any indicated damage' (digest §6.2 reading)",
  changedHold: "a new grapple die makes a new hold, which takes the old one's place (digest §6.2 reading)",
  grapplerBonusCountsOwnHold: "the bonus is for help from others already holding (digest §6.2 reading)",
  breakGetsGrapplerBonus: "the text gives the bonus to successive grapple dice, not to breaks (digest §6.7.3)",
  breakFumbleProne: "everyone in that grapple, the defender included (digest §6.2 reading)",
  dieLargerPerStep: "project default circumstantial modifier (digest §8.1)",
  dieSmallerPerStep: "project default circumstantial modifier (digest §8.1)",
  dieStrength: "project default circumstantial modifier (digest §8.1)",
  dieSlick: "project default circumstantial modifier (digest §8.1)",
  holdDamageSizeStep: "follows the pummel pattern 1d2, 1d4, 1d8 (digest §8.1 default)",
  holdDamageStrength: "002 adds Strength only to pummel damage",
  grappleDamage: "002 never calls grapple damage temporary (digest §8.1 default)",
  muchLargerBy: "002's stirge on a man is one size class apart, as a halfling on a man is; only weight tells them apart",
  muchLargerWeightRatio: "ten times the weight: a stirge on a man is far past it, a halfling (a third of a man) or an ogre far short",
  muchLargerSteps: "S also covers halflings, so one step is not the stirge-on-a-man difference",
  grappledDexLoss: "002: grapplers gain no Dexterity modifiers at all",
  counterGrappleFreeAttack: "a counter-grapple 'just rolls the grapple die', skipping steps 2 and 3",
  suffocationClock: "a strangled victim kept in the hold does not get to come round",
  natural20AlwaysHits: "the host 1e rules have no automatic hit",
  chargeBonus: "the standard charge bonus of OSRIC and 1e (digest §6.3 reading)",
  chargerAc: "the standard charge penalty of OSRIC (digest §6.3)",
  overbearLimits: "both limits apply (digest §6.3 reading)",
  manyLeggedImmune: "002 leaves four-legged immunity to the DM; the attack is allowed unless set",
  saveAttackerLargerPerStep: "project default: -1 per step, at most -4 (digest §6.3 default)",
  saveDefenderLargerPerStep: "project default: +2 per step, at most +8 (digest §6.3 default)",
  overbearStunNeedsFailedSave: "the stun comes from the attack roll, before the save is made",
  pummelOtherwisePenalty: "'otherwise' means classless creatures of 1 HD or less (digest §6.4 reading)",
  hdPlusCountsAsOver: "1+1 HD is more than 1 hit die",
  pummelDamage: "002 never calls pummel damage temporary (digest §6.4 reading)",
  pummelImmuneRating: "002: Base Armor Rating 4 or better",
  pummelImmunityNeedsHelm: "002: plate-type armor including a helm",
  subdualActualRounding: "AD&D truncates unless told otherwise",
  standUpTakes: "002 gives no time to rise; 000's full round, with no attacks, is the nearest rule of the same game",
  riseWhileGrappled: "002: while a hold is on, grapplers are immobile",
  limbPenalties: "002 fights several limbs as two weapons; monsters' natural routines carry no such penalty",
  limbPrimaryPenalty: "the host's two-weapon penalties: -2 for the primary hand",
  limbSecondaryPenalty: "the host's two-weapon penalties: -4 for the other hand",
  grabItemWhen: "002: a grab is generally not possible; a helpless or held foe is the favourable case it names",
  coupSegments: "002 §Coup de Grâce: one helpless creature per 6 segments with no active opponents",
  coupWithNaturalWeapons: "002 §Coup de Grâce says 'with a melee weapon', and 002 keeps melee weapons and natural weapon attacks apart",
  unconsciousHolderLetsGo: "002 makes the holder the one who deals a hold's damage each round (§Grapple Procedure) and gives a senseless creature no action; 000 and 004 say outright that a hold lasts only while its holder keeps it",
  intoGrappleChance: "002 gives every grappler the same chance of taking the blow; weighting by size is the DM's adjustment",
  movePace: "002 calls moving in a hold difficult and gives no pace; 004's half speed for dragging is the sister rule",
  dragRollWhen: "'significantly larger' is less than §Size Differences' much larger (who moves freely anyway); Strength is left to the DM",
  freeBreakFailed: "the free break is the held creature's chance to stay; failing it, it is taken along",
  proneMovement: "002 gives no crawling; a creature knocked down gets up before it goes anywhere",
  reelInPace: "002 gives no pace for hauling a creature in; 004's half speed for dragging another is the sister rule (as movePace)",
  teleportInHold: "002 has no magic that moves a hold: a creature gone from its holder's grip is out of the hold",
  forcedMoveInHold: "002 lets an attacker move with a creature it pushes back; holders hang on to a creature carried off",
  levelChangeInHold: "a level is a place on the map: a group the rules let move together changes level together",
  grabDieSlip: "002 step 4: after a successful to-hit the grappler rolls the grapple die; a grabbing attack's hit is that to-hit, so the die follows as for any grapple",
  grabDamage: "002 step 6: a hold does its damage each round on segment 3; a monster whose sheet says how much its hold hurts fills that slot with its own figure",
};

/** The option kinds grapple-die uses (core/options.ts has the whole union). */
export type OptionSchema = BasicOptionSchema | Extract<CoreOptionSchema, { kind: "tables" }>;

/** What the settings UI needs to show each option: its kind and allowed values. */
export const GRAPPLE_DIE_OPTION_SCHEMA: Record<keyof GrappleDieOptions, OptionSchema> = {
  table: { kind: "tables" },
  damageOnEstablish: { kind: "boolean" },
  changedHold: { kind: "choice", choices: ["replace", "keepBetter"] },
  grapplerBonusCountsOwnHold: { kind: "boolean" },
  breakGetsGrapplerBonus: { kind: "boolean" },
  breakFumbleProne: { kind: "choice", choices: ["everyone", "holdersOnly"] },
  dieLargerPerStep: { kind: "integer", min: 0, max: 4 },
  dieSmallerPerStep: { kind: "integer", min: -4, max: 0 },
  dieStrength: { kind: "boolean" },
  dieSlick: { kind: "integer", min: -6, max: 0 },
  holdDamageSizeStep: { kind: "boolean" },
  holdDamageStrength: { kind: "boolean" },
  grappleDamage: { kind: "choice", choices: ["normal", "subdual"] },
  muchLargerBy: { kind: "choice", choices: ["weight", "size"] },
  muchLargerWeightRatio: { kind: "integer", min: 2, max: 100 },
  muchLargerSteps: { kind: "integer", min: 1, max: 3 },
  grappledDexLoss: { kind: "choice", choices: ["all", "bonusOnly"] },
  counterGrappleFreeAttack: { kind: "boolean" },
  suffocationClock: { kind: "choice", choices: ["whileHeld", "whileUnconscious"] },
  natural20AlwaysHits: { kind: "boolean" },
  chargeBonus: { kind: "integer", min: 0, max: 4 },
  chargerAc: { kind: "choice", choices: ["osric", "none"] },
  overbearLimits: { kind: "choice", choices: ["both", "either"] },
  manyLeggedImmune: { kind: "boolean" },
  saveAttackerLargerPerStep: { kind: "integer", min: 0, max: 4 },
  saveDefenderLargerPerStep: { kind: "integer", min: 0, max: 8 },
  overbearStunNeedsFailedSave: { kind: "boolean" },
  pummelOtherwisePenalty: { kind: "choice", choices: ["classlessLowHd", "everyoneElse"] },
  hdPlusCountsAsOver: { kind: "boolean" },
  pummelDamage: { kind: "choice", choices: ["normal", "subdual"] },
  pummelImmuneRating: { kind: "integer", min: -10, max: 10 },
  pummelImmunityNeedsHelm: { kind: "boolean" },
  subdualActualRounding: { kind: "choice", choices: ["floor", "ceil"] },
  standUpTakes: { kind: "choice", choices: ["round", "action"] },
  riseWhileGrappled: { kind: "boolean" },
  limbPenalties: { kind: "choice", choices: ["characters", "everyone", "none"] },
  limbPrimaryPenalty: { kind: "integer", min: -6, max: 0 },
  limbSecondaryPenalty: { kind: "integer", min: -8, max: 0 },
  grabItemWhen: { kind: "choice", choices: ["favourable", "always"] },
  coupSegments: { kind: "integer", min: 1, max: 10 },
  coupWithNaturalWeapons: { kind: "boolean" },
  unconsciousHolderLetsGo: { kind: "boolean" },
  intoGrappleChance: { kind: "choice", choices: ["equal", "bySize"] },
  movePace: { kind: "choice", choices: ["half", "full"] },
  dragRollWhen: { kind: "choice", choices: ["largerSize", "muchLarger"] },
  freeBreakFailed: { kind: "choice", choices: ["drags", "staysPut"] },
  proneMovement: { kind: "choice", choices: ["standFirst", "free"] },
  reelInPace: { kind: "choice", choices: ["half", "full"] },
  teleportInHold: { kind: "choice", choices: KIND_ANSWERS },
  forcedMoveInHold: { kind: "choice", choices: KIND_ANSWERS },
  levelChangeInHold: { kind: "choice", choices: KIND_ANSWERS },
  grabDieSlip: { kind: "choice", choices: ["roll", "firstHold"] },
  grabDamage: { kind: "choice", choices: GRAB_DAMAGE_CHOICES },
};

/** Merges partial options over the defaults, rejecting unknown names and bad values. */
export function resolveOptions(partial: unknown): GrappleDieOptions {
  return resolveWithSchema(partial, GRAPPLE_DIE_DEFAULTS, GRAPPLE_DIE_OPTION_SCHEMA, { tables: readTableOption });
}

/** A GM's replacement table: its issues join the others, with paths under options.table. */
function readTableOption(value: unknown, path: string, issues: IssueList): { value: GrappleTable } | undefined {
  try {
    return { value: validateTable(value, path) };
  } catch (e) {
    if (!(e instanceof RulesInputError)) throw e;
    for (const i of e.issues) issues.add(i.path, i.code, i.params === undefined ? undefined : { ...i.params });
    return undefined;
  }
}
