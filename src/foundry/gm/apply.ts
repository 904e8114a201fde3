/**
 * Applying a result: turns the core's Consequences into document writes, gathered per actor
 * (its effects to create, change and remove, and one data update), records what it takes to
 * undo them, and carries them out through the batched document layer (writes.ts).
 */
import type { Consequences, HoldRecord } from "../../rules/index.ts";
import { addDamage, RULES_VARIANTS } from "../../rules/index.ts";
import { damageUpdate, readLedger } from "../documents/actors.ts";
import { hitPointPaths } from "../documents/creature.ts";
import { MODULE_ID } from "../base/constants.ts";
import { clockStillRuns, holdEffectPair, holdEffects, holdFitsItsCombat, storedHold } from "../documents/holds.ts";
import { stableId } from "../base/ids.ts";
import type { StatusKey } from "../documents/statuses.ts";
import { effectsMeaning, hostEffectData, statusFor, statusIcon, statusName } from "../documents/statuses.ts";
import { untimedDuration } from "../world/compat.ts";
import { tokenByUuid } from "../documents/cast.ts";
import type { VariantId } from "../base/types.ts";
import type { WriteProblem } from "./writes.ts";
import { writeAll } from "./writes.ts";
import type { TokenWrite } from "../map/aloft.ts";
import { liftWrites, markTokenWrites } from "../map/aloft.ts";

/**
 * The effect a condition is shown by: the host's own status effect where it has one (as the host
 * itself would make it), else the module's. The module keeps the clock of timed conditions
 * itself (on the combat) and gives the effect no core duration, so v14's own expiry never fights
 * it and no stored effect relies on one version's duration shape.
 */
export function conditionEffect(key: StatusKey, id: string): Record<string, unknown> {
  const host = hostEffectData(key) ?? {};
  const statuses = [...new Set([...((host.statuses as string[] | undefined) ?? []), statusFor(key)])];
  const flags = { ...((host.flags as Record<string, unknown> | undefined) ?? {}), [MODULE_ID]: { condition: key } };
  return { name: statusName(key), img: statusIcon(key), ...host, ...untimedDuration(), _id: id, statuses, transfer: false, flags };
}

/** Marks deletions that already take both halves of a hold, for the clean-up hook. */
export const PAIR_HANDLED = { [MODULE_ID]: { pairHandled: true } } as const;

export function pairHandled(options: unknown): boolean {
  const o = (options as Record<string, unknown> | undefined)?.[MODULE_ID];
  return typeof o === "object" && o !== null && (o as Record<string, unknown>).pairHandled === true;
}

export interface CastMember {
  readonly id: string;
  readonly actor: Actor.Implementation;
}

interface ActorWrites {
  readonly actor: Actor.Implementation;
  readonly creates: Array<Record<string, unknown>>;
  readonly deletes: string[];
  readonly effectUpdates: Array<Record<string, unknown>>;
  update: Record<string, unknown>;
}

/** How many applied-result marks an actor keeps (enough to recognise a result met again). */
const MARKS_KEPT = 30;

