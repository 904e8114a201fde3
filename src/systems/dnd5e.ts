/**
 * dnd5e (`dnd5e`) as a host for house rules, read from foundryvtt/dnd5e@965ad2d (5.3.3):
 * module/config.mjs (actorSizes, armorTypes, armorIds, conditionTypes) and the compendium
 * sources packs/_source/monsters and packs/_source/heroes for the data model.
 *
 * dnd5e's numbers are turned into the variants' terms by stated readings (project defaults):
 * descending AC = 20 - AC; speed 30 ft = 12"; THAC0 = 20 - proficiency bonus; hit dice from
 * the hit-point formula ("2d6" 2 HD).
 */
import { ADND_ARMOR_AC, dexDefense, isHelmet, kindFromName, plusFromName, protectionPlus } from "./armor.ts";
import { classGroupFromName } from "./classes.ts";
import type { Found } from "./fill.ts";
import { SHEET_RANGE, completeFacts, nameOf, readCommon, reject, sizeFromToken, sizeFromWord, take } from "./fill.ts";
import { intelligenceFromScore, multiattackCount, parseDamage, parseHitDice, plainDescription } from "./parse.ts";
import type { ItemData } from "./read.ts";
import { actorType, at, clamp, flag, int, intIn, isPrepared, itemsOf, num, outOfRange, present, sheet, text, unreadText } from "./read.ts";
import type { ActorData, ArmorKind, CreatureFacts, Fact, Reason, SystemDescriptor, SystemSettings } from "./types.ts";
import { deriveDnd5e, enchanted, magicAvailable, protectionOf } from "./dnd5e-effects.ts";

export const DND5E_PATHS = {
  size: "system.traits.size",
  strength: "system.abilities.str.value",
  dexterity: "system.abilities.dex.value",
  intelligence: "system.abilities.int.value",
  ac: "system.attributes.ac.value",
  acFlat: "system.attributes.ac.flat",
  acCalc: "system.attributes.ac.calc",
  hp: "system.attributes.hp.value",
  hpMax: "system.attributes.hp.max",
  hpFormula: "system.attributes.hp.formula",
  prof: "system.attributes.prof",
  walk: "system.attributes.movement.walk",
  fly: "system.attributes.movement.fly",
  level: "system.details.level",
  cr: "system.details.cr",
  creatureType: "system.details.type.value",
  height: "system.details.height",
  weight: "system.details.weight",
  itemArmorType: "system.type.value",
  itemBaseItem: "system.type.baseItem",
  itemArmorValue: "system.armor.value",
  itemMagicalBonus: "system.armor.magicalBonus",
  itemMagicalBonusOld: "system.magicalBonus",
  itemEquipped: "system.equipped",
  classLevels: "system.levels",
  classIdentifier: "system.identifier",
  weaponDamageNumber: "system.damage.base.number",
  weaponDamageDie: "system.damage.base.denomination",
  weaponType: "system.type.value",
  raceWalk: "system.movement.walk",
  itemDescription: "system.description.value",
  weaponProperties: "system.properties",
  weaponReach: "system.range.reach",
  weaponRangeUnits: "system.range.units",
  wisdom: "system.abilities.wis.value",
  constitution: "system.abilities.con.value",
} as const;

/** dnd5e's highest challenge rating (its monsters run from 0 to 30). */
const DND5E_CR_MAX = 30;

/** dnd5e's highest ability score (its data model's `max`). */
const DND5E_SCORE_MAX = 30;

/** dnd5e's base armour ids as the variants' kinds. */
const KIND_BY_BASE: Readonly<Record<string, ArmorKind>> = {
  padded: "padded",
  leather: "leather",
  studded: "studded",
  hide: "scale",
  chainshirt: "ring",
  scalemail: "scale",
  breastplate: "scale",
  halfplate: "banded",
  ringmail: "ring",
  chainmail: "chain",
  splint: "splint",
  plate: "plate",
};

