/**
 * Applying a result: turns the core's Consequences into document writes, gathered per actor
 * (its effects to create, change and remove, and one data update), records what it takes to
 * undo them, and hands them to the batched document layer (writes.ts). Which request carries
 * them, and when the card says what, is the card pipeline's business (cards/pipeline.ts).
 *
 * What is written is only ever what the module writes: the creatures' hit points and temporary
 * damage, its own marks, its own effects (hold halves, conditions) and its tokens' places. An
 * undo record is cut down to exactly that before it is used, whoever wrote the card.
 */
import type { Consequences, HoldRecord } from "../../rules/index.ts";
import { addDamage, RULES_VARIANTS } from "../../rules/index.ts";
import { damageUpdate, readLedger, temporaryPath } from "../documents/actors.ts";
import { hitPointPaths } from "../documents/creature.ts";
import { MODULE_ID, STATUS } from "../base/constants.ts";
import { clockStillRuns, holdEffectPair, holdEffects, holdFitsItsCombat, holdHalfData, parseHold, storedHold } from "../documents/holds.ts";
import { keptHold } from "../documents/ledger.ts";
import { temporaryByGM } from "../documents/marks.ts";
import { notify } from "../base/i18n.ts";
import { stableId } from "../base/ids.ts";
import type { StatusKey } from "../documents/statuses.ts";
import { effectsMeaning, hostEffectData, statusFor, statusIcon, statusName } from "../documents/statuses.ts";
import { untimedDuration } from "../world/compat.ts";
import type { CastMember } from "../documents/cast.ts";
import { tokenByUuid } from "../documents/cast.ts";
import type { TemporaryCorrection, UndoRecord, VariantId } from "../base/types.ts";
import type { ActorWrite, WriteProblem, WriteSet } from "./writes.ts";
import { fieldMin, writeAll } from "./writes.ts";
import type { TokenWrite } from "../map/aloft.ts";
import { liftWrites, markTokenWrites } from "../map/aloft.ts";

/**
 * The effect a condition is shown by: the host's own status effect where it has one (as the host
 * itself would make it), else the module's. The module keeps the clock of timed conditions
 * itself (on the combat) and gives the effect no core duration, so v14's own expiry never fights
 * it and no stored effect relies on one version's duration shape.
 */
export function conditionEffect(key: StatusKey, id: string, origin?: string): Record<string, unknown> {
  const host = hostEffectData(key) ?? {};
  const statuses = [...new Set([...((host.statuses as string[] | undefined) ?? []), statusFor(key)])];
  const flags = { ...((host.flags as Record<string, unknown> | undefined) ?? {}), [MODULE_ID]: { condition: key } };
  return { name: statusName(key), img: statusIcon(key), ...host, ...untimedDuration(), _id: id, statuses, transfer: false, flags, ...(origin ? { origin } : {}) };
}

/**
 * Who a grappled creature is grappled by, for the effect's `origin` (the core field naming where
 * an effect comes from; dnd5e reads it back as the effect's source, and modules applying the 2024
 * grappled rule look there for the grappler): the creature holding it, else (a holder the rules
 * also call grappled) the one it holds, from the holds standing after this result. None when it
 * is in no hold.
 */
export function grapplerOf(id: string, holds: readonly HoldRecord[]): string | undefined {
  return holds.find((h) => h.heldId === id && h.holderId !== id)?.holderId ?? holds.find((h) => h.holderId === id && h.heldId !== id)?.heldId;
}

/** Marks deletions that already take both halves of a hold, for the clean-up hook. */
export const PAIR_HANDLED = { [MODULE_ID]: { pairHandled: true } } as const;

interface ActorWrites {
  readonly actor: Actor.Implementation;
  readonly creates: Array<Record<string, unknown>>;
  readonly deletes: string[];
  readonly effectUpdates: Array<Record<string, unknown>>;
  update: Record<string, unknown>;
}

/** How many applied-result marks an actor keeps (enough to recognise a result met again). */
const MARKS_KEPT = 30;

