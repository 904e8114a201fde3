/**
 * The actions of variant d12-holds by name: each validates its plain-data input, then resolves
 * it with the injected dice. The golden vectors (docs/vectors.md) and the Foundry shell call
 * through here, so both see the same checks.
 */
import type { Dice } from "../core/dice.ts";
import type { Ledger } from "../core/damage.ts";
import { splitDamage, vitality } from "../core/damage.ts";
import { IssueList, RulesInputError } from "../core/errors.ts";
import { mod } from "../core/trace.ts";
import { SIZES } from "../core/size.ts";
import type { Situation } from "./attack.ts";
import { speedModifiers } from "./attack.ts";
import { breakTarget, liftOff, rollBreak } from "./breaks.ts";
import type { FirstStrike } from "./charge.ts";
import { resolveChargingOverbear } from "./charge.ts";
import { grappleSplit, resolveGrapple } from "./grapple.ts";
import type { Hold } from "./holds.ts";
import { canRise, holdEffects, overborneEffects } from "./holds.ts";
import { resolveStrikeAtHolder } from "./strike-at-holder.ts";
import { chargeDirectionsAllowed } from "./charge.ts";
import { resolveMassCharge, validateMassCharge } from "./mass-charge.ts";
import { breakOdds, chargeOdds, grappleOdds, massChargeOdds, overbearOdds, pummelOdds } from "./odds.ts";
import type { D12Options } from "./options.ts";
import { overbearChance, rollOverbear } from "./overbear.ts";
import type { D12Combatant } from "./profile.ts";
import { normalAc, validateCombatant, weaponlessAc } from "./profile.ts";
import { resolvePummel } from "./pummel.ts";
import type { RoundEndInput } from "./round-end.ts";
import { resolveRoundEnd } from "./round-end.ts";
import { ROUND_END_STEPS } from "./options.ts";

type Obj = Record<string, unknown>;

function obj(v: unknown, path: string): Obj {
  const issues = new IssueList();
  if (!issues.object(path, v)) issues.throwIfAny();
  return v as Obj;
}

export function validateHold(v: unknown, path: string): Hold {
  const issues = new IssueList();
  if (!issues.object(path, v)) issues.throwIfAny();
  const h = v as Obj;
  issues.str(`${path}.id`, h.id);
  issues.str(`${path}.holderId`, h.holderId);
  issues.str(`${path}.heldId`, h.heldId);
  if (typeof h.holderId === "string" && h.holderId === h.heldId) issues.add(`${path}.heldId`, "holdsItself");
  issues.oneOf(`${path}.part`, h.part, ["leg", "body", "arm", "head", "strangle"] as const);
  if (h.limb !== undefined) issues.int(`${path}.limb`, h.limb, 0, 99);
  issues.int(`${path}.result`, h.result, -20, 30);
  issues.int(`${path}.sizeAdjustment`, h.sizeAdjustment, -8, 3);
  issues.oneOf(`${path}.holderSize`, h.holderSize, SIZES);
  issues.int(`${path}.roundGained`, h.roundGained, 0, 100000);
  issues.throwIfAny();
  return v as Hold;
}

function holds(v: unknown, path: string): Hold[] {
  if (v === undefined) return [];
  const issues = new IssueList();
  if (!issues.array(path, v)) issues.throwIfAny();
  const list = (v as unknown[]).map((h, i) => validateHold(h, `${path}[${i}]`));
  const ids = new Set<string>();
  list.forEach((h, i) => {
    if (ids.has(h.id)) issues.add(`${path}[${i}].id`, "duplicateId", { id: h.id });
    ids.add(h.id);
  });
  issues.throwIfAny();
  return list;
}

