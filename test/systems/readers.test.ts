// What the host systems really store (issue 19), case by case: the fields each reader used to
// read that no system writes, and the values a sheet holds that cannot be used. Each expectation
// comes from the system's own code (cited in src/systems/<system>.ts) or the source text quoted.
import { describe, expect, it } from "vitest";
import { SYSTEMS, readCreature } from "../../src/systems/index.ts";
import { multiattackCount, parseAttacks, parseMovement } from "../../src/systems/parse.ts";

const read = (system: string, data: unknown, variant: "d12-holds" | "grapple-die" | "percentile" = "d12-holds", settings = {}) => readCreature(data, { system: SYSTEMS[system]!, variant, settings });

describe("ARS: the level is the class items' advancement entries", () => {
  const ars = (items: unknown[], system: Record<string, unknown> = {}) => ({ type: "character", system: { attributes: { level: { value: 1 } }, ...system }, items, _stats: { systemId: "ars" } });
  const cls = (name: string, levels: number) => ({ name, type: "class", system: { advancement: Array.from({ length: levels }, (_v, i) => ({ level: i + 1, hp: 5 })) } });

  it("seven entries on a fighter item are level 7, whatever the template's attributes.level.value says", () => {
    const r = read("ars", ars([cls("Fighter", 7)]), "grapple-die");
    expect(r.profile.hitDice).toBe(7);
    expect(r.reasons.hitDice?.key).toBe("WC.Fill.levelFromAdvancement");
  });

  it("the highest over the class items; a prepared actor's rank.levels.max wins", () => {
    expect(read("ars", ars([cls("Cleric", 3), cls("Fighter", 5)]), "grapple-die").profile.hitDice).toBe(5);
    expect(read("ars", ars([cls("Fighter", 5)], { rank: { levels: { max: 6 } } }), "grapple-die", { prepared: true }).profile.hitDice).toBe(6);
    // An export's stale rank (it holds none in truth) is not read.
    expect(read("ars", ars([cls("Fighter", 5)], { rank: { levels: { max: 6 } } }), "grapple-die").profile.hitDice).toBe(5);
  });

  it("a monk's level is its monk class's, not the character's", () => {
    expect(read("ars", ars([cls("Monk", 4), cls("Thief", 6)])).profile.monkLevel).toBe(4);
  });

  it("no class item: level 1 filled in, said so", () => {
    const r = read("ars", ars([]), "grapple-die");
    expect(r.profile.hitDice).toBe(1);
    expect(r.sources.hitDice).toBe("default");
  });
});

describe("ARS: rings and cloaks of protection as ARS counts them", () => {
  const worn = (name: string, type: string, ac: number, modifier = 0, magic = false) => ({ name, type: "armor", system: { protection: { type, ac, modifier }, location: { state: "equipped" }, attributes: { magic } } });
  const actor = (...items: unknown[]) => ({ type: "character", system: { attributes: { ac: { value: 10 } }, abilities: { dex: { value: 10 } } }, items, _stats: { systemId: "ars" } });
  const protection = (...items: unknown[]) => read("ars", actor(...items)).profile.magicProtection;

  it("only the best ring counts: +1 and +2 give 2", () => {
    expect(protection(worn("Ring of Protection +1", "ring", 10, 1), worn("Ring of Protection +2", "ring", 10, 2))).toBe(2);
  });
  it("no ring counts over magic armour", () => {
    expect(protection(worn("Chain Mail +1", "armor", 5, 1, true), worn("Ring of Protection +2", "ring", 10, 2))).toBe(0);
  });
  it("a cloak counts over leather or no armour, not over chain, not with a shield, not over magic armour", () => {
    const cloak = worn("Cloak of Protection +1", "cloak", 10, 1);
    expect(protection(cloak)).toBe(1);
    expect(protection(worn("Leather Armor", "armor", 8), cloak)).toBe(1);
    expect(protection(worn("Chain Mail", "armor", 5), cloak)).toBe(0);
    expect(protection(worn("Shield", "shield", 1), cloak)).toBe(0);
    expect(protection(worn("Leather Armor +1", "armor", 8, 1, true), cloak)).toBe(0);
  });
  it("the AC follows: leather 8, ring +2 and cloak +1 worn, Dex 10: 8 - 3 = 5", () => {
    expect(read("ars", actor(worn("Leather Armor", "armor", 8), worn("Ring of Protection +2", "ring", 10, 2), worn("Cloak of Protection +1", "cloak", 10, 1)), "grapple-die").profile.ac).toBe(5);
  });
});

