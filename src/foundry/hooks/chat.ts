/**
 * The module's chat cards on each client: the GM's Apply, Undo and Adjust damage; the buttons
 * for what comes next, each shown only to the users it serves and only while its hold stands;
 * and the GM's creatures' numbers, hidden from players unless the GM allows them. Which buttons a
 * kind of card has, and whose message is believed, is the card table's (cards/kinds.ts): a
 * player's message dressed as a card gets no buttons.
 */
import type { ShellAction } from "../../rules/index.ts";
import { SHELL_ACTIONS } from "../../rules/index.ts";
import { tokenByUuid } from "../documents/cast.ts";
import { sawHook } from "../world/hooks-seen.ts";
import { notify } from "../base/i18n.ts";
import { tabState } from "../base/tab.ts";
import { kindOf } from "../cards/kinds.ts";
import { trustedFlag } from "../cards/pipeline.ts";
import { temporaryDamaged } from "../cards/views.ts";
import { answerStrike, cancelRequest, cardAction } from "../cards/request-card.ts";
import { launchAt } from "../ui/launch.ts";
import { openLedgerEditor } from "../ui/ledger.ts";
import { holdStands, numbersHidden, rulesAllow, serves } from "../cards/viewer.ts";
import { supersededIn } from "../cards/log-index.ts";

export function listen(): void {
  Hooks.on("renderChatMessageHTML", (message, html) => {
    sawHook("renderChatMessageHTML");
    bindCard(message as ChatMessage.Implementation, html as HTMLElement);
  });
  // A hold made or ended changes which buttons apply on cards already in the log.
  Hooks.on("createActiveEffect", () => refreshSoon());
  Hooks.on("deleteActiveEffect", () => refreshSoon());
  // A result card made takes its hold's buttons from older ones; one gone (deleted, or its record
  // undone) gives them back to the card before it. Other messages change no button.
  Hooks.on("createChatMessage", (message) => {
    if (kindOf(message as ChatMessage.Implementation) === "result") refreshSoon();
  });
  Hooks.on("updateChatMessage", (message) => {
    if (kindOf(message as ChatMessage.Implementation) === "result") refreshSoon();
  });
  Hooks.on("deleteChatMessage", (message) => {
    if (kindOf(message as ChatMessage.Implementation) === "result") refreshSoon();
  });
}

const split = (s: string | undefined) => (s ?? "").split(" ").filter((x) => x !== "");

/** A follow-up button as drawn, with what decides whether it shows (read once, when its card is bound). */
interface Follow {
  readonly el: HTMLButtonElement;
  readonly messageId: string;
  readonly action: ShellAction;
  readonly actor: string;
  readonly target: string;
  readonly holder: string;
  readonly held: string;
  readonly hold: string;
}

function followsIn(root: HTMLElement): Follow[] {
  return [...root.querySelectorAll<HTMLButtonElement>("[data-wc-follow]")].map((el) => {
    const d = el.dataset;
    // The card's message: marked when bound; Foundry's chat log (and its popout) also marks each entry.
    const messageId = el.closest<HTMLElement>("[data-wc-message]")?.dataset.wcMessage ?? el.closest<HTMLElement>("[data-message-id]")?.dataset.messageId ?? "";
    return { el, messageId, action: d.wcFollow as ShellAction, actor: d.wcActor ?? "", target: d.wcTarget ?? "", holder: d.wcHolder ?? "", held: d.wcHeld ?? "", hold: d.wcHold ?? "" };
  });
}

/** Shows each follow-up to whom it serves while its hold stands and it can succeed, on its hold's latest card only. */
function showFollows(follows: readonly Follow[]): void {
  for (const f of follows) {
    // The cheap question first: on a long log most cards are no hold's latest (the chat log's index says which).
    const hidden = supersededIn(f.messageId, f.holder, f.held, f.hold) || !serves(f.actor) || !holdStands(f.holder, f.held, f.hold) || !rulesAllow(f.actor, f.target, f.action, f.hold);
    if (f.el.hidden !== hidden) f.el.hidden = hidden;
  }
}

/** A row of buttons shows while one of its buttons does. */
function showBars(bars: readonly HTMLElement[]): void {
  for (const bar of bars) {
    const hidden = ![...bar.querySelectorAll<HTMLElement>("button")].some((c) => !c.hidden);
    if (bar.hidden !== hidden) bar.hidden = hidden;
  }
}

/**
 * Shows each part of a rendered card to whom it is for; safe to run again at any time. A hold's
 * buttons show on its latest card only (the chat log's index says which, without reading the log).
 */
