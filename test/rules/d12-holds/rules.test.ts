// Rules of 000 one at a time, with numbers from the text or worked by hand.
import { describe, expect, it } from "vitest";
import { d12, ScriptedDice } from "../../../src/rules/index.ts";

const o = d12.D12_DEFAULTS;
const c = d12.defaultCombatant;
const hold = (over: Partial<d12.Hold> & Pick<d12.Hold, "holderId" | "part">): d12.Hold => ({
  id: `${over.holderId}:${over.part}:${over.limb ?? 0}`,
  heldId: "d",
  result: 6,
  sizeAdjustment: 0,
  holderSize: "M",
  roundGained: 1,
  ...over,
});

describe("armor class against weaponless attacks", () => {
  // T000-05: plate and shield -> AC 2 against a grapple; armor is ignored.
  it("plate and shield is AC 2 against grapples and 7 against pummels", () => {
    const f = c("f", { armor: { type: "plate", plus: 0 }, shield: { plus: 0 } });
    expect(d12.weaponlessAc(f, "grapple", true, o).ac).toBe(2);
    expect(d12.weaponlessAc(f, "pummel", true, o).ac).toBe(7);
    expect(d12.weaponlessAc(f, "pummel", false, o).ac).toBe(10);
    expect(d12.normalAc(f)).toBe(2);
    expect(d12.normalAc(f, false)).toBe(3);
  });
  it("a magic shield's plus counts unless the option says no", () => {
    const f = c("f", { shield: { plus: 2 } });
    expect(d12.weaponlessAc(f, "pummel", true, o).ac).toBe(5);
    expect(d12.weaponlessAc(f, "pummel", true, { ...o, shieldMagicCounts: false }).ac).toBe(7);
  });
  it("Dex, magic protection and special bonuses count; natural AC does not", () => {
    const m = c("m", { dexAcAdjustment: -2, magicProtection: 1, specialAcBonus: 4, naturalAc: { ac: 2, basis: "toughness" } });
    expect(d12.weaponlessAc(m, "pummel", true, o).ac).toBe(3);
    expect(d12.weaponlessAc(m, "grapple", true, o).ac).toBe(-2);
  });
  it("monks use their normal AC against pummels and the better of it and AC 5 against grapples", () => {
    const monk = c("k", { monkLevel: 5, normalAc: 7 });
    expect(d12.weaponlessAc(monk, "pummel", true, o).ac).toBe(7);
    expect(d12.weaponlessAc(monk, "grapple", true, o).ac).toBe(5);
    const good = c("k2", { monkLevel: 9, normalAc: 2 });
    expect(d12.weaponlessAc(good, "grapple", true, o).ac).toBe(2);
    expect(d12.normalAc(c("s", { normalAc: 4, shield: { plus: 1 } }), false)).toBe(6);
  });
});

describe("to-hit modifiers", () => {
  const a = c("a");
  const mods = (d: d12.D12Combatant, s: d12.Situation = {}, atk = a, mode: "pummel" | "grapple" = "pummel") =>
    d12.specialModifiers(atk, d, s, mode).map((m) => [m.key, m.value]);
  it("prone gives +4 and replaces the rear and hampered bonuses", () => {
    expect(mods(c("d", { conditions: ["prone", "stunned"] }), { rear: true })).toEqual([["WC.Mod.defenderProne", 4]]);
    expect(mods(c("d", { conditions: ["slowed"] }), { rear: true })).toEqual([
      ["WC.Mod.rear", 2],
      ["WC.Mod.defenderHampered", 2],
    ]);
  });
  it("holds that immobilize count as immobilized by grapplers", () => {
    const d = c("d");
    expect(mods(d, { holds: [hold({ holderId: "h", part: "body" })] })).toEqual([["WC.Mod.defenderHampered", 2]]);
    expect(mods(d, { holds: [hold({ holderId: "h", part: "body", holderSize: "S" })] })).toEqual([]);
  });
  it("invisibility and displacement", () => {
    expect(mods(c("d", { conditions: ["invisible", "displaced"] }), {}, c("a", { conditions: ["displaced"] }))).toEqual([
      ["WC.Mod.attackerHidden", 2],
      ["WC.Mod.defenderInvisible", -4],
    ]);
    expect(mods(c("d", { conditions: ["displaced"] }))).toEqual([["WC.Mod.defenderHardToLocate", -2]]);
  });
  it("a pummeling weapon helps pummels only", () => {
    const w = c("a", { pummelingWeapon: true });
    expect(mods(c("d"), {}, w)).toEqual([["WC.Mod.pummelingWeapon", 1]]);
    expect(mods(c("d"), {}, w, "grapple")).toEqual([]);
  });
});

