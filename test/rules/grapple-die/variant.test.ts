// The grapple-die variant (source 002) behind the shell interface. Expected numbers are worked
// out by hand from 002 and the rules digest (§6, §8.1 defaults), not read off the code.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isRefusalKey, RulesInputError, rowFor, ScriptedDice, SeededDice } from "../../../src/rules/index.ts";
import type { ActionContext, HoldRecord, OddsOutcome, Participant, Resolution, ShellAction } from "../../../src/rules/index.ts";
import * as gd from "../../../src/rules/grapple-die/index.ts";
import { grappleDieVariant as v } from "../../../src/rules/grapple-die/variant.ts";
import { combatantArb, holdArb, optionsArb } from "./arbitraries.ts";

const o = v.resolveOptions(undefined);
const profile = (over: Record<string, unknown> = {}): Record<string, unknown> => ({ ...v.defaultProfile(), ...over });
const shortSword = { kind: "weapon", lengthFt: 2, damage: { count: 1, sides: 6 }, damageBonus: 0, toHitBonus: 0 };

// THAC0 15 with Strength 17 (+1 to hit, +1 damage); man-sized, AC 10, unarmed.
const fighter: Participant = { id: "f", profile: profile({ toHit: { kind: "thac0", thac0: 15 }, strength: { score: 17 } }) };
// A small goblin, AC 6, THAC0 20, short sword in hand; 4 ft and 60 lb.
const goblin: Participant = { id: "g", profile: profile({ kind: "monster", size: "S", heightFt: 4, weightLb: 60, ac: 6, readiedAttack: shortSword }) };
// Two plain unarmed men (AC 10, THAC0 20, save vs Breath 17).
const man: Participant = { id: "m", profile: profile() };
const man2: Participant = { id: "n", profile: profile() };

const ctx = (over: Partial<ActionContext>): ActionContext => ({ action: "grapple", attacker: fighter, defender: goblin, declared: {}, holds: [], round: 1, inCombat: true, ...over });

/** A hold read off the default table at adjusted die `die` (002 has no table: digest §8.1). */
function holdRec(holderId: string, heldId: string, die: number, over: Partial<gd.Hold> = {}): HoldRecord {
  const row = rowFor(gd.GRAPPLE_DIE_TABLE, die).result;
  if (row.kind !== "hold") throw new Error("not a hold row");
  return gd.holdRecord({
    id: `${holderId}>${heldId}@1.1`,
    holderId,
    heldId,
    die,
    name: row.name,
    damage: row.damage,
    effects: row.effects,
    holderSize: "M",
    heldSize: "M",
    roundGained: 1,
    ...over,
  });
}

function run(c: ActionContext, faces: Array<[number, number]>, options: unknown = o): Resolution {
  const dice = new ScriptedDice(faces);
  const r = v.resolve(c, options, dice);
  expect(dice.remaining).toBe(0);
  return r;
}

function expectOdds(actual: readonly OddsOutcome[], expected: ReadonlyArray<{ key: string; params?: Record<string, string | number>; p: number }>): void {
  expect(actual.map((x) => ({ key: x.key, params: x.params }))).toEqual(expected.map((x) => ({ key: x.key, params: x.params })));
  actual.forEach((x, i) => expect(x.p).toBeCloseTo(expected[i]?.p ?? NaN, 12));
}

const sum = (list: readonly OddsOutcome[]) => list.reduce((s, x) => s + x.p, 0);

describe("grapple-die as a RulesVariant", () => {
  it("has 002's actions and no lift-off or charging overbear", () => {
    expect(v.id).toBe("grapple-die");
    expect(v.source).toBe("002");
    expect([...v.actions].sort()).toEqual(["attackIntoGrapple", "breakFree", "counterGrapple", "coupDeGrace", "grab", "grabItem", "grapple", "overbear", "pummel", "release", "standUp", "subdue"]);
    expect(v.situational("grapple").map((s) => s.key)).toEqual(["toHitBonus", "dieBonus", "freeAttack", "targetSurprised", "slickTarget", "changeHold"]);
    expect(v.situational("overbear").map((s) => s.key)).toEqual(["toHitBonus", "immediateAttack", "terrain", "saveBonus", "overbearEffect"]);
    expect(v.situational("release")).toEqual([]);
    expect(v.situational("liftOff")).toEqual([]);
  });
});

