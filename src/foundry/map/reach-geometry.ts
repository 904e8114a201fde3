/**
 * Reach on the map as the one check measures it (gm/verdict.ts `mayAct`): pure functions of the
 * scene's grid data, the two creatures' bodies (footprint, elevation) and the walls that stop
 * movement, tested with numbers worked by hand (test/shell/reach-geometry.test.ts).
 *
 * - The footprint (issue 33, K1). A token's width and height are its owners' to set (Foundry's
 *   Token Configuration, opened from the token's HUD, is open to those who own the token), so for
 *   a creature a player owns they count only up to what its size class allows, `SIZE_SPACES`;
 *   the token's top-left corner (its x and y, which only a move changes) stays where it is, so a
 *   stretched token neither reaches further nor shifts its centre. A creature no player owns
 *   keeps the footprint the GM gave its token (an ogre the GM set to 2×2 stays 2×2).
 * - Height (K2). Each creature stands in a column as tall as its footprint's larger side (a
 *   man-sized creature on a 5-ft grid: 5 ft), from its elevation (grid units, as Foundry's
 *   `ElevatedPoint`) up. The vertical gap between the two columns counts as a third axis of the
 *   grid: the reach needed is the larger of the ground's and the height's, as a diagonal step
 *   counts one space under Foundry's default diagonal rule (grids: whole spaces, rounded;
 *   gridless: exact). Beside means beside on the ground and less than half a space apart in height.
 * - Walls (K3). A wall that stops movement (not a door standing open; map/ground.ts reads them)
 *   meeting the straight line between the two footprints' centres puts the other out of reach,
 *   beside or at any reach. A one-way wall blocks both ways here.
 * - A charge (L1) runs from where the charger stands to beside its target: the reach needed
 *   less the one space it ends at.
 */
import type { Size } from "../../rules/index.ts";
import type { GridInfo, Spot } from "./geometry.ts";
import { adjacent, centre, feetPerUnit, reachFeet } from "./geometry.ts";
import type { Segment } from "./placement.ts";
import { segmentsMeet } from "./placement.ts";

/**
 * [Project-made table, replaceable here] The most grid spaces a side of the footprint of a
 * creature a player owns may cover, by its size class: small and man-sized one space, large two
 * (10 ft), very large four (20 ft; 000's very large is over 10 ft tall or 30 ft long, and four
 * spaces is Foundry's common largest standard token).
 */
export const SIZE_SPACES: Readonly<Record<Size, number>> = { S: 1, M: 1, L: 2, VL: 4 };

/** A creature on the map: its footprint (grid spaces) and the elevation it stands at (grid units). */
export interface Body extends Spot {
  readonly elevation: number;
}

/** The footprint a creature a player owns reaches from: the token's, each side at most its size class allows, from the same corner. */
export function cappedSpot(s: Spot, size: Size): Spot {
  const most = SIZE_SPACES[size] ?? 1;
  return { x: s.x, y: s.y, width: Math.min(s.width, most), height: Math.min(s.height, most) };
}

/** Grid spaces of height between two creatures' columns (0 when they overlap or touch). */
export function spacesApartInHeight(a: Body, b: Body, g: GridInfo): number {
  if (!(g.distance > 0)) return 0;
  const top = (s: Body) => s.elevation + Math.max(s.width, s.height) * g.distance;
  const gap = Math.max(0, b.elevation - top(a), a.elevation - top(b));
  return gap / g.distance;
}

/** The feet an attack needs to touch `b` from `a`: over the ground (geometry.ts `reachFeet`) or up and down, whichever is further. */
export function reachFeetInSpace(a: Body, b: Body, g: GridInfo): number {
  const space = g.distance * feetPerUnit(g.units);
  const v = spacesApartInHeight(a, b, g);
  const up = g.type === 0 ? Math.round((1 + v) * space * 10) / 10 : (Math.round(v) + 1) * space;
  return Math.max(reachFeet(a, b, g), up);
}

/** Beside: next to each other on the ground (geometry.ts `adjacent`) and less than half a space apart in height. */
export function besideInSpace(a: Body, b: Body, g: GridInfo): boolean {
  return adjacent(a, b, g) && spacesApartInHeight(a, b, g) < 0.5;
}

/** Whether a wall stands on the straight line between the two footprints' centres. */
export function wallBetween(a: Spot, b: Spot, g: GridInfo, walls: readonly Segment[]): boolean {
  const ca = centre(a, g);
  const cb = centre(b, g);
  return walls.some((w) => segmentsMeet(ca, cb, w.a, w.b));
}

/** The reach between two creatures: beside or not, the feet an attack needs, and whether a wall is in the way. */
export interface Reach {
  readonly beside: boolean;
  readonly feet: number;
  readonly walled: boolean;
}

export function reachBetweenBodies(a: Body, b: Body, g: GridInfo, walls: readonly Segment[]): Reach {
  return { beside: besideInSpace(a, b, g), feet: reachFeetInSpace(a, b, g), walled: wallBetween(a, b, g, walls) };
}

/** Feet a charge runs to end beside its target: the reach needed less the one space it ends at (0 when beside). */
export function chargeRunFeet(a: Body, b: Body, g: GridInfo): number {
  const space = g.distance * feetPerUnit(g.units);
  return Math.max(0, Math.round((reachFeetInSpace(a, b, g) - space) * 10) / 10);
}
