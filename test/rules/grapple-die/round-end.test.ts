// The end of a round in variant grapple-die: hold damage on segment 3, strangle knock-outs and
// suffocation, timers, and who is subdued.
import { describe, expect, it } from "vitest";
import { ScriptedDice } from "../../../src/rules/index.ts";
import * as gd from "../../../src/rules/grapple-die/index.ts";

const O = gd.GRAPPLE_DIE_DEFAULTS;
const a = gd.defaultCombatant("a");
const b = gd.defaultCombatant("b");
const d = gd.defaultCombatant("d");
const row = (name: string) => gd.GRAPPLE_DIE_TABLE.rows.map((r) => r.result).find((r) => r.name === name) as Extract<gd.GrappleDieRow, { kind: "hold" }>;
const holdOf = (name: string, over: Partial<gd.Hold> = {}): gd.Hold => {
  const r = row(name);
  return { id: `a>d:${name}`, holderId: "a", heldId: "d", die: 12, name, damage: r.damage, effects: r.effects, holderSize: "M", heldSize: "M", roundGained: 1, ...(r.effects.strangle ? { strangleRounds: 0 } : {}), ...over };
};
const end = (input: Omit<gd.RoundEndInput, "combatants"> & { combatants?: gd.GdCombatant[] }, dice: Array<[number, number]>, o = O) => {
  const sd = new ScriptedDice(dice);
  const r = gd.resolveRoundEnd({ combatants: [a, b, d], ...input }, o, sd);
  expect(sd.remaining).toBe(0);
  return r;
};

describe("hold damage on segment 3", () => {
  it("every hold from an earlier round does its damage, into the ledger", () => {
    const r = end({ round: 2, holds: [holdOf("headLock"), holdOf("legHold", { id: "b>d", holderId: "b" })], ledgers: { d: { maxHp: 10, actual: 0, temporary: 0 } } }, [[2, 2]]);
    expect(r.events.filter((e) => e.kind === "holdDamage").map((e) => e.kind === "holdDamage" && [e.holdId, e.segment, e.damage.split.total])).toEqual([
      ["a>d:headLock", 3, 2],
      ["b>d", 3, 1],
    ]);
    expect(r.ledgers.d).toEqual({ maxHp: 10, actual: 3, temporary: 0 });
  });

  it("not from a hold made this round, nor one whose holder re-rolled the grapple die", () => {
    const r = end({ round: 2, holds: [holdOf("headLock", { roundGained: 2 }), holdOf("bearHug", { id: "x" })], rerolled: ["x"] }, []);
    expect(r.events).toEqual([]);
  });

  it("a clinch does nothing; subdual grapple damage goes mostly to temporary points", () => {
    const r = end({ round: 3, holds: [holdOf("clinch"), holdOf("gouge", { id: "g" })], ledgers: { d: { maxHp: 6, actual: 0, temporary: 2 } } }, [[4, 4]], { ...O, grappleDamage: "subdual" });
    expect(r.ledgers.d).toEqual({ maxHp: 6, actual: 1, temporary: 5 });
    expect(r.status.d).toEqual({ kind: "subdued" });
    expect(r.events.at(-1)).toEqual({ kind: "status", id: "d", before: { kind: "fighting" }, after: { kind: "subdued" } });
  });
});

describe("strangle holds (002 §Strangle Hold)", () => {
  it("T002-04: the chance grows 5% a round, the count carried on the hold", () => {
    let h = holdOf("strangleHold", { roundGained: 1 });
    const chances: number[] = [];
    for (let round = 1; round <= 3; round++) {
      // Damage 1d3 from round 2 on; the d100 always shows 99 (no knock-out).
      const r = end({ round, holds: [h] }, round > 1 ? [[3, 1], [100, 99]] : [[100, 99]]);
      const e = r.events.find((x) => x.kind === "strangle");
      if (e?.kind === "strangle") chances.push(e.result.chance);
      h = r.holds[0] as gd.Hold;
    }
    expect(chances).toEqual([5, 10, 15]);
    expect(h.strangleRounds).toBe(3);
  });

  it("a knock-out: out for a round, 1d4+1 rounds to suffocation if the strangle is kept", () => {
    const r = end({ round: 1, holds: [holdOf("strangleHold")] }, [[100, 5], [4, 2]]);
    expect(r.unconscious).toEqual([{ id: "d", left: 1 }]);
    expect(r.holds[0]).toMatchObject({ strangleRounds: 1, suffocationLeft: 3 });
  });

  it("kept on (default), the victim stays out and dies when the count runs out", () => {
    let h: gd.Hold = holdOf("strangleHold", { strangleRounds: 1, suffocationLeft: 2 });
    const r1 = end({ round: 2, holds: [h], unconscious: [{ id: "d", left: 1 }] }, [[3, 1]]);
    expect(r1.events.map((e) => e.kind)).toEqual(["holdDamage", "suffocating"]);
    expect(r1.unconscious).toEqual([{ id: "d", left: 1 }]);
    h = r1.holds[0] as gd.Hold;
    const r2 = end({ round: 3, holds: [h], unconscious: r1.unconscious }, [[3, 1]]);
    expect(r2.events.map((e) => e.kind)).toEqual(["holdDamage", "suffocated"]);
    expect(r2.dead).toEqual(["d"]);
    expect(r2.unconscious).toEqual([]);
  });

  it("with the clock running only while out, the victim wakes and the count waits", () => {
    const o = { ...O, suffocationClock: "whileUnconscious" as const };
    const h = holdOf("strangleHold", { strangleRounds: 1, suffocationLeft: 3 });
    const r1 = end({ round: 2, holds: [h], unconscious: [{ id: "d", left: 1 }] }, [[3, 1]], o);
    expect(r1.events.map((e) => e.kind)).toEqual(["holdDamage", "suffocating", "wakes"]);
    expect(r1.holds[0]).toMatchObject({ suffocationLeft: 2 });
    // Awake again: a knock-out roll at 10%, and no new 1d4+1.
    const r2 = end({ round: 3, holds: r1.holds, unconscious: r1.unconscious }, [[3, 1], [100, 10]], o);
    expect(r2.events.find((e) => e.kind === "strangle")).toMatchObject({ result: { kind: "knockedOut", chance: 10, suffocation: null } });
    expect(r2.holds[0]).toMatchObject({ suffocationLeft: 2, strangleRounds: 2 });
  });

  it("a strangle kept on a victim already out starts the count at once", () => {
    const r = end({ round: 2, holds: [holdOf("strangleHold", { roundGained: 2 })], unconscious: [{ id: "d", left: 3 }] }, [[4, 4]]);
    expect(r.events).toEqual([{ kind: "suffocationStarts", holdId: "a>d:strangleHold", heldId: "d", dice: [{ purpose: "suffocation", sides: 4, face: 4 }], rounds: 5 }]);
  });
});

