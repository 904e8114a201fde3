/**
 * Keeping hold pairs whole: when one half goes (deleted by hand, its token deleted, its
 * combatant or combat removed), the other goes too. Only the active GM writes.
 */
import type { HoldRecord } from "../../rules/index.ts";
import { MODULE_ID } from "../constants.ts";
import { storedHold } from "../holds.ts";

function isActiveGM(): boolean {
  return game.users.activeGM?.isSelf === true;
}

export function listen(): void {
  Hooks.on("deleteActiveEffect", (effect) => void onEffectDeleted(effect as ActiveEffect.Implementation));
  Hooks.on("deleteToken", (token) => void onTokensGone(token as TokenDocument.Implementation, [(token as TokenDocument.Implementation).uuid]));
  Hooks.on("deleteCombatant", (combatant) => {
    const token = (combatant as Combatant.Implementation).token as TokenDocument.Implementation | null;
    if (token) void onTokensGone(token, [token.uuid]);
  });
  Hooks.on("deleteCombat", (combat) => {
    const tokens = [...(combat as Combat.Implementation).combatants].map((c) => c.token as TokenDocument.Implementation | null).filter((t): t is TokenDocument.Implementation => !!t);
    const first = tokens[0];
    if (first) void onTokensGone(first, tokens.map((t) => t.uuid));
  });
}

export async function onEffectDeleted(effect: ActiveEffect.Implementation): Promise<void> {
  if (!isActiveGM()) return;
  const hold = storedHold(effect);
  if (!hold) return;
  const twin = fromUuidSync(hold.twinUuid as never) as ActiveEffect.Implementation | null;
  if (twin && twin.parent) {
    try {
      await twin.delete();
    } catch {
      // Already gone with its token or removed by another step.
    }
  }
}

/** Removes every hold half in the tokens' scene that involves any of the gone creatures. */
export async function onTokensGone(anyToken: TokenDocument.Implementation, goneUuids: readonly string[]): Promise<void> {
  if (!isActiveGM()) return;
  const gone = new Set(goneUuids);
  const involves = (r: HoldRecord) => gone.has(r.heldId) || gone.has(r.holderId);
  const scene = anyToken.parent;
  if (!scene) return;
  const actors = new Map<string, Actor.Implementation>();
  for (const t of scene.tokens) {
    const a = t.actor as Actor.Implementation | null;
    if (a && !gone.has(t.uuid)) actors.set(a.uuid, a);
  }
  for (const actor of actors.values()) {
    const ids = [...actor.effects].filter((e) => {
      const h = storedHold(e);
      return h ? involves(h.record) : false;
    }).map((e) => e.id ?? "");
    if (ids.length > 0) {
      try {
        await actor.deleteEmbeddedDocuments("ActiveEffect", ids, { [MODULE_ID]: { cleanup: true } } as never);
      } catch {
        // Some were removed meanwhile.
      }
    }
  }
}
