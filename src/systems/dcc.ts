/**
 * Dungeon Crawl Classics (`dcc`), read from foundryvtt-dcc/dcc@78a6227: the actor models
 * module/data/actor/base-actor.mjs (`abilities.<str|agl|sta|per|int|lck>.value`,
 * `attributes.ac.value` and `.otherMod`, `attributes.hp`, `attributes.hitDice.value` a dice
 * text, `attributes.speed.value` a text such as "30'", `attributes.actionDice.value`,
 * `details.level.value`, `details.attackBonus`), player-data.mjs (`class.className`,
 * `config.computeAC` and `config.baseACAbility`), npc-data.mjs (`config.actionDice`, "1d20,1d14"
 * for two actions a round), the items armor-data.mjs (`acBonus` "+3", `equipped`) and
 * weapon-data.mjs (`damage`, `toHit`, `melee`), module/config.js (`DCC.abilityModifiers`), and
 * module/actor.js `prepareDerivedData` (a player's AC with computeAC: 10 + the base ability's
 * modifier + each worn armour's bonus + `ac.otherMod`; an NPC's AC is its own value + `otherMod`);
 * docs/user-guide/Attribute-Paths-for-Modules.md confirms the paths.
 *
 * Stated readings (project defaults): AC is ascending from 10, so descending = 20 - AC; speed in
 * feet a round, 30' = 12" (as dnd5e's); THAC0 = 20 - attack bonus; attacks a round = the action
 * dice (each die one action); a DCC elf is a fighter/magic-user (fighter first), a dwarf and a
 * halfling fighters, a halfling small. DCC's packs ship no monsters or classes.
 */
import { ADND_ARMOR_AC, isHelmet, kindFromName } from "./armor.ts";
import type { Found } from "./fill.ts";
import { SHEET_RANGE, completeFacts, nameOf, readHitDiceText, reject, sizeFromToken, take } from "./fill.ts";
import { namesWeapon, parseDamage, parseMovement } from "./parse.ts";
import { classGroupFromName } from "./classes.ts";
import type { ItemData } from "./read.ts";
import { actorType, at, flag, int, intIn, isPrepared, itemsOf, outOfRange, present, sheet, text, unreadText } from "./read.ts";
import { descendingFrom10 } from "./shadowdark.ts";
import { FOUNDRY_STATUSES } from "./statuses.ts";
import type { ActorData, ArmorKind, CreatureFacts, Reason, SystemDescriptor, SystemSettings } from "./types.ts";

export const DCC_PATHS = {
  strength: "system.abilities.str.value",
  agility: "system.abilities.agl.value",
  intelligence: "system.abilities.int.value",
  ac: "system.attributes.ac.value",
  acOtherMod: "system.attributes.ac.otherMod",
  hp: "system.attributes.hp.value",
  hpMax: "system.attributes.hp.max",
  hitDice: "system.attributes.hitDice.value",
  speed: "system.attributes.speed.value",
  fly: "system.attributes.speed.fly",
  actionDice: "system.attributes.actionDice.value",
  npcActionDice: "system.config.actionDice",
  computeAC: "system.config.computeAC",
  baseACAbility: "system.config.baseACAbility",
  level: "system.details.level.value",
  attackBonus: "system.details.attackBonus",
  className: "system.class.className",
  itemAcBonus: "system.acBonus",
  itemEquipped: "system.equipped",
  itemDamage: "system.damage",
  itemToHit: "system.toHit",
  itemMelee: "system.melee",
  itemRange: "system.range",
} as const;

const P = DCC_PATHS;

/** DCC's ability modifiers (module/config.js `DCC.abilityModifiers`, 0 to 24). */
export function dccModifier(score: number): number {
  const s = Math.max(0, Math.min(24, Math.round(score)));
  if (s <= 1) return -4;
  if (s <= 3) return -3;
  if (s <= 5) return -2;
  if (s <= 8) return -1;
  if (s <= 12) return 0;
  if (s <= 15) return 1;
  if (s <= 17) return 2;
  if (s <= 19) return 3;
  if (s <= 21) return 4;
  if (s <= 23) return 5;
  return 6;
}

/** DCC armour by its AC bonus (leather +2, studded and hide +3, scale +4, chain +5, banded +6, half-plate +7, full plate +8). */
const KIND_BY_BONUS: Readonly<Record<number, ArmorKind>> = { 1: "padded", 2: "leather", 3: "studded", 4: "scale", 5: "chain", 6: "banded", 7: "splint", 8: "plate" };

