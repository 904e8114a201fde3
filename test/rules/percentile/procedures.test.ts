// 004 §Grapple (starting, joining, Grab/Hug/Constrict), §Break Free, §Counter Grapple, §Pinned,
// §Overbear Attack: whole procedures with scripted dice. Expected numbers are worked by hand from
// the text, the digest's readings and the project-default tables (digest §8.2-8.3).
import { describe, expect, it } from "vitest";
import { ScriptedDice } from "../../../src/rules/core/dice.ts";
import { RulesInputError } from "../../../src/rules/core/errors.ts";
import { lookup } from "../../../src/rules/core/table.ts";
import { runAction } from "../../../src/rules/variants.ts";
import type { GrappleRow, Hold, InitiativeSide, PercentileCombatant } from "../../../src/rules/percentile/index.ts";
import {
  compareWeaponlessInitiative,
  defaultCombatant,
  grappledState,
  GRAPPLING_TABLE,
  PERCENTILE_DEFAULTS,
  resolveBreakFree,
  resolveCounterGrapple,
  resolveGrapple,
  resolveOptions,
  resolveOverbear,
  weaponlessInitiative,
} from "../../../src/rules/percentile/index.ts";

const o = PERCENTILE_DEFAULTS;
const c = defaultCombatant;
const monster = (id: string, dice: number, over: Partial<PercentileCombatant> = {}) => c(id, { kind: "monster", hitDice: { dice, adjustment: 0 }, ...over });
const dice = (...faces: Array<[number, number]>) => new ScriptedDice(faces);
const row = (total: number): GrappleRow => lookup(GRAPPLING_TABLE, total);
const hold = (holderId: string, heldId: string, total: number, over: Partial<Hold> = {}): Hold => ({
  id: `${holderId}>${heldId}@1`,
  holderId,
  heldId,
  row: row(total),
  original: true,
  special: false,
  roundGained: 1,
  ...over,
});

// T004-02's pair: chance 130. Result modifiers: attacker Dex 15 + Str 10 = +25.
const a02 = c("a", { dexterity: 15 });
const t02 = monster("m", 1, { armor: { ad: 5, magic: 0 } });

