// The tether board (src/foundry/map/tethers.ts) on real PIXI 7 in Node: what it draws for each
// hold, what a change redraws (only the tethers whose tokens changed), the hover label, and the
// dash and zig-zag pieces, with numbers worked by hand.
import { beforeAll, describe, expect, it } from "vitest";
import type * as PixiModule from "pixi.js";
import type { GridInfo } from "../../src/foundry/map/geometry.ts";
import type { TetherHold, TetherLook, TokenPlace, Viewer } from "../../src/foundry/map/tether-geometry.ts";
import { dashes, PART_COLOURS, TetherBoard, zigzag } from "../../src/foundry/map/tethers.ts";
import { loadPixi } from "../fake-foundry/canvas.ts";

let P: typeof PixiModule;
beforeAll(async () => {
  P = await loadPixi();
});

const SQUARE: GridInfo = { type: 1, size: 100, sizeX: 100, sizeY: 100, distance: 5, units: "ft" };
const GM: Viewer = { isGM: true, enabled: true, playersSee: true };
const PLAYER: Viewer = { isGM: false, enabled: true, playersSee: true };
const at = (id: string, col: number, row: number, over: Partial<TokenPlace> = {}): TokenPlace => ({ id, x: col * 100, y: row * 100, w: 100, h: 100, elevation: 0, hidden: false, visible: true, ...over });
const hold = (id: string, holderId: string, heldId: string, look: TetherLook = { part: "arm", kind: "hold" }): TetherHold => ({ id, holderId, heldId, look, label: `${holderId} holds ${heldId}` });

function makeBoard(viewer: Viewer = GM): { board: TetherBoard; stage: PixiModule.Container } {
  const stage = new P.Container();
  const board = new TetherBoard(stage as never, {
    grid: SQUARE,
    viewer,
    text: (s) => new P.Text(s, { fontSize: 14 }) as never,
    heightText: (h) => `${h} ft`,
    pixi: { Container: P.Container, Graphics: P.Graphics } as never,
  });
  return { board, stage };
}

type Shape = { shape: { type: number; points?: number[]; x?: number; y?: number; radius?: number }; lineStyle: { color: number; width: number }; fillStyle: { visible: boolean; color: number } };
const shapesOf = (g: unknown): Shape[] => (g as { geometry: { graphicsData: Shape[] } }).geometry.graphicsData;

