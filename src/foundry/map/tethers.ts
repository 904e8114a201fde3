/**
 * Tethers drawn with PIXI: one Graphics a hold, in a container of the module's canvas layer (map/
 * tether-scene.ts puts it there and feeds it). The board keeps where every token is drawn and
 * which holds there are; when a token changes, only the tethers at that token and at its partners
 * are laid out again, and only those whose line moved are drawn again. It writes nothing and asks
 * nothing of Foundry: it is given PIXI's classes, and the canvas's glue gives it the rest.
 *
 * The look (the same on every map, with a dark casing so it reads on light and dark ground):
 * - the holder's end is a knot, the held's end an arrowhead: the direction reads holder → held;
 * - the colour and the line say the part: arm amber and solid, leg green and dashed, body blue
 *   and broad, head violet and dotted; a stranglehold is red and zig-zag with a noose round the
 *   held end; a pin is a doubled line with a bar across the held end;
 * - aloft, the tether rises from the ground line (drawn faint beneath) to an end raised above the
 *   token, with a plumb line down and the height beside it.
 * - a hold made at a distance (a leash) runs as a braided line (light rings along the rope), with
 *   the ground the held creature may stand on outlined around the holder in dashes, faintly filled,
 *   and the leash's length written at the middle of the rope.
 * Hovering a tether shows its label beside it. The holds panel's Show sets one tether apart: a
 * pale glow beneath it and its label at its middle, until it is put back.
 */
import type { GridInfo, Point } from "./geometry.ts";
import type { LeashArea, TetherHold, TetherLook, TetherPath, TokenPlace, Viewer } from "./tether-geometry.ts";
import { anchorsAt, centreOf, directionOnPath, isAloft, leashArea, leashOutline, nearestOnPath, pointOnPath, samplePath, tetherAt, tetherPath, tetherShown, touchedBy } from "./tether-geometry.ts";

/** The PIXI classes the board uses (Foundry's own PIXI on the canvas; pixi.js 7 in tests). */
export interface PixiKit {
  readonly Container: new () => PIXI.Container;
  readonly Graphics: new () => PIXI.Graphics;
}

/** Makes a text object for a label (Foundry's PreciseText on the canvas). */
export type TextMaker = (text: string) => PIXI.Container;

export interface BoardOptions {
  readonly grid: GridInfo;
  readonly viewer: Viewer;
  readonly text: TextMaker;
  /** What the height beside a raised end reads ("30 ft"), from a height in grid units. */
  readonly heightText: (height: number) => string;
  /** What a leash's length reads ("10 ft"), from feet (default: the number and "ft"). */
  readonly leashText?: (feet: number) => string;
  readonly pixi?: PixiKit;
}

export const PART_COLOURS: Readonly<Record<TetherLook["part"], number>> = {
  arm: 0xf2b632,
  leg: 0x49c46a,
  body: 0x4aa3f0,
  head: 0xb88cf5,
  throat: 0xe5484d,
};
const CASING = 0x111111;

interface Drawn {
  readonly gfx: PIXI.Graphics;
  path: TetherPath;
  key: string;
}

function pathKey(p: TetherPath, look: TetherLook): string {
  const r = (n: number) => Math.round(n * 10) / 10;
  return [p.from.x, p.from.y, p.to.x, p.to.y, p.control.x, p.control.y, p.fromGround.x, p.fromGround.y, p.toGround.x, p.toGround.y].map(r).join(",") + `|${p.fromHeight}|${p.toHeight}|${look.part}|${look.kind}`;
}

function samePlace(a: TokenPlace | undefined, b: TokenPlace): boolean {
  return !!a && a.x === b.x && a.y === b.y && a.w === b.w && a.h === b.h && a.elevation === b.elevation && a.ground === b.ground && a.hidden === b.hidden && a.visible === b.visible;
}

