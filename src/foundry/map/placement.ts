/**
 * Where the creatures a mover brings along stand after its move, so that no two land on each
 * other: each takes the free place beside the mover nearest to where the mover's own step would
 * put it (on the same side as before), or the move is refused, naming who finds no room. Pure
 * functions of the scene's grid data, the tokens' footprints and the walls that stop movement,
 * tested with numbers worked by hand (square grids, both hex orientations, gridless).
 *
 * - Beside: touching the mover's footprint (a diagonal counts on a square grid), as
 *   `adjacent` in geometry.ts says; never overlapping it. A creature held at a distance (a
 *   leash, map/leash.ts) may also stand as far off as the leash, so it keeps its distance.
 * - Free: overlapping no other token there (those that stay behind, and those already placed),
 *   and with no wall between the mover's centre and the place's centre.
 * - Nearest: the least straight distance from the place the step would give; ties go to the
 *   place higher on the map, then further left (so the answer never depends on the search).
 * - Order: the largest creature first (it has the fewest places that fit), then as given.
 * - Square and hex places keep the brought creature on its own lattice (its place moved by whole
 *   spaces); gridless places are the step's own place, or one touching the mover at 15° steps
 *   around it.
 */
import type { GridInfo, Point, Spot } from "./geometry.ts";
import { adjacent, centre, isHex, overlaps, reachFeet } from "./geometry.ts";

/** A wall that stops movement, as two end points in pixels. */
export interface Segment {
  readonly a: Point;
  readonly b: Point;
}

export interface Brought {
  readonly id: string;
  /** Where the mover's own step puts it (its size in grid spaces). */
  readonly wish: Spot;
  /** A hold between the two made at a distance: it may stand that far off (feet), not only beside. */
  readonly within?: number;
}

export interface PlaceAsk {
  /** The mover where it ends up. */
  readonly mover: Spot;
  readonly brought: readonly Brought[];
  /** Tokens that stand there and do not move. */
  readonly occupied: readonly Spot[];
  readonly walls: readonly Segment[];
}

export type Placement = { readonly ok: true; readonly places: ReadonlyMap<string, Point> } | { readonly ok: false; readonly id: string };

const cross = (o: Point, a: Point, b: Point) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);

function onSegment(p: Point, a: Point, b: Point): boolean {
  return Math.min(a.x, b.x) - 1e-9 <= p.x && p.x <= Math.max(a.x, b.x) + 1e-9 && Math.min(a.y, b.y) - 1e-9 <= p.y && p.y <= Math.max(a.y, b.y) + 1e-9;
}

/** Whether two segments meet (touching counts: a wall that ends on the path still stops it). */
export function segmentsMeet(p1: Point, p2: Point, q1: Point, q2: Point): boolean {
  const d1 = cross(q1, q2, p1);
  const d2 = cross(q1, q2, p2);
  const d3 = cross(p1, p2, q1);
  const d4 = cross(p1, p2, q2);
  if (((d1 > 1e-9 && d2 < -1e-9) || (d1 < -1e-9 && d2 > 1e-9)) && ((d3 > 1e-9 && d4 < -1e-9) || (d3 < -1e-9 && d4 > 1e-9))) return true;
  if (Math.abs(d1) <= 1e-9 && onSegment(p1, q1, q2)) return true;
  if (Math.abs(d2) <= 1e-9 && onSegment(p2, q1, q2)) return true;
  if (Math.abs(d3) <= 1e-9 && onSegment(q1, p1, p2)) return true;
  if (Math.abs(d4) <= 1e-9 && onSegment(q2, p1, p2)) return true;
  return false;
}

/** The two steps that span a grid's lattice of places, in pixels (gridless: none). */
function basis(g: GridInfo): [Point, Point] | null {
  if (g.type === 1) return [{ x: g.sizeX, y: 0 }, { x: 0, y: g.sizeY }];
  if (g.type === 2 || g.type === 3) return [{ x: g.sizeX, y: 0 }, { x: g.sizeX / 2, y: 0.75 * g.sizeY }];
  if (g.type === 4 || g.type === 5) return [{ x: 0, y: g.sizeY }, { x: 0.75 * g.sizeX, y: g.sizeY / 2 }];
  return null;
}

