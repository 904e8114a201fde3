/**
 * Keeping holds whole and true, on the active GM's client.
 *
 * - A half a GM removes by hand takes its twin with it; a half its token, combatant or combat
 *   takes with it goes with its twin too.
 * - Holds end by the rules (break free, release, an overbear's end) or by the GM. A half a player
 *   removes or edits (their own creature's effect: Foundry lets them) is put back from its twin,
 *   and the GM is told who did it. An effect a player makes with the module's hold or condition
 *   flags (which the module only ever writes from a GM's tab) is removed, and the GM is told.
 * - A condition whose clock a combat kept (stunned for so many segments, out cold for so many
 *   rounds) ends when that clock is gone with its combatant or combat.
 * - When a GM's tab starts, what messages a tab missed would have put right is put right
 *   (`sweep`): a half left alone is made whole again from a half on a creature no player owns,
 *   else removed; a hold whose creatures or combat are gone is removed.
 *
 * Every function here is a piece of the GM's work (the hooks queue them: hooks/cleanup.ts).
 */
import type { HoldRecord } from "../../rules/index.ts";
import { MODULE_ID, STATUS } from "../base/constants.ts";
import { notify } from "../base/i18n.ts";
import type { StoredHold, VariantId } from "../base/types.ts";
import { tokenByUuid } from "../documents/cast.ts";
import { combatTimers } from "../documents/combat-state.ts";
import { clockStillRuns, holdFitsItsCombat, holdHalfData, playerOwned, storedHold, verifiedHold } from "../documents/holds.ts";
import { deletion, untimedDuration } from "../world/compat.ts";
import { isModuleEffect, PAIR_HANDLED } from "./apply.ts";

/**
 * The options of the guard's own repairs: the pair is the module's to handle (no twin follows),
 * and nothing is announced (a half put back was never a hold ended and made again; a forged one
 * removed was never a hold).
 */
export const REPAIR = { [MODULE_ID]: { pairHandled: true, repair: true } } as const;

function isActiveGM(): boolean {
  return game.users.activeGM?.isSelf === true;
}

function userName(userId: string | undefined): string {
  return game.users.get(userId ?? "")?.name ?? "?";
}

async function quietly(fn: () => Promise<unknown>): Promise<void> {
  try {
    await fn();
  } catch {
    // Removed or changed meanwhile by another step.
  }
}

/** The effect at `uuid` when it is an ActiveEffect. */
function effectAt(uuid: string): ActiveEffect.Implementation | null {
  const doc = fromUuidSync(uuid as never) as unknown;
  return (doc as { documentName?: string } | null)?.documentName === "ActiveEffect" ? (doc as ActiveEffect.Implementation) : null;
}

/** The twin of a half when it truly is one: an effect on the other creature's actor naming this half back. */
function trueTwin(half: StoredHold, halfUuid: string): ActiveEffect.Implementation | null {
  const twin = effectAt(half.twinUuid);
  const back = twin ? storedHold(twin) : undefined;
  const otherRole = half.role === "held" ? "holder" : "held";
  const otherActor = tokenByUuid(otherRole === "held" ? half.record.heldId : half.record.holderId)?.actor as Actor.Implementation | null | undefined;
  if (!twin || !back || back.record.id !== half.record.id || back.role !== otherRole || back.twinUuid !== halfUuid) return null;
  return otherActor && (twin.parent as Actor.Implementation | null)?.uuid === otherActor.uuid ? twin : null;
}

