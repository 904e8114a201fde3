/**
 * Hauling in a creature held at a distance (a leash, map/leash.ts), as the GM's work on the GM's
 * tab: the holder hauls it in as far as the rules' pace gives in a round (the variant's `reelIn`,
 * its option `reelInPace`), onto the free place nearest where it stands within the shorter leash
 * (map/placement.ts: not on another token, not behind a wall). The leash shortens to the new
 * distance, or goes (an ordinary hold) when the creature comes beside.
 *
 * Who may haul, and how far, is the one check's (gm/verdict.ts `mayAct` asks `reelVerdict` for
 * the action "reelIn"): the holder's owner or a GM, a hold the ledger keeps with a leash, a holder
 * that is awake and has a pace, and in a combat no more feet this round than that pace. The feet
 * hauled this round are counted on the combat (its flags, which only a GM writes: C-70), never on
 * anything a player writes; each haul names its request there, so none is carried out twice.
 * Written in that order: the count first, then the token (marked as the module's own move), then
 * the leash in the ledger; the card that tells it is the cards room's (cards/reel-card.ts).
 */
import type { ReelAnswer } from "../../rules/index.ts";
import { MODULE_ID } from "../base/constants.ts";
import { stableId } from "../base/ids.ts";
import { participant, Refusal, tokenByUuid } from "../documents/cast.ts";
import type { Side } from "../documents/cast.ts";
import { combatWith } from "../documents/combat-state.ts";
import type { Kept } from "../documents/ledger.ts";
import { keptHold, ledgerEntries } from "../documents/ledger.ts";
import { conditionsOn } from "../documents/statuses.ts";
import { deletion } from "../world/compat.ts";
import { activeOptions, activeVariant } from "../world/settings.ts";
import { forgetOurs, gridOf, markOurs, spotOf } from "../map/check.ts";
import { adjacent, feetPerUnit, reachFeet } from "../map/geometry.ts";
import { movementWalls, standing } from "../map/ground.ts";
import { nearestFree } from "../map/placement.ts";
import type { Verdict } from "./verdict.ts";

/** The action name the one check knows hauling in by (not a rules action: the map's). */
export const REEL_IN = "reelIn";

/** What is asked: the holder hauls in the creature of hold `holdId`, `feet` of it (absent: all the pace left). */
export interface ReelAsk {
  readonly attackerUuid: string;
  readonly defenderUuid: string;
  readonly holdId?: string;
  readonly feet?: number;
}

export interface Reeled {
  /** How far the creature now stands from its holder (feet). */
  readonly feet: number;
  /** How far it was hauled (feet, as the grid counts it). */
  readonly pulled: number;
  readonly beside: boolean;
}

/** The feet a holder hauled in, in a round of a combat, and the requests that did it. */
interface ReelCount {
  readonly round: number;
  readonly feet: number;
  readonly requests: readonly string[];
}

const countKey = (holderUuid: string) => stableId(`reel|${holderUuid}`);

function countOn(combat: Combat.Implementation, holderUuid: string): ReelCount | null {
  const all = ((combat.flags as Record<string, unknown> | undefined)?.[MODULE_ID] as { reeled?: Record<string, unknown> } | undefined)?.reeled;
  const c = all?.[countKey(holderUuid)] as Partial<ReelCount> | undefined;
  if (!c || typeof c !== "object" || typeof c.round !== "number" || typeof c.feet !== "number" || !Number.isFinite(c.feet)) return null;
  return { round: c.round, feet: Math.max(0, c.feet), requests: Array.isArray(c.requests) ? c.requests.filter((r): r is string => typeof r === "string") : [] };
}

/** Feet the holder has hauled in this round of `combat` (0 outside a combat: each haul is one round's). */
export function reeledThisRound(combat: Combat.Implementation | undefined, holderUuid: string): number {
  if (!combat) return 0;
  const c = countOn(combat, holderUuid);
  return c && c.round === (combat.round ?? 0) ? c.feet : 0;
}

