/**
 * Keeping what the GM's writes left on a player's creature true (issue 33), on the active GM's
 * client: whether the module knocked it out, and its temporary damage where the module keeps it
 * (its own actor flag). Both are kept where only a GM writes (documents/marks.ts); the rules read
 * them from there.
 *
 * - The GM's own writes keep the entries with them (gm/marks.ts `markChanges`).
 * - A player switching off, changing or deleting their creature's Unconscious effect while the
 *   GM's writes say it is out cold: the effect is put back (switched on again, or made again at
 *   a fresh id), and the GM told once per player and round. The one check and the round end read
 *   the GM's entry meanwhile, so nothing waits on the put-back.
 * - A player rewriting or deleting the module's temporary damage on their creature: put back to
 *   the GM's value, the GM told once per player and round.
 * - A GM's own hand on either (the token HUD's status, a console write): taken as the GM's word,
 *   the entry follows it.
 * - A combat deleted: its entries are handed to the creatures' scene, so a knock-out that no
 *   clock of that combat timed, and the temporary damage, outlive the fight.
 *
 * Host-system hit points (and a host's own field of temporary damage) are the host's, not here.
 */
import { MODULE_ID } from "../base/constants.ts";
import { playerOwned } from "../documents/holds.ts";
import type { CreatureMark } from "../documents/marks.ts";
import { creatureMark, markData, marksIn, nextStamp, outColdByGM, temporaryByGM } from "../documents/marks.ts";
import { effectActive, effectsMeaning } from "../documents/statuses.ts";
import { conditionEffect } from "./apply.ts";
import { noticeOnce, REPAIR } from "./hold-guard.ts";
import { keepsTemporary, nextMark, storeFor, TEMPORARY } from "./marks.ts";
import { deletion } from "../world/compat.ts";

function isActiveGM(): boolean {
  return game.users.activeGM?.isSelf === true;
}

function isGMUser(userId: string | undefined): boolean {
  return game.users.get(userId ?? "")?.isGM === true;
}

function userName(userId: string | undefined): string {
  return game.users.get(userId ?? "")?.name ?? "?";
}

/** Sends one entry on its own (a GM's hand, a combat's handed on). */
async function keep(actor: Actor.Implementation, change: { t?: number; o?: CreatureMark["o"] }): Promise<void> {
  const store = storeFor(actor, []);
  if (store) await store.update(markData(nextMark(actor, change)) as never, REPAIR as never);
}

/** Whether the options are the guard's own repair, from a GM (a player's options prove nothing). */
function repairBy(options: unknown, userId: string | undefined): boolean {
  const o = (options as Record<string, unknown> | undefined)?.[MODULE_ID];
  return isGMUser(userId) && typeof o === "object" && o !== null && (o as Record<string, unknown>).repair === true;
}

/**
 * Whether a GM's write is the module's own clean-up rather than the GM's hand: a repair, or a
 * removal the module tells as its own (a condition whose combat's clock is gone, hold-guard.ts
 * `removeEffects`; a clock a player forged makes one of those too).
 */
function moduleOwn(options: unknown, userId: string | undefined): boolean {
  const o = (options as Record<string, unknown> | undefined)?.[MODULE_ID] as Record<string, unknown> | null | undefined;
  return isGMUser(userId) && typeof o === "object" && o !== null && (o.repair === true || o.pairHandled === true);
}

/**
 * A creature's Unconscious effect removed, switched off or changed: by a player (or by the
 * module's own clean-up of an effect a player changed) while the GM's writes say it is out cold,
 * it is put back and the GM told; by a GM's hand, the GM woke it, and the entry follows.
 */
export async function onOutColdTouched(actor: Actor.Implementation, userId: string | undefined, options: unknown): Promise<void> {
  if (!isActiveGM() || !playerOwned(actor) || !fromUuidSync(actor.uuid as never)) return;
  if (!outColdByGM(actor)) return;
  if (isGMUser(userId) && !moduleOwn(options, userId)) {
    if (!effectsMeaning(actor, "unconscious").some((e) => effectActive(e))) await keep(actor, { o: null });
    return;
  }
  if ((await putBackOutCold(actor)) && !isGMUser(userId)) noticeOnce(userId, "WC.Guard.outCold", { user: userName(userId), name: actor.name ?? "?" });
}

/**
 * The Unconscious effect as the GM's writes left it: the module's own switched on with its clock
 * (the combat timing it, or none), else made again at a fresh id. An Unconscious of another's
 * making (the host's, a GM's by hand) that is on will do. Whether anything was written.
 */
