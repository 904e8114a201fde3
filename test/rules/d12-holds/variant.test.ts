// The d12-holds variant behind the shell interface.
import { describe, expect, it } from "vitest";
import { d12, RulesInputError, ScriptedDice } from "../../../src/rules/index.ts";
import type { ActionContext, HoldRecord } from "../../../src/rules/index.ts";

const v = d12.d12Variant;
const o = v.resolveOptions(undefined);
const profile = (over: Record<string, unknown> = {}) => ({ ...v.defaultProfile(), ...over });
const fighter = { id: "f", profile: profile({ toHit: { kind: "thac0", thac0: 15 } }) };
const goblin = { id: "g", profile: profile({ kind: "monster", size: "S", movement: 6, pummelLimbs: 1, toHit: { kind: "thac0", thac0: 20 } }) };
const ctx = (over: Partial<ActionContext>): ActionContext => ({ action: "grapple", attacker: fighter, defender: goblin, declared: {}, holds: [], round: 1, inCombat: true, ...over });
const armHold: HoldRecord = { id: "g>f@1.1", holderId: "g", heldId: "f", label: "WC.Part.arm", data: { id: "g>f@1.1", holderId: "g", heldId: "f", part: "arm", limb: 0, result: 6, sizeAdjustment: -2, holderSize: "S", roundGained: 1 } };

