/**
 * The actions of variant percentile (source 004) by name: each validates its plain-data input,
 * then resolves it with the injected dice. The golden vectors (docs/vectors-percentile.md) and
 * the Foundry shell call through here, so both get the same checks. Every action that reads a
 * table accepts `tables` in its input (or in the options) to replace the project defaults.
 */
import { checkGrabDice } from "../core/grab.ts";
import type { VariantAction } from "../core/action.ts";
import { actionMakers } from "../core/action.ts";
import type { Ledger } from "../core/damage.ts";
import { vitality } from "../core/damage.ts";
import { IssueList, RulesInputError } from "../core/errors.ts";
import type { Obj } from "../core/validate.ts";
import { beginHold, checkHoldsAmong, checkLedgers, obj, optBool, optInt, ledgerInput, splitInput, validateHoldList } from "../core/validate.ts";
import type { BreakFreeSituation } from "./breaks.ts";
import { resolveBreakFree, resolveCounterGrapple } from "./breaks.ts";
import { checkRowResult, GRAPPLE_EFFECT_FIELDS, readTables } from "./custom-tables.ts";
import { damageSplit } from "./damage.ts";
import { resolveGrapple } from "./grapple.ts";
import type { Hold, Timer } from "./holds.ts";
import { grappledState, joinCap, holdsOn } from "./holds.ts";
import type { Mode } from "./modifiers.ts";
import { chanceTrace, resultModifiers } from "./modifiers.ts";
import { breakFreeOdds, counterGrappleOdds, grappleOdds, overbearOdds, roundEndOdds } from "./odds.ts";
import type { PercentileOptions } from "./options.ts";
import { resolveOptions } from "./options.ts";
import type { OverbearSituation } from "./overbear.ts";
import { resolveOverbear } from "./overbear.ts";
import type { PercentileCombatant } from "./profile.ts";
import { validateCombatant } from "./profile.ts";
import type { RoundEndInput } from "./round-end.ts";
import { resolveRoundEnd } from "./round-end.ts";
import type { Defense, GrappleSituation, InitiativeSide } from "./start.ts";
import { compareWeaponlessInitiative, grappleRefusal, overbearRefusal, weaponlessInitiative } from "./start.ts";
import { variableColumn } from "./variable.ts";
import { readMoveInput } from "../core/movement.ts";
import { percentileMovement } from "./movement.ts";
import type { GrabDefense, SheetAttack, WeaponKind } from "./more.ts";
import { DEFAULT_SHEET_ATTACK, grabItemOdds, intoGrappleOdds, resolveCoupDeGrace, resolveDeathBlow, resolveGrabItem, resolveIntoGrapple, resolveStandUp, resolveSubdue, subdueOdds } from "./more.ts";

export const GRAB_DEFENSES = ["none", "freeAttackHurt", "freeAttackHarmless"] as const;
export const WEAPON_KINDS = ["blunt", "longHaft", "other"] as const;

/** The weapon as the sheet gives it: the d20 needed (1-30) and its dice; missing fields take the defaults. */
export function validateSheetAttack(v: unknown, path: string): SheetAttack {
  if (v === undefined) return DEFAULT_SHEET_ATTACK;
  const w = obj(v, path);
  const issues = new IssueList();
  optInt(issues, w, path, ["needed"], 1, 30);
  optInt(issues, w, path, ["count"], 0, 20);
  optInt(issues, w, path, ["sides"], 1, 100);
  optInt(issues, w, path, ["bonus"], -20, 50);
  issues.throwIfAny();
  return { ...DEFAULT_SHEET_ATTACK, ...(w as Partial<SheetAttack>) };
}

