/**
 * Keeping holds whole and true, on the active GM's client.
 *
 * - The truth of a hold is the ledger (documents/ledger.ts), which only a GM can write. The two
 *   effects of a hold are its projection: whoever changes, switches off, re-flags, rewrites or
 *   removes one, the creature's hold effects are rebuilt from the ledger (`rebuild`), one
 *   request per creature, and the GM told once per player and round; an effect claiming to be a
 *   hold that the ledger does not name is removed.
 * - A half a GM removes by hand ends that hold (out of the ledger, its twin removed); a token,
 *   combatant or combat gone takes its holds out of the ledger, and their halves follow.
 * - An effect a player makes with the module's condition flags (which the module only ever
 *   writes from a GM's tab) is removed, and the GM is told.
 * - A condition whose clock a combat kept (stunned for so many segments, out cold for so many
 *   rounds) ends when that clock is gone with its combatant or combat.
 * - When a GM's tab starts, every creature is rebuilt from the ledger (`sweep`).
 *
 * Every function here is a piece of the GM's work (the hooks queue them: hooks/cleanup.ts).
 */
import { MODULE_ID, STATUS } from "../base/constants.ts";
import { notify } from "../base/i18n.ts";
import { tabState } from "../base/tab.ts";
import type { StoredHold } from "../base/types.ts";
import { tokenByUuid } from "../documents/cast.ts";
import { combatTimers } from "../documents/combat-state.ts";
import { clockStillRuns, effectUuid, holdHalfData, storedHold } from "../documents/holds.ts";
import type { Kept, LedgerStore } from "../documents/ledger.ts";
import { dropData, keptHold, ledgerEntries, liftOf, stands } from "../documents/ledger.ts";
import { deletion, modifyBatch, untimedDuration } from "../world/compat.ts";
import { isModuleEffect, PAIR_HANDLED } from "./apply.ts";
import { migrateToLedger } from "./ledger-migration.ts";
import { gmWork } from "./queue.ts";

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

/**
 * Creatures whose hold effects wait to be rebuilt, and who changed them: however many effects
 * one request touches, the creature is rebuilt once, in one piece of the GM's work.
 */
function pending(): { actors: Map<string, Actor.Implementation>; by: Map<string, Set<string>>; queued: boolean } {
  return tabState("guard-pending", () => ({ actors: new Map<string, Actor.Implementation>(), by: new Map<string, Set<string>>(), queued: false }));
}

/** Asks for this creature's hold effects to be rebuilt from the ledger (coalesced: one piece of work for all asked meanwhile). */
export function scheduleRebuild(actor: Actor.Implementation, userId: string | undefined): void {
  if (!isActiveGM()) return;
  const p = pending();
  p.actors.set(actor.uuid, actor);
  const by = p.by.get(actor.uuid) ?? new Set<string>();
  if (userId) by.add(userId);
  p.by.set(actor.uuid, by);
  if (p.queued) return;
  p.queued = true;
  void gmWork(async () => {
    const actors = [...p.actors.values()];
    const who = new Map(p.by);
    p.actors.clear();
    p.by.clear();
    p.queued = false;
    await rebuild(actors, who);
  }).catch((e: unknown) => console.error("weaponless-combat | rebuilding holds failed", e));
}

/** Whether this user is a GM. */
function isGMUser(userId: string | undefined): boolean {
  return game.users.get(userId ?? "")?.isGM === true;
}

/** Whether the module's own pair removal is told in these options, by a GM (a player's options prove nothing). */
export function pairHandledBy(options: unknown, userId: string | undefined): boolean {
  const o = (options as Record<string, unknown> | undefined)?.[MODULE_ID];
  return isGMUser(userId) && typeof o === "object" && o !== null && (o as Record<string, unknown>).pairHandled === true;
}

/** Whether an effect claims to be a hold half: the module's hold flag (in any shape) or its held or holding status. */
export function claimsHold(effect: ActiveEffect.Implementation): boolean {
  const f = (effect.flags as Record<string, Record<string, unknown> | undefined> | undefined)?.[MODULE_ID];
  return (f !== undefined && f !== null && typeof f === "object" && "hold" in f) || effect.statuses.has(STATUS.held) || effect.statuses.has(STATUS.holding);
}

