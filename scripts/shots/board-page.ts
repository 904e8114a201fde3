/**
 * The board page of `npm run shots` (bundled by scripts/shots/board.ts, run in Chromium with
 * Foundry's PIXI 7 as the global `PIXI`): a map, its grid, the tokens as a client draws them
 * (Foundry's look approximated: a round portrait with a ring, the name under it, the elevation
 * above, a hidden token faint for the GM and absent for a player), and over them the module's own
 * tethers board fed with what that client's board held.
 */
import type { BoardShot, BoardToken, RulerShot } from "./board.ts";
import { TetherBoard } from "../../src/foundry/map/tethers.ts";

import type * as Pixi from "pixi.js";

declare const PIXI: typeof Pixi;

const GROUNDS = {
  dark: { floor: 0x2b2a2e, speckle: 0x3a383e, grid: 0x000000, gridAlpha: 0.45, name: 0xffffff },
  light: { floor: 0xe9dfc6, speckle: 0xd8ccae, grid: 0x3b2f1e, gridAlpha: 0.35, name: 0xffffff },
} as const;

function text(s: string, size = 15, colour = 0xffffff): Pixi.Text {
  return new PIXI.Text(s, { fontFamily: "Signika, 'DejaVu Sans', sans-serif", fontSize: size, fill: colour, stroke: 0x000000, strokeThickness: 3 });
}

function drawGrid(g: Pixi.Graphics, shot: BoardShot, colour: number, alpha: number): void {
  const { grid, width, height } = shot;
  g.lineStyle({ width: 1, color: colour, alpha });
  if (grid.type === 1) {
    for (let x = 0; x <= width; x += grid.sizeX) g.moveTo(x, 0).lineTo(x, height);
    for (let y = 0; y <= height; y += grid.sizeY) g.moveTo(0, y).lineTo(width, y);
  } else if (grid.type === 2 || grid.type === 3) {
    // Pointy-topped hexes in rows: each row half a hex across from the one above.
    const w = grid.sizeX;
    const h = grid.sizeY;
    for (let row = -1; row * 0.75 * h < height + h; row++) {
      for (let col = -1; col * w < width + w; col++) {
        const cx = col * w + (row % 2 !== 0 ? w / 2 : 0) + w / 2;
        const cy = row * 0.75 * h + h / 2;
        g.drawPolygon([cx, cy - h / 2, cx + w / 2, cy - h / 4, cx + w / 2, cy + h / 4, cx, cy + h / 2, cx - w / 2, cy + h / 4, cx - w / 2, cy - h / 4]);
      }
    }
  }
}

function drawToken(layer: Pixi.Container, t: BoardToken, shot: BoardShot): void {
  const c = new PIXI.Container();
  c.alpha = t.hidden ? 0.5 : 1;
  const face = new PIXI.Graphics();
  const r = Math.min(t.w, t.h) / 2 - 4;
  const colour = PIXI.Color.shared.setValue(t.colour).toNumber();
  face.lineStyle({ width: 4, color: 0x111111, alpha: 0.9 });
  face.beginFill(colour, 1);
  if (t.w !== t.h) face.drawEllipse(t.x + t.w / 2, t.y + t.h / 2, t.w / 2 - 4, t.h / 2 - 4);
  else face.drawCircle(t.x + t.w / 2, t.y + t.h / 2, r);
  face.endFill();
  face.lineStyle({ width: 2, color: 0xf0e6c8, alpha: 0.7 });
  face.drawCircle(t.x + t.w / 2, t.y + t.h / 2, r - 6);
  c.addChild(face);
  const initial = text(t.name.slice(0, 1), Math.round(r * 0.9), 0xf6efd8);
  initial.anchor.set(0.5);
  initial.position.set(t.x + t.w / 2, t.y + t.h / 2);
  c.addChild(initial);
  if (t.nameplate) {
    const name = text(t.name, 15);
    name.anchor.set(0.5, 0);
    name.position.set(t.x + t.w / 2, t.y + t.h + 2);
    c.addChild(name);
  }
  if (t.elevation !== 0) {
    const e = text(`${t.elevation} ${shot.grid.units}`, 14);
    e.anchor.set(0.5, 1);
    e.position.set(t.x + t.w / 2, t.y - 2);
    c.addChild(e);
  }
  if (t.hidden) {
    const mark = text("hidden", 12, 0xdddddd);
    mark.anchor.set(0.5);
    mark.position.set(t.x + t.w / 2, t.y + t.h / 2 + r * 0.55);
    c.addChild(mark);
  }
  layer.addChild(c);
}

