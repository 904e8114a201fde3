// 002 §Overbear or Rush: limits, the defender's immediate attack, the charge bonus, the save and
// its modifiers (digest §6.3 defaults), the natural-20 stun and the push (T002-05).
import { describe, expect, it } from "vitest";
import { ScriptedDice, sumMods } from "../../../src/rules/index.ts";
import type { Size } from "../../../src/rules/index.ts";
import * as gd from "../../../src/rules/grapple-die/index.ts";

const O = gd.GRAPPLE_DIE_DEFAULTS;
// thac0 17 against AC 5 needs 12, as in T002-05.
const rusher = gd.defaultCombatant("a", { toHit: { kind: "thac0", thac0: 17 }, heightFt: 6, weightLb: 200 });
const target = gd.defaultCombatant("d", { ac: 5, heightFt: 6, weightLb: 180, saveVsBreath: 14 });
const spear: gd.ReadiedAttack = { kind: "weapon", lengthFt: 8, damage: { count: 1, sides: 6 }, damageBonus: 0, toHitBonus: 0 };
const run = (a: gd.GdCombatant, d: gd.GdCombatant, dice: Array<[number, number]>, s: gd.OverbearSituation = {}, strike?: gd.StrikeInput, o = O) =>
  gd.resolveOverbear(a, d, s, strike, o, new ScriptedDice(dice));

describe("who can be overborne", () => {
  it.each([
    [6, 180, true, []],
    [10.9, 399, true, []],
    [11, 180, false, ["tooTall"]],
    [6, 400, false, ["tooHeavy"]],
    [12, 500, false, ["tooTall", "tooHeavy"]],
  ])("a %s ft, %s lb target of a 6 ft, 200 lb attacker: allowed %s", (h, w, allowed, exceeded) => {
    const r = gd.overbearLimits(rusher, { ...target, heightFt: h, weightLb: w }, O);
    expect(r.allowed).toBe(allowed);
    expect(r.exceeded).toEqual(exceeded);
  });

  it("with 'either', one limit passed is enough", () => {
    expect(gd.overbearLimits(rusher, { ...target, heightFt: 11 }, { ...O, overbearLimits: "either" }).allowed).toBe(true);
    expect(gd.overbearLimits(rusher, { ...target, heightFt: 11, weightLb: 400 }, { ...O, overbearLimits: "either" }).allowed).toBe(false);
  });

  it("four-legged creatures are immune only with the option", () => {
    const horse = { ...target, legs: 4 };
    expect(gd.overbearLimits(rusher, horse, O).allowed).toBe(true);
    expect(gd.overbearLimits(rusher, horse, { ...O, manyLeggedImmune: true })).toMatchObject({ allowed: false, exceeded: ["manyLegs"] });
    expect(run(rusher, horse, [], {}, undefined, { ...O, manyLeggedImmune: true }).kind).toBe("notAllowed");
  });
});

describe("the defender's immediate attack", () => {
  const armed = { ...target, readiedAttack: spear, toHit: { kind: "thac0" as const, thac0: 15 } };
  it("a damaging hit stops the overbear; a miss lets it go on", () => {
    expect(run(rusher, armed, [], {}, { kind: "reported", hit: true, damage: 3 })).toMatchObject({ kind: "stopped" });
    expect(run(rusher, armed, [[20, 1]], {}, { kind: "reported", hit: false, damage: 0 }).kind).toBe("miss");
  });

  it("is rolled against the charger's AC, worse by 1 without a Dex bonus (OSRIC)", () => {
    // AC 10 + 1 = 11: needs 15 - 11 = 4.
    expect(run(rusher, armed, [[20, 4], [6, 2]])).toMatchObject({ kind: "stopped", immediateAttack: { toHit: { needed: 4, hit: true } } });
    // A Dex bonus is lost instead: AC 6 with -2 Dex becomes 8, needing 7.
    const nimble = { ...rusher, ac: 6, dexAcAdjustment: -2 };
    expect(run(nimble, armed, [[20, 6], [20, 1]])).toMatchObject({ kind: "miss", immediateAttack: { toHit: { needed: 7, hit: false } } });
    expect(gd.chargerAc(nimble, { ...O, chargerAc: "none" })).toEqual({ ac: 6, modifiers: [] });
  });
});

