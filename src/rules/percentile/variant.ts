/**
 * Variant percentile (source 004) behind the shell's RulesVariant interface: maps the table's
 * action context onto this variant's inputs, resolves, gives odds, and states the consequences.
 *
 * The shell plays actions between two creatures, so each action here is the pairwise view of a
 * 004 procedure: a Break Free is the attempt against one holder (004 allows one per holder; the
 * break damage still goes to one holder only, the original), a Counter Grapple is against the
 * defender, and the overbear is always the end of a charge (004 allows it at no other time).
 * The grappled and pinned conditions are read from the holds in play as well as the profiles,
 * since both follow from the holds (004 §Grappled Condition, §Pinned), and so are arms locked
 * by a hold (they are not free to grapple with) and joining a grapple already on the target.
 *
 * Headline and odds parameters named `hold`, `result` and `reason` carry full i18n keys
 * (WC.Hold.*, WC.Overbear.*, WC.Reason.*), to be localized before they are put in the text.
 */
import { vitality } from "../core/damage.ts";
import type { ConditionChange, Consequences, HoldRecord } from "../core/consequences.ts";
import type { Ledger } from "../core/damage.ts";
import { noConsequences } from "../core/consequences.ts";
import type { Dice } from "../core/dice.ts";
import { IssueList, RulesInputError } from "../core/errors.ts";
import { chosenHold, declaredNumber, headline, profileWithId, REFUSED_KEY, profileWithoutId, riseConsequences, runDownTimer, unknownAction as unknownActionOf } from "../core/shell.ts";
import { CONDITION_IDS } from "../core/consequences.ts";
import { checkLedger, checkUniqueIds } from "../core/validate.ts";
import { SIZES } from "../core/size.ts";
import type { RangeTable } from "../core/table.ts";
import type { ActionContext, Declared, Headline, MoveContext, OddsOutcome, ProfileField, Resolution, RoundContext, RoundResolution, RulesVariant, ShellAction, Situational, Timer as ShellTimer } from "../variant.ts";
import { moveCast } from "../core/movement.ts";
import { percentileMovement } from "./movement.ts";
import { validateGrappleSituation, validateHold, validateOverbearSituation } from "./actions.ts";
import { percentileNext } from "./next.ts";
import { breakFreeRefusal, counterBreaks, defaultDamageTo, resolveBreakFree, resolveCounterGrapple } from "./breaks.ts";
import type { TableDamage } from "./damage.ts";
import type { GrappledSides } from "./grapple.ts";
import { resolveGrapple } from "./grapple.ts";
import type { Hold, Timer } from "./holds.ts";
import { grappledByHolds, holderIdsOf, holdsOn, rowForCategory } from "./holds.ts";
import { breakFreeOdds, counterGrappleOdds, grappleOdds, overbearOdds } from "./odds.ts";
import type { Outcome } from "./odds.ts";
import type { PercentileOptions } from "./options.ts";
import { PERCENTILE_DEFAULTS, PERCENTILE_OPTION_SCHEMA, resolveOptions } from "./options.ts";
import type { OverbearResult, OverbearSituation } from "./overbear.ts";
import { resolveOverbear } from "./overbear.ts";
import type { Condition, PercentileCombatant } from "./profile.ts";
import { CONDITIONS, defaultCombatant, SPECIAL_ABILITIES, validateCombatant } from "./profile.ts";
import type { Defense, GrappleSituation } from "./start.ts";
import type { GrappleRow, OverbearRow } from "./tables.ts";
import { CLASS_GROUPS, PROJECT_DEFAULT, STRANGLE_KO } from "./tables.ts";
import type { RoundEndResult } from "./round-end.ts";
import { resolveRoundEnd } from "./round-end.ts";
import type { Assignment } from "./variable.ts";
import { GRAB_DEFENSES, WEAPON_KINDS } from "./actions.ts";
import type { GrabDefense, IntoGrappleResult, SheetAttack, WeaponKind } from "./more.ts";
import { DEFAULT_SHEET_ATTACK, grabItemOdds, intoGrappleOdds, resolveCoupDeGrace, resolveDeathBlow, resolveGrabItem, resolveIntoGrapple, resolveStandUp, resolveSubdue, subdueOdds } from "./more.ts";

type Obj = Record<string, unknown>;

const ACTIONS: readonly ShellAction[] = ["grapple", "overbear", "breakFree", "counterGrapple", "release", "standUp", "grabItem", "coupDeGrace", "deathBlow", "subdue", "attackIntoGrapple"];

const ROUND_MAX = 100000;

// ---------------------------------------------------------------------------------------------
// What the table declares

const ASSIGNMENTS = ["result", "chance"] as const;

const VARIABLE_SITUATION: readonly Situational[] = [
  { key: "variableAttacker", kind: "choice", label: "WC.Situation.variableAttacker", choices: ASSIGNMENTS, initial: "result" },
  { key: "variableTarget", kind: "choice", label: "WC.Situation.variableTarget", choices: ASSIGNMENTS, initial: "result" },
];

/**
 * The target's answer to the approach, as the table resolved it: no answer; the first
 * grappler's free attack routine (missed, hit, or a contact attack that hit without harm or
 * hindrance); a later grappler's fend-off roll (missed or hit).
 */
const GRAPPLE_DEFENSES = ["none", "freeAttackMissed", "freeAttackHit", "contactHitHarmless", "fendOffMissed", "fendOffHit"] as const;
/** 004 §Overbear Attack: the target's fend-off/avoid is a free attack routine. */
const OVERBEAR_DEFENSES = ["none", "fendOffMissed", "fendOffHit"] as const;
const GRAPPLE_ABILITIES = ["none", "grab", "hug", "constrict"] as const;

const GRAPPLE_SITUATION: readonly Situational[] = [
  ...VARIABLE_SITUATION,
  { key: "defense", kind: "choice", label: "WC.Situation.grappleDefense", choices: GRAPPLE_DEFENSES, initial: "none", by: "defender" },
  { key: "targetCasting", kind: "flag", label: "WC.Situation.targetCasting" },
  { key: "afterTackle", kind: "flag", label: "WC.Situation.afterTackle" },
  { key: "charging", kind: "flag", label: "WC.Situation.charging" },
  { key: "holdingItem", kind: "flag", label: "WC.Situation.holdingItem" },
  { key: "attemptMade", kind: "flag", label: "WC.Situation.attemptMade" },
  { key: "ability", kind: "choice", label: "WC.Situation.grappleAbility", choices: GRAPPLE_ABILITIES, initial: "none" },
  { key: "abilityHold", kind: "number", label: "WC.Situation.abilityHold", min: 0, max: 99 },
  { key: "holderFree", kind: "flag", label: "WC.Situation.holderFree" },
];