describe("starting a grapple", () => {
  it("T004-02: a chance of 130 needs no attack die; Variables +5/-5; 40 + 25 = 65 -> Bear hug, 3 damage = 1 lethal + 2", () => {
    const d = dice([6, 3], [4, 2], [100, 40]);
    const r = resolveGrapple(a02, t02, {}, o, d);
    expect(d.remaining).toBe(0);
    expect(r).toMatchObject({
      kind: "hold",
      variable: { attacker: { value: 5, signed: 5, assignedTo: "result" }, target: { value: 5, signed: -5 } },
      attackRoll: { die: null, chance: 130, success: true },
      result: { total: 65 },
      row: { category: 4, hold: "bearHug" },
      capped: false,
      hold: { id: "a>m@1", holderId: "a", heldId: "m", original: true, special: false, roundGained: 1 },
      damage: { base: 3, split: { total: 3, actual: 1, temporary: 2 } },
      grappled: { attacker: true, target: true },
      pinned: false,
      timers: [],
    });
  });

  describe("T004-03: chance 7", () => {
    const a = c("a", { armor: { ad: 3, magic: 1 }, dexterity: 12, speed: 90 });
    const t = monster("m", 2, { shield: { plus: 0 }, speed: 120 });
    it("a 7 grapples", () => {
      const r = resolveGrapple(a, t, {}, o, dice([6, 1], [4, 1], [100, 7], [100, 50]));
      expect(r).toMatchObject({ kind: "hold", attackRoll: { die: { face: 7 }, chance: 7, success: true } });
    });
    it("an 8 misses and rolls no result", () => {
      const r = resolveGrapple(a, t, {}, o, dice([6, 1], [4, 1], [100, 8]));
      expect(r).toMatchObject({ kind: "miss", chance: { chance: 7 }, attackRoll: { success: false } });
    });
    it("Variables spent on the chance: +8 (d6 6 + column 2) and -9 (d4 4 + column 5) make it 6", () => {
      const r = resolveGrapple(a, t, { variable: { attacker: "chance", target: "chance" } }, o, dice([6, 6], [4, 4], [100, 7]));
      expect(r).toMatchObject({ kind: "miss", chance: { chance: 6, modifiers: { 0: { key: "WC.Mod.variableAttacker", value: 8 }, 1: { key: "WC.Mod.variableTarget", value: -9 } } } });
    });
  });

  it("a chance of 0 or less fails with no die", () => {
    const a = c("a", { armor: { ad: 2, magic: 0 }, dexterity: 3 });
    const t = monster("m", 8, { speed: 240 });
    const r = resolveGrapple(a, t, {}, o, dice([6, 1], [4, 1]));
    expect(r).toMatchObject({ kind: "miss", attackRoll: { die: null, success: false } });
  });

  it("an unconscious target rolls no Variable (DMG), and is helpless (+30)", () => {
    const t = c("t", { conditions: ["unconscious"] });
    const r = resolveGrapple(c("a"), t, {}, o, dice([6, 1], [100, 1], [100, 10]));
    // 10 + 3 (Variable) + 10 Dex + 10 Str + 30 helpless = 63 -> Bear hug
    expect(r).toMatchObject({ kind: "hold", variable: { target: { none: "unconscious" } }, result: { total: 63 }, row: { category: 4 } });
    const normal = resolveGrapple(c("a"), t, {}, { ...o, unconsciousVariable: "normal" }, dice([6, 1], [4, 1], [100, 1], [100, 10]));
    expect(normal).toMatchObject({ kind: "hold", result: { total: 60 } });
  });

  it("a Gouge stuns the target for a round: a timer from this round", () => {
    const r = resolveGrapple(a02, t02, { round: 3 }, o, dice([6, 6], [4, 1], [100, 60]));
    // 60 + 8 - 4 + 25 = 89 -> Strangle hold (6); with 100 -> Gouge
    expect(r).toMatchObject({ row: { category: 6, hold: "strangleHold" }, timers: [] });
    const g = resolveGrapple(a02, t02, { round: 3 }, o, dice([6, 6], [4, 1], [100, 70]));
    expect(g).toMatchObject({ row: { category: 7, hold: "gouge" }, hold: { id: "a>m@3" }, timers: [{ id: "m", condition: "stunned", rounds: 1, appliedRound: 3 }], damage: { split: { actual: 2, temporary: 6 } } });
  });

  it.each([
    ["charging", { charging: true }, {}, "charging"],
    ["holding something", { holdingItem: true }, {}, "holdingItem"],
    ["a fore-limb not free", { freeForeLimbs: 1 }, {}, "foreLimbsNotFree"],
    ["target twice the height", {}, { height: 140 }, "targetTooLarge"],
    ["attempt already made this routine", { attemptsThisRoutine: 1 }, {}, "attemptUsed"],
  ] as const)("not allowed: %s", (_n, s, t, reason) => {
    expect(resolveGrapple(c("a"), c("t", t), s, o, dice())).toEqual({ kind: "notAllowed", reason });
  });

  it("a target just under twice the height may be grappled", () => {
    expect(resolveGrapple(c("a"), c("t", { height: 139 }), {}, o, dice([6, 1], [4, 1], [100, 1], [100, 1])).kind).toBe("hold");
  });

  it("a stunned attacker cannot act; one already holding the target cannot grapple it again", () => {
    expect(resolveGrapple(c("a", { conditions: ["stunned"] }), c("t"), {}, o, dice())).toEqual({ kind: "notAllowed", reason: "cannotAct" });
    expect(resolveGrapple(c("a"), c("t"), { holds: [hold("a", "t", 30)] }, o, dice())).toEqual({ kind: "notAllowed", reason: "alreadyHolding" });
  });
});

