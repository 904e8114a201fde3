/**
 * Tethers on the map, as numbers: a line from each holder to the creature it holds. Pure functions
 * of plain inputs (where a token is drawn at this moment, in pixels; its elevation in grid units;
 * whether this viewer sees it), so every rule here is tested with hand-made numbers and none of
 * them reads Foundry. The drawing is map/tethers.ts; reading the canvas, map/tether-scene.ts.
 *
 * - Where a tether runs: from a point inside the holder to a point inside the held, two fifths of
 *   the way from each token's centre to its edge, so a tether between two tokens side by side is
 *   still plain to see. The token's outline does not matter (square, hex or round): the ends stay inside it.
 * - Several tethers at one token fan out around it: each end takes the direction of the token at
 *   its other end, and ends closer than a rope's width are moved apart, as little as they can be.
 *   Two holds between the same two creatures (either way round) run side by side, not crossed.
 * - A creature above the ground (a lifted flier, or one higher than its partner) has its end of the
 *   tether raised above its token, with the ground line beneath: the tether shows it is aloft.
 * - What a viewer may see: a tether between two tokens the viewer sees; a GM sees hidden tokens,
 *   a player never does. A tether a player cannot see leaves no trace: it
 *   takes no place in the fan at the other token, so the spacing does not give it away.
 */
import type { GridInfo, Point } from "./geometry.ts";
import { feetPerUnit } from "./geometry.ts";

/** The part a hold is on, as the tether's colour and line show it. */
export type TetherPart = "arm" | "leg" | "body" | "head" | "throat";
/** What the hold is: an ordinary hold, a stranglehold, or a hold that pins the creature. */
export type TetherKind = "hold" | "strangle" | "pin";

export interface TetherLook {
  readonly part: TetherPart;
  readonly kind: TetherKind;
}

/** A token as the map draws it at this moment (during its movement animation too). */
export interface TokenPlace {
  readonly id: string;
  /** Top-left corner and size, in pixels. */
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  /** In grid units. */
  readonly elevation: number;
  /** The elevation it was lifted from, when the module lifted it (its aloft mark). */
  readonly ground?: number;
  readonly hidden: boolean;
  /** Whether this client sees the token (Foundry's answer for this user, vision included). */
  readonly visible: boolean;
}

export interface TetherHold {
  readonly id: string;
  readonly holderId: string;
  readonly heldId: string;
  readonly look: TetherLook;
  /** What hovering the tether says ("Ogre holds Fighter: Arm"), already in the viewer's words. */
  readonly label: string;
  /** A hold made at a distance: its leash in feet (the held creature stays within it; map/leash.ts). */
  readonly leash?: number;
}

export interface Viewer {
  readonly isGM: boolean;
  /** This client draws tethers (its own setting). */
  readonly enabled: boolean;
  /** Players are shown tethers (the world's setting). */
  readonly playersSee: boolean;
}

/**
 * Whether this viewer is shown the tether between these two tokens: both on the map and both seen
 * by the viewer. Foundry shows a GM every token, hidden ones too, unless the GM looks through a
 * token's eyes; a player never sees a hidden token, and otherwise what their tokens' vision shows.
 */
export function tetherShown(viewer: Viewer, holder: TokenPlace | undefined, held: TokenPlace | undefined): boolean {
  if (!viewer.enabled || !holder || !held || holder.id === held.id) return false;
  if (!holder.visible || !held.visible) return false;
  if (viewer.isGM) return true;
  return viewer.playersSee && !holder.hidden && !held.hidden;
}

/** Foundry's token display modes (CONST.TOKEN_DISPLAY_MODES): when a token's name is shown. */
export const DISPLAY_MODES = { NONE: 0, CONTROL: 10, OWNER_HOVER: 20, HOVER: 30, OWNER: 40, ALWAYS: 50 } as const;

/**
 * Whether hovering a tether may name this token to the viewer: a GM and the token's owners always
 * know it; anyone else only where the token shows its name on hover or always.
 */
