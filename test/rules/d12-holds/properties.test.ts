// Invariants of the d12-holds core over arbitrary valid input (fast-check).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { d12, runAction, SeededDice, splitDamage } from "../../../src/rules/index.ts";
import { badValues, combatantArb, holdArb, optionsArb, situationArb } from "../../support/d12-arbitraries.ts";
import { agree, meanAgrees, pairsOk, SIMULATION_MS, SIMULATION_TRIALS, sumP } from "../../support/odds.ts";

const pair = fc.tuple(combatantArb("a"), combatantArb("d"), situationArb, optionsArb);

describe("damage splits", () => {
  it("actual + temporary is the total, and actual is the right share", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10000 }), fc.constantFrom<"floor" | "ceil">("floor", "ceil"), fc.constantFrom(2, 4), (n, rounding, den) => {
        const s = splitDamage(n, 1, den, rounding);
        expect(s.actual + s.temporary).toBe(n);
        expect(s.actual).toBe(rounding === "floor" ? Math.floor(n / den) : Math.ceil(n / den));
        expect(s.temporary).toBeGreaterThanOrEqual(0);
      }),
    );
  });
  it("every pummel routine's and hold's split adds up", () => {
    fc.assert(
      fc.property(pair, fc.integer({ min: 1, max: 2 ** 31 }), ([a, d, s, o], seed) => {
        const p = d12.resolvePummel(a, d, s, o, new SeededDice(seed));
        if (p.kind === "routine") {
          expect(p.total.actual + p.total.temporary).toBe(p.total.total);
          for (const x of p.attacks) if (x.kind === "hit") expect(x.damage.split.actual + x.damage.split.temporary).toBe(x.damage.split.total);
        }
        const g = d12.resolveGrapple(a, d, s, o, new SeededDice(seed));
        if (g.kind === "hold" && g.damage) expect(g.damage.split.actual + g.damage.split.temporary).toBe(g.damage.split.total);
      }),
      { numRuns: 300 },
    );
  });
});

describe("odds", () => {
  it("grapple, pummel and charge odds are probabilities that sum to 1", () => {
    fc.assert(
      fc.property(pair, fc.constantFrom<d12.FirstStrike>("none", "hit", "miss", "roll"), ([a, d, s, o], fs) => {
        const g = d12.grappleOdds(a, d, s, o);
        for (const x of g.outcomes) expect(x.p >= 0 && x.p <= 1).toBe(true);
        expect(sumP(g.outcomes)).toBeCloseTo(1, 9);
        pairsOk(g.damage);
        pairsOk(g.actual);
        const p = d12.pummelOdds(a, d, s, o, { maxHp: 12, actual: 0, temporary: 3 });
        expect(sumP(p.outcomes)).toBeCloseTo(1, 9);
        pairsOk(p.damage);
        pairsOk(p.actual);
        if (p.pKnockedOut !== undefined) expect(p.pKnockedOut >= 0 && p.pKnockedOut <= 1 + 1e-12).toBe(true);
        const c = d12.chargeOdds(a, d, s, fs, o);
        expect(sumP(c)).toBeCloseTo(1, 9);
      }),
      { numRuns: 400 },
    );
  });

  it("break and overbear odds lie in [0, 1]", () => {
    fc.assert(
      fc.property(combatantArb("d"), holdArb("h", "d", 5), fc.integer({ min: 1, max: 8 }), optionsArb, (d, h, n, o) => {
        const b = d12.breakOdds(d, h, n, o);
        expect(b >= 0 && b <= 1).toBe(true);
        const ob = d12.overbearOdds(d, [h], ["h"], o);
        expect(ob.p >= 0 && ob.p <= 1).toBe(true);
      }),
    );
  });
});

const TRIALS = SIMULATION_TRIALS;

