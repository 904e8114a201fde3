// The end of a round for variant grapple-die (source 002) through the shell's RulesVariant
// interface. Expected numbers are worked out by hand from 002 and the rules digest (§6.2 strangle
// and stun, §6.5 subdual split, §6.6 T002-04, §8.1 default grapple-die table), not read off the code.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { RulesInputError, rowFor, ScriptedDice } from "../../../src/rules/index.ts";
import type { Headline, HoldRecord, Participant, RoundContext, RoundResolution, Timer } from "../../../src/rules/index.ts";
import * as gd from "../../../src/rules/grapple-die/index.ts";
import { grappleDieVariant as v } from "../../../src/rules/grapple-die/variant.ts";

const o = v.resolveOptions(undefined);
const profile = (over: Record<string, unknown> = {}): Record<string, unknown> => ({ ...v.defaultProfile(), ...over });

// Three plain man-sized creatures (non-player characters unless said otherwise).
const a: Participant = { id: "a", profile: profile() };
const b: Participant = { id: "b", profile: profile() };
const d: Participant = { id: "d", profile: profile() };

/** A hold read off the default table (digest §8.1) at adjusted die `die`, made in round 1. */
function holdRec(holderId: string, heldId: string, die: number, over: Partial<gd.Hold> = {}): HoldRecord {
  const row = rowFor(gd.GRAPPLE_DIE_TABLE, die).result;
  if (row.kind !== "hold") throw new Error("not a hold row");
  return gd.holdRecord({
    id: `${holderId}>${heldId}`,
    holderId,
    heldId,
    die,
    name: row.name,
    damage: row.damage,
    effects: row.effects,
    holderSize: "M",
    heldSize: "M",
    roundGained: 1,
    ...(row.effects.strangle ? { strangleRounds: 0 } : {}),
    ...over,
  });
}

/** Every line any test produced, for the key check at the end. */
const seen: Headline[] = [];

function end(c: Partial<RoundContext>, faces: Array<[number, number]>, options: unknown = o): RoundResolution {
  const dice = new ScriptedDice(faces);
  const r = v.roundEnd({ round: 2, participants: [a, b, d], holds: [], ledgers: {}, outOfMelee: [], overbear: [], timers: [], ...c }, options, dice);
  expect(dice.remaining).toBe(0);
  seen.push(...r.lines);
  return r;
}

const data = (r: HoldRecord): gd.Hold => r.data as gd.Hold;

describe("hold damage on segment 3 (002 §Grapple Procedure step 6)", () => {
  it("a hold kept from an earlier round hurts; one made this round does not (its damage came when it was made)", () => {
    // Head lock (12-13): 1d2, rolled 2. Arm lock (10-11) made this round: no roll at all.
    const r = end({ holds: [holdRec("a", "d", 12), holdRec("b", "d", 10, { roundGained: 2 })], ledgers: { d: { maxHp: 8, actual: 0, temporary: 0 } } }, [[2, 2]]);
    expect(r.consequences.damage).toEqual([{ targetId: "d", actual: 2, temporary: 0, reason: "WC.Round.holdDamage" }]);
    expect(r.consequences.conditions).toEqual([]);
    expect(r.lines).toEqual([{ key: "WC.Round.holdHurts", params: { who: "d", holder: "a", hold: "WC.Hold.headLock", segment: 3, total: 2, actual: 2, temporary: 0 } }]);
    expect(r.holdsUpdated).toEqual([]);
    expect(r.timers).toEqual([]);
  });

  it("a clinch (3-5) does no damage and rolls nothing", () => {
    const r = end({ holds: [holdRec("a", "d", 4)] }, []);
    expect(r.consequences.damage).toEqual([]);
    expect(r.lines).toEqual([]);
  });

  it("grapple damage as subdual: 75% temporary and 25% real, and a creature it fills up is subdued", () => {
    // Gouge (20+): 1d4, rolled 4 -> 1 real, 3 temporary; 4 points on 4 hp: subdued (002 §Striking to Subdue).
    const r = end({ holds: [holdRec("a", "d", 20)], ledgers: { d: { maxHp: 4, actual: 0, temporary: 0 } } }, [[4, 4]], { grappleDamage: "subdual" });
    expect(r.consequences.damage).toEqual([{ targetId: "d", actual: 1, temporary: 3, reason: "WC.Round.holdDamage" }]);
    expect(r.consequences.conditions).toEqual([{ targetId: "d", condition: "subdued", active: true }]);
    expect(r.lines.map((l) => l.key)).toEqual(["WC.Round.holdHurts", "WC.Round.subdued"]);
    expect(r.lines[0]?.params).toMatchObject({ total: 4, actual: 1, temporary: 3 });
  });

  it("a player character takes subdual grapple damage as real; real damage to 0 hp hands over to the death rules", () => {
    const pc: Participant = { id: "d", profile: profile({ playerCharacter: true }) };
    const r = end({ participants: [a, pc], holds: [holdRec("a", "d", 20)], ledgers: { d: { maxHp: 3, actual: 0, temporary: 0 } } }, [[4, 4]], { grappleDamage: "subdual" });
    expect(r.consequences.damage).toEqual([{ targetId: "d", actual: 4, temporary: 0, reason: "WC.Round.holdDamage" }]);
    expect(r.lines.at(-1)).toEqual({ key: "WC.Round.zeroHp", params: { who: "d" } });
  });
});

