// Moving on the map, per variant, with numbers worked by hand from the texts:
// 000 §Explanation of holds (immobilized unless the holder is smaller; both/all limbs unless two
// sizes smaller; judged hold by hold, movement "greatly reduced"), §Maintaining holds (a holder
// does nothing else), §Effects of overbearing, §General grappling rules (lift-off);
// 002 §Effects of Grappling on AC, §Size Differences, §Moving and Grappling;
// 004 §Grappled Condition (cannot move; the free side drags at half speed).
import { describe, expect, it } from "vitest";
import { limitFeet, pace, runAction, ScriptedDice } from "../../src/rules/index.ts";
import * as d12 from "../../src/rules/d12-holds/index.ts";
import * as gd from "../../src/rules/grapple-die/index.ts";
import * as pc from "../../src/rules/percentile/index.ts";

describe("the core's pace arithmetic", () => {
  it("whole feet, rounded down: 120 at a third is 40, 90 at a half 45, 100 at a third 33", () => {
    expect(limitFeet(120, pace(1, 3))).toBe(40);
    expect(limitFeet(90, pace(1, 2))).toBe(45);
    expect(limitFeet(100, pace(1, 3))).toBe(33);
    expect(limitFeet(null, pace(1, 2))).toBeNull();
  });
});

// --- 000 -----------------------------------------------------------------------------------------
const O12 = d12.D12_DEFAULTS;
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
const move12 = (mover: d12.D12Combatant, holds: d12.Hold[], others: d12.D12Combatant[] = [], o = O12, airborne = false) =>
  d12.d12Movement({ mover, holds, others: new Map(others.map((c) => [c.id, c])), airborne }, o);

