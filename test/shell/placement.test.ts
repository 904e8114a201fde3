// Where the creatures a mover brings along land: never on each other, beside the mover, nearest
// the mover's own step. Every expected place is worked out by hand in the comments (grid spaces
// of 100 px on square grids; hex spaces 87 × 100 in rows, 100 × 86 in columns).
import { describe, expect, it } from "vitest";
import type { GridInfo, Spot } from "../../src/foundry/map/geometry.ts";
import { nearestFree, placeGroup, segmentsMeet } from "../../src/foundry/map/placement.ts";

const square: GridInfo = { type: 1, size: 100, sizeX: 100, sizeY: 100, distance: 5, units: "ft" };
const rows: GridInfo = { type: 2, size: 100, sizeX: 87, sizeY: 100, distance: 5, units: "ft" };
const cols: GridInfo = { type: 5, size: 100, sizeX: 100, sizeY: 86, distance: 5, units: "ft" };
const gridless: GridInfo = { type: 0, size: 100, sizeX: 100, sizeY: 100, distance: 5, units: "ft" };
const one = (x: number, y: number): Spot => ({ x, y, width: 1, height: 1 });
const two = (x: number, y: number): Spot => ({ x, y, width: 2, height: 2 });

describe("walls", () => {
  it("a path crossing a wall meets it; one beside it, or parallel, does not; one ending on it does", () => {
    expect(segmentsMeet({ x: 450, y: 750 }, { x: 550, y: 750 }, { x: 500, y: 600 }, { x: 500, y: 900 })).toBe(true);
    expect(segmentsMeet({ x: 450, y: 550 }, { x: 550, y: 550 }, { x: 500, y: 600 }, { x: 500, y: 900 })).toBe(false);
    expect(segmentsMeet({ x: 0, y: 0 }, { x: 100, y: 0 }, { x: 0, y: 10 }, { x: 100, y: 10 })).toBe(false);
    expect(segmentsMeet({ x: 450, y: 600 }, { x: 550, y: 600 }, { x: 500, y: 600 }, { x: 500, y: 900 })).toBe(true);
  });
});

describe("square grid", () => {
  it("the step's own places, when free, are kept", () => {
    // Ogre (2×2) from columns 4-5 to 7-8, rows 5-6; the fighter east of it at (6,5), the goblin at (6,6): both +3 columns.
    const out = placeGroup({ mover: two(700, 500), brought: [{ id: "fighter", wish: one(900, 500) }, { id: "goblin", wish: one(900, 600) }], occupied: [], walls: [] }, square);
    expect(out).toEqual({ ok: true, places: new Map([["fighter", { x: 900, y: 500 }], ["goblin", { x: 900, y: 600 }]]) });
  });

  it("a 2×2 holder with two 1×1 held: a stranger on the fighter's square sends it to the nearest free square beside the ogre", () => {
    // The ogre covers columns 7-8, rows 5-6. The fighter's wish (9,5), centre (950,550), is taken.
    // Squares beside the ogre nearest that centre: (9,4) centre (950,450) and (9,6) centre (950,650), both 100 px off;
    // (9,6) is the goblin's wish but the goblin is not placed yet, so both are free: the tie goes to the higher, (9,4).
    const out = placeGroup({ mover: two(700, 500), brought: [{ id: "fighter", wish: one(900, 500) }, { id: "goblin", wish: one(900, 600) }], occupied: [one(900, 500)], walls: [] }, square);
    expect(out).toEqual({ ok: true, places: new Map([["fighter", { x: 900, y: 400 }], ["goblin", { x: 900, y: 600 }]]) });
  });

  it("two held creatures wishing the same square: the second takes the next nearest", () => {
    // Both wish (9,5) (one was stacked on the other before): the first gets it, the second the
    // nearest free of (9,4) and (9,6), 100 px off each: the higher, (9,4).
    const out = placeGroup({ mover: two(700, 500), brought: [{ id: "a", wish: one(900, 500) }, { id: "b", wish: one(900, 500) }], occupied: [], walls: [] }, square);
    expect(out).toEqual({ ok: true, places: new Map([["a", { x: 900, y: 500 }], ["b", { x: 900, y: 400 }]]) });
  });

  it("a 1×1 holder with a 2×2 held: the ogre's wish overlaps a stranger, so it goes to the nearest 2×2 place that touches the fighter", () => {
    // The fighter ends at (8,5). The ogre's wish is columns 6-7, rows 5-6 (top-left (6,5), centre (700,600));
    // a stranger stands at (6,6). Top-lefts that touch the fighter run over columns 6-9 and rows 3-6,
    // leaving out those covering (8,5). (6,4): centre (700,500), 100 px off, covers (6-7, 4-5): free.
    // (6,6) is as near but covers the stranger; (7,6) centre (800,700) is 141 px off.
    const out = placeGroup({ mover: one(800, 500), brought: [{ id: "ogre", wish: two(600, 500) }], occupied: [one(600, 600)], walls: [] }, square);
    expect(out).toEqual({ ok: true, places: new Map([["ogre", { x: 600, y: 400 }]]) });
  });

  it("the larger creature is placed first, whatever the order given", () => {
    // Fighter (1×1) at (5,5) → (5,5) stays; its held goblin wishes (4,5), the ogre (2×2) wishes (3,5) with columns 3-4:
    // both want column 4, row 5. The ogre goes first and keeps its wish, covering (3-4, 5-6);
    // the goblin's nearest free square beside the fighter from its centre (450,550): (4,4), centre (450,450), 100 px off
    // ((4,6) is the ogre's; (5,4) and (5,6) are 141 px off).
    const out = placeGroup({ mover: one(500, 500), brought: [{ id: "goblin", wish: one(400, 500) }, { id: "ogre", wish: two(300, 500) }], occupied: [], walls: [] }, square);
    expect(out).toEqual({ ok: true, places: new Map([["ogre", { x: 300, y: 500 }], ["goblin", { x: 400, y: 400 }]]) });
  });

  it("a wall between the mover and the wished square: the nearest square on the mover's side of it", () => {
    // A wall along x = 500 from y 600 to 900. The fighter ends at (5,7), centre (550,750); the goblin wishes (4,7),
    // centre (450,750): the line between the centres crosses the wall at y 750. (4,6) and (4,8) cross it at
    // y 700 and 800. (5,6) and (5,8) are 141 px from the wish, the higher first: (5,6).
    const wall = { a: { x: 500, y: 600 }, b: { x: 500, y: 900 } };
    expect(nearestFree(one(500, 700), one(400, 700), [], [wall], square)).toEqual({ x: 500, y: 600 });
  });

  it("no free square beside the mover: the first creature without room is named", () => {
    const ring = [-1, 0, 1].flatMap((i) => [-1, 0, 1].filter((j) => i !== 0 || j !== 0).map((j) => one(500 + i * 100, 500 + j * 100)));
    expect(placeGroup({ mover: one(500, 500), brought: [{ id: "ogre", wish: one(400, 500) }], occupied: ring, walls: [] }, square)).toEqual({ ok: false, id: "ogre" });
    // One square left free, two to place: the first takes it, the second is named.
    const out = placeGroup({ mover: one(500, 500), brought: [{ id: "a", wish: one(400, 500) }, { id: "b", wish: one(600, 500) }], occupied: ring.slice(1), walls: [] }, square);
    expect(out).toEqual({ ok: false, id: "b" });
  });
});

