// The end of a round in variant percentile: hold damage, strangle knock-outs (digest §8.2 [DEFAULT]),
// non-lethal healing a point a round (004 §Grapple Damage), timers, releases and pins.
import { describe, expect, it } from "vitest";
import { ScriptedDice } from "../../../src/rules/core/dice.ts";
import { lookup } from "../../../src/rules/core/table.ts";
import type { Hold, PercentileOptions } from "../../../src/rules/percentile/index.ts";
import { defaultCombatant, GRAPPLING_TABLE, PERCENTILE_DEFAULTS, resolveRoundEnd, roundEndOdds } from "../../../src/rules/percentile/index.ts";

const o = PERCENTILE_DEFAULTS;
const c = defaultCombatant;
const dice = (...faces: Array<[number, number]>) => new ScriptedDice(faces);
const hold = (holderId: string, heldId: string, total: number, over: Partial<Hold> = {}): Hold => ({
  id: `${holderId}>${heldId}`,
  holderId,
  heldId,
  row: lookup(GRAPPLING_TABLE, total),
  original: true,
  special: false,
  roundGained: 1,
  ...over,
});
const fresh = (maxHp = 10) => ({ maxHp, actual: 0, temporary: 0 });
const h = c("h");
const t = c("t");

describe("hold damage", () => {
  it("a Bear hug kept from round 1 deals 3 (1 lethal, 2 non-lethal) at the end of round 2; then a point heals", () => {
    const r = resolveRoundEnd({ round: 2, combatants: [h, t], holds: [hold("h", "t", 60)], ledgers: { t: fresh() } }, o, dice());
    expect(r.events.map((e) => e.kind)).toEqual(["holdDamage", "healed"]);
    expect(r.events[0]).toMatchObject({ holdId: "h>t", damage: { base: 3, split: { total: 3, actual: 1, temporary: 2 } } });
    expect(r.ledgers.t).toEqual({ maxHp: 10, actual: 1, temporary: 1 });
  });

  it("no round-end damage from a hold made this round, from a joiner's hold, or with the option off", () => {
    const now = resolveRoundEnd({ round: 1, combatants: [h, t], holds: [hold("h", "t", 60)], ledgers: { t: fresh() } }, o, dice());
    expect(now.events).toEqual([]);
    const joiner = resolveRoundEnd({ round: 2, combatants: [h, t], holds: [hold("h", "t", 60, { original: false })], ledgers: { t: fresh() } }, o, dice());
    expect(joiner.events).toEqual([]);
    const off: PercentileOptions = { ...o, maintainedHoldDamage: "none" };
    expect(resolveRoundEnd({ round: 2, combatants: [h, t], holds: [hold("h", "t", 60)], ledgers: { t: fresh() } }, off, dice()).events).toEqual([]);
  });

  it("a special ability's hold hurts in full; a torso grab does nothing; no ledger, no book-keeping", () => {
    const r = resolveRoundEnd({ round: 2, combatants: [h, t], holds: [hold("h", "t", 60, { special: true })], ledgers: { t: fresh() } }, o, dice());
    expect(r.ledgers.t).toEqual({ maxHp: 10, actual: 3, temporary: 0 });
    expect(resolveRoundEnd({ round: 2, combatants: [h, t], holds: [hold("h", "t", 10)] }, o, dice()).events).toEqual([]);
    const noLedger = resolveRoundEnd({ round: 2, combatants: [h, t], holds: [hold("h", "t", 60)] }, o, dice());
    expect(noLedger.events.map((e) => e.kind)).toEqual(["holdDamage"]);
    expect(noLedger.ledgers).toEqual({});
  });
});

