/**
 * Who is in melee, read from the scene: a creature is in melee while a token of another
 * disposition stands within one grid square of it, or while it holds or is held.
 */
import type { HoldRecord } from "../rules/index.ts";

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
  const ax = a.x / gridSize;
  const ay = a.y / gridSize;
  const bx = b.x / gridSize;
  const by = b.y / gridSize;
  const dx = Math.max(0, bx - (ax + a.width), ax - (bx + b.width));
  const dy = Math.max(0, by - (ay + a.height), ay - (by + b.height));
  return Math.max(dx, dy);
}

export function outOfMelee(tokens: readonly Placed[], all: readonly Placed[], holds: readonly HoldRecord[], gridSize: number): string[] {
  const holding = new Set(holds.flatMap((h) => [h.heldId, h.holderId]));
  return tokens
    .filter((t) => !holding.has(t.uuid))
    .filter((t) => !all.some((o) => o.uuid !== t.uuid && o.disposition !== t.disposition && squaresApart(t, o, gridSize) < 1))
    .map((t) => t.uuid);
}
