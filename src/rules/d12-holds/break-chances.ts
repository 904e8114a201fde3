/**
 * 000 §Maintaining holds, as chances rather than rolls: for each hold, the exact chance that the
 * held creature breaks it at the end of the round now running, by the same steps the round end
 * takes (round-end.ts), so the holds panel shows what the round end will roll for.
 *
 * - A hold whose holder is out when the round end begins is let go, not broken (chance 0).
 * - The stranglehold's 2d4 (or a monster's grab's own figure, issue 31) comes before the break rolls when the option's order says so: a held
 *   creature it knocks out rolls no break, and a holder it knocks out lets go of its holds
 *   (which changes how many hold the creature when the others are rolled).
 * - A hold gained this round rolls nothing (its break roll came when it was made).
 * - The others roll in the order the holds are listed; the 11 and 12 targets for many holders are
 *   recounted after each break, so a later hold's chance sums over what the earlier rolls did.
 *
 * Each stranglehold rolls its own dice and deals them to its own held creature, and each break
 * roll is its own d12: the pieces are independent, and every sum below is exact (no sampling).
 */
import type { Ledger } from "../core/damage.ts";
import { addDamage } from "../core/damage.ts";
import { awakeByLedger } from "../core/awake.ts";
import { pAtLeast, sumOfDice } from "../core/dist.ts";
import { sumMods } from "../core/trace.ts";
import { breakModifiers, breakTarget, distinctHolders } from "./breaks.ts";
import { grappleSplit } from "./grapple.ts";
import type { Hold } from "./holds.ts";
import type { D12Options } from "./options.ts";
import type { D12Combatant } from "./profile.ts";
import type { RoundEndInput } from "./round-end.ts";
import { roundEndDamage } from "./round-end.ts";

/** Why a hold's chance is what it is. */
export type BreakChanceWhy = "rolls" | "madeThisRound" | "holderOut" | "heldOut";

export interface BreakChance {
  /** The chance the held creature breaks this hold at this round's end (0 to 1). */
  readonly p: number;
  /** rolls: a break roll may come; madeThisRound: none this round; holderOut: let go at the start; heldOut: out, it rolls nothing. */
  readonly why: BreakChanceWhy;
}

/** Past this many holders who might be knocked out mid-way, their cases are not all summed (2^n). */
const MAX_UNSURE_HOLDERS = 10;

/** The chance a creature is still awake after the damage the listed holds deal it (round-end.ts `roundEndDamage`). */
function awakeAfter(ledger: Ledger | undefined, dealt: ReadonlyArray<{ readonly count: number; readonly sides: number; readonly bonus: number }>, options: D12Options): number {
  if (!awakeByLedger(ledger)) return 0;
  if (!ledger || dealt.length === 0) return 1;
  // Every hold's damage is split on its own (rounding per hold), then added up.
  let cases: Array<[Ledger, number]> = [[ledger, 1]];
  for (const d of dealt) {
    const each = sumOfDice(d.count, d.sides);
    const next = new Map<string, [Ledger, number]>();
    for (const [l, p] of cases) {
      for (const [total, q] of each) {
        const after = addDamage(l, grappleSplit(Math.max(0, total + d.bonus), options));
        const key = `${after.actual}|${after.temporary}`;
        const cur = next.get(key);
        next.set(key, [after, (cur?.[1] ?? 0) + p * q]);
      }
    }
    cases = [...next.values()];
  }
  return cases.reduce((s, [l, p]) => s + (awakeByLedger(l) ? p : 0), 0);
}

/**
 * The sequential break rolls of one held creature, given which of its holds are still kept: the
 * chance each hold is broken. States are the holds still standing (targets follow their holders'
 * count), merged where equal.
 */
