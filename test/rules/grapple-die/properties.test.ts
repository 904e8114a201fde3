// Invariants of the grapple-die core over arbitrary valid input (fast-check), and exact odds
// against 50k simulated resolutions.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RulesInputError, runAction, SeededDice, splitDamage } from "../../../src/rules/index.ts";
import * as gd from "../../../src/rules/grapple-die/index.ts";
import { agree, meanAgrees, outcomesOk, pairsOk, SIMULATION_MS, SIMULATION_TRIALS } from "../../support/odds.ts";
import { badValues, combatantArb, grappleSituationArb, holdArb, optionsArb, overbearSituationArb } from "./arbitraries.ts";

const T = gd.GRAPPLE_DIE_TABLE;
const pair = fc.tuple(combatantArb("a"), combatantArb("d"), optionsArb);
const strikeArb = fc.option(
  fc.oneof(
    fc.constant<gd.StrikeInput>({ kind: "roll" }),
    fc.record({ kind: fc.constant<"reported">("reported"), hit: fc.boolean(), damage: fc.integer({ min: 0, max: 3 }) }),
  ),
  { nil: undefined },
);

describe("damage splits", () => {
  it("real + temporary is the total, and 25% (rounded per option) is real", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10000 }), optionsArb, (n, o) => {
        const s = gd.subdualSplit(n, o);
        expect(s.actual + s.temporary).toBe(n);
        expect(s.actual).toBe(o.subdualActualRounding === "floor" ? Math.floor(n / 4) : Math.ceil(n / 4));
        expect(splitDamage(n, 1, 4, o.subdualActualRounding)).toEqual(s);
      }),
    );
  });

  it("every hold, pummel and subdue split adds up", () => {
    fc.assert(
      fc.property(pair, fc.integer({ min: 1, max: 2 ** 31 }), ([a, d, o], seed) => {
        const dice = new SeededDice(seed);
        const g = gd.resolveGrapple(a, d, {}, undefined, T, o, dice);
        if (g.kind === "hold" && g.damage) expect(g.damage.split.actual + g.damage.split.temporary).toBe(g.damage.split.total);
        for (const r of [gd.resolvePummel(a, d, {}, o, dice), gd.resolveSubdue(a, d, {}, o, dice)]) {
          if (r.kind === "hit") {
            expect(r.split.actual + r.split.temporary).toBe(r.split.total);
            expect(r.split.total).toBe(r.damage.total);
            expect(r.split.temporary).toBeGreaterThanOrEqual(0);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("odds", () => {
  it("are probabilities that sum to 1, for every action that rolls", () => {
    fc.assert(
      fc.property(pair, grappleSituationArb, overbearSituationArb, strikeArb, holdArb("a", "d"), ([a, d, o], gs, os, strike, h) => {
        const g = gd.grappleOdds(a, d, gs, strike, T, o);
        outcomesOk(g.outcomes);
        outcomesOk(g.rows);
        pairsOk(g.totals);
        pairsOk(g.damage);
        expect(g.pHit >= 0 && g.pHit <= 1 && g.pFoiled >= 0 && g.pFoiled <= 1).toBe(true);
        const c = gd.counterGrappleOdds(a, d, gs, strike, T, o);
        outcomesOk(c.outcomes);
        outcomesOk(gd.changeHoldOdds(a, d, h, gs, T, o).outcomes);
        outcomesOk(gd.breakOdds(d, a, h, gs, o).outcomes);
        outcomesOk(gd.moveOdds(a, d, h, gs, undefined, o).outcomes);
        const ob = gd.overbearOdds(a, d, os, strike, o);
        outcomesOk(ob.outcomes);
        if (ob.pushFeet.length > 0) pairsOk(ob.pushFeet);
        expect(ob.pStunned >= 0 && ob.pStunned <= 1).toBe(true);
        for (const b of [gd.pummelOdds(a, d, {}, o), gd.subdueOdds(a, d, {}, o)]) {
          outcomesOk(b.outcomes);
          pairsOk(b.damage);
          pairsOk(b.actual);
          expect(b.pStunned <= b.pHit + 1e-12).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("strangle odds: 5% more each round, and the chance of a knock-out by then only grows", () => {
    const s = gd.strangleOdds(25);
    expect(s.rounds.slice(0, 3).map((r) => r.p)).toEqual([0.05, 0.1, 0.15]);
    // By round 2: 1 - 0.95 * 0.9.
    expect(s.rounds[1]?.pByNow).toBeCloseTo(1 - 0.95 * 0.9, 12);
    for (let i = 1; i < s.rounds.length; i++) expect((s.rounds[i] as { pByNow: number }).pByNow).toBeGreaterThanOrEqual((s.rounds[i - 1] as { pByNow: number }).pByNow);
    expect(s.rounds.at(-1)?.pByNow).toBe(1);
    expect(s.suffocation).toEqual([
      [2, 0.25],
      [3, 0.25],
      [4, 0.25],
      [5, 0.25],
    ]);
  });
});

const TRIALS = SIMULATION_TRIALS;

describe("exact odds agree with a 50k-trial simulation (4 standard errors)", () => {
  const o = gd.GRAPPLE_DIE_DEFAULTS;
  const sword: gd.ReadiedAttack = { kind: "weapon", lengthFt: 3.5, damage: { count: 1, sides: 8 }, damageBonus: 0, toHitBonus: 0 };
  const fighter = gd.defaultCombatant("f", { strength: { score: 18, exceptional: 50 }, toHit: { kind: "thac0", thac0: 16 }, ac: 4, readiedAttack: sword });
  const orc = gd.defaultCombatant("o", { kind: "monster", ac: 6, toHit: { kind: "thac0", thac0: 19 }, readiedAttack: { ...sword, damage: { count: 1, sides: 6 } }, strength: { score: 3 } });
  const ogre = gd.defaultCombatant("g", { kind: "monster", size: "L", heightFt: 9, weightLb: 330, ac: 5, hitDice: 4, toHit: { kind: "thac0", thac0: 15 } });
  const held = [{ id: "x>o", holderId: "x", heldId: "o", die: 9, name: "legHold", damage: { dice: null, flat: 1 }, effects: (T.rows[3].result as { effects: gd.HoldEffects }).effects, holderSize: "M" as const, heldSize: "M" as const, roundGained: 1 }];

  it.each([
    ["a fighter grapples an armed orc", fighter, orc, {}],
    ["an ogre grapples a fighter whose sword strikes back", ogre, fighter, {}],
    ["a fighter joins a grapple on the orc", fighter, orc, { holds: held }],
  ])("grapple: %s", (_n, a, d, s: gd.GrappleSituation) => {
    const exact = gd.grappleOdds(a, d, s, undefined, T, o);
    const dice = new SeededDice(20261129);
    const dmg: number[] = [];
    agree(
      exact.outcomes,
      () => {
        const r = gd.resolveGrapple(a, d, s, undefined, T, o, dice);
        dmg.push(r.kind === "hold" && r.damage ? r.damage.split.total : 0);
        return r.kind === "hold" ? `hold:${r.hold.name}` : r.kind;
      },
      TRIALS,
    );
    meanAgrees(exact.damage, dmg);
  }, SIMULATION_MS);

  it.each([
    ["a fighter rushes an armed orc", fighter, orc],
    ["an orc rushes a shielded fighter", orc, { ...fighter, shieldAc: 1 }],
  ])("overbear: %s", (_n, a, d) => {
    const s: gd.OverbearSituation = { effect: "push", terrain: -1 };
    const exact = gd.overbearOdds(a, d, s, undefined, o);
    const dice = new SeededDice(42);
    let stunned = 0;
    const feet: number[] = [];
    agree(
      exact.outcomes,
      () => {
        const r = gd.resolveOverbear(a, d, s, undefined, o, dice);
        if ((r.kind === "saved" || r.kind === "overborne") && r.stunSegments > 0) stunned++;
        if (r.kind === "overborne" && r.effect.kind === "pushed") feet.push(r.effect.feet);
        return r.kind;
      },
      TRIALS,
    );
    const se = Math.sqrt(Math.max(exact.pStunned * (1 - exact.pStunned), 1 / TRIALS) / TRIALS);
    expect(Math.abs(stunned / TRIALS - exact.pStunned)).toBeLessThanOrEqual(4 * se);
    meanAgrees(exact.pushFeet, feet);
  }, SIMULATION_MS);

  it("pummel and break roll", () => {
    const exact = gd.pummelOdds(fighter, orc, {}, o);
    const dice = new SeededDice(7);
    const dmg: number[] = [];
    agree(
      exact.outcomes,
      () => {
        const r = gd.resolvePummel(fighter, orc, {}, o, dice);
        dmg.push(r.kind === "hit" ? r.damage.total : 0);
        return r.kind;
      },
      TRIALS,
    );
    meanAgrees(exact.damage, dmg);
    const h = { ...(held[0] as gd.Hold), holderId: "f", die: 14 };
    const b = gd.breakOdds(orc, fighter, h, {}, o);
    agree(b.outcomes, () => gd.rollBreak(orc, fighter, h, {}, o, dice).kind, TRIALS);
  }, SIMULATION_MS);

  it("property: random pairs agree on grapple and overbear outcomes", () => {
    fc.assert(
      fc.property(pair, fc.integer({ min: 1, max: 2 ** 31 }), ([a, d, opts], seed) => {
        const dice = new SeededDice(seed);
        agree(gd.grappleOdds(a, d, {}, undefined, T, opts).outcomes, () => {
          const r = gd.resolveGrapple(a, d, {}, undefined, T, opts, dice);
          return r.kind === "hold" ? `hold:${r.hold.name}` : r.kind;
        }, 10_000);
        agree(gd.overbearOdds(a, d, {}, undefined, opts).outcomes, () => gd.resolveOverbear(a, d, {}, undefined, opts, dice).kind, 10_000);
      }),
      { numRuns: 5 },
    );
  }, SIMULATION_MS);
});

describe("no NaN or undefined for any valid profile", () => {
  it("in every action's result", () => {
    fc.assert(
      fc.property(pair, grappleSituationArb, overbearSituationArb, holdArb("a", "d"), fc.integer({ min: 1, max: 2 ** 31 }), ([a, d, o], gs, os, h, seed) => {
        const dice = new SeededDice(seed);
        const holds = [h, { ...h, id: "x>d", holderId: "x" }];
        const results: unknown[] = [
          gd.resolveGrapple(a, d, { ...gs, holds }, { kind: "roll" }, T, o, dice),
          gd.resolveCounterGrapple(d, a, gs, undefined, T, o, dice),
          gd.resolveChangeHold(a, d, h, gs, T, o, dice),
          gd.rollBreak(d, a, h, { holds }, o, dice),
          gd.moveWhileGrappling(a, d, h, gs, undefined, o, dice),
          gd.resolveOverbear(a, d, os, undefined, o, dice),
          gd.resolvePummel(a, d, {}, o, dice),
          gd.resolveSubdue(a, d, {}, o, dice),
          gd.grappleStatus(d, holds, o),
          gd.targetAc(d, holds, o),
          gd.grappleOdds(a, d, gs, undefined, T, o),
          gd.overbearOdds(a, d, os, undefined, o),
          gd.pummelOdds(a, d, {}, o),
          gd.resolveRoundEnd(
            { round: 4, combatants: [a, d, gd.defaultCombatant("x")], holds, ledgers: { a: { maxHp: 8, actual: 0, temporary: 0 }, d: { maxHp: 9, actual: 1, temporary: 7 } }, stuns: [{ id: "d", left: 12 }], unconscious: [{ id: "a", left: 1 }] },
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
  it("any single corrupted profile field is caught, with its path", () => {
    const keys = Object.keys(gd.defaultCombatant("a"));
    fc.assert(
      fc.property(fc.constantFrom(...keys), fc.constantFrom<unknown>(Number.NaN, -999, { x: 1 }, [1], "x"), fc.constantFrom("grapple", "overbear", "pummel", "subdue"), (k, bad, action) => {
        // A readied attack of null is valid, and so may be some of these values for some fields:
        // only values that no field accepts are used, bar "x" for id, which is then still text.
        if (k === "id" && bad === "x") return;
        const a = { ...gd.defaultCombatant("a"), [k]: bad };
        const input = { attacker: a, defender: gd.defaultCombatant("d") };
        const before = JSON.stringify(input);
        const r = runAction("grapple-die", action, input, {}, new SeededDice(1));
        expect(r.ok).toBe(false);
        if (!r.ok) {
          expect(r.issues.some((i) => i.path.startsWith(`input.attacker.${k}`))).toBe(true);
          for (const i of r.issues) expect(typeof i.code).toBe("string");
        }
        expect(JSON.stringify(input)).toBe(before);
      }),
      { numRuns: 200 },
    );
  });

  it("the validator throws a RulesInputError listing every bad field", () => {
    fc.assert(
      fc.property(fc.subarray(["size", "ac", "legs", "saveVsBreath", "conditions", "toHit"], { minLength: 1 }), (keys) => {
        const bad = { ...gd.defaultCombatant("a"), ...Object.fromEntries(keys.map((k) => [k, "?"])) };
        let caught: unknown;
        try {
          gd.validateCombatant(bad, "c");
        } catch (e) {
          caught = e;
        }
        expect(caught).toBeInstanceOf(RulesInputError);
        const paths = (caught as RulesInputError).issues.map((i) => i.path);
        for (const k of keys) expect(paths.some((p) => p.startsWith(`c.${k}`))).toBe(true);
      }),
    );
  });

  it("a corrupted hold or round-end input is caught", () => {
    fc.assert(
      fc.property(holdArb("a", "d"), fc.constantFrom("id", "die", "name", "damage", "effects", "holderSize", "roundGained"), (h, k) => {
        const bad = { ...h, [k]: Number.NaN };
        const r = runAction("grapple-die", "breakHold", { defender: gd.defaultCombatant("d"), holder: gd.defaultCombatant("a"), hold: bad }, {}, new SeededDice(1));
        expect(r.ok).toBe(false);
        if (!r.ok) expect(r.issues[0]?.path.startsWith(`input.hold.${k}`)).toBe(true);
      }),
    );
  });
});
