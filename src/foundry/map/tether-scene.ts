/**
 * The tethers on this client's canvas: the module's own canvas layer (in the interface group, over
 * the tokens), a board in it (map/tethers.ts), and what feeds the board from Foundry: where each
 * token is drawn (the Token object's x, y, w, h at this moment, so mid-animation too), whether this
 * user sees it, and the true holds between the canvas's tokens (documents/holds.ts: only pairs
 * whose two halves name each other count). Nothing here writes a document or sends a request.
 *
 * The board lives while the layer is drawn and tethers are on for this user (their own setting,
 * and for a player the world's); it is made again when a setting or the variant changes.
 */
import { tabState } from "../base/tab.ts";
import { holdsAround, storedHold } from "../documents/holds.ts";
import { leashOf } from "../documents/ledger.ts";
import { feetPerUnit } from "./geometry.ts";
import { idsMeaning } from "../documents/statuses.ts";
import { activeVariantId, tethersForPlayers, tethersOn } from "../world/settings.ts";
import { aloftOf, gridOf } from "./check.ts";
import type { Point } from "./geometry.ts";
import type { HoldRecord } from "../../rules/index.ts";
import type { TetherHold, TetherLook, TokenPlace, Viewer } from "./tether-geometry.ts";
import { holdLook, nameShown } from "./tether-geometry.ts";
import { TetherBoard } from "./tethers.ts";

/** The layer's name in CONFIG.Canvas.layers (and on `canvas`). */
export const LAYER_NAME = "weaponlessTethers";
/** Over the token layer, under the controls (where modules put such overlays). */
const LAYER_Z = 900;
/** How near the pointer must come to a tether to name it, in screen pixels. */
const HOVER_PIXELS = 8;

/** What the module reads of a Token object on the canvas. */
export interface TokenObject {
  readonly document: TokenDocument.Implementation;
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  readonly visible?: boolean;
  readonly isVisible?: boolean;
  readonly isPreview?: boolean;
  readonly destroyed?: boolean;
}

interface CanvasLike {
  readonly ready?: boolean;
  readonly scene?: unknown;
  readonly tokens?: { readonly placeables?: readonly TokenObject[] };
  readonly stage?: { readonly scale?: { readonly x: number } };
  readonly app?: {
    readonly view?: EventTarget;
    readonly renderer?: { readonly events?: { mapPositionToPoint(point: Point, x: number, y: number): void } };
  };
}

const theCanvas = (): CanvasLike | undefined => (globalThis as { canvas?: CanvasLike }).canvas;

interface Here {
  layer: PIXI.Container | null;
  board: TetherBoard | null;
  pending: boolean;
  unlisten: (() => void) | null;
}

const here = () => tabState<Here>("tethers", () => ({ layer: null, board: null, pending: false, unlisten: null }));

/** The board on this client's canvas, if tethers are drawn here now. */
export function tetherBoard(): TetherBoard | null {
  return here().board;
}

// ---------------------------------------------------------------------------------------------
// Reading Foundry.

/** The Token objects on the canvas (not a drag's preview copies). */
export function canvasTokens(): TokenObject[] {
  return (theCanvas()?.tokens?.placeables ?? []).filter((t) => !t.isPreview && !t.destroyed);
}

/** A token as it is drawn now. Whether this user sees it is Foundry's answer, vision included. */
export function placeOf(t: TokenObject): TokenPlace {
  const doc = t.document;
  const aloft = aloftOf(doc);
  return {
    id: doc.id ?? "",
    x: t.x,
    y: t.y,
    w: t.w,
    h: t.h,
    elevation: doc.elevation ?? 0,
    ...(aloft ? { ground: aloft.ground } : {}),
    hidden: doc.hidden === true,
    visible: (t.visible ?? t.isVisible) !== false,
  };
}

export function viewerNow(): Viewer {
  return { isGM: game.user.isGM, enabled: tethersOn(), playersSee: tethersForPlayers() };
}

/** A token's name as this user may be told it on the map (else "someone"): the tethers' rule, and the holds panel's. */
export function nameFor(doc: TokenDocument.Implementation): string {
  const owner = doc.actor?.isOwner ?? doc.isOwner;
  const mode = (doc as unknown as { displayName?: number }).displayName;
  return nameShown(game.user.isGM, owner === true, mode) ? (doc.name ?? "") : game.i18n.localize("WC.Tether.someone");
}

function pinnedActor(actor: Actor.Implementation | null | undefined): boolean {
  if (!actor) return false;
  const ids = idsMeaning("pinned");
  return ids.some((id) => actor.statuses?.has(id));
}

