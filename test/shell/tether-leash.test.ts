// A hold made at a distance, as the tethers draw it (src/foundry/map/tether-geometry.ts and
// tethers.ts, real PIXI 7 in Node): the ground its creature may stand on outlined around the
// holder, the rope braided with light rings, the leash's length written on it. Numbers by hand.
import { beforeAll, describe, expect, it } from "vitest";
import type * as PixiModule from "pixi.js";
import type { GridInfo } from "../../src/foundry/map/geometry.ts";
import type { TetherHold, TokenPlace } from "../../src/foundry/map/tether-geometry.ts";
import { leashArea, leashOutline } from "../../src/foundry/map/tether-geometry.ts";
import { braidRings, PART_COLOURS, TetherBoard } from "../../src/foundry/map/tethers.ts";
import { loadPixi } from "../fake-foundry/canvas.ts";

let P: typeof PixiModule;
beforeAll(async () => {
  P = await loadPixi();
});

const SQUARE: GridInfo = { type: 1, size: 100, sizeX: 100, sizeY: 100, distance: 5, units: "ft" };
const ROWS: GridInfo = { type: 2, size: 100, sizeX: 87, sizeY: 100, distance: 5, units: "ft" };
const at = (id: string, col: number, row: number): TokenPlace => ({ id, x: col * 100, y: row * 100, w: 100, h: 100, elevation: 0, hidden: false, visible: true });

type Shape = { shape: { type: number; points?: number[]; radius?: number }; lineStyle: { color: number; width: number }; fillStyle: { visible: boolean; color: number; alpha: number } };
const shapesOf = (g: unknown): Shape[] => (g as { geometry: { graphicsData: Shape[] } }).geometry.graphicsData;

describe("the leash's ground", () => {
  it("square: the holder's square grown by 10 ft (two squares) on every side: a 5×5 box", () => {
    // Holder at column 1, row 2: centre (150,250); half 50 + 2 × 100 = 250 each way.
    const a = leashArea(at("o", 1, 2), 10, SQUARE);
    expect(a).toEqual({ centre: { x: 150, y: 250 }, halfW: 250, halfH: 250, round: false });
    expect(leashOutline(a as NonNullable<typeof a>)).toEqual([
      { x: -100, y: 0 },
      { x: 400, y: 0 },
      { x: 400, y: 500 },
      { x: -100, y: 500 },
      { x: -100, y: 0 },
    ]);
  });

  it("hex: an ellipse, two hexes (2 × 87 across, 2 × 100 down) beyond the holder's half-size; no leash, no ground", () => {
    const a = leashArea({ ...at("o", 0, 0), w: 87 }, 10, ROWS);
    expect(a).toMatchObject({ halfW: 43.5 + 174, halfH: 50 + 200, round: true });
    expect(leashOutline(a as NonNullable<typeof a>)).toHaveLength(49);
    expect(leashArea(at("o", 0, 0), 0, SQUARE)).toBeNull();
  });

  it("the braid: a ring every 16 px along the rope, the first 8 px in", () => {
    expect(braidRings([{ x: 0, y: 0 }, { x: 100, y: 0 }], 16).map((p) => Math.round(p.x * 1000) / 1000)).toEqual([8, 24, 40, 56, 72, 88]);
  });
});

describe("the board draws a leash its own way", () => {
  function board() {
    const stage = new P.Container();
    const texts: string[] = [];
    const b = new TetherBoard(stage as never, {
      grid: SQUARE,
      viewer: { isGM: true, enabled: true, playersSee: true },
      text: (s) => {
        texts.push(s);
        return new P.Text(s, { fontSize: 14 }) as never;
      },
      heightText: (h) => `${h} ft`,
      leashText: (f) => `${f} ft`,
      pixi: { Container: P.Container, Graphics: P.Graphics } as never,
    });
    return { b, texts };
  }
  const hold = (leash?: number): TetherHold => ({ id: "h", holderId: "o", heldId: "f", look: { part: "arm", kind: "hold" }, label: "o holds f", ...(leash !== undefined ? { leash } : {}) });

  it("with a leash: the ground filled faintly in the part's colour, rings along the rope, its length written", () => {
    const { b, texts } = board();
    for (const p of [at("o", 1, 2), at("f", 3, 2)]) b.place(p);
    b.setHolds([hold(10)]);
    const shapes = shapesOf(b.graphicsOf("h"));
    const ground = shapes.find((s) => s.fillStyle.visible && s.fillStyle.color === PART_COLOURS.arm && (s.shape.points?.length ?? 0) === 10);
    expect(ground?.shape.points).toEqual([-100, 0, 400, 0, 400, 500, -100, 500, -100, 0]);
    expect(ground?.fillStyle.alpha).toBeCloseTo(0.08);
    // The rope runs from the ogre's end (x 170) to the fighter's (x 330), less 11 under the arrowhead: 149 px,
    // rings at 8, 24, ..., 136: nine.
    expect(shapes.filter((s) => s.shape.radius === 3.5)).toHaveLength(9);
    expect(texts).toContain("⟷ 10 ft");
  });

  it("without one: no ground and no rings; the leash coming or going redraws the tether", () => {
    const { b } = board();
    for (const p of [at("o", 1, 2), at("f", 3, 2)]) b.place(p);
    b.setHolds([hold()]);
    const plain = shapesOf(b.graphicsOf("h"));
    expect(plain.filter((s) => s.shape.radius === 3.5)).toHaveLength(0);
    expect(plain.some((s) => s.fillStyle.visible && (s.shape.points?.length ?? 0) === 10)).toBe(false);
    expect(b.setHolds([hold(10)])).toBe(1);
    expect(b.setHolds([hold(10)])).toBe(0);
  });
});
