// 002 §Grapple or Grab: free attack, to-hit, grapple die and its modifiers, counter-grapple,
// changing a hold, and what a grapple does to AC. Numbers from 002 and the digest (§6.2, §8.1).
import { describe, expect, it } from "vitest";
import { ScriptedDice, sumMods } from "../../../src/rules/index.ts";
import type { Size } from "../../../src/rules/index.ts";
import * as gd from "../../../src/rules/grapple-die/index.ts";

const O = gd.GRAPPLE_DIE_DEFAULTS;
const T = gd.GRAPPLE_DIE_TABLE;
const dagger: gd.ReadiedAttack = { kind: "weapon", lengthFt: 1, damage: { count: 1, sides: 4 }, damageBonus: 0, toHitBonus: 0 };
// A thac0 of 11 needs 11 - AC on the d20.
const grappler = gd.defaultCombatant("a", { toHit: { kind: "thac0", thac0: 11 } });
const armed = gd.defaultCombatant("d", { ac: 6, readiedAttack: dagger, toHit: { kind: "thac0", thac0: 16 } });
const unarmed = gd.defaultCombatant("d", { ac: 6 });
const grapple = (a: gd.GdCombatant, d: gd.GdCombatant, dice: Array<[number, number]>, s: gd.GrappleSituation = {}, strike?: gd.StrikeInput, o = O) =>
  gd.resolveGrapple(a, d, s, strike, T, o, new ScriptedDice(dice));

function hold(over: Partial<gd.Hold> & { holderId: string; heldId: string }): gd.Hold {
  return { id: `${over.holderId}>${over.heldId}`, die: 14, name: "bearHug", damage: { dice: { count: 1, sides: 3 }, flat: 0 }, effects: (gd.GRAPPLE_DIE_TABLE.rows[6].result as { effects: gd.HoldEffects }).effects, holderSize: "M", heldSize: "M", roundGained: 1, ...over };
}

describe("the free attack (002 §Free Attack)", () => {
  // T002-01: a hit for 0 damage does not stop the grapple; 1 or more does.
  it.each([
    [{ kind: "reported", hit: true, damage: 0 } as const, false],
    [{ kind: "reported", hit: true, damage: 1 } as const, true],
    [{ kind: "reported", hit: true, damage: 7 } as const, true],
    [{ kind: "reported", hit: false, damage: 0 } as const, false],
  ])("T002-01: reported %o foils the grapple: %s", (strike, foiled) => {
    const r = grapple(grappler, armed, foiled ? [] : [[20, 1]], {}, strike);
    expect(r.kind === "foiled").toBe(foiled);
  });

  it("T002-01 rolled: a weak defender's dagger hits for 0 and the grapple goes on", () => {
    // Str 3 is -1 damage (and -3 to hit): 1d4 showing 1 deals 0.
    const weak = { ...armed, strength: { score: 3 } };
    // Needs 16 - 10 = 6: d20 9 - 3 = 6 hits; 1d4 1 - 1 = 0 damage.
    const r = grapple(grappler, weak, [[20, 9], [4, 1], [20, 1]]);
    expect(r.kind).toBe("miss");
    expect(r.freeAttack).toMatchObject({ kind: "rolled", toHit: { needed: 6, total: 6, hit: true }, damage: { total: 0 }, stops: false });
    const r2 = grapple(grappler, weak, [[20, 9], [4, 2]]);
    expect(r2).toMatchObject({ kind: "foiled", freeAttack: { damage: { total: 1 }, stops: true } });
  });

  it.each([
    ["the grappler has the grapple ability", { ...grappler, grappleAbility: true }, armed, "grappleAbility"],
    ["the defender is unarmed", grappler, unarmed, "unarmed"],
    ["the defender is surprised", grappler, { ...armed, conditions: ["surprised"] as gd.Condition[] }, "surprised"],
    ["the defender is casting", grappler, { ...armed, conditions: ["cannotMelee"] as gd.Condition[] }, "cannotMelee"],
  ])("no free attack when %s", (_n, a, d, reason) => {
    const r = grapple(a, d, [[20, 1]]);
    expect(r.freeAttack).toEqual({ kind: "none", reason });
  });

  it("the free attack is against the grappler's normal AC, with Strength and the weapon's bonus", () => {
    const a = { ...grappler, ac: 3 };
    const d = { ...armed, strength: { score: 17 }, readiedAttack: { ...dagger, toHitBonus: 1, damageBonus: 1 } };
    const r = grapple(a, d, [[20, 11], [4, 3]]);
    // Needs 16 - 3 = 13; 11 + 1 (Str) + 1 (weapon) = 13; damage 3 + 1 + 1 = 5.
    expect(r).toMatchObject({ kind: "foiled", freeAttack: { toHit: { needed: 13, total: 13, hit: true }, damage: { total: 5 } } });
  });
});

