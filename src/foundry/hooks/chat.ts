/**
 * The module's chat cards on each client: the GM's Apply, Undo and Adjust damage; the buttons
 * for what comes next, each shown only to the users it serves and only while its hold stands;
 * and the GM's creatures' numbers, hidden from players unless the GM allows them.
 */
import type { ShellAction } from "../../rules/index.ts";
import { SHELL_ACTIONS } from "../../rules/index.ts";
import { tokenByUuid } from "../documents/cast.ts";
import { MODULE_ID } from "../base/constants.ts";
import { sawHook } from "../world/hooks-seen.ts";
import { notify } from "../base/i18n.ts";
import { handleMassChargeAction } from "../gm/mass-charge.ts";
import { answerStrike, cancelRequest, handleCardAction } from "../cards/requests.ts";
import { handleRoundCardAction } from "../gm/round-end.ts";
import { launchAt } from "../ui/launch.ts";
import { openLedgerEditor } from "../ui/ledger.ts";
import { holdStands, numbersHidden, rulesAllow, serves } from "../cards/viewer.ts";

export function listen(): void {
  Hooks.on("renderChatMessageHTML", (message, html) => {
    sawHook("renderChatMessageHTML");
    bindCard(message as ChatMessage.Implementation, html as HTMLElement);
  });
  // A hold made or ended changes which buttons apply on cards already in the log.
  Hooks.on("createActiveEffect", () => refreshRenderedCards());
  Hooks.on("deleteActiveEffect", () => refreshRenderedCards());
}

const split = (s: string | undefined) => (s ?? "").split(" ").filter((x) => x !== "");

/** Shows each part of a rendered card to whom it is for; safe to run again at any time. */
export function showToViewer(root: HTMLElement): void {
  for (const b of root.querySelectorAll<HTMLElement>("[data-wc-gm-only]")) b.hidden = !game.user.isGM;
  for (const el of root.querySelectorAll<HTMLElement>("[data-wc-secret]")) el.hidden = numbersHidden(split(el.dataset.wcSecret));
  for (const el of root.querySelectorAll<HTMLElement>("[data-wc-secret-note]")) el.hidden = !numbersHidden(split(el.dataset.wcSecretNote));
  for (const b of root.querySelectorAll<HTMLButtonElement>("[data-wc-follow]")) {
    const d = b.dataset;
    b.hidden = !serves(d.wcActor ?? "") || !holdStands(d.wcHolder ?? "", d.wcHeld ?? "", d.wcHold ?? "") || !rulesAllow(d.wcActor ?? "", d.wcTarget ?? "", d.wcFollow as ShellAction, d.wcHold ?? "");
  }
  for (const bar of root.querySelectorAll<HTMLElement>(".wc-card__buttons")) bar.hidden = ![...bar.children].some((c) => !(c as HTMLElement).hidden);
}

export function refreshRenderedCards(): void {
  if (typeof document === "undefined") return;
  for (const card of document.querySelectorAll<HTMLElement>(".wc-card")) showToViewer(card);
}

type GmAction = "apply" | "undo" | "ledger";

/** A card whose only buttons are the GM's (round end, mass charge): each click goes to `handle`. */
function bindGmCard(html: HTMLElement, handle: (action: GmAction) => Promise<unknown>): void {
  showToViewer(html);
  if (html.dataset.wcBound) return;
  html.dataset.wcBound = "1";
  html.addEventListener("click", (event) => {
    const button = (event.target as HTMLElement | null)?.closest<HTMLButtonElement>("[data-wc-action]");
    const action = button?.dataset.wcAction;
    if (!button || (action !== "apply" && action !== "undo" && action !== "ledger")) return;
    event.preventDefault();
    button.disabled = true;
    void handle(action).then(() => {
      button.disabled = false;
    });
  });
}

function bindRoundCard(message: ChatMessage.Implementation, html: HTMLElement): void {
  bindGmCard(html, (action) => (action === "ledger" ? openLedgerEditor(Object.keys(message.getFlag(MODULE_ID, "roundCard")?.names ?? {})) : handleRoundCardAction(message, action)));
}