describe("movement for the speed table", () => {
  it.each([
    ["none", false, 12, 12],
    ["chain", false, 12, 9],
    ["plate", false, 12, 6],
    ["plate", true, 12, 3],
    ["none", true, 12, 9],
    ["leather", false, 9, 9],
    ["chain", false, 6, 4],
    ["banded", true, 9, 2],
  ] as const)("%s, heavy %s, MV %i -> %i", (armor, heavy, mv, want) => {
    expect(d12.effectiveMovement(c("x", { armor: { type: armor, plus: 0 }, heavilyEncumbered: heavy, movement: mv })).movement).toBe(want);
  });
  it("reads a matrix row when there is no THAC0", () => {
    const row = Array.from({ length: 21 }, (_, i) => 10 + i);
    const src = { kind: "matrix", needed: row } as const;
    expect(d12.neededToHit(src, 10)).toBe(10);
    expect(d12.neededToHit(src, 0)).toBe(20);
    expect(d12.neededToHit(src, -12)).toBe(32);
    expect(d12.neededToHit(src, 12)).toBe(8);
  });
});

describe("grappling size", () => {
  it.each([
    [{ score: 18, exceptional: 50 }, "M", "L"],
    [{ score: 18 }, "S", "L"],
    [{ score: 19 }, "M", "VL"],
    [{ score: 6 }, "M", "S"],
    [{ score: 12 }, "M", "M"],
  ] as const)("character Str %o, size %s grapples as %s", (strength, size, want) => {
    expect(d12.grapplingSize(c("x", { strength, size }))).toBe(want);
  });
  it("monsters keep their size unless the DM overrides it", () => {
    expect(d12.grapplingSize(c("x", { kind: "monster", strength: { score: 19 }, size: "L" }))).toBe("L");
    expect(d12.grapplingSize(c("x", { grapplingSize: "VL" }))).toBe("VL");
  });
});

