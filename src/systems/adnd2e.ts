/**
 * adnd2e (`adnd2e`, AD&D 2nd edition), read from PointFrankRange/adnd2e-foundryvtt: the actor
 * models src/data/actor/base-actor.ts@0053b32 (`actorCommonSchema`: the derived caches
 * `classes`, `attributes.thac0/ac/movement`, `saves.*` with their pre-derive initials;
 * `applyRacialAdjustment`, run in `prepareBaseData`; `deriveAndCache`), character.ts@c50b93d,
 * npc.ts@2bf187f, creature.ts@da07ef8 (`saves.effective`, `thac0.asFighterLevel`, written by
 * `deriveAndCacheCreature`) with src/data/derive/creature/derive.ts@3a4f0c1, the character
 * pipeline src/data/derive/character/derive.ts@00dd803 (levels from each class item's XP,
 * THAC0 from the best class less the Strength hit probability, saves from the best class, AC from
 * the first worn armour and shield), src/data/actor/snapshot.ts@00dd803, the items
 * src/data/item/armor.ts@040be88, class.ts@4e9fbe8, race.ts@6f2135c, the choices in
 * src/data/item/choices.ts@020dfb8, and the statuses in src/conditions.ts@020dfb8 and
 * src/combat/grapple-state.ts@3507a8e. The tables themselves are in adnd2e-tables.ts.
 *
 * A prepared actor has every derived value in place. An export holds the source only: the caches
 * sit at their initials (`classes: []`, THAC0 20, saves 20, AC 10, movement 12) and the racial
 * ability adjustments are not applied, so those are worked out here the way adnd2e prepares them.
 *
 * It has its own 2e wrestling and the statuses `held` and `grappling`: the module sets and reads
 * those rather than adding its own. Characters and NPCs keep non-lethal damage in
 * `attributes.hp.nonlethal`; creatures have no such field.
 */
import type { Adnd2eGroup } from "./adnd2e-tables.ts";
import { ADND2E_CLASSES, ADND2E_RACE_ADJUSTMENTS, breathSaveFor, levelForXp, strengthHitProbability, thac0For, xpForLevel } from "./adnd2e-tables.ts";
import { ADND_ARMOR_AC, dexDefense, isHelmet, kindFromAc, kindFromName, plusFromName, protectionPlus } from "./armor.ts";
import type { Found } from "./fill.ts";
import { SHEET_RANGE, completeFacts, nameOf, readCommon, readMovement, reject, sizeFromToken, sizeFromWord, take } from "./fill.ts";
import { intelligenceFromScore, namesWeapon, parseDamage, parseIntelligence } from "./parse.ts";
import type { ItemData } from "./read.ts";
import { actorType, at, clamp, flag, int, intIn, isObj, isPrepared, itemsOf, num, outOfRange, sheet, text, unreadText } from "./read.ts";
import type { ActorData, ArmorKind, ClassGroupId, CreatureFacts, SystemDescriptor, SystemSettings } from "./types.ts";

