/**
 * DialogV2 answered from the keyboard, for a page that shows the fake's dialogs (the browser
 * tests): see docs/foundry-contract.md for each [C-nn]. Installed with `keyboardDialogs(world)`
 * in place of a test's scripted `world.onDialog`.
 */
import type { FakeDialog } from "./dialogs.ts";
import type { FakeWorld } from "./world.ts";

/**
 * [C-104] A DialogV2 shown on the page with the focus inside it (its first field, else its
 * default button). Its buttons are the form's submit buttons: a button pressed (Enter or Space
 * on it) answers with that button; Enter in a field submits the form with the default button
 * (the callback then gets the default button). Escape closes it, and `wait` (not told to reject
 * on close) answers null.
 */
export function keyboardDialogs(world: FakeWorld, doc: Document = document): void {
  world.onDialog = (d: FakeDialog) =>
    new Promise((resolve, reject) => {
      const form = d.form;
      const fallback = d.config.buttons.find((b) => b.default)?.action ?? d.config.buttons[0]?.action ?? "";
      const byAction = (action: string) => form.querySelector<HTMLButtonElement>(`button[data-action="${action}"]`);
      d.element.setAttribute("role", "dialog");
      d.element.setAttribute("aria-label", d.config.window?.title ?? "");
      d.element.dataset.fakeDialog = "";
      const done = (value: unknown) => {
        d.element.remove();
        resolve(value);
      };
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        const submitter = (event as SubmitEvent).submitter as HTMLButtonElement | null;
        // A button pressed answers as itself; Enter in a field as the default button.
        const pressed = submitter && doc.activeElement === submitter ? submitter.dataset.action : fallback;
        if (byAction(pressed ?? "")?.disabled) return;
        d.press(pressed ?? fallback).then(done, reject);
      });
      d.element.addEventListener("keydown", (event) => {
        if (event.key !== "Escape") return;
        event.preventDefault();
        done(null);
      });
      doc.body.append(d.element);
      (form.querySelector<HTMLElement>("input, select, textarea") ?? byAction(fallback))?.focus();
    });
}
