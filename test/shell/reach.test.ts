// @vitest-environment happy-dom
// Holds at reach: how far an attack must reach to touch a creature standing apart (numbers worked
// by hand on 5-ft grids), and the one check (gm/verdict.ts mayAct) taking a grapple at the
// attacker's hold reach and nothing beyond. A whip reaches 10 ft (dnd5e's reach property: 5 ft
// more than a plain melee weapon's 5), so one empty square between is within it, two are not.
import { describe, expect, it } from "vitest";
import type { GridInfo } from "../../src/foundry/map/geometry.ts";
import { reachFeet } from "../../src/foundry/map/geometry.ts";
import { mayAct } from "../../src/foundry/gm/verdict.ts";
import { place } from "./movement-setup.ts";
import type { Table } from "./setup.ts";
import { M, makeTable } from "./setup.ts";

const square: GridInfo = { type: 1, size: 100, sizeX: 100, sizeY: 100, distance: 5, units: "ft" };
const rows: GridInfo = { type: 2, size: 100, sizeX: 87, sizeY: 100, distance: 5, units: "ft" };
const gridless: GridInfo = { type: 0, size: 100, sizeX: 100, sizeY: 100, distance: 5, units: "ft" };
const metres: GridInfo = { ...square, distance: 1.5, units: "m" };
const one = (x: number, y: number) => ({ x, y, width: 1, height: 1 });

describe("the reach an attack needs", () => {
  it("square: beside 5 ft (a diagonal too), one square between 10 ft, two 15 ft; a 2×2 ogre's side counts from its edge", () => {
    expect(reachFeet(one(500, 500), one(600, 500), square)).toBe(5);
    expect(reachFeet(one(500, 500), one(600, 600), square)).toBe(5);
    expect(reachFeet(one(500, 500), one(700, 500), square)).toBe(10);
    expect(reachFeet(one(500, 500), one(800, 700), square)).toBe(15);
    // Ogre covers columns 3-4; the fighter at column 6 has one square (5) between: 10 ft.
    expect(reachFeet({ x: 300, y: 500, width: 2, height: 2 }, one(600, 500), square)).toBe(10);
  });

  it("hex rows: a neighbour 5 ft, two steps 10 ft", () => {
    expect(reachFeet(one(435, 300), one(522, 300), rows)).toBe(5);
    expect(reachFeet(one(435, 300), one(609, 300), rows)).toBe(10);
  });

  it("gridless: touching 5 ft; 150 px apart edge to edge is one and a half spaces more, 12.5 ft", () => {
    expect(reachFeet(one(0, 0), one(100, 0), gridless)).toBe(5);
    expect(reachFeet(one(0, 0), one(250, 0), gridless)).toBe(12.5);
  });

  it("a scene in metres: one square between is 2 × 1.5 m = 3 m, 9.8 ft", () => {
    expect(reachFeet(one(500, 500), one(700, 500), metres)).toBeCloseTo(9.84, 2);
  });
});

describe.each([13, 14] as const)("the one check takes a grapple at the attack's reach (v%i)", (generation) => {
  function table(reach: number | null): Table {
    const t = makeTable({ world: { generation } });
    place(t.ogreToken, 20, 20);
    place(t.fighterToken, 5, 5);
    if (reach !== null) ((t.fighter.flags[M] as { profile: Record<string, Record<string, unknown>> }).profile["d12-holds"] as Record<string, unknown>).holdReach = reach;
    return t;
  }
  const ask = (t: Table, action: string) => ({ action, attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} });
  const verdict = (t: Table, action: string) => t.player.run(() => mayAct(ask(t, action), game.user as never, () => 0));

  it("a whip (10 ft): one square between is within reach; two are not", () => {
    const t = table(10);
    place(t.goblinToken, 7, 5);
    expect(verdict(t, "grapple")).toEqual({ ok: true });
    place(t.goblinToken, 8, 5);
    expect(verdict(t, "grapple")).toMatchObject({ ok: false, key: "WC.Hud.outOfReach" });
  });

  it("the reach is for taking hold: a pummel one square away is still out of reach", () => {
    const t = table(10);
    place(t.goblinToken, 7, 5);
    expect(verdict(t, "pummel")).toMatchObject({ ok: false, key: "WC.Hud.outOfReach" });
  });

  it("no reach (0, as the sheet reads most creatures): only beside", () => {
    const t = table(0);
    place(t.goblinToken, 7, 5);
    expect(verdict(t, "grapple")).toMatchObject({ ok: false, key: "WC.Hud.outOfReach" });
    place(t.goblinToken, 6, 6);
    expect(verdict(t, "grapple")).toEqual({ ok: true });
  });

  it("a tentacle of 15 ft: two squares between are within it, three are not", () => {
    const t = table(15);
    place(t.goblinToken, 8, 5);
    expect(verdict(t, "grapple")).toEqual({ ok: true });
    place(t.goblinToken, 9, 5);
    expect(verdict(t, "grapple")).toMatchObject({ ok: false, key: "WC.Hud.outOfReach" });
  });
});