describe("free attack and fend-off", () => {
  it.each([
    ["a free attack that hits (even for no damage)", { kind: "freeAttack", hit: true }, true],
    ["a free attack that misses", { kind: "freeAttack", hit: false }, false],
    ["a contact free attack that hits without damage", { kind: "freeAttack", hit: true, contact: true }, false],
    ["a contact free attack that damages", { kind: "freeAttack", hit: true, contact: true, damaged: true }, true],
    ["a contact free attack that incapacitates", { kind: "freeAttack", hit: true, contact: true, incapacitated: true }, true],
    ["a fend-off that hits", { kind: "fendOff", hit: true }, true],
    ["a fend-off that misses", { kind: "fendOff", hit: false }, false],
  ] as const)("%s foils the attempt: %s", (_n, defense, foiled) => {
    const r = resolveGrapple(c("a"), c("t"), { defense }, o, dice([6, 1], [4, 1], [100, 1], [100, 1]));
    expect(r.kind === "foiled").toBe(foiled);
  });

  it("a casting target that strikes spoils its spell; the approaching grappler is treated as grappled", () => {
    const r = resolveGrapple(c("a", { dexAcBonus: 2, shield: { plus: 0 } }), c("t"), { defense: { kind: "fendOff", hit: true }, targetCasting: true }, o, dice());
    expect(r).toEqual({
      kind: "foiled",
      defense: { allowed: true, defense: { kind: "fendOff", hit: true }, foiled: true, spellSpoiled: true, approach: { acPenalty: 4, dexLost: true, shieldLost: true } },
    });
  });

  it("after a tackle (initiative won) the target gets no free attack or fend-off", () => {
    const r = resolveGrapple(c("a"), c("t"), { defense: { kind: "freeAttack", hit: true }, afterTackle: true }, o, dice([6, 1], [4, 1], [100, 1], [100, 1]));
    expect(r).toMatchObject({ kind: "hold", defense: { allowed: false, foiled: false } });
  });
});

describe("Grab, Hug and Constrict", () => {
  const bear = monster("bear", 5, { abilities: ["hug"], strength: { score: 18, exceptional: 100 }, dexterity: 10, height: 84, weight: 700 });

  it("a hit with the linked attack grapples with no attack roll, no free attack, and no attacker Variable on the result", () => {
    const t = c("t");
    const r = resolveGrapple(bear, t, { special: { ability: "hug", linkedAttackHit: true }, defense: { kind: "freeAttack", hit: true } }, o, dice([4, 2], [100, 20]));
    // 20 - 4 (d4 2 + column 2) + height 20% (+10) + weight 311% (31 steps, +155) + Dex 10 + Str 18 + 10 = 219 -> Gouge
    expect(r).toMatchObject({
      kind: "hold",
      defense: { allowed: false },
      variable: { attacker: { none: "specialAbility" }, target: { value: 4 } },
      chance: null,
      attackRoll: null,
      result: { total: 219 },
      row: { category: 7 },
      hold: { special: true },
      damage: { split: { total: 8, actual: 8, temporary: 0 } },
    });
  });

  it("a hold the ability fixes (a bear hug) rolls nothing at all", () => {
    const r = resolveGrapple(bear, c("t"), { special: { ability: "hug", linkedAttackHit: true, holdCategory: 4 } }, o, dice());
    expect(r).toMatchObject({
      kind: "hold",
      variable: { attacker: { none: "specialAbility" }, target: { none: "fixedHold" } },
      result: null,
      rolled: null,
      row: { category: 4, hold: "bearHug" },
      damage: { split: { total: 3, actual: 3 } },
    });
  });

  it("a missed linked attack grapples nothing; an ability the creature lacks is refused", () => {
    expect(resolveGrapple(bear, c("t"), { special: { ability: "hug", linkedAttackHit: false } }, o, dice())).toEqual({ kind: "linkedAttackMissed", ability: "hug" });
    expect(resolveGrapple(bear, c("t"), { special: { ability: "constrict", linkedAttackHit: true } }, o, dice())).toEqual({ kind: "notAllowed", reason: "noSuchAbility" });
  });

  it("the ability ignores the hands-empty and size limits; the holder may be left free of the grappled condition", () => {
    const r = resolveGrapple(bear, c("t", { height: 200 }), { special: { ability: "hug", linkedAttackHit: true, holdCategory: 4, holderFree: true }, holdingItem: true }, o, dice());
    expect(r).toMatchObject({ kind: "hold", grappled: { attacker: false, target: true } });
  });
});

