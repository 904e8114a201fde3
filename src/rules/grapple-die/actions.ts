/**
 * The actions of variant grapple-die (source 002) by name: each validates its plain-data input,
 * then resolves it with the injected dice. The golden vectors (docs/vectors-grapple-die.md) and
 * the Foundry shell call through here, so both see the same checks.
 */
import type { VariantAction } from "../core/action.ts";
import { actionMakers } from "../core/action.ts";
import { IssueList, RulesInputError } from "../core/errors.ts";
import type { Obj } from "../core/validate.ts";
import { beginHold, checkHoldsAmong, checkLedgers, idList, obj, optInt, roundCombatants, splitInput, ledgerInput, validateHoldList, validateLedger } from "../core/validate.ts";
import { SIZES } from "../core/size.ts";
import type { StrikeInput } from "./attack.ts";
import { moveWhileGrappling, rollBreak, rollStrangle } from "./breaks.ts";
import { readMoveInput } from "../core/movement.ts";
import { gdMovement } from "./movement.ts";
import type { GrappleSituation } from "./grapple.ts";
import { resolveChangeHold, resolveCounterGrapple, resolveGrapple } from "./grapple.ts";
import type { Hold } from "./holds.ts";
import { grappleStatus, targetAc } from "./holds.ts";
import {
  breakOdds,
  changeHoldOdds,
  counterGrappleOdds,
  grappleOdds,
  moveOdds,
  overbearOdds,
  pummelOdds,
  strangleOdds,
  subdueOdds,
} from "./odds.ts";
import type { GrappleDieOptions } from "./options.ts";
import { resolveOptions } from "./options.ts";
import type { OverbearSituation } from "./overbear.ts";
import { chargerAc, overbearLimits, pushFeet, resolveOverbear } from "./overbear.ts";
import type { GdCombatant } from "./profile.ts";
import { num, validateCombatant } from "./profile.ts";
import type { PummelSituation, SubdueSituation } from "./pummel.ts";
import { pummelDamageExpr, pummelImmunity, pummelProficiency, pummelRefusal, resolvePummel, resolveSubdue } from "./pummel.ts";
import type { RoundEndInput, Timer } from "./round-end.ts";
import { resolveRoundEnd } from "./round-end.ts";
import { applyDamage, subdualSplit, subdualStatus } from "./subdual.ts";
import type { IntoGrappleSituation, LimbSituation } from "./more.ts";
import { grabItemOdds, intoGrappleOdds, pummelRoutineOdds, resolveCoupDeGrace, resolveGrabItem, resolveIntoGrapple, resolvePummelRoutine, resolveStandUp } from "./more.ts";
import { OVERBEAR_SAVE } from "./tables.ts";
import { validateDamageExpr, validateEffects, validateTable } from "./custom-table.ts";
import type { AttackMode, ScheduleInput } from "./timing.ts";
import { schedule } from "./timing.ts";

export { resolveOptions, validateTable };

// --- Holds and tables -----------------------------------------------------------------------------

export function validateHold(v: unknown, path: string): Hold {
  const { issues, h } = beginHold(v, path);
  issues.int(`${path}.die`, h.die, -50, 100);
  issues.str(`${path}.name`, h.name);
  validateDamageExpr(issues, h.damage, `${path}.damage`);
  validateEffects(issues, h.effects, `${path}.effects`);
  issues.oneOf(`${path}.holderSize`, h.holderSize, SIZES);
  issues.oneOf(`${path}.heldSize`, h.heldSize, SIZES);
  if (h.holderWeightLb !== undefined) num(issues, `${path}.holderWeightLb`, h.holderWeightLb, 0.01, 10000000);
  if (h.heldWeightLb !== undefined) num(issues, `${path}.heldWeightLb`, h.heldWeightLb, 0.01, 10000000);
  issues.int(`${path}.roundGained`, h.roundGained, 0, 100000);
  if (h.strangleRounds !== undefined) issues.int(`${path}.strangleRounds`, h.strangleRounds, 0, 100000);
  if (h.suffocationLeft !== undefined) issues.int(`${path}.suffocationLeft`, h.suffocationLeft, 1, 100);
  issues.throwIfAny();
  return v as Hold;
}

function validateHolds(v: unknown, path: string): Hold[] {
  return validateHoldList(v, path, validateHold);
}

