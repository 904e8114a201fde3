// The percentile variant (source 004) behind the shell's RulesVariant interface. Expected numbers
// are worked by hand from 004, the digest's readings (§7) and the project-default tables (§8.2-8.3).
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ScriptedDice } from "../../../src/rules/core/dice.ts";
import { RulesInputError } from "../../../src/rules/core/errors.ts";
import { isRefusalKey } from "../../../src/rules/core/shell.ts";
import type { HoldRecord } from "../../../src/rules/core/consequences.ts";
import type { ActionContext, Declared, OddsOutcome, Resolution, Situational } from "../../../src/rules/variant.ts";
import { GRAPPLING_TABLE, OVERBEAR_TABLE, PERCENTILE_OPTION_SCHEMA } from "../../../src/rules/percentile/index.ts";
import type { Hold } from "../../../src/rules/percentile/index.ts";
import { percentileVariant as v } from "../../../src/rules/percentile/variant.ts";
import { combatantArb } from "./arbitraries.ts";

const o = v.resolveOptions(undefined);
const profile = (over: Record<string, unknown> = {}) => ({ ...v.defaultProfile(), ...over });
const monster = (dice: number, over: Record<string, unknown> = {}) => profile({ kind: "monster", hitDice: { dice, adjustment: 0 }, ...over });
const dice = (...faces: Array<[number, number]>) => new ScriptedDice(faces);

// Default profile: fighter 1 (Variable column 2), M, 70 in, 170 lb, Dex 10, Str 10, no armor, speed 120.
const plain = { id: "a", profile: profile() };
const ctx = (over: Partial<ActionContext>): ActionContext => ({ action: "grapple", attacker: plain, defender: { id: "t", profile: profile() }, declared: {}, holds: [], round: 1, inCombat: true, ...over });

const row = (category: number) => (GRAPPLING_TABLE.rows[category - 1] as { result: Hold["row"] }).result;
function holdRec(holderId: string, heldId: string, category: number, over: Partial<Hold> = {}): HoldRecord {
  const data: Hold = { id: `${holderId}>${heldId}@1`, holderId, heldId, row: row(category), original: true, special: false, roundGained: 1, ...over };
  return { id: data.id, holderId, heldId, label: `WC.Hold.${data.row.hold}`, data };
}

const total = (odds: readonly OddsOutcome[]) => odds.reduce((s, x) => s + x.p, 0);
const pOf = (odds: readonly OddsOutcome[], key: string, params?: Record<string, unknown>) =>
  odds.filter((x) => x.key === key && (params === undefined || Object.entries(params).every(([k, val]) => x.params?.[k] === val))).reduce((s, x) => s + x.p, 0);

// Every key the variant emits is checked against lang/en.json at the end.
const lang: unknown = JSON.parse(readFileSync("lang/en.json", "utf8"));
// A plural group (one text per plural category) reads as its `other` text.
const text = (key: string): unknown => {
  const v = key.split(".").reduce<unknown>((x, k) => (x && typeof x === "object" ? (x as Record<string, unknown>)[k] : undefined), lang);
  return v && typeof v === "object" && typeof (v as Record<string, unknown>).other === "string" ? (v as Record<string, unknown>).other : v;
};
const emitted = new Set<string>();
function seen(r: Resolution | readonly OddsOutcome[]): void {
  const list: Array<{ key: string; params?: Readonly<Record<string, string | number>> }> = Array.isArray(r) ? r : [(r as Resolution).headline];
  for (const x of list) {
    emitted.add(x.key);
    for (const p of Object.values(x.params ?? {})) if (typeof p === "string" && p.startsWith("WC.")) emitted.add(p);
  }
  if (!Array.isArray(r)) {
    const c = (r as Resolution).consequences;
    for (const h of c.holdsAdded) emitted.add(h.label);
    for (const d of c.damage) emitted.add(d.reason);
    for (const n of c.notes) emitted.add(n.key);
  }
}
const run = (c: ActionContext, d: ScriptedDice): Resolution => {
  const r = v.resolve(c, o, d);
  expect(d.remaining).toBe(0);
  seen(r);
  return r;
};
const odds = (c: ActionContext): OddsOutcome[] => {
  const x = v.odds(c, o);
  seen(x);
  return x;
};

