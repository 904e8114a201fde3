/**
 * Where tokens stand, for moving a group together: square, hexagonal and gridless scenes. Pure
 * functions of the scene's grid data (`type` as CONST.GRID_TYPES numbers it, `size`, `sizeX`,
 * `sizeY`, `distance`, `units`) and the tokens' positions, so they are tested with hand-made
 * numbers. Hex centres form a lattice, so moving a token by the vector between two centres
 * always lands it on a centre: a group that moves by the mover's own step keeps its shape.
 */

export interface GridInfo {
  /** 0 gridless, 1 square, 2 and 3 hex rows (pointy-topped), 4 and 5 hex columns (flat-topped). */
  readonly type: number;
  readonly size: number;
  /** A grid space's width and height in pixels (hex spaces are not square). */
  readonly sizeX: number;
  readonly sizeY: number;
  /** Grid units per space, and what they are ("ft", "m", ...). */
  readonly distance: number;
  readonly units: string;
}

export interface Spot {
  readonly x: number;
  readonly y: number;
  /** In grid spaces. */
  readonly width: number;
  readonly height: number;
}

export interface Point {
  readonly x: number;
  readonly y: number;
}

export function isHex(g: GridInfo): boolean {
  return g.type >= 2 && g.type <= 5;
}

/** Feet in one grid unit, read from the scene's units (unknown units are taken as feet). */
export function feetPerUnit(units: string): number {
  const u = units.trim().toLowerCase().replace(/\.$/, "");
  if (["m", "meter", "meters", "metre", "metres"].includes(u)) return 3.28084;
  if (["yd", "yds", "yard", "yards"].includes(u)) return 3;
  if (["in", "inch", "inches", '"'].includes(u)) return 1 / 12;
  if (["mi", "mile", "miles"].includes(u)) return 5280;
  if (["km", "kilometer", "kilometers", "kilometre", "kilometres"].includes(u)) return 3280.84;
  return 1;
}

export function centre(s: Spot, g: GridInfo): Point {
  return { x: s.x + (s.width * g.sizeX) / 2, y: s.y + (s.height * g.sizeY) / 2 };
}

/** Axial hex coordinates of a pixel vector (fractional when it is not between centres). */
function axial(dx: number, dy: number, g: GridInfo): { q: number; r: number } {
  if (g.type === 2 || g.type === 3) {
    const r = dy / (0.75 * g.sizeY);
    return { q: (dx - (r * g.sizeX) / 2) / g.sizeX, r };
  }
  const q = dx / (0.75 * g.sizeX);
  return { q, r: (dy - (q * g.sizeY) / 2) / g.sizeY };
}

/** Steps between two hex centres (fractional for points off the lattice). */
export function hexSteps(a: Point, b: Point, g: GridInfo): number {
  const { q, r } = axial(b.x - a.x, b.y - a.y, g);
  return (Math.abs(q) + Math.abs(r) + Math.abs(q + r)) / 2;
}

/** Whole grid spaces between two footprints on a square grid (0 when touching or overlapping). */
export function squaresApart(a: Spot, b: Spot, g: GridInfo): number {
  const ax = a.x / g.sizeX;
  const ay = a.y / g.sizeY;
  const bx = b.x / g.sizeX;
  const by = b.y / g.sizeY;
  const dx = Math.max(0, bx - (ax + a.width), ax - (bx + b.width));
  const dy = Math.max(0, by - (ay + a.height), ay - (by + b.height));
  return Math.max(dx, dy);
}

/** Two footprints share ground (hex: their centres closer than their sizes allow). */
export function overlaps(a: Spot, b: Spot, g: GridInfo): boolean {
  if (isHex(g)) return hexSteps(centre(a, g), centre(b, g), g) < (a.width + b.width) / 2 - 0.49;
  const ax2 = a.x + a.width * g.sizeX;
  const ay2 = a.y + a.height * g.sizeY;
  const bx2 = b.x + b.width * g.sizeX;
  const by2 = b.y + b.height * g.sizeY;
  return a.x < bx2 - 0.5 && b.x < ax2 - 0.5 && a.y < by2 - 0.5 && b.y < ay2 - 0.5;
}

/** Two tokens stand next to each other (or overlap). */
export function adjacent(a: Spot, b: Spot, g: GridInfo): boolean {
  if (isHex(g)) return hexSteps(centre(a, g), centre(b, g), g) <= (a.width + b.width) / 2 + 0.01;
  if (g.type === 0) {
    const ca = centre(a, g);
    const cb = centre(b, g);
    return Math.hypot(cb.x - ca.x, cb.y - ca.y) <= ((a.width + b.width) / 2) * g.size * 1.5;
  }
  return squaresApart(a, b, g) === 0;
}

