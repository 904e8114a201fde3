/**
 * The document layer: every server request the module makes for a result goes through here,
 * batched into as few requests as Foundry allows, because every awaited document call is a
 * round trip that every player waits on.
 *
 * - v14 (from build 362): the whole result in one `foundry.documents.modifyBatch` request
 *   (`writeAsOne`: the effects, the actors' and tokens' data, the combat's notes, then the card's
 *   creation or its new state, and last a request card's removal). A batch is all or nothing only
 *   up to its dry run: an operation that fails after every dry run passed leaves the ones before it
 *   written (foundryvtt#14174), and whether a batch cancelled on its way rejects or resolves with
 *   nothing written is not documented (C-46). So the card goes last, and after the batch it is read
 *   back: only a card standing in its new state says the batch landed (everything before it is
 *   written). Otherwise the separate requests below are sent, skipping what is there already.
 * - Otherwise, in two waves. First the effects: one create (`keepId`, so an id that exists is
 *   refused rather than made twice), one update and one delete call per actor, never inline in
 *   an actor update; one actor's calls in sequence (simultaneous embedded writes to one parent
 *   can drop some), different actors' together. Then the data: all world actors in one
 *   `Actor.updateDocuments`, and all unlinked tokens' actors of a scene in one
 *   `updateEmbeddedDocuments("Token", [{_id, delta}])` (a synthetic actor's data is its token's
 *   ActorDelta), so the count does not grow with the number of creatures hit.
 *
 * A value the host will not take (hit points below a system's floor) must not lose the rest of
 * the update: hit points are held at the field's minimum where the system's schema states one;
 * and if a batch still fails, each actor is written alone, then with hit points at 0, then
 * without them.
 */
import { modifyBatch } from "../world/compat.ts";
import type { TokenChange } from "../map/aloft.ts";
import { withLedger } from "./ledger.ts";
import { canonicalJson } from "../base/canonical.ts";

/** A chat message written in the same request as the rest (v14's batch): a card, or a request card taken away. */
export type MessageWrite =
  | { readonly action: "create"; readonly data: Record<string, unknown> }
  | { readonly action: "update"; readonly id: string; readonly changes: Record<string, unknown> }
  | { readonly action: "delete"; readonly id: string };

/** The module's notes on a combat (its flags), sent with the rest. */
export interface CombatWrite {
  readonly combat: Combat.Implementation;
  readonly changes: Record<string, unknown>;
}

/** The ledger's changes on a scene (holds outside a combat: gm/ledger.ts), sent with the rest. */
export interface SceneWrite {
  readonly scene: Scene.Implementation;
  readonly changes: Record<string, unknown>;
}

/** Everything one step of a card writes. */
export interface WriteSet {
  readonly actors: readonly ActorWrite[];
  readonly tokens?: readonly TokenChange[];
  readonly combats?: readonly CombatWrite[];
  readonly scenes?: readonly SceneWrite[];
  /** Only in one batch (writeAsOne): messages created or changed after the rest, then messages removed. */
  readonly messages?: readonly MessageWrite[];
  /** The ledger's changes are in `combats` and `scenes` already (cards/pipeline.ts names its card there too). */
  readonly ledgered?: boolean;
}


export interface ActorWrite {
  readonly actor: Actor.Implementation;
  /** Effects removed before anything is made: what squatted an id the module's effect needs. */
  readonly clears?: readonly string[];
  readonly creates: ReadonlyArray<Record<string, unknown>>;
  /** Every effect the result stands for, made now or there already: the ledger keeps its holds (gm/ledger.ts). */
  readonly holds?: ReadonlyArray<Record<string, unknown>>;
  readonly updates: ReadonlyArray<Record<string, unknown>>;
  readonly deletes: readonly string[];
  /** Options for the deletion (the hold-pair clean-up is told to stand aside). */
  readonly deleteOptions?: Record<string, unknown>;
  /** The actor's data update (dotted keys); empty for none. */
  readonly data: Record<string, unknown>;
  /** Where `data` writes hit points, so a refused value can be held or left out. */
  readonly hpPath?: string;
}

/** A value the host would not take, and what was written instead (null: left out). */
export interface WriteProblem {
  readonly actorUuid: string;
  readonly path: string;
  readonly wanted: unknown;
  readonly written: unknown;
}

