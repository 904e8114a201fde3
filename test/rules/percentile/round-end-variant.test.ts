// The percentile variant's round end behind the shell's RulesVariant.roundEnd. Numbers are worked by
// hand from 004 and the digest: kept holds deal their table damage again (§7.5, §8.2), 25% of it
// lethal rounded up so a lone point is lethal (§7.5 reading); a strangle hold knocks out on a d100 at
// 5% per round held, cumulative, for 1 round (§8.2 [DEFAULT]); non-lethal heals 1 a round (§7.5).
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { HoldRecord } from "../../../src/rules/core/consequences.ts";
import type { Ledger } from "../../../src/rules/core/damage.ts";
import { ScriptedDice } from "../../../src/rules/core/dice.ts";
import { RulesInputError } from "../../../src/rules/core/errors.ts";
import type { Hold, RoundEndResult } from "../../../src/rules/percentile/index.ts";
import { GRAPPLING_TABLE } from "../../../src/rules/percentile/index.ts";
import { percentileVariant as v } from "../../../src/rules/percentile/variant.ts";
import type { Headline, Participant, RoundContext, RoundResolution, Timer } from "../../../src/rules/variant.ts";

const o = v.resolveOptions(undefined);
const dice = (...faces: Array<[number, number]>) => new ScriptedDice(faces);
const who = (id: string, over: Record<string, unknown> = {}): Participant => ({ id, profile: { ...v.defaultProfile(), ...over } });

// Default tables (§8.2): 2 Arm lock 1, 4 Bear hug 3, 6 Strangle hold 6.
const row = (category: number) => (GRAPPLING_TABLE.rows[category - 1] as { result: Hold["row"] }).result;
function holdRec(holderId: string, heldId: string, category: number, over: Partial<Hold> = {}): HoldRecord {
  const data: Hold = { id: `${holderId}>${heldId}@1`, holderId, heldId, row: row(category), original: true, special: false, roundGained: 1, ...over };
  return { id: data.id, holderId, heldId, label: `WC.Hold.${data.row.hold}`, data };
}
const ledger = (maxHp: number, actual = 0, temporary = 0): Ledger => ({ maxHp, actual, temporary });

function ctx(over: Partial<RoundContext>): RoundContext {
  return { round: 2, participants: [who("h"), who("t")], holds: [], ledgers: {}, outOfMelee: [], overbear: [], timers: [], ...over };
}

// Every key the round end emits, checked against lang/en.json and this task's fragment at the end.
const lang: unknown = JSON.parse(readFileSync("lang/en.json", "utf8"));
// The fragment holds the new texts until they are merged into lang/en.json (it may be gone after).
const FRAGMENT = "test/rules/percentile/lang-round.fragment.json";
const fragment: unknown = existsSync(FRAGMENT) ? JSON.parse(readFileSync(FRAGMENT, "utf8")) : {};
// A plural group (one text per plural category) reads as its `other` text.
const lookup = (tree: unknown, key: string): unknown => {
  const v = key.split(".").reduce<unknown>((x, k) => (x && typeof x === "object" ? (x as Record<string, unknown>)[k] : undefined), tree);
  return v && typeof v === "object" && typeof (v as Record<string, unknown>).other === "string" ? (v as Record<string, unknown>).other : v;
};
const emitted = new Set<string>();
function end(c: RoundContext, d: ScriptedDice): RoundResolution {
  const r = v.roundEnd(c, o, d);
  expect(d.remaining).toBe(0);
  for (const l of r.lines) {
    emitted.add(l.key);
    for (const p of Object.values(l.params ?? {})) if (typeof p === "string" && p.startsWith("WC.")) emitted.add(p);
  }
  for (const x of r.consequences.damage) emitted.add(x.reason);
  for (const x of r.consequences.notes) emitted.add(x.key);
  return r;
}
const keys = (lines: readonly Headline[]) => lines.map((l) => l.key);

