/**
 * Token movement and holds. Which hook announces a move depends on the Foundry build
 * (compat.movementHooks): `preMoveToken(document, movement, operation)` from v13.333 and in v14,
 * on the moving client only, with the destination and the measured path; the generic
 * `preUpdateToken` before that. Both are listened to, and the one the build does not use for
 * movement stands aside. v14's planned movement (`planToken`) is checked when it is plotted, by
 * kind as a move made at once is (a teleport, a forced move, a change of level).
 * A move the check refuses returns false; one it takes over returns false too and is carried
 * out on the next task (the host is still finishing the refused move until then).
 *
 * Those checks run on the mover's client, which a player controls. So the active GM's client
 * checks every finished move of a player's token in a hold again (`moveToken`, with the user who
 * moved it), believing none of the options the player passed, and puts back a move the rules
 * refuse, telling the GM. And when a hold ends up in the air, the GM's client brings down those
 * it left there (cards/map-card.ts).
 */
import type { HoldRecord } from "../../rules/index.ts";
import { MODULE_ID } from "../base/constants.ts";
import { movementHooks } from "../world/compat.ts";
import { notify } from "../base/i18n.ts";
import { plainText } from "../base/text.ts";
import { tabState } from "../base/tab.ts";
import type { Destination } from "../base/types.ts";
import type { MoveAsk, Verdict } from "../map/check.ts";
import { checkMove, forgetOurs, markOurs } from "../map/check.ts";
import { settleGmMove, settleKindMove, settlePlayerMove } from "../ui/move-dialog.ts";
import { actionOf, kindOf } from "../map/ruler.ts";
import { dropFalls } from "../cards/map-card.ts";
import { gmWork } from "../gm/queue.ts";
import { sawHook } from "../world/hooks-seen.ts";

interface Section {
  readonly distance?: number;
  readonly waypoints?: ReadonlyArray<{ readonly action?: unknown; readonly level?: unknown }>;
}

interface Movement {
  readonly destination?: Partial<Destination> & { readonly level?: unknown };
  readonly passed?: Section;
  readonly pending?: Section;
  readonly method?: string;
  readonly user?: { readonly isSelf?: boolean } | null;
}

function report(e: unknown): void {
  console.error(`${MODULE_ID} | a move in a hold could not be carried out`, e);
}

/** Acts on the check's verdict; false stops the host's own move. */
function act(v: Verdict, ask: MoveAsk): boolean {
  if (v.kind === "allow") return true;
  if (v.kind === "refuse") {
    ui.notifications?.warn(plainText(v.message));
    return false;
  }
  const { situation, feet, kindMove } = v;
  setTimeout(() => {
    const run = kindMove ? settleKindMove(situation, ask.to, kindMove, ask.distance) : game.user.isGM ? settleGmMove(situation, ask.to, ask.distance) : settlePlayerMove(situation, ask.to, feet, ask.distance);
    run.catch(report);
  }, 0);
  return false;
}

function destinationOf(doc: TokenDocument.Implementation, d: Partial<Destination> | undefined): Destination {
  return { x: d?.x ?? doc.x ?? 0, y: d?.y ?? doc.y ?? 0, elevation: d?.elevation ?? doc.elevation ?? 0 };
}

function measured(m: Movement): number | null {
  const d = (m.passed?.distance ?? 0) + (m.pending?.distance ?? 0);
  return m.pending?.distance === undefined && m.passed?.distance === undefined ? null : d;
}

/** v13.333+ and v14: the move as the host measured it. */
export function onPreMove(doc: TokenDocument.Implementation, movement: Movement, operation: unknown): boolean {
  sawHook("preMoveToken");
  const moving = (operation as { movement?: Record<string, unknown> } | undefined)?.movement;
  const ask: MoveAsk = { token: doc, to: destinationOf(doc, movement.destination), distance: measured(movement), method: movement.method ?? null, alsoMoving: moving ? Object.keys(moving) : [], operation, ...howItMoves(doc, movement) };
  return act(checkMove(ask), ask);
}