// --- Situations and strikes -------------------------------------------------------------------------

function validateCommon(issues: IssueList, s: Obj, path: string): void {
  idList(issues, s.sizeExempt, `${path}.sizeExempt`);
  optInt(issues, s, path, ["toHitBonus"], -20, 20);
}

export function validateGrappleSituation(v: unknown, path: string): GrappleSituation {
  if (v === undefined) return {};
  const s = obj(v, path);
  const issues = new IssueList();
  validateCommon(issues, s, path);
  optInt(issues, s, path, ["dieBonus"], -20, 20);
  optInt(issues, s, path, ["round"], 0, 100000);
  optInt(issues, s, path, ["attackIndex"], 1, 20);
  issues.throwIfAny();
  validateHolds(s.holds, `${path}.holds`);
  return s as GrappleSituation;
}

function validateOverbearSituation(v: unknown, path: string): OverbearSituation {
  if (v === undefined) return {};
  const s = obj(v, path);
  const issues = new IssueList();
  validateCommon(issues, s, path);
  optInt(issues, s, path, ["terrain"], OVERBEAR_SAVE.terrainMin, OVERBEAR_SAVE.terrainMax);
  optInt(issues, s, path, ["saveBonus"], -20, 20);
  if (s.effect !== undefined) issues.oneOf(`${path}.effect`, s.effect, ["prone", "push"] as const);
  issues.throwIfAny();
  validateHolds(s.holds, `${path}.holds`);
  return s as OverbearSituation;
}

function validateBlowSituation(v: unknown, path: string): PummelSituation & SubdueSituation {
  if (v === undefined) return {};
  const s = obj(v, path);
  const issues = new IssueList();
  validateCommon(issues, s, path);
  optInt(issues, s, path, ["damageBonus", "weaponVsArmor"], -20, 20);
  issues.throwIfAny();
  validateHolds(s.holds, `${path}.holds`);
  return s as PummelSituation;
}

function validateStrike(v: unknown, path: string): StrikeInput | undefined {
  if (v === undefined) return undefined;
  const s = obj(v, path);
  const issues = new IssueList();
  if (issues.oneOf(`${path}.kind`, s.kind, ["roll", "reported", "spent"] as const) && s.kind === "reported") {
    issues.bool(`${path}.hit`, s.hit);
    issues.int(`${path}.damage`, s.damage, 0, 10000);
  }
  issues.throwIfAny();
  return s as StrikeInput;
}

function distinct(a: GdCombatant, b: GdCombatant, path: string): void {
  if (a.id === b.id) throw new RulesInputError([{ path, code: "attacksItself" }]);
}

/** The hold must join the two creatures as the action says. */
function holdJoins(hold: Hold, holderId: string, heldId: string, path: string): void {
  const issues = new IssueList();
  if (hold.holderId !== holderId) issues.add(`${path}.holderId`, "holdMismatch", { want: holderId, got: hold.holderId });
  if (hold.heldId !== heldId) issues.add(`${path}.heldId`, "holdMismatch", { want: heldId, got: hold.heldId });
  issues.throwIfAny();
}

// --- Parsed inputs ------------------------------------------------------------------------------------

function grappleInput(input: unknown, path = "input") {
  const o = obj(input, path);
  const attacker = validateCombatant(o.attacker, `${path}.attacker`);
  const defender = validateCombatant(o.defender, `${path}.defender`);
  distinct(attacker, defender, `${path}.defender.id`);
  return {
    attacker,
    defender,
    situation: validateGrappleSituation(o.situation, `${path}.situation`),
    strike: validateStrike(o.freeAttack, `${path}.freeAttack`),
    table: validateTable(o.table, `${path}.table`),
  };
}

function changeInput(input: unknown, path = "input") {
  const o = obj(input, path);
  const holder = validateCombatant(o.holder, `${path}.holder`);
  const held = validateCombatant(o.held, `${path}.held`);
  distinct(holder, held, `${path}.held.id`);
  const hold = validateHold(o.hold, `${path}.hold`);
  holdJoins(hold, holder.id, held.id, `${path}.hold`);
  return { holder, held, hold, situation: validateGrappleSituation(o.situation, `${path}.situation`), table: validateTable(o.table, `${path}.table`) };
}

