// Issue 31: a monster's own grabbing attack, from the hit to the round end, in each rule set.
// Expected numbers by hand from the seed texts (000, 002, 004) and the tables they print (or the
// digest's project tables where a text prints none), never from the code's output.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { d12, grappleDie, percentile, ScriptedDice, SeededDice } from "../../src/rules/index.ts";
import type { ActionContext, GrabAttack, HoldRecord, RoundContext, RulesVariant } from "../../src/rules/index.ts";

const dice = (...faces: Array<[number, number]>) => new ScriptedDice(faces);
/** A constrictor's coils: 2d4 a round, as an OSE or ARS stat block states it. */
const COILS: GrabAttack = { key: "coils", name: "Coils", damagePerRound: { count: 2, sides: 4, bonus: 0 } };

function ctxOf(v: RulesVariant, attacker: Record<string, unknown>, defender: Record<string, unknown>, over: Partial<ActionContext> = {}): ActionContext {
  return {
    action: "grab",
    attacker: { id: "snake", profile: { ...v.defaultProfile(), ...attacker } },
    defender: { id: "pc", profile: { ...v.defaultProfile(), ...defender } },
    declared: { needed: 12 },
    holds: [],
    round: 1,
    inCombat: true,
    grab: COILS,
    ...over,
  };
}

function roundOf(ctx: ActionContext, holds: readonly HoldRecord[], round: number, hp = 30): RoundContext {
  return { round, participants: [ctx.attacker, ctx.defender], holds, ledgers: { pc: { maxHp: hp, actual: 0, temporary: 0 }, snake: { maxHp: 40, actual: 0, temporary: 0 } }, outOfMelee: [], overbear: [], timers: [] };
}

describe("core: the grab's own to-hit", () => {
  const v = d12.d12Variant;
  const o = v.resolveOptions(undefined);
  const snake = { kind: "monster", size: "L", arms: 0, legs: 0, pummelLimbs: 1 };
  it("a d20 under the number the attack needs misses: no hold, nothing written (11 < 12)", () => {
    const s = dice([20, 11]);
    const r = v.resolve(ctxOf(v, snake, {}), o, s);
    expect(r.headline).toEqual({ key: "WC.Result.grabMissed" });
    expect(r.consequences.holdsAdded).toEqual([]);
    expect(r.consequences.damage).toEqual([]);
    expect((r.result as { kind: string; attack: { name: string } }).kind).toBe("grabMissed");
    expect((r.result as { attack: { name: string } }).attack.name).toBe("Coils");
    expect(s.remaining).toBe(0);
  });
  it("the to-hit bonus box adds to the d20 (10 + 2 = 12 hits a 12)", () => {
    // d12 1 + 1 = 2 (a leg hold's row), the break roll 2 >= 2 shakes it off at once.
    const r = v.resolve(ctxOf(v, snake, {}, { declared: { needed: 12, toHitBonus: 2 } }), o, dice([20, 10], [12, 1], [12, 2]));
    expect((r.result as { kind: string }).kind).toBe("grabbed");
  });
  it("a host roll that hit stands for the to-hit: the first die is the hold's d12", () => {
    const s = dice([12, 1], [12, 2]);
    const r = v.resolve(ctxOf(v, snake, {}, { grab: { ...COILS, hostHit: true } }), o, s);
    expect((r.result as { toHit: unknown }).toHit).toBeNull();
    expect(s.remaining).toBe(0);
  });
  it("an action grab with no attack, or a bad one, is bad input", () => {
    expect(() => v.resolve({ ...ctxOf(v, snake, {}), grab: undefined }, o, dice())).toThrow(/noGrab/);
    expect(() => v.resolve(ctxOf(v, snake, {}, { grab: { key: "", name: "x" } as GrabAttack }), o, dice())).toThrow(/notText/);
    expect(() => v.resolve(ctxOf(v, snake, {}, { grab: { ...COILS, damagePerRound: { count: 0, sides: 4, bonus: 0 } } }), o, dice())).toThrow(/outOfRange/);
  });
  it("odds: P(hit) = (21 - 12) / 20 = 0.45 for the hold procedure, 0.55 missed; they sum to 1 (property)", () => {
    const odds = v.odds(ctxOf(v, snake, {}), o);
    expect(odds.find((x) => x.key === "WC.Result.grabMissed")?.p).toBeCloseTo(0.55, 12);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.integer({ min: -10, max: 10 }), fc.constantFrom(...Object.values({ d12: d12.d12Variant, gd: grappleDie.grappleDieVariant, pct: percentile.percentileVariant })), (needed, bonus, variant) => {
        const oo = variant.resolveOptions(undefined);
        const c = { ...ctxOf(variant, variant.id === "percentile" ? { kind: "monster", hitDice: { dice: 4, adjustment: 0 } } : { kind: "monster", size: "L" }, {}), declared: { needed, toHitBonus: bonus } };
        const x = variant.odds(c, oo);
        const sum = x.reduce((s, y) => s + y.p, 0);
        const miss = x.find((y) => y.key === "WC.Result.grabMissed")?.p ?? 0;
        const hits = Math.min(20, Math.max(0, 21 - (needed - bonus))) / 20;
        return Math.abs(sum - 1) < 1e-9 && Math.abs(miss - (1 - hits)) < 1e-9;
      }),
      { numRuns: 200 },
    );
  });
  it("a seeded run never throws and writes a hold only on a hit (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 }), (seed) => {
        const r = v.resolve(ctxOf(v, snake, {}), o, new SeededDice(seed));
        const res = r.result as { kind: string };
        return res.kind === "grabbed" || r.consequences.holdsAdded.length === 0;
      }),
      { numRuns: 200 },
    );
  });
});