/** A dnd5e armour's base AC as the kind it stands for (11 leather ... 18 plate). */
const KIND_BY_5E_AC: Readonly<Record<number, ArmorKind>> = { 11: "leather", 12: "studded", 13: "ring", 14: "scale", 15: "banded", 16: "chain", 17: "splint", 18: "plate" };

/**
 * Attacks a round: the Multiattack feature's count ("makes three attacks"); with no Multiattack,
 * the one attack of dnd5e's Attack action (not one per natural weapon: a lion's bite and claw are
 * one attack a round, a troll's bite and claws three).
 */
function readAttacks(f: Found, items: readonly ItemData[]): void {
  const multi = items.find((i) => i.type === "feat" && /^\s*multiattack\b/i.test(i.name));
  const [min, max] = SHEET_RANGE.attacks;
  if (multi) {
    const html = text(multi, DND5E_PATHS.itemDescription) ?? "";
    const n = multiattackCount(html);
    const quote = plainDescription(html).slice(0, 120);
    if (n === undefined) reject(f, "attacksPerRound", { key: "WC.Fill.multiattackUnread", params: { text: quote } });
    else if (n < min || n > max) reject(f, "attacksPerRound", outOfRange(`items[${multi.name}].${DND5E_PATHS.itemDescription}`, quote, min, max));
    else f.attacksPerRound = sheet(n, { key: "WC.Fill.attacksFromMultiattack", params: { count: n, text: quote } });
  } else if (items.some((i) => i.type === "weapon")) f.attacksPerRound = sheet(1, { key: "WC.Fill.attacksNoMultiattack" });
}

/** dnd5e's proficiency bonus by challenge rating (NPCs without a derived `prof`). */
function profFromCr(cr: number): number {
  return cr < 5 ? 2 : Math.min(9, 3 + Math.floor((cr - 5) / 4));
}