function breakInput(input: unknown, path = "input") {
  const o = obj(input, path);
  const defender = validateCombatant(o.defender, `${path}.defender`);
  const holder = validateCombatant(o.holder, `${path}.holder`);
  distinct(holder, defender, `${path}.holder.id`);
  const hold = validateHold(o.hold, `${path}.hold`);
  holdJoins(hold, holder.id, defender.id, `${path}.hold`);
  return { defender, holder, hold, situation: validateGrappleSituation(o.situation, `${path}.situation`) };
}

function moveInput(input: unknown, path = "input") {
  const o = obj(input, path);
  const mover = validateCombatant(o.mover, `${path}.mover`);
  const held = validateCombatant(o.held, `${path}.held`);
  distinct(mover, held, `${path}.held.id`);
  const hold = validateHold(o.hold, `${path}.hold`);
  holdJoins(hold, mover.id, held.id, `${path}.hold`);
  const issues = new IssueList();
  if (o.muchLargerOrStronger !== undefined) issues.bool(`${path}.muchLargerOrStronger`, o.muchLargerOrStronger);
  issues.throwIfAny();
  return { mover, held, hold, situation: validateGrappleSituation(o.situation, `${path}.situation`), flag: o.muchLargerOrStronger as boolean | undefined };
}

function overbearInput(input: unknown, path = "input") {
  const o = obj(input, path);
  const attacker = validateCombatant(o.attacker, `${path}.attacker`);
  const defender = validateCombatant(o.defender, `${path}.defender`);
  distinct(attacker, defender, `${path}.defender.id`);
  return { attacker, defender, situation: validateOverbearSituation(o.situation, `${path}.situation`), strike: validateStrike(o.immediateAttack, `${path}.immediateAttack`) };
}

function blowInput(input: unknown, path = "input") {
  const o = obj(input, path);
  const attacker = validateCombatant(o.attacker, `${path}.attacker`);
  const defender = validateCombatant(o.defender, `${path}.defender`);
  distinct(attacker, defender, `${path}.defender.id`);
  return { attacker, defender, situation: validateBlowSituation(o.situation, `${path}.situation`), raw: o };
}

/** A pummel routine: the blow situation plus `limbs` (1-4) and the sheet's two-weapon Dex adjustment. */
function limbInput(input: unknown, path = "input") {
  const p = blowInput(input, path);
  const s = obj(p.raw.situation ?? {}, `${path}.situation`);
  const issues = new IssueList();
  optInt(issues, s, `${path}.situation`, ["limbs"], 1, 4);
  optInt(issues, s, `${path}.situation`, ["twoWeaponAdjust"], -6, 6);
  issues.throwIfAny();
  return { ...p, situation: { ...p.situation, ...s } as LimbSituation };
}

/** A grab or a coup de grâce: attacker, defender, holds in place, and the defender's free attack. */
function helplessInput(input: unknown, path = "input") {
  const o = obj(input, path);
  const attacker = validateCombatant(o.attacker, `${path}.attacker`);
  const defender = validateCombatant(o.defender, `${path}.defender`);
  distinct(attacker, defender, `${path}.defender.id`);
  const issues = new IssueList();
  if (o.opponentsActive !== undefined) issues.bool(`${path}.opponentsActive`, o.opponentsActive);
  optInt(issues, o, path, ["routines"], 1, 10);
  issues.throwIfAny();
  return { attacker, defender, holds: validateHolds(o.holds, `${path}.holds`), strike: validateStrike(o.freeAttack, `${path}.freeAttack`), opponentsActive: o.opponentsActive !== false, routines: (o.routines as number | undefined) ?? 1 };
}

/** A blow into a grapple: the outsider, the grappler aimed at, the others in the grapple, the holds. */
function intoGrappleInput(input: unknown, path = "input") {
  const o = obj(input, path);
  const attacker = validateCombatant(o.attacker, `${path}.attacker`);
  const defender = validateCombatant(o.defender, `${path}.defender`);
  distinct(attacker, defender, `${path}.defender.id`);
  const issues = new IssueList();
  if (o.others !== undefined) issues.array(`${path}.others`, o.others);
  optInt(issues, o, path, ["toHitBonus", "damageBonus"], -20, 20);
  issues.throwIfAny();
  const others = ((o.others ?? []) as unknown[]).map((x, i) => validateCombatant(x, `${path}.others[${i}]`));
  const situation: IntoGrappleSituation = { holds: validateHolds(o.holds, `${path}.holds`), ...(typeof o.toHitBonus === "number" ? { toHitBonus: o.toHitBonus } : {}), ...(typeof o.damageBonus === "number" ? { damageBonus: o.damageBonus } : {}) };
  return { attacker, defender, others, situation };
}

