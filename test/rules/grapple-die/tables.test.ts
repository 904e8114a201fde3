// The grapple-die table (project default, digest §8.1): every adjusted die maps to exactly one
// row, the rows say what the digest says, GM replacements with gaps or overlaps are refused.
import { describe, expect, it } from "vitest";
import { checkTable, rowFor, runAction, ScriptedDice } from "../../../src/rules/index.ts";
import * as gd from "../../../src/rules/grapple-die/index.ts";

const T = gd.GRAPPLE_DIE_TABLE;

function matches(v: number): number {
  return T.rows.filter((r) => (!("min" in r) || v >= r.min) && (!("max" in r) || v <= r.max)).length;
}

describe("grapple-die table", () => {
  it("is labelled as the project default and has no gaps or overlaps", () => {
    expect(T.source).toBe("project default");
    expect(checkTable(T, "t")).toEqual([]);
  });

  it("maps every adjusted die from far below 1 to far above 20 to exactly one row", () => {
    // d20 with modifiers: size (up to +3 or -6), Str (-3..+7), 0-5 grapplers, slick, DM.
    for (let v = -30; v <= 50; v++) expect(matches(v), `adjusted ${v}`).toBe(1);
  });

  // Digest §8.1, row by row: [adjusted die, hold, dice sides or flat, to-hit penalty].
  it.each([
    [-5, "slip", null, 0],
    [2, "slip", null, 0],
    [3, "clinch", 0, 0],
    [5, "clinch", 0, 0],
    [6, "armHold", 0, 0],
    [7, "armHold", 0, 0],
    [8, "legHold", 1, 0],
    [9, "legHold", 1, 0],
    [10, "armLock", "1d2", -2],
    [11, "armLock", "1d2", -2],
    [12, "headLock", "1d2", -2],
    [13, "headLock", "1d2", -2],
    [14, "bearHug", "1d3", -4],
    [15, "bearHug", "1d3", -4],
    [16, "strangleHold", "1d3", 0],
    [17, "strangleHold", "1d3", 0],
    [18, "throwPin", "1d4", -4],
    [19, "throwPin", "1d4", -4],
    [20, "gouge", "1d4", -2],
    [27, "gouge", "1d4", -2],
  ] as const)("adjusted %i reads %s", (v, name, dmg, toHit) => {
    const r = rowFor(T, v).result;
    expect(r.name).toBe(name);
    if (r.kind === "slip") {
      expect(dmg).toBeNull();
      return;
    }
    if (typeof dmg === "number") {
      expect(r.damage).toEqual({ dice: null, flat: dmg });
    } else {
      expect(`${r.damage.dice?.count}d${r.damage.dice?.sides}`).toBe(dmg);
      expect(r.damage.flat).toBe(0);
    }
    expect(r.effects.defenderToHit).toBe(toHit);
  });

  it("has one strangle row (16-17), one stun row (20+, 10 segments) and one prone row (18-19)", () => {
    const holds = T.rows.map((r) => r.result).filter((r) => r.kind === "hold");
    expect(holds.filter((r) => r.effects.strangle).map((r) => r.name)).toEqual(["strangleHold"]);
    expect(holds.filter((r) => r.stunSegments > 0).map((r) => [r.name, r.stunSegments])).toEqual([["gouge", 10]]);
    expect(holds.filter((r) => r.prone).map((r) => r.name)).toEqual(["throwPin"]);
    // A throw or pin counts as a leg hold and a bear hug at once.
    expect(rowFor(T, 18).result).toMatchObject({ effects: { cannotRise: true, defenderToHit: -4, noSomaticSpells: true } });
    // Arm holds spoil one hand and two-weapon attacks.
    expect(rowFor(T, 6).result).toMatchObject({ effects: { handsUnusable: 1, noTwoWeapon: true } });
    expect(rowFor(T, 16).result).toMatchObject({ effects: { noVerbalSpells: true } });
  });

  it("rises with the die: no row's damage ceiling falls as the die goes up", () => {
    let best = 0;
    for (const r of T.rows) {
      if (r.result.kind === "slip") continue;
      const d = r.result.damage;
      const max = (d.dice ? d.dice.count * d.dice.sides : 0) + d.flat;
      expect(max).toBeGreaterThanOrEqual(best);
      best = max;
    }
  });
});