describe("grapple (002 §Grapple Procedure)", () => {
  it("free attack misses, to-hit hits, grapple die 12 is a head lock doing 1d2 at once", () => {
    // Free attack: goblin THAC0 20 against the fighter's normal AC 10 needs 10; d20 5 misses.
    // To hit: AC 6 needs 15 - 6 = 9; d20 8 + Str 1 = 9 hits.
    // Die: d20 8 + 1 (one size larger) + 1 (Str) + 2 (GM) = 12 -> head lock (12-13), 1d2: 2.
    const r = run(ctx({ declared: { dieBonus: 2 } }), [[20, 5], [20, 8], [20, 8], [2, 2]]);
    expect(r.headline).toEqual({ key: "WC.Result.hold", params: { part: "headLock" } });
    expect(r.consequences.holdsAdded).toHaveLength(1);
    expect(r.consequences.holdsAdded[0]).toMatchObject({ id: "f>g@1.1", holderId: "f", heldId: "g", label: "WC.Hold.headLock", data: { die: 12 } });
    expect(r.consequences.damage).toEqual([{ targetId: "g", actual: 2, temporary: 0, reason: "WC.Action.grapple" }]);
    expect(r.consequences.conditions).toEqual([]);
  });

  it("T002-01: a free attack that draws blood foils the attempt and hurts the grappler", () => {
    // d20 10 meets the 10 needed; the short sword's d6 shows 4.
    const r = run(ctx({}), [[20, 10], [6, 4]]);
    expect(r.headline.key).toBe("WC.Result.lost");
    expect(r.consequences.holdsAdded).toEqual([]);
    expect(r.consequences.damage).toEqual([{ targetId: "f", actual: 4, temporary: 0, reason: "WC.Purpose.freeAttackDamage" }]);
    // Reported by the table instead: foiled with no dice, the damage is the table's own.
    const reported = run(ctx({ declared: { freeAttack: "hurt" } }), []);
    expect(reported.headline.key).toBe("WC.Result.lost");
    expect(reported.consequences.damage).toEqual([]);
    expect(v.odds(ctx({ declared: { freeAttack: "hurt" } }), o)).toEqual([{ key: "WC.Result.lost", p: 1, tone: "bad" }]);
  });

  it("a surprised target gets no free attack; a miss on the to-hit", () => {
    // Straight to the to-hit: d20 1 + 1 = 2 against 9.
    const r = run(ctx({ declared: { targetSurprised: true, freeAttack: "hurt" } }), [[20, 1]]);
    expect(r.headline.key).toBe("WC.Result.miss");
    expect(r.consequences).toEqual({ holdsAdded: [], holdsRemoved: [], damage: [], conditions: [], notes: [] });
  });

  it("a slick target costs 2 on the die: 2 + 1 + 1 - 2 = 2 slips", () => {
    const r = run(ctx({ declared: { slickTarget: true, freeAttack: "harmless" } }), [[20, 8], [20, 2]]);
    expect(r.headline.key).toBe("WC.Result.slip");
    expect(r.consequences.holdsAdded).toEqual([]);
  });

  it("T002-03: another grappler already holding adds 1; the held target is +4 to hit; 18 throws and pins", () => {
    const other = holdRec("h", "g", 6, { id: "h>g@1.1", heldSize: "S" });
    // Free attack misses (d20 1). To hit: 4 + 1 Str + 4 target in a grapple = 9 against 9.
    // Die: 15 + 1 size + 1 Str + 1 other grappler = 18 -> throw/pin (prone, 1d4): 3.
    const r = run(ctx({ holds: [other], round: 2 }), [[20, 1], [20, 4], [20, 15], [4, 3]]);
    expect(r.headline).toEqual({ key: "WC.Result.hold", params: { part: "throwPin" } });
    expect(r.consequences.holdsAdded[0]?.id).toBe("f>g@2.1");
    expect(r.consequences.damage).toEqual([{ targetId: "g", actual: 3, temporary: 0, reason: "WC.Action.grapple" }]);
    expect(r.consequences.conditions).toEqual([{ targetId: "g", condition: "prone", active: true }]);
  });

  it("odds: free attack, to-hit and die rows multiply out", () => {
    // Free attack foils on d20 10+ (11/20; the d6 always deals 1+). Else to-hit 8+ (13/20).
    // Die +2 (size, Str), so no face slips; rows by face: clinch 1-3, arm hold 4-5, leg hold 6-7,
    // arm lock 8-9, head lock 10-11, bear hug 12-13, strangle 14-15, throw 16-17, gouge 18-20.
    const go = (9 / 20) * (13 / 20);
    expectOdds(v.odds(ctx({}), o), [
      { key: "WC.Result.lost", p: 11 / 20 },
      { key: "WC.Result.miss", p: (9 / 20) * (7 / 20) },
      ...(
        [
          ["clinch", 3],
          ["armHold", 2],
          ["legHold", 2],
          ["armLock", 2],
          ["headLock", 2],
          ["bearHug", 2],
          ["strangleHold", 2],
          ["throwPin", 2],
          ["gouge", 3],
        ] as const
      ).map(([part, n]) => ({ key: "WC.Result.hold", params: { part }, p: (go * n) / 20 })),
    ]);
  });

  it("changing a hold replaces it under the same id; a slip on the new die loses it", () => {
    const clinch = holdRec("f", "g", 4, { heldSize: "S" });
    // New die: 9 + 1 size + 1 Str = 11 -> arm lock (1d2: 1); the old hold is not counted.
    const r = run(ctx({ holds: [clinch], round: 2, declared: { changeHold: true } }), [[20, 9], [2, 1]]);
    expect(r.headline).toEqual({ key: "WC.Result.hold", params: { part: "armLock" } });
    expect(r.consequences.holdsRemoved).toEqual(["f>g@1.1"]);
    expect(r.consequences.holdsAdded[0]).toMatchObject({ id: "f>g@1.1", label: "WC.Hold.armLock", data: { die: 11, roundGained: 2 } });
    // 1 + 2 - 3 (GM) = 0: slip, the hold is lost.
    const lost = run(ctx({ holds: [clinch], declared: { changeHold: true, dieBonus: -3 } }), [[20, 1]]);
    expect(lost.headline.key).toBe("WC.Result.holdLost");
    expect(lost.consequences.holdsRemoved).toEqual(["f>g@1.1"]);
    expect(lost.consequences.holdsAdded).toEqual([]);
    // Option keep-better, against a bear hug of 14: the new 5 + 2 = 7 is no better, so it stays.
    const hug = holdRec("f", "g", 14, { heldSize: "S" });
    const kept = run(ctx({ holds: [hug], declared: { changeHold: true } }), [[20, 5]], { changedHold: "keepBetter" });
    expect(kept.headline.key).toBe("WC.Result.holdKept");
    expect(kept.consequences.holdsRemoved).toEqual([]);
    // Odds of keep-better against 14: totals 3..22, kept when 14 or less: 12/20.
    const odds = v.odds(ctx({ holds: [hug], declared: { changeHold: true } }), { changedHold: "keepBetter" });
    expect(odds.find((x) => x.key === "WC.Result.holdKept")?.p).toBeCloseTo(12 / 20, 12);
    expect(sum(odds)).toBeCloseTo(1, 12);
  });

  it("refuses a second hold on the same target unless changing, and a change with no hold", () => {
    const clinch = holdRec("f", "g", 4);
    expect(() => v.resolve(ctx({ holds: [clinch] }), o, new ScriptedDice([]))).toThrow(/alreadyHolds/);
    expect(() => v.odds(ctx({ declared: { changeHold: true } }), o)).toThrow(/holdsNothing/);
  });

  it("bad declared values are refused, naming the box", () => {
    try {
      v.resolve(ctx({ declared: { dieBonus: 99 } }), o, new ScriptedDice([]));
      expect.unreachable();
    } catch (e) {
      expect((e as RulesInputError).issues[0]).toMatchObject({ path: "declared.dieBonus", code: "outOfRange" });
    }
    expect(() => v.odds(ctx({ declared: { freeAttack: "maybe" } }), o)).toThrow(RulesInputError);
    expect(() => v.odds(ctx({ action: "overbear", declared: { terrain: 2 } }), o)).toThrow(RulesInputError);
    expect(() => v.odds(ctx({ defender: { ...goblin, id: "f" } }), o)).toThrow(/attacksItself/);
  });
});

