// Coverage of every table of 000: each die face (or score) maps to exactly one row, and the
// matrices have an entry for every pair of sizes.
import { describe, expect, it } from "vitest";
import { checkTable, lookup, rowFor, SIZES, d12 } from "../../../src/rules/index.ts";

describe("d12-holds tables", () => {
  it.each([
    ["speed", d12.SPEED_TABLE],
    ["hold", d12.HOLD_TABLE],
    ["pummel natural AC", d12.PUMMEL_NATURAL_AC_DAMAGE],
  ] as const)("the %s table has no gaps or overlaps", (_name, table) => {
    expect(checkTable(table, "t")).toEqual([]);
    expect(table.source).toBe("000");
  });

  it("every adjusted d12 (1-8 .. 12+3) reads exactly one hold row", () => {
    for (let v = 1 - 8; v <= 12 + 3; v++) {
      const matches = d12.HOLD_TABLE.rows.filter((r) => (!("min" in r) || v >= r.min) && (!("max" in r) || v <= r.max));
      expect(matches).toHaveLength(1);
    }
  });

  // 000 §Grappling holds and damage, row by row.
  it.each([
    [-7, "briefGrip", null, null],
    [1, "briefGrip", null, null],
    [2, "leg", null, null],
    [3, "leg", null, null],
    [4, "body", null, null],
    [5, "body", null, null],
    [6, "arm", null, null],
    [7, "arm", null, null],
    [8, "leg", 1, 2],
    [9, "body", 1, 3],
    [10, "arm", 1, 2],
    [11, "head", 1, 3],
    [12, "strangle", 1, 6],
    [13, "body", 2, 4],
    [14, "body", 2, 8],
    [15, "body", 4, 6],
  ] as const)("adjusted %i -> %s", (v, part, count, sides) => {
    const r = lookup(d12.HOLD_TABLE, v);
    if (part === "briefGrip") {
      expect(r.kind).toBe("briefGrip");
      return;
    }
    expect(r).toEqual({ kind: "hold", part, damage: count === null ? null : { count, sides } });
  });

  // 000 §Speed modification (the "9 9" row is 0/0).
  it.each([
    [1, -6, 6],
    [2, -6, 6],
    [3, -4, 4],
    [6, -2, 2],
    [9, -1, 1],
    [12, 0, 0],
    [14, 0, 0],
    [15, 1, -1],
    [18, 2, -2],
    [21, 3, -3],
    [27, 3, -3],
    [28, 4, -4],
    [240, 4, -4],
  ])("movement %i -> AT %i, DR %i", (mv, at, dr) => {
    const row = lookup(d12.SPEED_TABLE, mv);
    expect([row.attacker, row.defender]).toEqual([at, dr]);
  });

  it.each([
    [-10, -8],
    [-8, -8],
    [-7, -6],
    [-4, -6],
    [-3, -4],
    [0, -4],
    [1, -3],
    [3, -3],
    [4, -2],
    [5, -2],
    [6, -1],
    [8, -1],
    [9, 0],
    [10, 0],
  ])("natural AC %i -> damage %i", (ac, adj) => {
    expect(rowFor(d12.PUMMEL_NATURAL_AC_DAMAGE, ac).result).toBe(adj);
  });

  it("size matrices are complete and antisymmetric in sign", () => {
    for (const d of SIZES) {
      for (const a of SIZES) {
        expect(typeof d12.HOLD_SIZE_ADJUSTMENT[d][a]).toBe("number");
        expect(d12.OVERBEAR_SIZE_MODIFIER[d][a] + d12.OVERBEAR_SIZE_MODIFIER[a][d]).toBe(0);
      }
      expect(d12.HOLD_SIZE_ADJUSTMENT[d][d]).toBe(0);
    }
    // 000's matrix, as printed.
    expect(d12.HOLD_SIZE_ADJUSTMENT.L.S).toBe(-6);
    expect(d12.HOLD_SIZE_ADJUSTMENT.S.VL).toBe(3);
    expect(d12.OVERBEAR_SIZE_MODIFIER.M.L).toBe(20);
    expect(d12.OVERBEAR_SIZE_MODIFIER.S.VL).toBe(80);
  });

  it("size multipliers cover every size difference", () => {
    for (const a of SIZES) for (const d of SIZES) {
      const m = d12.pummelMultiplier(d12.defaultCombatant("a", { size: a }), d12.defaultCombatant("d", { size: d }));
      expect([0.25, 0.5, 1, 2, 4]).toContain(m);
    }
  });
});
