/**
 * Keeping hold pairs whole: when one half goes (deleted by hand, its token deleted, its
 * combatant or combat removed), the other goes too. Only the active GM writes.
 */
import type { HoldRecord } from "../../rules/index.ts";
import { PAIR_HANDLED, pairHandled } from "../apply.ts";
import { storedHold } from "../holds.ts";
import { tokenByUuid } from "../cast.ts";
import { gmWork } from "../gm-work.ts";

function isActiveGM(): boolean {
  return game.users.activeGM?.isSelf === true;
}

export function listen(): void {
  Hooks.on("deleteActiveEffect", (effect, options) => {
    if (!pairHandled(options) && isActiveGM()) void gmWork(() => onEffectDeleted(effect as ActiveEffect.Implementation));
  });
  Hooks.on("deleteToken", (token) => tokensGone([token as TokenDocument.Implementation]));
  Hooks.on("deleteCombatant", (combatant) => {
    const token = (combatant as Combatant.Implementation).token as TokenDocument.Implementation | null;
    if (token) tokensGone([token]);
  });
  Hooks.on("deleteCombat", (combat) => {
    const tokens = [...(combat as Combat.Implementation).combatants].map((c) => c.token as TokenDocument.Implementation | null).filter((t): t is TokenDocument.Implementation => !!t);
    tokensGone(tokens);
  });
}

/** The clean-up waits its turn behind the GM's other work (one piece at a time: gm-work.ts). */
function tokensGone(tokens: readonly TokenDocument.Implementation[]): void {
  if (isActiveGM() && tokens.length > 0) void gmWork(() => onTokensGone(tokens));
}

export async function onEffectDeleted(effect: ActiveEffect.Implementation): Promise<void> {
  if (!isActiveGM()) return;
  const hold = storedHold(effect);
  if (!hold) return;
  // The twin by its recorded UUID; failing that, the other half of the same hold on the other creature.
  let twin = fromUuidSync(hold.twinUuid as never) as ActiveEffect.Implementation | null;
  if (!twin) {
    const other = tokenByUuid(hold.role === "held" ? hold.record.holderId : hold.record.heldId)?.actor as Actor.Implementation | null | undefined;
    twin = [...(other?.effects ?? [])].find((e) => storedHold(e)?.record.id === hold.record.id && storedHold(e)?.role !== hold.role) ?? null;
  }
  if (twin && twin.parent) {
    try {
      await twin.delete();
    } catch {
      // Already gone with its token or removed by another step.
    }
  }
}

/**
 * Removes every hold half that involves any of these creatures: on the others in their scene,
 * and on the creatures themselves while they still exist (a combatant removed, a linked actor).
 */
export async function onTokensGone(tokens: readonly TokenDocument.Implementation[]): Promise<void> {
  if (!isActiveGM() || tokens.length === 0) return;
  const gone = new Set(tokens.map((t) => t.uuid));
  const involves = (r: HoldRecord) => gone.has(r.heldId) || gone.has(r.holderId);
  const actors = new Map<string, Actor.Implementation>();
  const scene = tokens[0]?.parent;
  for (const t of scene?.tokens ?? []) {
    const a = t.actor as Actor.Implementation | null;
    if (a) actors.set(a.uuid, a);
  }
  for (const t of tokens) {
    const stillThere = scene?.tokens.has(t.id ?? "") === true;
    const a = stillThere || t.actorLink ? (t.actor as Actor.Implementation | null) : null;
    if (a) actors.set(a.uuid, a);
  }
  for (const actor of actors.values()) {
    const ids = [...actor.effects].filter((e) => {
      const h = storedHold(e);
      return h ? involves(h.record) : false;
    }).map((e) => e.id ?? "");
    if (ids.length > 0) {
      try {
        await actor.deleteEmbeddedDocuments("ActiveEffect", ids, PAIR_HANDLED as never);
      } catch {
        // Some were removed meanwhile.
      }
    }
  }
}