/** The half that `twin` stands for on the other creature, as the module makes it (the twin's record believed). */
function halfFromTwin(twin: ActiveEffect.Implementation, twinHold: StoredHold): { actor: Actor.Implementation; id: string; fields: Record<string, unknown> } | null {
  const role = twinHold.role === "held" ? "holder" : "held";
  const actor = tokenByUuid(role === "held" ? twinHold.record.heldId : twinHold.record.holderId)?.actor as Actor.Implementation | null | undefined;
  const twinActor = twin.parent as Actor.Implementation | null;
  const id = twinHold.twinUuid.split(".").at(-1) ?? "";
  if (!actor || !twinActor || !/^[A-Za-z0-9]{16}$/.test(id) || twinHold.twinUuid !== `${actor.uuid}.ActiveEffect.${id}`) return null;
  const combat = twin.getFlag(MODULE_ID, "combat");
  const hold: StoredHold = { record: twinHold.record, role, twinUuid: twin.uuid, variant: twinHold.variant };
  // As the module makes a half (documents/holds.ts), at this id and naming this twin.
  const made = holdHalfData(twinHold.record, role, twinActor, twinHold.variant as VariantId, "");
  const plain = Object.fromEntries(Object.entries(made).filter(([k]) => k !== "_id" && k !== "flags" && k !== "duration"));
  return {
    actor,
    id,
    fields: {
      ...plain,
      [`flags.${MODULE_ID}.hold`]: hold,
      ...(typeof combat === "string" ? { [`flags.${MODULE_ID}.combat`]: combat } : {}),
    },
  };
}

/** Puts the half `twin` names back as the module made it: made again, or its changes undone. */
async function putBack(twin: ActiveEffect.Implementation, restored?: Set<string>): Promise<boolean> {
  const twinHold = storedHold(twin);
  const half = twinHold ? halfFromTwin(twin, twinHold) : null;
  if (!half) return false;
  restored?.add(`${half.actor.uuid}|${half.id}`);
  const there = half.actor.effects.get(half.id);
  if (there) {
    // A combat written onto the half that its twin does not have goes too.
    const extra = typeof twin.getFlag(MODULE_ID, "combat") !== "string" && there.getFlag(MODULE_ID, "combat") !== undefined ? Object.fromEntries([deletion(`flags.${MODULE_ID}`, "combat")]) : {};
    await quietly(() => there.update({ ...half.fields, ...extra } as never, REPAIR as never));
  } else {
    const flags: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(half.fields)) if (k.startsWith(`flags.${MODULE_ID}.`)) flags[k.slice(`flags.${MODULE_ID}.`.length)] = v;
    const data = Object.fromEntries(Object.entries(half.fields).filter(([k]) => !k.startsWith("flags.")));
    // Made as the module makes a half: no core duration (v14 wants its block of the new shape).
    await quietly(() => half.actor.createEmbeddedDocuments("ActiveEffect", [{ _id: half.id, ...data, ...untimedDuration(), flags: { [MODULE_ID]: flags } }] as never, { keepId: true, ...REPAIR } as never));
  }
  return true;
}

/** Whether the hold a half names still belongs: both creatures on the map, and in its combat if it was made in one. */
function stillFits(effect: ActiveEffect.Implementation, record: HoldRecord): boolean {
  return tokenByUuid(record.heldId) !== null && tokenByUuid(record.holderId) !== null && holdFitsItsCombat(effect.getFlag(MODULE_ID, "combat"), record.heldId, record.holderId);
}

/** Whether the module's own pair removal is told in these options, by a GM (a player's options prove nothing). */
export function pairHandledBy(options: unknown, userId: string | undefined): boolean {
  const o = (options as Record<string, unknown> | undefined)?.[MODULE_ID];
  return game.users.get(userId ?? "")?.isGM === true && typeof o === "object" && o !== null && (o as Record<string, unknown>).pairHandled === true;
}

/**
 * A hold half was removed. By a GM by hand: its twin goes too. By a player: it comes back, and the
 * GM is told who removed it. A half that was never one of a true pair is left gone.
 */
export async function onHalfDeleted(effect: ActiveEffect.Implementation, options: unknown, userId: string | undefined): Promise<void> {
  if (!isActiveGM() || pairHandledBy(options, userId)) return;
  const half = storedHold(effect);
  // Its true twin; or, when the player pointed the half elsewhere before removing it, the half
  // elsewhere that still names it.
  const twin = (half ? trueTwin(half, effect.uuid) : null) ?? namedBy(effect);
  const record = twin ? storedHold(twin)?.record : undefined;
  if (!twin || !record) return;
  if (game.users.get(userId ?? "")?.isGM === true || !stillFits(twin, record)) {
    await quietly(() => twin.delete(PAIR_HANDLED as never));
    return;
  }
  if (await putBack(twin)) notify("warn", "WC.Guard.halfRemoved", { user: userName(userId), name: (effect.parent as Actor.Implementation | null)?.name ?? "?", effect: effect.name ?? "" });
}

