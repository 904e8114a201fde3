// In a real Chromium with real PIXI 7 (WebGL): a small stage with tokens and holds renders its
// tethers where the geometry says, in each look's colour; a player's board shows nothing of a
// hidden holder; and PIXI's own mapping from the page to the stage finds a tether under the pointer.
import { page } from "vitest/browser";
import { expect, it } from "vitest";
import * as PIXI from "pixi.js";
import type { TetherHold, TokenPlace, Viewer } from "../../src/foundry/map/tether-geometry.ts";
import { PART_COLOURS, TetherBoard } from "../../src/foundry/map/tethers.ts";

const GRID = { type: 1, size: 100, sizeX: 100, sizeY: 100, distance: 5, units: "ft" };
const at = (id: string, col: number, row: number, over: Partial<TokenPlace> = {}): TokenPlace => ({ id, x: col * 100, y: row * 100, w: 100, h: 100, elevation: 0, hidden: false, visible: true, ...over });

const TOKENS = [at("ogre", 1, 1), at("fighter", 3, 1), at("goblin", 3, 3), at("thief", 1, 3, { hidden: true }), at("griffon", 5, 1, { elevation: 30, ground: 0 }), at("bat", 5, 3)];
const HOLDS: TetherHold[] = [
  { id: "arm", holderId: "ogre", heldId: "fighter", look: { part: "arm", kind: "hold" }, label: "Ogre holds Fighter: Arm" },
  { id: "strangle", holderId: "goblin", heldId: "fighter", look: { part: "throat", kind: "strangle" }, label: "Goblin holds Fighter: Stranglehold" },
  { id: "hidden", holderId: "thief", heldId: "goblin", look: { part: "leg", kind: "hold" }, label: "Thief holds Goblin: Leg" },
  { id: "lift", holderId: "griffon", heldId: "bat", look: { part: "body", kind: "pin" }, label: "Griffon holds Bat: Body" },
];

function stage(viewer: Viewer): { app: PIXI.Application; board: TetherBoard } {
  (globalThis as unknown as { PIXI: unknown }).PIXI = PIXI;
  const app = new PIXI.Application({ width: 700, height: 500, background: 0x2b2a2e, antialias: false, autoStart: false });
  document.body.append(app.view as HTMLCanvasElement);
  // A floor (what the extracted pixels show off the ropes), and tokens as plain discs under the tethers.
  app.stage.addChild(new PIXI.Graphics().beginFill(0x2b2a2e).drawRect(0, 0, 700, 500).endFill());
  const discs = new PIXI.Graphics();
  for (const t of TOKENS) if (viewer.isGM || !t.hidden) discs.beginFill(0x777777, t.hidden ? 0.5 : 1).drawCircle(t.x + 50, t.y + 50, 44).endFill();
  app.stage.addChild(discs);
  const layer = app.stage.addChild(new PIXI.Container());
  const board = new TetherBoard(layer as never, { grid: GRID, viewer, text: (s) => new PIXI.Text(s, { fontSize: 14, fill: 0xffffff }) as never, heightText: (h) => `${h} ft up` });
  for (const t of TOKENS) board.place(t);
  board.setHolds(HOLDS);
  app.render();
  return { app, board };
}

/** The colour of one pixel of the rendered stage. */
function pixel(app: PIXI.Application, x: number, y: number): number {
  const data = app.renderer.extract.pixels(app.stage, new PIXI.Rectangle(Math.round(x), Math.round(y), 1, 1));
  return ((data[0] ?? 0) << 16) | ((data[1] ?? 0) << 8) | (data[2] ?? 0);
}

const near = (a: number, b: number) => Math.abs((a >> 16) - (b >> 16)) < 24 && Math.abs(((a >> 8) & 255) - ((b >> 8) & 255)) < 24 && Math.abs((a & 255) - (b & 255)) < 24;

it("the GM's stage renders each tether from holder to held, in its look's colour", async () => {
  const { app, board } = stage({ isGM: true, enabled: true, playersSee: true });
  const paths = board.paths();
  expect([...paths.keys()].sort()).toEqual(["arm", "hidden", "lift", "strangle"]);
  // The arm hold runs along y 150 from inside the ogre (x 170) to inside the fighter (x 330).
  const arm = paths.get("arm");
  expect(arm?.from).toEqual({ x: 170, y: 150 });
  expect(arm?.to).toEqual({ x: 330, y: 150 });
  expect(near(pixel(app, 250, 150), PART_COLOURS.arm)).toBe(true);
  // Off the rope, the floor.
  expect(near(pixel(app, 250, 120), 0x2b2a2e)).toBe(true);
  // The griffon is 30 ft up: its end is raised 90 px above its token's.
  const lift = paths.get("lift");
  expect(lift?.from.y).toBeCloseTo(170 - 90, 9);
  expect(lift?.fromGround.y).toBe(170);
  await page.screenshot({ path: "tethers-gm.png" });
  app.destroy(true, { children: true });
});

it("a player's stage shows nothing of the hidden thief's hold", async () => {
  const { app, board } = stage({ isGM: false, enabled: true, playersSee: true });
  expect([...board.paths().keys()].sort()).toEqual(["arm", "lift", "strangle"]);
  // Where the GM sees the thief's leg tether (x 150 → 330 along y 350), the player sees the floor.
  expect(near(pixel(app, 240, 350), 0x2b2a2e)).toBe(true);
  await page.screenshot({ path: "tethers-player.png" });
  app.destroy(true, { children: true });
});

it("the pointer over a tether, mapped by PIXI from the page to the stage, shows its label", async () => {
  const { app, board } = stage({ isGM: true, enabled: true, playersSee: true });
  const view = app.view as HTMLCanvasElement;
  // The canvas shown at half its size: PIXI maps the page's pixels back to the stage's.
  view.style.width = "350px";
  view.style.height = "250px";
  const rect = view.getBoundingClientRect();
  const p = { x: 0, y: 0 };
  app.renderer.events.mapPositionToPoint(p as PIXI.Point, rect.left + 125, rect.top + 76);
  expect(p.x).toBeCloseTo(250, 0);
  expect(p.y).toBeCloseTo(152, 0);
  expect(board.hover(p)?.id).toBe("arm");
  app.render();
  await expect.poll(() => board.labelShown()?.holdId).toBe("arm");
  await page.screenshot({ path: "tethers-hover.png" });
  app.destroy(true, { children: true });
});
