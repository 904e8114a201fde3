// Which attacks take hold by themselves (issue 31), read from each host's own data. The fixtures in
// fixtures/grabs/ are pack documents of the systems' repositories (see fixtures/README.md); every
// expected figure below is copied by hand from the pack text quoted beside it.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { GRAB_WORDS, applyGrabMarks, checkGrabOverrides, grabDiceText, grabsInForce, parseGrabDice, readGrabs } from "../../src/systems/index.ts";
import type { AttackGrab } from "../../src/systems/index.ts";

const fixture = (path: string): unknown => JSON.parse(readFileSync(`test/systems/fixtures/${path}`, "utf8"));
const grabs = (system: string, path: string) => readGrabs(system, fixture(path) as never);
const byName = (list: readonly AttackGrab[], name: string) => {
  const a = list.find((x) => x.name === name);
  if (!a) throw new Error(`no attack ${name} in ${list.map((x) => x.name).join(", ")}`);
  return a;
};

describe("dnd5e (foundryvtt/dnd5e@965ad2d packs/_source)", () => {
  it("2014 constrictor snake (monsters/beast/constrictor-snake.yml): Constrict grabs, escape DC 14 from its text; Bite does not", () => {
    // "The target is &Reference[grappled] (escape DC 14)."
    const list = grabs("dnd5e", "grabs/dnd5e-constrictor-snake.json");
    expect(byName(list, "Constrict").grab?.escape).toBe(14);
    expect(byName(list, "Constrict").source).toBe("sheet");
    expect(byName(list, "Bite").grab).toBeNull();
  });

  it("2014 giant crab (monsters/beast/giant-crab.yml): Claw grabs, escape DC 11", () => {
    // "it is &Reference[grappled] (escape DC 11). The crab has two claws"
    expect(byName(grabs("dnd5e", "grabs/dnd5e-giant-crab.json"), "Claw").grab?.escape).toBe(11);
  });

  it("2024 giant octopus (actors24/beast/giant-octopus.yml): Tentacles' attack activity applies the effect with status grappled; the DC is a lookup, left out", () => {
    // activity nWfAZlRGSlOZbasr effects [_id GyZrmzBP0NB8oRZI]; that effect's statuses [grappled, restrained];
    // "escape DC [[lookup @skills.ath.passive]]"
    const t = byName(grabs("dnd5e", "grabs/dnd5e-giant-octopus-2024.json"), "Tentacles");
    expect(t.grab).not.toBeNull();
    expect(t.grab?.escape).toBeUndefined();
    expect(t.grab?.reason.key).toBe("WC.Grab.dnd5eEffectFormula");
  });

  it("2024 constrictor snake (actors24/beast/constrictor-snake.yml): Constrict is a feat with a save activity applying Grappled; Bite does not grab", () => {
    // Constrict: type feat, activity IgOMjRxAt7UISkJq (type save) effects [Hd0Gy3wJtPfObERq], statuses [grappled]
    const list = grabs("dnd5e", "grabs/dnd5e-constrictor-snake-2024.json");
    expect(byName(list, "Constrict").grab).not.toBeNull();
    expect(byName(list, "Bite").grab).toBeNull();
  });

  it("a monster whose attacks do not grapple (monsters/beast/brown-bear.yml, lion.yml) has no grab", () => {
    for (const f of ["dnd5e/brown-bear.json", "dnd5e/lion.json", "dnd5e/goblin.json"]) {
      const list = grabs("dnd5e", f);
      expect(list.length).toBeGreaterThan(0);
      expect(list.filter((a) => a.grab !== null)).toEqual([]);
    }
  });

  it("the effect alone is not enough: an activity must apply it (the effect unlinked, the text without a DC, no grab)", () => {
    const data = fixture("grabs/dnd5e-giant-octopus-2024.json") as { items: Array<{ name: string; system: { activities: Record<string, { effects: unknown[] }> } }> };
    const t = data.items.find((i) => i.name === "Tentacles")!;
    for (const a of Object.values(t.system.activities)) a.effects = [];
    expect(byName(readGrabs("dnd5e", data as never), "Tentacles").grab).toBeNull();
  });
});