export function nameShown(isGM: boolean, isOwner: boolean, displayName: number | undefined): boolean {
  return isGM || isOwner || displayName === DISPLAY_MODES.HOVER || displayName === DISPLAY_MODES.ALWAYS;
}

// ---------------------------------------------------------------------------------------------
// The look of a hold, from each variant's own hold data.

type Data = Record<string, unknown>;
const asData = (v: unknown): Data => (v !== null && typeof v === "object" ? (v as Data) : {});

const D12_PARTS: Readonly<Record<string, TetherPart>> = { arm: "arm", leg: "leg", body: "body", head: "head", strangle: "throat" };
/** grapple-die table rows (WC.Hold.<name>). */
const DIE_PARTS: Readonly<Record<string, TetherPart>> = { clinch: "body", armHold: "arm", legHold: "leg", armLock: "arm", headLock: "head", bearHug: "body", strangleHold: "throat", throwPin: "body", gouge: "head" };
/** percentile Grappling Table rows (WC.Hold.<hold>). */
const PERCENTILE_PARTS: Readonly<Record<string, TetherPart>> = { torsoGrab: "body", armLock: "arm", handLock: "arm", bearHug: "body", headlock: "head", strangleHold: "throat", gouge: "head" };

/**
 * The look of a hold: d12-holds names the part (`part`, `strangle` for the stranglehold);
 * grapple-die keeps its table row (`name`, `effects.strangle`; "throwPin" pins); percentile the
 * Grappling Table row (`row.hold`, `row.effects.strangle`) and pins a creature held by as many as
 * may attack it (the module's pinned condition, `heldPinned`). A GM's own table row the look does
 * not know is read from its effects (hands useless: an arm; cannot rise: a leg), else the body.
 */
export function holdLook(variant: string, data: unknown, heldPinned = false): TetherLook {
  const d = asData(data);
  let part: TetherPart = "body";
  let strangle = false;
  let pin = heldPinned;
  if (variant === "d12-holds") {
    part = D12_PARTS[String(d.part)] ?? "body";
    strangle = d.part === "strangle";
  } else if (variant === "grapple-die") {
    const effects = asData(d.effects);
    const name = String(d.name);
    strangle = effects.strangle === true || name === "strangleHold";
    pin ||= name === "throwPin";
    part = DIE_PARTS[name] ?? (Number(effects.handsUnusable) > 0 ? "arm" : effects.cannotRise === true ? "leg" : "body");
  } else if (variant === "percentile") {
    const row = asData(d.row);
    const effects = asData(row.effects);
    const name = String(row.hold);
    strangle = effects.strangle === true || name === "strangleHold";
    part = PERCENTILE_PARTS[name] ?? (effects.armHeld === true || effects.dropsItem === true ? "arm" : "body");
  }
  if (strangle) return { part: "throat", kind: "strangle" };
  return { part, kind: pin ? "pin" : "hold" };
}

// ---------------------------------------------------------------------------------------------
// Where the ends go.

/** How far from a token's centre to its edge a tether's end sits (a fraction of the half-size). */
export const ANCHOR_FRACTION = 0.4;
/** The least distance, in pixels, between two ends at one token (a rope with its casing, and air). */
export const MIN_END_SPACING = 18;

export function centreOf(p: TokenPlace): Point {
  return { x: p.x + p.w / 2, y: p.y + p.h / 2 };
}

const TAU = Math.PI * 2;
const norm = (a: number): number => {
  const m = a % TAU;
  return m < 0 ? m + TAU : m;
};

/**
 * Angles moved apart so that neighbours around the circle are at least `gap` apart, each as close
 * to its wish as it can be (least squares). Equal wishes keep the order they were given in. When
 * they cannot all fit, the gap shrinks to a fair share of the circle.
 */
