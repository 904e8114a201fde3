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
    expect(one.strangle).toEqual([{ holdId: "h>t", heldId: "t", roundsHeld: 3, pct: 15, p: 0.15 }]);
    expect(one.knockedOut.t).toBeCloseTo(0.15, 12);
    const j = c("j");
    const two = [hold("h", "t", 90), hold("j", "t", 90, { original: false, roundGained: 2 })];
    const odds = roundEndOdds({ round: 3, combatants: [h, j, t], holds: two }, o);
    expect(odds.knockedOut.t).toBeCloseTo(1 - 0.85 * 0.9, 12);
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