/** The half an effect was before a change (the one a true twin names), or its hold as it says now. */
function namedBy(effect: ActiveEffect.Implementation): ActiveEffect.Implementation | null {
  const own = storedHold(effect);
  if (own) {
    const twin = effectAt(own.twinUuid);
    if (twin && storedHold(twin)?.twinUuid === effect.uuid) return twin;
  }
  // Its flags were changed or taken off: a twin somewhere on its scene still names it.
  const actor = effect.parent as Actor.Implementation | null;
  const scene = (actor as unknown as { token?: TokenDocument.Implementation | null } | null)?.token?.parent ?? game.scenes?.viewed ?? null;
  const actors = new Set<Actor.Implementation>([...game.actors].map((a) => a as Actor.Implementation));
  for (const t of (scene as Scene.Implementation | null)?.tokens ?? []) if (t.actor) actors.add(t.actor as Actor.Implementation);
  for (const a of actors) for (const e of a.effects) if (storedHold(e)?.twinUuid === effect.uuid) return e;
  return null;
}

/** A player changed an effect: a hold half is put back from its twin (and the GM told); a made-up half or condition is removed. */
export async function onEffectUpdated(effect: ActiveEffect.Implementation, userId: string | undefined): Promise<void> {
  if (!isActiveGM() || game.users.get(userId ?? "")?.isGM === true) return;
  const twin = namedBy(effect);
  if (twin) {
    const half = storedHold(effect);
    const expected = half?.role === "holder" ? STATUS.holding : STATUS.held;
    // Its pair broken, its record changed, switched off or its status taken away: put back.
    const tampered = !verifiedHold(twin) || !half || JSON.stringify(half.record) !== JSON.stringify(storedHold(twin)?.record) || effect.getFlag(MODULE_ID, "combat") !== twin.getFlag(MODULE_ID, "combat") || effect.disabled === true || !effect.statuses.has(expected);
    if (tampered && (await putBack(twin))) notify("warn", "WC.Guard.halfChanged", { user: userName(userId), name: (effect.parent as Actor.Implementation | null)?.name ?? "?", effect: effect.name ?? "" });
    return;
  }
  if (isModuleEffect(effect as unknown as { flags?: unknown })) await removeForged(effect, userId);
}

/**
 * A player changed the module's own flags on their token (the mark of a creature lifted off the
 * ground, which the rules read for its pace in the air, and where a fall ends): only the GM's side
 * writes those, so they are taken off again, and the GM is told.
 */
export async function onTokenUpdated(token: TokenDocument.Implementation, changed: unknown, userId: string | undefined): Promise<void> {
  if (!isActiveGM() || game.users.get(userId ?? "")?.isGM === true) return;
  // The change as Foundry gives it (expanded), or with dotted keys: the module's token flags it touched.
  const c = (changed ?? {}) as Record<string, unknown>;
  const nested = (c.flags as Record<string, unknown> | undefined)?.[MODULE_ID];
  const prefix = `flags.${MODULE_ID}.`;
  const keys = [
    ...new Set([
      ...(nested && typeof nested === "object" ? Object.keys(nested as Record<string, unknown>) : []),
      ...Object.keys(c)
        .filter((k) => k.startsWith(prefix))
        .map((k) => k.slice(prefix.length).split(".")[0] ?? ""),
    ]),
  ]
    .map((k) => k.replace(/^-=/, ""))
    .filter((k) => k !== "");
  if (keys.length === 0) return;
  await quietly(() => token.update(Object.fromEntries(keys.map((k) => deletion(`flags.${MODULE_ID}`, k))) as never));
  notify("warn", "WC.Guard.tokenFlags", { user: userName(userId), name: token.name ?? "?" });
}

