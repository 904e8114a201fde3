/** From a click (HUD, tracker, macro) to a request: pick the target, ask, then act. */
import type { ShellAction } from "../../rules/index.ts";
import { SHELL_ACTIONS } from "../../rules/index.ts";
import { Refusal } from "../documents/cast.ts";
import { notify } from "../base/i18n.ts";
import type { PerformOutcome } from "../base/types.ts";
import { act } from "../cards/request-card.ts";
import { askDeclared } from "./action-dialog.ts";
import { chooseTarget } from "./targets.ts";

/** Actions that need no choices go straight to the GM; the rest open the dialog first. */
const NO_DIALOG: readonly ShellAction[] = ["release"];

export async function launch(token: TokenDocument.Implementation, action: ShellAction): Promise<PerformOutcome | null> {
  let target: TokenDocument.Implementation;
  try {
    if (!token.actor) throw new Refusal("WC.Refuse.noActor", { name: token.name ?? "" });
    if (!game.user.isGM && !token.actor.testUserPermission(game.user, "OWNER")) throw new Refusal("WC.Refuse.notOwner", { name: token.name ?? "" });
    target = chooseTarget(token, action);
  } catch (e) {
    if (e instanceof Refusal) {
      notify("warn", e.key, e.params);
      return null;
    }
    throw e;
  }
  return launchAt(token, target, action);
}

/**
 * The same with the target known (a card's button, the HUD palette when held): the dialog for
 * the action's circumstances, then the request. `holdId` names the hold meant, when one is.
 */
export async function launchAt(token: TokenDocument.Implementation, target: TokenDocument.Implementation, action: ShellAction, holdId?: string): Promise<PerformOutcome | null> {
  const base = { action, attackerUuid: token.uuid, defenderUuid: target.uuid, ...(holdId ? { holdId } : {}) };
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
  return act({ ...base, declared: asked.declared, ...(asked.typed.length > 0 ? { typed: asked.typed } : {}) });
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
