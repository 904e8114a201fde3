/**
 * What stands on a scene in the way of a group's move, read from its documents for the pure
 * placement (map/placement.ts): the tokens that stay where they are, and the walls that stop
 * movement. A wall stops movement unless its movement restriction is none, or it is a door
 * standing open (docs/foundry-contract.md C-87).
 */
import type { Spot } from "./geometry.ts";
import type { Segment } from "./placement.ts";
import { spotOf } from "./check.ts";

interface WallLike {
  readonly c?: unknown;
  readonly move?: unknown;
  readonly door?: unknown;
  readonly ds?: unknown;
}

/** CONST.WALL_MOVEMENT_TYPES.NONE, CONST.WALL_DOOR_TYPES.NONE and CONST.WALL_DOOR_STATES.OPEN (C-87). */
const MOVE_NONE = 0;
const NO_DOOR = 0;
const DOOR_OPEN = 1;

/** The walls of a scene that stop a token moving, as segments in pixels. */
export function movementWalls(scene: unknown): Segment[] {
  const walls = (scene as { walls?: Iterable<WallLike> } | null)?.walls;
  if (!walls || typeof (walls as { [Symbol.iterator]?: unknown })[Symbol.iterator] !== "function") return [];
  const out: Segment[] = [];
  for (const w of walls) {
    const c = w.c;
    if (!Array.isArray(c) || c.length < 4 || !c.slice(0, 4).every((n) => typeof n === "number" && Number.isFinite(n))) continue;
    if (w.move === MOVE_NONE) continue;
    if (typeof w.door === "number" && w.door !== NO_DOOR && w.ds === DOOR_OPEN) continue;
    const [x0, y0, x1, y1] = c as number[];
    out.push({ a: { x: x0 as number, y: y0 as number }, b: { x: x1 as number, y: y1 as number } });
  }
  return out;
}

/** The footprints of the scene's tokens, leaving out those named (the group that moves). */
export function standing(scene: unknown, except: ReadonlySet<string>): Spot[] {
  const tokens = (scene as { tokens?: Iterable<TokenDocument.Implementation> } | null)?.tokens;
  if (!tokens) return [];
  const out: Spot[] = [];
  for (const t of tokens) if (!except.has(t.uuid)) out.push(spotOf(t));
  return out;
}
