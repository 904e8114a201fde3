/**
 * Who is awake acts: one rule for the three variants' round ends. A creature that is out (knocked
 * out, at zero hit points, or on an unconsciousness clock) does nothing at the end of a round: it
 * keeps no hold of its own and rolls no break. Keeping a hold is something the holder does each
 * round (000 §Maintaining holds: a hold lasts while its holder maintains it; 002 §Grapple
 * Procedure step 6: the holder deals the damage; 004 §Weapon Attack: a holder lets go when it
 * falls unconscious).
 *
 * Each variant asks at the points its own round end runs through: who is out when the round end
 * begins (their holds are let go before anything is dealt), then, after the round end's damage,
 * who is still awake (their breaks are rolled, the others' are skipped).
 */
import type { Ledger } from "./damage.ts";
import { vitality } from "./damage.ts";

export interface HoldBetween {
  readonly id: string;
  readonly holderId: string;
  readonly heldId: string;
}

/** Awake by a damage ledger: neither knocked out nor at zero hit points. No ledger: awake. */
export function awakeByLedger(ledger: Ledger | undefined): boolean {
  return ledger === undefined || vitality(ledger).kind === "conscious";
}

/**
 * Who will be out when the round end asks, by what an action leaves behind (`after`: the
 * unconscious marked then, and the ledgers with its damage): by the unconscious mark, and by the
 * ledger where the variant's round end reads one (000, 004; 002 asks the mark and its clock only).
 */
export function outAfterAction(after: { readonly unconscious: readonly string[]; readonly ledgers: Readonly<Record<string, Ledger>> } | undefined, id: string, byLedger: boolean): boolean {
  if (!after) return false;
  return after.unconscious.includes(id) || (byLedger && !awakeByLedger(after.ledgers[id]));
}

/** The holds split by their holders: those an awake holder keeps, and those let go. */
export function letGoByTheOut<H extends HoldBetween>(holds: readonly H[], awake: (id: string) => boolean): { kept: H[]; released: H[] } {
  const kept: H[] = [];
  const released: H[] = [];
  for (const h of holds) (awake(h.holderId) ? kept : released).push(h);
  return { kept, released };
}
