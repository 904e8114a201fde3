/**
 * The token ruler while a creature in a hold is dragged (v13 and v14): the module subclasses
 * whatever ruler class the world configured (`CONFIG.Token.rulerClass`: core's, or a system's own)
 * and, for the path being planned, marks each step within the pace the whole group has left this
 * round or beyond it, and shows the pace (or a held-fast creature's 0) in the last waypoint's
 * label; for a creature held at a distance, the step that ends beyond its leash is marked the same
 * way, and the label says how far from its holder the path ends. And it registers the "dragged" movement action, which the module's group moves give the
 * creatures they bring along, so that their own move costs them nothing.
 *
 * What the ruler reads is the rules' answer for the token (map/check.ts situationOf) and the pace
 * already gone this round (the combat's note), worked out once per token and kept until a hold,
 * an effect, a combat, a scene or a token changes (`paceChanged`); each drag frame then only
 * measures. Nothing here writes a document or sends a request.
 */
import type { MoveKind, PaceLeft } from "../../rules/index.ts";
import { paceLeft } from "../../rules/index.ts";
import { i18n } from "../base/i18n.ts";
import { draggedThisRound, gridOf, inPlay, situationOf, spotOf } from "./check.ts";
import type { GridInfo } from "./geometry.ts";
import { feetPerUnit } from "./geometry.ts";
import { leashesOn } from "./leash.ts";
import { tokenByUuid } from "../documents/cast.ts";
import type { LeashLine, RulerMark } from "./ruler-geometry.ts";
import { leashMark, leashWords, markAt, paceWords } from "./ruler-geometry.ts";

/** The movement action the module gives a creature it brings along (a key of CONFIG.Token.movement.actions). */
export const DRAGGED_ACTION = "weaponlessDragged";

/** The colour of the part of a path beyond the group's pace. */
export const BEYOND_COLOUR = 0xd8402c;

/** What the module reads of a ruler's waypoint (TokenRulerWaypoint, public API v13 and v14). */
export interface RulerWaypoint {
  /** The token's top-left corner at this waypoint, in pixels (C-68, C-111). */
  readonly x?: number;
  readonly y?: number;
  readonly stage?: string;
  readonly previous?: RulerWaypoint | null;
  readonly next?: RulerWaypoint | null;
  readonly measurement?: { readonly distance?: number };
  readonly actionConfig?: { readonly teleport?: boolean };
}

interface Style {
  color?: unknown;
  alpha?: number;
  width?: number;
}

interface LabelContext {
  cssClass?: string;
  cost?: { total?: string; units?: string; delta?: string };
  [key: string]: unknown;
}

interface RulerToken {
  readonly document?: TokenDocument.Implementation;
}

// ---------------------------------------------------------------------------------------------
// The pace, once per token until something changes.

/**
 * A count of the changes the pace depends on. Kept for the whole page rather than per tab: a tab
 * that sees a change makes every tab read its paces again, which costs a reading, never a wrong one.
 */
let revision = 0;

interface Kept {
  readonly revision: number;
  readonly pace: PaceLeft;
  /** Feet in one grid unit of the token's scene. */
  readonly unitFeet: number;
  /** The leashes on it (a hold made at a distance on the creature dragged): where each holder stands, and its length. */
  readonly leashes: readonly LeashLine[];
  readonly grid: GridInfo;
  readonly size: { readonly width: number; readonly height: number };
}

const kept = new WeakMap<object, Kept>();

/** Something the pace depends on changed (a hold, an effect, a combat, a scene, a token): read it again on the next frame. */
export function paceChanged(): void {
  revision++;
}

function read(token: TokenDocument.Implementation): Kept {
  const k = kept.get(token);
  if (k && k.revision === revision) return k;
  let pace: PaceLeft = { kind: "free" };
  const leashes: LeashLine[] = [];
  if (inPlay(token)) {
    const s = situationOf(token);
    if (s) {
      pace = paceLeft(s.answer, draggedThisRound(token, s.combat));
      for (const l of leashesOn(s)) {
        const holder = tokenByUuid(l.hold.holderId);
        if (holder && holder.parent === token.parent) leashes.push({ holder: spotOf(holder), feet: l.feet });
      }
    }
  }
  const grid = gridOf(token.parent);
  const out = { revision, pace, unitFeet: feetPerUnit(grid.units), leashes, grid, size: { width: token.width ?? 1, height: token.height ?? 1 } };
  kept.set(token, out);
  return out;
}

