/**
 * Whose statistics a number on a card or in a dialog comes from, so that players see their own
 * creatures' numbers and not the GM's (unless the GM allows it). Pure: it reads the core's trace
 * (modifier reason keys and die purposes) and answers with the creatures each number belongs to.
 *
 * A modifier is the roller's own (its Strength, its speed), the opponent's (the target's armor,
 * its hit dice), both creatures' together (a height difference), or nobody's secret (a
 * circumstance the player declared, a size both can see, a rule's fixed number). A reason key
 * missing from the table counts as both creatures' (the safe side).
 */

export type Owner = "roller" | "opponent" | "both" | "public";

const ROLLER: readonly string[] = [
  "attackerHidden", "monkBreak", "monkDamage", "monsterSizeDamage", "pummelingWeapon", "speedAttacker", "strengthDamage", "strengthToHit",
  "chargerAc", "chargerNoDex", "classNonProficient", "dexSave", "pummelNonProficient", "shieldSave", "weaponDamage", "weaponToHit",
  "attackerDexScore", "attackerStrengthScore", "attackerStrengthOver18", "variableAttacker", "baseChance",
];
const OPPONENT: readonly string[] = [
  "acDamage", "armorMagic", "defenderHampered", "defenderHardToLocate", "defenderInvisible", "defenderProne", "dexAc", "magicProtection",
  "monkAc", "shieldWeaponless", "specialAc", "speedDefender", "grappledNoDex", "grappledNoShield",
  "targetNoArmor", "targetArmorBand", "targetSpeed", "targetSlowedOrStunned", "targetImmobile", "targetHasted", "targetHitDice",
  "targetAcAdjustments", "targetSlickOrWet", "targetDexterity", "targetStrength", "targetStrengthOver18", "targetHeavyArmor",
  "targetHelmet", "targetShield", "targetSlowed", "targetHindered", "targetStunned", "targetEntangled", "targetHelpless", "variableTarget",
  "heldNoDex",
];
const BOTH: readonly string[] = ["breakSizeFactor", "massChargeExcess", "heightDifference", "weightDifference"];
/** Declared circumstances, what holds and sizes everyone can see, and the rules' own numbers. */
const PUBLIC: readonly string[] = [
  "massChargeBase", "overbearAllArms", "overbearAllLegs", "overbearArm", "overbearArms", "overbearBody", "overbearHead", "overbearLeg",
  "overbearLegs", "overbearStrangle", "overbearSize", "rear", "spellDamage", "spellToHit", "underwater", "strayBlow", "attackerLarger",
  "chargeBonus", "circumstance", "defenderLarger", "dieLarger", "dieSmaller", "grappledTarget", "otherGrapplers", "situationDamage",
  "situationToHit", "slickTarget", "terrain", "weaponVsArmor", "holdSize", "primaryLimb", "secondaryLimb",
];

export const MOD_OWNERS: Readonly<Record<string, Owner>> = Object.fromEntries([
  ...ROLLER.map((k) => [k, "roller"] as const),
  ...OPPONENT.map((k) => [k, "opponent"] as const),
  ...BOTH.map((k) => [k, "both"] as const),
  ...PUBLIC.map((k) => [k, "public"] as const),
]);

/** The owner of a modifier by its reason key (WC.Mod.<name>). */
export function modOwner(key: string): Owner {
  return MOD_OWNERS[key.replace(/^WC\.Mod\./, "")] ?? "both";
}

/** Rolls the defender makes (its free attack, its save, its Variable): its numbers are the roller's. */
const DEFENDER_ROLLS: ReadonlySet<string> = new Set([
  "freeAttackToHit", "freeAttackDamage", "immediateAttackToHit", "immediateAttackDamage", "overbearSave", "firstStrike", "variableTarget",
]);

/** Which side of a pair rolls a die of this purpose: the defender its own free attack, save and Variable; the attacker the rest. */
export function rolledBy(purpose: string): "attacker" | "defender" {
  return DEFENDER_ROLLS.has(purpose) ? "defender" : "attacker";
}

/** Rolls whose target number is the rules' own (a break target, an establishing die, a hold-count chance). */
const PUBLIC_TARGETS: ReadonlySet<string> = new Set(["breakRoll", "immediateBreak", "liftOffBreak", "breakDie", "overbear", "strangleKnockOut", "massCharge"]);

export interface Pair {
  readonly attacker: string;
  readonly defender: string;
}

function rollerOf(purpose: string, pair: Pair): { roller: string; opponent: string } {
  return DEFENDER_ROLLS.has(purpose) ? { roller: pair.defender, opponent: pair.attacker } : { roller: pair.attacker, opponent: pair.defender };
}

/** The creatures (token uuids) a modifier's number belongs to, for a roll of `purpose`. */
export function modifierSecret(key: string, purpose: string, pair: Pair): string[] {
  const { roller, opponent } = rollerOf(purpose, pair);
  return ownersOf(key, roller, opponent);
}

/** The creatures a modifier's number belongs to, in a roll made by `roller` against `opponent`. */
function ownersOf(key: string, roller: string, opponent: string): string[] {
  switch (modOwner(key)) {
    case "roller":
      return [roller];
    case "opponent":
      return [opponent];
    case "both":
      return [roller, opponent];
    case "public":
      return [];
  }
}

/** The creatures whose numbers a sum of these modifiers holds, in a roll made by `roller` against `opponent`. */
export function sumSecret(keys: readonly string[], roller: string, opponent: string): string[] {
  return unionSecret(...keys.map((key) => ownersOf(key, roller, opponent)));
}

/** The creatures a roll's target number (needs N, chance N%) comes from. */
export function targetSecret(purpose: string, pair: Pair): string[] {
  return PUBLIC_TARGETS.has(purpose) ? [] : [pair.attacker, pair.defender];
}

/** Round-card lines whose numbers come from a creature's own statistics: the parameters naming it. */
export const ROUND_NUMBER_OWNERS: Readonly<Record<string, readonly string[]>> = {
  brokeHold: ["who"],
  heldFast: ["who"],
};

export function unionSecret(...lists: ReadonlyArray<readonly string[]>): string[] {
  return [...new Set(lists.flat().filter((x) => x !== ""))];
}