describe("percentile as a RulesVariant: the surface", () => {
  it("is source 004 with grapple, overbear, break free, counter grapple and release", () => {
    expect(v.id).toBe("percentile");
    expect(v.source).toBe("004");
    expect([...v.actions]).toEqual(["grapple", "overbear", "breakFree", "counterGrapple", "release", "standUp", "grabItem", "coupDeGrace", "deathBlow", "subdue", "attackIntoGrapple", "grab"]);
  });
  it("asks for the Variables' use, the target's answer and the 004 limits", () => {
    expect(v.situational("grapple").map((s) => s.key)).toEqual([
      "variableAttacker",
      "variableTarget",
      "defense",
      "targetCasting",
      "afterTackle",
      "charging",
      "holdingItem",
      "attemptMade",
      "ability",
      "abilityHold",
      "holderFree",
    ]);
    expect(v.situational("overbear").map((s) => s.key)).toEqual(["variableAttacker", "variableTarget", "defense", "targetCasting", "tackle", "trample", "trampleDamage"]);
    expect(v.situational("breakFree")).toEqual([]);
    expect(v.situational("pummel")).toEqual([]);
    // Both Variables go to the result unless declared otherwise (004).
    for (const s of v.situational("grapple").filter((x) => x.key.startsWith("variable"))) expect(s).toMatchObject({ kind: "choice", initial: "result" });
  });
  it("the default profile is valid and every profile field path exists in it or is optional", () => {
    const p = v.defaultProfile();
    expect(p.id).toBeUndefined();
    expect(v.validateProfile("x", p, "profile")).toMatchObject({ id: "x", kind: "character", classGroup: "fighter", level: 1 });
    for (const f of v.profileFields) {
      const value = f.path.split(".").reduce<unknown>((x, k) => (x && typeof x === "object" ? (x as Record<string, unknown>)[k] : undefined), p);
      if (!("optional" in f && f.optional)) expect(value, f.path).toBeDefined();
    }
  });
  it("reads a form's blanks: no armor AD is no armor, no shield plus is no shield, other-kind fields drop", () => {
    const m = v.validateProfile("m", monster(3, { armor: { ad: null, magic: 0 }, shield: {}, strength: { score: 12, exceptional: null } }), "profile");
    expect(m).toMatchObject({ kind: "monster", hitDice: { dice: 3, adjustment: 0 }, armor: null, shield: null, strength: { score: 12 } });
    expect(m).not.toHaveProperty("classGroup");
    expect(v.validateProfile("c", profile({ armor: { ad: 5 }, hitDice: { dice: 2, adjustment: 0 } }), "profile")).toMatchObject({ armor: { ad: 5, magic: 0 } });
    expect(v.validateProfile("c", profile({ armor: undefined, shield: undefined, abilities: undefined, conditions: undefined }), "profile")).toMatchObject({ armor: null, shield: null, abilities: [], conditions: [] });
  });
  it("refuses a bad stored profile, naming the field", () => {
    const issue = (p: unknown) => {
      try {
        v.validateProfile("x", p, "profile");
      } catch (e) {
        return (e as RulesInputError).issues;
      }
      return [];
    };
    expect(issue(profile({ dexterity: 30 }))).toEqual([{ path: "profile.dexterity", code: "outOfRange", params: { min: 1, max: 25, got: 30 } }]);
    expect(issue(profile({ armor: { ad: 5, magic: 9 } }))[0]).toMatchObject({ path: "profile.armor.magic", code: "outOfRange" });
    expect(issue(profile({ conditions: ["bored"] }))[0]).toMatchObject({ path: "profile.conditions[0]", code: "notOneOf" });
    expect(issue(monster(1, { hitDice: undefined }))[0]).toMatchObject({ path: "profile.hitDice", code: "notObject" });
    expect(issue(7)[0]).toMatchObject({ path: "profile", code: "notObject" });
    // Through an action, the side is named.
    expect(() => v.resolve(ctx({ defender: { id: "t", profile: profile({ speed: -1 }) } }), o, dice())).toThrow(/defender\.speed: outOfRange/);
  });
  it("profile field ranges are the validator's: one past each end is refused", () => {
    for (const f of v.profileFields) {
      if (f.kind !== "int") continue;
      const [head, tail] = f.path.split(".") as [string, string | undefined];
      const base = f.path.startsWith("hitDice") ? monster(1) : profile({ strength: { score: 18 }, armor: { ad: 5, magic: 0 }, shield: { plus: 0 }, secondClass: { group: "thief", level: 1 }, thirdClass: { group: "magicUser", level: 1 } });
      for (const [val, ok] of [
        [f.min, true],
        [f.max, true],
        [f.min - 1, false],
        [f.max + 1, false],
      ] as const) {
        const p: Record<string, unknown> = { ...base };
        p[head] = tail === undefined ? val : { ...(p[head] as Record<string, unknown>), [tail]: val };
        if (ok) expect(() => v.validateProfile("x", p, "profile"), `${f.path}=${val}`).not.toThrow();
        else expect(() => v.validateProfile("x", p, "profile"), `${f.path}=${val}`).toThrow(RulesInputError);
      }
    }
  });
  it("an action it lacks, a creature against itself, a bad round or a bad hold is refused", () => {
    for (const action of ["pummel", "chargingOverbear", "liftOff"] as const) {
      expect(() => v.resolve(ctx({ action }), o, dice())).toThrow(RulesInputError);
      expect(() => v.odds(ctx({ action }), o)).toThrow(/unknownAction/);
    }
    expect(() => v.resolve(ctx({ defender: plain }), o, dice())).toThrow(/sameCreature/);
    expect(() => v.odds(ctx({ round: -1 }), o)).toThrow(/round: outOfRange/);
    const bad = { ...holdRec("t", "a", 2), holderId: "z" };
    expect(() => v.odds(ctx({ holds: [bad] }), o)).toThrow(/holds\[0\]\.data\.holderId: holdMismatch/);
    expect(() => v.odds(ctx({ holds: [{ ...holdRec("t", "a", 2), data: { id: "x" } }] }), o)).toThrow(RulesInputError);
    expect(() => v.odds(ctx({ declared: { ability: "hug", abilityHold: 2.5 } }), o)).toThrow(/declared\.special\.holdCategory/);
  });
});

