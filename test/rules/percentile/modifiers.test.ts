// 004 §Variable Bonus, §Base Chance to Grapple/Overbear, §Grapple Result, §Overbear Result,
// §Grapple/Overbear Damage: each rule line with numbers from the text and the digest (§7, T004-01..05, 08).
import { describe, expect, it } from "vitest";
import type { PercentileCombatant, PercentileOptions } from "../../../src/rules/percentile/index.ts";
import {
  chanceTrace,
  damageSplit,
  defaultCombatant,
  PERCENTILE_DEFAULTS,
  percentSteps,
  resultModifiers,
  tableDamage,
  variableColumn,
} from "../../../src/rules/percentile/index.ts";

const o = PERCENTILE_DEFAULTS;
const c = defaultCombatant;
const monster = (dice: number, adjustment = 0, over: Partial<PercentileCombatant> = {}) => c("m", { kind: "monster", hitDice: { dice, adjustment }, ...over });
const sum = (mods: ReadonlyArray<{ value: number }>) => mods.reduce((s, m) => s + m.value, 0);

describe("Variable column (T004-01)", () => {
  it.each([
    ["fighter", 1, 2],
    ["fighter", 5, 4],
    ["fighter", 7, 5],
    ["cleric", 4, 2],
    ["cleric", 7, 3], // a monk uses the cleric column
    ["thief", 9, 3],
    ["magicUser", 11, 3],
    ["fighter", 2, 2],
    ["thief", 1, 1],
    ["magicUser", 5, 1],
    ["magicUser", 6, 2],
  ] as const)("%s level %i -> %i", (classGroup, level, column) => {
    expect(variableColumn(c("x", { classGroup, level }), o).value).toBe(column);
  });

  it.each([
    [1, 0, 3, "1"],
    [1, 1, 4, "1+"],
    [3, 0, 5, "2-3+"],
    [9, 0, 8, "8-9+"],
    [13, 0, 10, "12-13+"],
    [1, -1, 2, "1-1"],
    [0, 3, 1, "up to 1-1"],
    [1, -2, 1, "up to 1-1"],
    [2, 0, 5, "2-3+"],
    [3, 4, 5, "2-3+"],
    [4, 0, 6, "4-5+"],
    [7, 2, 7, "6-7+"],
    [11, 0, 9, "10-11+"],
    [14, 0, 11, "14+"],
    [15, 3, 11, "14+"],
    [16, 0, 12, "14+"],
    [21, 0, 14, "14+"],
  ])("monster of %i HD %i -> column %i (%s)", (dice, adjustment, column, label) => {
    expect(variableColumn(monster(dice, adjustment), o)).toMatchObject({ value: column, label });
  });

  it("option zeroColumn: creatures under 1-1 may use the 1-1 column instead", () => {
    expect(variableColumn(monster(0, 2), { ...o, zeroColumn: "sameAsOneMinusOne" }).value).toBe(2);
    expect(variableColumn(monster(1, 0), { ...o, zeroColumn: "sameAsOneMinusOne" }).value).toBe(3);
  });
});

/** Baseline: an unarmored level-1 fighter attacking another (Dex 10): 100 + 10 - 20 (no AD) - 5 (1 HD) = 85. */
function chance(a: Partial<PercentileCombatant>, t: Partial<PercentileCombatant>, options: PercentileOptions = o, mode: "grapple" | "overbear" = "grapple"): number {
  return chanceTrace(c("a", a), c("t", t), mode, options).chance;
}

