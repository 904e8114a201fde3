/**
 * The module's own hooks, fired on every client (document hooks reach every client, where a
 * hook called on the GM's client alone would not): a hold made, a hold ended, a creature thrown
 * down. Each fires once per event, from the held creature's half of a hold, written by a GM (a
 * player's own change to their creature's effects makes or ends no hold: gm/hold-guard.ts).
 */
import { MODULE_ID } from "../base/constants.ts";
import { storedHold } from "../documents/holds.ts";
import { idsMeaning } from "../documents/statuses.ts";

export function listen(): void {
  const byGM = (userId: unknown) => game.users.get(userId as string)?.isGM === true;
  Hooks.on("createActiveEffect", (effect, _options, userId) => {
    const e = effect as ActiveEffect.Implementation;
    const hold = byGM(userId) ? storedHold(e) : undefined;
    if (hold?.role === "held") Hooks.callAll(`${MODULE_ID}.holdEstablished`, hold.record);
    // Effects do not re-render the combat tracker by themselves; its rows show the holds.
    if (hold) ui.combat?.render();
    const actor = e.parent as Actor.Implementation | null;
    if (storedHold(e) === undefined && idsMeaning("prone").some((id) => e.statuses.has(id)) && actor) Hooks.callAll(`${MODULE_ID}.overborne`, actor.token?.uuid ?? actor.uuid);
  });
  Hooks.on("deleteActiveEffect", (effect, _options, userId) => {
    const hold = byGM(userId) ? storedHold(effect as ActiveEffect.Implementation) : undefined;
    if (hold?.role === "held") Hooks.callAll(`${MODULE_ID}.holdBroken`, hold.record);
    if (hold) ui.combat?.render();
  });
}
