// @vitest-environment happy-dom
// A group brought along never lands stacked, through the typed fake: the GM's "bring along" and a
// player's drag put each creature brought on a free place beside the mover (square, hex), or
// refuse the move saying who finds no room. Places worked by hand (test/shell/placement.test.ts
// works the same geometry with bare numbers).
import { beforeEach, describe, expect, it } from "vitest";
import type { Table } from "./setup.ts";
import { M, writesSince } from "./setup.ts";
import { d12Hold, d12MapTable, drag, holdHalves, place, putHold, warnings } from "./movement-setup.ts";
import { addWalls } from "../fake-foundry/walls.ts";

const SQ = 100;

describe.each([13, 14] as const)("groups placed around the mover (v%i)", (generation) => {
  let t: Table;
  beforeEach(async () => {
    t = d12MapTable(generation);
    // A 2×2 ogre west of the fighter (columns 3-4, rows 5-6), holding it; the goblin stands apart.
    t.ogreToken.width = 2;
    t.ogreToken.height = 2;
    place(t.ogreToken, 3, 5);
    place(t.fighterToken, 5, 5);
    place(t.goblinToken, 12, 12);
    await putHold(t, t.ogreToken, t.fighterToken, "WC.Part.body", d12Hold("h1", "body", "L", 1));
    t.world.onDialog = (d) => d.press("bringAlong");
  });

  it("the step's own place, when free: the ogre west of the fighter again", async () => {
    await drag(t.gm, t.fighterToken, { x: 8 * SQ, y: 5 * SQ });
    expect([t.fighterToken.x, t.fighterToken.y, t.ogreToken.x, t.ogreToken.y]).toEqual([800, 500, 600, 500]);
  });

  it("a creature on the ogre's place: the ogre takes the nearest 2×2 place touching the fighter, not the goblin's", async () => {
    // Fighter to (8,5). The ogre's wish covers columns 6-7, rows 5-6; the goblin stands at (6,6).
    // Nearest free top-left touching (8,5): (6,4), 100 px from the wish (placement.test.ts works it).
    place(t.goblinToken, 6, 6);
    const mark = t.world.writes.length;
    await drag(t.gm, t.fighterToken, { x: 8 * SQ, y: 5 * SQ });
    expect([t.fighterToken.x, t.fighterToken.y]).toEqual([800, 500]);
    expect([t.ogreToken.x, t.ogreToken.y]).toEqual([600, 400]);
    expect([t.goblinToken.x, t.goblinToken.y]).toEqual([600, 600]);
    expect(holdHalves(t.fighterToken, t.ogreToken)).toHaveLength(2);
    expect(writesSince(t.world, mark)).toEqual({ "update Token": 1 });
  });

  it("walls all round the fighter's new square: the ogre has no room, nothing moves, and the GM is told why", async () => {
    addWalls(t.fighterToken.parent, [
      { c: [800, 500, 900, 500] },
      { c: [900, 500, 900, 600] },
      { c: [900, 600, 800, 600] },
      { c: [800, 600, 800, 500] },
    ]);
    const mark = t.world.writes.length;
    await drag(t.gm, t.fighterToken, { x: 8 * SQ, y: 5 * SQ });
    expect([t.fighterToken.x, t.ogreToken.x]).toEqual([500, 300]);
    expect(t.world.writes.length).toBe(mark);
    expect(warnings(t.gm)).toEqual(["Ogre finds no free place beside Fighter there (other creatures or a wall are in the way): nobody moves."]);
  });

  it("an open door, or a wall that does not stop movement, is no obstacle", async () => {
    addWalls(t.fighterToken.parent, [
      { c: [800, 500, 800, 600], door: 1, ds: 1 },
      { c: [800, 600, 800, 700], move: 0 },
    ]);
    await drag(t.gm, t.fighterToken, { x: 8 * SQ, y: 5 * SQ });
    expect([t.ogreToken.x, t.ogreToken.y]).toEqual([600, 500]);
  });

  it("two brought at once, by the GM's setting: each on its own place", async () => {
    // The fighter also holds the goblin (a 1×1 east of it).
    await t.gm.run(() => game.settings.set(M, "gmMoveHolds", "bringAlong"));
    place(t.goblinToken, 6, 5);
    await putHold(t, t.fighterToken, t.goblinToken, "WC.Part.arm", d12Hold("h2", "arm", "M", 0, { limb: 0 }));
    // The GM brings both: the ogre (2×2) is placed first at its wish (6-7, 5-6); the goblin wishes (9,5): free.
    await drag(t.gm, t.fighterToken, { x: 8 * SQ, y: 5 * SQ });
    expect([t.ogreToken.x, t.ogreToken.y, t.goblinToken.x, t.goblinToken.y]).toEqual([600, 500, 900, 500]);
  });
});

describe("hex rows", () => {
  it("the fighter's neighbour taken: the goblin brought along lands on the nearest free hex beside it", async () => {
    const t = d12MapTable(14);
    t.fighterToken.parent.grid = { type: 2, size: 100, sizeX: 87, sizeY: 100, distance: 5, units: "ft" };
    // Fighter at (435,300), the goblin east of it (522,300) holding it by the leg; the ogre is moved out of the way,
    // then stands on the goblin's wished hex (609,450) after the fighter's step to (522,450).
    for (const [tk, x, y] of [[t.fighterToken, 435, 300], [t.goblinToken, 522, 300], [t.ogreToken, 609, 450]] as const) {
      tk.x = x;
      tk.y = y;
    }
    await putHold(t, t.goblinToken, t.fighterToken, "WC.Part.leg", d12Hold("h1", "leg", "S", -2, { limb: 0 }));
    t.world.onDialog = (d) => d.press("bringAlong");
    await drag(t.gm, t.fighterToken, { x: 522, y: 450 });
    // Nearest free neighbour of (522,450) to the wish: (565.5,375) and (565.5,525) tie at 86.7 px; the higher, rounded: (566,375).
    expect([t.fighterToken.x, t.fighterToken.y, t.goblinToken.x, t.goblinToken.y]).toEqual([522, 450, 566, 375]);
  });
});