function readDnd5e(actor: ActorData, settings: SystemSettings): CreatureFacts {
  const P = DND5E_PATHS;
  const f: Found = {};
  const live = isPrepared(actor, settings);
  const type = actorType(actor);
  const isChar = type === "character";
  if (type === "character" || type === "npc") f.kind = sheet(isChar ? "character" : "monster");
  const sizeWord = text(actor, P.size);
  const size = sizeWord ? sizeFromWord(sizeWord) : undefined;
  f.size = size ? sheet(size) : sizeFromToken(actor, "dnd5e");

  // dnd5e scores run to 30, the AD&D tables to 25: a score past 25 reads as 25, and says so.
  const score = (n: number) => Math.min(n, SHEET_RANGE.ability[1]);
  const past = (n: number) => (n > SHEET_RANGE.ability[1] ? { key: "WC.Fill.scoreAtTableTop", params: { value: n, max: SHEET_RANGE.ability[1] } } : undefined);
  const items = itemsOf(actor);
  // An export holds the source: its effects and attunement are worked out here as dnd5e does.
  const derived = live ? undefined : deriveDnd5e(actor, items ?? []);
  // An effect may set a score (Gauntlets of Ogre Power's Strength 19): the export's score after effects.
  const byEffect = (ab: "str" | "dex", n: number) => {
    const d = derived?.abilities[ab];
    return d !== undefined && d !== n && d >= 1 && d <= DND5E_SCORE_MAX ? d : undefined;
  };
  take(f, "strength", intIn(actor, P.strength, 1, DND5E_SCORE_MAX), (n) => {
    const e = byEffect("str", n);
    return e === undefined ? sheet({ score: score(n) }, past(n)) : sheet({ score: score(e) }, { key: "WC.Fill.scoreFromEffects", params: { score: e, source: n } });
  });
  const dexSrc = take(f, "dexterity", intIn(actor, P.dexterity, 1, DND5E_SCORE_MAX), (n) => {
    const e = byEffect("dex", n);
    return e === undefined ? sheet(score(n), past(n)) : sheet(score(e), { key: "WC.Fill.scoreFromEffects", params: { score: e, source: n } });
  });
  const dex = dexSrc === undefined ? undefined : (byEffect("dex", dexSrc) ?? dexSrc);
  if (dex !== undefined) f.dexAcAdjustment = sheet(dexDefense(score(dex)), { key: "WC.Fill.dexFromTable", params: { dex: score(dex) } });
  const intel = take(f, "intelligence", intIn(actor, P.intelligence, 1, DND5E_SCORE_MAX), (n) => sheet(intelligenceFromScore(n), past(n)));
  if (items) {
    const worn = items.filter((i) => i.type === "equipment" && flag(i, P.itemEquipped) === true);
    let armor: { kind: ArmorKind; plus: number; how: string; name: string; base5e: number } | null = null;
    let shield: { plus: number } | null = null;
    let natural: number | undefined;
    let protection = 0;
    let helmet = false;
    for (const i of worn) {
      const t = text(i, P.itemArmorType) ?? "";
      // A magical bonus counts only when the item's magic works: attuned where it must be (dnd5e's magicAvailable).
      const magic = enchanted(i, live);
      const plus = magicAvailable(magic) ? (magic.magicalBonus ?? plusFromName(i.name) ?? 0) : 0;
      const base5e = int(i, P.itemArmorValue);
      if (isHelmet(i.name)) helmet = true;
      if (t === "shield") shield ??= { plus };
      else if (t === "natural") natural ??= base5e;
      else if (t === "light" || t === "medium" || t === "heavy") {
        if (armor) continue;
        const byBase = KIND_BY_BASE[text(i, P.itemBaseItem) ?? ""];
        const byName = byBase ? undefined : kindFromName(i.name);
        const byAc = byBase || byName || base5e === undefined ? undefined : KIND_BY_5E_AC[base5e];
        const kind = byBase ?? byName ?? byAc ?? (t === "heavy" ? "plate" : t === "medium" ? "scale" : "leather");
        armor = { kind, plus, how: byBase ? "type" : byName ? "name" : "ac", name: i.name, base5e: base5e ?? 10 };
      } else protection += protectionOf(i, protectionPlus);
    }
    f.armor = armor
      ? sheet(
          { kind: armor.kind, plus: armor.plus, ad: ADND_ARMOR_AC[armor.kind] },
          armor.how === "name" ? { key: "WC.Fill.armorKindFromName", params: { name: armor.name } } : armor.how === "ac" ? { key: "WC.Fill.armorKindFromAc", params: { ac: armor.base5e } } : { key: "WC.Fill.armorAdFromKind", params: { kind: armor.kind } },
        )
      : sheet(null);
    f.shield = sheet(shield);
    f.magicProtection = sheet(protection);
    f.helmet = sheet(helmet);
    if (!armor && natural !== undefined && !isChar) f.naturalAc = sheet(20 - natural, { key: "WC.Fill.fromAscending", params: { aac: natural } });
  }

  // The prepared AC; an export's worked out as dnd5e prepares it (effects, attunement, then the AC formula).
  const calc = text(actor, P.acCalc);
  let aac: number | undefined;
  let acWhy: Reason | undefined;
  if (live && present(actor, P.ac)) {
    const got = intIn(actor, P.ac, 0, 40);
    if (got.kind === "rejected") reject(f, "ac", got.reason);
    else if (got.kind === "ok") aac = got.n;
  } else {
    const flatGot = (calc === "flat" || calc === "natural") && present(actor, P.acFlat) ? intIn(actor, P.acFlat, 0, 40) : undefined;
    const d = derived ?? deriveDnd5e(actor, items ?? []);
    if (flatGot?.kind === "rejected") reject(f, "ac", flatGot.reason);
    else if (d.ac !== undefined && (d.ac < 0 || d.ac > 40)) reject(f, "ac", outOfRange("system.attributes.ac", d.ac, 0, 40));
    else if (d.ac !== undefined && (items !== undefined || calc === "flat" || calc === "natural")) {
      aac = d.ac;
      acWhy = { key: d.acByEffects ? "WC.Fill.acAsDnd5eEffects" : "WC.Fill.acAsDnd5e", params: { aac: d.ac, calc: d.calc } };
    }
  }
  if (aac !== undefined) {
    const desc = clamp(20 - aac, -20, 10);
    f.ac = sheet(desc, acWhy ?? { key: "WC.Fill.fromAscending", params: { aac } });
    if (!isChar && !f.armor?.value && f.naturalAc === undefined) f.naturalAc = sheet(desc, { key: "WC.Fill.fromAscending", params: { aac } });
  }

  // Speed: the prepared walk; an export's from the source or the species item, with effects and the speed bonus.
  const walkPath = present(actor, P.walk) ? P.walk : undefined;
  const srcWalk = walkPath ? num(actor, walkPath) : undefined;
  const race = (items ?? []).find((i) => i.type === "race");
  const liveWalk = walkPath ? srcWalk : race ? num(race, P.raceWalk) : undefined;
  const walk = live ? liveWalk : walkPath && srcWalk === undefined ? undefined : derived?.walk;
  if (walk !== undefined && walk >= 0 && walk <= 600) f.movement = sheet(Math.round((walk * 12) / 30), { key: derived?.walkByEffects ? "WC.Fill.movementFrom5eEffects" : "WC.Fill.movementFrom5e", params: { feet: walk } });
  else if (walkPath) reject(f, "movement", srcWalk === undefined ? unreadText(walkPath, at(actor, walkPath)) : outOfRange(walkPath, srcWalk, 0, 600));
  else if (walk !== undefined) reject(f, "movement", outOfRange(P.walk, walk, 0, 600));
  const fly = live ? num(actor, P.fly) : derived?.fly;
  if (fly !== undefined && fly > 0) f.flight = sheet("wings", { key: "WC.Fill.flightFromSpeed", params: { feet: fly } });

  if (isChar) {
    const classes = (items ?? []).filter((i) => i.type === "class");
    const levels = classes.reduce((n, c) => n + Math.max(0, Math.trunc(num(c, P.classLevels) ?? 0)), 0);
    const lvlGot = intIn(actor, P.level, ...SHEET_RANGE.level);
    if (lvlGot.kind === "ok") f.level = sheet(lvlGot.n);
    else if (lvlGot.kind === "rejected") reject(f, "level", lvlGot.reason);
    else if (levels > 0 && levels <= 40) f.level = sheet(levels, { key: "WC.Fill.levelFromClasses", params: { level: levels } });
    const main = classes.reduce<(typeof classes)[number] | undefined>((a, c) => (!a || (num(c, P.classLevels) ?? 0) > (num(a, P.classLevels) ?? 0) ? c : a), undefined);
    if (main) {
      const g = classGroupFromName(text(main, P.classIdentifier) ?? main.name);
      if (g) f.classGroup = sheet(g.group);
      f.monkLevel = sheet(classes.filter((c) => /monk/i.test(text(c, P.classIdentifier) ?? c.name)).reduce((n, c) => n + Math.trunc(num(c, P.classLevels) ?? 0), 0));
    }
    readCommon(f, actor, { height: P.height, weight: P.weight });
    const prof = int(actor, P.prof) ?? (f.level ? 2 + Math.floor((Math.max(1, f.level.value) - 1) / 4) : undefined);
    if (prof !== undefined) f.thac0 = sheet(20 - prof, { key: "WC.Fill.thac0From5e", params: { prof } });
  } else {
    const formula = text(actor, P.hpFormula);
    const hd = formula ? parseHitDice(formula) : undefined;
    // The constant in dnd5e's formula is the Constitution bonus, not an old-school "+1" on the dice.
    if (hd) f.hitDice = sheet({ dice: hd.dice, adjustment: 0 }, { key: "WC.Fill.hitDiceFrom5e", params: { text: formula as string } });
    // A challenge rating past dnd5e's 30 (or below 0) is no rating: set aside, naming it.
    const cr = num(actor, P.cr);
    const crOk = cr !== undefined && cr >= 0 && cr <= DND5E_CR_MAX;
    if (cr !== undefined && !crOk && int(actor, P.prof) === undefined) reject(f, "thac0", outOfRange(P.cr, at(actor, P.cr), 0, DND5E_CR_MAX));
    const prof = int(actor, P.prof) ?? (crOk ? profFromCr(cr) : undefined);
    if (prof !== undefined) f.thac0 = sheet(20 - prof, { key: "WC.Fill.thac0From5e", params: { prof } });
    readAttacks(f, items ?? []);
    // The first natural weapon (bite, claws) is the monster's own attack.
    const natural = (items ?? []).filter((i) => i.type === "weapon" && text(i, P.weaponType) === "natural");
    const nat = natural[0];
    if (nat) {
      const n = int(nat, P.weaponDamageNumber);
      const d = int(nat, P.weaponDamageDie);
      if (n !== undefined && d !== undefined && n >= 1 && n <= 20 && d >= 1 && d <= 100) f.naturalAttack = sheet({ count: n, sides: d, bonus: 0 });
      else {
        const t = text(nat, "system.damage.parts.0.0");
        const dmg = t ? parseDamage(t) : undefined;
        if (dmg) f.naturalAttack = sheet(dmg);
      }
    }
    if (text(actor, P.creatureType) === "beast" && intel === undefined) f.intelligence = sheet("animal");
  }
  f.holdReach = holdReachOf(items ?? []);
  return completeFacts(nameOf(actor), actor, f, "dnd5e");
}

