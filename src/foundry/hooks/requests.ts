/**
 * Players' request cards and the cards a closed tab left half written: the active GM's client
 * carries out each request when it is posted, and any it finds waiting when it starts or becomes
 * the active GM; cards left half written (named "writing" in the ledger with no card, "applying",
 * or with an Apply or Undo begun in the ledger) are finished first. The author's client
 * learns the outcome when its request card is removed or rewritten by a GM.
 */
import { MODULE_ID } from "../base/constants.ts";
import { gmWork } from "../gm/queue.ts";
import { finishAll, finishLater, recoverLater, settleLater } from "../cards/kinds.ts";
import { forgetDeletedCard, keepCardsOfCombat } from "../cards/card-ledger.ts";
import { seen } from "../cards/log-index.ts";
import { isRequest, onGMGone, onRequestCreated, onRequestDeleted, onRequestUpdated, processPendingRequests } from "../cards/request-card.ts";
import { sweep } from "../gm/hold-guard.ts";
import { settleAllQuestions } from "../cards/question-card.ts";
import { sweepMarks } from "../gm/creature-guard.ts";

function report(error: unknown): void {
  console.error(`${MODULE_ID} | waiting requests could not be carried out`, error);
}

/** The active GM: cards a closed tab left half written are finished before anything else is taken up. */
function catchUp(): void {
  if (game.users.activeGM?.isSelf !== true) return;
  gmWork(() => finishAll())
    .then(() => gmWork(() => settleAllQuestions()))
    .then(() => gmWork(() => sweep()))
    .then(() => gmWork(() => sweepMarks()))
    .then(() => processPendingRequests())
    .catch(report);
}

export function listen(): void {
  Hooks.on("createChatMessage", (message, _options, userId) => {
    const m = message as ChatMessage.Implementation;
    // The user the server says made it (not the message's author, which its data may name).
    if (isRequest(m)) onRequestCreated(m, userId as string);
    else {
      finishLater(m, report);
      settleLater(m, report);
    }
  });
  Hooks.on("updateChatMessage", (message, _changed, _options, userId) => {
    const m = message as ChatMessage.Implementation;
    if (isRequest(m)) onRequestUpdated(m, userId as string);
    else finishLater(m, report);
  });
  Hooks.on("deleteChatMessage", (message) => {
    const m = message as ChatMessage.Implementation;
    if (isRequest(m)) onRequestDeleted(m);
    else forgetDeletedCard(m, report);
  });
  // A card named in the ledger before it is made: finished here should its writer's tab close.
  // A card already here when its name arrives (whether one batch's operations reach other tabs
  // in their order is not documented) is read again and drawn again, now believed.
  const named = (doc: unknown, changed: unknown) => {
    // Foundry hands the changes expanded; dotted keys are read too.
    const c = (changed ?? {}) as Record<string, unknown> & { flags?: Record<string, unknown> };
    const nested = (c.flags?.[MODULE_ID] as Record<string, unknown> | undefined)?.cards as Record<string, unknown> | undefined;
    const prefix = `flags.${MODULE_ID}.cards.`;
    const keys = Object.keys(c).filter((k) => k.startsWith(prefix));
    // A card's name (its key alone), or a part of one (the work begun on a card, cards/pipeline.ts).
    const dotted = keys.filter((k) => !k.slice(prefix.length).includes("."));
    if (!nested && keys.length === 0) return;
    recoverLater(doc as Combat.Implementation | Scene.Implementation, report);
    const ids = [...Object.entries(nested ?? {}).filter(([, v]) => v && typeof v === "object" && "k" in (v as object)).map(([id]) => id), ...dotted.map((k) => k.slice(prefix.length))];
    for (const id of ids) {
      const m = game.messages.get(id);
      if (!m) continue;
      seen(m);
      void (globalThis as { ui?: { chat?: { updateMessage?: (m: unknown) => unknown } } }).ui?.chat?.updateMessage?.(m);
    }
  };
  Hooks.on("updateCombat", (combat, changed) => named(combat, changed));
  Hooks.on("updateScene", (scene, changed) => named(scene, changed));
  Hooks.on("deleteCombat", (combat) => keepCardsOfCombat(combat as Combat.Implementation, report));
  // A GM connecting (or the active GM changing) takes up what waited; a GM leaving frees waiters.
  Hooks.on("userConnected", (user, connected) => {
    if (!(user as User.Implementation).isGM) return;
    if (connected) catchUp();
    else {
      onGMGone();
      catchUp();
    }
  });
  Hooks.once("ready", () => catchUp());
}
