/**
 * Holds as pairs of ActiveEffects: one on the held creature, one on the holder, each naming the
 * other. Both halves are made in the same step and removed together; ids come from the
 * request, so a repeated request cannot make a second pair.
 *
 * A hold is both halves. A player may edit or make effects on their own creature, so one half
 * proves nothing: a half counts only when it sits on the actor of the creature its record names
 * for its role, and its twin is an effect on the other creature's actor that names it back, with
 * the same hold and the opposite role. Where the two halves' records differ (one was edited), the
 * half on a creature no player owns is believed.
 */
import type { HoldRecord } from "../../rules/index.ts";
import { MODULE_ID, STATUS } from "../base/constants.ts";
import { stableId } from "../base/ids.ts";
import { statusIcon } from "./statuses.ts";
import { untimedDuration } from "../world/compat.ts";
import type { StoredHold, VariantId } from "../base/types.ts";
import { tokenByUuid } from "./cast.ts";

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
    flags: { [MODULE_ID]: { hold: { record, role, twinUuid: effectUuid(other, otherId), variant } satisfies StoredHold } },
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

/** The creature a half's record names for its role (its token's actor should carry the half). */
function actorFor(hold: StoredHold, role: StoredHold["role"]): Actor.Implementation | null {
  return (tokenByUuid(role === "held" ? hold.record.heldId : hold.record.holderId)?.actor as Actor.Implementation | null | undefined) ?? null;
}

function isEffect(doc: unknown): doc is ActiveEffect.Implementation {
  return (doc as { documentName?: unknown } | null)?.documentName === "ActiveEffect";
}

/** Whether a player owns this actor (a creature a player can write on). */
export function playerOwned(actor: Actor.Implementation | null | undefined): boolean {
  if (!actor) return false;
  return game.users.some((u) => !u.isGM && actor.testUserPermission(u, "OWNER"));
}

export interface VerifiedHold {
  /** The record both halves agree on, or the one on the creature no player owns. */
  readonly record: HoldRecord;
  readonly variant: string;
  readonly held: ActiveEffect.Implementation;
  readonly holder: ActiveEffect.Implementation;
}

/** The whole hold this effect is a half of, or null when it is not one half of a true pair. */
export function verifiedHold(effect: ActiveEffect.Implementation): VerifiedHold | null {
  const own = storedHold(effect);
  if (!own) return null;
  const self = effect.parent as Actor.Implementation | null;
  const otherRole = own.role === "held" ? "holder" : "held";
  if (!self || actorFor(own, own.role)?.uuid !== self.uuid) return null;
  const twin = fromUuidSync(own.twinUuid as never) as unknown;
  if (!isEffect(twin)) return null;
  const back = storedHold(twin);
  const otherActor = twin.parent as Actor.Implementation | null;
  if (!back || back.role !== otherRole || back.record.id !== own.record.id || back.twinUuid !== effect.uuid) return null;
  if (!otherActor || actorFor(own, otherRole)?.uuid !== otherActor.uuid) return null;
  const [held, holder] = own.role === "held" ? [effect, twin] : [twin, effect];
  const [heldHalf, holderHalf] = own.role === "held" ? [own, back] : [back, own];
  const agree = JSON.stringify(heldHalf.record) === JSON.stringify(holderHalf.record) && heldHalf.variant === holderHalf.variant;
  const believed = !agree && playerOwned(held.parent as Actor.Implementation) && !playerOwned(holder.parent as Actor.Implementation) ? holderHalf : heldHalf;
  return { record: believed.record, variant: believed.variant, held, holder };
}

/** Every true hold on or by these actors, each once, for the current variant. */
export function holdsAround(actors: readonly Actor.Implementation[], variant: VariantId): HoldRecord[] {
  const seen = new Map<string, HoldRecord>();
  for (const a of actors) {
    for (const e of a.effects) {
      const h = storedHold(e);
      if (!h || h.variant !== variant || seen.has(h.record.id)) continue;
      const v = verifiedHold(e);
      if (v && v.variant === variant) seen.set(v.record.id, v.record);
    }
  }
  return [...seen.values()];
}

/** The effects on these actors that say they belong to the given hold ids (both halves of each, to remove together). */
export function holdEffects(actors: readonly Actor.Implementation[], holdIds: ReadonlySet<string>): Array<{ actor: Actor.Implementation; effect: ActiveEffect.Implementation }> {
  const out: Array<{ actor: Actor.Implementation; effect: ActiveEffect.Implementation }> = [];
  for (const actor of actors) for (const effect of actor.effects) {
    const h = storedHold(effect);
    if (h && holdIds.has(h.record.id)) out.push({ actor, effect });
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