describe("pummel damage pieces", () => {
  it.each([
    ["plate", undefined, -3],
    ["chain", undefined, -2],
    ["leather", undefined, -1],
    ["studded", undefined, -1],
    ["none", { ac: -9, basis: "toughness" }, -8],
    ["none", { ac: -9, basis: "agility" }, 0],
    ["leather", { ac: 2, basis: "toughness" }, -3],
  ] as const)("%s armor with hide %o -> %i", (type, naturalAc, want) => {
    expect(d12.acDamageAdjustment(c("d", { armor: { type, plus: 0 }, ...(naturalAc ? { naturalAc } : {}) }), o)).toBe(want);
  });
  it("studded leather as chain under the option", () => {
    expect(d12.acDamageAdjustment(c("d", { armor: { type: "studded", plus: 0 } }), { ...o, studdedLeather: "chain" })).toBe(-2);
  });
  it("monk, weapon, Strength or size, spells and water all add", () => {
    const monk = c("m", { monkLevel: 7, strength: { score: 17 }, pummelingWeapon: true });
    const keys = d12.pummelDamageModifiers(monk, c("d"), { underwater: true, damageBonus: 1 }, o).map((m) => [m.key, m.value]);
    expect(keys).toEqual([
      ["WC.Mod.strengthDamage", 1],
      ["WC.Mod.pummelingWeapon", 1],
      ["WC.Mod.monkDamage", 3],
      ["WC.Mod.underwater", -2],
      ["WC.Mod.spellDamage", 1],
    ]);
    const ogre = c("o", { kind: "monster", size: "L" });
    expect(d12.pummelDamageModifiers(ogre, c("d"), {}, o)).toEqual([{ key: "WC.Mod.monsterSizeDamage", value: 3, params: { size: "L" } }]);
  });
  it("floors at the minimum before the multiplier", () => {
    expect(d12.pummelDamageFrom(1, -3, 2, o)).toEqual({ before: 0, total: 0 });
    expect(d12.pummelDamageFrom(1, -3, 2, { ...o, pummelMinimumDamage: 1 })).toEqual({ before: 1, total: 2 });
    expect(d12.pummelDamageFrom(6, 1, 0.5, o)).toEqual({ before: 7, total: 3 });
  });
  it("stupid monsters and limbless ones cannot pummel", () => {
    const dice = new ScriptedDice([]);
    expect(d12.resolvePummel(c("z", { kind: "monster", intelligence: "semi", pummelLimbs: 2, attacksPerRound: 2 }), c("d"), {}, o, dice)).toEqual({ kind: "notAllowed", reason: "tooStupid" });
    expect(d12.resolvePummel(c("z", { kind: "monster", intelligence: "low" }), c("d"), {}, o, dice)).toEqual({ kind: "notAllowed", reason: "noPummelLimbs" });
    expect(d12.resolvePummel(c("z", { attacksPerRound: 0 }), c("d"), {}, o, dice)).toEqual({ kind: "notAllowed", reason: "noAttacks" });
  });
  it("per-routine split counts the whole round's points", () => {
    const a = c("a", { attacksPerRound: 2, toHit: { kind: "thac0", thac0: 1 } });
    const dice = () => new ScriptedDice([[20, 10], [6, 3], [20, 10], [6, 3]]);
    const perHit = d12.resolvePummel(a, c("d"), {}, o, dice());
    const perRound = d12.resolvePummel(a, c("d"), {}, { ...o, pummelSplit: "perRoutine" }, dice());
    expect(perHit.kind === "routine" && perHit.total).toEqual({ total: 6, actual: 0, temporary: 6 });
    expect(perRound.kind === "routine" && perRound.total).toEqual({ total: 6, actual: 1, temporary: 5 });
  });
});

describe("where holds land", () => {
  const d = c("d");
  it("a second arm hold takes the free arm; a third doubles up; a fifth finds no room", () => {
    const h1 = hold({ holderId: "a", part: "arm", limb: 0 });
    expect(d12.placeHold(d, [h1], "arm", "body")).toEqual({ kind: "placed", part: "arm", limb: 1 });
    const four = [0, 1, 0, 1].map((limb, i) => hold({ holderId: `h${i}`, part: "arm", limb }));
    expect(d12.placeHold(d, four, "arm", "body")).toEqual({ kind: "noRoom", part: "arm" });
  });
  it("head 1, stranglehold 1, body 3 on S and M; no limit on L", () => {
    expect(d12.placeHold(d, [hold({ holderId: "a", part: "head" })], "head", "body").kind).toBe("noRoom");
    expect(d12.placeHold(d, [hold({ holderId: "a", part: "head" })], "strangle", "body").kind).toBe("placed");
    const bodies = [1, 2, 3].map((i) => hold({ holderId: `b${i}`, part: "body" }));
    expect(d12.placeHold(d, bodies, "body", "body").kind).toBe("noRoom");
    expect(d12.placeHold(c("L", { size: "L" }), bodies, "body", "body").kind).toBe("placed");
  });
  it("a limb the creature lacks becomes a body hold, or nothing", () => {
    const snake = c("s", { arms: 0, legs: 0 });
    expect(d12.placeHold(snake, [], "arm", "body")).toEqual({ kind: "placed", part: "body" });
    expect(d12.placeHold(snake, [], "leg", "none")).toEqual({ kind: "noSuchPart", part: "leg" });
  });
});

