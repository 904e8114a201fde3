/**
 * Variant grapple-die (source 002) behind the shell's RulesVariant interface: maps the table's
 * action context onto this variant's resolvers, gives exact odds, and states the consequences.
 *
 * Who is who, per action:
 * - grapple, pummel, subdue, overbear: the attacker acts on the defender;
 * - counterGrapple, breakFree: the attacker is the creature held, the defender its holder;
 * - release: the attacker is the holder letting go of the defender.
 */
import { subdualStatus } from "./subdual.ts";
import type { Consequences, HoldRecord } from "../core/consequences.ts";
import { CONDITION_IDS, noConsequences } from "../core/consequences.ts";
import type { Dice } from "../core/dice.ts";
import { IssueList, RulesInputError } from "../core/errors.ts";
import { headline, profileWithId, REFUSED_KEY, profileWithoutId, refusedHeadline, riseConsequences, unknownAction as unknownActionOf } from "../core/shell.ts";
import { checkLedger, checkUniqueIds } from "../core/validate.ts";
import { SIZES } from "../core/size.ts";
import type { ActionContext, Declared, Headline, MoveContext, MoveRollContext, MoveRollResolution, OddsOutcome, ProfileField, Resolution, RoundContext, RoundResolution, RulesVariant, ShellAction, Situational, Timer } from "../variant.ts";
import { moveCast } from "../core/movement.ts";
import { gdMoveRoll, gdMovement } from "./movement.ts";
import { validateHold } from "./actions.ts";
import { grappleDieNext } from "./next.ts";
import type { Strike, StrikeInput } from "./attack.ts";
import { rollBreak } from "./breaks.ts";
import { breakConsequences, changeHoldConsequences, grappleConsequences, overbearConsequences, pummelConsequences, roundEndConsequences } from "./consequences.ts";
import type { GrappleSituation } from "./grapple.ts";
import { resolveChangeHold, resolveCounterGrapple, resolveGrapple } from "./grapple.ts";
import type { Hold } from "./holds.ts";
import type { Outcome } from "./odds.ts";
import { breakOdds, changeHoldOdds, counterGrappleOdds, grappleOdds, overbearOdds, pummelOdds, subdueOdds } from "./odds.ts";
import type { GrappleDieOptions } from "./options.ts";
import { GRAPPLE_DIE_OPTION_SCHEMA, resolveOptions } from "./options.ts";
import type { OverbearSituation } from "./overbear.ts";
import { overbearLimits, resolveOverbear } from "./overbear.ts";
import type { Condition, GdCombatant } from "./profile.ts";
import { CONDITIONS, defaultCombatant, validateCombatant } from "./profile.ts";
import type { PummelSituation, SubdueSituation } from "./pummel.ts";
import { pummelRefusal, resolvePummel, resolveSubdue } from "./pummel.ts";
import type { RoundEndInput, RoundEndResult, Timer as CoreTimer } from "./round-end.ts";
import { resolveRoundEnd } from "./round-end.ts";
import { ARMOR_TYPES, BASE_ARMOR_RATING, INTELLIGENCE, OVERBEAR_SAVE, PROJECT_DEFAULT, TIMING } from "./tables.ts";
import type { CoupDeGraceResult, GrabResult, IntoGrappleResult, IntoGrappleSituation, LimbSituation, PummelRoutineResult } from "./more.ts";
import { grabItemOdds, intoGrappleOdds, pummelRoutineOdds, resolveCoupDeGrace, resolveGrabItem, resolveIntoGrapple, resolvePummelRoutine, resolveStandUp } from "./more.ts";

const ACTIONS: readonly ShellAction[] = ["grapple", "counterGrapple", "breakFree", "release", "overbear", "pummel", "subdue", "standUp", "grabItem", "coupDeGrace", "attackIntoGrapple"];

/**
 * The defender's free attack (grapple) or immediate attack (overbear): the core rolls it with
 * the readied attack, or the table reports that it drew blood ("hurt") or did not ("harmless":
 * a miss, a hit for 0, or no attack taken).
 */
const STRIKE_CHOICES = ["roll", "hurt", "harmless"] as const;
type StrikeChoice = (typeof STRIKE_CHOICES)[number];

const TO_HIT: Situational = { key: "toHitBonus", kind: "number", label: "WC.Situation.toHitBonus", min: -10, max: 10 };
const DAMAGE: Situational = { key: "damageBonus", kind: "number", label: "WC.Situation.damageBonus", min: -10, max: 10 };
const DIE: Situational = { key: "dieBonus", kind: "number", label: "WC.Situation.dieBonus", min: -10, max: 10 };
const FREE_ATTACK: Situational = { key: "freeAttack", kind: "choice", label: "WC.Situation.freeAttack", choices: STRIKE_CHOICES, initial: "roll", by: "defender" };
const SURPRISED: Situational = { key: "targetSurprised", kind: "flag", label: "WC.Situation.targetSurprised" };
const SLICK: Situational = { key: "slickTarget", kind: "flag", label: "WC.Situation.slickTarget" };

