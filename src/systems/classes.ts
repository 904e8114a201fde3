/**
 * Class names as the variants group them: percentile's four Variable columns (monks count as
 * clerics, 004) and the AD&D non-proficiency penalty of each group (1e PHB / 2e PHB).
 */
import type { ClassGroupId } from "./types.ts";

const GROUP_WORDS: ReadonlyArray<readonly [RegExp, ClassGroupId]> = [
  [/fighter|warrior|paladin|ranger|barbarian|cavalier|knight|dwarf|halfling|acrobat/i, "fighter"],
  [/cleric|priest|druid|monk|shaman|friar|crusader/i, "cleric"],
  [/thief|rogue|assassin|bard|scout/i, "thief"],
  [/magic[- ]?user|mage|wizard|sorcerer|warlock|illusionist|necromancer|elf|witch|artificer/i, "magicUser"],
];

/** The group of a class by its name or id ("Magic-User", "mage", "Paladin"); undefined when unknown. */
export function classGroupFromName(name: string): { group: ClassGroupId } | undefined {
  for (const [re, group] of GROUP_WORDS) if (re.test(name)) return { group };
  return undefined;
}

/** The AD&D non-proficiency penalty by class group: fighters -2, clerics and thieves -3, magic-users -5. */
export const NON_PROFICIENCY_PENALTY: Readonly<Record<ClassGroupId, number>> = { fighter: -2, cleric: -3, thief: -3, magicUser: -5 };
