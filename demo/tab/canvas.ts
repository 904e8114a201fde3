/**
 * The tab's canvas for the module's own layer: the fake's canvas (test/fake-foundry/canvas.ts)
 * draws the scene as Foundry's does (the interface group's layers from CONFIG.Canvas.layers, so
 * the module's tether layer; a Token object per token, moving a frame at a time, each frame a
 * refreshToken), and this shows its PIXI stage: a WebGL canvas laid over the map's squares, at the
 * map's scale, with the page's pointer mapped to the stage as PIXI's own mapping does, so the
 * module's hover finds a tether under the pointer. The tethers are the module's (map/tethers.ts
 * through map/tether-scene.ts); this only draws the stage.
 */
import type * as PixiModule from "pixi.js";
import type { TabContext } from "./context.ts";
import { el } from "./context.ts";

type Pixi = typeof PixiModule;

/** How often the stage is drawn again at most (the tethers follow a move within a frame or two). */
const FRAME_MS = 40;

export class CanvasView {
  readonly view = el("canvas", "map__canvas");
  private renderer: PixiModule.Renderer | null = null;
  private last = 0;
  private size = { w: 0, h: 0, square: 0 };

  constructor(
    private readonly ctx: TabContext,
    private readonly board: HTMLElement,
  ) {
    this.view.setAttribute("aria-hidden", "true");
  }

  /** Draws the scene on the fake's canvas (the module's layer with it), then shows its stage here. */
  async open(): Promise<void> {
    const canvas = this.ctx.client.canvas;
    await canvas.draw(this.ctx.scene);
    const P = (window.parent as unknown as { PIXI?: Pixi }).PIXI;
    if (!P) return;
    try {
      this.renderer = new P.Renderer({ view: this.view, width: 1, height: 1, backgroundAlpha: 0, antialias: true, resolution: window.devicePixelRatio || 1, autoDensity: true });
    } catch (error) {
      console.warn("demo | no WebGL here: the map shows no tethers", error);
      return;
    }
    // The page's pointer, as PIXI maps it onto the stage: from the map's corner, in CSS pixels.
    const view = this.view;
    const events = {
      mapPositionToPoint(point: { x: number; y: number }, x: number, y: number): void {
        const r = view.getBoundingClientRect();
        point.x = x - r.left;
        point.y = y - r.top;
      },
    };
    (canvas as unknown as { app: unknown }).app = { view: this.board, renderer: { events } };
    // The module listens for the pointer where canvas.app says, when the canvas is ready: say it again.
    this.ctx.client.run(() => this.ctx.client.Hooks.callAll("canvasReady", canvas));
  }

  /** The map's size changed: the stage follows the squares. */
  fit(square: number, columns: number, rows: number): void {
    const stage = this.ctx.client.canvas.stage;
    if (!this.renderer || !stage) return;
    const w = columns * square;
    const h = rows * square;
    if (w !== this.size.w || h !== this.size.h || square !== this.size.square) {
      this.size = { w, h, square };
      this.renderer.resize(w, h);
      stage.scale.set(square / this.ctx.scene.grid.size);
    }
  }

  /**
   * How many of `points` (scene coordinates) the stage shows `colour` at or within a few pixels
   * of, drawn afresh: for the smoke run, which checks a tether is on the map in its colour.
   */
  pointsShowing(points: ReadonlyArray<{ x: number; y: number }>, colour: number, radius = 4): number {
    const stage = this.ctx.client.canvas.stage;
    const P = (window.parent as unknown as { PIXI?: Pixi }).PIXI;
    if (!this.renderer || !stage || !P) return 0;
    const { w, h } = this.size;
    if (w <= 0 || h <= 0) return 0;
    // Drawn into a texture of the map's size (one pixel a CSS pixel) and read back whole.
    const texture = P.RenderTexture.create({ width: w, height: h, resolution: 1 });
    this.renderer.render(stage, { renderTexture: texture, clear: true });
    const d = this.renderer.extract.pixels(texture);
    texture.destroy(true);
    const scale = stage.scale.x;
    const near = (i: number) => (d[i + 3] ?? 0) > 128 && [0, 1, 2].every((k) => Math.abs((d[i + k] ?? 0) - ((colour >> (16 - 8 * k)) & 255)) < 48);
    let n = 0;
    for (const p of points) {
      const cx = Math.round(p.x * scale);
      const cy = Math.round(p.y * scale);
      let found = false;
      for (let y = cy - radius; y <= cy + radius && !found; y++) {
        for (let x = cx - radius; x <= cx + radius && !found; x++) if (x >= 0 && y >= 0 && x < w && y < h && near((y * w + x) * 4)) found = true;
      }
      if (found) n++;
    }
    return n;
  }

  /** Draws the stage (at most every FRAME_MS). */
  render(now = performance.now()): void {
    const stage = this.ctx.client.canvas.stage;
    if (!this.renderer || !stage || now - this.last < FRAME_MS) return;
    this.last = now;
    this.renderer.render(stage);
  }
}