describe("000 on the map", () => {
  it("a man held by the body by an ogre (larger) is immobilized: he stays, and breaking free or the ogre letting go frees him", () => {
    expect(move12(man, [h12("h", "ogre", "man", "body", "L")], [ogre])).toEqual({
      kind: "cannot",
      reason: "WC.Move.heldFast",
      params: { by: "ogre" },
      frees: [
        { key: "WC.Free.breakFree", params: { holders: "ogre" } },
        { key: "WC.Free.letGo", params: { holders: "ogre" } },
      ],
      holdIds: ["h"],
    });
  });

  it("held by a goblin (smaller) on one leg he moves, the goblin hanging on: 12\" x 10 ft = 120 ft, half with one holder = 60", () => {
    const a = move12(man, [h12("h", "g1", "man", "leg", "S", 0)], [goblin("g1")]);
    expect(a).toMatchObject({ kind: "choices", speedFeet: 120, choices: [{ kind: "drag", pace: { num: 1, den: 2 }, limitFeet: 60, brings: ["g1"], ends: [] }] });
  });

  it("the playtest's three smaller holders (000: 'greatly reduced'): a quarter, 30 ft; half and full as options", () => {
    const holds = [h12("a", "g1", "man", "leg", "S", 0), h12("b", "g2", "man", "arm", "S", 0), h12("c", "g3", "man", "head", "S")];
    const gs = [goblin("g1"), goblin("g2"), goblin("g3")];
    expect(move12(man, holds, gs)).toMatchObject({ choices: [{ limitFeet: 30, brings: ["g1", "g2", "g3"] }] });
    expect(move12(man, holds, gs, { ...O12, heldMoverPace: "half" })).toMatchObject({ choices: [{ limitFeet: 60 }] });
    expect(move12(man, holds, gs, { ...O12, heldMoverPace: "full" })).toMatchObject({ choices: [{ limitFeet: 120 }] });
  });

  it("both legs held by smaller goblins (only one size smaller, not two) immobilize him", () => {
    const a = move12(man, [h12("a", "g1", "man", "leg", "S", 0), h12("b", "g2", "man", "leg", "S", 1)], [goblin("g1"), goblin("g2")]);
    expect(a).toMatchObject({ kind: "cannot", reason: "WC.Move.heldFast", holdIds: ["a", "b"] });
  });

  it("an ogre (L) with both legs held by halflings (S, two sizes smaller) still moves: 9\" = 90 ft, a third with two holders = 30", () => {
    const a = move12(ogre, [h12("a", "g1", "ogre", "leg", "S", 0), h12("b", "g2", "ogre", "leg", "S", 1)], [goblin("g1"), goblin("g2")]);
    expect(a).toMatchObject({ kind: "choices", choices: [{ kind: "drag", limitFeet: 30 }] });
  });

  it("a holder may do nothing else: moving lets go (full speed, 120 ft); with holderDrags an ogre carries a halfling at half its 90 ft", () => {
    expect(move12(man, [h12("h", "man", "g1", "arm", "M", 0)], [goblin("g1")])).toMatchObject({ choices: [{ kind: "letGo", ends: ["h"], brings: [], limitFeet: 120 }] });
    const carry = move12(ogre, [h12("h", "ogre", "g1", "body", "L")], [goblin("g1")], { ...O12, holderDrags: "twoSizesLarger" });
    expect(carry).toMatchObject({ choices: [{ kind: "drag", brings: ["g1"], limitFeet: 45 }, { kind: "letGo", ends: ["h"] }] });
    // A man is only one size above a goblin: no carrying.
    expect(move12(man, [h12("h", "man", "g1", "arm", "M", 0)], [goblin("g1")], { ...O12, holderDrags: "twoSizesLarger" })).toMatchObject({ choices: [{ kind: "letGo" }] });
  });

  it("overborne, it stands up first (option: may move while down); paralyzed, it cannot move at all", () => {
    const down = { ...man, conditions: ["prone" as const] };
    expect(move12(down, [])).toEqual({ kind: "cannot", reason: "WC.Move.prone", frees: [{ key: "WC.Free.standUp" }], holdIds: [] });
    expect(move12(down, [], [], { ...O12, proneMovement: "free" })).toEqual({ kind: "free" });
    expect(move12({ ...man, conditions: ["paralyzed"] }, [])).toMatchObject({ kind: "cannot", reason: "WC.Move.condition" });
    expect(move12(man, [])).toEqual({ kind: "free" });
  });

  it("a winged flier held fast may still lift off (no body hold), and says so; aloft, the land pace no longer limits it", () => {
    const flier = { ...man, flight: "wings" as const };
    expect(move12(flier, [h12("h", "ogre", "man", "arm", "L", 0)], [ogre])).toMatchObject({ kind: "cannot", frees: [{}, {}, { key: "WC.Free.liftOff" }] });
    // A body hold keeps wings down (magic fliers are not so bound).
    expect(move12(flier, [h12("h", "ogre", "man", "body", "L")], [ogre])).toMatchObject({ kind: "cannot", frees: [{ key: "WC.Free.breakFree" }, { key: "WC.Free.letGo" }] });
    expect(move12({ ...man, flight: "magic" }, [h12("h", "ogre", "man", "body", "L")], [ogre])).toMatchObject({ frees: [{}, {}, { key: "WC.Free.liftOff" }] });
    expect(move12(flier, [h12("h", "g1", "man", "leg", "S", 0)], [goblin("g1")], O12, true)).toMatchObject({ speedFeet: null, choices: [{ limitFeet: null, brings: ["g1"], reason: "WC.Move.pace.flying" }] });
  });

  it("one who would come along but is held by another left behind: refused", () => {
    const a = move12(man, [h12("h", "g1", "man", "leg", "S", 0), h12("x", "g2", "g1", "arm", "S", 0)], [goblin("g1")]);
    expect(a).toMatchObject({ kind: "cannot", reason: "WC.Move.tangled", params: { who: "g1", other: "g2" }, holdIds: ["x"] });
  });

  it("lift-off: the flier and those still hanging on rise by the option's height (10 ft); one whose hold broke stays; no flier, no lift", () => {
    const holds = [h12("a", "g1", "f", "leg", "S", 0), h12("b", "g2", "f", "arm", "S", 0)].map((h) => d12.holdRecord(h));
    const ctx = (profile: Record<string, unknown>) => ({ action: "liftOff" as const, attacker: { id: "f", profile }, defender: { id: "g1", profile: goblin("g1") }, declared: {}, holds, round: 2, inCombat: true });
    // Break rolls at 8: the leg hold's d12 8 breaks, the arm hold's 3 does not.
    const up = d12.d12Variant.resolve(ctx({ ...d12.d12Variant.defaultProfile(), flight: "wings" }), O12, new ScriptedDice([[12, 8], [12, 3]]));
    expect(up.consequences.holdsRemoved).toEqual(["a"]);
    expect(up.consequences.lifts).toEqual([
      { targetId: "f", feet: 10 },
      { targetId: "g2", feet: 10 },
    ]);
    const grounded = d12.d12Variant.resolve(ctx(d12.d12Variant.defaultProfile()), O12, new ScriptedDice([]));
    expect(grounded.result).toMatchObject({ kind: "cannot", reason: "notAFlier" });
    expect(grounded.consequences.lifts).toBeUndefined();
  });

  it("a fall: 000 gives fliers their wings and no rule for falling damage", () => {
    expect(d12.d12Fall(man, 30)).toEqual({ kind: "falls", feet: 30, damage: null, reason: "WC.Fall.noRule" });
    expect(d12.d12Fall({ ...man, flight: "magic" }, 30)).toEqual({ kind: "staysAloft", reason: "WC.Fall.flies" });
  });

  it("the vectors' action reads plain data, and refuses a hold naming someone not given", () => {
    const out = runAction("d12-holds", "movement", { mover: man, holds: [h12("h", "g1", "man", "leg", "S", 0)] }, undefined, new ScriptedDice([]));
    expect(out).toMatchObject({ ok: false, issues: [{ path: "input.holds[0].holderId", code: "unknownCombatant" }] });
  });
});