describe("Shadowdark (Muttley/foundryvtt-shadowdark@cf357e3 data/packs/monsters.db)", () => {
  it("Chuul: Pincer's damage.special is Grab; the Grab feature's '[[check 15 str]] on turn to break free' gives 15", () => {
    const p = byName(grabs("shadowdark", "grabs/shadowdark-chuul.json"), "Pincer");
    expect(p.grab?.escape).toBe(15);
    expect(p.grab?.damagePerRound).toBeUndefined();
  });

  it("Demon, Balor: Fire Whip grabs (DC 18, '[[/r 2d6]] damage per round held'); Greatsword (special Hellfire) does not", () => {
    const list = grabs("shadowdark", "grabs/shadowdark-demon-balor.json");
    expect(byName(list, "Fire Whip").grab).toMatchObject({ escape: 18, damagePerRound: { count: 2, sides: 6, bonus: 0 } });
    expect(byName(list, "Greatsword").grab).toBeNull();
  });

  it("Octopus, Giant: Tentacle grabs with DC 15", () => {
    expect(byName(grabs("shadowdark", "grabs/shadowdark-octopus-giant.json"), "Tentacle").grab?.escape).toBe(15);
  });

  it("Ogre and Troll of the same pack have no Grab", () => {
    for (const f of ["shadowdark/ogre.json", "shadowdark/troll.json"]) expect(grabs("shadowdark", f).filter((a) => a.grab)).toEqual([]);
  });
});

describe("OSE, ARS, adnd2e: the words propose, the GM decides", () => {
  it("OSE rock python (built on vttred/ose@e5b4a10's weapon model): Constrict is proposed with 2d4 a round, not in force", () => {
    const list = grabs("ose", "grabs/ose-rock-python.json");
    const c = byName(list, "Constrict");
    expect(c.grab).toBeNull();
    expect(c.proposal).toMatchObject({ damagePerRound: { count: 2, sides: 4, bonus: 0 }, reason: { key: "WC.Grab.proposedWords" } });
    expect(byName(list, "Bite").proposal).toBeNull();
    expect(byName(list, "Tail lash").proposal).toBeNull();
  });

  it("ARS giant constrictor (acks2-arsbase@171feb4 template): its specialAttacks propose one grab, 2d4 a round", () => {
    const [a] = grabs("ars", "grabs/ars-giant-constrictor.json");
    expect(a?.grab).toBeNull();
    expect(a?.proposal?.damagePerRound).toEqual({ count: 2, sides: 4, bonus: 0 });
  });

  it("adnd2e constrictor (creature schema, attacks[].special): Coils proposed, Bite not", () => {
    const list = grabs("adnd2e", "grabs/adnd2e-constrictor.json");
    expect(byName(list, "Coils").proposal?.damagePerRound).toEqual({ count: 2, sides: 4, bonus: 0 });
    expect(byName(list, "Bite").proposal).toBeNull();
  });

  it("the stock fixtures propose nothing: ARS giant spider (Poison), adnd2e ogre (Huge club), OSE grizzly bear", () => {
    expect(grabs("ars", "ars/giant-spider.json").filter((a) => a.proposal)).toEqual([]);
    expect(grabs("adnd2e", "adnd2e/ogre.json").filter((a) => a.proposal)).toEqual([]);
    expect(grabs("ose", "ose/grizzly-bear.json").filter((a) => a.proposal)).toEqual([]);
  });

  it("the named pattern takes whole words only", () => {
    expect(GRAB_WORDS.test("constricts its prey")).toBe(true);
    expect(GRAB_WORDS.test("a bear hug")).toBe(true);
    expect(GRAB_WORDS.test("household goods")).toBe(false);
    expect(GRAB_WORDS.test("bite")).toBe(false);
  });

  it("a system the layer cannot read gives no attacks", () => {
    expect(readGrabs("pf2e", { system: {} })).toEqual([]);
    expect(readGrabs("dnd5e", { system: {}, items: "nonsense" })).toEqual([]);
  });
});