describe("strangle hold", () => {
  const strangle = hold("h", "t", 90);
  it("5% a round, cumulative: held since round 1, at the end of round 3 the chance is 15%", () => {
    const ko = resolveRoundEnd({ round: 3, combatants: [h, t], holds: [strangle] }, o, dice([100, 15]));
    expect(ko.events[1]).toMatchObject({ kind: "strangle", roundsHeld: 3, pct: 15, die: { face: 15 }, knockedOut: true });
    expect(ko.timers).toEqual([{ id: "t", condition: "unconscious", rounds: 1, appliedRound: 3 }]);
    expect(ko.unconscious).toEqual(["t"]);
    const not = resolveRoundEnd({ round: 3, combatants: [h, t], holds: [strangle] }, o, dice([100, 16]));
    expect(not.events[1]).toMatchObject({ kind: "strangle", knockedOut: false });
    expect(not.timers).toEqual([]);
  });

  it("the round it is gained it is 5%; the chance stops at 100%; option 0 turns it off", () => {
    const first = resolveRoundEnd({ round: 4, combatants: [h, t], holds: [hold("h", "t", 90, { roundGained: 4 })] }, o, dice([100, 6]));
    expect(first.events[0]).toMatchObject({ kind: "strangle", roundsHeld: 1, pct: 5, knockedOut: false });
    const long = resolveRoundEnd({ round: 30, combatants: [h, t], holds: [strangle] }, { ...o, maintainedHoldDamage: "none" }, dice([100, 100]));
    expect(long.events[0]).toMatchObject({ pct: 100, knockedOut: true });
    expect(resolveRoundEnd({ round: 3, combatants: [h, t], holds: [strangle] }, { ...o, strangleKoPct: 0, maintainedHoldDamage: "none" }, dice()).events).toEqual([]);
  });

  it("no roll for a creature already out; one knock-out spares the second strangler's roll", () => {
    const out = c("t", { conditions: ["unconscious"] });
    expect(resolveRoundEnd({ round: 3, combatants: [h, out], holds: [strangle] }, { ...o, maintainedHoldDamage: "none" }, dice()).events).toEqual([]);
    const j = c("j");
    const two = [hold("h", "t", 90), hold("j", "t", 90, { original: false })];
    const r = resolveRoundEnd({ round: 2, combatants: [h, j, t], holds: two }, { ...o, maintainedHoldDamage: "none" }, dice([100, 1]));
    expect(r.events.map((e) => e.kind)).toEqual(["strangle"]);
  });

  it("exact odds of the knock-out: 15% for one hold, 1 - 0.85 x 0.9 for two", () => {
    const one = roundEndOdds({ round: 3, combatants: [h, t], holds: [strangle] }, o);
    expect(one.strangle).toEqual([{ holdId: "h>t", heldId: "t", roundsHeld: 3, pct: 15, p: 0.15, pAwake: 1 }]);
    expect(one.knockedOut.t).toBeCloseTo(0.15, 12);
    const j = c("j");
    const two = [hold("h", "t", 90), hold("j", "t", 90, { original: false, roundGained: 2 })];
    const odds = roundEndOdds({ round: 3, combatants: [h, j, t], holds: two }, o);
    expect(odds.knockedOut.t).toBeCloseTo(1 - 0.85 * 0.9, 12);
  });
});

