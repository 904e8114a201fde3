/**
 * What the fake takes from the process it runs in: a store that knows whose code is running
 * (across awaits, as AsyncLocalStorage does), the module's own files (its language file and
 * templates), and a pause that lets other work run before a request is answered.
 *
 * In Node (the tests, the shots, the chaos runs) these are AsyncLocalStorage, the file system and
 * setImmediate. The demo page (demo/) builds the same fake with its browser twin of this file
 * (demo/fake-host.ts); nothing here is a claim about Foundry.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { readFileSync } from "node:fs";

/** AsyncLocalStorage's two methods the fake uses: a value for `fn` and everything it awaits. */
export interface ContextStore<T> {
  run<R>(value: T, fn: () => R): R;
  getStore(): T | undefined;
}

export function contextStore<T>(): ContextStore<T> {
  return new AsyncLocalStorage<T>();
}

/** A file of the module, by its path from the project's root (`lang/en.json`, `templates/…`). */
export function moduleFile(path: string): string {
  return readFileSync(path, "utf8");
}

/** Resolves once other waiting work (timers, I/O, other requests) has had its turn. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
