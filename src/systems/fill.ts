/**
 * Filling in what a sheet lacks. A system reader gives the facts it found; `complete` adds the
 * rest from the token's footprint, from other facts (AC from the armour worn, height from size),
 * or from the variants' ordinary values (ordinary.ts: their default profiles), each with the
 * reason a GM sees. A value the sheet holds but that cannot be used (out of range, unreadable
 * text) is recorded as rejected: its default then says what the sheet held and why it was not used.
 */
import type { Size } from "../rules/core/size.ts";
import { ADND_ARMOR_AC, dexDefense } from "./armor.ts";
import { negativeText, parseAttacks, parseHeight, parseHitDice, parseMovement, parseWeight } from "./parse.ts";
import { ORDINARY_FACTS as O } from "./ordinary.ts";
import type { Got } from "./read.ts";
import { at, clamp, fill, intIn, isObj, num, outOfRange, present, sheet, text, unreadText } from "./read.ts";
import type { ActorData, CreatureFacts, Fact, Reason } from "./types.ts";

/** Why each fact the sheet holds was not used, by fact. */
export type Rejections = { -readonly [K in keyof CreatureFacts]?: Reason };

export type Found = { -readonly [K in keyof CreatureFacts]?: CreatureFacts[K] } & { rejected?: Rejections };

/** Records that the sheet's value for `key` was not used, and why (the first reason stands). */
export function reject(f: Found, key: keyof CreatureFacts, reason: Reason): void {
  f.rejected ??= {};
  f.rejected[key] ??= reason;
}

/** A number looked for on the sheet: set through `make` when usable, recorded as rejected when not. */
export function take<K extends keyof CreatureFacts>(f: Found, key: K, got: Got, make: (n: number) => CreatureFacts[K]): number | undefined {
  if (got.kind === "ok") {
    f[key] = make(got.n) as Found[K];
    return got.n;
  }
  if (got.kind === "rejected") reject(f, key, got.reason);
  return undefined;
}

/** The text at `path`; something there that is no text (a list, an object) is recorded against `key`. */
function sheetText(f: Found, key: keyof CreatureFacts, root: unknown, path: string): string | undefined {
  const t = text(root, path);
  if (t === undefined && present(root, path)) reject(f, key, unreadText(path, at(root, path)));
  return t;
}

/** A whole number at `path` within [min, max], as a sheet fact; undefined when absent or out of range. */
export function intAt(root: unknown, path: string, min: number, max: number): Fact<number> | undefined {
  const got = intIn(root, path, min, max);
  return got.kind === "ok" ? sheet(got.n) : undefined;
}

/**
 * Text at `path` read by `parse`, as a sheet fact quoting the text; a text that cannot be read is
 * recorded against `key`.
 */
export function textAt<K extends keyof CreatureFacts>(f: Found, key: K, root: unknown, path: string, parse: (t: string) => number | undefined): void {
  const t = sheetText(f, key, root, path);
  if (t === undefined) return;
  const v = parse(t);
  if (v === undefined) reject(f, key, unreadText(path, t));
  else f[key] = sheet(v, { key: "WC.Fill.fromText", params: { text: t } }) as Found[K];
}

/** The ranges a sheet's numbers must lie in to be used (whole numbers; AC descending). */
export const SHEET_RANGE = {
  ability: [1, 25],
  ac: [-20, 10],
  thac0: [-10, 30],
  save: [1, 30],
  level: [0, 40],
  hitDice: [0, 100],
  attacks: [1, 20],
  /** Movement in inches (feet are tenths). */
  movement: [0, 240],
} as const satisfies Record<string, readonly [number, number]>;

