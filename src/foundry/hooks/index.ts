/** Every hook the module listens to, in the order they are registered. */
import * as announce from "./announce.ts";
import * as chat from "./chat.ts";
import * as chatLog from "./chat-log.ts";
import * as cleanup from "./cleanup.ts";
import * as diceSoNice from "./dice-so-nice.ts";
import * as holdsPanel from "./holds-panel.ts";
import * as grabRoll from "./grab-roll.ts";
import * as combatRound from "./combat-round.ts";
import * as combatTracker from "./combat-tracker.ts";
import * as creatureGuard from "./creature-guard.ts";
import * as init from "./init.ts";
import * as keys from "./keys.ts";
import * as movement from "./movement.ts";
import * as profileEntry from "./profile-entry.ts";
import * as requests from "./requests.ts";
import * as ruler from "./ruler.ts";
import * as settingsConfig from "./settings-config.ts";
import * as tethers from "./tethers.ts";
import * as tokenHud from "./token-hud.ts";
import * as variantGuard from "./variant-guard.ts";

export const LISTENERS = [chatLog, init, keys, tokenHud, profileEntry, combatTracker, combatRound, requests, chat, cleanup, creatureGuard, announce, variantGuard, movement, settingsConfig, tethers, diceSoNice, ruler, holdsPanel, grabRoll] as const;

export function registerHooks(): void {
  for (const l of LISTENERS) l.listen();
}