const MARKS = `flags.${MODULE_ID}.applied`;
const TEMPORARY = `flags.${MODULE_ID}.temporary`;

export interface Plan {
  /** The card this plan belongs to: written with each actor update, so a resumed plan skips it. */
  readonly markId: string;
  readonly writes: ActorWrites[];
  readonly established: HoldRecord[];
  readonly broken: HoldRecord[];
  readonly overborne: string[];
  /** Tokens to move (creatures lifted off the ground), sent with the actors' data. */
  readonly tokens: TokenWrite[];
}

/** What of a result concerns only these creatures (the others' tokens are gone, or have left the fight). */
export function among(c: Consequences, ids: ReadonlySet<string>): Consequences {
  return {
    ...c,
    holdsAdded: c.holdsAdded.filter((h) => ids.has(h.heldId) && ids.has(h.holderId)),
    damage: c.damage.filter((d) => ids.has(d.targetId)),
    conditions: c.conditions.filter((x) => ids.has(x.targetId)),
  };
}

export function planConsequences(
  c: Consequences,
  cast: readonly CastMember[],
  holdsKnown: readonly HoldRecord[],
  variant: VariantId,
  requestId: string,
  holdsUpdated: readonly HoldRecord[] = [],
  /** The combat the result happens in: its holds and timed conditions carry its id, so they can be found when it is gone. */
  combatId?: string,
): Plan {
  const byId = new Map(cast.map((m) => [m.id, m.actor]));
  const writes = new Map<string, ActorWrites>();
  const w = (actor: Actor.Implementation): ActorWrites => {
    let x = writes.get(actor.uuid);
    if (!x) {
      x = { actor, creates: [], deletes: [], effectUpdates: [], update: {} };
      writes.set(actor.uuid, x);
    }
    return x;
  };
  const actorOf = (id: string): Actor.Implementation => {
    const a = byId.get(id);
    if (!a) throw new Error(`${MODULE_ID}: ${id} is not part of this action`);
    return a;
  };

  const stamped = (data: Record<string, unknown>, key: "combat" | "clock"): Record<string, unknown> => {
    if (!combatId) return data;
    const flags = (data.flags ?? {}) as Record<string, Record<string, unknown>>;
    return { ...data, flags: { ...flags, [MODULE_ID]: { ...(flags[MODULE_ID] ?? {}), [key]: combatId } } };
  };
  // A result written after one of the two left the combat it happened in (a card applied late)
  // makes no hold there, as the hold would have ended with the leaving; no timed condition either.
  const fits = (h: HoldRecord) => !combatId || holdFitsItsCombat(combatId, h.heldId, h.holderId);
  // Nor a hold another card has made since under the same id (two waiting cards of the same two,
  // applied one after the other): the one there stands, ledger and halves alike. A hold the rules
  // replace under its own id is in the same consequences' removals.
  const removed = new Set(c.holdsRemoved);
  const madeByAnother = (h: HoldRecord) => {
    const kept = keptHold(h.id);
    return kept !== undefined && kept.hold.card !== requestId && !removed.has(h.id);
  };
  const holdsAdded = c.holdsAdded.filter((h) => fits(h) && !madeByAnother(h));
  for (const h of holdsAdded) {
    const [held, holder] = holdEffectPair(h, actorOf(h.heldId), actorOf(h.holderId), variant, requestId);
    w(held.actor).creates.push(stamped(held.data, "combat"));
    w(holder.actor).creates.push(stamped(holder.data, "combat"));
  }
  for (const { actor, effect } of holdEffects(cast.map((m) => m.actor), removed)) if (effect.id) w(actor).deletes.push(effect.id);
  const changed = new Map(holdsUpdated.filter((h) => !removed.has(h.id)).map((h) => [h.id, h]));
  for (const { actor, effect } of holdEffects(cast.map((m) => m.actor), new Set(changed.keys()))) {
    const hold = effect.getFlag(MODULE_ID, "hold");
    const record = hold ? changed.get(hold.record.id) : undefined;
    if (effect.id && record) w(actor).effectUpdates.push({ _id: effect.id, [`flags.${MODULE_ID}.hold.record`]: record });
  }

  // Damage per creature, summed, then one update; an unconscious result sets the status.
  const dmg = new Map<string, { actual: number; temporary: number }>();
  for (const d of c.damage) {
    const cur = dmg.get(d.targetId) ?? { actual: 0, temporary: 0 };
    dmg.set(d.targetId, { actual: cur.actual + d.actual, temporary: cur.temporary + d.temporary });
  }
  const conditions = [...c.conditions];
  for (const [id, d] of dmg) {
    const actor = actorOf(id);
    Object.assign(w(actor).update, damageUpdate(actor, d.actual, d.temporary));
    // What the damage makes of the creature is the variant's call (out cold, subdued, ...).
    const ledger = readLedger(actor);
    const after = ledger ? RULES_VARIANTS[variant]?.conditionAfterDamage(addDamage(ledger, d)) : null;
    if (after && !conditions.some((x) => x.targetId === id && x.condition === after.condition)) {
      conditions.push({ targetId: id, condition: after.condition, active: true, ...(after.rounds !== undefined ? { rounds: after.rounds } : {}) });
    }
  }

  // The holds as they stand after this result: a grappled creature's effect names its grappler.
  const standing = [...holdsKnown.filter((h) => !removed.has(h.id)).map((h) => changed.get(h.id) ?? h), ...holdsAdded.filter((h) => !holdsKnown.some((k) => k.id === h.id))];
  const originOf = (id: string): string | undefined => {
    const other = grapplerOf(id, standing);
    return other ? (byId.get(other) ?? (tokenByUuid(other)?.actor as Actor.Implementation | null | undefined))?.uuid : undefined;
  };
  for (const x of conditions) {
    const actor = actorOf(x.targetId);
    const has = effectsMeaning(actor, x.condition);
    const timed = x.rounds !== undefined || x.segments !== undefined;
    const effect = conditionEffect(x.condition, stableId(`${requestId}|${x.condition}|${x.targetId}`), x.condition === "grappled" && x.active ? originOf(x.targetId) : undefined);
    if (x.active && timed && combatId && !clockStillRuns(combatId, actor.uuid)) continue;
    if (x.active && has.length === 0) w(actor).creates.push(timed ? stamped(effect, "clock") : effect);
    // The module's own effect of that condition, made earlier, is now timed by this combat too.
    if (x.active && timed && combatId) {
      for (const e of has) if (e.id && e.getFlag(MODULE_ID, "condition") !== undefined && e.getFlag(MODULE_ID, "clock") !== combatId) w(actor).effectUpdates.push({ _id: e.id, [`flags.${MODULE_ID}.clock`]: combatId });
    }
    if (!x.active) for (const e of has) if (e.id) w(actor).deletes.push(e.id);
  }

  // The mark goes with each actor's update, in the same write as the damage it records.
  for (const x of writes.values()) {
    if (Object.keys(x.update).length === 0) continue;
    const marks = x.actor.getFlag(MODULE_ID, "applied") ?? [];
    x.update[`flags.${MODULE_ID}.applied`] = [...marks.filter((m) => m !== requestId), requestId].slice(-MARKS_KEPT);
  }
  const broken = holdsKnown.filter((h) => removed.has(h.id));
  const overborne = c.conditions.filter((x) => x.condition === "prone" && x.active).map((x) => x.targetId);
  return { markId: requestId, writes: [...writes.values()], established: holdsAdded, broken, overborne, tokens: liftWrites(c.lifts ?? [], requestId) };
}

