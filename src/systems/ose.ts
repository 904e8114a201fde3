/**
 * Old-School Essentials (`ose`), read from vttred/ose@e5b4a10: the actor data models
 * src/module/actor/data-model-character.js and data-model-monster.js (their `defineSchema` is the
 * source an export holds; `prepareDerivedData` works out the character's scores' modifiers, AC and
 * encumbered movement), data-model-classes/data-model-character-ac.ts (the AC sum) and
 * data-model-character-scores.ts (the modifiers), the item models src/module/item/data-model-armor.js
 * and data-model-weapon.js, and the monster sheet src/module/actor/monster-sheet.js with
 * data-model-monster.js `attackPatterns` (a monster's attacks are its weapon and ability items,
 * grouped by `pattern`; a weapon's `counter.max` is how often it strikes each round). The
 * template.json still lists a monster `attacks` text, but the data model has no such field.
 *
 * OSE keeps no size, no armour magic (the plus is folded into the armour's AC) and no monster
 * Strength; AC is descending (unarmoured 9) or ascending (unarmoured 10) as the world says.
 */
import { ADND_ARMOR_AC, bxModifier, isHelmet, kindFromAc, kindFromName, plusFromName, protectionPlus } from "./armor.ts";
import { classGroupFromName } from "./classes.ts";
import type { Found } from "./fill.ts";
import { SHEET_RANGE, completeFacts, nameOf, readCommon, readHitDiceText, readMovement, reject, sizeFromToken, take } from "./fill.ts";
import { intelligenceFromScore, namesWeapon, parseDamage } from "./parse.ts";
import { ORDINARY_FACTS } from "./ordinary.ts";
import type { ItemData } from "./read.ts";
import { actorType, flag, int, intIn, isPrepared, itemsOf, outOfRange, sheet, text } from "./read.ts";
import { FOUNDRY_STATUSES } from "./statuses.ts";
import type { ActorData, ArmorKind, CreatureFacts, SystemDescriptor, SystemSettings } from "./types.ts";

export const OSE_PATHS = {
  strength: "system.scores.str.value",
  dexterity: "system.scores.dex.value",
  dexMod: "system.scores.dex.mod",
  intelligence: "system.scores.int.value",
  ac: "system.ac.value",
  aac: "system.aac.value",
  acMod: "system.ac.mod",
  aacMod: "system.aac.mod",
  hp: "system.hp.value",
  hpMax: "system.hp.max",
  hitDice: "system.hp.hd",
  thac0: "system.thac0.value",
  movement: "system.movement.base",
  level: "system.details.level",
  className: "system.details.class",
  saveBreath: "system.saves.breath.value",
  itemType: "system.type",
  itemAc: "system.ac.value",
  itemAac: "system.aac.value",
  itemEquipped: "system.equipped",
  itemPattern: "system.pattern",
  itemCounterMax: "system.counter.max",
  itemDamage: "system.damage",
  itemMelee: "system.melee",
  itemMissile: "system.missile",
  itemContainer: "system.containerId",
} as const;

const P = OSE_PATHS;

/** B/X armour ACs (descending): leather 7, chain 5, plate 3 (OSE's basic list; scale and banded between). */
const OSE_KIND_BY_AC: Readonly<Record<number, ArmorKind>> = { 7: "leather", 6: "scale", 5: "chain", 4: "banded", 3: "plate" };
const OSE_AC_BY_KIND: Readonly<Partial<Record<ArmorKind, number>>> = { padded: 8, leather: 7, studded: 6, ring: 6, scale: 6, chain: 5, splint: 4, banded: 4, plate: 3 };

/** OSE's elf class (race-as-class; "Elf" alone, not an elven fighter of OSE Advanced). */
const ELF = /^\s*elf\s*$/i;
/** The folk OSE's rules make small: halflings (and gnomes, of OSE Advanced's races). */
const SMALL_FOLK = /\b(halfling|hobbit|gnome)s?\b/i;

/** OSE's descending AC from the value in use: ascending AC 10 is descending 9. */
function descending(v: number, ascending: boolean): number {
  return ascending ? 19 - v : v;
}

/** The pattern OSE gives an item with none: not part of any coloured routine. */
const NO_PATTERN = "transparent";

interface Routine {
  readonly pattern: string;
  readonly weapons: readonly ItemData[];
  readonly attacks: number;
}

/**
 * A monster's attack routines as OSE's sheet shows them (`attackPatterns`): melee weapons grouped
 * by their pattern colour, each weapon striking `counter.max` times a round (a weapon whose count
 * was never set strikes once). A coloured pattern is one routine; the uncoloured weapons make
 * one routine together.
 */
