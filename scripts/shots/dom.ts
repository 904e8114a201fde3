/**
 * A DOM for the shell in Node (happy-dom), as the shell tests get from vitest's happy-dom
 * environment: the window's classes and `document` become globals, so the Foundry shell can
 * build its dialogs, HUD and cards here before Chromium photographs them.
 */
import { Window } from "happy-dom";

export function installDom(): Window {
  const window = new Window({ url: "http://localhost/" });
  const g = globalThis as unknown as Record<string, unknown>;
  const w = window as unknown as Record<string, unknown>;
  for (const key of Object.getOwnPropertyNames(window)) {
    if (key in g || key.startsWith("_")) continue;
    try {
      g[key] = w[key];
    } catch {
      // A getter that needs the window as `this`: not one the shell uses.
    }
  }
  // Node has a FormData of its own (fetch's), which cannot read a DOM form: the window's is taken.
  g.FormData = w.FormData;
  g.window = window;
  g.document = window.document;
  return window;
}
