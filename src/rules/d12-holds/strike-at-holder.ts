/**
 * 000 §Maintaining holds: an ally of a held creature who swings at one of its holders and misses
 * rolls again at -4 against the held creature itself; on a hit, the held creature takes the blow.
 */
import type { Dice } from "../core/dice.ts";
import type { Modifier } from "../core/trace.ts";
import { mod } from "../core/trace.ts";
import type { ToHitRoll } from "./attack.ts";
import { commonModifiers, rollToHit } from "./attack.ts";
import type { D12Combatant } from "./profile.ts";
import { neededToHit, normalAc } from "./profile.ts";

export const STRIKE_AT_HOLDER_PENALTY = -4;

export type StrikeAtHolderResult =
  | { readonly kind: "hitHolder"; readonly first: ToHitRoll }
  | { readonly kind: "hitHeld"; readonly first: ToHitRoll; readonly second: ToHitRoll }
  | { readonly kind: "missedBoth"; readonly first: ToHitRoll; readonly second: ToHitRoll };

export function resolveStrikeAtHolder(ally: D12Combatant, holder: D12Combatant, held: D12Combatant, extra: readonly Modifier[], dice: Dice): StrikeAtHolderResult {
  const mods = [...commonModifiers(ally, {}), ...extra];
  const first = rollToHit(dice, neededToHit(ally.toHit, normalAc(holder)), mods, "strikeAtHolder");
  if (first.hit) return { kind: "hitHolder", first };
  const second = rollToHit(dice, neededToHit(ally.toHit, normalAc(held)), [...mods, mod("WC.Mod.strayBlow", STRIKE_AT_HOLDER_PENALTY)], "strayBlow");
  return second.hit ? { kind: "hitHeld", first, second } : { kind: "missedBoth", first, second };
}