describe("the grappled condition and size", () => {
  it("a grappler two size classes larger stays free; the smaller one does not (option muchLargerSteps)", () => {
    const giant = c("g", { size: "VL", height: 138 });
    const r = resolveGrapple(giant, c("t", { size: "S", height: 70 }), {}, o, dice([6, 1], [4, 1], [100, 1], [100, 1]));
    expect(r).toMatchObject({ kind: "hold", grappled: { attacker: false, target: true } });
    const r2 = resolveGrapple(c("h", { size: "S" }), c("t", { size: "L" }), {}, o, dice([6, 1], [4, 1], [100, 1], [100, 1]));
    expect(r2).toMatchObject({ kind: "hold", grappled: { attacker: true, target: false } });
    const r3 = resolveGrapple(c("h", { size: "S" }), c("t", { size: "L" }), {}, { ...o, muchLargerSteps: 3 }, dice([6, 1], [4, 1], [100, 1], [100, 1]));
    expect(r3).toMatchObject({ kind: "hold", grappled: { attacker: true, target: true } });
  });
});

describe("joining an existing grapple", () => {
  const first = hold("h", "m", 60); // Bear hug, category 4
  it("T004-07: a joiner's Strangle hold (6) against an existing Bear hug (4) is capped at Torso grab (1), no damage", () => {
    const r = resolveGrapple(a02, t02, { holds: [first], round: 2 }, o, dice([6, 6], [4, 1], [100, 58]));
    // 58 + 8 - 4 + 25 = 87 -> Strangle hold
    expect(r).toMatchObject({
      kind: "hold",
      rolled: { category: 6 },
      row: { category: 1, hold: "torsoGrab" },
      capped: true,
      join: { existing: 4, optionCap: 1, cap: 1 },
      hold: { original: false },
      damage: null,
    });
  });

  it("DEFAULT-B (joinerCapCategory 4): capped at Bear hug; never above the existing hold", () => {
    const r = resolveGrapple(a02, t02, { holds: [first] }, { ...o, joinerCapCategory: 4 }, dice([6, 6], [4, 1], [100, 58]));
    expect(r).toMatchObject({ row: { category: 4, hold: "bearHug" }, capped: true });
    const weak = hold("h", "m", 30); // Arm lock, 2
    const r2 = resolveGrapple(a02, t02, { holds: [weak] }, { ...o, joinerCapCategory: 4 }, dice([6, 6], [4, 1], [100, 58]));
    expect(r2).toMatchObject({ row: { category: 2 }, join: { existing: 2, cap: 2 } });
  });

  it("a result below the cap is kept", () => {
    const r = resolveGrapple(a02, t02, { holds: [first] }, { ...o, joinerCapCategory: 4 }, dice([6, 1], [4, 4], [100, 1]));
    // 1 + 3 - 7 + 25 = 22 -> Arm lock (2)
    expect(r).toMatchObject({ row: { category: 2 }, capped: false });
  });

  it("the last grappler the target can take pins it; one more finds no room", () => {
    const t = c("t", { maxMeleeAttackers: 2 });
    const r = resolveGrapple(c("a"), t, { holds: [hold("h", "t", 60)] }, o, dice([6, 1], [4, 1], [100, 1], [100, 1]));
    expect(r).toMatchObject({ kind: "hold", pinned: true });
    const full = [hold("h", "t", 60), hold("j", "t", 10, { original: false })];
    expect(resolveGrapple(c("a"), t, { holds: full }, o, dice())).toEqual({ kind: "notAllowed", reason: "noRoomToJoin" });
  });

  it("with no hold marked original, the strongest existing hold is what the joiner meets", () => {
    const hs = [hold("h", "m", 30, { original: false }), hold("j", "m", 90, { original: false })];
    const r = resolveGrapple(a02, t02, { holds: hs }, { ...o, joinerCapCategory: 7 }, dice([6, 6], [4, 1], [100, 75]));
    expect(r).toMatchObject({ join: { existing: 6, cap: 6 }, row: { category: 6 } });
  });
});