describe("counter-grapple (002 §Defender Attempts to Counter-Grapple)", () => {
  const clinch = holdRec("f", "g", 4, { heldSize: "S" });
  it("no to-hit roll: the held goblin's die 16 - 2 (a size smaller) = 14 is a bear hug on its holder", () => {
    const r = run(ctx({ action: "counterGrapple", attacker: goblin, defender: fighter, holds: [clinch] }), [[20, 16], [3, 2]]);
    expect(r.headline).toEqual({ key: "WC.Result.hold", params: { part: "bearHug" } });
    expect(r.consequences.holdsAdded[0]).toMatchObject({ id: "g>f@1.1", holderId: "g", heldId: "f" });
    expect(r.consequences.damage).toEqual([{ targetId: "f", actual: 2, temporary: 0, reason: "WC.Action.grapple" }]);
    // Faces 1-4 slip (total 2 or less): 4/20.
    const odds = v.odds(ctx({ action: "counterGrapple", attacker: goblin, defender: fighter, holds: [clinch] }), o);
    expect(odds[0]?.key).toBe("WC.Result.slip");
    expect(odds[0]?.p).toBeCloseTo(4 / 20, 12);
    expect(sum(odds)).toBeCloseTo(1, 12);
  });
  it("only a creature the target holds can counter", () => {
    expect(() => v.resolve(ctx({ action: "counterGrapple" }), o, new ScriptedDice([]))).toThrow(/notHeldByTarget/);
  });
});

