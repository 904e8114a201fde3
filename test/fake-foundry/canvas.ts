/**
 * The canvas one client shows, for the tethers' tests: the viewed scene's Token objects (where each
 * is drawn now, moving a frame at a time after an update), the interface group the module's layer
 * goes in, the refresh and lifecycle hooks, and real PIXI 7 to draw with (pixi.js in Node, with a
 * stand-in for the browser's 2D canvas that PIXI asks for textures and text). PIXI is loaded only
 * by `enableCanvas()`: a test that never draws a canvas pays nothing, and without it
 * `foundry.canvas.layers.CanvasLayer` is absent, as on a client with no canvas.
 */
import type * as PixiModule from "pixi.js";
import type { FakeClient, FakeScene, FakeToken } from "./world.ts";

type Pixi = typeof PixiModule;
type Data = Record<string, unknown>;

let pixi: Pixi | null = null;
let layerClass: (new () => FakeCanvasLayer) | null = null;

/** A CanvasLayer as the module sees it (a PIXI container with the draw and tear-down steps). */
export interface FakeCanvasLayer {
  draw(): Promise<unknown>;
  tearDown(): Promise<unknown>;
  zIndex: number;
  destroyed: boolean;
  children: unknown[];
}

/** A 2D context as much as PIXI asks of one for textures and text: it draws nothing. */
function standInContext(): unknown {
  const ctx: Data = {
    measureText: (text: string) => ({ width: text.length * 8, actualBoundingBoxAscent: 12, actualBoundingBoxDescent: 4 }),
    getImageData: (_x: number, _y: number, w: number, h: number) => ({ data: new Uint8ClampedArray(Math.max(1, w * h * 4)) }),
    createLinearGradient: () => ({ addColorStop: () => undefined }),
  };
  return new Proxy(ctx, { get: (t, k) => (k in t ? t[k as string] : () => undefined) });
}

/** A canvas element for PIXI in Node, where there is no DOM (with one, happy-dom's own element). */
class StandInCanvas {
  width: number;
  height: number;
  readonly style: Data = {};
  constructor(width = 1, height = 1) {
    this.width = width;
    this.height = height;
  }
  getContext(): unknown {
    return standInContext();
  }
  addEventListener(): void {}
  removeEventListener(): void {}
}

function makeCanvas(w = 1, h = 1): HTMLCanvasElement {
  const g = globalThis as { document?: Document; HTMLCanvasElement?: unknown };
  const c = g.document?.createElement("canvas");
  // PIXI knows a canvas by `instanceof HTMLCanvasElement`: the DOM's element where the globals are the DOM's.
  if (!c || typeof g.HTMLCanvasElement !== "function" || !(c instanceof (g.HTMLCanvasElement as typeof HTMLCanvasElement))) return new StandInCanvas(w, h) as unknown as HTMLCanvasElement;
  c.width = w;
  c.height = h;
  (c as unknown as { getContext: () => unknown }).getContext = standInContext;
  return c;
}

/** Loads PIXI 7 (pixi.js) for Node once: what the canvas and the module's drawing run on. */
export async function loadPixi(): Promise<Pixi> {
  if (pixi) return pixi;
  const g = globalThis as unknown as Data;
  g.HTMLCanvasElement ??= StandInCanvas;
  const P = await import("pixi.js");
  P.settings.ADAPTER = { ...P.settings.ADAPTER, createCanvas: makeCanvas };
  pixi = P;
  return P;
}

/**
 * Gives every client a canvas to draw: PIXI as the global `PIXI` ([C-82] Foundry draws with PIXI 7),
 * and `foundry.canvas.layers.CanvasLayer`. [C-85] A layer is drawn with `draw()`, which runs its
 * `_draw()`, and torn down with `tearDown()`, which runs its `_tearDown()`.
 */
export async function enableCanvas(): Promise<Pixi> {
  const P = await loadPixi();
  (globalThis as unknown as Data).PIXI = P;
  layerClass ??= class CanvasLayer extends P.Container {
    async draw(): Promise<this> {
      await this._draw();
      return this;
    }
    async tearDown(): Promise<this> {
      await this._tearDown();
      for (const c of this.removeChildren()) c.destroy({ children: true });
      return this;
    }
    async _draw(): Promise<void> {}
    async _tearDown(): Promise<void> {}
  } as unknown as new () => FakeCanvasLayer;
  return P;
}

/** `foundry.canvas` as the fake offers it (nothing until the canvas is enabled). */
export function fakeFoundryCanvas(): Data {
  return { layers: layerClass ? { CanvasLayer: layerClass } : {}, containers: {} };
}

