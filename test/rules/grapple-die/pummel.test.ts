// 002 §Pummel and §Striking to Subdue.
import { describe, expect, it } from "vitest";
import { ScriptedDice } from "../../../src/rules/index.ts";
import type { Size } from "../../../src/rules/index.ts";
import * as gd from "../../../src/rules/grapple-die/index.ts";

const O = gd.GRAPPLE_DIE_DEFAULTS;
const fighter = gd.defaultCombatant("a", { toHit: { kind: "thac0", thac0: 15 }, nonProficiencyPenalty: -2 });
const target = gd.defaultCombatant("d", { ac: 7 });
const run = (a: gd.GdCombatant, d: gd.GdCombatant, dice: Array<[number, number]>, s: gd.PummelSituation = {}, o = O) => gd.resolvePummel(a, d, s, o, new ScriptedDice(dice));

describe("proficiency", () => {
  it.each([
    ["a proficient character", { pummelProficient: true }, null],
    ["a fighter without the proficiency: the class penalty", { nonProficiencyPenalty: -2 }, -2],
    ["a magic-user without it", { nonProficiencyPenalty: -5 }, -5],
    ["a classless 2 HD monster", { kind: "monster", hitDice: 2 }, null],
    ["a classless 1+1 HD monster", { kind: "monster", hitDice: 1, hitDicePlus: 1 }, null],
    ["a classless 1 HD monster", { kind: "monster", hitDice: 1 }, -2],
    ["a classless 1/2 HD monster", { kind: "monster", hitDice: 0 }, -2],
  ] as const)("%s: %s", (_n, over, want) => {
    const p = gd.pummelProficiency({ ...fighter, ...over } as gd.GdCombatant, O);
    expect(p?.value ?? null).toBe(want);
  });

  it("1+1 HD counts as 1 HD with the option off; -2 for everyone else with the other reading", () => {
    expect(gd.pummelProficiency({ ...fighter, kind: "monster", hitDice: 1, hitDicePlus: 1 }, { ...O, hdPlusCountsAsOver: false })?.value).toBe(-2);
    expect(gd.pummelProficiency({ ...fighter, nonProficiencyPenalty: -5 }, { ...O, pummelOtherwisePenalty: "everyoneElse" })?.value).toBe(-2);
  });

  it("only creatures above semi-intelligence pummel", () => {
    expect(run({ ...fighter, intelligence: "semi" }, target, [])).toMatchObject({ kind: "notAllowed", reason: "tooStupid" });
    expect(run({ ...fighter, intelligence: "low" }, target, [[20, 1]]).kind).toBe("miss");
  });
});

describe("armored creatures (002 §Armored Creatures)", () => {
  // T002-06: plate with a helm (Base Armor Rating 4 or better) cannot be pummelled.
  it.each([
    ["plate with a helm", { type: "plate", helm: true }, {}, true],
    ["banded with a helm", { type: "banded", helm: true }, {}, true],
    ["plate without a helm", { type: "plate", helm: false }, {}, false],
    ["chain with a helm", { type: "chain", helm: true }, {}, false],
    ["a sheet rating of 2 with a helm", { type: "none", helm: true }, { baseArmorRating: 2 }, true],
    ["tough hide rated 4", { type: "none", helm: false }, { hideRating: 4 }, true],
    ["hide rated 5", { type: "none", helm: false }, { hideRating: 5 }, false],
  ] as const)("T002-06: %s: immune %s", (_n, armor, extra, immune) => {
    const d = { ...target, armor, ...extra };
    expect(gd.pummelImmunity(d, O).immune).toBe(immune);
    if (immune) expect(run(fighter, d, [])).toMatchObject({ kind: "notAllowed", reason: "armored" });
  });

  it("the helm is not needed with the option off; the rating threshold is an option", () => {
    expect(gd.pummelImmunity({ ...target, armor: { type: "plate", helm: false } }, { ...O, pummelImmunityNeedsHelm: false }).immune).toBe(true);
    expect(gd.pummelImmunity({ ...target, armor: { type: "chain", helm: true } }, { ...O, pummelImmuneRating: 5 }).immune).toBe(true);
  });
});

