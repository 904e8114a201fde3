/**
 * Moving on the map in variant d12-holds (000 §Explanation of holds, §Maintaining holds,
 * §Effects of overbearing, §General grappling rules):
 * - a hold immobilizes the one held unless its holder is of a smaller size class (both or all
 *   arms or legs: unless every holder of them is two classes smaller); immobilization is judged
 *   hold by hold, so a creature held only by smaller ones still moves, its movement "greatly
 *   reduced" (option `heldMoverPace`), its holders hanging on;
 * - a creature keeping a hold may do nothing else, so moving away lets go (option `holderDrags`
 *   for a DM who lets a much larger holder carry its catch);
 * - an overborne creature stays down until it rises (option `proneMovement`);
 * - a flier that lifts off takes those still hanging on up with it (option `liftOffFeet`); one
 *   that loses its grip in the air falls, and 000 gives no rule for falling damage.
 */
import type { FallAnswer, MovementAnswer, MoveChoice, Pace } from "../core/movement.ts";
import { FULL_PACE, HALF_PACE, cannot, choice, ids, pace, proneAnswer, tangled, tangledAnswer } from "../core/movement.ts";
import { sizeSteps } from "../core/size.ts";
import type { Hold } from "./holds.ts";
import { holdEffects } from "./holds.ts";
import { liftOffBar } from "./breaks.ts";
import type { D12Options } from "./options.ts";
import type { D12Combatant } from "./profile.ts";
import { grapplingSize, hasCondition } from "./profile.ts";

/** Full speed in feet a round: land movement in inches at the option's scale. */
export function speedFeet(c: D12Combatant, o: D12Options): number {
  return c.movement * o.feetPerMoveInch;
}

/** "Greatly reduced" (000): the share of speed left to a creature that carries `n` holders. */
export function heldPace(n: number, o: D12Options): Pace {
  if (n === 0 || o.heldMoverPace === "full") return FULL_PACE;
  return o.heldMoverPace === "half" ? HALF_PACE : pace(1, n + 1);
}

export interface D12MoveInput {
  readonly mover: D12Combatant;
  /** The creatures named by the holds, by id (the mover may be left out). */
  readonly others: ReadonlyMap<string, D12Combatant>;
  readonly holds: readonly Hold[];
  /** The mover is off the ground: on the wing, carrying whoever hangs on. */
  readonly airborne?: boolean;
}

export function d12Movement(input: D12MoveInput, o: D12Options): MovementAnswer {
  const { mover: m, holds } = input;
  for (const cond of ["paralyzed", "immobilized"] as const) if (hasCondition(m, cond)) return cannot("WC.Move.condition", [], [], { condition: `WC.MoveCondition.${cond}` });
  const mine = holds.filter((h) => h.heldId === m.id || h.holderId === m.id);
  const e = holdEffects(m, holds);
  if (e.immobilized) {
    const by = [...new Set(holds.filter((h) => e.immobilizedBy.includes(h.id)).map((h) => h.holderId))];
    const mayLift = liftOffBar(m, holds) === null;
    return cannot("WC.Move.heldFast", [{ key: "WC.Free.breakFree", params: { holders: ids(by) } }, { key: "WC.Free.letGo", params: { holders: ids(by) } }, ...(mayLift ? [{ key: "WC.Free.liftOff" }] : [])], e.immobilizedBy, { by: ids(by) });
  }
  if (hasCondition(m, "prone") && o.proneMovement === "standFirst") return proneAnswer(true, [], []);
  if (mine.length === 0) return { kind: "free" };

  const speed = input.airborne && m.flight !== "none" ? null : speedFeet(m, o);
  const reasonHanging = input.airborne ? "WC.Move.pace.flying" : "WC.Move.pace.hangingOn";
  // Those holding it hang on and come along; what it holds itself it lets go, unless a DM's
  // option lets a holder two sizes larger carry its catch.
  const hangers = [...new Set(holds.filter((h) => h.heldId === m.id).map((h) => h.holderId))];
  const held = [...new Set(holds.filter((h) => h.holderId === m.id).map((h) => h.heldId))];
  const ownHolds = holds.filter((h) => h.holderId === m.id).map((h) => h.id);
  const p = heldPace(hangers.length, o);
  const candidates: MoveChoice[] = [];
  if (held.length > 0) {
    const carries = o.holderDrags === "twoSizesLarger" && held.every((id) => {
      const c = input.others.get(id);
      return c !== undefined && sizeSteps(grapplingSize(m), grapplingSize(c)) >= 2;
    });
    if (carries) candidates.push(choice("drag", speed, slowest(p, HALF_PACE), "WC.Move.pace.carriesCatch", [...hangers, ...held]));
    candidates.push(choice("letGo", speed, p, hangers.length > 0 ? reasonHanging : "WC.Move.pace.free", hangers, ownHolds));
  } else candidates.push(choice("drag", speed, p, reasonHanging, hangers));
  // Those who come along must not be in a hold with anyone left behind.
  const choices = candidates.filter((c) => !tangled(m.id, c.brings, holds));
  if (choices.length === 0) {
    const t = tangled(m.id, candidates[0]?.brings ?? [], holds);
    if (t) return tangledAnswer(t, holds);
  }
  return { kind: "choices", speedFeet: speed, choices };
}

function slowest(a: Pace, b: Pace): Pace {
  return a.num * b.den <= b.num * a.den ? a : b;
}

/** The flier and those still hanging on when it lifts off; held creatures the flier holds stay put. */
export function liftOffRisers(flierId: string, remaining: readonly Hold[]): string[] {
  return [flierId, ...new Set(remaining.filter((h) => h.heldId === flierId).map((h) => h.holderId))];
}

/** 000 gives fliers their wings and magic, and no rule for what a fall does. */
export function d12Fall(c: D12Combatant, feet: number): FallAnswer {
  if (c.flight !== "none") return { kind: "staysAloft", reason: "WC.Fall.flies" };
  return { kind: "falls", feet, damage: null, reason: "WC.Fall.noRule" };
}