describe("GM replacement tables", () => {
  const slip = { kind: "slip", name: "slip" };
  const hug = { kind: "hold", name: "hug", damage: { dice: null, flat: 0 }, effects: T.rows[1].result.effects, prone: false, stunSegments: 0 };
  const good = { id: "gm", source: "GM", rows: [{ max: 9, result: slip }, { min: 10, result: hug }] };
  const gap = { id: "gm", source: "GM", rows: [{ max: 9, result: slip }, { min: 11, result: hug }] };
  const overlap = { id: "gm", source: "GM", rows: [{ max: 10, result: slip }, { min: 10, result: hug }] };
  const closed = { id: "gm", source: "GM", rows: [{ min: 1, max: 9, result: slip }, { min: 10, result: hug }] };
  const grapple = (table: unknown) => ({ attacker: gd.defaultCombatant("a", { toHit: { kind: "thac0", thac0: 10 } }), defender: gd.defaultCombatant("d"), table });

  it("checkTable names a gap and an overlap", () => {
    expect(checkTable(gap as gd.GrappleTable, "t")).toEqual([{ path: "t.rows[1]", code: "tableGap", params: { from: 10, to: 10 } }]);
    expect(checkTable(overlap as gd.GrappleTable, "t")).toEqual([{ path: "t.rows[1]", code: "tableOverlap", params: { from: 10, to: 10 } }]);
  });

  it.each([
    ["a gap", gap, { path: "input.table.rows[1]", code: "tableGap", params: { from: 10, to: 10 } }],
    ["an overlap", overlap, { path: "input.table.rows[1]", code: "tableOverlap", params: { from: 10, to: 10 } }],
    ["a closed bottom", closed, { path: "input.table.rows[0]", code: "tableGap", params: { from: "-inf", to: 0 } }],
    ["a bad row", { ...good, rows: [{ max: 9, result: { kind: "grab", name: "x" } }, good.rows[1]] }, { path: "input.table.rows[0].result.kind", code: "notOneOf" }],
    ["no rows", { id: "gm", source: "GM", rows: [] }, { path: "input.table", code: "tableEmpty" }],
  ])("the grapple action refuses a table with %s", (_n, table, issue) => {
    const r = runAction("grapple-die", "grapple", grapple(table), {}, new ScriptedDice([]));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0]).toMatchObject(issue);
  });

  it("uses a good GM table, row and all", () => {
    const r = runAction("grapple-die", "grapple", grapple(good), {}, new ScriptedDice([[20, 10], [20, 10]]));
    expect(r).toMatchObject({ ok: true, result: { kind: "hold", hold: { name: "hug", die: 10 }, grappleDie: { row: { min: 10 } } } });
    const t = runAction("grapple-die", "grappleDieTable", { table: good }, {}, new ScriptedDice([]));
    expect(t).toMatchObject({ ok: true, result: { id: "gm", source: "GM" } });
    const dflt = runAction("grapple-die", "grappleDieTable", undefined, {}, new ScriptedDice([]));
    expect(dflt).toMatchObject({ ok: true, result: { source: "project default" } });
  });
});

describe("other data of 002", () => {
  it("times and constants follow the text", () => {
    expect(gd.TIMING).toMatchObject({ segmentsPerRound: 10, grappleSegments: 3, iterativeDelay: 3, holdDamageSegment: 3, stunSegments: 10 });
    expect(gd.GRAPPLED_AC).toEqual({ toBeHit: 4, losesDex: true, losesShield: true, immobile: true });
    expect(gd.STRANGLE.percentPerRound).toBe(5);
    expect(gd.MOVE_WHILE_GRAPPLING_TARGET).toBe(10);
    expect(gd.OVERBEAR_LIMITS).toEqual({ tallerFt: 5, weightRatio: 2, manyLegs: 4 });
    expect(gd.BREAK_FUMBLE_MARGIN).toBe(5);
  });

  it("labels the Base Armor Rating scale and the fist row as project defaults", () => {
    expect(gd.BASE_ARMOR_RATING.source).toBe("project default");
    expect(gd.FIST_VS_ARMOR.source).toBe("project default");
    // "4 or better" on this scale is the plate-type armors.
    const good = gd.ARMOR_TYPES.filter((a) => gd.BASE_ARMOR_RATING.ratings[a] <= 4);
    expect(good).toEqual(["splint", "banded", "plate"]);
  });

  // 002 §Pummel: 1d2, then 1d4, 1d8 for larger pummelers; the hold table follows the same ladder.
  it.each([
    [{ count: 1, sides: 2 }, 0, { count: 1, sides: 2 }],
    [{ count: 1, sides: 2 }, 1, { count: 1, sides: 4 }],
    [{ count: 1, sides: 2 }, 2, { count: 1, sides: 8 }],
    [{ count: 1, sides: 3 }, 2, { count: 1, sides: 12 }],
    [{ count: 1, sides: 4 }, 2, { count: 2, sides: 8 }],
  ])("%o stepped up %i times is %o", (dice, steps, want) => {
    expect(gd.stepUpDamage({ dice, flat: 0 }, steps)).toEqual({ dice: want, flat: 0 });
  });

  it("doubles flat damage per step", () => {
    expect(gd.stepUpDamage({ dice: null, flat: 1 }, 2)).toEqual({ dice: null, flat: 4 });
  });
});
