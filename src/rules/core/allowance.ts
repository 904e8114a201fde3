/**
 * How often a creature may take an action in one combat round, as each source text has it. The
 * shell counts what a creature has done this round (its cards) and refuses a player's request
 * beyond it, saying why; the GM, who referees, is not held to it (a fighter's iterative attacks
 * are the GM's call).
 */
import type { ShellAction } from "../variant.ts";

export interface Allowance {
  /** Actions sharing one count: "routine" (the creature's attack routine or major action), "breakFree", "liftOff". */
  readonly bucket: "routine" | "breakFree" | "liftOff";
  /** How many a round. */
  readonly limit: number;
  /** Counted apart for each hold (or each holder) it is aimed at: one try to break free of each. */
  readonly perHold: boolean;
  /** i18n key saying why: the rule as the module reads it. */
  readonly reason: string;
}

const routine = (reason: string): Allowance => ({ bucket: "routine", limit: 1, perHold: false, reason });
const onePerHold = (reason: string): Allowance => ({ bucket: "breakFree", limit: 1, perHold: true, reason });

/** 000: one weaponless attack routine a round (a pummel makes all its attacks at once); a break roll for each hold. */
export const D12_ALLOWANCE: Partial<Readonly<Record<ShellAction, Allowance>>> = {
  grapple: routine("WC.PerRound.routine"),
  // A grab is the monster's own attack: it spends the routine a grapple would.
  grab: routine("WC.PerRound.routine"),
  pummel: routine("WC.PerRound.routine"),
  overbear: routine("WC.PerRound.routine"),
  chargingOverbear: routine("WC.PerRound.routine"),
  breakFree: onePerHold("WC.PerRound.breakEach"),
  liftOff: { bucket: "liftOff", limit: 1, perHold: false, reason: "WC.PerRound.liftOff" },
};

/**
 * 002: one attack routine a round, and trying to break a hold is a major action too, so they
 * share the one count; each hold is broken separately. A coup de grâce kills at most one a round.
 */
export const GRAPPLE_DIE_ALLOWANCE: Partial<Readonly<Record<ShellAction, Allowance>>> = Object.fromEntries(
  (["grapple", "counterGrapple", "breakFree", "overbear", "pummel", "subdue", "grabItem", "coupDeGrace", "attackIntoGrapple", "grab"] as const).map((a) => [a, routine("WC.PerRound.majorAction")]),
);

/** 004: one attempt per attack routine; breaking free (or a counter grapple instead) one try for each holder. */
export const PERCENTILE_ALLOWANCE: Partial<Readonly<Record<ShellAction, Allowance>>> = {
  ...Object.fromEntries((["grapple", "overbear", "subdue", "grabItem", "coupDeGrace", "deathBlow", "attackIntoGrapple", "grab"] as const).map((a) => [a, routine("WC.PerRound.routine")])),
  breakFree: onePerHold("WC.PerRound.breakEach"),
  counterGrapple: onePerHold("WC.PerRound.breakEach"),
};

const BY_VARIANT: Readonly<Record<string, Partial<Readonly<Record<ShellAction, Allowance>>>>> = {
  "d12-holds": D12_ALLOWANCE,
  "grapple-die": GRAPPLE_DIE_ALLOWANCE,
  percentile: PERCENTILE_ALLOWANCE,
};

/** What a round allows of `action` under the variant's rules; null: not counted (release, standing up). */
export function roundAllowance(variant: string, action: ShellAction): Allowance | null {
  return BY_VARIANT[variant]?.[action] ?? null;
}