const OVERBEAR_SITUATION: readonly Situational[] = [
  ...VARIABLE_SITUATION,
  { key: "defense", kind: "choice", label: "WC.Situation.overbearDefense", choices: OVERBEAR_DEFENSES, initial: "none", by: "defender" },
  { key: "targetCasting", kind: "flag", label: "WC.Situation.targetCasting" },
  { key: "tackle", kind: "flag", label: "WC.Situation.tackle" },
  { key: "trample", kind: "flag", label: "WC.Situation.trample" },
  { key: "trampleDamage", kind: "number", label: "WC.Situation.trampleDamage", min: 0, max: 1000 },
];

/** The weapon as the sheet gives it (004 leaves weapon attacks to the host game). */
const WEAPON_SITUATION: readonly Situational[] = [
  { key: "needed", kind: "number", label: "WC.Situation.neededToHit", min: 1, max: 30 },
  { key: "damageCount", kind: "number", label: "WC.Situation.damageCount", min: 0, max: 20 },
  { key: "damageSides", kind: "number", label: "WC.Situation.damageSides", min: 1, max: 100 },
  { key: "damageBonus", kind: "number", label: "WC.Situation.damageBonus", min: -20, max: 50 },
];
const NO_VITALS: Situational = { key: "noVitals", kind: "flag", label: "WC.Situation.noVitals" };

const SITUATIONAL: Partial<Record<ShellAction, readonly Situational[]>> = {
  grapple: GRAPPLE_SITUATION,
  overbear: OVERBEAR_SITUATION,
  standUp: [],
  grabItem: [{ key: "defense", kind: "choice", label: "WC.Situation.grabDefense", choices: GRAB_DEFENSES, initial: "none", by: "defender" }],
  coupDeGrace: [{ key: "attackerInMelee", kind: "flag", label: "WC.Situation.attackerInMelee" }, NO_VITALS, { key: "resists", kind: "flag", label: "WC.Situation.resists" }],
  deathBlow: [...WEAPON_SITUATION.slice(1), { key: "routines", kind: "number", label: "WC.Situation.routines", min: 1, max: 4 }, NO_VITALS],
  subdue: [...WEAPON_SITUATION, { key: "weaponKind", kind: "choice", label: "WC.Situation.weaponKind", choices: WEAPON_KINDS, initial: "blunt" }, { key: "targetImmune", kind: "flag", label: "WC.Situation.targetImmune" }],
  attackIntoGrapple: WEAPON_SITUATION,
};

/** The declared weapon, each empty box at its default. */
function sheetAttack(d: Declared): SheetAttack {
  const n = (k: string, dflt: number) => (typeof d[k] === "number" ? (d[k] as number) : dflt);
  return { needed: n("needed", DEFAULT_SHEET_ATTACK.needed), count: n("damageCount", DEFAULT_SHEET_ATTACK.count), sides: n("damageSides", DEFAULT_SHEET_ATTACK.sides), bonus: n("damageBonus", DEFAULT_SHEET_ATTACK.bonus) };
}

/** Declared boxes of an action the table filled; each is checked against its box. */
function checkDeclared(action: ShellAction, d: Declared): void {
  const issues = new IssueList();
  for (const s of SITUATIONAL[action] ?? []) {
    const v = d[s.key];
    if (v === undefined) continue;
    const path = `declared.${s.key}`;
    if (s.kind === "flag") issues.bool(path, v);
    else if (s.kind === "number") issues.int(path, v, s.min, s.max);
    else issues.oneOf(path, v, s.choices);
  }
  issues.throwIfAny();
}

// ---------------------------------------------------------------------------------------------
// The profile

/**
 * The profile form. Kind decides which of the class fields (characters) and hit-dice fields
 * (monsters) apply; the others are dropped when the profile is read. A blank armor AD means no
 * armor, a blank shield plus no shield.
 */
export const PERCENTILE_PROFILE_FIELDS: readonly ProfileField[] = [
  { path: "kind", kind: "choice", choices: ["character", "monster"] },
  { path: "classGroup", kind: "choice", choices: CLASS_GROUPS, optional: true },
  { path: "level", kind: "int", min: 0, max: 40, optional: true },
  { path: "secondClass.group", kind: "choice", choices: CLASS_GROUPS, optional: true },
  { path: "secondClass.level", kind: "int", min: 0, max: 40, optional: true },
  { path: "thirdClass.group", kind: "choice", choices: CLASS_GROUPS, optional: true },
  { path: "thirdClass.level", kind: "int", min: 0, max: 40, optional: true },
  { path: "hitDice.dice", kind: "int", min: 0, max: 100, optional: true },
  { path: "hitDice.adjustment", kind: "int", min: -99, max: 99, optional: true },
  { path: "size", kind: "choice", choices: SIZES },
  { path: "height", kind: "int", min: 1, max: 100000 },
  { path: "weight", kind: "int", min: 1, max: 10000000 },
  { path: "dexterity", kind: "int", min: 1, max: 25 },
  { path: "strength.score", kind: "int", min: 1, max: 25 },
  { path: "strength.exceptional", kind: "int", min: 1, max: 100, optional: true },
  { path: "armor.ad", kind: "int", min: -10, max: 10, optional: true },
  { path: "armor.magic", kind: "int", min: -5, max: 5, optional: true },
  { path: "shield.plus", kind: "int", min: -5, max: 5, optional: true },
  { path: "helmet", kind: "bool" },
  { path: "dexAcBonus", kind: "int", min: -6, max: 6 },
  { path: "magicProtection", kind: "int", min: -10, max: 10 },
  { path: "speed", kind: "int", min: 0, max: 1000 },
  { path: "foreLimbs", kind: "int", min: 0, max: 100 },
  { path: "abilities", kind: "multi", choices: SPECIAL_ABILITIES },
  { path: "maxMeleeAttackers", kind: "int", min: 1, max: 100 },
  { path: "conditions", kind: "multi", choices: CONDITIONS },
];

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const blank = (v: unknown): boolean => v === undefined || v === null;

/** A stored profile as a form leaves it, put in the shape validateCombatant reads. */
function normalized(profile: Obj): Obj {
  const p: Obj = { ...profile };
  const armor = p.armor;
  if (blank(armor)) p.armor = null;
  else if (isObj(armor) && blank(armor.ad) && (blank(armor.magic) || armor.magic === 0)) p.armor = null;
  else if (isObj(armor) && blank(armor.magic)) p.armor = { ...armor, magic: 0 };
  if (blank(p.shield) || (isObj(p.shield) && blank(p.shield.plus))) p.shield = null;
  if (isObj(p.strength) && p.strength.exceptional === null) {
    const s = { ...p.strength };
    delete s.exceptional;
    p.strength = s;
  }
  // A second or third class left blank (either field) is no class.
  for (const k of ["secondClass", "thirdClass"]) {
    const x = p[k];
    if (x !== undefined && (x === null || (isObj(x) && blank(x.group) && blank(x.level)))) delete p[k];
  }
  if (p.secondClass === undefined && p.thirdClass !== undefined) {
    p.secondClass = p.thirdClass;
    delete p.thirdClass;
  }
  if (p.kind === "monster") {
    delete p.classGroup;
    delete p.level;
    delete p.secondClass;
    delete p.thirdClass;
  } else if (p.kind === "character") {
    delete p.hitDice;
  }
  if (blank(p.abilities)) p.abilities = [];
  if (blank(p.conditions)) p.conditions = [];
  return p;
}