describe("OSE: a monster's attacks are its weapon items", () => {
  const weapon = (name: string, damage: string, count: number, pattern = "transparent", melee = true) => ({ name, type: "weapon", system: { damage, counter: { value: count, max: count }, pattern, melee, missile: !melee } });
  const monster = (...items: unknown[]) => ({ type: "monster", system: { hp: { hd: "3" }, attacks: "9 × bite (1d12)" }, items, _stats: { systemId: "ose" } });

  it("counts each weapon's counter.max in the best pattern, never the template's attacks text", () => {
    const r = read("ose", monster(weapon("Claw", "1d4", 2, "red"), weapon("Bite", "1d6", 1, "red"), weapon("Weapon", "1d8", 1, "blue")), "grapple-die");
    expect(r.profile.readiedAttack).toMatchObject({ kind: "natural", damage: { count: 1, sides: 4 } });
    expect(read("ose", monster(weapon("Claw", "1d4", 2, "red"), weapon("Bite", "1d6", 1, "red"), weapon("Weapon", "1d8", 1, "blue"))).profile.attacksPerRound).toBe(3);
  });
  it("leaves out missile weapons (a thrown rock is no melee attack)", () => {
    expect(read("ose", monster(weapon("Claw", "1d4", 2, "red"), weapon("Rock", "1d6", 1, "blue", false))).profile.attacksPerRound).toBe(2);
  });
  it("a weapon whose count was never set strikes once", () => {
    expect(read("ose", monster(weapon("Tentacle", "1d6", 0))).profile.attacksPerRound).toBe(1);
  });
  it("999 a round is not used, and the reason names it", () => {
    const r = read("ose", monster(weapon("Claw", "1d4", 999)));
    expect(r.profile.attacksPerRound).toBe(1);
    expect(r.reasons.attacksPerRound).toMatchObject({ key: "WC.Fill.sheetOutOfRange", params: { value: 999, min: 1, max: 20 } });
  });
  it("no weapons at all: one attack a round and no damage, both filled in", () => {
    const r = read("ose", monster(), "grapple-die");
    expect(r.sources.readiedAttack).toBe("default");
  });
});

describe("dnd5e: Multiattack's count", () => {
  it.each([
    // SRD 5.1 (the compendium's own words, enrichers as their labels).
    ["The troll makes three attacks: one with its [[/item .R7Dp]]{bite} and two with its [[/item .ahGw]]{claws}.", 3],
    ["The dragon can use its [[/item .ftq]]{Frightful Presence}. It then makes three attacks: one with its bite and two with its claws.", 3],
    ["The knight makes two melee attacks.", 2],
    ["The vampire makes two attacks, only one of which can be a bite attack.", 2],
    ["The roper makes four attacks with its tendrils, uses Reel, and makes one attack with its bite.", 5],
    ["The medusa makes either three melee attacks - one with its snake hair and two with its shortsword - or two ranged attacks with its longbow.", 3],
    ["The marilith can make seven attacks: six with its longswords and one with its tail.", 7],
    // SRD 5.2 phrasing.
    ["The [[lookup @name lowercase]]{monster} makes one [[/item Bite]] attack and two [[/item Tentacle]] attacks.", 3],
    ["The [[lookup @name lowercase]]{monster} makes three [[/item .mmRend0000000000]] attacks. It can replace one attack with a use of Spellcasting.", 3],
  ])("%s -> %d", (text, n) => expect(multiattackCount(`<p>${text}</p>`)).toBe(n));

  it.each(["The hydra makes as many bite attacks as it has heads.", "The fungus makes 1d4 Rotting Touch attacks."])("%s gives no fixed number", (text) => {
    expect(multiattackCount(text)).toBeUndefined();
  });

  it("a monster whose Multiattack gives no number: one attack a round, filled in with its text", () => {
    const hydra = { type: "npc", system: {}, items: [{ name: "Multiattack", type: "feat", system: { description: { value: "<p>The hydra makes as many bite attacks as it has heads.</p>" } } }, { name: "Bite", type: "weapon", system: { type: { value: "natural" } } }], _stats: { systemId: "dnd5e" } };
    const r = read("dnd5e", hydra);
    expect(r.profile.attacksPerRound).toBe(1);
    expect(r.sources.attacksPerRound).toBe("default");
    expect(r.reasons.attacksPerRound?.key).toBe("WC.Fill.multiattackUnread");
  });
});

