/**
 * The token ruler while a creature in a hold is dragged (map/ruler.ts): the "dragged" movement
 * action is registered at init, and the configured ruler class subclassed at setup (after the
 * system set its own at init). The pace each token's group has left is read again whenever a
 * hold, an effect, a combat, a scene, a creature, a token or a world setting changes. Drawing
 * only: nothing is written, and no request is sent while a token is dragged.
 */
import { installRuler, paceChanged, registerDraggedAction } from "../map/ruler.ts";

const CHANGES = [
  "createActiveEffect",
  "updateActiveEffect",
  "deleteActiveEffect",
  "updateActor",
  "createToken",
  "updateToken",
  "deleteToken",
  "updateCombat",
  "deleteCombat",
  "createCombatant",
  "deleteCombatant",
  "updateScene",
  "updateSetting",
] as const;

export function listen(): void {
  Hooks.once("init", () => {
    registerDraggedAction();
  });
  Hooks.once("setup", () => {
    installRuler();
  });
  for (const hook of CHANGES) Hooks.on(hook as "updateScene", () => paceChanged());
}
