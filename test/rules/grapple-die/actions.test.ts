// The grapple-die action registry: options, input checks, every action through runAction, and
// the consequences the shell applies.
import { describe, expect, it } from "vitest";
import { runAction, ScriptedDice, VARIANTS } from "../../../src/rules/index.ts";
import * as gd from "../../../src/rules/grapple-die/index.ts";

const run = (action: string, input: unknown, dice: Array<[number, number]> = [], options?: unknown) => runAction("grapple-die", action, input, options, new ScriptedDice(dice));
const a = gd.defaultCombatant("a", { toHit: { kind: "thac0", thac0: 11 } });
const d = gd.defaultCombatant("d", { ac: 6 });
const row = gd.GRAPPLE_DIE_TABLE.rows[5].result as Extract<gd.GrappleDieRow, { kind: "hold" }>;
const hold: gd.Hold = { id: "h", holderId: "a", heldId: "d", die: 12, name: row.name, damage: row.damage, effects: row.effects, holderSize: "M", heldSize: "M", roundGained: 1 };

function issues(r: ReturnType<typeof run>) {
  return r.ok ? [] : r.issues;
}

describe("options", () => {
  it("every option has a schema entry and a reason, and the defaults pass their own schema", () => {
    const names = Object.keys(gd.GRAPPLE_DIE_DEFAULTS).sort();
    expect(Object.keys(gd.GRAPPLE_DIE_OPTION_SCHEMA).sort()).toEqual(names);
    expect(Object.keys(gd.GRAPPLE_DIE_OPTION_REASONS).sort()).toEqual(names);
    expect(gd.resolveOptions({ ...gd.GRAPPLE_DIE_DEFAULTS })).toEqual(gd.GRAPPLE_DIE_DEFAULTS);
    expect(gd.resolveOptions(undefined)).toBe(gd.GRAPPLE_DIE_DEFAULTS);
    expect(VARIANTS["grapple-die"].actions).toBe(gd.GRAPPLE_DIE_ACTIONS);
  });

  it("the digest's defaults", () => {
    expect(gd.GRAPPLE_DIE_DEFAULTS).toMatchObject({
      damageOnEstablish: true,
      changedHold: "replace",
      grapplerBonusCountsOwnHold: false,
      breakGetsGrapplerBonus: false,
      breakFumbleProne: "everyone",
      dieLargerPerStep: 1,
      dieSmallerPerStep: -2,
      dieStrength: true,
      dieSlick: -2,
      holdDamageSizeStep: true,
      grappleDamage: "normal",
      chargeBonus: 2,
      overbearLimits: "both",
      saveAttackerLargerPerStep: 1,
      saveDefenderLargerPerStep: 2,
      pummelOtherwisePenalty: "classlessLowHd",
      pummelDamage: "normal",
      pummelImmuneRating: 4,
    });
  });

  it.each([
    [{ nope: true }, "unknownOption"],
    [{ chargeBonus: 9 }, "outOfRange"],
    [{ changedHold: "merge" }, "notOneOf"],
    [{ damageOnEstablish: "yes" }, "notBoolean"],
    ["fast", "notObject"],
  ])("rejects %o with %s", (opts, code) => {
    expect(issues(run("pummel", { attacker: a, defender: d }, [], opts))[0]?.code).toBe(code);
  });

  it("applies a valid option", () => {
    expect(run("grapple", { attacker: a, defender: d }, [[20, 5], [20, 10]], { damageOnEstablish: false })).toMatchObject({ ok: true, result: { kind: "hold", damage: null } });
  });
});

