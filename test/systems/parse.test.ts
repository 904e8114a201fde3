// The stat-block text readers and the armour guesses, on the forms old-school sheets write.
import { describe, expect, it } from "vitest";
import { dexDefense, bxModifier, kindFromAc, kindFromName, plusFromName, protectionPlus } from "../../src/systems/armor.ts";
import { classGroupFromName } from "../../src/systems/classes.ts";
import { sizeFromToken, sizeFromWord, thac0FromHitDice } from "../../src/systems/fill.ts";
import { intelligenceFromScore, multiattackCount, parseAttacks, parseDamage, parseHeight, parseHitDice, parseIntelligence, parseMovement, parseStrength, parseWeight } from "../../src/systems/parse.ts";

describe("hit dice", () => {
  it.each([
    ["3+3", { dice: 3, adjustment: 3 }],
    ["1-1", { dice: 1, adjustment: -1 }],
    ["1−1", { dice: 1, adjustment: -1 }],
    ["2d8+2", { dice: 2, adjustment: 2 }],
    ["13d10 + 39", { dice: 13, adjustment: 39 }],
    ["1d8", { dice: 1, adjustment: 0 }],
    ["4", { dice: 4, adjustment: 0 }],
    ["5*", { dice: 5, adjustment: 0 }],
    ["½", { dice: 0, adjustment: 0 }],
    ["1/2", { dice: 0, adjustment: 0 }],
  ])("%s", (text, want) => expect(parseHitDice(text)).toEqual(want));
  it.each(["", "lots", "3++3", "d8"])("%j is not read", (t) => expect(parseHitDice(t)).toBeUndefined());
});

describe("attacks per round", () => {
  it.each([
    ["2 claws/1 bite", 3],
    ["claw/claw/bite", 3],
    ["1 × weapon (1d8)", 1],
    ["2 × claw (1d3), 1 × bite (1d6)", 3],
    ["3", 3],
    ["1 bite", 1],
    ["2 fists or 1 weapon", 2],
    ["two claws and one bite", 3],
  ])("%s: %d", (text, n) => expect(parseAttacks(text)).toBe(n));
  it.each(["", "  ", "()"])("%j is not read", (t) => expect(parseAttacks(t)).toBeUndefined());
});

describe("damage", () => {
  it.each([
    ["1d8", { count: 1, sides: 8, bonus: 0 }],
    ["2d4+1", { count: 2, sides: 4, bonus: 1 }],
    ["1d4 + 4/1d4 + 4/2d6", { count: 1, sides: 4, bonus: 4 }],
    ["1 × bite (1d3 + disease)", { count: 1, sides: 3, bonus: 0 }],
    ["d6", { count: 1, sides: 6, bonus: 0 }],
  ])("%s", (t, want) => expect(parseDamage(t)).toEqual(want));
  it("no dice: not read", () => expect(parseDamage("by weapon")).toBeUndefined());
});

describe("Strength", () => {
  it.each([
    ["18/76", { score: 18, exceptional: 76 }],
    ["18/00", { score: 18, exceptional: 100 }],
    ["18/05", { score: 18, exceptional: 5 }],
    ["17", { score: 17 }],
    ["19", { score: 19 }],
    ["17/50", { score: 17 }],
  ])("%s", (t, want) => expect(parseStrength(t)).toEqual(want));
  it.each(["strong", "0", "30"])("%s is not read", (t) => expect(parseStrength(t)).toBeUndefined());
});

describe("height and weight", () => {
  it.each([
    [`5'10"`, 70],
    ["5'10", 70],
    ["5' 10\"", 70],
    ["6'", 72],
    ["5 ft 10 in", 70],
    ["70 in", 70],
    ["180 cm", 71],
    ["1.8 m", 71],
    ["6", 72],
    ["66", 66],
  ])("height %s = %d in", (t, n) => expect(parseHeight(t)).toBe(n));
  it.each([
    ["150 lb", 150],
    ["150", 150],
    ["1,200 lbs.", 1200],
    ["68 kg", 150],
    ["2 tons", 4000],
  ])("weight %s = %d lb", (t, n) => expect(parseWeight(t)).toBe(n));
  it.each(["tall", "", "0"])("%j is not a height", (t) => expect(parseHeight(t)).toBeUndefined());
  it.each(["heavy", "-5 lb"])("%j is not a weight", (t) => expect(parseWeight(t)).toBeUndefined());
});

describe("movement", () => {
  it.each([
    [`9"`, 9],
    [`12"/24"`, 12],
    ["120' (40')", 12],
    ["90 ft", 9],
    ["12", 12],
    ["60", 6],
  ])("%s = %d\"", (t, n) => expect(parseMovement(t)).toBe(n));
  it("no number: not read", () => expect(parseMovement("fast")).toBeUndefined());
});

