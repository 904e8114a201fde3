/**
 * 002 §Striking to Subdue: subdual damage is 75% temporary and 25% real, and a creature whose
 * real plus temporary damage reaches its hit points is subdued and must surrender. The ledger and
 * the threshold are the core's (core/damage.ts); this names the outcome in 002's words.
 */
import type { DamageSplit, Ledger } from "../core/damage.ts";
import { addDamage, splitDamage, vitality } from "../core/damage.ts";
import type { GrappleDieOptions } from "./options.ts";

export function subdualSplit(total: number, options: GrappleDieOptions): DamageSplit {
  return splitDamage(total, 1, 4, options.subdualActualRounding);
}

export type SubdualStatus =
  | { readonly kind: "fighting" }
  /** Real plus temporary damage reached the hit points: the creature surrenders. */
  | { readonly kind: "subdued" }
  /** Real damage alone reached them: the host's ordinary death rules take over. */
  | { readonly kind: "zeroHp" };

export function subdualStatus(l: Ledger): SubdualStatus {
  const v = vitality(l);
  switch (v.kind) {
    case "conscious":
      return { kind: "fighting" };
    case "unconscious":
      return { kind: "subdued" };
    case "zeroHp":
      return { kind: "zeroHp" };
  }
}

/** Adds a blow's split to a ledger and says what the creature is now. */
export function applyDamage(l: Ledger, split: DamageSplit): { ledger: Ledger; status: SubdualStatus } {
  const ledger = addDamage(l, split);
  return { ledger, status: subdualStatus(ledger) };
}
