/**
 * The holds panel (ui/holds-panel.ts): its button in the token controls (v13 and v14 pass
 * `getSceneControlButtons` a record of control sets by name, each with a record of tools; a
 * `button` tool runs its `onChange` on a click) and in the combat tracker's header; and, while it
 * is open, drawn again whenever what it shows may have changed (the ledger, the hold effects and
 * the pinned condition, tokens, combats, cards, what this user sees), once the changes settle.
 */
import { MODULE_ID } from "../base/constants.ts";
import { i18n } from "../base/i18n.ts";
import { plainText } from "../base/text.ts";
import { sawHook } from "../world/hooks-seen.ts";
import { openHoldsPanel, refreshHoldsPanel } from "../ui/holds-panel.ts";

/** The tool's name in the token controls, and the icon of both buttons. */
export const PANEL_TOOL = "weaponlessHolds";
export const PANEL_ICON = "fa-solid fa-people-arrows";

interface ControlSet {
  tools?: Record<string, unknown>;
}

const open = () => void openHoldsPanel().catch((e: unknown) => console.error(`${MODULE_ID} | the holds panel could not open`, e));

/** Adds the panel's button to the token controls (a record of control sets, as v13 and v14 pass it). */
export function addControl(controls: unknown): void {
  if (!controls || typeof controls !== "object" || Array.isArray(controls)) return;
  const tokens = (controls as Record<string, ControlSet | undefined>).tokens;
  if (!tokens || typeof tokens !== "object") return;
  // v14 may hand a set with no tools of its own yet (it fills them in after the hook).
  tokens.tools ??= {};
  tokens.tools[PANEL_TOOL] = {
    name: PANEL_TOOL,
    title: "WC.Panel.open",
    icon: PANEL_ICON,
    order: Object.keys(tokens.tools).length,
    button: true,
    visible: true,
    onChange: () => open(),
  };
}

/** Adds the panel's button to the combat tracker's header (its encounter controls where it has them). */
export function addTrackerButton(html: HTMLElement): void {
  const header = html.querySelector<HTMLElement>(".combat-tracker-header") ?? html.querySelector<HTMLElement>("header");
  if (!header) return;
  header.querySelector(`.${MODULE_ID}-holds-open`)?.remove();
  const place = header.querySelector<HTMLElement>(".encounter-controls .control-buttons.left") ?? header.querySelector<HTMLElement>(".encounter-controls") ?? header;
  const button = html.ownerDocument.createElement("button");
  button.type = "button";
  button.className = `inline-control combat-control icon ${PANEL_ICON} ${MODULE_ID}-holds-open`;
  const label = i18n.localize("WC.Panel.open");
  button.setAttribute("aria-label", label);
  button.dataset.tooltip = plainText(label);
  button.addEventListener("click", (event) => {
    event.preventDefault();
    event.stopPropagation();
    open();
  });
  place.append(button);
}

export function listen(): void {
  Hooks.on("getSceneControlButtons" as never, ((controls: unknown) => {
    sawHook("getSceneControlButtons");
    addControl(controls);
  }) as never);
  Hooks.on("renderCombatTracker" as never, ((_app: unknown, html: unknown) => {
    const el = html instanceof HTMLElement ? html : (html as { [0]?: unknown } | null)?.[0];
    if (el instanceof HTMLElement) addTrackerButton(el);
  }) as never);
  const changes = [
    "updateCombat", "createCombat", "deleteCombat", "createCombatant", "updateCombatant", "deleteCombatant", "updateScene",
    "createActiveEffect", "updateActiveEffect", "deleteActiveEffect", "createToken", "updateToken", "deleteToken",
    "createChatMessage", "updateChatMessage", "deleteChatMessage", "canvasReady", "sightRefresh", "updateSetting",
  ];
  for (const hook of changes) Hooks.on(hook as never, (() => refreshHoldsPanel()) as never);
}
