/**
 * Players' request cards: the active GM's client carries each out when it is posted, and any it
 * finds waiting when it starts or becomes the active GM; the author's client learns the outcome
 * when the card is removed or rewritten.
 */
import { MODULE_ID } from "../base/constants.ts";
import { gmWork, sharedWork } from "../gm/queue.ts";
import { finishCard, finishCards } from "../gm/perform.ts";
import { finishMassCharge, finishMassCharges } from "../gm/mass-charge.ts";
import { resumeRoundEnd } from "../gm/round-end.ts";
import { finishUndoing, isUndoing, undoCard } from "../cards/undo.ts";
import { sweep } from "./cleanup.ts";
import { onGMGone, onRequestCreated, onRequestDeleted, onRequestUpdated, processPendingRequests } from "../cards/requests.ts";

function report(error: unknown): void {
  console.error(`${MODULE_ID} | waiting requests could not be carried out`, error);
}

const isRequest = (message: unknown) => (message as ChatMessage.Implementation).getFlag(MODULE_ID, "request") !== undefined;

/** The active GM: cards a closed tab left half written are finished before anything else is taken up. */
function catchUp(): void {
  if (game.users.activeGM?.isSelf !== true) return;
  gmWork(() => finishCards())
    .then(() => gmWork(() => finishMassCharges()))
    .then(() => gmWork(() => finishUndoing()))
    .then(() => gmWork(() => sweep()))
    .then(() => processPendingRequests())
    .catch(report);
}

/**
 * A card is made "applying" (or "undoing") by the GM's work that then writes it, in the piece that
 * posts or marks it. Should that tab close mid-write, the next tab to hold the GM's Web Lock
 * finishes it: this piece waits behind the writer's, and finds nothing to do when the writer
 * finished. Tabs that do not share a lock could write it side by side: they finish such cards
 * when they start instead (catchUp).
 */
function finishLater(m: ChatMessage.Implementation): void {
  if (game.users.activeGM?.isSelf !== true || !sharedWork()) return;
  let job: (() => Promise<unknown>) | null = null;
  if (m.getFlag(MODULE_ID, "card")?.state === "applying") job = () => finishCard(m);
  else if (m.getFlag(MODULE_ID, "roundCard")?.state === "applying") job = () => resumeRoundEnd(m);
  else if (m.getFlag(MODULE_ID, "massCharge")?.state === "applying") job = () => finishMassCharge(m);
  else if (isUndoing(m)) job = () => undoCard(m);
  if (job) gmWork(job).catch(report);
}

export function listen(): void {
  Hooks.on("createChatMessage", (message) => {
    const m = message as ChatMessage.Implementation;
    if (isRequest(m)) onRequestCreated(m);
    else finishLater(m);
  });
  Hooks.on("updateChatMessage", (message) => {
    const m = message as ChatMessage.Implementation;
    if (isRequest(m)) onRequestUpdated(m);
    else finishLater(m);
  });
  Hooks.on("deleteChatMessage", (message) => {
    if (isRequest(message)) onRequestDeleted(message as ChatMessage.Implementation);
  });
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