/** The pace the token's group has left this round, as the rules give it. */
export function paceOf(token: TokenDocument.Implementation): PaceLeft {
  return read(token).pace;
}

// ---------------------------------------------------------------------------------------------
// Reading the ruler's waypoints.

/** Grid units from where the drag began to this waypoint (a planned path continues the token's history: that part is not counted). */
export function alongDrag(w: RulerWaypoint): number {
  let s = w;
  while (s.previous && s.previous.stage === "planned") s = s.previous;
  const start = s.previous ? (s.previous.measurement?.distance ?? 0) : (s.measurement?.distance ?? 0);
  return Math.max(0, (w.measurement?.distance ?? 0) - start);
}

/** The mark of a waypoint's step: only the path being planned is judged (history and a move under way are the host's). */
/** Each waypoint's mark, kept for the frame: the host asks a waypoint's segment and its spaces alike. */
const marks = new WeakMap<object, { readonly revision: number; readonly token: object; readonly at: string; readonly mark: RulerMark }>();

export function markOf(token: TokenDocument.Implementation | undefined, w: RulerWaypoint): RulerMark {
  if (!token || w.stage !== "planned" || !w.previous) return "host";
  // Where it stands and how far along: a waypoint object the host reuses for another place is judged again.
  const at = `${w.x}|${w.y}|${w.measurement?.distance}|${w.previous.measurement?.distance}`;
  const k = marks.get(w);
  if (k && k.revision === revision && k.token === token && k.at === at) return k.mark;
  const mark = judge(token, w);
  marks.set(w, { revision, token, at, mark });
  return mark;
}

function judge(token: TokenDocument.Implementation, w: RulerWaypoint): RulerMark {
  const { pace, unitFeet, leashes, grid, size } = read(token);
  const byPace = pace.kind === "free" ? "host" : markAt(pace, alongDrag(w), unitFeet);
  if (byPace === "beyond" || leashes.length === 0 || typeof w.x !== "number" || typeof w.y !== "number") return byPace;
  // Held at a distance: the step that ends beyond a leash is marked as a step beyond the pace is.
  const byLeash = leashMark(leashes, { x: w.x, y: w.y, ...size }, grid);
  return byLeash === "beyond" ? "beyond" : byPace === "host" ? byLeash : byPace;
}

function restyle<S extends Style>(style: S, mark: RulerMark): S {
  if (mark !== "beyond" || !style) return style;
  return { ...style, color: BEYOND_COLOUR };
}

/** The last label's words, kept while the path's end says the same (a drag redraws it every frame). */
let lastWords: { readonly id: string; readonly text: string } | null = null;

function wordsText(key: string, params: Readonly<Record<string, number>>): string {
  const id = `${key}|${Object.entries(params).map(([k, v]) => `${k}=${v}`).join("|")}|${i18n.lang}`;
  if (lastWords?.id === id) return lastWords.text;
  const text = i18n.format(key, Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])));
  lastWords = { id, text };
  return text;
}

/** The last waypoint's label: the pace the group has left after this path, or how far past it the path goes. */
export function relabel(token: TokenDocument.Implementation | undefined, w: RulerWaypoint, context: LabelContext | undefined): LabelContext | undefined {
  if (!context || !token || w.stage !== "planned" || w.next) return context;
  const { pace, unitFeet, leashes, grid, size } = read(token);
  const words = paceWords(pace, alongDrag(w) * unitFeet);
  const rope = typeof w.x === "number" && typeof w.y === "number" ? leashWords(leashes, { x: w.x, y: w.y, ...size }, grid) : null;
  if (!words && !rope) return context;
  const text = [words, rope].flatMap((x) => (x ? [wordsText(x.key, x.params)] : [])).join(" · ");
  const beyond = words?.beyond === true || rope?.beyond === true;
  const css = [context.cssClass ?? "", "weaponless-pace", beyond ? "weaponless-beyond" : "", rope ? "weaponless-leash" : ""].filter((x) => x !== "").join(" ");
  return { ...context, cssClass: css, cost: { total: text, units: "" }, weaponlessPace: { text, beyond } };
}

// ---------------------------------------------------------------------------------------------
// Registering with Foundry.

type RulerClass = new (...args: never[]) => {
  readonly token?: RulerToken;
  _getSegmentStyle?(waypoint: RulerWaypoint): Style;
  _getGridHighlightStyle?(waypoint: RulerWaypoint, offset: unknown): Style;
  _getWaypointLabelContext?(waypoint: RulerWaypoint, state: unknown): LabelContext | undefined;
};