describe("percentile roundEnd: kept holds", () => {
  it("a Bear hug kept from round 1 deals 3 at the end of round 2: 1 lethal, 2 non-lethal; an Arm lock's lone point is lethal", () => {
    const c = ctx({
      participants: [who("h"), who("t"), who("j"), who("k")],
      holds: [holdRec("h", "t", 2), holdRec("j", "k", 4)],
      ledgers: { t: ledger(10), k: ledger(10) },
    });
    const r = end(c, dice());
    // Bear hug 3: lethal ceil(3 x 0.25) = 1, non-lethal 2; Arm lock 1: ceil(0.25) = 1 lethal, 0 non-lethal.
    // Then k heals 1 of its 2 non-lethal; t has none to heal.
    expect(r.consequences.damage).toEqual([
      { targetId: "t", actual: 1, temporary: 0, reason: "WC.Hold.armLock" },
      { targetId: "k", actual: 1, temporary: 2, reason: "WC.Hold.bearHug" },
      { targetId: "k", actual: 0, temporary: -1, reason: "WC.Round.recovery" },
    ]);
    expect(r.lines).toEqual([
      { key: "WC.Round.keptHoldHurts", params: { holder: "h", target: "t", hold: "WC.Hold.armLock", total: 1, actual: 1, temporary: 0 } },
      { key: "WC.Round.keptHoldHurts", params: { holder: "j", target: "k", hold: "WC.Hold.bearHug", total: 3, actual: 1, temporary: 2 } },
      { key: "WC.Round.recovered", params: { who: "k", n: 1 } },
    ]);
    expect((r.result as RoundEndResult).ledgers.k).toEqual(ledger(10, 1, 1));
    expect(r.consequences.holdsRemoved).toEqual([]);
    expect(r.consequences.conditions).toEqual([]);
    expect(r.holdsUpdated).toEqual([]);
    expect(r.timers).toEqual([]);
  });

  it("no damage from a hold gained this round, nor from a joiner's hold", () => {
    const now = end(ctx({ round: 1, holds: [holdRec("h", "t", 4)], ledgers: { t: ledger(10) } }), dice());
    expect(now.lines).toEqual([]);
    expect(now.consequences.damage).toEqual([]);
    const joiner = end(ctx({ holds: [holdRec("h", "t", 4, { original: false })], ledgers: { t: ledger(10) } }), dice());
    expect(joiner.consequences.damage).toEqual([]);
  });
});

describe("percentile roundEnd: the strangle hold", () => {
  const strangle = holdRec("h", "t", 6);

  it("the knock-out chance rises 5% a round: 5% at the end of round 1, 10% at round 2, 15% at round 3", () => {
    // Faces one above the chance: no knock-out. From round 2 the hold also deals 6: ceil(1.5) = 2 lethal, 4 non-lethal.
    const r1 = end(ctx({ round: 1, holds: [strangle] }), dice([100, 6]));
    expect(r1.lines).toEqual([{ key: "WC.Round.chokeResisted", params: { who: "t", holder: "h", roll: 6, chance: 5, held: 1 } }]);
    const r2 = end(ctx({ round: 2, holds: [strangle] }), dice([100, 11]));
    expect(r2.lines).toEqual([
      { key: "WC.Round.keptHoldHurts", params: { holder: "h", target: "t", hold: "WC.Hold.strangleHold", total: 6, actual: 2, temporary: 4 } },
      { key: "WC.Round.chokeResisted", params: { who: "t", holder: "h", roll: 11, chance: 10, held: 2 } },
    ]);
    for (const r of [r1, r2]) {
      expect(r.consequences.conditions).toEqual([]);
      expect(r.timers).toEqual([]);
    }
  });

  it("a d100 of 15 against 15% at the end of round 3 knocks the target out for 1 round; it wakes at the end of round 4", () => {
    const r3 = end(ctx({ round: 3, holds: [strangle] }), dice([100, 15]));
    expect(r3.consequences.damage).toEqual([{ targetId: "t", actual: 2, temporary: 4, reason: "WC.Hold.strangleHold" }]);
    expect(r3.consequences.conditions).toEqual([{ targetId: "t", condition: "unconscious", active: true, rounds: 1 }]);
    expect(keys(r3.lines)).toEqual(["WC.Round.keptHoldHurts", "WC.Round.chokedOut"]);
    expect(r3.lines[1]).toEqual({ key: "WC.Round.chokedOut", params: { who: "t", holder: "h", roll: 15, chance: 15, held: 3, rounds: 1 } });
    expect(r3.timers).toEqual([{ id: "t", condition: "unconscious", remaining: 1, unit: "rounds", appliedRound: 3 }]);
    expect((r3.result as RoundEndResult).unconscious).toEqual(["t"]);

    // Round 4: the timer carried back in; no roll for a creature already out; the hold still hurts; the timer runs out.
    const r4 = end(ctx({ round: 4, holds: [strangle], timers: r3.timers }), dice());
    expect(keys(r4.lines)).toEqual(["WC.Round.keptHoldHurts", "WC.Round.wakes"]);
    expect(r4.lines[1]).toEqual({ key: "WC.Round.wakes", params: { who: "t" } });
    expect(r4.consequences.conditions).toEqual([{ targetId: "t", condition: "unconscious", active: false }]);
    expect(r4.timers).toEqual([]);
  });
});