describe("Break Free", () => {
  const h = c("h");
  const b = c("b");
  it("T004-06: against a category-3 hold, a category-4 result breaks free; the holder takes the break roll's damage", () => {
    // Roles swapped: the breaker's d6 + 2 adds, the holder's d4 + 2 subtracts; Dex 10 + Str 10 = +20.
    const r = resolveBreakFree(b, [h], [hold("h", "b", 50)], {}, o, dice([6, 1], [4, 4], [100, 40]));
    expect(r).toMatchObject({
      kind: "attempts",
      attempts: [{ holdId: "h>b@1", result: { total: 57 }, row: { category: 4 }, needed: 4, broken: true, damage: { split: { total: 3, actual: 1, temporary: 2 } } }],
      damageTo: "h",
      brokenHoldIds: ["h>b@1"],
      holds: [],
    });
  });

  it("T004-06: a category-3 result does not break a category-3 hold, and still hurts the holder", () => {
    const r = resolveBreakFree(b, [h], [hold("h", "b", 50)], {}, o, dice([6, 1], [4, 4], [100, 38]));
    expect(r).toMatchObject({ attempts: [{ result: { total: 55 }, row: { category: 3 }, broken: false, damage: { split: { total: 2, actual: 1, temporary: 1 } } }], brokenHoldIds: [] });
  });

  it("options: no Variable on the break roll; no damage to the holder", () => {
    const r = resolveBreakFree(b, [h], [hold("h", "b", 50)], {}, { ...o, breakFreeVariable: "none", breakFreeDamage: "none" }, dice([100, 36]));
    expect(r).toMatchObject({ attempts: [{ result: { total: 56 }, broken: true, damage: null, variable: { attacker: { none: "optionOff" } } }] });
  });

  it("one roll per holder; damage to the original holder only (or the one named)", () => {
    const hs = [hold("j", "b", 10, { original: false }), hold("h", "b", 30)];
    const j = c("j");
    const r = resolveBreakFree(b, [h, j], hs, {}, o, dice([6, 1], [4, 1], [100, 1], [6, 1], [4, 1], [100, 1]));
    expect(r).toMatchObject({ damageTo: "h", attempts: [{ holderId: "j", damage: null }, { holderId: "h", damage: { base: 1 } }] });
    const r2 = resolveBreakFree(b, [h, j], hs, { damageTo: "j" }, o, dice([6, 1], [4, 1], [100, 1], [6, 1], [4, 1], [100, 1]));
    // 1 + 3 - 3 + 20 = 21: Arm lock, 1 damage, to the named holder only.
    expect(r2).toMatchObject({ damageTo: "j", attempts: [{ holderId: "j", damage: { base: 1 } }, { holderId: "h", damage: null }] });
  });

  it("not allowed: not held; stunned; both holding each other", () => {
    expect(resolveBreakFree(b, [h], [], {}, o, dice())).toEqual({ kind: "notAllowed", reason: "notHeld" });
    expect(resolveBreakFree(c("b", { conditions: ["stunned"] }), [h], [hold("h", "b", 50)], {}, o, dice())).toEqual({ kind: "notAllowed", reason: "cannotAct" });
    expect(resolveBreakFree(b, [h], [hold("h", "b", 50), hold("b", "h", 30)], {}, o, dice())).toEqual({ kind: "notAllowed", reason: "mutualHold" });
  });
});