/** The value at a path of the actor's as the GM's tab knows it: the module's temporary damage as the GM's writes left it (documents/marks.ts). */
function valueAt(actor: Actor.Implementation, path: string): unknown {
  if (path === TEMPORARY) return temporaryByGM(actor) ?? foundry.utils.getProperty(actor, path);
  return foundry.utils.getProperty(actor, path);
}

/** The value the host will keep when `next` is written at `path`: held at the field's floor where the schema says. */
function keptValue(actor: Actor.Implementation, path: string, next: number): number {
  const min = path === hitPointPaths(actor).value ? fieldMin(actor, path) : undefined;
  return min !== undefined && next < min ? min : next;
}

/**
 * The undo record for a plan, taken before it is carried out. Where the host holds a number at
 * its floor (dnd5e's 0 hit points), what undoing adds back is what will really be taken.
 */
export function undoFor(plan: Plan): UndoRecord[] {
  const tokens = plan.tokens.map((t): UndoRecord => {
    const restore: Record<string, unknown> = {};
    for (const path of Object.keys(t.changes)) restore[path] = foundry.utils.getProperty(t.token, path) ?? null;
    return { actorUuid: (t.token.actor as Actor.Implementation | null)?.uuid ?? "", restore: {}, created: [], deleted: [], token: { uuid: t.token.uuid, restore } };
  });
  return [
    ...tokens,
    ...plan.writes.map((x) => {
      const restore: Record<string, unknown> = {};
      // A number that was never set (no temporary damage yet) goes back to 0.
      const shift: Record<string, number> = {};
      for (const [path, next] of Object.entries(x.update)) {
        const before = valueAt(x.actor, path) ?? (typeof next === "number" ? 0 : null);
        restore[path] = before;
        if (typeof next === "number" && typeof before === "number") shift[path] = before - keptValue(x.actor, path, next);
      }
      const deleted = x.deletes.map((id) => x.actor.effects.get(id)?.toObject() as Record<string, unknown> | undefined).filter((d): d is Record<string, unknown> => d !== undefined);
      return { actorUuid: x.actor.uuid, restore, shift, ...(MARKS in x.update ? { mark: plan.markId } : {}), created: x.creates.map((d) => String(d._id)), deleted };
    }),
  ];
}