describe("percentile roundEnd: healing, timers and releases", () => {
  it("heals 1 non-lethal point a round; a creature whose total drops below its hit points comes to", () => {
    const r = end(ctx({ ledgers: { t: ledger(10, 1, 3) } }), dice());
    expect(r.consequences.damage).toEqual([{ targetId: "t", actual: 0, temporary: -1, reason: "WC.Round.recovery" }]);
    expect(r.lines).toEqual([{ key: "WC.Round.recovered", params: { who: "t", n: 1 } }]);
    expect(r.consequences.conditions).toEqual([]);
    // 2 + 8 = 10 of 10: out for 1 round; 2 + 7 = 9 after healing: awake.
    const wake = end(ctx({ ledgers: { t: ledger(10, 2, 8) } }), dice());
    expect(wake.lines).toEqual([
      { key: "WC.Round.recovered", params: { who: "t", n: 1 } },
      { key: "WC.Round.wakes", params: { who: "t" } },
    ]);
    expect(wake.consequences.conditions).toEqual([{ targetId: "t", condition: "unconscious", active: false }]);
  });

  it("a 1-round stun from an earlier round runs out at this round end; one begun this round lasts to the next (timerStart nextRoundEnd)", () => {
    const stun: Timer = { id: "t", condition: "stunned", remaining: 1, unit: "rounds" };
    const r = end(ctx({ round: 3, timers: [stun] }), dice());
    expect(r.lines).toEqual([{ key: "WC.Round.stunOver", params: { who: "t" } }]);
    expect(r.consequences.conditions).toEqual([{ targetId: "t", condition: "stunned", active: false }]);
    expect(r.timers).toEqual([]);
    // Ten segments are a round.
    expect(end(ctx({ round: 3, timers: [{ ...stun, remaining: 10, unit: "segments" }] }), dice()).timers).toEqual([]);
    // Two rounds: one left.
    expect(end(ctx({ round: 3, timers: [{ ...stun, remaining: 2 }] }), dice()).timers).toEqual([{ id: "t", condition: "stunned", remaining: 1, unit: "rounds", appliedRound: 2 }]);
    // Begun in round 3 (the round that just ended): not counted yet.
    const fresh = { ...stun, appliedRound: 3 };
    const kept = end(ctx({ round: 3, timers: [fresh] }), dice());
    expect(kept.timers).toEqual([fresh]);
    expect(kept.lines).toEqual([]);
    expect(kept.consequences.conditions).toEqual([]);
  });

  it("a holder out cold lets go before any hold damage; grappled and pinned end", () => {
    // h is unconscious for 2 more rounds; t may be attacked by only 1, so h's hold pins it.
    const out: Timer = { id: "h", condition: "unconscious", remaining: 2, unit: "rounds" };
    const c = ctx({ participants: [who("h"), who("t", { maxMeleeAttackers: 1 })], holds: [holdRec("h", "t", 4)], ledgers: { t: ledger(10) }, timers: [out] });
    const r = end(c, dice());
    expect(r.consequences.holdsRemoved).toEqual(["h>t@1"]);
    expect(r.consequences.damage).toEqual([]);
    expect(r.lines).toEqual([{ key: "WC.Round.letGo", params: { holder: "h", target: "t", hold: "WC.Hold.bearHug" } }]);
    expect(r.consequences.conditions).toEqual([
      { targetId: "h", condition: "grappled", active: false },
      { targetId: "t", condition: "grappled", active: false },
      { targetId: "t", condition: "pinned", active: false },
    ]);
    expect(r.timers).toEqual([{ id: "h", condition: "unconscious", remaining: 1, unit: "rounds", appliedRound: 1 }]);
  });

  it("a holder knocked out by the other's strangle lets go after it (mutual holds)", () => {
    // t strangles h (gained round 1); h holds t in an Arm lock. End of round 2: 10%, d100 3.
    const c = ctx({ holds: [holdRec("h", "t", 2), holdRec("t", "h", 6)] });
    const r = end(c, dice([100, 3]));
    expect(keys(r.lines)).toEqual(["WC.Round.keptHoldHurts", "WC.Round.keptHoldHurts", "WC.Round.chokedOut", "WC.Round.letGo"]);
    expect(r.consequences.holdsRemoved).toEqual(["h>t@1"]);
    expect(r.consequences.conditions).toContainEqual({ targetId: "h", condition: "unconscious", active: true, rounds: 1 });
  });
});

