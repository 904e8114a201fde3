// @vitest-environment happy-dom
// Which attacks grab, in the shell (issue 31): `grabsOf` on a live creature made from a host's own
// pack document reads as `grabsOfData` on the document itself (an Export Data file), the GM's
// marks apply, a proposal is not in force until confirmed, and a player cannot give their own
// creature a grab. Every expected figure is copied by hand from the fixture's own text (the host's
// repository, test/systems/fixtures/README.md), quoted beside it.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { GrabbingAttack } from "../../src/foundry/documents/grabs.ts";
import { attackMarksOf, grabOf, grabsOf, grabsOfData, writeGrabMarks } from "../../src/foundry/documents/grabs.ts";
import { registerHooks } from "../../src/foundry/hooks/index.ts";
import { openProfileForm } from "../../src/foundry/ui/profile-form.ts";
import type { FakeActor, FakeClient } from "../fake-foundry/world.ts";
import { FakeWorld } from "../fake-foundry/world.ts";
import { M } from "./setup.ts";

interface Export {
  _id?: string;
  name: string;
  type: string;
  system: Record<string, unknown>;
  items?: Array<{ _id?: string; name: string; type: string; system: Record<string, unknown>; effects?: Array<Record<string, unknown>> }>;
  flags?: Record<string, unknown>;
}

const fixture = (file: string): Export => JSON.parse(readFileSync(`test/systems/fixtures/grabs/${file}`, "utf8")) as Export;

function world(systemId: string, generation: 13 | 14 = 13) {
  const w = new FakeWorld({ generation });
  w.systemId = systemId;
  const gmUser = w.addUser("Gamemaster", true);
  const alice = w.addUser("Alice", false);
  const gm = w.connect(gmUser, () => registerHooks());
  const player = w.connect(alice, () => registerHooks());
  return { w, gm, player, alice };
}

function creature(w: FakeWorld, e: Export, ownership: Record<string, number> = {}): FakeActor {
  return w.addActor(e.name, e.system, ownership, { type: e.type, items: e.items ?? [] });
}

/** A grab without its reason (the reason's words are ours, not the fixture's). */
const noReason = (g: GrabbingAttack) => Object.fromEntries(Object.entries(g).filter(([k]) => k !== "reason"));

const live = (c: FakeClient, a: FakeActor) => c.run(() => grabsOf(a as never));

/**
 * Each host fixture, its system, and the grabs in force as its own text gives them. DCC has none:
 * foundryvtt-dcc/dcc ships no monsters in its repository (its packs hold effects, macros and the
 * user guide), so there is no host text of a grabbing DCC attack to test against.
 */