const SITUATIONAL: Partial<Record<ShellAction, readonly Situational[]>> = {
  grapple: [TO_HIT, DIE, FREE_ATTACK, SURPRISED, SLICK, { key: "changeHold", kind: "flag", label: "WC.Situation.changeHold" }],
  counterGrapple: [DIE, FREE_ATTACK, SURPRISED, SLICK],
  breakFree: [DIE],
  release: [],
  overbear: [
    TO_HIT,
    { key: "immediateAttack", kind: "choice", label: "WC.Situation.immediateAttack", choices: STRIKE_CHOICES, initial: "roll", by: "defender" },
    { key: "terrain", kind: "number", label: "WC.Situation.terrain", min: OVERBEAR_SAVE.terrainMin, max: OVERBEAR_SAVE.terrainMax },
    { key: "saveBonus", kind: "number", label: "WC.Situation.saveBonus", min: -10, max: 10 },
    { key: "overbearEffect", kind: "choice", label: "WC.Situation.overbearEffect", choices: ["prone", "push"], initial: "prone" },
  ],
  pummel: [
    TO_HIT,
    DAMAGE,
    { key: "weaponVsArmor", kind: "number", label: "WC.Situation.weaponVsArmor", min: -10, max: 10 },
    { key: "limbs", kind: "number", label: "WC.Situation.limbs", min: 1, max: 4 },
    { key: "twoWeaponAdjust", kind: "number", label: "WC.Situation.twoWeaponAdjust", min: -6, max: 6 },
  ],
  subdue: [TO_HIT, DAMAGE],
  standUp: [],
  grabItem: [FREE_ATTACK],
  coupDeGrace: [
    { key: "noOpponents", kind: "flag", label: "WC.Situation.noOpponents" },
    { key: "routines", kind: "number", label: "WC.Situation.routines", min: 1, max: 4 },
  ],
  attackIntoGrapple: [TO_HIT, DAMAGE],
};

/**
 * The profile form's fields, matching `validateCombatant`. Heights and weights may be fractions
 * there; the form offers whole feet and pounds. `readiedAttack.*` left empty means "unarmed"
 * (readiedAttack null); the to-hit source is a THAC0 here (a matrix row is set by macro).
 */
export const GRAPPLE_DIE_PROFILE_FIELDS: readonly ProfileField[] = [
  { path: "kind", kind: "choice", choices: ["character", "monster"] },
  { path: "playerCharacter", kind: "bool" },
  { path: "size", kind: "choice", choices: SIZES },
  { path: "heightFt", kind: "int", min: 1, max: 1000 },
  { path: "weightLb", kind: "int", min: 1, max: 10000000 },
  { path: "speedFt", kind: "int", min: 0, max: 1000, optional: true },
  { path: "legs", kind: "int", min: 0, max: 100 },
  { path: "strength.score", kind: "int", min: 1, max: 25, optional: true },
  { path: "strength.exceptional", kind: "int", min: 1, max: 100, optional: true },
  { path: "hitDice", kind: "int", min: 0, max: 100 },
  { path: "hitDicePlus", kind: "int", min: -10, max: 100 },
  { path: "intelligence", kind: "choice", choices: INTELLIGENCE },
  { path: "ac", kind: "int", min: -20, max: 10 },
  { path: "dexAcAdjustment", kind: "int", min: -6, max: 6 },
  { path: "shieldAc", kind: "int", min: 0, max: 10 },
  { path: "armor.type", kind: "choice", choices: ARMOR_TYPES },
  { path: "armor.helm", kind: "bool" },
  { path: "baseArmorRating", kind: "int", min: -20, max: 20, optional: true },
  { path: "hideRating", kind: "int", min: -20, max: 20, optional: true },
  { path: "saveVsBreath", kind: "int", min: 1, max: 30 },
  { path: "dexSaveAdjustment", kind: "int", min: -6, max: 6 },
  { path: "toHit.thac0", kind: "int", min: -10, max: 30 },
  { path: "readiedAttack.kind", kind: "choice", choices: ["weapon", "natural"], optional: true },
  { path: "readiedAttack.lengthFt", kind: "int", min: 0, max: 100, optional: true },
  { path: "readiedAttack.damage.count", kind: "int", min: 0, max: 20, optional: true },
  { path: "readiedAttack.damage.sides", kind: "int", min: 1, max: 100, optional: true },
  { path: "readiedAttack.damageBonus", kind: "int", min: -20, max: 50, optional: true },
  { path: "readiedAttack.toHitBonus", kind: "int", min: -20, max: 20, optional: true },
  { path: "grappleAbility", kind: "bool" },
  { path: "pummelProficient", kind: "bool" },
  { path: "nonProficiencyPenalty", kind: "int", min: -10, max: 0 },
  { path: "conditions", kind: "multi", choices: CONDITIONS },
];

// --- Reading the context ----------------------------------------------------------------------------

function combatant(id: string, profile: unknown, path: string): GdCombatant {
  return validateCombatant(profileWithId(id, profile, path), path);
}

function unknownAction(action: string): never {
  return unknownActionOf(action, ACTIONS);
}

/** The declared boxes the action has, each checked; boxes of other actions are left out. */
function declaredFor(action: ShellAction, d: Declared): Declared {
  const issues = new IssueList();
  const out: Record<string, boolean | number | string> = {};
  for (const s of SITUATIONAL[action] ?? []) {
    const v = d[s.key];
    if (v === undefined) continue;
    const path = `declared.${s.key}`;
    const ok = s.kind === "flag" ? issues.bool(path, v) : s.kind === "number" ? issues.int(path, v, s.min, s.max) : issues.oneOf(path, v, s.choices);
    if (ok) out[s.key] = v;
  }
  issues.throwIfAny();
  return out;
}

function holdsOf(ctx: { readonly holds: readonly HoldRecord[] }): Hold[] {
  const issues = new IssueList();
  const ids = new Set<string>();
  const holds = ctx.holds.map((h, i) => {
    const hold = validateHold(h.data, `holds[${i}].data`);
    if (hold.id !== h.id) issues.add(`holds[${i}].id`, "holdMismatch", { want: hold.id, got: h.id });
    if (ids.has(hold.id)) issues.add(`holds[${i}].id`, "duplicateId", { id: hold.id });
    ids.add(hold.id);
    return hold;
  });
  issues.throwIfAny();
  return holds;
}

const num = (d: Declared, key: string): number | undefined => (typeof d[key] === "number" ? (d[key] as number) : undefined);