/** Whether this request was carried out already (its name in the combat's count). */
function doneAlready(combat: Combat.Implementation | undefined, holderUuid: string, requestId: string): boolean {
  return combat ? (countOn(combat, holderUuid)?.requests.includes(requestId) ?? false) : false;
}

/** What the check found, for the haul to use. */
interface ReelFacts {
  readonly k: Kept;
  readonly leash: number;
  readonly holder: Side;
  readonly held: TokenDocument.Implementation;
  readonly answer: ReelAnswer & { readonly feet: number };
  readonly combat: Combat.Implementation | undefined;
  readonly left: number;
}

const no = (key: string, params: Readonly<Record<string, string | number>> = {}, overridable = false): Verdict => ({ ok: false, key, params, overridable });

function facts(ask: ReelAsk, user: User.Implementation): ReelFacts | Verdict {
  if (typeof ask.holdId !== "string") return no("WC.Refuse.malformed");
  if (ask.feet !== undefined && !(typeof ask.feet === "number" && Number.isFinite(ask.feet) && ask.feet > 0)) return no("WC.Refuse.malformed");
  const k = keptHold(ask.holdId);
  const leash = k?.hold.leash;
  if (!k || leash === undefined) return no("WC.Refuse.noLeash");
  const holderToken = tokenByUuid(k.hold.record.holderId);
  const held = tokenByUuid(k.hold.record.heldId);
  if (!holderToken || !held || holderToken.parent !== held.parent) return no("WC.Refuse.tokenGone");
  // The hold names who hauls whom: an ask that names others is not this hold's.
  if (ask.attackerUuid !== holderToken.uuid || ask.defenderUuid !== held.uuid) return no("WC.Refuse.stale");
  const actor = holderToken.actor as Actor.Implementation | null;
  if (!actor) return no("WC.Refuse.noActor", { name: holderToken.name ?? "" });
  const holder: Side = { token: holderToken, actor, id: holderToken.uuid, name: holderToken.name ?? "" };
  if (!user.isGM && !actor.testUserPermission(user, "OWNER")) return no("WC.Refuse.notOwner", { name: holder.name });
  let out = false;
  try {
    out = conditionsOn(actor).has("unconscious");
  } catch {
    out = false;
  }
  if (out) return no("WC.Refuse.unconscious", { name: holder.name });
  const variant = activeVariant();
  let answer: ReelAnswer | undefined;
  try {
    answer = variant.reelIn?.(participant(holder, variant), activeOptions());
  } catch {
    answer = undefined;
  }
  if (!answer || answer.feet === null || answer.feet <= 0) return no("WC.Refuse.noReelPace", { name: holder.name });
  const combat = combatWith(holderToken, held);
  const used = reeledThisRound(combat, holder.id);
  const left = Math.max(0, answer.feet - used);
  if (left <= 0.01) return no("WC.Refuse.reeledThisRound", { name: holder.name, pace: answer.feet });
  if (ask.feet !== undefined && ask.feet > left + 0.01) return no("WC.Refuse.reelTooFar", { name: holder.name, feet: Math.round(ask.feet * 10) / 10, left: Math.round(left * 10) / 10 });
  return { k, leash, holder, held, answer: answer as ReelAnswer & { feet: number }, combat, left };
}

/** The one check's answer for hauling in (gm/verdict.ts `mayAct` asks it for the action "reelIn"). */
export function reelVerdict(ask: ReelAsk, user: User.Implementation): Verdict {
  const f = facts(ask, user);
  return "ok" in f ? f : { ok: true };
}

/** The holds this holder keeps at a distance (a leash), each with the creature held: the palette's and the menu's way in. */
export function leashedHoldsOf(holder: TokenDocument.Implementation): { holdId: string; heldUuid: string }[] {
  return ledgerEntries()
    .filter((k) => k.hold.record.holderId === holder.uuid && k.hold.leash !== undefined)
    .map((k) => ({ holdId: k.hold.record.id, heldUuid: k.hold.record.heldId }));
}

