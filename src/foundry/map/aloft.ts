/**
 * Off the ground: a flier that lifts off (d12-holds) takes those still hanging on up with it, and
 * all of them are marked with the elevation they left; when a hold ends up there, a creature that
 * cannot fly and has no other grip on a flier falls back to that elevation (the map card of
 * cards/map-card.ts says how far and, the text giving no rule for falling damage, leaves the
 * damage to the GM).
 */
import type { FallAnswer, HoldRecord } from "../../rules/index.ts";
import { participant, tokenByUuid } from "../documents/cast.ts";
import { holdsAround } from "../documents/holds.ts";
import { aloftOf, forgetOurs, gridOf, isAirborne, markOurs } from "./check.ts";
import { MODULE_ID } from "../base/constants.ts";
import { feetPerUnit } from "./geometry.ts";
import { activeOptions, activeVariant, activeVariantId } from "../world/settings.ts";
import type { CardLine } from "../base/types.ts";

/** A token's own change (a creature lifted off the ground), sent in its scene's Token request. */
export interface TokenChange {
  readonly token: TokenDocument.Implementation;
  readonly changes: Record<string, unknown>;
  /** The movement action its move is recorded with (a creature brought along: the module's "dragged" action, map/ruler.ts). */
  readonly action?: string;
}

export type TokenWrite = TokenChange;

/** Grid units for a height in feet on this token's scene. */
function unitsFor(token: TokenDocument.Implementation, feet: number): number {
  return feet / feetPerUnit(gridOf(token.parent).units);
}

/**
 * The token writes that lift creatures: up by the rules' height from where they are, marked with
 * the ground they left. A token already lifted by this same result is not lifted again.
 */
export function liftWrites(lifts: ReadonlyArray<{ readonly targetId: string; readonly feet: number }>, markId: string): TokenWrite[] {
  const out: TokenWrite[] = [];
  for (const l of lifts) {
    const token = tokenByUuid(l.targetId);
    if (!token) continue;
    const was = aloftOf(token);
    if (was?.by === markId) continue;
    const ground = was?.ground ?? token.elevation ?? 0;
    out.push({ token, changes: { elevation: (token.elevation ?? 0) + unitsFor(token, l.feet), [`flags.${MODULE_ID}.aloft`]: { ground, by: markId } } });
  }
  return out;
}

/** Marks these token writes as the module's own moves while they are sent (the pre-move check lets them by). */
export function markTokenWrites(writes: readonly TokenWrite[]): () => void {
  const updates = writes.map((w) => ({ _id: w.token.id, x: w.changes.x ?? w.token.x, y: w.changes.y ?? w.token.y, elevation: w.changes.elevation ?? w.token.elevation }));
  markOurs(updates);
  return () => forgetOurs(updates.map((u) => String(u._id)));
}

// ---------------------------------------------------------------------------------------------
// Falling.

function fallOf(token: TokenDocument.Implementation, feet: number): FallAnswer {
  const variant = activeVariant();
  const actor = token.actor as Actor.Implementation | null;
  if (!actor || !variant.fall) return { kind: "falls", feet, damage: null, reason: "WC.Fall.noRule" };
  return variant.fall(participant({ token, actor, id: token.uuid, name: token.name ?? "" }, variant), feet, activeOptions());
}

/** Something still holds it up: a hold with a flier that is in the air itself. */
function supported(token: TokenDocument.Implementation, holds: readonly HoldRecord[]): boolean {
  for (const h of holds) {
    if (h.holderId !== token.uuid && h.heldId !== token.uuid) continue;
    const other = tokenByUuid(h.holderId === token.uuid ? h.heldId : h.holderId);
    if (other && isAirborne(other) && fallOf(other, 0).kind === "staysAloft") return true;
  }
  return false;
}

export interface Fall {
  readonly token: TokenDocument.Implementation;
  readonly feet: number;
  /** The elevation it comes down to: the ground it left. */
  readonly ground: number;
}

/**
 * Those these ended holds left in the air: each creature that cannot fly and has no other grip
 * on a flier still aloft, how far it falls, and the card's lines telling it.
 */
export function fallsAfter(records: readonly HoldRecord[]): { falls: Fall[]; lines: CardLine[]; names: Record<string, string> } {
  const seen = new Set<string>();
  const falls: Fall[] = [];
  const lines: CardLine[] = [];
  const names: Record<string, string> = {};
  for (const uuid of records.flatMap((r) => [r.holderId, r.heldId])) {
    if (seen.has(uuid)) continue;
    seen.add(uuid);
    const token = tokenByUuid(uuid);
    const a = token ? aloftOf(token) : null;
    if (!token || !a || !isAirborne(token)) continue;
    const actor = token.actor as Actor.Implementation | null;
    if (!actor || supported(token, holdsAround([actor], activeVariantId()))) continue;
    const units = (token.elevation ?? 0) - a.ground;
    const feet = Math.round(units * feetPerUnit(gridOf(token.parent).units));
    const answer = fallOf(token, feet);
    if (answer.kind !== "falls") continue;
    falls.push({ token, feet, ground: a.ground });
    names[token.uuid] = token.name ?? "";
    lines.push({ key: answer.reason === "WC.Fall.noRule" ? "WC.Fall.fellNoRule" : "WC.Fall.fell", params: { who: token.uuid, feet, units: gridOf(token.parent).units } });
  }
  return { falls, lines, names };
}