export function showToViewer(root: HTMLElement): void {
  for (const b of root.querySelectorAll<HTMLElement>("[data-wc-gm-only]")) b.hidden = !game.user.isGM;
  for (const el of root.querySelectorAll<HTMLElement>("[data-wc-secret]")) el.hidden = numbersHidden(split(el.dataset.wcSecret));
  for (const el of root.querySelectorAll<HTMLElement>("[data-wc-secret-note]")) el.hidden = !numbersHidden(split(el.dataset.wcSecretNote));
  showFollows(followsIn(root));
  showBars([...root.querySelectorAll<HTMLElement>(".wc-card__buttons")]);
}

/** The result cards this tab has drawn that carry follow-ups: what a change may show or hide. */
const drawnHere = () => tabState("cards-drawn", () => new Map<HTMLElement, { follows: Follow[]; bars: HTMLElement[] }>());

/**
 * Shows or hides the follow-ups of every card this tab has drawn (a hold made or ended, a newer
 * card, an undo): no walk of the page, and only a hold's latest card asks the documents and the
 * rules. Cards no longer on the page are forgotten.
 */
export function refreshRenderedCards(): void {
  const drawn = drawnHere();
  for (const [root, card] of drawn) {
    if (!root.isConnected) {
      drawn.delete(root);
      continue;
    }
    showFollows(card.follows);
    showBars(card.bars);
  }
}

/** One refresh of every rendered card after this turn's changes, however many there were (per tab). */
function refreshSoon(): void {
  const queued = tabState("cards-refresh", () => ({ on: false }));
  if (queued.on) return;
  queued.on = true;
  queueMicrotask(() => {
    queued.on = false;
    refreshRenderedCards();
  });
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

/** The creatures a card's Adjust damage lists. */
function ledgerOf(message: ChatMessage.Implementation): string[] {
  const card = trustedFlag(message, "card");
  if (card) return temporaryDamaged(card);
  return Object.keys(trustedFlag(message, "roundCard")?.names ?? trustedFlag(message, "massCharge")?.names ?? {});
}

/** The GM's Apply, Undo and Adjust damage, on any card that writes. */
async function gmAction(message: ChatMessage.Implementation, action: GmAction): Promise<void> {
  if (action === "ledger") return openLedgerEditor(ledgerOf(message));
  const out = await cardAction(message, action);
  if (out.kind === "refused") notify("warn", out.key, out.params);
}

/** A question to the defender's owner: only they (and the GM) see the answers. */
function bindStrikeCard(message: ChatMessage.Implementation, html: HTMLElement): void {
  const strike = trustedFlag(message, "strike");
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
  switch (kindOf(message)) {
    case "request":
      return bindRequestCard(message, html);
    case "question":
      return bindStrikeCard(message, html);
    case "round":
    case "massCharge":
      return bindGmCard(html, (action) => gmAction(message, action));
    case "result":
      return bindResultCard(message, html);
    case "map":
      return;
    case null:
      // A message the module does not believe (a player's dressed as a card, or a card whose name
      // the ledger pruned): shown as it is, with none of the module's buttons.
      for (const b of html.querySelectorAll<HTMLElement>("[data-wc-action], [data-wc-strike], [data-wc-follow], [data-wc-request-action]")) b.hidden = true;
      return;
  }
}

/** A result card: the GM's buttons, and the buttons for what comes next. */
function bindResultCard(message: ChatMessage.Implementation, html: HTMLElement): void {
  for (const card of [html, ...html.querySelectorAll<HTMLElement>(".wc-card")].filter((el) => el.matches(".wc-card"))) card.dataset.wcMessage = message.id ?? "";
  // Drawing a card changes no other card: a new card's arrival refreshes the older ones (listen).
  showToViewer(html);
  const follows = followsIn(html);
  if (follows.length > 0) drawnHere().set(html, { follows, bars: [...html.querySelectorAll<HTMLElement>(".wc-card__buttons")] });
  if (html.dataset.wcBound) return;
  html.dataset.wcBound = "1";
  html.addEventListener("click", (event) => {
    const target = event.target as HTMLElement | null;
    const follow = target?.closest<HTMLButtonElement>("[data-wc-follow]");
    const button = follow ?? target?.closest<HTMLButtonElement>("[data-wc-action]");
    const action = button?.dataset.wcAction ?? "";
    if (!button || (!follow && action !== "apply" && action !== "undo" && action !== "ledger")) return;
    event.preventDefault();
    button.disabled = true;
    const done = () => {
      button.disabled = false;
    };
    void (follow ? followUp(follow) : gmAction(message, action as GmAction)).then(done);
  });
}
