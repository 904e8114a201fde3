/**
 * Keeping hold pairs whole: when one half goes (deleted by hand, its token deleted, its
 * combatant or combat removed), the other goes too. And a condition whose clock a combat kept
 * (stunned for so many segments, out cold for so many rounds) ends when that clock is gone with
 * its combatant or combat: nothing would count it down any more. Only the active GM writes.
 */
import type { HoldRecord } from "../../rules/index.ts";
import { PAIR_HANDLED, pairHandled } from "../gm/apply.ts";
import { clockStillRuns, holdFitsItsCombat, storedHold } from "../documents/holds.ts";
import { tokenByUuid } from "../documents/cast.ts";
import { gmWork } from "../gm/queue.ts";
import { MODULE_ID } from "../base/constants.ts";
import { combatTimers } from "../gm/round-end.ts";

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
  const ending: Array<{ actor: Actor.Implementation; ids: string[] }> = [];
  const combatIds = new Set(combats.map((c) => c.id ?? ""));
  for (const token of tokens) {
    // The creature itself, while it is still there: its token on the scene, or its world actor.
    const actor = (token.parent?.tokens.has(token.id ?? "") === true || token.actorLink ? token.actor : null) as Actor.Implementation | null;
    if (!actor) continue;
    const conditions = new Set(combats.flatMap((c) => combatTimers(c).filter((t) => t.id === token.uuid).map((t) => t.condition as string)));
    // Only the module's own effects (a system's or a GM's own stay): a condition the combat times,
    // or one that names the combat as its clock.
    const ids = [...actor.effects].filter((e) => conditions.has(e.getFlag(MODULE_ID, "condition") ?? "") || combatIds.has(e.getFlag(MODULE_ID, "clock") ?? "")).map((e) => e.id ?? "");
    if (ids.length > 0) ending.push({ actor, ids });
  }
  if (ending.length > 0) void gmWork(() => removeEffects(ending));
}

async function removeEffects(ending: ReadonlyArray<{ actor: Actor.Implementation; ids: readonly string[] }>): Promise<void> {
  for (const { actor, ids } of ending) {
    const there = ids.filter((id) => actor.effects.has(id));
    if (there.length === 0 || !fromUuidSync(actor.uuid as never)) continue;
    try {
      await actor.deleteEmbeddedDocuments("ActiveEffect", there, PAIR_HANDLED as never);
    } catch {
      // Removed meanwhile.
    }
  }
}

/**
 * What the messages a tab missed would have put right, put right when a GM's tab starts (a tab
 * that loses part of the stream reloads; a player may remove their own half of a hold while no
 * GM is connected): a hold half whose twin or either creature is gone, a hold made in a combat
 * that is gone or that either creature has left, a timed condition whose combat is gone or left.
 */
export async function sweep(): Promise<void> {
  if (!isActiveGM()) return;
  const actors = new Map<string, Actor.Implementation>();
  for (const scene of game.scenes) for (const t of scene.tokens) if (t.actor) actors.set(t.actor.uuid, t.actor as Actor.Implementation);
  for (const a of game.actors) actors.set(a.uuid, a as Actor.Implementation);
  const ending: Array<{ actor: Actor.Implementation; ids: string[] }> = [];
  for (const actor of actors.values()) {
    const ids = [...actor.effects]
      .filter((e) => {
        const h = storedHold(e);
        if (h) {
          const { heldId, holderId } = h.record;
          if (!fromUuidSync(h.twinUuid as never) || !tokenByUuid(heldId) || !tokenByUuid(holderId)) return true;
          return !holdFitsItsCombat(e.getFlag(MODULE_ID, "combat"), heldId, holderId);
        }
        return !clockStillRuns(e.getFlag(MODULE_ID, "clock"), actor.uuid);
      })
      .map((e) => e.id ?? "");
    if (ids.length > 0) ending.push({ actor, ids });
  }
  await removeEffects(ending);
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
