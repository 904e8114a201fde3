/**
 * Keeping hold pairs whole: when one half goes (deleted by hand, its token deleted, its
 * combatant or combat removed), the other goes too. And a condition whose clock a combat kept
 * (stunned for so many segments, out cold for so many rounds) ends when that clock is gone with
 * its combatant or combat: nothing would count it down any more. Only the active GM writes.
 */
import type { HoldRecord } from "../../rules/index.ts";
import { PAIR_HANDLED, pairHandled } from "../apply.ts";
import { storedHold } from "../holds.ts";
import { tokenByUuid } from "../cast.ts";
import { gmWork } from "../gm-work.ts";
import { MODULE_ID } from "../constants.ts";
import { combatTimers } from "../round-end.ts";

function isActiveGM(): boolean {
  return game.users.activeGM?.isSelf === true;
}

export function listen(): void {
  Hooks.on("deleteActiveEffect", (effect, options) => {
    if (!pairHandled(options) && isActiveGM()) void gmWork(() => onEffectDeleted(effect as ActiveEffect.Implementation));
  });
  Hooks.on("deleteToken", (token) => {
    const t = token as TokenDocument.Implementation;
    tokensGone([t]);
    clocksGone([...game.combats], [t]);
  });
  Hooks.on("deleteCombatant", (combatant) => {
    const c = combatant as Combatant.Implementation;
    const token = c.token as TokenDocument.Implementation | null;
    if (!token) return;
    tokensGone([token]);
    if (c.parent) clocksGone([c.parent as Combat.Implementation], [token]);
  });
  Hooks.on("deleteCombat", (combat) => {
    const c = combat as Combat.Implementation;
    const tokens = [...c.combatants].map((x) => x.token as TokenDocument.Implementation | null).filter((t): t is TokenDocument.Implementation => !!t);
    tokensGone(tokens);
    clocksGone([c], tokens);
  });
}

/** The clocks these combats kept for these creatures, gone: their conditions end (the GM's work). */
function clocksGone(combats: readonly Combat.Implementation[], tokens: readonly TokenDocument.Implementation[]): void {
  if (!isActiveGM()) return;
  const ending: Array<{ actor: Actor.Implementation; condition: string }> = [];
  for (const token of tokens) {
    // The creature itself, while it is still there: its token on the scene, or its world actor.
    const actor = (token.parent?.tokens.has(token.id ?? "") === true || token.actorLink ? token.actor : null) as Actor.Implementation | null;
    if (!actor) continue;
    for (const combat of combats) for (const timer of combatTimers(combat)) if (timer.id === token.uuid) ending.push({ actor, condition: timer.condition });
  }
  if (ending.length > 0) void gmWork(() => onClocksGone(ending));
}

export async function onClocksGone(ending: ReadonlyArray<{ actor: Actor.Implementation; condition: string }>): Promise<void> {
  const byActor = new Map<Actor.Implementation, Set<string>>();
  for (const { actor, condition } of ending) byActor.set(actor, new Set([...(byActor.get(actor) ?? []), condition]));
  for (const [actor, conditions] of byActor) {
    // Only the module's own effects for these conditions (a system's or a GM's own stay).
    const ids = [...actor.effects].filter((e) => conditions.has(e.getFlag(MODULE_ID, "condition") ?? "")).map((e) => e.id ?? "");
    if (ids.length === 0 || !fromUuidSync(actor.uuid as never)) continue;
    try {
      await actor.deleteEmbeddedDocuments("ActiveEffect", ids, PAIR_HANDLED as never);
    } catch {
      // Removed meanwhile.
    }
  }
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
