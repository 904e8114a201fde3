/**
 * The module's own hooks, fired on every client (document hooks reach every client, where a
 * hook called on the GM's client alone would not): a hold made, a hold ended (each from the held
 * creature's half of the hold), a creature brought to the ground by a result of the module (from
 * the prone condition the module's result adds, its own or the host's status, marked as the
 * module's). A prone status set by hand, by the system or by another module is not the module's
 * result and fires nothing; nor does a result on a creature that was down already. Each fires
 * once per event, and only for what a GM wrote (a player's own change to their creature's effects
 * makes or ends no hold, and the guard's repairs of it announce nothing: gm/hold-guard.ts).
 */
import { MODULE_ID } from "../base/constants.ts";
import { storedHold } from "../documents/holds.ts";

/** Whether a GM's write is the hold guard's repair (gm/hold-guard.ts REPAIR): nothing to announce. */
function isRepair(options: unknown): boolean {
  const o = (options as Record<string, unknown> | undefined)?.[MODULE_ID];
  return typeof o === "object" && o !== null && (o as Record<string, unknown>).repair === true;
}

export function listen(): void {
  const byGM = (userId: unknown) => game.users.get(userId as string)?.isGM === true;
  Hooks.on("createActiveEffect", (effect, options, userId) => {
    if (!byGM(userId) || isRepair(options)) return;
    const e = effect as ActiveEffect.Implementation;
    const hold = storedHold(e);
    if (hold?.role === "held") Hooks.callAll(`${MODULE_ID}.holdEstablished`, hold.record);
    // Effects do not re-render the combat tracker by themselves; its rows show the holds.
    if (hold) ui.combat?.render();
    const actor = e.parent as Actor.Implementation | null;
    if (!hold && e.getFlag(MODULE_ID, "condition") === "prone" && actor) Hooks.callAll(`${MODULE_ID}.overborne`, actor.token?.uuid ?? actor.uuid);
  });
  Hooks.on("deleteActiveEffect", (effect, options, userId) => {
    if (!byGM(userId) || isRepair(options)) return;
    const hold = storedHold(effect as ActiveEffect.Implementation);
    if (hold?.role === "held") Hooks.callAll(`${MODULE_ID}.holdBroken`, hold.record);
    if (hold) ui.combat?.render();
  });
}