describe("the blow", () => {
  it("to hit: proficiency, Strength, the fist's weapon-vs-armor and the table's bonus", () => {
    const a = { ...fighter, strength: { score: 17 } };
    const r = run(a, target, [[20, 8], [2, 2]], { weaponVsArmor: -1, toHitBonus: 2 });
    // Needs 15 - 7 = 8: 8 - 2 + 1 - 1 + 2 = 8.
    expect(r).toMatchObject({ kind: "hit", toHit: { needed: 8, total: 8 } });
    expect(r.kind === "hit" ? r.toHit.modifiers.map((m) => m.key) : []).toEqual(["WC.Mod.classNonProficient", "WC.Mod.strengthToHit", "WC.Mod.weaponVsArmor", "WC.Mod.situationToHit"]);
  });

  it.each<[Size, number]>([
    ["S", 2],
    ["M", 2],
    ["L", 4],
    ["VL", 8],
  ])("a %s pummeler rolls 1d%i", (size, sides) => {
    expect(gd.pummelDamageExpr({ ...fighter, size })).toEqual({ dice: { count: 1, sides }, flat: 0 });
  });

  it("adds Strength damage; a natural 20 stuns for 10 segments", () => {
    const a = { ...fighter, strength: { score: 18, exceptional: 100 } };
    expect(run(a, target, [[20, 20], [2, 1]])).toMatchObject({ kind: "hit", damage: { total: 7 }, split: { total: 7, actual: 7, temporary: 0 }, stunSegments: 10 });
    expect(run(a, target, [[20, 19], [2, 1]])).toMatchObject({ stunSegments: 0 });
  });

  it("a weak pummeler can do 0", () => {
    expect(run({ ...fighter, strength: { score: 3 } }, target, [[20, 20], [2, 1]])).toMatchObject({ damage: { total: 0 } });
  });

  it("pummel damage is normal by default, or subdual 75/25 with the option", () => {
    const a = { ...fighter, strength: { score: 18, exceptional: 100 } };
    const o = { ...O, pummelDamage: "subdual" as const };
    expect(run(a, target, [[20, 12], [2, 2]], {}, o)).toMatchObject({ split: { total: 8, actual: 2, temporary: 6 } });
    expect(run(a, target, [[20, 12], [2, 1]], {}, { ...o, subdualActualRounding: "ceil" })).toMatchObject({ split: { total: 7, actual: 2, temporary: 5 } });
  });
});

describe("striking to subdue (002 §Striking to Subdue)", () => {
  const sword: gd.ReadiedAttack = { kind: "weapon", lengthFt: 3.5, damage: { count: 1, sides: 8 }, damageBonus: 0, toHitBonus: 1 };
  const knight = { ...fighter, readiedAttack: sword };

  it("75% temporary, 25% real", () => {
    const r = gd.resolveSubdue(knight, target, {}, O, new ScriptedDice([[20, 7], [8, 8]]));
    // Needs 8: 7 + 1 (weapon) = 8.
    expect(r).toMatchObject({ kind: "hit", damage: { total: 8 }, split: { total: 8, actual: 2, temporary: 6 } });
  });

  it("never against a player character, never unarmed", () => {
    expect(gd.resolveSubdue(knight, { ...target, playerCharacter: true }, {}, O, new ScriptedDice([]))).toEqual({ kind: "notAllowed", reason: "playerCharacter" });
    expect(gd.resolveSubdue(fighter, target, {}, O, new ScriptedDice([]))).toEqual({ kind: "notAllowed", reason: "unarmed" });
    expect(gd.resolveSubdue(knight, target, {}, O, new ScriptedDice([[20, 6]])).kind).toBe("miss");
  });

  it.each([
    [{ maxHp: 10, actual: 0, temporary: 9 }, "fighting"],
    [{ maxHp: 10, actual: 2, temporary: 8 }, "subdued"],
    [{ maxHp: 10, actual: 3, temporary: 20 }, "subdued"],
    [{ maxHp: 10, actual: 10, temporary: 0 }, "zeroHp"],
  ])("ledger %o: %s", (l, kind) => {
    expect(gd.subdualStatus(l).kind).toBe(kind);
  });

  it("subdualSplit and applyDamage use the core ledger", () => {
    expect(gd.subdualSplit(9, O)).toEqual({ total: 9, actual: 2, temporary: 7 });
    expect(gd.applyDamage({ maxHp: 8, actual: 1, temporary: 4 }, { total: 4, actual: 1, temporary: 3 })).toEqual({ ledger: { maxHp: 8, actual: 2, temporary: 7 }, status: { kind: "subdued" } });
  });
});
