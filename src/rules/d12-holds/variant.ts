/**
 * Variant d12-holds behind the shell's RulesVariant interface: maps the table's action context
 * onto this variant's inputs, resolves, gives odds, and states the consequences.
 */
import { vitality } from "../core/damage.ts";
import type { Consequences } from "../core/consequences.ts";
import { noConsequences } from "../core/consequences.ts";
import type { Dice } from "../core/dice.ts";
import { RulesInputError } from "../core/errors.ts";
import { chosenHold, declaredNumber, headline, profileWithId, REFUSED_KEY, profileWithoutId, refusedHeadline, riseConsequences, runDownTimer, unknownAction } from "../core/shell.ts";
import { CONDITION_IDS } from "../core/consequences.ts";
import { IssueList } from "../core/errors.ts";
import { SIZES } from "../core/size.ts";
import type { ActionContext, Declared, Headline, MoveContext, OddsOutcome, ProfileField, Resolution, RoundContext, RoundResolution, RulesVariant, ShellAction, Situational } from "../variant.ts";
import { d12Fall, d12Movement, liftOffRisers } from "./movement.ts";
import { moveCast } from "../core/movement.ts";
import { validateHold, validateSituation } from "./actions.ts";
import type { Situation } from "./attack.ts";
import { breakOdds, chargeOdds, grappleOdds, overbearOdds, pummelOdds } from "./odds.ts";
import { pAtLeast } from "../core/dist.ts";
import { sumMods } from "../core/trace.ts";
import { breakModifiers, distinctHolders, liftOff, liftOffBar, rollBreak } from "./breaks.ts";
import type { FirstStrike } from "./charge.ts";
import { resolveChargingOverbear } from "./charge.ts";
import { chargeConsequences, grappleConsequences, pummelConsequences, roundEndConsequences } from "./consequences.ts";
import type { RoundEndResult } from "./round-end.ts";
import { resolveRoundEnd } from "./round-end.ts";
import { grappleEligibility, resolveGrapple } from "./grapple.ts";
import type { Hold, StandUpResult } from "./holds.ts";
import { resolveStandUp } from "./holds.ts";
import type { D12Options } from "./options.ts";
import { D12_OPTION_SCHEMA, resolveOptions } from "./options.ts";
import { overbearChance, rollOverbear } from "./overbear.ts";
import type { D12Combatant } from "./profile.ts";
import { ARMOR_TYPES, CONDITIONS, defaultCombatant, validateCombatant } from "./profile.ts";
import { pummelEligibility, resolvePummel } from "./pummel.ts";
import { d12Next } from "./next.ts";
import { BREAK_TARGET, INTELLIGENCE } from "./tables.ts";

const ACTIONS: readonly ShellAction[] = ["grapple", "pummel", "overbear", "chargingOverbear", "breakFree", "liftOff", "release", "standUp"];

const STAND_REASON: Readonly<Record<string, string>> = { notProne: "WC.Reason.notProne", immobilized: "WC.Reason.immobilizedByHold" };

/** Rising (000 §Effects of overbearing): the headline, and the consequences when `c` is given. */
function standUp(r: StandUpResult, id: string, inCombat: boolean, c: Consequences): { key: string; params?: Record<string, string> } {
  if (r.kind === "notAllowed") return { key: REFUSED_KEY, params: { reason: STAND_REASON[r.reason] ?? "WC.Result.notAllowed" } };
  return riseConsequences(c, id, r.takes, inCombat);
}

const ATTACK_SITUATION: readonly Situational[] = [
  { key: "rear", kind: "flag", label: "WC.Situation.rear" },
  { key: "underwater", kind: "flag", label: "WC.Situation.underwater" },
  { key: "toHitBonus", kind: "number", label: "WC.Situation.toHitBonus", min: -10, max: 10 },
  { key: "damageBonus", kind: "number", label: "WC.Situation.damageBonus", min: -10, max: 10 },
  { key: "hitsTaken", kind: "number", label: "WC.Situation.hitsTaken", min: 0, max: 10 },
];

