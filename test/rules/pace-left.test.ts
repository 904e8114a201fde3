// The pace a group has left this round, as the map's ruler shows it while a creature in a hold is
// dragged, per variant, with numbers worked by hand from the texts:
// 000 §Explanation of holds: a creature held only by smaller ones still moves, its movement
//   "greatly reduced" (project reading: 1/(holders + 1) of its speed); a man's 12" at 10 ft an
//   inch is 120 ft a round, so one goblin hanging on leaves 60 ft, two leave 40 ft; held by a
//   larger creature it is immobilized: 0 ft.
// 002 §Moving and Grappling: a holder moves with its hold only after a roll (or its catch's free
//   break), at half speed by default (option movePace): 120 ft gives 60 ft; §Size Differences: a
//   much larger holder moves normally, 120 ft; in a grapple with a hold on it, a creature is
//   immobile: 0 ft.
// 004 §Grappled Condition: the side free of the condition drags its opponent at half speed:
//   120 ft gives 60 ft; a creature in the condition cannot move: 0 ft.
import { describe, expect, it } from "vitest";
import type { MovementAnswer } from "../../src/rules/index.ts";
import { beyondPace, kindAnswer, paceLeft } from "../../src/rules/index.ts";
import * as d12 from "../../src/rules/d12-holds/index.ts";
import * as gd from "../../src/rules/grapple-die/index.ts";
import * as pc from "../../src/rules/percentile/index.ts";

const man = d12.defaultCombatant("man");
const goblin = (id: string) => d12.defaultCombatant(id, { kind: "monster", size: "S", movement: 6 });
const ogre = d12.defaultCombatant("ogre", { kind: "monster", size: "L", movement: 9 });
const h12 = (id: string, holderId: string, heldId: string, part: d12.HoldPart, holderSize: d12.Hold["holderSize"], limb?: number): d12.Hold => ({
  id,
  holderId,
  heldId,
  part,
  ...(limb !== undefined ? { limb } : {}),
  result: 6,
  sizeAdjustment: 0,
  holderSize,
  roundGained: 1,
});
const move12 = (mover: d12.D12Combatant, holds: d12.Hold[], others: d12.D12Combatant[]): MovementAnswer =>
  d12.d12Movement({ mover, holds, others: new Map(others.map((c) => [c.id, c])) }, d12.D12_DEFAULTS);

describe("000: the pace left to a man carrying goblins", () => {
  const one = move12(man, [h12("h", "g1", "man", "leg", "S", 0)], [goblin("g1")]);

  it("one goblin on his leg: 120 ft / 2 = 60 ft a round; nothing gone yet, 60 left", () => {
    expect(paceLeft(one, 0)).toEqual({ kind: "paced", limitFeet: 60, usedFeet: 0, leftFeet: 60, brings: ["g1"], reason: "WC.Move.pace.hangingOn" });
  });

  it("40 ft already dragged this round: 20 ft left; 65 ft gone (a GM's move) leaves 0, never less", () => {
    expect(paceLeft(one, 40)).toMatchObject({ leftFeet: 20, usedFeet: 40 });
    expect(paceLeft(one, 65)).toMatchObject({ leftFeet: 0 });
  });

  it("two goblins: 120 ft / 3 = 40 ft", () => {
    const two = move12(man, [h12("a", "g1", "man", "leg", "S", 0), h12("b", "g2", "man", "arm", "S", 0)], [goblin("g1"), goblin("g2")]);
    expect(paceLeft(two, 0)).toMatchObject({ kind: "paced", limitFeet: 40, leftFeet: 40, brings: ["g1", "g2"] });
  });

  it("held by the body by an ogre (larger) he is immobilized: 0 ft, every step beyond it", () => {
    const fast = paceLeft(move12(man, [h12("h", "ogre", "man", "body", "L")], [ogre]), 0);
    expect(fast).toEqual({ kind: "heldFast", leftFeet: 0, reason: "WC.Move.heldFast", params: { by: "ogre" } });
    expect(beyondPace(fast, 0)).toBe(false);
    expect(beyondPace(fast, 5)).toBe(true);
  });

  it("a holder who moves lets go and walks alone (000 §Maintaining holds): no group pace, the ruler is left alone", () => {
    expect(paceLeft(move12(man, [h12("h", "man", "g1", "arm", "M", 0)], [goblin("g1")]), 0)).toEqual({ kind: "free" });
  });
});

