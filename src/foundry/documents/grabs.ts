/**
 * Which of a creature's attacks grab (issue 31), as the shell reads them: the host's marks
 * (src/systems/grabs.ts `readGrabs`) with the GM's own over them, attack by attack.
 *
 * - **What is read.** The actor's source data (`toObject()`): the same document an *Export Data*
 *   file holds, so a live creature and its export read alike (an item's id is its attack's key; a
 *   dnd5e item's activities and effects are plain data there, as in the packs).
 * - **Where the GM's marks live.** On the actor, `flags.weaponless-combat.grabs`, keyed by attack
 *   (not per rule set: a grab is the monster's, whatever rule set plays it). `true` confirms a
 *   proposal (or marks the attack with no figures), `false` clears a mark, `{escape?,
 *   damagePerRound?}` sets one.
 * - **Who may set them.** Only a GM (`writeGrabMarks`). A creature no player owns can be written
 *   only by a GM (the server's rule), so its marks are believed as they stand. A creature a player
 *   owns is the player's to write, so its marks are believed only while they are exactly what a GM
 *   last wrote: the GM's write also keeps a seal of them (their canonical JSON) in the world setting
 *   `grabSeals` by the actor's UUID, which only a GM can write (C-92). Marks a player wrote or
 *   changed are set aside whole (docs/security.md row 31b), and the profile form says so.
 * - **The sheet's own marks on a creature a player owns** are the player's data as much as the
 *   flags are (an item made to apply Grappled): there they are proposals, in force once a GM
 *   confirms them, like the words of the old-school hosts.
 * - **Marks that are not marks** (made by hand in the console, a wrong shape) are set aside whole,
 *   the GM told once per creature and tab; nothing else stops.
 */
import type { AttackGrab, GrabOverride, GrabbingAttack } from "../../systems/index.ts";
import { applyGrabMarks, checkGrabOverrides, grabsInForce, readGrabs } from "../../systems/index.ts";
import { MODULE_ID } from "../base/constants.ts";
import { notify } from "../base/i18n.ts";
import { tabState } from "../base/tab.ts";
import { deletion } from "../world/compat.ts";
import { hostSystem } from "./creature.ts";

export type { GrabbingAttack } from "../../systems/index.ts";

/** How the GM's marks on a creature stand: none, believed, set aside (not a GM's), or unreadable. */
export type MarksState = "none" | "believed" | "setAside" | "bad";

export interface AttackMarks {
  /** Each attack as the sheet alone reads it (its host mark and any proposal). */
  readonly read: readonly AttackGrab[];
  /** Each attack with the GM's believed marks applied: `grab` is the mark in force. */
  readonly attacks: readonly AttackGrab[];
  /** The GM's marks believed (empty unless `state` is "believed"). */
  readonly marks: Readonly<Record<string, GrabOverride>>;
  readonly state: MarksState;
  /** Why unreadable marks were set aside (for the GM). */
  readonly problem?: string;
}

/** The module's grab marks as an actor's source data keeps them. */
function rawMarks(data: unknown): unknown {
  const flags = data && typeof data === "object" ? (data as { flags?: Record<string, unknown> }).flags : undefined;
  const mine = flags?.[MODULE_ID];
  return mine && typeof mine === "object" ? (mine as Record<string, unknown>).grabs : undefined;
}

const isEmpty = (raw: unknown) => raw === undefined || raw === null || (typeof raw === "object" && Object.keys(raw).length === 0);

/** Marks as canonical JSON (keys sorted at every level): what a seal keeps. */
export function canonicalMarks(raw: unknown): string {
  const norm = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(norm);
    if (v && typeof v === "object") return Object.fromEntries(Object.keys(v).sort().map((k) => [k, norm((v as Record<string, unknown>)[k])]));
    return v;
  };
  return JSON.stringify(norm(raw ?? {}));
}

/**
 * On a creature a player owns, the sheet's own marks are the player's to write too (an item made
 * to apply Grappled, a description saying "escape DC 30"): each is a proposal the GM confirms.
 */
function asProposals(attacks: readonly AttackGrab[]): AttackGrab[] {
  return attacks.map((a) => (a.grab ? { ...a, grab: null, proposal: a.grab, source: "none" as const } : a));
}

function marksFrom(systemId: string, data: unknown, believe: (raw: unknown) => boolean, playerOwned = false): AttackMarks {
  const sheet = readGrabs(systemId, data as never);
  const read = playerOwned ? asProposals(sheet) : sheet;
  const raw = rawMarks(data);
  if (isEmpty(raw)) return { read, attacks: read, marks: {}, state: "none" };
  if (!believe(raw)) return { read, attacks: read, marks: {}, state: "setAside" };
  try {
    const marks = checkGrabOverrides(raw);
    return { read, attacks: applyGrabMarks(read, marks), marks, state: "believed" };
  } catch (e) {
    return { read, attacks: read, marks: {}, state: "bad", problem: e instanceof Error ? e.message : String(e) };
  }
}

/**
 * The attacks of an actor in the shape of Foundry's *Export Data* (its source data), with the
 * marks it carries applied: an export is what a GM imports, so its marks are read as written.
 */