const HOSTS: ReadonlyArray<{ system: string; file: string; expected: unknown[] }> = [
  // dnd5e 2014 monsters/beast/constrictor-snake.yml, Constrict (haXdYCAfGXo0iVqC): "grappled (escape DC 14)"
  { system: "dnd5e", file: "dnd5e-constrictor-snake.json", expected: [{ key: "haXdYCAfGXo0iVqC", name: "Constrict", escape: 14, source: "sheet" }] },
  // dnd5e 2014 monsters/beast/giant-crab.yml, Claw (7qDtYuaBNQ3zOnBC): "grappled (escape DC 11)"
  { system: "dnd5e", file: "dnd5e-giant-crab.json", expected: [{ key: "7qDtYuaBNQ3zOnBC", name: "Claw", escape: 11, source: "sheet" }] },
  // dnd5e 2024 actors24/beast/giant-octopus.yml, Tentacles: its activity applies effect GyZrmzBP0NB8oRZI (statuses grappled);
  // the DC is "[[lookup @skills.ath.passive]]", no number
  { system: "dnd5e", file: "dnd5e-giant-octopus-2024.json", expected: [{ key: "mmTentacles00000", name: "Tentacles", source: "sheet" }] },
  // dnd5e 2024 actors24/beast/constrictor-snake.yml, Constrict: a save activity applying Hd0Gy3wJtPfObERq (grappled)
  { system: "dnd5e", file: "dnd5e-constrictor-snake-2024.json", expected: [{ key: "mmConstrict00000", name: "Constrict", source: "sheet" }] },
  // Shadowdark monsters.db Chuul: Pincer damage.special "Grab"; its Grab feature "[[check 15 str]] on turn to break free"
  { system: "shadowdark", file: "shadowdark-chuul.json", expected: [{ key: "bNEvi3nVdaTabKdY", name: "Pincer", escape: 15, source: "sheet" }] },
  // Demon, Balor: Fire Whip "Grab"; feature "[[check 18 str]] ... [[/r 2d6]] damage per round held"; Greatsword "Hellfire"
  { system: "shadowdark", file: "shadowdark-demon-balor.json", expected: [{ key: "VtKZ8tWdZuHKkEww", name: "Fire Whip", escape: 18, damagePerRound: { count: 2, sides: 6, bonus: 0 }, source: "sheet" }] },
  // Octopus, Giant: Tentacle "Grab", feature DC 15
  { system: "shadowdark", file: "shadowdark-octopus-giant.json", expected: [{ key: "nXiG81LG3vXKtmGa", name: "Tentacle", escape: 15, source: "sheet" }] },
  // OSE, ARS, adnd2e state no grab: their words only propose (not in force)
  { system: "ose", file: "ose-rock-python.json", expected: [] },
  { system: "ars", file: "ars-giant-constrictor.json", expected: [] },
  { system: "adnd2e", file: "adnd2e-constrictor.json", expected: [] },
];

describe("grabsOf: a live creature reads as its export", () => {
  for (const h of HOSTS) {
    it(`${h.system} ${h.file}`, () => {
      const { w, gm, player } = world(h.system);
      const e = fixture(h.file);
      const a = creature(w, e);
      const fromLive = live(gm, a);
      expect(fromLive.map(noReason)).toEqual(h.expected);
      expect(gm.run(() => grabsOfData(e))).toEqual(fromLive);
      // Every tab reads it alike (a player's tab too).
      expect(live(player, a)).toEqual(fromLive);
    });
  }

  it("an unlinked token's creature reads as the world's", () => {
    const { w, gm } = world("dnd5e");
    const a = creature(w, fixture("dnd5e-giant-octopus-2024.json"));
    const t = w.addToken(w.addScene(), a, { linked: false });
    expect(live(gm, t.actor)).toEqual(live(gm, a));
    expect(live(gm, t.actor)).toHaveLength(1);
  });

  it("grabOf finds one attack by its key; an attack that does not grab gives null", () => {
    const { w, gm } = world("dnd5e");
    const a = creature(w, fixture("dnd5e-constrictor-snake.json"));
    expect(gm.run(() => grabOf(a as never, "haXdYCAfGXo0iVqC"))?.escape).toBe(14);
    // Bite (hZOM2L6WMmk8QOfO): "Melee Weapon Attack ... Piercing damage", no grapple
    expect(gm.run(() => grabOf(a as never, "hZOM2L6WMmk8QOfO"))).toBeNull();
  });
});