describe("d12-holds (000): the grab's hit is the grappling hit, then the d12 hold", () => {
  const v = d12.d12Variant;
  const o = v.resolveOptions(undefined);
  // A large constrictor (size L, no limbs) on a man-sized fighter (M).
  const snake = { kind: "monster", size: "L", arms: 0, legs: 0, pummelLimbs: 1 };
  it("000: d12 7 + size adjustment (L on M) +1 = 8: a leg hold for 1-2; the break roll 5 is under 8; 1d2 = 2 is half actual", () => {
    const s = dice([20, 14], [12, 7], [12, 5], [2, 2]);
    const r = v.resolve(ctxOf(v, snake, {}), o, s);
    expect(s.remaining).toBe(0);
    expect(r.headline).toEqual({ key: "WC.Result.hold", params: { part: "leg" } });
    // 000 §Grappling damage: half actual, half temporary: 2 -> 1 and 1.
    expect(r.consequences.damage).toEqual([expect.objectContaining({ targetId: "pc", actual: 1, temporary: 1 })]);
    const hold = r.consequences.holdsAdded[0]?.data as { part: string; result: number; roundDamage?: unknown };
    expect(hold.part).toBe("leg");
    expect(hold.result).toBe(8);
    expect(hold.roundDamage).toEqual({ count: 2, sides: 4, bonus: 0 });
  });
  it("option grabHold body: the same dice hold the body", () => {
    const r = v.resolve(ctxOf(v, snake, {}), v.resolveOptions({ grabHold: "body" }), dice([20, 14], [12, 7], [12, 5], [2, 2]));
    expect(r.headline).toEqual({ key: "WC.Result.hold", params: { part: "body" } });
  });
  it("000: the immediate break roll at or over the adjusted 8 breaks it at once (8 >= 8)", () => {
    const r = v.resolve(ctxOf(v, snake, {}), o, dice([20, 14], [12, 7], [12, 8]));
    expect(r.headline).toEqual({ key: "WC.Result.broken" });
    expect(r.consequences.holdsAdded).toEqual([]);
  });
  it("000 round ends: none in the hold's own round; in round 2 the coils' 2d4 (4 + 3 = 7: 3 actual, 4 temporary), then the break roll 11 - 1 = 10 >= 10 breaks it", () => {
    const c = ctxOf(v, snake, {});
    const made = v.resolve(c, o, dice([20, 14], [12, 7], [12, 5], [2, 2]));
    const holds = made.consequences.holdsAdded;
    const r1 = v.roundEnd(roundOf(c, holds, 1), o, dice());
    expect(r1.consequences.damage).toEqual([]);
    expect(r1.consequences.holdsRemoved).toEqual([]);
    const s = dice([4, 4], [4, 3], [12, 11]);
    const r2 = v.roundEnd(roundOf(c, holds, 2), o, s);
    expect(s.remaining).toBe(0);
    expect(r2.consequences.damage).toEqual([expect.objectContaining({ targetId: "pc", actual: 3, temporary: 4 })]);
    expect(r2.consequences.holdsRemoved).toEqual([holds[0]?.id]);
    expect(r2.lines.map((l) => l.key)).toEqual(expect.arrayContaining(["WC.Round.grabDamage", "WC.Round.brokeHold"]));
  });
  it("option grabDamage ruleSet: a leg hold does nothing a round (000 gives only the stranglehold 2-8); only the break roll", () => {
    const oo = v.resolveOptions({ grabDamage: "ruleSet" });
    const c = ctxOf(v, snake, {});
    const made = v.resolve(c, oo, dice([20, 14], [12, 7], [12, 5], [2, 2]));
    expect((made.consequences.holdsAdded[0]?.data as { roundDamage?: unknown }).roundDamage).toBeUndefined();
    const s = dice([12, 3]);
    const r2 = v.roundEnd(roundOf(c, made.consequences.holdsAdded, 2), oo, s);
    expect(s.remaining).toBe(0);
    expect(r2.consequences.damage).toEqual([]);
  });
  it("000: a stranglehold made by a grab deals the coils' figure in place of 2d4 (d12 11 + 1 = 12: stranglehold)", () => {
    const c = ctxOf(v, snake, {});
    // 12: stranglehold, 1-6 at once (1d6 = 3: 1 actual, 2 temporary).
    const made = v.resolve(c, o, dice([20, 20], [12, 11], [12, 2], [6, 3]));
    expect(made.headline).toEqual({ key: "WC.Result.hold", params: { part: "strangle" } });
    // Round 2: the coils' 2d4 = 1 + 1 = 2 (1 actual, 1 temporary), no 2d4 of the stranglehold besides; break 3 - 1 = 2 < 10.
    const s = dice([4, 1], [4, 1], [12, 3]);
    const r2 = v.roundEnd(roundOf(c, made.consequences.holdsAdded, 2), o, s);
    expect(s.remaining).toBe(0);
    expect(r2.consequences.damage).toEqual([expect.objectContaining({ targetId: "pc", actual: 1, temporary: 1 })]);
  });
});

