/**
 * Reach on the map, read from the scene's documents for the pure geometry of
 * map/reach-geometry.ts: each creature's body (its token's place and elevation, the footprint a
 * player's creature may claim capped by its size class from the rules' profile), the walls that
 * stop movement (map/ground.ts), and holds at reach: whether a creature's attack that takes hold
 * (a reach weapon, a long limb: its profile's `holdReach`, read from the host or set by the GM)
 * touches another creature standing apart from it. The one check (gm/verdict.ts) and the token
 * HUD both ask `reachOf`.
 */
import type { Size } from "../../rules/index.ts";
import { SIZES } from "../../rules/index.ts";
import type { Side } from "../documents/cast.ts";
import { participant } from "../documents/cast.ts";
import { playerOwned } from "../documents/holds.ts";
import { activeVariant } from "../world/settings.ts";
import { reachFeet } from "./geometry.ts";
import { gridOf, spotOf } from "./check.ts";
import { movementWalls } from "./ground.ts";
import type { Body, Reach } from "./reach-geometry.ts";
import { cappedSpot, chargeRunFeet, reachBetweenBodies } from "./reach-geometry.ts";

/** The feet an attack of this creature that takes hold reaches (0: only beside; a profile the rules cannot read: 0). */
export function holdReachOf(s: Side): number {
  try {
    const r = (participant(s, activeVariant()).profile as { holdReach?: unknown }).holdReach;
    return typeof r === "number" && Number.isFinite(r) && r > 0 ? r : 0;
  } catch {
    return 0;
  }
}

/** The creature's size class in the rules' profile (man-sized where it cannot be read). */
export function sizeOf(s: Side): Size {
  try {
    const size = (participant(s, activeVariant()).profile as { size?: unknown }).size;
    return (SIZES as readonly unknown[]).includes(size) ? (size as Size) : "M";
  } catch {
    return "M";
  }
}

/**
 * The creature's body on the map: where its token stands and at what elevation; for a creature a
 * player owns, its token's width and height count only as far as its size class allows
 * (map/reach-geometry.ts `cappedSpot`), since a token's owners may set them.
 */
export function bodyOf(s: Side): Body {
  const spot = spotOf(s.token);
  const elevation = Number(s.token.elevation ?? 0);
  const footprint = playerOwned(s.actor) ? cappedSpot(spot, sizeOf(s)) : spot;
  return { ...footprint, elevation: Number.isFinite(elevation) ? elevation : 0 };
}

/** The reach between two creatures on one scene: beside or not, the feet needed, a wall between. */
export function reachOf(a: Side, b: Side): Reach {
  return reachBetweenBodies(bodyOf(a), bodyOf(b), gridOf(a.token.parent), movementWalls(a.token.parent));
}

/** Feet a charge from `a` runs to end beside `b`. */
export function chargeRunOf(a: Side, b: Side): number {
  return chargeRunFeet(bodyOf(a), bodyOf(b), gridOf(a.token.parent));
}

/** The reach, in feet, an attack needs from one token to the other over the ground (the leash a hold at reach keeps; map/leash.ts). */
export function reachBetween(a: TokenDocument.Implementation, b: TokenDocument.Implementation): number {
  return reachFeet(spotOf(a), spotOf(b), gridOf(a.parent));
}

/** Whether `attacker` can take hold of `defender` from where it stands, at its reach (beside or not), with no wall between. */
export function withinHoldReach(attacker: Side, defender: Side, reach: Reach = reachOf(attacker, defender)): boolean {
  const most = holdReachOf(attacker);
  return most > 0 && !reach.walled && reach.feet <= most + 0.01;
}

/** Whether two creatures stand beside each other with no wall between (the token HUD's heading; the one check asks `reachOf`). */
export function withinReach(a: TokenDocument.Implementation, b: TokenDocument.Implementation): boolean {
  if (!a.actor || !b.actor) return false;
  const side = (t: TokenDocument.Implementation): Side => ({ token: t, actor: t.actor as Actor.Implementation, id: t.uuid, name: t.name ?? "" });
  const r = reachOf(side(a), side(b));
  return r.beside && !r.walled;
}