describe("hold effects", () => {
  const d = c("d");
  it("T000-07: arm, leg and head holds give -4, the worst, not the sum", () => {
    const e = d12.holdEffects(d, [hold({ holderId: "a", part: "arm" }), hold({ holderId: "b", part: "leg" }), hold({ holderId: "c", part: "head" })]);
    expect(e.toHitPenalty).toBe(-4);
    expect(e.immobilized).toBe(true);
    expect(e.dexBonusLost).toBe(true);
  });
  it("three smaller holders do not immobilize", () => {
    const e = d12.holdEffects(d, [hold({ holderId: "a", part: "arm", holderSize: "S" }), hold({ holderId: "b", part: "leg", holderSize: "S" }), hold({ holderId: "c", part: "head", holderSize: "S" })]);
    expect(e.immobilized).toBe(false);
    expect(d12.canRise(d, [hold({ holderId: "a", part: "arm", holderSize: "S" })])).toBe(true);
  });
  it("both arms held by smaller holders immobilizes unless they are two sizes smaller", () => {
    const arms = (size: "S" | "M") => [hold({ holderId: "a", part: "arm", limb: 0, holderSize: size }), hold({ holderId: "b", part: "arm", limb: 1, holderSize: size })];
    const e = d12.holdEffects(d, arms("S"));
    expect(e.allArmsHeld).toBe(true);
    expect(e.toHitPenalty).toBe(-6);
    expect(e.immobilized).toBe(true);
    expect(e.uselessHands).toEqual([0, 1]);
    expect(d12.holdEffects(c("L", { size: "L", id: "d" }), arms("S")).immobilized).toBe(false);
  });
  it("both legs give -4; one leg -1 for many-legged creatures; body holds -2 (VL -1) against that holder", () => {
    expect(d12.holdEffects(d, [hold({ holderId: "a", part: "leg", limb: 0 }), hold({ holderId: "b", part: "leg", limb: 1 })]).toHitPenalty).toBe(-4);
    expect(d12.holdEffects(c("d", { legs: 4 }), [hold({ holderId: "a", part: "leg" })]).toHitPenalty).toBe(-1);
    const body = d12.holdEffects(d, [hold({ holderId: "a", part: "body" })]);
    expect(body.toHitPenalty).toBe(0);
    expect(body.againstBodyHolders).toEqual({ a: -2 });
    expect(d12.holdEffects(c("d", { size: "VL" }), [hold({ holderId: "a", part: "body", holderSize: "VL" })]).againstBodyHolders).toEqual({ a: -1 });
    expect(d12.holdEffects(d, [hold({ holderId: "a", part: "strangle" })]).toHitPenalty).toBe(-4);
  });
});