describe("Chance to Grapple (004 §Base Chance to Grapple)", () => {
  it("T004-02: unarmored attacker, Dex 15, against chain (AD 5), 1 HD, equal speed -> 130", () => {
    const t = monster(1, 0, { armor: { ad: 5, magic: 0 } });
    const r = chanceTrace(c("a", { dexterity: 15 }), t, "grapple", o);
    expect(r.base).toEqual({ ad: 10, magic: 0, value: 100 });
    expect(r.modifiers.map((m) => [m.key, m.value])).toEqual([
      ["WC.Mod.attackerDexScore", 15],
      ["WC.Mod.targetArmorBand", 20],
      ["WC.Mod.targetHitDice", -5],
    ]);
    expect(r.chance).toBe(130);
  });

  it("T004-03: plate+1 (AD 3 + 1), Dex 12, against an unarmored 2 HD target with a shield, 30 ft faster -> 7", () => {
    const a = c("a", { armor: { ad: 3, magic: 1 }, dexterity: 12, speed: 90 });
    const t = monster(2, 0, { shield: { plus: 0 }, speed: 120 });
    const r = chanceTrace(a, t, "grapple", o);
    expect(r.base.value).toBe(40);
    expect(r.chance).toBe(7);
    expect(sum(r.modifiers)).toBe(12 - 20 - 10 - 10 - 5);
  });

  it("base: (AD + magic) x 10 by default; the DMG's AD x 10 + magic as an option", () => {
    expect(chance({ armor: { ad: 3, magic: 1 } }, {})).toBe(40 + 10 - 20 - 5);
    expect(chance({ armor: { ad: 3, magic: 1 } }, {}, { ...o, baseChance: "adTimes10PlusMagic" })).toBe(31 + 10 - 20 - 5);
    expect(chance({ armor: { ad: 10, magic: 0 } }, {})).toBe(85);
  });

  it.each([
    ["no armor", null, 85],
    ["AD 10 armor (no band)", { ad: 10, magic: 0 }, 105],
    ["AD 9", { ad: 9, magic: 0 }, 115],
    ["AD 8", { ad: 8, magic: 0 }, 115],
    ["AD 7", { ad: 7, magic: 0 }, 125],
    ["AD 4", { ad: 4, magic: 0 }, 125],
    ["AD 3", { ad: 3, magic: 0 }, 135],
    ["AD 0", { ad: 0, magic: 0 }, 135],
    ["AD 8 +1 (magic ignored)", { ad: 8, magic: 1 }, 115],
  ])("target armor: %s -> %i", (_n, armor, expected) => {
    expect(chance({}, { armor })).toBe(expected);
  });

  it("option armorBandMagic: magic moves the target's band", () => {
    expect(chance({}, { armor: { ad: 8, magic: 1 } }, { ...o, armorBandMagic: "improves" })).toBe(125);
  });

  it.each([
    [150, 75],
    [149, 85],
    [180, 65],
    [210, 55],
    [60, 85],
    [120, 85],
  ])("target speed %i ft against 120 ft -> %i (only full 30-ft steps; a slower target gives nothing)", (speed, expected) => {
    expect(chance({}, { speed })).toBe(expected);
  });

  it("option targetSpeed bothWays: a slower target gives +10 per full 30 ft", () => {
    expect(chance({}, { speed: 60 }, { ...o, targetSpeed: "bothWays" })).toBe(105);
    expect(chance({}, { speed: 100 }, { ...o, targetSpeed: "bothWays" })).toBe(85);
  });

  it.each([
    [["slowed"], 105],
    [["stunned"], 105],
    [["slowed", "stunned"], 105],
    [["immobile"], 105],
    [["hasted"], 65],
    [["slickOrWet"], 65],
    [["slowed", "immobile", "hasted"], 105],
  ] as const)("target conditions %j -> %i", (conditions, expected) => {
    expect(chance({}, { conditions: [...conditions] })).toBe(expected);
  });

  it("overbear uses the same list without the slick/wet line", () => {
    expect(chance({}, { conditions: ["slickOrWet"] }, o, "overbear")).toBe(85);
  });

  it.each([
    ["monster 4 HD", monster(4), 70],
    ["monster 3+3 HD (whole dice)", monster(3, 3), 75],
    ["monster under 1 HD", monster(0, 4), 90],
    ["character level 6", c("t", { level: 6 }), 60],
  ])("target hit dice: %s -> %i", (_n, t, expected) => {
    expect(chanceTrace(c("a"), t, "grapple", o).chance).toBe(expected);
  });

  it("option characterHitDice none: a character's level does not count", () => {
    expect(chance({}, { level: 6 }, { ...o, characterHitDice: "none" })).toBe(90);
  });

  it.each([
    ["Dex 2 better", { dexAcBonus: 2 }, 75],
    ["Dex penalty 1", { dexAcBonus: -1 }, 90],
    ["a shield", { shield: { plus: 0 } }, 80],
    ["a +1 shield", { shield: { plus: 1 } }, 75],
    ["ring of protection +2", { magicProtection: 2 }, 75],
    ["Dex 2, shield, ring +1", { dexAcBonus: 2, shield: { plus: 0 }, magicProtection: 1 }, 65],
    ["grappled: Dex and shield gone, ring stays", { dexAcBonus: 2, shield: { plus: 0 }, magicProtection: 1, conditions: ["grappled"] }, 80],
  ] as const)("target AC adjustments, -5 a point: %s -> %i", (_n, over, expected) => {
    expect(chance({}, over as Partial<PercentileCombatant>)).toBe(expected);
  });

  it("option acAdjustments perSource: -5 per adjusting source", () => {
    expect(chance({}, { dexAcBonus: 2, shield: { plus: 0 }, magicProtection: 1 }, { ...o, acAdjustments: "perSource" })).toBe(70);
  });

  it("attacker Dexterity score, +1 a point", () => {
    expect(chance({ dexterity: 17 }, {})).toBe(92);
    expect(chance({ dexterity: 3 }, {})).toBe(78);
  });
});

