/**
 * What one browser tab loads: the module's code, as its own copy. The chaos runs load this file
 * afresh for every tab (vitest: after `vi.resetModules()`; `npm run chaos`: with the tab's number
 * on the URL, scripts/chaos/tab-loader.mjs), so no module state is shared between tabs that
 * Foundry would keep apart (the requests a tab has in hand, the requests a player waits on).
 * The harness reaches the module only through what a person or a macro reaches: the hooks it
 * registers, the chat card buttons (bindCard), the windows and dialogs it opens, and its API.
 */
export { registerHooks } from "../../src/foundry/hooks/index.ts";
export { bindCard } from "../../src/foundry/hooks/chat.ts";
export { openProfileForm } from "../../src/foundry/ui/profile-form.ts";
export { openRuleOptions } from "../../src/foundry/ui/rule-options.ts";
export { launch } from "../../src/foundry/ui/launch.ts";
