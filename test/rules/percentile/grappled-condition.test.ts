// 004 §Grappled Condition: holder and held alike are in the grappled condition (they lose Dex and
// shield, take -4 to AC and cannot move), unless a special ability says otherwise or one side is
// much larger (issue 19). The
// holder is in it as much as the held: it cannot stand up from prone, its grapple state names the
// condition, and its movement refuses a free walk. One reading, asked three ways; each expectation
// is the text's, not the code's.
import { describe, expect, it } from "vitest";
import { runAction } from "../../../src/rules/variants.ts";
import type { Hold, PercentileCombatant } from "../../../src/rules/percentile/index.ts";
import { defaultCombatant, GRAPPLED_CONDITION, GRAPPLING_TABLE, grappledState, PERCENTILE_DEFAULTS, percentileMovement, resolveStandUp } from "../../../src/rules/percentile/index.ts";
import { lookup } from "../../../src/rules/core/table.ts";
import { ScriptedDice } from "../../../src/rules/core/dice.ts";

const o = PERCENTILE_DEFAULTS;
/** A procedure run through the vectors' interface; its result, or the input issues. */
const run = (action: string, input: unknown) => {
  const r = runAction("percentile", action, input, undefined, new ScriptedDice([]));
  return r.ok ? r.result : r.issues;
};
const hold = (holderId: string, heldId: string, over: Partial<Hold> = {}): Hold => ({ id: `${holderId}>${heldId}@1`, holderId, heldId, row: lookup(GRAPPLING_TABLE, 65), original: true, special: false, roundGained: 1, ...over });

// A man holds a man: both are in the condition (both M: no size exemption).
const holder = defaultCombatant("h", { conditions: ["prone"] });
const held = defaultCombatant("t");
const both = [hold("h", "t")];

describe("004 §Grappled Condition: the holder is grappled too", () => {
  it("a prone holder cannot stand up while it holds (the condition cannot move)", () => {
    expect(resolveStandUp(holder, both, o)).toEqual({ kind: "notAllowed", reason: "heldFast" });
    // Through the procedure interface, with no partner profile given: the partner is taken to give it.
    expect(run("standUp", { combatant: holder, holds: both })).toEqual({ kind: "notAllowed", reason: "heldFast" });
  });

  it("the holder's grapple state names the grappled condition; held false, as nobody holds it", () => {
    const s = grappledState(holder, both, o);
    expect(s.condition).toEqual(GRAPPLED_CONDITION);
    expect(s.held).toBe(false);
    expect(grappledState(held, both, o).condition).toEqual(GRAPPLED_CONDITION);
    expect(run("grappledState", { combatant: holder, holds: both })).toMatchObject({ condition: GRAPPLED_CONDITION, held: false });
  });

  it("standing up, the grapple state and movement agree for the holder", () => {
    const up = resolveStandUp(holder, both, o);
    const move = percentileMovement({ mover: holder, others: new Map([["t", held]]), holds: both }, o);
    const state = grappledState(holder, both, o, new Map([["t", held]]));
    expect(up.kind === "notAllowed").toBe(true);
    expect(state.condition).not.toBeNull();
    // Prone and in the condition: it may not get up to walk (proneMovement standFirst).
    expect(move).toMatchObject({ kind: "cannot" });
  });

  it("a holder much larger than the held (L on S, 2 steps) is free of it: it rises, and its state has no condition", () => {
    const giant: PercentileCombatant = defaultCombatant("h", { size: "L", conditions: ["prone"] });
    const halfling = defaultCombatant("t", { size: "S" });
    const known = new Map([["t", halfling]]);
    expect(resolveStandUp(giant, both, o, known)).toEqual({ kind: "rises", takes: "round" });
    expect(grappledState(giant, both, o, known).condition).toBeNull();
    expect(run("standUp", { combatant: giant, holds: both, others: [halfling] })).toEqual({ kind: "rises", takes: "round" });
    // The halfling it holds is in the condition all the same.
    expect(grappledState(halfling, both, o, new Map([["h", giant]])).condition).toEqual(GRAPPLED_CONDITION);
  });

  it("a hold made by an ability that leaves its holder free (004: unless the ability specifies): the holder rises", () => {
    const free = [hold("h", "t", { special: true, holderFree: true })];
    expect(resolveStandUp(holder, free, o)).toEqual({ kind: "rises", takes: "round" });
    expect(grappledState(holder, free, o).condition).toBeNull();
  });

  it("with riseWhileGrappled on, the holder may rise; the state still names the condition", () => {
    const lax = { ...o, riseWhileGrappled: true };
    expect(resolveStandUp(holder, both, lax)).toEqual({ kind: "rises", takes: "round" });
    expect(grappledState(holder, both, lax).condition).toEqual(GRAPPLED_CONDITION);
  });
});