function strangleRounds(input: unknown, path = "input"): { rounds: number; suffocation: boolean } {
  const o = obj(input, path);
  const issues = new IssueList();
  issues.int(`${path}.rounds`, o.rounds, 1, 1000);
  if (o.suffocation !== undefined) issues.bool(`${path}.suffocation`, o.suffocation);
  issues.throwIfAny();
  return { rounds: o.rounds as number, suffocation: o.suffocation !== false };
}

function timers(issues: IssueList, v: unknown, path: string, ids: Set<string>, min: number): void {
  if (v === undefined || !issues.array(path, v)) return;
  (v as unknown[]).forEach((t, i) => {
    if (!issues.object(`${path}[${i}]`, t)) return;
    const o = t as Obj;
    if (issues.str(`${path}[${i}].id`, o.id) && !ids.has(o.id)) issues.add(`${path}[${i}].id`, "unknownCombatant", { id: o.id });
    issues.int(`${path}[${i}].left`, o.left, min, 100000);
  });
}

function roundEndInput(input: unknown): RoundEndInput {
  const o = obj(input, "input");
  const { issues, ids } = roundCombatants(o, 1, validateCombatant);
  const hs = validateHolds(o.holds, "input.holds");
  checkHoldsAmong(issues, hs, "input.holds", ids);
  idList(issues, o.rerolled, "input.rerolled");
  checkLedgers(issues, o.ledgers, "input.ledgers", ids);
  timers(issues, o.stuns, "input.stuns", ids, 1);
  timers(issues, o.unconscious, "input.unconscious", ids, 1);
  issues.throwIfAny();
  return { ...(o as unknown as RoundEndInput), holds: hs, stuns: (o.stuns ?? []) as Timer[], unconscious: (o.unconscious ?? []) as Timer[] };
}

const MODES = ["weapon", "twoWeapon", "natural", "grapple", "pummel", "whirlwind"] as const;

function scheduleInput(input: unknown): ScheduleInput {
  const o = obj(input, "input");
  const issues = new IssueList();
  optInt(issues, o, "input", ["round"], 1, 100000);
  optInt(issues, o, "input", ["startSegment"], 0, 10);
  if (o.coupDeGrace !== undefined) issues.bool("input.coupDeGrace", o.coupDeGrace);
  if (o.rate !== undefined && issues.object("input.rate", o.rate)) {
    const r = o.rate as Obj;
    issues.int("input.rate.routines", r.routines, 1, 20);
    issues.int("input.rate.perRounds", r.perRounds, 1, 10);
  }
  if (issues.object("input.mode", o.mode)) {
    const m = o.mode as Obj;
    if (issues.oneOf("input.mode.kind", m.kind, MODES)) {
      const mode = m as unknown as AttackMode;
      switch (mode.kind) {
        case "weapon":
          issues.int("input.mode.speedFactor", m.speedFactor, 0, 20);
          break;
        case "twoWeapon":
          if (issues.array("input.mode.speedFactors", m.speedFactors)) {
            const list = m.speedFactors as unknown[];
            if (list.length !== 2) issues.add("input.mode.speedFactors", "listLength", { want: 2, got: list.length });
            list.forEach((x, i) => issues.int(`input.mode.speedFactors[${i}]`, x, 0, 20));
          }
          break;
        case "natural":
          issues.int("input.mode.attacks", m.attacks, 1, 20);
          optInt(issues, m, "input.mode", ["segments"], 0, 20);
          break;
        case "grapple":
          optInt(issues, m, "input.mode", ["segments"], 0, 20);
          break;
        case "pummel":
          optInt(issues, m, "input.mode", ["speedFactor"], 0, 20);
          break;
        case "whirlwind":
          issues.int("input.mode.speedFactor", m.speedFactor, 0, 20);
          issues.int("input.mode.attacks", m.attacks, 1, 40);
          break;
      }
    }
  }
  issues.throwIfAny();
  return o as unknown as ScheduleInput;
}