/** The steps from one space to a neighbouring one, in pixels. */
function neighbourSteps(g: GridInfo, towards: Point): Point[] {
  if (g.type === 2 || g.type === 3) {
    const w = g.sizeX;
    const h = 0.75 * g.sizeY;
    return [{ x: w, y: 0 }, { x: -w, y: 0 }, { x: w / 2, y: h }, { x: -w / 2, y: h }, { x: w / 2, y: -h }, { x: -w / 2, y: -h }];
  }
  if (g.type === 4 || g.type === 5) {
    const w = 0.75 * g.sizeX;
    const h = g.sizeY;
    return [{ x: 0, y: h }, { x: 0, y: -h }, { x: w, y: h / 2 }, { x: w, y: -h / 2 }, { x: -w, y: h / 2 }, { x: -w, y: -h / 2 }];
  }
  if (g.type === 0) {
    const len = Math.hypot(towards.x, towards.y) || 1;
    return [{ x: (towards.x / len) * g.size, y: (towards.y / len) * g.size }];
  }
  const s = [-1, 0, 1];
  return s.flatMap((i) => s.filter((j) => i !== 0 || j !== 0).map((j) => ({ x: i * g.sizeX, y: j * g.sizeY })));
}

/**
 * Where a token that comes along stands after the mover has gone from `from` to `to`: beside the
 * mover on the same side as before. Moved by the mover's own step (which keeps it on the grid
 * and on its side); if the two were apart, it then closes in on the mover a space at a time,
 * never onto it.
 */
export function besideAfterMove(from: Spot, to: Spot, other: Spot, g: GridInfo): Point {
  let p: Spot = { ...other, x: other.x + (to.x - from.x), y: other.y + (to.y - from.y) };
  for (let guard = 0; guard < 200 && !adjacent(to, p, g); guard++) {
    const target = centre(to, g);
    const here = centre(p, g);
    const towards = { x: target.x - here.x, y: target.y - here.y };
    let best: Spot | null = null;
    let bestDist = Math.hypot(towards.x, towards.y);
    for (const step of neighbourSteps(g, towards)) {
      const q: Spot = { ...p, x: p.x + step.x, y: p.y + step.y };
      if (overlaps(to, q, g)) continue;
      const c = centre(q, g);
      const d = Math.hypot(target.x - c.x, target.y - c.y);
      if (d < bestDist - 1e-6) {
        best = q;
        bestDist = d;
      }
    }
    if (!best) break;
    p = best;
  }
  return { x: Math.round(p.x), y: Math.round(p.y) };
}

/** Grid units from one position to another by the shortest path over spaces (gridless: straight). */
export function distanceBetween(from: Point, to: Point, g: GridInfo): number {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  if (isHex(g)) return Math.round(hexSteps({ x: 0, y: 0 }, { x: dx, y: dy }, g)) * g.distance;
  if (g.type === 0) return (Math.hypot(dx, dy) / g.size) * g.distance;
  return Math.max(Math.abs(Math.round(dx / g.sizeX)), Math.abs(Math.round(dy / g.sizeY))) * g.distance;
}

/**
 * The reach, in feet, an attack needs to touch `b` from `a`: one grid space for creatures side
 * by side (5 ft on a 5-ft grid), one more for each whole space between their footprints (square:
 * the larger of the two axes' gaps; hex: the steps between centres less the two sizes; gridless:
 * the straight gap between the two, in spaces, not rounded).
 */
export function reachFeet(a: Spot, b: Spot, g: GridInfo): number {
  const space = g.distance * feetPerUnit(g.units);
  if (isHex(g)) {
    const gap = hexSteps(centre(a, g), centre(b, g), g) - (a.width + b.width) / 2;
    return (Math.max(0, Math.round(gap)) + 1) * space;
  }
  if (g.type === 0) {
    const ca = centre(a, g);
    const cb = centre(b, g);
    const gap = Math.max(0, Math.hypot(cb.x - ca.x, cb.y - ca.y) - ((a.width + b.width) / 2) * g.size);
    return Math.round((1 + gap / g.size) * space * 10) / 10;
  }
  return (Math.round(squaresApart(a, b, g)) + 1) * space;
}
