/**
 * ARS, the Advanced Roleplaying System (`ars`; OSRIC, 1e and 2e by its `systemVariant` setting).
 * Its repository is not on GitHub; the paths below were read from lastredoubt/acks2-arsbase@171feb4
 * (a fork of ARS 2023.08: src/template.json, src/module/actor/actor.js `_prepareArmorClass`,
 * src/module/config.js), the newest public code that reads ARS actors.
 */
import { isHelmet, kindFromAc, kindFromName, plusFromName, protectionPlus } from "./armor.ts";
import type { Found } from "./fill.ts";
import { completeFacts, nameOf, readCommon, readDexterity, sizeFromToken, sizeFromWord } from "./fill.ts";
import { namesWeapon, parseAttacks, parseDamage, parseHitDice, parseIntelligence, parseMovement, parseStrength, intelligenceFromScore } from "./parse.ts";
import { actorType, at, int, itemsOf, num, sheet, text } from "./read.ts";
import { classGroupFromName } from "./classes.ts";
import { FOUNDRY_STATUSES } from "./statuses.ts";
import type { ActorData, ArmorFact, CreatureFacts, SystemDescriptor } from "./types.ts";

export const ARS_PATHS = {
  size: "system.attributes.size",
  strength: "system.abilities.str.value",
  strengthPercent: "system.abilities.str.percent",
  dexterity: "system.abilities.dex.value",
  dexDefense: "system.abilities.dex.defensive",
  intelligence: "system.abilities.int.value",
  npcIntelligence: "system.intelligence",
  acNormal: "system.armorClass.normal",
  acStatBlock: "system.attributes.ac.value",
  hp: "system.attributes.hp.value",
  hpMax: "system.attributes.hp.max",
  thac0: "system.attributes.thaco.value",
  movement: "system.attributes.movement.value",
  npcMovement: "system.movement",
  level: "system.attributes.level.value",
  hitDice: "system.hitdice",
  attacks: "system.numberAttacks",
  damage: "system.damage",
  height: "system.details.height",
  weight: "system.details.weight",
  saveBreath: "system.saves.breath.value",
  itemProtectionType: "system.protection.type",
  itemAc: "system.protection.ac",
  itemModifier: "system.protection.modifier",
  itemState: "system.location.state",
  itemMagic: "system.attributes.magic",
} as const;

function worn(actor: ActorData) {
  const items = itemsOf(actor);
  if (!items) return undefined;
  return items.filter((i) => i.type === "armor" && text(i, ARS_PATHS.itemState) === "equipped");
}