/**
 * The undo records as the writes turned out: where the host held a number other than the one the
 * record foresaw (a floor the schema does not state), what undoing adds back is what was taken.
 * Null: nothing differs (no second request).
 */
export function undoAsWritten(records: readonly UndoRecord[]): UndoRecord[] | null {
  let changed = false;
  const out = records.map((r) => {
    const actor = fromUuidSync(r.actorUuid as never) as Actor.Implementation | null;
    if (!actor || !r.shift) return r;
    const shift = { ...r.shift };
    for (const [path, s] of Object.entries(r.shift)) {
      const before = r.restore[path];
      const now = foundry.utils.getProperty(actor, path);
      if (typeof before !== "number" || typeof now !== "number" || before - now === s) continue;
      shift[path] = before - now;
      changed = true;
    }
    return { ...r, shift };
  });
  return changed ? out : null;
}

type OurFlags = { hold?: unknown; condition?: unknown; combat?: unknown; clock?: unknown };

function ourFlagsOf(data: { flags?: unknown } | null | undefined): OurFlags | undefined {
  const f = (data?.flags as Record<string, OurFlags | undefined> | undefined)?.[MODULE_ID];
  return f && typeof f === "object" ? f : undefined;
}

/** Whether effect data is one the module makes: a hold half, or a condition it set. */
export function isModuleEffect(data: { flags?: unknown } | null | undefined): boolean {
  const f = ourFlagsOf(data);
  return parseHold(f?.hold) !== undefined || typeof f?.condition === "string";
}

/** Whether an effect on the actor is the very one a plan would create (the same half of the same hold, the same condition). */
function sameEffect(e: ActiveEffect.Implementation, data: Record<string, unknown>): boolean {
  const want = ourFlagsOf(data);
  const has = ourFlagsOf(e as unknown as { flags?: unknown });
  const wantHold = parseHold(want?.hold);
  const hasHold = parseHold(has?.hold);
  if (wantHold || hasHold) return !!wantHold && !!hasHold && wantHold.record.id === hasHold.record.id && wantHold.role === hasHold.role;
  const statuses = Array.isArray(data.statuses) ? (data.statuses as string[]) : [];
  return has?.condition === want?.condition && statuses.every((st) => e.statuses.has(st));
}