describe("Counter Grapple", () => {
  const h = c("h");
  const cc = c("c");
  it("a Gouge (d100 80 + 8 - 3 + 20 = 105) stuns the holder and breaks its hold", () => {
    const r = resolveCounterGrapple(cc, h, [hold("h", "c", 30)], { round: 2 }, o, dice([6, 6], [4, 1], [100, 80]));
    expect(r).toMatchObject({
      kind: "counter",
      result: { total: 105 },
      row: { category: 7 },
      hold: { id: "c>h@2", holderId: "c", heldId: "h", original: true },
      brokenHoldId: "h>c@1",
      mutual: false,
      timers: [{ id: "h", condition: "stunned", rounds: 1, appliedRound: 2 }],
      damage: { split: { total: 8, actual: 2, temporary: 6 } },
    });
    if (r.kind === "counter") expect(r.holds.map((x) => x.id)).toEqual(["c>h@2"]);
  });

  it("anything short of a stun leaves both holds: then neither may Break Free", () => {
    const hs = [hold("h", "c", 30)];
    const r = resolveCounterGrapple(cc, h, hs, {}, o, dice([6, 1], [4, 1], [100, 30]));
    expect(r).toMatchObject({ kind: "counter", result: { total: 50 }, row: { category: 3 }, brokenHoldId: null, mutual: true });
    if (r.kind !== "counter") throw new Error("counter expected");
    expect(resolveBreakFree(cc, [h], r.holds, {}, o, dice())).toEqual({ kind: "notAllowed", reason: "mutualHold" });
    expect(resolveBreakFree(h, [cc], r.holds, {}, o, dice())).toEqual({ kind: "notAllowed", reason: "mutualHold" });
  });

  it("not allowed: not held by that creature; stunned; already holding it", () => {
    expect(resolveCounterGrapple(cc, h, [], {}, o, dice())).toEqual({ kind: "notAllowed", reason: "notHeldBy" });
    expect(resolveCounterGrapple(c("c", { conditions: ["unconscious"] }), h, [hold("h", "c", 30)], {}, o, dice())).toEqual({ kind: "notAllowed", reason: "cannotAct" });
    expect(resolveCounterGrapple(cc, h, [hold("h", "c", 30), hold("c", "h", 10)], {}, o, dice())).toEqual({ kind: "notAllowed", reason: "alreadyHolding" });
  });

  it("a counter on a holder already held by another is not the original hold: no damage", () => {
    const r = resolveCounterGrapple(cc, h, [hold("h", "c", 30), hold("x", "h", 30)], {}, o, dice([6, 1], [4, 1], [100, 30]));
    expect(r).toMatchObject({ hold: { original: false }, damage: null });
  });
});

