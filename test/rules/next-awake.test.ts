// Issue 34: what a card promises matches what the round end will do. Who is out once an action's
// writes are in tries nothing and keeps nothing (core/awake.ts): a knocked-out held creature is
// promised no break, and a holder knocked out lets go when the round ends. Ledgers are worked by
// hand from 000 §Damage (out when actual + temporary reaches the hit points); 002 §Strangle Hold
// gives the suffocation's 1d4+1 rounds.
import { describe, expect, it } from "vitest";
import { d12, grappleDie, noConsequences, percentile, ScriptedDice } from "../../src/rules/index.ts";
import type { ActionContext, AfterAction, HoldRecord, Resolution, RulesVariant } from "../../src/rules/index.ts";

function context(v: RulesVariant, attacker: Record<string, unknown>, defender: Record<string, unknown>, over: Partial<ActionContext> = {}): ActionContext {
  return { action: "grapple", attacker: { id: "a", profile: { ...v.defaultProfile(), ...attacker } }, defender: { id: "d", profile: { ...v.defaultProfile(), ...defender } }, declared: {}, holds: [], round: 1, inCombat: true, ...over };
}

/** The held creature ("d") strikes its holder ("a") and the blow changes no hold: what is left of it is `after`'s. */
function strikeOnHolder(c: ActionContext, hold: HoldRecord): { ctx: ActionContext; r: Resolution } {
  const ctx: ActionContext = { ...c, action: "pummel", attacker: c.defender, defender: c.attacker, holds: [hold] };
  return { ctx, r: { action: "pummel", result: { kind: "hit" }, consequences: noConsequences(), headline: { key: "WC.Result.pummelHit" } } };
}

const awake: AfterAction = { unconscious: [], ledgers: {} };

describe("d12-holds: who is out at the round end rolls no break, and an out holder keeps nothing (000 §Maintaining holds)", () => {
  const v = d12.d12Variant;
  const o = v.resolveOptions(undefined);
  const ogre = { kind: "monster", size: "L", movement: 9, pummelLimbs: 1, toHit: { kind: "thac0", thac0: 15 } };
  // d20 15 hits; hold d12 8 + 1 (L on M) = 9: body; immediate break 4 fails; 1d3 1.
  const grabbed = () => {
    const c = context(v, ogre, {});
    return { c, r: v.resolve(c, o, new ScriptedDice([[20, 15], [12, 8], [12, 4], [3, 1]])) };
  };

  it("a 5-hp defender at 4 actual + 4 temporary (8 of 5: out) is promised no break roll; at 2 + 2 (4 of 5) it still rolls from next round", () => {
    const { c, r } = grabbed();
    const out = v.next?.(c, r, o, { unconscious: [], ledgers: { d: { maxHp: 5, actual: 4, temporary: 4 } } }) ?? [];
    expect(out[0]).toEqual({ key: "WC.Next.outNoBreak", params: { who: "d", holder: "a" } });
    expect(out.map((l) => l.key)).not.toContain("WC.Next.breakFromNextRound");
    const still = v.next?.(c, r, o, { unconscious: [], ledgers: { d: { maxHp: 5, actual: 2, temporary: 2 } } }) ?? [];
    expect(still[0]?.key).toBe("WC.Next.breakFromNextRound");
  });

  it("a holder struck to 3 actual + 7 temporary of 10 hp (out) lets go when the round ends; at 3 + 6 (9 of 10) nothing is said", () => {
    const { c, r } = grabbed();
    const hold = r.consequences.holdsAdded[0] as HoldRecord;
    const s = strikeOnHolder(c, hold);
    expect(v.next?.(s.ctx, s.r, o, { unconscious: [], ledgers: { a: { maxHp: 10, actual: 3, temporary: 7 } } })).toEqual([{ key: "WC.Next.holderOutLetsGo", params: { who: "d", holder: "a" } }]);
    expect(v.next?.(s.ctx, s.r, o, { unconscious: [], ledgers: { a: { maxHp: 10, actual: 3, temporary: 6 } } })).toEqual([]);
  });

  it("a hold made by a holder already out promises only its end: no break, no overbear", () => {
    const { c, r } = grabbed();
    expect(v.next?.(c, r, o, { unconscious: [], ledgers: { a: { maxHp: 4, actual: 4, temporary: 0 } } })).toEqual([{ key: "WC.Next.holderOutLetsGo", params: { who: "d", holder: "a" } }]);
  });
});