/** Per host: one GM's mark, and the grabs in force after it, from the fixture's own words. */
const MARKED: ReadonlyArray<{ system: string; file: string; marks: Record<string, unknown>; expected: unknown[] }> = [
  // Constrict's sheet mark cleared
  { system: "dnd5e", file: "dnd5e-constrictor-snake.json", marks: { haXdYCAfGXo0iVqC: false }, expected: [] },
  // Claw's "escape DC 11" made 13 by the GM
  { system: "dnd5e", file: "dnd5e-giant-crab.json", marks: { "7qDtYuaBNQ3zOnBC": { escape: 13 } }, expected: [{ key: "7qDtYuaBNQ3zOnBC", name: "Claw", escape: 13, source: "gm" }] },
  // Tentacles' lookup DC given a number
  { system: "dnd5e", file: "dnd5e-giant-octopus-2024.json", marks: { mmTentacles00000: { escape: 16 } }, expected: [{ key: "mmTentacles00000", name: "Tentacles", escape: 16, source: "gm" }] },
  // Bite (no grapple in its data) marked; Constrict's own mark stays, in the sheet's order
  { system: "dnd5e", file: "dnd5e-constrictor-snake-2024.json", marks: { mmBite0000000000: true }, expected: [{ key: "mmBite0000000000", name: "Bite", source: "gm" }, { key: "mmConstrict00000", name: "Constrict", source: "sheet" }] },
  { system: "shadowdark", file: "shadowdark-chuul.json", marks: { bNEvi3nVdaTabKdY: false }, expected: [] },
  // Greatsword (special "Hellfire") marked; Fire Whip keeps DC 18 and 2d6 a round
  { system: "shadowdark", file: "shadowdark-demon-balor.json", marks: { "1F4Uh0Odo0ZQRywf": true }, expected: [{ key: "VtKZ8tWdZuHKkEww", name: "Fire Whip", escape: 18, damagePerRound: { count: 2, sides: 6, bonus: 0 }, source: "sheet" }, { key: "1F4Uh0Odo0ZQRywf", name: "Greatsword", source: "gm" }] },
  // The GM's mark replaces the sheet's whole: the DC 15 is not kept
  { system: "shadowdark", file: "shadowdark-octopus-giant.json", marks: { nXiG81LG3vXKtmGa: { damagePerRound: { count: 1, sides: 6, bonus: 0 } } }, expected: [{ key: "nXiG81LG3vXKtmGa", name: "Tentacle", damagePerRound: { count: 1, sides: 6, bonus: 0 }, source: "gm" }] },
  // Proposals confirmed: "2d4 damage each round" (OSE), "squeeze for 2d4 each round" (ARS specialAttacks), "Constricts: 2d4 per round" (adnd2e)
  { system: "ose", file: "ose-rock-python.json", marks: { wcOsePyCoil00002: true }, expected: [{ key: "wcOsePyCoil00002", name: "Constrict", damagePerRound: { count: 2, sides: 4, bonus: 0 }, source: "gm" }] },
  { system: "ars", file: "ars-giant-constrictor.json", marks: { system: true }, expected: [{ key: "system", name: "2 (1d4/2d4)", damagePerRound: { count: 2, sides: 4, bonus: 0 }, source: "gm" }] },
  { system: "adnd2e", file: "adnd2e-constrictor.json", marks: { "attacks-1": true }, expected: [{ key: "attacks-1", name: "Coils", damagePerRound: { count: 2, sides: 4, bonus: 0 }, source: "gm" }] },
];

describe("the GM's marks, per host: live and export agree", () => {
  for (const h of MARKED) {
    it(`${h.system} ${h.file}: ${JSON.stringify(h.marks)}`, async () => {
      const { w, gm } = world(h.system);
      const e = fixture(h.file);
      const a = creature(w, e);
      await gm.run(() => writeGrabMarks(a as never, h.marks as never));
      expect(live(gm, a).map(noReason)).toEqual(h.expected);
      // The same marks in an export's flags, as written by hand (no nulls), read the same.
      expect(gm.run(() => grabsOfData({ ...e, flags: { [M]: { grabs: h.marks } } })).map(noReason)).toEqual(h.expected);
    });
  }
});

