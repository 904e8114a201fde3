/** The variant's actions in each combatant's context menu, for combatants the user owns. */
import type { ShellAction } from "../../rules/index.ts";
import { ACTION_ICONS } from "../ui/icons.ts";
import { launch } from "../ui/launch.ts";
import { SHELL_ACTIONS } from "../../rules/index.ts";
import { activeVariant } from "../settings.ts";

interface MenuEntry {
  name: string;
  icon: string;
  condition: (li: HTMLElement) => boolean;
  callback: (li: HTMLElement) => void;
  wcAction?: ShellAction;
}

function tokenOf(li: HTMLElement): TokenDocument.Implementation | null {
  const id = li.dataset.combatantId;
  const combatant = id ? ui.combat?.viewed?.combatants.get(id) : undefined;
  return (combatant?.token as TokenDocument.Implementation | null | undefined) ?? null;
}

/** Menu items are gathered once per menu, so every state check sits in `condition`. */
export function addMenuEntries(items: MenuEntry[]): void {
  if (items.some((i) => i.wcAction)) return;
  for (const action of SHELL_ACTIONS) {
    items.push({
      name: `WC.Action.${action}`,
      icon: `<i class="${ACTION_ICONS[action]}"></i>`,
      wcAction: action,
      condition: (li) => {
        const token = tokenOf(li);
        return !!token?.actor && token.actor.testUserPermission(game.user, "OWNER") && activeVariant().actions.includes(action);
      },
      callback: (li) => {
        const token = tokenOf(li);
        if (token) void launch(token, action);
      },
    });
  }
}

export function listen(): void {
  Hooks.on("getCombatantContextOptions" as never, ((_app: unknown, items: MenuEntry[]) => addMenuEntries(items)) as never);
}
