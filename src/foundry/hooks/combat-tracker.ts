/**
 * The combat tracker: the variant's actions in each combatant's context menu (for combatants
 * the user owns), and on each row who holds whom and what the last round end did to it.
 *
 * The menu hook is named after the application class, `getCombatTrackerContextOptions` (also
 * fired for a system's own tracker class, since the hook of each parent class runs too). Rows
 * without a combatant (dnd5e's group rows) get no entries and no marks.
 */
import type { ShellAction } from "../../rules/index.ts";
import { SHELL_ACTIONS } from "../../rules/index.ts";
import { MODULE_ID } from "../base/constants.ts";
import { sawHook } from "../world/hooks-seen.ts";
import { generation } from "../world/compat.ts";
import { i18n, notify } from "../base/i18n.ts";
import { plainText } from "../base/text.ts";
import { activeVariant } from "../world/settings.ts";
import { trackerNotes } from "../ui/tracker.ts";
import { ACTION_ICONS, MARK_ICONS, REEL_ICON } from "../ui/icons.ts";
import { askReel } from "../cards/request-card.ts";
import { REEL_IN, leashedHoldsOf } from "../gm/reel.ts";
import { launch } from "../ui/launch.ts";
import { chooseTarget } from "../ui/targets.ts";
import { Refusal } from "../documents/cast.ts";
import { actionVerdict } from "../cards/result-card.ts";
import { firstGrab } from "../documents/grab-attack.ts";

/**
 * A combatant menu entry in the shape of the running version: v13 reads only `name`, `icon` (an
 * HTML string), `condition(li)` and `callback(li)`; v14 reads `label`, `icon` (a class name),
 * `visible(target)` and `onClick(event, target)`, and warns on the old names.
 */
export type MenuEntry =
  | { name: string; icon: string; condition: (li: unknown) => boolean; callback: (li: unknown) => void; wcAction?: MenuAction }
  | { label: string; icon: string; visible: (li: unknown) => boolean; onClick: (event: unknown, li: unknown) => void; wcAction?: MenuAction };

/** A menu's action: one of the rules', or hauling in a creature held at a distance (the map's, gm/reel.ts). */
export type MenuAction = ShellAction | typeof REEL_IN;

const labelOf = (action: MenuAction) => (action === REEL_IN ? "WC.Reel.action" : `WC.Action.${action}`);
const iconOf = (action: MenuAction) => (action === REEL_IN ? REEL_ICON : ACTION_ICONS[action]);

function menuEntry(action: MenuAction, shown: (li: unknown) => boolean, run: (li: unknown) => void): MenuEntry {
  const name = labelOf(action);
  if (generation() >= 14) return { label: name, icon: iconOf(action), visible: shown, onClick: (_event, li) => run(li), wcAction: action };
  return { name, icon: `<i class="${iconOf(action)}"></i>`, condition: shown, callback: run, wcAction: action };
}

/** The row element a menu callback is given: an HTMLElement (v13, v14), or a jQuery wrapper (older). */
function rowOf(li: unknown): HTMLElement | null {
  if (li instanceof HTMLElement) return li;
  const first = (li as { [0]?: unknown } | null)?.[0];
  return first instanceof HTMLElement ? first : null;
}

function tokenOf(li: unknown): TokenDocument.Implementation | null {
  const id = rowOf(li)?.closest<HTMLElement>("[data-combatant-id]")?.dataset.combatantId;
  const combatant = id ? ui.combat?.viewed?.combatants.get(id) : undefined;
  return (combatant?.token as TokenDocument.Implementation | null | undefined) ?? null;
}

/** What the menu does with an action for a row: offer it, show it refused with the check's reason, or leave it out. */
export type MenuOffer = { readonly kind: "offer" } | { readonly kind: "refused"; readonly key: string; readonly params: Readonly<Record<string, string | number>> } | { readonly kind: "none" };

/**
 * The one check's verdict (gm/verdict.ts) on the creature and the user's target (or the other
 * side of its hold), the rules' answer included, for one row. The GM is offered what they may
 * carry out as their call. Left out: a creature the user does not own, an action not in the
 * rules, and one with no target to act on (every action would say so).
 */
