// Invariants of the variant-percentile core over arbitrary valid input (fast-check), and the exact
// odds held against seeded simulations.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SeededDice } from "../../../src/rules/core/dice.ts";
import { RulesInputError } from "../../../src/rules/core/errors.ts";
import { runAction } from "../../../src/rules/variants.ts";
import type { GrappleSituation, OverbearSituation, PercentileCombatant, PercentileOptions } from "../../../src/rules/percentile/index.ts";
import {
  breakFreeOdds,
  counterGrappleOdds,
  damageSplit,
  defaultCombatant,
  grappleOdds,
  overbearOdds,
  PERCENTILE_DEFAULTS,
  resolveBreakFree,
  resolveGrapple,
  resolveOverbear,
  resolveRoundEnd,
  roundEndOdds,
  validateCombatant,
} from "../../../src/rules/percentile/index.ts";
import { agree, pairsOk, SIMULATION_MS, SIMULATION_TRIALS, sumP } from "../../support/odds.ts";
import { combatantArb, grappleSituationArb, holdArb, optionsArb, overbearSituationArb } from "./arbitraries.ts";

/** Simulations and the larger property runs take seconds; on a shared, busy machine several times that. */
const SIM_TIMEOUT = SIMULATION_MS;

/** Walks a result: no undefined value, no NaN or infinite number anywhere. */
function clean(v: unknown, path = "$"): string[] {
  if (v === undefined) return [`${path}: undefined`];
  if (typeof v === "number") return Number.isFinite(v) ? [] : [`${path}: ${v}`];
  if (v === null || typeof v !== "object") return [];
  if (Array.isArray(v)) return v.flatMap((x, i) => clean(x, `${path}[${i}]`));
  return Object.entries(v).flatMap(([k, x]) => clean(x, `${path}.${k}`));
}

const pair = fc.tuple(combatantArb("a", { active: true }), combatantArb("t"), optionsArb);

describe("damage splits", () => {
  it("lethal + non-lethal is the total; a lone point is lethal; special damage is all lethal", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10000 }),
        fc.constantFrom<"grapple" | "overbear">("grapple", "overbear"),
        fc.boolean(),
        fc.constantFrom<PercentileOptions["lethalRounding"]>("ceil", "floorOnePointLethal"),
        (n, kind, special, lethalRounding) => {
          const s = damageSplit(n, kind, special, { ...PERCENTILE_DEFAULTS, lethalRounding });
          expect(s.actual + s.temporary).toBe(n);
          expect(s.actual >= 0 && s.temporary >= 0).toBe(true);
          if (n === 1) expect(s.actual).toBe(1);
          if (special) expect(s.actual).toBe(n);
          else expect(s.actual).toBeLessThanOrEqual(Math.ceil(n / (kind === "grapple" ? 4 : 2)));
        },
      ),
    );
  });

  it("every grapple, overbear and break result's damage adds up", () => {
    fc.assert(
      fc.property(pair, grappleSituationArb, overbearSituationArb, fc.integer({ min: 1, max: 2 ** 31 }), ([a, t, o], gs, os, seed) => {
        const g = resolveGrapple(a, t, gs, o, new SeededDice(seed));
        if (g.kind === "hold" && g.damage) expect(g.damage.split.actual + g.damage.split.temporary).toBe(g.damage.split.total);
        const ob = resolveOverbear(a, t, os, o, new SeededDice(seed));
        if (ob.kind === "result" && ob.damage) expect(ob.damage.split.actual + ob.damage.split.temporary).toBe(ob.damage.split.total);
      }),
      { numRuns: 300 },
    );
  });
});