export class TetherBoard {
  /** The board's own container: tethers below, the hover label above. */
  readonly root: PIXI.Container;
  private readonly lines: PIXI.Container;
  private readonly pixi: PixiKit;
  private grid: GridInfo;
  private viewer: Viewer;
  private readonly holds = new Map<string, TetherHold>();
  private readonly places = new Map<string, TokenPlace>();
  /** Hold ids at each token. */
  private readonly atToken = new Map<string, Set<string>>();
  /** Where each tether's end sits at each token (shown tethers only). */
  private readonly anchors = new Map<string, Map<string, Point>>();
  private readonly drawn = new Map<string, Drawn>();
  private label: { readonly holdId: string; readonly box: PIXI.Container } | null = null;
  private spot: { readonly holdId: string; readonly halo: PIXI.Graphics; readonly box: PIXI.Container } | null = null;
  /** Tethers drawn again since the board was made (for the bench and the tests). */
  redraws = 0;

  constructor(
    parent: PIXI.Container,
    private readonly options: BoardOptions,
  ) {
    this.pixi = options.pixi ?? (globalThis as unknown as { PIXI: PixiKit }).PIXI;
    this.grid = options.grid;
    this.viewer = options.viewer;
    this.root = new this.pixi.Container();
    this.root.eventMode = "none";
    this.lines = new this.pixi.Container();
    this.root.addChild(this.lines);
    parent.addChild(this.root);
  }

  /** The tethers shown now, with their paths. */
  paths(): ReadonlyMap<string, TetherPath> {
    return new Map([...this.drawn].map(([id, d]) => [id, d.path]));
  }

  /** The Graphics drawn for a hold (shown or not), for the tests. */
  graphicsOf(holdId: string): PIXI.Graphics | undefined {
    return this.drawn.get(holdId)?.gfx;
  }

  holdsNow(): TetherHold[] {
    return [...this.holds.values()];
  }

  placesNow(): TokenPlace[] {
    return [...this.places.values()];
  }

  setViewer(viewer: Viewer): void {
    this.viewer = viewer;
    this.relayout(new Set(this.places.keys()));
  }

  setGrid(grid: GridInfo): void {
    this.grid = grid;
    for (const d of this.drawn.values()) d.key = "";
    this.relayout(new Set(this.places.keys()));
  }

  /** The holds on the map now: tethers come, go or change look where the holds did. */
  setHolds(list: readonly TetherHold[]): number {
    const before = this.redraws;
    const next = new Map(list.map((h) => [h.id, h]));
    const touched = new Set<string>();
    for (const [id, h] of this.holds) {
      const n = next.get(id);
      if (n && n.holderId === h.holderId && n.heldId === h.heldId && n.look.part === h.look.part && n.look.kind === h.look.kind && n.leash === h.leash) continue;
      touched.add(h.holderId).add(h.heldId);
      this.unlink(h);
      this.holds.delete(id);
      this.hideTether(id);
    }
    for (const [id, h] of next) {
      const old = this.holds.get(id);
      if (old) {
        this.holds.set(id, h);
        continue;
      }
      this.holds.set(id, h);
      this.link(h);
      touched.add(h.holderId).add(h.heldId);
    }
    if (this.label && !this.holds.has(this.label.holdId)) this.hover(null);
    this.relayout(touched);
    return this.redraws - before;
  }

  /** A token as it is drawn now; returns how many tethers were drawn again. */
  place(p: TokenPlace): number {
    if (samePlace(this.places.get(p.id), p)) return 0;
    this.places.set(p.id, p);
    if (!this.atToken.has(p.id)) return 0;
    const before = this.redraws;
    this.relayout(touchedBy(p.id, this.holdsAt(p.id)));
    return this.redraws - before;
  }

  /** A token gone from the map: its tethers go with it. */
  remove(tokenId: string): void {
    if (!this.places.delete(tokenId)) return;
    this.relayout(touchedBy(tokenId, this.holdsAt(tokenId)));
  }

  /** Shows the label of the tether under `point` (map pixels), or none; `tolerance` in map pixels. */
  hover(point: Point | null, tolerance = 8, scale = 1): TetherHold | null {
    const path = point ? tetherAt(point, this.paths().values(), tolerance) : null;
    const hold = path ? (this.holds.get(path.id) ?? null) : null;
    if (this.label && (!hold || this.label.holdId !== hold.id)) {
      this.label.box.destroy({ children: true });
      this.label = null;
    }
    if (!hold || !path || !point) return null;
    if (!this.label) this.label = { holdId: hold.id, box: this.labelBox(hold.label) };
    const near = nearestOnPath(point, path).point;
    this.label.box.scale.set(scale);
    this.label.box.position.set(near.x, near.y - 14 * scale);
    return hold;
  }

