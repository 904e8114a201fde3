/**
 * Armour as the variants know it (none, padded, leather, ... plate), worked out from what a
 * system gives: the item's own kind where it has one, else the words of its name, else its base
 * AC. Also the host tables every reader shares (Dex AC adjustment, AD&D armour ACs).
 */
import { ARMOR_BASE_AC } from "../rules/d12-holds/tables.ts";
import type { ArmorKind } from "./types.ts";

/** AD&D's armour AC (1e PHB / 2e PHB armour tables): the rules core's own list, 000's. */
export const ADND_ARMOR_AC: Readonly<Record<ArmorKind, number>> = ARMOR_BASE_AC;

/** The kind a base AC stands for, on AD&D's scale (where two share an AC, the commoner one). */
export const ADND_KIND_BY_AC: Readonly<Record<number, ArmorKind>> = { 8: "leather", 7: "studded", 6: "scale", 5: "chain", 4: "banded", 3: "plate" };

/** Words in an armour's name, checked in this order ("studded leather" before "leather", "plate mail" before "mail"). */
const NAME_WORDS: ReadonlyArray<readonly [RegExp, ArmorKind]> = [
  [/\bplate\b|\bplatemail\b|\bharness\b/, "plate"],
  [/\bbanded\b|\bbrigandine\b|\bhalf[- ]?plate\b/, "banded"],
  [/\bsplint\b|\bsplinted\b/, "splint"],
  [/\bchain\b|\bchainmail\b|\bmail shirt\b|\bhauberk\b/, "chain"],
  [/\bscale\b|\bscalemail\b|\bhide\b|\bbreastplate\b|\blamellar\b/, "scale"],
  [/\bring\b|\bringmail\b/, "ring"],
  [/\bstudded\b/, "studded"],
  [/\bleather\b|\bcuir\b/, "leather"],
  [/\bpadded\b|\bquilted\b|\bgambeson\b|\barming\b/, "padded"],
];

/** The armour kind named in an item's name, or undefined. */
export function kindFromName(name: string): ArmorKind | undefined {
  const t = name.toLowerCase();
  if (/\bring of\b|\bcloak\b|\bbracers?\b|\bshield\b/.test(t)) return undefined;
  for (const [re, kind] of NAME_WORDS) if (re.test(t)) return kind;
  return undefined;
}

/** The kind for a base AC on a scale (AD&D's unless a system gives its own). */
export function kindFromAc(ac: number, scale: Readonly<Record<number, ArmorKind>> = ADND_KIND_BY_AC): ArmorKind | undefined {
  if (scale[ac]) return scale[ac];
  const known = Object.keys(scale).map(Number).sort((a, b) => a - b);
  const best = known[0];
  if (best !== undefined && ac < best) return scale[best];
  return undefined;
}

/** The magic plus written in a name: "Chain Mail +1" 1, "Shield, +2" 2, "Leather -1" -1. */
export function plusFromName(name: string): number | undefined {
  const m = /(?:^|[\s,(])([+-])\s?(\d)\b/.exec(name.replace(/[\u2212\u2013]/g, "-"));
  if (!m) return undefined;
  return Number(m[2]) * (m[1] === "-" ? -1 : 1);
}

/** A worn ring or cloak of protection, and its plus: "Ring of Protection +1" 1. */
export function protectionPlus(name: string): number | undefined {
  const t = name.toLowerCase();
  if (!/\b(ring|cloak|amulet|periapt|bracers)\b.*\bprotection\b/.test(t)) return undefined;
  return plusFromName(name) ?? 1;
}

export function isHelmet(name: string): boolean {
  return /\b(helm|helmet|bascinet|basinet|coif|great helm)\b/i.test(name);
}

/**
 * The AD&D Dexterity table's defensive adjustment (1e PHB and 2e PHB agree from 3 to 18; 2e
 * goes on to 25). Negative is better, as the table prints it.
 */
export function dexDefense(score: number): number {
  const s = Math.round(score);
  if (s <= 2) return 5;
  if (s === 3) return 4;
  if (s === 4) return 3;
  if (s === 5) return 2;
  if (s === 6) return 1;
  if (s <= 14) return 0;
  if (s === 15) return -1;
  if (s === 16) return -2;
  if (s === 17) return -3;
  if (s <= 20) return -4;
  if (s <= 23) return -5;
  return -6;
}

/** B/X and OSE's ability modifier (3: -3, 4-5: -2, 6-8: -1, 9-12: 0, 13-15: +1, 16-17: +2, 18: +3). */
export function bxModifier(score: number): number {
  const s = Math.round(score);
  if (s <= 3) return -3;
  if (s <= 5) return -2;
  if (s <= 8) return -1;
  if (s <= 12) return 0;
  if (s <= 15) return 1;
  if (s <= 17) return 2;
  return 3;
}

/** d20 ability modifier (dnd5e): floor((score - 10) / 2). */
export function d20Modifier(score: number): number {
  return Math.floor((score - 10) / 2);
}