export function menuOffer(token: TokenDocument.Implementation | null, action: MenuAction): MenuOffer {
  if (action === REEL_IN) return reelOffer(token).offer;
  if (!token?.actor || !token.actor.testUserPermission(game.user, "OWNER") || !activeVariant().actions.includes(action)) return { kind: "none" };
  let target: TokenDocument.Implementation;
  try {
    target = chooseTarget(token, action);
  } catch (e) {
    if (e instanceof Refusal) return { kind: "none" };
    throw e;
  }
  // A grab goes with the creature's first grabbing attack; a creature with none has no grab to offer (issue 31).
  const attack = action === "grab" ? firstGrab(token.actor as Actor.Implementation) : undefined;
  if (action === "grab" && attack === undefined) return { kind: "none" };
  const verdict = actionVerdict({ action, attackerUuid: token.uuid, defenderUuid: target.uuid, ...(attack !== undefined ? { attack } : {}) }, game.user, { rules: true });
  if (verdict.ok || (verdict.overridable && game.user.isGM)) return { kind: "offer" };
  return { kind: "refused", key: verdict.key, params: verdict.params };
}

/**
 * Hauling in, for a row whose creature holds another at a distance: the hold with the user's
 * target in it if there is one, else its first; offered or refused by the one check.
 */
export function reelOffer(token: TokenDocument.Implementation | null): { offer: MenuOffer; holdId?: string } {
  if (!token?.actor || !token.actor.testUserPermission(game.user, "OWNER")) return { offer: { kind: "none" } };
  const holds = leashedHoldsOf(token);
  const targets = new Set([...(game.user.targets ?? [])].map((t) => (t as { document?: { uuid?: string } }).document?.uuid));
  const h = holds.find((x) => targets.has(x.heldUuid)) ?? holds[0];
  if (!h) return { offer: { kind: "none" } };
  const verdict = actionVerdict({ action: REEL_IN, attackerUuid: token.uuid, defenderUuid: h.heldUuid, holdId: h.holdId }, game.user);
  return { offer: verdict.ok ? { kind: "offer" } : { kind: "refused", key: verdict.key, params: verdict.params }, holdId: h.holdId };
}

/** Whether the action may be offered for this row now. */
export function menuOffers(token: TokenDocument.Implementation | null, action: MenuAction): boolean {
  return menuOffer(token, action).kind === "offer";
}

/** An icon for an action the one check refuses for the row: the same in every row, apart from the actions' own. */
export const REFUSED_ICON = "fa-solid fa-ban";

function refusedEntry(action: MenuAction, shown: (li: unknown) => boolean, run: (li: unknown) => void): MenuEntry {
  // A label is one text for the whole menu (C-52): the action and that it is refused; the
  // reason, which differs by row, comes as a notice on the click.
  const name = i18n.format("WC.Menu.refused", { action: i18n.localize(labelOf(action)) });
  if (generation() >= 14) return { label: name, icon: REFUSED_ICON, visible: shown, onClick: (_event, li) => run(li), wcAction: action };
  return { name, icon: `<i class="${REFUSED_ICON}"></i>`, condition: shown, callback: run, wcAction: action };
}

/**
 * Menu items are gathered once per menu, so every state check sits in the visibility test.
 * Foundry's context menu entries (v13 `ContextMenuEntry`, v14 the same with `label`/`visible`)
 * have no disabled state and no tooltip, and their `classes` are fixed per menu, not per row
 * (C-52). So each action has two entries, each shown for a row by its own test: the action,
 * where the one check lets it go ahead; and the action marked refused (its own icon), where the
 * check refuses it, whose click says why in a notice (names made plain) and carries nothing out.
 * One that became refused between the opening and the click says why too (the launch asks the
 * check again), and the GM's tab asks it once more whatever a client did.
 */
