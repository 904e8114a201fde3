/**
 * Holds at reach on the map: whether a creature's attack that takes hold (a reach weapon, a long
 * limb: its profile's `holdReach`, read from the host or set by the GM) touches another creature
 * standing apart from it. Beside is always within reach (map/check.ts `withinReach`).
 */
import type { Side } from "../documents/cast.ts";
import { participant } from "../documents/cast.ts";
import { activeVariant } from "../world/settings.ts";
import { reachFeet } from "./geometry.ts";
import { gridOf, spotOf } from "./check.ts";

/** The feet an attack of this creature that takes hold reaches (0: only beside; a profile the rules cannot read: 0). */
export function holdReachOf(s: Side): number {
  try {
    const r = (participant(s, activeVariant()).profile as { holdReach?: unknown }).holdReach;
    return typeof r === "number" && Number.isFinite(r) && r > 0 ? r : 0;
  } catch {
    return 0;
  }
}

/** The reach, in feet, an attack needs from one token to the other. */
export function reachBetween(a: TokenDocument.Implementation, b: TokenDocument.Implementation): number {
  return reachFeet(spotOf(a), spotOf(b), gridOf(a.parent));
}

/** Whether `attacker` can take hold of `defender` from where it stands, at its reach (beside or not). */
export function withinHoldReach(attacker: Side, defender: Side): boolean {
  const reach = holdReachOf(attacker);
  return reach > 0 && reachBetween(attacker.token, defender.token) <= reach + 0.01;
}