/** What a plan undoes, per actor UUID: the values to restore and the effects to remove or remake. */
export interface UndoRecord {
  readonly actorUuid: string;
  /** Each value written, as it was before. */
  readonly restore: Record<string, unknown>;
  /**
   * For the numbers (hit points, temporary damage): what undoing adds back, before minus what
   * was written, so that results applied since keep their share. Records made before this was
   * kept restore the values as they were.
   */
  readonly shift?: Record<string, number>;
  /** The result's mark on the actor, taken off again (the marks of later results stay). */
  readonly mark?: string;
  readonly created: string[];
  readonly deleted: Array<Record<string, unknown>>;
  /** A token the plan moved (a lift-off), and the values to put back. */
  readonly token?: { readonly uuid: string; readonly restore: Record<string, unknown> };
}

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
  for (const h of c.holdsAdded) {
    const [held, holder] = holdEffectPair(h, actorOf(h.heldId), actorOf(h.holderId), variant, requestId);
    w(held.actor).creates.push(stamped(held.data, "combat"));
    w(holder.actor).creates.push(stamped(holder.data, "combat"));
  }
  const removed = new Set(c.holdsRemoved);
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

  for (const x of conditions) {
    const actor = actorOf(x.targetId);
    const has = effectsMeaning(actor, x.condition);
    const timed = x.rounds !== undefined || x.segments !== undefined;
    const effect = conditionEffect(x.condition, stableId(`${requestId}|${x.condition}|${x.targetId}`));
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
    x.update[`flags.${MODULE_ID}.applied`] = [...marks, requestId].slice(-MARKS_KEPT);
  }
  const broken = holdsKnown.filter((h) => removed.has(h.id));
  const overborne = c.conditions.filter((x) => x.condition === "prone" && x.active).map((x) => x.targetId);
  return { markId: requestId, writes: [...writes.values()], established: c.holdsAdded, broken, overborne, tokens: liftWrites(c.lifts ?? [], requestId) };
}

/** The undo record for a plan, taken before it is carried out. */
export function undoFor(plan: Plan): UndoRecord[] {
  const tokens = plan.tokens.map((t): UndoRecord => {
    const restore: Record<string, unknown> = {};
    for (const path of Object.keys(t.changes)) restore[path] = foundry.utils.getProperty(t.token, path) ?? null;
    return { actorUuid: (t.token.actor as Actor.Implementation | null)?.uuid ?? "", restore: {}, created: [], deleted: [], token: { uuid: t.token.uuid, restore } };
  });
  return [...tokens, ...plan.writes.map((x) => {
    const restore: Record<string, unknown> = {};
    // A number that was never set (no temporary damage yet) goes back to 0.
    const shift: Record<string, number> = {};
    for (const [path, next] of Object.entries(x.update)) {
      const before = foundry.utils.getProperty(x.actor, path) ?? (typeof next === "number" ? 0 : null);
      restore[path] = before;
      if (typeof next === "number" && typeof before === "number") shift[path] = before - next;
    }
    const deleted = x.deletes.map((id) => x.actor.effects.get(id)?.toObject() as Record<string, unknown> | undefined).filter((d): d is Record<string, unknown> => d !== undefined);
    return { actorUuid: x.actor.uuid, restore, shift, ...(MARKS in x.update ? { mark: plan.markId } : {}), created: x.creates.map((d) => String(d._id)), deleted };
  })];
}

/**
 * The undo records as the writes turned out: where the host held a number other than the one sent
 * (hit points kept at its floor), what undoing adds back is what was taken. Null: nothing differs.
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

/**
 * Whether an effect a plan would create is on the actor already: by its id, or, should a server
 * have given it another id, by what it is (the same half of the same hold, the same status).
 */
function present(actor: Actor.Implementation, data: Record<string, unknown>): boolean {
  if (typeof data._id === "string" && actor.effects.has(data._id)) return true;
  const hold = (data.flags as Record<string, { hold?: { record: HoldRecord; role: string } }> | undefined)?.[MODULE_ID]?.hold;
  const statuses = Array.isArray(data.statuses) ? (data.statuses as string[]) : [];
  for (const e of actor.effects) {
    const h = e.getFlag(MODULE_ID, "hold");
    if (hold && h && h.record.id === hold.record.id && h.role === hold.role) return true;
    if (!hold && !h && statuses.length > 0 && statuses.every((st) => e.statuses.has(st))) return true;
  }
  return false;
}

/**
 * Carries a plan out. Safe to run again after an interruption: effects already present are not
 * made twice, effects already gone are not deleted again, and an actor whose update already
 * carries this plan's mark is not updated again (and every value written is absolute, so
 * writing one twice changes nothing). `stillValid` is asked before each wave of requests, so a
 * plan for a combat deleted meanwhile stops ("cancelled").
 */
