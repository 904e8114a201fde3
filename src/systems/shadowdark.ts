/**
 * Shadowdark RPG (`shadowdark`), read from Muttley/foundryvtt-shadowdark@cf357e3: the actor models
 * system/src/models/_ActorBaseSD.mjs (`attributes.ac.value`, `attributes.hp`), PlayerSD.mjs
 * (scores `abilities.<key>.value`, the modifier floor((score - 10) / 2) held to ±4,
 * `_calcArmorClass`: 10 + Dex modifier unarmoured, else the best worn armour with a base AC
 * (base + its ability's modifier + its modifier) plus every worn armour without one (a shield's
 * +2); `level.value`; `class` and `ancestry` as compendium UUIDs), NpcSD.mjs (modifiers only,
 * `abilities.<key>.mod`; `level.value` is the monster's level, its hit dice; `move` one of none,
 * close, near, doubleNear, tripleNear, far, special, with `moveNote` "fly", "swim" ...), the items
 * models/items/NpcAttackSD.mjs (`attack.num` attacks a round, `damage.value`, `bonuses.attackBonus`,
 * `ranges`: "close" is melee) and ArmorSD.mjs (`ac.base`, `ac.modifier`, `ac.attribute`,
 * `equipped`), and the class and ancestry packs data/packs/classes.db, ancestries.db (their ids).
 *
 * Stated readings (project defaults): AC is ascending from 10, so descending = 20 - AC (an
 * unarmoured 10 is 10, as for dnd5e); a round's move of near (30 ft) is 12", close 5 ft, double
 * near 60 ft, triple near 90 ft, far 120 ft; THAC0 = 20 - attack bonus (a player's class gives
 * none: 20); an NPC's Strength and Dexterity are modifiers only: the score read is the lowest
 * with that modifier (10 + 2 × modifier). Active effects on a player's armour are not followed.
 */
import { ADND_ARMOR_AC, isHelmet, kindFromName } from "./armor.ts";
import type { Found } from "./fill.ts";
import { SHEET_RANGE, completeFacts, nameOf, reject, sizeFromToken, take } from "./fill.ts";
import { namesWeapon, parseDamage } from "./parse.ts";
import type { ItemData } from "./read.ts";
import { actorType, at, clamp, flag, int, intIn, isPrepared, itemsOf, present, sheet, text, unreadText } from "./read.ts";
import { FOUNDRY_STATUSES } from "./statuses.ts";
import type { ActorData, ArmorKind, ClassGroupId, CreatureFacts, Reason, SystemDescriptor, SystemSettings } from "./types.ts";
import type { Size } from "../rules/core/size.ts";

export const SHADOWDARK_PATHS = {
  strength: "system.abilities.str.value",
  dexterity: "system.abilities.dex.value",
  intelligence: "system.abilities.int.value",
  npcStrengthMod: "system.abilities.str.mod",
  npcDexterityMod: "system.abilities.dex.mod",
  npcIntelligenceMod: "system.abilities.int.mod",
  ac: "system.attributes.ac.value",
  hp: "system.attributes.hp.value",
  hpMax: "system.attributes.hp.max",
  level: "system.level.value",
  className: "system.class",
  ancestry: "system.ancestry",
  npcMove: "system.move",
  npcMoveNote: "system.moveNote",
  itemAcBase: "system.ac.base",
  itemAcModifier: "system.ac.modifier",
  itemAcAttribute: "system.ac.attribute",
  itemEquipped: "system.equipped",
  attackNum: "system.attack.num",
  attackDamage: "system.damage.value",
  attackBonus: "system.bonuses.attackBonus",
  damageBonus: "system.bonuses.damageBonus",
  attackRanges: "system.ranges",
} as const;

const P = SHADOWDARK_PATHS;

/** Shadowdark's ability modifier (PlayerSD `attributeModel.mod`): floor((score - 10) / 2), held to ±4. */
export function shadowdarkModifier(score: number): number {
  return Math.min(4, Math.max(-4, Math.floor((score - 10) / 2)));
}

/** Ascending AC (base 10) as descending: 20 - AC. */
export function descendingFrom10(ac: number): number {
  return clamp(20 - ac, -20, 10);
}