describe("odds are probabilities", () => {
  it("grapple and overbear outcomes lie in [0, 1] and sum to 1", () => {
    fc.assert(
      fc.property(pair, grappleSituationArb, overbearSituationArb, ([a, t, o], gs, os) => {
        const g = grappleOdds(a, t, gs, o);
        for (const x of g.outcomes) expect(x.p >= 0 && x.p <= 1 + 1e-12).toBe(true);
        expect(sumP(g.outcomes)).toBeCloseTo(1, 9);
        expect(g.pHit >= 0 && g.pHit <= 1 + 1e-12).toBe(true);
        pairsOk(g.damage);
        pairsOk(g.lethal);
        if (g.chance.length > 0) pairsOk(g.chance);
        if (g.categories.length > 0) pairsOk(g.categories);
        if (g.variable.attacker) pairsOk(g.variable.attacker);
        if (g.variable.target) pairsOk(g.variable.target);
        const ob = overbearOdds(a, t, os, o);
        expect(sumP(ob.outcomes)).toBeCloseTo(1, 9);
        for (const p of [ob.pHit, ob.pTargetProne, ob.pAttackerProne, ob.pTrampleCounts ?? 0]) expect(p >= 0 && p <= 1 + 1e-12).toBe(true);
        pairsOk(ob.damage);
        pairsOk(ob.lethal);
        if (ob.categories.length > 0) pairsOk(ob.categories);
      }),
      { numRuns: 150 },
    );
  }, SIM_TIMEOUT);

  it("break free, counter grapple and round-end odds lie in [0, 1]", () => {
    fc.assert(
      fc.property(combatantArb("b", { active: true }), combatantArb("h"), holdArb("h", "b", 4), optionsArb, fc.integer({ min: 1, max: 8 }), (b, h, hold, o, round) => {
        const bf = breakFreeOdds(b, [h], [hold], {}, o);
        if ("attempts" in bf) {
          for (const at of bf.attempts) {
            expect(at.pBroken >= 0 && at.pBroken <= 1 + 1e-12).toBe(true);
            pairsOk(at.categories);
            pairsOk(at.damage);
          }
          expect(bf.pAnyBroken >= 0 && bf.pAllBroken <= bf.pAnyBroken + 1e-12).toBe(true);
        }
        const co = counterGrappleOdds(b, h, [hold], o);
        if ("categories" in co) {
          pairsOk(co.categories);
          pairsOk(co.damage);
          expect(co.pBreaksHold >= 0 && co.pBreaksHold <= 1 + 1e-12).toBe(true);
        }
        const re = roundEndOdds({ round, combatants: [b, h], holds: [hold] }, o);
        for (const s of re.strangle) expect(s.p >= 0 && s.p <= 1).toBe(true);
        for (const p of Object.values(re.knockedOut)) expect(p >= 0 && p <= 1).toBe(true);
      }),
      { numRuns: 150 },
    );
  }, SIM_TIMEOUT);
});

const TRIALS = SIMULATION_TRIALS;
const o = PERCENTILE_DEFAULTS;

