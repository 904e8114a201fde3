/**
 * Which world is running and whose code runs now: the harness's own bookkeeping, not a claim about
 * Foundry. The fake's globals (world.ts) answer for the client in `storage` (AsyncLocalStorage in
 * Node, see host.ts; the demo page's twin in the browser).
 */
import type { FakeClient } from "./clients.ts";
import { contextStore } from "./host.ts";
import type { FakeWorld } from "./world.ts";

export const storage = contextStore<FakeClient>();
let activeWorld: FakeWorld | null = null;
/** The world being built or run, if any (the ids read its seed). */
export function activeWorldOrNull(): FakeWorld | null {
  return activeWorld;
}
export function makeActive(w: FakeWorld): void {
  activeWorld = w;
}
export function world(): FakeWorld {
  if (!activeWorld) throw new Error("no fake world");
  return activeWorld;
}