interface ActorClass {
  updateDocuments(updates: Array<Record<string, unknown>>, operation?: Record<string, unknown>): Promise<unknown>;
}

function actorClass(): ActorClass {
  return (CONFIG.Actor as unknown as { documentClass: ActorClass }).documentClass;
}

/** An unlinked token's actor: its data lives in the token's ActorDelta. */
function tokenOf(actor: Actor.Implementation): TokenDocument.Implementation | null {
  const a = actor as unknown as { isToken?: boolean; token?: TokenDocument.Implementation | null };
  return a.isToken && a.token ? a.token : null;
}

/** The lowest value the system's data model allows at a path, where it says. */
export function fieldMin(actor: Actor.Implementation, path: string): number | undefined {
  if (!path.startsWith("system.")) return undefined;
  const schema = (actor.system as unknown as { schema?: { getField?: (p: string) => { min?: unknown } | undefined } } | undefined)?.schema;
  const min = schema?.getField?.(path.slice("system.".length))?.min;
  return typeof min === "number" ? min : undefined;
}

/** The data to send: hit points held at the field's minimum, noting what was wanted. */
function heldToFloor(w: ActorWrite, problems: WriteProblem[]): Record<string, unknown> {
  if (!w.hpPath || !(w.hpPath in w.data)) return w.data;
  const hp = w.data[w.hpPath];
  const min = fieldMin(w.actor, w.hpPath);
  if (typeof hp !== "number" || min === undefined || hp >= min) return w.data;
  problems.push({ actorUuid: w.actor.uuid, path: w.hpPath, wanted: hp, written: min });
  return { ...w.data, [w.hpPath]: min };
}

/** Writes one actor's data alone, stepping down until the host takes it. */
async function writeOne(w: ActorWrite, data: Record<string, unknown>, problems: WriteProblem[]): Promise<void> {
  try {
    await w.actor.update(data);
    return;
  } catch (e) {
    if (!w.hpPath || !(w.hpPath in data)) throw e;
  }
  const path = w.hpPath;
  const hp = data[path];
  if (typeof hp === "number" && hp < 0) {
    try {
      await w.actor.update({ ...data, [path]: 0 });
      problems.push({ actorUuid: w.actor.uuid, path, wanted: hp, written: 0 });
      return;
    } catch {
      // Leave hit points out.
    }
  }
  const rest = { ...data };
  delete rest[path];
  if (Object.keys(rest).length > 0) await w.actor.update(rest);
  problems.push({ actorUuid: w.actor.uuid, path, wanted: hp, written: null });
}

/** Prefixes an actor update's keys for its token's delta. */
function asDelta(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) out[`delta.${k}`] = v;
  return out;
}

interface DataRequest {
  readonly op: Record<string, unknown>;
  run(): Promise<unknown>;
  readonly members: ReadonlyArray<{ readonly write: ActorWrite; readonly data: Record<string, unknown> }>;
  /** The tokens' own changes alone, should the whole request be refused. */
  readonly tokensAlone?: () => Promise<unknown>;
}

/**
 * The data requests: one for the world's actors, one per scene for unlinked tokens' actors and
 * the tokens' own changes together.
 */