describe("exact odds agree with 50k seeded simulations", () => {
  it("grapple: Variables on the chance and on the result, outcomes miss and hold:<category>", () => {
    // Chance 40 + 12 - 20 - 10 = 22 plus the attacker's d6+2 and minus the target's d4+5: 15..26.
    const a: PercentileCombatant = defaultCombatant("a", { armor: { ad: 4, magic: 0 }, dexterity: 12 });
    const t: PercentileCombatant = defaultCombatant("t", { kind: "monster", hitDice: { dice: 2, adjustment: 0 }, dexterity: 16, strength: { score: 17 } });
    const s: GrappleSituation = { variable: { attacker: "chance", target: "result" } };
    const exact = grappleOdds(a, t, s, o);
    expect(exact.pHit).toBeGreaterThan(0.1);
    const dice = new SeededDice(20240601);
    agree(exact.outcomes, () => {
      const r = resolveGrapple(a, t, s, o, dice);
      return r.kind === "hold" ? `hold:${r.row.category}` : r.kind;
    }, TRIALS);
  }, SIM_TIMEOUT);

  it("grapple by a joiner (cap) with both Variables on the result", () => {
    const a = defaultCombatant("a", { dexterity: 14 });
    const t = defaultCombatant("t", { armor: { ad: 6, magic: 0 }, shield: { plus: 0 }, level: 5 });
    const first = { id: "h>t@1", holderId: "h", heldId: "t", row: { category: 5, hold: "headlock", damage: 5, effects: {} }, original: true, special: false, roundGained: 1 };
    const s: GrappleSituation = { holds: [first] };
    const opts = { ...o, joinerCapCategory: 4 };
    const exact = grappleOdds(a, t, s, opts);
    const dice = new SeededDice(7);
    agree(exact.outcomes, () => {
      const r = resolveGrapple(a, t, s, opts, dice);
      return r.kind === "hold" ? `hold:${r.row.category}` : r.kind;
    }, TRIALS);
  }, SIM_TIMEOUT);

  it("overbear: a tackle; outcomes miss and category:<n>, target and attacker prone", () => {
    const a = defaultCombatant("a", { armor: { ad: 5, magic: 1 }, strength: { score: 16 }, weight: 200 });
    const t = defaultCombatant("t", { dexterity: 15, strength: { score: 15 }, speed: 150 });
    const s: OverbearSituation = { charging: true, tackle: true, variable: { attacker: "result", target: "chance" } };
    const exact = overbearOdds(a, t, s, o);
    const dice = new SeededDice(99);
    let targetProne = 0;
    let attackerProne = 0;
    agree(exact.outcomes, () => {
      const r = resolveOverbear(a, t, s, o, dice);
      if (r.kind !== "notAllowed" && r.aftermath.targetProne) targetProne++;
      if (r.kind !== "notAllowed" && r.aftermath.attackerProne) attackerProne++;
      return r.kind === "result" ? `category:${r.row.category}` : r.kind;
    }, TRIALS);
    for (const [hits, p] of [[targetProne, exact.pTargetProne], [attackerProne, exact.pAttackerProne]] as const) {
      expect(Math.abs(hits / TRIALS - p)).toBeLessThanOrEqual(4 * Math.sqrt((p * (1 - p)) / TRIALS));
    }
  }, SIM_TIMEOUT);

  it("break free: the chance of breaking a Bear hug", () => {
    const b = defaultCombatant("b", { dexterity: 13, strength: { score: 15 } });
    const h = defaultCombatant("h", { strength: { score: 16 }, dexterity: 16 });
    const hold = { id: "h>b@1", holderId: "h", heldId: "b", row: { category: 4, hold: "bearHug", damage: 3, effects: {} }, original: true, special: false, roundGained: 1 };
    const exact = breakFreeOdds(b, [h], [hold], {}, o);
    if (!("attempts" in exact)) throw new Error("attempts expected");
    const p = (exact.attempts[0] as { pBroken: number }).pBroken;
    const dice = new SeededDice(3);
    agree([{ kind: "broken", p }, { kind: "held", p: 1 - p }], () => {
      const r = resolveBreakFree(b, [h], [hold], {}, o, dice);
      return r.kind === "attempts" && r.attempts[0]?.broken ? "broken" : "held";
    }, TRIALS);
  }, SIM_TIMEOUT);

  it("round end: the strangle knock-out", () => {
    const h = defaultCombatant("h");
    const t = defaultCombatant("t");
    const hold = { id: "h>t@1", holderId: "h", heldId: "t", row: { category: 6, hold: "strangleHold", damage: 6, effects: { strangle: true } }, original: true, special: false, roundGained: 1 };
    const input = { round: 5, combatants: [h, t], holds: [hold] };
    const p = roundEndOdds(input, o).knockedOut.t as number;
    expect(p).toBeCloseTo(0.25, 12);
    const dice = new SeededDice(11);
    agree([{ kind: "out", p }, { kind: "awake", p: 1 - p }], () => (resolveRoundEnd(input, o, dice).unconscious.includes("t") ? "out" : "awake"), 50_000);
  }, SIM_TIMEOUT);
});