const SITUATIONAL: Partial<Record<ShellAction, readonly Situational[]>> = {
  grapple: ATTACK_SITUATION,
  pummel: ATTACK_SITUATION,
  chargingOverbear: [
    ...ATTACK_SITUATION.filter((s) => s.key !== "hitsTaken" && s.key !== "damageBonus"),
    { key: "firstStrike", kind: "choice", label: "WC.Situation.firstStrike", choices: ["roll", "hit", "miss", "none"], initial: "roll", by: "defender" },
  ],
};

export const D12_PROFILE_FIELDS: readonly ProfileField[] = [
  { path: "kind", kind: "choice", choices: ["character", "monster"] },
  { path: "size", kind: "choice", choices: SIZES },
  { path: "grapplingSize", kind: "choice", choices: SIZES, optional: true },
  { path: "strength.score", kind: "int", min: 1, max: 25, optional: true },
  { path: "strength.exceptional", kind: "int", min: 1, max: 100, optional: true },
  { path: "dexAcAdjustment", kind: "int", min: -6, max: 6 },
  { path: "armor.type", kind: "choice", choices: ARMOR_TYPES },
  { path: "armor.plus", kind: "int", min: -5, max: 5 },
  { path: "shield.plus", kind: "int", min: -5, max: 5, optional: true },
  { path: "magicProtection", kind: "int", min: -10, max: 10 },
  { path: "specialAcBonus", kind: "int", min: -10, max: 10 },
  { path: "naturalAc.ac", kind: "int", min: -20, max: 10, optional: true },
  { path: "naturalAc.basis", kind: "choice", choices: ["toughness", "agility"], optional: true },
  { path: "normalAc", kind: "int", min: -20, max: 10, optional: true },
  { path: "movement", kind: "int", min: 0, max: 240 },
  { path: "heavilyEncumbered", kind: "bool" },
  { path: "arms", kind: "int", min: 0, max: 100 },
  { path: "legs", kind: "int", min: 0, max: 100 },
  { path: "hasWindpipe", kind: "bool" },
  { path: "intelligence", kind: "choice", choices: INTELLIGENCE },
  { path: "attacksPerRound", kind: "int", min: 0, max: 20 },
  { path: "pummelLimbs", kind: "int", min: 0, max: 20, optional: true },
  { path: "monkLevel", kind: "int", min: 0, max: 30 },
  { path: "flight", kind: "choice", choices: ["none", "wings", "magic"] },
  { path: "levelDrain", kind: "bool" },
  { path: "freeAction", kind: "bool" },
  { path: "aquatic", kind: "bool" },
  { path: "pummelingWeapon", kind: "bool" },
  { path: "conditions", kind: "multi", choices: CONDITIONS },
  { path: "toHit.thac0", kind: "int", min: -10, max: 30 },
];

function combatant(id: string, profile: unknown, path: string): D12Combatant {
  return validateCombatant(profileWithId(id, profile, path), path);
}


function holdsOf(ctx: ActionContext): Hold[] {
  return ctx.holds.map((h, i) => validateHold(h.data, `holds[${i}].data`));
}

function situation(ctx: ActionContext, holds: readonly Hold[]): Situation {
  const d = ctx.declared;
  const hits = Math.max(0, Math.trunc(declaredNumber(d, "hitsTaken")));
  return validateSituation(
    {
      rear: d.rear === true,
      underwater: d.underwater === true,
      toHitBonus: declaredNumber(d, "toHitBonus"),
      damageBonus: declaredNumber(d, "damageBonus"),
      targetHits: Array.from({ length: hits }, () => ({ damaged: true })),
      round: Math.max(1, ctx.round),
      holds: holds.filter((h) => h.heldId === ctx.defender.id),
      attackerHolds: holds.filter((h) => h.holderId === ctx.attacker.id).length,
    },
    "situation",
  );
}

function eligibilityReason(r: { readonly kind: string; readonly reason?: string } | null): string | undefined {
  return r?.kind === "notAllowed" ? r.reason : undefined;
}

function firstStrike(d: Declared): FirstStrike {
  const v = d.firstStrike;
  return v === "hit" || v === "miss" || v === "none" ? v : "roll";
}

/**
 * The summary card's lines for a round end; ids in parameters are shown as names by the shell
 * (`holders` is a comma-separated list of ids). Each line names whose hold it is and which.
 */