/** Attacker and target (and holds) for the helpless-target actions and blows; the flags each reads. */
function blowInput(input: unknown) {
  const p = pair(input);
  const r = p.raw;
  const issues = new IssueList();
  for (const k of ["attackerInMelee", "noVitals", "resists", "immune"]) optBool(issues, r, "input", [k]);
  optInt(issues, r, "input", ["routines"], 1, 10);
  if (r.defense !== undefined) issues.oneOf("input.defense", r.defense, GRAB_DEFENSES);
  if (r.weaponKind !== undefined) issues.oneOf("input.weaponKind", r.weaponKind, WEAPON_KINDS);
  issues.throwIfAny();
  return {
    attacker: p.first,
    target: p.second,
    holds: validateHolds(r.holds, "input.holds"),
    weapon: validateSheetAttack(r.weapon, "input.weapon"),
    defense: (r.defense ?? "none") as GrabDefense,
    weaponKind: (r.weaponKind ?? "other") as WeaponKind,
    flags: { attackerInMelee: r.attackerInMelee === true, noVitals: r.noVitals === true, resists: r.resists === true, immune: r.immune === true, routines: (r.routines as number | undefined) ?? 1 },
  };
}

const ROUND_MAX = 100000;
const ASSIGNMENTS = ["chance", "result"] as const;

/** The options with the input's `tables` (if any) over the options' own. */
function withTables(i: Obj, o: PercentileOptions, path = "input.tables"): PercentileOptions {
  return i.tables === undefined ? o : { ...o, tables: readTables(i.tables, path, o.tables) };
}

export function validateHold(v: unknown, path: string): Hold {
  const { issues, h } = beginHold(v, path);
  checkRowResult(issues, `${path}.row`, h.row, "hold", GRAPPLE_EFFECT_FIELDS);
  issues.bool(`${path}.original`, h.original);
  issues.bool(`${path}.special`, h.special);
  if (h.holderFree !== undefined) issues.bool(`${path}.holderFree`, h.holderFree);
  issues.int(`${path}.roundGained`, h.roundGained, 0, ROUND_MAX);
  checkGrabDice(issues, `${path}.roundDamage`, h.roundDamage);
  issues.throwIfAny();
  return v as Hold;
}

export function validateHolds(v: unknown, path: string): Hold[] {
  const pairs = new Set<string>();
  return validateHoldList(v, path, validateHold, (h, i, issues) => {
    // One hold per holder on one creature: a second would be a second grapple of the same pair.
    const pair = `${h.holderId}>${h.heldId}`;
    if (pairs.has(pair)) issues.add(`${path}[${i}]`, "duplicateHold", { holderId: h.holderId, heldId: h.heldId });
    pairs.add(pair);
  });
}

function validateTimers(v: unknown, path: string): Timer[] {
  if (v === undefined) return [];
  const issues = new IssueList();
  if (!issues.array(path, v)) issues.throwIfAny();
  (v as unknown[]).forEach((t, i) => {
    const p = `${path}[${i}]`;
    if (!issues.object(p, t)) return;
    issues.str(`${p}.id`, t.id);
    issues.oneOf(`${p}.condition`, t.condition, ["stunned", "unconscious", "hindered"] as const);
    issues.int(`${p}.rounds`, t.rounds, 1, 1000);
    issues.int(`${p}.appliedRound`, t.appliedRound, 0, ROUND_MAX);
  });
  issues.throwIfAny();
  return v as Timer[];
}

function checkVariable(issues: IssueList, v: unknown, path: string): void {
  if (v === undefined || !issues.object(path, v)) return;
  for (const k of Object.keys(v)) if (k !== "attacker" && k !== "target") issues.add(`${path}.${k}`, "unknownField");
  for (const k of ["attacker", "target"] as const) if (v[k] !== undefined) issues.oneOf(`${path}.${k}`, v[k], ASSIGNMENTS);
}

function checkDefense(issues: IssueList, v: unknown, path: string): void {
  if (v === undefined || !issues.object(path, v)) return;
  if (!issues.oneOf(`${path}.kind`, v.kind, ["none", "freeAttack", "fendOff"] as const)) return;
  if (v.kind === "none") return;
  issues.bool(`${path}.hit`, v.hit);
  for (const k of ["contact", "damaged", "incapacitated"] as const) {
    if (v[k] === undefined) continue;
    // 004: contact attacks cannot fend off; damage and incapacity belong to the free attack only.
    if (v.kind === "fendOff") issues.add(`${path}.${k}`, k === "contact" ? "contactCannotFendOff" : "notForFendOff");
    else issues.bool(`${path}.${k}`, v[k]);
  }
}

