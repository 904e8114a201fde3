/**
 * Moving on the map in variant percentile (004 §Grappled Condition): those in the grappled
 * condition cannot move; a side without it (much larger, or a holder whose special ability
 * leaves it free) may move at half speed, dragging its opponent, if strong enough (option
 * `dragStrength`). A holder in the condition may release as a minor action and then walk off.
 */
import type { MovementAnswer, MoveChoice } from "../core/movement.ts";
import { FULL_PACE, cannot, choice, ids, pace, partnersOf, proneAnswer, tangled, tangledAnswer } from "../core/movement.ts";
import type { Hold } from "./holds.ts";
import { holderIdsOf, inGrappledCondition } from "./holds.ts";
import type { PercentileOptions } from "./options.ts";
import type { PercentileCombatant } from "./profile.ts";
import { hasCondition } from "./profile.ts";
import { GRAPPLED_CONDITION } from "./tables.ts";

export interface PercentileMoveInput {
  readonly mover: PercentileCombatant;
  readonly others: ReadonlyMap<string, PercentileCombatant>;
  readonly holds: readonly Hold[];
}

export function percentileMovement(input: PercentileMoveInput, o: PercentileOptions): MovementAnswer {
  const { mover: m, holds } = input;
  const mine = holds.filter((h) => h.holderId === m.id || h.heldId === m.id);
  const condition = inGrappledCondition(m, holds, input.others, o);
  const grappled = mine.length > 0 && condition;
  const heldBy = holderIdsOf(m.id, holds);
  if (hasCondition(m, "immobile")) return cannot("WC.Move.condition", [], [], { condition: "WC.MoveCondition.immobile" });
  if (hasCondition(m, "prone") && o.proneMovement === "standFirst") {
    // Getting up first: refused exactly when the stand-up action is (more.ts resolveStandUp).
    const down = condition && !o.riseWhileGrappled;
    return proneAnswer(!down, heldBy, down ? mine.map((h) => h.id) : []);
  }
  if (mine.length === 0) return { kind: "free" };
  const speed = m.speed;
  const own = holds.filter((h) => h.holderId === m.id).map((h) => h.id);
  if (grappled) {
    if (heldBy.length > 0) {
      const holdIds = holds.filter((h) => h.heldId === m.id).map((h) => h.id);
      return cannot("WC.Move.grappled", [{ key: "WC.Free.breakFree", params: { holders: ids(heldBy) } }, { key: "WC.Free.letGo", params: { holders: ids(heldBy) } }], holdIds, { by: ids(heldBy) });
    }
    // Only holding: a minor action lets go, and then it walks.
    return { kind: "choices", speedFeet: speed, choices: [choice("letGo", speed, FULL_PACE, "WC.Move.pace.free", [], own)] };
  }
  // Free of the condition: it drags whoever it is in a hold with, at half speed.
  const partners = partnersOf(m.id, holds);
  const t = tangled(m.id, partners, holds);
  if (t) return tangledAnswer(t, holds);
  const weak = o.dragStrength === "heavier" ? partners.find((id) => (input.others.get(id)?.weight ?? Infinity) > m.weight) : undefined;
  const choices: MoveChoice[] = [];
  if (weak === undefined) choices.push(choice("drag", speed, pace(GRAPPLED_CONDITION.dragSpeedShare.num, GRAPPLED_CONDITION.dragSpeedShare.den), "WC.Move.pace.dragHalf", partners));
  if (own.length > 0 && heldBy.length === 0) choices.push(choice("letGo", speed, FULL_PACE, "WC.Move.pace.free", [], own));
  if (choices.length === 0) return cannot("WC.Move.tooHeavy", [{ key: "WC.Free.breakFree", params: { holders: ids(heldBy) } }], mine.map((h) => h.id), { who: weak ?? "" });
  return { kind: "choices", speedFeet: speed, choices };
}