describe("percentile roundEnd: bad input", () => {
  it("refuses timers on conditions 004 does not time, bad profiles and holds that do not match their record", () => {
    const err = (c: RoundContext) => {
      try {
        v.roundEnd(c, o, dice());
      } catch (e) {
        expect(e).toBeInstanceOf(RulesInputError);
        return (e as RulesInputError).issues.map((i) => `${i.path}:${i.code}`);
      }
      throw new Error("no error");
    };
    expect(err(ctx({ timers: [{ id: "t", condition: "hasted" as never, remaining: 1, unit: "rounds" }] }))).toEqual(["timers[0].condition:notOneOf"]);
    expect(err(ctx({ timers: [{ id: "t", condition: "stunned", remaining: 1, unit: "rounds" }, { id: "t", condition: "prone", remaining: 0, unit: "rounds" }] }))).toEqual(["timers[1].remaining:outOfRange"]);
    expect(err(ctx({ participants: [who("h"), who("t", { dexterity: 0 })] }))).toEqual(["participants[1].dexterity:outOfRange"]);
    const bad = holdRec("h", "t", 2);
    expect(err(ctx({ holds: [{ ...bad, heldId: "x" }] }))).toEqual(["holds[0].data.heldId:holdMismatch"]);
    expect(err(ctx({ participants: [who("h"), who("h")] }))).toEqual(["participants[1].id:duplicateId"]);
    expect(err(ctx({ ledgers: { t: ledger(0) } }))).toEqual(["ledgers.t.maxHp:outOfRange"]);
  });
});

describe("percentile roundEnd: texts", () => {
  it("every key used has a text in lang/en.json or in this task's fragment; the fragment changes no text already there", () => {
    expect(emitted.size).toBeGreaterThan(8);
    expect([...emitted].filter((k) => typeof lookup(lang, k) !== "string" && typeof lookup(fragment, k) !== "string")).toEqual([]);
    const round = Object.entries((lookup(fragment, "WC.Round") ?? {}) as Record<string, unknown>);
    for (const [, text] of round) expect(typeof text).toBe("string");
    expect(round.filter(([k, text]) => lookup(lang, `WC.Round.${k}`) !== undefined && lookup(lang, `WC.Round.${k}`) !== text)).toEqual([]);
  });
});