describe("to hit (002 §Grapple Procedure step 3)", () => {
  it("rolls against normal AC with Strength and the table's bonus, no weapon-vs-AC", () => {
    const a = { ...grappler, strength: { score: 18, exceptional: 60 } };
    const r = grapple(a, unarmed, [[20, 2], [20, 1]], { toHitBonus: 1 });
    // Needs 11 - 6 = 5; 2 + 2 (18/60) + 1 = 5. The die's 1 + 2 (Str) = 3 is a clinch.
    expect(r).toMatchObject({ kind: "hold", toHit: { needed: 5, total: 5, hit: true }, grappleDie: { total: 3 }, hold: { name: "clinch" } });
    expect(r.kind === "miss" || r.kind === "foiled" ? [] : r.toHit.modifiers.map((m) => m.key)).toEqual(["WC.Mod.strengthToHit", "WC.Mod.situationToHit"]);
  });

  it("a miss rolls no grapple die", () => {
    expect(grapple(grappler, unarmed, [[20, 4]]).kind).toBe("miss");
  });

  it("a natural 20 hits only with the option", () => {
    const hard = { ...unarmed, ac: -10 };
    expect(grapple(grappler, hard, [[20, 20]]).kind).toBe("miss");
    expect(grapple(grappler, hard, [[20, 20], [20, 1]], {}, undefined, { ...O, natural20AlwaysHits: true }).kind).toBe("slip");
  });

  it("a defender already in a grapple is +4 to be hit and loses Dex and shield AC", () => {
    const d = { ...unarmed, ac: 2, dexAcAdjustment: -2, shieldAc: 1 };
    const r = grapple(grappler, d, [[20, 2], [20, 1]], { holds: [hold({ holderId: "x", heldId: "d" })] });
    // AC 2 + 2 (Dex) + 1 (shield) = 5: needs 6; 2 + 4 = 6 hits.
    expect(r).toMatchObject({ kind: "slip", targetAc: { ac: 5, normal: 2 }, toHit: { needed: 6, total: 6 } });
  });
});

