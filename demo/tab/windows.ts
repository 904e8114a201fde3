/**
 * Windows over the map: the module's DialogV2 dialogs and its ApplicationV2 windows (the profile
 * form, rule options, the ledger), each in a frame with its title and a close button, movable by
 * its title bar. A dialog's buttons go through the fake's `press` (the button's callback as
 * DialogV2 calls it); closing a dialog without a button answers null, as DialogV2.wait does when
 * it is not told to reject. A window is shown while it is open on this tab's client, and shown
 * again whenever it renders anew.
 */
import type { FakeApplicationV2 } from "../../test/fake-foundry/apps.ts";
import type { FakeDialog } from "../../test/fake-foundry/world.ts";
import type { TabContext } from "./context.ts";
import { el, icon } from "./context.ts";

export class Windows {
  private readonly apps = new Map<FakeApplicationV2, { frame: HTMLElement; content: HTMLElement; shown: HTMLElement }>();
  private opened = 0;

  constructor(
    private readonly layer: HTMLElement,
    private readonly ctx: TabContext,
  ) {}

  /** A window frame over the map with `title`; `onClose` runs when its close button is pressed. */
  frame(title: string, kind: string, onClose: () => void): { frame: HTMLElement; content: HTMLElement } {
    const frame = el("div", `application window-app ${kind}`);
    frame.setAttribute("role", "dialog");
    frame.setAttribute("aria-label", title);
    const offset = (this.opened++ % 5) * 24;
    frame.style.left = `${60 + offset}px`;
    frame.style.top = `${40 + offset}px`;
    const header = el("header", "window-header");
    header.append(el("h1", "window-title", title));
    const close = el("button", "window-close");
    close.type = "button";
    close.setAttribute("aria-label", "Close");
    close.append(icon("fa-solid fa-xmark"));
    close.addEventListener("click", onClose);
    header.append(close);
    header.addEventListener("pointerdown", (event) => {
      if ((event.target as HTMLElement).closest("button")) return;
      const start = { x: event.clientX - frame.offsetLeft, y: event.clientY - frame.offsetTop };
      header.setPointerCapture(event.pointerId);
      const move = (e: PointerEvent) => {
        frame.style.left = `${Math.max(0, e.clientX - start.x)}px`;
        frame.style.top = `${Math.max(0, e.clientY - start.y)}px`;
      };
      const up = () => {
        header.removeEventListener("pointermove", move);
        header.removeEventListener("pointerup", up);
      };
      header.addEventListener("pointermove", move);
      header.addEventListener("pointerup", up);
    });
    // The window pressed comes to the front.
    frame.addEventListener("pointerdown", () => {
      if (this.layer.lastElementChild !== frame) this.layer.append(frame);
    });
    const content = el("section", "window-content");
    frame.append(header, content);
    this.layer.append(frame);
    return { frame, content };
  }

  showDialog(dialog: FakeDialog): Promise<unknown> {
    return new Promise((resolve) => {
      const title = this.ctx.t(dialog.config.window?.title ?? "");
      let done = false;
      const finish = (value: unknown) => {
        if (done) return;
        done = true;
        frame.remove();
        resolve(value);
      };
      const { frame, content } = this.frame(title, "dialog", () => finish(null));
      frame.dataset.demoDialog = title;
      const form = dialog.form;
      form.querySelector("footer")?.classList.add("form-footer");
      // DialogV2's buttons submit its form: the one pressed (or the default on Enter) answers.
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        const submitter = (event as SubmitEvent).submitter as HTMLButtonElement | null;
        const action = submitter?.dataset.action ?? dialog.config.buttons.find((b) => b.default)?.action ?? dialog.config.buttons[0]?.action ?? "";
        for (const b of form.querySelectorAll("button")) b.disabled = true;
        Promise.resolve(dialog.press(action)).then(finish, (error: unknown) => {
          console.error(error);
          finish(null);
        });
      });
      content.append(dialog.element);
      form.querySelector<HTMLElement>("footer button")?.focus();
    });
  }

  /** Shows the windows open on this tab, each as it last rendered; removes the closed ones. */
  sync(): void {
    const open = new Set(this.ctx.client.windows);
    for (const [app, shown] of this.apps) {
      if (open.has(app)) continue;
      shown.frame.remove();
      this.apps.delete(app);
    }
    for (const app of open) {
      let shown = this.apps.get(app);
      if (!shown) {
        const { frame, content } = this.frame(app.title, "wc-app", () => void app.close().then(() => this.sync()));
        frame.dataset.demoWindow = app.id;
        shown = { frame, content, shown: app.element };
        content.append(app.element);
        this.apps.set(app, shown);
      } else if (shown.shown !== app.element) {
        shown.content.replaceChildren(app.element);
        shown.shown = app.element;
      }
    }
  }
}

/** Notifications at the top of the tab: each new one the client has had, for a while. */
export class Notices {
  private seen = 0;

  constructor(
    private readonly list: HTMLElement,
    private readonly ctx: TabContext,
  ) {}

  sync(): void {
    const all = this.ctx.client.notifications;
    for (; this.seen < all.length; this.seen++) {
      const n = all[this.seen];
      if (!n) continue;
      const li = el("li", `notification ${n.level}`, n.message);
      li.setAttribute("role", n.level === "info" ? "status" : "alert");
      li.addEventListener("click", () => li.remove());
      this.list.append(li);
      setTimeout(() => li.remove(), n.level === "info" ? 6000 : 10000);
    }
  }
}