export function spreadAngles(wishes: readonly number[], gap: number): number[] {
  const n = wishes.length;
  if (n <= 1) return wishes.map(norm);
  const g = Math.min(gap, TAU / n);
  const order = wishes.map((w, i) => ({ w: norm(w), i })).sort((a, b) => a.w - b.w || a.i - b.i);
  // Cut the circle in its widest empty stretch, and lay the ends out from there.
  let cut = 0;
  let widest = -1;
  for (let k = 0; k < n; k++) {
    const here = (order[k] as { w: number }).w;
    const prev = (order[(k + n - 1) % n] as { w: number }).w;
    const empty = k === 0 ? here + TAU - prev : here - prev;
    if (empty > widest + 1e-12) {
      widest = empty;
      cut = k;
    }
  }
  const seq = Array.from({ length: n }, (_, k) => order[(cut + k) % n] as { w: number; i: number });
  const start = (seq[0] as { w: number }).w;
  const unwrapped = seq.map((s) => (s.w < start ? s.w + TAU : s.w));
  // Pool adjacent violators on w - k·gap: the nearest non-decreasing sequence gives the ends.
  const blocks: Array<{ sum: number; count: number }> = [];
  unwrapped.forEach((w, k) => {
    blocks.push({ sum: w - k * g, count: 1 });
    while (blocks.length > 1) {
      const last = blocks[blocks.length - 1] as { sum: number; count: number };
      const before = blocks[blocks.length - 2] as { sum: number; count: number };
      if (before.sum / before.count <= last.sum / last.count) break;
      before.sum += last.sum;
      before.count += last.count;
      blocks.pop();
    }
  });
  const out = new Array<number>(n);
  let k = 0;
  for (const b of blocks) {
    const level = b.sum / b.count;
    for (let j = 0; j < b.count; j++, k++) out[(seq[k] as { i: number }).i] = norm(level + k * g);
  }
  return out;
}

/** One end of a tether at a token: which hold, and where the other end's token stands. */
export interface EndWish {
  readonly holdId: string;
  readonly otherId: string;
  readonly toward: Point;
}

/** The least angle between two ends at a token of this size, from MIN_END_SPACING. */
export function endGap(p: TokenPlace): number {
  const r = (ANCHOR_FRACTION * Math.min(p.w, p.h)) / 2;
  if (r <= 0) return Math.PI / 6;
  const a = 2 * Math.asin(Math.min(1, MIN_END_SPACING / (2 * r)));
  return Math.min(Math.PI / 3, Math.max(Math.PI / 15, a));
}

/**
 * Where each tether's end sits at this token: toward its other end, fanned out from the others.
 * Ends toward the same token are ordered by hold id, the other way round at the other token, so
 * that the two ends of each tether are on the same side and parallel tethers never cross.
 */
export function anchorsAt(p: TokenPlace, ends: readonly EndWish[]): Map<string, Point> {
  const c = centreOf(p);
  const sorted = [...ends].sort((a, b) => {
    if (a.otherId !== b.otherId) return a.otherId < b.otherId ? -1 : 1;
    const byId = a.holdId < b.holdId ? -1 : a.holdId > b.holdId ? 1 : 0;
    return p.id < a.otherId ? byId : -byId;
  });
  const wishes = sorted.map((e) => {
    const dx = e.toward.x - c.x;
    const dy = e.toward.y - c.y;
    return Math.abs(dx) < 1e-9 && Math.abs(dy) < 1e-9 ? -Math.PI / 2 : Math.atan2(dy, dx);
  });
  const angles = spreadAngles(wishes, endGap(p));
  const rx = (ANCHOR_FRACTION * p.w) / 2;
  const ry = (ANCHOR_FRACTION * p.h) / 2;
  const out = new Map<string, Point>();
  sorted.forEach((e, i) => {
    const a = angles[i] ?? 0;
    out.set(e.holdId, { x: c.x + Math.cos(a) * rx, y: c.y + Math.sin(a) * ry });
  });
  return out;
}

// ---------------------------------------------------------------------------------------------
// The tether's path, aloft or not.