/**
 * How an effect a plan creates stands on the actor: "absent"; "there" (it is, by its id or, should
 * a server have given it another id, by what it is); or "squatted": something else sits at its id
 * (a player made an effect there on their own creature first), which is removed before ours is made.
 * An effect the same writes remove (`leaving`) is not there: a hold the rules replace under its
 * own id (grapple die's change of hold) is the old half going and the new one coming.
 */
function placeOf(actor: Actor.Implementation, data: Record<string, unknown>, leaving: ReadonlySet<string> = new Set<string>()): "absent" | "there" | "squatted" {
  const id = typeof data._id === "string" ? data._id : "";
  const at = id ? actor.effects.get(id) : undefined;
  if (at) return sameEffect(at, data) ? "there" : "squatted";
  const hold = parseHold(ourFlagsOf(data)?.hold);
  for (const e of actor.effects) {
    if (leaving.has(e.id ?? "")) continue;
    const h = storedHold(e);
    if (hold && h && h.record.id === hold.record.id && h.role === hold.role) return "there";
    const statuses = Array.isArray(data.statuses) ? (data.statuses as string[]) : [];
    if (!hold && !h && statuses.length > 0 && statuses.every((st) => e.statuses.has(st))) return "there";
  }
  return "absent";
}

export interface PlanWrites {
  readonly set: WriteSet;
  /** Ends the pre-move check's pass for the plan's token moves (call when the writes are done). */
  readonly done: () => void;
}

/** The actors that carry a plan's mark before it is written: a mark there then is no sign of this plan's writes. */
export function markedBefore(plan: Plan): ReadonlySet<string> {
  return new Set(plan.writes.filter((x) => (x.actor.getFlag(MODULE_ID, "applied") ?? []).includes(plan.markId)).map((x) => x.actor.uuid));
}

/**
 * A plan as the writes to send now. `resume`: the plan is being finished after its tab closed
 * mid-write (or after a batch that did not land whole), so an actor whose update already carries
 * the plan's mark is not updated again. A first run believes no mark (a player could have put one
 * on their own creature beforehand), and neither does a resume on the actors in `unbelieved`
 * (those that carried the mark before the first try).
 */
export function writesOf(plan: Plan, resume = false, unbelieved: ReadonlySet<string> = new Set<string>()): PlanWrites {
  const actors: ActorWrite[] = plan.writes.map((x) => {
    const leaving = new Set(x.deletes);
    const places = x.creates.map((d) => ({ d, place: placeOf(x.actor, d, leaving) }));
    const squatters = places.filter((p) => p.place === "squatted").map((p) => String(p.d._id));
    if (squatters.length > 0) console.warn(`${MODULE_ID} | effects stood where the module's go on ${x.actor.name ?? x.actor.uuid}; removed first`, squatters);
    return {
      actor: x.actor,
      clears: squatters,
      creates: places.filter((p) => p.place !== "there").map((p) => p.d),
      holds: x.creates,
      updates: x.effectUpdates.filter((u) => typeof u._id === "string" && x.actor.effects.has(u._id)),
      // Both halves of a pair are removed here, so the twin clean-up hook is told to stand aside.
      deletes: [...new Set(x.deletes)].filter((id) => x.actor.effects.has(id)),
      deleteOptions: PAIR_HANDLED,
      data: resume && !unbelieved.has(x.actor.uuid) && (x.actor.getFlag(MODULE_ID, "applied") ?? []).includes(plan.markId) ? {} : x.update,
      hpPath: hitPointPaths(x.actor).value,
    };
  });
  return { set: { actors, tokens: plan.tokens }, done: markTokenWrites(plan.tokens) };
}

