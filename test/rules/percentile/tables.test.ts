// Coverage of every table in variant percentile, and the checks a GM-supplied table must pass.
import { describe, expect, it } from "vitest";
import { RulesInputError } from "../../../src/rules/core/errors.ts";
import type { RangeTable } from "../../../src/rules/core/table.ts";
import { checkTable, lookup } from "../../../src/rules/core/table.ts";
import {
  GRAPPLING_TABLE,
  MONSTER_COLUMN,
  OVERBEAR_TABLE,
  PERCENTILE_ACTIONS,
  readTables,
  resolveOptions,
  tableIssues,
  TARGET_ARMOR_CHANCE,
} from "../../../src/rules/percentile/index.ts";

type AnyTable = RangeTable<unknown>;

/** Rows that contain `v`. */
function rowsHolding(t: AnyTable, v: number): number {
  return t.rows.filter((r) => (r.min === undefined || v >= r.min) && (r.max === undefined || v <= r.max)).length;
}

describe("every result maps to exactly one row", () => {
  it.each([
    ["Grappling Table", GRAPPLING_TABLE as AnyTable, -300, 400],
    ["Overbear Table", OVERBEAR_TABLE as AnyTable, -300, 400],
    ["target armor band", TARGET_ARMOR_CHANCE as AnyTable, -10, 10],
    ["monster column", MONSTER_COLUMN as AnyTable, -100, 3000],
  ])("%s, from %i to %i", (_name, table, from, to) => {
    for (let v = from; v <= to; v++) expect(rowsHolding(table, v)).toBe(1);
    expect(checkTable(table, "t")).toEqual([]);
  });

  it("every plain d100 face reaches a row of each project table", () => {
    for (let f = 1; f <= 100; f++) {
      expect(rowsHolding(GRAPPLING_TABLE as AnyTable, f)).toBe(1);
      expect(rowsHolding(OVERBEAR_TABLE as AnyTable, f)).toBe(1);
    }
  });
});

describe("the project default tables (digest §8.2-8.3)", () => {
  it("are labelled as project defaults, not source text", () => {
    expect(GRAPPLING_TABLE.source).toBe("project default");
    expect(OVERBEAR_TABLE.source).toBe("project default");
  });

  it.each([
    [20, 1, "torsoGrab", 0],
    [21, 2, "armLock", 1],
    [40, 2, "armLock", 1],
    [41, 3, "handLock", 2],
    [55, 3, "handLock", 2],
    [56, 4, "bearHug", 3],
    [70, 4, "bearHug", 3],
    [71, 5, "headlock", 5],
    [85, 5, "headlock", 5],
    [86, 6, "strangleHold", 6],
    [95, 6, "strangleHold", 6],
    [96, 7, "gouge", 8],
    [-50, 1, "torsoGrab", 0],
    [250, 7, "gouge", 8],
  ])("grapple result %i -> category %i (%s), %i damage", (total, category, hold, damage) => {
    expect(lookup(GRAPPLING_TABLE, total)).toMatchObject({ category, hold, damage });
  });

  it.each([
    [20, 1, "avoid", 0],
    [21, 2, "kickedLeg", 0],
    [40, 2, "kickedLeg", 0],
    [41, 3, "staggered", 1],
    [60, 3, "staggered", 1],
    [61, 4, "knockedToKnees", 2],
    [80, 4, "knockedToKnees", 2],
    [81, 5, "handsAndKnees", 3],
    [100, 5, "handsAndKnees", 3],
    [101, 6, "knockedFlat", 4],
  ])("overbear result %i -> category %i (%s), %i damage", (total, category, result, damage) => {
    expect(lookup(OVERBEAR_TABLE, total)).toMatchObject({ category, result, damage });
  });

  it("Gouge stuns and a Strangle hold strangles; overbear categories 4-6 put the target prone", () => {
    expect(lookup(GRAPPLING_TABLE, 96).effects).toMatchObject({ stunRounds: 1 });
    expect(lookup(GRAPPLING_TABLE, 90).effects).toMatchObject({ strangle: true });
    expect(OVERBEAR_TABLE.rows.filter((r) => (r.result.effects as { prone?: boolean }).prone === true).map((r) => r.result.category)).toEqual([4, 5, 6]);
  });
});

const row = (category: number, damage = 0) => ({ category, hold: `h${category}`, damage, effects: {} });