describe("grapple", () => {
  // T004-02's pair: Dex 15 fighter against a 1 HD monster in AD 5 armor. Chance 100 + 15 + 20 - 5 = 130.
  const a = { id: "a", profile: profile({ dexterity: 15 }) };
  const m = { id: "m", profile: monster(1, { armor: { ad: 5, magic: 0 } }) };
  it("a chance of 130 needs no attack die: Variables +5 and -5, 40 + Dex 15 + Str 10 = 65 -> Bear hug", () => {
    // Attacker d6 3 + column 2 = +5; target d4 2 + column 3 (1 HD) = -5; result d100 40.
    const r = run(ctx({ attacker: a, defender: m, round: 3 }), dice([6, 3], [4, 2], [100, 40]));
    expect(r.action).toBe("grapple");
    expect(r.headline).toEqual({ key: "WC.Result.holdGained", params: { hold: "WC.Hold.bearHug", category: 4 } });
    const c = r.consequences;
    expect(c.holdsAdded).toHaveLength(1);
    expect(c.holdsAdded[0]).toMatchObject({ id: "a>m@3", holderId: "a", heldId: "m", label: "WC.Hold.bearHug", data: { id: "a>m@3", holderId: "a", heldId: "m", original: true, special: false, roundGained: 3, row: { category: 4 } } });
    // Bear hug 3 damage: a quarter lethal, rounded up -> 1 lethal, 2 non-lethal.
    expect(c.damage).toEqual([{ targetId: "m", actual: 1, temporary: 2, reason: "WC.Action.grapple" }]);
    expect(c.conditions).toEqual([
      { targetId: "a", condition: "grappled", active: true },
      { targetId: "m", condition: "grappled", active: true },
    ]);
    expect(c.notes).toEqual([{ key: "WC.Note.mayTrip", targetId: "a" }]);
    expect(c.holdsRemoved).toEqual([]);
  });
  // Attacker in AD 5 armor against a plain fighter 1: 50 + 10 - 20 (no armor) - 5 (level 1) = 35.
  const chain = { id: "a", profile: profile({ armor: { ad: 5, magic: 0 } }) };
  it("the attacker's Variable on the chance: d6 4 + 2 makes 41, and a 41 hits; 4 + 20 - 3 = 21 -> Arm lock", () => {
    const r = run(ctx({ attacker: chain, declared: { variableAttacker: "chance" } }), dice([6, 4], [4, 1], [100, 41], [100, 4]));
    expect(r.headline.params).toEqual({ hold: "WC.Hold.armLock", category: 2 });
    // 1 point is always lethal.
    expect(r.consequences.damage).toEqual([{ targetId: "t", actual: 1, temporary: 0, reason: "WC.Action.grapple" }]);
  });
  it("a 42 against 41 misses, and nothing changes", () => {
    const r = run(ctx({ attacker: chain, declared: { variableAttacker: "chance" } }), dice([6, 4], [4, 1], [100, 42]));
    expect(r.headline).toEqual({ key: "WC.Result.miss" });
    expect(r.consequences).toEqual({ holdsAdded: [], holdsRemoved: [], damage: [], conditions: [], notes: [] });
  });
  it("odds: hit 40.5% (chance 38-43), then the result d100 + 20 - (d4 + 2) over the table", () => {
    const x = odds(ctx({ attacker: chain, declared: { variableAttacker: "chance" } }));
    expect(total(x)).toBeCloseTo(1, 12);
    expect(pOf(x, "WC.Result.miss")).toBeCloseTo(0.595, 12);
    // Shifts 17, 16, 15, 14: Torso grab on 3-6 faces (4.5 on average), Gouge on 22-19 (20.5).
    const expected: Array<[string, number]> = [
      ["torsoGrab", 4.5],
      ["armLock", 20],
      ["handLock", 15],
      ["bearHug", 15],
      ["headlock", 15],
      ["strangleHold", 10],
      ["gouge", 20.5],
    ];
    for (const [hold, faces] of expected) expect(pOf(x, "WC.Result.holdGained", { hold: `WC.Hold.${hold}` }), hold).toBeCloseTo(0.405 * (faces / 100), 12);
  });
  it("the target's answer: a hit foils at once, a harmless contact hit does not; casting spoils the spell", () => {
    const foiled = run(ctx({ declared: { defense: "freeAttackHit", targetCasting: true } }), dice());
    expect(foiled.headline.key).toBe("WC.Result.foiled");
    expect(foiled.consequences.notes).toEqual([{ key: "WC.Note.spellSpoiled", targetId: "t" }]);
    expect(odds(ctx({ declared: { defense: "fendOffHit" } }))).toEqual([{ key: "WC.Result.foiled", p: 1, tone: "bad" }]);
    // Plain v plain: 100 + 10 - 20 - 5 = 85, so a contact hit that did nothing lets the attempt go on.
    expect(pOf(odds(ctx({ declared: { defense: "contactHitHarmless" } })), "WC.Result.miss")).toBeCloseTo(0.15, 12);
    expect(pOf(odds(ctx({ declared: { defense: "freeAttackMissed" } })), "WC.Result.miss")).toBeCloseTo(0.15, 12);
    expect(pOf(odds(ctx({ declared: { defense: "fendOffMissed" } })), "WC.Result.miss")).toBeCloseTo(0.15, 12);
    // After a tackle there is no answer at all.
    expect(pOf(odds(ctx({ declared: { defense: "freeAttackHit", afterTackle: true } })), "WC.Result.foiled")).toBe(0);
  });
  it("004's limits: charging, something in hand, an attempt already made, a target twice as tall", () => {
    const reason = (c: ActionContext) => run(c, dice()).headline;
    expect(reason(ctx({ declared: { charging: true } }))).toEqual({ key: "WC.Result.notAllowedBecause", params: { reason: "WC.Reason.charging" } });
    expect(reason(ctx({ declared: { holdingItem: true } })).params).toEqual({ reason: "WC.Reason.holdingItem" });
    expect(reason(ctx({ declared: { attemptMade: true } })).params).toEqual({ reason: "WC.Reason.attemptUsed" });
    expect(reason(ctx({ defender: { id: "t", profile: profile({ height: 140 }) } })).params).toEqual({ reason: "WC.Reason.targetTooLarge" });
    expect(reason(ctx({ attacker: { id: "a", profile: profile({ conditions: ["stunned"] }) } })).params).toEqual({ reason: "WC.Reason.cannotAct" });
    expect(reason(ctx({ holds: [holdRec("a", "t", 2)] })).params).toEqual({ reason: "WC.Reason.alreadyHoldsTarget" });
    expect(reason(ctx({ declared: { ability: "grab" } })).params).toEqual({ reason: "WC.Reason.noSuchAbility" });
    // An arm locked by a third creature leaves the attacker without every arm free.
    expect(reason(ctx({ holds: [holdRec("x", "a", 2)] })).params).toEqual({ reason: "WC.Reason.foreLimbsNotFree" });
    expect(pOf(odds(ctx({ holds: [holdRec("x", "a", 1)] })), "WC.Result.miss")).toBeCloseTo(0.15, 12);
    expect(odds(ctx({ declared: { charging: true } }))).toEqual([{ key: "WC.Result.notAllowedBecause", params: { reason: "WC.Reason.charging" }, p: 1, tone: "bad" }]);
  });
  it("Hug with a fixed Bear hug: no dice, no answer, and its damage is all lethal", () => {
    const bear = { id: "b", profile: monster(5, { abilities: ["hug"] }) };
    const r = run(ctx({ attacker: bear, declared: { ability: "hug", abilityHold: 4, defense: "freeAttackHit" } }), dice());
    expect(r.headline.params).toEqual({ hold: "WC.Hold.bearHug", category: 4 });
    expect(r.consequences.holdsAdded[0]?.data).toMatchObject({ special: true, original: true });
    expect(r.consequences.damage).toEqual([{ targetId: "t", actual: 3, temporary: 0, reason: "WC.Action.grapple" }]);
    // The holder stays free when the ability says so.
    const free = run(ctx({ attacker: bear, declared: { ability: "hug", abilityHold: 4, holderFree: true } }), dice());
    expect(free.consequences.conditions).toEqual([{ targetId: "t", condition: "grappled", active: true }]);
    expect(odds(ctx({ attacker: bear, declared: { ability: "hug", abilityHold: 4 } }))).toEqual([{ key: "WC.Result.holdGained", params: { hold: "WC.Hold.bearHug", category: 4 }, p: 1, tone: "good" }]);
  });
  it("a Gouge stuns the target for a round and lets the holder strike again", () => {
    // Plain v plain, chance 85: d6 6 (+8), d4 1 (-3), attack 50, result 71 + 20 + 5 = 96 -> Gouge.
    const r = run(ctx({}), dice([6, 6], [4, 1], [100, 50], [100, 71]));
    expect(r.headline.params).toEqual({ hold: "WC.Hold.gouge", category: 7 });
    expect(r.consequences.conditions).toContainEqual({ targetId: "t", condition: "stunned", active: true, rounds: 1 });
    expect(r.consequences.notes).toEqual([{ key: "WC.Note.extraAttack", targetId: "a" }]);
    // 8 damage: 2 lethal, 6 non-lethal.
    expect(r.consequences.damage).toEqual([{ targetId: "t", actual: 2, temporary: 6, reason: "WC.Action.grapple" }]);
  });
  describe("joining an existing grapple (held creatures are in the grappled condition)", () => {
    // The target has Dex +1 AC and a shield: 2 AC points, -10, unless the grappled condition takes both away.
    const t = { id: "t", profile: profile({ dexAcBonus: 1, shield: { plus: 0 }, maxMeleeAttackers: 2 }) };
    const x = holdRec("x", "t", 4);
    it("the shield and Dex stop counting once the target is held: chance 75 free, 85 held", () => {
      expect(pOf(odds(ctx({ defender: t })), "WC.Result.miss")).toBeCloseTo(0.25, 12);
      const joined = odds(ctx({ defender: t, holds: [x] }));
      // The joiner's best is a Torso grab (min of the cap and the Bear hug already there).
      expect(joined).toEqual([
        { key: "WC.Result.miss", p: expect.closeTo(0.15, 12) as number, tone: "bad" },
        { key: "WC.Result.holdGained", params: { hold: "WC.Hold.torsoGrab", category: 1 }, p: expect.closeTo(0.85, 12) as number, tone: "good" },
      ]);
    });
    it("a joiner's hold is capped, deals no damage, and the second holder of two pins the target", () => {
      const r = run(ctx({ defender: t, holds: [x], round: 2 }), dice([6, 1], [4, 1], [100, 85], [100, 100]));
      expect(r.consequences.holdsAdded[0]).toMatchObject({ id: "a>t@2", holderId: "a", heldId: "t", label: "WC.Hold.torsoGrab", data: { original: false } });
      expect(r.consequences.damage).toEqual([]);
      expect(r.consequences.conditions).toContainEqual({ targetId: "t", condition: "pinned", active: true });
      expect(r.consequences.notes).toEqual([{ key: "WC.Note.mayCounter", targetId: "t" }]);
    });
    it("no room once as many hold the target as may attack it", () => {
      const full = odds(ctx({ defender: t, holds: [x, holdRec("y", "t", 1, { original: false })] }));
      expect(full).toEqual([{ key: "WC.Result.notAllowedBecause", params: { reason: "WC.Reason.noRoomToJoin" }, p: 1, tone: "bad" }]);
    });
  });
});