export interface TetherPath {
  readonly id: string;
  /** The holder's end and the held's end, as drawn (raised above the token when aloft). */
  readonly from: Point;
  readonly to: Point;
  /** The control point of the quadratic curve from `from` to `to` (their midpoint: a straight line). */
  readonly control: Point;
  /** The ends on the map, beneath any lift. */
  readonly fromGround: Point;
  readonly toGround: Point;
  /** Height of each end above the pair's ground, in grid units (0 on the ground). */
  readonly fromHeight: number;
  readonly toHeight: number;
}

/** Pixels a height in grid units raises a tether's end: a third of a space at least, most of one at most. */
export function liftPixels(height: number, grid: GridInfo): number {
  if (!(height > 0)) return 0;
  const spaces = grid.distance > 0 ? height / grid.distance : 1;
  return grid.size * Math.min(0.9, 0.3 + 0.1 * spaces);
}

/**
 * Each end's height above the pair's ground: the lower of the two grounds, where a token the
 * module lifted stands on the ground it left and any other on its own elevation.
 */
export function heightsOf(holder: TokenPlace, held: TokenPlace): { from: number; to: number } {
  const ground = Math.min(holder.ground ?? holder.elevation, held.ground ?? held.elevation);
  return { from: Math.max(0, holder.elevation - ground), to: Math.max(0, held.elevation - ground) };
}

export function tetherPath(id: string, holder: TokenPlace, held: TokenPlace, fromGround: Point, toGround: Point, grid: GridInfo): TetherPath {
  const h = heightsOf(holder, held);
  const liftFrom = liftPixels(h.from, grid);
  const liftTo = liftPixels(h.to, grid);
  const from = { x: fromGround.x, y: fromGround.y - liftFrom };
  const to = { x: toGround.x, y: toGround.y - liftTo };
  const sag = Math.max(liftFrom, liftTo) * 0.35;
  const control = { x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 - sag };
  return { id, from, to, control, fromGround, toGround, fromHeight: h.from, toHeight: h.to };
}

/**
 * The ground a leashed creature may stand on: its holder's footprint grown on every side by the
 * leash (in grid spaces, each space `distance` scene units), a box on a square grid (reach counts
 * squares), an ellipse on hex and gridless scenes. In map pixels, around the holder's centre.
 */
export interface LeashArea {
  readonly centre: Point;
  readonly halfW: number;
  readonly halfH: number;
  readonly round: boolean;
}

export function leashArea(holder: TokenPlace, leashFeet: number, grid: GridInfo): LeashArea | null {
  const space = grid.distance * feetPerUnit(grid.units);
  if (!(leashFeet > 0) || !(space > 0)) return null;
  const spaces = leashFeet / space;
  return { centre: centreOf(holder), halfW: holder.w / 2 + spaces * grid.sizeX, halfH: holder.h / 2 + spaces * grid.sizeY, round: grid.type !== 1 };
}

/** The outline of a leash's ground, as a closed polyline (a box's corners, or an ellipse in 48 pieces). */
export function leashOutline(a: LeashArea): Point[] {
  const { centre: c, halfW: w, halfH: h } = a;
  if (!a.round) return [{ x: c.x - w, y: c.y - h }, { x: c.x + w, y: c.y - h }, { x: c.x + w, y: c.y + h }, { x: c.x - w, y: c.y + h }, { x: c.x - w, y: c.y - h }];
  return Array.from({ length: 49 }, (_, i) => ({ x: c.x + Math.cos((i / 48) * Math.PI * 2) * w, y: c.y + Math.sin((i / 48) * Math.PI * 2) * h }));
}

/** Whether a tether is off the ground at either end. */
export function isAloft(p: TetherPath): boolean {
  return p.fromHeight > 0 || p.toHeight > 0;
}

/** A point along the tether, t from 0 (holder) to 1 (held). */
export function pointOnPath(p: TetherPath, t: number): Point {
  const u = 1 - t;
  return {
    x: u * u * p.from.x + 2 * u * t * p.control.x + t * t * p.to.x,
    y: u * u * p.from.y + 2 * u * t * p.control.y + t * t * p.to.y,
  };
}