describe("input checks", () => {
  it.each([
    ["grapple", { attacker: a, defender: { ...d, id: "a" } }, "input.defender.id", "attacksItself"],
    ["grapple", { attacker: a, defender: d, situation: { holds: [hold, hold] } }, "input.situation.holds[1].id", "duplicateId"],
    ["grapple", { attacker: a, defender: d, situation: { round: -1 } }, "input.situation.round", "outOfRange"],
    ["grapple", { attacker: a, defender: d, situation: { sizeExempt: [3] } }, "input.situation.sizeExempt[0]", "notText"],
    ["grapple", { attacker: a, defender: d, freeAttack: { kind: "reported", hit: 1, damage: 0 } }, "input.freeAttack.hit", "notBoolean"],
    ["grapple", { attacker: a, defender: d, freeAttack: { kind: "guess" } }, "input.freeAttack.kind", "notOneOf"],
    ["grapple", { attacker: { ...a, heightFt: 0 }, defender: d }, "input.attacker.heightFt", "outOfRange"],
    ["grapple", { attacker: { ...a, weightLb: "heavy" }, defender: d }, "input.attacker.weightLb", "notNumber"],
    ["grapple", { attacker: { ...a, strength: { score: 17, exceptional: 20 } }, defender: d }, "input.attacker.strength.exceptional", "exceptionalNeeds18"],
    ["grapple", { attacker: { ...a, toHit: { kind: "matrix", needed: [1] } }, defender: d }, "input.attacker.toHit.needed", "matrixLength"],
    ["grapple", { attacker: { ...a, readiedAttack: { kind: "weapon", lengthFt: 2, damage: { count: 1, sides: 0 }, damageBonus: 0, toHitBonus: 0 } }, defender: d }, "input.attacker.readiedAttack.damage.sides", "outOfRange"],
    ["grapple", { attacker: { ...a, name: 4 }, defender: d }, "input.attacker.name", "notText"],
    ["grapple", { attacker: a, defender: d, table: "mine" }, "input.table", "notObject"],
    ["grapple", { attacker: a, defender: d, table: { id: "t", source: "GM", rows: "none" } }, "input.table.rows", "notList"],
    ["grapple", { attacker: a, defender: d, table: { id: "t", source: "GM", rows: [5] } }, "input.table.rows[0]", "notObject"],
    ["changeHold", { holder: a, held: d, hold: { ...hold, holderId: "z" } }, "input.hold.holderId", "holdMismatch"],
    ["changeHold", { holder: a, held: d, hold: { ...hold, heldId: "a" } }, "input.hold.heldId", "holdsItself"],
    ["breakHold", { defender: d, holder: a, hold: { ...hold, heldId: "z" } }, "input.hold.heldId", "holdMismatch"],
    ["breakHold", { defender: d, holder: a, hold: { ...hold, suffocationLeft: 0 } }, "input.hold.suffocationLeft", "outOfRange"],
    ["breakHold", { defender: d, holder: a, hold: { ...hold, damage: { dice: { count: 0, sides: 2 }, flat: 0 } } }, "input.hold.damage.dice.count", "outOfRange"],
    ["breakHold", { defender: d, holder: a, hold: { ...hold, effects: { ...hold.effects, strangle: 1 } } }, "input.hold.effects.strangle", "notBoolean"],
    ["moveWhileGrappling", { mover: a, held: d, hold, muchLargerOrStronger: "very" }, "input.muchLargerOrStronger", "notBoolean"],
    ["overbear", { attacker: a, defender: d, situation: { terrain: 2 } }, "input.situation.terrain", "outOfRange"],
    ["overbear", { attacker: a, defender: d, situation: { effect: "throw" } }, "input.situation.effect", "notOneOf"],
    ["pummel", { attacker: a, defender: d, situation: { weaponVsArmor: 1.5 } }, "input.situation.weaponVsArmor", "notInteger"],
    ["subdue", { attacker: a, defender: d, ledger: { maxHp: 0, actual: 0, temporary: 0 } }, "input.ledger.maxHp", "outOfRange"],
    ["strangle", { rounds: 0 }, "input.rounds", "outOfRange"],
    ["strangle", { rounds: 2, suffocation: "yes" }, "input.suffocation", "notBoolean"],
    ["roundEnd", { round: 1, combatants: [a, a], holds: [] }, "input.combatants", "duplicateId"],
    ["roundEnd", { round: 1, combatants: [a], holds: [hold] }, "input.holds[0].heldId", "unknownCombatant"],
    ["roundEnd", { round: 1, combatants: [d], holds: [hold] }, "input.holds[0].holderId", "unknownCombatant"],
    ["roundEnd", { round: 1, combatants: [a, d], holds: [], ledgers: { z: { maxHp: 5, actual: 0, temporary: 0 } } }, "input.ledgers.z", "unknownCombatant"],
    ["roundEnd", { round: 1, combatants: [a, d], holds: [], stuns: [{ id: "z", left: 3 }] }, "input.stuns[0].id", "unknownCombatant"],
    ["roundEnd", { round: 1, combatants: [a, d], holds: [], unconscious: [{ id: "a", left: 0 }] }, "input.unconscious[0].left", "outOfRange"],
    ["roundEnd", { round: 1, combatants: [a, d], holds: [], unconscious: [7] }, "input.unconscious[0]", "notObject"],
    ["roundEnd", { round: 1, combatants: "all" }, "input.combatants", "notList"],
    ["roundEnd", { round: 1, combatants: [a], holds: "none" }, "input.holds", "notList"],
    ["roundEnd", { round: 1, combatants: [a], holds: [7] }, "input.holds[0]", "notObject"],
    ["schedule", { mode: { kind: "twoWeapon", speedFactors: [4] } }, "input.mode.speedFactors", "listLength"],
    ["schedule", { mode: { kind: "rapier" } }, "input.mode.kind", "notOneOf"],
    ["schedule", { mode: { kind: "weapon", speedFactor: 4 }, rate: { routines: 0, perRounds: 1 } }, "input.rate.routines", "outOfRange"],
    ["schedule", { mode: { kind: "natural", attacks: 0 } }, "input.mode.attacks", "outOfRange"],
    ["schedule", { mode: { kind: "whirlwind", speedFactor: 4 } }, "input.mode.attacks", "notInteger"],
    ["schedule", { mode: { kind: "pummel", speedFactor: -1 } }, "input.mode.speedFactor", "outOfRange"],
    ["schedule", { mode: { kind: "grapple", segments: 30 } }, "input.mode.segments", "outOfRange"],
    ["schedule", { mode: { kind: "weapon", speedFactor: 4 }, coupDeGrace: 1 }, "input.coupDeGrace", "notBoolean"],
    ["grappleStatus", { combatant: d, sizeExempt: "all" }, "input.sizeExempt", "notList"],
    ["pushDistance", { total: 22 }, "input.needed", "notInteger"],
    ["damageSplit", { total: 4, kind: "lethal" }, "input.kind", "notOneOf"],
    ["damageSplit", { total: 4, kind: "subdual", playerCharacter: "no" }, "input.playerCharacter", "notBoolean"],
    ["odds", { of: "dance" }, "input.of", "notOneOf"],
    ["odds", { of: "grapple", input: { attacker: a } }, "input.input.defender", "notObject"],
    ["pummel", 5, "input", "notObject"],
  ])("%s: %o -> %s %s", (action, input, path, code) => {
    const found = issues(run(action, input));
    expect(found.length).toBeGreaterThan(0);
    expect(found.some((i) => i.path === path && i.code === code), JSON.stringify(found)).toBe(true);
  });
});