/**
 * Effects players made (one request may make many): a half made again at the id its twin still
 * names is put back exactly; any other with the module's hold or condition flags (which the
 * module only ever writes from a GM's tab) is removed, one request per creature, and the GM told
 * once per player and creature.
 */
export async function onEffectsCreated(made: ReadonlyArray<{ effect: ActiveEffect.Implementation; userId: string | undefined }>): Promise<void> {
  if (!isActiveGM()) return;
  const forged = new Map<string, { actor: Actor.Implementation; userId: string | undefined; ids: string[]; names: string[] }>();
  for (const { effect, userId } of made) {
    if (game.users.get(userId ?? "")?.isGM === true) continue;
    // Judged as it is now (the work queued before this one may have put it back): gone is gone.
    const actor = effect.parent as Actor.Implementation | null;
    if (!actor?.effects.get(effect.id ?? "") || !isModuleEffect(effect as unknown as { flags?: unknown })) continue;
    // A half removed and made again at once: the pair's own half, not a forgery.
    const twin = namedBy(effect);
    if (twin && storedHold(twin)) {
      await putBack(twin);
      continue;
    }
    const key = `${actor.uuid}|${userId ?? ""}`;
    const entry = forged.get(key) ?? { actor, userId, ids: [], names: [] };
    entry.ids.push(effect.id ?? "");
    entry.names.push(effect.name ?? "");
    forged.set(key, entry);
  }
  for (const { actor, userId, ids, names } of forged.values()) {
    await quietly(() => actor.deleteEmbeddedDocuments("ActiveEffect", ids, REPAIR as never));
    if (ids.length === 1) notify("warn", "WC.Guard.effectMade", { user: userName(userId), name: actor.name ?? "?", effect: names[0] ?? "" });
    else notify("warn", "WC.Guard.effectsMade", { user: userName(userId), name: actor.name ?? "?", n: ids.length });
  }
}

async function removeForged(effect: ActiveEffect.Implementation, userId: string | undefined): Promise<void> {
  await quietly(() => effect.delete(REPAIR as never));
  notify("warn", "WC.Guard.effectMade", { user: userName(userId), name: (effect.parent as Actor.Implementation | null)?.name ?? "?", effect: effect.name ?? "" });
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
    const ids = [...actor.effects]
      .filter((e) => {
        const h = storedHold(e);
        return h ? involves(h.record) : false;
      })
      .map((e) => e.id ?? "");
    if (ids.length > 0) await quietly(() => actor.deleteEmbeddedDocuments("ActiveEffect", ids, PAIR_HANDLED as never));
  }
}

/** The module's own conditions whose clocks these combats kept for these creatures: what to remove. */
export function clocksGone(combats: readonly Combat.Implementation[], tokens: readonly TokenDocument.Implementation[]): Array<{ actor: Actor.Implementation; ids: string[] }> {
  const ending: Array<{ actor: Actor.Implementation; ids: string[] }> = [];
  const combatIds = new Set(combats.map((c) => c.id ?? ""));
  for (const token of tokens) {
    // The creature itself, while it is still there: its token on the scene, or its world actor.
    const actor = (token.parent?.tokens.has(token.id ?? "") === true || token.actorLink ? token.actor : null) as Actor.Implementation | null;
    if (!actor) continue;
    const conditions = new Set(combats.flatMap((c) => combatTimers(c).filter((t) => t.id === token.uuid).map((t) => t.condition as string)));
    // Only the module's own condition effects (a system's or a GM's own stay; a hold half is never one).
    const ids = [...actor.effects]
      .filter((e) => !storedHold(e) && (conditions.has(e.getFlag(MODULE_ID, "condition") ?? "") || combatIds.has(e.getFlag(MODULE_ID, "clock") ?? "")))
      .map((e) => e.id ?? "");
    if (ids.length > 0) ending.push({ actor, ids });
  }
  return ending;
}

