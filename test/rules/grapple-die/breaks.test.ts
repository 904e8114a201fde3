// 002 §Defender Attempts to Break the Hold, §Moving and Grappling and §Strangle Hold.
import { describe, expect, it } from "vitest";
import { ScriptedDice } from "../../../src/rules/index.ts";
import type { Size } from "../../../src/rules/index.ts";
import * as gd from "../../../src/rules/grapple-die/index.ts";

const O = gd.GRAPPLE_DIE_DEFAULTS;
const held = gd.defaultCombatant("d");
const holder = gd.defaultCombatant("a");
const bearHug = gd.GRAPPLE_DIE_TABLE.rows[6].result as Extract<gd.GrappleDieRow, { kind: "hold" }>;
const hold = (over: Partial<gd.Hold> = {}): gd.Hold => ({
  id: "a>d",
  holderId: "a",
  heldId: "d",
  die: 14,
  name: bearHug.name,
  damage: bearHug.damage,
  effects: bearHug.effects,
  holderSize: "M",
  heldSize: "M",
  roundGained: 1,
  ...over,
});

describe("breaking a hold", () => {
  // T002-02: a hold made with 14; a break roll of 14 breaks it, 13 does not, 9 drops everyone.
  it.each([
    [14, "broken"],
    [20, "broken"],
    [13, "held"],
    [10, "held"],
    [9, "heldAllProne"],
    [1, "heldAllProne"],
  ])("T002-02: established 14, break roll %i -> %s", (face, kind) => {
    const r = gd.rollBreak(held, holder, hold(), {}, O, new ScriptedDice([[20, face]]));
    expect(r.kind).toBe(kind);
    expect(r.needed).toBe(14);
    if (r.kind !== "broken") expect(r.short).toBe(14 - face);
  });

  it.each([
    [14, 14, "broken"],
    [13, 14, "held"],
    [10, 14, "held"],
    [9, 14, "heldAllProne"],
    [-3, 2, "heldAllProne"],
  ])("breakOutcome(%i, %i) = %s", (total, needed, want) => {
    expect(gd.breakOutcome(total, needed)).toBe(want);
  });

  it("all in that grapple fall prone (reading), or only the holders with the option", () => {
    const others = [hold(), hold({ id: "b>d", holderId: "b" }), hold({ id: "x>y", holderId: "x", heldId: "y" })];
    const r = gd.rollBreak(held, holder, hold(), { holds: others }, O, new ScriptedDice([[20, 2]]));
    expect(r).toMatchObject({ kind: "heldAllProne", prone: ["d", "a", "b"] });
    const h = gd.rollBreak(held, holder, hold(), { holds: others }, { ...O, breakFumbleProne: "holdersOnly" }, new ScriptedDice([[20, 2]]));
    expect(h).toMatchObject({ kind: "heldAllProne", prone: ["a", "b"] });
  });

  it("rolls as an attacker: size and Strength count, other grapplers do not (reading)", () => {
    const big = { ...held, size: "L" as Size, strength: { score: 17 } };
    const others = [hold(), hold({ id: "b>d", holderId: "b" })];
    const r = gd.rollBreak(big, holder, hold(), { holds: others }, O, new ScriptedDice([[20, 12]]));
    // 12 + 1 (one size larger) + 1 (Str 17) = 14: broken.
    expect(r).toMatchObject({ kind: "broken", total: 14 });
    expect(r.modifiers.map((m) => m.key)).toEqual(["WC.Mod.dieLarger", "WC.Mod.strengthToHit"]);
  });

  it("with the option, grapplers holding the holder help the break", () => {
    const ally = [hold({ id: "c>a", holderId: "c", heldId: "a" })];
    const r = gd.rollBreak(held, holder, hold(), { holds: ally }, { ...O, breakGetsGrapplerBonus: true }, new ScriptedDice([[20, 13]]));
    expect(r).toMatchObject({ kind: "broken", total: 14 });
  });
});

describe("moving while grappling", () => {
  it("a much larger holder drags with an adjusted die of 10+", () => {
    const giant = { ...holder, size: "VL" as Size, weightLb: 4500 };
    // +2 for two sizes larger: 8 + 2 = 10 moves, 7 + 2 = 9 does not.
    expect(gd.moveWhileGrappling(giant, held, hold({ holderSize: "VL" }), {}, undefined, O, new ScriptedDice([[20, 8]]))).toMatchObject({ kind: "dragRoll", needed: 10, total: 10, moved: true });
    expect(gd.moveWhileGrappling(giant, held, hold({ holderSize: "VL" }), {}, undefined, O, new ScriptedDice([[20, 7]]))).toMatchObject({ moved: false });
  });

  it("the DM may rule a same-size holder much stronger", () => {
    expect(gd.moveWhileGrappling(holder, held, hold(), {}, true, O, new ScriptedDice([[20, 10]]))).toMatchObject({ kind: "dragRoll", moved: true });
  });

  it("otherwise the held creature gets a free break roll", () => {
    const r = gd.moveWhileGrappling(holder, held, hold(), {}, undefined, O, new ScriptedDice([[20, 15]]));
    expect(r).toMatchObject({ kind: "freeBreak", breakRoll: { kind: "broken", total: 15 } });
    expect(gd.moveWhileGrappling({ ...holder, size: "VL" }, held, hold(), {}, false, O, new ScriptedDice([[20, 3]]))).toMatchObject({ kind: "freeBreak" });
  });
});

describe("strangle hold", () => {
  // T002-04: held three rounds, the chance is 5%, 10%, 15%.
  it.each([
    [1, 5],
    [2, 10],
    [3, 15],
    [10, 50],
    [20, 100],
    [25, 100],
  ])("T002-04: round %i held: %i%%", (n, pct) => {
    expect(gd.strangleChance(n)).toBe(pct);
  });

  it("knocks out at or under the chance, for 1 round, and rolls 1d4+1 rounds to suffocation", () => {
    expect(gd.rollStrangle(3, true, new ScriptedDice([[100, 16]]))).toMatchObject({ kind: "conscious", chance: 15 });
    expect(gd.rollStrangle(3, true, new ScriptedDice([[100, 15], [4, 3]]))).toMatchObject({ kind: "knockedOut", chance: 15, unconsciousRounds: 1, suffocation: { rounds: 4 } });
    expect(gd.rollStrangle(1, false, new ScriptedDice([[100, 1]]))).toMatchObject({ kind: "knockedOut", suffocation: null });
  });
});