describe("strangle hold (002 §Strangle Hold)", () => {
  it("T002-04: knock-out chance 5%, 10%, 15% over three rounds, the count stored back on the hold", () => {
    let hold = holdRec("a", "d", 16);
    const chances: Array<string | number | undefined> = [];
    // Round 1: the hold is new (no damage); rounds 2 and 3: 1d3 damage first. d100 99: no knock-out.
    for (const [round, faces] of [
      [1, [[100, 99]]],
      [2, [[3, 1], [100, 99]]],
      [3, [[3, 1], [100, 99]]],
    ] as Array<[number, Array<[number, number]>]>) {
      const r = end({ round, holds: [hold] }, faces);
      const line = r.lines.find((l) => l.key === "WC.Round.strangleResisted");
      chances.push(line?.params?.chance);
      expect(r.holdsUpdated).toHaveLength(1);
      const next = r.holdsUpdated[0] as HoldRecord;
      expect({ id: next.id, label: next.label, holderId: next.holderId, heldId: next.heldId }).toEqual({ id: "a>d", label: "WC.Hold.strangleHold", holderId: "a", heldId: "d" });
      expect(data(next).strangleRounds).toBe(round);
      expect(r.consequences.conditions).toEqual([]);
      hold = next;
    }
    expect(chances).toEqual([5, 10, 15]);
  });

  it("the third round's check succeeds on 15 or less: out for 1 round, and 1d4+1 rounds to suffocation", () => {
    const hold = holdRec("a", "d", 16, { strangleRounds: 2 });
    const r = end({ round: 3, holds: [hold] }, [[3, 2], [100, 15], [4, 2]]);
    expect(r.consequences.damage).toEqual([{ targetId: "d", actual: 2, temporary: 0, reason: "WC.Round.holdDamage" }]);
    expect(r.consequences.conditions).toEqual([{ targetId: "d", condition: "unconscious", active: true, rounds: 1 }]);
    expect(r.timers).toEqual([{ id: "d", condition: "unconscious", remaining: 1, unit: "rounds" }]);
    expect(r.holdsUpdated.map(data)).toEqual([{ ...data(hold), strangleRounds: 3, suffocationLeft: 3 }]);
    expect(r.lines).toEqual([
      { key: "WC.Round.holdHurts", params: { who: "d", holder: "a", hold: "WC.Hold.strangleHold", segment: 3, total: 2, actual: 2, temporary: 0 } },
      { key: "WC.Round.strangledOut", params: { who: "d", holder: "a", roll: 15, chance: 15, rounds: 1 } },
      { key: "WC.Round.suffocationCount", params: { who: "d", holder: "a", rounds: 3 } },
    ]);
  });

  it("16 on the third round's check: still conscious", () => {
    const r = end({ round: 3, holds: [holdRec("a", "d", 16, { strangleRounds: 2 })] }, [[3, 1], [100, 16]]);
    expect(r.consequences.conditions).toEqual([]);
    expect(r.timers).toEqual([]);
    expect(r.lines.at(-1)).toEqual({ key: "WC.Round.strangleResisted", params: { who: "d", holder: "a", roll: 16, chance: 15 } });
  });

  it("released, the victim comes to after the one round out", () => {
    const out: Timer[] = [{ id: "d", condition: "unconscious", remaining: 1, unit: "rounds" }];
    const r = end({ round: 4, timers: out }, []);
    expect(r.consequences.conditions).toEqual([{ targetId: "d", condition: "unconscious", active: false }]);
    expect(r.timers).toEqual([]);
    expect(r.lines).toEqual([{ key: "WC.Round.wakes", params: { who: "d" } }]);
  });

  it("kept on (default clock), the victim stays out and the count runs down", () => {
    const hold = holdRec("a", "d", 16, { strangleRounds: 3, suffocationLeft: 3 });
    const r = end({ round: 4, holds: [hold], timers: [{ id: "d", condition: "unconscious", remaining: 1, unit: "rounds" }] }, [[3, 1]]);
    expect(r.consequences.conditions).toEqual([]);
    expect(r.timers).toEqual([{ id: "d", condition: "unconscious", remaining: 1, unit: "rounds" }]);
    expect(r.holdsUpdated.map(data)).toEqual([{ ...data(hold), suffocationLeft: 2 }]);
    expect(r.lines.at(-1)).toEqual({ key: "WC.Round.suffocating", params: { who: "d", holder: "a", rounds: 2 } });
  });

  it("when the count runs out: a note for the GM, the hold ends, and the victim is left out", () => {
    const hold = holdRec("a", "d", 16, { strangleRounds: 3, suffocationLeft: 1 });
    const r = end({ round: 6, holds: [hold], timers: [{ id: "d", condition: "unconscious", remaining: 1, unit: "rounds" }] }, [[3, 1]]);
    expect(r.consequences.notes).toEqual([{ key: "WC.Note.suffocated", targetId: "d" }]);
    expect(r.consequences.holdsRemoved).toEqual(["a>d"]);
    expect(r.consequences.conditions).toEqual([]);
    expect(r.holdsUpdated).toEqual([]);
    expect(r.timers).toEqual([]);
    expect(r.lines.at(-1)).toEqual({ key: "WC.Round.suffocated", params: { who: "d", holder: "a" } });
  });

  it("a strangle kept on a victim already out starts the 1d4+1 count at once", () => {
    const hold = holdRec("a", "d", 16, { roundGained: 2 });
    const r = end({ holds: [hold], timers: [{ id: "d", condition: "unconscious", remaining: 3, unit: "rounds" }] }, [[4, 4]]);
    expect(r.holdsUpdated.map(data)).toEqual([{ ...data(hold), suffocationLeft: 5 }]);
    expect(r.lines).toEqual([{ key: "WC.Round.suffocationCount", params: { who: "d", holder: "a", rounds: 5 } }]);
    expect(r.timers.map((t) => [t.id, t.condition])).toEqual([["d", "unconscious"]]);
  });
});

