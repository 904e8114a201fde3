/**
 * Weaponless Combat: Foundry VTT v13 module entry point.
 *
 * Placeholder shell: it only announces itself at `init`. The Foundry layer
 * (settings, conditions, chat cards, API) is added in a later change.
 */

export const MODULE_ID = "weaponless-combat";

Hooks.once("init", () => {
  console.log(`${MODULE_ID} | Initialised`);
});