function combatant(id: string, profile: unknown, path: string): PercentileCombatant {
  return validateCombatant(normalized(profileWithId(id, profile, path)), path);
}

// ---------------------------------------------------------------------------------------------
// Holds and the conditions that follow from them

function holdsOf(ctx: { readonly holds: readonly HoldRecord[] }): Hold[] {
  const issues = new IssueList();
  if (!issues.array("holds", ctx.holds)) issues.throwIfAny();
  const list = ctx.holds.map((r, i) => {
    const h = validateHold(r.data, `holds[${i}].data`);
    if (h.holderId !== r.holderId) issues.add(`holds[${i}].data.holderId`, "holdMismatch", { want: r.holderId, got: h.holderId });
    if (h.heldId !== r.heldId) issues.add(`holds[${i}].data.heldId`, "holdMismatch", { want: r.heldId, got: h.heldId });
    return h;
  });
  issues.throwIfAny();
  return list;
}

export function holdRecord(h: Hold): HoldRecord {
  return { id: h.id, holderId: h.holderId, heldId: h.heldId, label: `WC.Hold.${h.row.hold}`, data: h };
}

const involved = (id: string, holds: readonly Hold[]) => holds.filter((h) => h.holderId === id || h.heldId === id);
const isPinned = (c: PercentileCombatant, holds: readonly Hold[]) => holderIdsOf(c.id, holds).length >= c.maxMeleeAttackers;

/**
 * The creature with the conditions its holds give it: grappled while in a hold (unless the
 * other side is much larger; a creature the action does not name is taken to be grappled), and
 * pinned when as many hold it as may attack it.
 */
function withHoldConditions(c: PercentileCombatant, holds: readonly Hold[], known: ReadonlyMap<string, PercentileCombatant>, o: PercentileOptions): PercentileCombatant {
  const extra: Condition[] = [];
  if (grappledByHolds(c, holds, known, o)) extra.push("grappled");
  if (isPinned(c, holds)) extra.push("pinned");
  const added = extra.filter((x) => !c.conditions.includes(x));
  return added.length === 0 ? c : { ...c, conditions: [...c.conditions, ...added] };
}

interface Setup {
  readonly o: PercentileOptions;
  readonly a: PercentileCombatant;
  readonly d: PercentileCombatant;
  readonly holds: Hold[];
}

function setup(ctx: ActionContext, rawOptions: unknown): Setup {
  const o = (rawOptions ?? PERCENTILE_DEFAULTS) as PercentileOptions;
  if (!ACTIONS.includes(ctx.action)) unknownAction(ctx.action);
  const issues = new IssueList();
  issues.int("round", ctx.round, 0, ROUND_MAX);
  issues.throwIfAny();
  const a0 = combatant(ctx.attacker.id, ctx.attacker.profile, "attacker");
  const d0 = combatant(ctx.defender.id, ctx.defender.profile, "defender");
  if (a0.id === d0.id) throw new RulesInputError([{ path: "defender.id", code: "sameCreature" }]);
  const holds = holdsOf(ctx);
  const known = new Map([
    [a0.id, a0],
    [d0.id, d0],
  ]);
  return { o, a: withHoldConditions(a0, holds, known, o), d: withHoldConditions(d0, holds, known, o), holds };
}

function unknownAction(action: string): never {
  return unknownActionOf(action, ACTIONS);
}

/** The two creatures an action names, by id (partners of holds the action does not name are taken to be grappled with). */
function pairOf(a: PercentileCombatant, d: PercentileCombatant): Map<string, PercentileCombatant> {
  return new Map([
    [a.id, a],
    [d.id, d],
  ]);
}

/** Break Free, pairwise: the named hold of the defender on the attacker, and any hold back. */
function breakSubset(a: PercentileCombatant, d: PercentileCombatant, h: Hold, holds: readonly Hold[]): Hold[] {
  return holds.filter((x) => x.id === h.id || (x.holderId === a.id && x.heldId === d.id));
}

// ---------------------------------------------------------------------------------------------
// Declared boxes onto the variant's situations

function choice<T extends string>(d: Declared, key: string, allowed: readonly T[], initial: T): T {
  const v = d[key];
  return typeof v === "string" && (allowed as readonly string[]).includes(v) ? (v as T) : initial;
}

function variable(d: Declared): { attacker: Assignment; target: Assignment } {
  return { attacker: choice(d, "variableAttacker", ASSIGNMENTS, "result"), target: choice(d, "variableTarget", ASSIGNMENTS, "result") };
}

function grappleDefense(d: Declared): Defense {
  switch (choice(d, "defense", GRAPPLE_DEFENSES, "none")) {
    case "freeAttackMissed":
      return { kind: "freeAttack", hit: false };
    case "freeAttackHit":
      return { kind: "freeAttack", hit: true };
    case "contactHitHarmless":
      return { kind: "freeAttack", hit: true, contact: true, damaged: false, incapacitated: false };
    case "fendOffMissed":
      return { kind: "fendOff", hit: false };
    case "fendOffHit":
      return { kind: "fendOff", hit: true };
    default:
      return { kind: "none" };
  }
}

function overbearDefense(d: Declared): Defense {
  const v = choice(d, "defense", OVERBEAR_DEFENSES, "none");
  return v === "none" ? { kind: "none" } : { kind: "freeAttack", hit: v === "fendOffHit" };
}

function grappleSituation(ctx: ActionContext, a: PercentileCombatant, holds: readonly Hold[]): GrappleSituation {
  const d = ctx.declared;
  const ability = choice(d, "ability", GRAPPLE_ABILITIES, "none");
  const fixed = declaredNumber(d, "abilityHold");
  // An arm held by someone else's hold is not free to grapple with (004: every arm is needed).
  const armsHeld = holdsOn(a.id, holds).filter((h) => h.row.effects.armHeld === true).length;
  const s: Obj = {
    ...(armsHeld > 0 ? { freeForeLimbs: Math.max(0, a.foreLimbs - armsHeld) } : {}),
    variable: variable(d),
    defense: grappleDefense(d),
    charging: d.charging === true,
    holdingItem: d.holdingItem === true,
    attemptsThisRoutine: d.attemptMade === true ? 1 : 0,
    targetCasting: d.targetCasting === true,
    afterTackle: d.afterTackle === true,
    holds,
    round: ctx.round,
  };
  // The shell offers an ability grapple once the linked attack has hit (004: a hit grapples).
  if (ability !== "none") s.special = { ability, linkedAttackHit: true, ...(fixed !== 0 ? { holdCategory: fixed } : {}), ...(d.holderFree === true ? { holderFree: true } : {}) };
  return validateGrappleSituation(s, "declared");
}