/** A drag's ruler as the host draws it from the styles the ruler class gave: spaces, the path, the token's ghost, the last label. */
function drawRuler(stage: Pixi.Container, r: RulerShot): void {
  const g = new PIXI.Graphics();
  for (const s of r.spaces) {
    g.beginFill(s.colour, s.alpha * 0.6);
    g.drawRect(s.x + 2, s.y + 2, s.w - 4, s.h - 4);
    g.endFill();
  }
  for (const s of r.segments) {
    g.lineStyle({ width: s.width + 4, color: 0x000000, alpha: 0.6 });
    g.moveTo(s.from.x, s.from.y).lineTo(s.to.x, s.to.y);
    g.lineStyle({ width: s.width, color: s.colour, alpha: 1 });
    g.moveTo(s.from.x, s.from.y).lineTo(s.to.x, s.to.y);
  }
  for (const s of r.segments) {
    g.lineStyle({ width: 2, color: 0x000000, alpha: 0.8 });
    g.beginFill(s.colour, 1);
    g.drawCircle(s.to.x, s.to.y, 6);
    g.endFill();
  }
  g.lineStyle({ width: 3, color: 0xffffff, alpha: 0.8 });
  g.drawCircle(r.ghost.x + r.ghost.w / 2, r.ghost.y + r.ghost.h / 2, Math.min(r.ghost.w, r.ghost.h) / 2 - 6);
  stage.addChild(g);
  const label = text(r.label.text, 15, 0xffffff);
  label.anchor.set(0.5, 0);
  const pad = 6;
  const box = new PIXI.Graphics();
  box.lineStyle({ width: 2, color: r.label.beyond ? 0xd8402c : 0x888888, alpha: 1 });
  box.beginFill(0x111111, 0.85);
  const x = Math.min(Math.max(r.label.x, label.width / 2 + pad + 4), stage.width - label.width / 2 - pad - 4);
  box.drawRoundedRect(x - label.width / 2 - pad, r.label.y - 2, label.width + 2 * pad, label.height + 4, 6);
  box.endFill();
  label.position.set(x, r.label.y);
  stage.addChild(box);
  stage.addChild(label);
}

let app: Pixi.Application | null = null;

async function drawBoard(shot: BoardShot, ground: "dark" | "light"): Promise<void> {
  const look = GROUNDS[ground];
  // One application for every picture (a browser keeps only so many WebGL contexts), drawn on demand.
  app ??= new PIXI.Application({ width: shot.width, height: shot.height, antialias: true, resolution: 1, autoStart: false });
  if (!(app.view as HTMLCanvasElement).isConnected) document.body.appendChild(app.view as HTMLCanvasElement);
  app.renderer.resize(shot.width, shot.height);
  app.renderer.background.color = look.floor;
  for (const c of app.stage.removeChildren()) c.destroy({ children: true });
  const floor = new PIXI.Graphics();
  // A little texture on the floor, the same every time.
  let seed = 7;
  const rand = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
  floor.beginFill(look.speckle, 0.6);
  for (let i = 0; i < 260; i++) floor.drawCircle(rand() * shot.width, rand() * shot.height, 2 + rand() * 9);
  floor.endFill();
  app.stage.addChild(floor);
  const grid = new PIXI.Graphics();
  drawGrid(grid, shot, look.grid, look.gridAlpha);
  app.stage.addChild(grid);
  // The tokens this client draws: a player never sees a hidden token or one out of sight.
  const tokens = new PIXI.Container();
  for (const t of shot.tokens) if (t.visible && (shot.viewer.isGM || !t.hidden)) drawToken(tokens, t, shot);
  app.stage.addChild(tokens);
  const layer = new PIXI.Container();
  app.stage.addChild(layer);
  const board = new TetherBoard(layer as never, {
    grid: shot.grid,
    viewer: shot.viewer,
    text: (s) => text(s, 15) as never,
    heightText: (h) => `${h} ${shot.grid.units} up`,
    pixi: PIXI as never,
  });
  for (const t of shot.tokens) board.place(t);
  board.setHolds(shot.holds);
  if (shot.hover) board.hover(shot.hover);
  if (shot.ruler) drawRuler(app.stage, shot.ruler);
  const bar = new PIXI.Graphics();
  bar.beginFill(0x000000, 0.72);
  bar.drawRect(0, shot.height - 26, shot.width, 26);
  bar.endFill();
  app.stage.addChild(bar);
  const caption = text(`${shot.role === "gm" ? "GM" : "Player"}: ${shot.title}`, 13, 0xffffff);
  caption.position.set(8, shot.height - 22);
  app.stage.addChild(caption);
  app.render();
}

(window as unknown as { drawBoard: typeof drawBoard }).drawBoard = drawBoard;
