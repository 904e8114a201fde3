/**
 * The GM's work, one piece at a time. Carrying out a request, ending a round, applying or undoing
 * a card, removing a hold's other half: each reads the documents, works out what to write, and
 * writes it. Two pieces at once would each read what the other is about to change (two players'
 * blows on one goblin: the second would write hit points from before the first) and send
 * simultaneous writes to one actor, which can lose some of them. So each piece waits for the last.
 *
 * Only the active GM's tabs do this work: another GM's tab (a second GM, an assistant) sends its
 * own actions to the active GM as request cards (cards/request-card.ts `referee`), since tabs of
 * different browsers share no queue. Tabs of one browser share the queue through a Web Lock (`navigator.locks`), which the browser
 * hands to the next tab when the holding tab closes, mid-write or not. Where the browser has no
 * Web Locks (a page not served over HTTPS or from localhost), each tab keeps its own queue.
 *
 * A piece must not wait for another piece: nothing queued here calls `gmWork` itself.
 */
import { MODULE_ID } from "../base/constants.ts";

interface Locks {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

let last: Promise<unknown> = Promise.resolve();

function locks(): Locks | undefined {
  const l = (globalThis as { navigator?: { locks?: Partial<Locks> } }).navigator?.locks;
  return typeof l?.request === "function" ? (l as Locks) : undefined;
}

/** Whether this tab's GM work shares its queue with the browser's other tabs (Web Locks). */
export function sharedWork(): boolean {
  return locks() !== undefined;
}

/** Runs `job` when the GM's earlier work (in this tab, or any tab of this browser) is done. */
export function gmWork<T>(job: () => Promise<T>): Promise<T> {
  const shared = locks();
  if (shared) return shared.request(`${MODULE_ID}:${(game as { world?: { id?: string } }).world?.id ?? ""}:gm-work`, job);
  const run = last.then(job, job);
  last = run.catch(() => undefined);
  return run;
}