/** Whether a plan changes any document (a miss changes none; a lift-off moves tokens only). */
export function writesSomething(plan: Plan): boolean {
  return plan.tokens.length > 0 || plan.writes.some((w) => w.creates.length + w.deletes.length + w.effectUpdates.length > 0 || Object.keys(w.update).length > 0);
}

/**
 * Carries a plan out in steps (where one request cannot carry it). Safe to run again after an
 * interruption: effects already present are not made twice, effects already gone are not deleted
 * again, and (resuming) an actor whose update already carries this plan's mark is not updated
 * again; every value written is absolute, so writing one twice changes nothing. `stillValid` is
 * asked before each wave, so a plan for a combat deleted meanwhile stops ("cancelled").
 */
export async function carryOut(plan: Plan, stillValid?: () => boolean, resume = false, more: Pick<WriteSet, "combats"> = {}, unbelieved: ReadonlySet<string> = new Set<string>()): Promise<"done" | "cancelled"> {
  const w = writesOf(plan, resume, unbelieved);
  const result = await writeAll({ ...w.set, ...more }, stillValid).finally(w.done);
  reportProblems(result.problems);
  return result.outcome;
}

/** The GM hears of any value the host refused (hit points below its floor). */
export function reportProblems(problems: readonly WriteProblem[]): void {
  if (problems.length === 0 || !game.user.isGM) return;
  for (const p of problems) {
    const actor = fromUuidSync(p.actorUuid as never) as { name?: string } | null;
    notify("warn", "WC.Refuse.hostRefused", { name: actor?.name ?? p.actorUuid, path: p.path, wanted: String(p.wanted), written: p.written === null ? "-" : String(p.written) });
  }
}

/** The paths an undo may write on an actor: what the module writes there, and nothing else. */
function undoPaths(actor: Actor.Implementation): Set<string> {
  const hp = hitPointPaths(actor);
  return new Set([hp.value, MARKS, TEMPORARY, ...(hp.temporary ? [hp.temporary] : [])]);
}

const TOKEN_PATHS = /^(x|y|elevation|flags\.weaponless-combat\.[A-Za-z]+)$/;

/**
 * An undo record cut down to what the module itself writes: on an actor, hit points, temporary
 * damage and its marks (numbers and a list of ids); effects made or put back only when they are
 * the module's own (a hold half, a condition it set); on a token, its place, elevation and the
 * module's own token flags. Even a GM's card carries no more.
 */
export function sanitizeUndo(r: UndoRecord, actor: Actor.Implementation | null): UndoRecord {
  const token = r.token && typeof r.token.uuid === "string" ? { uuid: r.token.uuid, restore: Object.fromEntries(Object.entries(r.token.restore ?? {}).filter(([k, v]) => TOKEN_PATHS.test(k) && (v === null || typeof v === "number" || typeof v === "object"))) } : undefined;
  if (!actor) return { actorUuid: r.actorUuid, restore: {}, created: [], deleted: [], ...(token ? { token } : {}) };
  const allowed = undoPaths(actor);
  // The marks as they were (null: the actor had none yet), so that the undo takes its own mark off.
  const restore = Object.fromEntries(
    Object.entries(r.restore ?? {}).filter(([k, v]) => allowed.has(k) && (k === MARKS ? v === null || (Array.isArray(v) && v.every((m) => typeof m === "string")) : typeof v === "number" || v === null)),
  );
  const shift = Object.fromEntries(Object.entries(r.shift ?? {}).filter(([k, v]) => allowed.has(k) && k !== MARKS && typeof v === "number" && Number.isFinite(v)));
  const created = (Array.isArray(r.created) ? r.created : []).filter((id) => typeof id === "string" && isModuleEffect(actor.effects.get(id) as unknown as { flags?: unknown }));
  const deleted = (Array.isArray(r.deleted) ? r.deleted : []).flatMap((d) => {
    const made = typeof d === "object" && d !== null && typeof d._id === "string" && isModuleEffect(d) ? madeAgain(d) : null;
    return made ? [made] : [];
  });
  return { actorUuid: r.actorUuid, restore, shift, ...(typeof r.mark === "string" ? { mark: r.mark } : {}), created, deleted, ...(token ? { token } : {}) };
}

