/**
 * The token HUD: the fake draws its three columns and fires renderTokenHUD, where the module adds
 * its palette (src/foundry/hooks/token-hud.ts). The page adds two of core's own controls beside
 * it: the token's elevation (a change is a movement, so the module's movement check sees it) and
 * the target toggle.
 */
import type { FakeToken } from "../../test/fake-foundry/world.ts";
import type { TabContext } from "./context.ts";
import { el, icon } from "./context.ts";

export class TokenHud {
  private token: FakeToken | null = null;
  private element: HTMLElement | null = null;

  constructor(
    private readonly ctx: TabContext,
    private readonly board: HTMLElement,
    private readonly square: () => number,
  ) {}

  open(token: FakeToken): void {
    this.close();
    this.token = token;
    const html = this.ctx.client.renderTokenHUD(token);
    html.classList.add("token-hud");
    html.addEventListener("pointerdown", (event) => event.stopPropagation());
    html.addEventListener("contextmenu", (event) => event.preventDefault());
    // A palette entry or the profile button hands over to a dialog or window: the HUD goes, as Foundry's does.
    html.addEventListener(
      "click",
      (event) => {
        if ((event.target as HTMLElement).closest("[data-wc-action], [data-wc-profile]")) setTimeout(() => this.close(), 0);
      },
      true,
    );

    const left = html.querySelector(".col.left");
    const right = html.querySelector(".col.right");
    const elevation = el("label", "control-icon token-hud__elevation");
    elevation.title = "Elevation (ft)";
    const input = el("input");
    input.type = "number";
    input.step = "5";
    input.value = String(token.elevation);
    input.setAttribute("aria-label", `Elevation of ${token.name}, in feet`);
    input.addEventListener("change", () => {
      const value = Math.trunc(Number(input.value));
      if (!Number.isFinite(value) || value === token.elevation) return;
      void token.update({ elevation: value }).finally(() => this.ctx.redraw());
    });
    elevation.append(input, el("span", "", "ft up"));
    left?.prepend(elevation);

    const target = el("button", "control-icon token-hud__target");
    target.type = "button";
    const targeted = () => this.ctx.user.targets.has(token.object);
    target.title = "Toggle target";
    target.setAttribute("aria-pressed", String(targeted()));
    target.append(icon("fa-solid fa-bullseye"));
    target.addEventListener("click", () => {
      if (targeted()) this.ctx.user.targets.delete(token.object);
      else this.ctx.user.targets.add(token.object);
      target.setAttribute("aria-pressed", String(targeted()));
      this.ctx.redraw();
    });
    right?.prepend(target);
    this.element = html;
    this.reattach();
  }

  /** After the map is drawn again: the open HUD goes back over its token, wherever it is now. */
  reattach(): void {
    const token = this.token;
    const html = this.element;
    if (!token || !html) return;
    if (!token.exists) return this.close();
    const scale = this.square() / this.ctx.scene.grid.size;
    html.style.left = `${token.x * scale}px`;
    html.style.top = `${token.y * scale}px`;
    html.style.width = `${token.width * this.square()}px`;
    html.style.height = `${token.height * this.square()}px`;
    if (html.parentElement !== this.board) this.board.append(html);
  }

  close(): void {
    this.element?.remove();
    this.element = null;
    this.token = null;
  }

  get isOpen(): boolean {
    return this.element !== null;
  }
}
