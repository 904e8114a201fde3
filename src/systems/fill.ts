/**
 * Filling in what a sheet lacks. A system reader gives the facts it found; `complete` adds the
 * rest from the token's footprint, from other facts (AC from the armour worn, height from size),
 * or from the project's ordinary values, each with the reason a GM sees.
 */
import type { Size } from "../rules/core/size.ts";
import { ADND_ARMOR_AC, dexDefense } from "./armor.ts";
import { parseHeight, parseWeight } from "./parse.ts";
import { clamp, fill, int, isObj, num, sheet, text } from "./read.ts";
import type { ActorData, CreatureFacts, Fact } from "./types.ts";

export type Found = { -readonly [K in keyof CreatureFacts]?: CreatureFacts[K] };

/** A whole number at `path` within [min, max], as a sheet fact; undefined when absent or out of range. */
export function intAt(root: unknown, path: string, min: number, max: number): Fact<number> | undefined {
  const n = int(root, path);
  return n !== undefined && n >= min && n <= max ? sheet(n) : undefined;
}

/** Text at `path` read by `parse`, as a sheet fact quoting the text; undefined when it cannot be read. */
export function textAt<T>(root: unknown, path: string, parse: (t: string) => T | undefined): Fact<T> | undefined {
  const t = text(root, path);
  const v = t === undefined ? undefined : parse(t);
  return v === undefined ? undefined : sheet(v, { key: "WC.Fill.fromText", params: { text: t as string } });
}

/** Reads what several systems keep alike, each at its own path: height and weight text, THAC0, save vs breath. */
export function readCommon(f: Found, root: unknown, paths: { readonly height?: string; readonly weight?: string; readonly thac0?: string; readonly breath?: string }): void {
  const h = paths.height === undefined ? undefined : textAt(root, paths.height, parseHeight);
  if (h) f.heightIn = h;
  const w = paths.weight === undefined ? undefined : textAt(root, paths.weight, parseWeight);
  if (w) f.weightLb = w;
  const thac0 = paths.thac0 === undefined ? undefined : intAt(root, paths.thac0, -10, 30);
  if (thac0) f.thac0 = thac0;
  const breath = paths.breath === undefined ? undefined : intAt(root, paths.breath, 1, 30);
  if (breath) f.saveVsBreath = breath;
}

/** The Dexterity score, and its AC adjustment: the sheet's own (at `defensePath`) or the AD&D table's. */
export function readDexterity(f: Found, root: unknown, dexPath: string, defensePath?: string): void {
  const dex = intAt(root, dexPath, 1, 25);
  if (dex) f.dexterity = dex;
  const own = defensePath === undefined ? undefined : intAt(root, defensePath, -6, 6);
  if (own) f.dexAcAdjustment = own;
  else if (dex) f.dexAcAdjustment = sheet(dexDefense(dex.value), { key: "WC.Fill.dexFromTable", params: { dex: dex.value } });
}

/**
 * Size from the token's footprint in grid squares: half a square or less S, one M, two L,
 * three or more VL (project default reading of "the token's size").
 */
export function sizeFromToken(actor: ActorData, why: string): Fact<Size> {
  const w = num(actor.prototypeToken, "width");
  const h = num(actor.prototypeToken, "height");
  if (w === undefined && h === undefined) return fill<Size>("M", "sizeNoToken", { why });
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
  const kind = found.kind ?? fill<"character" | "monster">("monster", "kindUnknown", { system: systemLabel });
  const isChar = kind.value === "character";
  const size = found.size ?? sizeFromToken(actor, systemLabel);
  const body = BODY_BY_SIZE.rows[size.value];
  const strength =
    found.strength ?? (isChar ? fill({ score: 10 }, "noStrength") : sheet(null, { key: "WC.Fill.monsterNoStrength" }));
  const dexterity = found.dexterity ?? fill(10, "noDexterity");
  const dexAcAdjustment = found.dexAcAdjustment ?? (dexterity.source === "sheet" ? sheet(dexDefense(dexterity.value), { key: "WC.Fill.dexFromTable", params: { dex: dexterity.value } }) : fill(0, "noDexterity"));
  const armor = found.armor ?? fill(null, "noItems");
  const shield = found.shield ?? fill(null, "noItems");
  const magicProtection = found.magicProtection ?? fill(0, "noItems");
  const naturalAc = found.naturalAc ?? sheet(null);
  const ac =
    found.ac ??
    (() => {
      const body = armor.value ? armor.value.ad - armor.value.plus : (naturalAc.value ?? ADND_ARMOR_AC.none);
      const v = body - (shield.value ? 1 + shield.value.plus : 0) + dexAcAdjustment.value - magicProtection.value;
      return fill(clamp(v, -20, 10), "acFromPieces");
    })();
  const level = found.level ?? (isChar ? fill(1, "noLevel") : sheet(0));
  const hitDice = found.hitDice ?? (isChar ? sheet({ dice: level.value, adjustment: 0 }, { key: "WC.Fill.hitDiceIsLevel" }) : fill({ dice: 1, adjustment: 0 }, "noHitDice"));
  return {
    name,
    kind,
    playerCharacter: found.playerCharacter ?? sheet(isChar),
    size,
    strength,
    dexterity,
    dexAcAdjustment,
    armor,
    shield,
    helmet: found.helmet ?? fill(false, "noItems"),
    magicProtection,
    ac,
    naturalAc,
    movement: found.movement ?? fill(12, "noMovement"),
    flight: found.flight ?? fill<"none" | "wings" | "magic">("none", "notOnSheets"),
    heightIn: found.heightIn ?? fill(body.heightIn, "heightBySize", { size: size.value, value: body.heightIn }),
    weightLb: found.weightLb ?? fill(body.weightLb, "weightBySize", { size: size.value, value: body.weightLb }),
    level,
    classGroup: found.classGroup ?? (isChar ? fill("fighter", "noClass") : sheet("fighter")),
    classes: found.classes ?? sheet([]),
    monkLevel: found.monkLevel ?? sheet(0),
    hitDice,
    attacksPerRound: found.attacksPerRound ?? fill(1, "noAttacks"),
    naturalAttack: found.naturalAttack ?? (isChar ? sheet(null) : fill(null, "noDamage")),
    thac0: found.thac0 ?? (isChar ? fill(20, "noThac0") : fill(thac0FromHitDice(hitDice.value.dice), "thac0FromHitDice", { hd: hitDice.value.dice })),
    intelligence: found.intelligence ?? fill("average", "noIntelligence"),
    saveVsBreath: found.saveVsBreath ?? fill(17, "noSaves"),
    arms: found.arms ?? (isChar ? fill(2, "notOnSheets") : fill(2, "limbsAssumed")),
    legs: found.legs ?? (isChar ? fill(2, "notOnSheets") : fill(2, "limbsAssumed")),
  };
}

/** The actor's name, or a stand-in. */
export function nameOf(actor: ActorData): string {
  return typeof actor.name === "string" && actor.name.trim().length > 0 ? actor.name.trim() : "(unnamed)";
}

export { isObj };
