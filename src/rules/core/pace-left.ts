/**
 * What the map's ruler shows while a creature in a hold is dragged: how far the whole group may
 * still go this round, read from the variant's movement answer (core/movement.ts) and the feet
 * the group has already gone with others in tow this round; and what each kind of move that is
 * not a walk (a teleport, a forced move, a change of level) does to the holds, by the variant's
 * named option. Pure: the shell measures the path and asks.
 */
import type { MovementAnswer } from "./movement.ts";

export type PaceLeft =
  /** The rules have nothing to say about a walk of this creature: the ruler is left as it is. */
  | { readonly kind: "free" }
  /** It cannot move at all: the ruler shows 0, and every step is beyond it. */
  | { readonly kind: "heldFast"; readonly leftFeet: 0; readonly reason: string; readonly params?: Readonly<Record<string, string | number>> }
  /**
   * It moves with others (bringing them, or carried by them): the group's pace this round,
   * what is gone and what is left (never below 0). `limitFeet` null: the profile gives no
   * speed, so there is nothing to count.
   */
  | { readonly kind: "paced"; readonly limitFeet: number | null; readonly usedFeet: number; readonly leftFeet: number | null; readonly brings: readonly string[]; readonly reason: string };

/**
 * The pace left to a group, from the answer the rules give a plain drag of the mover (its first
 * choice) and the feet already dragged this round. A first choice that brings no one (a holder
 * letting go to walk off) is a walk of its own: the rules leave that to the host ("free").
 */
export function paceLeft(answer: MovementAnswer, usedFeet: number): PaceLeft {
  if (answer.kind === "free") return { kind: "free" };
  if (answer.kind === "cannot") return { kind: "heldFast", leftFeet: 0, reason: answer.reason, ...(answer.params ? { params: answer.params } : {}) };
  const first = answer.choices[0];
  if (!first || first.brings.length === 0) return { kind: "free" };
  const used = Math.max(0, usedFeet);
  const left = first.limitFeet === null ? null : Math.max(0, first.limitFeet - used);
  return { kind: "paced", limitFeet: first.limitFeet, usedFeet: used, leftFeet: left, brings: first.brings, reason: first.reason };
}

/** Whether a point this many feet along the path lies beyond the pace (a hundredth of a foot of slack). */
export function beyondPace(p: PaceLeft, feetAlong: number): boolean {
  if (p.kind === "free") return false;
  if (p.kind === "heldFast") return feetAlong > 0.01;
  return p.leftFeet !== null && feetAlong > p.leftFeet + 0.01;
}

// ---------------------------------------------------------------------------------------------
// Moves that are not a walk.

/** How a token moves, where the host says: a walk, a teleport, a move forced on it, or a change of level (v14). */
export type MoveKind = "walk" | "teleport" | "forced" | "level";

/** What a kind of move does to the holds of the creature moved: they end, the others come along, or it is refused. */
export type KindAnswer = "ends" | "goesAlong" | "refused";

export const KIND_ANSWERS: readonly KindAnswer[] = ["ends", "goesAlong", "refused"];

/** The three options each variant names for them. */
export interface KindOptions {
  readonly teleportInHold: KindAnswer;
  readonly forcedMoveInHold: KindAnswer;
  readonly levelChangeInHold: KindAnswer;
}

/** The option that answers a kind of move (null: a walk, which the movement rules answer). */
export function kindAnswer(kind: MoveKind, o: KindOptions): KindAnswer | null {
  if (kind === "teleport") return o.teleportInHold;
  if (kind === "forced") return o.forcedMoveInHold;
  if (kind === "level") return o.levelChangeInHold;
  return null;
}
