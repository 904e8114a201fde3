/**
 * adnd2e (`adnd2e`, AD&D 2nd edition), read from PointFrankRange/adnd2e-foundryvtt: the actor
 * models src/data/actor/base-actor.ts@0053b32, creature.ts@2bf187f and npc.ts@2bf187f, the
 * armour model src/data/item/armor.ts@040be88 with src/data/common/physical-item.ts@6fdd709, the
 * choices in src/data/item/choices.ts@020dfb8, and the statuses in src/conditions.ts@020dfb8 and
 * src/combat/grapple-state.ts@3507a8e.
 *
 * It has its own 2e wrestling and the statuses `held` and `grappling`: the module sets and reads
 * those rather than adding its own. Characters and NPCs keep non-lethal damage in
 * `attributes.hp.nonlethal`; creatures have no such field.
 */
import { ADND_ARMOR_AC, isHelmet, kindFromAc, kindFromName, plusFromName, protectionPlus } from "./armor.ts";
import { classGroupFromName } from "./classes.ts";
import type { Found } from "./fill.ts";
import { completeFacts, nameOf, readCommon, readDexterity, sizeFromToken, sizeFromWord } from "./fill.ts";
import { intelligenceFromScore, namesWeapon, parseDamage, parseIntelligence } from "./parse.ts";
import { actorType, at, clamp, flag, int, isObj, itemsOf, num, sheet, text } from "./read.ts";
import type { ActorData, ArmorKind, CreatureFacts, SystemDescriptor } from "./types.ts";

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
  movement: "system.attributes.movement.current",
  movementBase: "system.attributes.movement.base",
  creatureMovement: "system.attributes.movement.land",
  creatureFly: "system.attributes.movement.fly",
  classes: "system.classes",
  hdCount: "system.hd.count",
  hdBonus: "system.hd.bonus",
  attacks: "system.attacks",
  height: "system.details.height",
  weight: "system.details.weight",
  saveBreath: "system.saves.bw.target",
  creatureSaveBreath: "system.saves.explicit.bw",
  itemArmorType: "system.armorType",
  itemBaseAc: "system.baseAc",
  itemMagic: "system.magicBonus",
  itemIsShield: "system.isShield",
  itemShieldBonus: "system.shieldAcBonus",
  itemEquipped: "system.equipped",
} as const;

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