describe("results are complete", () => {
  it("no undefined, NaN or infinite value in any action's result for valid input", () => {
    fc.assert(
      fc.property(pair, grappleSituationArb, overbearSituationArb, holdArb("t", "a", 3), fc.integer({ min: 1, max: 2 ** 31 }), ([a, t, o2], gs, os, held, seed) => {
        const inputs: Array<[string, unknown]> = [
          ["grapple", { attacker: a, target: t, situation: gs }],
          ["overbear", { attacker: a, target: t, situation: os }],
          ["breakFree", { breaker: a, holders: [t], holds: [held] }],
          ["counterGrapple", { counterer: a, holder: t, holds: [held], round: 2 }],
          ["roundEnd", { round: 3, combatants: [a, t], holds: [held], ledgers: { a: { maxHp: 8, actual: 1, temporary: 3 } } }],
          ["chance", { attacker: a, target: t, mode: "overbear" }],
          ["resultModifiers", { attacker: a, target: t }],
          ["variableColumn", { combatant: t }],
          ["grappledState", { combatant: a, holds: [held] }],
          ["odds", { of: "grapple", input: { attacker: a, target: t, situation: gs } }],
          ["odds", { of: "overbear", input: { attacker: a, target: t, situation: os } }],
        ];
        // Options as the settings would hold them: the default tables are not passed.
        const plain: Record<string, unknown> = { ...o2 };
        delete plain.tables;
        for (const [action, input] of inputs) {
          const r = runAction("percentile", action, JSON.parse(JSON.stringify(input)), plain, new SeededDice(seed));
          expect(r.ok, `${action}: ${JSON.stringify(r)}`).toBe(true);
          expect(clean(r)).toEqual([]);
        }
      }),
      { numRuns: 80 },
    );
  });
});

describe("invalid profiles are refused", () => {
  const bad: Array<[string, unknown]> = [
    ["id", ""],
    ["kind", "npc"],
    ["size", "H"],
    ["height", 0],
    ["weight", -5],
    ["dexterity", 30],
    ["strength", { score: 17, exceptional: 50 }],
    ["strength", { score: 18, exceptional: 0 }],
    ["armor", { ad: 12, magic: 0 }],
    ["armor", "plate"],
    ["shield", { plus: "one" }],
    ["helmet", "yes"],
    ["dexAcBonus", 1.5],
    ["magicProtection", null],
    ["speed", -30],
    ["foreLimbs", undefined],
    ["abilities", ["bite"]],
    ["abilities", "grab"],
    ["maxMeleeAttackers", 0],
    ["conditions", ["asleep"]],
    ["level", -1],
    ["classGroup", "ranger"],
    ["hitDice", { dice: 2, adjustment: 0 }],
  ];

  it("a profile with one bad field is rejected with an issue at that field", () => {
    fc.assert(
      fc.property(combatantArb("x"), fc.constantFrom(...bad), (valid, [field, value]) => {
        const broken: Record<string, unknown> = { ...valid, [field]: value };
        // Class fields only apply to characters: make the profile one so they are read.
        if (field === "level" || field === "classGroup" || field === "hitDice") {
          broken.kind = "character";
          broken.classGroup ??= "fighter";
          broken.level ??= 1;
          if (field !== "hitDice") delete broken.hitDice;
          if (field === "level") broken.level = value;
          if (field === "classGroup") broken.classGroup = value;
        }
        let issues: ReadonlyArray<{ path: string }> = [];
        try {
          validateCombatant(broken, "p");
        } catch (e) {
          expect(e).toBeInstanceOf(RulesInputError);
          issues = (e as RulesInputError).issues;
        }
        expect(issues.some((i) => i.path === `p.${field}` || i.path.startsWith(`p.${field}.`) || i.path.startsWith(`p.${field}[`))).toBe(true);
        const r = runAction("percentile", "variableColumn", { combatant: broken }, undefined, new SeededDice(1));
        expect(r.ok).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  it("monsters need hit dice and carry no class; non-objects are refused", () => {
    const m = { ...defaultCombatant("m", { kind: "monster" }) } as Record<string, unknown>;
    delete m.hitDice;
    expect(() => validateCombatant(m, "p")).toThrow(/p.hitDice: notObject/);
    expect(() => validateCombatant({ ...defaultCombatant("m", { kind: "monster" }), level: 3, classGroup: "thief" }, "p")).toThrow(/p.classGroup: notForMonsters; p.level: notForMonsters/);
    expect(() => validateCombatant(7, "p")).toThrow(RulesInputError);
    expect(() => validateCombatant({ ...defaultCombatant("n"), name: 5 }, "p")).toThrow(/p.name: notText/);
  });
});
