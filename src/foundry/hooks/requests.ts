/**
 * Players' request cards: the active GM's client carries each out when it is posted, and any it
 * finds waiting when it starts or becomes the active GM; the author's client learns the outcome
 * when the card is removed or rewritten.
 */
import { MODULE_ID } from "../constants.ts";
import { onGMGone, onRequestCreated, onRequestDeleted, onRequestUpdated, processPendingRequests } from "../requests.ts";

function report(error: unknown): void {
  console.error(`${MODULE_ID} | waiting requests could not be carried out`, error);
}

const isRequest = (message: unknown) => (message as ChatMessage.Implementation).getFlag(MODULE_ID, "request") !== undefined;

export function listen(): void {
  Hooks.on("createChatMessage", (message) => {
    if (isRequest(message)) onRequestCreated(message as ChatMessage.Implementation);
  });
  Hooks.on("updateChatMessage", (message) => {
    if (isRequest(message)) onRequestUpdated(message as ChatMessage.Implementation);
  });
  Hooks.on("deleteChatMessage", (message) => {
    if (isRequest(message)) onRequestDeleted(message as ChatMessage.Implementation);
  });
  // A GM connecting (or the active GM changing) takes up what waited; a GM leaving frees waiters.
  Hooks.on("userConnected", (user, connected) => {
    if (!(user as User.Implementation).isGM) return;
    if (connected) processPendingRequests().catch(report);
    else {
      onGMGone();
      processPendingRequests().catch(report);
    }
  });
  Hooks.once("ready", () => {
    processPendingRequests().catch(report);
  });
}
