/**
 * The stat-block text fields of old-school sheets, read into numbers: hit dice ("3+3", "1-1",
 * "2d8+2"), attacks ("2 claws/1 bite", "1 × bite (1d6)"), damage ("1d8"), Strength ("18/76"),
 * height ("5'10\""), weight ("150 lb"), movement ("9\"", "120' (40')") and Intelligence
 * ("Average (8-10)"). Each answers undefined for text it cannot read.
 */
import type { Strength } from "../rules/core/strength.ts";
import type { DamageDice, HitDiceFact, IntelligenceBand } from "./types.ts";
import { INTELLIGENCE_BANDS } from "./types.ts";

const MINUS = /[\u2212\u2013\u2014]/g;

function clean(t: string): string {
  return t.replace(MINUS, "-").replace(/\*/g, "").trim().toLowerCase();
}

/** "3+3" -> 3 dice +3; "1-1" -> 1 die -1; "2d8+2" -> 2 dice +2; "1/2" or "½" -> 0 dice; "4" -> 4 dice. */
export function parseHitDice(raw: string): HitDiceFact | undefined {
  const t = clean(raw).replace(/\s+/g, "");
  if (/^(1\/2|½|0\.5|1-4hp|1d4hp)$/.test(t)) return { dice: 0, adjustment: 0 };
  const m = /^(\d{1,3})(?:d\d{1,3})?(?:([+-])(\d{1,3}))?(?:hp)?$/.exec(t);
  if (!m) return undefined;
  const dice = Number(m[1]);
  const adj = m[3] === undefined ? 0 : Number(m[3]) * (m[2] === "-" ? -1 : 1);
  return { dice, adjustment: adj };
}

/** The first dice expression in the text: "1d8", "2d4+1", "d6" (one die). */
export function parseDamage(raw: string): DamageDice | undefined {
  const m = /(\d{0,2})\s*d\s*(\d{1,3})(?:\s*([+-])\s*(\d{1,3}))?/.exec(clean(raw));
  if (!m) return undefined;
  const count = m[1] === "" || m[1] === undefined ? 1 : Number(m[1]);
  const sides = Number(m[2]);
  if (count < 1 || count > 20 || sides < 1 || sides > 100) return undefined;
  const bonus = m[4] === undefined ? 0 : Number(m[4]) * (m[3] === "-" ? -1 : 1);
  return { count, sides, bonus };
}

/** Whether an attack's text names a wielded weapon ("1 × weapon (1d6)", "club") rather than a bite or claw. */
export function namesWeapon(raw: string): boolean {
  return /\b(?:great|long|short|bastard\s)?(weapon|club|sword|spear|axe|mace|dagger|bow|staff|flail|hammer|morning ?star|halberd|pike|trident|javelin|sling|scimitar|whip|lance)s?\b/i.test(raw);
}

const NUMBER_WORDS: Readonly<Record<string, number>> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8 };

/**
 * Attacks per round from a stat block: "2 claws/1 bite" 3, "claw/claw/bite" 3, "1 × weapon (1d8)" 1,
 * "2 × claw (1d3), 1 × bite (1d6)" 3, "3" 3. With alternatives ("2 fists or 1 weapon") the first counts.
 */
export function parseAttacks(raw: string): number | undefined {
  let t = clean(raw).replace(/\([^)]*\)/g, " ");
  t = t.split(/\s+or\s+|;/)[0] ?? "";
  if (/^\s*\d{1,6}\s*$/.test(t)) return Number(t);
  const parts = t.split(/[/,+&]|\band\b/).map((p) => p.trim()).filter((p) => p.length > 0);
  if (parts.length === 0) return undefined;
  let total = 0;
  for (const p of parts) {
    // A count, however large: whether it is too many is the reader's call ("999 claws").
    const lead = /^(\d{1,6}|one|two|three|four|five|six|seven|eight)\b\s*[×x*]?\s*/.exec(p);
    if (lead) total += Number(lead[1]) || NUMBER_WORDS[lead[1] as string] || 0;
    else if (/[a-z]/.test(p)) total += 1;
  }
  return total > 0 ? total : undefined;
}