describe("overbear (the end of a charge)", () => {
  // Plain v plain: chance 100 + 10 - 20 - 5 = 85 (no slick line); result + Str 10, no Dex line.
  it("a tackle that knocks the target to its knees takes the tackler down too", () => {
    // d6 6 + 2 = +8, d4 4 + 2 = -6; attack 85 hits; 60 + 10 + 8 - 6 = 72 -> Knocked to knees, 2 damage.
    const r = run(ctx({ action: "overbear", declared: { tackle: true } }), dice([6, 6], [4, 4], [100, 85], [100, 60]));
    expect(r.headline).toEqual({ key: "WC.Result.overbearResult", params: { result: "WC.Overbear.knockedToKnees" } });
    // Half lethal, rounded up: 1 and 1.
    expect(r.consequences.damage).toEqual([{ targetId: "t", actual: 1, temporary: 1, reason: "WC.Action.overbear" }]);
    expect(r.consequences.conditions).toEqual([
      { targetId: "t", condition: "prone", active: true },
      { targetId: "a", condition: "prone", active: true },
    ]);
    expect(r.consequences.notes).toEqual([{ key: "WC.Note.tackleFollowUp", targetId: "a" }]);
  });
  it("a missed tackle does no damage, so the tackler falls", () => {
    const r = run(ctx({ action: "overbear", declared: { tackle: true } }), dice([6, 1], [4, 1], [100, 86]));
    expect(r.headline.key).toBe("WC.Result.miss");
    expect(r.consequences.conditions).toEqual([{ targetId: "a", condition: "prone", active: true }]);
  });
  it("T004-10: a Kicked leg leaves the target standing and the tackler prone", () => {
    // d6 1 (+3), d4 4 (-6): 23 + 10 - 3 = 30 -> Kicked leg.
    const r = run(ctx({ action: "overbear", declared: { tackle: true } }), dice([6, 1], [4, 4], [100, 10], [100, 23]));
    expect(r.headline.params).toEqual({ result: "WC.Overbear.kickedLeg" });
    expect(r.consequences.conditions).toEqual([{ targetId: "a", condition: "prone", active: true }]);
    expect(r.consequences.notes).toEqual([{ key: "WC.Note.attackerAtFeet", targetId: "a" }]);
    expect(r.consequences.damage).toEqual([]);
  });
  it("Knocked flat: prone and stunned a round; Staggered: hindered and an extra attack", () => {
    // 100 + 10 + 8 - 3 = 115 -> Knocked flat, 4 damage: 2 and 2.
    const flat = run(ctx({ action: "overbear" }), dice([6, 6], [4, 1], [100, 1], [100, 100]));
    expect(flat.headline.params).toEqual({ result: "WC.Overbear.knockedFlat" });
    expect(flat.consequences.conditions).toEqual([
      { targetId: "t", condition: "prone", active: true },
      { targetId: "t", condition: "stunned", active: true, rounds: 1 },
    ]);
    expect(flat.consequences.damage).toEqual([{ targetId: "t", actual: 2, temporary: 2, reason: "WC.Action.overbear" }]);
    // 45 + 10 + 3 - 6 = 52 -> Staggered, 1 damage (lethal).
    const stag = run(ctx({ action: "overbear" }), dice([6, 1], [4, 4], [100, 1], [100, 45]));
    expect(stag.consequences.notes).toEqual([
      { key: "WC.Note.hindered", targetId: "t" },
      { key: "WC.Note.extraAttack", targetId: "a" },
    ]);
    expect(stag.consequences.damage).toEqual([{ targetId: "t", actual: 1, temporary: 0, reason: "WC.Action.overbear" }]);
    // 5 + 10 + 3 - 6 = 12 -> Avoid: the target may strike back.
    const avoid = run(ctx({ action: "overbear" }), dice([6, 1], [4, 4], [100, 1], [100, 5]));
    expect(avoid.consequences.notes).toEqual([{ key: "WC.Note.mayStrikeBack", targetId: "t" }]);
    // 85 + 10 + 3 - 6 = 92 -> hands and knees: loses its next minor action.
    const knees = run(ctx({ action: "overbear" }), dice([6, 1], [4, 4], [100, 1], [100, 85]));
    expect(knees.consequences.notes).toEqual([{ key: "WC.Note.losesMinorAction", targetId: "t" }]);
  });
  it("the fend-off: a hit turns the overbear aside with no dice", () => {
    const r = run(ctx({ action: "overbear", declared: { defense: "fendOffHit", tackle: true } }), dice());
    expect(r.headline.key).toBe("WC.Result.avoided");
    expect(r.consequences.conditions).toEqual([{ targetId: "a", condition: "prone", active: true }]);
    expect(pOf(odds(ctx({ action: "overbear", declared: { defense: "fendOffMissed" } })), "WC.Result.miss")).toBeCloseTo(0.15, 12);
  });
  it("T004-09: no overbear against twice one's weight", () => {
    const heavy = { id: "t", profile: profile({ weight: 340 }) };
    expect(run(ctx({ action: "overbear", defender: heavy }), dice()).headline).toEqual({ key: "WC.Result.notAllowedBecause", params: { reason: "WC.Reason.targetTooHeavy" } });
    expect(odds(ctx({ action: "overbear", defender: heavy }))).toEqual([{ key: "WC.Result.notAllowedBecause", params: { reason: "WC.Reason.targetTooHeavy" }, p: 1, tone: "bad" }]);
    expect(run(ctx({ action: "overbear", declared: { trample: true } }), dice()).headline.params).toEqual({ reason: "WC.Reason.noTrample" });
  });
  it("odds: hit 85%; the result d100 + 10 + (d6 + 2) - (d4 + 2) over the Overbear Table", () => {
    const x = odds(ctx({ action: "overbear" }));
    expect(total(x)).toBeCloseTo(1, 12);
    expect(pOf(x, "WC.Result.miss")).toBeCloseTo(0.15, 12);
    // Shift 10 + a - t, 7 to 15 (mean 11): Avoid on 20 - shift faces (mean 9), Knocked flat on shift faces (mean 11).
    expect(pOf(x, "WC.Result.overbearResult", { result: "WC.Overbear.avoid" })).toBeCloseTo(0.85 * 0.09, 12);
    expect(pOf(x, "WC.Result.overbearResult", { result: "WC.Overbear.staggered" })).toBeCloseTo(0.85 * 0.2, 12);
    expect(pOf(x, "WC.Result.overbearResult", { result: "WC.Overbear.knockedFlat" })).toBeCloseTo(0.85 * 0.11, 12);
  });
  it("a trample needs no roll and counts only when it does damage; its own damage replaces the table's", () => {
    const rhino = { id: "r", profile: monster(8, { abilities: ["trample"], weight: 2000 }) };
    // Attacker adds no Variable; the target's d4 3 + 2 = -5. Str 10 +10; weight 2000 v 170: +10 per 10% -> far above.
    const r = run(ctx({ action: "overbear", attacker: rhino, declared: { trample: true, trampleDamage: 9, defense: "fendOffHit" } }), dice([4, 3], [100, 1]));
    expect(r.headline.params).toEqual({ result: "WC.Overbear.knockedFlat" });
    // Trample damage is all lethal.
    expect(r.consequences.damage).toEqual([{ targetId: "t", actual: 9, temporary: 0, reason: "WC.Action.overbear" }]);
    expect(odds(ctx({ action: "overbear", attacker: rhino, declared: { trample: true } }))).toEqual([{ key: "WC.Result.overbearResult", params: { result: "WC.Overbear.knockedFlat" }, p: expect.closeTo(1, 12) as number, tone: "good" }]);
    // A light trampler against a heavy target: 170 v 330 lb is 4 whole 10% steps lighter, -40; with Str +10
    // and the target's d4 1 + 2, a 50 makes 17, an Avoid, which does no damage and so does not count.
    const pony = { id: "p", profile: monster(1, { abilities: ["trample"] }) };
    const heavy = { id: "t", profile: profile({ weight: 330 }) };
    const miss = run(ctx({ action: "overbear", attacker: pony, defender: heavy, declared: { trample: true } }), dice([4, 1], [100, 50]));
    expect(miss.headline).toEqual({ key: "WC.Result.trampleFailed" });
    expect(miss.consequences.damage).toEqual([]);
    const x = odds(ctx({ action: "overbear", attacker: pony, defender: heavy, declared: { trample: true } }));
    expect(total(x)).toBeCloseTo(1, 12);
    expect(pOf(x, "WC.Result.trampleFailed")).toBeGreaterThan(0);
  });
});

