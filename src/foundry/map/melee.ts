/**
 * Who is in melee, read from the scene: a creature is in melee while a foe stands within one
 * grid square of it, or while it holds or is held. Who is a foe is decided by what a player
 * cannot change on their own token: between a player's creature and one no player owns, the GM's
 * creature is a foe unless the GM made it friendly (its disposition is the GM's to set; the
 * player's own token's is not looked at, so a player who calls their creature neutral beside a
 * neutral goblin is still in melee with it, and heals nothing). Two creatures on the same side of
 * that line are foes when their dispositions differ.
 */
import type { HoldRecord } from "../../rules/index.ts";
import { squaresApart as squaresBetween } from "./geometry.ts";

interface Placed {
  readonly uuid: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly disposition: number;
  /** Whether a player owns the creature (its token's disposition is then the player's to set). */
  readonly playerOwned?: boolean;
}

/** Foundry's friendly disposition (CONST.TOKEN_DISPOSITIONS.FRIENDLY). */
const FRIENDLY = 1;

/** Whether two placed creatures are on opposite sides. */
export function foes(a: Placed, b: Placed): boolean {
  const mine = (x: Placed) => x.playerOwned === true;
  if (mine(a) !== mine(b)) return (mine(a) ? b : a).disposition !== FRIENDLY;
  return a.disposition !== b.disposition;
}

/** Squares between two footprints (0 when touching or overlapping). */
export function squaresApart(a: Placed, b: Placed, gridSize: number): number {
  return squaresBetween(a, b, { type: 1, size: gridSize, sizeX: gridSize, sizeY: gridSize, distance: 1, units: "" });
}

export function outOfMelee(tokens: readonly Placed[], all: readonly Placed[], holds: readonly HoldRecord[], gridSize: number): string[] {
  const holding = new Set(holds.flatMap((h) => [h.heldId, h.holderId]));
  return tokens
    .filter((t) => !holding.has(t.uuid))
    .filter((t) => !all.some((o) => o.uuid !== t.uuid && foes(t, o) && squaresApart(t, o, gridSize) < 1))
    .map((t) => t.uuid);
}