/**
 * Hauls in the creature of the asked hold for `user` (a GM, or the holder's owner through the GM's
 * tab), once for `requestId`. Checked again here; throws a Refusal with the check's reason.
 */
export async function reelIn(ask: ReelAsk, user: User.Implementation, requestId: string): Promise<Reeled | "duplicate"> {
  if (!game.user.isGM) throw new Refusal("WC.Refuse.notGM");
  const holderUuid = typeof ask.holdId === "string" ? keptHold(ask.holdId)?.hold.record.holderId : undefined;
  const holderToken = holderUuid ? tokenByUuid(holderUuid) : undefined;
  const heldToken = holderUuid && ask.holdId ? tokenByUuid(keptHold(ask.holdId)?.hold.record.heldId ?? "") : undefined;
  if (holderToken && heldToken && doneAlready(combatWith(holderToken, heldToken), holderToken.uuid, requestId)) return "duplicate";
  const f = facts(ask, user);
  if ("ok" in f) throw new Refusal(f.ok ? "WC.Refuse.stale" : f.key, f.ok ? {} : { ...f.params });
  const { k, leash, holder, held, combat } = f;
  const want = Math.min(ask.feet ?? f.left, f.left);
  const grid = gridOf(holder.token.parent);
  const space = grid.distance * feetPerUnit(grid.units);
  const shorter = Math.max(space, leash - want);
  const scene = holder.token.parent as Scene.Implementation;
  const from = spotOf(held);
  const to = nearestFree(spotOf(holder.token), from, standing(scene, new Set([holder.token.uuid, held.uuid])), movementWalls(scene), grid, shorter);
  if (!to) throw new Refusal("WC.Refuse.noReelRoom", { holder: holder.name, held: held.name ?? "" });
  const place = { ...from, x: to.x, y: to.y };
  const beside = adjacent(spotOf(holder.token), place, grid);
  const feet = reachFeet(spotOf(holder.token), place, grid);
  const before = reachFeet(spotOf(holder.token), from, grid);
  const pulled = Math.max(0, Math.round((before - feet) * 10) / 10);
  if (pulled <= 0) throw new Refusal("WC.Refuse.noReelRoom", { holder: holder.name, held: held.name ?? "" });
  // The count first: a tab that closes after it has spent the round's pace, never given it twice.
  if (combat) {
    const round = combat.round ?? 0;
    const prev = countOn(combat, holder.id);
    const requests = [...(prev && prev.round === round ? prev.requests : []), requestId].slice(-8);
    const count: ReelCount = { round, feet: reeledThisRound(combat, holder.id) + pulled, requests };
    await combat.update({ [`flags.${MODULE_ID}.reeled.${countKey(holder.id)}`]: count } as never);
  }
  const update = { _id: held.id ?? "", x: to.x, y: to.y, elevation: held.elevation ?? 0 };
  markOurs([update]);
  try {
    await scene.updateEmbeddedDocuments("Token", [{ _id: update._id, x: to.x, y: to.y }] as never, { [MODULE_ID]: { move: "reel" } } as never);
  } finally {
    forgetOurs([update._id]);
  }
  const path = `flags.${MODULE_ID}.holds.${k.key}`;
  await k.store.update((beside ? Object.fromEntries([deletion(path, "leash")]) : { [`${path}.leash`]: feet }) as never);
  return { feet, pulled, beside };
}

/** The rules' words for the pace a holder hauls at (an i18n key), for the card. */
export function reelPaceReason(holderUuid: string): string | null {
  const token = tokenByUuid(holderUuid);
  const actor = token?.actor as Actor.Implementation | null | undefined;
  if (!token || !actor) return null;
  try {
    const variant = activeVariant();
    return variant.reelIn?.(participant({ token, actor, id: token.uuid, name: token.name ?? "" }, variant), activeOptions()).reason ?? null;
  } catch {
    return null;
  }
}