describe("break free, counter grapple, release", () => {
  // The holder h keeps an Arm lock (category 2) on b; both plain fighter 1s.
  const b = { id: "b", profile: profile() };
  const h = { id: "h", profile: profile() };
  const lock = holdRec("h", "b", 2);
  const held = (over: Partial<ActionContext>) => ctx({ action: "breakFree", attacker: b, defender: h, holds: [lock], round: 2, ...over });
  it("a Hand lock (41) is one category above the Arm lock: broken; its 2 damage goes to the holder", () => {
    // Roles swapped: b's d6 1 + 2 = +3, h's d4 4 + 2 = -6; 24 + 20 + 3 - 6 = 41.
    const r = run(held({}), dice([6, 1], [4, 4], [100, 24]));
    expect(r.headline).toEqual({ key: "WC.Result.brokeFree" });
    expect(r.consequences.holdsRemoved).toEqual(["h>b@1"]);
    expect(r.consequences.damage).toEqual([{ targetId: "h", actual: 1, temporary: 1, reason: "WC.Action.breakFree" }]);
    expect(r.consequences.conditions).toEqual([
      { targetId: "b", condition: "grappled", active: false },
      { targetId: "h", condition: "grappled", active: false },
    ]);
  });
  it("40 is only an Arm lock: still held, and the holder takes the point anyway", () => {
    const r = run(held({}), dice([6, 1], [4, 4], [100, 23]));
    expect(r.headline).toEqual({ key: "WC.Result.stillHeld" });
    expect(r.consequences.holdsRemoved).toEqual([]);
    expect(r.consequences.damage).toEqual([{ targetId: "h", actual: 1, temporary: 0, reason: "WC.Action.breakFree" }]);
  });
  it("odds: at least 41 on d100 + 20 + (d6 + 2) - (d4 + 2): 80 + a - t faces, 81% on average", () => {
    expect(odds(held({}))).toEqual([
      { key: "WC.Result.brokeFree", p: expect.closeTo(0.81, 12) as number, tone: "good" },
      { key: "WC.Result.stillHeld", p: expect.closeTo(0.19, 12) as number, tone: "bad" },
    ]);
  });
  it("against a joiner the break does no damage: it goes to the original holder only", () => {
    const joiner = holdRec("h", "b", 1, { original: false });
    const first = holdRec("x", "b", 4);
    const r = run(held({ holds: [first, joiner] }), dice([6, 1], [4, 4], [100, 24]));
    expect(r.consequences.holdsRemoved).toEqual(["h>b@1"]);
    expect(r.consequences.damage).toEqual([]);
    // b is still held by x: it stays grappled.
    expect(r.consequences.conditions).toEqual([{ targetId: "h", condition: "grappled", active: false }]);
  });
  it("while each holds the other, neither may break free; a hold the defender does not have is refused", () => {
    const both = [lock, holdRec("b", "h", 1)];
    expect(run(held({ holds: both }), dice()).headline).toEqual({ key: "WC.Result.notAllowedBecause", params: { reason: "WC.Reason.mutualHold" } });
    expect(odds(held({ holds: both }))).toEqual([{ key: "WC.Result.notAllowedBecause", params: { reason: "WC.Reason.mutualHold" }, p: 1, tone: "bad" }]);
    expect(() => v.resolve(held({ attacker: h, defender: b }), o, dice())).toThrow(/noSuchHold/);
    expect(() => v.odds(held({ holdId: "nope" }), o)).toThrow(RulesInputError);
    const out = { id: "b", profile: profile({ conditions: ["unconscious"] }) };
    expect(odds(held({ attacker: out }))[0]?.params).toEqual({ reason: "WC.Reason.cannotAct" });
  });
  it("a counter grapple that reaches Gouge stuns the holder and breaks its hold", () => {
    // No attack roll: b's d6 3 (+5), h's d4 1 (-3); 74 + 20 + 2 = 96 -> Gouge, 8 damage (2 + 6) as the holder's first holder.
    const r = run(held({ action: "counterGrapple" }), dice([6, 3], [4, 1], [100, 74]));
    expect(r.headline).toEqual({ key: "WC.Result.counterBroke", params: { hold: "WC.Hold.gouge", category: 7 } });
    expect(r.consequences.holdsAdded[0]).toMatchObject({ id: "b>h@2", holderId: "b", heldId: "h", label: "WC.Hold.gouge" });
    expect(r.consequences.holdsRemoved).toEqual(["h>b@1"]);
    expect(r.consequences.damage).toEqual([{ targetId: "h", actual: 2, temporary: 6, reason: "WC.Action.counterGrapple" }]);
    expect(r.consequences.conditions).toContainEqual({ targetId: "h", condition: "stunned", active: true, rounds: 1 });
  });
  it("a counter short of a stun adds a hold and leaves both standing", () => {
    // 30 + 22 = 52 -> Hand lock; the holder drops what it holds in that hand.
    const r = run(held({ action: "counterGrapple" }), dice([6, 3], [4, 1], [100, 30]));
    expect(r.headline).toEqual({ key: "WC.Result.counterHeld", params: { hold: "WC.Hold.handLock", category: 3 } });
    expect(r.consequences.holdsRemoved).toEqual([]);
    expect(r.consequences.notes).toEqual([{ key: "WC.Note.dropsItem", targetId: "h" }]);
    // Gouge needs f >= 76 - a + t: 25 + a - t faces, 26% on average.
    const x = odds(held({ action: "counterGrapple" }));
    expect(total(x)).toBeCloseTo(1, 12);
    expect(pOf(x, "WC.Result.counterBroke")).toBeCloseTo(0.26, 12);
    expect(odds(held({ action: "counterGrapple", attacker: h, defender: b }))).toEqual([{ key: "WC.Result.notAllowedBecause", params: { reason: "WC.Reason.notHeldBy" }, p: 1, tone: "bad" }]);
    expect(run(held({ action: "counterGrapple", attacker: h, defender: b }), dice()).headline.params).toEqual({ reason: "WC.Reason.notHeldBy" });
  });
  it("the holder lets go: the hold ends and neither is grappled any more", () => {
    const r = run(ctx({ action: "release", attacker: h, defender: b, holds: [lock] }), dice());
    expect(r.headline).toEqual({ key: "WC.Result.released" });
    expect(r.consequences.holdsRemoved).toEqual(["h>b@1"]);
    expect(r.consequences.conditions).toEqual([
      { targetId: "h", condition: "grappled", active: false },
      { targetId: "b", condition: "grappled", active: false },
    ]);
    expect(odds(ctx({ action: "release", attacker: h, defender: b, holds: [lock] }))).toEqual([{ key: "WC.Result.released", p: 1, tone: "good" }]);
    expect(() => v.resolve(ctx({ action: "release", attacker: b, defender: h, holds: [lock] }), o, dice())).toThrow(/noSuchHold/);
  });
  it("releasing one of the holders that pinned a creature unpins it", () => {
    const pinnedB = { id: "b", profile: profile({ maxMeleeAttackers: 2 }) };
    const r = run(ctx({ action: "release", attacker: h, defender: pinnedB, holds: [lock, holdRec("x", "b", 1, { original: false })] }), dice());
    expect(r.consequences.conditions).toEqual([
      { targetId: "h", condition: "grappled", active: false },
      { targetId: "b", condition: "pinned", active: false },
    ]);
  });
});