describe("checkTable and GM tables", () => {
  it("checkTable reports a gap between rows", () => {
    const gap = { id: "g", source: "gm", rows: [{ max: 20, result: 1 }, { min: 22, result: 2 }] };
    expect(checkTable(gap, "t")).toEqual([{ path: "t.rows[1]", code: "tableGap", params: { from: 21, to: 21 } }]);
  });

  it("checkTable reports an overlap between rows", () => {
    const overlap = { id: "o", source: "gm", rows: [{ max: 20, result: 1 }, { min: 20, result: 2 }] };
    expect(checkTable(overlap, "t")).toEqual([{ path: "t.rows[1]", code: "tableOverlap", params: { from: 20, to: 20 } }]);
  });

  it("a grappling table with a gap or an overlap is refused with the row named", () => {
    const gap = { id: "gm", source: "gm", rows: [{ max: 50, result: row(1) }, { min: 52, result: row(2) }] };
    expect(tableIssues(gap, "tables.grappling", "grappling")).toEqual([{ path: "tables.grappling.rows[1]", code: "tableGap", params: { from: 51, to: 51 } }]);
    const overlap = { id: "gm", source: "gm", rows: [{ max: 50, result: row(1) }, { min: 40, result: row(2) }] };
    expect(tableIssues(overlap, "tables.grappling", "grappling")[0]).toMatchObject({ code: "tableOverlap" });
  });

  it("a table closed at either end is refused: an adjusted d100 can fall outside any range", () => {
    const closed = { id: "gm", source: "gm", rows: [{ min: 1, max: 50, result: row(1) }, { min: 51, max: 100, result: row(2) }] };
    const codes = tableIssues(closed, "t", "grappling").map((i) => i.code);
    expect(codes).toEqual(["tableGap", "tableGap"]);
  });

  it("categories may not fall as results rise, and row data is type-checked", () => {
    const falling = { id: "gm", source: "gm", rows: [{ max: 50, result: row(2) }, { min: 51, result: row(1) }] };
    expect(tableIssues(falling, "t", "grappling")).toEqual([{ path: "t.rows[1].result.category", code: "categoryFalls", params: { previous: 2, got: 1 } }]);
    const bad = {
      id: "gm",
      source: "gm",
      rows: [{ max: 50, result: { category: 0, hold: "", damage: -1, effects: { stunRounds: true, holderChoice: "kick", wings: 1, targetToHit: 2 } } }, { min: 51, result: row(2) }],
    };
    const codes = tableIssues(bad, "t", "grappling").map((i) => `${i.path}:${i.code}`);
    expect(codes).toEqual([
      "t.rows[0].result.category:outOfRange",
      "t.rows[0].result.hold:notText",
      "t.rows[0].result.damage:outOfRange",
      "t.rows[0].result.effects.stunRounds:notInteger",
      "t.rows[0].result.effects.holderChoice:notOneOf",
      "t.rows[0].result.effects.wings:unknownEffect",
    ]);
    expect(tableIssues("nope", "t", "overbear")).toEqual([{ path: "t", code: "notObject", params: { got: "\"nope\"" } }]);
    expect(tableIssues({ id: "x", source: "y", rows: 3 }, "t", "overbear")[0]).toMatchObject({ code: "notList" });
    expect(tableIssues({ id: "x", source: "y", rows: [7, { min: "a", result: row(1) }] }, "t", "overbear").map((i) => i.code)).toEqual(["notObject", "notInteger", "notText"]);
  });

  it("readTables keeps the defaults for a table not given and refuses unknown table names", () => {
    const gm = { id: "gm", source: "gm", rows: [{ max: 50, result: row(1) }, { min: 51, result: row(2, 4) }] };
    const t = readTables({ grappling: gm }, "tables");
    expect(t.grappling).toBe(gm);
    expect(t.overbear).toBe(OVERBEAR_TABLE);
    expect(() => readTables({ pummel: gm }, "tables")).toThrow(RulesInputError);
    expect(() => readTables([], "tables")).toThrow(RulesInputError);
  });

  it("options and action input both take a GM table, and a bad one comes back as issues", () => {
    const gm = { id: "gm", source: "gm", rows: [{ max: 50, result: row(1) }, { min: 51, result: row(2, 4) }] };
    expect(resolveOptions({ tables: { grappling: gm } }).tables.grappling).toBe(gm);
    const badOverbear = { id: "gm", source: "gm", rows: [{ max: 50, result: { category: 1, result: "a", damage: 0, effects: {} } }, { min: 52, result: { category: 2, result: "b", damage: 0, effects: {} } }] };
    try {
      resolveOptions({ tables: { overbear: badOverbear }, bogus: 1 });
      expect.unreachable();
    } catch (e) {
      expect((e as RulesInputError).issues.map((i) => `${i.path}:${i.code}`)).toEqual(["options.tables.overbear.rows[1]:tableGap", "options.bogus:unknownOption"]);
    }
    const shown = PERCENTILE_ACTIONS.tables.run({ tables: { grappling: gm } }, resolveOptions(undefined));
    expect(shown).toMatchObject({ grappling: { id: "gm" }, overbear: { source: "project default" } });
    expect(PERCENTILE_ACTIONS.tables.run(undefined, resolveOptions(undefined))).toMatchObject({ grappling: { source: "project default" } });
  });
});
