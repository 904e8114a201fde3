/**
 * The combat tracker: the fake draws its rows and fires renderCombatTracker (the module marks who
 * holds whom and what the last round end did); the page adds the round, the GM's Next round
 * (an update of the combat's round, after which the module's round end runs on the GM's tab) and
 * the combatant menu on a right-click (getCombatTrackerContextOptions, read as v13 reads it).
 */
import type { TabContext } from "./context.ts";
import { el, icon } from "./context.ts";

export class Tracker {
  private menu: HTMLElement | null = null;

  constructor(
    private readonly box: HTMLElement,
    private readonly ctx: TabContext,
  ) {
    document.addEventListener("pointerdown", (event) => {
      if (this.menu && !this.menu.contains(event.target as Node)) this.closeMenu();
    });
  }

  private closeMenu(): void {
    this.menu?.remove();
    this.menu = null;
  }

  sync(): void {
    const combat = this.ctx.client.ui.combat.viewed;
    const head = el("header", "tracker__head");
    if (!combat) {
      head.append(el("h3", "", "No combat"));
      this.box.replaceChildren(head);
      return;
    }
    head.append(el("h3", "", `Combat · round ${combat.round}`));
    if (this.ctx.user.isGM) {
      const next = el("button", "tracker__next");
      next.type = "button";
      next.dataset.demoAction = "next-round";
      next.append(icon("fa-solid fa-forward-step"), " Next round");
      next.title = "End this round: the module's round end runs on the GM's tab";
      next.addEventListener("click", () => {
        next.disabled = true;
        void combat.update({ round: combat.round + 1, turn: 0 }).finally(() => this.ctx.redraw());
      });
      head.append(next);
    }
    const html = this.ctx.client.ui.combat.render();
    for (const row of html.querySelectorAll<HTMLElement>("li.combatant")) {
      const token = combat.combatants.get(row.dataset.combatantId ?? "")?.token;
      if (token) {
        const face = el("span", "tracker__face");
        face.style.background = this.ctx.look(token).colour;
        face.append(icon(this.ctx.look(token).icon));
        row.prepend(face);
      }
      row.addEventListener("contextmenu", (event) => {
        event.preventDefault();
        this.openMenu(row, event);
      });
    }
    this.box.replaceChildren(head, html);
  }

  private openMenu(row: HTMLElement, event: MouseEvent): void {
    this.closeMenu();
    const menu = this.ctx.client.ui.combat.contextMenu(row.dataset.combatantId ?? "");
    const box = el("nav", "context-menu");
    box.style.left = `${event.clientX}px`;
    box.style.top = `${event.clientY}px`;
    const list = el("ol", "context-items");
    for (const label of menu.labels) {
      const item = el("li", "context-item", this.ctx.t(label));
      item.tabIndex = 0;
      item.addEventListener("click", () => {
        this.closeMenu();
        menu.pick(label);
      });
      list.append(item);
    }
    if (menu.labels.length === 0) list.append(el("li", "context-item context-item--none", "Nothing you can do for this combatant"));
    box.append(list);
    document.body.append(box);
    this.menu = box;
  }
}