/**
 * The defender's free attack on this attempt, as declared; `spent` when it already took its one
 * free attack routine against this attacker this round (002 §Free Attack).
 */
function freeAttackInput(ctx: ActionContext, d: Declared): StrikeInput {
  if ((ctx.freeAttacks ?? []).some((f) => f.byId === ctx.defender.id && f.againstId === ctx.attacker.id)) return { kind: "spent" };
  return strikeInput(d, "freeAttack");
}

/** A free attack routine the defender took on this attempt is recorded for the rest of the round. */
function spendFreeAttack(c: Consequences, s: Strike, byId: string, againstId: string): Consequences {
  if (s.kind !== "none") (c.freeAttacks ??= []).push({ byId, againstId });
  return c;
}

function strikeInput(d: Declared, key: string): StrikeInput {
  const v = (d[key] ?? "roll") as StrikeChoice;
  // A reported strike stops the attempt when it hit for at least 1 point; the amount itself was
  // applied by the table's own attack roll.
  if (v === "hurt") return { kind: "reported", hit: true, damage: 1 };
  if (v === "harmless") return { kind: "reported", hit: false, damage: 0 };
  return { kind: "roll" };
}

/** The defender as the declared boxes make it for this attempt: surprised, oiled. */
function asDeclared(c: GdCombatant, d: Declared): GdCombatant {
  const extra: Condition[] = [];
  if (d.targetSurprised === true) extra.push("surprised");
  if (d.slickTarget === true) extra.push("slick");
  return extra.length === 0 ? c : { ...c, conditions: [...new Set([...c.conditions, ...extra])] };
}

/** The hold an action means: the one named, or the first that fits. */
function chosenHold(ctx: ActionContext, holds: readonly Hold[], fits: (h: Hold) => boolean, none: { path: string; code: string }): Hold {
  if (ctx.holdId !== undefined) {
    const named = holds.find((h) => h.id === ctx.holdId && fits(h));
    if (!named) throw new RulesInputError([{ path: "holdId", code: "noSuchHold", params: { id: ctx.holdId } }]);
    return named;
  }
  const h = holds.find(fits);
  if (!h) throw new RulesInputError([none]);
  return h;
}

interface Parsed {
  readonly o: GrappleDieOptions;
  readonly a: GdCombatant;
  readonly d: GdCombatant;
  readonly holds: Hold[];
  readonly round: number;
  readonly decl: Declared;
}

function parse(ctx: ActionContext, rawOptions: unknown): Parsed {
  if (!ACTIONS.includes(ctx.action)) unknownAction(ctx.action);
  const o = resolveOptions(rawOptions);
  const a = combatant(ctx.attacker.id, ctx.attacker.profile, "attacker");
  const d = combatant(ctx.defender.id, ctx.defender.profile, "defender");
  if (a.id === d.id) throw new RulesInputError([{ path: "defender.id", code: "attacksItself" }]);
  const decl = declaredFor(ctx.action, ctx.declared);
  return { o, a, d, holds: holdsOf(ctx), round: Math.max(1, ctx.round), decl };
}

const holdsOn = (holderId: string, heldId: string) => (h: Hold) => h.holderId === holderId && h.heldId === heldId;

/** The grapple situation; a new hold's id is the first `holder>held@round.n` not in use. */
function grappleSituation(p: Parsed): GrappleSituation {
  const d = p.decl;
  let attackIndex = 1;
  while (p.holds.some((h) => h.id === `${p.a.id}>${p.d.id}@${p.round}.${attackIndex}`)) attackIndex++;
  const toHitBonus = num(d, "toHitBonus");
  const dieBonus = num(d, "dieBonus");
  return { round: p.round, holds: p.holds, attackIndex, ...(toHitBonus !== undefined ? { toHitBonus } : {}), ...(dieBonus !== undefined ? { dieBonus } : {}) };
}

function overbearSituation(p: Parsed): OverbearSituation {
  const d = p.decl;
  const toHitBonus = num(d, "toHitBonus");
  const terrain = num(d, "terrain");
  const saveBonus = num(d, "saveBonus");
  return {
    holds: p.holds,
    effect: d.overbearEffect === "push" ? "push" : "prone",
    ...(toHitBonus !== undefined ? { toHitBonus } : {}),
    ...(terrain !== undefined ? { terrain } : {}),
    ...(saveBonus !== undefined ? { saveBonus } : {}),
  };
}

function blowSituation(p: Parsed): PummelSituation & SubdueSituation {
  const d = p.decl;
  const toHitBonus = num(d, "toHitBonus");
  const damageBonus = num(d, "damageBonus");
  const weaponVsArmor = num(d, "weaponVsArmor");
  return {
    holds: p.holds,
    ...(toHitBonus !== undefined ? { toHitBonus } : {}),
    ...(damageBonus !== undefined ? { damageBonus } : {}),
    ...(weaponVsArmor !== undefined ? { weaponVsArmor } : {}),
  };
}

/**
 * A grapple on a creature the attacker already holds must be declared as changing that hold
 * (002 §Grapple Procedure step 6: a new grapple die on the hold); otherwise it is a new attempt.
 */
function grappleKind(ctx: ActionContext, p: Parsed): { change: Hold } | { change: null } {
  const mine = holdsOn(p.a.id, p.d.id);
  if (p.decl.changeHold === true) return { change: chosenHold(ctx, p.holds, mine, { path: "attacker", code: "holdsNothing" }) };
  if (p.holds.some(mine)) throw new RulesInputError([{ path: "declared.changeHold", code: "alreadyHolds" }]);
  return { change: null };
}

/** 002 §Defender Attempts to Counter-Grapple: only a creature the defender holds counters. */
function checkCounter(p: Parsed): void {
  if (!p.holds.some(holdsOn(p.d.id, p.a.id))) throw new RulesInputError([{ path: "defender", code: "notHeldByTarget" }]);
}