export function validateSituation(v: unknown, path: string): Situation {
  if (v === undefined) return {};
  const s = obj(v, path);
  const issues = new IssueList();
  for (const k of ["rear", "underwater"] as const) if (s[k] !== undefined) issues.bool(`${path}.${k}`, s[k]);
  for (const k of ["toHitBonus", "damageBonus"] as const) if (s[k] !== undefined) issues.int(`${path}.${k}`, s[k], -20, 20);
  if (s.round !== undefined) issues.int(`${path}.round`, s.round, 0, 100000);
  if (s.attackerHolds !== undefined) issues.int(`${path}.attackerHolds`, s.attackerHolds, 0, 20);
  if (s.attackIndex !== undefined) issues.int(`${path}.attackIndex`, s.attackIndex, 1, 20);
  if (s.targetHits !== undefined && issues.array(`${path}.targetHits`, s.targetHits)) {
    (s.targetHits as unknown[]).forEach((h, i) => {
      if (issues.object(`${path}.targetHits[${i}]`, h)) issues.bool(`${path}.targetHits[${i}].damaged`, (h as Obj).damaged);
    });
  }
  issues.throwIfAny();
  if (s.holds !== undefined) holds(s.holds, `${path}.holds`);
  return s as Situation;
}

function pair(input: unknown): { attacker: D12Combatant; defender: D12Combatant; situation: Situation; raw: Obj } {
  const o = obj(input, "input");
  const attacker = validateCombatant(o.attacker, "input.attacker");
  const defender = validateCombatant(o.defender, "input.defender");
  if (attacker.id === defender.id) throw new RulesInputError([{ path: "input.defender.id", code: "attacksItself" }]);
  return { attacker, defender, situation: validateSituation(o.situation, "input.situation"), raw: o };
}

function ledger(v: unknown, path: string): Ledger {
  const issues = new IssueList();
  if (!issues.object(path, v)) issues.throwIfAny();
  const l = v as Obj;
  issues.int(`${path}.maxHp`, l.maxHp, 1, 10000);
  issues.int(`${path}.actual`, l.actual, 0, 100000);
  issues.int(`${path}.temporary`, l.temporary, 0, 100000);
  issues.throwIfAny();
  return v as Ledger;
}

function firstStrike(v: unknown): FirstStrike {
  if (v === undefined) return "none";
  const issues = new IssueList();
  issues.oneOf("input.firstStrike", v, ["none", "hit", "miss", "roll"] as const);
  issues.throwIfAny();
  return v as FirstStrike;
}

function roundEndInput(input: unknown): RoundEndInput {
  const o = obj(input, "input");
  const issues = new IssueList();
  issues.int("input.round", o.round, 0, 100000);
  if (!issues.array("input.combatants", o.combatants)) issues.throwIfAny();
  issues.throwIfAny();
  const combatants = (o.combatants as unknown[]).map((c, i) => validateCombatant(c, `input.combatants[${i}]`));
  const ids = new Set(combatants.map((c) => c.id));
  if (ids.size !== combatants.length) issues.add("input.combatants", "duplicateId");
  const hs = holds(o.holds, "input.holds");
  hs.forEach((h, i) => {
    if (!ids.has(h.heldId)) issues.add(`input.holds[${i}].heldId`, "unknownCombatant", { id: h.heldId });
    if (!ids.has(h.holderId)) issues.add(`input.holds[${i}].holderId`, "unknownCombatant", { id: h.holderId });
  });
  if (o.overbear !== undefined && issues.array("input.overbear", o.overbear)) {
    (o.overbear as unknown[]).forEach((d, i) => {
      if (!issues.object(`input.overbear[${i}]`, d)) return;
      const r = d as Obj;
      if (issues.str(`input.overbear[${i}].defenderId`, r.defenderId) && !ids.has(r.defenderId)) issues.add(`input.overbear[${i}].defenderId`, "unknownCombatant", { id: r.defenderId });
      issues.array(`input.overbear[${i}].holderIds`, r.holderIds);
    });
  }
  if (o.ledgers !== undefined && issues.object("input.ledgers", o.ledgers)) {
    for (const [id, l] of Object.entries(o.ledgers as Obj)) ledger(l, `input.ledgers.${id}`);
  }
  if (o.outOfMelee !== undefined) issues.array("input.outOfMelee", o.outOfMelee);
  issues.throwIfAny();
  return o as unknown as RoundEndInput;
}

