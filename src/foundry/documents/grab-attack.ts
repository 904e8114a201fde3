/**
 * A creature's grabbing attacks as an action reads them (issue 31): the attacks in force (the
 * host's marks with the GM's over them), each with the figures the rules take (`GrabAttack`).
 * Read on the GM's tab from the documents, never from what a request says: a request names an
 * attack by its key only, and an attack that does not grab is refused.
 */
import type { GrabAttack } from "../../rules/index.ts";
import type { AttackGrab } from "../../systems/index.ts";
import { applyGrabMarks, readGrabs } from "../../systems/index.ts";
import { MODULE_ID } from "../base/constants.ts";
import { hostSystem } from "./creature.ts";

/** The actor as its export holds it (items with their ids and effects), for the grab readers. */
function sourceData(actor: Actor.Implementation): Record<string, unknown> {
  const a = actor as unknown as { toObject?: () => unknown };
  try {
    const o = typeof a.toObject === "function" ? a.toObject() : null;
    if (o && typeof o === "object") return o as Record<string, unknown>;
  } catch {
    // An actor its own data cannot be read from: no attacks.
  }
  return {};
}

/** The GM's marks on the creature; a creature a player owns keeps none here (its owner could write them). */
function marksOf(actor: Actor.Implementation): unknown {
  const owned = game.users.some((u) => !u.isGM && actor.testUserPermission(u, "OWNER"));
  if (owned) return {};
  const flags = (actor as unknown as { flags?: Record<string, Record<string, unknown> | undefined> }).flags;
  return flags?.[MODULE_ID]?.grabs ?? {};
}

/** Every attack of the creature with its mark in force (none when its data or marks cannot be read). */
export function attacksOf(actor: Actor.Implementation): AttackGrab[] {
  try {
    return applyGrabMarks(readGrabs(hostSystem().id, sourceData(actor) as never), marksOf(actor));
  } catch {
    return [];
  }
}

/** The creature's grabbing attacks in force, in the sheet's order. */
export function grabbingAttacks(actor: Actor.Implementation): AttackGrab[] {
  return attacksOf(actor).filter((a) => a.grab !== null);
}

/** The grabbing attack `key` of the creature as the rules take it, or null when it has none such. */
export function grabAttack(actor: Actor.Implementation, key: string | undefined): GrabAttack | null {
  if (key === undefined) return null;
  const a = grabbingAttacks(actor).find((x) => x.key === key);
  if (!a?.grab) return null;
  const g = a.grab;
  return { key: a.key, name: a.name, ...(g.escape !== undefined ? { escape: g.escape } : {}), ...(g.damagePerRound ? { damagePerRound: { count: g.damagePerRound.count, sides: g.damagePerRound.sides, bonus: g.damagePerRound.bonus } } : {}) };
}

/** The key of the creature's first grabbing attack (the tracker's menu and a macro use it), or undefined. */
export function firstGrab(actor: Actor.Implementation | null | undefined): string | undefined {
  return actor ? grabbingAttacks(actor)[0]?.key : undefined;
}