describe("break targets (000 §Maintaining holds)", () => {
  const d = c("d");
  it.each([
    [1, "M", "M", 10, "basic"],
    [3, "S", "M", 11, "threeHolders"],
    [1, "VL", "M", 11, "holderTwoLarger"],
    [6, "S", "M", 12, "sixHolders"],
    [1, "VL", "S", 12, "giantOnSmall"],
    [1, "L", "S", 11, "holderTwoLarger"],
  ] as const)("%i holders, holder %s on %s -> %i", (n, holderSize, size, target, reason) => {
    expect(d12.breakTarget(c("d", { size }), hold({ holderId: "a", part: "arm", holderSize }), n)).toEqual({ target, reason });
  });
  it("monks add 2; the size factor is the negated adjustment unless turned off", () => {
    const h = hold({ holderId: "g", part: "leg", sizeAdjustment: -6, holderSize: "S" });
    expect(d12.breakModifiers(c("d", { monkLevel: 3 }), h, o).map((m) => m.value)).toEqual([6, 2]);
    expect(d12.breakModifiers(d, h, { ...o, laterBreakSizeFactor: "none" })).toEqual([]);
  });
  it("attacks next round: one lost per break roll, at least one", () => {
    expect(d12.attacksNextRound(6, 3)).toBe(3);
    expect(d12.attacksNextRound(2, 5)).toBe(1);
    expect(d12.attacksNextRound(0, 1)).toBe(0);
  });
  it("the 11 target lapses once a break leaves fewer than three holders", () => {
    const holds = ["a", "b", "c"].map((id) => hold({ holderId: id, part: id === "a" ? "arm" : id === "b" ? "leg" : "body" }));
    // First roll needs 11 (3 holders): 11 breaks it. Then 2 holders: the next needs 10, and 10 breaks it.
    const r = d12.endOfRoundBreaks(d, holds, 2, o, new ScriptedDice([[12, 11], [12, 10], [12, 1]]));
    expect(r.rolls.map((x) => [x.target, x.broken])).toEqual([
      [11, true],
      [10, true],
      [10, false],
    ]);
    expect(r.remaining.map((h) => h.holderId)).toEqual(["c"]);
  });
});

describe("lift-off", () => {
  it("needs 8 against each hold; wings cannot rise under a body hold", () => {
    const bird = c("d", { flight: "wings" });
    const arm = hold({ holderId: "a", part: "arm" });
    const r = d12.liftOff(bird, [arm, hold({ holderId: "b", part: "leg" })], o, new ScriptedDice([[12, 8], [12, 7]]));
    expect(r.kind === "rolled" && r.rolls.map((x) => x.broken)).toEqual([true, false]);
    expect(d12.liftOff(bird, [hold({ holderId: "a", part: "body" })], o, new ScriptedDice([]))).toEqual({ kind: "cannot", reason: "bodyHeld" });
    expect(d12.liftOff(c("d"), [arm], o, new ScriptedDice([]))).toEqual({ kind: "cannot", reason: "notAFlier" });
    expect(d12.liftOff(c("d", { flight: "magic" }), [hold({ holderId: "a", part: "body" })], o, new ScriptedDice([[12, 8]])).kind).toBe("rolled");
  });
});

describe("overbear chance (000 §Overbearing)", () => {
  const d = c("d");
  it("T000-04: goblin leg, goblin arm, bugbear body -> 30 + 20 = 50", () => {
    const holds = [hold({ holderId: "g1", part: "leg", holderSize: "S" }), hold({ holderId: "g2", part: "arm", holderSize: "S" }), hold({ holderId: "bb", part: "body", holderSize: "L" })];
    const ch = d12.overbearChance(d, holds, ["g1", "g2", "bb"], o);
    expect(ch.chance).toBe(50);
    expect(ch.largestSize).toBe("L");
    expect(d12.overbearChance(d, holds, ["g1", "g2"], o).chance).toBe(0); // 15 + 5 - 20
  });
  it.each([
    [["leg", "leg"], [0, 1], 40],
    [["arm", "arm"], [0, 1], 20],
    [["body", "body"], [0, 0], 20],
    [["head"], [0], 10],
    [["strangle"], [0], 5],
    [["leg", "leg"], [0, 0], 15], // two holders on one leg add nothing
  ] as const)("%o on limbs %o -> %i", (parts, limbs, want) => {
    const holds = parts.map((part, i) => hold({ holderId: `h${i}`, part, limb: limbs[i] ?? 0 }));
    expect(d12.overbearChance(d, holds, holds.map((h) => h.holderId), o).chance).toBe(want);
  });
  it("many-legged: 5 per held leg, all legs 40 unless more", () => {
    const spider = c("d", { legs: 8, arms: 0 });
    const legs = (n: number) => Array.from({ length: n }, (_, i) => hold({ holderId: `h${i}`, part: "leg", limb: i }));
    expect(d12.overbearChance(spider, legs(3), ["h0", "h1", "h2"], o).chance).toBe(15);
    expect(d12.overbearChance(spider, legs(8), legs(8).map((h) => h.holderId), o).chance).toBe(40);
    const centipede = c("d", { legs: 10 });
    expect(d12.overbearChance(centipede, legs(10), legs(10).map((h) => h.holderId), o).chance).toBe(50);
  });
  it("the Strength size of the defender counts unless turned off", () => {
    const strong = c("d", { strength: { score: 18, exceptional: 20 } });
    const h = [hold({ holderId: "a", part: "body", holderSize: "L" })];
    expect(d12.overbearChance(strong, h, ["a"], o).chance).toBe(10);
    expect(d12.overbearChance(strong, h, ["a"], { ...o, strengthSizeInOverbear: false }).chance).toBe(30);
    expect(d12.overbearChance(strong, h, ["a"], { ...o, strengthSizeInOverbear: false }, { a: "M" }).chance).toBe(10);
  });
});

