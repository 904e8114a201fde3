/**
 * The actions of variant d12-holds by name: each validates its plain-data input, then resolves
 * it with the injected dice. The golden vectors (docs/vectors.md) and the Foundry shell call
 * through here, so both see the same checks.
 */
import type { VariantAction } from "../core/action.ts";
import { actionMakers } from "../core/action.ts";
import { splitDamage, vitality } from "../core/damage.ts";
import { IssueList, RulesInputError } from "../core/errors.ts";
import type { Obj } from "../core/validate.ts";
import { beginHold, checkHoldsAmong, checkLedgers, obj, optBool, optInt, roundCombatants, ledgerInput, splitInput, validateHoldList, validateLedger } from "../core/validate.ts";
import { mod } from "../core/trace.ts";
import { checkGrabDice } from "../core/grab.ts";
import { SIZES } from "../core/size.ts";
import type { Situation } from "./attack.ts";
import { speedModifiers } from "./attack.ts";
import { breakTarget, liftOff, rollBreak } from "./breaks.ts";
import type { FirstStrike } from "./charge.ts";
import { resolveChargingOverbear } from "./charge.ts";
import { grappleSplit, resolveGrapple } from "./grapple.ts";
import type { Hold } from "./holds.ts";
import { canRise, holdEffects, overborneEffects, resolveStandUp } from "./holds.ts";
import { resolveStrikeAtHolder } from "./strike-at-holder.ts";
import { d12Fall, d12Movement } from "./movement.ts";
import { readMoveInput } from "../core/movement.ts";
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

export function validateHold(v: unknown, path: string): Hold {
  const { issues, h } = beginHold(v, path);
  issues.oneOf(`${path}.part`, h.part, ["leg", "body", "arm", "head", "strangle"] as const);
  if (h.limb !== undefined) issues.int(`${path}.limb`, h.limb, 0, 99);
  issues.int(`${path}.result`, h.result, -20, 30);
  issues.int(`${path}.sizeAdjustment`, h.sizeAdjustment, -8, 3);
  issues.oneOf(`${path}.holderSize`, h.holderSize, SIZES);
  issues.int(`${path}.roundGained`, h.roundGained, 0, 100000);
  checkGrabDice(issues, `${path}.roundDamage`, h.roundDamage);
  issues.throwIfAny();
  return v as Hold;
}

function holds(v: unknown, path: string): Hold[] {
  return validateHoldList(v, path, validateHold);
}

/** The number of creatures holding the one that tries to break free. */
function holderCount(i: Obj, path: string): number {
  const issues = new IssueList();
  issues.int(path, i.holderCount, 1, 100);
  issues.throwIfAny();
  return i.holderCount as number;
}

export function validateSituation(v: unknown, path: string): Situation {
  if (v === undefined) return {};
  const s = obj(v, path);
  const issues = new IssueList();
  optBool(issues, s, path, ["rear", "underwater"]);
  optInt(issues, s, path, ["toHitBonus", "damageBonus"], -20, 20);
  optInt(issues, s, path, ["round"], 0, 100000);
  optInt(issues, s, path, ["attackerHolds"], 0, 20);
  optInt(issues, s, path, ["attackIndex"], 1, 20);
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

function firstStrike(v: unknown): FirstStrike {
  if (v === undefined) return "none";
  const issues = new IssueList();
  issues.oneOf("input.firstStrike", v, ["none", "hit", "miss", "roll"] as const);
  issues.throwIfAny();
  return v as FirstStrike;
}

function roundEndInput(input: unknown): RoundEndInput {
  const o = obj(input, "input");
  const { issues, ids } = roundCombatants(o, 0, validateCombatant);
  checkHoldsAmong(issues, holds(o.holds, "input.holds"), "input.holds", ids);
  if (o.overbear !== undefined && issues.array("input.overbear", o.overbear)) {
    (o.overbear as unknown[]).forEach((d, i) => {
      if (!issues.object(`input.overbear[${i}]`, d)) return;
      const r = d as Obj;
      if (issues.str(`input.overbear[${i}].defenderId`, r.defenderId) && !ids.has(r.defenderId)) issues.add(`input.overbear[${i}].defenderId`, "unknownCombatant", { id: r.defenderId });
      issues.array(`input.overbear[${i}].holderIds`, r.holderIds);
    });
  }
  checkLedgers(issues, o.ledgers, "input.ledgers");
  if (o.outOfMelee !== undefined) issues.array("input.outOfMelee", o.outOfMelee);
  issues.throwIfAny();
  return o as unknown as RoundEndInput;
}

export type D12Action = VariantAction<D12Options>;
const { rolled, derived } = actionMakers<D12Options>();

export const D12_ACTIONS = {
  pummel: rolled(pair, (p, o, dice) => resolvePummel(p.attacker, p.defender, p.situation, o, dice)),
  grapple: rolled(pair, (p, o, dice) => resolveGrapple(p.attacker, p.defender, p.situation, o, dice)),
  chargingOverbear: rolled(pair, (p, o, dice) => resolveChargingOverbear(p.attacker, p.defender, p.situation, firstStrike(p.raw.firstStrike), o, dice)),
  breakRoll: {
    rolls: true,
    run: (input, o, dice) => {
      const i = obj(input, "input");
      const defender = validateCombatant(i.defender, "input.defender");
      const hold = validateHold(i.hold, "input.hold");
      return rollBreak(defender, hold, holderCount(i, "input.holderCount"), o, dice);
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
  standUp: {
    rolls: false,
    run: (input) => {
      const i = obj(input, "input");
      return resolveStandUp(validateCombatant(i.defender, "input.defender"), holds(i.holds, "input.holds"));
    },
  },
  movement: {
    rolls: false,
    run: (input, o) => d12Movement(readMoveInput(input, validateCombatant, validateHold), o),
  },
  fall: {
    rolls: false,
    run: (input) => {
      const i = obj(input, "input");
      const issues = new IssueList();
      issues.int("input.feet", i.feet, 0, 100000);
      issues.throwIfAny();
      return d12Fall(validateCombatant(i.who, "input.who"), i.feet as number);
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
  damageSplit: derived(
    (input) => splitInput(input, ["pummel", "grapple"] as const),
    (i, o) => (i.kind === "pummel" ? splitDamage(i.total, 1, 4, "floor") : grappleSplit(i.total, o)),
  ),
  vitality: derived(ledgerInput, (l) => vitality(l)),
  breakTarget: {
    rolls: false,
    run: (input) => {
      const i = obj(input, "input");
      const n = holderCount(i, "input.holderCount");
      return breakTarget(validateCombatant(i.defender, "input.defender"), validateHold(i.hold, "input.hold"), n);
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
          return pummelOdds(p.attacker, p.defender, p.situation, o, p.raw.ledger === undefined ? undefined : validateLedger(p.raw.ledger, "input.ledger"));
        }
        case "chargingOverbear": {
          const p = pair(i.input);
          return { outcomes: chargeOdds(p.attacker, p.defender, p.situation, firstStrike(p.raw.firstStrike), o) };
        }
        case "massCharge":
          return massChargeOdds(validateMassCharge(i.input), o);
        case "breakRoll": {
          const b = obj(i.input, "input.input");
          const n = holderCount(b, "input.input.holderCount");
          return { p: breakOdds(validateCombatant(b.defender, "input.input.defender"), validateHold(b.hold, "input.input.hold"), n, o) };
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