function arbDeclared(list: readonly Situational[]): fc.Arbitrary<Declared> {
  return fc.record(
    Object.fromEntries(
      list.map((s) => {
        if (s.kind === "flag") return [s.key, fc.boolean()];
        if (s.kind === "number") return [s.key, fc.integer({ min: s.min, max: Math.min(s.max, 12) })];
        return [s.key, fc.constantFrom(...s.choices)];
      }),
    ) as Record<string, fc.Arbitrary<boolean | number | string>>,
    { requiredKeys: [] },
  ) as fc.Arbitrary<Declared>;
}

function withoutId(c: object): Record<string, unknown> {
  const rest: Record<string, unknown> = { ...c };
  delete rest.id;
  return rest;
}

/** A grabbing attack as the shell hands it to the rules (issue 31). */
const GRAB = { key: "coils", name: "Coils", damagePerRound: { count: 2, sides: 4, bonus: 0 } };

describe("odds are probabilities summing to 1", () => {
  const profiles = [profile(), monster(4, { armor: { ad: 3, magic: 1 }, size: "L", weight: 600 }), profile({ dexterity: 17, strength: { score: 18, exceptional: 75 }, shield: { plus: 1 }, helmet: true })];
  it("for every action over a few profiles and holds", () => {
    for (const pa of profiles) {
      for (const pd of profiles) {
        const a = { id: "a", profile: pa };
        const d = { id: "d", profile: pd };
        const hold = holdRec("d", "a", 3);
        for (const action of v.actions) {
          const c = { ...ctx({ action, attacker: a, defender: d, holds: action === "release" ? [holdRec("a", "d", 3)] : action === "grapple" || action === "overbear" || action === "grab" ? [] : [hold] }), ...(action === "grab" ? { grab: GRAB } : {}) };
          const x = odds(c);
          expect(total(x), action).toBeCloseTo(1, 12);
          for (const y of x) expect(y.p).toBeGreaterThanOrEqual(0);
        }
      }
    }
  });
  it("for arbitrary valid profiles and declarations (property)", () => {
    fc.assert(
      fc.property(
        combatantArb("a", { active: true }),
        combatantArb("d"),
        fc.constantFrom(...v.actions),
        fc.integer({ min: 1, max: 7 }),
        fc.boolean(),
        fc.record({ grapple: arbDeclared(v.situational("grapple")), overbear: arbDeclared(v.situational("overbear")) }),
        (a, d, action, category, heldBack, declared) => {
          const holds = action === "release" ? [holdRec("a", "d", category)] : action === "grapple" || action === "overbear" || action === "grab" ? (heldBack ? [holdRec("x", "d", category)] : []) : [holdRec("d", "a", category), ...(heldBack ? [holdRec("a", "d", 1)] : [])];
          const c = { ...ctx({ action, attacker: { id: "a", profile: withoutId(a) }, defender: { id: "d", profile: withoutId(d) }, holds, declared: action === "grapple" || action === "overbear" ? declared[action] : {} }), ...(action === "grab" ? { grab: GRAB } : {}) };
          const x = v.odds(c, o);
          expect(Math.abs(total(x) - 1)).toBeLessThan(1e-9);
          for (const y of x) expect(y.p).toBeGreaterThanOrEqual(0);
          // Each outcome carries its tone from the rules; a refusal is never a success.
          for (const y of x) expect(isRefusalKey(y.key) ? ["bad"] : ["good", "mid", "bad"]).toContain(y.tone);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("lang/en.json has every text the variant shows", () => {
  it("situational labels and their choices", () => {
    for (const action of v.actions) {
      for (const s of v.situational(action)) {
        expect(typeof text(s.label), s.label).toBe("string");
        if (s.kind === "choice") for (const ch of s.choices) expect(typeof text(`WC.Choice.${ch}`), ch).toBe("string");
      }
    }
  });
  it("every hold and overbear result of the default tables, every option", () => {
    for (const r of GRAPPLING_TABLE.rows) expect(typeof text(`WC.Hold.${r.result.hold}`), r.result.hold).toBe("string");
    for (const r of OVERBEAR_TABLE.rows) expect(typeof text(`WC.Overbear.${r.result.result}`), r.result.result).toBe("string");
    for (const name of Object.keys(PERCENTILE_OPTION_SCHEMA)) {
      expect(typeof text(`WC.Option.${name}.name`), name).toBe("string");
      expect(typeof text(`WC.Option.${name}.hint`), name).toBe("string");
    }
    for (const p of ["grappleAttack", "grappleResult", "overbearAttack", "overbearResult", "breakFree", "counterGrapple", "variableAttacker", "variableTarget", "strangleKo"]) {
      expect(typeof text(`WC.Purpose.${p}`), p).toBe("string");
    }
    for (const a of v.actions) expect(typeof text(`WC.Action.${a}`), a).toBe("string");
  });
  it("every key emitted in the tests above", () => {
    expect(emitted.size).toBeGreaterThan(30);
    expect([...emitted].filter((k) => typeof text(k) !== "string")).toEqual([]);
  });
});