/** The look of a hold (its part and kind) as its tether draws it. */
export function lookOf(record: HoldRecord, held: TokenDocument.Implementation | null | undefined): TetherLook {
  return holdLook(activeVariantId(), record.data, pinnedActor(held?.actor));
}

/**
 * Sets a hold's tether apart on this client's canvas for `ms` milliseconds (the holds panel's
 * Show). False when no tether of it is drawn for this user.
 */
export function spotlightTether(holdId: string, ms = 4000): boolean {
  const board = here().board;
  if (!board?.spotlight(holdId)) return false;
  setTimeout(() => {
    if (here().board === board && board.spotlit() === holdId) board.spotlight(null);
  }, ms);
  return true;
}

/** The true holds between tokens on the canvas, each with its look and the words hovering it shows. */
export function holdsOnCanvas(tokens: readonly TokenObject[] = canvasTokens()): TetherHold[] {
  const byUuid = new Map(tokens.map((t) => [t.document.uuid, t.document]));
  const actors = [...new Set(tokens.map((t) => t.document.actor).filter((a): a is Actor.Implementation => !!a))];
  const variant = activeVariantId();
  const out: TetherHold[] = [];
  for (const r of holdsAround(actors, variant)) {
    const holder = byUuid.get(r.holderId);
    const held = byUuid.get(r.heldId);
    if (!holder || !held || holder === held) continue;
    const pinned = pinnedActor(held.actor);
    const look = holdLook(variant, r.data, pinned);
    const params = { holder: nameFor(holder), held: nameFor(held), part: game.i18n.localize(r.label) };
    const plain = game.i18n.format(pinned ? "WC.Tether.labelPinned" : "WC.Tether.label", params);
    // A hold made at a distance: its leash, from the GM's ledger (documents/ledger.ts).
    const leash = leashOf(r.id);
    const label = leash === null ? plain : game.i18n.format("WC.Tether.labelLeash", { label: plain, distance: leashText(leash) });
    out.push({ id: r.id, holderId: holder.id ?? "", heldId: held.id ?? "", look, label, ...(leash !== null ? { leash } : {}) });
  }
  return out;
}

/** A label's text on the canvas: Foundry's PreciseText in its canvas text style where it has them. */
function canvasText(text: string): PIXI.Container {
  const f = (globalThis as { foundry?: { canvas?: { containers?: { PreciseText?: new (t: string, s: unknown) => PIXI.Container } } } }).foundry;
  const base = (globalThis as { CONFIG?: { canvasTextStyle?: { clone(): Record<string, unknown> } } }).CONFIG?.canvasTextStyle;
  const style = base ? Object.assign(base.clone(), { fontSize: 15, wordWrap: false }) : { fontFamily: "Signika, sans-serif", fontSize: 15, fill: 0xffffff, stroke: 0x000000, strokeThickness: 3 };
  const Precise = f?.canvas?.containers?.PreciseText;
  return Precise ? new Precise(text, style) : new PIXI.Text(text, style as Partial<PIXI.ITextStyle>);
}

/** A leash's length in the scene's units ("10 ft", "3 m"). */
export function leashText(feet: number): string {
  const units = gridOf(theCanvas()?.scene).units;
  return game.i18n.format("WC.Tether.distance", { distance: String(Math.round((feet / feetPerUnit(units)) * 10) / 10), units });
}

function heightText(height: number): string {
  const units = gridOf(theCanvas()?.scene).units;
  return game.i18n.format("WC.Tether.height", { height: String(Math.round(height * 10) / 10), units });
}

// ---------------------------------------------------------------------------------------------
// The board's life.

/** Registers the module's canvas layer (at init): a CanvasLayer in the interface group. */
export function registerTetherLayer(): void {
  const config = (globalThis as { CONFIG?: { Canvas?: { layers?: Record<string, unknown> } } }).CONFIG;
  const Base = (globalThis as unknown as { foundry?: { canvas?: { layers?: { CanvasLayer?: new () => PIXI.Container } } } }).foundry?.canvas?.layers?.CanvasLayer;
  const layers = config?.Canvas?.layers;
  if (!layers || !Base) return;
  class TetherLayer extends Base {
    async _draw(): Promise<void> {
      this.zIndex = LAYER_Z;
      layerDrawn(this);
    }
    async _tearDown(): Promise<void> {
      layerGone(this);
    }
  }
  layers[LAYER_NAME] = { group: "interface", layerClass: TetherLayer };
}

function layerDrawn(layer: PIXI.Container): void {
  const h = here();
  if (h.layer !== layer) layerGone(h.layer);
  h.layer = layer;
  rebuild();
}