async function putBackOutCold(actor: Actor.Implementation): Promise<boolean> {
  const c = creatureMark(actor)?.o?.c;
  const shown = effectsMeaning(actor, "unconscious");
  const own = shown.find((e) => e.getFlag(MODULE_ID, "condition") === "unconscious");
  try {
    if (own) {
      if (effectActive(own) && own.getFlag(MODULE_ID, "clock") === c) return false;
      const clock = c ? { [`flags.${MODULE_ID}.clock`]: c } : Object.fromEntries([deletion(`flags.${MODULE_ID}`, "clock")]);
      await own.update({ disabled: false, ...clock } as never, REPAIR as never);
      return true;
    }
    if (shown.some((e) => effectActive(e))) return false;
    const data = conditionEffect("unconscious", foundry.utils.randomID());
    const flags = data.flags as Record<string, Record<string, unknown>>;
    const made = c ? { ...data, flags: { ...flags, [MODULE_ID]: { ...(flags[MODULE_ID] ?? {}), clock: c } } } : data;
    await actor.createEmbeddedDocuments("ActiveEffect", [made] as never, { keepId: true, ...REPAIR } as never);
    return true;
  } catch {
    // Changed again meanwhile: the next change is looked at again.
    return false;
  }
}

/**
 * When a GM's tab starts (a player may change their creature while no GM is connected): every
 * player's creature the GM's writes left out cold shows it again, and the module's temporary
 * damage on it is the GM's value again. The rules read the GM's entries meanwhile.
 */
export async function sweepMarks(): Promise<void> {
  if (!isActiveGM()) return;
  const actors = new Map<string, Actor.Implementation>();
  for (const scene of game.scenes) for (const t of scene.tokens) if (t.actor) actors.set(t.actor.uuid, t.actor as Actor.Implementation);
  for (const a of game.actors) actors.set(a.uuid, a as Actor.Implementation);
  for (const actor of actors.values()) {
    if (!playerOwned(actor)) continue;
    if (outColdByGM(actor)) await putBackOutCold(actor);
    const kept = temporaryByGM(actor);
    if (kept !== null && temporaryDiffers(actor)) await actor.update({ [TEMPORARY]: kept } as never, REPAIR as never).catch(() => undefined);
  }
}

/** A GM's own hand made an Unconscious effect on a player's creature (the token HUD's status): the GM's word, kept. */
export async function onUnconsciousMadeByGM(actor: Actor.Implementation): Promise<void> {
  if (!isActiveGM() || !playerOwned(actor) || outColdByGM(actor)) return;
  if (!effectsMeaning(actor, "unconscious").some((e) => effectActive(e))) return;
  await keep(actor, { o: {} });
}

/**
 * A creature's data changed: the module's temporary damage on it, where it differs from the GM's
 * value, is put back (a player's change; the GM told once per player and round) or taken as the
 * GM's word (a GM's own hand).
 */
/** Whether the module's temporary damage on this player's creature differs from the GM's value (a cheap look before any work is queued). */
export function temporaryDiffers(actor: Actor.Implementation): boolean {
  if (!playerOwned(actor) || !keepsTemporary(actor)) return false;
  const kept = temporaryByGM(actor);
  return kept !== null && (actor.getFlag(MODULE_ID, "temporary") as unknown) !== kept;
}

export async function onActorChanged(actor: Actor.Implementation, userId: string | undefined, options: unknown): Promise<void> {
  if (!isActiveGM() || repairBy(options, userId) || !playerOwned(actor) || !keepsTemporary(actor) || !fromUuidSync(actor.uuid as never)) return;
  const kept = temporaryByGM(actor) ?? undefined;
  const raw = actor.getFlag(MODULE_ID, "temporary") as unknown;
  const now = typeof raw === "number" && Number.isFinite(raw) ? raw : undefined;
  if (isGMUser(userId)) {
    if (now !== undefined && now >= 0 && now !== kept) await keep(actor, { t: Math.round(now) });
    return;
  }
  if (kept === undefined || now === kept) return;
  try {
    await actor.update({ [TEMPORARY]: kept } as never, REPAIR as never);
  } catch {
    return;
  }
  noticeOnce(userId, "WC.Guard.temporary", { user: userName(userId), name: actor.name ?? "?" });
}

/** A combat deleted: its entries handed to its creatures' scene, where newer than the scene's (one update). */
export async function keepMarksOfCombat(combat: Combat.Implementation): Promise<void> {
  if (!isActiveGM()) return;
  const entries = [...marksIn(combat).values()];
  if (entries.length === 0) return;
  const scene = [...combat.combatants].map((c) => c.token?.parent as Scene.Implementation | null | undefined).find((sc) => sc && game.scenes.has(sc.id ?? ""));
  if (!scene) return;
  const data: Record<string, unknown> = {};
  for (const m of entries) {
    const best = creatureMark(fromUuidSync(m.a as never) as Actor.Implementation | null);
    if (best && best.s > m.s) continue;
    Object.assign(data, markData({ ...m, s: nextStamp(m.a) }));
  }
  if (Object.keys(data).length > 0) await scene.update(data as never, REPAIR as never);
}
