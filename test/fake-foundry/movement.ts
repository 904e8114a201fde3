/**
 * Token movement as the fake models it (docs/foundry-contract.md, C-60 to C-69): which updates are
 * movements, the movement object the hooks receive, and a path's length in grid units.
 * The fake measures paths itself, square by square (a diagonal counts as one step), hex by hex,
 * or in a straight line on a gridless scene; the tests move tokens in straight lines, where
 * every diagonal rule Foundry offers agrees.
 */
export type Data = Record<string, unknown>;

export interface FakeGrid {
  /** CONST.GRID_TYPES: 0 gridless, 1 square, 2 and 3 hex rows, 4 and 5 hex columns. */
  type: number;
  size: number;
  sizeX: number;
  sizeY: number;
  distance: number;
  units: string;
}

export const SQUARE_GRID: FakeGrid = { type: 1, size: 100, sizeX: 100, sizeY: 100, distance: 5, units: "ft" };

export interface Position {
  x: number;
  y: number;
  elevation: number;
  width: number;
  height: number;
  /** [C-114] v14: the level of the scene the token stands on (its id). */
  level?: string;
  /** [C-113] The movement action to this point (a key of CONFIG.Token.movement.actions). */
  action?: string;
}

/** [C-64] Changing any of these is a movement (13.337 #11890: size changes count too; [C-114] v14: the level). */
export const MOVEMENT_FIELDS = ["x", "y", "elevation", "width", "height", "level"] as const;

export function changesPosition(changes: Data): boolean {
  return MOVEMENT_FIELDS.some((k) => k in changes);
}

/** Grid spaces between two top-left points. */
export function steps(g: FakeGrid, a: { x: number; y: number }, b: { x: number; y: number }): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  if (g.type === 0) return Math.hypot(dx, dy) / g.size;
  if (g.type === 1) return Math.max(Math.abs(Math.round(dx / g.sizeX)), Math.abs(Math.round(dy / g.sizeY)));
  // Hex: axial steps on the lattice of centres.
  let q: number;
  let r: number;
  if (g.type === 2 || g.type === 3) {
    r = dy / (0.75 * g.sizeY);
    q = (dx - (r * g.sizeX) / 2) / g.sizeX;
  } else {
    q = dx / (0.75 * g.sizeX);
    r = (dy - (q * g.sizeY) / 2) / g.sizeY;
  }
  return Math.round((Math.abs(q) + Math.abs(r) + Math.abs(q + r)) / 2);
}

/** [C-61] A section of a movement path: its waypoints and measured distance, cost, spaces, diagonals. */
export function section(g: FakeGrid, from: Position, waypoints: Position[], costOf: StepCost = (_a, base) => base): Data {
  let prev = from;
  let spaces = 0;
  let cost = 0;
  const out: Data[] = [];
  for (const w of waypoints) {
    const n = steps(g, prev, w);
    const action = w.action ?? "walk";
    // [C-113] Each step costs what its action's cost function makes of its distance.
    const c = costOf(action, n * g.distance);
    spaces += n;
    cost += c;
    prev = w;
    out.push({ ...w, action, cost: c, checkpoint: w === waypoints[waypoints.length - 1], explicit: true });
  }
  const distance = spaces * g.distance;
  return { waypoints: out, distance, cost, spaces, diagonals: 0 };
}

/** The cost of a step of `base` grid units taken with an action. */
export type StepCost = (action: string, base: number) => number;

let movementCounter = 0;

/**
 * [C-61] The movement object of `preMoveToken`/`moveToken` (API TokenMovementOperation and
 * TokenPreMovementOperation): id, origin, destination, the passed and pending sections, the
 * method that started it, and the chain of earlier movement ids.
 */
export function movementOf(g: FakeGrid, origin: Position, waypoints: Position[], method: string, userId: string, costOf?: StepCost): Data {
  movementCounter++;
  const destination = waypoints[waypoints.length - 1] ?? origin;
  return {
    id: `mv${String(movementCounter).padStart(14, "0")}`,
    origin,
    destination,
    passed: { waypoints: [], distance: 0, cost: 0, spaces: 0, diagonals: 0 },
    pending: section(g, origin, waypoints, costOf),
    method,
    chain: [],
    autoRotate: method === "dragging" || method === "keyboard",
    showRuler: method === "dragging",
    constrained: false,
    recorded: method === "dragging",
    userId,
  };
}