function dataRequests(writes: readonly ActorWrite[], problems: WriteProblem[], tokens: readonly TokenChange[] = []): DataRequest[] {
  const todo = writes.filter((w) => Object.keys(w.data).length > 0).map((w) => ({ write: w, data: heldToFloor(w, problems) }));
  const world = todo.filter((m) => !tokenOf(m.write.actor));
  const byScene = new Map<Scene.Implementation, typeof todo>();
  for (const m of todo) {
    const scene = tokenOf(m.write.actor)?.parent as Scene.Implementation | null | undefined;
    if (scene) byScene.set(scene, [...(byScene.get(scene) ?? []), m]);
  }
  const out: DataRequest[] = [];
  if (world.length > 0) {
    const updates = world.map((m) => ({ _id: m.write.actor.id, ...m.data }));
    out.push({ op: { action: "update", documentName: "Actor", updates }, run: () => actorClass().updateDocuments(updates), members: world });
  }
  const own = new Map<Scene.Implementation, TokenChange[]>();
  for (const t of tokens) {
    const scene = t.token.parent as Scene.Implementation | null;
    if (!scene) continue;
    own.set(scene, [...(own.get(scene) ?? []), t]);
    if (!byScene.has(scene)) byScene.set(scene, []);
  }
  for (const [scene, members] of byScene) {
    const byId = new Map<string, Record<string, unknown>>();
    for (const m of members) byId.set(tokenOf(m.write.actor)?.id ?? "", { ...asDelta(m.data) });
    for (const t of own.get(scene) ?? []) byId.set(t.token.id ?? "", { ...(byId.get(t.token.id ?? "") ?? {}), ...t.changes });
    const updates = [...byId].map(([id, u]) => ({ _id: id, ...u }));
    const alone = (own.get(scene) ?? []).map((t) => ({ _id: t.token.id, ...t.changes }));
    const options = movementOptions(own.get(scene) ?? []);
    out.push({
      op: { action: "update", documentName: "Token", parent: scene, updates, ...options },
      run: () => scene.updateEmbeddedDocuments("Token", updates as never, options as never),
      members,
      ...(alone.length > 0 ? { tokensAlone: () => scene.updateEmbeddedDocuments("Token", alone as never, options as never) } : {}),
    });
  }
  return out;
}

/**
 * The movement instructions of token moves that name their action (a creature brought along moves
 * with the module's "dragged" action): `movement` keyed by token id, each move one waypoint, as an
 * update's options carry them (C-62, C-113). Empty where no move names one.
 */
function movementOptions(tokens: readonly TokenChange[]): Record<string, unknown> {
  const movement: Record<string, unknown> = {};
  for (const t of tokens) {
    const c = t.changes;
    if (!t.action || typeof c.x !== "number" || typeof c.y !== "number") continue;
    movement[t.token.id ?? ""] = { waypoints: [{ x: c.x, y: c.y, elevation: typeof c.elevation === "number" ? c.elevation : (t.token.elevation ?? 0), action: t.action }], method: "api" };
  }
  return Object.keys(movement).length > 0 ? { movement } : {};
}

function effectOps(w: ActorWrite): Array<Record<string, unknown>> {
  const ops: Array<Record<string, unknown>> = [];
  if ((w.clears ?? []).length > 0) ops.push({ action: "delete", documentName: "ActiveEffect", parent: w.actor, ids: [...(w.clears ?? [])], ...(w.deleteOptions ?? {}) });
  if (w.creates.length > 0) ops.push({ action: "create", documentName: "ActiveEffect", parent: w.actor, data: w.creates, keepId: true });
  if (w.updates.length > 0) ops.push({ action: "update", documentName: "ActiveEffect", parent: w.actor, updates: w.updates });
  if (w.deletes.length > 0) ops.push({ action: "delete", documentName: "ActiveEffect", parent: w.actor, ids: [...w.deletes], ...(w.deleteOptions ?? {}) });
  return ops;
}

/**
 * One actor's effect writes, one after the other. The effects' ids are fixed by the result, so a
 * creation refused because an id exists already (or a deletion because one is gone) means that
 * part was written by another request that landed meanwhile (a closed tab's last one): the rest
 * is sent again, and a request with nothing left to do is done.
 */
async function writeEffectsOf(w: ActorWrite): Promise<void> {
  const has = (id: unknown) => typeof id === "string" && w.actor.effects.has(id);
  const clears = (w.clears ?? []).filter((id) => has(id));
  if (clears.length > 0) await w.actor.deleteEmbeddedDocuments("ActiveEffect", clears, (w.deleteOptions ?? {}) as never);
  const again = async (all: readonly unknown[], left: readonly unknown[], send: () => Promise<unknown>, error: unknown) => {
    if (left.length === all.length) throw error;
    if (left.length > 0) await send();
  };
  if (w.creates.length > 0) {
    try {
      await w.actor.createEmbeddedDocuments("ActiveEffect", w.creates as never, { keepId: true });
    } catch (e) {
      const left = w.creates.filter((d) => !has(d._id));
      await again(w.creates, left, () => w.actor.createEmbeddedDocuments("ActiveEffect", left as never, { keepId: true }), e);
    }
  }
  const updates = w.updates.filter((u) => has(u._id));
  if (updates.length > 0) await w.actor.updateEmbeddedDocuments("ActiveEffect", updates as never);
  if (w.deletes.length > 0) {
    try {
      await w.actor.deleteEmbeddedDocuments("ActiveEffect", [...w.deletes], (w.deleteOptions ?? {}) as never);
    } catch (e) {
      const left = w.deletes.filter((id) => has(id));
      await again(w.deletes, left, () => w.actor.deleteEmbeddedDocuments("ActiveEffect", left, (w.deleteOptions ?? {}) as never), e);
    }
  }
}