/**
 * A removed effect of the module's as the module makes it again on Undo: from its own flags
 * alone (a hold half from its hold record, a condition from its condition), at the same id.
 * Nothing else the effect carried when it was removed (another module's flags, a name or changes
 * a player gave their creature's effect) comes back with it, but a grappled condition's grappler
 * (its `origin`, an actor still there).
 */
function madeAgain(d: Record<string, unknown>): Record<string, unknown> | null {
  const ours = ourFlagsOf(d);
  const id = d._id as string;
  const hold = parseHold(ours?.hold);
  if (hold) {
    const other = tokenByUuid(hold.role === "held" ? hold.record.holderId : hold.record.heldId)?.actor as Actor.Implementation | null | undefined;
    if (!other) return null;
    const data = holdHalfData(hold.record, hold.role, other, hold.variant as VariantId, "");
    const flags: Record<string, unknown> = { hold };
    if (typeof ours?.combat === "string") flags.combat = ours.combat;
    return { ...data, _id: id, flags: { [MODULE_ID]: flags } };
  }
  const condition = ours?.condition;
  if (typeof condition !== "string" || !(condition in STATUS)) return null;
  // A grappled creature's grappler comes back with it, while that creature is still there.
  const origin = condition === "grappled" && typeof d.origin === "string" ? (fromUuidSync(d.origin as never) as { documentName?: string } | null) : null;
  const data = conditionEffect(condition as StatusKey, id, origin?.documentName === "Actor" ? (d.origin as string) : undefined);
  if (typeof ours?.clock !== "string") return data;
  const flags = (data.flags ?? {}) as Record<string, Record<string, unknown>>;
  return { ...data, flags: { ...flags, [MODULE_ID]: { ...(flags[MODULE_ID] ?? {}), clock: ours.clock } } };
}

/** The data that takes a result back: numbers by what it changed, its mark off, the rest as they were. */
function undoData(r: UndoRecord, actor: Actor.Implementation): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  // Its mark gone from the actor: this share was taken back already (an undo run again after its
  // tab closed mid-write).
  if (r.mark !== undefined && !((actor.getFlag(MODULE_ID, "applied") ?? []) as string[]).includes(r.mark)) return data;
  for (const [path, before] of Object.entries(r.restore)) {
    const now = valueAt(actor, path);
    const shift = r.shift?.[path];
    if (path === MARKS && r.mark !== undefined) data[path] = (Array.isArray(now) ? (now as string[]) : []).filter((m) => m !== r.mark);
    else if (shift !== undefined && typeof now === "number") data[path] = path === TEMPORARY || path === hitPointPaths(actor).temporary ? Math.max(0, now + shift) : now + shift;
    else data[path] = before;
  }
  return data;
}

/**
 * The writes that take a result back. What it changed is undone by its own share (a later result
 * on the same creature keeps its damage), and a hold it ended comes back only with both halves,
 * when both creatures are still there.
 */