describe("mass charge", () => {
  it("T000-10 and T000-11 point totals", () => {
    const gnolls = (ranks: number[]) => ranks.map((rank, i) => ({ id: `g${i}`, size: "L" as const, rank, killed: i < 3 }));
    const fighters = [...[0, 1, 2, 3, 4].map((i) => ({ id: `f${i}`, size: "M" as const, rank: 1 })), { id: "f5", size: "M" as const, rank: 1, kind: "character" as const, strength: { score: 18 } }];
    const all3 = d12.massChargeChance({ attackers: gnolls(Array.from({ length: 20 }, (_, i) => 1 + (i % 3))), defenders: fighters, obstacle: "double" }, o);
    expect("chance" in all3 && [all3.attackers.total, all3.defenderTotal, all3.chance]).toEqual([51, 26, 80]);
    const five = d12.massChargeChance({ attackers: gnolls(Array.from({ length: 20 }, (_, i) => 1 + Math.floor(i / 5))), defenders: fighters, obstacle: "double" }, o);
    expect("chance" in five && [five.attackers.front, five.attackers.rear, five.attackers.total, five.chance]).toEqual([36, 2, 38, 54]);
    const exact = d12.massChargeChance({ attackers: gnolls(Array.from({ length: 20 }, (_, i) => 1 + Math.floor(i / 5))), defenders: fighters, obstacle: "double" }, { ...o, rearRankRounding: "exact" });
    expect("chance" in exact && exact.chance).toBe(55);
  });
  it("a deficit keeps 30% unless the option subtracts", () => {
    const input = { attackers: [{ id: "a", size: "S" as const, rank: 1 }], defenders: [{ id: "d", size: "L" as const, rank: 1 }] };
    expect(d12.massChargeChance(input, o)).toMatchObject({ chance: 30 });
    expect(d12.massChargeChance(input, { ...o, massChargeDeficit: "subtract" })).toMatchObject({ chance: 26 });
    expect(d12.massChargeChance({ ...input, obstacle: "forbid" }, o)).toEqual({ kind: "impossible" });
  });
  it("sizes for the charge: Str 18 is L, 19 VL; strong monsters one up; VL points as given", () => {
    expect(d12.chargeSize({ id: "x", size: "M", rank: 1, kind: "character", strength: { score: 19 } })).toBe("VL");
    expect(d12.chargeSize({ id: "x", size: "M", rank: 1, extraStrong: true })).toBe("L");
    expect(d12.sidePoints([{ id: "g", size: "VL", rank: 1, vlPoints: 15 }, { id: "h", size: "VL", rank: 4 }], o).total).toBe(17);
  });
  it("saves: d20 at or under Str pushes aside, over it overborne; rank 4+ and the dead are not touched", () => {
    const r = d12.resolveMassCharge(
      {
        attackers: [{ id: "a", size: "VL", rank: 1, vlPoints: 25 }, { id: "b", size: "L", rank: 1 }],
        defenders: [{ id: "x", size: "M", rank: 1 }, { id: "y", size: "M", rank: 1, strength: { score: 16 } }, { id: "z", size: "M", rank: 4 }, { id: "k", size: "M", rank: 1, killed: true }],
      },
      o,
      new ScriptedDice([[100, 50], [20, 12], [20, 16]]),
    );
    expect(r.kind).toBe("succeeded");
    if (r.kind === "succeeded") {
      expect(r.saves.map((s) => [s.id, s.strength, s.result])).toEqual([
        ["x", 11, "overborne"],
        ["y", 16, "pushedAside"],
      ]);
      expect([r.mayAdvance, r.mustStay]).toEqual([0, 2]);
    }
  });
});