describe("timers", () => {
  it("a stun (10 segments, begun on segment 7) runs 10 segments a round and ends on segment 7 of the next", () => {
    const r1 = end({ round: 1, timers: [{ id: "d", condition: "stunned", remaining: gd.stunTimer(7), unit: "segments" }] }, []);
    expect(r1.timers).toEqual([{ id: "d", condition: "stunned", remaining: 7, unit: "segments" }]);
    expect(r1.consequences.conditions).toEqual([]);
    expect(r1.lines).toEqual([]);
    const r2 = end({ round: 2, timers: r1.timers }, []);
    expect(r2.timers).toEqual([]);
    expect(r2.consequences.conditions).toEqual([{ targetId: "d", condition: "stunned", active: false }]);
    expect(r2.lines).toEqual([{ key: "WC.Round.stunEnds", params: { who: "d", segment: 7 } }]);
  });

  it("a stun given in rounds is ten segments a round; of two stuns on one creature the longer counts", () => {
    const r = end(
      {
        timers: [
          { id: "a", condition: "stunned", remaining: 1, unit: "rounds" },
          { id: "b", condition: "stunned", remaining: 4, unit: "segments" },
          { id: "b", condition: "stunned", remaining: 2, unit: "rounds" },
        ],
      },
      [],
    );
    expect(r.timers).toEqual([{ id: "b", condition: "stunned", remaining: 10, unit: "segments" }]);
    expect(r.lines).toEqual([{ key: "WC.Round.stunEnds", params: { who: "a", segment: 10 } }]);
  });

  it("unconsciousness counts in rounds (segments round up); other conditions run down and clear", () => {
    const r = end(
      {
        timers: [
          { id: "a", condition: "unconscious", remaining: 15, unit: "segments" },
          { id: "b", condition: "prone", remaining: 1, unit: "rounds" },
          { id: "d", condition: "pinned", remaining: 25, unit: "segments" },
        ],
      },
      [],
    );
    expect(r.timers).toEqual([
      { id: "a", condition: "unconscious", remaining: 1, unit: "rounds" },
      { id: "d", condition: "pinned", remaining: 15, unit: "segments" },
    ]);
    expect(r.consequences.conditions).toEqual([{ targetId: "b", condition: "prone", active: false }]);
    expect(r.lines).toEqual([{ key: "WC.Round.conditionEnds", params: { who: "b", condition: "WC.Condition.prone" } }]);
  });
});