  /**
   * Sets one tether apart (the holds panel's Show): a glow beneath it and its label at its
   * middle; null puts it back. False when that tether is not shown to this viewer.
   */
  spotlight(holdId: string | null): boolean {
    this.clearSpot();
    const d = holdId ? this.drawn.get(holdId) : undefined;
    const hold = holdId ? this.holds.get(holdId) : undefined;
    if (!holdId || !d || !hold) return false;
    const halo = new this.pixi.Graphics();
    this.paintHalo(halo, d.path);
    this.lines.addChildAt(halo, 0);
    const box = this.labelBox(hold.label);
    const mid = pointOnPath(d.path, 0.5);
    box.position.set(mid.x, mid.y - 14);
    this.spot = { holdId, halo, box };
    return true;
  }

  /** The tether set apart now, if any (for the tests). */
  spotlit(): string | null {
    return this.spot?.holdId ?? null;
  }

  private paintHalo(g: PIXI.Graphics, path: TetherPath): void {
    g.clear();
    line(g, samplePath(path, 20), { width: 26, color: 0xfff4c2, alpha: 0.4 });
  }

  private clearSpot(): void {
    if (!this.spot) return;
    this.spot.halo.destroy();
    this.spot.box.destroy({ children: true });
    this.spot = null;
  }

  /** The label shown now, if any (for the tests). */
  labelShown(): { holdId: string; box: PIXI.Container } | null {
    return this.label;
  }

  destroy(): void {
    this.clearSpot();
    this.label?.box.destroy({ children: true });
    this.label = null;
    this.root.destroy({ children: true });
    this.drawn.clear();
  }

  // -------------------------------------------------------------------------------------------

  private holdsAt(tokenId: string): TetherHold[] {
    return [...(this.atToken.get(tokenId) ?? [])].map((id) => this.holds.get(id)).filter((h): h is TetherHold => h !== undefined);
  }

  private link(h: TetherHold): void {
    for (const t of [h.holderId, h.heldId]) {
      const set = this.atToken.get(t) ?? new Set<string>();
      set.add(h.id);
      this.atToken.set(t, set);
    }
  }

  private unlink(h: TetherHold): void {
    for (const t of [h.holderId, h.heldId]) {
      const set = this.atToken.get(t);
      set?.delete(h.id);
      if (set && set.size === 0) this.atToken.delete(t);
    }
  }

  private shown(h: TetherHold): boolean {
    return tetherShown(this.viewer, this.places.get(h.holderId), this.places.get(h.heldId));
  }

  /** Lays out the ends at these tokens again and draws the tethers whose line moved. */
  private relayout(tokens: ReadonlySet<string>): void {
    for (const id of tokens) {
      const p = this.places.get(id);
      const ends = this.holdsAt(id)
        .filter((h) => this.shown(h))
        .map((h) => {
          const otherId = h.holderId === id ? h.heldId : h.holderId;
          return { holdId: h.id, otherId, toward: centreOf(this.places.get(otherId) as TokenPlace) };
        });
      if (!p || ends.length === 0) this.anchors.delete(id);
      else this.anchors.set(id, anchorsAt(p, ends));
    }
    const candidates = new Set<string>();
    for (const id of tokens) for (const h of this.atToken.get(id) ?? []) candidates.add(h);
    for (const id of candidates) {
      const h = this.holds.get(id);
      if (!h) continue;
      if (!this.shown(h)) {
        this.hideTether(id);
        continue;
      }
      const from = this.anchors.get(h.holderId)?.get(id);
      const to = this.anchors.get(h.heldId)?.get(id);
      if (!from || !to) continue;
      const path = tetherPath(id, this.places.get(h.holderId) as TokenPlace, this.places.get(h.heldId) as TokenPlace, from, to, this.grid);
      const area = h.leash !== undefined ? leashArea(this.places.get(h.holderId) as TokenPlace, h.leash, this.grid) : null;
      const key = `${pathKey(path, h.look)}|${h.leash ?? 0}|${area ? [area.centre.x, area.centre.y, area.halfW, area.halfH].join(",") : ""}`;
      const d = this.drawn.get(id);
      if (d && d.key === key) continue;
      const gfx = d?.gfx ?? this.lines.addChild(new this.pixi.Graphics());
      gfx.visible = true;
      const leash = area && h.leash !== undefined ? { area, text: (this.options.leashText ?? ((f: number) => `${f} ft`))(h.leash) } : undefined;
      paintTether(gfx, path, h.look, this.options.text, this.options.heightText, leash);
      this.drawn.set(id, { gfx, path, key });
      if (this.spot?.holdId === id) {
        this.paintHalo(this.spot.halo, path);
        const mid = pointOnPath(path, 0.5);
        this.spot.box.position.set(mid.x, mid.y - 14);
      }
      this.redraws++;
    }
  }