function overbearSituation(ctx: ActionContext): OverbearSituation {
  const d = ctx.declared;
  const trampleDamage = declaredNumber(d, "trampleDamage");
  return validateOverbearSituation(
    {
      // 004: an overbear is made only at the end of a charge, so this action is one.
      charging: true,
      variable: variable(d),
      defense: overbearDefense(d),
      tackle: d.tackle === true,
      trample: d.trample === true,
      ...(trampleDamage !== 0 ? { trampleDamage } : {}),
      targetCasting: d.targetCasting === true,
      round: ctx.round,
    },
    "declared",
  );
}

// ---------------------------------------------------------------------------------------------
// Keys

const REASON: Readonly<Record<string, string>> = {
  cannotAct: "WC.Reason.cannotAct",
  charging: "WC.Reason.charging",
  foreLimbsNotFree: "WC.Reason.foreLimbsNotFree",
  holdingItem: "WC.Reason.holdingItem",
  targetTooLarge: "WC.Reason.targetTooLarge",
  attemptUsed: "WC.Reason.attemptUsed",
  alreadyHolding: "WC.Reason.alreadyHoldsTarget",
  noRoomToJoin: "WC.Reason.noRoomToJoin",
  noSuchAbility: "WC.Reason.noSuchAbility",
  notCharging: "WC.Reason.notCharging",
  targetTooHeavy: "WC.Reason.targetTooHeavy",
  noTrample: "WC.Reason.noTrample",
  notHeld: "WC.Reason.notHeld",
  mutualHold: "WC.Reason.mutualHold",
  notHeldBy: "WC.Reason.notHeldBy",
  notProne: "WC.Reason.notProne",
  heldFast: "WC.Reason.heldFast",
  notHelpless: "WC.Reason.notHelpless",
  attackerInMelee: "WC.Reason.attackerInMelee",
  noVitals: "WC.Reason.noVitals",
  resists: "WC.Reason.resists",
  immune: "WC.Reason.subdualImmune",
  notInGrapple: "WC.Reason.notInGrapple",
  attackerInGrapple: "WC.Reason.attackerInGrapple",
};

const reasonKey = (reason: string): string => REASON[reason] ?? "WC.Result.notAllowed";
const holdKey = (row: GrappleRow): string => `WC.Hold.${row.hold}`;
const overbearKey = (row: OverbearRow): string => `WC.Overbear.${row.result}`;

type Params = Record<string, string | number>;
const notAllowed = (reason: string) => headline(REFUSED_KEY, { reason: reasonKey(reason) });
const holdParams = (row: GrappleRow): Params => ({ hold: holdKey(row), category: row.category });

/** The overbear row for a category: the highest row in it, else the first row. */
function overbearRowFor(table: RangeTable<OverbearRow>, category: number): OverbearRow {
  let best: OverbearRow | undefined;
  for (const r of table.rows) if (r.result.category <= category) best = r.result;
  return best ?? (table.rows[0] as { result: OverbearRow }).result;
}

// ---------------------------------------------------------------------------------------------
// Consequences

function addDamage(c: Consequences, targetId: string, damage: TableDamage | null, reason: string): void {
  if (damage && damage.split.total > 0) c.damage.push({ targetId, actual: damage.split.actual, temporary: damage.split.temporary, reason });
}

function addTimers(c: Consequences, timers: readonly Timer[]): void {
  for (const t of timers) {
    if (t.condition === "hindered") c.notes.push({ key: "WC.Note.hindered", targetId: t.id });
    else c.conditions.push({ targetId: t.id, condition: t.condition, active: true, rounds: t.rounds });
  }
}

function addGrappled(c: Consequences, attackerId: string, targetId: string, g: GrappledSides): void {
  if (g.attacker) c.conditions.push({ targetId: attackerId, condition: "grappled", active: true });
  if (g.target) c.conditions.push({ targetId, condition: "grappled", active: true });
}

/** Grappled ends for a creature left in no hold; pinned follows the count of holders. */
function settleHoldConditions(c: Consequences, people: readonly PercentileCombatant[], before: readonly Hold[], after: readonly Hold[]): void {
  for (const p of people) {
    if (involved(p.id, before).length > 0 && involved(p.id, after).length === 0) c.conditions.push({ targetId: p.id, condition: "grappled", active: false });
    const was = isPinned(p, before);
    const now = isPinned(p, after);
    if (was !== now) c.conditions.push({ targetId: p.id, condition: "pinned", active: now });
  }
}

function holdRowNotes(c: Consequences, row: GrappleRow, holderId: string, heldId: string): void {
  const e = row.effects;
  if (e.targetMayCounter) c.notes.push({ key: "WC.Note.mayCounter", targetId: heldId });
  if (e.dropsItem) c.notes.push({ key: "WC.Note.dropsItem", targetId: heldId });
  if (e.holderChoice === "trip") c.notes.push({ key: "WC.Note.mayTrip", targetId: holderId });
  if (e.holderChoice === "throw") c.notes.push({ key: "WC.Note.mayThrow", targetId: holderId });
  if (e.extraAttack) c.notes.push({ key: "WC.Note.extraAttack", targetId: holderId });
}

function overbearConsequences(a: PercentileCombatant, d: PercentileCombatant, r: OverbearResult): Consequences {
  const c = noConsequences();
  if (r.kind === "notAllowed") return c;
  if (r.defense.spellSpoiled) c.notes.push({ key: "WC.Note.spellSpoiled", targetId: d.id });
  const after = r.aftermath;
  if (after.targetProne) c.conditions.push({ targetId: d.id, condition: "prone", active: true });
  if (after.attackerProne) c.conditions.push({ targetId: a.id, condition: "prone", active: true });
  if (after.grappleNextRoundUnopposed) c.notes.push({ key: "WC.Note.tackleFollowUp", targetId: a.id });
  if (r.kind !== "result" || r.trampleCounts === false) return c;
  addDamage(c, d.id, r.damage, "WC.Action.overbear");
  addTimers(c, r.timers);
  const e = r.row.effects;
  if (e.targetMayCounter) c.notes.push({ key: "WC.Note.mayStrikeBack", targetId: d.id });
  if (e.attackerAtFeet) c.notes.push({ key: "WC.Note.attackerAtFeet", targetId: a.id });
  if (e.extraAttack) c.notes.push({ key: "WC.Note.extraAttack", targetId: a.id });
  if (e.losesMinorAction) c.notes.push({ key: "WC.Note.losesMinorAction", targetId: d.id });
  return c;
}

// ---------------------------------------------------------------------------------------------
// Odds

/** Outcomes with the same key and parameters are one. */
function merged(list: readonly OddsOutcome[]): OddsOutcome[] {
  const out = new Map<string, OddsOutcome>();
  for (const x of list) {
    const k = `${x.key}|${JSON.stringify(x.params ?? {})}`;
    const cur = out.get(k);
    out.set(k, cur ? { ...cur, p: cur.p + x.p } : x);
  }
  return [...out.values()];
}

function yesNo(p: number, yes: string, no: string): OddsOutcome[] {
  // A sum of many small shares can stray past 1 in the last bits.
  const q = Math.min(1, Math.max(0, p));
  return [
    { key: yes, p: q },
    { key: no, p: 1 - q },
  ];
}