describe("every action through runAction", () => {
  it("the rolling ones", () => {
    expect(run("counterGrapple", { attacker: d, defender: a }, [[20, 10], [2, 2]])).toMatchObject({ ok: true, result: { kind: "hold", hold: { holderId: "d", heldId: "a" } } });
    expect(run("changeHold", { holder: a, held: d, hold }, [[20, 3]])).toMatchObject({ ok: true, result: { kind: "hold", hold: { name: "clinch" } } });
    expect(run("breakHold", { defender: d, holder: a, hold }, [[20, 12]])).toMatchObject({ ok: true, result: { kind: "broken" } });
    expect(run("moveWhileGrappling", { mover: a, held: d, hold, muchLargerOrStronger: true }, [[20, 10]])).toMatchObject({ ok: true, result: { kind: "dragRoll", moved: true } });
    expect(run("strangle", { rounds: 2 }, [[100, 10], [4, 1]])).toMatchObject({ ok: true, result: { kind: "knockedOut", suffocation: { rounds: 2 } } });
    expect(run("strangle", { rounds: 2, suffocation: false }, [[100, 11]])).toMatchObject({ ok: true, result: { kind: "conscious", chance: 10 } });
    expect(run("overbear", { attacker: a, defender: d }, [[20, 2]])).toMatchObject({ ok: true, result: { kind: "miss" } });
    expect(run("pummel", { attacker: a, defender: d }, [[20, 20], [2, 2]])).toMatchObject({ ok: true, result: { kind: "hit", stunSegments: 10 } });
    const sword: gd.ReadiedAttack = { kind: "weapon", lengthFt: 3, damage: { count: 1, sides: 8 }, damageBonus: 0, toHitBonus: 0 };
    expect(run("subdue", { attacker: { ...a, readiedAttack: sword }, defender: d, ledger: { maxHp: 6, actual: 0, temporary: 0 } }, [[20, 15], [8, 8]])).toMatchObject({
      ok: true,
      result: { kind: "hit", split: { actual: 2, temporary: 6 }, after: { ledger: { actual: 2, temporary: 6 }, status: { kind: "subdued" } } },
    });
    expect(run("subdue", { attacker: { ...a, readiedAttack: sword }, defender: d }, [[20, 1]])).toMatchObject({ ok: true, result: { kind: "miss" } });
    expect(run("roundEnd", { round: 2, combatants: [a, d], holds: [hold] }, [[2, 1]])).toMatchObject({ ok: true, result: { events: [{ kind: "holdDamage" }] } });
  });

  it("the ones without dice", () => {
    expect(run("schedule", { mode: { kind: "natural", attacks: 3 } })).toMatchObject({ ok: true, result: { routines: [{ segment: 3, attacks: 3 }] } });
    expect(run("grappleStatus", { combatant: d, holds: [hold] })).toMatchObject({ ok: true, result: { inGrapple: true, toBeHit: 4 } });
    expect(run("armorClass", { combatant: { ...d, dexAcAdjustment: -1 }, holds: [hold] })).toMatchObject({ ok: true, result: { normal: 6, target: { ac: 7 }, charging: { ac: 7 } } });
    expect(run("overbearLimits", { attacker: a, defender: d })).toMatchObject({ ok: true, result: { allowed: true } });
    expect(run("pummelAllowed", { attacker: a, defender: { ...d, armor: { type: "plate", helm: true } } })).toMatchObject({ ok: true, result: { allowed: false, reason: "armored", damage: { dice: { sides: 2 } } } });
    expect(run("pummelAllowed", { attacker: a, defender: d })).toEqual({ ok: true, result: expect.objectContaining({ allowed: true }) });
    expect(run("pushDistance", { total: 22, needed: 12 })).toEqual({ ok: true, result: { feet: 15 } });
    expect(run("damageSplit", { total: 9, kind: "subdual" })).toEqual({ ok: true, result: { total: 9, actual: 2, temporary: 7 } });
    expect(run("damageSplit", { total: 9, kind: "subdual", playerCharacter: true })).toEqual({ ok: true, result: { total: 9, actual: 9, temporary: 0 } });
    expect(run("damageSplit", { total: 9, kind: "normal" })).toEqual({ ok: true, result: { total: 9, actual: 9, temporary: 0 } });
    expect(run("subdualStatus", { ledger: { maxHp: 5, actual: 1, temporary: 4 } })).toEqual({ ok: true, result: { kind: "subdued" } });
  });

  it("odds of every rolling action", () => {
    const kinds = (r: ReturnType<typeof run>) => (r.ok ? (r.result as { outcomes: Array<{ kind: string }> }).outcomes.map((o) => o.kind) : issues(r));
    expect(kinds(run("odds", { of: "counterGrapple", input: { attacker: d, defender: a } }))).toContain("hold:gouge");
    expect(kinds(run("odds", { of: "changeHold", input: { holder: a, held: d, hold } }))).toEqual(expect.arrayContaining(["lost", "changed:clinch", "changed:gouge"]));
    expect(kinds(run("odds", { of: "changeHold", input: { holder: a, held: d, hold } }, [], { changedHold: "keepBetter" }))).toEqual(["kept", "changed:headLock", "changed:bearHug", "changed:strangleHold", "changed:throwPin", "changed:gouge"]);
    expect(kinds(run("odds", { of: "breakHold", input: { defender: d, holder: a, hold } }))).toEqual(["heldAllProne", "held", "broken"]);
    expect(kinds(run("odds", { of: "moveWhileGrappling", input: { mover: a, held: d, hold } }))).toEqual(["heldAllProne", "held", "broken"]);
    expect(kinds(run("odds", { of: "moveWhileGrappling", input: { mover: a, held: d, hold, muchLargerOrStronger: true } }))).toEqual(["notMoved", "moved"]);
    expect(kinds(run("odds", { of: "overbear", input: { attacker: a, defender: { ...d, heightFt: 20 } } }))).toEqual(["notAllowed"]);
    expect(kinds(run("odds", { of: "pummel", input: { attacker: { ...a, intelligence: "animal" }, defender: d } }))).toEqual(["notAllowed"]);
    expect(kinds(run("odds", { of: "subdue", input: { attacker: a, defender: d } }))).toEqual(["notAllowed"]);
    expect(run("odds", { of: "strangle", input: { rounds: 3 } })).toMatchObject({ ok: true, result: { rounds: [{ p: 0.05 }, { p: 0.1 }, { p: 0.15 }] } });
  });
});