export interface D12Action {
  /** Whether the action rolls dice (odds-only and derived-value actions do not). */
  readonly rolls: boolean;
  run(input: unknown, options: D12Options, dice: Dice): unknown;
}

export const D12_ACTIONS = {
  pummel: {
    rolls: true,
    run: (input, o, dice) => {
      const p = pair(input);
      return resolvePummel(p.attacker, p.defender, p.situation, o, dice);
    },
  },
  grapple: {
    rolls: true,
    run: (input, o, dice) => {
      const p = pair(input);
      return resolveGrapple(p.attacker, p.defender, p.situation, o, dice);
    },
  },
  chargingOverbear: {
    rolls: true,
    run: (input, o, dice) => {
      const p = pair(input);
      return resolveChargingOverbear(p.attacker, p.defender, p.situation, firstStrike(p.raw.firstStrike), o, dice);
    },
  },
  breakRoll: {
    rolls: true,
    run: (input, o, dice) => {
      const i = obj(input, "input");
      const defender = validateCombatant(i.defender, "input.defender");
      const hold = validateHold(i.hold, "input.hold");
      const issues = new IssueList();
      issues.int("input.holderCount", i.holderCount, 1, 100);
      issues.throwIfAny();
      return rollBreak(defender, hold, i.holderCount as number, o, dice);
    },
  },
  liftOff: {
    rolls: true,
    run: (input, o, dice) => {
      const i = obj(input, "input");
      return liftOff(validateCombatant(i.defender, "input.defender"), holds(i.holds, "input.holds"), o, dice);
    },
  },
  overbear: {
    rolls: true,
    run: (input, o, dice) => {
      const i = obj(input, "input");
      const defender = validateCombatant(i.defender, "input.defender");
      const hs = holds(i.holds, "input.holds");
      const issues = new IssueList();
      issues.array("input.attempting", i.attempting);
      issues.throwIfAny();
      return rollOverbear(defender, hs, i.attempting as string[], o, dice);
    },
  },
  roundEnd: {
    rolls: true,
    run: (input, o, dice) => resolveRoundEnd(roundEndInput(input), o, dice),
  },
  massCharge: {
    rolls: true,
    run: (input, o, dice) => resolveMassCharge(validateMassCharge(input), o, dice),
  },
  strikeAtHolder: {
    rolls: true,
    run: (input, _o, dice) => {
      const i = obj(input, "input");
      const issues = new IssueList();
      if (i.toHitBonus !== undefined) issues.int("input.toHitBonus", i.toHitBonus, -20, 20);
      issues.throwIfAny();
      const ally = validateCombatant(i.ally, "input.ally");
      const holder = validateCombatant(i.holder, "input.holder");
      const held = validateCombatant(i.held, "input.held");
      const bonus = typeof i.toHitBonus === "number" && i.toHitBonus !== 0 ? [mod("WC.Mod.spellToHit", i.toHitBonus)] : [];
      return resolveStrikeAtHolder(ally, holder, held, bonus, dice);
    },
  },
  overborneEffects: {
    rolls: false,
    run: (input) => {
      const i = obj(input, "input");
      return overborneEffects(validateCombatant(i.defender, "input.defender"), holds(i.holds, "input.holds"));
    },
  },
  chargeDirections: {
    rolls: false,
    run: (input) => {
      const i = obj(input, "input");
      const issues = new IssueList();
      if (issues.array("input.directions", i.directions)) (i.directions as unknown[]).forEach((d, n) => issues.int(`input.directions[${n}]`, d, 0, 7));
      issues.throwIfAny();
      return chargeDirectionsAllowed(i.directions as number[]);
    },
  },
  holdEffects: {
    rolls: false,
    run: (input) => {
      const i = obj(input, "input");
      const defender = validateCombatant(i.defender, "input.defender");
      const hs = holds(i.holds, "input.holds");
      return { ...holdEffects(defender, hs), canRise: canRise(defender, hs) };
    },
  },
  armorClass: {
    rolls: false,
    run: (input, o) => {
      const i = obj(input, "input");
      const c = validateCombatant(i.combatant, "input.combatant");
      const frontal = i.rear !== true;
      return { normal: normalAc(c, frontal), pummel: weaponlessAc(c, "pummel", frontal, o), grapple: weaponlessAc(c, "grapple", frontal, o) };
    },
  },
  speed: {
    rolls: false,
    run: (input) => {
      const i = obj(input, "input");
      return speedModifiers(validateCombatant(i.attacker, "input.attacker"), validateCombatant(i.defender, "input.defender"));
    },
  },
  damageSplit: {
    rolls: false,
    run: (input, o) => {
      const i = obj(input, "input");
      const issues = new IssueList();
      issues.int("input.total", i.total, 0, 100000);
      issues.oneOf("input.kind", i.kind, ["pummel", "grapple"] as const);
      issues.throwIfAny();
      return i.kind === "pummel" ? splitDamage(i.total as number, 1, 4, "floor") : grappleSplit(i.total as number, o);
    },
  },
  vitality: {
    rolls: false,
    run: (input) => vitality(ledger(obj(input, "input").ledger, "input.ledger")),
  },
  breakTarget: {
    rolls: false,
    run: (input) => {
      const i = obj(input, "input");
      const issues = new IssueList();
      issues.int("input.holderCount", i.holderCount, 1, 100);
      issues.throwIfAny();
      return breakTarget(validateCombatant(i.defender, "input.defender"), validateHold(i.hold, "input.hold"), i.holderCount as number);
    },
  },
  overbearChance: {
    rolls: false,
    run: (input, o) => {
      const i = obj(input, "input");
      const issues = new IssueList();
      issues.array("input.attempting", i.attempting);
      issues.throwIfAny();
      return overbearChance(validateCombatant(i.defender, "input.defender"), holds(i.holds, "input.holds"), i.attempting as string[], o);
    },
  },
  odds: {
    rolls: false,
    run: (input, o) => {
      const i = obj(input, "input");
      const issues = new IssueList();
      issues.oneOf("input.of", i.of, ["grapple", "pummel", "chargingOverbear", "massCharge", "breakRoll", "overbear"] as const);
      issues.throwIfAny();
      switch (i.of) {
        case "grapple": {
          const p = pair(i.input);
          return grappleOdds(p.attacker, p.defender, p.situation, o);
        }
        case "pummel": {
          const p = pair(i.input);
          return pummelOdds(p.attacker, p.defender, p.situation, o, p.raw.ledger === undefined ? undefined : ledger(p.raw.ledger, "input.ledger"));
        }
        case "chargingOverbear": {
          const p = pair(i.input);
          return { outcomes: chargeOdds(p.attacker, p.defender, p.situation, firstStrike(p.raw.firstStrike), o) };
        }
        case "massCharge":
          return massChargeOdds(validateMassCharge(i.input), o);
        case "breakRoll": {
          const b = obj(i.input, "input.input");
          const n = new IssueList();
          n.int("input.input.holderCount", b.holderCount, 1, 100);
          n.throwIfAny();
          return { p: breakOdds(validateCombatant(b.defender, "input.input.defender"), validateHold(b.hold, "input.input.hold"), b.holderCount as number, o) };
        }
        default: {
          const b = obj(i.input, "input.input");
          const n = new IssueList();
          n.array("input.input.attempting", b.attempting);
          n.throwIfAny();
          return overbearOdds(validateCombatant(b.defender, "input.input.defender"), holds(b.holds, "input.input.holds"), b.attempting as string[], o);
        }
      }
    },
  },
} as const satisfies Record<string, D12Action>;

export type D12ActionName = keyof typeof D12_ACTIONS;
export { ROUND_END_STEPS };
