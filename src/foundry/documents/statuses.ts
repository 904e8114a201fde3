/**
 * The module's conditions as Foundry status effects. Where the host system already has a status
 * of the same meaning (prone, unconscious, stunned, grappled, restrained), the module sets the
 * host's own, so the host's rules and icons apply; the module registers its own statuses only for
 * what the host lacks (held and holding, pinned, subdued, ...).
 *
 * Registered at `setup`: some systems rebuild CONFIG.statusEffects in `i18nInit` (dnd5e does),
 * so earlier entries would be lost. Checked again at `ready` for systems that rebuild later.
 * CONFIG.statusEffects is an array in v13 and an object keyed by id in v14 (where arrays still
 * work too): it is read and added to in whichever shape it has.
 */
import type { ConditionId } from "../../rules/index.ts";
import type { HostStatuses } from "../../systems/index.ts";
import { ICONS, STATUS } from "../base/constants.ts";
import { outColdByGM } from "./marks.ts";

export type StatusKey = keyof typeof STATUS;

/** What the module's own status of each kind looks like. */
const OWN_ICONS: Readonly<Record<StatusKey, string>> = {
  held: "held.svg",
  holding: "holding.svg",
  grappled: "grappled.svg",
  prone: "prone.svg",
  stunned: "stunned.svg",
  unconscious: "unconscious.svg",
  pinned: "pinned.svg",
  subdued: "subdued.svg",
  immobilized: "immobilized.svg",
};

/**
 * Host status ids of the same meaning, in order of preference: Foundry core's defaults
 * (`prone`, `unconscious`, `stun`, `restrain`) and the common system spellings (dnd5e's
 * `stunned`, `grappled`, `restrained`). Held and holding name a hold by its part and its
 * partner, which no host status does, so they are always the module's own.
 */
export const HOST_EQUIVALENTS: Readonly<Record<StatusKey, readonly string[]>> = {
  held: [],
  holding: [],
  prone: ["prone"],
  unconscious: ["unconscious"],
  stunned: ["stunned", "stun"],
  grappled: ["grappled"],
  immobilized: ["restrained", "restrain"],
  pinned: [],
  subdued: [],
};

export interface StatusChoice {
  /** The status id effects carry. */
  readonly id: string;
  /** True when it is the host's own status. */
  readonly host: boolean;
}

export type StatusMap = Readonly<Record<StatusKey, StatusChoice>>;

const KEYS = Object.keys(STATUS) as StatusKey[];

/** Ids a system prefers for some conditions (or null: keep the module's own), from src/systems. */
export type StatusPreferences = Partial<Record<StatusKey, string | null>>;

/**
 * Which status each condition uses, given the status ids the host offers: a system's stated
 * preference first, then the first host equivalent present, else the module's own.
 */
export function chooseStatuses(available: readonly string[], preferences: StatusPreferences = {}): StatusMap {
  const offered = new Set(available);
  const out = {} as Record<StatusKey, StatusChoice>;
  for (const key of KEYS) {
    const preferred = preferences[key];
    const hostId = preferred === null ? undefined : preferred !== undefined && offered.has(preferred) ? preferred : HOST_EQUIVALENTS[key].find((id) => offered.has(id));
    out[key] = hostId ? { id: hostId, host: true } : { id: STATUS[key], host: false };
  }
  return out;
}

let preferences: StatusPreferences = {};
let current: StatusMap = chooseStatuses([]);

/** The host system's own choices, when the module knows the system (see src/systems). */
export function setStatusPreferences(p: StatusPreferences): void {
  preferences = p;
}

/**
 * The module's conditions in the terms of a system's own statuses (src/systems' `hostStatuses`).
 * A system whose "grappled" is only its "restrained" (Foundry core's `restrain`) keeps the
 * module's own grappled: both grapplers are grappled, and neither is restrained.
 */
export function preferencesFrom(host: HostStatuses): StatusPreferences {
  const out: StatusPreferences = {};
  if (host.prone) out.prone = host.prone;
  if (host.unconscious) out.unconscious = host.unconscious;
  if (host.stunned) out.stunned = host.stunned;
  if (host.restrained) out.immobilized = host.restrained;
  if (host.grappled && host.grappled !== host.restrained) out.grappled = host.grappled;
  return out;
}

const ownIds = new Set<string>(Object.values(STATUS));

interface StatusEntry {
  readonly id: string;
  readonly name?: string;
  readonly label?: string;
  readonly img?: string;
  readonly icon?: string;
}

/** The host's status list, whichever shape it has (v13 array, v14 object keyed by id). */
export function statusEntries(): StatusEntry[] {
  const list = CONFIG.statusEffects as unknown;
  if (Array.isArray(list)) return list as StatusEntry[];
  return list && typeof list === "object" ? (Object.values(list) as StatusEntry[]) : [];
}