/** An NPC's move (NpcSD `move`) in feet a round. */
const MOVE_FEET: Readonly<Record<string, number>> = { none: 0, close: 5, near: 30, doubleNear: 60, tripleNear: 90, far: 120 };

/** The classes of Shadowdark's class pack (data/packs/classes.db at cf357e3), by compendium id. */
const CLASS_BY_ID: Readonly<Record<string, { readonly name: string; readonly group: ClassGroupId }>> = {
  "112M28Tvi2ju06BE": { name: "Bard", group: "thief" },
  WWzTbubXXXfl2vXY: { name: "Basilisk Warrior", group: "fighter" },
  nFz0c666A4wUcBNS: { name: "Desert Rider", group: "fighter" },
  hO7KrvqDRH6kvftJ: { name: "Fighter", group: "fighter" },
  "0uVUOXKuX9xfJ600": { name: "Knight of St. Ydris", group: "fighter" },
  Ox27sOstCqZfKIBI: { name: "Pit Fighter", group: "fighter" },
  oZWzXx1WRLg286zD: { name: "Priest", group: "cleric" },
  SIEizdu3Jv9DHY1m: { name: "Ranger", group: "fighter" },
  "7tlVtlk1zbMQz8qF": { name: "Ras-Godai", group: "thief" },
  fEWU4eBsIyUygRJG: { name: "Sea Wolf", group: "fighter" },
  xdjod5gPhNPIkLth: { name: "Seer", group: "magicUser" },
  C6wkCa2w5dlgSq7f: { name: "Thief", group: "thief" },
  waXnHdAHSHSo0dQI: { name: "Warlock", group: "magicUser" },
  KGnBAFiTiLHZJUND: { name: "Witch", group: "magicUser" },
  "035nuVkU9q2wtMPs": { name: "Wizard", group: "magicUser" },
};

/** The ancestries of Shadowdark's ancestry pack, by compendium id: halflings, goblins and kobolds are small. */
const ANCESTRY_BY_ID: Readonly<Record<string, { readonly name: string; readonly size: Size }>> = {
  "80h0XXptGDZvGAIZ": { name: "Dwarf", size: "M" },
  mpqXJtii4nj4ukKk: { name: "Elf", size: "M" },
  QG1lAZeLfBtXR6zh: { name: "Goblin", size: "S" },
  "0lJ8Pj0UPsbSSUTm": { name: "Half-Orc", size: "M" },
  rglUPGtBSAAG3dhK: { name: "Halfling", size: "S" },
  w3gbUH2DOBxfZPHO: { name: "Human", size: "M" },
  "855WNm4l1T7S8akj": { name: "Kobold", size: "S" },
};

/** The compendium id at the end of a UUID ("Compendium.shadowdark.classes.Item.hO7K..."). */
function idOf(uuid: string | undefined): string {
  return uuid?.split(".").pop() ?? "";
}

/** Armour kinds by a Shadowdark armour's base AC (leather 11, chainmail 13, plate mail 15). */
const KIND_BY_SD_AC: Readonly<Record<number, ArmorKind>> = { 11: "leather", 12: "studded", 13: "chain", 14: "banded", 15: "plate" };

/** A player's AC as `_calcArmorClass` works it out (without active effects). */
function playerAc(items: readonly ItemData[], mods: Readonly<Record<string, number>>): number {
  const worn = items.filter((i) => i.type === "Armor" && flag(i, P.itemEquipped) === true);
  const base = 10 + (mods.dex ?? 0);
  let best = base;
  let bonus = 0;
  let unarmoured = true;
  for (const a of worn) {
    unarmoured = false;
    const b = int(a, P.itemAcBase);
    const mod = int(a, P.itemAcModifier) ?? 0;
    if (b) best = Math.max(best, b + (mods[text(a, P.itemAcAttribute) ?? ""] ?? 0) + mod);
    else bonus += mod;
  }
  return unarmoured ? base : best + bonus;
}

/** An NPC's melee attacks (NPC Attack items that reach "close"). */
function meleeAttacks(items: readonly ItemData[]): ItemData[] {
  return items.filter((i) => i.type === "NPC Attack" && (Array.isArray(at(i, P.attackRanges)) ? (at(i, P.attackRanges) as unknown[]).includes("close") : true));
}