export function attackMarksOfData(data: unknown, systemId: string = hostSystem().id): AttackMarks {
  return marksFrom(systemId, data, () => true);
}

/** The grabbing attacks in force of an *Export Data* shaped actor. */
export function grabsOfData(data: unknown, systemId: string = hostSystem().id): GrabbingAttack[] {
  return grabsInForce(attackMarksOfData(data, systemId).attacks);
}

interface ActorLike {
  readonly uuid: string;
  readonly id: string | null;
  readonly isToken?: boolean;
  readonly name: string | null;
  readonly hasPlayerOwner: boolean;
  toObject(): unknown;
}

function seals(): Record<string, string> {
  try {
    const v = game.settings.get(MODULE_ID, "grabSeals") as unknown;
    return v && typeof v === "object" ? (v as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** Whether the marks on this actor are a GM's: nobody else can write it, or a GM sealed exactly these. */
function gmWrote(actor: ActorLike, raw: unknown): boolean {
  if (!actor.hasPlayerOwner) return true;
  const all = seals();
  // An unlinked token's own creature (another UUID) with no seal of its own: the world creature's
  // seal, which a GM expects to reach its unlinked tokens; still only while the marks are exactly those.
  const own = all[actor.uuid] ?? (actor.isToken === true && actor.id ? all[`Actor.${actor.id}`] : undefined);
  return own === canonicalMarks(raw);
}

/** A live creature's attacks: the sheet's marks, proposals, and the GM's marks where a GM wrote them. */
export function attackMarksOf(actor: Actor.Implementation): AttackMarks {
  const a = actor as unknown as ActorLike;
  const view = marksFrom(hostSystem().id, a.toObject(), (raw) => gmWrote(a, raw), a.hasPlayerOwner);
  if (view.state === "bad") warnOnce(a, view.problem ?? "");
  return view;
}

/**
 * **The API for the hold flow.** A creature's attacks that grab, each with its key, name, escape
 * figure and damage a round where stated, and whose mark it is (`sheet` or `gm`). A proposal the
 * GM has not confirmed is not among them. The same answer as `grabsOfData(actor.toObject())`
 * for a creature no player owns.
 */
export function grabsOf(actor: Actor.Implementation): GrabbingAttack[] {
  return grabsInForce(attackMarksOf(actor).attacks);
}

/** One attack's grab in force, by its key (an item's id), or null where it does not grab. */
export function grabOf(actor: Actor.Implementation, key: string): GrabbingAttack | null {
  return grabsOf(actor).find((g) => g.key === key) ?? null;
}

function warnOnce(actor: ActorLike, problem: string): void {
  if (!game.user?.isGM) return;
  const told = tabState("grab-marks-warned", () => new Set<string>());
  if (told.has(actor.uuid)) return;
  told.add(actor.uuid);
  notify("warn", "WC.Grab.badMarks", { name: actor.name ?? "?", problem: problem.slice(0, 80) });
}

/**
 * Marks as they are stored: an update merges objects (C-02), so a mark's figures are written
 * whole, null where not stated, and a figure taken away does not stay behind from the mark before.
 */
export function storedMarks(marks: Readonly<Record<string, GrabOverride>>): Record<string, GrabOverride> {
  return Object.fromEntries(Object.entries(marks).map(([k, v]) => [k, typeof v === "boolean" ? v : { escape: v.escape ?? null, damagePerRound: v.damagePerRound ?? null }]));
}

/** Whether two sets of marks say the same. */
export function sameMarks(a: Readonly<Record<string, GrabOverride>>, b: Readonly<Record<string, GrabOverride>>): boolean {
  return canonicalMarks(storedMarks(a)) === canonicalMarks(storedMarks(b));
}

/**
 * Stores the GM's marks (the whole set, keyed by attack): checked first (a bad one throws, naming
 * it, and nothing is written); keys no longer given are removed. On a creature a player owns the
 * seal is written first, so marks without their seal (a write cut short) are set aside, never
 * believed. Only a GM.
 */
export async function writeGrabMarks(actor: Actor.Implementation, next: Readonly<Record<string, GrabOverride>>): Promise<void> {
  if (!game.user?.isGM) throw new Error("WC.Grab.gmOnly");
  const marks = checkGrabOverrides(next);
  const a = actor as unknown as ActorLike;
  const base = `flags.${MODULE_ID}.grabs`;
  const before = rawMarks(a.toObject());
  const old = before && typeof before === "object" ? Object.keys(before) : [];
  const update: Record<string, unknown> = {};
  const stored = storedMarks(marks);
  for (const [k, v] of Object.entries(stored)) update[`${base}.${k}`] = v;
  for (const k of old) {
    if (k in marks) continue;
    const [key, value] = deletion(base, k);
    update[key] = value;
  }
  if (a.hasPlayerOwner) {
    const all = { ...seals(), [a.uuid]: canonicalMarks(stored) };
    await game.settings.set(MODULE_ID, "grabSeals", all);
  }
  if (Object.keys(update).length > 0) await actor.update(update);
}
