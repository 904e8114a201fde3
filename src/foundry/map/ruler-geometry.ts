/**
 * The ruler's geometry while a creature in a hold is dragged: for each step of the dragged path,
 * whether it lies within the pace the group has left this round or beyond it, where the path
 * crosses that pace, and the words the last waypoint shows; and, for a creature held at a distance
 * (a leash), where the path leaves the leash and how far past it it ends. Pure: plain points, lengths in grid
 * units as the host measured them, and the rules' pace (rules/core/pace-left.ts) in feet; the
 * Foundry side (map/ruler.ts) only reads the ruler's waypoints into these.
 */
import type { PaceLeft } from "../../rules/index.ts";
import { beyondPace } from "../../rules/index.ts";
import type { GridInfo, Point, Spot } from "./geometry.ts";
import { reachFeet } from "./geometry.ts";

/** How a step of the path is drawn: as the host draws it, within the group's pace, or beyond it. */
export type RulerMark = "host" | "within" | "beyond";

/** One point of the dragged path and its length from where the drag began, in grid units. */
export interface PathPoint extends Point {
  readonly along: number;
}

/** The mark of the step ending `along` grid units from the drag's start. */
export function markAt(pace: PaceLeft, along: number, unitFeet: number): RulerMark {
  if (pace.kind === "free") return "host";
  return beyondPace(pace, along * unitFeet) ? "beyond" : "within";
}

/**
 * The path cut where the pace runs out: the part within it, the part beyond it (sharing the cut
 * point), and the cut itself (null where the whole path is within, or the pace is not counted).
 * A step is cut in proportion to its length, as a straight segment between its two points.
 */
export function splitAtPace(points: readonly PathPoint[], pace: PaceLeft, unitFeet: number): { within: Point[]; beyond: Point[]; cut: Point | null } {
  const first = points[0];
  if (!first) return { within: [], beyond: [], cut: null };
  const leftUnits = pace.kind === "heldFast" ? 0 : pace.kind === "paced" && pace.leftFeet !== null ? pace.leftFeet / unitFeet : null;
  if (leftUnits === null) return { within: points.map(pt), beyond: [], cut: null };
  if (leftUnits <= 0) return { within: [pt(first)], beyond: points.map(pt), cut: pt(first) };
  const within: Point[] = [pt(first)];
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1] as PathPoint;
    const b = points[i] as PathPoint;
    if (b.along <= leftUnits + 1e-6) {
      within.push(pt(b));
      continue;
    }
    const span = b.along - a.along;
    const f = span > 0 ? Math.max(0, Math.min(1, (leftUnits - a.along) / span)) : 0;
    const cut = { x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f };
    within.push(cut);
    return { within, beyond: [cut, ...points.slice(i).map(pt)], cut };
  }
  return { within, beyond: [], cut: null };
}

function pt(p: Point): Point {
  return { x: p.x, y: p.y };
}

/** The words at the end of the dragged path (an i18n key and its numbers), or null where the host's label stands alone. */
export function paceWords(pace: PaceLeft, pathFeet: number): { readonly key: string; readonly params: Readonly<Record<string, number>>; readonly beyond: boolean } | null {
  if (pace.kind === "free") return null;
  if (pace.kind === "heldFast") return { key: "WC.Ruler.heldFast", params: { left: 0 }, beyond: pathFeet > 0.01 };
  if (pace.leftFeet === null || pace.limitFeet === null) return null;
  const feet = Math.round(pathFeet);
  if (pathFeet > pace.leftFeet + 0.01) return { key: "WC.Ruler.beyond", params: { over: Math.max(1, Math.round(pathFeet - pace.leftFeet)), left: pace.leftFeet, limit: pace.limitFeet, feet }, beyond: true };
  return { key: "WC.Ruler.within", params: { left: Math.max(0, Math.round(pace.leftFeet - pathFeet)), limit: pace.limitFeet, feet }, beyond: false };
}