// --- 002 -----------------------------------------------------------------------------------------
const OGD = gd.GRAPPLE_DIE_DEFAULTS;
const row = gd.GRAPPLE_DIE_TABLE.rows[4].result as Extract<gd.GrappleDieRow, { kind: "hold" }>;
const hGd = (id: string, holderId: string, heldId: string, over: Partial<gd.Hold> = {}): gd.Hold => ({ id, holderId, heldId, die: 10, name: row.name, damage: row.damage, effects: row.effects, holderSize: "M", heldSize: "M", roundGained: 1, ...over });
const a = gd.defaultCombatant("a", { speedFt: 120 });
const d = gd.defaultCombatant("d");
const moveGd = (mover: gd.GdCombatant, holds: gd.Hold[], others: gd.GdCombatant[], o = OGD) => gd.gdMovement({ mover, holds, others: new Map(others.map((c) => [c.id, c])) }, o);

describe("002 on the map", () => {
  it("the held one is immobile", () => {
    expect(moveGd(d, [hGd("h", "a", "d")], [a])).toMatchObject({ kind: "cannot", reason: "WC.Move.heldFast", params: { by: "a" } });
  });

  it("an equal holder: move with its hold (the catch gets a free break), at half its 120 ft, or let go and walk", () => {
    expect(moveGd(a, [hGd("h", "a", "d")], [d])).toEqual({
      kind: "choices",
      speedFeet: 120,
      choices: [
        { kind: "roll", pace: { num: 1, den: 2 }, limitFeet: 60, brings: ["d"], ends: [], reason: "WC.Move.pace.freeBreak", roll: { kind: "freeBreak", holdId: "h", heldId: "d" } },
        { kind: "letGo", pace: { num: 1, den: 1 }, limitFeet: 120, brings: [], ends: ["h"], reason: "WC.Move.pace.free" },
      ],
    });
    expect(moveGd(a, [hGd("h", "a", "d")], [d], { ...OGD, movePace: "full" })).toMatchObject({ choices: [{ limitFeet: 120 }, {}] });
    // No speed on the profile: no limit given.
    expect(moveGd(gd.defaultCombatant("a"), [hGd("h", "a", "d")], [d])).toMatchObject({ speedFeet: null, choices: [{ limitFeet: null }, { limitFeet: null }] });
  });

  it("a holder a size larger rolls to drag (grapple die 10+); with dragRollWhen muchLarger it gives a free break instead", () => {
    const big = gd.defaultCombatant("a", { size: "L", weightLb: 400, speedFt: 120 });
    expect(moveGd(big, [hGd("h", "a", "d", { holderSize: "L" })], [d])).toMatchObject({ choices: [{ roll: { kind: "dragRoll" } }, { kind: "letGo" }] });
    expect(moveGd(big, [hGd("h", "a", "d", { holderSize: "L" })], [d], { ...OGD, dragRollWhen: "muchLarger" })).toMatchObject({ choices: [{ roll: { kind: "freeBreak" } }, {}] });
  });

  it("much larger (ten times the weight): it moves normally, its catch with it, at full speed", () => {
    const giant = gd.defaultCombatant("a", { size: "VL", weightLb: 1800, speedFt: 120 });
    const hold = hGd("h", "a", "d", { holderSize: "VL", holderWeightLb: 1800, heldWeightLb: 180 });
    expect(moveGd(giant, [hold], [d])).toEqual({ kind: "choices", speedFeet: 120, choices: [{ kind: "drag", pace: { num: 1, den: 1 }, limitFeet: 120, brings: ["d"], ends: [], reason: "WC.Move.pace.muchLarger" }] });
    // A stirge-sized holder on a man: the man moves normally and the holder comes along.
    const stirge = gd.defaultCombatant("s", { size: "S", weightLb: 1 });
    expect(moveGd(a, [hGd("h", "s", "a", { holderSize: "S", holderWeightLb: 1, heldWeightLb: 180 })], [stirge])).toMatchObject({ choices: [{ kind: "drag", brings: ["s"] }] });
  });

  it("the move's roll: d20 9 + 1 (a size larger) = 10 drags; 8 + 1 = 9 does not", () => {
    const big = gd.defaultCombatant("a", { size: "L", weightLb: 400 });
    const hold = hGd("h", "a", "d", { holderSize: "L" });
    expect(gd.gdMoveRoll(big, d, hold, [hold], 1, OGD, new ScriptedDice([[20, 9]]))).toMatchObject({ moved: true, brings: ["d"], key: "WC.Map.dragRollMade", params: { total: 10, needed: 10 } });
    expect(gd.gdMoveRoll(big, d, hold, [hold], 1, OGD, new ScriptedDice([[20, 8]]))).toMatchObject({ moved: false, brings: [], key: "WC.Map.dragRollFailed" });
  });

  it("the free break: 10 meets the hold's 10 and breaks it; 7 holds and the catch is dragged (or nobody moves); 5 is 5 short and everyone falls", () => {
    const hold = hGd("h", "a", "d");
    expect(gd.gdMoveRoll(a, d, hold, [hold], 1, OGD, new ScriptedDice([[20, 10]]))).toMatchObject({ moved: true, brings: [], consequences: { holdsRemoved: ["h"] } });
    expect(gd.gdMoveRoll(a, d, hold, [hold], 1, OGD, new ScriptedDice([[20, 7]]))).toMatchObject({ moved: true, brings: ["d"], key: "WC.Map.freeBreakHeld" });
    expect(gd.gdMoveRoll(a, d, hold, [hold], 1, { ...OGD, freeBreakFailed: "staysPut" }, new ScriptedDice([[20, 7]]))).toMatchObject({ moved: false, brings: [] });
    const fall = gd.gdMoveRoll(a, d, hold, [hold], 1, OGD, new ScriptedDice([[20, 5]]));
    expect(fall).toMatchObject({ moved: false, key: "WC.Map.freeBreakAllProne" });
    expect(fall.consequences.conditions.map((c) => c.targetId).sort()).toEqual(["a", "d"]);
  });

  it("down on the ground with a leg hold on it, it cannot rise: both the hold and standing up are named", () => {
    const leg = gd.GRAPPLE_DIE_TABLE.rows[3].result as Extract<gd.GrappleDieRow, { kind: "hold" }>;
    const down = { ...d, conditions: ["prone" as const] };
    expect(moveGd(down, [hGd("h", "a", "d", { name: leg.name, effects: leg.effects })], [a])).toMatchObject({ kind: "cannot", reason: "WC.Move.prone", frees: [{ key: "WC.Free.breakFree" }, { key: "WC.Free.standUp" }], holdIds: ["h"] });
  });
});

