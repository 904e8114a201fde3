/** Buttons on the module's chat cards: GM Apply/Undo, and what comes next for the creatures. */
import type { ShellAction } from "../../rules/index.ts";
import { MODULE_ID } from "../constants.ts";
import { sawHook } from "../hooks-seen.ts";
import { notify } from "../i18n.ts";
import { act, answerStrike, cancelRequest, handleCardAction } from "../requests.ts";
import { tokenByUuid } from "../cast.ts";
import { openLedgerEditor } from "../ui/ledger.ts";
import { handleRoundCardAction } from "../round-end.ts";
import type { StoredCard } from "../types.ts";

export function listen(): void {
  Hooks.on("renderChatMessageHTML", (message, html) => {
    sawHook("renderChatMessageHTML");
    bindCard(message as ChatMessage.Implementation, html as HTMLElement);
  });
}

/** The intent a follow-up button stands for. Break free and release turn the roles around. */
export function followUp(card: StoredCard, action: ShellAction): { action: ShellAction; attackerUuid: string; defenderUuid: string; declared: Record<string, never> } {
  const { attackerUuid, defenderUuid } = card.intent;
  const holderActs = action === "release" || action === "overbear";
  return holderActs ? { action, attackerUuid, defenderUuid, declared: {} } : { action, attackerUuid: defenderUuid, defenderUuid: attackerUuid, declared: {} };
}

function bindRoundCard(message: ChatMessage.Implementation, html: HTMLElement): void {
  for (const b of html.querySelectorAll<HTMLButtonElement>("[data-wc-gm-only]")) b.hidden = !game.user.isGM;
  if (html.dataset.wcBound) return;
  html.dataset.wcBound = "1";
  html.addEventListener("click", (event) => {
    const button = (event.target as HTMLElement | null)?.closest<HTMLButtonElement>("[data-wc-action]");
    const action = button?.dataset.wcAction;
    if (button && action === "ledger") {
      const card = message.getFlag(MODULE_ID, "roundCard");
      void openLedgerEditor(Object.keys(card?.names ?? {}));
      return;
    }
    if (!button || (action !== "apply" && action !== "undo")) return;
    event.preventDefault();
    button.disabled = true;
    void handleRoundCardAction(message, action).then(() => {
      button.disabled = false;
    });
  });
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

export function bindCard(message: ChatMessage.Implementation, html: HTMLElement): void {
  if (message.getFlag(MODULE_ID, "request")) return bindRequestCard(message, html);
  if (message.getFlag(MODULE_ID, "roundCard")) return bindRoundCard(message, html);
  if (message.getFlag(MODULE_ID, "strike")) return bindStrikeCard(message, html);
  const card = message.getFlag(MODULE_ID, "card");
  if (!card) return;
  for (const b of html.querySelectorAll<HTMLButtonElement>("[data-wc-gm-only]")) b.hidden = !game.user.isGM;
  // The GM's creatures' numbers (modifiers, target numbers) stay hidden from players unless allowed.
  const hideNpc = !game.user.isGM && !game.settings.get(MODULE_ID, "showNpcNumbers");
  for (const el of html.querySelectorAll<HTMLElement>("[data-wc-npc]")) el.hidden = hideNpc;
  if (html.dataset.wcBound) return;
  html.dataset.wcBound = "1";
  html.addEventListener("click", (event) => {
    const button = (event.target as HTMLElement | null)?.closest<HTMLButtonElement>("[data-wc-action]");
    if (!button) return;
    event.preventDefault();
    const action = button.dataset.wcAction ?? "";
    button.disabled = true;
    const done = () => {
      button.disabled = false;
    };
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
    if (action === "breakFree" || action === "release" || action === "overbear") {
      void act(followUp(card, action)).then(done);
    }
  });
}
