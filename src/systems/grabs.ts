/**
 * Which of a creature's attacks take hold by themselves (issue 31): the constrictor's coils, the
 * octopus's tentacles, a Shadowdark "Grab". Each attack of the sheet is listed with its grab mark,
 * read where the host states it, and with a *proposal* where only the attack's words suggest it
 * (the GM confirms a proposal in the profile form; until then it grabs nothing). The GM may set or
 * clear the mark on any attack (`applyGrabMarks`). Pure: plain data in, plain data out.
 *
 * Where each host says it:
 * - dnd5e (foundryvtt/dnd5e@965ad2d, packs/_source/monsters and actors24): an item whose activity
 *   applies one of the item's effects carrying the `grappled` status (the 2024 monsters), or whose
 *   description leaves the target grappled "(escape DC N)" (the 2014 monsters). The escape DC is
 *   read where it is a number; the 2024 packs write it as a lookup of the monster's passive
 *   Athletics, which is not worked out here (left out, said in the reason).
 * - Shadowdark (Muttley/foundryvtt-shadowdark@cf357e3, data/packs/monsters.db): an "NPC Attack"
 *   whose `damage.special` names Grab; the escape figure and any damage a round from the actor's
 *   "Grab" feature ("[[check 15 str]] on turn to break free", "[[/r 2d6]] damage per round held").
 * - OSE, ARS, adnd2e and DCC state no grab in their data: the attack's name and words are matched
 *   against GRAB_WORDS, and a match is a proposal only.
 */
import { parseDamage, plainDescription } from "./parse.ts";
import { at, isObj, text } from "./read.ts";
import type { ActorData, DamageDice, Reason } from "./types.ts";

/** What a grabbing attack states about its hold (each part only where the host says it). */
export interface GrabMark {
  /** The figure to beat to break free (dnd5e escape DC, Shadowdark check DC), where stated as a number. */
  readonly escape?: number;
  /** Damage the hold does each round, where stated. */
  readonly damagePerRound?: DamageDice;
  /** Why: an i18n key (WC.Grab.*) and its parameters. */
  readonly reason: Reason;
}

/** One attack of the creature and its grab mark. */
export interface AttackGrab {
  /** Stable within the actor: the item's id, or `attacks-<index>` / `system` for text attacks (no dots: a key is a flag's key). */
  readonly key: string;
  /** The attack's name as the sheet gives it (plain text; escape it before it reaches markup). */
  readonly name: string;
  /** The mark in force: read from the host, or set by the GM. null: this attack does not grab. */
  readonly grab: GrabMark | null;
  /** A mark suggested by the attack's words, not in force until the GM confirms it. */
  readonly proposal: GrabMark | null;
  /** Where `grab` came from. */
  readonly source: "sheet" | "override" | "none";
}

/**
 * The named pattern for hosts that state no grab (OSE, ARS, adnd2e, DCC): words by which a stat
 * block says a hit takes hold. Reason: these are the words the old-school monster texts use for a
 * hold (hold, grab, grapple, constrict, squeeze, hug, coil, wrap, entangle); a match is only a
 * proposal because "held" also names a held weapon or a held breath.
 */
export const GRAB_WORDS = /\b(hold|holds|held|grab|grabs|grabbed|grapples?|grappled|constricts?|constriction|constricting|squeezes?|squeezing|hugs?|hugging|coils?|wraps?|wrapped|entangles?|entangled)\b/i;

/** "2d4 damage each round", "1d6 per round", "2d6 hp a round": the hold's damage each round, from plain words. */
const PER_ROUND = /(\d{0,2}\s*d\s*\d{1,3}(?:\s*[+-]\s*\d{1,3})?)\s*(?:points?\s*of\s*)?(?:damage|hp|hit points?)?\s*(?:per|each|every|a)\s*round/i;

function perRound(words: string): DamageDice | undefined {
  const m = PER_ROUND.exec(words);
  return m?.[1] ? parseDamage(m[1]) : undefined;
}

interface RawItem {
  readonly id: string;
  readonly name: string;
  readonly type: string;
  readonly system: unknown;
  readonly effects: readonly unknown[];
}