function addStatusEntry(entry: StatusEntry): void {
  const list = CONFIG.statusEffects as unknown;
  if (Array.isArray(list)) list.push(entry);
  else if (list && typeof list === "object") (list as Record<string, StatusEntry>)[entry.id] = entry;
}

/** Chooses host or own statuses and adds the module's own where the host has none. */
export function registerStatusEffects(): void {
  const entries = statusEntries();
  const hostIds = entries.map((s) => s.id).filter((id) => !ownIds.has(id));
  current = chooseStatuses(hostIds, preferences);
  for (const key of KEYS) {
    const choice = current[key];
    if (choice.host || entries.some((s) => s.id === choice.id)) continue;
    addStatusEntry({ id: choice.id, name: `WC.Condition.${key}`, img: `${ICONS}/${OWN_ICONS[key]}` });
  }
}

const hostData = new Map<StatusKey, Record<string, unknown>>();

interface StatusEffectMaker {
  fromStatusEffect?(id: string): Promise<{ toObject(): Record<string, unknown> }>;
}

/**
 * The effect the host itself makes for each of its statuses the module uses (its own name, icon
 * and changes: ActiveEffect.implementation.fromStatusEffect, which systems such as dnd5e
 * extend), asked once after setup. Where it cannot be had, the status entry's name and icon serve.
 */
export async function prepareHostEffects(): Promise<void> {
  hostData.clear();
  const maker = (CONFIG.ActiveEffect as unknown as { documentClass?: StatusEffectMaker } | undefined)?.documentClass;
  if (typeof maker?.fromStatusEffect !== "function") return;
  for (const key of KEYS) {
    const choice = current[key];
    if (!choice.host) continue;
    try {
      const data = (await maker.fromStatusEffect(choice.id)).toObject();
      delete data._id;
      hostData.set(key, data);
    } catch {
      // The entry's own name and icon will do.
    }
  }
}

/** The host's own effect data for a condition, when it has a status for it. */
export function hostEffectData(key: StatusKey): Record<string, unknown> | undefined {
  const d = hostData.get(key);
  return d ? structuredClone(d) : undefined;
}

/** The map in force (after setup). */
export function statusMap(): StatusMap {
  return current;
}

export function statusFor(key: ConditionId | StatusKey): string {
  return current[key].id;
}

/** Every id that means this condition: the one in force and the module's own (older effects). */
export function idsMeaning(key: StatusKey): string[] {
  return [...new Set([current[key].id, STATUS[key]])];
}

function hostEntry(id: string): StatusEntry | undefined {
  return statusEntries().find((s) => s.id === id);
}

export function statusIcon(key: StatusKey): string {
  const choice = current[key];
  if (choice.host) {
    const e = hostEntry(choice.id);
    const img = e?.img ?? e?.icon;
    if (img) return img;
  }
  return `${ICONS}/${OWN_ICONS[key]}`;
}

/** The name an effect of this condition takes: the host's own name for its status, or the module's. */
export function statusName(key: StatusKey): string {
  const choice = current[key];
  const e = choice.host ? hostEntry(choice.id) : undefined;
  return game.i18n.localize(e?.name ?? e?.label ?? `WC.Condition.${key}`);
}

/**
 * Whether an effect is in force: v14 disables an expired effect rather than deleting it
 * (CONFIG.ActiveEffect.expiryAction), and a GM may switch one off; neither counts.
 */
export function effectActive(effect: ActiveEffect.Implementation): boolean {
  const e = effect as unknown as { disabled?: boolean; isSuppressed?: boolean };
  return e.disabled !== true && e.isSuppressed !== true;
}

/**
 * The conditions on an actor now, read from the host's statuses and the module's own; out cold
 * also where the GM's writes left it so (documents/marks.ts), whatever its owner did to the
 * effect since (issue 33).
 */
export function conditionsOn(actor: Actor.Implementation): Set<StatusKey> {
  const on = new Set<string>();
  for (const e of actor.effects) if (effectActive(e)) for (const s of e.statuses) on.add(s);
  const out = new Set(KEYS.filter((k) => idsMeaning(k).some((id) => on.has(id))));
  if (outColdByGM(actor)) out.add("unconscious");
  return out;
}

/** Whether an effect (or an effect's data) shows the creature out cold: a status meaning unconscious. */
export function meansUnconscious(statuses: Iterable<string> | null | undefined): boolean {
  const ids = idsMeaning("unconscious");
  for (const s of statuses ?? []) if (ids.includes(s)) return true;
  return false;
}

/** The effects on an actor that carry a condition (to remove when the rules end it). */
export function effectsMeaning(actor: Actor.Implementation, key: StatusKey): ActiveEffect.Implementation[] {
  const ids = idsMeaning(key);
  return [...actor.effects].filter((e) => ids.some((id) => e.statuses.has(id)));
}
