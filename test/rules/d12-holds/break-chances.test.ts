// 000 §Maintaining holds, as the holds panel shows it: the exact chance each hold is broken when
// the round ends. Every expected value is worked by hand from 000's numbers: a d12 with the
// hold's size factor (the negation of the holder's size adjustment: an S holder on an M defender
// was made at -2, so the defender breaks at +2), the target 10, 11 with three or more holders,
// recounted after each break; the stranglehold's 2d4 half actual, half temporary.
import { describe, expect, it } from "vitest";
import { d12, RULES_VARIANTS } from "../../../src/rules/index.ts";

const o = d12.D12_DEFAULTS;
const c = d12.defaultCombatant;
const h = (over: Partial<d12.Hold> & Pick<d12.Hold, "id" | "holderId" | "heldId" | "part">): d12.Hold => ({ result: 6, sizeAdjustment: 0, holderSize: "M", roundGained: 1, ...over });

describe("the chance each hold breaks at the round's end", () => {
  const fighter = c("f");
  const goblins = ["g1", "g2", "g3"].map((id) => c(id, { kind: "monster", size: "S", pummelLimbs: 1 }));
  const goblinHold = (g: string, part: d12.HoldPart) => h({ id: `${g}h`, holderId: g, heldId: "f", part, sizeAdjustment: -2, holderSize: "S" });

  it("one man holding another: 10 on a d12 is 3 faces in 12", () => {
    const r = d12.roundEndBreakChances({ round: 2, combatants: [fighter, c("m")], holds: [h({ id: "x", holderId: "m", heldId: "f", part: "arm" })] }, o);
    expect(r.get("x")).toEqual({ p: 3 / 12, why: "rolls" });
  });

  it("a goblin on an ogre: the ogre rolls at +6 (the goblin's -6 undone), 4 to 12 break: 9 in 12", () => {
    const ogre = c("o", { kind: "monster", size: "L", pummelLimbs: 1 });
    const r = d12.roundEndBreakChances({ round: 2, combatants: [ogre, goblins[0] as d12.D12Combatant], holds: [h({ id: "x", holderId: "g1", heldId: "o", part: "leg", sizeAdjustment: -6, holderSize: "S" })] }, o);
    expect(r.get("x")?.p).toBeCloseTo(9 / 12, 12);
  });

  it("T000-06's three goblins: 11 to beat at +2 while three hold, 10 once one is off, each roll summed over the ones before", () => {
    const holds = [goblinHold("g1", "leg"), goblinHold("g2", "arm"), goblinHold("g3", "body")];
    const r = d12.roundEndBreakChances({ round: 2, combatants: [fighter, ...goblins], holds }, o);
    // First: 9-12 of 12 = 1/3. Second: 1/3 * 5/12 (two left: 8-12) + 2/3 * 4/12 = 13/36.
    // Third: both held (4/9) -> 1/3; one or both broken (5/9) -> 5/12: 16/108 + 25/108 = 41/108.
    expect(r.get("g1h")?.p).toBeCloseTo(1 / 3, 12);
    expect(r.get("g2h")?.p).toBeCloseTo(13 / 36, 12);
    expect(r.get("g3h")?.p).toBeCloseTo(41 / 108, 12);
  });

  it("a hold made this round rolls nothing, but its holder still counts toward the three", () => {
    const holds = [goblinHold("g1", "leg"), goblinHold("g2", "arm"), { ...goblinHold("g3", "body"), roundGained: 2 }];
    const r = d12.roundEndBreakChances({ round: 2, combatants: [fighter, ...goblins], holds }, o);
    expect(r.get("g3h")).toEqual({ p: 0, why: "madeThisRound" });
    expect(r.get("g1h")?.p).toBeCloseTo(1 / 3, 12);
    expect(r.get("g2h")?.p).toBeCloseTo(13 / 36, 12);
  });

  it("a holder out cold lets go: no break, and the two others face 10", () => {
    const holds = [goblinHold("g1", "leg"), goblinHold("g2", "arm"), goblinHold("g3", "body")];
    const r = d12.roundEndBreakChances({ round: 2, combatants: [fighter, ...goblins], holds, ledgers: { g3: { maxHp: 5, actual: 0, temporary: 6 } } }, o);
    expect(r.get("g3h")).toEqual({ p: 0, why: "holderOut" });
    expect(r.get("g1h")?.p).toBeCloseTo(5 / 12, 12);
    expect(r.get("g2h")?.p).toBeCloseTo(5 / 12, 12);
  });

  it("a held creature out cold rolls nothing", () => {
    const r = d12.roundEndBreakChances({ round: 3, combatants: [fighter, ...goblins], holds: [goblinHold("g1", "arm")], ledgers: { f: { maxHp: 20, actual: 0, temporary: 22 } } }, o);
    expect(r.get("g1h")).toEqual({ p: 0, why: "heldOut" });
  });

  it("a stranglehold's 2d4 before the break: the roll comes only if the creature is still awake", () => {
    // 6 hit points, 2 temporary already: 2d4 of t is floor(t/2) actual and the rest temporary; out
    // once actual + temporary reaches 6, i.e. once 2d4 >= 4. 2d4 < 4 (2 or 3): 1/16 + 2/16 = 3/16.
    // The break then needs 10 on a plain d12 (3 in 12): 3/16 * 1/4 = 3/64.
    const s = h({ id: "s", holderId: "m", heldId: "f", part: "strangle" });
    const r = d12.roundEndBreakChances({ round: 3, combatants: [fighter, c("m")], holds: [s], ledgers: { f: { maxHp: 6, actual: 0, temporary: 2 } } }, o);
    expect(r.get("s")?.p).toBeCloseTo(3 / 64, 12);
    // Break first (option): the damage comes after, and the roll is the plain 3 in 12.
    const late = d12.roundEndBreakChances({ round: 3, combatants: [fighter, c("m")], holds: [s], ledgers: { f: { maxHp: 6, actual: 0, temporary: 2 } } }, { ...o, roundEndOrder: ["break", "strangle", "overbear"] });
    expect(late.get("s")?.p).toBeCloseTo(3 / 12, 12);
  });

  it("a hold a monster's grab made (issue 31): the monster's own figure, not 2d4, decides whether the break roll comes, whatever the part", () => {
    // 1d6+2 on 6 hit points with 2 temporary: t is floor(t/2) actual and the rest temporary, out
    // once the total reaches 4, i.e. on 2 to 6. Awake only on a 1 (3 damage): 1/6; then 10 on a
    // plain d12 (3 in 12): 1/6 * 1/4 = 1/24. (2d4 would have given 3/64; an arm hold nothing, 1/4.)
    const ledgers = { f: { maxHp: 6, actual: 0, temporary: 2 } };
    for (const part of ["strangle", "arm"] as const) {
      const g = h({ id: "g", holderId: "m", heldId: "f", part, roundDamage: { count: 1, sides: 6, bonus: 2 } });
      const r = d12.roundEndBreakChances({ round: 3, combatants: [fighter, c("m")], holds: [g], ledgers }, o);
      expect(r.get("g")?.p).toBeCloseTo(1 / 24, 12);
    }
  });

  it("the variant gives it to the shell by hold id", () => {
    const v = RULES_VARIANTS["d12-holds"] as NonNullable<(typeof RULES_VARIANTS)[string]>;
    const profile = (x: d12.D12Combatant) => {
      const { id, ...rest } = x;
      void id;
      return rest;
    };
    const hold = goblinHold("g1", "arm");
    const r = v.roundEndBreaks?.({ round: 2, participants: [fighter, goblins[0] as d12.D12Combatant].map((x) => ({ id: x.id, profile: profile(x) })), holds: [{ id: hold.id, heldId: "f", holderId: "g1", label: "WC.Part.arm", data: hold }], ledgers: {}, outOfMelee: [], overbear: [], timers: [] }, v.resolveOptions(undefined));
    expect(r?.[hold.id]?.p).toBeCloseTo(5 / 12, 12);
    expect(RULES_VARIANTS["grapple-die"]?.roundEndBreaks).toBeUndefined();
    expect(RULES_VARIANTS.percentile?.roundEndBreaks).toBeUndefined();
  });
});
