/**
 * The token ruler and the movement actions, as the fake models them (docs/foundry-contract.md):
 * [C-110] `CONFIG.Token.rulerClass`, whose protected `_getSegmentStyle`, `_getGridHighlightStyle`
 * and `_getWaypointLabelContext` the ruler calls for each waypoint of a path it draws; [C-111] the
 * waypoints it passes (`stage`, `measurement.distance`, `previous`, `next`, `action`,
 * `actionConfig`); [C-112] the label a context makes (distance, then cost, as core's template shows
 * the context dnd5e builds for it); [C-113] `CONFIG.Token.movement.actions`, core's own among them
 * (`walk`, `blink` and `displace` teleporting), each with `canSelect` and `getCostFunction`, and
 * the cost a waypoint's action gives its step.
 */
import type { Data } from "./data.ts";
import type { FakeGrid, Position } from "./movement.ts";
import { steps } from "./movement.ts";

/** A path's waypoint as the ruler hands it to its style methods (API TokenRulerWaypointData). */
export interface FakeRulerWaypoint {
  readonly x: number;
  readonly y: number;
  readonly elevation: number;
  readonly action: string;
  readonly actionConfig: Data;
  readonly stage: "passed" | "pending" | "planned";
  readonly index: number;
  readonly explicit: boolean;
  readonly userId: string;
  readonly center: { x: number; y: number };
  readonly measurement: { distance: number; cost: number; spaces: number };
  previous: FakeRulerWaypoint | null;
  next: FakeRulerWaypoint | null;
}

export interface FakeStyle {
  width?: number;
  color?: unknown;
  alpha?: number;
}

/** [C-110] Core's ruler as far as the module sees it: a style for each segment and grid space, a label context for each waypoint. */
export class FakeTokenRuler {
  static readonly WAYPOINT_LABEL_TEMPLATE = "templates/hud/waypoint-label.hbs";
  /** The user's colour (core draws a path in its user's colour). */
  static readonly USER_COLOUR = 0x3a6ea5;
  constructor(readonly token: { readonly document: unknown }) {}
  _getSegmentStyle(): FakeStyle {
    return { width: 4, color: FakeTokenRuler.USER_COLOUR, alpha: 1 };
  }
  _getGridHighlightStyle(): FakeStyle {
    return { color: FakeTokenRuler.USER_COLOUR, alpha: 0.5 };
  }
  /** [C-112] The context of a waypoint's label (none for the path's origin), shaped as dnd5e 5.x builds it for core's template. */
  _getWaypointLabelContext(waypoint: FakeRulerWaypoint): Data | undefined {
    if (!waypoint.previous) return undefined;
    const units = "ft";
    return {
      action: waypoint.actionConfig,
      cssClass: waypoint.next ? "" : "last",
      secret: false,
      units,
      uiScale: 1,
      position: { x: waypoint.center.x, y: waypoint.center.y },
      distance: { total: String(waypoint.measurement.distance) },
      cost: { total: String(waypoint.measurement.cost), units },
    };
  }
}

/** [C-112] A label as core's template shows the context: the distance, then the cost. */
export function labelText(context: Data | undefined): string | null {
  if (!context) return null;
  const d = context.distance as { total?: string } | undefined;
  const c = context.cost as { total?: string; units?: string } | undefined;
  return [d?.total !== undefined ? `${d.total} ${String(context.units ?? "")}`.trim() : "", c?.total !== undefined ? `${c.total} ${c.units ?? ""}`.trim() : ""].filter((x) => x !== "").join(" · ");
}

const zeroCost = () => () => 0;

/**
 * [C-113] Core's movement actions (v13 and v14): a walk and the others a token may take, `blink`
 * (a teleport the user may pick) and `displace` (a teleport core uses to put a token somewhere,
 * not offered to pick). v14's entries are descriptors that may give `canSelect` as a boolean.
 */
export function coreMovementActions(generation: number): Record<string, Data> {
  const cost = (n: number) => () => (base: number) => base * n;
  const action = (label: string, order: number, extra: Data = {}): Data => ({ label: `TOKEN.MOVEMENT.ACTIONS.${label}.label`, icon: "fa-solid fa-person-walking", img: null, order, teleport: false, measure: true, walls: "move", visualize: true, canSelect: () => true, getCostFunction: cost(1), ...extra });
  return {
    walk: action("walk", 0),
    climb: action("climb", 1, { getCostFunction: cost(2) }),
    crawl: action("crawl", 2, { getCostFunction: cost(2) }),
    swim: action("swim", 3, { getCostFunction: cost(2) }),
    fly: action("fly", 4),
    jump: action("jump", 5),
    burrow: action("burrow", 6),
    blink: action("blink", 7, { teleport: true, measure: false, visualize: false }),
    displace: action("displace", 8, { teleport: true, measure: false, walls: null, visualize: false, canSelect: generation >= 14 ? false : () => false, getCostFunction: zeroCost }),
  };
}

export interface FakeTokenConfig {
  rulerClass: unknown;
  movement: { actions: Record<string, Data>; defaultAction: string };
}

export function tokenConfig(generation: number): FakeTokenConfig {
  return { rulerClass: FakeTokenRuler, movement: { actions: coreMovementActions(generation), defaultAction: "walk" } };
}

/** [C-113] The cost of a step of `base` grid units taken with an action: its `getCostFunction`, as the action's config gives it. */
export function actionCost(config: { Token?: FakeTokenConfig } | undefined, action: string, base: number): number {
  const a = config?.Token?.movement.actions[action];
  const make = a?.getCostFunction as ((token: unknown, options: unknown) => (base: number) => number) | undefined;
  return typeof make === "function" ? make(null, {})(base) : base;
}

/**
 * [C-111] The waypoints of a path as the ruler hands them over while a user drags a token: the
 * token's own place first (no previous), then each point, `planned`, its measurement counted
 * from the start. Passed waypoints (the token's history this turn) may come first.
 */
export function plannedWaypoints(grid: FakeGrid, from: Position, path: ReadonlyArray<Partial<Position> & { action?: string }>, userId: string, config: { Token?: FakeTokenConfig }, history: ReadonlyArray<Partial<Position>> = []): FakeRulerWaypoint[] {
  const out: FakeRulerWaypoint[] = [];
  let distance = 0;
  let cost = 0;
  let spaces = 0;
  let prev: Position | null = null;
  const push = (p: Position, action: string, stage: FakeRulerWaypoint["stage"]) => {
    if (prev) {
      const n = steps(grid, prev, p);
      spaces += n;
      distance += n * grid.distance;
      cost += actionCost(config, action, n * grid.distance);
    }
    const w: FakeRulerWaypoint = {
      x: p.x,
      y: p.y,
      elevation: p.elevation,
      action,
      actionConfig: config.Token?.movement.actions[action] ?? {},
      stage,
      index: out.length,
      explicit: true,
      userId,
      center: { x: p.x + (p.width * grid.sizeX) / 2, y: p.y + (p.height * grid.sizeY) / 2 },
      measurement: { distance, cost, spaces },
      previous: out[out.length - 1] ?? null,
      next: null,
    };
    if (w.previous) w.previous.next = w;
    out.push(w);
    prev = p;
  };
  // The history this turn ends where the token stands; without one, the path starts there.
  for (const h of history) push({ ...from, ...h }, "walk", "passed");
  push(from, "walk", history.length > 0 ? "passed" : "planned");
  for (const p of path) push({ ...from, ...p }, p.action ?? "walk", "planned");
  return out;
}