/** How the movement moves the token: its action (the last waypoint's that names one), the level it goes to, and so its kind. */
function howItMoves(doc: TokenDocument.Implementation, movement: Movement): Pick<MoveAsk, "kind" | "action" | "level"> {
  const waypoints = [...(movement.passed?.waypoints ?? []), ...(movement.pending?.waypoints ?? [])];
  const action = actionOf(waypoints);
  // The destination's level (C-114), else the last waypoint's (v14 waypoints name their level: C-160).
  const to = movement.destination?.level ?? (waypoints.at(-1) as { level?: unknown } | undefined)?.level;
  const here = (doc as unknown as { level?: unknown }).level;
  const level = typeof to === "string" && to !== here ? to : null;
  return { kind: kindOf(action, level), action, level };
}

/** Builds without movement hooks: a change of place in an ordinary update, by the client that asks. */
export function onPreUpdate(doc: TokenDocument.Implementation, changes: Record<string, unknown>, options: unknown, userId: string): boolean {
  if (movementHooks() === "move" || userId !== game.user.id) return true;
  if (!("x" in changes) && !("y" in changes) && !("elevation" in changes)) return true;
  const to = destinationOf(doc, changes as Partial<Destination>);
  const ask: MoveAsk = { token: doc, to, distance: null, method: null, alsoMoving: [], operation: options };
  return act(checkMove(ask), ask);
}

/**
 * v14: a move plotted and not yet started is checked now, classed by how it moves as a move made
 * at once is (its waypoints' action and level: a teleport, a forced move, a change of level). One
 * the rules refuse is stopped, saying why; one the module must carry out (a group's move, or the
 * rules' answer to a move that is not a walk) is not kept as a plan, since starting it may pass
 * no check (C-66): the user is told what making it will do.
 */
export function onPlan(doc: TokenDocument.Implementation): void {
  const movement = (doc as unknown as { movement?: Movement }).movement;
  if (!movement || movement.user?.isSelf !== true) return;
  const ask: MoveAsk = { token: doc, to: destinationOf(doc, movement.destination), distance: measured(movement), method: movement.method ?? null, alsoMoving: [], ...howItMoves(doc, movement) };
  const v = checkMove(ask);
  if (v.kind === "allow") return;
  void (doc as unknown as { stopMovement?: () => unknown }).stopMovement?.();
  if (v.kind === "refuse") ui.notifications?.warn(plainText(v.message));
  else if (v.kindMove) notify("info", `WC.Move.notPlannedKind.${v.kindMove.kind}.${v.kindMove.answer}`, { name: doc.name ?? "" });
  else notify("info", "WC.Move.notPlanned", { name: doc.name ?? "" });
}

/** Hooks the community types do not list yet (v13's movement hooks, v14's planning). */
function on(name: string, fn: (...args: never[]) => unknown): void {
  (Hooks.on as unknown as (n: string, f: (...args: never[]) => unknown) => number)(name, fn);
}

interface FinishedMovement {
  readonly origin?: Partial<Destination>;
  readonly destination?: Partial<Destination>;
  readonly passed?: Section;
  readonly method?: string;
}

/**
 * The GM's client sees a player's finished move: checked again as that player, trusting no
 * option the player passed. A move the rules would not have let through as it was made (held
 * fast, or one the module should have carried out) is put back where it started.
 */
