/**
 * ARS, the Advanced Roleplaying System (`ars`; OSRIC, 1e and 2e by its `systemVariant` setting).
 * Its repository is not on GitHub; the paths below were read from lastredoubt/acks2-arsbase@171feb4
 * (a fork of ARS 2023.08): src/template.json (the source data), src/module/actor/actor.js
 * (`prepareDerivedData`: `_prepareCasterLevels` writes `rank.levels`, `getClassLevel` /
 * `getMaxLevel` count a class item's `advancement` entries, `_prepareArmorClass` writes
 * `armorClass.*`, `_buildAbilityFields` the Dex `defensive`), src/module/actor/actor-sheet.js
 * (`_updateForLevelChange` pushes one `{level, hp}` entry per level; `_reconfigureSaves` and
 * `_reconfigureAttributes` write saves, THAC0 and movement into the source) and
 * src/module/apps/import-tools.js (how an NPC's stat-block text lands in `hitdice`,
 * `numberAttacks`, `damage`, `movement`).
 *
 * An export holds the source only: no `armorClass`, no `rank`, no Dex `defensive`. Those are
 * worked out here as ARS works them out. `system.attributes.level.value` is in the template, but
 * nothing in ARS writes it, so it is never read.
 */
import { isHelmet, kindFromAc, kindFromName, plusFromName } from "./armor.ts";
import { classGroupFromName } from "./classes.ts";
import type { Found } from "./fill.ts";
import { SHEET_RANGE, completeFacts, nameOf, readAttacksText, readCommon, readDexterity, readHitDiceText, readMovement, reject, sizeFromToken, sizeFromWord, take } from "./fill.ts";
import { intelligenceFromScore, namesWeapon, parseDamage, parseIntelligence, parseStrength } from "./parse.ts";
import type { ItemData } from "./read.ts";
import { actorType, at, flag, int, intIn, isObj, isPrepared, itemsOf, outOfRange, sheet, text, unreadText } from "./read.ts";
import { FOUNDRY_STATUSES } from "./statuses.ts";
import type { ActorData, ArmorFact, ClassGroupId, CreatureFacts, SystemDescriptor, SystemSettings } from "./types.ts";

export const ARS_PATHS = {
  size: "system.attributes.size",
  strength: "system.abilities.str.value",
  strengthPercent: "system.abilities.str.percent",
  dexterity: "system.abilities.dex.value",
  dexDefense: "system.abilities.dex.defensive",
  intelligence: "system.abilities.int.value",
  npcIntelligence: "system.intelligence",
  acNormal: "system.armorClass.normal",
  acRing: "system.armorClass.ring",
  acCloak: "system.armorClass.cloak",
  acOther: "system.armorClass.other",
  acBase: "system.attributes.ac.value",
  hp: "system.attributes.hp.value",
  hpMax: "system.attributes.hp.max",
  thac0: "system.attributes.thaco.value",
  movement: "system.attributes.movement.value",
  npcMovement: "system.movement",
  levelMax: "system.rank.levels.max",
  hitDice: "system.hitdice",
  attacks: "system.numberAttacks",
  damage: "system.damage",
  height: "system.details.height",
  weight: "system.details.weight",
  saveBreath: "system.saves.breath.value",
  itemAdvancement: "system.advancement",
  itemProtectionType: "system.protection.type",
  itemAc: "system.protection.ac",
  itemModifier: "system.protection.modifier",
  itemState: "system.location.state",
  itemMagic: "system.attributes.magic",
} as const;

const P = ARS_PATHS;

/** A class item's level as ARS counts it: the number of its `advancement` entries (an array, or an object of them). */
export function arsClassLevel(item: ItemData): number {
  const adv = at(item, P.itemAdvancement);
  if (Array.isArray(adv)) return adv.length;
  return isObj(adv) ? Object.keys(adv).length : 0;
}