describe("the GM's marks", () => {
  it("OSE rock python: Constrict's proposal (its words '2d4 damage each round') is in force once the GM confirms it; the export with the same flags agrees", async () => {
    const { w, gm } = world("ose");
    const e = fixture("ose-rock-python.json");
    const a = creature(w, e);
    expect(gm.run(() => attackMarksOf(a as never)).read.find((x) => x.key === "wcOsePyCoil00002")?.proposal?.damagePerRound).toEqual({ count: 2, sides: 4, bonus: 0 });
    expect(live(gm, a)).toEqual([]);
    await gm.run(() => writeGrabMarks(a as never, { wcOsePyCoil00002: true, wcOsePyTail00003: { escape: 12 } }));
    const now = live(gm, a);
    expect(now.map(noReason)).toEqual([
      { key: "wcOsePyCoil00002", name: "Constrict", damagePerRound: { count: 2, sides: 4, bonus: 0 }, source: "gm" },
      { key: "wcOsePyTail00003", name: "Tail lash", escape: 12, source: "gm" },
    ]);
    // The export of the creature now (Export Data keeps the flags) reads the same.
    expect(gm.run(() => grabsOfData({ ...e, flags: a.toObject().flags }))).toEqual(now);
  });

  it("a mark rewritten loses the figure taken away (an update merges objects); a mark cleared goes", async () => {
    const { w, gm } = world("ose");
    const a = creature(w, fixture("ose-rock-python.json"));
    await gm.run(() => writeGrabMarks(a as never, { wcOsePyTail00003: { escape: 12 } }));
    await gm.run(() => writeGrabMarks(a as never, { wcOsePyTail00003: { damagePerRound: { count: 1, sides: 6, bonus: 0 } } }));
    expect(live(gm, a)).toMatchObject([{ key: "wcOsePyTail00003", damagePerRound: { count: 1, sides: 6, bonus: 0 } }]);
    expect(live(gm, a)[0]?.escape).toBeUndefined();
    await gm.run(() => writeGrabMarks(a as never, {}));
    expect(live(gm, a)).toEqual([]);
    expect(Object.keys((a.getFlag(M, "grabs") as object | undefined) ?? {})).toEqual([]);
  });

  it("v14: a mark taken away is removed with the deletion operator, no deprecation", async () => {
    const { w, gm } = world("ose", 14);
    const a = creature(w, fixture("ose-rock-python.json"));
    await gm.run(() => writeGrabMarks(a as never, { wcOsePyCoil00002: true, wcOsePyTail00003: { escape: 12 } }));
    await gm.run(() => writeGrabMarks(a as never, { wcOsePyCoil00002: true }));
    expect(a.getFlag(M, "grabs")).toEqual({ wcOsePyCoil00002: true });
    expect(w.deprecations).toEqual([]);
  });

  it("false clears the sheet's mark (dnd5e 2014 Constrict)", async () => {
    const { w, gm } = world("dnd5e");
    const a = creature(w, fixture("dnd5e-constrictor-snake.json"));
    await gm.run(() => writeGrabMarks(a as never, { haXdYCAfGXo0iVqC: false }));
    expect(live(gm, a)).toEqual([]);
  });

  it("bad marks are refused with their name and nothing is written", async () => {
    const { w, gm } = world("ose");
    const a = creature(w, fixture("ose-rock-python.json"));
    const before = w.writes.length;
    await expect(gm.run(() => writeGrabMarks(a as never, { wcOsePyCoil00002: { escape: 99 } }))).rejects.toThrow(/grabs\.wcOsePyCoil00002\.escape/);
    await expect(gm.run(() => writeGrabMarks(a as never, { "attacks.0": true }))).rejects.toThrow(/no attack key/);
    expect(w.writes.length).toBe(before);
    expect(a.getFlag(M, "grabs")).toBeUndefined();
  });

  it("marks that are not marks (written by hand) are set aside whole, the GM told once", async () => {
    const { w, gm } = world("dnd5e");
    const a = creature(w, fixture("dnd5e-constrictor-snake.json"));
    await gm.run(() => a.update({ [`flags.${M}.grabs`]: { haXdYCAfGXo0iVqC: false, hZOM2L6WMmk8QOfO: "yes" } }));
    expect(gm.run(() => attackMarksOf(a as never)).state).toBe("bad");
    // The sheet's mark stands: the false beside the bad one is not taken either.
    expect(live(gm, a).map((g) => g.key)).toEqual(["haXdYCAfGXo0iVqC"]);
    live(gm, a);
    expect(gm.notifications.filter((n) => n.level === "warn" && n.message.includes("Constrictor Snake"))).toHaveLength(1);
  });
});

