/**
 * The chat log's index (cards/log-index.ts): built when the tab starts, and told of every
 * message created, changed or deleted before the module's other listeners hear of it (this file
 * comes first in hooks/index.ts), so what they look up already counts that message.
 */
import { buildIndex, forget, seen } from "../cards/log-index.ts";

export function listen(): void {
  Hooks.on("createChatMessage", (message) => seen(message as ChatMessage.Implementation));
  Hooks.on("updateChatMessage", (message) => seen(message as ChatMessage.Implementation));
  Hooks.on("deleteChatMessage", (message) => forget(message as ChatMessage.Implementation));
  Hooks.once("ready", () => buildIndex());
}