describe("hex grids", () => {
  it("rows (pointy-topped): the wished hex taken, the two neighbours of the mover nearest it tie and the higher wins", () => {
    // The mover ends at (522,450). Its neighbours are ±(87,0) and (±43.5, ±75) away. The wish (609,450), centre
    // (652.5,500), is taken. (565.5,375) and (565.5,525) have centres (609,425) and (609,575), each √(43.5² + 75²)
    // ≈ 86.7 px off; (435,450) is 174 px off. The higher wins, rounded to a whole pixel: (566,375).
    expect(nearestFree(one(522, 450), one(609, 450), [one(609, 450)], [], rows)).toEqual({ x: 566, y: 375 });
    expect(nearestFree(one(522, 450), one(609, 450), [], [], rows)).toEqual({ x: 609, y: 450 });
  });

  it("columns (flat-topped): steps (0, ±86) and (±75, ±43); a tie at the same height goes to the left", () => {
    // The mover ends at (375,343); the wish (375,429) (south, centre (425,472)) is taken. South-east (450,386) and
    // south-west (300,386) have centres (500,429) and (350,429), each √(75² + 43²) ≈ 86.5 px off: the left one.
    expect(nearestFree(one(375, 343), one(375, 429), [one(375, 429)], [], cols)).toEqual({ x: 300, y: 386 });
  });
});

describe("gridless", () => {
  it("the wish if free; else the nearest place touching the mover at 15° steps", () => {
    // Mover ends at (0,300), centre (50,350); the one brought wishes (100,300) (east, touching), which a stranger holds.
    // At 15° and 30° (either way) the boxes touch the mover but overlap the stranger's (100..200, 300..400).
    // At ±45°, 141.4 px out: centres (150,450) and (150,250), places (100,400) and (100,200), 100 px from the wish's
    // centre (150,350); the higher wins. At ±60° the centre is (107.7, 450) or (107.7, 250), 108.5 px off.
    expect(nearestFree(one(0, 300), one(100, 300), [one(100, 300)], [], gridless)).toEqual({ x: 100, y: 200 });
    expect(nearestFree(one(0, 300), one(100, 300), [], [], gridless)).toEqual({ x: 100, y: 300 });
  });
});