describe("grapple-die (002): the grab's hit is step 3's to-hit, then the grapple die", () => {
  const v = grappleDie.grappleDieVariant;
  const o = v.resolveOptions(undefined);
  const snake = { kind: "monster", size: "L" };
  it("002 step 4: die 9 + 1 (one size larger, digest §8.1) = 10: arm lock; the coils' 2d4 (1 + 3 = 4) as its damage, all of it real", () => {
    const s = dice([20, 15], [20, 9], [4, 1], [4, 3]);
    const r = v.resolve(ctxOf(v, snake, {}), o, s);
    expect(s.remaining).toBe(0);
    expect(r.headline).toEqual({ key: "WC.Result.hold", params: { part: "armLock" } });
    // 002 never calls grapple damage temporary (option grappleDamage normal).
    expect(r.consequences.damage).toEqual([expect.objectContaining({ targetId: "pc", actual: 4, temporary: 0 })]);
    const hold = r.consequences.holdsAdded[0]?.data as { die: number; damage: unknown };
    expect(hold.die).toBe(10);
    expect(hold.damage).toEqual({ dice: { count: 2, sides: 4 }, flat: 0 });
  });
  it("002: a creature already holding the target makes no second hold on it (its hold changes by a new die, not a grab): refused, no dice", () => {
    const c = ctxOf(v, snake, {});
    const made = v.resolve(c, o, dice([20, 15], [20, 9], [4, 1], [4, 3]));
    const again = { ...c, holds: made.consequences.holdsAdded };
    const s = dice();
    expect(v.resolve(again, o, s).headline).toEqual({ key: "WC.Result.notAllowedBecause", params: { reason: "WC.Reason.alreadyHolding" } });
    expect(v.odds(again, o)).toEqual([expect.objectContaining({ key: "WC.Result.notAllowedBecause", p: 1 })]);
  });
  it("002: the grab draws no free attack (the only dice are the to-hit, the die and the damage)", () => {
    const s = dice([20, 12], [20, 1]);
    const r = v.resolve(ctxOf(v, snake, {}), o, s);
    // 1 + 1 = 2: a slip, no hold.
    expect(s.remaining).toBe(0);
    expect(r.headline).toEqual({ key: "WC.Result.slip" });
  });
  it("option grabDieSlip firstHold: the same slip reads as the first hold, a clinch (no damage of its own; the coils' 2d4 = 2 + 2)", () => {
    const r = v.resolve(ctxOf(v, snake, {}), v.resolveOptions({ grabDieSlip: "firstHold" }), dice([20, 12], [20, 1], [4, 2], [4, 2]));
    expect(r.headline).toEqual({ key: "WC.Result.hold", params: { part: "clinch" } });
    expect(r.consequences.damage).toEqual([expect.objectContaining({ actual: 4 })]);
  });
  it("option grabDamage ruleSet: the arm lock's own 1d2, one step up for an L holder (002 §Pummel's ladder 1d2, 1d4, 1d8): 1d4 = 3", () => {
    const r = v.resolve(ctxOf(v, snake, {}), v.resolveOptions({ grabDamage: "ruleSet" }), dice([20, 15], [20, 9], [4, 3]));
    expect(r.consequences.damage).toEqual([expect.objectContaining({ actual: 3 })]);
  });
  it("002 step 6 round end: segment 3 of round 2 the coils' 2d4 (2 + 4 = 6); then the held creature breaks free: d20 12 - 2 (one size smaller) = 10 >= 10", () => {
    const c = ctxOf(v, snake, {});
    const made = v.resolve(c, o, dice([20, 15], [20, 9], [4, 1], [4, 3]));
    const holds = made.consequences.holdsAdded;
    expect(v.roundEnd(roundOf(c, holds, 1), o, dice()).consequences.damage).toEqual([]);
    const s = dice([4, 2], [4, 4]);
    const r2 = v.roundEnd(roundOf(c, holds, 2), o, s);
    expect(s.remaining).toBe(0);
    expect(r2.consequences.damage).toEqual([expect.objectContaining({ targetId: "pc", actual: 6, temporary: 0 })]);
    const br = v.resolve({ ...c, action: "breakFree", attacker: c.defender, defender: c.attacker, holds, round: 3, declared: {} }, o, dice([20, 12]));
    expect(br.consequences.holdsRemoved).toEqual([holds[0]?.id]);
  });
});