function readArs(actor: ActorData): CreatureFacts {
  const P = ARS_PATHS;
  const f: Found = {};
  const type = actorType(actor);
  if (type === "character" || type === "npc") f.kind = sheet(type === "character" ? "character" : "monster");
  const isChar = type === "character";

  const sizeWord = text(actor, P.size);
  const size = sizeWord ? sizeFromWord(sizeWord) : undefined;
  f.size = size ? sheet(size) : sizeFromToken(actor, "ARS");

  // Strength: the score, and the percentage only at 18 (ARS keeps 0 for none, 100 for 18/00).
  const strRaw = at(actor, P.strength);
  const str = typeof strRaw === "string" ? parseStrength(strRaw) : num(actor, P.strength) !== undefined ? { score: Math.round(num(actor, P.strength) as number) } : undefined;
  if (str && str.score >= 1 && str.score <= 25) {
    const pct = int(actor, P.strengthPercent);
    f.strength = sheet(str.score === 18 && pct !== undefined && pct >= 1 && pct <= 100 ? { score: 18, exceptional: pct } : str.exceptional !== undefined ? str : { score: str.score });
  }
  readDexterity(f, actor, P.dexterity, P.dexDefense);

  const intScore = isChar ? int(actor, P.intelligence) : undefined;
  const intText = text(actor, P.npcIntelligence);
  if (intScore !== undefined && intScore >= 0 && intScore <= 25) f.intelligence = sheet(intelligenceFromScore(intScore));
  else if (intText && parseIntelligence(intText)) f.intelligence = sheet(parseIntelligence(intText) as NonNullable<ReturnType<typeof parseIntelligence>>);

  // Armour as ARS works it out: the best (lowest) base AC among worn armour, its modifier the
  // magic; shields add their AC and modifier; rings, cloaks and other protection their modifier.
  const items = worn(actor);
  if (items) {
    let best: { ac: number; mod: number; name: string } | undefined;
    let shield: { plus: number } | null = null;
    let protection = 0;
    let helmet = false;
    for (const i of items) {
      const kind = text(i, P.itemProtectionType) ?? "";
      const ac = int(i, P.itemAc) ?? 10;
      const mod = int(i, P.itemModifier) ?? 0;
      if (isHelmet(i.name)) helmet = true;
      if (kind === "armor" || kind === "warding") {
        if (kind === "armor" && (!best || ac < best.ac)) best = { ac, mod, name: i.name };
      } else if (kind === "shield") shield = { plus: shield ? Math.max(shield.plus, mod) : mod };
      else if (kind === "ring" || kind === "cloak" || kind === "other") protection += mod || protectionPlus(i.name) || 0;
    }
    if (best) {
      const byName = kindFromName(best.name);
      const armor: ArmorFact = { kind: byName ?? kindFromAc(best.ac) ?? "leather", plus: best.mod || plusFromName(best.name) || 0, ad: best.ac };
      f.armor = sheet(armor, byName ? { key: "WC.Fill.armorKindFromName", params: { name: best.name } } : { key: "WC.Fill.armorKindFromAc", params: { ac: best.ac } });
    } else f.armor = sheet(null);
    f.shield = sheet(shield);
    f.magicProtection = sheet(protection);
    f.helmet = sheet(helmet);
  }

  const acNormal = int(actor, P.acNormal);
  const acBlock = int(actor, P.acStatBlock);
  if (acNormal !== undefined && acNormal >= -20 && acNormal <= 10) f.ac = sheet(acNormal);
  else if (!isChar && acBlock !== undefined && acBlock >= -20 && acBlock <= 10) f.ac = sheet(acBlock);
  if (!isChar && acBlock !== undefined && acBlock >= -20 && acBlock <= 10 && !f.armor?.value) f.naturalAc = sheet(acBlock);


  const moveText = isChar ? text(actor, P.movement) : (text(actor, P.npcMovement) ?? text(actor, P.movement));
  const move = moveText ? parseMovement(moveText) : undefined;
  if (move !== undefined && move > 0) f.movement = sheet(move, moveText && !/^\d+$/.test(moveText) ? { key: "WC.Fill.fromText", params: { text: moveText } } : undefined);
  if (moveText && /\bfl|\/\s*\d/i.test(moveText) && !isChar) f.flight = sheet("wings", { key: "WC.Fill.flightFromText", params: { text: moveText } });

  if (isChar) {
    const lvl = int(actor, P.level);
    if (lvl !== undefined && lvl >= 0 && lvl <= 40) f.level = sheet(lvl);
    const classes = (itemsOf(actor) ?? []).filter((i) => i.type === "class");
    const first = classes[0];
    if (first) {
      const group = classGroupFromName(first.name);
      if (group) f.classGroup = sheet(group.group);
      f.monkLevel = sheet(classes.some((c) => /monk/i.test(c.name)) ? (f.level?.value ?? 1) : 0);
    }
  } else {
    const hdText = text(actor, P.hitDice);
    const hd = hdText ? parseHitDice(hdText) : undefined;
    if (hd) f.hitDice = sheet(hd, { key: "WC.Fill.fromText", params: { text: hdText as string } });
    const atkText = text(actor, P.attacks);
    const atk = atkText ? parseAttacks(atkText) : undefined;
    if (atk !== undefined) f.attacksPerRound = sheet(atk, { key: "WC.Fill.fromText", params: { text: atkText as string } });
    const dmgText = text(actor, P.damage);
    const dmg = dmgText ? parseDamage(dmgText) : undefined;
    if (dmg) f.naturalAttack = sheet({ ...dmg, kind: namesWeapon(`${atkText ?? ""} ${dmgText ?? ""}`) ? "weapon" : "natural" }, { key: "WC.Fill.fromText", params: { text: dmgText as string } });
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
  facts: (actor) => readArs(actor),
};