export const ADND2E_PATHS = {
  strength: "system.abilities.str.score",
  strengthExceptional: "system.abilities.str.exceptional",
  dexterity: "system.abilities.dex.score",
  dexDefense: "system.abilities.dex.mods.defensiveAdj",
  intelligence: "system.abilities.int.score",
  creatureIntelligence: "system.details.intelligence",
  creatureSize: "system.details.size",
  acNormal: "system.attributes.ac.normal",
  creatureAc: "system.attributes.ac.value",
  hp: "system.attributes.hp.value",
  hpMax: "system.attributes.hp.max",
  nonlethal: "system.attributes.hp.nonlethal",
  thac0: "system.attributes.thac0.melee",
  creatureThac0: "system.attributes.thac0.value",
  creatureThac0AsFighter: "system.attributes.thac0.asFighterLevel",
  movement: "system.attributes.movement.current",
  creatureMovement: "system.attributes.movement.land",
  creatureFly: "system.attributes.movement.fly",
  classes: "system.classes",
  hdCount: "system.hd.count",
  hdBonus: "system.hd.bonus",
  attacks: "system.attacks",
  height: "system.details.height",
  weight: "system.details.weight",
  saveBreath: "system.saves.bw.target",
  creatureSaveMode: "system.saves.mode",
  creatureSaveExplicit: "system.saves.explicit.bw",
  creatureSaveGroup: "system.saves.asClass.group",
  creatureSaveLevel: "system.saves.asClass.level",
  creatureSaveEffective: "system.saves.effective.bw",
  itemArmorType: "system.armorType",
  itemBaseAc: "system.baseAc",
  itemMagic: "system.magicBonus",
  itemIsShield: "system.isShield",
  itemShieldBonus: "system.shieldAcBonus",
  itemEquipped: "system.equipped",
  itemChassis: "system.chassisId",
  itemXp: "system.xp",
  itemRaceId: "system.raceId",
  itemRaceSize: "system.size",
  itemRaceMovement: "system.baseMovement",
  itemSubraceAdjustments: "system.subrace.abilityAdjustments",
} as const;

const P = ADND2E_PATHS;

/** adnd2e's armour types as the variants' kinds. */
const KIND_BY_TYPE: Readonly<Record<string, ArmorKind>> = {
  none: "none",
  padded: "padded",
  leather: "leather",
  "studded-leather": "studded",
  "ring-mail": "ring",
  "scale-mail": "scale",
  "chain-mail": "chain",
  "elven-chain": "chain",
  "splint-mail": "splint",
  "banded-mail": "banded",
  "plate-mail": "plate",
  "field-plate": "plate",
  "full-plate": "plate",
};

/** adnd2e's class groups as the variants' class groups. */
const GROUP: Readonly<Record<Adnd2eGroup, ClassGroupId>> = { warrior: "fighter", priest: "cleric", rogue: "thief", wizard: "magicUser" };
const ADND2E_GROUPS: readonly Adnd2eGroup[] = ["warrior", "priest", "rogue", "wizard"];

interface ClassLevel {
  readonly chassisId: string;
  readonly group: Adnd2eGroup;
  readonly level: number;
}

/**
 * Each class and its level: a prepared actor's `system.classes`, else each class item's own XP
 * on its table, as adnd2e works it out (an XP modifier from a kit or subrace is not counted).
 */
function classLevels(f: Found, actor: ActorData, classItems: readonly ItemData[], prepared: boolean): ClassLevel[] {
  const [min, max] = SHEET_RANGE.level;
  const out: ClassLevel[] = [];
  if (prepared) {
    const list = at(actor, P.classes);
    for (const c of Array.isArray(list) ? list.filter(isObj) : []) {
      const id = typeof c.chassisId === "string" ? c.chassisId : "";
      const row = ADND2E_CLASSES[id];
      const level = Math.trunc(num(c, "level") ?? 1);
      if (!row) continue;
      if (level < min || level > max) reject(f, "level", outOfRange(`${P.classes}[${id}].level`, level, min, max));
      else out.push({ chassisId: id, group: row.group, level });
    }
    return out;
  }
  for (const item of classItems) {
    const id = text(item, P.itemChassis) ?? "";
    const row = ADND2E_CLASSES[id];
    if (!row) continue;
    const xp = int(item, P.itemXp) ?? 0;
    if (xp < 0) {
      reject(f, "level", outOfRange(`items[${item.name}].${P.itemXp}`, xp, 0, 1e9));
      continue;
    }
    // XP past what the highest level needs is no sheet value (10^15 XP is not level 40): set aside, naming it.
    const level = levelForXp(row, xp);
    if (level > max) {
      const why = outOfRange(`items[${item.name}].${P.itemXp}`, at(item, P.itemXp), 0, xpForLevel(row, max + 1) - 1);
      for (const k of ["level", "thac0", "saveVsBreath", "classes"] as const) reject(f, k, why);
      continue;
    }
    out.push({ chassisId: id, group: row.group, level });
  }
  return out;
}