function limbSituation(p: Parsed): LimbSituation {
  const limbs = num(p.decl, "limbs");
  const adjust = num(p.decl, "twoWeaponAdjust");
  return { ...blowSituation(p), ...(limbs !== undefined ? { limbs } : {}), ...(adjust !== undefined ? { twoWeaponAdjust: adjust } : {}) };
}

function coupSituation(d: Declared): { opponentsActive: boolean; routines: number } {
  return { opponentsActive: d.noOpponents !== true, routines: num(d, "routines") ?? 1 };
}

function intoSituation(p: Parsed): IntoGrappleSituation {
  const toHitBonus = num(p.decl, "toHitBonus");
  const damageBonus = num(p.decl, "damageBonus");
  return { holds: p.holds, ...(toHitBonus !== undefined ? { toHitBonus } : {}), ...(damageBonus !== undefined ? { damageBonus } : {}) };
}

/** The other creatures of the fight the shell handed over (members of a grapple). */
function othersOf(ctx: ActionContext): GdCombatant[] {
  return (ctx.others ?? []).map((x, i) => combatant(x.id, x.profile, `others[${i}]`));
}

// --- Keys ---------------------------------------------------------------------------------------------

/** The i18n key of each outcome kind the resolvers and odds use. */
const KIND_KEY: Readonly<Record<string, string>> = {
  foiled: "WC.Result.lost",
  miss: "WC.Result.miss",
  slip: "WC.Result.slip",
  kept: "WC.Result.holdKept",
  lost: "WC.Result.holdLost",
  broken: "WC.Result.brokeFree",
  held: "WC.Result.stillHeld",
  heldAllProne: "WC.Result.allProne",
  notAllowed: "WC.Result.notAllowed",
  stopped: "WC.Result.stopped",
  saved: "WC.Result.resisted",
  overborne: "WC.Result.overborne",
  hit: "WC.Result.hit",
  hitStunned: "WC.Result.hitStunned",
  failed: "WC.Result.grabFailed",
  grabbed: "WC.Result.itemTaken",
};

const REASON_KEY: Readonly<Record<string, string>> = {
  notProne: "WC.Reason.notProne",
  legHeld: "WC.Reason.legHeld",
  grappled: "WC.Reason.heldFast",
  notFavourable: "WC.Reason.notFavourable",
  notHelpless: "WC.Reason.notHelpless",
  unarmed: "WC.Reason.unarmed",
  notInGrapple: "WC.Reason.notInGrapple",
  attackerInGrapple: "WC.Reason.attackerInGrapple",
  unknownMember: "WC.Reason.unknownMember",
};

const refusal = (reason: string): { key: string; params: Record<string, string> } => ({ key: REFUSED_KEY, params: { reason: REASON_KEY[reason] ?? "WC.Result.notAllowed" } });

/** A hold's headline names its table row; the shell shows `part` as WC.Part.<name>. */
const HOLD_KEY = "WC.Result.hold";

function keyOf(kind: string): { key: string; params?: Record<string, string | number> } {
  for (const prefix of ["hold:", "changed:"]) if (kind.startsWith(prefix)) return { key: HOLD_KEY, params: { part: kind.slice(prefix.length) } };
  const key = KIND_KEY[kind];
  if (key === undefined) throw new Error(`grapple-die variant: no key for outcome ${kind}`);
  return { key };
}

function keyed(list: readonly Outcome[]): OddsOutcome[] {
  return list.map((x) => ({ ...keyOf(x.kind), p: x.p }));
}

// --- Consequences beyond the variant's own -------------------------------------------------------------

/** A free or immediate attack the core rolled and that drew blood hurts the attacker. */
function strikeDamage(c: Consequences, attackerId: string, s: Strike, reason: string): Consequences {
  if (s.kind === "rolled" && s.damage && s.damage.total > 0) c.damage.push({ targetId: attackerId, actual: s.damage.total, temporary: 0, reason });
  return c;
}

function routineConsequences(defenderId: string, r: PummelRoutineResult): Consequences {
  if (r.kind !== "routine") return pummelConsequences(defenderId, r);
  const c = noConsequences();
  if (r.split.total > 0) c.damage.push({ targetId: defenderId, actual: r.split.actual, temporary: r.split.temporary, reason: "WC.Action.pummel" });
  if (r.stunSegments > 0) c.conditions.push({ targetId: defenderId, condition: "stunned", active: true, segments: r.stunSegments });
  return c;
}

function routineHeadline(r: PummelRoutineResult): { key: string; params?: Record<string, string | number> } {
  if (r.kind === "routine") return { key: "WC.Result.limbsHit", params: { hits: r.hits, limbs: r.limbs, damage: r.split.total } };
  if (r.kind === "hit") return { key: "WC.Result.hitFor", params: { damage: r.split.total } };
  if (r.kind === "notAllowed" && "reason" in r) return refusedHeadline(r.reason);
  return keyOf(r.kind);
}

function grabConsequences(attackerId: string, defenderId: string, r: GrabResult): Consequences {
  const c = noConsequences();
  if (r.kind === "notAllowed") return c;
  strikeDamage(c, attackerId, r.freeAttack, "WC.Purpose.freeAttackDamage");
  spendFreeAttack(c, r.freeAttack, defenderId, attackerId);
  if (r.kind === "grabbed") c.notes.push({ key: "WC.Note.itemTaken", targetId: defenderId });
  return c;
}

function coupConsequences(defenderId: string, r: CoupDeGraceResult): Consequences {
  const c = noConsequences();
  if (r.kind === "slain") c.notes.push({ key: "WC.Note.slain", targetId: defenderId });
  if (r.kind === "blows") {
    c.damage.push({ targetId: defenderId, actual: r.split.actual, temporary: r.split.temporary, reason: "WC.Action.coupDeGrace" });
    c.notes.push({ key: "WC.Note.coupRoutines", targetId: defenderId });
  }
  return c;
}

