// The rest of the weaponless rules (issue 12) through the RulesVariant interface of every variant:
// stand up, grab an item, coup de grâce, death blow, subdual with weapons, a pummel routine of
// several limbs, and blows into a grapple. Exact odds are probabilities summing to 1 over
// arbitrary input (fast-check), every resolution lands on an outcome with a chance, and the
// odds agree with 50,000 seeded resolutions.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ActionContext, HoldRecord, Resolution, RulesVariant } from "../../src/rules/index.ts";
import { isRefusalKey, RULES_VARIANTS, SeededDice } from "../../src/rules/index.ts";
import * as gd from "../../src/rules/grapple-die/index.ts";
import * as pc from "../../src/rules/percentile/index.ts";
import { agree, outcomesOk, SIMULATION_MS, SIMULATION_TRIALS } from "../support/odds.ts";
import { combatantArb as gdCombatant, holdArb as gdHold, optionsArb as gdOptions } from "./grapple-die/arbitraries.ts";
import { combatantArb as pcCombatant, holdArb as pcHold, optionsArb as pcOptions } from "./percentile/arbitraries.ts";

const GD = RULES_VARIANTS["grapple-die"] as RulesVariant;
const PC = RULES_VARIANTS.percentile as RulesVariant;
const D12 = RULES_VARIANTS["d12-holds"] as RulesVariant;

const omitId = (c: { id: string }): Record<string, unknown> => {
  const p: Record<string, unknown> = { ...c };
  delete p.id;
  return p;
};

/** The odds outcome a resolution's headline belongs to: blows' damage is not part of the outcome. */
function outcomeOf(h: Resolution["headline"]): string {
  if (h.key === "WC.Result.hitFor" || h.key === "WC.Result.hitForStunned") return JSON.stringify({ key: "WC.Result.hit" });
  const params = { ...(h.params ?? {}) };
  if (h.key !== "WC.Result.coupBlows" && h.key !== "WC.Result.deathBlows") delete params.damage;
  // The odds name where a blow into a grapple lands, not its damage: a key without {damage}.
  const key = h.key === "WC.Result.blowLandsOn" ? "WC.Result.blowLands" : h.key;
  return JSON.stringify(Object.keys(params).length > 0 ? { key, params } : { key });
}
const keyOf = (x: { key: string; params?: Record<string, string | number> }): string => outcomeOf(x);

function consistent(v: RulesVariant, c: ActionContext, options: unknown, seed: number): void {
  const odds = v.odds(c, options);
  outcomesOk(odds);
  for (const x of odds) expect(isRefusalKey(x.key) ? ["bad"] : ["good", "mid", "bad"]).toContain(x.tone);
  const possible = new Set(odds.filter((x) => x.p > 0).map(keyOf));
  const r = v.resolve(c, options, new SeededDice(seed));
  expect(possible.has(outcomeOf(r.headline)), `${c.action}: ${JSON.stringify(r.headline)} not in ${[...possible].join(", ")}`).toBe(true);
}

function simulate(v: RulesVariant, c: ActionContext, options: unknown, trials = SIMULATION_TRIALS): void {
  const exact = v.odds(c, options).map((x) => ({ kind: keyOf(x), p: x.p }));
  const dice = new SeededDice(1234);
  agree(exact, () => outcomeOf(v.resolve(c, options, dice).headline), trials);
}

// --- grapple-die ------------------------------------------------------------------------------------

function gdContexts(a: gd.GdCombatant, d: gd.GdCombatant, o3: gd.GdCombatant, aHoldsD: gd.Hold, dHoldsO: gd.Hold): ActionContext[] {
  const A = { id: a.id, profile: omitId(a) };
  const D = { id: d.id, profile: omitId(d) };
  const O = { id: o3.id, profile: omitId(o3) };
  const base = { attacker: A, defender: D, declared: {}, holds: [] as HoldRecord[], round: 2, inCombat: true };
  return [
    { ...base, action: "standUp", holds: [gd.holdRecord(aHoldsD)] },
    { ...base, action: "standUp", attacker: { id: a.id, profile: { ...omitId(a), conditions: ["prone"] } } },
    { ...base, action: "grabItem", holds: [gd.holdRecord(dHoldsO)] },
    { ...base, action: "grabItem", declared: { freeAttack: "harmless" } },
    { ...base, action: "coupDeGrace", declared: { routines: 2 } },
    { ...base, action: "coupDeGrace", declared: { noOpponents: true } },
    { ...base, action: "attackIntoGrapple", holds: [gd.holdRecord(dHoldsO)], others: [O] },
    { ...base, action: "pummel", declared: { limbs: 3, twoWeaponAdjust: 1 } },
  ];
}