const GRAPPLE_SITUATION_KEYS = [
  "variable",
  "defense",
  "special",
  "charging",
  "freeForeLimbs",
  "holdingItem",
  "attemptsThisRoutine",
  "targetCasting",
  "afterTackle",
  "holds",
  "round",
  "grapplerIndex",
];

export function validateGrappleSituation(v: unknown, path: string): GrappleSituation {
  if (v === undefined) return {};
  const s = obj(v, path);
  const issues = new IssueList();
  for (const k of Object.keys(s)) if (!GRAPPLE_SITUATION_KEYS.includes(k)) issues.add(`${path}.${k}`, "unknownField");
  checkVariable(issues, s.variable, `${path}.variable`);
  checkDefense(issues, s.defense, `${path}.defense`);
  // 004: with several grapplers in one segment only the first meets a free attack; the rest a fend-off.
  if (s.grapplerIndex !== undefined && issues.int(`${path}.grapplerIndex`, s.grapplerIndex, 1, 100)) {
    const d = s.defense as Obj | undefined;
    if (s.grapplerIndex > 1 && d?.kind === "freeAttack") issues.add(`${path}.defense.kind`, "onlyOneFreeAttack");
  }
  if (s.special !== undefined && issues.object(`${path}.special`, s.special)) {
    const sp = s.special;
    issues.oneOf(`${path}.special.ability`, sp.ability, ["grab", "hug", "constrict"] as const);
    issues.bool(`${path}.special.linkedAttackHit`, sp.linkedAttackHit);
    if (sp.holdCategory !== undefined) issues.int(`${path}.special.holdCategory`, sp.holdCategory, 1, 99);
    if (sp.holderFree !== undefined) issues.bool(`${path}.special.holderFree`, sp.holderFree);
    if (sp.fromAttack !== undefined) issues.bool(`${path}.special.fromAttack`, sp.fromAttack);
  }
  optBool(issues, s, path, ["charging", "holdingItem", "targetCasting", "afterTackle"]);
  optInt(issues, s, path, ["freeForeLimbs", "attemptsThisRoutine"], 0, 100);
  optInt(issues, s, path, ["round"], 0, ROUND_MAX);
  issues.throwIfAny();
  validateHolds(s.holds, `${path}.holds`);
  return s as GrappleSituation;
}

const OVERBEAR_SITUATION_KEYS = ["charging", "variable", "defense", "trample", "trampleDamage", "tackle", "chargeAcPenalty", "targetCasting", "round"];

export function validateOverbearSituation(v: unknown, path: string): OverbearSituation {
  if (v === undefined) return {};
  const s = obj(v, path);
  const issues = new IssueList();
  for (const k of Object.keys(s)) if (!OVERBEAR_SITUATION_KEYS.includes(k)) issues.add(`${path}.${k}`, "unknownField");
  checkVariable(issues, s.variable, `${path}.variable`);
  checkDefense(issues, s.defense, `${path}.defense`);
  optBool(issues, s, path, ["charging", "trample", "tackle", "targetCasting"]);
  optInt(issues, s, path, ["trampleDamage"], 0, 1000);
  optInt(issues, s, path, ["chargeAcPenalty"], 0, 10);
  optInt(issues, s, path, ["round"], 0, ROUND_MAX);
  issues.throwIfAny();
  return s as OverbearSituation;
}

function pair(input: unknown, a = "attacker", b = "target"): { first: PercentileCombatant; second: PercentileCombatant; raw: Obj } {
  const o = obj(input, "input");
  const first = validateCombatant(o[a], `input.${a}`);
  const second = validateCombatant(o[b], `input.${b}`);
  if (first.id === second.id) throw new RulesInputError([{ path: `input.${b}.id`, code: "sameCreature" }]);
  return { first, second, raw: o };
}