/** Reads what several systems keep alike, each at its own path: height and weight text, THAC0, save vs breath. */
export function readCommon(f: Found, root: unknown, paths: { readonly height?: string; readonly weight?: string; readonly thac0?: string; readonly breath?: string }): void {
  if (paths.height !== undefined) textAt(f, "heightIn", root, paths.height, parseHeight);
  if (paths.weight !== undefined) textAt(f, "weightLb", root, paths.weight, parseWeight);
  if (paths.thac0 !== undefined) take(f, "thac0", intIn(root, paths.thac0, ...SHEET_RANGE.thac0), (n) => sheet(n));
  if (paths.breath !== undefined) take(f, "saveVsBreath", intIn(root, paths.breath, ...SHEET_RANGE.save), (n) => sheet(n));
}

/** Hit dice from a stat-block text ("3+3", "1-1", "½"); a negative or too large count is not used. */
export function readHitDiceText(f: Found, root: unknown, path: string): void {
  const t = sheetText(f, "hitDice", root, path);
  if (t === undefined) return;
  const hd = parseHitDice(t);
  const [min, max] = SHEET_RANGE.hitDice;
  if (negativeText(t) || (hd && hd.dice > max)) reject(f, "hitDice", outOfRange(path, t, min, max));
  else if (!hd) reject(f, "hitDice", unreadText(path, t));
  else f.hitDice = sheet(hd, { key: "WC.Fill.fromText", params: { text: t } });
}

/** Attacks a round from a stat-block text ("2 claws/1 bite"); more than 20 is not used ("999 claws"). */
export function readAttacksText(f: Found, root: unknown, path: string): void {
  const t = sheetText(f, "attacksPerRound", root, path);
  if (t === undefined) return;
  const n = parseAttacks(t);
  const [min, max] = SHEET_RANGE.attacks;
  if (n === undefined) reject(f, "attacksPerRound", unreadText(path, t));
  else if (n > max) reject(f, "attacksPerRound", outOfRange(path, t, min, max));
  else f.attacksPerRound = sheet(n, { key: "WC.Fill.fromText", params: { text: t } });
}

/**
 * A land movement rate, a number or a text (9", 120', "90 ft"); `feet` says a bare number is in
 * feet (OSE's 120). A negative rate is not used ("-120" is no 12"), nor one past 240". A rate of
 * 0 is the sheets' blank (ARS's initial value) unless `zero` says the system means it.
 */
export function readMovement(f: Found, root: unknown, path: string, how: { readonly feet?: boolean; readonly zero?: boolean } = {}): void {
  if (!present(root, path)) return;
  const raw = at(root, path);
  const t = typeof raw === "number" ? String(raw) : text(root, path);
  const [min, max] = SHEET_RANGE.movement;
  if (t === undefined) return reject(f, "movement", unreadText(path, raw));
  if (negativeText(t)) return reject(f, "movement", outOfRange(path, raw, min, how.feet ? max * 10 : max));
  const bare = /^\s*\d+(\.\d+)?\s*$/.test(t);
  const inches = how.feet && bare ? Math.round(Number(t) / 10) : parseMovement(t);
  if (inches === undefined || inches > max) return reject(f, "movement", /\d/.test(t) ? outOfRange(path, raw, min, how.feet ? max * 10 : max) : unreadText(path, raw));
  if (inches === 0 && !how.zero) return;
  f.movement = sheet(inches, how.feet ? { key: "WC.Fill.movementFromFeet", params: { feet: t } } : bare ? undefined : { key: "WC.Fill.fromText", params: { text: t } });
}

/**
 * The Dexterity score, and its AC adjustment: the sheet's own (at `defensePath`, a prepared
 * actor's derived value) or the AD&D table's on the score.
 */
export function readDexterity(f: Found, root: unknown, dexPath: string, defensePath?: string): void {
  const dex = take(f, "dexterity", intIn(root, dexPath, ...SHEET_RANGE.ability), (n) => sheet(n));
  const own = defensePath === undefined ? undefined : take(f, "dexAcAdjustment", intIn(root, defensePath, -6, 6), (n) => sheet(n));
  if (own === undefined && dex !== undefined) f.dexAcAdjustment = sheet(dexDefense(dex), { key: "WC.Fill.dexFromTable", params: { dex } });
}

