// "What happens next" lines and the actions a hold opens, per variant: who may do what, when,
// needing what. Numbers are worked by hand from the source tables.
import { describe, expect, it } from "vitest";
import { d12, grappleDie, percentile, ScriptedDice } from "../../src/rules/index.ts";
import type { ActionContext, RulesVariant } from "../../src/rules/index.ts";

function context(v: RulesVariant, attacker: Record<string, unknown>, defender: Record<string, unknown>, over: Partial<ActionContext> = {}): ActionContext {
  return { action: "grapple", attacker: { id: "a", profile: { ...v.defaultProfile(), ...attacker } }, defender: { id: "d", profile: { ...v.defaultProfile(), ...defender } }, declared: {}, holds: [], round: 1, inCombat: true, ...over };
}

describe("d12-holds (000 §Maintaining holds, §Overbearing)", () => {
  const v = d12.d12Variant;
  const o = v.resolveOptions(undefined);
  const ogre = { kind: "monster", size: "L", movement: 9, pummelLimbs: 1, toHit: { kind: "thac0", thac0: 15 } };

  it("a Large holder's body hold on a Medium fighter: break from next round needing 10 on d12 - 1; overbear 30%", () => {
    const c = context(v, ogre, {});
    // d20 15 hits (needs 10 against AC 5: 15 - 1 for the ogre's 9" = 14); hold d12 8 + 1 (L on M) = 9: body; immediate break 4 fails.
    const r = v.resolve(c, o, new ScriptedDice([[20, 15], [12, 8], [12, 4], [3, 1]]));
    expect(r.headline).toEqual({ key: "WC.Result.hold", params: { part: "body" } });
    const next = v.next?.(c, r, o) ?? [];
    // Basic target 10 (holder one size larger); the later break negates the +1 size adjustment.
    // Overbear: one body hold +10, a Large holder on a Medium defender +20 = 30%.
    expect(next).toEqual([
      { key: "WC.Next.breakFromNextRound", params: { who: "d", holder: "a" }, numbers: { key: "WC.NextNumbers.d12Break", params: { target: 10, mods: " − 1" } }, numbersOf: ["d"], numbersFrom: { roller: "d", opponent: "a", keys: ["WC.Mod.breakSizeFactor"] } },
      { key: "WC.Next.mayDeclareOverbear", params: { who: "d", holder: "a" }, numbers: { key: "WC.NextNumbers.overbearChance", params: { chance: 30 } } },
    ]);
  });

  it("a stranglehold also hurts at each round's end; a declared overbear is rolled then", () => {
    const c = context(v, ogre, {});
    // d12 11 + 1 (L on M) = 12: stranglehold, 1d6 at once (000's hold table).
    const r = v.resolve(c, o, new ScriptedDice([[20, 15], [12, 11], [12, 4], [6, 1]]));
    expect(r.headline).toEqual({ key: "WC.Result.hold", params: { part: "strangle" } });
    // 000 §Stranglehold: the 2d4 is dealt from the second round's end on, not at the end of the round it was made, so the promise
    // made in a fight says from when (the round card of this round has nothing due).
    expect((v.next?.(c, r, o) ?? []).map((l) => l.key)).toContain("WC.Next.strangleHurtsFromNextRound");
    expect((v.next?.({ ...c, inCombat: false }, r, o) ?? []).map((l) => l.key)).toContain("WC.Next.strangleHurts");
    const held = { ...c, action: "overbear" as const, holds: r.consequences.holdsAdded };
    const declared = v.resolve(held, o, new ScriptedDice([]));
    // Stranglehold +5, a Large holder on a Medium defender +20: 25%.
    expect(v.next?.(held, declared, o)).toContainEqual({ key: "WC.Next.overbearAtRoundEnd", params: { who: "d" }, numbers: { key: "WC.NextNumbers.overbearRoll", params: { chance: 25 } } });
  });

  it("a hold opens Break free (and Lift off) to the held, Release and Declare overbear to the holder", () => {
    expect(v.holdActions).toEqual({ held: [{ action: "breakFree" }, { action: "liftOff" }], holder: [{ action: "release" }, { action: "overbear", label: "WC.Card.declareOverbear" }] });
  });

  it("a miss leads nowhere", () => {
    const c = context(v, ogre, {});
    const r = v.resolve(c, o, new ScriptedDice([[20, 2]]));
    expect(v.next?.(c, r, o)).toEqual([]);
  });
});

describe("grapple-die (002 §Defender Attempts to Break the Hold)", () => {
  const v = grappleDie.grappleDieVariant;
  const o = v.resolveOptions(undefined);
  it("the held may break free or counter-grapple on its turn: its grapple die must reach the one that made the hold", () => {
    const c = context(v, {}, {}, { declared: { freeAttack: "harmless" } });
    // d20 20 hits; grapple die 15 (no modifiers, M on M) makes the hold; 1d3 damage 1.
    const r = v.resolve(c, o, new ScriptedDice([[20, 20], [20, 15], [3, 1]]));
    const next = v.next?.(c, r, o) ?? [];
    const line = next[0];
    expect(line?.key).toBe("WC.Next.breakOrCounterOnTurn");
    expect(line?.params).toEqual({ who: "d", holder: "a" });
    expect(line?.numbers?.key).toBe("WC.NextNumbers.meetDieChance");
    // A d20 with no modifiers meets 15 on 15-20: 6 faces of 20 = 30%.
    expect(line?.numbers?.params).toEqual({ die: 15, pct: 30 });
    expect(v.holdActions?.held.map((x) => x.action)).toEqual(["breakFree", "counterGrapple"]);
    expect(v.holdActions?.holder.map((x) => x.action)).toEqual(["release"]);
  });
});

describe("percentile (004 §Break Free)", () => {
  const v = percentile.percentileVariant;
  const o = v.resolveOptions(undefined);
  it("the held may break free, needing a result one category above the hold, or counter-grapple", () => {
    const c = context(v, {}, {}, { declared: { defense: "none" } });
    // Variables d6 1, d4 4 (on the result); chance d100 1; result d100 50 -> a hold.
    const r = v.resolve(c, o, new ScriptedDice([[6, 1], [4, 4], [100, 1], [100, 50]]));
    const hold = r.consequences.holdsAdded[0]?.data as { row: { category: number } };
    const line = (v.next?.(c, r, o) ?? [])[0];
    expect(line?.key).toBe("WC.Next.breakOrCounterOnTurn");
    expect(line?.numbers?.params?.category).toBe(hold.row.category + 1);
    // The chance given is the variant's own break-free odds with the hold in place.
    const odds = v.odds({ ...c, action: "breakFree", attacker: c.defender, defender: c.attacker, holds: r.consequences.holdsAdded, declared: {} }, o);
    const p = odds.filter((x) => x.key === "WC.Result.brokeFree").reduce((s, x) => s + x.p, 0);
    expect(line?.numbers?.params?.pct).toBe(Math.round(100 * p));
  });

  it("a stunned held creature cannot try now, and the line says why instead of giving a chance", () => {
    const c = context(v, {}, { conditions: ["stunned"] }, { declared: { defense: "none" } });
    const r = v.resolve(c, o, new ScriptedDice([[6, 1], [4, 4], [100, 1], [100, 50]]));
    expect(r.consequences.holdsAdded).toHaveLength(1);
    expect((v.next?.(c, r, o) ?? [])[0]).toEqual({ key: "WC.Next.cannotBreakNow", params: { who: "d", holder: "a", reason: "WC.Reason.cannotAct" } });
  });
});
