/**
 * dnd5e's active effects and attunement, worked out on an export the way dnd5e prepares a live
 * actor (foundryvtt/dnd5e@965ad2d, 5.3.3): each item first applies the enchantments on it
 * (module/documents/item.mjs `applyActiveEffects`: a magical bonus, the "mgc" property); then the
 * actor's own effects and the effects its items transfer are applied (Foundry's
 * `applyActiveEffects`, by priority, mode × 10 unless set), leaving out those of an item that is
 * not equipped or needs attunement it lacks (`Item5e#areEffectsSuppressed`); only then does
 * dnd5e compute the AC (`AttributesFields.prepareArmorClass`: base by the `calc` formula from the
 * first worn armour, + the first shield + bonus + cover, never below `min`) and movement
 * (`prepareMovement`: each speed + `movement.bonus`). An armour's magical bonus counts only when
 * its magic is available (`EquippableItemTemplate#magicAvailable`: attuned or not needing it, and
 * magical). A prepared (live) actor has all of this in place already.
 *
 * Only the numbers the variants use are followed: `attributes.ac.*`, `attributes.movement.*` and
 * the ability scores. A change whose value is a formula this reading cannot work out (a roll, an
 * unknown `@` reference) is left out, as a change dnd5e could not apply either would be.
 */
import { d20Modifier } from "./armor.ts";
import type { ItemData } from "./read.ts";
import { asNumber, at, isObj, num, text } from "./read.ts";
import type { ActorData } from "./types.ts";

/** Foundry's active-effect modes (CONST.ACTIVE_EFFECT_MODES). */
const MODE = { custom: 0, multiply: 1, add: 2, downgrade: 3, upgrade: 4, override: 5 } as const;

/** dnd5e's armour types (CONFIG.DND5E.armorTypes): the equipment that makes up AC. */
export const DND5E_ARMOR_TYPES = ["light", "medium", "heavy", "natural", "shield"] as const;

/** dnd5e's AC formulas by `calc` (CONFIG.DND5E.armorClasses). */
const AC_FORMULAS: Readonly<Record<string, string>> = {
  default: "@attributes.ac.armor + @attributes.ac.dex",
  mage: "13 + @abilities.dex.mod",
  draconic: "13 + @abilities.dex.mod",
  unarmoredMonk: "10 + @abilities.dex.mod + @abilities.wis.mod",
  unarmoredBarb: "10 + @abilities.dex.mod + @abilities.con.mod",
  unarmoredBard: "10 + @abilities.dex.mod + @abilities.cha.mod",
};

interface Change {
  readonly key: string;
  readonly mode: number;
  readonly value: string;
  readonly priority: number;
}

function changesOf(effect: unknown): Change[] {
  const list = at(effect, "changes");
  if (!Array.isArray(list)) return [];
  return list.flatMap((c) => {
    if (!isObj(c) || typeof c.key !== "string") return [];
    const mode = asNumber(c.mode) ?? MODE.add;
    const value = typeof c.value === "string" ? c.value : typeof c.value === "number" ? String(c.value) : "";
    return [{ key: c.key, mode, value, priority: asNumber(c.priority) ?? mode * 10 }];
  });
}

function effectsOf(doc: unknown): unknown[] {
  const list = at(doc, "effects");
  return Array.isArray(list) ? list.filter(isObj) : [];
}

const active = (e: unknown) => at(e, "disabled") !== true;

/** The item's properties as a list (a Set on a live item, an array in an export), or undefined. */
function properties(item: ItemData): string[] | undefined {
  const p = at(item, "system.properties");
  if (Array.isArray(p)) return p.filter((x): x is string => typeof x === "string");
  if (p instanceof Set) return [...p].filter((x): x is string => typeof x === "string");
  return undefined;
}

/** An item as its own enchantments leave it: its magical bonus and properties. */
export interface Enchanted {
  readonly item: ItemData;
  readonly magicalBonus: number | undefined;
  readonly properties: readonly string[] | undefined;
}

/**
 * Applies the enchantments on an item (effects of type "enchantment" put there from elsewhere)
 * to the two fields AC reads. A live item has had them applied already (`live`).
 */
export function enchanted(item: ItemData, live: boolean): Enchanted {
  let bonus = num(item, "system.armor.magicalBonus") ?? num(item, "system.magicalBonus");
  let props = properties(item);
  if (!live) {
    const changes = effectsOf(item)
      .filter((e) => at(e, "type") === "enchantment" && active(e))
      .flatMap(changesOf)
      .sort((a, b) => a.priority - b.priority);
    for (const c of changes) {
      if (c.key === "system.armor.magicalBonus") {
        const v = asNumber(c.value.trim());
        if (v !== undefined) bonus = applyMode(bonus, c.mode, v);
      } else if (c.key === "system.properties" && c.mode === MODE.add) {
        const set = new Set(props ?? []);
        for (const p of c.value.split(",").map((s) => s.trim())) if (p.startsWith("-")) set.delete(p.slice(1).trim());
        else if (p) set.add(p);
        props = [...set];
      }
    }
  }
  return { item, magicalBonus: bonus, properties: props };
}