/**
 * Size from the token's footprint in grid squares: half a square or less S, one M, two L,
 * three or more VL (project default reading of "the token's size").
 */
export function sizeFromToken(actor: ActorData, why: string): Fact<Size> {
  const w = num(actor.prototypeToken, "width");
  const h = num(actor.prototypeToken, "height");
  if (w === undefined && h === undefined) return fill<Size>(O.size, "sizeNoToken", { why });
  const squares = Math.max(w ?? 0, h ?? 0);
  const size: Size = squares <= 0.5 ? "S" : squares < 2 ? "M" : squares < 3 ? "L" : "VL";
  return fill(size, "sizeFromToken", { why, squares });
}

/** The six size words systems use (ARS, adnd2e, dnd5e's keys), as the variants' four sizes. */
export function sizeFromWord(word: string): Size | undefined {
  const t = word.trim().toLowerCase();
  if (["tiny", "t", "small", "sm", "s"].includes(t)) return "S";
  if (["medium", "med", "m", "man-sized"].includes(t)) return "M";
  if (["large", "lg", "l"].includes(t)) return "L";
  if (["huge", "gargantuan", "grg", "h", "g", "colossal"].includes(t)) return "VL";
  return undefined;
}

/** Project-default body height (inches) and weight (pounds) by size, for sheets that give none. */
export const BODY_BY_SIZE = {
  id: "body-by-size",
  source: "project default",
  rows: { S: { heightIn: 42, weightLb: 60 }, M: { heightIn: 70, weightLb: 170 }, L: { heightIn: 108, weightLb: 600 }, VL: { heightIn: 180, weightLb: 4000 } },
} as const satisfies { id: string; source: string; rows: Record<Size, { heightIn: number; weightLb: number }> };

/** Project-default Strength by size, for monsters the system gives none (percentile needs one). */
export const MONSTER_STRENGTH_BY_SIZE = {
  id: "monster-strength-by-size",
  source: "project default",
  rows: { S: 8, M: 10, L: 18, VL: 20 },
} as const satisfies { id: string; source: string; rows: Record<Size, number> };

/** A monster's THAC0 from its hit dice, after the 2e monster table (19 at 1-2 HD, two better every 2 HD). */
export function thac0FromHitDice(dice: number): number {
  if (dice < 1) return 20;
  return Math.max(1, 21 - 2 * Math.ceil(dice / 2));
}

/** Whether a fact's default is one no host system keeps (the dialog leaves those out). */
export const NOT_ON_SHEETS = "WC.Fill.notOnSheets";