interface WornArmour {
  readonly best: { readonly ac: number; readonly mod: number; readonly name: string; readonly magic: boolean } | undefined;
  /** AC points of all worn shields: ARS adds each one's AC and modifier. */
  readonly shieldPoints: number;
  readonly shield: { readonly plus: number } | null;
  readonly rings: number;
  readonly cloaks: number;
  readonly other: number;
  readonly helmet: boolean;
}

/**
 * The worn pieces as ARS `_prepareArmorClass` goes through them: the lowest base AC among worn
 * armour and warding (below the stat block's base), each shield's AC and modifier, the best
 * ring, the best cloak, and the sum of the other protection.
 */
function wornArmour(worn: readonly ItemData[], baseAc: number): WornArmour {
  let best: WornArmour["best"];
  let lowest = baseAc;
  let shieldPoints = 0;
  let shield: { plus: number } | null = null;
  let rings = 0;
  let cloaks = 0;
  let other = 0;
  let helmet = false;
  for (const i of worn) {
    const kind = text(i, P.itemProtectionType) ?? "";
    const ac = int(i, P.itemAc) ?? 10;
    const mod = int(i, P.itemModifier) ?? 0;
    if (isHelmet(i.name)) helmet = true;
    if (kind === "armor" || kind === "warding") {
      if (ac < lowest) {
        lowest = ac;
        // Warding (a robe, bracers) gives a base AC but is not armour.
        best = kind === "armor" ? { ac, mod, name: i.name, magic: flag(i, P.itemMagic) === true } : { ac, mod, name: "", magic: false };
      }
    } else if (kind === "shield") {
      shieldPoints += ac + mod;
      shield = { plus: shield ? Math.max(shield.plus, mod) : mod };
    } else if (kind === "ring") rings = Math.max(rings, mod);
    // As ARS's cloak branch runs at 171feb4: a cloak with a plus puts it in the best ring's place
    // (whatever ring came before), and the cloak's own figure stays 0.
    else if (kind === "cloak") {
      if (mod > 0) rings = mod;
      cloaks = 0;
    } else other += mod;
  }
  return { best, shieldPoints, shield, rings, cloaks, other, helmet };
}

/**
 * Magic protection beyond armour and shield, as ARS's `_prepareArmorClass` works it out (so that
 * an export reads as the live actor shows): the "best ring" (a ring's plus when better, a
 * cloak's plus in any case, in item order), none over magic armour; the cloak's own figure, which
 * that code never sets, 0; other protection always.
 */
function protectionAsArs(w: WornArmour): number {
  const magicArmour = w.best?.magic === true;
  const wornLeather = w.best !== undefined && w.best.name !== "" && /leather/i.test(w.best.name);
  const ring = magicArmour ? 0 : w.rings;
  const cloak = wornLeather && !w.shield && !magicArmour ? w.cloaks : 0;
  return ring + cloak + w.other;
}

/**
 * ARS gives every actor the template's abilities, 10 each with no percentage; an NPC's stat
 * block has none, so an untouched 10 on an NPC is no score at all.
 */
function untouchedNpcScore(actor: ActorData, ability: "str" | "dex"): boolean {
  return actorType(actor) === "npc" && int(actor, `system.abilities.${ability}.value`) === 10 && !int(actor, `system.abilities.${ability}.percent`);
}

function readStrength(f: Found, actor: ActorData): void {
  const raw = at(actor, P.strength);
  if (raw === undefined || raw === null || raw === "" || untouchedNpcScore(actor, "str")) return;
  const str = typeof raw === "string" ? parseStrength(raw) : undefined;
  if (typeof raw === "string" && str) {
    f.strength = sheet(str);
    return;
  }
  // Strength: the score, and the percentage only at 18 (ARS keeps 0 for none, 100 for 18/00).
  take(f, "strength", intIn(actor, P.strength, ...SHEET_RANGE.ability), (score) => {
    const pct = int(actor, P.strengthPercent);
    return sheet(score === 18 && pct !== undefined && pct >= 1 && pct <= 100 ? { score: 18, exceptional: pct } : { score });
  });
}