/**
 * Whether an item's magic works (dnd5e `magicAvailable`): attuned or not needing it, and magical.
 * An item that lists no properties at all (an export from before dnd5e kept them) is taken at its word.
 */
export function magicAvailable(e: Enchanted): boolean {
  const attuned = at(e.item, "system.attuned") === true || text(e.item, "system.attunement") !== "required";
  return attuned && (e.properties === undefined || e.properties.includes("mgc"));
}

/** Whether an item's own effects are switched off (dnd5e `areEffectsSuppressed`): not equipped, or not attuned when it must be. */
export function effectsSuppressed(item: ItemData): boolean {
  const sub = text(item, "system.type.value") ?? "";
  const requireEquipped = item.type !== "consumable" || ["rod", "trinket", "wand"].includes(sub);
  if (requireEquipped && at(item, "system.equipped") === false) return true;
  return at(item, "system.attuned") !== true && text(item, "system.attunement") === "required";
}

/** An effect's changes to the actor: the actor's own effects and what its items transfer. */
function actorChanges(actor: ActorData, items: readonly ItemData[]): Change[] {
  const own = effectsOf(actor).filter((e) => active(e) && at(e, "type") !== "enchantment");
  const transferred = items.filter((i) => !effectsSuppressed(i)).flatMap((i) => effectsOf(i).filter((e) => active(e) && at(e, "transfer") === true && at(e, "type") !== "enchantment"));
  return [...own, ...transferred].flatMap(changesOf).sort((a, b) => a.priority - b.priority);
}

function applyMode(current: number | undefined, mode: number, v: number): number | undefined {
  const c = current ?? 0;
  switch (mode) {
    case MODE.multiply:
      return c * v;
    case MODE.add:
      return c + v;
    case MODE.downgrade:
      return current === undefined ? v : Math.min(c, v);
    case MODE.upgrade:
      return current === undefined ? v : Math.max(c, v);
    case MODE.override:
      return v;
    default:
      return current;
  }
}

/** What the formulas may refer to: `@abilities.dex.mod`, `@scale.monk.unarmored-movement`, `@prof`, ... */
type Lookup = (ref: string) => number | undefined;

/**
 * A deterministic dnd5e formula ("+1", "10 + @abilities.dex.mod", "@scale.monk.unarmored-movement")
 * as a number: whole numbers, references, + - * and brackets. Anything else (dice, functions) is
 * not worked out. A reference with nothing behind it is 0, as dnd5e's `simplifyBonus` reads it.
 */
export function evaluate(formula: string, lookup: Lookup): number | undefined {
  const t = formula.replace(/@([\w.-]+)/g, (_m, ref: string) => String(lookup(ref) ?? 0)).replace(/\s+/g, "");
  if (t === "") return 0;
  if (!/^[-+*()\d.]+$/.test(t)) return undefined;
  let pos = 0;
  const peek = () => t[pos];
  const factor = (): number | undefined => {
    const ch = peek();
    if (ch === "+" || ch === "-") {
      pos++;
      const v = factor();
      return v === undefined ? undefined : ch === "-" ? -v : v;
    }
    if (ch === "(") {
      pos++;
      const v = sum();
      if (peek() !== ")") return undefined;
      pos++;
      return v;
    }
    const m = /^\d+(\.\d+)?/.exec(t.slice(pos));
    if (!m) return undefined;
    pos += m[0].length;
    return Number(m[0]);
  };
  const product = (): number | undefined => {
    let v = factor();
    while (v !== undefined && peek() === "*") {
      pos++;
      const r = factor();
      v = r === undefined ? undefined : v * r;
    }
    return v;
  };
  const sum = (): number | undefined => {
    let v = product();
    while (v !== undefined && (peek() === "+" || peek() === "-")) {
      const op = peek();
      pos++;
      const r = product();
      v = r === undefined ? undefined : op === "+" ? v + r : v - r;
    }
    return v;
  };
  const v = sum();
  return v !== undefined && pos === t.length && Number.isFinite(v) ? v : undefined;
}

/** A name as dnd5e makes an identifier of it ("Unarmored Movement" is "unarmored-movement"). */
function slug(name: string): string {
  return name
    .replace(/(\w+)([\\|/])(\w+)/g, "$1-$3")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * A class's scale value at its level (dnd5e's ScaleValue advancement): the entry of the highest
 * level not above the class's, as a number (a distance's value, a number, or dice's faces).
 */