describe("the grapple die (digest §8.1 circumstantial modifiers)", () => {
  it.each<[string, Size, Size, number]>([
    ["same size", "M", "M", 0],
    ["one size larger: +1", "L", "M", 1],
    ["two sizes larger: +2", "VL", "M", 2],
    ["one size smaller: -2", "S", "M", -2],
    ["three sizes smaller: -6", "S", "VL", -6],
  ])("%s", (_n, as, ds, want) => {
    const a = { ...grappler, size: as };
    const d = { ...unarmed, size: ds };
    expect(sumMods(gd.grappleDieModifiers(a, d, [], {}, O, "grapple"))).toBe(want);
  });

  it("adds Strength's to-hit bonus, -2 against a slick target and the DM's own", () => {
    const a = { ...grappler, strength: { score: 18, exceptional: 100 } };
    const d = { ...unarmed, conditions: ["slick"] as gd.Condition[] };
    const mods = gd.grappleDieModifiers(a, d, [], { dieBonus: 1 }, O, "grapple");
    expect(mods.map((m) => [m.key, m.value])).toEqual([
      ["WC.Mod.strengthToHit", 3],
      ["WC.Mod.slickTarget", -2],
      ["WC.Mod.circumstance", 1],
    ]);
    expect(gd.grappleDieModifiers(a, d, [], {}, { ...O, dieStrength: false, dieSlick: 0 }, "grapple")).toEqual([]);
  });

  // T002-03: each later die is +1 per grappler already holding the defender.
  it.each([
    [0, 0],
    [1, 1],
    [2, 2],
    [3, 3],
  ])("T002-03: with %i other grapplers holding, the die is +%i", (n, want) => {
    const holds = Array.from({ length: n }, (_, i) => hold({ holderId: `g${i}`, heldId: "d" }));
    const third = gd.defaultCombatant("a");
    expect(sumMods(gd.grappleDieModifiers(third, unarmed, holds, {}, O, "grapple"))).toBe(want);
  });

  it("counts holders, not holds, and not the roller's own hold unless the option says so", () => {
    const holds = [hold({ id: "1", holderId: "g", heldId: "d" }), hold({ id: "2", holderId: "g", heldId: "d" }), hold({ id: "3", holderId: "a", heldId: "d" })];
    expect(sumMods(gd.grappleDieModifiers(grappler, unarmed, holds, {}, O, "grapple"))).toBe(1);
    expect(sumMods(gd.grappleDieModifiers(grappler, unarmed, holds, {}, { ...O, grapplerBonusCountsOwnHold: true }, "grapple"))).toBe(2);
  });

  it("T002-03 in a full attempt: the third grappler's 12 becomes 14, a bear hug", () => {
    const holds = [hold({ id: "1", holderId: "g1", heldId: "d" }), hold({ id: "2", holderId: "g2", heldId: "d" })];
    const r = grapple(grappler, unarmed, [[20, 15], [20, 12], [3, 3]], { holds, round: 2, attackIndex: 1 });
    expect(r).toMatchObject({ kind: "hold", grappleDie: { total: 14 }, hold: { id: "a>d@2.1", name: "bearHug", die: 14, roundGained: 2 } });
  });
});

describe("the hold and its damage", () => {
  it("a hold does its damage as it is made (reading), or not at all with the option off", () => {
    const r = grapple(grappler, unarmed, [[20, 15], [20, 10], [2, 2]]);
    expect(r).toMatchObject({ kind: "hold", hold: { name: "armLock" }, damage: { roll: { total: 2 }, split: { total: 2, actual: 2, temporary: 0 } } });
    const off = grapple(grappler, unarmed, [[20, 15], [20, 10]], {}, undefined, { ...O, damageOnEstablish: false });
    expect(off).toMatchObject({ kind: "hold", damage: null });
  });

  it("a clinch does no damage and rolls no damage die", () => {
    expect(grapple(grappler, unarmed, [[20, 15], [20, 4]])).toMatchObject({ kind: "hold", hold: { name: "clinch" }, damage: null });
  });

  it("a leg hold does 1 point with no die", () => {
    expect(grapple(grappler, unarmed, [[20, 15], [20, 8]])).toMatchObject({ damage: { roll: { dice: [], flat: 1, total: 1 } } });
  });

  it("a large holder's damage steps up (1d3 -> 1d6), the die getting +1 for size", () => {
    const ogre = { ...grappler, size: "L" as Size };
    const r = grapple(ogre, unarmed, [[20, 15], [20, 13], [6, 5]]);
    expect(r).toMatchObject({ kind: "hold", hold: { name: "bearHug", die: 14, damage: { dice: { count: 1, sides: 6 } }, holderSize: "L" }, damage: { roll: { total: 5 } } });
    const flat = grapple(ogre, unarmed, [[20, 15], [20, 13], [3, 3]], {}, undefined, { ...O, holdDamageSizeStep: false });
    expect(flat).toMatchObject({ damage: { roll: { total: 3 } } });
  });

  it("adds Strength damage only with the option", () => {
    const a = { ...grappler, strength: { score: 18, exceptional: 100 } };
    const r = grapple(a, unarmed, [[20, 15], [20, 7], [2, 2]], {}, undefined, { ...O, holdDamageStrength: true });
    // 7 + 3 (Str) = 10: arm lock 1d2 = 2, + 6 Str damage.
    expect(r).toMatchObject({ hold: { name: "armLock" }, damage: { roll: { total: 8 } } });
  });

  it("subdual hold damage splits 75/25, but never against a player character", () => {
    const o = { ...O, grappleDamage: "subdual" as const };
    expect(grapple(grappler, unarmed, [[20, 15], [20, 20], [4, 4]], {}, undefined, o)).toMatchObject({ damage: { split: { total: 4, actual: 1, temporary: 3 } } });
    const pc = { ...unarmed, playerCharacter: true };
    expect(grapple(grappler, pc, [[20, 15], [20, 20], [4, 4]], {}, undefined, o)).toMatchObject({ damage: { split: { total: 4, actual: 4, temporary: 0 } } });
  });

  it("a throw or pin leaves the defender prone; a gouge stuns it for 10 segments", () => {
    expect(grapple(grappler, unarmed, [[20, 15], [20, 18], [4, 1]])).toMatchObject({ hold: { name: "throwPin" }, prone: true, stunSegments: 0 });
    expect(grapple(grappler, unarmed, [[20, 15], [20, 20], [4, 1]])).toMatchObject({ hold: { name: "gouge" }, prone: false, stunSegments: 10 });
  });

  it("a strangle hold starts its knock-out count at 0", () => {
    expect(grapple(grappler, unarmed, [[20, 15], [20, 16], [3, 1]])).toMatchObject({ hold: { name: "strangleHold", strangleRounds: 0 } });
  });
});