function layerGone(layer: PIXI.Container | null): void {
  const h = here();
  if (!layer || h.layer !== layer) return;
  drop();
  h.layer = null;
}

function drop(): void {
  const h = here();
  h.unlisten?.();
  h.unlisten = null;
  h.board?.destroy();
  h.board = null;
}

/**
 * The board draws with PIXI 7's Graphics calls (lineStyle, beginFill), the PIXI Foundry v13 and
 * v14 ship; a canvas on another PIXI gets no tethers rather than errors on every refresh.
 */
function drawsLikePixi7(): boolean {
  const G = (globalThis as { PIXI?: { Graphics?: { prototype?: Record<string, unknown> } } }).PIXI?.Graphics;
  const ok = typeof G?.prototype?.lineStyle === "function" && typeof G.prototype.beginFill === "function";
  if (!ok) console.warn("weaponless-combat | tethers need PIXI 7's Graphics; none are drawn on this canvas");
  return ok;
}

/** Makes the board again from scratch (a setting changed, or the canvas is ready). */
export function rebuild(): void {
  const h = here();
  drop();
  const viewer = viewerNow();
  if (!h.layer || !viewer.enabled || (!viewer.isGM && !viewer.playersSee) || !drawsLikePixi7()) return;
  const board = new TetherBoard(h.layer, { grid: gridOf(theCanvas()?.scene), viewer, text: canvasText, heightText, leashText });
  h.board = board;
  const tokens = canvasTokens();
  for (const t of tokens) board.place(placeOf(t));
  board.setHolds(holdsOnCanvas(tokens));
  h.unlisten = listenForHover(board, h.layer);
}

/** The holds changed (an effect came, changed or went): read them again, once per task. */
export function holdsChanged(): void {
  const h = here();
  if (!h.board || h.pending) return;
  h.pending = true;
  queueMicrotask(() => {
    const now = here();
    now.pending = false;
    now.board?.setHolds(holdsOnCanvas());
  });
}

/** Whether an effect can make or end a tether: a half of a hold, or the pinned condition. */
export function effectMatters(effect: ActiveEffect.Implementation): boolean {
  if (storedHold(effect)) return true;
  const statuses = effect.statuses as Set<string> | undefined;
  return idsMeaning("pinned").some((id) => statuses?.has(id));
}

/** A token was refreshed (moved a frame, changed size, elevation or visibility): its tethers follow. */
export function tokenRefreshed(t: TokenObject): number {
  const board = here().board;
  if (!board || t.isPreview || t.destroyed) return 0;
  return board.place(placeOf(t));
}

/** A token was drawn on the canvas (created, or shown again). */
export function tokenDrawn(t: TokenObject): void {
  if (!here().board || t.isPreview) return;
  tokenRefreshed(t);
  holdsChanged();
}

/** A token left the canvas: its tethers go at once. */
export function tokenGone(t: TokenObject): void {
  const board = here().board;
  if (!board || t.isPreview) return;
  board.remove(t.document.id ?? "");
  holdsChanged();
}

/** What this user sees changed all over (vision): every token is read again. */
export function visibilityChanged(): void {
  const board = here().board;
  if (!board) return;
  for (const t of canvasTokens()) board.place(placeOf(t));
}

/** Names on the map changed (a token renamed, or its name shown otherwise): the labels follow. */
export function namesChanged(): void {
  holdsChanged();
}

/**
 * Hovering: the pointer over the canvas, in map pixels (PIXI's own mapping from the page to the
 * renderer, then the layer's). A tether within a few screen pixels shows its label.
 */
function listenForHover(board: TetherBoard, layer: PIXI.Container): (() => void) | null {
  const c = theCanvas();
  const view = c?.app?.view;
  const events = c?.app?.renderer?.events;
  if (!view || !events) return null;
  const move = (e: Event) => {
    const pe = e as PointerEvent;
    const p = { x: 0, y: 0 };
    events.mapPositionToPoint(p, pe.clientX, pe.clientY);
    const local = layer.toLocal(p as PIXI.IPointData);
    const zoom = theCanvas()?.stage?.scale?.x ?? 1;
    const scale = zoom > 0 ? 1 / zoom : 1;
    board.hover({ x: local.x, y: local.y }, HOVER_PIXELS * scale, scale);
  };
  const leave = () => board.hover(null);
  view.addEventListener("pointermove", move);
  view.addEventListener("pointerleave", leave);
  return () => {
    view.removeEventListener("pointermove", move);
    view.removeEventListener("pointerleave", leave);
  };
}