function scaleValue(items: readonly ItemData[], classId: string, id: string): number | undefined {
  for (const cls of items.filter((i) => i.type === "class" || i.type === "subclass")) {
    const ident = text(cls, "system.identifier") ?? slug(cls.name);
    if (ident !== classId) continue;
    const level = num(cls, "system.levels") ?? num(items.find((i) => i.type === "class" && (text(i, "system.identifier") ?? "") === text(cls, "system.classIdentifier")), "system.levels") ?? 0;
    const adv = at(cls, "system.advancement");
    const list = Array.isArray(adv) ? adv : isObj(adv) ? Object.values(adv) : [];
    // An advancement without an identifier goes by its title's (dnd5e `formatIdentifier`).
    const entry = list.find((a) => at(a, "type") === "ScaleValue" && (text(a, "configuration.identifier") ?? slug(text(a, "title") ?? "")) === id);
    const scale = at(entry, "configuration.scale");
    if (!isObj(scale)) return undefined;
    const at0 = Object.keys(scale)
      .map(Number)
      .filter((l) => Number.isFinite(l) && l <= level)
      .sort((a, b) => b - a)[0];
    if (at0 === undefined) return undefined;
    const row = scale[String(at0)];
    return num(row, "value") ?? num(row, "faces");
  }
  return undefined;
}

/** The prepared numbers an export's AC and speed come from. */
export interface Dnd5eDerived {
  /** Ascending AC as dnd5e shows it, or undefined when it cannot be worked out. */
  readonly ac: number | undefined;
  readonly calc: string;
  /** Land speed in feet (the source's, else the species', with effects and the speed bonus). */
  readonly walk: number | undefined;
  readonly fly: number | undefined;
  /** Ability scores after effects (a Belt of Giant Strength's, say). */
  readonly abilities: Readonly<Record<string, number>>;
  /** Whether an effect changed the AC or the land speed (for the reason shown). */
  readonly acByEffects: boolean;
  readonly walkByEffects: boolean;
}

const ABILITIES = ["str", "dex", "con", "int", "wis", "cha"] as const;