describe("grapple-die: the new actions' odds (fast-check)", () => {
  it("are probabilities summing to 1, and every resolution lands on an outcome with a chance", () => {
    fc.assert(
      fc.property(gdCombatant("a"), gdCombatant("d"), gdCombatant("o"), gdOptions, gdHold("a", "d"), gdHold("d", "o"), fc.integer(), (a, d, o3, options, aHoldsD, dHoldsO, seed) => {
        for (const c of gdContexts(a, d, o3, aHoldsD, dHoldsO)) consistent(GD, c, options, seed);
      }),
      { numRuns: 150 },
    );
  }, SIMULATION_MS);
});

describe("grapple-die: the new actions' odds against 50k resolutions", () => {
  const o = GD.resolveOptions(undefined);
  const man = gd.defaultCombatant("man", { toHit: { kind: "thac0", thac0: 15 }, readiedAttack: { kind: "weapon", lengthFt: 3, damage: { count: 1, sides: 8 }, damageBonus: 0, toHitBonus: 0 } });
  const orc = gd.defaultCombatant("orc", { kind: "monster", ac: 6, readiedAttack: { kind: "weapon", lengthFt: 3, damage: { count: 1, sides: 6 }, damageBonus: 0, toHitBonus: 0 } });
  const friend = gd.defaultCombatant("friend", { size: "S", weightLb: 60, ac: 4 });
  const hold: gd.Hold = { id: "orc>friend", holderId: "orc", heldId: "friend", die: 10, name: "bearHug", damage: { dice: { count: 1, sides: 3 }, flat: 0 }, effects: { defenderToHit: -4, handsUnusable: 0, noTwoWeapon: false, cannotRise: false, noSomaticSpells: true, noVerbalSpells: false, strangle: false }, holderSize: "M", heldSize: "S", roundGained: 1 };
  const ctx = (action: ActionContext["action"], extra: Partial<ActionContext> = {}): ActionContext => ({ action, attacker: { id: "man", profile: omitId(man) }, defender: { id: "orc", profile: omitId(orc) }, declared: {}, holds: [gd.holdRecord(hold)], round: 1, inCombat: true, others: [{ id: "friend", profile: omitId(friend) }], ...extra });
  it("a blow into the grapple of an orc and a halfling", () => simulate(GD, ctx("attackIntoGrapple"), o), SIMULATION_MS);
  it("the same, weighted by size", () => simulate(GD, ctx("attackIntoGrapple"), GD.resolveOptions({ intoGrappleChance: "bySize" })), SIMULATION_MS);
  it("grabbing from the held halfling, who strikes back", () => simulate(GD, ctx("grabItem", { defender: { id: "friend", profile: { ...omitId(friend), readiedAttack: orc.readiedAttack } }, others: [] }), o), SIMULATION_MS);
  it("a fighter pummelling with both fists, at -2 and -4", () => simulate(GD, ctx("pummel", { declared: { limbs: 2 } }), o), SIMULATION_MS);
});

// --- percentile -----------------------------------------------------------------------------------------

function pcContexts(a: pc.PercentileCombatant, d: pc.PercentileCombatant, aHoldsD: pc.Hold, dHoldsO: pc.Hold): ActionContext[] {
  const A = { id: a.id, profile: omitId(a) };
  const D = { id: d.id, profile: omitId(d) };
  const base = { attacker: A, defender: D, declared: {}, holds: [] as HoldRecord[], round: 2, inCombat: true };
  return [
    { ...base, action: "standUp", holds: [pc.holdRecord(aHoldsD)] },
    { ...base, action: "standUp", attacker: { id: a.id, profile: { ...omitId(a), conditions: ["prone"] } } },
    { ...base, action: "grabItem", declared: { defense: "freeAttackHarmless" } },
    { ...base, action: "coupDeGrace", declared: { noVitals: false } },
    { ...base, action: "deathBlow", declared: { routines: 2, damageCount: 2, damageSides: 4, damageBonus: 1 } },
    { ...base, action: "subdue", declared: { needed: 12, damageCount: 1, damageSides: 8, weaponKind: "other" } },
    { ...base, action: "attackIntoGrapple", holds: [pc.holdRecord(dHoldsO)], declared: { needed: 9 } },
  ];
}

describe("percentile: the new actions' odds (fast-check)", () => {
  it("are probabilities summing to 1, and every resolution lands on an outcome with a chance", () => {
    fc.assert(
      fc.property(pcCombatant("a"), pcCombatant("d"), pcOptions, pcHold("a", "d", 2), pcHold("d", "o", 2), fc.integer(), (a, d, options, aHoldsD, dHoldsO, seed) => {
        for (const c of pcContexts(a, d, aHoldsD, dHoldsO)) consistent(PC, c, options, seed);
      }),
      { numRuns: 150 },
    );
  }, SIMULATION_MS);
});