describe("the GM's marks", () => {
  const python = () => grabs("ose", "grabs/ose-rock-python.json");

  it("true confirms a proposal (its figures kept), false clears a sheet mark, an object sets figures", () => {
    const set = applyGrabMarks(python(), { wcOsePyCoil00002: true, wcOsePyTail00003: { escape: 12 } });
    expect(byName(set, "Constrict")).toMatchObject({ source: "override", grab: { damagePerRound: { count: 2, sides: 4, bonus: 0 }, reason: { key: "WC.Grab.setByGm" } } });
    expect(byName(set, "Tail lash").grab).toMatchObject({ escape: 12 });
    expect(byName(set, "Bite").grab).toBeNull();
    const snake = applyGrabMarks(grabs("dnd5e", "grabs/dnd5e-constrictor-snake.json"), { haXdYCAfGXo0iVqC: false });
    expect(byName(snake, "Constrict")).toMatchObject({ grab: null, source: "override" });
  });

  it("bad marks are named and nothing is applied", () => {
    expect(() => applyGrabMarks(python(), { wcOsePyCoil00002: "yes" })).toThrow(/grabs\.wcOsePyCoil00002/);
    expect(() => applyGrabMarks(python(), { wcOsePyCoil00002: { escape: 0 } })).toThrow(/escape/);
    expect(() => applyGrabMarks(python(), { x: { damagePerRound: { count: 0, sides: 4, bonus: 0 } } })).toThrow(/damagePerRound/);
  });

  it("a stored mark's null figure is no figure (how a figure taken away is written)", () => {
    const set = applyGrabMarks(python(), { wcOsePyTail00003: { escape: null, damagePerRound: { count: 1, sides: 6, bonus: 0 } } });
    expect(byName(set, "Tail lash").grab).toMatchObject({ damagePerRound: { count: 1, sides: 6, bonus: 0 } });
    expect(byName(set, "Tail lash").grab?.escape).toBeUndefined();
  });

  it("a key that would nest in a flag, a field that is no figure, or too many marks: refused", () => {
    expect(() => checkGrabOverrides({ "attacks.0": true })).toThrow(/no attack key/);
    expect(() => checkGrabOverrides({ x: { escape: 10, onHit: "alert" } })).toThrow(/grabs\.x/);
    expect(() => checkGrabOverrides(Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`k${i}`, true])))).toThrow(/more than 100/);
    expect(checkGrabOverrides(Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, true])))).toBeTruthy();
  });

  it("adnd2e's text attacks are keyed without dots (a dot would nest the flag's key)", () => {
    expect(grabs("adnd2e", "grabs/adnd2e-constrictor.json").map((a) => a.key)).toEqual(["attacks-0", "attacks-1"]);
  });

  it("grabsInForce: only the marks in force, with whose they are; a proposal is not among them", () => {
    const list = applyGrabMarks(python(), { wcOsePyTail00003: { escape: 12 } });
    expect(grabsInForce(list)).toEqual([{ key: "wcOsePyTail00003", name: "Tail lash", escape: 12, source: "gm", reason: { key: "WC.Grab.setByGm", params: { name: "Tail lash" } } }]);
    // dnd5e 2014 Constrict: "grappled (escape DC 14)"
    expect(grabsInForce(grabs("dnd5e", "grabs/dnd5e-constrictor-snake.json"))).toMatchObject([{ name: "Constrict", escape: 14, source: "sheet" }]);
  });
});

describe("dice the GM types for damage each round", () => {
  it("reads the whole text as dice, and writes them back the same", () => {
    expect(parseGrabDice("2d4")).toEqual({ count: 2, sides: 4, bonus: 0 });
    expect(parseGrabDice(" d6 + 1 ")).toEqual({ count: 1, sides: 6, bonus: 1 });
    expect(parseGrabDice("1D8-2")).toEqual({ count: 1, sides: 8, bonus: -2 });
    for (const bad of ["lots", "2d4 fire", "0d6", "21d6", "2d0", "2d101", "", "d"]) expect(parseGrabDice(bad)).toBeUndefined();
    for (const t of ["2d4", "1d6+1", "2d8-2"]) expect(grabDiceText(parseGrabDice(t)!)).toBe(t);
  });
});