/** Baseline: equal size (70 in, 170 lb), attacker Dex 10 Str 10, target Dex 10 Str 10: grapple +20, overbear +10. */
function result(a: Partial<PercentileCombatant>, t: Partial<PercentileCombatant>, mode: "grapple" | "overbear" = "grapple", options: PercentileOptions = o): number {
  return sum(resultModifiers(c("a", a), c("t", t), mode, options));
}

describe("Grapple Result and Overbear Result (004 §Grapple Result, §Overbear Result)", () => {
  it("T004-04: attacker Dex 15, Str 18/50; target Dex 16, Str 14, AD 5, helmet, shield; equal size -> +14", () => {
    const mods = resultModifiers(
      c("a", { dexterity: 15, strength: { score: 18, exceptional: 50 } }),
      c("t", { dexterity: 16, strength: { score: 14 }, armor: { ad: 5, magic: 0 }, helmet: true, shield: { plus: 0 } }),
      "grapple",
      o,
    );
    expect(mods.map((m) => [m.key, m.value])).toEqual([
      ["WC.Mod.attackerDexScore", 15],
      ["WC.Mod.attackerStrengthScore", 18],
      ["WC.Mod.attackerStrengthOver18", 5],
      ["WC.Mod.targetDexterity", -2],
      ["WC.Mod.targetStrength", -2],
      ["WC.Mod.targetHelmet", -10],
      ["WC.Mod.targetShield", -10],
    ]);
    expect(sum(mods)).toBe(14);
  });

  it("T004-05: a target of Str 18/50 -> -11 against a grapple, -14 against an overbear", () => {
    expect(result({}, { strength: { score: 18, exceptional: 50 } }) - 20).toBe(-11);
    expect(result({}, { strength: { score: 18, exceptional: 50 } }, "overbear") - 10).toBe(-14);
  });

  it.each([
    ["attacker 10% taller", { height: 77 }, {}, 5, 5],
    ["attacker 8% taller (no full step)", { height: 76 }, {}, 0, 0],
    ["attacker 20% taller", { height: 84 }, {}, 10, 10],
    ["attacker 10% shorter", { height: 63 }, {}, -5, -5],
    ["attacker 10% heavier", { weight: 187 }, {}, 5, 10],
    ["attacker 20% lighter", { weight: 136 }, {}, -10, -20],
    ["attacker Str 18/50", { strength: { score: 18, exceptional: 50 } }, {}, 8 + 5, 8 + 10],
    ["attacker Str 18/00", { strength: { score: 18, exceptional: 100 } }, {}, 8 + 10, 8 + 20],
    ["attacker Str 19", { strength: { score: 19 } }, {}, 8 + 10, 8 + 20],
    ["attacker Dex 18", { dexterity: 18 }, {}, 8, 0],
    ["target Dex 16", {}, { dexterity: 16 }, -2, -2],
    ["target Dex 14", {}, { dexterity: 14 }, 0, 0],
    ["target Str 14", {}, { strength: { score: 14 } }, -2, 0],
    ["target Str 17", {}, { strength: { score: 17 } }, -5, -3],
    ["target Str 19", {}, { strength: { score: 19 } }, -6 - 10, -4 - 20],
    ["target AD 4", {}, { armor: { ad: 4, magic: 0 } }, -10, 0],
    ["target AD 5", {}, { armor: { ad: 5, magic: 0 } }, 0, 0],
    ["target helmet", {}, { helmet: true }, -10, 0],
    ["target shield", {}, { shield: { plus: 2 } }, -10, 0],
    ["target slowed", {}, { conditions: ["slowed"] }, 10, 10],
    ["target stunned", {}, { conditions: ["stunned"] }, 20, 20],
    ["target helpless", {}, { conditions: ["helpless"] }, 30, 0],
    ["target pinned (helpless)", {}, { conditions: ["pinned"] }, 30, 0],
    ["target unconscious (helpless)", {}, { conditions: ["unconscious"] }, 30, 0],
    ["target hindered", {}, { conditions: ["hindered"] }, 0, 10],
    ["target entangled", {}, { conditions: ["entangled"] }, 0, 20],
    ["target slowed and stunned", {}, { conditions: ["slowed", "stunned"] }, 30, 30],
  ] as const)("%s: grapple %i, overbear %i (from the baseline)", (_n, a, t, g, ob) => {
    expect(result(a as Partial<PercentileCombatant>, t as Partial<PercentileCombatant>) - 20).toBe(g);
    expect(result(a as Partial<PercentileCombatant>, t as Partial<PercentileCombatant>, "overbear") - 10).toBe(ob);
  });

  it("height: halved toward zero when either side is prone (option: only the target)", () => {
    expect(result({ height: 84 }, { conditions: ["prone"] }) - 20).toBe(5);
    expect(result({ height: 77 }, { conditions: ["prone"] }) - 20).toBe(2);
    expect(result({ height: 63 }, { conditions: ["prone"] }) - 20).toBe(-2);
    expect(result({ height: 84, conditions: ["prone"] }, {}) - 20).toBe(5);
    expect(result({ height: 84, conditions: ["prone"] }, {}, "grapple", { ...o, proneHalving: "targetProne" }) - 20).toBe(10);
  });

  it.each([
    [77, 70, "target", "truncate", 1],
    [77, 70, "attacker", "truncate", 0],
    [64, 70, "target", "truncate", 0],
    [64, 70, "target", "round", -1],
    [140, 70, "target", "truncate", 10],
    [35, 70, "target", "truncate", -5],
    [35, 70, "attacker", "truncate", -10],
  ] as const)("percent steps: %i against %i, base %s, %s -> %i", (a, t, percentBase, steps, expected) => {
    expect(percentSteps(a, t, 10, { ...o, percentBase, percentSteps: steps })).toBe(expected);
  });
});