export function completeFacts(name: string, actor: ActorData, found: Found, systemLabel: string): CreatureFacts {
  /** A fact the sheet did not give: the fallback, or, when the sheet held an unusable value, a default saying so. */
  const or = <K extends keyof CreatureFacts>(key: K, fallback: () => CreatureFacts[K]): CreatureFacts[K] => {
    const got = found[key];
    if (got !== undefined) return got as CreatureFacts[K];
    const why = found.rejected?.[key];
    const f = fallback() as Fact<unknown>;
    return (why ? { value: f.value, source: "default", reason: why } : f) as CreatureFacts[K];
  };
  const kind = or("kind", () => fill<"character" | "monster">("monster", "kindUnknown", { system: systemLabel }));
  const isChar = kind.value === "character";
  const size = or("size", () => sizeFromToken(actor, systemLabel));
  const body = BODY_BY_SIZE.rows[size.value];
  const strength = or("strength", () => (isChar ? fill(O.strength, "noStrength") : sheet(null, { key: "WC.Fill.monsterNoStrength" })));
  const dexterity = or("dexterity", () => fill(O.dexterity, "noDexterity"));
  const dexAcAdjustment = or("dexAcAdjustment", () => (dexterity.source === "sheet" ? sheet(dexDefense(dexterity.value), { key: "WC.Fill.dexFromTable", params: { dex: dexterity.value } }) : fill(O.dexAcAdjustment, "noDexterity")));
  const armor = or("armor", () => fill(null, "noItems"));
  const shield = or("shield", () => fill(null, "noItems"));
  const magicProtection = or("magicProtection", () => fill(O.magicProtection, "noItems"));
  const naturalAc = or("naturalAc", () => sheet(null));
  const ac = or("ac", () => {
    const body = armor.value ? armor.value.ad - armor.value.plus : (naturalAc.value ?? ADND_ARMOR_AC.none);
    const v = body - (shield.value ? 1 + shield.value.plus : 0) + dexAcAdjustment.value - magicProtection.value;
    return fill(clamp(v, -20, 10), "acFromPieces");
  });
  const level = or("level", () => (isChar ? fill(O.level, "noLevel") : sheet(0)));
  // A character's level stands for its hit dice: filled in when the level is.
  const hitDice = or("hitDice", () => (isChar ? { value: { dice: level.value, adjustment: 0 }, source: level.source, reason: level.source === "default" && level.reason ? level.reason : { key: "WC.Fill.hitDiceIsLevel" } } : fill(O.hitDice, "noHitDice")));
  const thac0Fallback = () => (isChar ? fill(O.thac0, "noThac0") : fill(thac0FromHitDice(hitDice.value.dice), "thac0FromHitDice", { hd: hitDice.value.dice }));
  return {
    name,
    kind,
    // Whether a player's: the sheet's actor type says, unless that type was itself not known.
    playerCharacter: or("playerCharacter", () => (kind.source === "sheet" ? sheet(isChar) : { value: isChar, source: "default", ...(kind.reason ? { reason: kind.reason } : {}) })),
    size,
    strength,
    dexterity,
    dexAcAdjustment,
    armor,
    shield,
    helmet: or("helmet", () => fill(O.helmet, "noItems")),
    magicProtection,
    ac,
    naturalAc,
    movement: or("movement", () => fill(O.movement, "noMovement")),
    flight: or("flight", () => fill(O.flight, "notOnSheets")),
    heightIn: or("heightIn", () => fill(body.heightIn, "heightBySize", { size: size.value, value: body.heightIn })),
    weightLb: or("weightLb", () => fill(body.weightLb, "weightBySize", { size: size.value, value: body.weightLb })),
    level,
    classGroup: or("classGroup", () => (isChar ? fill(O.classGroup, "noClass") : sheet(O.classGroup))),
    classes: or("classes", () => sheet([])),
    // A character of no known class is not known to be no monk either.
    monkLevel: or("monkLevel", () => (isChar ? fill(O.monkLevel, "noClass") : sheet(0))),
    hitDice,
    attacksPerRound: or("attacksPerRound", () => fill(O.attacksPerRound, "noAttacks")),
    naturalAttack: or("naturalAttack", () => (isChar ? sheet(null) : fill(null, "noDamage"))),
    thac0: or("thac0", thac0Fallback),
    intelligence: or("intelligence", () => fill(O.intelligence, "noIntelligence")),
    saveVsBreath: or("saveVsBreath", () => fill(O.saveVsBreath, "noSaves")),
    arms: or("arms", () => (isChar ? fill(O.arms, "notOnSheets") : fill(O.arms, "limbsAssumed"))),
    legs: or("legs", () => (isChar ? fill(O.legs, "notOnSheets") : fill(O.legs, "limbsAssumed"))),
    // Only a reader that knows where its system keeps reach sets it (dnd5e); elsewhere none.
    holdReach: or("holdReach", () => fill(O.holdReach, "noReach", { system: systemLabel })),
  };
}

/** The actor's name, or a stand-in. */
export function nameOf(actor: ActorData): string {
  return typeof actor.name === "string" && actor.name.trim().length > 0 ? actor.name.trim() : "(unnamed)";
}

export { isObj };