// --- The registry -------------------------------------------------------------------------------------

export type GrappleDieAction = VariantAction<GrappleDieOptions>;
const { rolled, derived } = actionMakers<GrappleDieOptions>();

export const GRAPPLE_DIE_ACTIONS = {
  grapple: rolled(grappleInput, (p, o, dice) => resolveGrapple(p.attacker, p.defender, p.situation, p.strike, p.table, o, dice)),
  counterGrapple: rolled(grappleInput, (p, o, dice) => resolveCounterGrapple(p.attacker, p.defender, p.situation, p.strike, p.table, o, dice)),
  changeHold: rolled(changeInput, (p, o, dice) => resolveChangeHold(p.holder, p.held, p.hold, p.situation, p.table, o, dice)),
  breakHold: rolled(breakInput, (p, o, dice) => rollBreak(p.defender, p.holder, p.hold, p.situation, o, dice)),
  movement: {
    rolls: false,
    run: (input, o) => gdMovement(readMoveInput(input, validateCombatant, validateHold), o),
  },
  moveWhileGrappling: rolled(moveInput, (p, o, dice) => moveWhileGrappling(p.mover, p.held, p.hold, p.situation, p.flag, o, dice)),
  strangle: rolled(strangleRounds, (p, _o, dice) => rollStrangle(p.rounds, p.suffocation, dice)),
  overbear: rolled(overbearInput, (p, o, dice) => resolveOverbear(p.attacker, p.defender, p.situation, p.strike, o, dice)),
  pummel: rolled(blowInput, (p, o, dice) => resolvePummel(p.attacker, p.defender, p.situation, o, dice)),
  subdue: {
    rolls: true,
    run: (input, o, dice) => {
      const p = blowInput(input);
      const ledger = p.raw.ledger === undefined ? undefined : validateLedger(p.raw.ledger, "input.ledger");
      const r = resolveSubdue(p.attacker, p.defender, p.situation, o, dice);
      return ledger && r.kind === "hit" ? { ...r, after: applyDamage(ledger, r.split) } : r;
    },
  },
  pummelRoutine: rolled(limbInput, (p, o, dice) => resolvePummelRoutine(p.attacker, p.defender, p.situation, o, dice)),
  standUp: {
    rolls: false,
    run: (input, o) => {
      const i = obj(input, "input");
      return resolveStandUp(validateCombatant(i.combatant, "input.combatant"), validateHolds(i.holds, "input.holds"), o);
    },
  },
  grabItem: rolled(helplessInput, (p, o, dice) => resolveGrabItem(p.attacker, p.defender, p.holds, p.strike, o, dice)),
  coupDeGrace: derived(helplessInput, (p, o) => resolveCoupDeGrace(p.attacker, p.defender, { opponentsActive: p.opponentsActive, routines: p.routines }, o)),
  intoGrapple: rolled(intoGrappleInput, (p, o, dice) => resolveIntoGrapple(p.attacker, p.defender, p.others, p.situation, o, dice)),
  roundEnd: {
    rolls: true,
    run: (input, o, dice) => resolveRoundEnd(roundEndInput(input), o, dice),
  },
  schedule: {
    rolls: false,
    run: (input) => schedule(scheduleInput(input)),
  },
  grappleStatus: {
    rolls: false,
    run: (input, o) => {
      const i = obj(input, "input");
      const c = validateCombatant(i.combatant, "input.combatant");
      const issues = new IssueList();
      idList(issues, i.sizeExempt, "input.sizeExempt");
      issues.throwIfAny();
      return grappleStatus(c, validateHolds(i.holds, "input.holds"), o, i.sizeExempt as string[] | undefined);
    },
  },
  armorClass: {
    rolls: false,
    run: (input, o) => {
      const i = obj(input, "input");
      const c = validateCombatant(i.combatant, "input.combatant");
      const holds = validateHolds(i.holds, "input.holds");
      return { normal: c.ac, target: targetAc(c, holds, o), charging: chargerAc(c, o), pummelImmunity: pummelImmunity(c, o) };
    },
  },
  overbearLimits: {
    rolls: false,
    run: (input, o) => {
      const i = obj(input, "input");
      const attacker = validateCombatant(i.attacker, "input.attacker");
      return overbearLimits(attacker, validateCombatant(i.defender, "input.defender"), o);
    },
  },
  pummelAllowed: {
    rolls: false,
    run: (input, o) => {
      const p = blowInput(input);
      const reason = pummelRefusal(p.attacker, p.defender, o);
      return {
        allowed: reason === null,
        ...(reason ? { reason } : {}),
        immunity: pummelImmunity(p.defender, o),
        proficiency: pummelProficiency(p.attacker, o),
        damage: pummelDamageExpr(p.attacker),
      };
    },
  },
  pushDistance: {
    rolls: false,
    run: (input) => {
      const i = obj(input, "input");
      const issues = new IssueList();
      issues.int("input.total", i.total, -100, 200);
      issues.int("input.needed", i.needed, -100, 200);
      issues.throwIfAny();
      return { feet: pushFeet(i.total as number, i.needed as number) };
    },
  },
  damageSplit: derived(
    (input) => splitInput(input, ["normal", "subdual"] as const, ["playerCharacter"] as const),
    // Subdual never applies to player characters (002 §Striking to Subdue).
    (i, o) => (i.kind === "subdual" && !i.playerCharacter ? subdualSplit(i.total, o) : { total: i.total, actual: i.total, temporary: 0 }),
  ),
  subdualStatus: derived(ledgerInput, (l) => subdualStatus(l)),
  grappleDieTable: {
    rolls: false,
    run: (input) => {
      const t = validateTable(input === undefined ? undefined : obj(input, "input").table, "input.table");
      return { id: t.id, source: t.source, rows: t.rows };
    },
  },
  odds: {
    rolls: false,
    run: (input, o) => {
      const i = obj(input, "input");
      const issues = new IssueList();
      issues.oneOf("input.of", i.of, ["grapple", "counterGrapple", "changeHold", "breakHold", "moveWhileGrappling", "overbear", "pummel", "subdue", "strangle", "pummelRoutine", "grabItem", "intoGrapple"] as const);
      issues.throwIfAny();
      const path = "input.input";
      switch (i.of) {
        case "grapple": {
          const p = grappleInput(i.input, path);
          return grappleOdds(p.attacker, p.defender, p.situation, p.strike, p.table, o);
        }
        case "counterGrapple": {
          const p = grappleInput(i.input, path);
          return counterGrappleOdds(p.attacker, p.defender, p.situation, p.strike, p.table, o);
        }
        case "changeHold": {
          const p = changeInput(i.input, path);
          return changeHoldOdds(p.holder, p.held, p.hold, p.situation, p.table, o);
        }
        case "breakHold": {
          const p = breakInput(i.input, path);
          return breakOdds(p.defender, p.holder, p.hold, p.situation, o);
        }
        case "moveWhileGrappling": {
          const p = moveInput(i.input, path);
          return moveOdds(p.mover, p.held, p.hold, p.situation, p.flag, o);
        }
        case "overbear": {
          const p = overbearInput(i.input, path);
          return overbearOdds(p.attacker, p.defender, p.situation, p.strike, o);
        }
        case "pummel": {
          const p = blowInput(i.input, path);
          return pummelOdds(p.attacker, p.defender, p.situation, o);
        }
        case "subdue": {
          const p = blowInput(i.input, path);
          return subdueOdds(p.attacker, p.defender, p.situation, o);
        }
        case "pummelRoutine": {
          const p = limbInput(i.input, path);
          return pummelRoutineOdds(p.attacker, p.defender, p.situation, o);
        }
        case "grabItem": {
          const p = helplessInput(i.input, path);
          return grabItemOdds(p.attacker, p.defender, p.holds, p.strike, o);
        }
        case "intoGrapple": {
          const p = intoGrappleInput(i.input, path);
          return intoGrappleOdds(p.attacker, p.defender, p.others, p.situation, o);
        }
        default:
          return strangleOdds(strangleRounds(i.input, path).rounds);
      }
    },
  },
} as const satisfies Record<string, GrappleDieAction>;

export type GrappleDieActionName = keyof typeof GRAPPLE_DIE_ACTIONS;
