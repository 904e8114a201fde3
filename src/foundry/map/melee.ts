/**
 * Who is in melee, read from the scene: a creature is in melee while a foe stands within one
 * grid square of it, or while it holds or is held. Tokens of another disposition are foes; and a
 * hostile creature no player owns is a foe to every player's creature, whatever disposition the
 * player gave their own token (a player may set it, and could otherwise call themselves the
 * goblin's friend to heal beside it).
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

/** Whether two placed creatures are on opposite sides. */
export function foes(a: Placed, b: Placed): boolean {
  if (a.disposition !== b.disposition) return true;
  const gmHostile = (x: Placed) => x.playerOwned !== true && x.disposition < 0;
  return (gmHostile(a) && b.playerOwned === true) || (gmHostile(b) && a.playerOwned === true);
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