export function roundLines(r: RoundEndResult, holds: readonly Hold[] = []): Headline[] {
  const lines: Headline[] = [];
  const byId = new Map([...holds, ...r.holds].map((h) => [h.id, h]));
  const holdOf = (id: string): Record<string, string> => {
    const h = byId.get(id);
    return h ? { holder: h.holderId, hold: `WC.Part.${h.part}` } : {};
  };
  for (const e of r.events) {
    switch (e.kind) {
      case "overbear":
        lines.push({ key: e.overborne ? "WC.Round.overborne" : "WC.Round.notOverborne", params: { who: e.defenderId, holders: e.attempting.join(","), roll: e.die.face, chance: e.chance } });
        break;
      case "overbearSkipped":
        lines.push({ key: "WC.Round.overbearSkipped", params: { who: e.defenderId, reason: `WC.Reason.${e.reason}` } });
        break;
      case "strangle":
        lines.push({ key: "WC.Round.strangled", params: { who: e.defenderId, ...holdOf(e.holdId), total: e.split.total, actual: e.split.actual, temporary: e.split.temporary } });
        break;
      case "break":
        lines.push({ key: e.broken ? "WC.Round.brokeHold" : "WC.Round.heldFast", params: { who: e.defenderId, ...holdOf(e.holdId), roll: e.die.face, total: e.total, target: e.target } });
        break;
      case "attacksLost":
        // Nothing to say when no attack is lost.
        if (e.lost > 0) lines.push({ key: "WC.Round.attacksNext", params: { who: e.defenderId, n: e.attacksNextRound, lost: e.lost } });
        break;
      case "recovered":
        lines.push({ key: "WC.Round.recovered", params: { who: e.id, n: e.healed } });
        break;
      case "vitality":
        if (e.after.kind === "unconscious") lines.push({ key: e.before.kind === "unconscious" ? "WC.Round.stillOut" : "WC.Round.knockedOut", params: { who: e.id, rounds: e.after.rounds } });
        else if (e.after.kind === "conscious") lines.push({ key: "WC.Round.wakes", params: { who: e.id } });
        else lines.push({ key: "WC.Round.zeroHp", params: { who: e.id } });
        break;
    }
  }
  return lines;
}

