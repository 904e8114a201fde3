import { describe, expect, it } from "vitest";
import {
  checkTable,
  lookup,
  mapDist,
  pAtLeast,
  pctOver18,
  formatStrength,
  RulesInputError,
  ScriptedDice,
  ScriptError,
  SeededDice,
  splitDamage,
  strengthBonuses,
  sumOfDice,
  vitality,
  rollDie,
  STRENGTH_TABLE,
  recoverTemporary,
  addDamage,
  largest,
  sizeSteps,
  sizeUp,
  runAction,
  formatFormula,
} from "../../src/rules/index.ts";
import type { RangeTable } from "../../src/rules/index.ts";

describe("damage split", () => {
  // 000 §Damage: every fourth point is actual; 22 points -> 5 actual, 17 temporary (T000-01).
  it.each([
    [22, 5, 17],
    [3, 0, 3],
    [4, 1, 3],
    [8, 2, 6],
    [0, 0, 0],
  ])("pummel %i -> %i actual, %i temporary", (n, a, t) => {
    expect(splitDamage(n, 1, 4, "floor")).toEqual({ total: n, actual: a, temporary: t });
  });
  // 004 reading: a 1-point result is lethal (ceil) (T004-08).
  it.each([
    [1, 1, 0],
    [4, 1, 3],
    [5, 2, 3],
    [8, 2, 6],
  ])("ceil quarter %i -> %i/%i", (n, a, t) => {
    expect(splitDamage(n, 1, 4, "ceil")).toEqual({ total: n, actual: a, temporary: t });
  });
  it("negative totals count as nothing", () => {
    expect(splitDamage(-3, 1, 2, "floor")).toEqual({ total: 0, actual: 0, temporary: 0 });
  });
});

describe("vitality", () => {
  // 000: unconscious for (total - max + 1) rounds; T000-13: max 10, 2 + 9 -> 2 rounds.
  it.each([
    [10, 2, 9, { kind: "unconscious", rounds: 2 }],
    [10, 0, 10, { kind: "unconscious", rounds: 1 }],
    [10, 0, 9, { kind: "conscious" }],
    [10, 10, 0, { kind: "zeroHp" }],
    [4, 0, 7, { kind: "unconscious", rounds: 4 }],
  ])("max %i actual %i temp %i", (maxHp, actual, temporary, want) => {
    expect(vitality({ maxHp, actual, temporary })).toEqual(want);
  });
  it("recovers temporary damage only", () => {
    expect(recoverTemporary({ maxHp: 10, actual: 3, temporary: 1 }, 2)).toEqual({ ledger: { maxHp: 10, actual: 3, temporary: 0 }, healed: 1 });
    expect(addDamage({ maxHp: 10, actual: 1, temporary: 1 }, { actual: 2, temporary: 3 })).toEqual({ maxHp: 10, actual: 3, temporary: 4 });
  });
});

describe("strength", () => {
  // The AD&D 1e Players Handbook Strength table (hit probability, damage adjustment), and the
  // giant-strength rows 19-25 of the 1e books; one case per row, at both ends of each band.
  const PHB: ReadonlyArray<[string, ReadonlyArray<{ score: number; exceptional?: number }>, number, number]> = [
    ["3", [{ score: 3 }], -3, -1],
    ["4-5", [{ score: 4 }, { score: 5 }], -2, -1],
    ["6-7", [{ score: 6 }, { score: 7 }], -1, 0],
    ["8-15", [{ score: 8 }, { score: 9 }, { score: 10 }, { score: 11 }, { score: 12 }, { score: 13 }, { score: 14 }, { score: 15 }], 0, 0],
    ["16", [{ score: 16 }], 0, 1],
    ["17", [{ score: 17 }], 1, 1],
    ["18", [{ score: 18 }], 1, 2],
    ["18/01-50", [{ score: 18, exceptional: 1 }, { score: 18, exceptional: 50 }], 1, 3],
    ["18/51-75", [{ score: 18, exceptional: 51 }, { score: 18, exceptional: 75 }], 2, 3],
    ["18/76-90", [{ score: 18, exceptional: 76 }, { score: 18, exceptional: 90 }], 2, 4],
    ["18/91-99", [{ score: 18, exceptional: 91 }, { score: 18, exceptional: 99 }], 2, 5],
    ["18/00", [{ score: 18, exceptional: 100 }], 3, 6],
    ["19", [{ score: 19 }], 3, 7],
    ["20", [{ score: 20 }], 3, 8],
    ["21", [{ score: 21 }], 4, 9],
    ["22", [{ score: 22 }], 4, 10],
    ["23", [{ score: 23 }], 5, 11],
    ["24", [{ score: 24 }], 6, 12],
    ["25", [{ score: 25 }], 7, 14],
  ];
  it.each(PHB)("row %s: to hit %i, damage %i", (_row, scores, h, d) => {
    for (const s of scores) expect(strengthBonuses(s), JSON.stringify(s)).toEqual({ toHit: h, damage: d });
  });
  it("has exactly the printed rows (8-15 and 16 apart: 16 adds 1 to damage)", () => {
    expect(STRENGTH_TABLE.rows.map((r) => r.result)).toEqual(PHB.map(([, , toHit, damage]) => ({ toHit, damage })));
  });
  it("reads a score below the table (1, 2) as 3", () => {
    expect(strengthBonuses({ score: 1 })).toEqual({ toHit: -3, damage: -1 });
    expect(strengthBonuses({ score: 2 })).toEqual({ toHit: -3, damage: -1 });
  });
  it("percent over 18", () => {
    expect(pctOver18({ score: 17 })).toBe(0);
    expect(pctOver18({ score: 18, exceptional: 50 })).toBe(50);
    expect(pctOver18({ score: 18, exceptional: 100 })).toBe(100);
    expect(pctOver18({ score: 20 })).toBe(200);
    expect(formatStrength({ score: 18, exceptional: 100 })).toBe("18/00");
    expect(formatStrength({ score: 18, exceptional: 5 })).toBe("18/05");
    expect(formatStrength({ score: 12 })).toBe("12");
  });
  it("the strength table covers every score from 1 to 25 with 18/01-18/00", () => {
    expect(checkTable(STRENGTH_TABLE, "strength")).toEqual([]);
  });
});