describe("break free and release (002 §Defender Attempts to Break the Hold)", () => {
  const hug = holdRec("m", "n", 14);
  const breakCtx = (over: Partial<ActionContext> = {}) => ctx({ action: "breakFree", attacker: man2, defender: man, holds: [hug], ...over });

  it("T002-02: against a 14, a 14 breaks, a 13 holds, a 9 drops everyone in the grapple", () => {
    const broke = run(breakCtx(), [[20, 14]]);
    expect(broke.headline.key).toBe("WC.Result.brokeFree");
    expect(broke.consequences.holdsRemoved).toEqual(["m>n@1.1"]);
    const held = run(breakCtx(), [[20, 13]]);
    expect(held.headline.key).toBe("WC.Result.stillHeld");
    expect(held.consequences).toEqual({ holdsAdded: [], holdsRemoved: [], damage: [], conditions: [], notes: [] });
    const fumble = run(breakCtx(), [[20, 9]]);
    expect(fumble.headline.key).toBe("WC.Result.allProne");
    expect(fumble.consequences.holdsRemoved).toEqual([]);
    expect(fumble.consequences.conditions).toEqual([
      { targetId: "n", condition: "prone", active: true },
      { targetId: "m", condition: "prone", active: true },
    ]);
    // 14+ breaks: 7/20; 10-13 holds: 4/20; 9 or less falls: 9/20.
    expectOdds(v.odds(breakCtx(), o), [
      { key: "WC.Result.allProne", p: 9 / 20 },
      { key: "WC.Result.stillHeld", p: 4 / 20 },
      { key: "WC.Result.brokeFree", p: 7 / 20 },
    ]);
  });

  it("a small goblin breaking a man's arm hold (6) rolls at -2, +1 from the GM", () => {
    const arm = holdRec("f", "g", 6, { heldSize: "S" });
    // d20 - 1 >= 6 breaks: faces 7-20 (14/20); short by 5+ on faces 1-2; held on 3-6.
    expectOdds(v.odds(ctx({ action: "breakFree", attacker: goblin, defender: fighter, holds: [arm], declared: { dieBonus: 1 } }), o), [
      { key: "WC.Result.allProne", p: 2 / 20 },
      { key: "WC.Result.stillHeld", p: 4 / 20 },
      { key: "WC.Result.brokeFree", p: 14 / 20 },
    ]);
  });

  it("picks the named hold when held by several, and refuses one not on the attacker", () => {
    const other = holdRec("m", "n", 4, { id: "m>n@2.1", roundGained: 2 });
    const r = run(breakCtx({ holds: [hug, other], holdId: "m>n@2.1" }), [[20, 4]]);
    expect(r.consequences.holdsRemoved).toEqual(["m>n@2.1"]);
    expect(() => v.resolve(breakCtx({ holdId: "nope" }), o, new ScriptedDice([]))).toThrow(/noSuchHold/);
    expect(() => v.resolve(breakCtx({ attacker: man, defender: man2 }), o, new ScriptedDice([]))).toThrow(/notHeldByTarget/);
  });

  it("release ends the holder's own hold, at no risk", () => {
    const r = run(ctx({ action: "release", attacker: man, defender: man2, holds: [hug] }), []);
    expect(r.headline.key).toBe("WC.Result.released");
    expect(r.consequences.holdsRemoved).toEqual(["m>n@1.1"]);
    expect(v.odds(ctx({ action: "release", attacker: man, defender: man2, holds: [hug] }), o)).toEqual([{ key: "WC.Result.released", p: 1, tone: "good" }]);
    expect(() => v.resolve(ctx({ action: "release", attacker: man2, defender: man, holds: [hug] }), o, new ScriptedDice([]))).toThrow(/holdsNothing/);
  });

  it("a hold record whose data is not a grapple-die hold is refused", () => {
    const bad: HoldRecord = { ...hug, data: { ...(hug.data as gd.Hold), die: "high" } };
    expect(() => v.odds(breakCtx({ holds: [bad] }), o)).toThrow(RulesInputError);
    expect(() => v.odds(breakCtx({ holds: [hug, hug] }), o)).toThrow(/duplicateId/);
  });
});