function readAdnd2e(actor: ActorData): CreatureFacts {
  const P = ADND2E_PATHS;
  const f: Found = {};
  const type = actorType(actor);
  const isCreature = type === "creature";
  const isChar = type === "character";
  if (type === "character" || type === "npc" || type === "creature") f.kind = sheet(isChar ? "character" : type === "npc" ? "character" : "monster");
  // An NPC is built like a character (classes, levels) but is not a player's.
  f.playerCharacter = sheet(isChar);

  const sizeWord = text(actor, P.creatureSize);
  const size = isCreature && sizeWord ? sizeFromWord(sizeWord) : undefined;
  f.size = size ? sheet(size) : sizeFromToken(actor, "adnd2e");

  const str = int(actor, P.strength);
  if (str !== undefined && str >= 1 && str <= 25) {
    const ex = int(actor, P.strengthExceptional);
    f.strength = sheet(str === 18 && ex !== undefined && ex >= 1 && ex <= 100 ? { score: 18, exceptional: ex } : { score: str });
  }
  readDexterity(f, actor, P.dexterity, P.dexDefense);

  if (isCreature) {
    const t = text(actor, P.creatureIntelligence);
    const band = t ? parseIntelligence(t) : undefined;
    if (band) f.intelligence = sheet(band, { key: "WC.Fill.fromText", params: { text: t as string } });
  } else {
    const i = int(actor, P.intelligence);
    if (i !== undefined && i >= 1 && i <= 25) f.intelligence = sheet(intelligenceFromScore(i));
  }

  const items = itemsOf(actor);
  if (items) {
    const worn = items.filter((i) => i.type === "armor" && flag(i, P.itemEquipped) === true);
    let armor: { kind: ArmorKind; plus: number; ad: number; how: string; name: string } | null = null;
    let shield: { plus: number } | null = null;
    let protection = 0;
    let helmet = false;
    for (const i of worn) {
      const magic = int(i, P.itemMagic) ?? plusFromName(i.name) ?? 0;
      if (isHelmet(i.name)) helmet = true;
      if (flag(i, P.itemIsShield) === true) {
        shield = { plus: magic };
        continue;
      }
      const t = text(i, P.itemArmorType) ?? "";
      const base = int(i, P.itemBaseAc);
      const byType = KIND_BY_TYPE[t] && t !== "none" ? KIND_BY_TYPE[t] : undefined;
      const byName = byType ? undefined : kindFromName(i.name);
      const byAc = byType || byName || base === undefined ? undefined : kindFromAc(base);
      const kind = byType ?? byName ?? byAc;
      if (!kind) {
        if (protectionPlus(i.name) !== undefined) protection += protectionPlus(i.name) as number;
        continue;
      }
      const ad = base ?? ADND_ARMOR_AC[kind];
      if (!armor || ad - magic < armor.ad - armor.plus) armor = { kind, plus: magic, ad, how: byType ? "type" : byName ? "name" : "ac", name: i.name };
    }
    for (const i of items) {
      if (i.type === "armor" || flag(i, P.itemEquipped) !== true) continue;
      if (protectionPlus(i.name) !== undefined) protection += protectionPlus(i.name) as number;
      if (isHelmet(i.name)) helmet = true;
    }
    f.armor = armor
      ? sheet({ kind: armor.kind, plus: armor.plus, ad: armor.ad }, armor.how === "name" ? { key: "WC.Fill.armorKindFromName", params: { name: armor.name } } : armor.how === "ac" ? { key: "WC.Fill.armorKindFromAc", params: { ac: armor.ad } } : undefined)
      : sheet(null);
    f.shield = sheet(shield);
    f.magicProtection = sheet(protection);
    f.helmet = sheet(helmet);
  }

  if (isCreature) {
    const ac = int(actor, P.creatureAc);
    if (ac !== undefined && ac >= -20 && ac <= 10) {
      f.ac = sheet(ac);
      if (!f.armor?.value) f.naturalAc = sheet(ac);
    }
    const land = int(actor, P.creatureMovement);
    if (land !== undefined && land >= 0 && land <= 240) f.movement = sheet(land);
    const fly = num(actor, P.creatureFly);
    if (fly !== undefined && fly > 0) f.flight = sheet("wings");
    const count = num(actor, P.hdCount);
    if (count !== undefined && count >= 0 && count <= 100) f.hitDice = sheet({ dice: Math.floor(count), adjustment: clamp(int(actor, P.hdBonus) ?? 0, -99, 99) });
    const attacks = at(actor, P.attacks);
    if (Array.isArray(attacks)) {
      const melee = attacks.filter((a) => isObj(a) && (a.type === undefined || a.type === "melee"));
      const total = melee.reduce<number>((n, a) => n + clamp(Math.trunc(num(a, "count") ?? 1), 1, 20), 0);
      if (total > 0) f.attacksPerRound = sheet(Math.min(20, total));
      const first = melee.find((a) => parseDamage(text(a, "damage") ?? "") !== undefined);
      const dmgText = first ? (text(first, "damage") as string) : undefined;
      if (first && dmgText) f.naturalAttack = sheet({ ...(parseDamage(dmgText) as NonNullable<ReturnType<typeof parseDamage>>), kind: namesWeapon(text(first, "name") ?? "") ? "weapon" : "natural" }, { key: "WC.Fill.fromText", params: { text: dmgText } });
    }
    readCommon(f, actor, { thac0: P.creatureThac0, breath: P.creatureSaveBreath });
  } else {
    // The live sheet's derived AC. An export holds no derived values: there `ac.normal` is the
    // schema's initial 10, which is read as "not worked out" and the pieces serve instead.
    const acNormal = int(actor, P.acNormal);
    if (acNormal !== undefined && acNormal >= -20 && acNormal < 10) f.ac = sheet(acNormal);
    const move = int(actor, P.movement) ?? int(actor, P.movementBase);
    if (move !== undefined && move > 0 && move <= 240) f.movement = sheet(move);
    const classes = at(actor, P.classes);
    if (Array.isArray(classes) && classes.length > 0) {
      const list = classes.filter(isObj).map((c) => ({ id: typeof c.chassisId === "string" ? c.chassisId : "", level: Math.trunc(num(c, "level") ?? 1) }));
      const best = list.reduce((a, b) => (b.level > a.level ? b : a), list[0] ?? { id: "", level: 1 });
      if (best.level >= 0 && best.level <= 40) f.level = sheet(best.level);
      const known = list.flatMap((c) => {
        const group = classGroupFromName(c.id)?.group;
        return group && c.level >= 0 && c.level <= 40 ? [{ group, level: c.level }] : [];
      });
      const groups = known.map((c) => c.group);
      // The one class group the rule sets with a single column use: fighter before cleric before
      // thief before magic-user. Percentile has every class and chooses its column itself.
      const order = ["fighter", "cleric", "thief", "magicUser"] as const;
      const group = order.find((g) => groups.includes(g));
      if (group) f.classGroup = sheet(group);
      if (known.length > 1) f.classes = sheet(known.slice(0, 3));
      f.monkLevel = sheet(0);
    }
    readCommon(f, actor, { height: P.height, weight: P.weight, thac0: P.thac0, breath: P.saveBreath });
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
  facts: (actor) => readAdnd2e(actor),
};