describe("the attack and the save", () => {
  it("adds the +2 charge bonus (option) and Strength", () => {
    const r = run({ ...rusher, strength: { score: 17 } }, target, [[20, 9], [20, 20]]);
    // Needs 12: 9 + 2 + 1 = 12.
    expect(r).toMatchObject({ kind: "saved", toHit: { needed: 12, total: 12 } });
    expect(run(rusher, target, [[20, 9]], {}, undefined, { ...O, chargeBonus: 0 }).kind).toBe("miss");
  });

  it.each<[string, Size, Size, number]>([
    ["same size", "M", "M", 0],
    ["attacker one larger", "L", "M", -1],
    ["attacker three larger: -3", "VL", "S", -3],
    ["defender one larger", "M", "L", 2],
    ["defender three larger: +6", "S", "VL", 6],
  ])("save modifier, %s: %i", (_n, as, ds, want) => {
    expect(sumMods(gd.overbearSaveModifiers({ ...rusher, size: as }, { ...target, size: ds }, {}, O))).toBe(want);
  });

  it("caps the size modifiers at -4 and +8", () => {
    const o = { ...O, saveAttackerLargerPerStep: 3, saveDefenderLargerPerStep: 5 };
    expect(sumMods(gd.overbearSaveModifiers({ ...rusher, size: "VL" }, { ...target, size: "M" }, {}, o))).toBe(-4);
    expect(sumMods(gd.overbearSaveModifiers({ ...rusher, size: "S" }, { ...target, size: "VL" }, {}, o))).toBe(8);
  });

  it("a shield gives +2, terrain takes away, Dexterity's save adjustment counts", () => {
    const mods = gd.overbearSaveModifiers(rusher, { ...target, shieldAc: 1, dexSaveAdjustment: 1 }, { terrain: -3, saveBonus: 1 }, O);
    expect(mods.map((m) => [m.key, m.value])).toEqual([
      ["WC.Mod.dexSave", 1],
      ["WC.Mod.shieldSave", 2],
      ["WC.Mod.terrain", -3],
      ["WC.Mod.circumstance", 1],
    ]);
  });

  it("a failed save: prone by default, or pushed", () => {
    expect(run(rusher, target, [[20, 12], [20, 13]])).toMatchObject({ kind: "overborne", effect: { kind: "prone" }, save: { needed: 14, total: 13, saved: false }, pushFeet: 5 });
    expect(run(rusher, target, [[20, 12], [20, 13]], { effect: "push" })).toMatchObject({ effect: { kind: "pushed", feet: 5 } });
  });
});

describe("push distance and the natural-20 stun", () => {
  // T002-05: needed 12, rolled 22: 5 ft + 5 ft per full 5 over = 15 ft.
  it.each([
    [12, 12, 5],
    [16, 12, 5],
    [17, 12, 10],
    [21, 12, 10],
    [22, 12, 15],
    [27, 12, 20],
  ])("T002-05: attack total %i against %i needed pushes %i ft", (total, needed, feet) => {
    expect(gd.pushFeet(total, needed)).toBe(feet);
  });

  it("T002-05: natural 20 (22 against 12) pushes 15 ft and stuns for 10 segments", () => {
    const r = run(rusher, target, [[20, 20], [20, 3]], { effect: "push" });
    expect(r).toMatchObject({ kind: "overborne", toHit: { total: 22, needed: 12 }, effect: { kind: "pushed", feet: 15 }, stunSegments: 10 });
  });

  it("the stun stands even if the save is made, unless the option ties it to a failed save", () => {
    expect(run(rusher, target, [[20, 20], [20, 18]])).toMatchObject({ kind: "saved", stunSegments: 10 });
    expect(run(rusher, target, [[20, 20], [20, 18]], {}, undefined, { ...O, overbearStunNeedsFailedSave: true })).toMatchObject({ kind: "saved", stunSegments: 0 });
    expect(run(rusher, target, [[20, 19], [20, 3]])).toMatchObject({ stunSegments: 0 });
  });
});