/** Characters: level, class group, multi-class list and monk level, from the class items (and the prepared `rank`). */
function readClasses(f: Found, actor: ActorData, live: boolean): void {
  const classes = (itemsOf(actor) ?? []).filter((i) => i.type === "class").map((i) => ({ item: i, level: arsClassLevel(i), group: classGroupFromName(i.name)?.group }));
  const [min, max] = SHEET_RANGE.level;
  const prepared = live ? intIn(actor, P.levelMax, min, max) : { kind: "absent" as const };
  if (prepared.kind === "ok") f.level = sheet(prepared.n);
  else if (prepared.kind === "rejected") reject(f, "level", prepared.reason);
  else if (classes.length > 0) {
    // ARS getMaxLevel: the most advancement entries among the class items, and never below 1.
    const top = classes.reduce((a, b) => (b.level > a.level ? b : a));
    const level = Math.max(1, top.level);
    if (level > max) reject(f, "level", outOfRange(`items[${top.item.name}].${P.itemAdvancement}`, top.level, min, max));
    else f.level = sheet(level, { key: "WC.Fill.levelFromAdvancement", params: { level, count: top.level, class: top.item.name } });
  }
  if (classes.length === 0) return;
  // The one class group the rule sets with a single column use: fighter before cleric before
  // thief before magic-user (as for adnd2e). Percentile has every class and chooses its column.
  const group = (["fighter", "cleric", "thief", "magicUser"] as const).find((g) => classes.some((c) => c.group === g));
  if (group) f.classGroup = sheet(group);
  const known = classes.flatMap((c) => (c.group ? [{ group: c.group as ClassGroupId, level: Math.min(max, Math.max(1, c.level)) }] : []));
  if (known.length > 1) f.classes = sheet(known.slice(0, 3));
  const monk = classes.find((c) => /monk/i.test(c.item.name));
  f.monkLevel = sheet(monk ? Math.min(max, Math.max(1, monk.level)) : 0);
}

