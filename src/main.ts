/** Weaponless Combat: Foundry VTT v13 module entry point. */
import { registerHooks } from "./foundry/hooks/index.ts";

registerHooks();