describe("d12-holds as a RulesVariant", () => {
  it("lists its actions and situational boxes", () => {
    expect(v.actions).toContain("chargingOverbear");
    expect(v.situational("grapple").map((s) => s.key)).toEqual(["rear", "underwater", "toHitBonus", "damageBonus", "hitsTaken"]);
    expect(v.situational("release")).toEqual([]);
  });
  it("resolves a grapple from the table's context: rear +2 declared", () => {
    // Fighter (THAC0 15) v goblin: AC 5 -> needs 10; speed 12" 0, goblin 6" +2; rear +2: d20 6 + 4 = 10 hits.
    // d12 5 + (M on S) 1 = 6 -> arm; break 3 fails.
    const r = v.resolve(ctx({ declared: { rear: true } }), o, new ScriptedDice([[20, 6], [12, 5], [12, 3]]));
    expect(r.headline).toEqual({ key: "WC.Result.hold", params: { part: "arm" } });
    expect(r.consequences.holdsAdded[0]?.id).toBe("f>g@1.1");
  });
  it("hits taken from the target cost the first grapple", () => {
    const r = v.resolve(ctx({ declared: { hitsTaken: 1 } }), o, new ScriptedDice([]));
    expect(r.headline.key).toBe("WC.Result.lost");
  });
  it("odds of every action are probabilities summing to 1", () => {
    for (const action of ["grapple", "pummel", "chargingOverbear"] as const) {
      const odds = v.odds(ctx({ action }), o);
      expect(odds.reduce((s, x) => s + x.p, 0)).toBeCloseTo(1, 12);
    }
    const held = ctx({ action: "breakFree", attacker: fighter, defender: goblin, holds: [armHold], round: 3 });
    // Goblin (S) holds fighter (M): adjustment -2, so the fighter rolls d12 + 2 against 10: 8+ -> 5/12.
    const [broken, still] = v.odds(held, o);
    expect(broken?.key).toBe("WC.Result.brokeFree");
    expect(broken?.p).toBeCloseTo(5 / 12, 12);
    expect(still?.key).toBe("WC.Result.stillHeld");
    expect(still?.p).toBeCloseTo(7 / 12, 12);
    expect(v.odds(ctx({ action: "release", attacker: goblin, defender: fighter, holds: [armHold] }), o)).toEqual([{ key: "WC.Result.released", p: 1, tone: "good" }]);
  });
  it("break free and release end the hold", () => {
    const broke = v.resolve(ctx({ action: "breakFree", attacker: fighter, defender: goblin, holds: [armHold], round: 3 }), o, new ScriptedDice([[12, 8]]));
    expect(broke.consequences.holdsRemoved).toEqual(["g>f@1.1"]);
    const rel = v.resolve(ctx({ action: "release", attacker: goblin, defender: fighter, holds: [armHold] }), o, new ScriptedDice([]));
    expect(rel.consequences.holdsRemoved).toEqual(["g>f@1.1"]);
    expect(() => v.resolve(ctx({ action: "release", attacker: fighter, defender: goblin, holds: [armHold] }), o, new ScriptedDice([]))).toThrow(RulesInputError);
  });
  it("overbear is declared in combat and rolled at once outside it", () => {
    const declared = v.resolve(ctx({ action: "overbear", attacker: goblin, defender: fighter, holds: [armHold] }), o, new ScriptedDice([]));
    expect(declared.headline.key).toBe("WC.Result.overbearDeclared");
    expect(declared.consequences.declarations).toEqual([{ kind: "overbear", holderId: "g", targetId: "f" }]);
    // Arm 5, goblin S on M -20: -15, so nothing goes down.
    const rolled = v.resolve(ctx({ action: "overbear", attacker: goblin, defender: fighter, holds: [armHold], inCombat: false }), o, new ScriptedDice([[100, 1]]));
    expect(rolled.headline.key).toBe("WC.Result.resisted");
    expect(v.odds(ctx({ action: "overbear", attacker: goblin, defender: fighter, holds: [armHold] }), o)[0]?.p).toBe(0);
    // 000 §Overbearing: only a creature that has gained a hold on the target may try.
    const refusal = { key: "WC.Result.notAllowedBecause", params: { reason: "WC.Reason.noHoldOnTarget" } };
    expect(v.resolve(ctx({ action: "overbear" }), o, new ScriptedDice([])).headline).toEqual(refusal);
    expect(v.odds(ctx({ action: "overbear" }), o)).toEqual([{ ...refusal, p: 1, tone: "bad" }]);
  });
  it("a creature held fast cannot charge: a charging overbear by it is refused", () => {
    // armHold: the goblin holds the fighter.
    const refusal = { key: "WC.Result.notAllowedBecause", params: { reason: "WC.Reason.heldCannotCharge" } };
    expect(v.odds(ctx({ action: "chargingOverbear", attacker: fighter, defender: goblin, holds: [armHold] }), o)).toEqual([{ ...refusal, p: 1, tone: "bad" }]);
    expect(v.resolve(ctx({ action: "chargingOverbear", attacker: fighter, defender: goblin, holds: [armHold] }), o, new ScriptedDice([])).headline).toEqual(refusal);
    expect(v.odds(ctx({ action: "chargingOverbear", attacker: goblin, defender: fighter, holds: [armHold] }), o)[0]?.key).not.toBe("WC.Result.notAllowedBecause");
  });
  it("lift-off: a winged flier against an arm hold needs 8 with +2 for the goblin's size", () => {
    const bird = { id: "f", profile: profile({ flight: "wings" }) };
    expect(v.odds(ctx({ action: "liftOff", attacker: bird, defender: goblin, holds: [armHold] }), o)[0]).toEqual({ key: "WC.Result.allBroken", p: 7 / 12, tone: "good" });
    expect(v.odds(ctx({ action: "liftOff", attacker: fighter, defender: goblin, holds: [armHold] }), o)).toEqual([{ key: "WC.Result.notAllowedBecause", params: { reason: "WC.Reason.notAFlier" }, p: 1, tone: "bad" }]);
    expect(v.resolve(ctx({ action: "liftOff", attacker: fighter, defender: goblin, holds: [armHold] }), o, new ScriptedDice([])).headline).toEqual({ key: "WC.Result.notAllowedBecause", params: { reason: "WC.Reason.notAFlier" } });
    const r = v.resolve(ctx({ action: "liftOff", attacker: bird, defender: goblin, holds: [armHold] }), o, new ScriptedDice([[12, 6]]));
    expect(r.consequences.holdsRemoved).toEqual(["g>f@1.1"]);
  });
  it("a stored profile with a bad field is refused, naming it", () => {
    try {
      v.validateProfile("x", { ...v.defaultProfile(), size: "huge" }, "profile");
      expect.unreachable();
    } catch (e) {
      expect((e as RulesInputError).issues[0]).toMatchObject({ path: "profile.size", code: "notOneOf" });
    }
    expect(() => v.resolve(ctx({ action: "subdue" }), o, new ScriptedDice([]))).toThrow(RulesInputError);
    expect(() => v.odds(ctx({ action: "subdue" }), o)).toThrow(RulesInputError);
    expect(() => v.validateProfile("x", 7, "profile")).toThrow(RulesInputError);
  });
});