  private hideTether(id: string): void {
    const d = this.drawn.get(id);
    if (!d) return;
    d.gfx.destroy({ children: true });
    this.drawn.delete(id);
    if (this.label?.holdId === id) this.hover(null);
    if (this.spot?.holdId === id) this.clearSpot();
  }

  private labelBox(text: string): PIXI.Container {
    const box = new this.pixi.Container();
    const t = this.options.text(text);
    const bounds = t.getLocalBounds();
    const pad = 5;
    const bg = new this.pixi.Graphics();
    bg.lineStyle({ width: 1, color: 0xffffff, alpha: 0.35 });
    bg.beginFill(0x0d0d12, 0.86);
    bg.drawRoundedRect(-bounds.width / 2 - pad, -bounds.height - pad, bounds.width + 2 * pad, bounds.height + 2 * pad, 4);
    bg.endFill();
    t.position.set(-bounds.width / 2 - bounds.x, -bounds.height - bounds.y);
    box.addChild(bg, t);
    this.root.addChild(box);
    return box;
  }
}

// ---------------------------------------------------------------------------------------------
// Painting one tether.

type Style = { width: number; color: number; alpha?: number };

function line(g: PIXI.Graphics, pts: readonly Point[], s: Style): void {
  if (pts.length < 2) return;
  g.lineStyle({ width: s.width, color: s.color, alpha: s.alpha ?? 1, cap: "round" as never, join: "round" as never });
  g.moveTo((pts[0] as Point).x, (pts[0] as Point).y);
  for (let i = 1; i < pts.length; i++) g.lineTo((pts[i] as Point).x, (pts[i] as Point).y);
}

/** Pieces `on` long with `off` between them along a polyline. */
export function dashes(pts: readonly Point[], on: number, off: number): Point[][] {
  const out: Point[][] = [];
  let drawing = true;
  let left = on;
  let current: Point[] = [pts[0] as Point];
  for (let i = 1; i < pts.length; i++) {
    let a = pts[i - 1] as Point;
    const b = pts[i] as Point;
    let seg = Math.hypot(b.x - a.x, b.y - a.y);
    while (seg > 1e-9) {
      const step = Math.min(seg, left);
      const t = step / seg;
      const p = { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
      if (drawing) current.push(p);
      seg -= step;
      left -= step;
      a = p;
      if (left <= 1e-9) {
        if (drawing && current.length > 1) out.push(current);
        drawing = !drawing;
        left = drawing ? on : off;
        current = [p];
      }
    }
  }
  if (drawing && current.length > 1) out.push(current);
  return out;
}

/** A zig-zag along the polyline: `amplitude` either side, a turn every `step` pixels. */
export function zigzag(pts: readonly Point[], amplitude: number, step: number): Point[] {
  const out: Point[] = [pts[0] as Point];
  let side = 1;
  let carried = 0;
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1] as Point;
    const b = pts[i] as Point;
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    if (len < 1e-9) continue;
    const nx = -(b.y - a.y) / len;
    const ny = (b.x - a.x) / len;
    let d = step - carried;
    while (d < len) {
      const t = d / len;
      out.push({ x: a.x + (b.x - a.x) * t + nx * amplitude * side, y: a.y + (b.y - a.y) * t + ny * amplitude * side });
      side = -side;
      d += step;
    }
    carried = len - (d - step);
  }
  out.push(pts[pts.length - 1] as Point);
  return out;
}