export const d12Variant: RulesVariant = {
  id: "d12-holds",
  source: "000",
  actions: ACTIONS,
  situational: (action) => SITUATIONAL[action] ?? [],
  profileFields: D12_PROFILE_FIELDS,
  defaultProfile: () => profileWithoutId(defaultCombatant("x")),
  validateProfile: (id, profile, path) => combatant(id, profile, path),
  resolveOptions,
  optionSchema: D12_OPTION_SCHEMA,
  // 000 §Damage: out for one round per point past the hit points, and one for reaching them.
  conditionAfterDamage: (ledger) => {
    const v = vitality(ledger);
    return v.kind === "unconscious" ? { condition: "unconscious", rounds: v.rounds } : null;
  },
  // Every table of 000 is printed in the text.
  projectTables: () => [],
  // 000: the held may break free (or fly off); the holder may let go or try to bear it down.
  holdActions: { held: [{ action: "breakFree" }, { action: "liftOff" }], holder: [{ action: "release" }, { action: "overbear", label: "WC.Card.declareOverbear" }] },
  next: (ctx, r, o) => d12Next(ctx, r, o as D12Options),

  resolve(ctx: ActionContext, rawOptions: unknown, dice: Dice): Resolution {
    const o = rawOptions as D12Options;
    const a = combatant(ctx.attacker.id, ctx.attacker.profile, "attacker");
    const d = combatant(ctx.defender.id, ctx.defender.profile, "defender");
    const holds = holdsOf(ctx);
    const s = situation(ctx, holds);
    const done = (result: unknown, consequences: Consequences, key: string, params?: Record<string, string | number>): Resolution => ({ action: ctx.action, result, consequences, headline: headline(key, params) });
    const refused = (result: unknown, reason: string): Resolution => ({ action: ctx.action, result, consequences: noConsequences(), headline: refusedHeadline(reason) });
    switch (ctx.action) {
      case "grapple": {
        const r = resolveGrapple(a, d, s, o, dice);
        if (r.kind === "notAllowed") return refused(r, r.reason);
        return done(r, grappleConsequences(a.id, d.id, r), `WC.Result.${r.kind}`, r.kind === "hold" ? { part: r.hold.part } : undefined);
      }
      case "pummel": {
        const r = resolvePummel(a, d, s, o, dice);
        if (r.kind === "notAllowed") return refused(r, r.reason);
        return done(r, pummelConsequences(d.id, r), "WC.Result.pummelRoutine", { hits: r.hits, damage: r.total.total });
      }
      case "chargingOverbear": {
        const r = resolveChargingOverbear(a, d, s, firstStrike(ctx.declared), o, dice);
        return done(r, chargeConsequences(a.id, d.id, r), `WC.Result.${r.kind}`);
      }
      case "overbear": {
        const mine = holds.filter((h) => h.heldId === d.id && h.holderId === a.id);
        if (mine.length === 0) throw new RulesInputError([{ path: "attacker", code: "holdsNothing" }]);
        // 000 §Overbearing: the roll comes at the end of the round; in combat this declares it.
        if (ctx.inCombat) {
          const c = noConsequences();
          return done({ kind: "declared", holderId: a.id, defenderId: d.id, chance: overbearChance(d, holds, [a.id], o).chance }, { ...c, declarations: [{ kind: "overbear", holderId: a.id, targetId: d.id }] }, "WC.Result.overbearDeclared");
        }
        const r = rollOverbear(d, holds, [a.id], o, dice);
        const c = noConsequences();
        if (r.overborne) c.conditions.push({ targetId: d.id, condition: "prone", active: true });
        return done(r, c, r.overborne ? "WC.Result.overborne" : "WC.Result.resisted");
      }
      case "breakFree": {
        // The attacker is the held creature; the defender its holder.
        const h = chosenHold(ctx, holds, (x) => x.heldId === a.id && x.holderId === d.id);
        const r = rollBreak(a, h, distinctHolders(holds.filter((x) => x.heldId === a.id)), o, dice);
        const c = noConsequences();
        if (r.broken) c.holdsRemoved.push(h.id);
        return done(r, c, r.broken ? "WC.Result.brokeFree" : "WC.Result.stillHeld");
      }
      case "liftOff": {
        const r = liftOff(a, holds, o, dice);
        if (r.kind === "cannot") return refused(r, r.reason);
        const c = noConsequences();
        if (r.kind === "rolled") {
          c.holdsRemoved.push(...r.rolls.filter((x) => x.broken).map((x) => x.holdId));
          // Up it goes, with every holder still hanging on (000 §General grappling rules).
          c.lifts = liftOffRisers(a.id, r.remaining).map((targetId) => ({ targetId, feet: o.liftOffFeet }));
        }
        return done(r, c, r.kind === "rolled" ? "WC.Result.liftOff" : "WC.Result.notAllowed");
      }
      case "release": {
        const h = chosenHold(ctx, holds, (x) => x.holderId === a.id && x.heldId === d.id);
        const c = noConsequences();
        c.holdsRemoved.push(h.id);
        return done({ kind: "released", holdId: h.id }, c, "WC.Result.released");
      }
      case "standUp": {
        // The attacker is the overborne creature getting up; the defender plays no part.
        const r = resolveStandUp(a, holds);
        const c = noConsequences();
        const h = standUp(r, a.id, ctx.inCombat, c);
        return done(r, c, h.key, h.params);
      }
      default:
        return unknownAction(ctx.action, ACTIONS);
    }
  },

  roundEnd(ctx: RoundContext, rawOptions: unknown, dice: Dice): RoundResolution {
    const o = rawOptions as D12Options;
    const combatants = ctx.participants.map((p, i) => combatant(p.id, p.profile, `participants[${i}]`));
    const holds = ctx.holds.map((h, i) => validateHold(h.data, `holds[${i}].data`));
    const r = resolveRoundEnd({ round: ctx.round, combatants, holds, overbear: ctx.overbear, ledgers: ctx.ledgers, outOfMelee: ctx.outOfMelee }, o, dice);
    // 000 counts no time itself: unconsciousness follows the ledger, and holds last until broken.
    // Prone timed by a rising creature runs down a round and ends when it runs out; other timers
    // are not 000's (unconsciousness follows the ledger) and are dropped, as before.
    const consequences = roundEndConsequences(r);
    const lines = roundLines(r, holds);
    const issues = new IssueList();
    ctx.timers.forEach((t, i) => {
      issues.oneOf(`timers[${i}].condition`, t.condition, CONDITION_IDS);
      issues.int(`timers[${i}].remaining`, t.remaining, 1, 1000000);
      issues.oneOf(`timers[${i}].unit`, t.unit, ["rounds", "segments"] as const);
    });
    issues.throwIfAny();
    const timers = ctx.timers.flatMap((t) => {
      if (t.condition !== "prone") return [];
      const next = runDownTimer(t);
      if (next) return [next];
      consequences.conditions.push({ targetId: t.id, condition: t.condition, active: false });
      lines.push(headline("WC.Round.conditionEnds", { who: t.id, condition: `WC.Condition.${t.condition}` }));
      return [];
    });
    return { result: r, consequences, holdsUpdated: [], timers, lines };
  },

  movement(ctx: MoveContext, rawOptions: unknown) {
    const o = rawOptions as D12Options;
    const holds = ctx.holds.map((h, i) => validateHold(h.data, `holds[${i}].data`));
    return d12Movement({ ...moveCast(ctx, combatant), holds, airborne: ctx.airborne === true }, o);
  },

  fall(who, feet) {
    return d12Fall(combatant(who.id, who.profile, "who"), feet);
  },

  odds(ctx: ActionContext, rawOptions: unknown): OddsOutcome[] {
    const o = rawOptions as D12Options;
    const a = combatant(ctx.attacker.id, ctx.attacker.profile, "attacker");
    const d = combatant(ctx.defender.id, ctx.defender.profile, "defender");
    const holds = holdsOf(ctx);
    const s = situation(ctx, holds);
    // The odds say only "not allowed"; the headline of the refused resolution names why.
    const refusal = ctx.action === "grapple" ? eligibilityReason(grappleEligibility(a, s)) : ctx.action === "pummel" ? eligibilityReason(pummelEligibility(a)) : undefined;
    const keyed = (list: ReadonlyArray<{ kind: string; p: number }>): OddsOutcome[] =>
      list.map((x): OddsOutcome => {
        if (x.kind === "notAllowed" && refusal) return { ...refusedHeadline(refusal), p: x.p };
        if (x.kind.startsWith("hold:")) return { key: "WC.Result.hold", params: { part: x.kind.slice(5) }, p: x.p };
        if (x.kind.startsWith("hits:")) return { key: "WC.Result.hits", params: { hits: Number(x.kind.slice(5)) }, p: x.p };
        return { key: `WC.Result.${x.kind}`, p: x.p };
      });
    const yesNo = (p: number, yes: string, no: string): OddsOutcome[] => [
      { key: yes, p },
      { key: no, p: 1 - p },
    ];
    switch (ctx.action) {
      case "grapple":
        return keyed(grappleOdds(a, d, s, o).outcomes);
      case "pummel":
        return keyed(pummelOdds(a, d, s, o).outcomes);
      case "chargingOverbear":
        return keyed(chargeOdds(a, d, s, firstStrike(ctx.declared), o));
      case "overbear":
        return yesNo(overbearOdds(d, holds, [a.id], o).p, "WC.Result.overborne", "WC.Result.resisted");
      case "breakFree": {
        const h = chosenHold(ctx, holds, (x) => x.heldId === a.id && x.holderId === d.id);
        return yesNo(breakOdds(a, h, distinctHolders(holds.filter((x) => x.heldId === a.id)), o), "WC.Result.brokeFree", "WC.Result.stillHeld");
      }
      case "liftOff": {
        const bar = liftOffBar(a, holds);
        if (bar) return [{ ...refusedHeadline(bar), p: 1 }];
        const pAll = holds.filter((h) => h.heldId === a.id).reduce((p, h) => p * pAtLeast(12, sumMods(breakModifiers(a, h, o)), BREAK_TARGET.liftOff), 1);
        return yesNo(pAll, "WC.Result.allBroken", "WC.Result.someHeld");
      }
      case "release":
        return [{ key: "WC.Result.released", p: 1 }];
      case "standUp":
        return [{ ...standUp(resolveStandUp(a, holds), a.id, ctx.inCombat, noConsequences()), p: 1 }];
      default:
        return unknownAction(ctx.action, ACTIONS);
    }
  },
};
