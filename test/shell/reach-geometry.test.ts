// @vitest-environment happy-dom
// Reach as the one check measures it (issue 33, K1-K3, L1): the pure geometry of
// map/reach-geometry.ts with numbers worked by hand on 100-px, 5-ft grids, then the one check
// (gm/verdict.ts mayAct) on the fake's table. Foundry's own numbers: a token's x and y are its
// top-left corner in pixels, its width and height are in grid spaces, its elevation in grid units
// (API v14 `ElevatedPoint`: "The elevation in grid units"); a wall's `c` is [x0, y0, x1, y1] in
// pixels, `move` 20 stops movement, 0 does not; a door's `ds` 0 closed, 1 open, 2 locked (C-87).
import { describe, expect, it } from "vitest";
import type { GridInfo } from "../../src/foundry/map/geometry.ts";
import type { Body } from "../../src/foundry/map/reach-geometry.ts";
import { besideInSpace, cappedSpot, chargeRunFeet, reachBetweenBodies, reachFeetInSpace, spacesApartInHeight, wallBetween } from "../../src/foundry/map/reach-geometry.ts";
import { mayAct } from "../../src/foundry/gm/verdict.ts";
import { addWalls } from "../fake-foundry/walls.ts";
import { place } from "./movement-setup.ts";
import type { Table } from "./setup.ts";
import { M, makeTable } from "./setup.ts";

const square: GridInfo = { type: 1, size: 100, sizeX: 100, sizeY: 100, distance: 5, units: "ft" };
const gridless: GridInfo = { type: 0, size: 100, sizeX: 100, sizeY: 100, distance: 5, units: "ft" };
const at = (col: number, row: number, elevation = 0, size = 1): Body => ({ x: col * 100, y: row * 100, width: size, height: size, elevation });
const seg = (x0: number, y0: number, x1: number, y1: number) => ({ a: { x: x0, y: y0 }, b: { x: x1, y: y1 } });

describe("the footprint a player's creature reaches from (K1)", () => {
  it("a man-sized creature's 12×12 token counts as 1×1 at the same corner; a large one's as 2×2; a smaller token stays as it is", () => {
    expect(cappedSpot({ x: 500, y: 500, width: 12, height: 12 }, "M")).toEqual({ x: 500, y: 500, width: 1, height: 1 });
    expect(cappedSpot({ x: 500, y: 500, width: 12, height: 3 }, "L")).toEqual({ x: 500, y: 500, width: 2, height: 2 });
    expect(cappedSpot({ x: 500, y: 500, width: 12, height: 12 }, "VL")).toEqual({ x: 500, y: 500, width: 4, height: 4 });
    expect(cappedSpot({ x: 500, y: 500, width: 0.5, height: 0.5 }, "S")).toEqual({ x: 500, y: 500, width: 0.5, height: 0.5 });
  });

  it("capped, the goblin ten squares off (column 16 from column 5) is 10 empty squares away: 55 ft, not beside", () => {
    const fighter = { ...cappedSpot({ x: 500, y: 500, width: 12, height: 12 }, "M"), elevation: 0 };
    expect(besideInSpace(fighter, at(16, 5), square)).toBe(false);
    expect(reachFeetInSpace(fighter, at(16, 5), square)).toBe(55);
  });
});

describe("height (K2)", () => {
  it("a man-sized creature stands 5 ft tall: a goblin 5 ft up touches its head, 30 ft up is 25 ft (5 spaces) above it", () => {
    expect(spacesApartInHeight(at(5, 5), at(6, 5, 5), square)).toBe(0);
    expect(spacesApartInHeight(at(5, 5), at(6, 5, 30), square)).toBe(5);
    // The other way round: the fighter 30 ft up, the goblin on the ground.
    expect(spacesApartInHeight(at(5, 5, 30), at(6, 5), square)).toBe(5);
  });

  it("beside on the map but 30 ft up: not beside, 30 ft of reach needed ((5 + 1) × 5); 5 ft up: beside, 5 ft", () => {
    expect(besideInSpace(at(5, 5), at(6, 5, 30), square)).toBe(false);
    expect(reachFeetInSpace(at(5, 5), at(6, 5, 30), square)).toBe(30);
    expect(besideInSpace(at(5, 5), at(6, 5, 5), square)).toBe(true);
    expect(reachFeetInSpace(at(5, 5), at(6, 5, 5), square)).toBe(5);
  });

  it("the larger of ground and height counts: 3 squares between on the ground (20 ft) and 10 ft up (15 ft) need 20 ft", () => {
    expect(reachFeetInSpace(at(5, 5), at(9, 5, 15), square)).toBe(20);
    expect(reachFeetInSpace(at(5, 5), at(6, 5, 15), square)).toBe(15);
  });

  it("a 2×2 ogre stands 10 ft tall: a goblin 10 ft up beside it touches it", () => {
    expect(besideInSpace(at(3, 5, 0, 2), at(5, 5, 10), square)).toBe(true);
    expect(besideInSpace(at(3, 5, 0, 2), at(5, 5, 15), square)).toBe(false);
  });

  it("gridless: 12.5 ft up from a 5-ft column is 7.5 ft, one and a half spaces: 12.5 ft of reach", () => {
    expect(reachFeetInSpace(at(5, 5), at(6, 5, 12.5), gridless)).toBe(12.5);
  });
});