const ALL_FLAGS = { refreshPosition: true, refreshSize: true, refreshElevation: true, refreshVisibility: true, refreshState: true };

/**
 * [C-75] A Token object on the canvas: `x`, `y` where it is drawn now (during a movement the
 * document already holds the destination while the object moves there frame by frame), `w`, `h`
 * its size in pixels. [C-76] `isVisible`: a GM sees every token, hidden ones too; anyone else
 * never a hidden token, and otherwise what their tokens' vision shows (`canvas.sees`); `visible`
 * is set from it whenever the object's visibility is refreshed.
 */
export class FakeTokenObject {
  x: number;
  y: number;
  visible = true;
  destroyed = false;
  /** [C-79] A drag's preview copy is a Token object too; these are the real ones. */
  readonly isPreview = false;
  animation: { from: { x: number; y: number }; to: { x: number; y: number }; frame: number; frames: number } | null = null;
  constructor(
    private readonly canvas: FakeCanvas,
    readonly document: FakeToken,
  ) {
    this.x = document.x;
    this.y = document.y;
  }
  get w(): number {
    return this.document.width * this.document.parent.grid.sizeX;
  }
  get h(): number {
    return this.document.height * this.document.parent.grid.sizeY;
  }
  get id(): string {
    return this.document.id;
  }
  get center(): { x: number; y: number } {
    return { x: this.x + this.w / 2, y: this.y + this.h / 2 };
  }
  get isVisible(): boolean {
    if (this.canvas.client.user.isGM) return true;
    if (this.document.hidden) return false;
    return this.canvas.sees(this);
  }
}

/**
 * One client's canvas. `draw(scene)` draws the interface group's layers from CONFIG.Canvas.layers
 * [C-85] and the scene's tokens (`drawToken` for each, [C-77]), then fires `canvasReady`; in which
 * order Foundry draws a module's layer and the token layer is not documented, so both are offered.
 * A token update moves its object over `frames` frames, each a `refreshToken` [C-75]; other
 * changes refresh it at once; a deleted token's object is destroyed (`destroyToken`). `tearDown()`
 * fires `canvasTearDown` and tears the layers down.
 */
export class FakeCanvas {
  ready = false;
  scene: FakeScene | null = null;
  readonly tokens: { controlled: Array<{ document: FakeToken }>; placeables: FakeTokenObject[]; get(id: string): FakeTokenObject | undefined } = {
    controlled: [],
    placeables: [],
    get(id: string) {
      return this.placeables.find((t) => t.document.id === id);
    },
  };
  stage: PixiModule.Container | null = null;
  interface: PixiModule.Container | null = null;
  /** [C-82] `canvas.app`: the page element the canvas is drawn in, and PIXI's mapping from the page to the stage (here one to one). */
  app: { view: EventTarget; renderer: { events: { mapPositionToPoint(point: { x: number; y: number }, x: number, y: number): void } } } | null = null;
  /** What this user's tokens see (token vision): every token unless a test says otherwise. */
  sees: (t: FakeTokenObject) => boolean = () => true;
  /** Frames a movement takes; `manualFrames` holds them until `step()`. */
  frames = 4;
  manualFrames = false;
  readonly layers = new Map<string, FakeCanvasLayer>();
  /** Every refreshToken fired, for the tests. */
  refreshes = 0;
  /** Where this tab was asked to pan, for the tests. */
  readonly pans: Array<{ x: number; y: number; scale?: number; duration?: number }> = [];
  constructor(readonly client: FakeClient) {}

  /** [C-142] `animatePan({x, y, scale?, duration?})`: this tab's view moves (the fake records where); nothing is written. */
  async animatePan(view: { x: number; y: number; scale?: number; duration?: number }): Promise<boolean> {
    this.pans.push(view);
    return true;
  }

