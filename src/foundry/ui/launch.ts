/** From a click (HUD, tracker, macro) to a request: pick the target, ask, then act. */
import type { ShellAction } from "../../rules/index.ts";
import { SHELL_ACTIONS } from "../../rules/index.ts";
import { Refusal } from "../documents/cast.ts";
import { i18n, notify } from "../base/i18n.ts";
import { escapeHtml, localizeParams, plainText } from "../base/text.ts";
import { actionVerdict } from "../cards/result-card.ts";
import type { Verdict } from "../gm/verdict.ts";
import type { PerformOutcome } from "../base/types.ts";
import { act } from "../cards/request-card.ts";
import { tabState } from "../base/tab.ts";
import { askDeclared } from "./action-dialog.ts";
import { chooseTarget } from "./targets.ts";
import { firstGrab } from "../documents/grab-attack.ts";

/** Actions that need no choices go straight to the GM; the rest open the dialog first. */
const NO_DIALOG: readonly ShellAction[] = ["release"];

export async function launch(token: TokenDocument.Implementation, action: ShellAction, attack?: string): Promise<PerformOutcome | null> {
  let target: TokenDocument.Implementation;
  let grab = attack;
  try {
    if (!token.actor) throw new Refusal("WC.Refuse.noActor", { name: token.name ?? "" });
    // A grab is made with one of the creature's grabbing attacks: the one named, else its first (issue 31).
    if (action === "grab") {
      grab ??= firstGrab(token.actor as Actor.Implementation);
      if (grab === undefined) throw new Refusal("WC.Refuse.notGrabbing", { name: token.name ?? "" });
    }
    if (!game.user.isGM && !token.actor.testUserPermission(game.user, "OWNER")) throw new Refusal("WC.Refuse.notOwner", { name: token.name ?? "" });
    // Lift off is the creature's own act: on one neither held nor flying, that is the reason,
    // whatever is targeted (the check says it before it looks for the other creature).
    if (action === "liftOff") {
      const own = actionVerdict({ action, attackerUuid: token.uuid, defenderUuid: token.uuid }, game.user);
      if (!own.ok && ["WC.Refuse.liftOffNotHeld", "WC.Refuse.liftOffNeither"].includes(own.key)) throw new Refusal(own.key, { ...own.params });
    }
    target = chooseTarget(token, action);
  } catch (e) {
    if (e instanceof Refusal) {
      notify("warn", e.key, e.params);
      return null;
    }
    throw e;
  }
  return launchAt(token, target, action, undefined, grab);
}

/**
 * The same with the target known (a card's button, the HUD palette when held): the dialog for
 * the action's circumstances, then the request. `holdId` names the hold meant, when one is.
 */
export async function launchAt(token: TokenDocument.Implementation, target: TokenDocument.Implementation, action: ShellAction, holdId?: string, attack?: string): Promise<PerformOutcome | null> {
  const base = { action, attackerUuid: token.uuid, defenderUuid: target.uuid, ...(holdId ? { holdId } : {}), ...(attack !== undefined ? { attack } : {}) };
  // The one check first (the GM's tab asks it again): a refusal is said at once, and the GM may
  // carry out one they can set aside as their named call.
  const verdict = actionVerdict(base, game.user);
  let gmCall = false;
  if (!verdict.ok) {
    if (!(verdict.overridable && game.user.isGM)) {
      notify("warn", verdict.key, verdict.params);
      return null;
    }
    if (!(await askGmCall(verdict))) return null;
    gmCall = true;
  }
  let asked: Awaited<ReturnType<typeof askDeclared>>;
  try {
    // A name that is no action at all has no dialog to open: the request says it is not understood.
    asked = NO_DIALOG.includes(action) || !(SHELL_ACTIONS as readonly string[]).includes(action) ? { declared: {}, typed: [] } : await askDeclared(base);
  } catch (e) {
    // The dialog reads both creatures again: one may be gone since it was targeted.
    if (!(e instanceof Refusal)) throw e;
    notify("warn", e.key, e.params);
    return null;
  }
  if (asked === null) return null;
  lastAction().action = action;
  return act({ ...base, declared: asked.declared, ...(asked.typed.length > 0 ? { typed: asked.typed } : {}), ...(gmCall ? { gmCall: true } : {}) });
}

/** Asks the GM whether to carry out what the one check refused, as the GM's call (named on the card). */
export async function askGmCall(verdict: Extract<Verdict, { ok: false }>): Promise<boolean> {
  const plain: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(localizeParams(verdict.params, i18n))) plain[k] = typeof v === "string" ? plainText(v) : v;
  const reason = i18n.format(verdict.key, plain);
  const content = `<p>${escapeHtml(i18n.format("WC.GmCall.prompt", { reason }))}</p>`;
  const result: unknown = await foundry.applications.api.DialogV2.wait({
    window: { title: plainText(i18n.localize("WC.GmCall.title")) },
    content,
    buttons: [
      { action: "proceed", label: plainText(i18n.localize("WC.GmCall.proceed")) },
      { action: "cancel", label: plainText(i18n.localize("WC.GmCall.cancel")), default: true },
    ],
    rejectClose: false,
  } as never);
  return result === "proceed";
}

/** The token a macro means: the one controlled token. */
export function controlledToken(): TokenDocument.Implementation | null {
  const controlled = canvas?.tokens?.controlled ?? [];
  if (controlled.length !== 1) {
    notify("warn", controlled.length === 0 ? "WC.Refuse.noControlled" : "WC.Refuse.manyControlled");
    return null;
  }
  return (controlled[0]?.document as TokenDocument.Implementation | undefined) ?? null;
}

/** The action this tab last asked for (from the palette, a card, a macro or a key): what "repeat" does again. */
function lastAction(): { action: ShellAction | null } {
  return tabState("last-action", () => ({ action: null as ShellAction | null }));
}

/** The controlled token does again the action this tab last asked for, at the user's current target (the same way in: the one check, the dialog, the request). */
export async function repeatLast(): Promise<PerformOutcome | null> {
  const action = lastAction().action;
  if (!action) {
    notify("warn", "WC.Keys.nothingToRepeat");
    return null;
  }
  const token = controlledToken();
  return token ? launch(token, action) : null;
}