describe("grapple-die: the out have no turn (002 §Strangle Hold, option unconsciousHolderLetsGo)", () => {
  const v = grappleDie.grappleDieVariant;
  const o = v.resolveOptions(undefined);
  // d20 20 hits; grapple die 16: a strangle hold, 1d3 1 at once.
  const strangled = () => {
    const c = context(v, {}, {}, { declared: { freeAttack: "harmless" } });
    return { c, r: v.resolve(c, o, new ScriptedDice([[20, 20], [20, 16], [3, 1]])) };
  };

  it("a strangled victim marked unconscious tries nothing, still takes the hold's damage, and suffocates in 1d4+1 rounds if it is kept", () => {
    const { c, r } = strangled();
    expect(r.headline.params).toMatchObject({ part: "strangleHold" });
    expect(v.next?.(c, r, o, { unconscious: ["d"], ledgers: {} })).toEqual([
      { key: "WC.Next.outNoBreak", params: { who: "d", holder: "a" } },
      { key: "WC.Next.holdHurtsEachRound", params: { who: "d", holder: "a", hold: "WC.Hold.strangleHold" } },
      { key: "WC.Next.strangleSuffocates", params: { who: "d", holder: "a", dice: "1d4+1" } },
    ]);
    // Awake, the same hold promises a try on its turn and the 5% black-out.
    expect((v.next?.(c, r, o, awake) ?? []).map((l) => l.key)).toEqual(["WC.Next.breakOrCounterOnTurn", "WC.Next.holdHurtsEachRound", "WC.Next.strangleKnockOut"]);
  });

  it("a holder marked unconscious lets go at the round's end by default; with the option off it keeps its hold and nothing changes", () => {
    const { c, r } = strangled();
    const s = strikeOnHolder(c, r.consequences.holdsAdded[0] as HoldRecord);
    expect(v.next?.(s.ctx, s.r, o, { unconscious: ["a"], ledgers: {} })).toEqual([{ key: "WC.Next.holderOutLetsGo", params: { who: "d", holder: "a" } }]);
    const keeps = v.resolveOptions({ ...(o as object), unconsciousHolderLetsGo: false });
    expect(v.next?.(s.ctx, s.r, keeps, { unconscious: ["a"], ledgers: {} })).toEqual([]);
    // 002 asks the unconscious mark, not the ledger: a holder past its hit points but not marked is awake.
    expect(v.next?.(s.ctx, s.r, o, { unconscious: [], ledgers: { a: { maxHp: 4, actual: 2, temporary: 4 } } })).toEqual([]);
  });
});

describe("percentile: the out have no turn; a holder that falls unconscious lets go (004 §Weapon Attack)", () => {
  const v = percentile.percentileVariant;
  const o = v.resolveOptions(undefined);
  // Variables d6 1, d4 4; chance d100 1; result d100 50: a hold.
  const held = () => {
    const c = context(v, {}, {}, { declared: { defense: "none" } });
    return { c, r: v.resolve(c, o, new ScriptedDice([[6, 1], [4, 4], [100, 1], [100, 50]])) };
  };

  it("a held creature marked unconscious, or at 2 actual + 6 temporary of 8 hp, is promised no try; at 2 + 5 (7 of 8) it may try", () => {
    const { c, r } = held();
    expect((v.next?.(c, r, o, { unconscious: ["d"], ledgers: {} }) ?? [])[0]).toEqual({ key: "WC.Next.outNoBreak", params: { who: "d", holder: "a" } });
    expect((v.next?.(c, r, o, { unconscious: [], ledgers: { d: { maxHp: 8, actual: 2, temporary: 6 } } }) ?? [])[0]).toEqual({ key: "WC.Next.outNoBreak", params: { who: "d", holder: "a" } });
    expect((v.next?.(c, r, o, { unconscious: [], ledgers: { d: { maxHp: 8, actual: 2, temporary: 5 } } }) ?? [])[0]?.key).toBe("WC.Next.breakOrCounterOnTurn");
  });

  it("a holder struck unconscious lets go when the round ends", () => {
    const { c, r } = held();
    const s = strikeOnHolder(c, r.consequences.holdsAdded[0] as HoldRecord);
    expect(v.next?.(s.ctx, s.r, o, { unconscious: ["a"], ledgers: {} })).toEqual([{ key: "WC.Next.holderOutLetsGo", params: { who: "d", holder: "a" } }]);
    expect(v.next?.(s.ctx, s.r, o, awake)).toEqual([]);
  });
});