/** The optional `others`: the grapple partners' profiles, by id (a partner left out is taken to be grappled with). */
function partners(v: unknown): Map<string, PercentileCombatant> {
  return v === undefined ? new Map() : new Map(combatantList(v, "input.others").map((c) => [c.id, c] as const));
}

function combatantList(v: unknown, path: string): PercentileCombatant[] {
  const issues = new IssueList();
  if (!issues.array(path, v)) issues.throwIfAny();
  const list = (v as unknown[]).map((c, i) => validateCombatant(c, `${path}[${i}]`));
  if (new Set(list.map((c) => c.id)).size !== list.length) throw new RulesInputError([{ path, code: "duplicateId" }]);
  return list;
}

/** Holds whose creatures must all be among `ids`. */
function holdsAmong(v: unknown, path: string, ids: ReadonlySet<string>): Hold[] {
  const hs = validateHolds(v, path);
  const issues = new IssueList();
  checkHoldsAmong(issues, hs, path, ids);
  issues.throwIfAny();
  return hs;
}

function grappleInput(input: unknown, o: PercentileOptions): { attacker: PercentileCombatant; target: PercentileCombatant; situation: GrappleSituation; options: PercentileOptions } {
  const p = pair(input);
  return { attacker: p.first, target: p.second, situation: validateGrappleSituation(p.raw.situation, "input.situation"), options: withTables(p.raw, o) };
}

function overbearInput(input: unknown, o: PercentileOptions): { attacker: PercentileCombatant; target: PercentileCombatant; situation: OverbearSituation; options: PercentileOptions } {
  const p = pair(input);
  return { attacker: p.first, target: p.second, situation: validateOverbearSituation(p.raw.situation, "input.situation"), options: withTables(p.raw, o) };
}

function breakInput(input: unknown, o: PercentileOptions): { breaker: PercentileCombatant; holders: PercentileCombatant[]; holds: Hold[]; situation: BreakFreeSituation; options: PercentileOptions } {
  const i = obj(input, "input");
  const breaker = validateCombatant(i.breaker, "input.breaker");
  const holders = combatantList(i.holders, "input.holders");
  const ids = new Set([breaker.id, ...holders.map((h) => h.id)]);
  if (ids.size !== holders.length + 1) throw new RulesInputError([{ path: "input.holders", code: "sameCreature" }]);
  const holds = holdsAmong(i.holds, "input.holds", ids);
  const issues = new IssueList();
  if (i.damageTo !== undefined && issues.str("input.damageTo", i.damageTo) && !holdsOn(breaker.id, holds).some((h) => h.holderId === i.damageTo)) {
    issues.add("input.damageTo", "notAHolder", { id: i.damageTo });
  }
  issues.throwIfAny();
  return { breaker, holders, holds, situation: i.damageTo === undefined ? {} : { damageTo: i.damageTo as string }, options: withTables(i, o) };
}

function counterInput(input: unknown, o: PercentileOptions): { counterer: PercentileCombatant; holder: PercentileCombatant; holds: Hold[]; round: number | undefined; options: PercentileOptions } {
  const p = pair(input, "counterer", "holder");
  const holds = holdsAmong(p.raw.holds, "input.holds", new Set([p.first.id, p.second.id]));
  const issues = new IssueList();
  if (p.raw.round !== undefined) issues.int("input.round", p.raw.round, 0, ROUND_MAX);
  issues.throwIfAny();
  return { counterer: p.first, holder: p.second, holds, round: p.raw.round as number | undefined, options: withTables(p.raw, o) };
}

