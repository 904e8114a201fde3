/**
 * Who is in melee, read from the scene: a creature is in melee while a token of another
 * disposition stands within one grid square of it, or while it holds or is held.
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
}

/** Squares between two footprints (0 when touching or overlapping). */
export function squaresApart(a: Placed, b: Placed, gridSize: number): number {
  return squaresBetween(a, b, { type: 1, size: gridSize, sizeX: gridSize, sizeY: gridSize, distance: 1, units: "" });
}

export function outOfMelee(tokens: readonly Placed[], all: readonly Placed[], holds: readonly HoldRecord[], gridSize: number): string[] {
  const holding = new Set(holds.flatMap((h) => [h.heldId, h.holderId]));
  return tokens
    .filter((t) => !holding.has(t.uuid))
    .filter((t) => !all.some((o) => o.uuid !== t.uuid && o.disposition !== t.disposition && squaresApart(t, o, gridSize) < 1))
    .map((t) => t.uuid);
}