function offsetLine(pts: readonly Point[], by: number): Point[] {
  return pts.map((p, i) => {
    const a = pts[Math.max(0, i - 1)] as Point;
    const b = pts[Math.min(pts.length - 1, i + 1)] as Point;
    const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
    return { x: p.x - ((b.y - a.y) / len) * by, y: p.y + ((b.x - a.x) / len) * by };
  });
}

/** Draws the line in the look's pattern: casing first, then the colour on top. */
function rope(g: PIXI.Graphics, pts: readonly Point[], look: TetherLook, colour: number): void {
  const core = look.part === "body" ? 6 : 5;
  const pieces = look.kind === "strangle" ? [zigzag(pts, 3, 6)] : look.part === "leg" ? dashes(pts, 12, 6) : look.part === "head" ? dashes(pts, 2, 6) : [pts as Point[]];
  if (look.kind === "pin") {
    for (const by of [-3.5, 3.5]) for (const piece of pieces) line(g, offsetLine(piece, by), { width: core + 3, color: CASING, alpha: 0.8 });
    for (const by of [-3.5, 3.5]) for (const piece of pieces) line(g, offsetLine(piece, by), { width: core - 2, color: colour });
    return;
  }
  for (const piece of pieces) line(g, piece, { width: core + 4, color: CASING, alpha: 0.8 });
  for (const piece of pieces) line(g, piece, { width: core, color: colour });
}

function arrowhead(g: PIXI.Graphics, tip: Point, dir: Point, colour: number): void {
  const len = 15;
  const half = 8;
  const base = { x: tip.x - dir.x * len, y: tip.y - dir.y * len };
  const pts = [tip.x, tip.y, base.x - dir.y * half, base.y + dir.x * half, base.x + dir.y * half, base.y - dir.x * half];
  g.lineStyle({ width: 2, color: CASING, alpha: 0.9, join: "round" as never });
  g.beginFill(colour, 1);
  g.drawPolygon(pts);
  g.endFill();
}

function knot(g: PIXI.Graphics, at: Point, colour: number): void {
  g.lineStyle({ width: 2, color: CASING, alpha: 0.9 });
  g.beginFill(colour, 1);
  g.drawCircle(at.x, at.y, 6);
  g.endFill();
}

function noose(g: PIXI.Graphics, at: Point, colour: number): void {
  g.lineStyle({ width: 6, color: CASING, alpha: 0.8 });
  g.drawCircle(at.x, at.y, 10);
  g.lineStyle({ width: 3, color: colour, alpha: 1 });
  g.drawCircle(at.x, at.y, 10);
}

function crossbar(g: PIXI.Graphics, at: Point, dir: Point, colour: number): void {
  const half = 12;
  const back = { x: at.x - dir.x * 17, y: at.y - dir.y * 17 };
  const a = { x: back.x - dir.y * half, y: back.y + dir.x * half };
  const b = { x: back.x + dir.y * half, y: back.y - dir.x * half };
  line(g, [a, b], { width: 8, color: CASING, alpha: 0.8 });
  line(g, [a, b], { width: 4, color: colour });
}

/** A leash: the ground its creature may stand on (faint fill, dashed edge) around the holder. */
function leashGround(g: PIXI.Graphics, area: LeashArea, colour: number): void {
  const outline = leashOutline(area);
  g.lineStyle({ width: 0 });
  g.beginFill(colour, 0.08);
  g.drawPolygon(outline.flatMap((p) => [p.x, p.y]));
  g.endFill();
  for (const piece of dashes(outline, 10, 7)) line(g, piece, { width: 5, color: CASING, alpha: 0.55 });
  for (const piece of dashes(outline, 10, 7)) line(g, piece, { width: 2.5, color: colour, alpha: 0.95 });
}

