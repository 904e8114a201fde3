// d12-holds results turned into the shared Consequences the shell applies.
import { describe, expect, it } from "vitest";
import { d12, ScriptedDice } from "../../../src/rules/index.ts";

const o = d12.D12_DEFAULTS;
const c = d12.defaultCombatant;

describe("consequences", () => {
  it("a hold with damage adds the hold and the split damage", () => {
    // d20 20 hits; d12 9 -> body 1d3; break 2 fails; 1d3 = 3 -> 1 actual, 2 temporary.
    const r = d12.resolveGrapple(c("a", { toHit: { kind: "thac0", thac0: 15 } }), c("d"), { round: 2 }, o, new ScriptedDice([[20, 20], [12, 9], [12, 2], [3, 3]]));
    const k = d12.grappleConsequences("a", "d", r);
    expect(k.holdsAdded).toHaveLength(1);
    expect(k.holdsAdded[0]).toMatchObject({ id: "a>d@2.1", holderId: "a", heldId: "d", label: "WC.Part.body" });
    expect(k.damage).toEqual([{ targetId: "d", actual: 1, temporary: 2, reason: "WC.Action.grapple" }]);
  });
  it("grappling a level drainer drains the grappler even on a brief grip", () => {
    const r = d12.resolveGrapple(c("a", { toHit: { kind: "thac0", thac0: 1 } }), c("w", { levelDrain: true, size: "L" }), {}, o, new ScriptedDice([[20, 10], [12, 3]]));
    expect(r.kind).toBe("briefGrip");
    expect(d12.grappleConsequences("a", "w", r).notes).toEqual([{ key: "WC.Note.energyDrain", targetId: "a" }]);
  });
  it("pummel damage goes to the defender; a routine of misses changes nothing", () => {
    const a = c("a", { toHit: { kind: "thac0", thac0: 1 } });
    const hit = d12.resolvePummel(a, c("d"), {}, o, new ScriptedDice([[20, 5], [6, 4]]));
    expect(d12.pummelConsequences("d", hit).damage).toEqual([{ targetId: "d", actual: 1, temporary: 3, reason: "WC.Action.pummel" }]);
    const miss = d12.resolvePummel(c("b", { toHit: { kind: "thac0", thac0: 31 } }), c("d"), {}, o, new ScriptedDice([[20, 20]]));
    expect(d12.pummelConsequences("d", miss)).toEqual({ holdsAdded: [], holdsRemoved: [], damage: [], conditions: [], notes: [] });
  });
  it("charges and mass charges knock creatures prone", () => {
    const bb = c("bb", { size: "L", toHit: { kind: "thac0", thac0: 1 } });
    // d20 hits, d12 8 + 1 = 9 body; break 8 is one short -> both down.
    const both = d12.resolveChargingOverbear(bb, c("d"), {}, "none", o, new ScriptedDice([[20, 10], [12, 8], [12, 8]]));
    expect(both.kind).toBe("bothDown");
    expect(d12.chargeConsequences("bb", "d", both).conditions.map((x) => x.targetId)).toEqual(["d", "bb"]);
    const mc = d12.resolveMassCharge({ attackers: [{ id: "a", size: "L", rank: 1 }], defenders: [{ id: "x", size: "M", rank: 1 }] }, o, new ScriptedDice([[100, 10], [20, 20]]));
    expect(d12.massChargeConsequences(mc).conditions).toEqual([{ targetId: "x", condition: "prone", active: true }]);
  });
  it("a round end removes broken holds, records strangling and recovery, and sets unconsciousness", () => {
    const f = c("f");
    const g = c("g", { kind: "monster", size: "S", pummelLimbs: 1 });
    const hold: d12.Hold = { id: "s", holderId: "g", heldId: "f", part: "strangle", result: 12, sizeAdjustment: -2, holderSize: "S", roundGained: 1 };
    // 2d4 = 8 -> 4/4: 8 of 10 HP, still awake; the break roll 12 frees it.
    const r = d12.resolveRoundEnd({ round: 2, combatants: [f, g], holds: [hold], ledgers: { f: { maxHp: 10, actual: 0, temporary: 0 } } }, o, new ScriptedDice([[4, 4], [4, 4], [12, 12]]));
    const k = d12.roundEndConsequences(r);
    expect(k.holdsRemoved).toEqual(["s"]);
    expect(k.damage).toEqual([{ targetId: "f", actual: 4, temporary: 4, reason: "WC.Part.strangle" }]);
    expect(k.conditions).toEqual([]);
    // 2d4 = 8 on 5 temporary: 13 of 10 HP -> unconscious 4 rounds, so no break roll (who is awake acts);
    // then recovery 1 (unconscious) -> 3.
    const out = d12.resolveRoundEnd({ round: 2, combatants: [f, g], holds: [hold], ledgers: { f: { maxHp: 10, actual: 0, temporary: 5 } } }, o, new ScriptedDice([[4, 4], [4, 4]]));
    const ko = d12.roundEndConsequences(out);
    expect(ko.holdsRemoved).toEqual([]);
    expect(ko.damage).toEqual([
      { targetId: "f", actual: 4, temporary: 4, reason: "WC.Part.strangle" },
      { targetId: "f", actual: 0, temporary: -1, reason: "WC.Round.recovery" },
    ]);
    expect(ko.conditions).toEqual([{ targetId: "f", condition: "unconscious", active: true, rounds: 3 }]);
  });
});
