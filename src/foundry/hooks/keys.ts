/**
 * The module's keys in Configure Controls (`game.keybindings`, registered at init, as Foundry
 * accepts them only then): open the palette of the controlled token, Break free, Release, and do
 * the last action again at the current target. None is bound until the user binds it: Foundry's
 * own controls and common modules already take the letters, digits and their usual modifiers
 * (docs/foundry-contract.md C-101), and a key that quietly does two things is worse than none.
 * Each key goes the way a click goes: the one check (gm/verdict.ts, asked again by the GM's
 * tab), the action's dialog, the request.
 */
import type { ShellAction } from "../../rules/index.ts";
import { MODULE_ID } from "../base/constants.ts";
import { controlledToken, launch, repeatLast } from "../ui/launch.ts";
import { openPaletteFor } from "./token-hud.ts";

/** The keys, in the order Configure Controls lists them; each name and hint under WC.Keys.<id>. */
export const KEYS = ["palette", "breakFree", "release", "repeat"] as const;
export type KeyId = (typeof KEYS)[number];

interface Keybindings {
  register(namespace: string, action: string, config: Record<string, unknown>): void;
}

/** The controlled token's action (the target found as a click finds it: a hold's partner needs none). */
function own(action: ShellAction): void {
  const token = controlledToken();
  if (token) void launch(token, action);
}

/** What each key does when pressed. */
export const ON_DOWN: Readonly<Record<KeyId, () => void>> = {
  palette: () => {
    const token = controlledToken();
    if (token) openPaletteFor(token);
  },
  breakFree: () => own("breakFree"),
  release: () => own("release"),
  repeat: () => void repeatLast(),
};

export function listen(): void {
  Hooks.once("init", () => {
    const keybindings = (game as unknown as { keybindings?: Keybindings }).keybindings;
    if (!keybindings) return;
    for (const id of KEYS) {
      keybindings.register(MODULE_ID, id, {
        name: `WC.Keys.${id}.name`,
        hint: `WC.Keys.${id}.hint`,
        editable: [],
        restricted: false,
        // Consumed: a key the user gave the module does nothing else.
        onDown: () => {
          ON_DOWN[id]();
          return true;
        },
      });
    }
  });
}