function readArs(actor: ActorData, settings: SystemSettings): CreatureFacts {
  const live = isPrepared(actor, settings);
  const f: Found = {};
  const type = actorType(actor);
  if (type === "character" || type === "npc") f.kind = sheet(type === "character" ? "character" : "monster");
  const isChar = type === "character";

  const sizeWord = text(actor, P.size);
  const size = sizeWord ? sizeFromWord(sizeWord) : undefined;
  if (size) f.size = sheet(size);
  else if (sizeWord) reject(f, "size", unreadText(P.size, sizeWord));
  if (!size && !sizeWord) f.size = sizeFromToken(actor, "ARS");

  readStrength(f, actor);
  if (!untouchedNpcScore(actor, "dex")) readDexterity(f, actor, P.dexterity, live ? P.dexDefense : undefined);

  const intScore = isChar ? intIn(actor, P.intelligence, 0, 25) : { kind: "absent" as const };
  const intText = text(actor, P.npcIntelligence);
  if (intScore.kind === "ok") f.intelligence = sheet(intelligenceFromScore(intScore.n));
  else if (intScore.kind === "rejected") reject(f, "intelligence", intScore.reason);
  else if (intText) {
    const band = parseIntelligence(intText);
    if (band) f.intelligence = sheet(band);
    else reject(f, "intelligence", unreadText(P.npcIntelligence, intText));
  }

  // The stat block's base AC (characters: the class table's, 10 unarmoured).
  const base = intIn(actor, P.acBase, ...SHEET_RANGE.ac);
  if (base.kind === "rejected") reject(f, "ac", base.reason);
  const baseAc = base.kind === "ok" ? base.n : 10;

  const items = itemsOf(actor);
  const worn = items?.filter((i) => i.type === "armor" && text(i, P.itemState) === "equipped");
  const w = worn ? wornArmour(worn, baseAc) : undefined;
  if (w) {
    if (w.best && w.best.name !== "") {
      const byName = kindFromName(w.best.name);
      const armor: ArmorFact = { kind: byName ?? kindFromAc(w.best.ac) ?? "leather", plus: w.best.mod || plusFromName(w.best.name) || 0, ad: w.best.ac };
      f.armor = sheet(armor, byName ? { key: "WC.Fill.armorKindFromName", params: { name: w.best.name } } : { key: "WC.Fill.armorKindFromAc", params: { ac: w.best.ac } });
    } else f.armor = sheet(null);
    f.shield = sheet(w.shield);
    f.helmet = sheet(w.helmet);
    // A prepared actor has ARS's own figures (each stored as the AC points it takes off).
    const liveParts = live ? [P.acRing, P.acCloak, P.acOther].map((p) => intIn(actor, p, -20, 20)) : [];
    if (liveParts.length === 3 && liveParts.every((g) => g.kind === "ok")) f.magicProtection = sheet(liveParts.reduce((s, g) => s - (g.kind === "ok" ? g.n : 0), 0));
    else f.magicProtection = sheet(protectionAsArs(w), { key: "WC.Fill.protectionAsArs" });
  }

  // AC: the prepared `armorClass.normal`, else worked out as `_prepareArmorClass` does.
  const acLive = live ? intIn(actor, P.acNormal, ...SHEET_RANGE.ac) : { kind: "absent" as const };
  if (acLive.kind === "ok") f.ac = sheet(acLive.n);
  else if (acLive.kind === "rejected") reject(f, "ac", acLive.reason);
  else if (base.kind === "ok" && w) {
    const dex = f.dexAcAdjustment?.value ?? 0;
    const body = w.best ? w.best.ac - w.best.mod : baseAc;
    const ac = Math.max(-20, Math.min(10, body - w.shieldPoints - (f.magicProtection?.value ?? 0) + dex));
    f.ac = sheet(ac, { key: "WC.Fill.acAsArs" });
  } else if (base.kind === "ok" && !isChar) f.ac = sheet(baseAc);
  if (!isChar && base.kind === "ok" && !f.armor?.value) f.naturalAc = sheet(baseAc);

  if (isChar) readMovement(f, actor, P.movement);
  else {
    readMovement(f, actor, at(actor, P.npcMovement) !== undefined ? P.npcMovement : P.movement);
    const moveText = text(actor, P.npcMovement);
    if (moveText && /\bfl|\/\s*\d/i.test(moveText)) f.flight = sheet("wings", { key: "WC.Fill.flightFromText", params: { text: moveText } });
  }

  if (isChar) readClasses(f, actor, live);
  else {
    readHitDiceText(f, actor, P.hitDice);
    readAttacksText(f, actor, P.attacks);
    const dmgText = text(actor, P.damage);
    const dmg = dmgText ? parseDamage(dmgText) : undefined;
    const atkText = text(actor, P.attacks) ?? "";
    if (dmg) f.naturalAttack = sheet({ ...dmg, kind: namesWeapon(`${atkText} ${dmgText ?? ""}`) ? "weapon" : "natural" }, { key: "WC.Fill.fromText", params: { text: dmgText as string } });
    else if (dmgText) reject(f, "naturalAttack", unreadText(P.damage, dmgText));
  }

  readCommon(f, actor, { height: P.height, weight: P.weight, thac0: P.thac0, breath: P.saveBreath });
  return completeFacts(nameOf(actor), actor, f, "ARS");
}

export const ars: SystemDescriptor = {
  id: "ars",
  systemIds: ["ars"],
  label: "ARS",
  source: "lastredoubt/acks2-arsbase@171feb435d5634db63f916e86074ce0fcecb9878",
  paths: ARS_PATHS,
  hitPoints: () => ({ value: ARS_PATHS.hp, max: ARS_PATHS.hpMax, temporary: null }),
  hostStatuses: FOUNDRY_STATUSES,
  facts: (actor, settings) => readArs(actor, settings),
};