describe("counter-grapple (002 §Defender Attempts to Counter-Grapple)", () => {
  it("needs no to-hit roll and draws no free attack by default", () => {
    const holder = { ...armed, id: "a" };
    const r = gd.resolveCounterGrapple(unarmed, holder, {}, undefined, T, O, new ScriptedDice([[20, 12], [2, 1]]));
    expect(r).toMatchObject({ kind: "hold", freeAttack: { kind: "none", reason: "counterGrapple" }, hold: { holderId: "d", heldId: "a", name: "headLock" } });
  });

  it("with the option, the held grappler's free attack can foil it", () => {
    const a = { ...unarmed, id: "x" };
    const r = gd.resolveCounterGrapple(a, armed, {}, { kind: "reported", hit: true, damage: 2 }, T, { ...O, counterGrappleFreeAttack: true }, new ScriptedDice([]));
    expect(r.kind).toBe("foiled");
    const slip = gd.resolveCounterGrapple(a, armed, {}, { kind: "reported", hit: false, damage: 0 }, T, { ...O, counterGrappleFreeAttack: true }, new ScriptedDice([[20, 2]]));
    expect(slip.kind).toBe("slip");
  });
});

describe("changing a hold (a new grapple die instead of damage)", () => {
  const old = hold({ id: "h1", holderId: "a", heldId: "d", die: 12, name: "headLock" });
  const change = (face: number, o = O, extra: Array<[number, number]> = []) => gd.resolveChangeHold(grappler, unarmed, old, { round: 3 }, T, o, new ScriptedDice([[20, face], ...extra]));

  it("replaces the hold, keeping its id, even with a lower result (reading)", () => {
    expect(change(6)).toMatchObject({ kind: "hold", hold: { id: "h1", name: "armHold", die: 6, roundGained: 3 }, replaced: { die: 12 } });
    expect(change(1)).toMatchObject({ kind: "lost", replaced: { id: "h1" } });
  });

  it("the holder's own hold does not add to its new die", () => {
    expect(change(16, O, [[3, 2]])).toMatchObject({ grappleDie: { total: 16, modifiers: [] } });
  });

  it("keeps the better hold with the option", () => {
    const o = { ...O, changedHold: "keepBetter" as const };
    expect(change(12, o)).toMatchObject({ kind: "kept", hold: { id: "h1", die: 12 } });
    expect(change(1, o)).toMatchObject({ kind: "kept" });
    expect(change(18, o, [[4, 4]])).toMatchObject({ kind: "hold", hold: { name: "throwPin", die: 18 } });
  });
});