describe("range tables", () => {
  const good: RangeTable<string> = { id: "t", source: "test", rows: [{ max: 3, result: "a" }, { min: 4, max: 9, result: "b" }, { min: 10, result: "c" }] };
  it("looks up every value in one row", () => {
    expect([-5, 3, 4, 9, 10, 99].map((v) => lookup(good, v))).toEqual(["a", "a", "b", "b", "c", "c"]);
    expect(checkTable(good, "t")).toEqual([]);
  });
  it("reports gaps, overlaps, inverted rows and closed ends", () => {
    const gap = { ...good, rows: [{ max: 3, result: "a" }, { min: 5, result: "b" }] };
    expect(checkTable(gap, "t")).toEqual([{ path: "t.rows[1]", code: "tableGap", params: { from: 4, to: 4 } }]);
    const overlap = { ...good, rows: [{ max: 5, result: "a" }, { min: 5, result: "b" }] };
    expect(checkTable(overlap, "t")[0]?.code).toBe("tableOverlap");
    const inverted = { ...good, rows: [{ min: 5, max: 2, result: "a" }] };
    expect(checkTable(inverted, "t")[0]?.code).toBe("tableRowInverted");
    const closed = { ...good, rows: [{ min: 1, max: 5, result: "a" }] };
    expect(checkTable(closed, "t").map((i) => i.code)).toEqual(["tableGap", "tableGap"]);
    expect(checkTable(closed, "t", { from: 1, to: 5 })).toEqual([]);
    expect(checkTable({ ...good, rows: [] }, "t")[0]?.code).toBe("tableEmpty");
    expect(checkTable({ ...good, rows: [{ min: 1.5, result: "a" }] }, "t")[0]?.code).toBe("notInteger");
    const openMiddle = { ...good, rows: [{ max: 3, result: "a" }, { result: "b" }] };
    expect(checkTable(openMiddle, "t")[0]?.code).toBe("tableOverlap");
  });
  it("a lookup outside every row is an input error", () => {
    expect(() => lookup({ id: "x", source: "s", rows: [{ min: 1, max: 2, result: 0 }] }, 5)).toThrow(RulesInputError);
  });
});

describe("dice", () => {
  it("scripted dice hand out faces in order and check the sides", () => {
    const d = new ScriptedDice([[20, 14], [12, 3]]);
    expect(d.roll(20)).toBe(14);
    expect(() => d.roll(6)).toThrow(ScriptError);
    expect(d.roll(12)).toBe(3);
    expect(d.remaining).toBe(0);
    expect(() => d.roll(12)).toThrow(ScriptError);
  });
  it("formulas print as the tables print them", () => {
    expect(formatFormula({ count: 2, sides: 4 })).toBe("2d4");
  });
  it("a face outside the die is rejected", () => {
    expect(() => rollDie({ roll: () => 7 }, 6, "x")).toThrow(RulesInputError);
    expect(() => rollDie({ roll: () => 1.5 }, 6, "x")).toThrow(RulesInputError);
  });
  it("seeded dice stay on the die and are repeatable", () => {
    const a = new SeededDice(7);
    const b = new SeededDice(7);
    for (let i = 0; i < 1000; i++) {
      const f = a.roll(12);
      expect(f).toBe(b.roll(12));
      expect(f >= 1 && f <= 12).toBe(true);
    }
  });
});

describe("distributions", () => {
  it("2d4 has the triangular shape", () => {
    const d = sumOfDice(2, 4);
    expect(d.get(2)).toBeCloseTo(1 / 16, 12);
    expect(d.get(5)).toBeCloseTo(4 / 16, 12);
    expect(d.get(8)).toBeCloseTo(1 / 16, 12);
    expect(mapDist(d, (v) => (v > 4 ? 1 : 0)).get(1)).toBeCloseTo(10 / 16, 12);
  });
  it.each([
    [0, 11, 0.5],
    [0, 21, 0],
    [0, 1, 1],
    [3, 11, 0.65],
  ])("P(d20 + %i >= %i) = %f", (bonus, needed, p) => {
    expect(pAtLeast(20, bonus, needed)).toBeCloseTo(p, 12);
  });
});

describe("sizes", () => {
  it("orders sizes", () => {
    expect(sizeSteps("VL", "S")).toBe(3);
    expect(largest(["S", "L", "M"])).toBe("L");
    expect(largest([])).toBeUndefined();
    expect(sizeUp("VL")).toBe("VL");
  });
});

describe("runAction", () => {
  it("names an unknown variant or action instead of throwing", () => {
    const dice = new ScriptedDice([]);
    expect(runAction("nope", "grapple", {}, {}, dice)).toEqual({ ok: false, issues: [{ path: "variant", code: "unknownVariant", params: { variant: "nope" } }] });
    const r = runAction("d12-holds", "fly", {}, {}, dice);
    expect(r.ok).toBe(false);
    expect(runAction("d12-holds", "toString", {}, {}, dice).ok).toBe(false);
  });
});