/** The race item's ability adjustments (a subrace's own replace the race's), as `prepareBaseData` applies them. */
function racialAdjustments(race: ItemData | undefined): { readonly name: string; readonly deltas: Readonly<Partial<Record<string, number>>> } | undefined {
  if (!race) return undefined;
  const sub = at(race, P.itemSubraceAdjustments);
  if (isObj(sub)) {
    const deltas: Record<string, number> = {};
    for (const [k, v] of Object.entries(sub)) if (typeof v === "number" && Number.isInteger(v) && v !== 0) deltas[k] = v;
    return { name: race.name, deltas };
  }
  return { name: race.name, deltas: ADND2E_RACE_ADJUSTMENTS[text(race, P.itemRaceId) ?? ""] ?? {} };
}

/** An ability score: the prepared (already adjusted) score, or the source's with the race's adjustment added. */
function ability(f: Found, key: "strength" | "dexterity" | "intelligence", actor: ActorData, path: string, ab: "str" | "dex" | "int", race: ReturnType<typeof racialAdjustments>, adjust: boolean): number | undefined {
  const got = intIn(actor, path, ...SHEET_RANGE.ability);
  if (got.kind === "rejected") reject(f, key, got.reason);
  if (got.kind !== "ok") return undefined;
  const delta = adjust ? (race?.deltas[ab] ?? 0) : 0;
  return clamp(got.n + delta, 1, 25);
}

/** Whether adnd2e counts exceptional Strength: one of the classes is a warrior's, and the race is not halfling. */
function exceptionalCounts(actor: ActorData, classItems: readonly ItemData[], raceItem: ItemData | undefined, prepared: boolean): boolean {
  const listed = at(actor, P.classes);
  const ids = prepared && Array.isArray(listed) ? listed.filter(isObj).map((c) => (typeof c.chassisId === "string" ? c.chassisId : "")) : classItems.map((i) => text(i, P.itemChassis) ?? "");
  const warrior = ids.some((id) => ADND2E_CLASSES[id]?.group === "warrior");
  return warrior && (raceItem ? text(raceItem, P.itemRaceId) : undefined) !== "halfling";
}

function readCreatureStats(f: Found, actor: ActorData, prepared: boolean): void {
  // THAC0: `thac0.asFighterLevel` gives the warrior table's; else the authored `thac0.value`.
  const asFighter = int(actor, P.creatureThac0AsFighter);
  if (!prepared && asFighter !== undefined && asFighter >= 1) f.thac0 = sheet(thac0For("warrior", Math.min(40, asFighter)), { key: "WC.Fill.thac0AsFighter", params: { level: asFighter } });
  else take(f, "thac0", intIn(actor, P.creatureThac0, ...SHEET_RANGE.thac0), (n) => sheet(n));
  // Saves: the prepared `saves.effective`; else as the mode says (the class table's, or the explicit one).
  const mode = text(actor, P.creatureSaveMode) ?? "explicit";
  const group = text(actor, P.creatureSaveGroup) ?? "";
  if (prepared) take(f, "saveVsBreath", intIn(actor, P.creatureSaveEffective, ...SHEET_RANGE.save), (n) => sheet(n));
  else if (mode === "asClass" && (ADND2E_GROUPS as readonly string[]).includes(group)) {
    const level = Math.max(1, int(actor, P.creatureSaveLevel) ?? 1);
    f.saveVsBreath = sheet(breathSaveFor(group as Adnd2eGroup, level), { key: "WC.Fill.saveAsClass", params: { group, level } });
  } else take(f, "saveVsBreath", intIn(actor, P.creatureSaveExplicit, ...SHEET_RANGE.save), (n) => sheet(n));
}