/** "+3", "-1", "3" as a number. */
function signed(v: string | undefined): number | undefined {
  const m = v === undefined ? null : /^\s*([+-]?)\s*(\d{1,3})\s*$/.exec(v);
  return m ? Number(m[2]) * (m[1] === "-" ? -1 : 1) : undefined;
}

/** Actions a round from action dice text: "1d20" 1, "1d20,1d14" 2, "1d20+1d16" 2, "2d20" 2. */
export function actionCount(raw: string): number | undefined {
  const dice = [...raw.matchAll(/(\d*)\s*d\s*\d+/gi)];
  if (dice.length === 0) return undefined;
  return dice.reduce((n, m) => n + (m[1] ? Number(m[1]) : 1), 0);
}

function readDcc(actor: ActorData, settings: SystemSettings): CreatureFacts {
  const live = isPrepared(actor, settings);
  const f: Found = {};
  const type = actorType(actor);
  const isChar = type === "Player";
  if (type === "Player" || type === "NPC") f.kind = sheet(isChar ? "character" : "monster");
  const items = itemsOf(actor) ?? [];
  const [amin, amax] = SHEET_RANGE.ability;
  const cls = isChar ? text(actor, P.className) : undefined;

  // DCC keeps no size: a halfling's class says small; else the token's footprint.
  f.size = cls && /halfling/i.test(cls) ? sheet("S", { key: "WC.Fill.sizeFromHalflingClass", params: { class: cls } }) : sizeFromToken(actor, "DCC");

  // An NPC's stat block has no ability scores: the model's initial 10 on an NPC is no score.
  const untouched = (path: string) => !isChar && int(actor, path) === 10;
  if (!untouched(P.strength)) take(f, "strength", intIn(actor, P.strength, amin, amax), (score) => sheet({ score }));
  const agl = untouched(P.agility) ? undefined : take(f, "dexterity", intIn(actor, P.agility, amin, amax), (n) => sheet(n, { key: "WC.Fill.agilityIsDexterity" }));
  if (agl !== undefined) f.dexAcAdjustment = sheet(-dccModifier(agl), { key: "WC.Fill.dexFromModifier", params: { dex: agl, mod: dccModifier(agl) } });

  // Armour: each worn armour's AC bonus; the largest non-shield is the body armour.
  const worn = items.filter((i) => i.type === "armor" && flag(i, P.itemEquipped) === true);
  const bonusOf = (i: ItemData) => signed(text(i, P.itemAcBonus)) ?? 0;
  const shieldItem = worn.find((i) => /shield/i.test(i.name));
  const body = worn.filter((i) => i !== shieldItem).sort((a, b) => bonusOf(b) - bonusOf(a))[0];
  if (isChar || worn.length > 0) {
    if (body) {
      const byName = kindFromName(body.name);
      const kind = byName ?? KIND_BY_BONUS[Math.max(1, Math.min(8, bonusOf(body)))] ?? "leather";
      f.armor = sheet({ kind, plus: 0, ad: ADND_ARMOR_AC[kind] }, byName ? { key: "WC.Fill.armorKindFromName", params: { name: body.name } } : { key: "WC.Fill.armorKindFromAc", params: { ac: bonusOf(body) } });
    } else f.armor = sheet(null);
    f.shield = sheet(shieldItem ? { plus: Math.max(0, bonusOf(shieldItem) - 1) } : null);
    f.helmet = sheet(worn.some((i) => isHelmet(i.name)));
    f.magicProtection = sheet(0);
  }

  // AC: live, the prepared value; an export's worked out as DCC's prepareDerivedData does.
  let aac: number | undefined;
  let why: Reason | undefined;
  const otherMod = int(actor, P.acOtherMod) ?? 0;
  if (!live && isChar && at(actor, P.computeAC) !== false) {
    const ability = text(actor, P.baseACAbility) ?? "agl";
    const score = int(actor, `system.abilities.${ability}.value`);
    aac = 10 + (score === undefined ? 0 : dccModifier(score)) + worn.reduce((n, i) => n + bonusOf(i), 0) + otherMod;
    why = { key: "WC.Fill.acAsDcc", params: { aac } };
  } else {
    const got = intIn(actor, P.ac, 0, 40);
    if (got.kind === "rejected") reject(f, "ac", got.reason);
    else if (got.kind === "ok") {
      // An NPC's otherMod is added in preparation; a prepared value has it already.
      aac = got.n + (!live && !isChar ? otherMod : 0);
    }
  }
  if (aac !== undefined && (aac < 0 || aac > 40)) {
    reject(f, "ac", outOfRange(P.ac, aac, 0, 40));
    aac = undefined;
  }
  if (aac !== undefined) {
    const desc = descendingFrom10(aac);
    f.ac = sheet(desc, why ?? { key: "WC.Fill.fromAscending", params: { aac } });
    if (!isChar && !f.armor?.value) f.naturalAc = sheet(desc, { key: "WC.Fill.fromAscending", params: { aac } });
  }

  // Speed in feet a round ("30'", "30", "25/50/100": the first).
  if (present(actor, P.speed)) {
    const t = text(actor, P.speed);
    const first = t ? /^\s*(\d{1,4})/.exec(t.replace(/^\s*-/, "x")) : null;
    if (!t || !first) reject(f, "movement", unreadText(P.speed, at(actor, P.speed)));
    else {
      const feet = Number(first[1]);
      if (feet > 600) reject(f, "movement", outOfRange(P.speed, t, 0, 600));
      else f.movement = sheet(Math.round((feet * 12) / 30), { key: "WC.Fill.movementFrom5e", params: { feet } });
    }
  }
  const fly = text(actor, P.fly);
  if (fly && (parseMovement(fly) ?? 0) > 0) f.flight = sheet("wings", { key: "WC.Fill.flightFromText", params: { text: fly } });

  // Actions a round: the action dice.
  const dicePath = isChar ? P.actionDice : present(actor, P.npcActionDice) ? P.npcActionDice : P.actionDice;
  const diceText = text(actor, dicePath);
  if (diceText) {
    const n = actionCount(diceText);
    const [min, max] = SHEET_RANGE.attacks;
    if (n === undefined) reject(f, "attacksPerRound", unreadText(dicePath, diceText));
    else if (n > max) reject(f, "attacksPerRound", outOfRange(dicePath, diceText, min, max));
    else f.attacksPerRound = sheet(n, { key: "WC.Fill.attacksFromActionDice", params: { dice: diceText } });
  }

  const bonus = signed(text(actor, P.attackBonus));
  if (isChar) {
    take(f, "level", intIn(actor, P.level, ...SHEET_RANGE.level), (n) => sheet(n));
    if (cls && /^\s*elf\s*$/i.test(cls)) {
      const level = f.level?.value ?? 1;
      const r = { key: "WC.Fill.elfAsFighterMage", params: { class: cls } };
      f.classGroup = sheet("fighter", r);
      f.classes = sheet([{ group: "fighter", level }, { group: "magicUser", level }], r);
    } else if (cls) {
      const g = classGroupFromName(cls);
      if (g) f.classGroup = sheet(g.group);
    }
    f.monkLevel = sheet(0);
    // A warrior's or dwarf's deed die ("d3") is no fixed bonus: THAC0 20 less any fixed part.
    f.thac0 = sheet(20 - (bonus ?? 0), { key: "WC.Fill.thac0FromBonus", params: { bonus: bonus ?? 0 } });
  } else {
    readHitDiceText(f, actor, P.hitDice);
    // A weapon's melee flag starts false in DCC's model: only one with a range is a missile weapon.
    const weapons = items.filter((i) => i.type === "weapon" && (flag(i, P.itemMelee) !== false || !text(i, P.itemRange)));
    const first = weapons.find((w) => parseDamage(text(w, P.itemDamage) ?? "") !== undefined);
    if (first) {
      const dmgText = text(first, P.itemDamage) as string;
      f.naturalAttack = sheet({ ...(parseDamage(dmgText) as NonNullable<ReturnType<typeof parseDamage>>), kind: namesWeapon(first.name) ? "weapon" : "natural" }, { key: "WC.Fill.damageFromItem", params: { name: first.name, damage: dmgText } });
      const hit = signed(text(first, P.itemToHit)) ?? bonus;
      if (hit !== undefined) f.thac0 = sheet(20 - hit, { key: "WC.Fill.thac0FromBonus", params: { bonus: hit } });
    } else if (bonus !== undefined) f.thac0 = sheet(20 - bonus, { key: "WC.Fill.thac0FromBonus", params: { bonus } });
  }
  return completeFacts(nameOf(actor), actor, f, "DCC");
}

export const dcc: SystemDescriptor = {
  id: "dcc",
  systemIds: ["dcc"],
  label: "DCC",
  source: "foundryvtt-dcc/dcc@78a6227500f86c0f198a59d8b4c10130ad366046",
  paths: DCC_PATHS,
  hitPoints: () => ({ value: DCC_PATHS.hp, max: DCC_PATHS.hpMax, temporary: null }),
  hostStatuses: FOUNDRY_STATUSES,
  facts: (actor, settings) => readDcc(actor, settings),
};