describe("consequences", () => {
  const T = gd.GRAPPLE_DIE_TABLE;
  const O = gd.GRAPPLE_DIE_DEFAULTS;
  it("a new hold: the hold, its damage, prone or stunned", () => {
    const pin = gd.resolveGrapple(a, d, {}, undefined, T, O, new ScriptedDice([[20, 15], [20, 18], [4, 3]]));
    expect(gd.grappleConsequences(pin)).toMatchObject({
      holdsAdded: [{ id: "a>d@1.1", holderId: "a", heldId: "d", label: "WC.Hold.throwPin" }],
      damage: [{ targetId: "d", actual: 3, temporary: 0, reason: "WC.Action.grapple" }],
      conditions: [{ targetId: "d", condition: "prone", active: true }],
    });
    const gouge = gd.resolveGrapple(a, d, {}, undefined, T, O, new ScriptedDice([[20, 15], [20, 20], [4, 1]]));
    expect(gd.grappleConsequences(gouge).conditions).toEqual([{ targetId: "d", condition: "stunned", active: true, segments: 10 }]);
    const miss = gd.resolveGrapple(a, d, {}, undefined, T, O, new ScriptedDice([[20, 1]]));
    expect(gd.grappleConsequences(miss)).toEqual({ holdsAdded: [], holdsRemoved: [], damage: [], conditions: [], notes: [] });
  });

  it("changing, breaking, moving, strangling", () => {
    const changed = gd.resolveChangeHold(a, d, hold, {}, T, O, new ScriptedDice([[20, 4]]));
    expect(gd.changeHoldConsequences(changed)).toMatchObject({ holdsRemoved: ["h"], holdsAdded: [{ id: "h", label: "WC.Hold.clinch" }] });
    const lost = gd.resolveChangeHold(a, d, hold, {}, T, O, new ScriptedDice([[20, 1]]));
    expect(gd.changeHoldConsequences(lost)).toMatchObject({ holdsRemoved: ["h"], holdsAdded: [] });
    const kept = gd.resolveChangeHold(a, d, hold, {}, T, { ...O, changedHold: "keepBetter" }, new ScriptedDice([[20, 4]]));
    expect(gd.changeHoldConsequences(kept).holdsRemoved).toEqual([]);
    expect(gd.breakConsequences(gd.rollBreak(d, a, hold, {}, O, new ScriptedDice([[20, 12]]))).holdsRemoved).toEqual(["h"]);
    expect(gd.breakConsequences(gd.rollBreak(d, a, hold, {}, O, new ScriptedDice([[20, 7]]))).conditions.map((c) => c.targetId)).toEqual(["d", "a"]);
    expect(gd.moveConsequences(gd.moveWhileGrappling(a, d, hold, {}, undefined, O, new ScriptedDice([[20, 12]]))).holdsRemoved).toEqual(["h"]);
    expect(gd.moveConsequences(gd.moveWhileGrappling(a, d, hold, {}, true, O, new ScriptedDice([[20, 12]]))).holdsRemoved).toEqual([]);
    expect(gd.strangleConsequences("d", gd.rollStrangle(1, false, new ScriptedDice([[100, 3]]))).conditions).toEqual([{ targetId: "d", condition: "unconscious", active: true, rounds: 1 }]);
    expect(gd.strangleConsequences("d", gd.rollStrangle(1, false, new ScriptedDice([[100, 6]]))).conditions).toEqual([]);
  });

  it("overbear, pummel and subdue", () => {
    const tackler = { ...a, toHit: { kind: "thac0" as const, thac0: 16 } };
    const down = gd.resolveOverbear(tackler, d, {}, undefined, O, new ScriptedDice([[20, 20], [20, 2]]));
    expect(gd.overbearConsequences("d", down).conditions).toEqual([
      { targetId: "d", condition: "prone", active: true },
      { targetId: "d", condition: "stunned", active: true, segments: 10 },
    ]);
    const pushed = gd.resolveOverbear(tackler, d, { effect: "push" }, undefined, O, new ScriptedDice([[20, 12], [20, 2]]));
    expect(gd.overbearConsequences("d", pushed).conditions).toEqual([]);
    const punch = gd.resolvePummel(a, d, {}, O, new ScriptedDice([[20, 20], [2, 2]]));
    expect(gd.pummelConsequences("d", punch)).toMatchObject({ damage: [{ actual: 2, reason: "WC.Action.pummel" }], conditions: [{ condition: "stunned", segments: 10 }] });
    const sword: gd.ReadiedAttack = { kind: "weapon", lengthFt: 3, damage: { count: 1, sides: 8 }, damageBonus: 0, toHitBonus: 0 };
    const flat = gd.resolveSubdue({ ...a, readiedAttack: sword }, d, {}, O, new ScriptedDice([[20, 15], [8, 4]]));
    expect(gd.pummelConsequences("d", flat)).toMatchObject({ damage: [{ actual: 1, temporary: 3, reason: "WC.Action.subdue" }], conditions: [] });
    expect(gd.pummelConsequences("d", gd.resolvePummel(a, d, {}, O, new ScriptedDice([[20, 1]])))).toMatchObject({ damage: [] });
  });
});