/** Whether an actor can still be written: an unlinked token's actor goes with its token. */
function stillThere(actor: Actor.Implementation): boolean {
  return fromUuidSync(actor.uuid as never) !== null;
}

/**
 * Waits for every actor's calls; a failure throws, unless its actor is gone (its token deleted
 * meanwhile): what was due to a creature that is no more is not written, and the others' is.
 */
async function settleAll(writes: readonly ActorWrite[], call: (w: ActorWrite) => Promise<unknown>): Promise<void> {
  const settled = await Promise.allSettled(writes.map(call));
  const failed = settled.find((s, i): s is PromiseRejectedResult => s.status === "rejected" && stillThere((writes[i] as ActorWrite).actor));
  if (failed) throw failed.reason;
}

export interface WriteResult {
  readonly outcome: "done" | "cancelled";
  readonly problems: WriteProblem[];
}

/** A combat's notes, where the combat is still there (the GM ended the fight meanwhile: nothing to note). */
async function writeCombats(combats: readonly CombatWrite[]): Promise<void> {
  for (const c of combats) {
    if (!game.combats.has(c.combat.id ?? "")) continue;
    try {
      await c.combat.update(c.changes as never);
    } catch (e) {
      if (game.combats.has(c.combat.id ?? "")) throw e;
    }
  }
}

function combatOps(combats: readonly CombatWrite[], scenes: readonly SceneWrite[] = []): Array<Record<string, unknown>> {
  const live = combats.filter((c) => game.combats.has(c.combat.id ?? ""));
  const liveScenes = scenes.filter((s) => game.scenes.has(s.scene.id ?? ""));
  return [
    ...(live.length > 0 ? [{ action: "update", documentName: "Combat", updates: live.map((c) => ({ _id: c.combat.id, ...c.changes })) }] : []),
    ...(liveScenes.length > 0 ? [{ action: "update", documentName: "Scene", updates: liveScenes.map((s) => ({ _id: s.scene.id, ...s.changes })) }] : []),
  ];
}

/** The ledger's notes on scenes, where the scene is still there. */
async function writeScenes(scenes: readonly SceneWrite[]): Promise<void> {
  for (const s of scenes) {
    if (!game.scenes.has(s.scene.id ?? "")) continue;
    try {
      await s.scene.update(s.changes as never);
    } catch (e) {
      if (game.scenes.has(s.scene.id ?? "")) throw e;
    }
  }
}

function messageOps(messages: readonly MessageWrite[], when: "first" | "last"): Array<Record<string, unknown>> {
  return messages
    .filter((m) => (m.action === "delete") === (when === "last"))
    .map((m) =>
      m.action === "create"
        ? { action: "create", documentName: "ChatMessage", data: [m.data], keepId: true }
        : m.action === "update"
          ? { action: "update", documentName: "ChatMessage", updates: [{ _id: m.id, ...m.changes }] }
          : { action: "delete", documentName: "ChatMessage", ids: [m.id] },
    );
}

interface DocumentClass {
  updateDocuments(updates: Array<Record<string, unknown>>, operation?: Record<string, unknown>): Promise<unknown>;
}

/**
 * One operation sent as an ordinary request: a batch of one is one round trip either way, and
 * this needs nothing of the newer batch API.
 */
