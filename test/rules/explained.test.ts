// Results explain themselves: a refused action names its reason (in the headline and the odds
// alike), and percentile's chance to grapple carries every term it is made of.
import { describe, expect, it } from "vitest";
import { d12, percentile, ScriptedDice } from "../../src/rules/index.ts";
import type { ActionContext, RulesVariant } from "../../src/rules/index.ts";

const refused = (reason: string) => ({ key: "WC.Result.notAllowedBecause", params: { reason: `WC.Reason.${reason}` } });

function context(v: RulesVariant, action: ActionContext["action"], attacker: Record<string, unknown>, defender: Record<string, unknown>): ActionContext {
  return { action, attacker: { id: "a", profile: { ...v.defaultProfile(), ...attacker } }, defender: { id: "d", profile: { ...v.defaultProfile(), ...defender } }, declared: {}, holds: [], round: 1, inCombat: true };
}

describe("d12-holds refusals name their reason", () => {
  const v = d12.d12Variant;
  const o = v.resolveOptions(undefined);
  it("000: a monster below low intelligence does not pummel", () => {
    const c = context(v, "pummel", { kind: "monster", intelligence: "animal", pummelLimbs: 1 }, {});
    expect(v.resolve(c, o, new ScriptedDice([])).headline).toEqual(refused("tooStupid"));
    expect(v.odds(c, o)).toEqual([{ ...refused("tooStupid"), p: 1, tone: "bad" }]);
  });
  it("000: a monster with no pummeling limbs, and a character with no attacks, cannot pummel", () => {
    expect(v.resolve(context(v, "pummel", { kind: "monster", pummelLimbs: 0 }, {}), o, new ScriptedDice([])).headline).toEqual(refused("noPummelLimbs"));
    expect(v.resolve(context(v, "pummel", { attacksPerRound: 0 }, {}), o, new ScriptedDice([])).headline).toEqual(refused("noAttacks"));
  });
  it("000: a character keeps one hold at a time", () => {
    const hold = { id: "a>x@1.1", holderId: "a", heldId: "x", part: "arm", limb: 0, result: 6, sizeAdjustment: 0, holderSize: "M", roundGained: 1 };
    const c = { ...context(v, "grapple", {}, {}), holds: [{ id: hold.id, holderId: "a", heldId: "x", label: "WC.Part.arm", data: hold }] };
    expect(v.resolve(c, o, new ScriptedDice([])).headline).toEqual(refused("alreadyHolding"));
    expect(v.odds(c, o)).toEqual([{ ...refused("alreadyHolding"), p: 1, tone: "bad" }]);
  });
});

describe("percentile: the chance to grapple explains itself", () => {
  const v = percentile.percentileVariant;
  const o = v.resolveOptions(undefined);
  it("004: base (AD 5 + 0) x 10 = 50, Dex 12 +12, target without armor -20, 2 HD -10: chance 32", () => {
    const c = context(v, "grapple", { armor: { ad: 5, magic: 0 }, dexterity: 12 }, { kind: "monster", hitDice: { dice: 2, adjustment: 0 } });
    // Variables d6 3, d4 2 (both on the result); the attack d100 40 misses the 32.
    const r = v.resolve(c, o, new ScriptedDice([[6, 3], [4, 2], [100, 40]]));
    const roll = (r.result as { attackRoll: { chance: number; chanceTerms: Array<{ key: string; value: number }>; success: boolean } }).attackRoll;
    expect(roll.chance).toBe(32);
    expect(roll.success).toBe(false);
    expect(roll.chanceTerms.map((t) => [t.key, t.value])).toEqual([
      ["WC.Mod.baseChance", 50],
      ["WC.Mod.attackerDexScore", 12],
      ["WC.Mod.targetNoArmor", -20],
      ["WC.Mod.targetHitDice", -10],
    ]);
  });
  it("a Variable spent on the chance is one of its terms", () => {
    const c = { ...context(v, "grapple", { armor: { ad: 5, magic: 0 }, dexterity: 12 }, { kind: "monster", hitDice: { dice: 2, adjustment: 0 } }), declared: { variableAttacker: "chance" } };
    const r = v.resolve(c, o, new ScriptedDice([[6, 3], [4, 2], [100, 99]]));
    const roll = (r.result as { attackRoll: { chance: number; chanceTerms: Array<{ key: string; value: number }> } }).attackRoll;
    expect(roll.chanceTerms.reduce((s, t) => s + t.value, 0)).toBe(roll.chance);
    expect(roll.chanceTerms.map((t) => t.key)).toContain("WC.Mod.variableAttacker");
  });
});

describe("d12-holds round lines say what changed", () => {
  it("no line for attacks kept whole; a lost attack is told with who holds whom", () => {
    const base = { round: 2, holds: [], brokenHoldIds: [], overborne: [], ledgers: {}, attacksNextRound: {}, vitality: {} };
    expect(d12.roundLines({ ...base, events: [{ kind: "attacksLost", defenderId: "g", lost: 0, attacksNextRound: 1 }] })).toEqual([]);
    expect(d12.roundLines({ ...base, events: [{ kind: "attacksLost", defenderId: "g", lost: 1, attacksNextRound: 1 }] })).toEqual([{ key: "WC.Round.attacksNext", params: { who: "g", n: 1, lost: 1 } }]);
    const hold = { id: "o>g", holderId: "o", heldId: "g", part: "arm" as const, limb: 0, result: 6, sizeAdjustment: 2, holderSize: "L" as const, roundGained: 1 };
    const lines = d12.roundLines({ ...base, events: [{ kind: "break", defenderId: "g", holdId: "o>g", die: { purpose: "breakRoll", sides: 12, face: 6 }, modifiers: [], total: 4, target: 11, targetReason: "holderTwoLarger", broken: false }] }, [hold]);
    expect(lines).toEqual([{ key: "WC.Round.heldFast", params: { who: "g", holder: "o", hold: "WC.Part.arm", roll: 6, total: 4, target: 11 } }]);
  });
});
