/**
 * Strength as all three variants read it: a score and, for an 18, the exceptional percentage
 * (1-100, where 100 stands for 18/00).
 */
import type { IssueList } from "./errors.ts";
import type { RangeTable } from "./table.ts";
import { lookup } from "./table.ts";
import type { Modifier } from "./trace.ts";
import { mod } from "./trace.ts";

export interface Strength {
  readonly score: number;
  readonly exceptional?: number;
}

/** Percentage points above 18: 18/50 -> 50, 18/00 -> 100, 19 -> 100, 20 -> 200. */
export function pctOver18(s: Strength): number {
  if (s.score < 18) return 0;
  if (s.score === 18) return s.exceptional ?? 0;
  return (s.score - 18) * 100;
}

export function formatStrength(s: Strength): string {
  if (s.score === 18 && s.exceptional !== undefined) {
    return s.exceptional === 100 ? "18/00" : `18/${String(s.exceptional).padStart(2, "0")}`;
  }
  return String(s.score);
}

export interface StrengthBonuses {
  readonly toHit: number;
  readonly damage: number;
}

/**
 * The host system's Strength table (AD&D 1e Players Handbook). 000 says characters use "their
 * normal strength bonuses"; the table is the host's, so it lives here and is labelled so.
 * Rows are keyed by a single number: score * 1000 + exceptional (18/00 -> 18100).
 * Scores 3-18/00 are the Players Handbook's rows; 19-25 are the giant-strength rows the 1e books
 * give for monsters and magic (hill giant 19 ... titan 25). The table starts at 3; a score of 1
 * or 2 (a drained or cursed creature) reads the 3 row.
 */
export const STRENGTH_TABLE = {
  id: "strength-1e",
  source: "host system: AD&D 1e PHB Strength table",
  rows: [
    { max: 3999, result: { toHit: -3, damage: -1 } },
    { min: 4000, max: 5999, result: { toHit: -2, damage: -1 } },
    { min: 6000, max: 7999, result: { toHit: -1, damage: 0 } },
    { min: 8000, max: 15999, result: { toHit: 0, damage: 0 } },
    { min: 16000, max: 16999, result: { toHit: 0, damage: 1 } },
    { min: 17000, max: 17999, result: { toHit: 1, damage: 1 } },
    { min: 18000, max: 18000, result: { toHit: 1, damage: 2 } },
    { min: 18001, max: 18050, result: { toHit: 1, damage: 3 } },
    { min: 18051, max: 18075, result: { toHit: 2, damage: 3 } },
    { min: 18076, max: 18090, result: { toHit: 2, damage: 4 } },
    { min: 18091, max: 18099, result: { toHit: 2, damage: 5 } },
    { min: 18100, max: 18999, result: { toHit: 3, damage: 6 } },
    { min: 19000, max: 19999, result: { toHit: 3, damage: 7 } },
    { min: 20000, max: 20999, result: { toHit: 3, damage: 8 } },
    { min: 21000, max: 21999, result: { toHit: 4, damage: 9 } },
    { min: 22000, max: 22999, result: { toHit: 4, damage: 10 } },
    { min: 23000, max: 23999, result: { toHit: 5, damage: 11 } },
    { min: 24000, max: 24999, result: { toHit: 6, damage: 12 } },
    { min: 25000, result: { toHit: 7, damage: 14 } },
  ],
} as const satisfies RangeTable<StrengthBonuses>;

export function strengthKey(s: Strength): number {
  return s.score * 1000 + (s.score === 18 ? (s.exceptional ?? 0) : 0);
}

export function strengthBonuses(s: Strength): StrengthBonuses {
  return lookup(STRENGTH_TABLE, strengthKey(s));
}

/** Strength to-hit and damage, only for creatures whose Strength is given. */
export function strengthMods(c: { readonly strength?: Strength }): StrengthBonuses | null {
  return c.strength ? strengthBonuses(c.strength) : null;
}

/** The creature's Strength to-hit bonus as a modifier (none when it is 0 or Strength is not given). */
export function strengthToHit(c: { readonly strength?: Strength }): Modifier[] {
  const s = strengthMods(c);
  return s && s.toHit !== 0 ? [mod("WC.Mod.strengthToHit", s.toHit)] : [];
}

/** The creature's Strength damage bonus as a modifier (none when it is 0 or Strength is not given). */
export function strengthDamage(c: { readonly strength?: Strength }): Modifier[] {
  const s = strengthMods(c);
  return s && s.damage !== 0 ? [mod("WC.Mod.strengthDamage", s.damage)] : [];
}

/** Checks a profile's `strength` field into `issues`: a score 1-25, and an exceptional 1-100 only on an 18. */
export function checkStrength(issues: IssueList, path: string, v: unknown): void {
  if (!issues.object(path, v)) return;
  if (issues.int(`${path}.score`, v.score, 1, 25) && v.exceptional !== undefined) {
    if (v.score !== 18) issues.add(`${path}.exceptional`, "exceptionalNeeds18");
    else issues.int(`${path}.exceptional`, v.exceptional, 1, 100);
  }
}