function readShadowdark(actor: ActorData, settings: SystemSettings): CreatureFacts {
  const live = isPrepared(actor, settings);
  const f: Found = {};
  const type = actorType(actor);
  const isChar = type === "Player";
  if (type === "Player" || type === "NPC") f.kind = sheet(isChar ? "character" : "monster");
  const items = itemsOf(actor) ?? [];
  const [amin, amax] = SHEET_RANGE.ability;

  // Size: an ancestry the pack knows; else the token's footprint (Shadowdark keeps no size).
  const ancestry = isChar ? ANCESTRY_BY_ID[idOf(text(actor, P.ancestry))] : undefined;
  f.size = ancestry ? sheet(ancestry.size, { key: "WC.Fill.sizeFromRace", params: { race: ancestry.name } }) : sizeFromToken(actor, "Shadowdark");

  const mods: Record<string, number> = {};
  if (isChar) {
    // An export from before Shadowdark's data models keeps the score as `base` (PlayerSD migrateData).
    const scorePath = (path: string) => (present(actor, path) ? path : path.replace(/\.value$/, ".base"));
    take(f, "strength", intIn(actor, scorePath(P.strength), amin, amax), (score) => sheet({ score }));
    const dex = take(f, "dexterity", intIn(actor, scorePath(P.dexterity), amin, amax), (n) => sheet(n));
    for (const k of ["str", "dex", "con", "int", "wis", "cha"]) {
      const v = int(actor, scorePath(`system.abilities.${k}.value`));
      if (v !== undefined) mods[k] = shadowdarkModifier(v);
    }
    if (dex !== undefined) f.dexAcAdjustment = sheet(-shadowdarkModifier(dex), { key: "WC.Fill.dexFromModifier", params: { dex, mod: shadowdarkModifier(dex) } });
    take(f, "level", intIn(actor, P.level, ...SHEET_RANGE.level), (n) => sheet(n));
    const cls = CLASS_BY_ID[idOf(text(actor, P.className))];
    if (cls) f.classGroup = sheet(cls.group, { key: "WC.Fill.classFromPack", params: { class: cls.name } });
    f.monkLevel = sheet(0);
    // A player's attack bonus is its ability modifier (and talents), not its class: THAC0 20.
    f.thac0 = sheet(20, { key: "WC.Fill.thac0FromBonus", params: { bonus: 0 } });
    f.movement = sheet(12, { key: "WC.Fill.movementFromRange", params: { range: "near", feet: 30 } });
  } else {
    // Modifiers only: the lowest score with that modifier stands for it.
    const fromMod = (path: string): { score: number; mod: number } | undefined => {
      const got = intIn(actor, path, -4, 7);
      return got.kind === "ok" ? { score: 10 + 2 * got.n, mod: got.n } : undefined;
    };
    const s = fromMod(P.npcStrengthMod);
    if (s) f.strength = sheet({ score: s.score }, { key: "WC.Fill.scoreFromModifier", params: { mod: s.mod, score: s.score } });
    const d = fromMod(P.npcDexterityMod);
    if (d) {
      f.dexterity = sheet(d.score, { key: "WC.Fill.scoreFromModifier", params: { mod: d.mod, score: d.score } });
      f.dexAcAdjustment = sheet(-d.mod, { key: "WC.Fill.dexFromModifier", params: { dex: d.score, mod: d.mod } });
    }
    const level = intIn(actor, P.level, ...SHEET_RANGE.hitDice);
    if (level.kind === "ok") f.hitDice = sheet({ dice: level.n, adjustment: 0 }, { key: "WC.Fill.hitDiceIsLevel" });
    else if (level.kind === "rejected") reject(f, "hitDice", level.reason);
    const move = text(actor, P.npcMove);
    if (move !== undefined) {
      const feet = MOVE_FEET[move];
      if (feet === undefined) reject(f, "movement", unreadText(P.npcMove, move));
      else f.movement = sheet(Math.round((feet * 12) / 30), { key: "WC.Fill.movementFromRange", params: { range: move, feet } });
    }
    const note = text(actor, P.npcMoveNote) ?? "";
    if (/\bfly|flying\b/i.test(note)) f.flight = sheet("wings", { key: "WC.Fill.flightFromText", params: { text: note } });
    const melee = meleeAttacks(items);
    const [min, max] = SHEET_RANGE.attacks;
    const total = melee.reduce((n, a) => n + Math.max(1, int(a, P.attackNum) ?? 1), 0);
    const names = melee.map((a) => `${a.name} ×${Math.max(1, int(a, P.attackNum) ?? 1)}`).join(", ");
    if (total > max) reject(f, "attacksPerRound", { key: "WC.Fill.sheetOutOfRange", params: { path: `items[].${P.attackNum}`, value: total, min, max } });
    else if (total > 0) f.attacksPerRound = sheet(total, { key: "WC.Fill.attacksFromNpcAttacks", params: { names } });
    const first = melee.find((a) => parseDamage(text(a, P.attackDamage) ?? "") !== undefined);
    if (first) {
      const dmg = parseDamage(text(first, P.attackDamage) as string) as NonNullable<ReturnType<typeof parseDamage>>;
      const bonus = int(first, P.damageBonus) ?? 0;
      f.naturalAttack = sheet({ ...dmg, bonus: dmg.bonus + bonus, kind: namesWeapon(first.name) ? "weapon" : "natural" }, { key: "WC.Fill.damageFromItem", params: { name: first.name, damage: text(first, P.attackDamage) as string } });
      const hit = int(first, P.attackBonus) ?? 0;
      if (hit >= -10 && hit <= 30) f.thac0 = sheet(20 - hit, { key: "WC.Fill.thac0FromBonus", params: { bonus: hit } });
    }
  }

  // Armour: the best worn armour with a base AC, and a worn shield.
  const worn = items.filter((i) => i.type === "Armor" && flag(i, P.itemEquipped) === true);
  if (isChar || worn.length > 0) {
    const body = worn.filter((i) => int(i, P.itemAcBase)).sort((a, b) => (int(b, P.itemAcBase) ?? 0) - (int(a, P.itemAcBase) ?? 0))[0];
    const shield = worn.find((i) => !int(i, P.itemAcBase) && /shield/i.test(i.name));
    if (body) {
      const base = int(body, P.itemAcBase) as number;
      const byName = kindFromName(body.name);
      const kind = byName ?? KIND_BY_SD_AC[Math.min(15, base)] ?? "leather";
      const plus = Math.max(0, int(body, P.itemAcModifier) ?? 0);
      f.armor = sheet({ kind, plus, ad: ADND_ARMOR_AC[kind] }, byName ? { key: "WC.Fill.armorKindFromName", params: { name: body.name } } : { key: "WC.Fill.armorKindFromAc", params: { ac: base } });
    } else f.armor = sheet(null);
    f.shield = sheet(shield ? { plus: Math.max(0, (int(shield, P.itemAcModifier) ?? 2) - 2) } : null);
    f.helmet = sheet(worn.some((i) => isHelmet(i.name)));
    f.magicProtection = sheet(0);
  }

  // AC: the prepared value (an NPC's is its stat block's); a player's export worked out as Shadowdark does.
  let acWhy: Reason | undefined;
  let aac: number | undefined;
  if (isChar && !live) {
    aac = playerAc(items, mods);
    acWhy = { key: "WC.Fill.acAsShadowdark", params: { aac } };
  } else {
    const got = intIn(actor, P.ac, 0, 40);
    if (got.kind === "ok") aac = got.n;
    else if (got.kind === "rejected") reject(f, "ac", got.reason);
  }
  if (aac !== undefined) {
    const desc = descendingFrom10(aac);
    f.ac = sheet(desc, acWhy ?? { key: "WC.Fill.fromAscending", params: { aac } });
    if (!isChar && !f.armor?.value) f.naturalAc = sheet(desc, { key: "WC.Fill.fromAscending", params: { aac } });
  }
  return completeFacts(nameOf(actor), actor, f, "Shadowdark");
}

export const shadowdark: SystemDescriptor = {
  id: "shadowdark",
  systemIds: ["shadowdark"],
  label: "Shadowdark",
  source: "Muttley/foundryvtt-shadowdark@cf357e3fab231b52589f5a003f474711df6718e1",
  paths: SHADOWDARK_PATHS,
  hitPoints: () => ({ value: SHADOWDARK_PATHS.hp, max: SHADOWDARK_PATHS.hpMax, temporary: null }),
  hostStatuses: FOUNDRY_STATUSES,
  facts: (actor, settings) => readShadowdark(actor, settings),
};
