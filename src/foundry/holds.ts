/**
 * Holds as pairs of ActiveEffects: one on the held creature, one on the holder, each naming the
 * other. Both halves are made in the same step and removed together; ids come from the
 * request, so a repeated request cannot make a second pair.
 */
import type { HoldRecord } from "../rules/index.ts";
import { MODULE_ID, STATUS } from "./constants.ts";
import { stableId } from "./ids.ts";
import { statusIcon } from "./statuses.ts";
import type { StoredHold, VariantId } from "./types.ts";

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
  const flags = (role: StoredHold["role"], twinUuid: string): Record<string, unknown> => ({ [MODULE_ID]: { hold: { record, role, twinUuid, variant } satisfies StoredHold } });
  return [
    {
      actor: held,
      data: {
        _id: heldId,
        name: game.i18n.format("WC.Effect.heldBy", { part, name: holder.name ?? "" }),
        img: statusIcon("held"),
        statuses: [STATUS.held],
        origin: holder.uuid,
        transfer: false,
        flags: flags("held", effectUuid(holder, holderId)),
      },
    },
    {
      actor: holder,
      data: {
        _id: holderId,
        name: game.i18n.format("WC.Effect.holding", { part, name: held.name ?? "" }),
        img: statusIcon("holding"),
        statuses: [STATUS.holding],
        origin: held.uuid,
        transfer: false,
        flags: flags("holder", effectUuid(held, heldId)),
      },
    },
  ];
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
