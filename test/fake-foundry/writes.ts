/**
 * The server's requests: one write as the server carries it out, and how requests travel
 * [C-48] and meet [C-49]. In v13 every write is its own request (Actor#update, the embedded
 * documents' create/update/delete, Actor.updateDocuments [C-14]); v14's batch is in batch.ts.
 * Every request is counted once in `world.writes`.
 */
import type { FakeUser } from "./users.ts";
import type { FakeWorld } from "./world.ts";
import { nextTask } from "./host.ts";

/** One write as the server carries it out: checked when prepared (throws to refuse), then applied; hooks after. */
export interface PreparedWrite {
  readonly parent: string;
  readonly op: "create" | "update" | "delete";
  readonly documentName: string;
  readonly count: number;
  /** Applies the write; returns what to broadcast once the request is done. */
  commit(): () => void;
}

/** Several writes of one kind in one request (a batch of actor updates). */
export function merge(parts: PreparedWrite[]): PreparedWrite {
  const first = parts[0];
  if (!first) throw new Error("fake: an empty batch");
  return {
    parent: first.parent,
    op: first.op,
    documentName: first.documentName,
    count: parts.length,
    commit: () => {
      const after = parts.map((p) => p.commit());
      return () => after.forEach((f) => f());
    },
  };
}

/**
 * One request the server served. `id`, for a chat message, names the message written: the
 * harness's own bookkeeping (the order in which cards changed), not something Foundry reports.
 */
export type WriteOp = {
  readonly user: string;
  readonly op: "create" | "update" | "delete";
  readonly documentName: string;
  readonly parent: string;
  readonly count: number;
  readonly id?: string;
  /** A batch (one request): the chat messages it made or changed, in its order. */
  readonly messages?: readonly string[];
};

/** A promise that never settles: the answer to a request sent by a tab that has closed. */
export function never<T>(): Promise<T> {
  return new Promise<T>(() => undefined);
}

/**
 * [C-48] One server request: it takes a moment (other code runs meanwhile), is checked when it arrives
 * (a refused write changes nothing), applied, counted once, and then its hooks run on every
 * client. [C-49] Writes to a parent that already has a request in flight are recorded in
 * `overlaps`: simultaneous embedded writes to one parent can lose some of them.
 */
export async function request(world: FakeWorld, user: FakeUser, prepare: Array<() => PreparedWrite>, batch = false, messages: readonly string[] = []): Promise<void> {
  const client = world.current();
  // A closed tab sends nothing.
  if (client.closed) return never();
  const parents = [...new Set(prepare.length > 0 ? pendingParents(prepare) : [])];
  for (const p of parents) {
    const there = world.inFlight.get(p) ?? [];
    const mine = { client, byHand: world.hand.getStore() === true };
    if (there.length > 0) {
      world.overlaps.push(p);
      world.overlapDetails.push({ parent: p, clients: [...there.map((x) => x.client), client], fromClosedTab: there.some((x) => x.client.closed !== null), byHand: mine.byHand || there.some((x) => x.byHand) });
    }
    world.inFlight.set(p, [...there, mine]);
  }
  let lost = false;
  try {
    world.waiting++;
    await nextTask().finally(() => world.waiting--);
    // The tab closed while this was on its way: the server never had it.
    if (client.closed === "lost") {
      lost = true;
      return;
    }
    const writes = prepare.map((f) => f());
    const after = writes.map((w) => w.commit());
    if (batch) world.count({ user: user.id, op: "update", documentName: "Batch", parent: "", count: writes.length, messages });
    else for (const w of writes) world.count({ user: user.id, op: w.op, documentName: w.documentName, parent: w.parent, count: w.count });
    for (const f of after) f();
  } finally {
    for (const p of parents) {
      const there = [...(world.inFlight.get(p) ?? [])];
      there.splice(
        there.findIndex((x) => x.client === client),
        1,
      );
      world.inFlight.set(p, there);
    }
  }
  // Written, but the answer goes to a tab that is no more.
  if (lost || client.closed) return never();
}

/** The parents a request will write, asked before it leaves (a refusal then is the request's own). */
function pendingParents(prepare: Array<() => PreparedWrite>): string[] {
  const out: string[] = [];
  for (const f of prepare) {
    try {
      out.push(f().parent);
    } catch {
      // Refused when it arrives; it holds no parent.
    }
  }
  return out;
}

/**
 * [C-48] A request carried out by `serve`: it takes a moment when every request takes time
 * (`latency: "all"`), and a closed tab's requests never arrive or are never answered, as in
 * `request`. `carry` checks and applies it on the server (throwing to refuse) and broadcasts.
 */
export async function serve<T>(world: FakeWorld, carry: () => T): Promise<T> {
  const client = world.current();
  if (client.closed) return never();
  if (world.latency === "all") {
    world.waiting++;
    await nextTask().finally(() => world.waiting--);
    if (client.closed === "lost") return never();
  }
  const out = carry();
  if (client.closed) return never();
  return out;
}