describe("a grab's own figure is dealt before anyone is judged awake for a strangle roll", () => {
  // A monster's grab that made a Strangle hold in round 1 (the row for 86-95), its stated 2d4 in
  // the hold's damage slot; all of it lethal (004 §Grapple Damage: a special ability's is not split).
  const grabbed = hold("h", "t", 90, { special: true, roundDamage: { count: 2, sides: 4, bonus: 0 } });

  it("knocked out by it: 2d4 = 3 + 2 = 5 lethal on 6 non-lethal of 10 is 11 (out); no strangle roll; a point heals, still out a round", () => {
    const s = dice([4, 3], [4, 2]);
    const r = resolveRoundEnd({ round: 2, combatants: [h, t], holds: [grabbed], ledgers: { t: { maxHp: 10, actual: 0, temporary: 6 } } }, o, s);
    expect(s.remaining).toBe(0);
    expect(r.events.map((e) => e.kind)).toEqual(["holdDamage", "healed", "vitality"]);
    expect(r.events[0]).toMatchObject({ kind: "holdDamage", holdId: "h>t", damage: { split: { total: 5, actual: 5, temporary: 0 } } });
    // 5 + 6 = 11 against 10: out; the heal takes the non-lethal to 5, 5 + 5 = 10: out one round.
    expect(r.ledgers.t).toEqual({ maxHp: 10, actual: 5, temporary: 5 });
    expect(r.events[2]).toEqual({ kind: "vitality", id: "t", before: { kind: "conscious" }, after: { kind: "unconscious", rounds: 1 } });
    expect(r.timers).toEqual([]);
    expect(r.unconscious).toEqual(["t"]);
  });

  it("not knocked out by it: 2d4 = 1 + 2 = 3 of 20; then the roll at 5% x 2 rounds = 10%: a 10 knocks out, an 11 does not", () => {
    const ledgers = { t: { maxHp: 20, actual: 0, temporary: 0 } };
    const ko = resolveRoundEnd({ round: 2, combatants: [h, t], holds: [grabbed], ledgers }, o, dice([4, 1], [4, 2], [100, 10]));
    expect(ko.events.map((e) => e.kind)).toEqual(["holdDamage", "strangle"]);
    expect(ko.events[0]).toMatchObject({ damage: { split: { total: 3, actual: 3, temporary: 0 } } });
    expect(ko.events[1]).toMatchObject({ kind: "strangle", roundsHeld: 2, pct: 10, die: { face: 10 }, knockedOut: true });
    expect(ko.ledgers.t).toEqual({ maxHp: 20, actual: 3, temporary: 0 });
    expect(ko.timers).toEqual([{ id: "t", condition: "unconscious", rounds: 1, appliedRound: 2 }]);
    const not = resolveRoundEnd({ round: 2, combatants: [h, t], holds: [grabbed], ledgers }, o, dice([4, 1], [4, 2], [100, 11]));
    expect(not.events[1]).toMatchObject({ kind: "strangle", pct: 10, knockedOut: false });
    expect(not.unconscious).toEqual([]);
  });

  it("one already out (a knock-out timer still running) takes the figure all the same and is not rolled for", () => {
    const out = [{ id: "t", condition: "unconscious" as const, rounds: 1, appliedRound: 2 }];
    const s = dice([4, 2], [4, 2]);
    const r = resolveRoundEnd({ round: 2, combatants: [h, t], holds: [grabbed], timers: out, ledgers: { t: { maxHp: 20, actual: 0, temporary: 0 } } }, o, s);
    expect(s.remaining).toBe(0);
    expect(r.events.map((e) => e.kind)).toEqual(["holdDamage"]);
    expect(r.ledgers.t).toEqual({ maxHp: 20, actual: 4, temporary: 0 });
  });

  it("odds: 6 + 2d4 stays under 10 only on 2 or 3 (1 + 2 of 16 ways): awake 3/16, so the 10% roll knocks out 3/16 x 0.1 = 0.01875", () => {
    const odds = roundEndOdds({ round: 2, combatants: [h, t], holds: [grabbed], ledgers: { t: { maxHp: 10, actual: 0, temporary: 6 } } }, o);
    expect(odds.strangle).toEqual([{ holdId: "h>t", heldId: "t", roundsHeld: 2, pct: 10, p: 0.1, pAwake: 3 / 16 }]);
    expect(odds.knockedOut.t).toBeCloseTo(0.01875, 12);
    // No damage book: the figure cannot knock it out; the roll is the whole chance.
    expect(roundEndOdds({ round: 2, combatants: [h, t], holds: [grabbed] }, o).knockedOut.t).toBeCloseTo(0.1, 12);
    // 8 or more already taken of 10: 2d4 (at least 2) always knocks it out first; no roll is listed.
    const sure = roundEndOdds({ round: 2, combatants: [h, t], holds: [grabbed], ledgers: { t: { maxHp: 10, actual: 0, temporary: 8 } } }, o);
    expect(sure.strangle).toEqual([]);
    expect(sure.knockedOut).toEqual({});
  });
});