describe("overbear at the end of a charge (002 §Overbear or Rush)", () => {
  const over = (declared: Record<string, string | number | boolean> = {}, defender: Participant = goblin) => ctx({ action: "overbear", declared, defender });

  it("goblin's attack misses the charger, the fighter hits and the goblin fails its save: prone", () => {
    // Immediate attack against the charger's AC 10 + 1 (no Dex bonus to lose): needs 9; d20 3.
    // To hit: 6 + 2 (charge) + 1 (Str) = 9 against 9. Save vs 17: 19 - 1 (attacker a size larger) - 2 (terrain) = 16.
    const r = run(over({ terrain: -2 }), [[20, 3], [20, 6], [20, 19]]);
    expect(r.headline.key).toBe("WC.Result.overborne");
    expect(r.consequences.conditions).toEqual([{ targetId: "g", condition: "prone", active: true }]);
  });

  it("T002-05: a push goes 5 ft plus 5 per full 5 the roll beat the 9 needed (19: 15 ft)", () => {
    const r = run(over({ overbearEffect: "push" }), [[20, 3], [20, 16], [20, 10]]);
    expect(r.headline).toEqual({ key: "WC.Result.pushed", params: { feet: 15 } });
    expect(r.consequences.conditions).toEqual([]);
  });

  it("T002-05: a natural 20 stuns for 10 segments even when the save is made", () => {
    const r = run(over(), [[20, 3], [20, 20], [20, 20]]);
    expect(r.headline.key).toBe("WC.Result.resisted");
    expect(r.consequences.conditions).toEqual([{ targetId: "g", condition: "stunned", active: true, segments: 10 }]);
  });

  it("an immediate attack that draws blood stops the charge and hurts the charger", () => {
    const r = run(over(), [[20, 9], [6, 5]]);
    expect(r.headline.key).toBe("WC.Result.stopped");
    expect(r.consequences.damage).toEqual([{ targetId: "f", actual: 5, temporary: 0, reason: "WC.Purpose.immediateAttackDamage" }]);
  });

  it("a target 5 ft taller cannot be overborne (both limits apply)", () => {
    const tall: Participant = { id: "t", profile: profile({ heightFt: 11, weightLb: 300 }) };
    // 11 ft against 6 ft: 5 ft taller, which 002 rules out.
    expect(run(over({}, tall), []).headline).toEqual({ key: "WC.Result.notAllowedBecause", params: { reason: "WC.Reason.tooTall" } });
    expect(v.odds(over({}, tall), o)).toEqual([{ ...{ key: "WC.Result.notAllowedBecause", params: { reason: "WC.Reason.tooTall" } }, p: 1, tone: "bad" }]);
  });

  it("odds against an unarmed man: hit on 2+, he saves on 17+; a push splits by distance", () => {
    // Needs 15 - 10 = 5 with +3: faces 2-20 hit. Save 17+ with no modifiers: 4/20.
    expectOdds(v.odds(over({}, man), o), [
      { key: "WC.Result.miss", p: 1 / 20 },
      { key: "WC.Result.overborne", p: (19 / 20) * (16 / 20) },
      { key: "WC.Result.resisted", p: (19 / 20) * (4 / 20) },
    ]);
    // Beat by face - 2: faces 2-6 push 5 ft, 7-11 10 ft, 12-16 15 ft, 17-20 20 ft.
    expectOdds(v.odds(over({ overbearEffect: "push" }, man), o), [
      { key: "WC.Result.miss", p: 1 / 20 },
      { key: "WC.Result.pushed", params: { feet: 5 }, p: (5 / 20) * (16 / 20) },
      { key: "WC.Result.pushed", params: { feet: 10 }, p: (5 / 20) * (16 / 20) },
      { key: "WC.Result.pushed", params: { feet: 15 }, p: (5 / 20) * (16 / 20) },
      { key: "WC.Result.pushed", params: { feet: 20 }, p: (4 / 20) * (16 / 20) },
      { key: "WC.Result.resisted", p: (19 / 20) * (4 / 20) },
    ]);
  });
});

