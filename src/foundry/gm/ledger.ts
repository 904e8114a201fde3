/**
 * Keeping the ledger (documents/ledger.ts) in step with the GM's own writes: every write set the
 * module sends (a result, a round end, an undo, a card finished after a closed tab) gets the
 * ledger's changes for the hold halves it makes, rewrites or removes, in the same request where
 * one request carries it all (v14's batch), merged into that combat's notes where it writes them.
 *
 * Only the GM's own write set is read here: the halves it creates (their data is the GM's), the
 * record it rewrites, and, for a removal, the hold the removed effect is a half of as the ledger
 * knows it (the effect's flags are checked against the ledger, which names the half's creature).
 */
import { MODULE_ID } from "../base/constants.ts";
import type { StoredHold, VariantId } from "../base/types.ts";
import { tokenByUuid } from "../documents/cast.ts";
import { parseHold, storedHold } from "../documents/holds.ts";
import type { LedgerHold, LedgerStore } from "../documents/ledger.ts";
import { dropData, keepData, keptHold, ledgerEntries, liftData, storeFor } from "../documents/ledger.ts";
import type { LiftMark } from "../documents/ledger.ts";
import type { TokenChange } from "../map/aloft.ts";
import { adjacent } from "../map/geometry.ts";
import { gridOf, spotOf } from "../map/check.ts";
import { holdReachOf, reachBetween } from "../map/reach.ts";
import type { ActorWrite, CombatWrite, SceneWrite, WriteSet } from "./writes.ts";
import { markChanges } from "./marks.ts";

/** Deletions that take a pair's halves together (the hold guard stands aside; gm/apply.ts PAIR_HANDLED). */
const PAIR_HANDLED = { [MODULE_ID]: { pairHandled: true } } as const;

interface Made {
  actor: string;
  id: string;
  hold: StoredHold;
  combat: string | undefined;
}

function ours(data: Record<string, unknown>): Record<string, unknown> | undefined {
  const f = (data.flags as Record<string, unknown> | undefined)?.[MODULE_ID];
  return f && typeof f === "object" ? (f as Record<string, unknown>) : undefined;
}

/** The lift-off marks these token writes set or take off, kept on each token's scene. */
function liftChanges(tokens: readonly TokenChange[], add: (store: LedgerStore | null | undefined, changes: Record<string, unknown>) => void): void {
  const key = `flags.${MODULE_ID}.aloft`;
  for (const t of tokens) {
    if (!(key in t.changes)) continue;
    const v = t.changes[key] as Partial<LiftMark> | null | undefined;
    const mark = v && typeof v === "object" && typeof v.ground === "number" ? { ground: v.ground, ...(typeof v.by === "string" ? { by: v.by } : {}) } : null;
    add(t.token.parent as Scene.Implementation | null, liftData(t.token.id ?? "", mark));
  }
}

/**
 * A hold made with the two apart by a holder whose attack has reach (its profile's `holdReach`)
 * keeps that distance as its leash; one made beside has none. A hold the ledger keeps already (rewritten, or brought back by an undo) keeps
 * the leash it had.
 */
function leashFor(record: StoredHold["record"]): { leash?: number } {
  const kept = keptHold(record.id)?.hold.leash;
  if (kept !== undefined) return { leash: kept };
  const holder = tokenByUuid(record.holderId);
  const held = tokenByUuid(record.heldId);
  if (!holder || !held || holder.parent !== held.parent) return {};
  if (adjacent(spotOf(holder), spotOf(held), gridOf(holder.parent))) return {};
  // Only an attack with reach holds from afar: a hold the GM made between two apart (a GM's call
  // past reach) is an ordinary hold.
  const actor = holder.actor as Actor.Implementation | null;
  if (!actor || holdReachOf({ token: holder, actor, id: holder.uuid, name: holder.name ?? "" }) <= 0) return {};
  return { leash: reachBetween(holder, held) };
}