interface Expected {
  readonly kept: Kept;
  readonly role: StoredHold["role"];
}

/** The halves the ledger says this actor carries: every kept hold naming it, whose creatures are both on the map. */
function expectedOn(actor: Actor.Implementation): Expected[] {
  const out: Expected[] = [];
  for (const k of ledgerEntries()) {
    if (!stands(k)) continue;
    if (k.hold.heldActor === actor.uuid) out.push({ kept: k, role: "held" });
    if (k.hold.holderActor === actor.uuid && k.hold.holderActor !== k.hold.heldActor) out.push({ kept: k, role: "holder" });
  }
  return out;
}

/** A half as the ledger says it is: the fields the module gives it, its hold flag and combat. */
function projected(x: Expected): { fields: Record<string, unknown>; hold: StoredHold; combat: string | undefined } | null {
  const h = x.kept.hold;
  const otherRole = x.role === "held" ? "holder" : "held";
  const other = tokenByUuid(otherRole === "held" ? h.record.heldId : h.record.holderId)?.actor as Actor.Implementation | null | undefined;
  if (!other) return null;
  const made = holdHalfData(h.record, x.role, other, h.variant, h.card);
  const fields = Object.fromEntries(Object.entries(made).filter(([k]) => k !== "_id" && k !== "flags" && k !== "duration" && k !== "start"));
  const twinId = otherRole === "held" ? h.heldEffect : h.holderEffect;
  const hold: StoredHold = { record: h.record, role: x.role, twinUuid: effectUuid(other, twinId), variant: h.variant, card: h.card };
  return { fields, hold, combat: h.combat };
}

/** Whether an effect is the half exactly as the ledger projects it. */
function isExactly(e: ActiveEffect.Implementation, p: NonNullable<ReturnType<typeof projected>>): boolean {
  const own = storedHold(e);
  if (!own || own.role !== p.hold.role || own.variant !== p.hold.variant || JSON.stringify(own.record) !== JSON.stringify(p.hold.record)) return false;
  if (e.getFlag(MODULE_ID, "combat") !== p.combat || e.disabled === true) return false;
  const statuses = (p.fields.statuses as string[] | undefined) ?? [];
  if (e.statuses.size !== statuses.length || !statuses.every((st) => e.statuses.has(st))) return false;
  const changes = (e as unknown as { changes?: unknown[] }).changes;
  if (Array.isArray(changes) && changes.length > 0) return false;
  return e.name === p.fields.name && e.img === p.fields.img && (e as unknown as { origin?: unknown }).origin === p.fields.origin;
}

interface Rebuild {
  readonly actor: Actor.Implementation;
  readonly deletes: string[];
  readonly updates: Array<Record<string, unknown>>;
  readonly creates: Array<Record<string, unknown>>;
}

/**
 * What makes this actor's hold effects the ledger's projection: a half changed in any field is
 * written back as the ledger has it; a half gone is made again at a fresh id (whatever stands at
 * its old one); an effect claiming to be a hold that the ledger does not name (or a second copy
 * of one it does) is removed.
 */