describe("a player's console cannot give their own creature a grab", () => {
  it("a player-owned creature: marks the player writes are set aside; the GM's (sealed) are believed; changed by the player, set aside again", async () => {
    const { w, gm, player, alice } = world("ose");
    const a = creature(w, fixture("ose-rock-python.json"), { [alice.id]: 3 });
    // The player writes a grab onto their own creature, as from the console.
    await player.run(() => a.update({ [`flags.${M}.grabs`]: { wcOsePyBite00001: { escape: 30 } } }));
    expect(live(gm, a)).toEqual([]);
    expect(gm.run(() => attackMarksOf(a as never)).state).toBe("setAside");
    // Nor can the player write the seal (a world setting).
    await expect(player.run(() => writeGrabMarks(a as never, { wcOsePyBite00001: true }))).rejects.toThrow();
    await expect(player.run(async () => game.settings.set(M, "grabSeals", { [a.uuid]: '{"wcOsePyBite00001":{"escape":30}}' }))).rejects.toThrow(/GM/);
    // The GM sets a mark: believed.
    await gm.run(() => writeGrabMarks(a as never, { wcOsePyCoil00002: true }));
    expect(live(gm, a).map((g) => g.key)).toEqual(["wcOsePyCoil00002"]);
    expect(live(player, a).map((g) => g.key)).toEqual(["wcOsePyCoil00002"]);
    // The player adds one beside it: everything is set aside until a GM writes them again.
    await player.run(() => a.update({ [`flags.${M}.grabs.wcOsePyBite00001`]: true }));
    expect(live(gm, a)).toEqual([]);
  });

  it("the sheet's own mark on a creature a player owns (a player may write an item that grapples) is a proposal until a GM confirms it", async () => {
    const { w, gm, player, alice } = world("dnd5e");
    const a = creature(w, fixture("dnd5e-constrictor-snake.json"), { [alice.id]: 3 });
    expect(live(gm, a)).toEqual([]);
    // "grappled (escape DC 14)" stands as the proposal's figure
    expect(gm.run(() => attackMarksOf(a as never)).attacks.find((x) => x.key === "haXdYCAfGXo0iVqC")?.proposal?.escape).toBe(14);
    await gm.run(() => writeGrabMarks(a as never, { haXdYCAfGXo0iVqC: true }));
    expect(live(player, a).map(noReason)).toEqual([{ key: "haXdYCAfGXo0iVqC", name: "Constrict", escape: 14, source: "gm" }]);
  });

  it("marks a GM wrote on a monster later given to a player are set aside until a GM saves them again (no seal)", async () => {
    const { w, gm, alice } = world("ose");
    const a = creature(w, fixture("ose-rock-python.json"));
    await gm.run(() => writeGrabMarks(a as never, { wcOsePyCoil00002: true }));
    expect(live(gm, a)).toHaveLength(1);
    a.ownership = { [alice.id]: 3 };
    expect(live(gm, a)).toEqual([]);
    await gm.run(() => writeGrabMarks(a as never, { wcOsePyCoil00002: true }));
    expect(live(gm, a).map((g) => g.key)).toEqual(["wcOsePyCoil00002"]);
  });

  it("a creature no player owns: the player's write is refused by the server", async () => {
    const { w, gm, player } = world("ose");
    const a = creature(w, fixture("ose-rock-python.json"));
    await expect(player.run(() => a.update({ [`flags.${M}.grabs`]: { wcOsePyBite00001: true } }))).rejects.toThrow();
    expect(live(gm, a)).toEqual([]);
  });
});

