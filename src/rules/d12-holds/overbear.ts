/**
 * 000 §Overbearing: the chance that attempting holders throw a held defender down, from their
 * holds and the size of the largest of them.
 */
import type { Dice, DieRoll } from "../core/dice.ts";
import { rollDie } from "../core/dice.ts";
import type { Size } from "../core/size.ts";
import { largest } from "../core/size.ts";
import type { Modifier } from "../core/trace.ts";
import { mod, sumMods } from "../core/trace.ts";
import type { Hold } from "./holds.ts";
import type { D12Options } from "./options.ts";
import type { D12Combatant } from "./profile.ts";
import { grapplingSize } from "./profile.ts";
import { OVERBEAR_HOLD_BONUS, OVERBEAR_SIZE_MODIFIER } from "./tables.ts";

export interface OverbearChance {
  readonly chance: number;
  readonly modifiers: Modifier[];
  readonly largestSize: Size | null;
}

function limbBonus(held: number, count: number, one: number, perLimb: number, all: number, allKey: string, eachKey: string, oneKey: string): Modifier | null {
  if (held === 0) return null;
  const many = count >= 3;
  const partial = many ? mod(eachKey, perLimb * held, { held }) : mod(oneKey, one);
  if (held >= count) {
    // "All" replaces the one-limb bonus unless that one is higher (many-limbed creatures).
    return all >= partial.value ? mod(allKey, all) : partial;
  }
  return partial;
}

/** The chance (before the d100) that the holders in `attempting` overbear `defender`. */
export function overbearChance(
  defender: D12Combatant,
  holds: readonly Hold[],
  attempting: readonly string[],
  options: D12Options,
  /** Holders' sizes before the Strength override, used when `strengthSizeInOverbear` is off. */
  plainSizes?: Readonly<Record<string, Size>>,
): OverbearChance {
  const used = holds.filter((h) => h.heldId === defender.id && attempting.includes(h.holderId));
  if (used.length === 0) return { chance: 0, modifiers: [], largestSize: null };
  const mods: Modifier[] = [];
  const limbsHeld = (part: "arm" | "leg") => new Set(used.filter((h) => h.part === part).map((h) => h.limb ?? 0)).size;
  const legs = limbBonus(limbsHeld("leg"), Math.max(1, defender.legs), OVERBEAR_HOLD_BONUS.oneLegTwoLegged, OVERBEAR_HOLD_BONUS.perLegManyLegged, OVERBEAR_HOLD_BONUS.allLegs, "WC.Mod.overbearAllLegs", "WC.Mod.overbearLegs", "WC.Mod.overbearLeg");
  const arms = limbBonus(limbsHeld("arm"), Math.max(1, defender.arms), OVERBEAR_HOLD_BONUS.perArm, OVERBEAR_HOLD_BONUS.perArm, OVERBEAR_HOLD_BONUS.allArms, "WC.Mod.overbearAllArms", "WC.Mod.overbearArms", "WC.Mod.overbearArm");
  if (legs) mods.push(legs);
  if (arms) mods.push(arms);
  const bodies = used.filter((h) => h.part === "body").length;
  if (bodies > 0) mods.push(mod("WC.Mod.overbearBody", OVERBEAR_HOLD_BONUS.perBodyHold * bodies, { holds: bodies }));
  if (used.some((h) => h.part === "head")) mods.push(mod("WC.Mod.overbearHead", OVERBEAR_HOLD_BONUS.head));
  if (used.some((h) => h.part === "strangle")) mods.push(mod("WC.Mod.overbearStrangle", OVERBEAR_HOLD_BONUS.strangle));
  const sizes = used.map((h) => (!options.strengthSizeInOverbear && plainSizes?.[h.holderId]) || h.holderSize);
  const big = largest(sizes) as Size;
  const dSize = options.strengthSizeInOverbear ? grapplingSize(defender) : defender.size;
  const sizeMod = OVERBEAR_SIZE_MODIFIER[dSize][big];
  if (sizeMod !== 0) mods.push(mod("WC.Mod.overbearSize", sizeMod, { attacker: big, defender: dSize }));
  return { chance: sumMods(mods), modifiers: mods, largestSize: big };
}

export interface OverbearRoll extends OverbearChance {
  readonly defenderId: string;
  readonly attempting: readonly string[];
  readonly die: DieRoll;
  readonly overborne: boolean;
}

/** One d100 at the end of the round; at or under the chance, the defender is overborne. */
export function rollOverbear(
  defender: D12Combatant,
  holds: readonly Hold[],
  attempting: readonly string[],
  options: D12Options,
  dice: Dice,
  plainSizes?: Readonly<Record<string, Size>>,
): OverbearRoll {
  const c = overbearChance(defender, holds, attempting, options, plainSizes);
  const die = rollDie(dice, 100, "overbear");
  return { ...c, defenderId: defender.id, attempting, die, overborne: die.face <= c.chance };
}
