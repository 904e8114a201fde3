/**
 * Variant d12-holds (000): an action's context read into this variant's inputs: the actions it
 * plays and the holds in play (the creatures are read in profile-fields.ts, the declared boxes
 * in situational.ts).
 */
import type { ActionContext, ShellAction } from "../variant.ts";
import { validateHold } from "./actions.ts";
import type { Hold } from "./holds.ts";

export const ACTIONS: readonly ShellAction[] = ["grapple", "pummel", "overbear", "chargingOverbear", "breakFree", "liftOff", "release", "standUp", "grab"];

export function holdsOf(ctx: ActionContext): Hold[] {
  return ctx.holds.map((h, i) => validateHold(h.data, `holds[${i}].data`));
}