export function rebuildOf(actor: Actor.Implementation): Rebuild {
  const out: Rebuild = { actor, deletes: [], updates: [], creates: [] };
  const used = new Set<string>();
  const effects = [...actor.effects];
  for (const x of expectedOn(actor)) {
    const p = projected(x);
    if (!p) continue;
    const ownId = x.role === "held" ? x.kept.hold.heldEffect : x.kept.hold.holderEffect;
    const candidates = effects.filter((e) => {
      if (used.has(e.id ?? "")) return false;
      const h = storedHold(e);
      return h ? h.record.id === x.kept.hold.record.id && h.role === x.role : e.id === ownId && claimsHold(e);
    });
    const exact = candidates.find((e) => isExactly(e, p));
    if (exact) {
      used.add(exact.id ?? "");
      continue;
    }
    const fix = candidates.find((e) => e.id === ownId) ?? candidates[0];
    const flags = { [`flags.${MODULE_ID}.hold`]: p.hold, ...(p.combat ? { [`flags.${MODULE_ID}.combat`]: p.combat } : {}) };
    if (fix) {
      used.add(fix.id ?? "");
      const extra = p.combat === undefined && fix.getFlag(MODULE_ID, "combat") !== undefined ? Object.fromEntries([deletion(`flags.${MODULE_ID}`, "combat")]) : {};
      out.updates.push({ _id: fix.id, ...p.fields, changes: [], ...flags, ...extra });
    } else {
      // A fresh id: nothing a player put at the old one (or will put there) stops it.
      out.creates.push({ _id: foundry.utils.randomID(), ...p.fields, ...untimedDuration(), flags: { [MODULE_ID]: { hold: p.hold, ...(p.combat ? { combat: p.combat } : {}) } } });
    }
  }
  for (const e of effects) if (!used.has(e.id ?? "") && claimsHold(e)) out.deletes.push(e.id ?? "");
  return out;
}

/** Whether a rebuild writes anything. */
function writes(r: Rebuild): boolean {
  return r.deletes.length + r.updates.length + r.creates.length > 0;
}

/** Sends one actor's rebuild: one request (v14's batch), else one per kind of write. */
async function sendRebuild(r: Rebuild): Promise<void> {
  const ops: Array<Record<string, unknown>> = [];
  if (r.deletes.length > 0) ops.push({ action: "delete", documentName: "ActiveEffect", parent: r.actor, ids: r.deletes, ...REPAIR });
  if (r.updates.length > 0) ops.push({ action: "update", documentName: "ActiveEffect", parent: r.actor, updates: r.updates, ...REPAIR });
  if (r.creates.length > 0) ops.push({ action: "create", documentName: "ActiveEffect", parent: r.actor, data: r.creates, keepId: true, ...REPAIR });
  const batch = modifyBatch();
  if (batch && ops.length > 1) {
    try {
      await batch(ops);
      return;
    } catch {
      // One kind at a time below.
    }
  }
  if (r.deletes.length > 0) await quietly(() => r.actor.deleteEmbeddedDocuments("ActiveEffect", r.deletes.filter((id) => r.actor.effects.has(id)), REPAIR as never));
  if (r.updates.length > 0) await quietly(() => r.actor.updateEmbeddedDocuments("ActiveEffect", r.updates.filter((u) => r.actor.effects.has(String(u._id))) as never, REPAIR as never));
  if (r.creates.length > 0) await quietly(() => r.actor.createEmbeddedDocuments("ActiveEffect", r.creates as never, { keepId: true, ...REPAIR } as never));
}

/** The GM is told once per player and round (a flood of edits is one notice). */
export function noticeOnce(userId: string | undefined, key: string, params: Record<string, string | number>): void {
  const round = game.combat?.started ? `${game.combat.id ?? ""}@${game.combat.round ?? 0}` : "-";
  const told = tabState("guard-told", () => new Set<string>());
  const k = `${userId ?? ""}|${round}`;
  if (told.has(k)) return;
  told.add(k);
  notify("warn", key, params);
}

/**
 * Makes these actors' hold effects the ledger's projection, one actor at a time, and tells the GM
 * (once per player and round) what a player's change cost: only what is truly put right is said.
 */
export async function rebuild(actors: Iterable<Actor.Implementation>, by: ReadonlyMap<string, ReadonlySet<string>> = new Map()): Promise<void> {
  if (!isActiveGM()) return;
  for (const actor of actors) {
    if (!fromUuidSync(actor.uuid as never)) continue;
    const r = rebuildOf(actor);
    if (!writes(r)) continue;
    await sendRebuild(r);
    const after = rebuildOf(actor);
    const players = [...(by.get(actor.uuid) ?? [])].filter((u) => !isGMUser(u));
    if (writes(after) || players.length === 0) continue;
    for (const u of players) {
      if (r.creates.length + r.updates.length > 0) noticeOnce(u, "WC.Guard.halfChanged", { user: userName(u), name: actor.name ?? "?", effect: String(r.updates[0]?.name ?? r.creates[0]?.name ?? "") });
      else noticeOnce(u, "WC.Guard.effectsMade", { user: userName(u), name: actor.name ?? "?", n: r.deletes.length });
    }
  }
}

