/**
 * 000 §Maintaining holds: an ally of a held creature who swings at one of its holders and misses
 * rolls again at -4 against the held creature itself; on a hit, the held creature takes the blow.
 * The held creature is in a hold, and every hold takes its Dex bonus away (000 §Explanation of
 * holds), so the second roll is against its normal AC without that bonus (a penalty stays); an
 * overborne one has no shield either (000 §Effects of overbearing).
 */
import { neededFrom } from "../core/to-hit.ts";
import type { Dice } from "../core/dice.ts";
import type { Modifier } from "../core/trace.ts";
import { mod } from "../core/trace.ts";
import type { ToHitRoll } from "./attack.ts";
import { commonModifiers, rollToHit } from "./attack.ts";
import type { D12Combatant } from "./profile.ts";
import type { TargetAc } from "./profile.ts";
import { hasCondition, normalAc } from "./profile.ts";

export const STRIKE_AT_HOLDER_PENALTY = -4;

export type StrikeAtHolderResult =
  | { readonly kind: "hitHolder"; readonly first: ToHitRoll }
  | { readonly kind: "hitHeld"; readonly first: ToHitRoll; readonly heldAc: TargetAc; readonly second: ToHitRoll }
  | { readonly kind: "missedBoth"; readonly first: ToHitRoll; readonly heldAc: TargetAc; readonly second: ToHitRoll };

/** The held creature's normal AC with no Dex bonus (held), and no shield when it is overborne. */
export function heldNormalAc(held: D12Combatant): TargetAc {
  const down = hasCondition(held, "prone");
  const base = normalAc(held, !down);
  const modifiers = held.dexAcAdjustment < 0 ? [mod("WC.Mod.heldNoDex", -held.dexAcAdjustment)] : [];
  let ac = base;
  for (const m of modifiers) ac += m.value;
  return { ac, base, modifiers };
}

export function resolveStrikeAtHolder(ally: D12Combatant, holder: D12Combatant, held: D12Combatant, extra: readonly Modifier[], dice: Dice): StrikeAtHolderResult {
  const mods = [...commonModifiers(ally, {}), ...extra];
  const first = rollToHit(dice, neededFrom(ally.toHit, normalAc(holder)), mods, "strikeAtHolder");
  if (first.hit) return { kind: "hitHolder", first };
  const heldAc = heldNormalAc(held);
  const second = rollToHit(dice, neededFrom(ally.toHit, heldAc.ac), [...mods, mod("WC.Mod.strayBlow", STRIKE_AT_HOLDER_PENALTY)], "strayBlow");
  return second.hit ? { kind: "hitHeld", first, heldAc, second } : { kind: "missedBoth", first, heldAc, second };
}