describe("walls (K3)", () => {
  // Fighter centre (550, 550), goblin centre (650, 550): the line between them crosses x = 600.
  it("a wall down the line between two squares stands between them; one beside the line or a span short does not", () => {
    expect(wallBetween(at(5, 5), at(6, 5), square, [seg(600, 400, 600, 700)])).toBe(true);
    expect(wallBetween(at(5, 5), at(6, 5), square, [seg(700, 400, 700, 700)])).toBe(false);
    expect(wallBetween(at(5, 5), at(6, 5), square, [seg(600, 400, 600, 540)])).toBe(false);
  });

  it("diagonal neighbours: the corner of a room (two walls meeting at (600, 600)) stands on the line between the centres (550, 550) and (650, 650); the same walls a square further off do not", () => {
    const corner = [seg(600, 400, 600, 600), seg(600, 600, 800, 600)];
    expect(wallBetween(at(5, 5), at(6, 6), square, corner)).toBe(true);
    expect(wallBetween(at(5, 5), at(6, 6), square, [seg(700, 400, 700, 700), seg(700, 700, 900, 700)])).toBe(false);
  });

  it("a wall makes a creature beside it unreachable: beside, 5 ft, walled", () => {
    expect(reachBetweenBodies(at(5, 5), at(6, 5), square, [seg(600, 400, 600, 700)])).toEqual({ beside: true, feet: 5, walled: true });
  });
});

describe("a charge's run (L1)", () => {
  it("beside: 0 ft; 48 empty squares between: 240 ft; 59 (column 65 from column 5): 295 ft", () => {
    expect(chargeRunFeet(at(5, 5), at(6, 5), square)).toBe(0);
    expect(chargeRunFeet(at(5, 5), at(54, 5), square)).toBe(240);
    expect(chargeRunFeet(at(5, 5), at(65, 5), square)).toBe(295);
  });
});

describe.each([13, 14] as const)("the one check on the map (v%i)", (generation) => {
  const ask = (t: Table, action: string) => ({ action, attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} });
  const asPlayer = (t: Table, action: string) => t.player.run(() => mayAct(ask(t, action), game.user as never, () => 0));
  const asGm = (t: Table, action: string) => t.gm.run(() => mayAct(ask(t, action), game.user as never, () => 0));
  function table(): Table {
    const t = makeTable({ world: { generation } });
    place(t.ogreToken, 20, 20);
    place(t.fighterToken, 5, 5);
    place(t.goblinToken, 6, 5);
    return t;
  }

  it("K1: the fighter's (man-sized) token stretched to 12×12 does not reach the goblin 10 squares off; the GM's 2×2 ogre reaches from its far square", () => {
    const t = table();
    place(t.goblinToken, 16, 5);
    t.fighterToken.width = 12;
    t.fighterToken.height = 12;
    expect(asPlayer(t, "pummel")).toMatchObject({ ok: false, key: "WC.Hud.outOfReach" });
    // The ogre (no player owns it) set to 2×2 by the GM at columns 3-4: the fighter at 5 is beside it.
    place(t.ogreToken, 3, 5);
    t.ogreToken.width = 2;
    t.ogreToken.height = 2;
    expect(t.gm.run(() => mayAct({ action: "pummel", attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid, declared: {} }, game.user as never, () => 0))).toEqual({ ok: true });
  });

  it("K2: the goblin 30 ft up beside the fighter is out of reach; 5 ft up it is within", () => {
    const t = table();
    place(t.goblinToken, 6, 5, 30);
    expect(asPlayer(t, "pummel")).toMatchObject({ ok: false, key: "WC.Hud.outOfReach" });
    place(t.goblinToken, 6, 5, 5);
    expect(asPlayer(t, "pummel")).toEqual({ ok: true });
  });

  it("K3: a locked door between them refuses a pummel (the GM may set it aside); the same door open lets it through; a wall that does not stop movement too", () => {
    const t = table();
    const [door] = addWalls(t.fighterToken.parent, [{ c: [600, 400, 600, 700], door: 1, ds: 2 }]);
    expect(asPlayer(t, "pummel")).toMatchObject({ ok: false, key: "WC.Refuse.walled" });
    expect(asGm(t, "pummel")).toMatchObject({ ok: false, key: "WC.Refuse.walled", overridable: true });
    door!.ds = 1;
    expect(asPlayer(t, "pummel")).toEqual({ ok: true });
    door!.ds = 0;
    door!.move = 0;
    expect(asPlayer(t, "pummel")).toEqual({ ok: true });
  });

  it("L1: the fighter (12\" at 10 ft an inch: 120 ft, a charge twice that) charges 240 ft but not 245; with chargeRun 'move', 120 ft but not 125", async () => {
    const t = table();
    place(t.goblinToken, 54, 5);
    expect(asPlayer(t, "chargingOverbear")).toEqual({ ok: true });
    place(t.goblinToken, 55, 5);
    expect(asPlayer(t, "chargingOverbear")).toMatchObject({ ok: false, key: "WC.Refuse.chargeTooFar", params: { feet: 245, limit: 240 } });
    await t.gm.run(() => game.settings.set(M, "ruleOptions", { "d12-holds": { chargeRun: "move" } } as never));
    place(t.goblinToken, 30, 5);
    expect(asPlayer(t, "chargingOverbear")).toEqual({ ok: true });
    place(t.goblinToken, 31, 5);
    expect(asPlayer(t, "chargingOverbear")).toMatchObject({ ok: false, key: "WC.Refuse.chargeTooFar", params: { feet: 125, limit: 120 } });
  });
});
