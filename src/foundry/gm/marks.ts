/**
 * The entries documents/marks.ts keeps for a player's creature, as the GM's own writes change
 * them: every write set the GM's tab sends gets the entries for the creatures whose temporary
 * damage it writes (the module's flag) or whose Unconscious effect it makes or removes
 * (`markChanges`, in gm/ledger.ts `withLedger`), in a store the set writes already where one
 * holds the creature (no request more), else the creature's started combat, else its scene.
 */
import { MODULE_ID } from "../base/constants.ts";
import { temporaryPath } from "../documents/actors.ts";
import { playerOwned } from "../documents/holds.ts";
import type { CreatureMark, MarkStore } from "../documents/marks.ts";
import { creatureMark, markData, nextStamp } from "../documents/marks.ts";
import { meansUnconscious } from "../documents/statuses.ts";
import type { WriteSet } from "./writes.ts";

export const TEMPORARY = `flags.${MODULE_ID}.temporary`;

/** Whether the module keeps this creature's temporary damage in its own flag (not a host's field). */
export function keepsTemporary(actor: Actor.Implementation): boolean {
  return temporaryPath(actor) === TEMPORARY;
}

/** Whether a store holds this creature: a combat with it among its combatants, a scene with a token of it. */
function holdsCreature(store: MarkStore, actor: Actor.Implementation): boolean {
  if (store.documentName === "Combat") return [...(store as Combat.Implementation).combatants].some((c) => (c.actor as Actor.Implementation | null)?.uuid === actor.uuid);
  return [...(store as Scene.Implementation).tokens].some((t) => (t.actor as Actor.Implementation | null)?.uuid === actor.uuid);
}

/** Where a creature's entry goes: a store already written that holds it, else its started combat, else a scene with its token. */
export function storeFor(actor: Actor.Implementation, written: readonly MarkStore[]): MarkStore | null {
  const there = written.find((s) => holdsCreature(s, actor));
  if (there) return there;
  const combat = [...game.combats].find((c) => (c as Combat.Implementation).started && holdsCreature(c as Combat.Implementation, actor));
  if (combat) return combat as Combat.Implementation;
  return ([...game.scenes].find((s) => holdsCreature(s as Scene.Implementation, actor)) as Scene.Implementation | undefined) ?? null;
}

function statusesOf(d: Record<string, unknown>): string[] {
  return Array.isArray(d.statuses) ? (d.statuses as unknown[]).filter((s): s is string => typeof s === "string") : [];
}

function clockOf(d: Record<string, unknown>): string | undefined {
  const c = ((d.flags as Record<string, unknown> | undefined)?.[MODULE_ID] as { clock?: unknown } | undefined)?.clock;
  return typeof c === "string" ? c : undefined;
}

/** The entry that follows a change: the latest kept, with what changed. */
export function nextMark(actor: Actor.Implementation, change: { t?: number; o?: CreatureMark["o"]; m?: string; u?: true }): CreatureMark {
  const now = creatureMark(actor);
  const t = change.t !== undefined ? change.t : now?.t;
  const o = change.o !== undefined ? change.o : now?.o;
  // The result mark goes with the value it was written with; a value kept on (only `o` changed) keeps its own.
  const mark = change.t !== undefined ? { m: change.m, u: change.u } : { m: now?.m, u: now?.u };
  return { a: actor.uuid, s: nextStamp(actor.uuid), ...(t !== undefined ? { t } : {}), ...(o ? { o } : {}), ...(mark.m !== undefined ? { m: mark.m, ...(mark.u ? { u: true as const } : {}) } : {}) };
}

/** The result mark an actor's data write adds to its `applied` list (or takes off: an undo). */
function resultMark(actor: Actor.Implementation, data: Record<string, unknown>): { m?: string; u?: true } {
  const next = data[`flags.${MODULE_ID}.applied`];
  if (!Array.isArray(next)) return {};
  const raw = actor.getFlag(MODULE_ID, "applied") as unknown;
  const before = Array.isArray(raw) ? (raw as unknown[]) : [];
  const added = (next as unknown[]).find((id) => typeof id === "string" && !before.includes(id));
  if (typeof added === "string") return { m: added };
  const removed = before.find((id) => typeof id === "string" && !(next as unknown[]).includes(id));
  return typeof removed === "string" ? { m: removed, u: true } : {};
}

/**
 * The entries for the player's creatures this write set touches (their temporary damage in the
 * module's flag, their Unconscious effect made or removed), added to the ledger's changes by store.
 */
export function markChanges(whole: WriteSet, changes: Map<MarkStore, Record<string, unknown>>): void {
  const written: MarkStore[] = [...changes.keys(), ...(whole.combats ?? []).map((c) => c.combat), ...(whole.scenes ?? []).map((s) => s.scene)];
  for (const w of whole.actors) {
    if (!playerOwned(w.actor)) continue;
    const change: { t?: number; o?: CreatureMark["o"]; m?: string; u?: true } = {};
    const t = w.data[TEMPORARY];
    if (keepsTemporary(w.actor) && typeof t === "number" && Number.isFinite(t)) Object.assign(change, { t: Math.max(0, Math.round(t)) }, resultMark(w.actor, w.data));
    // Removed first, then made (an undo takes one away and brings another back in one set).
    const gone = w.deletes.some((id) => {
      const e = w.actor.effects.get(id);
      return e !== undefined && meansUnconscious(e.statuses);
    });
    if (gone) change.o = null;
    for (const u of w.updates) {
      const e = w.actor.effects.get(String(u._id));
      const c = u[`flags.${MODULE_ID}.clock`];
      if (e && meansUnconscious(e.statuses) && typeof c === "string") change.o = { c };
    }
    const made = w.creates.find((d) => meansUnconscious(statusesOf(d)));
    if (made) {
      const c = clockOf(made);
      change.o = c ? { c } : {};
    }
    if (change.t === undefined && change.o === undefined) continue;
    const store = storeFor(w.actor, written);
    if (!store) continue;
    changes.set(store, { ...(changes.get(store) ?? {}), ...markData(nextMark(w.actor, change)) });
  }
}