function coupHeadline(r: CoupDeGraceResult): { key: string; params?: Record<string, string | number> } {
  if (r.kind === "notAllowed") return refusal(r.reason);
  if (r.kind === "slain") return { key: "WC.Result.slain", params: { segments: r.segments } };
  return { key: "WC.Result.coupBlows", params: { routines: r.routines, damage: r.split.total } };
}

function intoConsequences(r: IntoGrappleResult): Consequences {
  const c = noConsequences();
  if (r.kind === "hit" && r.split.total > 0) c.damage.push({ targetId: r.struckId, actual: r.split.actual, temporary: r.split.temporary, reason: "WC.Action.attackIntoGrapple" });
  return c;
}

function intoHeadline(r: IntoGrappleResult): { key: string; params?: Record<string, string | number> } {
  if (r.kind === "notAllowed") return refusal(r.reason);
  if (r.kind === "miss") return { key: "WC.Result.blowMisses", params: { who: r.struckId } };
  return { key: "WC.Result.blowLandsOn", params: { who: r.struckId, damage: r.split.total } };
}

// --- The end of a round ---------------------------------------------------------------------------------

/*
 * How the shell's round context becomes 002's round-end input, and the answer in the shell's terms:
 * - Strangle counts (knock-out checks made, rounds left to suffocation) ride on the Hold data
 *   (`strangleRounds`, `suffocationLeft`), where the core keeps them; holds whose counts changed
 *   come back in `holdsUpdated`. No timer this variant returns carries a `holdId`; one that comes
 *   in with a `holdId` is read by its condition like any other.
 * - "stunned" timers are the core's stuns: segments left counted from the start of the round that
 *   has just ended (timing.ts `stunTimer`); one given in rounds is ten segments a round.
 *   "unconscious" timers are the core's unconsciousness: rounds left, this one included; one
 *   given in segments is rounded up to whole rounds. Two of a kind on one creature: the longer.
 * - Timers of other conditions are no part of 002: each runs down a round (ten segments) and its
 *   condition is cleared when it runs out.
 * - The shell does not yet track which holders rolled a new grapple die this round instead of
 *   doing damage (002 §Grapple Procedure step 6), so `rerolled` is empty: every hold kept from an
 *   earlier round does its damage.
 * - A strangled victim whose suffocation count runs out: the hold ends (its count has nothing left
 *   to count), a note goes out, and the GM rules on death; the victim's unconsciousness is left on.
 * - `outOfMelee` and `overbear` belong to d12-holds and play no part here.
 */

const UNITS = ["rounds", "segments"] as const;

interface RoundParsed {
  readonly input: RoundEndInput;
  /** The holds, index for index with `ctx.holds`. */
  readonly holds: readonly Hold[];
  /** Timers of conditions the core does not count. */
  readonly others: readonly Timer[];
}

function ledgerIssues(issues: IssueList, id: string, l: unknown, ids: ReadonlySet<string>): void {
  const path = `ledgers.${id}`;
  if (!ids.has(id)) issues.add(path, "unknownCombatant", { id });
  checkLedger(issues, l, path);
}

/** Checks one timer; true when it can be used. */
function timerOk(issues: IssueList, t: unknown, path: string, ids: ReadonlySet<string>): t is Timer {
  if (!issues.object(path, t)) return false;
  const n = issues.items.length;
  if (issues.str(`${path}.id`, t.id) && !ids.has(t.id)) issues.add(`${path}.id`, "unknownCombatant", { id: t.id });
  issues.oneOf(`${path}.condition`, t.condition, CONDITION_IDS);
  issues.int(`${path}.remaining`, t.remaining, 1, 100000);
  issues.oneOf(`${path}.unit`, t.unit, UNITS);
  if (t.holdId !== undefined) issues.str(`${path}.holdId`, t.holdId);
  return issues.items.length === n;
}

function parseRound(ctx: RoundContext): RoundParsed {
  const issues = new IssueList();
  issues.int("round", ctx.round, 1, 100000);
  issues.throwIfAny();
  const combatants = ctx.participants.map((p, i) => combatant(p.id, p.profile, `participants[${i}]`));
  const ids = checkUniqueIds(issues, combatants, (i) => `participants[${i}].id`);
  const holds = holdsOf(ctx);
  holds.forEach((h, i) => {
    if (!ids.has(h.holderId)) issues.add(`holds[${i}].data.holderId`, "unknownCombatant", { id: h.holderId });
    if (!ids.has(h.heldId)) issues.add(`holds[${i}].data.heldId`, "unknownCombatant", { id: h.heldId });
  });
  for (const [id, l] of Object.entries(ctx.ledgers)) ledgerIssues(issues, id, l, ids);

  const stuns = new Map<string, number>();
  const out = new Map<string, number>();
  const others: Timer[] = [];
  ctx.timers.forEach((t, i) => {
    if (!timerOk(issues, t, `timers[${i}]`, ids)) return;
    const perRound = TIMING.segmentsPerRound;
    if (t.condition === "stunned") stuns.set(t.id, Math.max(stuns.get(t.id) ?? 0, t.unit === "segments" ? t.remaining : t.remaining * perRound));
    else if (t.condition === "unconscious") out.set(t.id, Math.max(out.get(t.id) ?? 0, t.unit === "rounds" ? t.remaining : Math.ceil(t.remaining / perRound)));
    else others.push(t);
  });
  issues.throwIfAny();

  const timers = (m: Map<string, number>): CoreTimer[] => [...m].map(([id, left]) => ({ id, left }));
  return {
    input: { round: ctx.round, combatants, holds, rerolled: [], ledgers: ctx.ledgers, stuns: timers(stuns), unconscious: timers(out) },
    holds,
    others,
  };
}