interface TokenConfig {
  rulerClass?: RulerClass & { readonly weaponlessPace?: true };
  movement?: { actions?: Record<string, Record<string, unknown>> };
}

const tokenConfig = (): TokenConfig | undefined => (globalThis as { CONFIG?: { Token?: TokenConfig } }).CONFIG?.Token;

/**
 * Subclasses the configured ruler class (core's or a system's), once. Feature-detected: a build
 * without a token ruler that has these three methods keeps its own.
 */
export function installRuler(): boolean {
  const config = tokenConfig();
  const Base = config?.rulerClass;
  if (!config || typeof Base !== "function" || Base.weaponlessPace) return false;
  const p = Base.prototype as Record<string, unknown>;
  if (typeof p._getSegmentStyle !== "function" || typeof p._getGridHighlightStyle !== "function" || typeof p._getWaypointLabelContext !== "function") return false;
  const B = Base as unknown as new (...args: never[]) => {
    readonly token?: RulerToken;
    _getSegmentStyle(waypoint: RulerWaypoint): Style;
    _getGridHighlightStyle(waypoint: RulerWaypoint, offset: unknown): Style;
    _getWaypointLabelContext(waypoint: RulerWaypoint, state: unknown): LabelContext | undefined;
  };
  class WeaponlessRuler extends B {
    static readonly weaponlessPace = true as const;
    override _getSegmentStyle(waypoint: RulerWaypoint): Style {
      return restyle(super._getSegmentStyle(waypoint), markOf(this.token?.document, waypoint));
    }
    override _getGridHighlightStyle(waypoint: RulerWaypoint, offset: unknown): Style {
      return restyle(super._getGridHighlightStyle(waypoint, offset), markOf(this.token?.document, waypoint));
    }
    override _getWaypointLabelContext(waypoint: RulerWaypoint, state: unknown): LabelContext | undefined {
      return relabel(this.token?.document, waypoint, super._getWaypointLabelContext(waypoint, state));
    }
  }
  config.rulerClass = WeaponlessRuler as unknown as TokenConfig["rulerClass"];
  return true;
}

/**
 * Registers the "dragged" movement action: walked as a walk is (its walls, its animation), never
 * offered to anyone (the module alone gives it), and costing nothing, so that the creature brought
 * along does not spend its own movement on the group's move.
 */
export function registerDraggedAction(): boolean {
  const actions = tokenConfig()?.movement?.actions;
  if (!actions || actions[DRAGGED_ACTION]) return false;
  const walk = actions.walk ?? {};
  actions[DRAGGED_ACTION] = {
    ...walk,
    label: "WC.Ruler.draggedAction",
    icon: "fa-solid fa-people-pulling",
    img: null,
    order: typeof walk.order === "number" ? walk.order + 100 : 100,
    teleport: false,
    measure: true,
    visualize: true,
    canSelect: () => false,
    getCostFunction: () => () => 0,
  };
  return true;
}

/** The "dragged" action, where this world has it registered (null: a build without movement actions). */
export function draggedAction(): string | null {
  return tokenConfig()?.movement?.actions?.[DRAGGED_ACTION] ? DRAGGED_ACTION : null;
}

/** The movement action a move was made with, from its waypoints (the last one that names it). */
export function actionOf(waypoints: ReadonlyArray<{ readonly action?: unknown }> | undefined): string | null {
  for (let i = (waypoints?.length ?? 0) - 1; i >= 0; i--) {
    const a = waypoints?.[i]?.action;
    if (typeof a === "string") return a;
  }
  return null;
}

/** Core's action for putting a token somewhere by force (C-113): a forced move, when the GM makes it. */
export const FORCED_ACTION = "displace";

/** How a move moves: forced (core's displace), a teleport (an action that teleports), a change of level (v14), or a walk. */
export function kindOf(action: string | null, level: string | null): MoveKind {
  if (action === FORCED_ACTION && tokenConfig()?.movement?.actions?.[action]) return "forced";
  if (teleports(action)) return "teleport";
  if (level !== null) return "level";
  return "walk";
}

/** Whether a movement action teleports (CONFIG.Token.movement.actions[action].teleport). */
export function teleports(action: string | null): boolean {
  if (action === null) return false;
  return tokenConfig()?.movement?.actions?.[action]?.teleport === true;
}
