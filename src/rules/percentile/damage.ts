/**
 * 004 §Grapple Damage and §Overbear Damage: table damage is part lethal, part non-lethal (which
 * heals a point a round); a lone point is always lethal. Damage from a special ability's hold
 * or trample is all lethal: the split applies only to ordinary grapples and overbears.
 */
import type { DamageSplit } from "../core/damage.ts";
import type { Dice, DieRoll } from "../core/dice.ts";
import { rollFormula } from "../core/dice.ts";
import type { GrabDice } from "../core/grab.ts";
import { splitDamage } from "../core/damage.ts";
import { strengthDamage } from "../core/strength.ts";
import type { Modifier } from "../core/trace.ts";
import type { PercentileOptions } from "./options.ts";
import type { PercentileCombatant } from "./profile.ts";
import { LETHAL_SHARE } from "./tables.ts";

export type DamageKind = "grapple" | "overbear";

/** Lethal and non-lethal parts of `total` (option `lethalRounding`; digest §7.5 reading: round up). */
export function damageSplit(total: number, kind: DamageKind, special: boolean, options: PercentileOptions): DamageSplit {
  if (special) return splitDamage(total, 1, 1, "floor");
  const share = LETHAL_SHARE[kind];
  if (options.lethalRounding === "ceil") return splitDamage(total, share.numerator, share.denominator, "ceil");
  const s = splitDamage(total, share.numerator, share.denominator, "floor");
  // 004: a single point of damage is always the lethal kind.
  return total === 1 ? { total: 1, actual: 1, temporary: 0 } : s;
}

/** Table damage as dealt: the row's value, the host Strength bonus when the option adds it, the split. */
export interface TableDamage {
  readonly base: number;
  readonly modifiers: Modifier[];
  readonly split: DamageSplit;
}

export function tableDamage(base: number, holder: PercentileCombatant, kind: DamageKind, special: boolean, options: PercentileOptions): TableDamage {
  const modifiers: Modifier[] = [];
  // Digest §7.5 [DEFAULT] off: the DMG adds Strength damage to a damaging result.
  if (options.strengthDamage && base > 0) {
    modifiers.push(...strengthDamage(holder));
  }
  const total = Math.max(0, base + modifiers.reduce((s, m) => s + m.value, 0));
  return { base, modifiers, split: damageSplit(total, kind, special, options) };
}

/**
 * A monster's grab in the hold's damage slot (issue 31, option `grabDamage`): its own dice and
 * bonus, rolled, all of it lethal (004 §Grapple Damage: a special ability's damage is not split).
 */
export interface GrabDamageRoll extends TableDamage {
  readonly dice: DieRoll[];
  readonly flat: number;
}

export function rollGrabDamage(dice: Dice, g: GrabDice): GrabDamageRoll {
  const rolled = rollFormula(dice, g, "grabRoundDamage");
  const total = Math.max(0, rolled.total + g.bonus);
  return { base: total, modifiers: [], dice: rolled.rolls, flat: g.bonus, split: splitDamage(total, 1, 1, "floor") };
}