function rollsInOrder(defender: D12Combatant, mine: readonly Hold[], round: number, options: D12Options, out: Map<string, number>, weight: number): void {
  let states = new Map<string, { left: Hold[]; p: number }>([[mine.map((h) => h.id).join("|"), { left: [...mine], p: 1 }]]);
  for (const h of mine) {
    if (h.roundGained >= round) continue;
    const next = new Map<string, { left: Hold[]; p: number }>();
    const put = (left: Hold[], p: number) => {
      if (p === 0) return;
      const key = left.map((x) => x.id).join("|");
      const cur = next.get(key);
      if (cur) cur.p += p;
      else next.set(key, { left, p });
    };
    for (const s of states.values()) {
      const target = breakTarget(defender, h, distinctHolders(s.left)).target;
      const pBreak = pAtLeast(12, sumMods(breakModifiers(defender, h, options)), target);
      out.set(h.id, (out.get(h.id) ?? 0) + weight * s.p * pBreak);
      put(
        s.left.filter((x) => x.id !== h.id),
        s.p * pBreak,
      );
      put(s.left, s.p * (1 - pBreak));
    }
    states = next;
  }
}

/** Every hold's chance of being broken by its held creature at the end of `input.round`. */
export function roundEndBreakChances(input: RoundEndInput, options: D12Options): Map<string, BreakChance> {
  const byId = new Map(input.combatants.map((c) => [c.id, c]));
  const ledgers = input.ledgers ?? {};
  const all = input.holds.filter((h) => byId.has(h.heldId) && byId.has(h.holderId));
  const awakeNow = (id: string) => awakeByLedger(ledgers[id]);
  const result = new Map<string, BreakChance>();
  // Let go at the start: the holder is out.
  const kept = all.filter((h) => awakeNow(h.holderId));
  for (const h of all) if (!awakeNow(h.holderId)) result.set(h.id, { p: 0, why: "holderOut" });
  // The stranglehold's damage, when it comes before the break rolls.
  const order = options.roundEndOrder;
  const strangleFirst = order.indexOf("strangle") < order.indexOf("break");
  const strangling = (id: string) => (strangleFirst ? kept.filter((h) => h.heldId === id).flatMap((h) => roundEndDamage(h, input.round) ?? []) : []);
  const awakeMemo = new Map<string, number>();
  const pAwake = (id: string): number => {
    let v = awakeMemo.get(id);
    if (v === undefined) {
      v = awakeAfter(ledgers[id], strangling(id), options);
      awakeMemo.set(id, v);
    }
    return v;
  };
  const chances = new Map<string, number>();
  for (const defender of input.combatants) {
    const mine = kept.filter((h) => h.heldId === defender.id);
    if (mine.length === 0) continue;
    const pDefender = pAwake(defender.id);
    // Holders who may or may not be knocked out before the break rolls: every case, weighted.
    const holders = [...new Set(mine.map((h) => h.holderId))];
    const unsure = holders.filter((id) => {
      const p = pAwake(id);
      return p > 0 && p < 1;
    });
    const gone = new Set(holders.filter((id) => pAwake(id) === 0));
    if (pDefender > 0) {
      const cases = unsure.length > MAX_UNSURE_HOLDERS ? [0] : Array.from({ length: 2 ** unsure.length }, (_, i) => i);
      for (const mask of cases) {
        let w = pDefender;
        const out = new Set(gone);
        unsure.forEach((id, i) => {
          const knocked = (mask >> i) & 1;
          const pa = pAwake(id);
          w *= knocked ? 1 - pa : pa;
          if (knocked) out.add(id);
        });
        if (unsure.length > MAX_UNSURE_HOLDERS) w = pDefender * unsure.reduce((s, id) => s * pAwake(id), 1);
        if (w === 0) continue;
        rollsInOrder(
          defender,
          mine.filter((h) => !out.has(h.holderId)),
          input.round,
          options,
          chances,
          w,
        );
      }
    }
    for (const h of mine) {
      if (h.roundGained >= input.round) result.set(h.id, { p: 0, why: "madeThisRound" });
      else if (pDefender === 0) result.set(h.id, { p: 0, why: "heldOut" });
      else result.set(h.id, { p: chances.get(h.id) ?? 0, why: "rolls" });
    }
  }
  return result;
}