function routines(items: readonly ItemData[]): Routine[] {
  // OSE lists a monster's weapons by name (data-model-monster.js `weapons`), and a monster's weapon
  // is rolled as an attack whatever its melee flag (item entity.js `rollWeapon`): the sheet's "+"
  // button makes weapons with `melee: false`. Only a weapon marked missile and not melee is no
  // melee attack.
  const weapons = items
    .filter((i) => i.type === "weapon" && !text(i, P.itemContainer) && !(flag(i, P.itemMissile) === true && flag(i, P.itemMelee) !== true))
    .sort((a, b) => a.name.localeCompare(b.name));
  const byPattern = new Map<string, ItemData[]>();
  for (const w of weapons) {
    const pattern = text(w, P.itemPattern) ?? NO_PATTERN;
    byPattern.set(pattern, [...(byPattern.get(pattern) ?? []), w]);
  }
  return [...byPattern].map(([pattern, list]) => ({ pattern, weapons: list, attacks: list.reduce((n, w) => n + Math.max(1, int(w, P.itemCounterMax) ?? 0), 0) }));
}

/** Attacks a round and the first damage, from the routine with the most attacks (a coloured one before the uncoloured). */
function readMonsterAttacks(f: Found, items: readonly ItemData[]): void {
  const all = routines(items);
  const coloured = all.filter((r) => r.pattern !== NO_PATTERN);
  const pool = coloured.length > 0 ? coloured : all;
  const best = pool.reduce<Routine | undefined>((a, r) => (!a || r.attacks > a.attacks ? r : a), undefined);
  if (!best) return;
  const names = best.weapons.map((w) => `${w.name} ×${Math.max(1, int(w, P.itemCounterMax) ?? 0)}`).join(", ");
  const [min, max] = SHEET_RANGE.attacks;
  const tooMany = best.weapons.find((w) => (int(w, P.itemCounterMax) ?? 0) > max);
  if (best.attacks > max) reject(f, "attacksPerRound", outOfRange(`items[${(tooMany ?? best.weapons[0])?.name ?? ""}].${P.itemCounterMax}`, tooMany ? int(tooMany, P.itemCounterMax) : best.attacks, min, max));
  else f.attacksPerRound = sheet(best.attacks, best.pattern === NO_PATTERN ? { key: "WC.Fill.attacksFromItems", params: { names } } : { key: "WC.Fill.attacksFromPattern", params: { pattern: best.pattern, names } });
  for (const w of best.weapons) {
    const t = text(w, P.itemDamage);
    const dmg = t ? parseDamage(t) : undefined;
    if (!dmg) continue;
    f.naturalAttack = sheet({ ...dmg, kind: namesWeapon(w.name) ? "weapon" : "natural" }, { key: "WC.Fill.damageFromItem", params: { name: w.name, damage: t as string } });
    return;
  }
}

interface Worn {
  readonly armor: { readonly kind: ArmorKind; readonly plus: number; readonly ad: number; readonly name: string; readonly fromName: boolean; readonly ac: number } | null;
  readonly shield: { readonly plus: number; readonly bonus: number } | null;
  readonly protection: number;
  readonly helmet: boolean;
}

/**
 * Worn armour as OSE's AC reads it (data-model-character-ac.ts): the first equipped armour that is
 * not a shield and the first shield (its value is its bonus, 1 for a plain shield).
 */
function wornPieces(items: readonly ItemData[], asc: boolean): Worn {
  const equipped = items.filter((i) => flag(i, P.itemEquipped) === true);
  const worn = equipped.filter((i) => i.type === "armor");
  const body = worn.find((i) => text(i, P.itemType) !== "shield");
  const shieldItem = worn.find((i) => text(i, P.itemType) === "shield");
  let armor: Worn["armor"] = null;
  if (body && text(body, P.itemType) !== "unarmored") {
    const v = int(body, asc ? P.itemAac : P.itemAc);
    const ac = v === undefined ? undefined : descending(v, asc);
    const byName = kindFromName(body.name);
    const kind: ArmorKind = byName ?? (ac !== undefined ? kindFromAc(ac, OSE_KIND_BY_AC) : undefined) ?? (text(body, P.itemType) === "heavy" ? "plate" : "leather");
    const base = OSE_AC_BY_KIND[kind] ?? 9;
    const plus = plusFromName(body.name) ?? (byName && ac !== undefined ? Math.max(0, base - ac) : 0);
    armor = { kind, plus, ad: ADND_ARMOR_AC[kind], name: body.name, fromName: byName !== undefined, ac: ac ?? base - plus };
  }
  let shield: Worn["shield"] = null;
  if (shieldItem) {
    const bonus = int(shieldItem, asc ? P.itemAac : P.itemAc) ?? 1;
    shield = { plus: plusFromName(shieldItem.name) ?? Math.max(0, bonus - 1), bonus };
  }
  // Rings and cloaks of protection are on no OSE sheet's AC: read from their names (worn, any item type).
  const protection = equipped.filter((i) => i.type !== "armor" || (i !== body && i !== shieldItem)).reduce((n, i) => n + (protectionPlus(i.name) ?? 0), 0);
  return { armor, shield, protection, helmet: equipped.some((i) => isHelmet(i.name)) };
}