// --- 004 -----------------------------------------------------------------------------------------
const OPC = pc.PERCENTILE_DEFAULTS;
const torso = pc.GRAPPLING_TABLE.rows[0].result;
/** A percentile hold; `special`: made by an ability that says its holder stays free (004 §Grappled Condition). */
const hPc = (id: string, holderId: string, heldId: string, special = false): pc.Hold => ({ id, holderId, heldId, row: torso, original: true, special, ...(special ? { holderFree: true } : {}), roundGained: 1 });
const movePc = (mover: pc.PercentileCombatant, holds: pc.Hold[], others: pc.PercentileCombatant[], o = OPC) => pc.percentileMovement({ mover, holds, others: new Map(others.map((c) => [c.id, c])) }, o);
const pa = pc.defaultCombatant("a");
const pd = pc.defaultCombatant("d");

describe("004 on the map", () => {
  it("equal sizes: both in the grappled condition; the held one cannot move, the holder may only let go", () => {
    expect(movePc(pd, [hPc("h", "a", "d")], [pa])).toMatchObject({ kind: "cannot", reason: "WC.Move.grappled", params: { by: "a" } });
    expect(movePc(pa, [hPc("h", "a", "d")], [pd])).toMatchObject({ kind: "choices", choices: [{ kind: "letGo", ends: ["h"], limitFeet: 120 }] });
  });

  it("two size classes larger, free of the condition: drags at half speed (120 ft / 2 = 60), or lets go", () => {
    const big = pc.defaultCombatant("a", { size: "VL" });
    expect(movePc(big, [hPc("h", "a", "d")], [pd])).toMatchObject({ kind: "choices", choices: [{ kind: "drag", brings: ["d"], limitFeet: 60, pace: { num: 1, den: 2 } }, { kind: "letGo" }] });
    // The much larger creature held by a small one drags it along too.
    expect(movePc(big, [hPc("h", "d", "a")], [pd])).toMatchObject({ choices: [{ kind: "drag", brings: ["d"], limitFeet: 60 }] });
  });

  it("a Hug or Constrict holder stays free and drags; 'strong enough' as weight, a lighter one cannot", () => {
    const snake = pc.defaultCombatant("a", { weight: 100 });
    expect(movePc(snake, [hPc("h", "a", "d", true)], [pd])).toMatchObject({ choices: [{ kind: "drag", limitFeet: 60 }, { kind: "letGo" }] });
    expect(movePc(snake, [hPc("h", "a", "d", true)], [pd], { ...OPC, dragStrength: "heavier" })).toMatchObject({ choices: [{ kind: "letGo" }] });
  });

  it("a special-ability hold whose ability does not say its holder stays free grapples both sides: the holder may only let go", () => {
    const snake = pc.defaultCombatant("a", { weight: 100 });
    const hug: pc.Hold = { ...hPc("h", "a", "d"), special: true };
    expect(movePc(snake, [hug], [pd])).toMatchObject({ choices: [{ kind: "letGo" }] });
  });

  it("the status the module set counts even where sizes would not give it", () => {
    const big = pc.defaultCombatant("a", { size: "VL", conditions: ["grappled"] });
    expect(movePc(big, [hPc("h", "a", "d")], [pd])).toMatchObject({ choices: [{ kind: "letGo" }] });
  });
});
