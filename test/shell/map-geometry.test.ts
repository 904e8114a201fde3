// Where tokens stand: square, hex and gridless geometry, with numbers worked by hand.
import { describe, expect, it } from "vitest";
import type { GridInfo } from "../../src/foundry/map/geometry.ts";
import { adjacent, besideAfterMove, distanceBetween, feetPerUnit, hexSteps, squaresApart } from "../../src/foundry/map/geometry.ts";

const square: GridInfo = { type: 1, size: 100, sizeX: 100, sizeY: 100, distance: 5, units: "ft" };
const rows: GridInfo = { type: 2, size: 100, sizeX: 87, sizeY: 100, distance: 5, units: "ft" };
const cols: GridInfo = { type: 5, size: 100, sizeX: 100, sizeY: 86, distance: 5, units: "ft" };
const gridless: GridInfo = { type: 0, size: 100, sizeX: 100, sizeY: 100, distance: 5, units: "ft" };
const one = (x: number, y: number) => ({ x, y, width: 1, height: 1 });

describe("distances", () => {
  it("squares: the most of the two axes; 6 across and 2 down is 6 squares, 30 ft", () => {
    expect(distanceBetween({ x: 0, y: 0 }, { x: 600, y: 200 }, square)).toBe(30);
    expect(squaresApart(one(0, 0), one(300, 0), square)).toBe(2);
    expect(squaresApart(one(0, 0), one(100, 100), square)).toBe(0);
  });

  it("hex rows: a step is (87, 0) or (43.5, 75); two of the second and one back west is 1 hex away", () => {
    expect(hexSteps({ x: 0, y: 0 }, { x: 87, y: 0 }, rows)).toBeCloseTo(1);
    expect(hexSteps({ x: 0, y: 0 }, { x: 43.5, y: 75 }, rows)).toBeCloseTo(1);
    expect(hexSteps({ x: 0, y: 0 }, { x: 87, y: 150 }, rows)).toBeCloseTo(2);
    expect(hexSteps({ x: 0, y: 0 }, { x: 0, y: 150 }, rows)).toBeCloseTo(2);
    expect(distanceBetween({ x: 0, y: 0 }, { x: 261, y: 0 }, rows)).toBe(15);
  });

  it("hex columns: a step is (0, 86) or (75, 43)", () => {
    expect(hexSteps({ x: 0, y: 0 }, { x: 0, y: 86 }, cols)).toBeCloseTo(1);
    expect(hexSteps({ x: 0, y: 0 }, { x: 75, y: -43 }, cols)).toBeCloseTo(1);
    expect(hexSteps({ x: 0, y: 0 }, { x: 150, y: 0 }, cols)).toBeCloseTo(2);
  });

  it("gridless: straight, in grid units; a scene in metres or yards reads in feet", () => {
    expect(distanceBetween({ x: 0, y: 0 }, { x: 300, y: 400 }, gridless)).toBe(25);
    expect(feetPerUnit("ft")).toBe(1);
    expect(feetPerUnit("yd")).toBe(3);
    expect(feetPerUnit("m")).toBeCloseTo(3.28084);
    expect(feetPerUnit("")).toBe(1);
  });
});

describe("beside the mover, on its side", () => {
  it("next to each other, the one brought moves by the mover's own step", () => {
    expect(adjacent(one(500, 500), one(600, 600), square)).toBe(true);
    expect(besideAfterMove(one(500, 500), one(900, 700), one(400, 500), square)).toEqual({ x: 800, y: 700 });
  });

  it("a square apart it closes in, never onto the mover: from north-east two off, to north-east beside", () => {
    expect(adjacent(one(500, 500), one(700, 300), square)).toBe(false);
    expect(besideAfterMove(one(500, 500), one(500, 900), one(700, 300), square)).toEqual({ x: 600, y: 800 });
  });

  it("bigger tokens: an ogre of 2 by 2 west of a man, both moved east 3 squares, is west again", () => {
    const ogre = { x: 300, y: 500, width: 2, height: 2 };
    expect(adjacent(one(500, 500), ogre, square)).toBe(true);
    expect(besideAfterMove(one(500, 500), one(800, 500), ogre, square)).toEqual({ x: 600, y: 500 });
  });

  it("hex rows: the lattice keeps a moved neighbour on a hex; two hexes east closes to one", () => {
    expect(besideAfterMove(one(435, 300), one(522, 450), one(522, 300), rows)).toEqual({ x: 609, y: 450 });
    expect(besideAfterMove(one(435, 300), one(435, 300), one(609, 300), rows)).toEqual({ x: 522, y: 300 });
  });

  it("gridless: within a token and a half of each other they are together; farther, the one brought closes in", () => {
    expect(adjacent(one(0, 0), one(120, 0), gridless)).toBe(true);
    const p = besideAfterMove(one(0, 0), one(0, 0), one(400, 0), gridless);
    expect(adjacent(one(0, 0), { ...p, width: 1, height: 1 }, gridless)).toBe(true);
    expect(p.y).toBe(0);
  });
});
