/**
 * What the GM's tab wrote on a player's creature, kept where only a GM writes (issue 33: the
 * truth the GM's tab acts on): whether the module knocked it out (out cold, and the combat whose
 * clock times it, if any), and its temporary damage where the module keeps it (its own actor
 * flag). The Unconscious effect and the `temporary` flag on the creature are what sheets, token
 * icons and the host see; its owner may switch the one off or delete it, and rewrite the other,
 * so the rules read both from here (`conditionsOn`, `readLedger`) and the GM's tab puts the
 * creature's own back (gm/creature-guard.ts).
 *
 * Kept in the ledger's stores (documents/ledger.ts: a combat's flags, C-70, or a scene's, C-86),
 * under a key made from the actor's UUID, as `{a, s, t?, o?}`: the actor, a stamp (one more than
 * the highest kept for it anywhere, so the latest stands wherever it is), the temporary damage,
 * and `o` while it is out cold (`c`: the combat timing it). A creature no player owns is written
 * only by a GM already and keeps no entry. This file reads the stores itself (no import of the
 * ledger's file, which reads the statuses: no import circle).
 */
import { MODULE_ID } from "../base/constants.ts";
import { stableId } from "../base/ids.ts";

export type MarkStore = Combat.Implementation | Scene.Implementation;

/** One creature's entry. */
export interface CreatureMark {
  /** The actor's UUID. */
  readonly a: string;
  /** The stamp: the highest wherever kept is the truth. */
  readonly s: number;
  /** Temporary damage, where the module keeps it in its own flag. */
  readonly t?: number;
  /** Out cold by the GM's writes; `c`: the combat whose clock times it (none: until the GM's writes wake it). */
  readonly o?: { readonly c?: string } | null;
  /**
   * The result mark (the actor's `applied` list) the write of `t` adds (or, `u`, takes off: an
   * undo). The entry is named with the ledger, before the actor's data: while that card's write
   * is still under way (named in the ledger, not yet done) and the actor does not show it, `t` is
   * what will be, and the actor's own value is what is.
   */
  readonly m?: string;
  readonly u?: true;
}

const MARKS = "creatures";

/** The key a creature's entry is kept under (UUIDs carry dots). */
export function markKey(actorUuid: string): string {
  return stableId(`creature|${actorUuid}`);
}

function parseMark(raw: unknown, uuid: string): CreatureMark | undefined {
  const m = raw as Partial<CreatureMark> | null | undefined;
  if (!m || typeof m !== "object" || m.a !== uuid || typeof m.s !== "number" || !Number.isFinite(m.s)) return undefined;
  const t = typeof m.t === "number" && Number.isFinite(m.t) && m.t >= 0 ? { t: Math.round(m.t) } : {};
  const o = m.o && typeof m.o === "object" ? { o: typeof m.o.c === "string" ? { c: m.o.c } : {} } : {};
  const mark = typeof m.m === "string" ? { m: m.m, ...(m.u === true ? { u: true as const } : {}) } : {};
  return { a: uuid, s: m.s, ...t, ...o, ...mark };
}

/** Every store: the combats, then the scenes. */
function stores(): MarkStore[] {
  const combats: MarkStore[] = [...(game.combats ?? [])].map((c) => c as Combat.Implementation);
  return combats.concat([...(game.scenes ?? [])].map((s) => s as Scene.Implementation));
}

/** The entry one store keeps for this actor. */
export function markIn(store: MarkStore, actorUuid: string): CreatureMark | undefined {
  const raw = (((store.flags as Record<string, unknown> | undefined)?.[MODULE_ID] as Record<string, unknown> | undefined)?.[MARKS] as Record<string, unknown> | undefined) ?? undefined;
  if (!raw || typeof raw !== "object") return undefined;
  const key = markKey(actorUuid);
  return Object.prototype.hasOwnProperty.call(raw, key) ? parseMark(raw[key], actorUuid) : undefined;
}

/** Every entry one store keeps, by key. */
export function marksIn(store: MarkStore): Map<string, CreatureMark> {
  const raw = ((store.flags as Record<string, unknown> | undefined)?.[MODULE_ID] as Record<string, unknown> | undefined)?.[MARKS] as Record<string, unknown> | undefined;
  const out = new Map<string, CreatureMark>();
  if (!raw || typeof raw !== "object") return out;
  for (const [k, v] of Object.entries(raw)) {
    const a = (v as { a?: unknown } | null)?.a;
    const m = typeof a === "string" && k === markKey(a) ? parseMark(v, a) : undefined;
    if (m) out.set(k, m);
  }
  return out;
}