describe("Overbear", () => {
  // Default fighters: chance 100 + 10 - 20 - 5 = 85; result modifiers Str 10 = +10; Variables d6+2, d4+2.
  const a = c("a");
  const t = c("t");
  it("T004-09: a 150 lb attacker cannot overbear a 300 lb target; 299 lb is allowed", () => {
    expect(resolveOverbear(c("a", { weight: 150 }), c("t", { weight: 300 }), { charging: true }, o, dice())).toEqual({ kind: "notAllowed", reason: "targetTooHeavy" });
    expect(resolveOverbear(c("a", { weight: 150 }), c("t", { weight: 299 }), { charging: true }, o, dice([6, 1], [4, 1], [100, 99])).kind).toBe("miss");
  });

  it("only at the end of a charge", () => {
    expect(resolveOverbear(a, t, {}, o, dice())).toEqual({ kind: "notAllowed", reason: "notCharging" });
  });

  it("T004-10: a tackle that ends in Kicked leg (22 + 3 - 6 + 10 = 29): target standing, attacker prone", () => {
    const r = resolveOverbear(a, t, { charging: true, tackle: true }, o, dice([6, 1], [4, 4], [100, 10], [100, 22]));
    expect(r).toMatchObject({
      kind: "result",
      chance: { chance: 85 },
      result: { total: 29 },
      row: { category: 2, result: "kickedLeg" },
      damage: { split: { total: 0 } },
      aftermath: { targetProne: false, attackerProne: true, grappleNextRoundUnopposed: false },
    });
  });

  it("Knocked flat (94 + 5 - 4 + 10 = 105): prone, stunned a round, 4 damage = 2 + 2; a tackler goes down too and may grapple unopposed next round", () => {
    const r = resolveOverbear(a, t, { charging: true, tackle: true, round: 4 }, o, dice([6, 3], [4, 2], [100, 50], [100, 94]));
    expect(r).toMatchObject({
      kind: "result",
      row: { category: 6, result: "knockedFlat" },
      damage: { split: { total: 4, actual: 2, temporary: 2 } },
      aftermath: { targetProne: true, attackerProne: true, grappleNextRoundUnopposed: true },
      timers: [{ id: "t", condition: "stunned", rounds: 1, appliedRound: 4 }],
    });
  });

  it("Staggered (45 + 3 - 3 + 10 = 55): 1 damage, hindered a round, nobody prone even for a tackler", () => {
    const r = resolveOverbear(a, t, { charging: true, tackle: true }, o, dice([6, 1], [4, 1], [100, 1], [100, 45]));
    expect(r).toMatchObject({
      row: { category: 3 },
      damage: { split: { total: 1, actual: 1, temporary: 0 } },
      aftermath: { targetProne: false, attackerProne: false },
      timers: [{ condition: "hindered", rounds: 1 }],
    });
  });

  it("a fend-off that hits: avoided, no damage; a tackler falls; the attacker's AC takes the worse of charge and grappled", () => {
    const r = resolveOverbear(a, t, { charging: true, tackle: true, chargeAcPenalty: 1, defense: { kind: "fendOff", hit: true } }, o, dice());
    expect(r).toMatchObject({ kind: "avoided", defense: { foiled: true, approach: { acPenalty: 4 } }, aftermath: { attackerProne: true } });
    const stacked = resolveOverbear(a, t, { charging: true, chargeAcPenalty: 1, defense: { kind: "fendOff", hit: true } }, { ...o, chargeStacking: "stack" }, dice());
    expect(stacked).toMatchObject({ kind: "avoided", defense: { approach: { acPenalty: 5 } }, aftermath: { attackerProne: false } });
  });

  it("a missed overbear leaves a tackler prone", () => {
    const r = resolveOverbear(a, t, { charging: true, tackle: true }, o, dice([6, 1], [4, 1], [100, 86]));
    expect(r).toMatchObject({ kind: "miss", attackRoll: { chance: 85, success: false }, aftermath: { attackerProne: true } });
  });

  describe("Trample", () => {
    const rhino = monster("r", 8, { abilities: ["trample"], weight: 3000, strength: { score: 18 } });
    it("no attack roll and no fend-off; a result without damage does not count", () => {
      const r = resolveOverbear(rhino, t, { charging: true, trample: true, defense: { kind: "fendOff", hit: true } }, o, dice([4, 4], [100, 1]));
      // 1 - 6 (d4 4 + 2 column) + weight 1664% heavier (166 steps x 10) + Str 18 + ... -> far past 101: Knocked flat
      expect(r).toMatchObject({ kind: "result", defense: { allowed: false }, chance: null, attackRoll: null, variable: { attacker: { none: "specialAbility" } }, trampleCounts: true });
      const small = monster("r2", 1, { abilities: ["trample"], weight: 171, height: 70, strength: { score: 3 } });
      const miss = resolveOverbear(small, t, { charging: true, trample: true }, o, dice([4, 4], [100, 20]));
      // 20 - 6 + 3 (Str) = 17 -> Avoid: does no damage, so no trample
      expect(miss).toMatchObject({ kind: "result", row: { category: 1 }, trampleCounts: false, damage: null, aftermath: { targetProne: false } });
    });

    it("a damaging result counts, with the creature's own trample damage, all lethal", () => {
      const r = resolveOverbear(rhino, t, { charging: true, trample: true, trampleDamage: 9 }, o, dice([4, 1], [100, 50]));
      expect(r).toMatchObject({ kind: "result", trampleCounts: true, damage: { base: 9, split: { total: 9, actual: 9, temporary: 0 } }, aftermath: { targetProne: true } });
    });

    it("a creature without Trample cannot trample", () => {
      expect(resolveOverbear(a, t, { charging: true, trample: true }, o, dice())).toEqual({ kind: "notAllowed", reason: "noTrample" });
    });
  });
});

