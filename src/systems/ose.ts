/**
 * Old-School Essentials (`ose`), read from vttred/ose@e5b4a10 (template.json; the actor data
 * models src/module/actor/data-model-character.js, data-model-monster.js and
 * data-model-classes/data-model-character-ac.ts; the armour model src/module/item/data-model-armor.js;
 * the `ascendingAC` world setting in src/module/settings.ts).
 *
 * OSE keeps no size, no armour magic (the plus is folded into the armour's AC) and no monster
 * Strength; AC is descending (unarmoured 9) or ascending (unarmoured 10) as the world says.
 */
import { bxModifier, isHelmet, kindFromAc, kindFromName, plusFromName, protectionPlus } from "./armor.ts";
import { classGroupFromName } from "./classes.ts";
import type { Found } from "./fill.ts";
import { completeFacts, nameOf, readCommon, sizeFromToken } from "./fill.ts";
import { intelligenceFromScore, namesWeapon, parseAttacks, parseDamage, parseHitDice, parseMovement } from "./parse.ts";
import { ADND_ARMOR_AC } from "./armor.ts";
import { actorType, flag, int, itemsOf, sheet, text } from "./read.ts";
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
  attacks: "system.attacks",
  saveBreath: "system.saves.breath.value",
  itemType: "system.type",
  itemAc: "system.ac.value",
  itemAac: "system.aac.value",
  itemEquipped: "system.equipped",
} as const;

/** B/X armour ACs (descending): leather 7, chain 5, plate 3 (OSE's basic list; scale and banded between). */
const OSE_KIND_BY_AC: Readonly<Record<number, ArmorKind>> = { 7: "leather", 6: "scale", 5: "chain", 4: "banded", 3: "plate" };
const OSE_AC_BY_KIND: Readonly<Partial<Record<ArmorKind, number>>> = { padded: 8, leather: 7, studded: 6, ring: 6, scale: 6, chain: 5, splint: 4, banded: 4, plate: 3 };

/** OSE's descending AC from the value in use: ascending AC 10 is descending 9. */
function descending(v: number, ascending: boolean): number {
  return ascending ? 19 - v : v;
}