describe("overborne, charging directions, strikes at holders", () => {
  const d = c("d");
  it("overborne: -4 on top of the hold penalty, no shield or Dex, last, rises only when no hold immobilizes", () => {
    const arm = hold({ holderId: "a", part: "arm" });
    expect(d12.overborneEffects(d, [arm])).toEqual({ toHitPenalty: -6, shieldUsable: false, dexBonusLost: true, attacksLast: true, canRise: false, spells: "verbalOnly" });
    expect(d12.overborneEffects(d, [])).toMatchObject({ toHitPenalty: -4, canRise: true, spells: "any" });
  });
  it.each([
    [[0, 2], true],
    [[0, 4], false],
    [[3, 3], false],
    [[1, 2, 3], true],
    [[7, 3], false],
  ])("charging from directions %o allowed: %s", (dirs, ok) => {
    expect(d12.chargeDirectionsAllowed(dirs).ok).toBe(ok);
  });
  it("a miss on the holder rolls again at -4 against the held friend", () => {
    const ally = c("x", { toHit: { kind: "thac0", thac0: 15 } });
    const holder = c("h", { normalAc: 6 });
    const held = c("f", { normalAc: 2 });
    // Needs 9 on the holder; a 7 misses. Then needs 13 on the friend with -4: 17 - 4 = 13 hits.
    const r = d12.resolveStrikeAtHolder(ally, holder, held, [], new ScriptedDice([[20, 7], [20, 17]]));
    expect(r.kind).toBe("hitHeld");
    expect(d12.resolveStrikeAtHolder(ally, holder, held, [], new ScriptedDice([[20, 9]])).kind).toBe("hitHolder");
    expect(d12.resolveStrikeAtHolder(ally, holder, held, [], new ScriptedDice([[20, 7], [20, 16]])).kind).toBe("missedBoth");
  });
});

describe("held and overborne defenders lose Dex bonuses and (down) shields", () => {
  const quick = c("d", { dexAcAdjustment: -2, shield: { plus: 0 } });
  const held: d12.Situation = { holds: [hold({ holderId: "a", part: "leg" })] };
  it.each([
    ["free", quick, {}, 0],
    ["held", quick, held, 2],
    ["overborne", { ...quick, conditions: ["prone"] as d12.Condition[] }, {}, 5],
  ] as const)("%s: grapple AC", (_n, d, s, want) => {
    expect(d12.targetAcFor(d, "grapple", s, o).ac).toBe(want);
  });
  it("a Dex penalty still counts when held", () => {
    expect(d12.targetAcFor(c("d", { dexAcAdjustment: 1 }), "pummel", held, o).ac).toBe(11);
  });
  it("a monk's normal AC sets the pummel damage adjustment", () => {
    expect(d12.acDamageAdjustment(c("m", { monkLevel: 6, normalAc: 5 }), o)).toBe(-2);
  });
});