describe("Intelligence", () => {
  it.each([
    ["Average (8-10)", "average"],
    ["Low", "low"],
    ["Semi- (2-4)", "semi"],
    ["Non-", "non"],
    ["Supra-genius", "supra"],
    ["Godlike", "godlike"],
    ["12", "very"],
  ])("%s", (t, band) => expect(parseIntelligence(t)).toBe(band));
  it.each([
    [0, "non"], [1, "animal"], [3, "semi"], [6, "low"], [9, "average"], [12, "very"], [14, "high"], [16, "exceptional"], [18, "genius"], [20, "supra"], [21, "godlike"],
  ])("score %d is %s", (n, band) => expect(intelligenceFromScore(n)).toBe(band));
  it("unknown word: not read", () => expect(parseIntelligence("clever")).toBeUndefined());
});

describe("armour", () => {
  it.each([
    ["Plate Mail", "plate"], ["Field Plate", "plate"], ["Banded Mail", "banded"], ["Splint Mail", "splint"], ["Chain Mail +1", "chain"], ["Elven chain", "chain"],
    ["Scale mail", "scale"], ["Hide Armor", "scale"], ["Ring Mail", "ring"], ["Studded Leather", "studded"], ["Leather armour", "leather"], ["Padded Armor", "padded"],
  ])("%s is %s", (name, kind) => expect(kindFromName(name)).toBe(kind));
  it.each(["Shield +1", "Ring of Protection +1", "Cloak of Elvenkind", "Patchwork armour"])("%s names no armour kind", (name) => expect(kindFromName(name)).toBeUndefined());
  it.each([[8, "leather"], [7, "studded"], [6, "scale"], [5, "chain"], [4, "banded"], [3, "plate"], [1, "plate"]])("base AC %d is %s", (ac, kind) => expect(kindFromAc(ac)).toBe(kind));
  it("AC 9 or 10 is no armour kind", () => {
    expect(kindFromAc(9)).toBeUndefined();
    expect(kindFromAc(10)).toBeUndefined();
  });
  it.each([["Chain Mail +1", 1], ["Shield, +2", 2], ["Leather -1", -1], ["Plate Mail", undefined]])("plus in %s", (n, p) => expect(plusFromName(n)).toBe(p));
  it.each([["Ring of Protection +2", 2], ["Cloak of Protection", 1], ["Ring of Warmth", undefined]])("protection of %s", (n, p) => expect(protectionPlus(n)).toBe(p));
});

describe("ability tables", () => {
  it.each([[3, 4], [4, 3], [5, 2], [6, 1], [7, 0], [14, 0], [15, -1], [16, -2], [17, -3], [18, -4], [21, -5], [25, -6]])("AD&D Dex %d: %d", (s, adj) => expect(dexDefense(s)).toBe(adj));
  it.each([[3, -3], [5, -2], [8, -1], [12, 0], [13, 1], [16, 2], [18, 3]])("B/X modifier %d: %d", (s, m) => expect(bxModifier(s)).toBe(m));
  it.each([[0, 20], [1, 19], [2, 19], [3, 17], [4, 17], [7, 13], [16, 5], [30, 1]])("THAC0 of %d HD: %d", (hd, t) => expect(thac0FromHitDice(hd)).toBe(t));
});

describe("size", () => {
  it.each([["tiny", "S"], ["sm", "S"], ["medium", "M"], ["lg", "L"], ["huge", "VL"], ["grg", "VL"], ["gargantuan", "VL"]])("%s is %s", (w, s) => expect(sizeFromWord(w)).toBe(s));
  it.each([[0.25, "S"], [0.5, "S"], [1, "M"], [1.5, "M"], [2, "L"], [3, "VL"], [4, "VL"]])("a token %d squares across is %s", (n, s) => expect(sizeFromToken({ prototypeToken: { width: n, height: n } }, "x").value).toBe(s));
  it("no token: M, and the reason says so", () => expect(sizeFromToken({}, "OSE")).toEqual({ value: "M", source: "default", reason: { key: "WC.Fill.sizeNoToken", params: { why: "OSE" } } }));
});

describe("class groups", () => {
  it.each([["Fighter", "fighter"], ["Paladin", "fighter"], ["Magic-User", "magicUser"], ["mage", "magicUser"], ["Cleric", "cleric"], ["Monk", "cleric"], ["Thief", "thief"], ["Bard", "thief"]])("%s: %s", (n, g) => expect(classGroupFromName(n)?.group).toBe(g));
});

describe("dnd5e Multiattack, SRD 5.2 wording", () => {
  it.each([
    ["The troll makes one with its bite and two with its claws.", 3],
    ["It makes one attack with its bite and two with its claws.", 3],
    ["The dragon makes three attacks: one with its Bite and two with its Claws.", 3],
    ["The [[lookup @name lowercase]]{monster} makes one [[/item .mmBite0000000000]] attack and two [[/item .mmClaw0000000000]] attacks.", 3],
    ["The [[lookup @name lowercase]]{monster} makes three [[/item .mmRend0000000000]] attacks.", 3],
  ])("%s: %i", (text, n) => {
    expect(multiattackCount(text)).toBe(n);
  });
});
