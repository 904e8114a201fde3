// Rules corrections from independent cases worked by hand from 002 (issue 19):
// - §Immediate Attacks and Free Attacks: a creature that cannot strike in melee, for whatever
//   cause, takes neither, so a helpless (paralysed, held, asleep) defender gets none;
// - §Defender Attacks: a grappled defender strikes its grappler only with a short weapon
//   (~2 ft or shorter) in hand, or natural weapons;
// - §Coup de Grâce: helpless creatures are hit automatically "with a melee weapon"; natural
//   weapons only by the rule option `coupWithNaturalWeapons`.
// Every expected number is worked from the text and the dice below, not read from the code.
import { describe, expect, it } from "vitest";
import { ScriptedDice } from "../../../src/rules/index.ts";
import * as gd from "../../../src/rules/grapple-die/index.ts";

const O = gd.GRAPPLE_DIE_DEFAULTS;
const T = gd.GRAPPLE_DIE_TABLE;
const longSword: gd.ReadiedAttack = { kind: "weapon", lengthFt: 3.5, damage: { count: 1, sides: 8 }, damageBonus: 0, toHitBonus: 0 };
const dagger: gd.ReadiedAttack = { kind: "weapon", lengthFt: 1, damage: { count: 1, sides: 4 }, damageBonus: 0, toHitBonus: 0 };
const bite: gd.ReadiedAttack = { kind: "natural", lengthFt: 0, damage: { count: 2, sides: 4 }, damageBonus: 0, toHitBonus: 0 };

// THAC0 11 against AC 6 needs 5; THAC0 16 against the grappler's AC 10 needs 6.
const grappler = gd.defaultCombatant("a", { toHit: { kind: "thac0", thac0: 11 } });
const swordsman = gd.defaultCombatant("d", { ac: 6, readiedAttack: longSword, toHit: { kind: "thac0", thac0: 16 } });
const paralysed = { ...swordsman, conditions: ["helpless"] as gd.Condition[] };

function holdOn(holderId: string, heldId: string): gd.Hold {
  const row = T.rows.find((r) => r.result.kind === "hold" && r.result.name === "bearHug")?.result as { effects: gd.HoldEffects };
  return { id: `${holderId}>${heldId}@1.1`, holderId, heldId, die: 14, name: "bearHug", damage: { dice: { count: 1, sides: 3 }, flat: 0 }, effects: row.effects, holderSize: "M", heldSize: "M", roundGained: 1 };
}

describe("002: a helpless creature takes no free or immediate attack", () => {
  it("grapple: the paralysed swordsman strikes no free attack; only the grappler's d20 is rolled", () => {
    // Grapple to-hit: needs 11 - 6 = 5; a 4 misses. Had the free attack been taken, its d20 would come first.
    const r = gd.resolveGrapple(grappler, paralysed, {}, undefined, T, O, new ScriptedDice([[20, 4]]));
    expect(r).toMatchObject({ kind: "miss", freeAttack: { kind: "none", reason: "cannotMelee" }, toHit: { needed: 5, hit: false } });
  });

  it("grapple odds: nothing is foiled by a helpless defender", () => {
    const odds = gd.grappleOdds(grappler, paralysed, {}, undefined, T, O);
    expect(odds.pFoiled).toBe(0);
    // Needs 5: faces 5-20 hit, 16 of 20.
    expect(odds.pHit).toBeCloseTo(16 / 20, 12);
  });

  it("grab: a held creature made helpless has no free attack against the grab", () => {
    // Favoured (held); the grab is a natural 20 on one d20.
    const r = gd.resolveGrabItem(grappler, paralysed, [holdOn("a", "d")], undefined, O, new ScriptedDice([[20, 20]]));
    expect(r).toMatchObject({ kind: "grabbed", freeAttack: { kind: "none", reason: "cannotMelee" } });
    const odds = gd.grabItemOdds(grappler, paralysed, [holdOn("a", "d")], undefined, O);
    expect(odds.outcomes).toEqual([
      { kind: "failed", p: 19 / 20 },
      { kind: "grabbed", p: 1 / 20 },
    ]);
  });

  it("overbear: no immediate attack from a helpless defender; the charge goes straight to the to-hit", () => {
    // Overbear to-hit: THAC0 11 against AC 6 needs 5, +2 charge bonus: a 3 makes 5 and hits.
    // Save vs Breath 17: a 10 fails. Had the immediate attack been rolled, its d20 would come first.
    const r = gd.resolveOverbear(grappler, paralysed, {}, undefined, O, new ScriptedDice([[20, 3], [20, 10]]));
    expect(r).toMatchObject({ kind: "overborne", immediateAttack: { kind: "none", reason: "cannotMelee" }, toHit: { needed: 5, total: 5, hit: true }, save: { saved: false } });
    const odds = gd.overbearOdds(grappler, paralysed, {}, undefined, O);
    expect(odds.outcomes.find((x) => x.kind === "stopped")?.p ?? 0).toBe(0);
  });

  it("the same defender, not helpless, does strike (the test above is not vacuous)", () => {
    // Free attack: needs 16 - 10 = 6, a 6 hits; 1d8 shows 3: the grapple is foiled.
    const r = gd.resolveGrapple(grappler, swordsman, {}, undefined, T, O, new ScriptedDice([[20, 6], [8, 3]]));
    expect(r).toMatchObject({ kind: "foiled", freeAttack: { kind: "rolled", damage: { total: 3 }, stops: true } });
  });
});