async function sendAlone(op: Record<string, unknown>): Promise<void> {
  const { action, documentName, parent, data, updates, ids, ...options } = op as Record<string, unknown> & { action: string; documentName: string; parent?: unknown; data?: Array<Record<string, unknown>>; updates?: Array<Record<string, unknown>>; ids?: string[] };
  const embedded = parent as { createEmbeddedDocuments(n: string, d: unknown, o?: unknown): Promise<unknown>; updateEmbeddedDocuments(n: string, d: unknown, o?: unknown): Promise<unknown>; deleteEmbeddedDocuments(n: string, d: unknown, o?: unknown): Promise<unknown> } | undefined;
  if (embedded && (documentName === "ActiveEffect" || documentName === "Token")) {
    if (action === "create") await embedded.createEmbeddedDocuments(documentName, data ?? [], options);
    else if (action === "update") await embedded.updateEmbeddedDocuments(documentName, updates ?? [], options);
    else await embedded.deleteEmbeddedDocuments(documentName, ids ?? [], options);
    return;
  }
  if (documentName === "ChatMessage") {
    if (action === "create") await ChatMessage.create((data ?? [])[0] as never, { keepId: true });
    else if (action === "update") for (const u of updates ?? []) await game.messages.get(String(u._id))?.update(u as never);
    else for (const id of ids ?? []) await game.messages.get(id)?.delete();
    return;
  }
  if (documentName === "Combat" || documentName === "Scene") {
    for (const u of updates ?? []) {
      const rest = { ...u };
      delete rest._id;
      await (documentName === "Combat" ? game.combats : game.scenes).get(String(u._id))?.update(rest as never);
    }
    return;
  }
  const cls = (CONFIG as unknown as Record<string, { documentClass?: DocumentClass } | undefined>)[documentName]?.documentClass;
  if (action === "update" && cls) return void (await cls.updateDocuments(updates ?? [], options));
  throw new Error(`weaponless-combat: no way to send ${action} ${documentName} alone`);
}

/** The operations sent in one request: one alone, several as v14's batch. */
async function sendAsOne(batch: (ops: Array<Record<string, unknown>>) => Promise<unknown>, ops: Array<Record<string, unknown>>): Promise<void> {
  if (ops.length === 1 && ops[0]) await sendAlone(ops[0]);
  else await batch(ops);
}

/**
 * What became of one batch. "landed": read back, it stands (the card in its new state, so every
 * operation before it is written too). "steps": no batch on this build, or it threw, or it resolved
 * without the card in its new state; the caller writes in steps. `tried`: a batch was sent, so any
 * part of it before the operation that failed may stand (foundryvtt#14174): the steps skip what is
 * written already.
 */
export interface BatchOutcome {
  readonly sent: boolean;
  readonly tried: boolean;
  readonly problems: WriteProblem[];
}

/**
 * v14: everything in one request (a card with its writes). The card's creation or new state goes
 * after every other write and before a request card's removal, and `landed` reads it back after
 * the batch: only then is the batch "sent". A batch that throws or resolves with the card not in
 * its new state is not sent, whatever part of it stands, and the caller writes in steps.
 */
export async function writeAsOne(whole: WriteSet, landed: () => boolean): Promise<BatchOutcome> {
  const problems: WriteProblem[] = [];
  const batch = modifyBatch();
  if (!batch) return { sent: false, tried: false, problems };
  const set = whole.ledgered ? whole : withLedger(whole);
  const live = set.actors.filter((w) => stillThere(w.actor));
  const effects = live.filter((w) => w.creates.length + w.updates.length + w.deletes.length + (w.clears ?? []).length > 0);
  const data = dataRequests(live, problems, set.tokens ?? []);
  const messages = set.messages ?? [];
  // The ledger first (what a card will be, named before anything of it is written), then the
  // effects and data, the card, and last the request card's removal.
  const ops = [...combatOps(set.combats ?? [], set.scenes ?? []), ...effects.flatMap(effectOps), ...data.map((d) => d.op), ...messageOps(messages, "first"), ...messageOps(messages, "last")];
  if (ops.length === 0) return { sent: true, tried: false, problems };
  try {
    await sendAsOne(batch, ops);
  } catch (e) {
    // Read back all the same: an error in the last operation (a request card gone already) leaves the card written.
    console.warn("weaponless-combat | a batched write failed; reading back what stands", e);
  }
  if (landed()) return { sent: true, tried: true, problems };
  console.warn("weaponless-combat | a batched write did not land whole; sending the rest in steps");
  return { sent: false, tried: true, problems: [] };
}

/**
 * Carries out a step's writes but its messages (the caller sends those). `stillValid` is asked
 * before each wave (a round end whose combat is deleted meanwhile stops); in one v14 batch there
 * is only the one question.
 */
