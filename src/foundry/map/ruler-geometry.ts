/**
 * The ruler's geometry while a creature in a hold is dragged: for each step of the dragged path,
 * whether it lies within the pace the group has left this round or beyond it, where the path
 * crosses that pace, and the words the last waypoint shows. Pure: plain points, lengths in grid
 * units as the host measured them, and the rules' pace (rules/core/pace-left.ts) in feet; the
 * Foundry side (map/ruler.ts) only reads the ruler's waypoints into these.
 */
import type { PaceLeft } from "../../rules/index.ts";
import { beyondPace } from "../../rules/index.ts";
import type { Point } from "./geometry.ts";

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