  async draw(scene: FakeScene, options: { tokensFirst?: boolean } = {}): Promise<void> {
    if (!pixi || !layerClass) throw new Error("fake: enableCanvas() before drawing a canvas");
    if (this.ready) await this.tearDown();
    const P = pixi;
    this.scene = scene;
    this.stage = new P.Container();
    this.interface = this.stage.addChild(new P.Container());
    const view = new EventTarget();
    this.app = { view, renderer: { events: { mapPositionToPoint: (point, x, y) => ((point.x = x), (point.y = y)) } } };
    const drawLayers = async () => {
      const config = (this.client.CONFIG as unknown as { Canvas: { layers: Record<string, { group: string; layerClass: new () => FakeCanvasLayer }> } }).Canvas.layers;
      for (const [name, entry] of Object.entries(config)) {
        if (entry.group !== "interface") continue;
        const layer = new entry.layerClass();
        this.interface?.addChild(layer as unknown as PixiModule.Container);
        this.layers.set(name, layer);
        (this as unknown as Data)[name] = layer;
        await this.client.run(() => layer.draw());
      }
    };
    const drawTokens = () => {
      for (const doc of scene.tokens) this.addObject(doc);
    };
    if (options.tokensFirst) {
      drawTokens();
      await drawLayers();
    } else {
      await drawLayers();
      drawTokens();
    }
    this.ready = true;
    this.client.run(() => this.client.Hooks.callAll("canvasReady", this));
  }

  async tearDown(): Promise<void> {
    if (!this.ready) return;
    this.ready = false;
    this.client.run(() => this.client.Hooks.callAll("canvasTearDown", this));
    for (const layer of this.layers.values()) await this.client.run(() => layer.tearDown());
    for (const t of this.tokens.placeables) this.destroyObject(t);
    this.tokens.placeables = [];
    this.layers.clear();
    this.stage?.destroy({ children: true });
    this.stage = null;
    this.interface = null;
    this.scene = null;
  }

  private addObject(doc: FakeToken): FakeTokenObject {
    const t = new FakeTokenObject(this, doc);
    this.tokens.placeables.push(t);
    this.client.run(() => this.client.Hooks.callAll("drawToken", t));
    this.refresh(t, ALL_FLAGS);
    return t;
  }

  private destroyObject(t: FakeTokenObject): void {
    this.client.run(() => this.client.Hooks.callAll("destroyToken", t));
    t.destroyed = true;
  }

  /** [C-75] An incremental refresh: visibility applied first, then `refreshToken(token, flags)`. */
  refresh(t: FakeTokenObject, flags: Record<string, boolean>): void {
    if (t.destroyed) return;
    if (flags.refreshVisibility) t.visible = this.client.run(() => t.isVisible);
    this.refreshes++;
    this.client.run(() => this.client.Hooks.callAll("refreshToken", t, flags));
  }

  /** Vision changed (a token moved, a light went out): every token's visibility refreshed, then `sightRefresh` [C-78]. */
  refreshVision(): void {
    for (const t of this.tokens.placeables) this.refresh(t, { refreshVisibility: true });
    this.client.run(() => this.client.Hooks.callAll("sightRefresh", {}));
  }

  /** What a document change does to the canvas, before the change's hooks run on this client. */
  documentChanged(hook: string, args: readonly unknown[]): void {
    if (!this.ready || !this.scene) return;
    const doc = args[0] as FakeToken;
    if (doc?.parent !== this.scene) return;
    const t = this.tokens.placeables.find((p) => p.document === doc);
    if (!t) return;
    if (hook === "deleteToken") {
      this.tokens.placeables = this.tokens.placeables.filter((p) => p !== t);
      this.destroyObject(t);
      return;
    }
    if (hook !== "updateToken") return;
    const changes = (args[1] ?? {}) as Data;
    const moves = "x" in changes || "y" in changes;
    if (moves && this.frames > 0) {
      t.animation = { from: { x: t.x, y: t.y }, to: { x: doc.x, y: doc.y }, frame: 0, frames: this.frames };
      if (!this.manualFrames) this.runAnimation(t);
    } else if (moves) {
      t.x = doc.x;
      t.y = doc.y;
    }
    this.refresh(t, { refreshPosition: moves, refreshSize: "width" in changes || "height" in changes, refreshElevation: "elevation" in changes, refreshVisibility: "hidden" in changes, refreshState: true });
  }

  private runAnimation(t: FakeTokenObject): void {
    setImmediate(() => {
      if (this.stepObject(t)) this.runAnimation(t);
    });
  }

  /** One frame of every movement under way (with `manualFrames`). */
  step(): void {
    for (const t of this.tokens.placeables) this.stepObject(t);
  }

  private stepObject(t: FakeTokenObject): boolean {
    const a = t.animation;
    if (!a || t.destroyed) return false;
    a.frame++;
    const k = Math.min(1, a.frame / a.frames);
    t.x = a.from.x + (a.to.x - a.from.x) * k;
    t.y = a.from.y + (a.to.y - a.from.y) * k;
    if (k >= 1) t.animation = null;
    this.refresh(t, { refreshPosition: true });
    return t.animation !== null;
  }
}