function grappleOutcome(x: Outcome, o: PercentileOptions): OddsOutcome {
  if (x.kind.startsWith("notAllowed:")) return { key: REFUSED_KEY, params: { reason: reasonKey(x.kind.slice(11)) }, p: x.p };
  if (x.kind.startsWith("hold:")) return { key: "WC.Result.holdGained", params: holdParams(rowForCategory(o.tables.grappling, Number(x.kind.slice(5)))), p: x.p };
  if (x.kind === "foiled") return { key: "WC.Result.foiled", p: x.p };
  if (x.kind === "linkedAttackMissed") return { key: "WC.Result.linkedAttackMissed", p: x.p };
  return { key: "WC.Result.miss", p: x.p };
}

function overbearOutcome(x: Outcome, trample: boolean, o: PercentileOptions): OddsOutcome {
  if (x.kind.startsWith("notAllowed:")) return { key: REFUSED_KEY, params: { reason: reasonKey(x.kind.slice(11)) }, p: x.p };
  if (x.kind.startsWith("category:")) {
    const row = overbearRowFor(o.tables.overbear, Number(x.kind.slice(9)));
    // Trample: only a result that does damage counts.
    if (trample && row.damage <= 0) return { key: "WC.Result.trampleFailed", p: x.p };
    return { key: "WC.Result.overbearResult", params: { result: overbearKey(row) }, p: x.p };
  }
  if (x.kind === "avoided") return { key: "WC.Result.avoided", p: x.p };
  return { key: "WC.Result.miss", p: x.p };
}

// ---------------------------------------------------------------------------------------------
// The rest of the weaponless rules

function intoHeadline(r: IntoGrappleResult): { key: string; params?: Params } {
  if (r.kind === "notAllowed") return notAllowed(r.reason);
  if (r.kind === "miss") return headline("WC.Result.blowMisses", { who: r.struckId });
  return headline("WC.Result.blowLandsOn", { who: r.struckId, damage: r.split?.total ?? 0 });
}

function moreOdds(ctx: ActionContext, a: PercentileCombatant, d: PercentileCombatant, holds: readonly Hold[], o: PercentileOptions): OddsOutcome[] {
  const decl = ctx.declared;
  checkDeclared(ctx.action, decl);
  switch (ctx.action) {
    case "standUp": {
      const r = resolveStandUp(a, holds, o, pairOf(a, d));
      return [{ ...(r.kind === "notAllowed" ? notAllowed(r.reason) : riseConsequences(noConsequences(), a.id, r.takes, ctx.inCombat)), p: 1 }];
    }
    case "grabItem":
      return grabItemOdds(d, choice(decl, "defense", GRAB_DEFENSES, "none") as GrabDefense).map((x) => ({ ...grabKey(x.kind), p: x.p }));
    case "coupDeGrace": {
      const r = resolveCoupDeGrace(d, helplessFlags(decl));
      return [{ ...(r.kind === "notAllowed" ? notAllowed(r.reason) : headline("WC.Result.slainOutright")), p: 1 }];
    }
    case "deathBlow": {
      const r = resolveDeathBlow(d, { ...helplessFlags(decl), routines: declaredNumber(decl, "routines") || 1 }, sheetAttack(decl));
      return [{ ...(r.kind === "notAllowed" ? notAllowed(r.reason) : headline("WC.Result.deathBlows", { routines: r.routines, damage: r.split.total })), p: 1 }];
    }
    case "subdue": {
      const r = subdueOdds(subdueSituation(decl), sheetAttack(decl), o);
      return r.outcomes.map((x) => ({ ...(x.kind.startsWith("notAllowed:") ? notAllowed(x.kind.slice(11)) : headline(x.kind === "hit" ? "WC.Result.hit" : "WC.Result.miss")), p: x.p }));
    }
    default: {
      const r = intoGrappleOdds(a, d, holds, sheetAttack(decl), o);
      return r.outcomes.map((x) => {
        const at = x.kind.indexOf(":");
        const [kind, rest] = [x.kind.slice(0, at), x.kind.slice(at + 1)];
        if (kind === "notAllowed") return { ...notAllowed(rest), p: x.p };
        return { ...headline(kind === "hit" ? "WC.Result.blowLandsOn" : "WC.Result.blowMisses", { who: rest }), p: x.p };
      });
    }
  }
}

function grabKey(kind: string): { key: string; params?: Params } {
  if (kind.startsWith("notAllowed:")) return notAllowed(kind.slice(11));
  return headline(kind === "foiled" ? "WC.Result.foiled" : kind === "grabbed" ? "WC.Result.itemTaken" : "WC.Result.grabFailed");
}

function helplessFlags(d: Declared): { attackerInMelee: boolean; noVitals: boolean; resists: boolean } {
  return { attackerInMelee: d.attackerInMelee === true, noVitals: d.noVitals === true, resists: d.resists === true };
}

function subdueSituation(d: Declared): { immune: boolean; weapon: WeaponKind } {
  return { immune: d.targetImmune === true, weapon: choice(d, "weaponKind", WEAPON_KINDS, "blunt") };
}

function moreResolve(ctx: ActionContext, a: PercentileCombatant, d: PercentileCombatant, holds: readonly Hold[], o: PercentileOptions, dice: Dice): Resolution {
  const decl = ctx.declared;
  checkDeclared(ctx.action, decl);
  const c = noConsequences();
  const done = (result: unknown, h: { key: string; params?: Params }): Resolution => ({ action: ctx.action, result, consequences: c, headline: h });
  switch (ctx.action) {
    case "standUp": {
      // The attacker is the creature getting up; the defender plays no part.
      const r = resolveStandUp(a, holds, o, pairOf(a, d));
      if (r.kind === "notAllowed") return done(r, notAllowed(r.reason));
      return done(r, riseConsequences(c, a.id, r.takes, ctx.inCombat));
    }
    case "grabItem": {
      const r = resolveGrabItem(d, choice(decl, "defense", GRAB_DEFENSES, "none") as GrabDefense, dice);
      if (r.kind === "grabbed") c.notes.push({ key: "WC.Note.itemTaken", targetId: d.id });
      return done(r, r.kind === "notAllowed" ? notAllowed(r.reason) : grabKey(r.kind));
    }
    case "coupDeGrace": {
      const r = resolveCoupDeGrace(d, helplessFlags(decl));
      if (r.kind === "notAllowed") return done(r, notAllowed(r.reason));
      c.notes.push({ key: "WC.Note.slain", targetId: d.id });
      return done(r, headline("WC.Result.slainOutright"));
    }
    case "deathBlow": {
      const r = resolveDeathBlow(d, { ...helplessFlags(decl), routines: declaredNumber(decl, "routines") || 1 }, sheetAttack(decl));
      if (r.kind === "notAllowed") return done(r, notAllowed(r.reason));
      if (r.split.total > 0) c.damage.push({ targetId: d.id, actual: r.split.actual, temporary: r.split.temporary, reason: "WC.Action.deathBlow" });
      return done(r, headline("WC.Result.deathBlows", { routines: r.routines, damage: r.split.total }));
    }
    case "subdue": {
      const r = resolveSubdue(subdueSituation(decl), sheetAttack(decl), o, dice);
      if (r.kind === "notAllowed") return done(r, notAllowed(r.reason));
      if (r.kind === "miss") return done(r, headline("WC.Result.miss"));
      if (r.split.total > 0) c.damage.push({ targetId: d.id, actual: r.split.actual, temporary: r.split.temporary, reason: "WC.Action.subdue" });
      return done(r, headline("WC.Result.hitFor", { damage: r.split.total }));
    }
    default: {
      const r = resolveIntoGrapple(a, d, holds, sheetAttack(decl), o, dice);
      if (r.kind === "hit" && r.split && r.split.total > 0) c.damage.push({ targetId: r.struckId, actual: r.split.actual, temporary: r.split.temporary, reason: "WC.Action.attackIntoGrapple" });
      return done(r, intoHeadline(r));
    }
  }
}

