/**
 * Holds made before the ledger existed (issue 33) live only as their two effects. The first time
 * an active GM's tab starts on a world without the ledger, every hold whose halves still name each
 * other (the held half and the holding half, the same hold, each pointing at the other) is written
 * into the ledger where it would have been kept when made: its combat, while both creatures are in
 * it, else the held creature's scene (a pair made in a combat that is gone, or that either creature
 * left, went with it and is not taken in). Without this the sweep that follows would take every such
 * hold for a forgery and remove it, and a world upgraded mid-fight would lose its holds.
 *
 * A half without a matching twin is not taken in (the sweep removes it, as before the ledger a
 * lone half was never a hold), nor a pair between two creatures one player owns (a player can
 * write effects on both and so could have made it; such a rare hold between two of one player's
 * creatures ends at the upgrade). Once pairs were taken in, a world setting only a GM may write
 * marks it done; a world with nothing to take in (a new one, or one whose ledger is already in
 * use) writes nothing and is looked at again on the next start, at the cost of one pass over the
 * creatures the sweep walks anyway.
 */
import { MODULE_ID } from "../base/constants.ts";
import type { LedgerHold, LedgerStore } from "../documents/ledger.ts";
import { keepData, keptHold, ledgerEntries, storeFor } from "../documents/ledger.ts";
import { tokenByUuid } from "../documents/cast.ts";
import { effectUuid, holdFitsItsCombat, storedHold } from "../documents/holds.ts";

/** The ledger's version this tree writes; a world below it has holds to take in. */
export const LEDGER_VERSION = 1;

/** Whether one player (not a GM) owns both creatures, so could have written both halves. */
function onePlayerOwnsBoth(a: Actor.Implementation, b: Actor.Implementation): boolean {
  const owners = (x: Actor.Implementation): Set<string> => {
    const own = (x.ownership ?? {}) as Record<string, number>;
    const all = (own.default ?? 0) >= 3;
    return new Set([...game.users].filter((u) => !u.isGM && (all || (own[u.id ?? ""] ?? 0) >= 3)).map((u) => u.id ?? ""));
  };
  const first = owners(a);
  return [...owners(b)].some((id) => first.has(id));
}

/** The ledger entries the pairs of effects on these actors stand for, by store (none already kept). */
export function pairsToKeep(actors: Iterable<Actor.Implementation>): Map<LedgerStore, LedgerHold[]> {
  const out = new Map<LedgerStore, LedgerHold[]>();
  const seen = new Set<string>();
  for (const actor of actors) {
    for (const effect of actor.effects) {
      const half = storedHold(effect);
      if (!half || half.role !== "held" || seen.has(half.record.id) || keptHold(half.record.id)) continue;
      const twin = fromUuidSync(half.twinUuid as never) as ActiveEffect.Implementation | null;
      const other = twin ? storedHold(twin) : undefined;
      const holder = twin?.parent as Actor.Implementation | null | undefined;
      if (!twin || !other || !holder || other.role !== "holder" || other.record.id !== half.record.id || other.variant !== half.variant) continue;
      if (other.twinUuid !== effectUuid(actor, effect.id ?? "") || holder.uuid === actor.uuid) continue;
      // The tokens the rules' record names must carry these very actors (a hold on oneself, or
      // between creatures the record does not name, was never made by the module).
      if (tokenByUuid(half.record.heldId)?.actor?.uuid !== actor.uuid || tokenByUuid(half.record.holderId)?.actor?.uuid !== holder.uuid) continue;
      if (onePlayerOwnsBoth(actor, holder)) continue;
      const flagged = effect.getFlag(MODULE_ID, "combat");
      const combatId = typeof flagged === "string" ? flagged : undefined;
      // A hold made in a combat went with it: its combat gone, or either creature out of it, it is no hold.
      if (!holdFitsItsCombat(combatId, half.record.heldId, half.record.holderId)) continue;
      const store = storeFor(half.record, combatId);
      if (!store) continue;
      const combat = store.documentName === "Combat" ? (store as Combat.Implementation) : undefined;
      seen.add(half.record.id);
      const hold: LedgerHold = {
        record: half.record,
        variant: half.variant,
        heldActor: actor.uuid,
        holderActor: holder.uuid,
        heldEffect: effect.id ?? "",
        holderEffect: twin.id ?? "",
        ...(combat?.id ? { combat: combat.id } : {}),
        since: combat?.round ?? 0,
        card: half.card ?? "",
      };
      out.set(store, [...(out.get(store) ?? []), hold]);
    }
  }
  return out;
}

/**
 * Takes the world's pairs into the ledger once (the active GM's tab, before its first sweep).
 * Returns how many holds were taken in.
 */
export async function migrateToLedger(actors: Iterable<Actor.Implementation>): Promise<number> {
  if ((game.settings.get(MODULE_ID, "ledgerVersion") ?? 0) >= LEDGER_VERSION || ledgerEntries().length > 0) return 0;
  const found = pairsToKeep(actors);
  if (found.size === 0) return 0;
  let n = 0;
  for (const [store, holds] of found) {
    try {
      await store.update(Object.assign({}, ...holds.map((h) => keepData(h))) as never);
      n += holds.length;
    } catch (err) {
      console.warn(`${MODULE_ID} | holds made before the ledger could not be kept on ${store.documentName} ${store.id}`, err);
    }
  }
  await game.settings.set(MODULE_ID, "ledgerVersion", LEDGER_VERSION);
  return n;
}