/** The summary card's lines, one or more per event; `who` and `holder` are participant ids. */
export function roundLines(r: RoundEndResult, holds: readonly Hold[]): Headline[] {
  const byId = new Map(holds.map((h) => [h.id, h]));
  const holderOf = (holdId: string): string => byId.get(holdId)?.holderId ?? "";
  const lines: Headline[] = [];
  for (const e of r.events) {
    switch (e.kind) {
      case "holdDamage": {
        const { total, actual, temporary } = e.damage.split;
        const hold = `WC.Hold.${byId.get(e.holdId)?.name ?? ""}`;
        lines.push({ key: "WC.Round.holdHurts", params: { who: e.heldId, holder: holderOf(e.holdId), hold, segment: e.segment, total, actual, temporary } });
        break;
      }
      case "strangle": {
        const who = e.heldId;
        const holder = holderOf(e.holdId);
        const x = e.result;
        if (x.kind === "conscious") {
          lines.push({ key: "WC.Round.strangleResisted", params: { who, holder, roll: x.die.face, chance: x.chance } });
          break;
        }
        lines.push({ key: "WC.Round.strangledOut", params: { who, holder, roll: x.die.face, chance: x.chance, rounds: x.unconsciousRounds } });
        if (x.suffocation) lines.push({ key: "WC.Round.suffocationCount", params: { who, holder, rounds: x.suffocation.rounds } });
        break;
      }
      case "suffocationStarts":
        lines.push({ key: "WC.Round.suffocationCount", params: { who: e.heldId, holder: holderOf(e.holdId), rounds: e.rounds } });
        break;
      case "suffocating":
        lines.push({ key: "WC.Round.suffocating", params: { who: e.heldId, holder: holderOf(e.holdId), rounds: e.roundsLeft } });
        break;
      case "suffocated":
        lines.push({ key: "WC.Round.suffocated", params: { who: e.heldId, holder: holderOf(e.holdId) } });
        break;
      case "wakes":
        lines.push({ key: "WC.Round.wakes", params: { who: e.id } });
        break;
      case "stunEnds":
        lines.push({ key: "WC.Round.stunEnds", params: { who: e.id, segment: e.segment } });
        break;
      case "status":
        switch (e.after.kind) {
          case "subdued":
            lines.push({ key: "WC.Round.subdued", params: { who: e.id } });
            break;
          case "zeroHp":
            lines.push({ key: "WC.Round.zeroHp", params: { who: e.id } });
            break;
          case "fighting":
            lines.push({ key: "WC.Round.notSubdued", params: { who: e.id } });
            break;
        }
        break;
    }
  }
  return lines;
}

/** A timer of a condition 002 does not count, one round on; null once it has run out. */
function runDown(t: Timer): Timer | null {
  const left = t.remaining - (t.unit === "rounds" ? 1 : TIMING.segmentsPerRound);
  return left > 0 ? { ...t, remaining: left } : null;
}

function roundResolution(ctx: RoundContext, p: RoundParsed, r: RoundEndResult): RoundResolution {
  const consequences = roundEndConsequences(r);
  const lines = roundLines(r, p.holds);

  const ended = new Set(r.events.flatMap((e) => (e.kind === "suffocated" ? [e.holdId] : [])));
  consequences.holdsRemoved.push(...ended);
  const holdsUpdated = ctx.holds.flatMap((rec, i): HoldRecord[] => {
    const before = p.holds[i] as Hold;
    const after = r.holds[i] as Hold;
    if (ended.has(rec.id) || (after.strangleRounds === before.strangleRounds && after.suffocationLeft === before.suffocationLeft)) return [];
    return [{ ...rec, data: after }];
  });

  const timers: Timer[] = [
    ...r.unconscious.map((t): Timer => ({ id: t.id, condition: "unconscious", remaining: t.left, unit: "rounds" })),
    ...r.stuns.map((t): Timer => ({ id: t.id, condition: "stunned", remaining: t.left, unit: "segments" })),
  ];
  for (const t of p.others) {
    const next = runDown(t);
    if (next) {
      timers.push(next);
      continue;
    }
    consequences.conditions.push({ targetId: t.id, condition: t.condition, active: false });
    lines.push({ key: "WC.Round.conditionEnds", params: { who: t.id, condition: `WC.Condition.${t.condition}` } });
  }
  return { result: r, consequences, holdsUpdated, timers, lines };
}

// --- The variant ----------------------------------------------------------------------------------------