export function addMenuEntries(items: MenuEntry[]): void {
  if (items.some((i) => i.wcAction)) return;
  for (const action of [...SHELL_ACTIONS, REEL_IN] as const) {
    const fresh = (li: unknown): MenuOffer => {
      try {
        return menuOffer(tokenOf(li), action);
      } catch (e) {
        console.error(`${MODULE_ID} | the combat tracker menu could not check ${action}`, e);
        return { kind: "none" };
      }
    };
    // The menu asks the action's two entries one after the other for the same row: the
    // refused entry takes the verdict the action's entry just had (once), not a second check.
    let last: { row: unknown; offer: MenuOffer } | null = null;
    const offered = (li: unknown): boolean => {
      const offer = fresh(li);
      last = { row: rowOf(li) ?? li, offer };
      return offer.kind === "offer";
    };
    const refused = (li: unknown): boolean => {
      const row = rowOf(li) ?? li;
      const prev = last as { row: unknown; offer: MenuOffer } | null;
      const offer = prev !== null && prev.row === row ? prev.offer : fresh(li);
      last = null;
      return offer.kind === "refused";
    };
    const run = (li: unknown) => {
      const token = tokenOf(li);
      if (!token) return;
      if (action === REEL_IN) {
        const holdId = reelOffer(token).holdId;
        if (holdId) void askReel({ holdId });
      } else void launch(token, action);
    };
    const why = (li: unknown) => {
      // Asked again at the click: the row may have changed since the menu opened.
      const now = fresh(li);
      if (now.kind === "refused") notify("warn", now.key, now.params);
      else if (now.kind === "offer") run(li);
    };
    items.push(menuEntry(action, offered, run));
    items.push(refusedEntry(action, refused, why));
  }
}

/** Names as the user's language lists them ("Goblin and Orc"). */
function nameList(names: readonly string[]): string {
  try {
    return new Intl.ListFormat(game.i18n.lang, { type: "conjunction" }).format(names);
  } catch {
    return names.join(", ");
  }
}

/** A mark on a row: an icon, a short text when it has one, and the same in words for tooltip and screen readers. */
function mark(kind: string, icon: string, text: string | null, words: string): HTMLElement {
  const el = document.createElement("span");
  el.className = `wc-tracker__mark wc-tracker__${kind}`;
  // Foundry may read a tooltip as HTML: a name in one cannot open a tag.
  el.dataset.tooltip = plainText(words);
  el.setAttribute("aria-label", words);
  el.setAttribute("role", "img");
  const i = document.createElement("i");
  i.className = icon;
  i.setAttribute("aria-hidden", "true");
  el.append(i);
  if (text !== null) {
    const label = document.createElement("span");
    label.className = "wc-tracker__text";
    label.setAttribute("aria-hidden", "true");
    label.textContent = text;
    el.append(label);
  }
  return el;
}

/**
 * Adds to each row who it holds and who holds it (a mark each, with the other's name), a mark
 * for the clocks running on it, and one for what the last round end did to it.
 */
export function decorateTracker(html: HTMLElement): void {
  const combat = ui.combat?.viewed as Combat.Implementation | null | undefined;
  if (!combat) return;
  const notes = trackerNotes(combat);
  for (const row of html.querySelectorAll<HTMLElement>("[data-combatant-id]")) {
    row.querySelector(`.${MODULE_ID}-tracker`)?.remove();
    const combatant = combat.combatants.get(row.dataset.combatantId ?? "");
    const note = combatant?.token ? notes.get(combatant.token.uuid) : undefined;
    if (!note) continue;
    const marks: HTMLElement[] = [];
    if (note.holding.partners.length > 0) {
      const text = i18n.format("WC.Tracker.holds", { names: nameList(note.holding.partners) });
      marks.push(mark("holder", MARK_ICONS.holder, text, [text, ...note.holding.details].join(" · ")));
    }
    if (note.heldBy.partners.length > 0) {
      const text = i18n.format("WC.Tracker.heldBy", { names: nameList(note.heldBy.partners) });
      marks.push(mark("held", MARK_ICONS.held, text, [text, ...note.heldBy.details].join(" · ")));
    }
    if (note.clocks.length > 0) marks.push(mark("clock", MARK_ICONS.clock, null, note.clocks.join("; ")));
    if (note.due.length > 0) {
      marks.push(mark("due", MARK_ICONS.lastRound, null, i18n.format("WC.Tracker.lastRound", { round: note.round ?? 0, lines: note.due.join("; ") })));
    }
    if (marks.length === 0) continue;
    const box = document.createElement("span");
    box.className = `${MODULE_ID}-tracker wc-tracker`;
    box.append(...marks);
    (row.querySelector(".token-name") ?? row).append(box);
  }
}

export function listen(): void {
  Hooks.on("getCombatTrackerContextOptions" as never, ((_app: unknown, items: MenuEntry[]) => {
    sawHook("getCombatTrackerContextOptions");
    addMenuEntries(items);
  }) as never);
  Hooks.on("renderCombatTracker" as never, ((_app: unknown, html: unknown) => {
    sawHook("renderCombatTracker");
    const el = rowOf(html);
    if (el) decorateTracker(el);
  }) as never);
}