export async function removeEffects(ending: ReadonlyArray<{ actor: Actor.Implementation; ids: readonly string[] }>): Promise<void> {
  for (const { actor, ids } of ending) {
    const there = ids.filter((id) => actor.effects.has(id));
    if (there.length === 0 || !fromUuidSync(actor.uuid as never)) continue;
    await quietly(() => actor.deleteEmbeddedDocuments("ActiveEffect", there, PAIR_HANDLED as never));
  }
}

/**
 * What the messages a tab missed would have put right, put right when a GM's tab starts (a tab
 * that loses part of the stream reloads; a player may change their own creature's effects while
 * no GM is connected):
 * - a whole hold whose creatures or combat are gone is removed; one whose halves' records differ
 *   is put right from the half on a creature no player owns;
 * - a half left alone is made whole again when it is on a creature no player owns and its twin's
 *   creature is a player's (only a player could have removed or changed that one); else removed;
 * - a timed condition whose combat is gone or left ends.
 */
export async function sweep(): Promise<void> {
  if (!isActiveGM()) return;
  const actors = new Map<string, Actor.Implementation>();
  for (const scene of game.scenes) for (const t of scene.tokens) if (t.actor) actors.set(t.actor.uuid, t.actor as Actor.Implementation);
  for (const a of game.actors) actors.set(a.uuid, a as Actor.Implementation);
  const ending: Array<{ actor: Actor.Implementation; ids: string[] }> = [];
  const repaired = new Set<string>();
  // Halves put back from their twins: not removed afterwards, whatever they looked like before.
  const restored = new Set<string>();
  for (const actor of actors.values()) {
    const ids: string[] = [];
    for (const e of actor.effects) {
      const h = storedHold(e);
      if (!h) {
        if (!clockStillRuns(e.getFlag(MODULE_ID, "clock"), actor.uuid)) ids.push(e.id ?? "");
        continue;
      }
      const v = verifiedHold(e);
      if (v) {
        // A pair is judged by one combat: the one on the half no player can write.
        const judge = !playerOwned(v.holder.parent as Actor.Implementation) ? v.holder : !playerOwned(v.held.parent as Actor.Implementation) ? v.held : v.held;
        if (!stillFits(judge, v.record)) ids.push(e.id ?? "");
        else if (!repaired.has(h.record.id)) {
          // A whole pair with one half changed by a player while no GM was there (its record
          // rewritten, switched off, its status taken away): put right from the half on the
          // creature no player owns.
          const changed = (x: ActiveEffect.Implementation) => x.disabled === true || !x.statuses.has(storedHold(x)?.role === "holder" ? STATUS.holding : STATUS.held);
          const other = e === v.held ? v.holder : v.held;
          const differ = JSON.stringify(storedHold(v.held)?.record) !== JSON.stringify(storedHold(v.holder)?.record) || v.held.getFlag(MODULE_ID, "combat") !== v.holder.getFlag(MODULE_ID, "combat");
          if (!playerOwned(actor) && (differ || changed(other))) {
            repaired.add(h.record.id);
            await putBack(e, restored);
          }
        }
        continue;
      }
      const otherRole = h.role === "held" ? "holder" : "held";
      const otherActor = tokenByUuid(otherRole === "held" ? h.record.heldId : h.record.holderId)?.actor as Actor.Implementation | null | undefined;
      const mine = tokenByUuid(h.role === "held" ? h.record.heldId : h.record.holderId)?.actor as Actor.Implementation | null | undefined;
      const trustworthy = mine?.uuid === actor.uuid && !playerOwned(actor);
      if (trustworthy && otherActor && playerOwned(otherActor) && stillFits(e, h.record) && !repaired.has(h.record.id)) {
        repaired.add(h.record.id);
        if (await putBack(e, restored)) continue;
      }
      ids.push(e.id ?? "");
    }
    if (ids.length > 0) ending.push({ actor, ids });
  }
  await removeEffects(ending.map(({ actor, ids }) => ({ actor, ids: ids.filter((id) => !restored.has(`${actor.uuid}|${id}`)) })));
}
