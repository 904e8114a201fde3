/** The variant cannot change while holds of the current one are on any creature in a combat. */
import { MODULE_ID } from "../constants.ts";
import { storedHold } from "../holds.ts";
import { notify } from "../i18n.ts";

export function holdsInCombat(): boolean {
  for (const combat of game.combats) {
    for (const c of combat.combatants) {
      const actor = c.actor as Actor.Implementation | null;
      if (actor && [...actor.effects].some((e) => storedHold(e) !== undefined)) return true;
    }
  }
  return false;
}

export function refuseVariantChange(setting: { key?: string }): boolean {
  if (setting.key !== `${MODULE_ID}.variant`) return true;
  if (!holdsInCombat()) return true;
  notify("warn", "WC.Refuse.variantWhileHeld");
  return false;
}

export function listen(): void {
  // A world setting's first save creates its document; later ones update it.
  Hooks.on("preCreateSetting" as never, ((setting: { key?: string }) => refuseVariantChange(setting)) as never);
  Hooks.on("preUpdateSetting" as never, ((setting: { key?: string }) => refuseVariantChange(setting)) as never);
}