describe("percentile: the new actions' odds against 50k resolutions", () => {
  const o = PC.resolveOptions(undefined);
  const p = PC.defaultProfile();
  const hold = (holderId: string, heldId: string): HoldRecord => {
    const data: pc.Hold = { id: `${holderId}>${heldId}@1`, holderId, heldId, row: pc.rowForCategory(pc.PERCENTILE_DEFAULTS.tables.grappling, 2), original: true, special: false, roundGained: 1 };
    return pc.holdRecord(data);
  };
  const ctx = (action: ActionContext["action"], extra: Partial<ActionContext> = {}): ActionContext => ({ action, attacker: { id: "a", profile: p }, defender: { id: "d", profile: p }, declared: {}, holds: [hold("d", "e"), hold("f", "d")], round: 1, inCombat: true, ...extra });
  it("a blow at one of three grapplers: equal shares", () => simulate(PC, ctx("attackIntoGrapple", { declared: { needed: 8 } }), o), SIMULATION_MS);
  it("a blow at one of three grapplers: 30% astray", () => simulate(PC, ctx("attackIntoGrapple", { declared: { needed: 14 } }), PC.resolveOptions({ intoGrappleStray: "percent", intoGrappleStrayPct: 30 })), SIMULATION_MS);
  it("a subdual blow with a sword", () => simulate(PC, ctx("subdue", { declared: { needed: 13, weaponKind: "other" } }), o), SIMULATION_MS);
  it("a grab from a pinned foe", () => simulate(PC, ctx("grabItem", { defender: { id: "d", profile: { ...p, conditions: ["pinned"] } } }), o), SIMULATION_MS);
});

// --- d12-holds ----------------------------------------------------------------------------------------------

describe("d12-holds: stand up", () => {
  it("odds and resolution agree, prone or not, held or not", () => {
    const p = D12.defaultProfile();
    for (const conditions of [[], ["prone"]]) {
      const c: ActionContext = { action: "standUp", attacker: { id: "a", profile: { ...p, conditions } }, defender: { id: "d", profile: p }, declared: {}, holds: [], round: 1, inCombat: true };
      consistent(D12, c, D12.resolveOptions(undefined), 1);
    }
  });
});

// --- Rising at the round's end -------------------------------------------------------------------------------

describe("a creature getting up is on its feet when the round ends, in every variant", () => {
  for (const v of [D12, GD, PC]) {
    it(v.id, () => {
      const p = v.defaultProfile();
      const ctx = { action: "standUp" as const, attacker: { id: "a", profile: { ...p, conditions: ["prone"] } }, defender: { id: "d", profile: p }, declared: {}, holds: [], round: 3, inCombat: true };
      const o = v.resolveOptions(undefined);
      const r = v.resolve(ctx, o, new SeededDice(1));
      // In a fight the rise takes the round: prone stays on, with one round left on it.
      expect(r.headline.key).toBe("WC.Result.risesAtRoundEnd");
      expect(r.consequences.conditions).toEqual([{ targetId: "a", condition: "prone", active: true, rounds: 1 }]);
      expect(r.consequences.notes).toEqual([{ key: "WC.Note.risingNoAttacks", targetId: "a" }]);
      // Outside a fight it is at once.
      expect(v.resolve({ ...ctx, inCombat: false }, o, new SeededDice(1)).consequences.conditions).toEqual([{ targetId: "a", condition: "prone", active: false }]);
      // The round end then takes prone off and drops the timer; a longer one runs down a round.
      const participants = [ctx.attacker, ctx.defender];
      const end = v.roundEnd({ round: 3, participants, holds: [], ledgers: {}, outOfMelee: [], overbear: [], timers: [{ id: "a", condition: "prone", remaining: 1, unit: "rounds", appliedRound: 3 }] }, o, new SeededDice(1));
      expect(end.consequences.conditions).toContainEqual({ targetId: "a", condition: "prone", active: false });
      expect(end.lines).toContainEqual({ key: "WC.Round.conditionEnds", params: { who: "a", condition: "WC.Condition.prone" } });
      expect(end.timers.filter((t) => t.condition === "prone")).toEqual([]);
      const longer = v.roundEnd({ round: 3, participants, holds: [], ledgers: {}, outOfMelee: [], overbear: [], timers: [{ id: "a", condition: "prone", remaining: 2, unit: "rounds" }] }, o, new SeededDice(1));
      expect(longer.timers.filter((t) => t.condition === "prone").map((t) => t.remaining)).toEqual([1]);
      expect(longer.consequences.conditions.filter((c) => c.condition === "prone")).toEqual([]);
    });
  }
});