/** The GM's latest entry for this actor, wherever it is kept (none: the module never wrote one). */
export function creatureMark(actor: Actor.Implementation | null | undefined): CreatureMark | undefined {
  if (!actor?.uuid) return undefined;
  let best: CreatureMark | undefined;
  for (const store of stores()) {
    const m = markIn(store, actor.uuid);
    if (m && (!best || m.s > best.s)) best = m;
  }
  return best;
}

/** Whether the combat is there with the creature in it (a clock it keeps still runs). */
function clockRuns(combatId: string, actorUuid: string): boolean {
  const combat = game.combats?.get(combatId) as Combat.Implementation | undefined;
  return !!combat && [...combat.combatants].some((c) => (c.actor as Actor.Implementation | null)?.uuid === actorUuid);
}

/** Whether the GM's writes left this creature out cold (and, timed by a combat, that clock still runs). */
export function outColdByGM(actor: Actor.Implementation | null | undefined): boolean {
  const o = creatureMark(actor)?.o;
  if (!o || !actor) return false;
  return o.c === undefined || clockRuns(o.c, actor.uuid);
}

/** The undo records a card names (a result mark per actor). */
function recordsOf(raw: unknown): Array<{ actorUuid?: unknown; mark?: unknown }> {
  return Array.isArray(raw) ? (raw as unknown[]).filter((r): r is { actorUuid?: unknown; mark?: unknown } => typeof r === "object" && r !== null) : [];
}

/**
 * Whether a card the ledger names is still being written with this actor's result mark: named
 * and not yet made, or an Apply or Undo begun and not finished (documents/ledger.ts `LedgerCard`).
 */
function markInFlight(actorUuid: string, mark: string): boolean {
  for (const store of stores()) {
    const cards = ((store.flags as Record<string, unknown> | undefined)?.[MODULE_ID] as Record<string, unknown> | undefined)?.cards;
    if (!cards || typeof cards !== "object") continue;
    for (const [id, raw] of Object.entries(cards as Record<string, unknown>)) {
      const c = raw as { k?: unknown; s?: unknown; p?: { d?: { flags?: Record<string, { undo?: unknown }> } }; w?: { s?: unknown; u?: unknown } } | null;
      if (!c || typeof c !== "object") continue;
      const ours = (game.messages?.get(id)?.flags as Record<string, Record<string, unknown> | undefined> | undefined)?.[MODULE_ID];
      // A card made from the ledger after its tab closed is made "applying", then finished.
      const state = typeof c.k === "string" ? (ours?.[c.k] as { state?: unknown } | undefined)?.state : undefined;
      const writing = c.s === "writing" && c.p !== undefined && (!ours || state === "applying" || state === "undoing");
      const work = c.w !== undefined && (c.w.s === "applying" || c.w.s === "undoing");
      if (!writing && !work) continue;
      const made = ours?.undo;
      const records = [...recordsOf(c.p?.d?.flags?.[MODULE_ID]?.undo), ...recordsOf(c.w?.u), ...(work ? recordsOf(made) : [])];
      if (records.some((r) => r.actorUuid === actorUuid && r.mark === mark)) return true;
    }
  }
  return false;
}

/**
 * The temporary damage the GM's writes left on this creature, where the module keeps it (null:
 * none kept, or the write that keeps it is still under way and the actor's own value is the one).
 */
export function temporaryByGM(actor: Actor.Implementation | null | undefined): number | null {
  const e = creatureMark(actor);
  if (!actor || e?.t === undefined) return null;
  if (e.m === undefined) return e.t;
  const applied = actor.getFlag(MODULE_ID, "applied") as unknown;
  const shows = Array.isArray(applied) && applied.includes(e.m);
  if (shows !== (e.u === true)) return e.t;
  return markInFlight(actor.uuid, e.m) ? null : e.t;
}

/** The update data (on a store) that keeps this entry. */
export function markData(mark: CreatureMark): Record<string, unknown> {
  return { [`flags.${MODULE_ID}.${MARKS}.${markKey(mark.a)}`]: mark };
}

/** The stamp the next entry for this actor takes. */
export function nextStamp(actorUuid: string): number {
  let s = 0;
  for (const store of stores()) s = Math.max(s, markIn(store, actorUuid)?.s ?? 0);
  return s + 1;
}
