/**
 * Holds as pairs of ActiveEffects: one on the held creature, one on the holder, each naming the
 * other. Both halves are made in the same step and removed together; ids come from the
 * request, so a repeated request cannot make a second pair.
 */
import type { HoldRecord } from "../../rules/index.ts";
import { MODULE_ID, STATUS } from "../base/constants.ts";
import { stableId } from "../base/ids.ts";
import { statusIcon } from "./statuses.ts";
import { untimedDuration } from "../world/compat.ts";
import type { StoredHold, VariantId } from "../base/types.ts";

export interface HoldHalf {
  readonly actor: Actor.Implementation;
  readonly data: Record<string, unknown>;
}

export function effectUuid(actor: Actor.Implementation, effectId: string): string {
  return `${actor.uuid}.ActiveEffect.${effectId}`;
}

export function holdEffectPair(record: HoldRecord, held: Actor.Implementation, holder: Actor.Implementation, variant: VariantId, requestId: string): [HoldHalf, HoldHalf] {
  const heldId = stableId(`${requestId}|${record.id}|held`);
  const holderId = stableId(`${requestId}|${record.id}|holder`);
  const part = game.i18n.localize(record.label);
  const half = (actor: Actor.Implementation, id: string, other: Actor.Implementation, otherId: string, role: StoredHold["role"]): HoldHalf => ({
    actor,
    data: {
      _id: id,
      name: game.i18n.format(role === "held" ? "WC.Effect.heldBy" : "WC.Effect.holding", { part, name: other.name ?? "" }),
      img: statusIcon(role === "held" ? "held" : "holding"),
      statuses: [role === "held" ? STATUS.held : STATUS.holding],
      origin: other.uuid,
      transfer: false,
      ...untimedDuration(),
      flags: { [MODULE_ID]: { hold: { record, role, twinUuid: effectUuid(other, otherId), variant } satisfies StoredHold } },
    },
  });
  return [half(held, heldId, holder, holderId, "held"), half(holder, holderId, held, heldId, "holder")];
}

export function storedHold(effect: ActiveEffect.Implementation): StoredHold | undefined {
  return effect.getFlag(MODULE_ID, "hold");
}

/** Every hold on or by these actors, each once, for the current variant. */
export function holdsAround(actors: readonly Actor.Implementation[], variant: VariantId): HoldRecord[] {
  const seen = new Map<string, HoldRecord>();
  for (const a of actors) {
    for (const e of a.effects) {
      const h = storedHold(e);
      if (h && h.variant === variant && !seen.has(h.record.id)) seen.set(h.record.id, h.record);
    }
  }
  return [...seen.values()];
}

/** The effects on these actors that belong to the given hold ids. */
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