describe("percentile (004): the grab is the Grab ability with its attack hit", () => {
  const v = percentile.percentileVariant;
  const o = v.resolveOptions(undefined);
  const snake = { kind: "monster", hitDice: { dice: 4, adjustment: 0 } };
  it("004: no attack d100; the Grapple Result d100 50 + Dex 10 + Str 10 - the target's Variable (d4 3 + column 2) = 65: bear hug; the coils' 2d4 = 5, all lethal", () => {
    const s = dice([20, 13], [4, 3], [100, 50], [4, 2], [4, 3]);
    const r = v.resolve(ctxOf(v, snake, {}), o, s);
    expect(s.remaining).toBe(0);
    expect(r.headline).toEqual({ key: "WC.Result.holdGained", params: expect.objectContaining({ category: 4 }) });
    expect(r.consequences.damage).toEqual([expect.objectContaining({ targetId: "pc", actual: 5, temporary: 0 })]);
    const inner = (r.result as { hold: { attackRoll: unknown; result: { total: number } } }).hold;
    expect(inner.attackRoll).toBeNull();
    expect(inner.result.total).toBe(65);
  });
  it("option grabCategory 6: a strangle hold with no result roll and no Variable", () => {
    const s = dice([20, 13], [4, 1], [4, 1]);
    const r = v.resolve(ctxOf(v, snake, {}), v.resolveOptions({ grabCategory: 6 }), s);
    expect(s.remaining).toBe(0);
    expect(r.headline).toEqual({ key: "WC.Result.holdGained", params: expect.objectContaining({ category: 6 }) });
    expect(r.consequences.damage).toEqual([expect.objectContaining({ actual: 2, temporary: 0 })]);
  });
  it("option grabDamage ruleSet: the bear hug's own 3, all lethal (004: a special ability's damage is not split)", () => {
    const r = v.resolve(ctxOf(v, snake, {}), v.resolveOptions({ grabDamage: "ruleSet" }), dice([20, 13], [4, 3], [100, 50]));
    expect(r.consequences.damage).toEqual([expect.objectContaining({ actual: 3, temporary: 0 })]);
  });
  it("004 round end: round 2 the coils' 2d4 again (3 + 3 = 6, lethal); the profile need not list the Grab ability", () => {
    const c = ctxOf(v, snake, {});
    const made = v.resolve(c, o, dice([20, 13], [4, 3], [100, 50], [4, 2], [4, 3]));
    const holds = made.consequences.holdsAdded;
    expect(v.roundEnd(roundOf(c, holds, 1), o, dice()).consequences.damage).toEqual([]);
    const s = dice([4, 3], [4, 3]);
    const r2 = v.roundEnd(roundOf(c, holds, 2), o, s);
    expect(s.remaining).toBe(0);
    expect(r2.consequences.damage).toEqual([expect.objectContaining({ targetId: "pc", actual: 6, temporary: 0 })]);
  });
});