export async function writeAll(set: WriteSet | readonly ActorWrite[], stillValid: () => boolean = () => true): Promise<WriteResult> {
  const asSet = isSet(set) ? set : { actors: set };
  const { actors: writes, tokens = [], combats = [], scenes = [] } = asSet.ledgered ? asSet : withLedger(asSet);
  const problems: WriteProblem[] = [];
  if (!stillValid()) return { outcome: "cancelled", problems };
  const live = () => writes.filter((w) => stillThere(w.actor));
  const effects = live().filter((w) => w.creates.length + w.updates.length + w.deletes.length + (w.clears ?? []).length > 0);
  const batch = modifyBatch();
  if (batch) {
    const data = dataRequests(live(), problems, tokens);
    const ops = [...combatOps(combats, scenes), ...effects.flatMap(effectOps), ...data.map((d) => d.op)];
    if (ops.length === 0) return { outcome: "done", problems };
    try {
      await sendAsOne(batch, ops);
    } catch (e) {
      // Any part before the operation that failed may stand (foundryvtt#14174): the separate
      // requests below skip what is written already.
      console.warn("weaponless-combat | a batched write failed; sending the writes one kind at a time", e);
    }
    // Read back: a batch may also resolve with nothing written (C-46).
    if (readsBack(effects, data)) return { outcome: "done", problems };
    problems.length = 0;
  }
  await settleAll(effects, writeEffectsOf);
  if (!stillValid()) return { outcome: "cancelled", problems };
  const data = dataRequests(live(), problems, tokens);
  const failed = await Promise.allSettled(
    data.map(async (d) => {
      try {
        await d.run();
      } catch {
        // One refused value (or a token deleted meanwhile) fails the request: each actor alone,
        // so the others' changes stay.
        const members = d.members.filter((m) => stillThere(m.write.actor));
        const each = new Map(members.map((m) => [m.write, m.data]));
        await settleAll(
          members.map((m) => m.write),
          (w) => writeOne(w, each.get(w) ?? {}, problems),
        );
        if (d.tokensAlone) await d.tokensAlone();
      }
    }),
  );
  const thrown = failed.find((f): f is PromiseRejectedResult => f.status === "rejected");
  if (thrown) throw thrown.reason;
  await writeCombats(combats);
  await writeScenes(scenes);
  return { outcome: "done", problems };
}

/**
 * Whether a batch's writes read back as sent: the effects made are there, the effects removed are
 * gone, and the actors' plain values are the ones sent (hit points aside: a host may hold them).
 */
function readsBack(effects: readonly ActorWrite[], data: readonly DataRequest[]): boolean {
  for (const w of effects) {
    if (!stillThere(w.actor)) continue;
    if (w.creates.some((d) => typeof d._id === "string" && !w.actor.effects.has(d._id))) return false;
    if (w.deletes.some((id) => w.actor.effects.has(id))) return false;
    // An effect's update (a hold's record rewritten) reads back as sent, or the batch did not land.
    for (const u of w.updates) {
      const e = typeof u._id === "string" ? w.actor.effects.get(u._id) : undefined;
      if (!e) continue;
      for (const [k, v] of Object.entries(u)) if (k !== "_id" && canonicalJson(foundry.utils.getProperty(e, k)) !== canonicalJson(v)) return false;
    }
  }
  for (const d of data)
    for (const m of d.members) {
      if (!stillThere(m.write.actor)) continue;
      // An update that carries nothing readable back but hit points (which a host may hold) is
      // not believed: the module's mark list goes with every result's update, and is read back
      // as a whole; without one, the update is sent again (its values are absolute).
      let checked = false;
      for (const [k, v] of Object.entries(m.data)) {
        if (k === m.write.hpPath) continue;
        const now: unknown = foundry.utils.getProperty(m.write.actor, k);
        if (["number", "string", "boolean"].includes(typeof v)) {
          if (now !== v) return false;
          checked = true;
        } else if (Array.isArray(v)) {
          if (JSON.stringify(now) !== JSON.stringify(v)) return false;
          checked = true;
        }
      }
      if (!checked && Object.keys(m.data).length > 0) return false;
    }
  return true;
}

function isSet(set: WriteSet | readonly ActorWrite[]): set is WriteSet {
  return !Array.isArray(set);
}