/** A question to the defender's owner: only they (and the GM) see the answers. */
function bindStrikeCard(message: ChatMessage.Implementation, html: HTMLElement): void {
  const strike = message.getFlag(MODULE_ID, "strike");
  const defender = strike ? tokenByUuid(strike.intent.defenderUuid)?.actor : null;
  const mayAnswer = game.user.isGM || (defender?.testUserPermission(game.user, "OWNER") ?? false);
  for (const b of html.querySelectorAll<HTMLButtonElement>("[data-wc-strike]")) b.hidden = !mayAnswer;
  if (html.dataset.wcBound) return;
  html.dataset.wcBound = "1";
  html.addEventListener("click", (event) => {
    const button = (event.target as HTMLElement | null)?.closest<HTMLButtonElement>("[data-wc-strike]");
    if (!button?.dataset.wcStrike) return;
    event.preventDefault();
    button.disabled = true;
    void answerStrike(message, button.dataset.wcStrike).then(() => {
      button.disabled = false;
    });
  });
}

/** A player's request: its author and the GM may take it back while it waits. */
function bindRequestCard(message: ChatMessage.Implementation, html: HTMLElement): void {
  const mine = game.user.isGM || message.author?.isSelf === true;
  for (const b of html.querySelectorAll<HTMLButtonElement>("[data-wc-author-or-gm]")) b.hidden = !mine;
  if (html.dataset.wcBound) return;
  html.dataset.wcBound = "1";
  html.addEventListener("click", (event) => {
    const button = (event.target as HTMLElement | null)?.closest<HTMLButtonElement>("[data-wc-request-action]");
    if (button?.dataset.wcRequestAction !== "cancel") return;
    event.preventDefault();
    button.disabled = true;
    void cancelRequest(message).then(() => {
      button.disabled = false;
    });
  });
}

/** The mass-charge card: the GM's Apply, Undo and Adjust damage. */
function bindMassChargeCard(message: ChatMessage.Implementation, html: HTMLElement): void {
  bindGmCard(html, (action) => handleMassChargeAction(message, action));
}

/** A follow-up button's click: checked again (the hold may have ended since), then the action's dialog. */
async function followUp(button: HTMLButtonElement): Promise<void> {
  const d = button.dataset;
  const action = d.wcFollow as ShellAction;
  const actor = tokenByUuid(d.wcActor);
  const target = tokenByUuid(d.wcTarget);
  if (!(SHELL_ACTIONS as readonly string[]).includes(action) || !actor || !target) return notify("warn", "WC.Refuse.tokenGone");
  if (!holdStands(d.wcHolder ?? "", d.wcHeld ?? "", d.wcHold ?? "")) {
    button.hidden = true;
    return notify("warn", "WC.Refuse.holdGone");
  }
  if (!serves(actor.uuid) && !game.user.isGM) return notify("warn", "WC.Refuse.notOwner", { name: actor.name ?? "" });
  await launchAt(actor, target, action, d.wcHold || undefined);
}

export function bindCard(message: ChatMessage.Implementation, html: HTMLElement): void {
  if (message.getFlag(MODULE_ID, "request")) return bindRequestCard(message, html);
  if (message.getFlag(MODULE_ID, "roundCard")) return bindRoundCard(message, html);
  if (message.getFlag(MODULE_ID, "strike")) return bindStrikeCard(message, html);
  if (message.getFlag(MODULE_ID, "massCharge")) return bindMassChargeCard(message, html);
  const card = message.getFlag(MODULE_ID, "card");
  if (!card) return;
  showToViewer(html);
  if (html.dataset.wcBound) return;
  html.dataset.wcBound = "1";
  html.addEventListener("click", (event) => {
    const target = event.target as HTMLElement | null;
    const follow = target?.closest<HTMLButtonElement>("[data-wc-follow]");
    const button = follow ?? target?.closest<HTMLButtonElement>("[data-wc-action]");
    if (!button) return;
    event.preventDefault();
    button.disabled = true;
    const done = () => {
      button.disabled = false;
    };
    if (follow) {
      void followUp(follow).then(done);
      return;
    }
    const action = button.dataset.wcAction ?? "";
    if (action === "apply" || action === "undo") {
      void handleCardAction(message, action).then((out) => {
        if (out.kind === "refused") notify("warn", out.key, out.params);
        done();
      });
      return;
    }
    if (action === "ledger") {
      void openLedgerEditor([card.intent.attackerUuid, card.intent.defenderUuid]).then(done);
      return;
    }
    done();
  });
}