function readOse(actor: ActorData, settings: SystemSettings): CreatureFacts {
  const live = isPrepared(actor, settings);
  const f: Found = {};
  const asc = settings.ascendingAC === true;
  const type = actorType(actor);
  if (type === "character" || type === "monster") f.kind = sheet(type);
  const isChar = type === "character";
  f.size = sizeFromToken(actor, "OSE");
  const items = itemsOf(actor);

  if (isChar) {
    take(f, "strength", intIn(actor, P.strength, ...SHEET_RANGE.ability), (score) => sheet({ score }));
    const dex = take(f, "dexterity", intIn(actor, P.dexterity, ...SHEET_RANGE.ability), (n) => sheet(n));
    if (dex !== undefined) {
      // OSE's own Dex modifier is a bonus (+1 better); the variants read the AD&D table's sign.
      const own = live ? int(actor, P.dexMod) : undefined;
      const mod = own !== undefined && own >= -3 && own <= 3 ? own : bxModifier(dex);
      f.dexAcAdjustment = sheet(mod === 0 ? 0 : -mod, { key: "WC.Fill.dexFromBx", params: { dex, mod } });
    }
    take(f, "intelligence", intIn(actor, P.intelligence, ...SHEET_RANGE.ability), (n) => sheet(intelligenceFromScore(n)));
    take(f, "level", intIn(actor, P.level, ...SHEET_RANGE.level), (n) => sheet(n));
    const cls = text(actor, P.className);
    const group = cls ? classGroupFromName(cls) : undefined;
    if (cls && ELF.test(cls)) {
      // OSE's elf fights on the fighter's table with any weapon and casts as a magic-user: a
      // fighter/magic-user in AD&D terms, fighter first (the rule sets' multi-class option chooses).
      const level = f.level?.value ?? ORDINARY_FACTS.level;
      const why = { key: "WC.Fill.oseElf", params: { class: cls } };
      f.classGroup = sheet("fighter", why);
      f.classes = sheet([{ group: "fighter", level }, { group: "magicUser", level }], why);
    } else if (group) f.classGroup = sheet(group.group);
    if (cls) f.monkLevel = sheet(/monk|mystic/i.test(cls) ? (f.level?.value ?? ORDINARY_FACTS.level) : 0);
    // OSE keeps no size: a halfling's (race-as-class, or a race named in the class) is small.
    if (cls && SMALL_FOLK.test(cls)) f.size = sheet("S", { key: "WC.Fill.sizeFromOseClass", params: { class: cls } });
  } else {
    readHitDiceText(f, actor, P.hitDice);
    if (items) readMonsterAttacks(f, items);
  }

  const worn = items ? wornPieces(items, asc) : undefined;
  if (worn) {
    f.armor = worn.armor ? sheet({ kind: worn.armor.kind, plus: worn.armor.plus, ad: worn.armor.ad }, worn.armor.fromName ? { key: "WC.Fill.armorKindFromName", params: { name: worn.armor.name } } : { key: "WC.Fill.armorKindFromAc", params: { ac: worn.armor.ad } }) : sheet(null);
    f.shield = sheet(worn.shield ? { plus: worn.shield.plus } : null);
    f.magicProtection = sheet(worn.protection);
    f.helmet = sheet(worn.helmet);
  }

  // The AC: a monster's stat-block value; a character's the prepared value, or worked out as OSE
  // does (unarmoured 9, or the worn armour's AC, less the Dex modifier, the shield's bonus and the
  // sheet's AC modifier).
  const acPath = asc ? P.aac : P.ac;
  // Ascending 9 to 39 is descending 10 to -20.
  const acGot = asc ? intIn(actor, acPath, 9, 39) : intIn(actor, acPath, ...SHEET_RANGE.ac);
  if (!isChar || (live && !worn)) {
    if (acGot.kind === "ok" && (!isChar || acGot.n !== 0)) {
      const ac = descending(acGot.n, asc);
      f.ac = sheet(ac, asc ? { key: "WC.Fill.fromAscending", params: { aac: acGot.n } } : undefined);
      if (!isChar && !f.armor?.value) f.naturalAc = sheet(ac);
    } else if (acGot.kind === "rejected") reject(f, "ac", acGot.reason);
  } else if (worn) {
    const body = worn.armor ? worn.armor.ac : 9;
    const mod = int(actor, asc ? P.aacMod : P.acMod) ?? 0;
    const ac = body - (worn.shield?.bonus ?? 0) + (f.dexAcAdjustment?.value ?? 0) - mod;
    if (ac >= -20 && ac <= 10) f.ac = sheet(ac, { key: "WC.Fill.acAsOse" });
    else reject(f, "ac", outOfRange(`${asc ? P.aacMod : P.acMod}`, mod, -20, 20));
  }

  readMovement(f, actor, P.movement, { feet: true });
  readCommon(f, actor, { thac0: P.thac0, breath: P.saveBreath });
  return completeFacts(nameOf(actor), actor, f, "OSE");
}

export const ose: SystemDescriptor = {
  id: "ose",
  systemIds: ["ose"],
  label: "OSE",
  source: "vttred/ose@e5b4a104bc88cfdd9a1eab539a2259602771cdb6",
  paths: OSE_PATHS,
  hitPoints: () => ({ value: OSE_PATHS.hp, max: OSE_PATHS.hpMax, temporary: null }),
  hostStatuses: FOUNDRY_STATUSES,
  facts: (actor, settings) => readOse(actor, settings),
};