export async function carryOut(plan: Plan, stillValid?: () => boolean): Promise<"done" | "cancelled"> {
  const done = markTokenWrites(plan.tokens);
  const result = await writeAll(
    plan.writes.map((x) => ({
      actor: x.actor,
      creates: x.creates.filter((d) => !present(x.actor, d)),
      updates: x.effectUpdates.filter((u) => typeof u._id === "string" && x.actor.effects.has(u._id)),
      // Both halves of a pair are removed here, so the twin clean-up hook is told to stand aside.
      deletes: [...new Set(x.deletes)].filter((id) => x.actor.effects.has(id)),
      deleteOptions: PAIR_HANDLED,
      data: (x.actor.getFlag(MODULE_ID, "applied") ?? []).includes(plan.markId) ? {} : x.update,
      hpPath: hitPointPaths(x.actor).value,
    })),
    stillValid,
    plan.tokens,
  ).finally(done);
  reportProblems(result.problems);
  return result.outcome;
}

/** The GM hears of any value the host refused (hit points below its floor). */
function reportProblems(problems: readonly WriteProblem[]): void {
  if (problems.length === 0 || !game.user.isGM) return;
  for (const p of problems) {
    const actor = fromUuidSync(p.actorUuid as never) as { name?: string } | null;
    ui.notifications?.warn(game.i18n.format("WC.Refuse.hostRefused", { name: actor?.name ?? p.actorUuid, path: p.path, wanted: String(p.wanted), written: p.written === null ? "-" : String(p.written) }));
  }
}

/** The data that takes a result back: numbers by what it changed, its mark off, the rest as they were. */
function undoData(r: UndoRecord, actor: Actor.Implementation): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  // Its mark gone from the actor: this share was taken back already (an undo run again after its
  // tab closed mid-write).
  if (r.mark !== undefined && !((actor.getFlag(MODULE_ID, "applied") ?? []) as string[]).includes(r.mark)) return data;
  for (const [path, before] of Object.entries(r.restore)) {
    const now = foundry.utils.getProperty(actor, path);
    const shift = r.shift?.[path];
    if (path === MARKS && r.mark !== undefined) data[path] = (Array.isArray(now) ? (now as string[]) : []).filter((m) => m !== r.mark);
    else if (shift !== undefined && typeof now === "number") data[path] = path === TEMPORARY || path === hitPointPaths(actor).temporary ? Math.max(0, now + shift) : now + shift;
    else data[path] = before;
  }
  return data;
}

/**
 * Takes a result back. What it changed is undone by its own share (a later result on the same
 * creature keeps its damage), and a hold it ended comes back only with both halves, when both
 * creatures are still there.
 */
export async function undo(records: readonly UndoRecord[]): Promise<void> {
  const tokens = records.flatMap((r): TokenWrite[] => {
    const token = r.token ? tokenByUuid(r.token.uuid) : null;
    return token && r.token ? [{ token, changes: r.token.restore }] : [];
  });
  const actors = records.filter((r) => !r.token).map((r) => ({ r, actor: fromUuidSync(r.actorUuid as never) as Actor.Implementation | null })).filter((x): x is { r: UndoRecord; actor: Actor.Implementation } => x.actor !== null);
  const ours = (d: Record<string, unknown>) => (d.flags as Record<string, { hold?: { record: HoldRecord; role: string }; combat?: string; clock?: string }> | undefined)?.[MODULE_ID];
  const remade = (d: Record<string, unknown>) => ours(d)?.hold;
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
  const done = markTokenWrites(tokens);
  const result = await writeAll(
    actors.map(({ r, actor }) => ({
      actor,
      creates: r.deleted.filter((d) => typeof d._id === "string" && !actor.effects.has(d._id) && whole(d, actor)),
      updates: [],
      deletes: r.created.filter((id) => actor.effects.has(id)),
      deleteOptions: PAIR_HANDLED,
      data: undoData(r, actor),
      hpPath: hitPointPaths(actor).value,
    })),
    undefined,
    tokens,
  ).finally(done);
  reportProblems(result.problems);
}