function readOse(actor: ActorData, settings: SystemSettings): CreatureFacts {
  const P = OSE_PATHS;
  const f: Found = {};
  const asc = settings.ascendingAC === true;
  const type = actorType(actor);
  if (type === "character" || type === "monster") f.kind = sheet(type);
  const isChar = type === "character";
  f.size = sizeFromToken(actor, "OSE");

  if (isChar) {
    const str = int(actor, P.strength);
    if (str !== undefined && str >= 1 && str <= 25) f.strength = sheet({ score: str });
    const dex = int(actor, P.dexterity);
    if (dex !== undefined && dex >= 1 && dex <= 25) {
      f.dexterity = sheet(dex);
      // OSE's own Dex modifier is a bonus (+1 better); the variants read the AD&D table's sign.
      const mod = int(actor, P.dexMod) ?? bxModifier(dex);
      f.dexAcAdjustment = sheet(mod === 0 ? 0 : -mod, { key: "WC.Fill.dexFromBx", params: { dex, mod } });
    }
    const intel = int(actor, P.intelligence);
    if (intel !== undefined && intel >= 1 && intel <= 25) f.intelligence = sheet(intelligenceFromScore(intel));
    const lvl = int(actor, P.level);
    if (lvl !== undefined && lvl >= 0 && lvl <= 40) f.level = sheet(lvl);
    const cls = text(actor, P.className);
    const group = cls ? classGroupFromName(cls) : undefined;
    if (group) f.classGroup = sheet(group.group);
    if (cls) f.monkLevel = sheet(/monk|mystic/i.test(cls) ? (f.level?.value ?? 1) : 0);
  } else {
    const hdText = text(actor, P.hitDice);
    const hd = hdText ? parseHitDice(hdText) : undefined;
    if (hd) f.hitDice = sheet(hd, { key: "WC.Fill.fromText", params: { text: hdText as string } });
    const atkText = text(actor, P.attacks);
    const atk = atkText ? parseAttacks(atkText) : undefined;
    if (atk !== undefined) f.attacksPerRound = sheet(atk, { key: "WC.Fill.fromText", params: { text: atkText as string } });
    const dmg = atkText ? parseDamage(atkText) : undefined;
    if (dmg) f.naturalAttack = sheet({ ...dmg, kind: namesWeapon(atkText as string) ? "weapon" : "natural" }, { key: "WC.Fill.fromText", params: { text: atkText as string } });
  }

  const items = itemsOf(actor);
  let armorAc: number | undefined;
  let shieldBonus: number | undefined;
  if (items) {
    const worn = items.filter((i) => i.type === "armor" && flag(i, P.itemEquipped) === true);
    let armor: { kind: ArmorKind; plus: number; ad: number; name: string; fromName: boolean } | null = null;
    let shield: { plus: number } | null = null;
    let protection = 0;
    let helmet = false;
    for (const i of worn) {
      const kind = text(i, P.itemType) ?? "";
      const v = int(i, asc ? P.itemAac : P.itemAc);
      if (isHelmet(i.name)) helmet = true;
      if (kind === "shield") {
        // A shield's value is its bonus (1 for a plain shield); more is its magic.
        const bonus = v ?? 1;
        shield = { plus: plusFromName(i.name) ?? Math.max(0, bonus - 1) };
        shieldBonus = bonus;
      } else if (kind === "light" || kind === "heavy") {
        const ac = v === undefined ? undefined : descending(v, asc);
        const byName = kindFromName(i.name);
        const k: ArmorKind = byName ?? (ac !== undefined ? kindFromAc(ac, OSE_KIND_BY_AC) : undefined) ?? (kind === "heavy" ? "plate" : "leather");
        const base = OSE_AC_BY_KIND[k] ?? 9;
        const plus = plusFromName(i.name) ?? (byName && ac !== undefined ? Math.max(0, base - ac) : 0);
        if (armorAc === undefined || (ac ?? 9) < armorAc) {
          armor = { kind: k, plus, ad: ADND_ARMOR_AC[k], name: i.name, fromName: byName !== undefined };
          armorAc = ac ?? base - plus;
        }
      } else if (protectionPlus(i.name) !== undefined) protection += protectionPlus(i.name) as number;
    }
    for (const i of items) {
      if (i.type === "armor" || flag(i, P.itemEquipped) !== true) continue;
      if (protectionPlus(i.name) !== undefined) protection += protectionPlus(i.name) as number;
      if (isHelmet(i.name)) helmet = true;
    }
    f.armor = armor
      ? sheet({ kind: armor.kind, plus: armor.plus, ad: armor.ad }, armor.fromName ? { key: "WC.Fill.armorKindFromName", params: { name: armor.name } } : { key: "WC.Fill.armorKindFromAc", params: { ac: armor.ad } })
      : sheet(null);
    f.shield = sheet(shield);
    f.magicProtection = sheet(protection);
    f.helmet = sheet(helmet);
  }

  // The AC: a monster's stat-block value; a character's worked out as OSE does (unarmoured 9,
  // or the worn armour's AC, less the shield's bonus and the Dex modifier), since an export
  // holds no derived values.
  const acRaw = int(actor, asc ? P.aac : P.ac);
  if (!isChar && acRaw !== undefined) {
    const ac = descending(acRaw, asc);
    if (ac >= -20 && ac <= 10) {
      f.ac = sheet(ac, asc ? { key: "WC.Fill.fromAscending", params: { aac: acRaw } } : undefined);
      if (!f.armor?.value) f.naturalAc = sheet(ac);
    }
  } else if (isChar && items) {
    const body = armorAc ?? 9;
    const mod = int(actor, asc ? P.aacMod : P.acMod) ?? 0;
    const ac = body - (shieldBonus ?? 0) + (f.dexAcAdjustment?.value ?? 0) - mod;
    if (ac >= -20 && ac <= 10) f.ac = sheet(ac, { key: "WC.Fill.acAsOse" });
  } else if (isChar && acRaw !== undefined && acRaw !== 0) {
    const ac = descending(acRaw, asc);
    if (ac >= -20 && ac <= 10) f.ac = sheet(ac, asc ? { key: "WC.Fill.fromAscending", params: { aac: acRaw } } : undefined);
  }

  const moveText = text(actor, P.movement);
  const move = moveText ? parseMovement(moveText) : undefined;
  if (move !== undefined && move > 0) f.movement = sheet(move, { key: "WC.Fill.movementFromFeet", params: { feet: moveText as string } });
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