/** "18/76" -> 18 with 76 %; "18/00" -> 18 with 100 %; "17" -> 17. */
export function parseStrength(raw: string): Strength | undefined {
  const m = /^\s*(\d{1,2})\s*(?:\/\s*(\d{1,3}))?\s*$/.exec(raw);
  if (!m) return undefined;
  const score = Number(m[1]);
  if (score < 1 || score > 25) return undefined;
  if (m[2] === undefined || score !== 18) return { score };
  const pct = m[2] === "00" || m[2] === "100" ? 100 : Number(m[2]);
  return pct >= 1 && pct <= 100 ? { score, exceptional: pct } : { score };
}

/**
 * Height in inches: 5'10" 70, 5' 10 70, 6' 72, "5 ft 10 in" 70, "70 in" 70, "180 cm" 71,
 * "1.8 m" 71. A bare number up to 9 is feet, above that inches.
 */
export function parseHeight(raw: string): number | undefined {
  const t = clean(raw).replace(/’|′/g, "'").replace(/”|″|''/g, '"');
  let m = /^(\d{1,3}(?:\.\d+)?)\s*(?:'|ft\.?|feet|foot)\s*(?:(\d{1,2}(?:\.\d+)?)\s*(?:"|in\.?|inches)?)?$/.exec(t);
  if (m) return positive(Math.round(Number(m[1]) * 12 + (m[2] === undefined ? 0 : Number(m[2]))));
  m = /^(\d{1,4}(?:\.\d+)?)\s*(?:"|in\.?|inches)$/.exec(t);
  if (m) return positive(Math.round(Number(m[1])));
  m = /^(\d{1,4}(?:\.\d+)?)\s*cm$/.exec(t);
  if (m) return positive(Math.round(Number(m[1]) / 2.54));
  m = /^(\d{1,2}(?:\.\d+)?)\s*m$/.exec(t);
  if (m) return positive(Math.round((Number(m[1]) * 100) / 2.54));
  m = /^(\d{1,4}(?:\.\d+)?)$/.exec(t);
  if (m) {
    const n = Number(m[1]);
    return positive(Math.round(n <= 9 ? n * 12 : n));
  }
  return undefined;
}

/** Weight in pounds: "150 lb" 150, "150" 150, "1,200 lbs." 1200, "68 kg" 150, "2 tons" 4000. */
export function parseWeight(raw: string): number | undefined {
  const t = clean(raw).replace(/(\d),(\d{3})/g, "$1$2");
  const m = /^(\d{1,8}(?:\.\d+)?)\s*(lbs?\.?|pounds?|#|kg|kgs|kilograms?|tons?|t)?$/.exec(t);
  if (!m) return undefined;
  const n = Number(m[1]);
  const unit = m[2] ?? "lb";
  if (unit.startsWith("k")) return positive(Math.round(n * 2.20462));
  if (unit.startsWith("t")) return positive(Math.round(n * 2000));
  return positive(Math.round(n));
}

/**
 * Land movement in inches: 9" 9, 12"/24" 12 (the first rate), 120' (40') 12, "90 ft" 9, 12 12.
 * Feet are tenths of an inch of movement (AD&D's 1" is 10 feet); a bare number above 30 is feet.
 */
export function parseMovement(raw: string): number | undefined {
  const t = clean(raw).replace(/’|′/g, "'").replace(/”|″|''/g, '"');
  const m = /(-\s*)?(\d{1,5})\s*("|'|ft\.?|feet|in\.?|inches)?/.exec(t);
  if (!m) return undefined;
  // A negative rate is no rate: "-120" is not 12".
  if (m[1] !== undefined) return undefined;
  const n = Number(m[2]);
  const unit = m[3] ?? "";
  const inches = unit === "'" || unit.startsWith("f") || (unit === "" && n > 30) ? Math.round(n / 10) : n;
  return inches >= 0 && inches <= 240 ? inches : undefined;
}

/** Whether a stat-block text starts with a minus sign before its number ("-3", "−120'"). */
export function negativeText(raw: string): boolean {
  return /^\s*-\s*\d/.test(clean(raw));
}

/** The AD&D Intelligence bands by score (1e DMG / 2e MM ranges). */
export function intelligenceFromScore(score: number): IntelligenceBand {
  if (score <= 0) return "non";
  if (score === 1) return "animal";
  if (score <= 4) return "semi";
  if (score <= 7) return "low";
  if (score <= 10) return "average";
  if (score <= 12) return "very";
  if (score <= 14) return "high";
  if (score <= 16) return "exceptional";
  if (score <= 18) return "genius";
  if (score <= 20) return "supra";
  return "godlike";
}

/** "Average (8-10)" average, "Semi-" semi, "Supra-genius" supra, "Non-" non, "12" very. */
export function parseIntelligence(raw: string): IntelligenceBand | undefined {
  const t = clean(raw);
  const n = /^\s*(\d{1,2})\s*$/.exec(t);
  if (n) return intelligenceFromScore(Number(n[1]));
  const word = /^[a-z]+/.exec(t)?.[0];
  if (!word) return undefined;
  if (word === "supra") return "supra";
  if (word === "god") return "godlike";
  return (INTELLIGENCE_BANDS as readonly string[]).includes(word) ? (word as IntelligenceBand) : undefined;
}

function positive(n: number): number | undefined {
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

const COUNT_WORDS: Readonly<Record<string, number>> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };
const COUNT = "(a|an|one|two|three|four|five|six|seven|eight|nine|ten|\\d{1,4})";

/** The plain words of a dnd5e description: no HTML, enrichers read as their labels ("[[/item .x]]{claws}" is "claws"). */
export function plainDescription(html: string): string {
  return html
    .replace(/\[\[[^\]]*\]\]\{([^}]*)\}/g, "$1")
    .replace(/\[\[\/item\s+\.?([^\]]*)\]\]/g, (_m, name: string) => (name.startsWith("mm") ? "attack" : name))
    .replace(/\[\[[^\]]*\]\]/g, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;|&#160;/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The number of attacks a dnd5e Multiattack gives, from its text: "makes three attacks: one with
 * its bite and two with its claws" 3 (the total before the colon), "makes one Bite attack and two
 * Claw attacks" 3 (the counts added up), "makes two longsword attacks" 2. Only the first sentence
 * counts, and only its first alternative ("either three melee attacks ... or two ranged"). A text
 * with no fixed number ("as many bite attacks as it has heads", "1d4 attacks") gives undefined.
 */
export function multiattackCount(description: string): number | undefined {
  const plain = plainDescription(description).toLowerCase();
  // The sentence that says what it makes ("It then makes three attacks"), its first alternative.
  const sentence = (plain.split(/\.(?:\s|$)/).find((t) => /\bmakes?\b/.test(t)) ?? "").split(/\s+or\s+/)[0] ?? "";
  const word = (w: string) => COUNT_WORDS[w] ?? Number(w);
  const total = new RegExp(`\\bmakes?\\s+${COUNT}\\s+(?:[\\w'-]+\\s+){0,3}?attacks?\\s*:`).exec(sentence);
  if (total) return word(total[1] as string);
  // "one with its bite and two with its claws": each count that says what it strikes with adds up.
  let withSum = 0;
  for (const m of sentence.matchAll(new RegExp(`(?<![\\w-])${COUNT}\\s+(?:attacks?\\s+)?with\\s+(?:its|his|her|their)\\b`, "g"))) withSum += word(m[1] as string);
  if (withSum > 0) return withSum;
  let sum = 0;
  // Each "<count> ... attack(s)" adds up; "a" and "an" count only right after "makes", and "one
  // of which can be a bite attack" is a restriction, not another attack.
  const between = "(?:(?!(?:of|which|those|these)\\b)[\\w'-]+\\s+){0,3}?";
  for (const m of sentence.matchAll(new RegExp(`(?:\\bmakes?\\s+(a|an)|(?<![\\w-])(one|two|three|four|five|six|seven|eight|nine|ten|\\d{1,4}))\\s+${between}attacks?\\b`, "g"))) sum += word((m[1] ?? m[2]) as string);
  if (sum > 0) return sum;
  // "makes three Rend": a count and the attack's name, the word "attacks" left out.
  const bare = new RegExp(`\\bmakes?\\s+${COUNT}\\s+[a-z][\\w'-]*(?:\\s+[a-z][\\w'-]*)?\\s*$`).exec(sentence);
  return bare && bare[1] !== "a" && bare[1] !== "an" ? word(bare[1] as string) : undefined;
}