// ---------------------------------------------------------------------------------------------
// The leash (a hold made at a distance, map/leash.ts): where the dragged path leaves it.

/** A leash on the dragged creature: where its holder stands and how far it reaches (feet). */
export interface LeashLine {
  readonly holder: Spot;
  readonly feet: number;
}

/** Feet past the farthest-stretched leash when the creature stands at `at` (0: within every leash). */
export function pastLeash(leashes: readonly LeashLine[], at: Spot, grid: GridInfo): number {
  let over = 0;
  for (const l of leashes) over = Math.max(over, reachFeet(l.holder, at, grid) - l.feet);
  return over > 0.01 ? over : 0;
}

/** The mark of a step ending with the creature at `at`: beyond a leash, or within every one (none: the host's). */
export function leashMark(leashes: readonly LeashLine[], at: Spot, grid: GridInfo): RulerMark {
  if (leashes.length === 0) return "host";
  return pastLeash(leashes, at, grid) > 0 ? "beyond" : "within";
}

/**
 * Where the dragged path (the creature's top-left corners, `size` its spaces) first leaves a
 * leash: the point, and how far along the path it lies (grid units, as `along` counts them); null
 * where the path stays within. Each step is searched as a straight segment: sampled a tenth of a
 * space at a time, then narrowed by halving between the last point within and the first beyond.
 */
export function leashCut(points: readonly PathPoint[], size: { readonly width: number; readonly height: number }, leashes: readonly LeashLine[], grid: GridInfo): { readonly cut: Point; readonly along: number } | null {
  if (leashes.length === 0) return null;
  const at = (p: Point): Spot => ({ x: p.x, y: p.y, width: size.width, height: size.height });
  const out = (p: Point) => pastLeash(leashes, at(p), grid) > 0;
  const first = points[0];
  if (!first) return null;
  if (out(first)) return { cut: pt(first), along: first.along };
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1] as PathPoint;
    const b = points[i] as PathPoint;
    const lerp = (f: number): Point => ({ x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f });
    const n = Math.max(1, Math.ceil((Math.hypot(b.x - a.x, b.y - a.y) / Math.max(1, Math.min(grid.sizeX, grid.sizeY))) * 10));
    let lo = 0;
    let hi = -1;
    for (let s = 1; s <= n; s++) {
      if (out(lerp(s / n))) {
        hi = s / n;
        break;
      }
      lo = s / n;
    }
    if (hi < 0) continue;
    for (let k = 0; k < 12; k++) {
      const mid = (lo + hi) / 2;
      if (out(lerp(mid))) hi = mid;
      else lo = mid;
    }
    const c = lerp(hi);
    return { cut: { x: Math.round(c.x * 100) / 100, y: Math.round(c.y * 100) / 100 }, along: a.along + (b.along - a.along) * hi };
  }
  return null;
}

/** The words for the path's end against its leashes: how far it ends from the holder beyond the leash, or how much rope is left. */
export function leashWords(leashes: readonly LeashLine[], at: Spot, grid: GridInfo): { readonly key: string; readonly params: Readonly<Record<string, number>>; readonly beyond: boolean } | null {
  if (leashes.length === 0) return null;
  let worst: { l: LeashLine; feet: number } | null = null;
  for (const l of leashes) {
    const feet = reachFeet(l.holder, at, grid);
    if (!worst || feet - l.feet > worst.feet - worst.l.feet) worst = { l, feet };
  }
  if (!worst) return null;
  const r = (n: number) => Math.round(n * 10) / 10;
  if (worst.feet > worst.l.feet + 0.01) return { key: "WC.Ruler.leashBeyond", params: { leash: r(worst.l.feet), feet: r(worst.feet), over: r(worst.feet - worst.l.feet) }, beyond: true };
  return { key: "WC.Ruler.leashWithin", params: { leash: r(worst.l.feet), feet: r(worst.feet) }, beyond: false };
}
