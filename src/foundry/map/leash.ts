/**
 * Holds at reach on the map: a hold made at a distance (map/reach.ts) keeps that distance as a
 * leash, kept in the GM-only ledger (documents/ledger.ts `leash`). The held creature moves only
 * within it: a move of a held creature that ends farther from its holder than the leash is
 * refused, saying so; one that stays within it, where every hold on the creature is such a leash
 * and the rules let it move at all, goes through on its own (the rope gives: the holder is not
 * dragged). What the rules say first stands (a creature held fast stays held fast).
 */
import type { HoldRecord } from "../../rules/index.ts";
import { tokenByUuid } from "../documents/cast.ts";
import { leashOf } from "../documents/ledger.ts";
import type { Destination } from "../base/types.ts";
import { reachFeet } from "./geometry.ts";
import type { Situation } from "./check.ts";
import type { Spot } from "./geometry.ts";
import { formatLine } from "../base/text.ts";
import { i18n } from "../base/i18n.ts";

// check.ts asks this file, so what it needs of a token and a text is its own here (no import circle).
const spotOf = (t: TokenDocument.Implementation): Spot => ({ x: t.x ?? 0, y: t.y ?? 0, width: t.width ?? 1, height: t.height ?? 1 });
const namesOf = (s: Situation): Record<string, string> => Object.fromEntries([s.mover, ...s.others].map((x) => [x.id, x.name]));
const text = (key: string, params: Readonly<Record<string, string | number>>, names: Readonly<Record<string, string>>): string => formatLine(key, params, names, i18n);

export interface Leash {
  readonly hold: HoldRecord;
  readonly feet: number;
}

/** The leashes on the mover: holds on it (it the held one) that were made at a distance. */
export function leashesOn(s: Situation): Leash[] {
  const out: Leash[] = [];
  for (const h of s.holds) {
    if (h.heldId !== s.mover.id) continue;
    const feet = leashOf(h.id);
    if (feet !== null) out.push({ hold: h, feet });
  }
  return out;
}

export type LeashVerdict =
  /** No leash on the mover. */
  | { readonly kind: "none" }
  /** Within every leash, and held by nothing else: a move of its own. */
  | { readonly kind: "slack" }
  /** Within every leash, but other holds on or by it decide the rest. */
  | { readonly kind: "within" }
  | { readonly kind: "beyond"; readonly message: string };

/** Whether a move to `to` keeps the mover within every leash on it. */
export function leashVerdict(s: Situation, to: Destination): LeashVerdict {
  const leashes = leashesOn(s);
  if (leashes.length === 0) return { kind: "none" };
  const dest = { ...spotOf(s.mover.token), x: to.x, y: to.y };
  for (const l of leashes) {
    const holder = tokenByUuid(l.hold.holderId);
    if (!holder) continue;
    const feet = reachFeet(spotOf(holder), dest, s.grid);
    if (feet > l.feet + 0.01) {
      const names = namesOf(s);
      return { kind: "beyond", message: text("WC.Move.leash", { name: s.mover.id, holder: l.hold.holderId, leash: Math.round(l.feet * 10) / 10, feet: Math.round(feet * 10) / 10 }, names) };
    }
  }
  const mine = s.holds.filter((h) => h.heldId === s.mover.id || h.holderId === s.mover.id);
  return mine.every((h) => leashes.some((l) => l.hold.id === h.id)) ? { kind: "slack" } : { kind: "within" };
}

/** The leash between the mover and one it brings along (feet), if a hold between them was made at a distance. */
export function leashBetween(s: Situation, otherId: string): number | undefined {
  let out: number | undefined;
  for (const h of s.holds) {
    const pair = (h.holderId === s.mover.id && h.heldId === otherId) || (h.heldId === s.mover.id && h.holderId === otherId);
    const feet = pair ? leashOf(h.id) : null;
    if (feet !== null && (out === undefined || feet > out)) out = feet;
  }
  return out;
}
