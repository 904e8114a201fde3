/**
 * A creature's grabbing attack as an action hands it to the rules (issue 31): the attacks in
 * force come from `grabs.ts` (`grabsOf`: the host's marks with a GM's over them, a player's own
 * marks set aside), each turned into the figures the rules take (`GrabAttack`). Read on the GM's
 * tab from the documents, never from what a request says: a request names an attack by its key
 * only, and an attack that does not grab is refused.
 */
import type { GrabAttack } from "../../rules/index.ts";
import type { GrabbingAttack } from "./grabs.ts";
import { grabsOf } from "./grabs.ts";

/** The creature's grabbing attacks in force, in the sheet's order (none when its data cannot be read). */
export function grabbingAttacks(actor: Actor.Implementation): GrabbingAttack[] {
  try {
    return grabsOf(actor);
  } catch {
    return [];
  }
}

/** The grabbing attack `key` of the creature as the rules take it, or null when it has none such. */
export function grabAttack(actor: Actor.Implementation, key: string | undefined): GrabAttack | null {
  if (key === undefined) return null;
  const g = grabbingAttacks(actor).find((x) => x.key === key);
  if (!g) return null;
  const d = g.damagePerRound;
  return { key: g.key, name: g.name, ...(g.escape !== undefined ? { escape: g.escape } : {}), ...(d ? { damagePerRound: { count: d.count, sides: d.sides, bonus: d.bonus } } : {}) };
}

/** The key of the creature's first grabbing attack (the tracker's menu and a macro use it), or undefined. */
export function firstGrab(actor: Actor.Implementation | null | undefined): string | undefined {
  return actor ? grabbingAttacks(actor)[0]?.key : undefined;
}
