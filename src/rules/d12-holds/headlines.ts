/**
 * Variant d12-holds (000): headlines beyond the plain `WC.Result.<kind>` keys: rising (with its
 * consequences) and the reason an action is not allowed.
 */
import type { Consequences } from "../core/consequences.ts";
import { REFUSED_KEY, riseConsequences } from "../core/shell.ts";
import type { StandUpResult } from "./holds.ts";

const STAND_REASON: Readonly<Record<string, string>> = { notProne: "WC.Reason.notProne", immobilized: "WC.Reason.immobilizedByHold" };

/** Rising (000 §Effects of overbearing): the headline, and the consequences when `c` is given. */
export function standUp(r: StandUpResult, id: string, inCombat: boolean, c: Consequences): { key: string; params?: Record<string, string> } {
  if (r.kind === "notAllowed") return { key: REFUSED_KEY, params: { reason: STAND_REASON[r.reason] ?? "WC.Result.notAllowed" } };
  return riseConsequences(c, id, r.takes, inCombat);
}

export function eligibilityReason(r: { readonly kind: string; readonly reason?: string } | null): string | undefined {
  return r?.kind === "notAllowed" ? r.reason : undefined;
}