function readAdnd2e(actor: ActorData, settings: SystemSettings): CreatureFacts {
  const f: Found = {};
  const type = actorType(actor);
  const isCreature = type === "creature";
  const isChar = type === "character";
  if (type === "character" || type === "npc" || type === "creature") f.kind = sheet(isChar ? "character" : type === "npc" ? "character" : "monster");
  // An NPC is built like a character (classes, levels) but is not a player's.
  f.playerCharacter = sheet(isChar);
  const items = itemsOf(actor);
  const classItems = (items ?? []).filter((i) => i.type === "class");
  const raceItem = (items ?? []).find((i) => i.type === "race");
  // Prepared data lists its classes; an export of a classed actor leaves `classes: []`.
  const classesNow = at(actor, P.classes);
  const prepared = isPrepared(actor, settings) && !(classItems.length > 0 && Array.isArray(classesNow) && classesNow.length === 0);

  const sizeWord = isCreature ? text(actor, P.creatureSize) : raceItem ? text(raceItem, P.itemRaceSize) : undefined;
  const size = sizeWord ? sizeFromWord(sizeWord) : undefined;
  if (size) f.size = sheet(size, isCreature ? undefined : { key: "WC.Fill.sizeFromRace", params: { race: raceItem?.name ?? "" } });
  else f.size = sizeFromToken(actor, "adnd2e");

  const race = isCreature ? undefined : racialAdjustments(raceItem);
  const adjust = !prepared && race !== undefined;
  const adjustReason = (raw: number, ab: "str" | "dex" | "int") => (adjust && (race?.deltas[ab] ?? 0) !== 0 ? { key: "WC.Fill.racialAdjustment", params: { score: raw, delta: race?.deltas[ab] ?? 0, race: race?.name ?? "" } } : undefined);
  const str = ability(f, "strength", actor, P.strength, "str", race, adjust);
  if (str !== undefined) {
    const ex = int(actor, P.strengthExceptional);
    const raw = int(actor, P.strength) as number;
    const exOk = str === 18 && ex !== undefined && ex >= 1 && ex <= 100;
    // adnd2e counts exceptional Strength only for a warrior who is no halfling (deriveAbilities'
    // isWarrior, the halfling ban in the character pipeline): a thief's 18/76 is 18.
    const counts = isCreature || exceptionalCounts(actor, classItems, raceItem, prepared);
    if (exOk && !counts) f.strength = sheet({ score: 18 }, { key: "WC.Fill.exceptionalNotWarrior", params: { percent: ex } });
    else f.strength = sheet(exOk ? { score: 18, exceptional: ex } : { score: str }, adjustReason(raw, "str"));
  }
  const dex = ability(f, "dexterity", actor, P.dexterity, "dex", race, adjust);
  if (dex !== undefined) {
    f.dexterity = sheet(dex, adjustReason(int(actor, P.dexterity) as number, "dex"));
    const own = prepared ? intIn(actor, P.dexDefense, -6, 6) : { kind: "absent" as const };
    f.dexAcAdjustment = own.kind === "ok" ? sheet(own.n) : sheet(dexDefense(dex), { key: "WC.Fill.dexFromTable", params: { dex } });
  }
  if (isCreature) {
    const t = text(actor, P.creatureIntelligence);
    const band = t ? parseIntelligence(t) : undefined;
    if (band) f.intelligence = sheet(band, { key: "WC.Fill.fromText", params: { text: t as string } });
    else if (t) reject(f, "intelligence", unreadText(P.creatureIntelligence, t));
  } else {
    const i = ability(f, "intelligence", actor, P.intelligence, "int", race, adjust);
    if (i !== undefined) f.intelligence = sheet(intelligenceFromScore(i));
  }

  // Worn armour as adnd2e's snapshot takes it: the first worn armour that is not a shield, the first worn shield.
  let acPieces: { base: number; magic: number; shieldBonus: number } | undefined;
  if (items) {
    const worn = items.filter((i) => i.type === "armor" && flag(i, P.itemEquipped) === true);
    const body = worn.find((i) => flag(i, P.itemIsShield) !== true);
    const shieldItem = worn.find((i) => flag(i, P.itemIsShield) === true);
    let armor: { kind: ArmorKind; plus: number; ad: number; how: string; name: string } | null = null;
    if (body) {
      const magic = int(body, P.itemMagic) ?? plusFromName(body.name) ?? 0;
      const t = text(body, P.itemArmorType) ?? "";
      const base = int(body, P.itemBaseAc);
      const byType = KIND_BY_TYPE[t] && t !== "none" ? KIND_BY_TYPE[t] : undefined;
      const byName = byType ? undefined : kindFromName(body.name);
      const byAc = byType || byName || base === undefined ? undefined : kindFromAc(base);
      const kind = byType ?? byName ?? byAc;
      if (kind) armor = { kind, plus: magic, ad: base ?? ADND_ARMOR_AC[kind], how: byType ? "type" : byName ? "name" : "ac", name: body.name };
    }
    const shieldMagic = shieldItem ? (int(shieldItem, P.itemMagic) ?? plusFromName(shieldItem.name) ?? 0) : 0;
    acPieces = { base: body ? (int(body, P.itemBaseAc) ?? 10) : 10, magic: (body ? (int(body, P.itemMagic) ?? 0) : 0) + (shieldItem ? (int(shieldItem, P.itemMagic) ?? 0) : 0), shieldBonus: shieldItem ? (int(shieldItem, P.itemShieldBonus) ?? 0) : 0 };
    // Rings and cloaks of protection are in no adnd2e AC: read from their names.
    const protection = items.filter((i) => i !== body && i !== shieldItem && flag(i, P.itemEquipped) === true).reduce((n, i) => n + (protectionPlus(i.name) ?? 0), 0);
    f.armor = armor
      ? sheet({ kind: armor.kind, plus: armor.plus, ad: armor.ad }, armor.how === "name" ? { key: "WC.Fill.armorKindFromName", params: { name: armor.name } } : armor.how === "ac" ? { key: "WC.Fill.armorKindFromAc", params: { ac: armor.ad } } : undefined)
      : sheet(null);
    f.shield = sheet(shieldItem ? { plus: shieldMagic } : null);
    f.magicProtection = sheet(protection);
    f.helmet = sheet(items.some((i) => flag(i, P.itemEquipped) === true && isHelmet(i.name)));
  }

  if (isCreature) {
    const ac = take(f, "ac", intIn(actor, P.creatureAc, ...SHEET_RANGE.ac), (n) => sheet(n));
    if (ac !== undefined && !f.armor?.value) f.naturalAc = sheet(ac);
    readMovement(f, actor, P.creatureMovement, { zero: true });
    const fly = num(actor, P.creatureFly);
    if (fly !== undefined && fly > 0) f.flight = sheet("wings");
    const count = intIn(actor, P.hdCount, ...SHEET_RANGE.hitDice);
    if (count.kind === "ok") f.hitDice = sheet({ dice: count.n, adjustment: clamp(int(actor, P.hdBonus) ?? 0, -99, 99) });
    else if (count.kind === "rejected") reject(f, "hitDice", count.reason);
    const attacks = at(actor, P.attacks);
    if (Array.isArray(attacks)) {
      const melee = attacks.filter((a) => isObj(a) && (a.type === undefined || a.type === "melee"));
      const total = melee.reduce<number>((n, a) => n + Math.max(1, Math.trunc(num(a, "count") ?? 1)), 0);
      const [min, max] = SHEET_RANGE.attacks;
      if (total > max) reject(f, "attacksPerRound", outOfRange(`${P.attacks}[].count`, total, min, max));
      else if (total > 0) f.attacksPerRound = sheet(total);
      const first = melee.find((a) => parseDamage(text(a, "damage") ?? "") !== undefined);
      const dmgText = first ? (text(first, "damage") as string) : undefined;
      if (first && dmgText) f.naturalAttack = sheet({ ...(parseDamage(dmgText) as NonNullable<ReturnType<typeof parseDamage>>), kind: namesWeapon(text(first, "name") ?? "") ? "weapon" : "natural" }, { key: "WC.Fill.fromText", params: { text: dmgText } });
    }
    readCreatureStats(f, actor, prepared);
  } else {
    // AC: the prepared `ac.normal`, else adnd2e's sum: armour base AC + Dex adjustment - shield bonus - magic.
    const acLive = prepared ? intIn(actor, P.acNormal, ...SHEET_RANGE.ac) : { kind: "absent" as const };
    if (acLive.kind === "ok") f.ac = sheet(acLive.n);
    else if (acLive.kind === "rejected") reject(f, "ac", acLive.reason);
    else if (acPieces) f.ac = sheet(clamp(acPieces.base + (f.dexAcAdjustment?.value ?? 0) - acPieces.shieldBonus - acPieces.magic, -10, 10), { key: "WC.Fill.acAsAdnd2e" });
    // Movement: the prepared rate (encumbrance counted), else the race item's base rate.
    if (prepared) readMovement(f, actor, P.movement);
    else {
      const base = raceItem ? (int(raceItem, P.itemRaceMovement) ?? 12) : 12;
      if (base > 0 && base <= SHEET_RANGE.movement[1]) f.movement = sheet(base, { key: "WC.Fill.movementBaseAdnd2e", params: { movement: base } });
    }
    const list = classLevels(f, actor, classItems, prepared);
    const derivedHow = prepared ? undefined : { key: "WC.Fill.levelFromXp" };
    const best = list.reduce<ClassLevel | undefined>((a, b) => (!a || b.level > a.level ? b : a), undefined);
    if (best) f.level = sheet(best.level, derivedHow);
    // The one class group the rule sets with a single column use: fighter before cleric before
    // thief before magic-user. Percentile has every class and chooses its column itself.
    const groups = list.map((c) => GROUP[c.group]);
    const order = ["fighter", "cleric", "thief", "magicUser"] as const;
    const group = order.find((g) => groups.includes(g));
    if (group) f.classGroup = sheet(group);
    if (list.length > 1) f.classes = sheet(list.slice(0, 3).map((c) => ({ group: GROUP[c.group], level: c.level })), derivedHow);
    if (list.length > 0) f.monkLevel = sheet(0);
    if (prepared) readCommon(f, actor, { thac0: P.thac0, breath: P.saveBreath });
    else if (list.length > 0) {
      // The best class's THAC0 less the Strength hit probability, and the best class's save.
      const hit = str === undefined ? 0 : strengthHitProbability(str, f.strength?.value?.exceptional);
      const thac0 = Math.min(...list.map((c) => thac0For(c.group, c.level))) - hit;
      f.thac0 = sheet(thac0, { key: "WC.Fill.thac0AsAdnd2e", params: { hit } });
      f.saveVsBreath = sheet(Math.min(...list.map((c) => breathSaveFor(c.group, c.level))), { key: "WC.Fill.saveAsAdnd2e" });
    }
    readCommon(f, actor, { height: P.height, weight: P.weight });
  }
  return completeFacts(nameOf(actor), actor, f, "adnd2e");
}

export const adnd2e: SystemDescriptor = {
  id: "adnd2e",
  systemIds: ["adnd2e"],
  label: "adnd2e",
  source: "PointFrankRange/adnd2e-foundryvtt (files at the commits named in src/systems/adnd2e.ts)",
  paths: ADND2E_PATHS,
  hitPoints: (actorType) => ({ value: ADND2E_PATHS.hp, max: ADND2E_PATHS.hpMax, temporary: actorType === "creature" ? null : ADND2E_PATHS.nonlethal }),
  hostStatuses: {
    prone: "prone",
    unconscious: "unconscious",
    stunned: "stunned",
    paralyzed: "paralyzed",
    restrained: "held",
    grappled: "held",
    held: "held",
    grappling: "grappling",
    entangled: "entangled",
    blinded: "blinded",
    invisible: "invisible",
    incapacitated: "incapacitated",
    dead: "dead",
  },
  facts: (actor, settings) => readAdnd2e(actor, settings),
};
