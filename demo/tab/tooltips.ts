/**
 * Tooltips as Foundry shows them: any element with `data-tooltip` (or inside one) shows its text
 * in one tooltip box after the pointer rests on it a moment (or when it takes the keyboard's
 * focus), placed above the element (below where there is no room), and gone when the pointer
 * leaves. The text is put in as text, never as HTML: the module makes names plain before they
 * reach a tooltip (docs/foundry-contract.md C-71), so text shows them as Foundry would.
 */
import { el } from "./context.ts";

const DELAY_MS = 400;

export class Tooltips {
  private readonly box = el("div", "demo-tooltip");
  private timer: number | null = null;
  private shownFor: HTMLElement | null = null;

  constructor(private readonly doc: Document) {
    this.box.id = "tooltip";
    this.box.setAttribute("role", "tooltip");
    this.box.hidden = true;
    doc.body.append(this.box);
    doc.addEventListener("pointerover", (e) => this.enter(e.target));
    doc.addEventListener("focusin", (e) => this.enter(e.target, 0));
    doc.addEventListener("pointerout", (e) => this.leave(e.relatedTarget));
    doc.addEventListener("focusout", () => this.hide());
    doc.addEventListener("pointerdown", () => this.hide());
  }

  private owner(target: EventTarget | null): HTMLElement | null {
    return target instanceof this.doc.defaultView!.Element ? (target as Element).closest<HTMLElement>("[data-tooltip]") : null;
  }

  private enter(target: EventTarget | null, delay = DELAY_MS): void {
    const owner = this.owner(target);
    if (!owner || owner === this.shownFor) return;
    this.cancel();
    this.timer = this.doc.defaultView!.setTimeout(() => this.show(owner), delay);
  }

  private leave(to: EventTarget | null): void {
    const owner = this.owner(to);
    if (owner && owner === this.shownFor) return;
    this.hide();
    if (owner) this.enter(to);
  }

  private cancel(): void {
    if (this.timer !== null) this.doc.defaultView!.clearTimeout(this.timer);
    this.timer = null;
  }

  show(owner: HTMLElement): void {
    this.cancel();
    const text = owner.dataset.tooltip ?? "";
    if (!owner.isConnected || text.trim() === "") return;
    this.shownFor = owner;
    this.box.textContent = text;
    this.box.hidden = false;
    const r = owner.getBoundingClientRect();
    const b = this.box.getBoundingClientRect();
    const view = this.doc.documentElement;
    const left = Math.max(4, Math.min(view.clientWidth - b.width - 4, r.left + r.width / 2 - b.width / 2));
    const above = r.top - b.height - 6;
    this.box.style.left = `${left}px`;
    this.box.style.top = `${above >= 4 ? above : r.bottom + 6}px`;
  }

  hide(): void {
    this.cancel();
    this.shownFor = null;
    this.box.hidden = true;
  }
}
