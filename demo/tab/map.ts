/**
 * The map as this tab draws it: a square grid, the scene's tokens with their effects' icons, the
 * user's own selection and targets. What a person does here goes through the fake's documents
 * as Foundry's canvas would: a click controls a token (`canvas.tokens.controlled`), the target
 * tool or T over a token toggles it in `game.user.targets`, a drag moves it with
 * `TokenDocument#move(..., {method: "dragging"})` (so the module's movement hooks decide), and a
 * right-click opens the token HUD (tab/hud.ts).
 */
import type { FakeToken } from "../../test/fake-foundry/world.ts";
import type { TabContext } from "./context.ts";
import { el, icon, owns } from "./context.ts";
import { TokenHud } from "./hud.ts";
import { statusLook } from "./statuses.ts";
import { CanvasView } from "./canvas.ts";

export type Tool = "select" | "target";

const COLUMNS = 14;
const ROWS = 9;

export class MapView {
  tool: Tool = "select";
  private square = 56;
  private hovered: FakeToken | null = null;
  private readonly board = el("div", "map");
  private readonly hud: TokenHud;
  /** The fake's canvas with the module's tether layer, drawn over the squares. */
  readonly canvas: CanvasView;
  private dragging = false;

  constructor(
    private readonly box: HTMLElement,
    private readonly ctx: TabContext,
  ) {
    this.box.append(this.board);
    this.hud = new TokenHud(ctx, this.board, () => this.square);
    this.canvas = new CanvasView(ctx, this.board);
    this.board.addEventListener("pointerdown", (event) => {
      if (event.target === this.board || (event.target as HTMLElement).classList.contains("map__grid")) {
        // A click on the empty map lets go of the selection, as Foundry's canvas does.
        this.hud.close();
        if (event.button === 0 && this.tool === "select") this.control([]);
      }
    });
    this.board.addEventListener("contextmenu", (event) => event.preventDefault());
    // The token under the pointer, for T: read from the element, which the next drawing replaces.
    this.board.addEventListener("pointerover", (event) => {
      const id = (event.target as HTMLElement).closest<HTMLElement>(".token")?.dataset.tokenId;
      this.hovered = (id ? this.ctx.scene.tokens.get(id) : undefined) ?? null;
    });
    this.board.addEventListener("pointerleave", () => (this.hovered = null));
    document.addEventListener("keydown", (event) => {
      if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement || event.target instanceof HTMLTextAreaElement) return;
      if (event.key === "Escape") this.hud.close();
      if ((event.key === "t" || event.key === "T") && this.hovered) this.toggleTarget(this.hovered);
    });
    new ResizeObserver(() => this.ctx.redraw()).observe(this.box);
  }

  private get controlled(): FakeToken[] {
    return this.ctx.client.canvas.tokens.controlled.map((o) => o.document);
  }

  control(tokens: FakeToken[]): void {
    this.ctx.client.canvas.tokens.controlled = tokens.map((t) => t.object);
    this.ctx.redraw();
  }

  toggleTarget(token: FakeToken): void {
    const targets = this.ctx.user.targets;
    if (targets.has(token.object)) targets.delete(token.object);
    else targets.add(token.object);
    this.ctx.redraw();
  }

  clearTargets(): void {
    this.ctx.user.targets.clear();
    this.ctx.redraw();
  }

  draw(): void {
    if (this.dragging) return;
    const size = this.ctx.scene.grid.size;
    const room = Math.min((this.box.clientWidth - 26) / COLUMNS, ((this.box.clientHeight || 9999) - 26) / ROWS);
    this.square = Math.max(24, Math.min(64, Math.floor(room)));
    this.board.classList.toggle("map--small", this.square < 44);
    const scale = this.square / size;
    this.board.style.width = `${COLUMNS * this.square}px`;
    this.board.style.height = `${ROWS * this.square}px`;
    this.board.style.setProperty("--square", `${this.square}px`);
    const grid = el("div", "map__grid");
    const tokens = [...this.ctx.scene.tokens].filter((t) => !t.hidden || this.ctx.user.isGM);
    const controlled = new Set(this.controlled.map((t) => t.id));
    this.board.replaceChildren(grid, ...tokens.map((t) => this.tokenElement(t, scale, controlled.has(t.id))), this.canvas.view);
    this.canvas.fit(this.square, COLUMNS, ROWS);
    this.hud.reattach();
  }

  private tokenElement(token: FakeToken, scale: number, controlled: boolean): HTMLElement {
    const look = this.ctx.look(token);
    const mine = owns(this.ctx, token);
    const box = el("div", "token");
    box.dataset.tokenId = token.id;
    box.dataset.name = token.name;
    box.classList.toggle("token--controlled", controlled);
    box.classList.toggle("token--targeted", this.ctx.user.targets.has(token.object));
    box.classList.toggle("token--owned", mine);
    box.style.left = `${token.x * scale}px`;
    box.style.top = `${token.y * scale}px`;
    box.style.width = `${token.width * this.square}px`;
    box.style.height = `${token.height * this.square}px`;
    const face = el("div", "token__face");
    face.style.background = look.colour;
    face.append(icon(`${look.icon} token__icon`));
    const name = el("div", "token__name", token.name);
    box.append(face, name);
    box.title = `${token.name} (${look.source})`;

    const actor = token.actor;
    const effects = el("div", "token__effects");
    for (const e of actor.effects) {
      if (!e.active || !e.img) continue;
      // A host status (Foundry core's or the system's): its own files are not on this page, so a
      // glyph of the same meaning, named as the creature's system names it (tab/statuses.ts).
      if (!e.img.startsWith("modules/")) {
        const status = statusLook(look.system, e.statuses ?? [], e.name);
        const chip = el("span", "token__status");
        chip.dataset.status = status?.name ?? e.name;
        chip.dataset.tooltip = status?.name ?? e.name;
        chip.setAttribute("aria-label", status?.name ?? e.name);
        chip.append(icon(status?.glyph ?? "fa-solid fa-circle-info"));
        effects.append(chip);
        continue;
      }
      const img = el("img");
      img.src = e.img;
      img.alt = e.name;
      img.dataset.tooltip = e.name;
      effects.append(img);
    }
    box.append(effects);
    if (token.elevation !== 0) box.append(el("div", "token__elevation", `${token.elevation > 0 ? "↑" : "↓"}${Math.abs(token.elevation)} ft`));
    if (mine) {
      const hp = (actor.system.attributes as { hp?: { value?: number; max?: number } } | undefined)?.hp;
      if (hp && typeof hp.value === "number" && typeof hp.max === "number" && hp.max > 0) {
        const bar = el("div", "token__bar");
        const fill = el("div", "token__bar-fill");
        fill.style.width = `${Math.max(0, Math.min(100, (hp.value / hp.max) * 100))}%`;
        bar.append(fill);
        const temporary = Number(actor.getFlag("weaponless-combat", "temporary") ?? 0);
        bar.title = `${hp.value} / ${hp.max} hit points${temporary > 0 ? `, ${temporary} of the damage temporary` : ""}`;
        box.append(bar);
      }
    }
    if (this.ctx.user.targets.has(token.object)) box.append(icon("fa-solid fa-crosshairs token__target"));

    box.addEventListener("contextmenu", (event) => {
      event.preventDefault();
      event.stopPropagation();
      // Foundry opens the HUD for a token the user controls; a right-click controls it first.
      if (!mine) return;
      this.control([token]);
      this.hud.open(token);
    });
    box.addEventListener("pointerdown", (event) => this.pointerDown(event, token, box, mine, scale));
    return box;
  }

  private pointerDown(event: PointerEvent, token: FakeToken, box: HTMLElement, mine: boolean, scale: number): void {
    if (event.button !== 0) return;
    event.stopPropagation();
    this.hud.close();
    if (this.tool === "target") return this.toggleTarget(token);
    if (!mine) return;
    if (event.shiftKey) this.control([...this.controlled.filter((t) => t.id !== token.id), token]);
    else if (!this.controlled.some((t) => t.id === token.id)) this.control([token]);
    // A drag: the token follows the pointer, then snaps to a square and moves through its document.
    const start = { x: event.clientX, y: event.clientY };
    box.setPointerCapture(event.pointerId);
    this.dragging = true;
    const move = (e: PointerEvent) => {
      box.style.transform = `translate(${e.clientX - start.x}px, ${e.clientY - start.y}px)`;
      box.classList.add("token--dragging");
    };
    const up = (e: PointerEvent) => {
      box.removeEventListener("pointermove", move);
      box.removeEventListener("pointerup", up);
      box.removeEventListener("pointercancel", up);
      box.removeEventListener("lostpointercapture", up);
      if (!this.dragging) return;
      this.dragging = false;
      const grid = this.ctx.scene.grid.size;
      const col = Math.round((token.x * scale + e.clientX - start.x) / this.square);
      const row = Math.round((token.y * scale + e.clientY - start.y) / this.square);
      const x = Math.max(0, Math.min(COLUMNS - token.width, col)) * grid;
      const y = Math.max(0, Math.min(ROWS - token.height, row)) * grid;
      box.style.transform = "";
      box.classList.remove("token--dragging");
      if (x === token.x && y === token.y) return this.ctx.redraw();
      void token.move({ x, y }, { method: "dragging" }).finally(() => this.ctx.redraw());
    };
    box.addEventListener("pointermove", move);
    box.addEventListener("pointerup", up);
    box.addEventListener("pointercancel", up);
    box.addEventListener("lostpointercapture", up);
  }
}