describe("the board", () => {
  it("draws one Graphics a shown hold, and none for a hold whose token is not on the map", () => {
    const { board } = makeBoard();
    for (const p of [at("o", 4, 5), at("f", 5, 5)]) board.place(p);
    expect(board.setHolds([hold("h1", "o", "f"), hold("h2", "ghost", "f")])).toBe(1);
    expect([...board.paths().keys()]).toEqual(["h1"]);
    expect(board.graphicsOf("h1")).toBeDefined();
    expect(board.graphicsOf("h2")).toBeUndefined();
  });

  it("the holder's end is a knot, the held's an arrowhead whose tip is the held end, in the part's colour", () => {
    const { board } = makeBoard();
    for (const p of [at("o", 4, 5), at("f", 5, 5)]) board.place(p);
    board.setHolds([hold("h1", "o", "f")]);
    const path = board.paths().get("h1");
    const shapes = shapesOf(board.graphicsOf("h1"));
    const circle = shapes.find((s) => s.shape.radius === 6);
    expect(circle?.shape.x).toBeCloseTo(path?.from.x ?? 0, 6);
    expect(circle?.fillStyle.color).toBe(PART_COLOURS.arm);
    const arrow = shapes.find((s) => s.fillStyle.visible && (s.shape.points?.length ?? 0) === 6);
    expect(arrow?.shape.points?.[0]).toBeCloseTo(path?.to.x ?? 0, 6);
    expect(arrow?.shape.points?.[1]).toBeCloseTo(path?.to.y ?? 0, 6);
  });

  it("each look draws its own way: a stranglehold's noose, a pin's bar and doubled line, a leg's dashes", () => {
    const { board } = makeBoard();
    for (const p of [at("a", 0, 0), at("b", 3, 0), at("c", 0, 3), at("d", 3, 3), at("e", 0, 6), at("f", 3, 6)]) board.place(p);
    board.setHolds([hold("s", "a", "b", { part: "throat", kind: "strangle" }), hold("p", "c", "d", { part: "body", kind: "pin" }), hold("l", "e", "f", { part: "leg", kind: "hold" })]);
    const strangle = shapesOf(board.graphicsOf("s"));
    expect(strangle.filter((s) => s.shape.radius === 10)).toHaveLength(2); // the noose: casing and colour
    expect(strangle.some((s) => s.lineStyle.color === PART_COLOURS.throat)).toBe(true);
    const pin = shapesOf(board.graphicsOf("p"));
    const plain = shapesOf(board.graphicsOf("l"));
    // The leg tether runs from x 70 to 330 (260 px), less 11 under the arrowhead: 249 px in 12-on, 6-off dashes
    // is thirteen 18 px rounds and a last 12 px dash: 14 pieces in the leg's colour, 5 px wide.
    expect(plain.filter((s) => s.lineStyle.color === PART_COLOURS.leg && s.lineStyle.width === 5)).toHaveLength(14);
    expect(pin.filter((s) => s.lineStyle.color === PART_COLOURS.body && s.lineStyle.width === 4).length).toBe(3); // two lines and the bar
  });

  it("a token that moves redraws its tethers and those at its partners whose ends moved, nothing else", () => {
    const { board } = makeBoard();
    // Sixty tokens in a 10×6 block; thirty holds, each token in its column's pair.
    const places: TokenPlace[] = [];
    for (let i = 0; i < 60; i++) places.push(at(`t${i}`, (i % 10) * 2, Math.floor(i / 10) * 2));
    for (const p of places) board.place(p);
    const holds = Array.from({ length: 30 }, (_, k) => hold(`h${k}`, `t${2 * k}`, `t${2 * k + 1}`));
    expect(board.setHolds(holds)).toBe(30);
    const before = board.redraws;
    // t0 moves one space down: only h0 is drawn again.
    expect(board.place(at("t0", 0, 1))).toBe(1);
    expect(board.redraws - before).toBe(1);
    // The same place again draws nothing; a token in no hold draws nothing.
    expect(board.place(at("t0", 0, 1))).toBe(0);
    board.setHolds(holds.slice(1));
    expect(board.place(at("t0", 0, 2))).toBe(0);
  });

  it("a partner's other tethers are redrawn only when their ends at the partner moved", () => {
    const { board } = makeBoard();
    // Two goblins on the fighter from the west and the north; a third holder far east holds the goblin g1.
    for (const p of [at("f", 5, 5), at("g1", 4, 5), at("g2", 5, 4), at("x", 9, 5)]) board.place(p);
    board.setHolds([hold("a", "g1", "f"), hold("b", "g2", "f"), hold("c", "x", "g1")]);
    // g2 steps from north to north-east: b is redrawn; a's end at the fighter stays where it was (π/4 and π are far apart).
    expect(board.place(at("g2", 6, 4))).toBe(1);
    // g2 moves onto the fighter's west, behind g1: b again, and a, whose end at the fighter now parts from b's.
    expect(board.place(at("g2", 3, 5))).toBe(2);
  });

  it("a hidden holder's tether is drawn for the GM only; shown again when the token is", () => {
    const player = makeBoard(PLAYER).board;
    const gm = makeBoard(GM).board;
    for (const b of [player, gm]) {
      for (const p of [at("o", 4, 5, { hidden: true }), at("f", 5, 5)]) b.place(p);
      b.setHolds([hold("h1", "o", "f")]);
    }
    expect([...player.paths().keys()]).toEqual([]);
    expect([...gm.paths().keys()]).toEqual(["h1"]);
    expect(player.place(at("o", 4, 5))).toBe(1);
    expect([...player.paths().keys()]).toEqual(["h1"]);
    // Out of the player's sight: gone again.
    player.place(at("f", 5, 5, { visible: false }));
    expect(player.graphicsOf("h1")).toBeUndefined();
  });

  it("a hold that ends takes its tether at once; a token gone takes its tethers", () => {
    const { board } = makeBoard();
    for (const p of [at("o", 4, 5), at("f", 5, 5), at("g", 6, 5)]) board.place(p);
    board.setHolds([hold("h1", "o", "f"), hold("h2", "g", "f")]);
    const g1 = board.graphicsOf("h1");
    board.setHolds([hold("h2", "g", "f")]);
    expect(g1?.destroyed).toBe(true);
    expect([...board.paths().keys()]).toEqual(["h2"]);
    board.remove("g");
    expect([...board.paths().keys()]).toEqual([]);
  });

  it("turning the viewer's tethers off clears the board; on again draws them back", () => {
    const { board } = makeBoard();
    for (const p of [at("o", 4, 5), at("f", 5, 5)]) board.place(p);
    board.setHolds([hold("h1", "o", "f")]);
    board.setViewer({ ...GM, enabled: false });
    expect(board.paths().size).toBe(0);
    board.setViewer(GM);
    expect(board.paths().size).toBe(1);
  });

  it("aloft: the ground line, a plumb line and the height beside the raised end", () => {
    const { board } = makeBoard();
    for (const p of [at("o", 4, 5, { elevation: 30, ground: 0 }), at("f", 5, 5, { elevation: 30, ground: 0 })]) board.place(p);
    board.setHolds([hold("h1", "o", "f")]);
    const g = board.graphicsOf("h1") as unknown as PixiModule.Graphics;
    const tag = g.children[0] as PixiModule.Text;
    expect(tag.text).toBe("▲ 30 ft");
    const path = board.paths().get("h1");
    expect(path?.from.y).toBeCloseTo(550 - 90, 9);
    // The ground line runs between the ends on the map, faint.
    const ground = shapesOf(g).find((s) => s.lineStyle.width === 4 && s.shape.points?.[1] === 550 && s.shape.points?.[3] === 550);
    expect(ground).toBeDefined();
  });

  it("hovering a tether shows its label beside it; away from it, none", () => {
    const { board } = makeBoard();
    for (const p of [at("o", 3, 5), at("f", 5, 5)]) board.place(p);
    board.setHolds([hold("h1", "o", "f")]);
    expect(board.hover({ x: 450, y: 554 })?.id).toBe("h1");
    const label = board.labelShown();
    expect(((label?.box.children[1] ?? null) as PixiModule.Text | null)?.text).toBe("o holds f");
    expect(label?.box.y).toBeCloseTo(550 - 14, 9);
    expect(board.hover({ x: 450, y: 600 })).toBeNull();
    expect(board.labelShown()).toBeNull();
    // Zoomed out to a half: the tolerance and the label double in map pixels.
    expect(board.hover({ x: 450, y: 564 }, 16, 2)?.id).toBe("h1");
    expect(board.labelShown()?.box.scale.x).toBe(2);
  });
});

