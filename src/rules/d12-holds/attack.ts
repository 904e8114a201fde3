/**
 * The to-hit roll shared by pummels and grapples: 000 §Special pummeling modifiers (with the
 * prone footnote), Strength, spells, underwater, and for grapples the speed table.
 */
import { strengthToHit } from "../core/strength.ts";
import type { ToHitRoll } from "../core/to-hit.ts";
import { rollToHit } from "../core/to-hit.ts";
import type { Modifier } from "../core/trace.ts";
import { mod } from "../core/trace.ts";
import type { Hold } from "./holds.ts";
import { holdEffects } from "./holds.ts";
import type { D12Combatant, TargetAc } from "./profile.ts";
import { effectiveMovement, hasCondition, weaponlessAc } from "./profile.ts";
import type { D12Options } from "./options.ts";
import type { SpeedRow } from "./tables.ts";
import { SPECIAL_TO_HIT, SPEED_TABLE } from "./tables.ts";
import { lookup } from "../core/table.ts";

/** What the attacker declares or the table knows about this attack. */
export interface Situation {
  /** The attack comes from the defender's rear (no shield, +2). */
  readonly rear?: boolean;
  readonly underwater?: boolean;
  /** Bless, Prayer and similar to-hit magic (not magic weapon pluses). */
  readonly toHitBonus?: number;
  /** Chant, Prayer and similar damage magic (Strength is separate). */
  readonly damageBonus?: number;
  /** Normal attacks by the intended target that hit the attacker this round; each may cost an attack. */
  readonly targetHits?: ReadonlyArray<{ readonly damaged: boolean }>;
  /** The combat round, for when holds are gained. */
  readonly round?: number;
  /** Holds already on the defender (immobilization, room for more holds). */
  readonly holds?: readonly Hold[];
  /** Holds the attacker is already maintaining on anyone. */
  readonly attackerHolds?: number;
  /** Which grapple attack of the attacker's routine this is (1-based), for hold ids. */
  readonly attackIndex?: number;
}

/** 000 §Special pummeling modifiers, prone not adding to rear or hampered. */
export function specialModifiers(attacker: D12Combatant, defender: D12Combatant, s: Situation, mode: "pummel" | "grapple"): Modifier[] {
  const mods: Modifier[] = [];
  const prone = hasCondition(defender, "prone");
  const held = s.holds ? holdEffects(defender, s.holds).immobilized : false;
  const hampered =
    hasCondition(defender, "stunned") || hasCondition(defender, "entangled") || hasCondition(defender, "slowed") || hasCondition(defender, "immobilized") || held;
  if (prone) {
    mods.push(mod("WC.Mod.defenderProne", SPECIAL_TO_HIT.defenderProne));
  } else {
    if (s.rear) mods.push(mod("WC.Mod.rear", SPECIAL_TO_HIT.rear));
    if (hampered) mods.push(mod("WC.Mod.defenderHampered", SPECIAL_TO_HIT.defenderHampered));
  }
  if (hasCondition(attacker, "invisible") || hasCondition(attacker, "displaced")) mods.push(mod("WC.Mod.attackerHidden", SPECIAL_TO_HIT.attackerHidden));
  if (hasCondition(defender, "invisible")) mods.push(mod("WC.Mod.defenderInvisible", SPECIAL_TO_HIT.defenderInvisible));
  else if (hasCondition(defender, "displaced")) mods.push(mod("WC.Mod.defenderHardToLocate", SPECIAL_TO_HIT.defenderHardToLocate));
  // A pummeling weapon is made for pummels; a grappler's hands are empty.
  if (mode === "pummel" && attacker.pummelingWeapon) mods.push(mod("WC.Mod.pummelingWeapon", SPECIAL_TO_HIT.pummelingWeapon));
  return mods;
}

export interface SpeedModifiers {
  readonly attackerMovement: number;
  readonly defenderMovement: number;
  readonly attackerRow: SpeedRow;
  readonly defenderRow: SpeedRow;
  readonly modifiers: Modifier[];
  readonly net: number;
}

/** 000 §Speed modification: the AT's row's AT entry plus the DR's row's DR entry. */
export function speedModifiers(attacker: D12Combatant, defender: D12Combatant): SpeedModifiers {
  const a = effectiveMovement(attacker).movement;
  const d = effectiveMovement(defender).movement;
  const aRow = lookup(SPEED_TABLE, a);
  const dRow = lookup(SPEED_TABLE, d);
  const modifiers = [mod("WC.Mod.speedAttacker", aRow.attacker, { movement: a }), mod("WC.Mod.speedDefender", dRow.defender, { movement: d })];
  return { attackerMovement: a, defenderMovement: d, attackerRow: aRow, defenderRow: dRow, modifiers, net: aRow.attacker + dRow.defender };
}

export function commonModifiers(attacker: D12Combatant, s: Situation): Modifier[] {
  const mods: Modifier[] = [];
  mods.push(...strengthToHit(attacker));
  if (s.toHitBonus) mods.push(mod("WC.Mod.spellToHit", s.toHitBonus));
  return mods;
}

/** The d20 to hit: a hit when the total reaches the number needed. */
export type { ToHitRoll };
export { rollToHit };

/** 000: one attack is lost for each hit the intended target scores on the attacker this round. */
export function attacksLostToHits(s: Situation, needsDamage: boolean): number {
  return (s.targetHits ?? []).filter((h) => h.damaged || !needsDamage).length;
}

/** The AC this attack must hit, with the Dex and shield losses of a held or overborne defender. */
export function targetAcFor(defender: D12Combatant, mode: "pummel" | "grapple", s: Situation, options: D12Options): TargetAc {
  const held = (s.holds ?? []).some((h) => h.heldId === defender.id);
  return weaponlessAc(defender, mode, !s.rear, options, held);
}