describe("exact odds agree with a 50k-trial simulation (4 standard errors)", () => {
  const o = d12.D12_DEFAULTS;
  const fighter = d12.defaultCombatant("f", { strength: { score: 18, exceptional: 50 }, toHit: { kind: "thac0", thac0: 16 }, attacksPerRound: 2 });
  const ogre = d12.defaultCombatant("o", { kind: "monster", size: "L", naturalAc: { ac: 5, basis: "toughness" }, movement: 9, toHit: { kind: "thac0", thac0: 15 } });
  const goblin = d12.defaultCombatant("g", { kind: "monster", size: "S", movement: 6, pummelLimbs: 1, toHit: { kind: "thac0", thac0: 20 } });
  const bugbear = d12.defaultCombatant("b", { kind: "monster", size: "L", movement: 9, pummelLimbs: 1, toHit: { kind: "thac0", thac0: 16 } });

  it.each([
    ["fighter grapples ogre", fighter, ogre],
    ["bugbear grapples fighter", bugbear, fighter],
    ["goblin grapples a prone fighter from behind", goblin, { ...fighter, conditions: ["prone"] as d12.Condition[] }],
  ])("grapple: %s", (_n, a, d) => {
    const s: d12.Situation = { rear: true };
    const exact = d12.grappleOdds(a, d, s, o);
    const dice = new SeededDice(20261129);
    const dmg: number[] = [];
    agree(
      exact.outcomes,
      () => {
        const r = d12.resolveGrapple(a, d, s, o, dice);
        dmg.push(r.kind === "hold" && r.damage ? r.damage.split.total : 0);
        return r.kind === "hold" ? `hold:${r.hold.part}` : r.kind;
      },
      TRIALS,
    );
    meanAgrees(exact.damage, dmg);
  }, SIMULATION_MS);

  it("pummel routine: hits and total damage", () => {
    const exact = d12.pummelOdds(fighter, ogre, {}, o);
    const dice = new SeededDice(7);
    const dmg: number[] = [];
    agree(
      exact.outcomes,
      () => {
        const r = d12.resolvePummel(fighter, ogre, {}, o, dice);
        if (r.kind !== "routine") return r.kind;
        dmg.push(r.total.total);
        return `hits:${r.hits}`;
      },
      TRIALS,
    );
    meanAgrees(exact.damage, dmg);
  }, SIMULATION_MS);

  it("charging overbear with a rolled first strike", () => {
    const exact = d12.chargeOdds(bugbear, fighter, {}, "roll", o);
    const dice = new SeededDice(99);
    agree(exact, () => d12.resolveChargingOverbear(bugbear, fighter, {}, "roll", o, dice).kind, TRIALS);
  }, SIMULATION_MS);

  it("property: random pairs agree on the grapple outcome odds", () => {
    fc.assert(
      fc.property(pair, fc.integer({ min: 1, max: 2 ** 31 }), ([a, d, s, opts], seed) => {
        const exact = d12.grappleOdds(a, d, s, opts);
        const dice = new SeededDice(seed);
        agree(exact.outcomes, () => {
          const r = d12.resolveGrapple(a, d, s, opts, dice);
          return r.kind === "hold" ? `hold:${r.hold.part}` : r.kind;
        }, 20_000);
      }),
      { numRuns: 5 },
    );
  }, SIMULATION_MS);
});

describe("no NaN or undefined for any valid profile", () => {
  it("in every action's result", () => {
    fc.assert(
      fc.property(pair, holdArb("a", "d", 3), fc.integer({ min: 1, max: 2 ** 31 }), ([a, d, s, o], h, seed) => {
        const dice = new SeededDice(seed);
        const results: unknown[] = [
          d12.resolvePummel(a, d, s, o, dice),
          d12.resolveGrapple(a, d, { ...s, holds: [{ ...h, holderId: "x" }] }, o, dice),
          d12.resolveChargingOverbear(a, d, s, "roll", o, dice),
          d12.grappleOdds(a, d, s, o),
          d12.pummelOdds(a, d, s, o),
          d12.holdEffects(d, [h]),
          d12.liftOff(d, [h], o, dice),
          d12.resolveRoundEnd(
            { round: 4, combatants: [a, d], holds: [h], overbear: [{ defenderId: "d", holderIds: ["a"] }], ledgers: { a: { maxHp: 8, actual: 0, temporary: 0 }, d: { maxHp: 9, actual: 1, temporary: 7 } } },
            o,
            dice,
          ),
        ];
        for (const r of results) expect(badValues(r)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});

describe("invalid input is rejected with a clear issue and changes nothing", () => {
  const fields: Array<[string, unknown]> = [
    ["size", "XL"],
    ["size", undefined],
    ["movement", -1],
    ["movement", 2.5],
    ["dexAcAdjustment", "x"],
    ["armor", { type: "mithril", plus: 0 }],
    ["strength", { score: 12, exceptional: 50 }],
    ["conditions", ["asleep"]],
    ["toHit", { kind: "matrix", needed: [10, 11] }],
    ["id", ""],
    ["arms", Number.NaN],
    ["kind", null],
  ];
  it.each(fields)("attacker.%s = %o", (field, bad) => {
    const a = { ...d12.defaultCombatant("a"), [field]: bad };
    const d = d12.defaultCombatant("d");
    const input = { attacker: a, defender: d };
    const before = JSON.stringify(input);
    const dice = new SeededDice(1);
    const r = runAction("d12-holds", "grapple", input, {}, dice);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues.some((i) => i.path.startsWith(`input.attacker.${field}`))).toBe(true);
    expect(JSON.stringify(input)).toBe(before);
  });

  it("any single corrupted field is caught", () => {
    const keys = Object.keys(d12.defaultCombatant("a")).filter((k) => k !== "name");
    fc.assert(
      fc.property(fc.constantFrom(...keys), fc.constantFrom<unknown>(Number.NaN, -999, { x: 1 }, [1]), (k, bad) => {
        const a = { ...d12.defaultCombatant("a"), [k]: bad };
        const r = runAction("d12-holds", "pummel", { attacker: a, defender: d12.defaultCombatant("d") }, {}, new SeededDice(1));
        expect(r.ok).toBe(false);
      }),
    );
  });

  it("bad options are named", () => {
    const input = { attacker: d12.defaultCombatant("a"), defender: d12.defaultCombatant("d") };
    for (const [opts, code] of [
      [{ nope: true }, "unknownOption"],
      [{ roundEndOrder: ["break", "break", "strangle"] }, "notAnOrderOf"],
      [{ grappleActualRounding: "round" }, "notOneOf"],
      [{ pummelMinimumDamage: 3 }, "outOfRange"],
      [{ shieldMagicCounts: "yes" }, "notBoolean"],
      ["fast", "notObject"],
    ] as const) {
      const r = runAction("d12-holds", "grapple", input, opts, new SeededDice(1));
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.issues[0]?.code).toBe(code);
    }
  });
});
