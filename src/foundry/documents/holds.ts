/**
 * Holds as pairs of ActiveEffects: one on the held creature, one on the holder, each naming the
 * other, made in the same step as the ledger's entry for the hold (documents/ledger.ts).
 *
 * The effects are what sheets, token icons and other modules see; a player may edit or make
 * effects on their own creature, so an effect proves nothing. Every reading of a hold for the
 * rules' purposes (`holdsAround`) comes from the ledger, which only a GM can write.
 */
import type { HoldRecord } from "../../rules/index.ts";
import { MODULE_ID, STATUS } from "../base/constants.ts";
import { stableId } from "../base/ids.ts";
import { statusIcon } from "./statuses.ts";
import { untimedDuration } from "../world/compat.ts";
import type { StoredHold, VariantId } from "../base/types.ts";
import { keptHold, standingHoldsOf } from "./ledger.ts";

export interface HoldHalf {
  readonly actor: Actor.Implementation;
  readonly data: Record<string, unknown>;
}

export function effectUuid(actor: Actor.Implementation, effectId: string): string {
  return `${actor.uuid}.ActiveEffect.${effectId}`;
}

/** The effect data of one half of a hold (the id stable for its request and hold). */
export function holdHalfData(record: HoldRecord, role: StoredHold["role"], other: Actor.Implementation, variant: VariantId, requestId: string): Record<string, unknown> {
  const own = stableId(`${requestId}|${record.id}|${role}`);
  const otherId = stableId(`${requestId}|${record.id}|${role === "held" ? "holder" : "held"}`);
  const part = game.i18n.localize(record.label);
  return {
    _id: own,
    name: game.i18n.format(role === "held" ? "WC.Effect.heldBy" : "WC.Effect.holding", { part, name: other.name ?? "" }),
    img: statusIcon(role === "held" ? "held" : "holding"),
    statuses: [role === "held" ? STATUS.held : STATUS.holding],
    origin: other.uuid,
    transfer: false,
    disabled: false,
    ...untimedDuration(),
    flags: { [MODULE_ID]: { hold: { record, role, twinUuid: effectUuid(other, otherId), variant, ...(requestId ? { card: requestId } : {}) } satisfies StoredHold } },
  };
}

export function holdEffectPair(record: HoldRecord, held: Actor.Implementation, holder: Actor.Implementation, variant: VariantId, requestId: string): [HoldHalf, HoldHalf] {
  return [
    { actor: held, data: holdHalfData(record, "held", holder, variant, requestId) },
    { actor: holder, data: holdHalfData(record, "holder", held, variant, requestId) },
  ];
}

const isStr = (v: unknown): v is string => typeof v === "string" && v.length > 0;

/** The hold flag as a shape, checked: what a half says of itself (nothing more is proved by it). */
export function parseHold(raw: unknown): StoredHold | undefined {
  const h = raw as Partial<StoredHold> | null | undefined;
  const r = h?.record as Partial<HoldRecord> | undefined;
  if (!h || typeof h !== "object" || !r || typeof r !== "object") return undefined;
  if (!isStr(r.id) || !isStr(r.heldId) || !isStr(r.holderId) || typeof r.label !== "string") return undefined;
  if ((h.role !== "held" && h.role !== "holder") || !isStr(h.twinUuid) || !isStr(h.variant)) return undefined;
  return h as StoredHold;
}

/** What an effect says of itself as a half of a hold (unchecked against its twin). */
export function storedHold(effect: ActiveEffect.Implementation): StoredHold | undefined {
  return parseHold(effect.getFlag(MODULE_ID, "hold"));
}

/** Whether a player owns this actor (a creature a player can write on). */
export function playerOwned(actor: Actor.Implementation | null | undefined): boolean {
  if (!actor) return false;
  return game.users.some((u) => !u.isGM && actor.testUserPermission(u, "OWNER"));
}

/** Every hold the ledger keeps on or by these actors, each once, for this rule set (both creatures still on the map). */
export function holdsAround(actors: readonly Actor.Implementation[], variant: VariantId): HoldRecord[] {
  const seen = new Map<string, HoldRecord>();
  for (const k of standingHoldsOf(new Set(actors.map((a) => a.uuid)), variant)) if (!seen.has(k.hold.record.id)) seen.set(k.hold.record.id, k.hold.record);
  return [...seen.values()];
}

/** The effects on these actors that say they belong to the given hold ids (both halves of each, to remove together). */
export function holdEffects(actors: readonly Actor.Implementation[], holdIds: ReadonlySet<string>): Array<{ actor: Actor.Implementation; effect: ActiveEffect.Implementation }> {
  const out: Array<{ actor: Actor.Implementation; effect: ActiveEffect.Implementation }> = [];
  // The ids the ledger gave the halves (a half whose flags a player took off is found by its id).
  const ids = new Set<string>();
  for (const id of holdIds) {
    const k = keptHold(id);
    if (k) ids.add(`${k.hold.heldActor}|${k.hold.heldEffect}`).add(`${k.hold.holderActor}|${k.hold.holderEffect}`);
  }
  for (const actor of actors) for (const effect of actor.effects) {
    const h = storedHold(effect);
    if ((h && holdIds.has(h.record.id)) || ids.has(`${actor.uuid}|${effect.id ?? ""}`)) out.push({ actor, effect });
  }
  return out;
}

/** Whether combat `combatId` is still there with at least `count` combatants that pass `test`. */
function stillIn(combatId: string, test: (c: Combatant.Implementation) => boolean, count: number): boolean {
  const combat = game.combats.get(combatId);
  return !!combat && [...combat.combatants].filter(test).length >= count;
}

/**
 * Whether a hold still belongs where it was made: one made in a combat lasts while that combat
 * is there with both creatures in it (one made outside any combat, always). A hold that does not
 * is removed (hooks/cleanup.ts) and is not brought back by an undo.
 */
export function holdFitsItsCombat(combatId: string | undefined, heldId: string, holderId: string): boolean {
  return combatId === undefined || stillIn(combatId, (c) => c.token?.uuid === heldId || c.token?.uuid === holderId, heldId === holderId ? 1 : 2);
}

/** Whether a condition a combat times still has its clock: the combat is there with the creature in it. */
export function clockStillRuns(combatId: string | undefined, actorUuid: string): boolean {
  return combatId === undefined || stillIn(combatId, (c) => c.actor?.uuid === actorUuid, 1);
}