function roundEndInput(input: unknown): RoundEndInput {
  const o = obj(input, "input");
  const issues = new IssueList();
  issues.int("input.round", o.round, 0, ROUND_MAX);
  issues.throwIfAny();
  const combatants = combatantList(o.combatants, "input.combatants");
  const ids = new Set(combatants.map((c) => c.id));
  const holds = holdsAmong(o.holds, "input.holds", ids);
  const timers = validateTimers(o.timers, "input.timers");
  timers.forEach((t, i) => {
    if (!ids.has(t.id)) issues.add(`input.timers[${i}].id`, "unknownCombatant", { id: t.id });
  });
  checkLedgers(issues, o.ledgers, "input.ledgers", ids);
  issues.throwIfAny();
  return { round: o.round as number, combatants, holds, timers, ...(o.ledgers === undefined ? {} : { ledgers: o.ledgers as Record<string, Ledger> }) };
}

function initiativeSide(v: unknown, path: string): InitiativeSide {
  const issues = new IssueList();
  if (!issues.object(path, v)) issues.throwIfAny();
  const s = v as Obj;
  for (const k of ["surprise", "charging", "weaponless"] as const) issues.bool(`${path}.${k}`, s[k]);
  issues.int(`${path}.dexterity`, s.dexterity, 1, 25);
  issues.int(`${path}.initiativeDie`, s.initiativeDie, 1, 100);
  issues.int(`${path}.limbLength`, s.limbLength, 0, 10000);
  issues.throwIfAny();
  return v as InitiativeSide;
}

function mode(v: unknown): Mode {
  if (v === undefined) return "grapple";
  const issues = new IssueList();
  issues.oneOf("input.mode", v, ["grapple", "overbear"] as const);
  issues.throwIfAny();
  return v as Mode;
}

export type PercentileAction = VariantAction<PercentileOptions>;
const { rolled, derived } = actionMakers<PercentileOptions>();