describe("timers", () => {
  it("stuns run down 10 segments a round; unconsciousness a round", () => {
    const r = end({ round: 1, holds: [], stuns: [{ id: "a", left: 17 }, { id: "b", left: 7 }], unconscious: [{ id: "d", left: 2 }, { id: "b", left: 1 }] }, []);
    expect(r.stuns).toEqual([{ id: "a", left: 7 }]);
    expect(r.unconscious).toEqual([{ id: "d", left: 1 }]);
    expect(r.events).toEqual([
      { kind: "wakes", id: "b" },
      { kind: "stunEnds", id: "b", segment: 7 },
    ]);
  });
});

describe("consequences for the shell", () => {
  it("round end: damage, knock-outs, waking, stuns ending, subdual and deaths", () => {
    const r = end(
      {
        round: 2,
        holds: [holdOf("headLock"), holdOf("strangleHold", { id: "s" })],
        ledgers: { d: { maxHp: 3, actual: 0, temporary: 1 } },
        stuns: [{ id: "a", left: 4 }],
        unconscious: [{ id: "b", left: 1 }],
      },
      [[2, 2], [3, 1], [100, 5], [4, 1]],
      { ...O, grappleDamage: "subdual" },
    );
    const c = gd.roundEndConsequences(r);
    expect(c.damage).toEqual([
      { targetId: "d", actual: 0, temporary: 2, reason: "WC.Round.holdDamage" },
      { targetId: "d", actual: 0, temporary: 1, reason: "WC.Round.holdDamage" },
    ]);
    expect(c.conditions).toEqual([
      { targetId: "d", condition: "unconscious", active: true, rounds: 1 },
      { targetId: "b", condition: "unconscious", active: false },
      { targetId: "a", condition: "stunned", active: false },
      { targetId: "d", condition: "subdued", active: true },
    ]);
    const dead = end({ round: 3, holds: [holdOf("strangleHold", { suffocationLeft: 1 })] }, [[3, 2]]);
    expect(gd.roundEndConsequences(dead).notes).toEqual([{ key: "WC.Note.suffocated", targetId: "d" }]);
    const revived = gd.roundEndConsequences({ ...dead, events: [{ kind: "status", id: "d", before: { kind: "subdued" }, after: { kind: "fighting" } }] });
    expect(revived.conditions).toEqual([{ targetId: "d", condition: "subdued", active: false }]);
  });
});

describe("option unconsciousHolderLetsGo (002 makes the holder deal the hold's damage)", () => {
  // The holder "a" is out cold for a round when the round ends; its head lock on "d" was made last round.
  const input = { round: 2, holds: [holdOf("headLock")], unconscious: [{ id: "a", left: 1 }] };
  it("on (the default): the hold ends and deals nothing (no die is rolled)", () => {
    const r = end(input, []);
    expect(r.events.filter((e) => e.kind === "released")).toHaveLength(1);
    expect(r.events.some((e) => e.kind === "holdDamage")).toBe(false);
    expect(r.holds).toEqual([]);
  });
  it("off: the head lock stays and deals its 1d2 at segment 3", () => {
    const r = end(input, [[2, 2]], gd.resolveOptions({ unconsciousHolderLetsGo: false }));
    expect(r.events.some((e) => e.kind === "released")).toBe(false);
    expect(r.events.filter((e) => e.kind === "holdDamage")).toHaveLength(1);
    expect(r.holds.map((h) => h.name)).toEqual(["headLock"]);
  });
});