/**
 * The farthest reach of an attack that may take hold: a melee weapon with the reach property
 * ("rch") that is equipped, or a natural weapon, each reaching as far as its range's `reach`
 * says, a reach weapon without one 10 ft (dnd5e 5.3.3 `module/data/item/weapon.mjs`
 * `prepareDerivedData`: a melee weapon's missing reach is 10 ft with "rch", else 5 ft). Ranged
 * weapons (simpleR, martialR) reach nothing; a reach in another unit than feet is not read.
 * Nothing past 5 ft: 0 (holds are taken beside).
 */
function holdReachOf(items: readonly ItemData[]): Fact<number> {
  const P = DND5E_PATHS;
  let best: { ft: number; item: string } | null = null;
  for (const i of items) {
    if (i.type !== "weapon") continue;
    const kind = text(i, P.weaponType) ?? "";
    if (kind.endsWith("R")) continue;
    const props = at(i, P.weaponProperties);
    // An export keeps the properties as a list, a live item as a Set.
    const rch = (Array.isArray(props) && props.includes("rch")) || (props instanceof Set && props.has("rch"));
    const natural = kind === "natural";
    if (!natural && (!rch || flag(i, P.itemEquipped) !== true)) continue;
    const units = text(i, P.weaponRangeUnits) ?? "ft";
    if (units !== "ft" && units !== "") continue;
    const given = num(i, P.weaponReach);
    const ft = given !== undefined && given > 0 ? given : rch ? 10 : 5;
    if (ft > 5 && ft <= 100 && (!best || ft > best.ft)) best = { ft, item: i.name };
  }
  return best ? sheet(best.ft, { key: "WC.Fill.reachFrom", params: { item: best.item, ft: best.ft } }) : sheet(0, { key: "WC.Fill.noReachAttack" });
}

export const dnd5e: SystemDescriptor = {
  id: "dnd5e",
  systemIds: ["dnd5e"],
  label: "dnd5e",
  source: "foundryvtt/dnd5e@965ad2d0cf5d063dac675ba078b5bd3c3c0dd449",
  paths: DND5E_PATHS,
  hitPoints: () => ({ value: DND5E_PATHS.hp, max: DND5E_PATHS.hpMax, temporary: null }),
  // DND5E.conditionTypes (module/config.mjs) become its status ids; "dead" is Foundry's own.
  hostStatuses: { prone: "prone", unconscious: "unconscious", stunned: "stunned", paralyzed: "paralyzed", restrained: "restrained", grappled: "grappled", held: "grappled", blinded: "blinded", invisible: "invisible", incapacitated: "incapacitated", dead: "dead" },
  facts: (actor, settings) => readDnd5e(actor, settings),
};
