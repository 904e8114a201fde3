/**
 * Moving on the map in variant grapple-die (002 §Effects of Grappling on AC: everyone in a
 * grapple with a hold in place is immobile; §Size Differences: a creature much larger than its
 * partners moves normally; §Moving and Grappling: a holder much larger or stronger moves with its
 * hold on an adjusted grapple die of 10+, and otherwise its catch gets a free break roll).
 * Letting go is a minor action, after which a holder held by no one walks off.
 */
import type { Dice } from "../core/dice.ts";
import type { MovementAnswer, MoveChoice } from "../core/movement.ts";
import { FULL_PACE, HALF_PACE, cannot, choice, ids, partnersOf, proneAnswer, tangled, tangledAnswer } from "../core/movement.ts";
import { noConsequences } from "../core/consequences.ts";
import type { Consequences } from "../core/consequences.ts";
import type { MoveResult } from "./breaks.ts";
import { moveWhileGrappling } from "./breaks.ts";
import { sizeSteps } from "../core/size.ts";
import type { Hold } from "./holds.ts";
import { grappleStatus, holdersOf, muchLarger } from "./holds.ts";
import type { GrappleDieOptions } from "./options.ts";
import type { GdCombatant } from "./profile.ts";
import { hasCondition } from "./profile.ts";

export interface GdMoveInput {
  readonly mover: GdCombatant;
  readonly others: ReadonlyMap<string, GdCombatant>;
  readonly holds: readonly Hold[];
}

/**
 * 002 §Moving and Grappling: is the holder "significantly larger and/or stronger", so that a roll
 * of 10+ lets it move with its hold? Option `dragRollWhen`: one size class larger, or the much
 * larger of §Size Differences.
 */
export function rollsToDrag(mover: GdCombatant, held: GdCombatant, o: GrappleDieOptions): boolean {
  return o.dragRollWhen === "muchLarger" ? muchLarger(mover, held, o) : sizeSteps(mover.size, held.size) >= 1;
}

/** Land speed in feet a round, where the profile gives one. */
export function speedFeet(c: GdCombatant): number | null {
  return c.speedFt ?? null;
}

export function gdMovement(input: GdMoveInput, o: GrappleDieOptions): MovementAnswer {
  const { mover: m, holds } = input;
  const status = grappleStatus(m, holds, o);
  const heldBy = holdersOf(m.id, holds);
  if (hasCondition(m, "prone") && o.proneMovement === "standFirst") {
    // 002's own leg hold keeps a prone defender down (the project-default table's "cannot rise").
    const down = status.held.cannotRise || (status.immobile && !o.riseWhileGrappled);
    return proneAnswer(!down, heldBy, down ? holds.filter((h) => h.heldId === m.id).map((h) => h.id) : []);
  }
  if (!status.inGrapple) return { kind: "free" };
  const speed = speedFeet(m);
  const partners = partnersOf(m.id, holds);
  if (status.sizeExempt) {
    // Much larger than everyone it grapples with: it moves normally, and they come with it.
    const t = tangled(m.id, partners, holds);
    if (t) return tangledAnswer(t, holds);
    return { kind: "choices", speedFeet: speed, choices: [choice("drag", speed, FULL_PACE, "WC.Move.pace.muchLarger", partners)] };
  }
  if (heldBy.length > 0) {
    const holdIds = holds.filter((h) => h.heldId === m.id).map((h) => h.id);
    return cannot("WC.Move.heldFast", [{ key: "WC.Free.breakFree", params: { holders: ids(heldBy) } }, { key: "WC.Free.letGo", params: { holders: ids(heldBy) } }], holdIds, { by: ids(heldBy) });
  }
  // It holds, and no one holds it: it may try to move with its hold, or let go and walk.
  const mine = holds.filter((h) => h.holderId === m.id);
  const choices: MoveChoice[] = [];
  const catches = [...new Set(mine.map((h) => h.heldId))];
  const only = catches.length === 1 ? catches[0] : undefined;
  const hold = only !== undefined ? mine.find((h) => h.heldId === only) : undefined;
  const catchOf = only !== undefined ? input.others.get(only) : undefined;
  if (hold && catchOf && only !== undefined && !tangled(m.id, [only], holds)) {
    const kind = rollsToDrag(m, catchOf, o) ? "dragRoll" : "freeBreak";
    choices.push(choice("roll", speed, o.movePace === "half" ? HALF_PACE : FULL_PACE, `WC.Move.pace.${kind}`, [only], [], { kind, holdId: hold.id, heldId: only }));
  }
  choices.push(choice("letGo", speed, FULL_PACE, "WC.Move.pace.free", [], mine.map((h) => h.id)));
  return { kind: "choices", speedFeet: speed, choices };
}

export interface GdMoveRoll {
  readonly result: MoveResult;
  readonly moved: boolean;
  readonly brings: readonly string[];
  readonly consequences: Consequences;
  readonly key: string;
  readonly params: Record<string, string | number>;
}

/** The roll of a "roll" choice, and what follows from it. */
export function gdMoveRoll(mover: GdCombatant, held: GdCombatant, hold: Hold, holds: readonly Hold[], round: number, o: GrappleDieOptions, dice: Dice): GdMoveRoll {
  const r = moveWhileGrappling(mover, held, hold, { holds, round }, rollsToDrag(mover, held, o), o, dice);
  const c = noConsequences();
  if (r.kind === "dragRoll") {
    const params = { who: mover.id, held: held.id, roll: r.die.face, total: r.total, needed: r.needed };
    return { result: r, moved: r.moved, brings: r.moved ? [held.id] : [], consequences: c, key: r.moved ? "WC.Map.dragRollMade" : "WC.Map.dragRollFailed", params };
  }
  const b = r.breakRoll;
  const params = { who: mover.id, held: held.id, roll: b.die.face, total: b.total, needed: b.needed };
  if (b.kind === "broken") {
    c.holdsRemoved.push(hold.id);
    return { result: r, moved: true, brings: [], consequences: c, key: "WC.Map.freeBreakBroken", params };
  }
  if (b.kind === "heldAllProne") {
    for (const id of b.prone) c.conditions.push({ targetId: id, condition: "prone", active: true });
    return { result: r, moved: false, brings: [], consequences: c, key: "WC.Map.freeBreakAllProne", params };
  }
  const drags = o.freeBreakFailed === "drags";
  return { result: r, moved: drags, brings: drags ? [held.id] : [], consequences: c, key: drags ? "WC.Map.freeBreakHeld" : "WC.Map.freeBreakHeldStays", params };
}