/** The ledger's changes for these actor and token writes, by store; `dropped`: the holds they end, as the ledger kept them. */
export function ledgerChanges(actors: readonly ActorWrite[], tokens: readonly TokenChange[] = [], dropped: LedgerHold[] = []): Map<LedgerStore, Record<string, unknown>> {
  const out = new Map<LedgerStore, Record<string, unknown>>();
  const add = (store: LedgerStore | null | undefined, changes: Record<string, unknown>) => {
    if (store) out.set(store, { ...(out.get(store) ?? {}), ...changes });
  };
  // Halves made: both of a pair, or one whose twin is there (an undo bringing a hold back).
  const made = new Map<string, { held?: Made; holder?: Made }>();
  for (const w of actors) {
    for (const d of w.holds ?? w.creates) {
      const f = ours(d);
      const hold = parseHold(f?.hold);
      if (!hold || typeof d._id !== "string") continue;
      const entry = made.get(hold.record.id) ?? {};
      entry[hold.role] = { actor: w.actor.uuid, id: d._id, hold, combat: typeof f?.combat === "string" ? f.combat : undefined };
      made.set(hold.record.id, entry);
    }
  }
  for (const [, pair] of made) {
    const one = pair.held ?? pair.holder;
    if (!one) continue;
    const record = one.hold.record;
    const side = (role: "held" | "holder"): { actor: string; id: string } | null => {
      const m = pair[role];
      if (m) return m;
      const actor = tokenByUuid(role === "held" ? record.heldId : record.holderId)?.actor as Actor.Implementation | null | undefined;
      const twinId = one.hold.twinUuid.split(".").at(-1) ?? "";
      return actor ? { actor: actor.uuid, id: twinId } : null;
    };
    const held = side("held");
    const holder = side("holder");
    if (!held || !holder) continue;
    const store = storeFor(record, one.combat);
    const combat = store?.documentName === "Combat" ? (store as Combat.Implementation) : undefined;
    const hold: LedgerHold = {
      record,
      variant: one.hold.variant as VariantId,
      heldActor: held.actor,
      holderActor: holder.actor,
      heldEffect: held.id,
      holderEffect: holder.id,
      ...(combat ? { combat: combat.id ?? "" } : {}),
      since: combat?.round ?? 0,
      card: one.hold.card ?? "",
      ...leashFor(record),
    };
    add(store, keepData(hold));
  }
  // Records rewritten by the rules (a hold that changes as the fight goes on).
  for (const w of actors) {
    for (const u of w.updates) {
      const record = u[`flags.${MODULE_ID}.hold.record`] as StoredHold["record"] | undefined;
      const k = record && typeof record === "object" ? keptHold(record.id) : undefined;
      if (k && record) add(k.store, keepData({ ...k.hold, record }));
    }
  }
  // Halves removed: the hold they belong to leaves the ledger (the ledger's own ids, or the
  // effect's flags where the ledger names that creature for that part).
  const byId = new Map<string, { store: LedgerStore; key: string; hold: LedgerHold }>();
  for (const k of ledgerEntries()) {
    byId.set(`${k.hold.heldActor}|${k.hold.heldEffect}`, k);
    byId.set(`${k.hold.holderActor}|${k.hold.holderEffect}`, k);
  }
  for (const w of actors) {
    for (const id of w.deletes) {
      const at = byId.get(`${w.actor.uuid}|${id}`);
      if (at) {
        // A hold made again in the same writes (an undo bringing it back) stays kept.
        if (made.has(at.hold.record.id)) continue;
        add(at.store, dropData(at.key));
        dropped.push(at.hold);
        continue;
      }
      const e = w.actor.effects.get(id);
      const h = e ? storedHold(e) : undefined;
      const k = h ? keptHold(h.record.id) : undefined;
      if (h && k && (h.role === "held" ? k.hold.heldActor : k.hold.holderActor) === w.actor.uuid && !made.has(h.record.id)) {
        add(k.store, dropData(k.key));
        dropped.push(k.hold);
      }
    }
  }
  liftChanges(tokens, add);
  return out;
}

/**
 * A hold that ends goes from both creatures whole: every effect on either that claims to be one of
 * its halves (a half rebuilt at a fresh id, which an undo record does not name) is removed in the
 * same writes.
 */
function withEveryHalf(actors: readonly ActorWrite[], dropped: readonly LedgerHold[]): ActorWrite[] {
  if (dropped.length === 0) return [...actors];
  const out = [...actors];
  for (const hold of dropped) {
    for (const uuid of [hold.heldActor, hold.holderActor]) {
      const actor = fromUuidSync(uuid as never) as Actor.Implementation | null;
      if (!actor) continue;
      const ids = [...actor.effects].filter((e) => storedHold(e)?.record.id === hold.record.id).map((e) => e.id ?? "");
      const i = out.findIndex((w) => w.actor.uuid === uuid);
      const w = out[i];
      const extra = ids.filter((id) => id && !(w?.deletes ?? []).includes(id) && !(w?.creates ?? []).some((d) => d._id === id));
      if (extra.length === 0) continue;
      if (w) out[i] = { ...w, deletes: [...w.deletes, ...extra] };
      else out.push({ actor, creates: [], updates: [], deletes: extra, deleteOptions: PAIR_HANDLED, data: {} });
    }
  }
  return out;
}

/** The write set with the ledger's changes: merged into the combat's notes where it writes them, and the scenes' added. */
export function withLedger(whole: WriteSet): WriteSet {
  const dropped: LedgerHold[] = [];
  const changes = ledgerChanges(whole.actors, whole.tokens ?? [], dropped);
  // What the GM's writes leave on players' creatures (out cold, temporary damage): documents/marks.ts.
  markChanges(whole, changes);
  if (changes.size === 0) return whole;
  const set = { ...whole, actors: withEveryHalf(whole.actors, dropped) };
  const combats: CombatWrite[] = [...(set.combats ?? [])];
  const scenes: SceneWrite[] = [...(set.scenes ?? [])];
  for (const [store, c] of changes) {
    if (store.documentName === "Combat") {
      const i = combats.findIndex((w) => w.combat.id === store.id);
      const existing = combats[i];
      if (existing) combats[i] = { combat: existing.combat, changes: { ...existing.changes, ...c } };
      else combats.push({ combat: store as Combat.Implementation, changes: c });
    } else {
      const i = scenes.findIndex((w) => w.scene.id === store.id);
      const existing = scenes[i];
      if (existing) scenes[i] = { scene: existing.scene, changes: { ...existing.changes, ...c } };
      else scenes.push({ scene: store as Scene.Implementation, changes: c });
    }
  }
  return { ...set, combats, scenes };
}