const MORE_ACTIONS: readonly ShellAction[] = ["standUp", "grabItem", "coupDeGrace", "deathBlow", "subdue", "attackIntoGrapple"];

// ---------------------------------------------------------------------------------------------
// The end of a round

/** The shell's conditions that 004 puts a time on (stun: Gouge, Knocked flat; unconscious: a strangle knock-out). */
const TIMED = ["stunned", "unconscious"] as const;
const TIMER_UNITS = ["rounds", "segments"] as const;
const SEGMENTS_PER_ROUND = 10;

/** A shell timer as this variant reads and writes it: with the round it began, when known. */
type CarriedTimer = ShellTimer & { readonly appliedRound?: number };

/**
 * The shell's timers as the core's. The shell's is `{id, condition, remaining, unit, holdId?}`,
 * the core's `{id, condition, rounds, appliedRound}`:
 * - condition: only stunned and unconscious are timed here; a timer on any other condition is
 *   refused. (Hindered, the core's third timed condition, is no shell condition: actions report
 *   it as a note, so it never comes back as a timer.)
 * - remaining: rounds as given; segments as rounds, ten to a round, a part round counting whole.
 * - appliedRound: the shell's timer does not say when it began. One that carries a whole
 *   `appliedRound` (every timer handed back here does) is taken at its word; any other is taken
 *   to have begun before this round, so this round end counts it down whatever `timerStart` says.
 * - holdId: no 004 timer belongs to a hold (the strangle count is the rounds since the hold was
 *   gained), so it is not kept.
 */
function coreTimers(raw: unknown, round: number): Timer[] {
  const issues = new IssueList();
  if (!issues.array("timers", raw)) issues.throwIfAny();
  const list = raw as unknown[];
  list.forEach((t, i) => {
    const p = `timers[${i}]`;
    if (!issues.object(p, t)) return;
    issues.str(`${p}.id`, t.id);
    issues.oneOf(`${p}.condition`, t.condition, TIMED);
    issues.int(`${p}.remaining`, t.remaining, 1, ROUND_MAX * SEGMENTS_PER_ROUND);
    issues.oneOf(`${p}.unit`, t.unit, TIMER_UNITS);
    if (t.appliedRound !== undefined) issues.int(`${p}.appliedRound`, t.appliedRound, 0, round);
  });
  issues.throwIfAny();
  return (list as CarriedTimer[]).map((t) => ({
    id: t.id,
    condition: t.condition as (typeof TIMED)[number],
    rounds: t.unit === "segments" ? Math.ceil(t.remaining / SEGMENTS_PER_ROUND) : t.remaining,
    appliedRound: t.appliedRound ?? round - 1,
  }));
}

/** The core's timers back as the shell's, in rounds (a hindered timer has no shell condition and is not carried). */
function shellTimers(timers: readonly Timer[]): CarriedTimer[] {
  return timers.flatMap((t) => (t.condition === "hindered" ? [] : [{ id: t.id, condition: t.condition, remaining: t.rounds, unit: "rounds" as const, appliedRound: t.appliedRound }]));
}

function roundLedgers(raw: unknown): Record<string, Ledger> {
  const issues = new IssueList();
  if (!issues.object("ledgers", raw)) issues.throwIfAny();
  for (const [id, l] of Object.entries(raw as Obj)) checkLedger(issues, l, `ledgers.${id}`);
  issues.throwIfAny();
  return raw as Record<string, Ledger>;
}

/**
 * Every participant with the conditions its holds give it (as for an action), and every hold.
 * Holds naming a creature outside the round are kept in view for the conditions, but the core
 * leaves them alone (no damage, no release).
 */
function roundSetup(ctx: RoundContext): { combatants: PercentileCombatant[]; holds: Hold[] } {
  const issues = new IssueList();
  issues.int("round", ctx.round, 0, ROUND_MAX);
  issues.array("participants", ctx.participants);
  issues.throwIfAny();
  const plain = ctx.participants.map((p, i) => combatant(p.id, p.profile, `participants[${i}]`));
  checkUniqueIds(issues, plain, (i) => `participants[${i}].id`);
  const holds = holdsOf(ctx);
  checkUniqueIds(issues, holds, (i) => `holds[${i}].id`);
  issues.throwIfAny();
  return { combatants: plain, holds };
}

/** What the round end does to the world: holds let go, hold damage and healing, conditions on and off. */
function roundConsequences(r: RoundEndResult, people: readonly PercentileCombatant[], holds: readonly Hold[]): Consequences {
  const c = noConsequences();
  const out = new Set(r.unconscious);
  const byId = new Map(holds.map((h) => [h.id, h]));
  // One change per creature and condition: the longest when set, once when cleared.
  const changes = new Map<string, ConditionChange>();
  const set = (targetId: string, condition: ConditionChange["condition"], rounds: number): void => {
    const cur = changes.get(`${targetId}|${condition}`);
    if (!cur || (cur.rounds ?? 0) < rounds) changes.set(`${targetId}|${condition}`, { targetId, condition, active: true, rounds });
  };
  const clear = (targetId: string, condition: ConditionChange["condition"]): void => {
    if (!changes.has(`${targetId}|${condition}`)) changes.set(`${targetId}|${condition}`, { targetId, condition, active: false });
  };
  for (const e of r.events) {
    switch (e.kind) {
      case "released":
        c.holdsRemoved.push(e.holdId);
        break;
      case "holdDamage": {
        const h = byId.get(e.holdId) as Hold;
        c.damage.push({ targetId: e.heldId, actual: e.damage.split.actual, temporary: e.damage.split.temporary, reason: holdKey(h.row) });
        break;
      }
      case "strangle":
        if (e.knockedOut) set(e.heldId, "unconscious", STRANGLE_KO.unconsciousRounds);
        break;
      case "healed":
        c.damage.push({ targetId: e.id, actual: 0, temporary: -e.healed, reason: "WC.Round.recovery" });
        break;
      case "vitality":
        if (e.after.kind === "unconscious") set(e.id, "unconscious", e.after.rounds);
        else if (e.after.kind === "conscious" && !out.has(e.id)) clear(e.id, "unconscious");
        break;
      case "timerExpired":
        // Another timer, the ledger or the profile may keep the condition on.
        if (e.condition === "unconscious" && !out.has(e.id)) clear(e.id, "unconscious");
        if (e.condition === "stunned" && !r.timers.some((t) => t.id === e.id && t.condition === "stunned")) clear(e.id, "stunned");
        break;
    }
  }
  c.conditions.push(...changes.values());
  const removed = new Set(c.holdsRemoved);
  settleHoldConditions(c, people, holds, holds.filter((h) => !removed.has(h.id)));
  return c;
}