describe("timers, healing, releases and pins", () => {
  it("a 1-round stun from this round lasts through the next; the other option ends it now", () => {
    const timers = [{ id: "t", condition: "stunned" as const, rounds: 1, appliedRound: 2 }];
    expect(resolveRoundEnd({ round: 2, combatants: [h, t], holds: [], timers }, o, dice()).timers).toEqual(timers);
    const next = resolveRoundEnd({ round: 3, combatants: [h, t], holds: [], timers }, o, dice());
    expect(next.timers).toEqual([]);
    expect(next.events).toEqual([{ kind: "timerExpired", id: "t", condition: "stunned" }]);
    expect(resolveRoundEnd({ round: 2, combatants: [h, t], holds: [], timers }, { ...o, timerStart: "sameRoundEnd" }, dice()).timers).toEqual([]);
    const long = resolveRoundEnd({ round: 5, combatants: [h, t], holds: [], timers: [{ id: "t", condition: "hindered", rounds: 3, appliedRound: 1 }] }, o, dice());
    expect(long.timers).toEqual([{ id: "t", condition: "hindered", rounds: 2, appliedRound: 1 }]);
  });

  it("non-lethal heals a point a round and the unconscious count follows; zero hit points heal nothing", () => {
    const r = resolveRoundEnd({ round: 2, combatants: [h, t], holds: [], ledgers: { t: { maxHp: 10, actual: 2, temporary: 9 }, h: { maxHp: 5, actual: 5, temporary: 2 } } }, o, dice());
    expect(r.ledgers.t).toEqual({ maxHp: 10, actual: 2, temporary: 8 });
    expect(r.vitality.t).toEqual({ kind: "unconscious", rounds: 1 });
    expect(r.events).toContainEqual({ kind: "vitality", id: "t", before: { kind: "unconscious", rounds: 2 }, after: { kind: "unconscious", rounds: 1 } });
    expect(r.ledgers.h).toEqual({ maxHp: 5, actual: 5, temporary: 2 });
    const wake = resolveRoundEnd({ round: 2, combatants: [h, t], holds: [], ledgers: { t: { maxHp: 10, actual: 0, temporary: 10 } } }, o, dice());
    expect(wake.vitality.t).toEqual({ kind: "conscious" });
  });

  it("a holder out cold lets go before the round-end damage; one knocked out by it lets go after", () => {
    const out = [{ id: "h", condition: "unconscious" as const, rounds: 2, appliedRound: 1 }];
    const r = resolveRoundEnd({ round: 2, combatants: [h, t], holds: [hold("h", "t", 60)], timers: out, ledgers: { t: fresh() } }, o, dice());
    expect(r.events[0]).toEqual({ kind: "released", holdId: "h>t", holderId: "h", heldId: "t" });
    expect(r.holds).toEqual([]);
    expect(r.ledgers.t).toEqual(fresh());
    // Mutual holds: t's Gouge (8) on h knocks h out (max 4); h's hold goes at the end.
    const both = [hold("h", "t", 30), hold("t", "h", 99)];
    const r2 = resolveRoundEnd({ round: 2, combatants: [h, t], holds: both, ledgers: { h: fresh(4) } }, o, dice());
    expect(r2.events.filter((e) => e.kind === "released")).toEqual([{ kind: "released", holdId: "h>t", holderId: "h", heldId: "t" }]);
    expect(r2.holds.map((x) => x.id)).toEqual(["t>h"]);
  });

  it("lists the pinned: as many holders as may attack", () => {
    const small = c("t", { maxMeleeAttackers: 2 });
    const j = c("j");
    const r = resolveRoundEnd({ round: 1, combatants: [h, j, small], holds: [hold("h", "t", 10), hold("j", "t", 10, { original: false })] }, o, dice());
    expect(r.pinned).toEqual(["t"]);
    expect(resolveRoundEnd({ round: 1, combatants: [h, j, small], holds: [hold("h", "t", 10)] }, o, dice()).pinned).toEqual([]);
  });

  it("holds naming creatures not in the round are dropped", () => {
    const r = resolveRoundEnd({ round: 2, combatants: [t], holds: [hold("x", "t", 60)] }, o, dice());
    expect(r.holds).toEqual([]);
  });
});
