/**
 * Who is looking: whether a creature is the GM's own, whether this user may see numbers that
 * come from a creature's statistics, whether a follow-up is this user's to press, and whether
 * the hold it stands for is still in place. Read live from the documents on this client; which
 * card is a hold's latest is the chat log's index (cards/log-index.ts `supersededIn`).
 */
import type { OddsOutcome, ShellAction } from "../../rules/index.ts";
import { isRefusalOdds } from "../../rules/index.ts";
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
