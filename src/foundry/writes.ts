/**
 * The document layer: every server request the module makes for a result goes through here,
 * batched into as few requests as Foundry allows, because every awaited document call is a
 * round trip that every player waits on.
 *
 * - World actors' data: one `Actor.updateDocuments([...])` for all of them.
 * - An unlinked token's actor is synthetic (its data lives in the token's ActorDelta), so it is
 *   updated on its own.
 * - Effects: one create (`keepId`, so an id that exists already is refused rather than made
 *   twice), one update and one delete call per actor, never inline inside an actor update.
 * - Independent requests go out together, so the wait is one round trip, not one per request.
 *
 * A write the host refuses (a system whose hit points may not go below 0, say) must not lose
 * the rest of the update: the batch falls back to one actor at a time, then to hit points held
 * at 0, then to the update without hit points.
 */
import { MODULE_ID } from "./constants.ts";

export interface ActorDataWrite {
  readonly actor: Actor.Implementation;
  readonly update: Record<string, unknown>;
  /** Where this update writes hit points, so a refused value can be retried or left out. */
  readonly hpPath?: string;
}

/** A value the host would not take, and what was written instead. */
export interface WriteProblem {
  readonly actorUuid: string;
  readonly path: string;
  readonly wanted: unknown;
  readonly written: unknown;
}

interface ActorClass {
  updateDocuments(updates: Array<Record<string, unknown>>, operation?: Record<string, unknown>): Promise<unknown>;
}

function actorClass(): ActorClass {
  return (CONFIG.Actor as unknown as { documentClass: ActorClass }).documentClass;
}

/** A synthetic actor (an unlinked token's) cannot be batched with the world's actors. */
function isWorldActor(actor: Actor.Implementation): boolean {
  return !(actor as unknown as { isToken?: boolean }).isToken && actor.id !== null;
}

async function writeOne(w: ActorDataWrite, problems: WriteProblem[]): Promise<void> {
  try {
    await w.actor.update(w.update);
    return;
  } catch (e) {
    if (!w.hpPath || !(w.hpPath in w.update)) throw e;
  }
  const hp = w.update[w.hpPath as string];
  const path = w.hpPath;
  // Held at 0, for hosts that keep hit points from going negative.
  if (typeof hp === "number" && hp < 0) {
    try {
      await w.actor.update({ ...w.update, [path]: 0 });
      problems.push({ actorUuid: w.actor.uuid, path, wanted: hp, written: 0 });
      return;
    } catch {
      // Fall through: leave hit points out.
    }
  }
  const rest = { ...w.update };
  delete rest[path];
  if (Object.keys(rest).length > 0) await w.actor.update(rest);
  problems.push({ actorUuid: w.actor.uuid, path, wanted: hp, written: null });
}

/** Updates many actors' data in as few requests as possible. Returns what the host refused. */
export async function updateActors(writes: readonly ActorDataWrite[]): Promise<WriteProblem[]> {
  const problems: WriteProblem[] = [];
  const todo = writes.filter((w) => Object.keys(w.update).length > 0);
  const world = todo.filter((w) => isWorldActor(w.actor));
  const synthetic = todo.filter((w) => !isWorldActor(w.actor));
  const worldBatch = async () => {
    if (world.length === 0) return;
    if (world.length > 1) {
      try {
        await actorClass().updateDocuments(world.map((w) => ({ _id: w.actor.id, ...w.update })));
        return;
      } catch {
        // One refused value fails the batch: go one at a time so the others are kept.
      }
    }
    await Promise.all(world.map((w) => writeOne(w, problems)));
  };
  await Promise.all([worldBatch(), ...synthetic.map((w) => writeOne(w, problems))]);
  for (const p of problems) console.warn(`${MODULE_ID} | ${p.actorUuid}: the host refused ${p.path} = ${String(p.wanted)}; wrote ${String(p.written)}`);
  return problems;
}

export interface EffectWrites {
  readonly actor: Actor.Implementation;
  readonly creates: ReadonlyArray<Record<string, unknown>>;
  readonly updates: ReadonlyArray<Record<string, unknown>>;
  readonly deletes: readonly string[];
  /** Options for the deletion (the hold-pair clean-up is told to stand aside). */
  readonly deleteOptions?: Record<string, unknown>;
}

/** Creates, changes and removes effects: one call per actor and kind, all sent together. */
export async function writeEffects(writes: readonly EffectWrites[]): Promise<void> {
  const calls: Array<Promise<unknown>> = [];
  for (const w of writes) {
    if (w.creates.length > 0) calls.push(w.actor.createEmbeddedDocuments("ActiveEffect", w.creates as never, { keepId: true }));
    if (w.updates.length > 0) calls.push(w.actor.updateEmbeddedDocuments("ActiveEffect", w.updates as never));
    if (w.deletes.length > 0) calls.push(w.actor.deleteEmbeddedDocuments("ActiveEffect", [...w.deletes], (w.deleteOptions ?? {}) as never));
  }
  const settled = await Promise.allSettled(calls);
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === "rejected");
  if (failed) throw failed.reason;
}