describe("002: moving with a hold", () => {
  const O = gd.GRAPPLE_DIE_DEFAULTS;
  const fighter = gd.defaultCombatant("f", { size: "M", speedFt: 120 });
  const gob = gd.defaultCombatant("g", { size: "M" });
  const hold = (holderId: string, heldId: string, holderSize = "M", heldSize = "M") => ({
    id: "h",
    holderId,
    heldId,
    die: 10,
    name: "armLock",
    damage: { dice: { count: 1, sides: 2 }, flat: 0 },
    effects: { defenderToHit: -2, handsUnusable: 1, noTwoWeapon: true, cannotRise: false, noSomaticSpells: false, noVerbalSpells: false, strangle: false },
    holderSize,
    heldSize,
    roundGained: 1,
  }) as unknown as gd.Hold;

  it("an equal holder moves with its catch after the free break: half of 120 ft = 60 ft", () => {
    const a = gd.gdMovement({ mover: fighter, others: new Map([["g", gob]]), holds: [hold("f", "g")] }, O);
    expect(paceLeft(a, 0)).toMatchObject({ kind: "paced", limitFeet: 60, leftFeet: 60, brings: ["g"] });
    // option movePace full: 120 ft.
    const full = gd.gdMovement({ mover: fighter, others: new Map([["g", gob]]), holds: [hold("f", "g")] }, { ...O, movePace: "full" });
    expect(paceLeft(full, 30)).toMatchObject({ limitFeet: 120, leftFeet: 90 });
  });

  it("the one held is immobile: 0 ft", () => {
    const a = gd.gdMovement({ mover: gob, others: new Map([["f", fighter]]), holds: [hold("f", "g")] }, O);
    expect(paceLeft(a, 0)).toMatchObject({ kind: "heldFast", leftFeet: 0 });
  });
});

describe("004: dragging at half speed", () => {
  const O = pc.PERCENTILE_DEFAULTS;
  const big = pc.defaultCombatant("big", { size: "VL", speed: 120 });
  const small = pc.defaultCombatant("small", { size: "M", speed: 120 });
  const hold = { id: "p", holderId: "big", heldId: "small", row: { category: 1, hold: "torsoGrab", damage: 0, effects: { targetMayCounter: true } }, original: true, special: false, roundGained: 1 } as unknown as pc.Hold;

  it("the side free of the condition (two sizes larger) drags: 120 ft / 2 = 60 ft; 45 gone, 15 left", () => {
    const a = pc.percentileMovement({ mover: big, others: new Map([["small", small]]), holds: [hold] }, O);
    expect(paceLeft(a, 45)).toMatchObject({ kind: "paced", limitFeet: 60, leftFeet: 15, brings: ["small"] });
    expect(beyondPace(paceLeft(a, 45), 15)).toBe(false);
    expect(beyondPace(paceLeft(a, 45), 20)).toBe(true);
  });

  it("the one in the grappled condition cannot move: 0 ft", () => {
    const a = pc.percentileMovement({ mover: small, others: new Map([["big", big]]), holds: [hold] }, O);
    expect(paceLeft(a, 0)).toMatchObject({ kind: "heldFast", leftFeet: 0, reason: "WC.Move.grappled" });
  });
});

describe("no speed in the profile: a group pace with nothing to count", () => {
  it("limitFeet null: left null, nothing is ever beyond", () => {
    const a: MovementAnswer = { kind: "choices", speedFeet: null, choices: [{ kind: "drag", pace: { num: 1, den: 2 }, limitFeet: null, brings: ["x"], ends: [], reason: "r" }] };
    const p = paceLeft(a, 10);
    expect(p).toMatchObject({ kind: "paced", limitFeet: null, leftFeet: null });
    expect(beyondPace(p, 1000)).toBe(false);
  });
});

describe("moves that are not a walk: each variant's named option, with its default", () => {
  it.each([
    ["d12-holds", d12.D12_DEFAULTS, d12.D12_OPTION_SCHEMA],
    ["grapple-die", gd.GRAPPLE_DIE_DEFAULTS, gd.GRAPPLE_DIE_OPTION_SCHEMA],
    ["percentile", pc.PERCENTILE_DEFAULTS, pc.PERCENTILE_OPTION_SCHEMA],
  ] as const)("%s: a teleport ends the holds, a forced move and a change of level take the others along; a walk is the movement rules' to answer", (_id, o, schema) => {
    expect(kindAnswer("teleport", o)).toBe("ends");
    expect(kindAnswer("forced", o)).toBe("goesAlong");
    expect(kindAnswer("level", o)).toBe("goesAlong");
    expect(kindAnswer("walk", o)).toBeNull();
    for (const name of ["teleportInHold", "forcedMoveInHold", "levelChangeInHold"] as const) expect(schema[name]).toEqual({ kind: "choice", choices: ["ends", "goesAlong", "refused"] });
  });

  it("the GM's choice is read and checked like any option: a known value is kept, an unknown one refused", () => {
    expect(kindAnswer("teleport", d12.resolveOptions({ teleportInHold: "refused" }))).toBe("refused");
    expect(kindAnswer("level", gd.resolveOptions({ levelChangeInHold: "ends" }))).toBe("ends");
    expect(() => pc.resolveOptions({ forcedMoveInHold: "sometimes" })).toThrow();
  });
});