export function undoWrites(raw: readonly UndoRecord[]): PlanWrites {
  const records = raw.map((r) => sanitizeUndo(r, r.token ? null : (fromUuidSync(r.actorUuid as never) as Actor.Implementation | null)));
  const tokens = records.flatMap((r): TokenWrite[] => {
    const token = r.token ? tokenByUuid(r.token.uuid) : null;
    return token && r.token ? [{ token, changes: r.token.restore }] : [];
  });
  const actors = records.filter((r) => !r.token).map((r) => ({ r, actor: fromUuidSync(r.actorUuid as never) as Actor.Implementation | null })).filter((x): x is { r: UndoRecord; actor: Actor.Implementation } => x.actor !== null);
  const ours = (d: Record<string, unknown>) => ourFlagsOf(d) as { hold?: unknown; combat?: string; clock?: string } | undefined;
  const remade = (d: Record<string, unknown>) => parseHold(ours(d)?.hold);
  // The halves of ended holds that can come back: the twin comes back too, or is there.
  // A half whose hold is there again under the same id (a new grapple between the same two since:
  // ids come from the round) stays gone: bringing it back would make that half twice. What this
  // undo removes (the result's own new hold, which may carry the old one's id) does not count.
  const removing = new Set(actors.flatMap(({ r }) => r.created));
  const live = new Set(
    actors.flatMap(({ actor }) =>
      [...actor.effects]
        .filter((e) => !removing.has(e.id ?? ""))
        .map((e) => storedHold(e))
        .filter((h) => h !== undefined)
        .map((h) => `${h.record.id}|${h.role}`),
    ),
  );
  const back = new Set(
    actors
      .flatMap(({ r, actor }) => r.deleted.filter((d) => typeof d._id === "string" && !actor.effects.has(d._id)).map((d) => remade(d)))
      .filter((h) => h !== undefined)
      .map((h) => `${h.record.id}|${h.role}`)
      .filter((key) => !live.has(key)),
  );
  const whole = (d: Record<string, unknown>, actor: Actor.Implementation) => {
    const h = remade(d);
    // A condition a combat timed comes back only while that clock still runs.
    if (!h) return clockStillRuns(ours(d)?.clock, actor.uuid);
    // Both creatures still on the scene (a linked one's actor outlives its token), the twin too,
    // and, for a hold made in a combat, that combat with both of them still in it.
    return back.has(`${h.record.id}|${h.role === "held" ? "holder" : "held"}`) && tokenByUuid(h.record.heldId) !== null && tokenByUuid(h.record.holderId) !== null && holdFitsItsCombat(ours(d)?.combat, h.record.heldId, h.record.holderId);
  };
  return {
    set: {
      actors: actors.map(({ r, actor }) => ({
        actor,
        creates: r.deleted.filter((d) => typeof d._id === "string" && !actor.effects.has(d._id) && whole(d, actor)),
        updates: [],
        deletes: r.created.filter((id) => actor.effects.has(id)),
        deleteOptions: PAIR_HANDLED,
        data: undoData(r, actor),
        hpPath: hitPointPaths(actor).value,
      })),
      tokens,
    },
    done: markTokenWrites(tokens),
  };
}

/** The most creatures one correction of temporary damage names (a card names a handful). */
export const MAX_CORRECTIONS = 50;

/**
 * A GM's corrections of temporary damage from the wire: each a creature's token and a whole
 * number from 0 up; anything else refused. Null: not a list of corrections.
 */
export function validCorrections(raw: unknown): TemporaryCorrection[] | null {
  if (!Array.isArray(raw) || raw.length > MAX_CORRECTIONS) return null;
  const out: TemporaryCorrection[] = [];
  for (const c of raw as unknown[]) {
    const r = c as Partial<TemporaryCorrection> | null;
    if (!r || typeof r.uuid !== "string" || r.uuid.length > 200 || typeof r.value !== "number" || !Number.isInteger(r.value) || r.value < 0 || r.value > 100_000) return null;
    out.push({ uuid: r.uuid, value: r.value });
  }
  return out;
}

/** Writes a GM's corrections of temporary damage (the numbers the GM set), every creature in as few requests as allowed. Must run as the GM's work. */
export async function correctTemporary(corrections: readonly TemporaryCorrection[]): Promise<void> {
  const writes: ActorWrite[] = [];
  for (const c of corrections) {
    const actor = tokenByUuid(c.uuid)?.actor as Actor.Implementation | null | undefined;
    if (actor) writes.push({ actor, creates: [], updates: [], deletes: [], data: { [temporaryPath(actor)]: c.value } });
  }
  if (writes.length > 0) await writeAll(writes);
}