export function onMoved(doc: TokenDocument.Implementation, movement: FinishedMovement, user: User.Implementation | null | undefined): void {
  if (game.users.activeGM?.isSelf !== true || !user || user.isGM) return;
  const origin = movement.origin;
  if (!origin || typeof origin.x !== "number" || typeof origin.y !== "number") return;
  const to = destinationOf(doc, movement.destination);
  if (Math.abs(origin.x - to.x) < 1 && Math.abs(origin.y - to.y) < 1 && (origin.elevation ?? to.elevation) === to.elevation) return;
  const ask: MoveAsk = { token: doc, from: { x: origin.x, y: origin.y, ...(typeof origin.elevation === "number" ? { elevation: origin.elevation } : {}) }, to, distance: movement.passed?.distance ?? null, method: movement.method ?? null, alsoMoving: [] };
  const back = { _id: doc.id, x: origin.x, y: origin.y, elevation: origin.elevation ?? doc.elevation ?? 0 };
  // Checked as the GM's work, after what came before it: a hold half the player removed or
  // changed a moment before moving is put back first (gm/hold-guard.ts), and the move is judged
  // against the hold as it truly is.
  void gmWork(async () => {
    if (checkMove(ask, user, false).kind === "allow") return;
    markOurs([back]);
    try {
      await (doc.parent as Scene.Implementation).updateEmbeddedDocuments("Token", [back] as never, { [MODULE_ID]: { move: "putBack" }, animate: false } as never);
    } finally {
      forgetOurs([doc.id ?? ""]);
    }
    notify("warn", "WC.Guard.movedBack", { user: user.name ?? "?", name: doc.name ?? "" });
  }).catch(report);
}

/**
 * Builds without movement hooks tell the GM's tab of a move only as an ordinary `updateToken`,
 * without where it started: the GM's tab remembers where each token stood, and checks a player's
 * change of place from there as it checks a finished move.
 */
const stoodAt = () => tabState("token-places", () => new Map<string, Destination>());

function remember(doc: TokenDocument.Implementation): void {
  stoodAt().set(doc.uuid, { x: doc.x ?? 0, y: doc.y ?? 0, elevation: doc.elevation ?? 0 });
}

function rememberAll(): void {
  for (const scene of game.scenes) for (const t of scene.tokens) remember(t as TokenDocument.Implementation);
}

function onUpdatedPlace(doc: TokenDocument.Implementation, changes: Record<string, unknown>, userId: string): void {
  if (movementHooks() === "move") return;
  const before = stoodAt().get(doc.uuid);
  remember(doc);
  if (!("x" in changes) && !("y" in changes) && !("elevation" in changes)) return;
  if (!before) return;
  onMoved(doc, { origin: before, destination: { x: doc.x ?? 0, y: doc.y ?? 0, elevation: doc.elevation ?? 0 } }, game.users.get(userId));
}

const ended = new Map<string, HoldRecord>();
let fallsScheduled = false;

/** A hold ended (on every client): the active GM's client looks for anyone it left in the air, once the writes that ended it are done. */
function holdEnded(record: HoldRecord): void {
  if (game.users.activeGM?.isSelf !== true) return;
  ended.set(record.id, record);
  if (fallsScheduled) return;
  fallsScheduled = true;
  setTimeout(() => {
    fallsScheduled = false;
    const records = [...ended.values()];
    ended.clear();
    // The GM's work, after the piece that ended the holds (gm/queue.ts).
    void gmWork(() => dropFalls(records)).catch((e: unknown) => console.error(`${MODULE_ID} | a fall could not be carried out`, e));
  }, 0);
}

export function listen(): void {
  on("preMoveToken", (doc: TokenDocument.Implementation, movement: Movement, operation: unknown) => onPreMove(doc, movement, operation));
  Hooks.on("preUpdateToken", (doc, changes, options, userId) => onPreUpdate(doc as TokenDocument.Implementation, changes as Record<string, unknown>, options, userId as string));
  on("planToken", (doc: TokenDocument.Implementation) => onPlan(doc));
  on("moveToken", (doc: TokenDocument.Implementation, movement: FinishedMovement, _operation: unknown, user: User.Implementation | null) => {
    forgetOurs([doc.id ?? ""]);
    onMoved(doc, movement, user);
  });
  Hooks.on(`${MODULE_ID}.holdBroken`, (record) => holdEnded(record));
  Hooks.once("ready", () => {
    if (movementHooks() !== "move") rememberAll();
  });
  Hooks.on("createToken", (doc) => {
    if (movementHooks() !== "move") remember(doc as TokenDocument.Implementation);
  });
  Hooks.on("updateToken", (doc, changes, _options, userId) => onUpdatedPlace(doc as TokenDocument.Implementation, changes as Record<string, unknown>, userId as string));
}