describe("002 §Defender Attacks: a grappled defender strikes its grappler only with a short weapon", () => {
  const held = [holdOn("a", "d")];

  it("its 3.5 ft long sword gets no free attack against the holder grabbing its item", () => {
    const r = gd.resolveGrabItem(grappler, swordsman, held, undefined, O, new ScriptedDice([[20, 7]]));
    expect(r).toMatchObject({ kind: "failed", freeAttack: { kind: "none", reason: "longWeapon" } });
    expect(gd.grabItemOdds(grappler, swordsman, held, undefined, O).outcomes.find((x) => x.kind === "foiled")).toBeUndefined();
  });

  it("a 1 ft dagger in hand does strike: needs 6, a 6 hits, 1d4 shows 2, and the grab is foiled", () => {
    const r = gd.resolveGrabItem(grappler, { ...swordsman, readiedAttack: dagger }, held, undefined, O, new ScriptedDice([[20, 6], [4, 2]]));
    expect(r).toMatchObject({ kind: "foiled", freeAttack: { kind: "rolled", toHit: { needed: 6, hit: true }, damage: { total: 2 }, stops: true } });
  });

  it("natural weapons strike too: a bite of 2d4 showing 1 and 1", () => {
    const r = gd.resolveGrabItem(grappler, { ...swordsman, readiedAttack: bite }, held, undefined, O, new ScriptedDice([[20, 6], [4, 1], [4, 1]]));
    expect(r).toMatchObject({ kind: "foiled", freeAttack: { damage: { total: 2 } } });
  });

  it("a weapon of exactly 2 ft counts as short; 2.5 ft does not", () => {
    const two = { ...swordsman, readiedAttack: { ...longSword, lengthFt: 2 } };
    const twoHalf = { ...swordsman, readiedAttack: { ...longSword, lengthFt: 2.5 } };
    expect(gd.strikeWith(two, grappler, held)).toMatchObject({ lengthFt: 2 });
    expect(gd.strikeWith(twoHalf, grappler, held)).toBe("longWeapon");
  });

  it("the long sword still strikes a second grappler who holds nothing yet (002 §Multiple Grapplers)", () => {
    // "b" comes in while "a" holds the swordsman: needs 16 - 10 = 6, a 6 hits; 1d8 shows 5.
    const b = gd.defaultCombatant("b", { toHit: { kind: "thac0", thac0: 11 } });
    const r = gd.resolveGrapple(b, swordsman, { holds: held }, undefined, T, O, new ScriptedDice([[20, 6], [8, 5]]));
    expect(r).toMatchObject({ kind: "foiled", freeAttack: { damage: { total: 5 } } });
  });
});

describe("002 §Coup de Grâce: with a melee weapon", () => {
  const asleep = gd.defaultCombatant("d", { conditions: ["helpless"] });
  const wolf = gd.defaultCombatant("a", { kind: "monster", readiedAttack: bite });
  const knight = gd.defaultCombatant("a", { readiedAttack: longSword });

  it("a bite is not a melee weapon: refused by default", () => {
    expect(gd.resolveCoupDeGrace(wolf, asleep, { opponentsActive: true }, O)).toEqual({ kind: "notAllowed", reason: "notMeleeWeapon" });
    expect(gd.resolveCoupDeGrace(wolf, asleep, { opponentsActive: false }, O)).toEqual({ kind: "notAllowed", reason: "notMeleeWeapon" });
  });

  it("with the option, the bite does its most: 2d4 is 8 a routine, two routines 16", () => {
    const o = gd.resolveOptions({ coupWithNaturalWeapons: true });
    expect(gd.resolveCoupDeGrace(wolf, asleep, { opponentsActive: true }, o)).toMatchObject({ kind: "blows", routines: 2, perRoutine: { most: 8, total: 8 }, split: { total: 16 } });
  });

  it("a long sword: 1d8 is 8 a routine, doubled routines 16; with no foes about, slain in 6 segments", () => {
    expect(gd.resolveCoupDeGrace(knight, asleep, { opponentsActive: true }, O)).toMatchObject({ kind: "blows", routines: 2, perRoutine: { most: 8 }, split: { total: 16 } });
    expect(gd.resolveCoupDeGrace(knight, asleep, { opponentsActive: false }, O)).toEqual({ kind: "slain", segments: 6 });
  });
});