/**
 * Whether a half just made stands beside another of the same hold and role on its creature: two
 * GM tabs' rebuilds can both make one (a tab that closed with its write still on the way, and the
 * tab that took over, which could not see it yet), each at a fresh id, so neither collides.
 */
export function madeTwice(effect: ActiveEffect.Implementation): boolean {
  const own = storedHold(effect);
  const actor = effect.parent as Actor.Implementation | null;
  if (!own || !actor) return false;
  return [...actor.effects].some((e) => e.id !== effect.id && storedHold(e)?.record.id === own.record.id && storedHold(e)?.role === own.role);
}

/** Whether the ledger names this actor in a hold. */
export function inLedger(actor: Actor.Implementation | null | undefined): boolean {
  if (!actor) return false;
  return ledgerEntries().some((k) => k.hold.heldActor === actor.uuid || k.hold.holderActor === actor.uuid);
}

/**
 * A GM removed a half by hand (not the module's own removal): that hold ends, in the ledger and
 * on the other creature.
 */
export async function onHalfDeletedByGM(effect: ActiveEffect.Implementation): Promise<void> {
  if (!isActiveGM()) return;
  const own = storedHold(effect);
  const actor = effect.parent as Actor.Implementation | null;
  if (!own || !actor) return;
  const kept = keptHold(own.record.id);
  if (!kept || (own.role === "held" ? kept.hold.heldActor : kept.hold.holderActor) !== actor.uuid) return;
  await quietly(() => kept.store.update(dropData(kept.key) as never));
  const others = [kept.hold.heldActor, kept.hold.holderActor].map((u) => fromUuidSync(u as never) as Actor.Implementation | null).filter((a): a is Actor.Implementation => !!a);
  await rebuild(others);
}

/**
 * A player changed the module's own flags on their token (the mark of a creature lifted off the
 * ground, which the rules read for its pace in the air, and where a fall ends): only the GM's side
 * writes those, and the rules read the mark from the ledger; the token's own is put back as the
 * ledger keeps it (anything else the player wrote there taken off), and the GM told once per
 * player and round.
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
  // The lift-off mark is put back as the ledger keeps it (taken off, a fall would not happen); the rest goes.
  const mark = liftOf(token);
  const now = (token.flags as Record<string, Record<string, unknown> | undefined> | undefined)?.[MODULE_ID]?.aloft as { ground?: unknown; by?: unknown } | null | undefined;
  const markRight = mark !== null && now !== null && now !== undefined && now.ground === mark.ground && now.by === mark.by;
  const changes = Object.fromEntries(keys.filter((k) => k !== "aloft" || !markRight).map((k) => (k === "aloft" && mark ? [`flags.${MODULE_ID}.aloft`, mark] : deletion(`flags.${MODULE_ID}`, k))));
  if (Object.keys(changes).length === 0) return;
  await quietly(() => token.update(changes as never, REPAIR as never));
  noticeOnce(userId, "WC.Guard.tokenFlags", { user: userName(userId), name: token.name ?? "?" });
}

/**
 * Effects players made (one request may make many) with the module's condition flags (which the
 * module only ever writes from a GM's tab): removed, one request per creature, and the GM told
 * once per player and creature. Hold halves are the ledger's to judge (`rebuild`).
 */