/** The direction of travel at t (towards the held creature), as a unit vector. */
export function directionOnPath(p: TetherPath, t: number): Point {
  const dx = 2 * (1 - t) * (p.control.x - p.from.x) + 2 * t * (p.to.x - p.control.x);
  const dy = 2 * (1 - t) * (p.control.y - p.from.y) + 2 * t * (p.to.y - p.control.y);
  const len = Math.hypot(dx, dy);
  return len < 1e-9 ? { x: 1, y: 0 } : { x: dx / len, y: dy / len };
}

/** The tether as a polyline of `segments` pieces (one piece for a straight tether). */
export function samplePath(p: TetherPath, segments = 16): Point[] {
  const straight = Math.abs(p.control.x - (p.from.x + p.to.x) / 2) < 1e-6 && Math.abs(p.control.y - (p.from.y + p.to.y) / 2) < 1e-6;
  const n = straight ? 1 : Math.max(1, segments);
  return Array.from({ length: n + 1 }, (_, i) => pointOnPath(p, i / n));
}

function nearestOnSegment(q: Point, a: Point, b: Point): Point {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((q.x - a.x) * dx + (q.y - a.y) * dy) / len2));
  return { x: a.x + t * dx, y: a.y + t * dy };
}

/** The point of the tether nearest to `q`, and how far it is. */
export function nearestOnPath(q: Point, p: TetherPath): { point: Point; distance: number } {
  const pts = samplePath(p);
  let best = { point: pts[0] as Point, distance: Infinity };
  for (let i = 1; i < pts.length; i++) {
    const n = nearestOnSegment(q, pts[i - 1] as Point, pts[i] as Point);
    const d = Math.hypot(q.x - n.x, q.y - n.y);
    if (d < best.distance) best = { point: n, distance: d };
  }
  return best;
}

/** The tether under the pointer: the nearest within `tolerance` pixels, if any. */
export function tetherAt(q: Point, paths: Iterable<TetherPath>, tolerance: number): TetherPath | null {
  let best: TetherPath | null = null;
  let bestDistance = tolerance;
  for (const p of paths) {
    const d = nearestOnPath(q, p).distance;
    if (d <= bestDistance) {
      best = p;
      bestDistance = d;
    }
  }
  return best;
}

/** The ids of the tokens whose tethers change when `tokenId` changes: itself and its partners. */
export function touchedBy(tokenId: string, holds: Iterable<TetherHold>): Set<string> {
  const out = new Set<string>([tokenId]);
  for (const h of holds) {
    if (h.holderId === tokenId) out.add(h.heldId);
    else if (h.heldId === tokenId) out.add(h.holderId);
  }
  return out;
}

/** Every shown tether's path at once: the whole layout, as the board keeps it piece by piece. */
export function layoutTethers(holds: readonly TetherHold[], places: ReadonlyMap<string, TokenPlace>, grid: GridInfo, viewer: Viewer): Map<string, TetherPath> {
  const shown = holds.filter((h) => tetherShown(viewer, places.get(h.holderId), places.get(h.heldId)));
  const ends = new Map<string, EndWish[]>();
  const add = (at: string, e: EndWish) => ends.set(at, [...(ends.get(at) ?? []), e]);
  for (const h of shown) {
    const holder = places.get(h.holderId) as TokenPlace;
    const held = places.get(h.heldId) as TokenPlace;
    add(h.holderId, { holdId: h.id, otherId: h.heldId, toward: centreOf(held) });
    add(h.heldId, { holdId: h.id, otherId: h.holderId, toward: centreOf(holder) });
  }
  const anchors = new Map<string, Map<string, Point>>();
  for (const [id, list] of ends) anchors.set(id, anchorsAt(places.get(id) as TokenPlace, list));
  const out = new Map<string, TetherPath>();
  for (const h of shown) {
    const from = anchors.get(h.holderId)?.get(h.id) as Point;
    const to = anchors.get(h.heldId)?.get(h.id) as Point;
    out.set(h.id, tetherPath(h.id, places.get(h.holderId) as TokenPlace, places.get(h.heldId) as TokenPlace, from, to, grid));
  }
  return out;
}