describe("bad input", () => {
  const issues = (c: Partial<RoundContext>): unknown => {
    try {
      end(c, []);
    } catch (e) {
      if (e instanceof RulesInputError) return e.issues.map((i) => [i.path, i.code]);
      throw e;
    }
    return [];
  };

  it("names timers, holds and ledgers for creatures not in the fight, and bad timer fields", () => {
    expect(issues({ timers: [{ id: "z", condition: "stunned", remaining: 3, unit: "segments" }] })).toEqual([["timers[0].id", "unknownCombatant"]]);
    expect(issues({ timers: [{ id: "a", condition: "stunned", remaining: 0, unit: "turns" } as unknown as Timer] })).toEqual([
      ["timers[0].remaining", "outOfRange"],
      ["timers[0].unit", "notOneOf"],
    ]);
    expect(issues({ participants: [a, d], holds: [holdRec("b", "d", 12)] })).toEqual([["holds[0].data.holderId", "unknownCombatant"]]);
    expect(issues({ ledgers: { z: { maxHp: 5, actual: 0, temporary: 0 } } })).toEqual([["ledgers.z", "unknownCombatant"]]);
    expect(issues({ participants: [a, a] })).toEqual([["participants[1].id", "duplicateId"]]);
    expect(issues({ round: 0 })).toEqual([["round", "outOfRange"]]);
  });
});

describe("texts", () => {
  const lang = JSON.parse(readFileSync("lang/en.json", "utf8")) as unknown;
  const get = (root: unknown, key: string): unknown => key.split(".").reduce<unknown>((x, k) => (x && typeof x === "object" ? (x as Record<string, unknown>)[k] : undefined), root);
  // A plural group (one text per plural category) reads as its `other` text.
  const text = (key: string): unknown => {
    const v = get(lang, key);
    return v && typeof v === "object" && typeof (v as Record<string, unknown>).other === "string" ? (v as Record<string, unknown>).other : v;
  };

  it("every key the round end names has a text, and every placeholder a parameter", () => {
    // variant.ts and the files it assembles, split by concern.
    const wiring = ["variant", "situational", "profile-fields", "setup", "headlines", "resolve-wiring", "odds-wiring", "more-wiring", "round-wiring"];
    const source = wiring.map((f) => readFileSync(`src/rules/grapple-die/${f}.ts`, "utf8")).join("\n");
    const keys = [...new Set(source.match(/"WC\.Round\.[A-Za-z]+"/g) ?? [])].map((k) => k.slice(1, -1));
    expect(keys.length).toBeGreaterThan(10);
    expect(keys.filter((k) => typeof text(k) !== "string")).toEqual([]);
    expect(seen.length).toBeGreaterThan(15);
    for (const line of seen) {
      const t = text(line.key);
      expect(typeof t, line.key).toBe("string");
      // A line's numbers may stand apart (WC.RoundNumbers.<name>, hidden from players for the GM's
      // creatures), and {damage} is the shell's phrase for the actual and temporary points.
      const numbers = text(`WC.RoundNumbers.${line.key.split(".").at(-1)}`);
      const wanted = new Set([...`${t as string} ${typeof numbers === "string" ? numbers : ""}`.matchAll(/\{(\w+)\}/g)].map((m) => m[1]));
      if (wanted.delete("damage")) for (const k of ["total", "actual", "temporary"]) wanted.add(k);
      // {sum} and {verdict} are the shell's: the die's modifiers and total from {roll} and {total}, and the verdict by the line's name.
      wanted.delete("sum");
      wanted.delete("verdict");
      expect(Object.keys(line.params ?? {}).sort(), line.key).toEqual([...wanted].sort());
      for (const value of Object.values(line.params ?? {})) if (typeof value === "string" && value.startsWith("WC.")) expect(typeof text(value), value).toBe("string");
    }
    // Reasons and notes in the consequences too.
    for (const k of ["WC.Round.holdDamage", "WC.Note.suffocated"]) expect(typeof text(k), k).toBe("string");
  });
});
