/**
 * What the module keeps on a combat, in its flags: the last round end processed, the clocks of
 * timed conditions, overbear attempts declared, free attack routines taken, and how far each
 * token has dragged others this round. Only a GM may write a combat's flags (a player may change
 * only its turn and round: C-70), so the round's pace and counts kept here cannot be forged.
 *
 * Reads here; writes are plain update data that the GM's work sends with its other writes.
 */
import type { FreeAttackRecord, Timer } from "../../rules/index.ts";
import { MODULE_ID } from "../base/constants.ts";

export interface CombatState {
  readonly processedRound?: number;
  readonly timers?: Timer[];
  /** Overbear attempts declared, by round, then held creature, then holders. */
  readonly overbear?: Record<string, Record<string, string[]>>;
  /** Free attack routines taken, by round (002: one per opponent per round); only the latest round is kept. */
  readonly freeAttacks?: Record<string, FreeAttackRecord[]>;
  /** Feet each token (by id) has moved with others in tow, in the round named. */
  readonly pace?: Record<string, { readonly round: number; readonly feet: number }>;
}

export function combatState(combat: Combat.Implementation): CombatState {
  const raw = ((combat.flags as Record<string, unknown>)[MODULE_ID] as CombatState | undefined) ?? {};
  return typeof raw === "object" && raw !== null ? raw : {};
}

/** The free attack routines already taken in this round of the combat. */
export function freeAttacksIn(combat: Combat.Implementation, round: number): FreeAttackRecord[] {
  const list = combatState(combat).freeAttacks?.[String(round)];
  return Array.isArray(list) ? list : [];
}

export function combatTimers(combat: Combat.Implementation): readonly Timer[] {
  const t = combatState(combat).timers;
  return Array.isArray(t) ? t : [];
}

/** Feet this token has already moved with others in tow in this round of this combat. */
export function paceUsed(combat: Combat.Implementation | undefined, tokenId: string): number {
  if (!combat) return 0;
  const p = combatState(combat).pace?.[tokenId];
  return p && p.round === (combat.round ?? 0) && typeof p.feet === "number" ? p.feet : 0;
}

/** The update that records a token's pace this round (older rounds' entries go). */
export function paceUpdate(combat: Combat.Implementation, tokenId: string, feet: number): Record<string, unknown> {
  const round = combat.round ?? 0;
  const kept = Object.fromEntries(Object.entries(combatState(combat).pace ?? {}).filter(([, p]) => p.round === round));
  return { [`flags.${MODULE_ID}.pace`]: { ...kept, [tokenId]: { round, feet } } };
}

/** A started combat both tokens are in. */
export function combatWith(...tokens: readonly TokenDocument.Implementation[]): Combat.Implementation | undefined {
  for (const combat of game.combats) {
    if (!combat.started) continue;
    const ids = new Set([...combat.combatants].map((c) => c.tokenId));
    if (tokens.every((t) => ids.has(t.id))) return combat;
  }
  return undefined;
}
