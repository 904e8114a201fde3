// What the host systems really store (issue 19), case by case: the fields each reader used to
// read that no system writes, and the values a sheet holds that cannot be used. Each expectation
// comes from the system's own code (cited in src/systems/<system>.ts) or the source text quoted.
import { readFileSync } from "node:fs";
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
  it("a cloak's plus takes the best ring's place, as ARS's cloak branch does; none over magic armour", () => {
    const cloak = worn("Cloak of Protection +1", "cloak", 10, 1);
    expect(protection(cloak)).toBe(1);
    expect(protection(worn("Leather Armor", "armor", 8), cloak)).toBe(1);
    expect(protection(worn("Chain Mail", "armor", 5), cloak)).toBe(1);
    expect(protection(worn("Shield", "shield", 1), cloak)).toBe(1);
    expect(protection(worn("Leather Armor +1", "armor", 8, 1, true), cloak)).toBe(0);
    // In item order: a ring +2, then a cloak +1, leaves the cloak's 1; the other way round, 2.
    expect(protection(worn("Ring of Protection +2", "ring", 10, 2), cloak)).toBe(1);
    expect(protection(cloak, worn("Ring of Protection +2", "ring", 10, 2))).toBe(2);
  });
  it("the AC follows: leather 8, ring +2 then cloak +1 worn, Dex 10: 8 - 1 = 7", () => {
    expect(read("ars", actor(worn("Leather Armor", "armor", 8), worn("Ring of Protection +2", "ring", 10, 2), worn("Cloak of Protection +1", "cloak", 10, 1)), "grapple-die").profile.ac).toBe(7);
  });
  it("live and export agree: leather, Ring of Protection +1, Cloak +2, Dex 15: protection 2, AC 5 as ARS shows it", () => {
    // ARS _prepareArmorClass: armor 8, ring -(2) (the cloak's plus in the ring's place), cloak 0,
    // other 0, dex -1: normal 8 - 2 - 1 = 5.
    const items = [worn("Leather Armor", "armor", 8), worn("Ring of Protection +1", "ring", 10, 1), worn("Cloak of Protection +2", "cloak", 10, 2)];
    const base = { type: "character", system: { attributes: { ac: { value: 10 } }, abilities: { dex: { value: 15 } } }, items };
    const exported = { ...base, _stats: { systemId: "ars" } };
    const live = { ...base, system: { ...base.system, abilities: { dex: { value: 15, defensive: -1 } }, armorClass: { armor: 8, shield: 0, ring: -2, cloak: 0, other: 0, dex: -1, normal: 5 } } };
    for (const [data, prepared] of [[exported, false], [live, true]] as const) {
      const r = read("ars", data, "d12-holds", { prepared });
      expect(r.profile.magicProtection, prepared ? "live" : "export").toBe(2);
      expect(r.profile.normalAc, prepared ? "live" : "export").toBe(5);
    }
  });
});