describe("pummel and striking to subdue (002 §Pummel, §Striking to Subdue)", () => {
  it("a non-proficient fighter: -2 class, +1 Str, -1 fist vs armor; a natural 20 stuns; 1d2 + 1", () => {
    const c = ctx({ action: "pummel", defender: man, declared: { weaponVsArmor: -1 } });
    const r = run(c, [[20, 20], [2, 2]]);
    expect(r.headline).toEqual({ key: "WC.Result.hitForStunned", params: { damage: 3 } });
    expect(r.consequences.damage).toEqual([{ targetId: "m", actual: 3, temporary: 0, reason: "WC.Action.pummel" }]);
    expect(r.consequences.conditions).toEqual([{ targetId: "m", condition: "stunned", active: true, segments: 10 }]);
    // Needs 5 at -2: faces 7-20 hit (14/20), one of them the stunning 20.
    expectOdds(v.odds(c, o), [
      { key: "WC.Result.miss", p: 6 / 20 },
      { key: "WC.Result.hit", p: 13 / 20 },
      { key: "WC.Result.hitStunned", p: 1 / 20 },
    ]);
    const plain = run(c, [[20, 7], [2, 1]]);
    expect(plain.headline).toEqual({ key: "WC.Result.hitFor", params: { damage: 2 } });
  });

  it("T002-06: plate with a helm turns fists; a semi-intelligent creature does not pummel", () => {
    const knight: Participant = { id: "k", profile: profile({ armor: { type: "plate", helm: true }, ac: 3 }) };
    expect(run(ctx({ action: "pummel", defender: knight }), []).headline).toEqual({ key: "WC.Result.notAllowedBecause", params: { reason: "WC.Reason.armored" } });
    expect(v.odds(ctx({ action: "pummel", defender: knight }), o)).toEqual([{ ...{ key: "WC.Result.notAllowedBecause", params: { reason: "WC.Reason.armored" } }, p: 1, tone: "bad" }]);
    const ape: Participant = { id: "a", profile: profile({ intelligence: "semi" }) };
    expect(run(ctx({ action: "pummel", attacker: ape, defender: man }), []).headline).toEqual({ key: "WC.Result.notAllowedBecause", params: { reason: "WC.Reason.tooStupid" } });
  });

  it("a subduing blow: 3/4 of the damage temporary, 1/4 real (rounded down)", () => {
    const club = { kind: "weapon", lengthFt: 3, damage: { count: 1, sides: 6 }, damageBonus: 0, toHitBonus: 0 };
    const armed: Participant = { id: "f", profile: { ...(fighter.profile as Record<string, unknown>), readiedAttack: club } };
    // Needs 9 against AC 6: 12 + 1 hits; 1d6 6 + 1 Str = 7: 1 real, 6 temporary.
    const r = run(ctx({ action: "subdue", attacker: armed }), [[20, 12], [6, 6]]);
    expect(r.headline).toEqual({ key: "WC.Result.hitFor", params: { damage: 7 } });
    expect(r.consequences.damage).toEqual([{ targetId: "g", actual: 1, temporary: 6, reason: "WC.Action.subdue" }]);
    // 8+ hits: 13/20.
    expectOdds(v.odds(ctx({ action: "subdue", attacker: armed }), o), [
      { key: "WC.Result.miss", p: 7 / 20 },
      { key: "WC.Result.hit", p: 13 / 20 },
    ]);
    const pc: Participant = { id: "p", profile: profile({ playerCharacter: true }) };
    expect(run(ctx({ action: "subdue", attacker: armed, defender: pc }), []).headline).toEqual({ key: "WC.Result.notAllowedBecause", params: { reason: "WC.Reason.playerCharacter" } });
    expect(v.odds(ctx({ action: "subdue", attacker: armed, defender: pc }), o)).toEqual([{ ...{ key: "WC.Result.notAllowedBecause", params: { reason: "WC.Reason.playerCharacter" } }, p: 1, tone: "bad" }]);
    expect(run(ctx({ action: "subdue" }), []).headline).toEqual({ key: "WC.Result.notAllowedBecause", params: { reason: "WC.Reason.unarmed" } });
  });
});