/** The summary card's lines, in the order things happened; `who`, `holder` and `target` are ids. */
function roundLines(r: RoundEndResult, holds: readonly Hold[]): Headline[] {
  const lines: Headline[] = [];
  const out = new Set(r.unconscious);
  const byId = new Map(holds.map((h) => [h.id, h]));
  const woke = new Set<string>();
  const wakes = (who: string): Headline => {
    if (out.has(who) || woke.has(who)) return headline("WC.Round.stillUnconscious", { who });
    woke.add(who);
    return headline("WC.Round.wakes", { who });
  };
  for (const e of r.events) {
    switch (e.kind) {
      case "released":
        lines.push(headline("WC.Round.letGo", { holder: e.holderId, target: e.heldId, hold: holdKey((byId.get(e.holdId) as Hold).row) }));
        break;
      case "holdDamage": {
        const s = e.damage.split;
        lines.push(headline("WC.Round.keptHoldHurts", { holder: e.holderId, target: e.heldId, hold: holdKey((byId.get(e.holdId) as Hold).row), total: s.total, actual: s.actual, temporary: s.temporary }));
        break;
      }
      case "strangle":
        lines.push(headline(e.knockedOut ? "WC.Round.chokedOut" : "WC.Round.chokeResisted", { who: e.heldId, holder: byId.get(e.holdId)?.holderId ?? "", roll: e.die.face, chance: e.pct, held: e.roundsHeld, ...(e.knockedOut ? { rounds: STRANGLE_KO.unconsciousRounds } : {}) }));
        break;
      case "healed":
        lines.push(headline("WC.Round.recovered", { who: e.id, n: e.healed }));
        break;
      case "vitality":
        if (e.after.kind === "unconscious") lines.push(headline(e.before.kind === "unconscious" ? "WC.Round.stillOut" : "WC.Round.knockedOut", { who: e.id, rounds: e.after.rounds }));
        else if (e.after.kind === "conscious") lines.push(wakes(e.id));
        else lines.push(headline("WC.Round.zeroHp", { who: e.id }));
        break;
      case "timerExpired":
        if (e.condition === "unconscious") lines.push(wakes(e.id));
        else lines.push(headline(e.condition === "stunned" ? "WC.Round.stunOver" : "WC.Round.hinderOver", { who: e.id }));
        break;
    }
  }
  return lines;
}

// ---------------------------------------------------------------------------------------------