export const grappleDieVariant: RulesVariant = {
  id: "grapple-die",
  source: "002",
  actions: ACTIONS,
  situational: (action) => SITUATIONAL[action] ?? [],
  profileFields: GRAPPLE_DIE_PROFILE_FIELDS,
  defaultProfile: () => profileWithoutId(defaultCombatant("x")),
  validateProfile: (id, profile, path) => combatant(id, profile, path),
  resolveOptions,
  optionSchema: GRAPPLE_DIE_OPTION_SCHEMA,
  // 002 §Striking to Subdue: at 0 hit points from real and temporary damage together, subdued.
  conditionAfterDamage: (ledger) => (subdualStatus(ledger).kind === "subdued" ? { condition: "subdued" } : null),
  projectTables: (action, rawOptions) => {
    const o = rawOptions as GrappleDieOptions;
    const die = o.table.source === PROJECT_DEFAULT && ["grapple", "counterGrapple"].includes(action) ? [o.table.id] : [];
    // The armour-rating scale behind pummel immunity is the module's own (002 names it only).
    return action === "pummel" ? [...die, BASE_ARMOR_RATING.id] : die;
  },

  // 002: the held may break free or counter-grapple on its turn; the holder may let go.
  holdActions: { held: [{ action: "breakFree" }, { action: "counterGrapple" }], holder: [{ action: "release" }] },
  next(ctx, r, o) {
    return grappleDieNext(ctx, r, (c) => this.odds(c, o));
  },

  resolve(ctx: ActionContext, rawOptions: unknown, dice: Dice): Resolution {
    const p = parse(ctx, rawOptions);
    const { o, a, d, holds } = p;
    const decl = p.decl;
    const done = (result: unknown, consequences: Consequences, h: { key: string; params?: Record<string, string | number> }): Resolution => ({
      action: ctx.action,
      result,
      consequences,
      headline: headline(h.key, h.params),
    });
    switch (ctx.action) {
      case "grapple": {
        const s = grappleSituation(p);
        const kind = grappleKind(ctx, p);
        const target = asDeclared(d, decl);
        if (kind.change) {
          const r = resolveChangeHold(a, target, kind.change, s, o.table, o, dice);
          return done(r, changeHoldConsequences(r), r.kind === "hold" ? keyOf(`changed:${r.hold.name}`) : keyOf(r.kind));
        }
        const r = resolveGrapple(a, target, s, freeAttackInput(ctx, decl), o.table, o, dice);
        const c = spendFreeAttack(strikeDamage(grappleConsequences(r), a.id, r.freeAttack, "WC.Purpose.freeAttackDamage"), r.freeAttack, d.id, a.id);
        return done(r, c, keyOf(r.kind === "hold" ? `hold:${r.hold.name}` : r.kind));
      }
      case "counterGrapple": {
        checkCounter(p);
        const r = resolveCounterGrapple(a, asDeclared(d, decl), grappleSituation(p), freeAttackInput(ctx, decl), o.table, o, dice);
        const c = spendFreeAttack(strikeDamage(grappleConsequences(r), a.id, r.freeAttack, "WC.Purpose.freeAttackDamage"), r.freeAttack, d.id, a.id);
        return done(r, c, keyOf(r.kind === "hold" ? `hold:${r.hold.name}` : r.kind));
      }
      case "breakFree": {
        const h = chosenHold(ctx, holds, holdsOn(d.id, a.id), { path: "defender", code: "notHeldByTarget" });
        const r = rollBreak(a, d, h, grappleSituation(p), o, dice);
        return done(r, breakConsequences(r), keyOf(r.kind));
      }
      case "release": {
        const h = chosenHold(ctx, holds, holdsOn(a.id, d.id), { path: "attacker", code: "holdsNothing" });
        const c = noConsequences();
        c.holdsRemoved.push(h.id);
        return done({ kind: "released", holdId: h.id }, c, { key: "WC.Result.released" });
      }
      case "overbear": {
        const r = resolveOverbear(a, d, overbearSituation(p), strikeInput(decl, "immediateAttack"), o, dice);
        if (r.kind === "notAllowed") return done(r, noConsequences(), refusedHeadline(r.limits.exceeded[0] ?? "cannotAct"));
        const c = overbearConsequences(d.id, r);
        strikeDamage(c, a.id, r.immediateAttack, "WC.Purpose.immediateAttackDamage");
        if (r.kind === "overborne" && r.effect.kind === "pushed") return done(r, c, { key: "WC.Result.pushed", params: { feet: r.effect.feet } });
        return done(r, c, keyOf(r.kind));
      }
      case "pummel": {
        const limbs = num(decl, "limbs") ?? 1;
        if (limbs > 1) {
          const r = resolvePummelRoutine(a, d, limbSituation(p), o, dice);
          return done(r, routineConsequences(d.id, r), routineHeadline(r));
        }
        const r = resolvePummel(a, d, blowSituation(p), o, dice);
        if (r.kind === "notAllowed") return done(r, noConsequences(), refusedHeadline(r.reason));
        if (r.kind !== "hit") return done(r, pummelConsequences(d.id, r), keyOf(r.kind));
        return done(r, pummelConsequences(d.id, r), { key: r.stunSegments > 0 ? "WC.Result.hitForStunned" : "WC.Result.hitFor", params: { damage: r.split.total } });
      }
      case "standUp": {
        // The attacker is the creature getting up; the defender plays no part.
        const r = resolveStandUp(a, holds, o);
        const c = noConsequences();
        if (r.kind === "notAllowed") return done(r, c, refusal(r.reason));
        return done(r, c, riseConsequences(c, a.id, r.takes, ctx.inCombat));
      }
      case "grabItem": {
        const r = resolveGrabItem(a, d, holds, freeAttackInput(ctx, decl), o, dice);
        return done(r, grabConsequences(a.id, d.id, r), r.kind === "notAllowed" ? refusal(r.reason) : keyOf(r.kind));
      }
      case "coupDeGrace": {
        const r = resolveCoupDeGrace(a, d, coupSituation(decl), o);
        return done(r, coupConsequences(d.id, r), coupHeadline(r));
      }
      case "attackIntoGrapple": {
        const r = resolveIntoGrapple(a, d, othersOf(ctx), intoSituation(p), o, dice);
        return done(r, intoConsequences(r), intoHeadline(r));
      }
      case "subdue": {
        const r = resolveSubdue(a, d, blowSituation(p), o, dice);
        if (r.kind === "notAllowed") return done(r, noConsequences(), refusedHeadline(r.reason));
        if (r.kind !== "hit") return done(r, pummelConsequences(d.id, r), keyOf(r.kind));
        return done(r, pummelConsequences(d.id, r), { key: "WC.Result.hitFor", params: { damage: r.split.total } });
      }
      default:
        return unknownAction(ctx.action);
    }
  },

  movement(ctx: MoveContext, rawOptions: unknown) {
    return gdMovement({ ...moveCast(ctx, combatant), holds: holdsOf(ctx) }, resolveOptions(rawOptions));
  },

  moveRoll(ctx: MoveRollContext, rawOptions: unknown, dice: Dice): MoveRollResolution {
    const o = resolveOptions(rawOptions);
    const { mover, others } = moveCast(ctx, combatant);
    const holds = holdsOf(ctx);
    const hold = holds.find((h) => h.id === ctx.holdId && h.holderId === mover.id);
    const held = hold ? others.get(hold.heldId) : undefined;
    if (!hold || !held) throw new RulesInputError([{ path: "holdId", code: "noSuchHold", params: { id: ctx.holdId } }]);
    const r = gdMoveRoll(mover, held, hold, holds, Math.max(1, ctx.round), o, dice);
    return { result: r.result, moved: r.moved, brings: r.brings, consequences: r.consequences, headline: headline(r.key, r.params) };
  },

  roundEnd(ctx: RoundContext, rawOptions: unknown, dice: Dice): RoundResolution {
    const o = resolveOptions(rawOptions);
    const p = parseRound(ctx);
    return roundResolution(ctx, p, resolveRoundEnd(p.input, o, dice));
  },

  odds(ctx: ActionContext, rawOptions: unknown): OddsOutcome[] {
    const p = parse(ctx, rawOptions);
    const { o, a, d, holds } = p;
    const decl = p.decl;
    switch (ctx.action) {
      case "grapple": {
        const s = grappleSituation(p);
        const kind = grappleKind(ctx, p);
        const target = asDeclared(d, decl);
        if (kind.change) return keyed(changeHoldOdds(a, target, kind.change, s, o.table, o).outcomes);
        return keyed(grappleOdds(a, target, s, freeAttackInput(ctx, decl), o.table, o).outcomes);
      }
      case "counterGrapple":
        checkCounter(p);
        return keyed(counterGrappleOdds(a, asDeclared(d, decl), grappleSituation(p), freeAttackInput(ctx, decl), o.table, o).outcomes);
      case "breakFree": {
        const h = chosenHold(ctx, holds, holdsOn(d.id, a.id), { path: "defender", code: "notHeldByTarget" });
        return keyed(breakOdds(a, d, h, grappleSituation(p), o).outcomes);
      }
      case "release":
        chosenHold(ctx, holds, holdsOn(a.id, d.id), { path: "attacker", code: "holdsNothing" });
        return [{ key: "WC.Result.released", p: 1 }];
      case "overbear": {
        const limits = overbearLimits(a, d, o);
        if (!limits.allowed) return [{ ...refusedHeadline(limits.exceeded[0] ?? "cannotAct"), p: 1 }];
        const s = overbearSituation(p);
        const odds = overbearOdds(a, d, s, strikeInput(decl, "immediateAttack"), o);
        if (s.effect !== "push") return keyed(odds.outcomes);
        // A push's distance comes from the attack roll: one outcome per distance.
        return odds.outcomes.flatMap((x): OddsOutcome[] =>
          x.kind === "overborne" ? odds.pushFeet.map(([feet, share]) => ({ key: "WC.Result.pushed", params: { feet }, p: x.p * share })) : [{ ...keyOf(x.kind), p: x.p }],
        );
      }
      case "standUp": {
        const r = resolveStandUp(a, holds, o);
        if (r.kind === "notAllowed") return [{ ...refusal(r.reason), p: 1 }];
        return [{ ...riseConsequences(noConsequences(), a.id, r.takes, ctx.inCombat), p: 1 }];
      }
      case "grabItem":
        return grabItemOdds(a, d, holds, freeAttackInput(ctx, decl), o).outcomes.map((x) => ({ ...(x.kind === "notAllowed" ? refusal("notFavourable") : keyOf(x.kind)), p: x.p }));
      case "coupDeGrace":
        return [{ ...coupHeadline(resolveCoupDeGrace(a, d, coupSituation(decl), o)), p: 1 }];
      case "attackIntoGrapple":
        return intoGrappleOdds(a, d, othersOf(ctx), intoSituation(p), o).outcomes.map((x) => {
          const [kind, rest] = [x.kind.slice(0, x.kind.indexOf(":")), x.kind.slice(x.kind.indexOf(":") + 1)];
          if (kind === "notAllowed") return { ...refusal(rest), p: x.p };
          return { key: kind === "hit" ? "WC.Result.blowLandsOn" : "WC.Result.blowMisses", params: { who: rest }, p: x.p };
        });
      case "pummel": {
        const why = pummelRefusal(a, d, o);
        if (why) return [{ ...refusedHeadline(why), p: 1 }];
        const limbs = num(decl, "limbs") ?? 1;
        if (limbs > 1) {
          return pummelRoutineOdds(a, d, limbSituation(p), o).outcomes.map((x) => ({ ...(x.kind === "notAllowed" ? keyOf("notAllowed") : { key: "WC.Result.limbsHit", params: { hits: Number(x.kind.slice(5)), limbs } }), p: x.p }));
        }
        const odds = pummelOdds(a, d, blowSituation(p), o);
        // A natural 20 that hits also stuns: split the hits.
        const split = odds.outcomes.flatMap((x): Outcome[] =>
          x.kind === "hit"
            ? [
                { kind: "hit", p: x.p - odds.pStunned },
                { kind: "hitStunned", p: odds.pStunned },
              ]
            : [x],
        );
        return keyed(split.filter((x) => x.p > 0));
      }
      case "subdue":
        if (d.playerCharacter) return [{ ...refusedHeadline("playerCharacter"), p: 1 }];
        if (a.readiedAttack === null) return [{ ...refusedHeadline("unarmed"), p: 1 }];
        return keyed(subdueOdds(a, d, blowSituation(p), o).outcomes);
      default:
        return unknownAction(ctx.action);
    }
  },
};