/** Places on the wish's lattice from which the mover could be touched. */
function latticePlaces(mover: Spot, wish: Spot, g: GridInfo, [e1, e2]: [Point, Point]): Spot[] {
  const m = centre(mover, g);
  const w = centre(wish, g);
  // The lattice coordinates of the mover's centre seen from the wish (solve a·e1 + b·e2 = d).
  const dx = m.x - w.x;
  const dy = m.y - w.y;
  const det = e1.x * e2.y - e1.y * e2.x;
  const a0 = Math.round((dx * e2.y - dy * e2.x) / det);
  const b0 = Math.round((e1.x * dy - e1.y * dx) / det);
  const reach = Math.ceil(Math.max(mover.width, mover.height) + Math.max(wish.width, wish.height)) + 1;
  const out: Spot[] = [];
  for (let a = a0 - reach; a <= a0 + reach; a++) {
    for (let b = b0 - reach; b <= b0 + reach; b++) {
      out.push({ ...wish, x: wish.x + a * e1.x + b * e2.x, y: wish.y + a * e1.y + b * e2.y });
    }
  }
  return out;
}

/** Gridless: the wish itself, and places touching the mover's footprint every 15° around it. */
function ringPlaces(mover: Spot, wish: Spot, g: GridInfo): Spot[] {
  const m = centre(mover, g);
  const half = { x: ((mover.width + wish.width) * g.sizeX) / 2, y: ((mover.height + wish.height) * g.sizeY) / 2 };
  const out: Spot[] = [wish];
  for (let k = 0; k < 24; k++) {
    const t = (k * Math.PI) / 12;
    const c = Math.cos(t);
    const s = Math.sin(t);
    // Out along the direction until the two boxes touch.
    const r = Math.min(Math.abs(c) > 1e-9 ? half.x / Math.abs(c) : Infinity, Math.abs(s) > 1e-9 ? half.y / Math.abs(s) : Infinity);
    const cx = m.x + c * r;
    const cy = m.y + s * r;
    out.push({ ...wish, x: Math.round(cx - (wish.width * g.sizeX) / 2), y: Math.round(cy - (wish.height * g.sizeY) / 2) });
  }
  return out;
}

function boxesOverlap(a: Spot, b: Spot, g: GridInfo): boolean {
  return a.x < b.x + b.width * g.sizeX - 0.5 && b.x < a.x + a.width * g.sizeX - 0.5 && a.y < b.y + b.height * g.sizeY - 0.5 && b.y < a.y + a.height * g.sizeY - 0.5;
}

function clash(a: Spot, b: Spot, g: GridInfo): boolean {
  return g.type === 0 ? boxesOverlap(a, b, g) : overlaps(a, b, g);
}

function walled(from: Point, to: Point, walls: readonly Segment[]): boolean {
  return walls.some((w) => segmentsMeet(from, to, w.a, w.b));
}

/** The free place beside the mover (or within `within` feet of it) nearest the wish, or null when there is none. */
export function nearestFree(mover: Spot, wish: Spot, taken: readonly Spot[], walls: readonly Segment[], g: GridInfo, within?: number): Point | null {
  const b = basis(g);
  const candidates = b ? latticePlaces(mover, wish, g, b) : ringPlaces(mover, wish, g);
  const m = centre(mover, g);
  const w = centre(wish, g);
  let best: { spot: Spot; d: number; c: Point } | null = null;
  for (const spot of candidates) {
    const near = adjacent(mover, spot, g) || (within !== undefined && reachFeet(mover, spot, g) <= within + 0.01);
    if (!near || clash(mover, spot, g)) continue;
    if (taken.some((t) => clash(t, spot, g))) continue;
    const c = centre(spot, g);
    if (walled(m, c, walls)) continue;
    const d = Math.hypot(c.x - w.x, c.y - w.y);
    const better = !best || d < best.d - 1e-6 || (Math.abs(d - best.d) <= 1e-6 && (c.y < best.c.y - 1e-6 || (Math.abs(c.y - best.c.y) <= 1e-6 && c.x < best.c.x)));
    if (better) best = { spot, d, c };
  }
  return best ? { x: Math.round(best.spot.x), y: Math.round(best.spot.y) } : null;
}

/** Places every brought creature (the largest first), or names the first that finds no room. */
export function placeGroup(ask: PlaceAsk, g: GridInfo): Placement {
  const order = ask.brought.map((b, i) => ({ b, i })).sort((p, q) => q.b.wish.width * q.b.wish.height - p.b.wish.width * p.b.wish.height || p.i - q.i);
  const taken: Spot[] = [...ask.occupied];
  const places = new Map<string, Point>();
  for (const { b } of order) {
    const p = nearestFree(ask.mover, b.wish, taken, ask.walls, g, b.within);
    if (!p) return { ok: false, id: b.id };
    places.set(b.id, p);
    taken.push({ ...b.wish, x: p.x, y: p.y });
  }
  return { ok: true, places };
}

/** Whether the grid is one this module can place on (square, hex or gridless). */
export function placeable(g: GridInfo): boolean {
  return g.type === 0 || g.type === 1 || isHex(g);
}
