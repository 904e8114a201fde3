// 000 §Maintaining holds / §Stranglehold / §Damage at the end of a round.
import { describe, expect, it } from "vitest";
import { d12, ScriptedDice } from "../../../src/rules/index.ts";
import type { Ledger } from "../../../src/rules/index.ts";

const o = d12.D12_DEFAULTS;
const c = d12.defaultCombatant;
const h = (over: Partial<d12.Hold> & Pick<d12.Hold, "id" | "holderId" | "heldId" | "part">): d12.Hold => ({ result: 6, sizeAdjustment: 0, holderSize: "M", roundGained: 1, ...over });

describe("end of round", () => {
  const fighter = c("f", { attacksPerRound: 6 });
  const goblins = ["g1", "g2", "g3"].map((id) => c(id, { kind: "monster", size: "S", pummelLimbs: 1 }));

  it("T000-06: three goblins' holds -> three rolls at 11 with +2, fighter keeps 3 of 6 attacks", () => {
    const holds = goblins.map((g, i) => h({ id: `${g.id}h`, holderId: g.id, heldId: "f", part: (["leg", "arm", "body"] as const)[i] as d12.HoldPart, sizeAdjustment: -2, holderSize: "S" }));
    const r = d12.resolveRoundEnd({ round: 2, combatants: [fighter, ...goblins], holds }, o, new ScriptedDice([[12, 8], [12, 8], [12, 9]]));
    const breaks = r.events.filter((e) => e.kind === "break");
    expect(breaks.map((e) => e.kind === "break" && [e.total, e.target, e.broken])).toEqual([
      [10, 11, false],
      [10, 11, false],
      [11, 11, true],
    ]);
    expect(r.attacksNextRound).toEqual({ f: 3 });
    expect(r.holds).toHaveLength(2);
    expect(r.brokenHoldIds).toEqual(["g3h"]);
  });

  it("holds gained this round get no roll and cost no attack", () => {
    const holds = [h({ id: "x", holderId: "g1", heldId: "f", part: "leg", roundGained: 3 })];
    const r = d12.resolveRoundEnd({ round: 3, combatants: [fighter, ...goblins], holds }, o, new ScriptedDice([]));
    expect(r.events).toEqual([]);
    expect(r.attacksNextRound).toEqual({ f: 6 });
  });

  it("a held creature already out cold when the round ends rolls no break: one knocked out tries nothing", () => {
    const holds = [h({ id: "x", holderId: "g1", heldId: "f", part: "arm" })];
    // 0 actual + 22 temporary of 20: out for 3 rounds before this round's end.
    const r = d12.resolveRoundEnd({ round: 3, combatants: [fighter, ...goblins], holds, ledgers: { f: { maxHp: 20, actual: 0, temporary: 22 } } }, o, new ScriptedDice([]));
    expect(r.events.filter((e) => e.kind === "break")).toEqual([]);
    expect(r.events).toContainEqual({ kind: "breakSkipped", defenderId: "f", reason: "outCold" });
    expect(r.holds).toHaveLength(1);
  });

  it("T000-15: a stranglehold hurts from the end of its second round, 2d4 split half and half", () => {
    const strangle = h({ id: "s", holderId: "g1", heldId: "f", part: "strangle", roundGained: 2 });
    const first = d12.resolveRoundEnd({ round: 2, combatants: [fighter, ...goblins], holds: [strangle], ledgers: { f: { maxHp: 20, actual: 0, temporary: 0 } } }, o, new ScriptedDice([]));
    expect(first.ledgers.f).toEqual({ maxHp: 20, actual: 0, temporary: 0 });
    const second = d12.resolveRoundEnd({ round: 3, combatants: [fighter, ...goblins], holds: [strangle], ledgers: { f: { maxHp: 20, actual: 0, temporary: 0 } } }, o, new ScriptedDice([[4, 3], [4, 4], [12, 1]]));
    expect(second.events[0]).toMatchObject({ kind: "strangle", split: { total: 7, actual: 3, temporary: 4 } });
    expect(second.ledgers.f).toEqual({ maxHp: 20, actual: 3, temporary: 4 });
  });

  it("breaking first (option) spares the strangle damage of a broken hold", () => {
    const strangle = h({ id: "s", holderId: "g1", heldId: "f", part: "strangle", sizeAdjustment: 0 });
    const opts = { ...o, roundEndOrder: ["break", "strangle", "overbear"] as const };
    const r = d12.resolveRoundEnd({ round: 4, combatants: [fighter, ...goblins], holds: [strangle] }, opts, new ScriptedDice([[12, 10]]));
    expect(r.events.map((e) => e.kind)).toEqual(["break", "attacksLost"]);
  });

  it("overbear before breaks uses every hold; skipped when already down or with no holds", () => {
    const holds = [h({ id: "l", holderId: "g1", heldId: "f", part: "leg", holderSize: "S", roundGained: 3 })];
    const r = d12.resolveRoundEnd({ round: 3, combatants: [fighter, ...goblins], holds, overbear: [{ defenderId: "f", holderIds: ["g1"] }] }, o, new ScriptedDice([[100, 1]]));
    // leg 15, goblin S vs M -20: chance -5, a 1 still fails.
    expect(r.events[0]).toMatchObject({ kind: "overbear", chance: -5, overborne: false });
    const none = d12.resolveRoundEnd({ round: 3, combatants: [fighter, ...goblins], holds, overbear: [{ defenderId: "f", holderIds: ["g2"] }] }, o, new ScriptedDice([]));
    expect(none.events[0]).toEqual({ kind: "overbearSkipped", defenderId: "f", reason: "noHolds" });
    const down = d12.resolveRoundEnd({ round: 3, combatants: [{ ...fighter, conditions: ["prone"] }, ...goblins], holds, overbear: [{ defenderId: "f", holderIds: ["g1"] }] }, o, new ScriptedDice([]));
    expect(down.events[0]).toEqual({ kind: "overbearSkipped", defenderId: "f", reason: "alreadyDown" });
  });

  it("temporary damage heals a point a round out of melee or unconscious, and the count of rounds follows", () => {
    const ledgers = { f: { maxHp: 10, actual: 2, temporary: 9 }, g1: { maxHp: 4, actual: 0, temporary: 2 }, g2: { maxHp: 4, actual: 0, temporary: 2 } };
    const r = d12.resolveRoundEnd({ round: 5, combatants: [fighter, ...goblins], holds: [], ledgers, outOfMelee: ["g1"] }, o, new ScriptedDice([]));
    expect(r.ledgers.f).toEqual({ maxHp: 10, actual: 2, temporary: 8 });
    expect(r.ledgers.g1).toEqual({ maxHp: 4, actual: 0, temporary: 1 });
    expect(r.ledgers.g2).toEqual({ maxHp: 4, actual: 0, temporary: 2 });
    expect(r.vitality.f).toEqual({ kind: "unconscious", rounds: 1 });
    const next = d12.resolveRoundEnd({ round: 6, combatants: [fighter], holds: [], ledgers: { f: r.ledgers.f as Ledger } }, o, new ScriptedDice([]));
    expect(next.vitality.f).toEqual({ kind: "conscious" });
    expect(next.events).toContainEqual({ kind: "vitality", id: "f", before: { kind: "unconscious", rounds: 1 }, after: { kind: "conscious" } });
  });

  it("holds naming creatures not in the fight are dropped", () => {
    const r = d12.resolveRoundEnd({ round: 2, combatants: [fighter], holds: [h({ id: "ghost", holderId: "gone", heldId: "f", part: "arm" })] }, o, new ScriptedDice([]));
    expect(r.holds).toEqual([]);
  });
});
