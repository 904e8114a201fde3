/**
 * Turns grapple-die results into the shared Consequences shape the Foundry shell applies.
 */
import type { Consequences, HoldRecord } from "../core/consequences.ts";
import { noConsequences } from "../core/consequences.ts";
import type { DamageSplit } from "../core/damage.ts";
import type { BreakResult, MoveResult, StrangleResult } from "./breaks.ts";
import type { ChangeHoldResult, CounterGrappleResult, GrabGrappleResult, GrappleResult, HoldDamage } from "./grapple.ts";
import type { Hold } from "./holds.ts";
import type { OverbearResult } from "./overbear.ts";
import type { PummelResult, SubdueResult } from "./pummel.ts";
import type { RoundEndResult } from "./round-end.ts";

export function holdRecord(h: Hold): HoldRecord {
  return { id: h.id, holderId: h.holderId, heldId: h.heldId, label: `WC.Hold.${h.name}`, data: h };
}

function damage(c: Consequences, targetId: string, split: DamageSplit, reason: string): void {
  if (split.total > 0) c.damage.push({ targetId, actual: split.actual, temporary: split.temporary, reason });
}

function established(c: Consequences, r: { hold: Hold; damage: HoldDamage | null; prone: boolean; stunSegments: number }, reason: string): void {
  c.holdsAdded.push(holdRecord(r.hold));
  if (r.damage) damage(c, r.hold.heldId, r.damage.split, reason);
  if (r.prone) c.conditions.push({ targetId: r.hold.heldId, condition: "prone", active: true });
  if (r.stunSegments > 0) c.conditions.push({ targetId: r.hold.heldId, condition: "stunned", active: true, segments: r.stunSegments });
}

export function grappleConsequences(r: GrappleResult | CounterGrappleResult): Consequences {
  const c = noConsequences();
  if (r.kind === "hold") established(c, r, "WC.Action.grapple");
  return c;
}

/** Issue 31: a grab's hold, as a grapple's (its damage named for the grab). */
export function grabHoldConsequences(r: GrabGrappleResult): Consequences {
  const c = noConsequences();
  if (r.kind === "hold") established(c, r, "WC.Action.grab");
  return c;
}

export function changeHoldConsequences(r: ChangeHoldResult): Consequences {
  const c = noConsequences();
  if (r.kind === "kept") return c;
  c.holdsRemoved.push(r.replaced.id);
  if (r.kind === "hold") established(c, r, "WC.Action.grapple");
  return c;
}

export function breakConsequences(r: BreakResult): Consequences {
  const c = noConsequences();
  if (r.kind === "broken") c.holdsRemoved.push(r.holdId);
  if (r.kind === "heldAllProne") for (const id of r.prone) c.conditions.push({ targetId: id, condition: "prone", active: true });
  return c;
}

export function moveConsequences(r: MoveResult): Consequences {
  return r.kind === "freeBreak" ? breakConsequences(r.breakRoll) : noConsequences();
}

export function strangleConsequences(heldId: string, r: StrangleResult): Consequences {
  const c = noConsequences();
  if (r.kind === "knockedOut") c.conditions.push({ targetId: heldId, condition: "unconscious", active: true, rounds: r.unconsciousRounds });
  return c;
}

export function overbearConsequences(defenderId: string, r: OverbearResult): Consequences {
  const c = noConsequences();
  if (r.kind === "overborne" && r.effect.kind === "prone") c.conditions.push({ targetId: defenderId, condition: "prone", active: true });
  if ((r.kind === "overborne" || r.kind === "saved") && r.stunSegments > 0) {
    c.conditions.push({ targetId: defenderId, condition: "stunned", active: true, segments: r.stunSegments });
  }
  return c;
}

export function pummelConsequences(defenderId: string, r: PummelResult | SubdueResult): Consequences {
  const c = noConsequences();
  if (r.kind !== "hit") return c;
  damage(c, defenderId, r.split, "stunSegments" in r ? "WC.Action.pummel" : "WC.Action.subdue");
  if ("stunSegments" in r && r.stunSegments > 0) c.conditions.push({ targetId: defenderId, condition: "stunned", active: true, segments: r.stunSegments });
  return c;
}

export function roundEndConsequences(r: RoundEndResult): Consequences {
  const c = noConsequences();
  for (const e of r.events) {
    switch (e.kind) {
      case "holdDamage":
        damage(c, e.heldId, e.damage.split, "WC.Round.holdDamage");
        break;
      case "strangle":
        if (e.result.kind === "knockedOut") c.conditions.push({ targetId: e.heldId, condition: "unconscious", active: true, rounds: e.result.unconsciousRounds });
        break;
      case "suffocated":
        c.notes.push({ key: "WC.Note.suffocated", targetId: e.heldId });
        break;
      case "wakes":
        c.conditions.push({ targetId: e.id, condition: "unconscious", active: false });
        break;
      case "stunEnds":
        c.conditions.push({ targetId: e.id, condition: "stunned", active: false });
        break;
      case "status":
        if (e.after.kind === "subdued") c.conditions.push({ targetId: e.id, condition: "subdued", active: true });
        else if (e.before.kind === "subdued") c.conditions.push({ targetId: e.id, condition: "subdued", active: false });
        break;
      default:
        break;
    }
  }
  return c;
}