describe("weaponless initiative (surprise > charge > Dex > die > limb length)", () => {
  const side = (over: Partial<InitiativeSide> = {}): InitiativeSide => ({ surprise: false, charging: false, dexterity: 12, initiativeDie: 3, limbLength: 30, weaponless: true, ...over });
  it.each([
    ["surprise beats everything", side({ surprise: true, dexterity: 3, initiativeDie: 1 }), side({ charging: true, dexterity: 18 }), "a", "surprise"],
    ["charge beats Dex", side({ dexterity: 8 }), side({ charging: true }), "b", "charge"],
    ["Dex beats the die", side({ dexterity: 15, initiativeDie: 1 }), side({ initiativeDie: 6 }), "a", "dexterity"],
    ["the higher die", side({ initiativeDie: 2 }), side({ initiativeDie: 5 }), "b", "initiativeDie"],
    ["then the longer limb", side({ limbLength: 32 }), side(), "a", "limbLength"],
    ["all equal", side(), side(), "tie", null],
  ] as const)("%s", (_n, a, b, first, decidedBy) => {
    expect(weaponlessInitiative(a, b, o)).toEqual({ applies: true, first, decidedBy });
    expect(Math.sign(compareWeaponlessInitiative(a, b, o))).toBe(first === "a" ? -1 : first === "b" ? 1 : 0);
  });

  it("option initiativeDie lower; an armed side means group initiative", () => {
    expect(weaponlessInitiative(side({ initiativeDie: 2 }), side({ initiativeDie: 5 }), { ...o, initiativeDie: "lower" }).first).toBe("a");
    expect(weaponlessInitiative(side({ weaponless: false }), side(), o)).toEqual({ applies: false, first: null, decidedBy: null });
  });

  it("sorts a list of grapplers", () => {
    const list = [side({ dexterity: 9 }), side({ surprise: true }), side({ dexterity: 17 })];
    expect([...list].sort((x, y) => compareWeaponlessInitiative(x, y, o)).map((s) => s.dexterity)).toEqual([12, 17, 9]);
  });
});

describe("grappled state", () => {
  it("holders up to the allowed melee attackers pin the creature; the holds' effects add up", () => {
    const t = c("t", { maxMeleeAttackers: 2 });
    const one = grappledState(t, [hold("h", "t", 75)], o);
    expect(one).toMatchObject({ held: true, pinned: false, helpless: false, strongestCategory: 5, toHit: -2, outsidersMayHitOthers: true, mayAttack: { naturalWeapons: true, monkOpenHand: true }, condition: { acPenalty: 4 } });
    const two = grappledState(t, [hold("h", "t", 75), hold("j", "t", 30, { original: false })], o);
    expect(two).toMatchObject({ pinned: true, helpless: true, armsHeld: 1, outsidersMayHitOthers: false, itemsCanBeGrabbed: true, mayAttack: { naturalWeapons: false, monkOpenHand: false } });
    expect(grappledState(c("t"), [], o)).toMatchObject({ held: false, pinned: false, strongestCategory: 0, toHit: 0, condition: null, outsidersMayHitOthers: false });
    expect(grappledState(c("t", { conditions: ["stunned"] }), [hold("h", "t", 90)], o)).toMatchObject({ outsidersMayHitOthers: false, noVerbalSpells: true, noSomaticSpells: false });
  });
});

describe("options", () => {
  it("resolve over the defaults; bad names and values are all reported", () => {
    expect(resolveOptions(undefined)).toBe(o);
    expect(resolveOptions(null)).toBe(o);
    expect(resolveOptions({ joinerCapCategory: 4, strengthDamage: true })).toMatchObject({ joinerCapCategory: 4, strengthDamage: true, baseChance: "adPlusMagicTimes10" });
    try {
      resolveOptions({ joinerCapCategory: 0, strengthDamage: "yes", baseChance: "dmg", nope: 1 });
      expect.unreachable();
    } catch (e) {
      expect((e as RulesInputError).issues.map((i) => `${i.path}:${i.code}`)).toEqual([
        "options.joinerCapCategory:outOfRange",
        "options.strengthDamage:notBoolean",
        "options.baseChance:notOneOf",
        "options.nope:unknownOption",
      ]);
    }
    expect(() => resolveOptions(3)).toThrow(RulesInputError);
  });

  it("runAction reports bad options as issues", () => {
    const r = runAction("percentile", "chance", { attacker: c("a"), target: c("t") }, { strangleKoPct: 101 }, dice());
    expect(r).toEqual({ ok: false, issues: [{ path: "options.strangleKoPct", code: "outOfRange", params: { min: 0, max: 100, got: 101 } }] });
  });
});
