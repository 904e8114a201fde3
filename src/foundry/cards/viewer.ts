/**
 * Who is looking: whether a creature is the GM's own, whether this user may see numbers that
 * come from a creature's statistics, whether a follow-up is this user's to press, and whether
 * the hold it stands for is still in place. Read live from the documents on this client.
 */
import type { OddsOutcome, ShellAction } from "../../rules/index.ts";
import { isRefusalOdds, RULES_VARIANTS } from "../../rules/index.ts";
import { trustedFlag } from "./pipeline.ts";
import { holdPairs } from "./views.ts";
import { resolveCast, tokenByUuid } from "../documents/cast.ts";
import { MODULE_ID } from "../base/constants.ts";
import { holdsAround } from "../documents/holds.ts";
import { contextFor } from "../gm/resolve.ts";
import { activeOptions, activeVariant, activeVariantId } from "../world/settings.ts";

/** Whether a creature is the GM's: no player owns it. A token gone counts as the GM's. */
export function isGmsCreature(tokenUuid: string): boolean {
  const actor = tokenByUuid(tokenUuid)?.actor;
  if (!actor) return true;
  return !game.users.some((u) => !u.isGM && actor.testUserPermission(u, "OWNER"));
}

/** Whether this user may not see numbers that come from these creatures' statistics. */
export function numbersHidden(tokenUuids: readonly string[]): boolean {
  if (game.user.isGM || game.settings.get(MODULE_ID, "showNpcNumbers")) return false;
  return tokenUuids.some((u) => u !== "" && isGmsCreature(u));
}

/** Whether a follow-up for this creature is this user's to press: a player's for their own, the GM's for the GM's own. */
export function serves(tokenUuid: string): boolean {
  const actor = tokenByUuid(tokenUuid)?.actor;
  if (!actor) return false;
  return game.user.isGM ? isGmsCreature(tokenUuid) : actor.testUserPermission(game.user, "OWNER");
}

/** Whether the hold a button stands for is still in place (the one named, or any between the two). */
export function holdStands(holderUuid: string, heldUuid: string, holdId: string): boolean {
  const held = tokenByUuid(heldUuid)?.actor;
  const holder = tokenByUuid(holderUuid)?.actor;
  if (!held || !holder) return false;
  return holdsAround([held, holder], activeVariantId()).some((h) => h.holderId === holderUuid && h.heldId === heldUuid && (holdId === "" || h.id === holdId));
}


/** Outcomes that are no success, for odds that carry no tone of their own. */
const FAILURES: ReadonlySet<string> = new Set(["WC.Result.resisted", "WC.Result.stillHeld", "WC.Result.someHeld", "WC.Result.miss", "WC.Result.failed", "WC.Result.avoided"]);

/** Whether an outcome is what the action tries for: the rules' tone where the odds carry one. */
function succeeds(o: OddsOutcome): boolean {
  const tone = (o as { readonly tone?: string }).tone;
  return o.p > 0 && (tone === undefined ? !FAILURES.has(o.key) : tone === "good");
}

/**
 * Whether the rules allow `action` from one creature on another now, and it can succeed: its odds
 * are no refusal and some outcome it tries for has a chance (an overbear at 0% is no button).
 */
export function rulesAllow(actorUuid: string, targetUuid: string, action: ShellAction, holdId = ""): boolean {
  try {
    const variant = activeVariant();
    if (!variant.actions.includes(action)) return false;
    const intent = { action, attackerUuid: actorUuid, defenderUuid: targetUuid, declared: {}, ...(holdId ? { holdId } : {}) };
    const { attacker, defender } = resolveCast(intent.attackerUuid, intent.defenderUuid);
    const odds = variant.odds(contextFor(intent, attacker, defender, variant), activeOptions());
    return !isRefusalOdds(odds) && odds.some(succeeds);
  } catch {
    return false;
  }
}

/** One result card's holds, for telling which card is a hold's latest. */
interface CardHolds {
  readonly id: string;
  /** Hold ids it names: made, kept, tried or ended. */
  readonly holds: ReadonlySet<string>;
  /** Its buttons' holds by "holder|held", with the hold ids ("" for whichever holds between the two). */
  readonly pairs: ReadonlyMap<string, ReadonlySet<string>>;
}

/** The result cards that are not undone, in the chat's order, with the holds each stands for. */
export function cardsByHold(): CardHolds[] {
  const out: CardHolds[] = [];
  for (const m of game.messages) {
    const card = trustedFlag(m, "card");
    if (!card?.intent || !card.consequences || card.state === "undone") continue;
    const pairs = new Map<string, Set<string>>();
    for (const p of holdPairs(card, RULES_VARIANTS[card.variant])) pairs.set(`${p.holder}|${p.held}`, (pairs.get(`${p.holder}|${p.held}`) ?? new Set()).add(p.hold));
    const holds = new Set([...card.consequences.holdsAdded.map((h) => h.id), ...card.consequences.holdsRemoved, ...(card.intent.holdId ? [card.intent.holdId] : [])]);
    out.push({ id: m.id ?? "", holds, pairs });
  }
  return out;
}

/**
 * Whether a newer card than `messageId` stands for the same hold, so that the hold's buttons
 * live on that card alone: one naming the hold, or offering buttons between the same two
 * creatures where either side does not name its hold.
 */
export function supersededIn(cards: readonly CardHolds[], messageId: string, holder: string, held: string, hold: string): boolean {
  const at = cards.findIndex((c) => c.id === messageId);
  if (at < 0) return false;
  return cards.slice(at + 1).some((c) => (hold !== "" && c.holds.has(hold)) || [...(c.pairs.get(`${holder}|${held}`) ?? [])].some((h) => h === "" || hold === "" || h === hold));
}