/** Works out an export's AC and speed as dnd5e prepares them (see the file's comment). */
export function deriveDnd5e(actor: ActorData, items: readonly ItemData[]): Dnd5eDerived {
  const abilities: Record<string, number> = {};
  for (const a of ABILITIES) {
    const v = num(actor, `system.abilities.${a}.value`);
    if (v !== undefined) abilities[a] = v;
  }
  const prof = num(actor, "system.attributes.prof");
  const level = items.filter((i) => i.type === "class").reduce((n, c) => n + (num(c, "system.levels") ?? 0), 0);
  const lookup: Lookup = (ref) => {
    const parts = ref.split(".");
    if (parts[0] === "abilities" && parts[2] === "mod") return abilities[parts[1] ?? ""] === undefined ? 0 : d20Modifier(abilities[parts[1] ?? ""] as number);
    if (parts[0] === "abilities" && parts[2] === "value") return abilities[parts[1] ?? ""];
    if (parts[0] === "scale" && parts.length === 3) return scaleValue(items, parts[1] as string, parts[2] as string);
    if (ref === "prof" || ref === "attributes.prof") return prof ?? (level > 0 ? 2 + Math.floor((level - 1) / 4) : undefined);
    if (ref === "details.level") return level;
    if (ref.startsWith("attributes.movement.")) return state.get(`system.${ref}`) as number | undefined;
    return undefined;
  };

  // The base values before effects, as prepareBaseData and prepareEmbeddedData leave them.
  const race = items.find((i) => i.type === "race");
  const srcWalk = num(actor, "system.attributes.movement.walk");
  const state = new Map<string, number | string | undefined>([
    ["system.attributes.ac.calc", text(actor, "system.attributes.ac.calc") ?? (num(actor, "system.attributes.ac.value") !== undefined ? "flat" : "default")],
    ["system.attributes.ac.flat", num(actor, "system.attributes.ac.flat") ?? num(actor, "system.attributes.ac.value")],
    ["system.attributes.ac.formula", text(actor, "system.attributes.ac.formula") ?? ""],
    ["system.attributes.ac.bonus", 0],
    ["system.attributes.ac.min", 0],
    ["system.attributes.ac.cover", 0],
    ["system.attributes.movement.walk", srcWalk || (race ? num(race, "system.movement.walk") : undefined)],
    ["system.attributes.movement.fly", num(actor, "system.attributes.movement.fly") || (race ? num(race, "system.movement.fly") : undefined)],
    ["system.attributes.movement.bonus", 0],
  ]);
  let acByEffects = false;
  let walkByEffects = false;
  for (const c of actorChanges(actor, items)) {
    const ability = /^system\.abilities\.(str|dex|con|int|wis|cha)\.value$/.exec(c.key);
    if (!state.has(c.key) && !ability) continue;
    if (c.key === "system.attributes.ac.calc" || c.key === "system.attributes.ac.formula") {
      if (c.mode === MODE.override && c.value.trim()) {
        state.set(c.key, c.value.trim());
        acByEffects = true;
      }
      continue;
    }
    const v = evaluate(c.value, lookup);
    if (v === undefined) continue;
    if (ability) abilities[ability[1] as string] = applyMode(abilities[ability[1] as string], c.mode, v) ?? 0;
    else state.set(c.key, applyMode(state.get(c.key) as number | undefined, c.mode, v));
    if (c.key.startsWith("system.attributes.ac.")) acByEffects = true;
    if (c.key === "system.attributes.movement.walk" || c.key === "system.attributes.movement.bonus") walkByEffects = true;
  }

  // prepareArmorClass: the first worn armour and the first worn shield.
  const worn = items.filter((i) => i.type === "equipment" && at(i, "system.equipped") === true && (DND5E_ARMOR_TYPES as readonly string[]).includes(text(i, "system.type.value") ?? ""));
  const armour = worn.find((i) => text(i, "system.type.value") !== "shield");
  const shield = worn.find((i) => text(i, "system.type.value") === "shield");
  const valueOf = (i: ItemData) => {
    const e = enchanted(i, false);
    return (num(i, "system.armor.value") ?? 0) + (magicAvailable(e) ? (e.magicalBonus ?? 0) : 0);
  };
  const calc = String(state.get("system.attributes.ac.calc") ?? "default");
  const dexMod = abilities.dex === undefined ? 0 : d20Modifier(abilities.dex);
  const flat = state.get("system.attributes.ac.flat") as number | undefined;
  const bonus = (state.get("system.attributes.ac.bonus") as number | undefined) ?? 0;
  const min = (state.get("system.attributes.ac.min") as number | undefined) ?? 0;
  let base: number | undefined;
  if (calc === "flat") base = flat;
  else if (calc === "natural") base = flat;
  else {
    let armorValue = 10;
    let dex = dexMod;
    if (armour) {
      armorValue = valueOf(armour);
      const cap = num(armour, "system.armor.dex");
      dex = text(armour, "system.type.value") === "heavy" ? 0 : Math.min(cap ?? Infinity, dexMod);
    }
    const formula = calc === "custom" ? String(state.get("system.attributes.ac.formula") ?? "") : (AC_FORMULAS[calc] ?? AC_FORMULAS.default ?? "");
    base = evaluate(formula, (ref) => (ref === "attributes.ac.armor" ? armorValue : ref === "attributes.ac.dex" ? dex : lookup(ref)));
    if (base === undefined) base = evaluate(AC_FORMULAS.default ?? "", (ref) => (ref === "attributes.ac.armor" ? armorValue : ref === "attributes.ac.dex" ? dex : undefined));
  }
  const ac = base === undefined ? undefined : calc === "flat" ? base : Math.max(min, base + (shield ? valueOf(shield) : 0) + bonus + ((state.get("system.attributes.ac.cover") as number | undefined) ?? 0));

  // prepareMovement: each speed + the speed bonus (a speed of 0 stays 0).
  const speedBonus = (state.get("system.attributes.movement.bonus") as number | undefined) ?? 0;
  const speed = (k: string) => {
    const v = state.get(`system.attributes.movement.${k}`) as number | undefined;
    return v === undefined ? undefined : v > 0 ? Math.max(0, v + speedBonus) : 0;
  };
  return { ac, calc, walk: speed("walk"), fly: speed("fly"), abilities, acByEffects, walkByEffects };
}

/**
 * What a worn item adds to AC beyond armour and shield (a ring, a cloak, bracers): the AC bonus
 * its transferred effects give, or, for an item that carries no effects (a live item's are not
 * handed over), the plus its name states. Nothing when its effects are suppressed.
 */
export function protectionOf(item: ItemData, byName: (name: string) => number | undefined): number {
  if (effectsSuppressed(item) || at(item, "system.equipped") !== true) return 0;
  const effects = effectsOf(item);
  if (effects.length === 0 && !Array.isArray(at(item, "effects"))) return byName(item.name) ?? 0;
  return effects
    .filter((e) => active(e) && at(e, "transfer") === true && at(e, "type") !== "enchantment")
    .flatMap(changesOf)
    .filter((c) => c.key === "system.attributes.ac.bonus" && c.mode === MODE.add)
    .reduce((n, c) => n + (evaluate(c.value, () => undefined) ?? 0), 0);
}
