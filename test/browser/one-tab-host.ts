/**
 * The browser tests' twin of test/fake-foundry/host.ts (vitest.config.ts swaps it in for the
 * fake's rooms in the browser project), for a page that runs ONE tab of the fake: whose code is
 * running is always that tab's (the last one a test ran code as), so nothing has to follow a
 * value across awaits. The module's language file and templates are bundled into the page.
 * Nothing here is a claim about Foundry.
 */
import type { ContextStore } from "../fake-foundry/host.ts";
import lang from "../../lang/en.json?raw";

const templates = import.meta.glob<string>("../../templates/**/*.hbs", { query: "?raw", import: "default", eager: true });

export function contextStore<T>(): ContextStore<T> {
  let current: T | undefined;
  return {
    // One tab: the value stays after `fn` (its awaits resume as the same tab).
    run: (value, fn) => {
      current = value;
      return fn();
    },
    getStore: () => current,
  };
}

export function moduleFile(path: string): string {
  if (path === "lang/en.json") return lang;
  const text = templates[`../../${path}`];
  if (text === undefined) throw new Error(`browser: the module has no file ${path}`);
  return text;
}

export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