export async function onEffectsCreated(made: ReadonlyArray<{ effect: ActiveEffect.Implementation; userId: string | undefined }>): Promise<void> {
  if (!isActiveGM()) return;
  const forged = new Map<string, { actor: Actor.Implementation; userId: string | undefined; ids: string[]; names: string[] }>();
  for (const { effect, userId } of made) {
    if (isGMUser(userId)) continue;
    // Judged as it is now: gone is gone.
    const actor = effect.parent as Actor.Implementation | null;
    if (!actor?.effects.get(effect.id ?? "") || claimsHold(effect) || !isModuleEffect(effect as unknown as { flags?: unknown })) continue;
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

/** A player changed an effect that is no hold half: one made into a condition of the module's is removed. */
export async function onEffectUpdated(effect: ActiveEffect.Implementation, userId: string | undefined): Promise<void> {
  if (!isActiveGM() || isGMUser(userId)) return;
  const actor = effect.parent as Actor.Implementation | null;
  if (!actor?.effects.get(effect.id ?? "") || claimsHold(effect)) return;
  if (isModuleEffect(effect as unknown as { flags?: unknown })) await removeForged(effect, userId);
}

async function removeForged(effect: ActiveEffect.Implementation, userId: string | undefined): Promise<void> {
  await quietly(() => effect.delete(REPAIR as never));
  notify("warn", "WC.Guard.effectMade", { user: userName(userId), name: (effect.parent as Actor.Implementation | null)?.name ?? "?", effect: effect.name ?? "" });
}

/**
 * Ends every hold that involves any of these creatures (their tokens deleted, or taken out of
 * the fight by a GM): out of the ledger (one write per store), then each creature still there
 * rebuilt from it, which takes their halves away.
 */
export async function onTokensGone(tokens: readonly TokenDocument.Implementation[]): Promise<void> {
  if (!isActiveGM() || tokens.length === 0) return;
  const gone = new Set(tokens.map((t) => t.uuid));
  const byStore = new Map<LedgerStore, string[]>();
  const actors = new Set<string>();
  for (const k of ledgerEntries()) {
    if (!gone.has(k.hold.record.heldId) && !gone.has(k.hold.record.holderId)) continue;
    byStore.set(k.store, [...(byStore.get(k.store) ?? []), k.key]);
    actors.add(k.hold.heldActor);
    actors.add(k.hold.holderActor);
  }
  for (const [store, keys] of byStore) await quietly(() => store.update(Object.assign({}, ...keys.map((key) => dropData(key))) as never));
  // The creatures themselves while they are still there (a combat's holds left with its flags).
  for (const t of tokens) {
    const a = t.parent?.tokens.has(t.id ?? "") === true || t.actorLink ? (t.actor as Actor.Implementation | null) : null;
    if (a) actors.add(a.uuid);
  }
  const live = [...actors].map((u) => fromUuidSync(u as never) as Actor.Implementation | null).filter((a): a is Actor.Implementation => !!a);
  await rebuild(live);
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
 * no GM is connected): every creature's hold effects are rebuilt from the ledger (a hold the
 * ledger does not keep is no hold; one it keeps is whole again, whatever a player did to its
 * halves meanwhile); a hold whose creatures are gone leaves the ledger; a timed condition whose
 * combat is gone or left ends.
 */
export async function sweep(): Promise<void> {
  if (!isActiveGM()) return;
  const byStore = new Map<LedgerStore, string[]>();
  for (const k of ledgerEntries()) if (!stands(k)) byStore.set(k.store, [...(byStore.get(k.store) ?? []), k.key]);
  for (const [store, keys] of byStore) await quietly(() => store.update(Object.assign({}, ...keys.map((key) => dropData(key))) as never));
  const actors = new Map<string, Actor.Implementation>();
  for (const scene of game.scenes) for (const t of scene.tokens) if (t.actor) actors.set(t.actor.uuid, t.actor as Actor.Implementation);
  for (const a of game.actors) actors.set(a.uuid, a as Actor.Implementation);
  await migrateToLedger(actors.values());
  await rebuild(actors.values());
  const ending: Array<{ actor: Actor.Implementation; ids: string[] }> = [];
  for (const actor of actors.values()) {
    const ids = [...actor.effects].filter((e) => !storedHold(e) && !clockStillRuns(e.getFlag(MODULE_ID, "clock"), actor.uuid)).map((e) => e.id ?? "");
    if (ids.length > 0) ending.push({ actor, ids });
  }
  await removeEffects(ending);
}