export const PERCENTILE_ACTIONS = {
  grapple: {
    rolls: true,
    run: (input, o, dice) => {
      const g = grappleInput(input, o);
      return resolveGrapple(g.attacker, g.target, g.situation, g.options, dice);
    },
  },
  counterGrapple: {
    rolls: true,
    run: (input, o, dice) => {
      const c = counterInput(input, o);
      return resolveCounterGrapple(c.counterer, c.holder, c.holds, c.round === undefined ? {} : { round: c.round }, c.options, dice);
    },
  },
  breakFree: {
    rolls: true,
    run: (input, o, dice) => {
      const b = breakInput(input, o);
      return resolveBreakFree(b.breaker, b.holders, b.holds, b.situation, b.options, dice);
    },
  },
  overbear: {
    rolls: true,
    run: (input, o, dice) => {
      const g = overbearInput(input, o);
      return resolveOverbear(g.attacker, g.target, g.situation, g.options, dice);
    },
  },
  roundEnd: {
    rolls: true,
    run: (input, o, dice) => resolveRoundEnd(roundEndInput(input), o, dice),
  },
  standUp: {
    rolls: false,
    run: (input, o) => {
      const i = obj(input, "input");
      return resolveStandUp(validateCombatant(i.combatant, "input.combatant"), validateHolds(i.holds, "input.holds"), o, partners(i.others));
    },
  },
  grabItem: rolled(blowInput, (b, _o, dice) => resolveGrabItem(b.target, b.defense, dice)),
  coupDeGrace: {
    rolls: false,
    run: (input) => {
      const b = blowInput(input);
      return resolveCoupDeGrace(b.target, b.flags);
    },
  },
  deathBlow: {
    rolls: false,
    run: (input) => {
      const b = blowInput(input);
      return resolveDeathBlow(b.target, b.flags, b.weapon);
    },
  },
  subdue: rolled(blowInput, (b, o, dice) => resolveSubdue({ immune: b.flags.immune, weapon: b.weaponKind }, b.weapon, o, dice)),
  intoGrapple: rolled(blowInput, (b, o, dice) => resolveIntoGrapple(b.attacker, b.target, b.holds, b.weapon, o, dice)),
  canGrapple: {
    rolls: false,
    run: (input) => {
      const p = pair(input);
      const reason = grappleRefusal(p.first, p.second, validateGrappleSituation(p.raw.situation, "input.situation"));
      return { allowed: reason === null, reason };
    },
  },
  canOverbear: {
    rolls: false,
    run: (input) => {
      const p = pair(input);
      const issues = new IssueList();
      issues.bool("input.charging", p.raw.charging);
      issues.throwIfAny();
      const reason = overbearRefusal(p.first, p.second, p.raw.charging as boolean);
      return { allowed: reason === null, reason };
    },
  },
  chance: derived(pair, (p, o) => chanceTrace(p.first, p.second, mode(p.raw.mode), o)),
  resultModifiers: {
    rolls: false,
    run: (input, o) => {
      const p = pair(input);
      const modifiers = resultModifiers(p.first, p.second, mode(p.raw.mode), o);
      return { modifiers, total: modifiers.reduce((s, m) => s + m.value, 0) };
    },
  },
  variableColumn: {
    rolls: false,
    run: (input, o) => variableColumn(validateCombatant(obj(input, "input").combatant, "input.combatant"), o),
  },
  initiative: {
    rolls: false,
    run: (input, o) => {
      const i = obj(input, "input");
      const a = initiativeSide(i.a, "input.a");
      const b = initiativeSide(i.b, "input.b");
      return { ...weaponlessInitiative(a, b, o), order: compareWeaponlessInitiative(a, b, o) };
    },
  },
  movement: {
    rolls: false,
    run: (input, o) => percentileMovement(readMoveInput(input, validateCombatant, validateHold), o),
  },
  grappledState: {
    rolls: false,
    run: (input, o) => {
      const i = obj(input, "input");
      const c = validateCombatant(i.combatant, "input.combatant");
      const hs = validateHolds(i.holds, "input.holds");
      return { ...grappledState(c, hs, o, partners(i.others)), joinCap: joinCap(holdsOn(c.id, hs), o) };
    },
  },
  damageSplit: derived(
    (input) => splitInput(input, ["grapple", "overbear"] as const, ["special"] as const),
    (i, o) => damageSplit(i.total, i.kind, i.special, o),
  ),
  vitality: derived(ledgerInput, (l) => vitality(l)),
  tables: {
    rolls: false,
    run: (input, o) => withTables(input === undefined ? {} : obj(input, "input"), o).tables,
  },
  odds: {
    rolls: false,
    run: (input, o) => {
      const i = obj(input, "input");
      const issues = new IssueList();
      issues.oneOf("input.of", i.of, ["grapple", "overbear", "breakFree", "counterGrapple", "roundEnd", "grabItem", "subdue", "intoGrapple"] as const);
      issues.throwIfAny();
      switch (i.of) {
        case "grapple": {
          const g = grappleInput(i.input, o);
          return grappleOdds(g.attacker, g.target, g.situation, g.options);
        }
        case "overbear": {
          const g = overbearInput(i.input, o);
          return overbearOdds(g.attacker, g.target, g.situation, g.options);
        }
        case "breakFree": {
          const b = breakInput(i.input, o);
          return breakFreeOdds(b.breaker, b.holders, b.holds, b.situation, b.options);
        }
        case "counterGrapple": {
          const c = counterInput(i.input, o);
          return counterGrappleOdds(c.counterer, c.holder, c.holds, c.options);
        }
        case "grabItem": {
          const b = blowInput(i.input);
          return { outcomes: grabItemOdds(b.target, b.defense) };
        }
        case "subdue": {
          const b = blowInput(i.input);
          return subdueOdds({ immune: b.flags.immune, weapon: b.weaponKind }, b.weapon, o);
        }
        case "intoGrapple": {
          const b = blowInput(i.input);
          return intoGrappleOdds(b.attacker, b.target, b.holds, b.weapon, o);
        }
        default:
          return roundEndOdds(roundEndInput(i.input), o);
      }
    },
  },
} as const satisfies Record<string, PercentileAction>;

export type PercentileActionName = keyof typeof PERCENTILE_ACTIONS;

export { resolveOptions };
export type { Defense };