function rawItems(actor: ActorData): RawItem[] {
  const raw = actor.items;
  let list: unknown[] = [];
  if (Array.isArray(raw)) list = raw;
  else if (raw && typeof raw === "object" && Symbol.iterator in raw) {
    try {
      list = [...(raw as Iterable<unknown>)];
    } catch {
      list = [];
    }
  }
  return list.filter(isObj).map((i, n) => ({
    id: typeof i._id === "string" && i._id.length > 0 ? i._id : `items-${n}`,
    name: typeof i.name === "string" ? i.name : "",
    type: typeof i.type === "string" ? i.type : "",
    system: i.system,
    effects: Array.isArray(i.effects) ? i.effects : [],
  }));
}

const plain = (v: string | undefined) => (v ? plainDescription(v) : "");

// ---- dnd5e -------------------------------------------------------------------------------

/** "grappled (escape DC 14)", "Grappled condition (escape DC 11)" in a description's raw HTML. */
const DND5E_ESCAPE = /grappled\]?\s*(?:condition\s*)?\(\s*escape\s+DC\s+(\d{1,2})\s*\)/i;
/** The same, with the DC written as a lookup ("escape DC [[lookup @skills.ath.passive]]"). */
const DND5E_ESCAPE_FORMULA = /grappled[^(]{0,40}\(\s*escape\s+DC\s+\[\[/i;

function dnd5eAttacks(actor: ActorData): AttackGrab[] {
  const out: AttackGrab[] = [];
  for (const item of rawItems(actor)) {
    const activities = at(item.system, "activities");
    const acts = isObj(activities) ? Object.values(activities).filter(isObj) : [];
    const attacks = item.type === "weapon" || acts.some((a) => a.type === "attack" || a.type === "save");
    if (!attacks) continue;
    const html = text(item.system, "description.value") ?? "";
    const grappling = new Set(
      item.effects.filter((e) => isObj(e) && Array.isArray(e.statuses) && e.statuses.includes("grappled") && typeof e._id === "string").map((e) => (e as { _id: string })._id),
    );
    const byActivity = acts.some((a) => Array.isArray(a.effects) && a.effects.some((ref) => isObj(ref) && typeof ref._id === "string" && grappling.has(ref._id)));
    const dc = DND5E_ESCAPE.exec(html);
    const escape = dc?.[1] ? Number(dc[1]) : undefined;
    let grab: GrabMark | null = null;
    if (byActivity) grab = { ...(escape !== undefined ? { escape } : {}), reason: { key: escape !== undefined ? "WC.Grab.dnd5eEffectDc" : DND5E_ESCAPE_FORMULA.test(html) ? "WC.Grab.dnd5eEffectFormula" : "WC.Grab.dnd5eEffect", params: { name: item.name, ...(escape !== undefined ? { dc: escape } : {}) } } };
    else if (escape !== undefined) grab = { escape, reason: { key: "WC.Grab.dnd5eText", params: { name: item.name, dc: escape } } };
    out.push({ key: item.id, name: item.name, grab, proposal: null, source: grab ? "sheet" : "none" });
  }
  return out;
}

// ---- Shadowdark --------------------------------------------------------------------------

/** "[[check 15 str]] on turn to break free": the check to break free. */
const SD_BREAK_FREE = /\[\[\s*check\s+(\d{1,2})\s+str\s*\]\][^.]{0,20}\bbreak free/i;
/** "[[/r 2d6]] damage per round held". */
const SD_PER_ROUND = /\[\[\s*\/r(?:oll)?\s+([^\]]+)\]\]\s*damage\s+(?:per|each)\s+round/i;

function shadowdarkAttacks(actor: ActorData): AttackGrab[] {
  const items = rawItems(actor);
  const feature = items.find((i) => i.type === "NPC Feature" && /^\s*grab\s*$/i.test(i.name));
  const words = text(feature?.system, "description") ?? "";
  const dc = SD_BREAK_FREE.exec(words);
  const dmg = SD_PER_ROUND.exec(words);
  const escape = dc?.[1] ? Number(dc[1]) : undefined;
  const damagePerRound = dmg?.[1] ? parseDamage(dmg[1]) : undefined;
  return items
    .filter((i) => i.type === "NPC Attack" || i.type === "NPC Special Attack")
    .map((i) => {
      const special = text(i.system, "damage.special") ?? "";
      const named = /\bgrab\b/i.test(special) || (i.type === "NPC Special Attack" && /^\s*grab\s*$/i.test(i.name));
      const grab: GrabMark | null = named
        ? { ...(escape !== undefined ? { escape } : {}), ...(damagePerRound ? { damagePerRound } : {}), reason: { key: feature ? "WC.Grab.shadowdarkFeature" : "WC.Grab.shadowdarkSpecial", params: { name: i.name } } }
        : null;
      return { key: i.id, name: i.name, grab, proposal: null, source: grab ? ("sheet" as const) : ("none" as const) };
    });
}

// ---- hosts that state no grab: proposals from the words ----------------------------------

function propose(name: string, words: string): GrabMark | null {
  const all = `${name} ${words}`;
  const m = GRAB_WORDS.exec(all);
  if (!m) return null;
  const damagePerRound = perRound(all);
  return { ...(damagePerRound ? { damagePerRound } : {}), reason: { key: "WC.Grab.proposedWords", params: { name, word: m[1] ?? m[0] } } };
}

const proposal = (key: string, name: string, words: string): AttackGrab => ({ key, name, grab: null, proposal: propose(name, words), source: "none" });

/** OSE: a monster's weapon and ability items (its attacks), each by its name and description. */
function oseAttacks(actor: ActorData): AttackGrab[] {
  return rawItems(actor)
    .filter((i) => i.type === "weapon" || i.type === "ability")
    .map((i) => proposal(i.id, i.name, plain(text(i.system, "description"))));
}

/** ARS: an NPC's attacks are one text (`numberAttacks`, `damage`) with its `specialAttacks`. */
function arsAttacks(actor: ActorData): AttackGrab[] {
  const attacks = text(actor, "system.numberAttacks") ?? "";
  const special = text(actor, "system.specialAttacks") ?? "";
  if (!attacks && !special) return [];
  const damage = text(actor, "system.damage") ?? "";
  const name = attacks ? `${attacks}${damage ? ` (${damage})` : ""}` : special;
  return [proposal("system", name, `${damage} ${plain(special)}`)];
}

/** adnd2e: a creature's `system.attacks` entries, each by its name and `special` words. */
function adnd2eAttacks(actor: ActorData): AttackGrab[] {
  const list = at(actor, "system.attacks");
  if (!Array.isArray(list)) return [];
  return list.flatMap((a, n) => (isObj(a) ? [proposal(`attacks-${n}`, text(a, "name") ?? "", `${text(a, "damage") ?? ""} ${plain(text(a, "special"))}`)] : []));
}

/** DCC: a creature's weapon items, by name and description. */
function dccAttacks(actor: ActorData): AttackGrab[] {
  return rawItems(actor)
    .filter((i) => i.type === "weapon")
    .map((i) => proposal(i.id, i.name, plain(text(i.system, "description.value") ?? text(i.system, "description"))));
}

const READERS: Readonly<Record<string, (actor: ActorData) => AttackGrab[]>> = {
  dnd5e: dnd5eAttacks,
  shadowdark: shadowdarkAttacks,
  ose: oseAttacks,
  ars: arsAttacks,
  adnd2e: adnd2eAttacks,
  dcc: dccAttacks,
};

/** A creature's attacks with their grab marks, by the layer's system id ("dnd5e", "ose" ...); none for a system it cannot read. */
export function readGrabs(systemId: string, actor: ActorData): AttackGrab[] {
  const read = READERS[systemId];
  return read ? read(actor) : [];
}

/** The GM's word on an attack: true confirms its proposal (or marks it with no figures), false clears it, or a mark of their own. */
export type GrabOverride = boolean | { readonly escape?: number | null; readonly damagePerRound?: DamageDice | null };

/** At most this many marks on one creature, each keyed by at most 64 characters (a flag is player-writable data). */
const MAX_MARKS = 100;

/** Checks a GM's grab marks (by attack key); a bad one is named, and none is applied. */
export function checkGrabOverrides(raw: unknown): Readonly<Record<string, GrabOverride>> {
  if (raw === undefined || raw === null) return {};
  if (!isObj(raw)) throw new TypeError("grabs: not an object");
  const entries = Object.entries(raw);
  if (entries.length > MAX_MARKS) throw new TypeError(`grabs: more than ${MAX_MARKS} marks`);
  for (const [key, v] of entries) {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(key)) throw new TypeError(`grabs: "${key.slice(0, 40)}" is no attack key (letters, digits, - and _, at most 64)`);
    if (typeof v === "boolean") continue;
    if (!isObj(v) || Object.keys(v).some((k) => k !== "escape" && k !== "damagePerRound")) throw new TypeError(`grabs.${key}: not true, false or a mark ({escape, damagePerRound})`);
    // null: not stated (how a stored mark says a figure was taken away).
    if (v.escape !== undefined && v.escape !== null && !(typeof v.escape === "number" && Number.isInteger(v.escape) && v.escape >= 1 && v.escape <= 40)) throw new TypeError(`grabs.${key}.escape: a whole number 1 to 40`);
    const d = v.damagePerRound;
    if (d !== undefined && d !== null && !(isObj(d) && [d.count, d.sides, d.bonus].every((x) => typeof x === "number" && Number.isInteger(x)) && (d.count as number) >= 1 && (d.count as number) <= 20 && (d.sides as number) >= 1 && (d.sides as number) <= 100)) throw new TypeError(`grabs.${key}.damagePerRound: dice such as {count: 2, sides: 4, bonus: 0}`);
  }
  return raw as Record<string, GrabOverride>;
}

/**
 * The attacks with the GM's marks applied, attack by attack: true puts the proposal (or the sheet's
 * mark, or a bare mark) in force, false clears it, a mark object replaces it. A key no attack has
 * is left out (the attack was removed from the sheet).
 */
export function applyGrabMarks(attacks: readonly AttackGrab[], overrides: unknown): AttackGrab[] {
  const marks = checkGrabOverrides(overrides);
  return attacks.map((a) => {
    const o = marks[a.key];
    if (o === undefined) return a;
    if (o === false) return { ...a, grab: null, source: "override" };
    const reason: Reason = { key: "WC.Grab.setByGm", params: { name: a.name } };
    if (o === true) return { ...a, grab: a.grab ?? (a.proposal ? { ...a.proposal, reason } : { reason }), source: a.grab ? a.source : "override" };
    return { ...a, grab: { ...(typeof o.escape === "number" ? { escape: o.escape } : {}), ...(o.damagePerRound ? { damagePerRound: o.damagePerRound } : {}), reason }, source: "override" };
  });
}

/**
 * A grabbing attack in force, as the shell hands it on (`documents/grabs.ts` `grabsOf`): only the
 * attacks whose mark stands (the host's, or the GM's), never a proposal not yet confirmed.
 */
export interface GrabbingAttack {
  /** The attack's key on the actor (an item's id; `attacks.<n>` or `system` for text attacks). */
  readonly key: string;
  /** The attack's name as the sheet gives it (plain text: escape it before it reaches markup). */
  readonly name: string;
  /** The figure to beat to break free, where stated. */
  readonly escape?: number;
  /** Damage the hold does each round, where stated. */
  readonly damagePerRound?: DamageDice;
  /** Whose mark it is: the host's sheet, or the GM's (set, or a proposal the GM confirmed). */
  readonly source: "sheet" | "gm";
  /** Why it grabs: an i18n key (WC.Grab.*) and its parameters. */
  readonly reason: Reason;
}

/** The attacks whose mark is in force, in the sheet's order. */
export function grabsInForce(attacks: readonly AttackGrab[]): GrabbingAttack[] {
  return attacks.flatMap((a) =>
    a.grab
      ? [
          {
            key: a.key,
            name: a.name,
            ...(a.grab.escape !== undefined ? { escape: a.grab.escape } : {}),
            ...(a.grab.damagePerRound ? { damagePerRound: { ...a.grab.damagePerRound } } : {}),
            source: a.source === "override" ? ("gm" as const) : ("sheet" as const),
            reason: a.grab.reason,
          },
        ]
      : [],
  );
}

/** Dice as the GM types them for a hold's damage each round: "2d4", "d6+1", "1d8 - 1" (the whole text, nothing else). */
export function parseGrabDice(raw: string): DamageDice | undefined {
  const m = /^\s*(\d{1,2})?\s*[dD]\s*(\d{1,3})\s*(?:([+-])\s*(\d{1,3}))?\s*$/.exec(raw);
  if (!m) return undefined;
  const count = m[1] === undefined ? 1 : Number(m[1]);
  const sides = Number(m[2]);
  if (count < 1 || count > 20 || sides < 1 || sides > 100) return undefined;
  return { count, sides, bonus: m[4] === undefined ? 0 : Number(m[4]) * (m[3] === "-" ? -1 : 1) };
}

/** Dice as text ("2d4", "1d6+1", "2d8-2"), as parseGrabDice reads them back. */
export function grabDiceText(d: DamageDice): string {
  return `${d.count}d${d.sides}${d.bonus > 0 ? `+${d.bonus}` : d.bonus < 0 ? `${d.bonus}` : ""}`;
}