describe("the profile form's attacks that grab", () => {
  /** Opens the form on `c` for `a`; `fill` changes it before Save (or it is cancelled when none). Returns the form's markup. */
  async function viaForm(w: FakeWorld, c: FakeClient, a: FakeActor, fill?: (form: HTMLFormElement) => void): Promise<string> {
    let html = "";
    w.onDialog = async (d) => {
      html = d.form.innerHTML;
      for (const sel of d.form.querySelectorAll("select")) {
        const marked = sel.querySelector("option[selected]");
        if (marked) sel.value = marked.getAttribute("value") ?? "";
      }
      if (!fill) return d.press("cancel");
      fill(d.form);
      return d.press("save");
    };
    await c.run(() => openProfileForm(a as never));
    return html;
  }
  const set = (form: HTMLFormElement, name: string, value: string) => {
    (form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement).value = value;
  };

  it("OSE rock python: Constrict shows as a proposal with the question; the GM confirms it from the form and it is in force", async () => {
    const { w, gm } = world("ose");
    const a = creature(w, fixture("ose-rock-python.json"));
    const html = await viaForm(w, gm, a, (f) => set(f, "wc-grab.wcOsePyCoil00002.mark", "grab"));
    const row = new DOMParser().parseFromString(`<div>${html}</div>`, "text/html").querySelector('[data-wc-grab="wcOsePyCoil00002"]');
    expect(row?.querySelector("[data-wc-grab-source]")?.getAttribute("data-wc-grab-source")).toBe("proposal");
    expect(row?.textContent).toContain("The words suggest a grab — confirm?");
    // The proposal's figures from its words ("2d4 damage each round") stand in the box.
    expect((row?.querySelector('input[name="wc-grab.wcOsePyCoil00002.damage"]') as HTMLInputElement | null)?.getAttribute("value")).toBe("2d4");
    expect(a.getFlag(M, "grabs")).toEqual({ wcOsePyCoil00002: true });
    expect(live(gm, a).map(noReason)).toEqual([{ key: "wcOsePyCoil00002", name: "Constrict", damagePerRound: { count: 2, sides: 4, bonus: 0 }, source: "gm" }]);
    // Next time it shows as the GM's.
    const again = await viaForm(w, gm, a);
    expect(again).toMatch(/data-wc-grab="wcOsePyCoil00002"[\s\S]*?data-wc-grab-source="gm"/);
  });

  it("dismissing a proposal keeps it out (and shows it dismissed)", async () => {
    const { w, gm } = world("ose");
    const a = creature(w, fixture("ose-rock-python.json"));
    await viaForm(w, gm, a, (f) => set(f, "wc-grab.wcOsePyCoil00002.mark", "none"));
    expect(a.getFlag(M, "grabs")).toEqual({ wcOsePyCoil00002: false });
    expect(live(gm, a)).toEqual([]);
    expect(await viaForm(w, gm, a)).toMatch(/data-wc-grab="wcOsePyCoil00002"[\s\S]*?data-wc-grab-source="dismissed"/);
  });

  it("dnd5e 2024 giant octopus: the sheet's mark (no DC: a lookup) gets the escape figure the GM types; saving unchanged writes nothing", async () => {
    const { w, gm } = world("dnd5e");
    const a = creature(w, fixture("dnd5e-giant-octopus-2024.json"));
    const html = await viaForm(w, gm, a, (f) => set(f, "wc-grab.mmTentacles00000.escape", "16"));
    expect(html).toMatch(/data-wc-grab="mmTentacles00000"[\s\S]*?data-wc-grab-source="sheet"/);
    expect(live(gm, a).map(noReason)).toEqual([{ key: "mmTentacles00000", name: "Tentacles", escape: 16, source: "gm" }]);
    const before = w.writes.length;
    await viaForm(w, gm, a, () => undefined);
    expect(w.writes.length).toBe(before);
  });

  it("a GM sets a mark on an attack the sheet does not mark (dnd5e 2014 constrictor's Bite), with figures", async () => {
    const { w, gm } = world("dnd5e");
    const a = creature(w, fixture("dnd5e-constrictor-snake.json"));
    await viaForm(w, gm, a, (f) => {
      set(f, "wc-grab.hZOM2L6WMmk8QOfO.mark", "grab");
      set(f, "wc-grab.hZOM2L6WMmk8QOfO.escape", "12");
      set(f, "wc-grab.hZOM2L6WMmk8QOfO.damage", "1d6+1");
    });
    expect(live(gm, a).map(noReason)).toEqual([
      { key: "hZOM2L6WMmk8QOfO", name: "Bite", escape: 12, damagePerRound: { count: 1, sides: 6, bonus: 1 }, source: "gm" },
      { key: "haXdYCAfGXo0iVqC", name: "Constrict", escape: 14, source: "sheet" },
    ]);
  });

  it("figures that are not figures: a clear message, and nothing is written (the profile neither)", async () => {
    const { w, gm } = world("dnd5e");
    const a = creature(w, fixture("dnd5e-constrictor-snake.json"));
    const before = w.writes.length;
    await viaForm(w, gm, a, (f) => {
      set(f, "wc-grab.hZOM2L6WMmk8QOfO.mark", "grab");
      set(f, "wc-grab.hZOM2L6WMmk8QOfO.damage", "lots");
      set(f, "wc-grab.haXdYCAfGXo0iVqC.escape", "99");
    });
    expect(w.writes.length).toBe(before);
    const notice = gm.notifications.at(-1);
    expect(notice?.level).toBe("error");
    expect(notice?.message).toContain("Bite: damage each round is dice such as 2d4+1 (got “lots”)");
    expect(notice?.message).toContain("Constrict: the escape figure is a whole number from 1 to 40 (got “99”)");
  });

  it("a player sees their creature's marks read-only; a name with markup is text everywhere", async () => {
    const { w, gm, player, alice } = world("dnd5e");
    const e = fixture("dnd5e-constrictor-snake.json");
    const evil = '<img src=x onerror="alert(1)">Constrict';
    const a = creature(w, { ...e, items: (e.items ?? []).map((i) => (i.name === "Constrict" ? { ...i, name: evil } : i)) }, { [alice.id]: 3 });
    const parsed = (html: string) => new DOMParser().parseFromString(`<div>${html}</div>`, "text/html");
    const html = await viaForm(w, player, a);
    expect(html).not.toContain('name="wc-grab.');
    // On a creature a player owns, the sheet's own mark waits for the GM.
    expect(html).toMatch(/data-wc-grab="haXdYCAfGXo0iVqC"[\s\S]*?data-wc-grab-source="proposal"/);
    for (const doc of [parsed(html), parsed(await viaForm(w, gm, a))]) {
      // The name is text (no element made of it), in the row and in every tooltip (read as HTML by Foundry).
      expect(doc.querySelector("img")).toBeNull();
      expect(doc.querySelector('[data-wc-grab="haXdYCAfGXo0iVqC"] .wc-grab__name')?.textContent).toBe(evil);
      for (const el of doc.querySelectorAll("[data-tooltip]")) expect(el.getAttribute("data-tooltip")).not.toMatch(/[<>]/);
    }
    expect(await viaForm(w, gm, a)).toContain('name="wc-grab.haXdYCAfGXo0iVqC.mark"');
  });

  it("the GM is told when a player's marks were set aside, and Save makes the marks the GM's", async () => {
    const { w, gm, player, alice } = world("ose");
    const a = creature(w, fixture("ose-rock-python.json"), { [alice.id]: 3 });
    await player.run(() => a.update({ [`flags.${M}.grabs`]: { wcOsePyBite00001: true } }));
    const html = await viaForm(w, gm, a, (f) => set(f, "wc-grab.wcOsePyCoil00002.mark", "grab"));
    expect(html).toContain("are not as a GM last wrote them");
    expect(live(gm, a).map((g) => g.key)).toEqual(["wcOsePyCoil00002"]);
    // The player's own form says nothing of it and offers no choice.
    const mine = await viaForm(w, player, a);
    expect(mine).not.toContain("set aside");
    expect(mine).not.toContain("<select name=\"wc-grab");
  });
});