describe("OSE: a monster's attacks are its weapon items", () => {
  const weapon = (name: string, damage: string, count: number, pattern = "transparent", melee = true) => ({ name, type: "weapon", system: { damage, counter: { value: count, max: count }, pattern, melee, missile: !melee } });
  const monster = (...items: unknown[]) => ({ type: "monster", system: { hp: { hd: "3" }, attacks: "9 × bite (1d12)" }, items, _stats: { systemId: "ose" } });

  it("counts each weapon's counter.max in the best pattern, never the template's attacks text", () => {
    const r = read("ose", monster(weapon("Claw", "1d4", 2, "red"), weapon("Bite", "1d6", 1, "red"), weapon("Weapon", "1d8", 1, "blue")), "grapple-die");
    // OSE lists a monster's weapons by name: Bite (1d6) before Claw.
    expect(r.profile.readiedAttack).toMatchObject({ kind: "natural", damage: { count: 1, sides: 6 } });
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

describe("issue 28: each host read as it computes its own sheet", () => {
  const file = (system: string, name: string): Record<string, unknown> => JSON.parse(readFileSync(`test/systems/fixtures/${system}/${name}`, "utf8")) as Record<string, unknown>;

  it("dnd5e live: unattuned Demon Armor gives no +1 and an unattuned Cloak of Protection nothing (ac.value as dnd5e prepared it, 22)", () => {
    // The same actor as akra-unattuned.json, prepared: dnd5e's own ac.value 22 in place.
    const akra = file("dnd5e", "akra-unattuned.json");
    const sys = akra.system as { attributes: { ac: Record<string, unknown> } };
    const live: Record<string, unknown> = { ...akra, _stats: undefined, system: { ...sys, attributes: { ...sys.attributes, ac: { ...sys.attributes.ac, value: 22 } } } };
    const r = read("dnd5e", live, "d12-holds", { prepared: true });
    expect(r.profile.armor).toEqual({ type: "plate", plus: 0 });
    expect(r.profile.magicProtection).toBe(0);
    expect(r.profile.normalAc).toBe(-2);
    // Attuned, the same items give their magic: armour +1, the cloak's +1 (by its name, as a live item hands over no effects).
    const attuned = { ...live, items: (live.items as Array<{ name: string; system: Record<string, unknown> }>).map((i) => (i.name === "Demon Armor" || i.name === "Cloak of Protection" ? { ...i, system: { ...i.system, attuned: true } } : i)) };
    const a = read("dnd5e", attuned, "d12-holds", { prepared: true });
    expect(a.profile.armor).toEqual({ type: "plate", plus: 1 });
    expect(a.profile.magicProtection).toBe(1);
  });

  it("dnd5e: a challenge rating of 1e300 is set aside, the reason naming it, not read as THAC0 11", () => {
    const ogre = file("dnd5e", "ogre.json");
    const sys = ogre.system as { details: Record<string, unknown> };
    const r = read("dnd5e", { ...ogre, system: { ...sys, details: { ...sys.details, cr: 1e300 } } }, "grapple-die");
    expect(r.sources.toHit).toBe("default");
    expect(r.reasons.toHit).toMatchObject({ key: "WC.Fill.sheetOutOfRange", params: { path: "system.details.cr", value: 1e300, min: 0, max: 30 } });
    // 7 HD (7d10 + 21): THAC0 13 on the monster table, not 20 - 9 = 11.
    expect(r.profile.toHit).toEqual({ kind: "thac0", thac0: 13 });
  });

  it("adnd2e: 10^15 XP is set aside, the reason naming it, not clamped to level 40 and THAC0 -10", () => {
    const warrior = file("adnd2e", "warrior-18-91.json");
    const items = (warrior.items as Array<{ type: string; system: Record<string, unknown> }>).map((i) => (i.type === "class" ? { ...i, system: { ...i.system, xp: 1e15 } } : i));
    const r = read("adnd2e", { ...warrior, items }, "grapple-die");
    expect(r.sources.hitDice).toBe("default");
    expect(r.sources.toHit).toBe("default");
    expect(r.reasons.toHit).toMatchObject({ key: "WC.Fill.sheetOutOfRange", params: { path: "items[Fighter].system.xp", value: 1e15, min: 0 } });
    expect(r.profile.toHit).not.toEqual({ kind: "thac0", thac0: -10 });
    expect(r.profile.hitDice).not.toBe(40);
  });
});

describe("issue 28: Shadowdark and DCC", () => {
  const file = (system: string, name: string): Record<string, unknown> => JSON.parse(readFileSync(`test/systems/fixtures/${system}/${name}`, "utf8")) as Record<string, unknown>;

  it("dnd5e: unattuned Gauntlets of Ogre Power leave Strength at the sheet's 16", () => {
    const r = file("dnd5e", "randal-ogre-gauntlets.json");
    const items = (r.items as Array<{ name: string; system: Record<string, unknown> }>).map((i) => (i.name === "Gauntlets of Ogre Power" ? { ...i, system: { ...i.system, attuned: false } } : i));
    expect(read("dnd5e", { ...r, items }).profile.strength).toEqual({ score: 16 });
  });

  it("Shadowdark live: a player's prepared AC is read as it stands (15 is descending 5)", () => {
    const jorbin = file("shadowdark", "jorbin-dwarf-fighter.json");
    const sys = jorbin.system as { attributes: Record<string, unknown> };
    // A live AC of 17 (an effect the export does not follow) is read, not worked out again.
    const live = { ...jorbin, _stats: undefined, system: { ...sys, attributes: { ...sys.attributes, ac: { value: 17 } } } };
    expect(read("shadowdark", live, "grapple-die", { prepared: true }).profile.ac).toBe(3);
    expect(read("shadowdark", jorbin, "grapple-die").profile.ac).toBe(5);
  });

  it("Shadowdark: a monster's special move is no move, said so; an unknown class is filled in", () => {
    const ogre = file("shadowdark", "ogre.json");
    const r = read("shadowdark", { ...ogre, system: { ...(ogre.system as object), move: "special" } });
    expect(r.sources.movement).toBe("default");
    expect(r.reasons.movement).toMatchObject({ key: "WC.Fill.sheetUnreadText", params: { path: "system.move", value: "special" } });
    const pc = file("shadowdark", "ralina-halfling-thief.json");
    expect(read("shadowdark", { ...pc, system: { ...(pc.system as object), class: "Item.homebrew00000001" } }, "percentile").sources.classGroup).toBe("default");
  });

  it("Shadowdark: an older export's scores under `base` are read (Str 15, Dex 17)", () => {
    const r = read("shadowdark", { type: "Player", system: { abilities: { str: { base: 15 }, dex: { base: 17 } } }, items: [], _stats: { systemId: "shadowdark" } }, "percentile");
    expect([r.profile.strength, r.profile.dexterity]).toEqual([{ score: 15 }, 17]);
  });

  it("DCC: action dice are attacks a round", async () => {
    const { actionCount } = await import("../../src/systems/dcc.ts");
    expect([actionCount("1d20"), actionCount("1d20,1d14"), actionCount("1d20+1d16"), actionCount("2d20"), actionCount("none")]).toEqual([1, 2, 2, 2, undefined]);
  });

  it("DCC: an NPC's AC 999 is set aside, the reason naming it", () => {
    const orc = file("dcc", "orc.json");
    const sys = orc.system as { attributes: Record<string, unknown> };
    const r = read("dcc", { ...orc, system: { ...sys, attributes: { ...sys.attributes, ac: { value: 999 } } } }, "grapple-die");
    expect(r.sources.ac).toBe("default");
    expect(r.reasons.ac).toMatchObject({ key: "WC.Fill.sheetOutOfRange", params: { path: "system.attributes.ac.value", value: 999 } });
  });
});