export const percentileVariant: RulesVariant = {
  id: "percentile",
  source: "004",
  actions: ACTIONS,
  situational: (action) => SITUATIONAL[action] ?? [],
  profileFields: PERCENTILE_PROFILE_FIELDS,
  defaultProfile: () => profileWithoutId(defaultCombatant("x")),
  validateProfile: (id, profile, path) => combatant(id, profile, path),
  resolveOptions,
  optionSchema: PERCENTILE_OPTION_SCHEMA,
  // 004 counts unconsciousness as 000 does (the DMG rule it restates).
  conditionAfterDamage: (ledger) => {
    const v = vitality(ledger);
    return v.kind === "unconscious" ? { condition: "unconscious", rounds: v.rounds } : null;
  },
  projectTables: (action, rawOptions) => {
    const { tables } = rawOptions as PercentileOptions;
    const table = action === "overbear" ? tables.overbear : ["grapple", "breakFree", "counterGrapple"].includes(action) ? tables.grappling : undefined;
    return table && table.source === PROJECT_DEFAULT ? [table.id] : [];
  },

  // 004: the held may break free or counter-grapple on its turn; the holder may let go.
  holdActions: { held: [{ action: "breakFree" }, { action: "counterGrapple" }], holder: [{ action: "release" }] },
  next(ctx, r, rawOptions) {
    const o = (rawOptions ?? PERCENTILE_DEFAULTS) as PercentileOptions;
    return percentileNext(ctx, r, (c) => this.odds(c, o), o.maintainedHoldDamage === "eachLaterRound");
  },

  resolve(ctx: ActionContext, rawOptions: unknown, dice: Dice): Resolution {
    const { o, a, d, holds } = setup(ctx, rawOptions);
    if (MORE_ACTIONS.includes(ctx.action)) return moreResolve(ctx, a, d, holds, o, dice);
    const done = (result: unknown, consequences: Consequences, h: { key: string; params?: Params }): Resolution => ({ action: ctx.action, result, consequences, headline: h });
    switch (ctx.action) {
      case "grapple": {
        const r = resolveGrapple(a, d, grappleSituation(ctx, a, holds), o, dice);
        const c = noConsequences();
        if (r.kind === "notAllowed") return done(r, c, notAllowed(r.reason));
        if (r.kind === "linkedAttackMissed") return done(r, c, headline("WC.Result.linkedAttackMissed"));
        if (r.defense.spellSpoiled) c.notes.push({ key: "WC.Note.spellSpoiled", targetId: d.id });
        if (r.kind === "foiled") return done(r, c, headline("WC.Result.foiled"));
        if (r.kind === "miss") return done(r, c, headline("WC.Result.miss"));
        c.holdsAdded.push(holdRecord(r.hold));
        addDamage(c, d.id, r.damage, "WC.Action.grapple");
        addGrappled(c, a.id, d.id, r.grappled);
        settleHoldConditions(c, [a, d], holds, [...holds, r.hold]);
        addTimers(c, r.timers);
        holdRowNotes(c, r.row, a.id, d.id);
        return done(r, c, headline("WC.Result.holdGained", holdParams(r.row)));
      }
      case "overbear": {
        const r = resolveOverbear(a, d, overbearSituation(ctx), o, dice);
        const c = overbearConsequences(a, d, r);
        if (r.kind === "notAllowed") return done(r, c, notAllowed(r.reason));
        if (r.kind === "avoided") return done(r, c, headline("WC.Result.avoided"));
        if (r.kind === "miss") return done(r, c, headline("WC.Result.miss"));
        if (r.trampleCounts === false) return done(r, c, headline("WC.Result.trampleFailed"));
        return done(r, c, headline("WC.Result.overbearResult", { result: overbearKey(r.row) }));
      }
      case "breakFree": {
        // The attacker is the held creature; the defender its holder.
        const h = chosenHold(ctx, holds, (x) => x.heldId === a.id && x.holderId === d.id);
        const refusal = breakFreeRefusal(a, holds);
        if (refusal) return done({ kind: "notAllowed", reason: refusal }, noConsequences(), notAllowed(refusal));
        // 004: one attempt per holder, break damage to one holder only (the original).
        const damageTo = defaultDamageTo(holdsOn(a.id, holds));
        const r = resolveBreakFree(a, [d], breakSubset(a, d, h, holds), { damageTo }, o, dice);
        const c = noConsequences();
        if (r.kind === "notAllowed") return done(r, c, notAllowed(r.reason));
        const attempt = r.attempts[0];
        addDamage(c, d.id, attempt?.damage ?? null, "WC.Action.breakFree");
        const broken = r.brokenHoldIds.includes(h.id);
        if (broken) {
          c.holdsRemoved.push(h.id);
          settleHoldConditions(c, [a, d], holds, holds.filter((x) => x.id !== h.id));
        }
        return done(r, c, headline(broken ? "WC.Result.brokeFree" : "WC.Result.stillHeld"));
      }
      case "counterGrapple": {
        // The attacker is the held creature; the defender the holder it turns on.
        const r = resolveCounterGrapple(a, d, holds, { round: ctx.round }, o, dice);
        const c = noConsequences();
        if (r.kind === "notAllowed") return done(r, c, notAllowed(r.reason));
        c.holdsAdded.push(holdRecord(r.hold));
        if (r.brokenHoldId !== null) c.holdsRemoved.push(r.brokenHoldId);
        addDamage(c, d.id, r.damage, "WC.Action.counterGrapple");
        addGrappled(c, a.id, d.id, r.grappled);
        settleHoldConditions(c, [a, d], holds, r.holds);
        addTimers(c, r.timers);
        holdRowNotes(c, r.row, a.id, d.id);
        return done(r, c, headline(r.brokenHoldId !== null ? "WC.Result.counterBroke" : "WC.Result.counterHeld", holdParams(r.row)));
      }
      case "release": {
        // 004 §Break Free: the holder may let go (a minor action).
        const h = chosenHold(ctx, holds, (x) => x.holderId === a.id && x.heldId === d.id);
        const c = noConsequences();
        c.holdsRemoved.push(h.id);
        settleHoldConditions(c, [a, d], holds, holds.filter((x) => x.id !== h.id));
        return done({ kind: "released", holdId: h.id }, c, headline("WC.Result.released"));
      }
      default:
        return unknownAction(ctx.action);
    }
  },

  /**
   * 004 has no end-of-round overbear and no rule for leaving melee, so `overbear` and
   * `outOfMelee` are not read. Holds never change at a round end here (the strangle count is
   * the rounds since the hold was gained), so `holdsUpdated` is always empty.
   */
  movement(ctx: MoveContext, rawOptions: unknown) {
    const o = (rawOptions ?? PERCENTILE_DEFAULTS) as PercentileOptions;
    return percentileMovement({ ...moveCast(ctx, combatant), holds: holdsOf(ctx) }, o);
  },

  roundEnd(ctx: RoundContext, rawOptions: unknown, dice: Dice): RoundResolution {
    const o = (rawOptions ?? PERCENTILE_DEFAULTS) as PercentileOptions;
    const { combatants: plain, holds } = roundSetup(ctx);
    const known = new Map(plain.map((c) => [c.id, c]));
    const combatants = plain.map((c) => withHoldConditions(c, holds, known, o));
    // Timers of conditions 004 does not count (prone while rising) only run down a round.
    const plainTimers = Array.isArray(ctx.timers) ? ctx.timers.filter((t) => isObj(t) && typeof t.condition === "string" && !(TIMED as readonly string[]).includes(t.condition)) : [];
    const timers = coreTimers(Array.isArray(ctx.timers) ? ctx.timers.filter((t) => !plainTimers.includes(t)) : ctx.timers, ctx.round);
    const plainIssues = new IssueList();
    plainTimers.forEach((t) => {
      const i = ctx.timers.indexOf(t);
      plainIssues.oneOf(`timers[${i}].condition`, t.condition, CONDITION_IDS);
      plainIssues.int(`timers[${i}].remaining`, t.remaining, 1, ROUND_MAX * SEGMENTS_PER_ROUND);
      plainIssues.oneOf(`timers[${i}].unit`, t.unit, TIMER_UNITS);
    });
    plainIssues.throwIfAny();
    const ledgers = roundLedgers(ctx.ledgers);
    const r = resolveRoundEnd({ round: ctx.round, combatants, holds, ledgers, timers }, o, dice);
    const consequences = roundConsequences(r, combatants, holds);
    const lines = roundLines(r, holds);
    const carried: ShellTimer[] = shellTimers(r.timers);
    for (const t of plainTimers) {
      const next = runDownTimer(t);
      if (next) carried.push(next);
      else {
        consequences.conditions.push({ targetId: t.id, condition: t.condition, active: false });
        lines.push(headline("WC.Round.conditionEnds", { who: t.id, condition: `WC.Condition.${t.condition}` }));
      }
    }
    return { result: r, consequences, holdsUpdated: [], timers: carried, lines };
  },

  odds(ctx: ActionContext, rawOptions: unknown): OddsOutcome[] {
    const { o, a, d, holds } = setup(ctx, rawOptions);
    if (MORE_ACTIONS.includes(ctx.action)) return moreOdds(ctx, a, d, holds, o);
    switch (ctx.action) {
      case "grapple":
        return merged(grappleOdds(a, d, grappleSituation(ctx, a, holds), o).outcomes.map((x) => grappleOutcome(x, o)));
      case "overbear": {
        const s = overbearSituation(ctx);
        return merged(overbearOdds(a, d, s, o).outcomes.map((x) => overbearOutcome(x, s.trample === true, o)));
      }
      case "breakFree": {
        const h = chosenHold(ctx, holds, (x) => x.heldId === a.id && x.holderId === d.id);
        const refusal = breakFreeRefusal(a, holds);
        if (refusal) return [{ key: REFUSED_KEY, params: { reason: reasonKey(refusal) }, p: 1 }];
        const r = breakFreeOdds(a, [d], breakSubset(a, d, h, holds), { damageTo: defaultDamageTo(holdsOn(a.id, holds)) }, o);
        if ("notAllowed" in r) return [{ key: REFUSED_KEY, params: { reason: reasonKey(r.notAllowed) }, p: 1 }];
        return yesNo(r.attempts[0]?.pBroken ?? 0, "WC.Result.brokeFree", "WC.Result.stillHeld");
      }
      case "counterGrapple": {
        const r = counterGrappleOdds(a, d, holds, o);
        if ("notAllowed" in r) return [{ key: REFUSED_KEY, params: { reason: reasonKey(r.notAllowed) }, p: 1 }];
        return merged(
          r.categories.map(([category, p]) => {
            const row = rowForCategory(o.tables.grappling, category);
            return { key: counterBreaks(row) ? "WC.Result.counterBroke" : "WC.Result.counterHeld", params: holdParams(row), p };
          }),
        );
      }
      case "release":
        chosenHold(ctx, holds, (x) => x.holderId === a.id && x.heldId === d.id);
        return [{ key: "WC.Result.released", p: 1 }];
      default:
        return unknownAction(ctx.action);
    }
  },
};