describe("being in a grapple (002 §Effects of Grappling on AC, §Size Differences)", () => {
  const c = gd.defaultCombatant("c", { ac: 4, dexAcAdjustment: -2, shieldAc: 1 });
  it("+4 to be hit, no Dex, no shield, immobile", () => {
    const s = gd.grappleStatus(c, [hold({ holderId: "c", heldId: "z" })], O);
    expect(s).toMatchObject({ inGrapple: true, sizeExempt: false, toBeHit: 4, losesDex: true, losesShield: true, immobile: true, holding: ["z"], heldBy: [] });
    expect(gd.targetAc(c, [hold({ holderId: "c", heldId: "z" })], O)).toMatchObject({ ac: 7, normal: 4 });
  });

  it("a penalty from low Dex is removed too, unless only bonuses are lost", () => {
    const clumsy = { ...c, dexAcAdjustment: 2, shieldAc: 0 };
    const hs = [hold({ holderId: "z", heldId: "c" })];
    expect(gd.targetAc(clumsy, hs, O).ac).toBe(2);
    expect(gd.targetAc(clumsy, hs, { ...O, grappledDexLoss: "bonusOnly" }).ac).toBe(4);
  });

  it("a creature much larger than everyone it grapples is spared", () => {
    const giant = { ...c, size: "VL" as Size };
    const hs = [hold({ holderId: "z", heldId: "c", holderSize: "S", heldSize: "VL" })];
    expect(gd.grappleStatus(giant, hs, O)).toMatchObject({ inGrapple: true, sizeExempt: true, toBeHit: 0, immobile: false });
    // One step apart is not a large difference by default (S holds halflings and stirges alike).
    const man = [hold({ holderId: "z", heldId: "c", holderSize: "S", heldSize: "M" })];
    expect(gd.grappleStatus(c, man, O).sizeExempt).toBe(false);
    expect(gd.grappleStatus(c, man, { ...O, muchLargerSteps: 1 }).sizeExempt).toBe(true);
    // The DM's list overrides the size rule.
    expect(gd.grappleStatus(c, man, O, ["c"]).sizeExempt).toBe(true);
    expect(gd.grappleStatus(giant, hs, O, []).sizeExempt).toBe(false);
  });

  it("the held creature suffers the worst hold penalty and every hold's other effects", () => {
    const armHold = (gd.GRAPPLE_DIE_TABLE.rows[2].result as { effects: gd.HoldEffects }).effects;
    const hs = [hold({ id: "1", holderId: "x", heldId: "c" }), hold({ id: "2", holderId: "y", heldId: "c", effects: armHold }), hold({ id: "3", holderId: "w", heldId: "c", effects: armHold })];
    expect(gd.grappleStatus(c, hs, O).held).toEqual({
      defenderToHit: -4,
      handsUnusable: 2,
      noTwoWeapon: true,
      cannotRise: false,
      noSomaticSpells: true,
      noVerbalSpells: false,
      strangle: false,
      shortWeaponsOnly: true,
    });
  });

  it("outside any grapple nothing changes", () => {
    expect(gd.grappleStatus(c, [hold({ holderId: "x", heldId: "y" })], O)).toMatchObject({ inGrapple: false, toBeHit: 0 });
    expect(gd.targetAc(c, [], O)).toEqual({ ac: 4, normal: 4, modifiers: [], toHitModifiers: [] });
  });

  it("short weapons: 2 ft or less, or natural weapons", () => {
    expect(gd.hasShortWeapon(armed)).toBe(true);
    expect(gd.hasShortWeapon({ ...armed, readiedAttack: { ...dagger, lengthFt: 3.5 } })).toBe(false);
    expect(gd.hasShortWeapon({ ...armed, readiedAttack: { ...dagger, kind: "natural", lengthFt: 4 } })).toBe(true);
    expect(gd.hasShortWeapon(unarmed)).toBe(false);
    expect(gd.isArmed(armed) && !gd.isArmed(unarmed)).toBe(true);
  });
});