describe("adnd2e creatures: the save in use", () => {
  const creature = (saves: unknown, extra: Record<string, unknown> = {}) => ({ type: "creature", system: { saves, ...extra }, items: [], _stats: { systemId: "adnd2e" } });
  const twenty = { ppd: 20, rsw: 20, pp: 20, bw: 20, spell: 20 };

  it("'as class' saves from the class table (warrior 7: breath 12), not the unused explicit 20", () => {
    expect(read("adnd2e", creature({ mode: "asClass", explicit: twenty, asClass: { group: "warrior", level: 7 }, effective: twenty }), "grapple-die").profile.saveVsBreath).toBe(12);
  });
  it("explicit saves are the explicit ones; a prepared actor's saves.effective is read as it stands", () => {
    expect(read("adnd2e", creature({ mode: "explicit", explicit: { ...twenty, bw: 14 }, asClass: { group: "", level: 1 }, effective: twenty }), "grapple-die").profile.saveVsBreath).toBe(14);
    expect(read("adnd2e", creature({ mode: "asClass", explicit: twenty, asClass: { group: "priest", level: 4 }, effective: { ...twenty, bw: 15 } }), "grapple-die", { prepared: true }).profile.saveVsBreath).toBe(15);
  });
  it("thac0.asFighterLevel gives the warrior table's THAC0 (level 9: 12)", () => {
    expect(read("adnd2e", creature({ mode: "explicit", explicit: twenty }, { attributes: { thac0: { value: 20, asFighterLevel: 9 } } })).profile.toHit).toEqual({ kind: "thac0", thac0: 12 });
  });
});

describe("values a sheet holds that cannot be used", () => {
  it("parse: a negative rate is no rate; a count past 20 is given as it is, for the reader to refuse", () => {
    expect(parseMovement("-120")).toBeUndefined();
    expect(parseMovement("−12\"")).toBeUndefined();
    expect(parseAttacks("999 claws")).toBe(999);
  });

  it.each([
    ["ose", { type: "monster", system: { movement: { base: -120 } } }, "system.movement.base"],
    ["ars", { type: "npc", system: { movement: "-90'" } }, "system.movement"],
    ["adnd2e", { type: "creature", system: { attributes: { movement: { land: -6 } } } }, "system.attributes.movement.land"],
  ])("%s: negative movement is not read as positive; the reason gives the sheet's value", (system, data, path) => {
    const r = read(system, { ...data, items: [], _stats: { systemId: system } });
    expect(r.profile.movement).toBe(12);
    expect(r.sources.movement).toBe("default");
    expect(r.reasons.movement).toMatchObject({ key: "WC.Fill.sheetOutOfRange", params: { path } });
  });

  it.each([
    ["ars", { type: "character", system: { abilities: { str: { value: 250 } } } }, "percentile", "strength", 250],
    ["ose", { type: "monster", system: { hp: { hd: "-3" } } }, "grapple-die", "hitDice", "-3"],
    ["adnd2e", { type: "creature", system: { attributes: { ac: { value: 999 } } } }, "grapple-die", "ac", 999],
    ["ars", { type: "npc", system: { numberAttacks: "999 claws" } }, "d12-holds", "attacksPerRound", "999 claws"],
    ["dnd5e", { type: "npc", system: { abilities: { str: { value: 250 } } } }, "percentile", "strength", 250],
  ] as const)("%s: %o -> %s is a default whose reason names the sheet's %s", (system, data, variant, field, value) => {
    const r = read(system, { ...data, items: [], _stats: { systemId: system } }, variant);
    expect(r.sources[field]).toBe("default");
    expect(r.reasons[field]).toMatchObject({ key: "WC.Fill.sheetOutOfRange", params: { value } });
  });

  it("dnd5e's own range runs to 30: a Str 27 dragon reads as 25, said so", () => {
    const r = read("dnd5e", { type: "npc", system: { abilities: { str: { value: 27 } } }, items: [], _stats: { systemId: "dnd5e" } }, "percentile");
    expect(r.profile.strength).toEqual({ score: 25 });
    expect(r.reasons.strength).toMatchObject({ key: "WC.Fill.scoreAtTableTop", params: { value: 27, max: 25 } });
  });
});