describe("profiles and bad input", () => {
  it("the default profile is valid and the stored profile gets its id", () => {
    expect(v.validateProfile("x", v.defaultProfile(), "profile")).toMatchObject({ id: "x", size: "M" });
  });

  it("a stored profile with a bad field is refused, naming it", () => {
    try {
      v.validateProfile("x", { ...v.defaultProfile(), size: "huge" }, "profile");
      expect.unreachable();
    } catch (e) {
      expect((e as RulesInputError).issues[0]).toMatchObject({ path: "profile.size", code: "notOneOf" });
    }
    expect(() => v.validateProfile("x", 7, "profile")).toThrow(RulesInputError);
    expect(() => v.resolve(ctx({ attacker: { id: "f", profile: { ...v.defaultProfile(), ac: 11 } } }), o, new ScriptedDice([]))).toThrow(/attacker\.ac/);
  });

  it("every profile field accepts its bounds and refuses one past them, under its own path", () => {
    const base = profile({ strength: { score: 18, exceptional: 50 }, readiedAttack: shortSword });
    const setPath = (p: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> => {
      const copy = structuredClone(p);
      const keys = path.split(".");
      let at: Record<string, unknown> = copy;
      for (const k of keys.slice(0, -1)) at = at[k] as Record<string, unknown>;
      at[keys[keys.length - 1] as string] = value;
      return copy;
    };
    const refused = (p: Record<string, unknown>, path: string) => {
      try {
        v.validateProfile("x", p, "profile");
        return false;
      } catch (e) {
        return (e as RulesInputError).issues.some((i) => i.path.startsWith(`profile.${path}`));
      }
    };
    for (const f of v.profileFields) {
      // strength.score 18 is the only score allowing an exceptional percentage.
      const b = f.path === "strength.score" ? setPath(base, "strength", { score: 10 }) : base;
      if (f.kind === "int") {
        expect(() => v.validateProfile("x", setPath(b, f.path, f.min), "profile"), f.path).not.toThrow();
        expect(() => v.validateProfile("x", setPath(b, f.path, f.max), "profile"), f.path).not.toThrow();
        expect(refused(setPath(b, f.path, f.min - 1), f.path), f.path).toBe(true);
        expect(refused(setPath(b, f.path, f.max + 1), f.path), f.path).toBe(true);
      } else if (f.kind === "bool") {
        expect(refused(setPath(b, f.path, "yes"), f.path), f.path).toBe(true);
      } else if (f.kind === "choice") {
        for (const c of f.choices) expect(() => v.validateProfile("x", setPath(b, f.path, c), "profile"), f.path).not.toThrow();
        expect(refused(setPath(b, f.path, "nonsense"), f.path), f.path).toBe(true);
      } else {
        expect(() => v.validateProfile("x", setPath(b, f.path, [...f.choices]), "profile"), f.path).not.toThrow();
        expect(refused(setPath(b, f.path, ["nonsense"]), f.path), f.path).toBe(true);
      }
    }
  });

  it("actions 002 lacks are refused as unknown", () => {
    for (const action of ["liftOff", "chargingOverbear"] as const) {
      for (const call of [() => v.resolve(ctx({ action }), o, new ScriptedDice([])), () => v.odds(ctx({ action }), o)]) {
        try {
          call();
          expect.unreachable();
        } catch (e) {
          expect((e as RulesInputError).issues[0]).toMatchObject({ path: "action", code: "unknownAction" });
        }
      }
    }
  });

  it("bad options are refused", () => {
    expect(() => v.odds(ctx({}), { chargeBonus: 99 })).toThrow(RulesInputError);
  });
});

// --- Odds over arbitrary valid input ------------------------------------------------------------------

const omitId = (c: gd.GdCombatant): Record<string, unknown> => {
  const p: Record<string, unknown> = { ...c };
  delete p.id;
  return p;
};

/** The contexts of every action for two creatures `a` and `d` (holds as each action needs). */
function allContexts(a: gd.GdCombatant, d: gd.GdCombatant, dHoldsA: gd.Hold, aHoldsD: gd.Hold): ActionContext[] {
  const A = { id: "a", profile: omitId(a) };
  const D = { id: "d", profile: omitId(d) };
  const base = { attacker: A, defender: D, declared: {}, holds: [] as HoldRecord[], round: 1, inCombat: true };
  return [
    { ...base, action: "grapple" },
    { ...base, action: "grapple", declared: { freeAttack: "hurt", dieBonus: 2, slickTarget: true } },
    { ...base, action: "grapple", declared: { changeHold: true }, holds: [gd.holdRecord(aHoldsD)] },
    { ...base, action: "counterGrapple", holds: [gd.holdRecord(dHoldsA)] },
    { ...base, action: "breakFree", holds: [gd.holdRecord(dHoldsA)] },
    { ...base, action: "release", holds: [gd.holdRecord(aHoldsD)] },
    { ...base, action: "overbear" },
    { ...base, action: "overbear", declared: { overbearEffect: "push", terrain: -3 } },
    { ...base, action: "pummel" },
    { ...base, action: "subdue" },
  ];
}

/** The odds outcome a resolution's headline belongs to. */
function oddsKey(action: ShellAction, h: Resolution["headline"]): string {
  // A blow's headline gives the damage dealt; its odds outcome does not.
  if (h.key === "WC.Result.hitFor") return JSON.stringify({ action, key: "WC.Result.hit" });
  if (h.key === "WC.Result.hitForStunned") return JSON.stringify({ action, key: "WC.Result.hitStunned" });
  return JSON.stringify({ action, key: h.key, params: h.params });
}

describe("odds (fast-check)", () => {
  it("every action's odds are probabilities summing to 1, and every resolution lands on an outcome with a chance", () => {
    fc.assert(
      fc.property(combatantArb("a"), combatantArb("d"), optionsArb, holdArb("d", "a"), holdArb("a", "d"), fc.integer(), (a, d, options, dHoldsA, aHoldsD, seed) => {
        for (const c of allContexts(a, d, dHoldsA, aHoldsD)) {
          const odds = v.odds(c, options);
          for (const x of odds) expect(x.p >= 0 && x.p <= 1 + 1e-12).toBe(true);
          // Each outcome carries its tone from the rules; a refusal is never a success.
          for (const x of odds) expect(isRefusalKey(x.key) ? ["bad"] : ["good", "mid", "bad"]).toContain(x.tone);
          expect(sum(odds)).toBeCloseTo(1, 9);
          const possible = new Set(odds.filter((x) => x.p > 0).map((x) => oddsKey(c.action, x)));
          const r = v.resolve(c, options, new SeededDice(seed));
          expect(possible.has(oddsKey(c.action, r.headline)), `${c.action}: ${JSON.stringify(r.headline)}`).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });
});

// --- Every key the variant uses has an English text ----------------------------------------------------

type Json = { [k: string]: Json } | string;
const texts: Json[] = [JSON.parse(readFileSync("lang/en.json", "utf8")) as Json];
// A text, or a plural group (one text per plural category, `other` always among them).
const has = (key: string) =>
  texts.some((t) => {
    const v = key.split(".").reduce<Json | undefined>((x, k) => (x && typeof x === "object" ? x[k] : undefined), t);
    return typeof v === "string" || (typeof v === "object" && typeof v.other === "string");
  });

function purposes(v: unknown, out: Set<string>): void {
  if (Array.isArray(v)) v.forEach((x) => purposes(x, out));
  else if (v && typeof v === "object") {
    const o = v as Record<string, unknown>;
    if (typeof o.purpose === "string") out.add(o.purpose);
    Object.values(o).forEach((x) => purposes(x, out));
  }
}

describe("lang keys", () => {
  it("every WC.* key and error code in variant.ts and its parts has a text in lang/en.json", () => {
    // variant.ts and the files it assembles, split by concern.
    const wiring = ["variant", "situational", "profile-fields", "setup", "headlines", "resolve-wiring", "odds-wiring", "more-wiring", "round-wiring"];
    const code = wiring.map((f) => readFileSync(`src/rules/grapple-die/${f}.ts`, "utf8")).join("\n");
    const keys = [...new Set(code.match(/"WC\.[A-Za-z.]+"/g) ?? [])].map((k) => k.slice(1, -1));
    expect(keys.length).toBeGreaterThan(20);
    expect(keys.filter((k) => !has(k))).toEqual([]);
    const codes = [...code.matchAll(/(?:\.add\([^,]+,\s*|code:\s*)"([A-Za-z]+)"/g)].map((m) => `WC.Error.${m[1]}`);
    expect(codes.length).toBeGreaterThan(3);
    expect(codes.filter((k) => !has(k))).toEqual([]);
  });

  it("every label, choice, action, headline, odds key, part and dice purpose it produces has a text", () => {
    const used = new Set<string>();
    for (const action of v.actions) {
      used.add(`WC.Action.${action}`);
      for (const s of v.situational(action)) {
        used.add(s.label);
        if (s.kind === "choice") for (const c of s.choices) used.add(`WC.Choice.${c}`);
      }
    }
    const note = (h: { key: string; params?: Readonly<Record<string, string | number>> }) => {
      used.add(h.key);
      if (typeof h.params?.part === "string") used.add(`WC.Part.${h.params.part}`);
    };
    const dice = new Set<string>();
    fc.assert(
      fc.property(combatantArb("a"), combatantArb("d"), optionsArb, holdArb("d", "a"), holdArb("a", "d"), fc.integer(), (a, d, options, dHoldsA, aHoldsD, seed) => {
        for (const c of allContexts(a, d, dHoldsA, aHoldsD)) {
          v.odds(c, options).forEach(note);
          const r = v.resolve(c, options, new SeededDice(seed));
          note(r.headline);
          purposes(r.result, dice);
          for (const h of r.consequences.holdsAdded) used.add(h.label);
          for (const x of r.consequences.damage) used.add(x.reason);
          for (const x of r.consequences.notes) used.add(x.key);
          for (const x of r.consequences.conditions) used.add(`WC.Condition.${x.condition}`);
        }
      }),
      { numRuns: 300 },
    );
    for (const p of dice) used.add(`WC.Purpose.${p}`);
    // Sanity: the sampling reached the rolls and rows that matter.
    expect(dice).toContain("grappleDie");
    expect(dice).toContain("overbearSave");
    expect(used).toContain("WC.Part.gouge");
    expect([...used].filter((k) => !has(k))).toEqual([]);
  });
});