describe("dashes and zig-zags", () => {
  it("a 30 px line in 12-on, 6-off dashes: 0–12 and 18–30", () => {
    expect(dashes([{ x: 0, y: 0 }, { x: 30, y: 0 }], 12, 6)).toEqual([
      [{ x: 0, y: 0 }, { x: 12, y: 0 }],
      [{ x: 18, y: 0 }, { x: 30, y: 0 }],
    ]);
  });
  it("dashes run on round a corner", () => {
    const d = dashes([{ x: 0, y: 0 }, { x: 8, y: 0 }, { x: 8, y: 10 }], 12, 4);
    expect(d[0]).toEqual([{ x: 0, y: 0 }, { x: 8, y: 0 }, { x: 8, y: 4 }]);
    expect(d[1]).toEqual([{ x: 8, y: 8 }, { x: 8, y: 10 }]);
  });
  it("a 20 px line zig-zagged 3 px each side every 6 px: turns at 6, 12 and 18", () => {
    expect(zigzag([{ x: 0, y: 0 }, { x: 20, y: 0 }], 3, 6)).toEqual([
      { x: 0, y: 0 },
      { x: 6, y: 3 },
      { x: 12, y: -3 },
      { x: 18, y: 3 },
      { x: 20, y: 0 },
    ]);
  });
});
