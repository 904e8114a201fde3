/**
 * Turns d12-holds results into the shared Consequences shape the Foundry shell applies.
 */
import type { Consequences, HoldRecord } from "../core/consequences.ts";
import { noConsequences } from "../core/consequences.ts";
import type { ChargeResult } from "./charge.ts";
import type { GrappleResult } from "./grapple.ts";
import type { Hold } from "./holds.ts";
import type { MassChargeResult } from "./mass-charge.ts";
import type { PummelResult } from "./pummel.ts";
import type { RoundEndResult } from "./round-end.ts";

export function holdRecord(h: Hold): HoldRecord {
  return { id: h.id, holderId: h.holderId, heldId: h.heldId, label: `WC.Part.${h.part}`, data: h };
}

export function pummelConsequences(defenderId: string, r: PummelResult): Consequences {
  const c = noConsequences();
  if (r.kind === "routine" && r.total.total > 0) c.damage.push({ targetId: defenderId, actual: r.total.actual, temporary: r.total.temporary, reason: "WC.Action.pummel" });
  return c;
}

export function grappleConsequences(attackerId: string, defenderId: string, r: GrappleResult): Consequences {
  const c = noConsequences();
  if (r.kind === "hold") {
    c.holdsAdded.push(holdRecord(r.hold));
    if (r.damage && r.damage.split.total > 0) c.damage.push({ targetId: defenderId, actual: r.damage.split.actual, temporary: r.damage.split.temporary, reason: "WC.Action.grapple" });
  }
  if ((r.kind === "hold" || r.kind === "broken" || r.kind === "briefGrip" || r.kind === "noRoom") && r.attackerDrained) c.notes.push({ key: "WC.Note.energyDrain", targetId: attackerId });
  return c;
}

export function chargeConsequences(attackerId: string, defenderId: string, r: ChargeResult): Consequences {
  const c = noConsequences();
  if (r.kind === "overborne" || r.kind === "bothDown") c.conditions.push({ targetId: defenderId, condition: "prone", active: true });
  if (r.kind === "bothDown") c.conditions.push({ targetId: attackerId, condition: "prone", active: true });
  return c;
}

export function massChargeConsequences(r: MassChargeResult): Consequences {
  const c = noConsequences();
  if (r.kind === "succeeded") for (const s of r.saves) if (s.result === "overborne") c.conditions.push({ targetId: s.id, condition: "prone", active: true });
  return c;
}

export function roundEndConsequences(r: RoundEndResult): Consequences {
  const c = noConsequences();
  c.holdsRemoved.push(...r.brokenHoldIds);
  for (const id of r.overborne) c.conditions.push({ targetId: id, condition: "prone", active: true });
  for (const e of r.events) {
    if (e.kind === "strangle" && e.split.total > 0) c.damage.push({ targetId: e.defenderId, actual: e.split.actual, temporary: e.split.temporary, reason: "WC.Part.strangle" });
    if (e.kind === "grabDamage" && e.split.total > 0) c.damage.push({ targetId: e.defenderId, actual: e.split.actual, temporary: e.split.temporary, reason: "WC.Action.grab" });
    if (e.kind === "recovered") c.damage.push({ targetId: e.id, actual: 0, temporary: -e.healed, reason: "WC.Round.recovery" });
    if (e.kind === "vitality") {
      const wasOut = e.before.kind === "unconscious";
      if (e.after.kind === "unconscious") c.conditions.push({ targetId: e.id, condition: "unconscious", active: true, rounds: e.after.rounds });
      else if (wasOut) c.conditions.push({ targetId: e.id, condition: "unconscious", active: false });
    }
  }
  return c;
}