/** A leash's rope: light rings along it, every `step` pixels (a braid), over the ordinary line. */
export function braidRings(pts: readonly Point[], step: number): Point[] {
  const out: Point[] = [];
  let next = step / 2;
  let run = 0;
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1] as Point;
    const b = pts[i] as Point;
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    while (next <= run + len && len > 1e-9) {
      const t = (next - run) / len;
      out.push({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });
      next += step;
    }
    run += len;
  }
  return out;
}

/** Draws one tether into `g` (cleared first); `leash`: a hold made at a distance, its ground and length. */
export function paintTether(g: PIXI.Graphics, path: TetherPath, look: TetherLook, text: TextMaker, heightText: (h: number) => string, leash?: { readonly area: LeashArea; readonly text: string }): void {
  g.clear();
  for (const c of g.removeChildren()) c.destroy({ children: true });
  const colour = PART_COLOURS[look.part];
  const aloft = isAloft(path);
  if (leash) leashGround(g, leash.area, colour);
  if (aloft) {
    // The ground line beneath, and a plumb line down from each raised end.
    line(g, [path.fromGround, path.toGround], { width: 4, color: CASING, alpha: 0.28 });
    for (const [top, foot] of [[path.from, path.fromGround], [path.to, path.toGround]] as const) {
      if (Math.abs(top.y - foot.y) < 1) continue;
      for (const piece of dashes([top, foot], 4, 4)) line(g, piece, { width: 4, color: CASING, alpha: 0.6 });
      for (const piece of dashes([top, foot], 4, 4)) line(g, piece, { width: 2, color: 0xf4f1e8, alpha: 0.9 });
      g.lineStyle({ width: 0 });
      g.beginFill(CASING, 0.45);
      g.drawEllipse(foot.x, foot.y, 7, 3.5);
      g.endFill();
    }
  }
  const pts = samplePath(path, 20);
  // The rope stops short of the held end, under the arrowhead (or the noose, or the bar).
  const end = directionOnPath(path, 1);
  const stop = look.kind === "strangle" ? 10 : look.kind === "pin" ? 17 : 11;
  const ropePts = trimEnd(pts, stop);
  rope(g, ropePts, look, colour);
  if (leash) {
    for (const p of braidRings(ropePts, 16)) {
      g.lineStyle({ width: 1.5, color: CASING, alpha: 0.9 });
      g.beginFill(0xf4f1e8, 1);
      g.drawCircle(p.x, p.y, 3.5);
      g.endFill();
    }
    const mid = pointOnPath(path, 0.5);
    const tag = text(`⟷ ${leash.text}`);
    const b = tag.getLocalBounds();
    tag.position.set(mid.x - b.width / 2 - b.x, mid.y - b.height - 8 - b.y);
    g.addChild(tag);
  }
  knot(g, path.from, colour);
  if (look.kind === "strangle") noose(g, path.to, colour);
  else if (look.kind === "pin") {
    crossbar(g, path.to, end, colour);
    arrowhead(g, path.to, end, colour);
  } else arrowhead(g, path.to, end, colour);
  if (aloft) {
    const top = path.toHeight >= path.fromHeight ? path.to : path.from;
    const height = Math.max(path.fromHeight, path.toHeight);
    const tag = text(`▲ ${heightText(height)}`);
    const b = tag.getLocalBounds();
    tag.position.set(top.x + 10 - b.x, top.y - b.height - 4 - b.y);
    g.addChild(tag);
  }
}

/** The polyline cut short by `by` pixels at its end (never to nothing). */
function trimEnd(pts: readonly Point[], by: number): Point[] {
  const out = [...pts];
  let left = by;
  while (out.length > 1 && left > 0) {
    const b = out[out.length - 1] as Point;
    const a = out[out.length - 2] as Point;
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    if (len > left) {
      const t = (len - left) / len;
      out[out.length - 1] = { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
      return out;
    }
    if (out.length === 2) {
      out[1] = { x: a.x + (b.x - a.x) * 0.5, y: a.y + (b.y - a.y) * 0.5 };
      return out;
    }
    out.pop();
    left -= len;
  }
  return out;
}