describe("damage split (004 §Grapple Damage, §Overbear Damage)", () => {
  it.each([
    [1, 1, 0],
    [2, 1, 1],
    [3, 1, 2],
    [4, 1, 3],
    [5, 2, 3],
    [8, 2, 6],
    [0, 0, 0],
  ])("T004-08: grapple %i -> %i lethal / %i non-lethal", (total, actual, temporary) => {
    expect(damageSplit(total, "grapple", false, o)).toEqual({ total, actual, temporary });
  });

  it.each([
    [1, 1, 0],
    [2, 0, 2],
    [5, 1, 4],
    [8, 2, 6],
  ])("option floorOnePointLethal: grapple %i -> %i / %i", (total, actual, temporary) => {
    expect(damageSplit(total, "grapple", false, { ...o, lethalRounding: "floorOnePointLethal" })).toEqual({ total, actual, temporary });
  });

  it.each([
    [1, 1, 0],
    [2, 1, 1],
    [3, 2, 1],
    [4, 2, 2],
  ])("overbear %i -> %i lethal / %i non-lethal (half, rounded up)", (total, actual, temporary) => {
    expect(damageSplit(total, "overbear", false, o)).toEqual({ total, actual, temporary });
  });

  it("overbear with the floor option: 3 -> 1/2, a lone point stays lethal", () => {
    expect(damageSplit(3, "overbear", false, { ...o, lethalRounding: "floorOnePointLethal" })).toEqual({ total: 3, actual: 1, temporary: 2 });
    expect(damageSplit(1, "overbear", false, { ...o, lethalRounding: "floorOnePointLethal" })).toEqual({ total: 1, actual: 1, temporary: 0 });
  });

  it("a special ability's damage is all lethal", () => {
    expect(damageSplit(5, "grapple", true, o)).toEqual({ total: 5, actual: 5, temporary: 0 });
  });

  it("Strength damage is added only with the option, and only to a damaging result", () => {
    const strong = c("s", { strength: { score: 18, exceptional: 50 } }); // host table: +3 damage
    expect(tableDamage(5, strong, "grapple", false, o).split.total).toBe(5);
    const on = { ...o, strengthDamage: true };
    expect(tableDamage(5, strong, "grapple", false, on)).toMatchObject({ base: 5, modifiers: [{ key: "WC.Mod.strengthDamage", value: 3 }], split: { total: 8, actual: 2, temporary: 6 } });
    expect(tableDamage(0, strong, "grapple", false, on).split.total).toBe(0);
    expect(tableDamage(2, c("w", { strength: { score: 3 } }), "grapple", false, on).split.total).toBe(1);
  });
});
