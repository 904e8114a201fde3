/** The module's settings, registered once at init and read through these functions (its two windows, the Rule Options and Check this world, are registered by ui/menus.ts). */
import { RULES_VARIANTS } from "../../rules/index.ts";
import type { RulesVariant } from "../../rules/index.ts";
import { MODULE_ID } from "../base/constants.ts";
import { tabState } from "../base/tab.ts";
import type { AutomationLevel, OddsAudience, VariantId } from "../base/types.ts";


export const VARIANT_IDS: readonly VariantId[] = ["d12-holds", "grapple-die", "percentile"];

/** What the GM's move of a token in a hold does, when the GM has not set it to ask. */
export type GmMovePolicy = "ask" | "bringAlong" | "endHolds" | "moveAlone";
export const GM_MOVE_POLICIES: readonly GmMovePolicy[] = ["ask", "bringAlong", "endHolds", "moveAlone"];

export function registerSettings(onVariantChange: (v: VariantId) => void): void {
  const s = game.settings;
  s.register(MODULE_ID, "variant", {
    name: "WC.Setting.variant.name",
    hint: "WC.Setting.variant.hint",
    scope: "world",
    config: true,
    type: String,
    choices: Object.fromEntries(VARIANT_IDS.filter((v) => v in RULES_VARIANTS).map((v) => [v, `WC.Variant.${v}`])) as Record<VariantId, string>,
    default: "d12-holds",
    onChange: (v) => {
      onVariantChange(v as VariantId);
      tetherSettingsChanged();
    },
  });
  s.register(MODULE_ID, "automation", {
    name: "WC.Setting.automation.name",
    hint: "WC.Setting.automation.hint",
    scope: "world",
    config: true,
    type: String,
    choices: { automatic: "WC.Setting.automation.automatic", confirm: "WC.Setting.automation.confirm", manual: "WC.Setting.automation.manual" },
    default: "automatic",
  });
  s.register(MODULE_ID, "oddsAudience", {
    name: "WC.Setting.oddsAudience.name",
    hint: "WC.Setting.oddsAudience.hint",
    scope: "world",
    config: true,
    type: String,
    choices: { everyone: "WC.Setting.oddsAudience.everyone", gm: "WC.Setting.oddsAudience.gm" },
    default: "everyone",
  });
  s.register(MODULE_ID, "showNpcNumbers", {
    name: "WC.Setting.showNpcNumbers.name",
    hint: "WC.Setting.showNpcNumbers.hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: false,
  });
  s.register(MODULE_ID, "gmMoveHolds", {
    name: "WC.Setting.gmMoveHolds.name",
    hint: "WC.Setting.gmMoveHolds.hint",
    scope: "world",
    config: true,
    type: String,
    choices: Object.fromEntries(GM_MOVE_POLICIES.map((p) => [p, `WC.Setting.gmMoveHolds.${p}`])) as Record<GmMovePolicy, string>,
    default: "ask",
  });
  // Empty unless the GM sets them: empty means the host system's own path (creature.ts), which
  // the settings window shows as each input's placeholder (hooks/settings-config.ts).
  s.register(MODULE_ID, "hpPath", {
    name: "WC.Setting.hpPath.name",
    hint: "WC.Setting.hpPath.hint",
    scope: "world",
    config: true,
    type: String,
    default: "",
  });
  s.register(MODULE_ID, "hpMaxPath", {
    name: "WC.Setting.hpMaxPath.name",
    hint: "WC.Setting.hpMaxPath.hint",
    scope: "world",
    config: true,
    type: String,
    default: "",
  });
  // Tethers on the map (map/tethers.ts): each client may turn them off; the GM may keep them from players.
  s.register(MODULE_ID, "tethers", {
    name: "WC.Setting.tethers.name",
    hint: "WC.Setting.tethers.hint",
    scope: "client",
    config: true,
    type: Boolean,
    default: true,
    onChange: () => tetherSettingsChanged(),
  });
  s.register(MODULE_ID, "tethersForPlayers", {
    name: "WC.Setting.tethersForPlayers.name",
    hint: "WC.Setting.tethersForPlayers.hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: true,
    onChange: () => tetherSettingsChanged(),
  });
  s.register(MODULE_ID, "ruleOptions", {
    scope: "world",
    config: false,
    type: Object,
    default: {},
  });
  // Secrets the GM keeps (cards/visibility.ts): a fight no player has a creature in is the GM's
  // own business (default on: players learn of it on the map, not its numbers in the chat).
  s.register(MODULE_ID, "npcFightsGmOnly", {
    name: "WC.Setting.npcFightsGmOnly.name",
    hint: "WC.Setting.npcFightsGmOnly.hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: true,
  });
  // Dice So Nice (an optional module; base/dice-so-nice.ts): a round card's dice are thrown only
  // up to so many (default 12: a large battle's round end would throw dozens at once).
  s.register(MODULE_ID, "roundDiceLimit", {
    name: "WC.Setting.roundDiceLimit.name",
    hint: "WC.Setting.roundDiceLimit.hint",
    scope: "world",
    config: true,
    type: Number,
    default: 12,
  });
  // Dice So Nice throws a message's rolls all at once unless its world setting for that is off;
  // its documentation asks a package that orders its dice to turn it off once (default on).
  s.register(MODULE_ID, "diceInOrder", {
    name: "WC.Setting.diceInOrder.name",
    hint: "WC.Setting.diceInOrder.hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: true,
  });
  // Whether this world had Dice So Nice's setting turned off once already (the GM may turn it back).
  s.register(MODULE_ID, "diceOrderDone", {
    scope: "world",
    config: false,
    type: Boolean,
    default: false,
  });
  // The GM's seals of the grab marks on creatures players own (documents/grabs.ts): by actor UUID,
  // the marks a GM last wrote there, as canonical JSON. Only a GM writes world settings (C-92).
  s.register(MODULE_ID, "grabSeals", {
    scope: "world",
    config: false,
    type: Object,
    default: {},
  });
  // The version of the hold ledger the world's holds are kept in (0: made before it; gm/ledger-migration.ts).
  s.register(MODULE_ID, "ledgerVersion", {
    scope: "world",
    config: false,
    type: Number,
    default: 0,
  });
}

export function activeVariantId(): VariantId {
  return game.settings.get(MODULE_ID, "variant");
}

export function activeVariant(): RulesVariant {
  const v = RULES_VARIANTS[activeVariantId()];
  if (!v) throw new Error(`${MODULE_ID}: variant ${activeVariantId()} is not available`);
  return v;
}

/** The active variant's options: the GM's stored choices over the variant's defaults. */
export function activeOptions(): unknown {
  const stored = game.settings.get(MODULE_ID, "ruleOptions")[activeVariantId()] ?? {};
  return activeVariant().resolveOptions(stored);
}

export function automation(): AutomationLevel {
  return game.settings.get(MODULE_ID, "automation");
}

export function oddsAudience(): OddsAudience {
  return game.settings.get(MODULE_ID, "oddsAudience");
}

/** What the GM's own move of a token in a hold does: ask, or the GM's standing answer. */
export function gmMovePolicy(): GmMovePolicy {
  return game.settings.get(MODULE_ID, "gmMoveHolds");
}

export function hpPaths(): { value: string; max: string } {
  return { value: game.settings.get(MODULE_ID, "hpPath"), max: game.settings.get(MODULE_ID, "hpMaxPath") };
}

/** Whether a fight no player has a creature in goes to the GMs only when its mode is public. */
export function npcFightsGmOnly(): boolean {
  return game.settings.get(MODULE_ID, "npcFightsGmOnly") !== false;
}

/** The most dice a round card throws with Dice So Nice (0: none); a bad value counts as the default. */
export function roundDiceLimit(): number {
  const v = game.settings.get(MODULE_ID, "roundDiceLimit");
  return typeof v === "number" && Number.isFinite(v) && v >= 0 ? Math.floor(v) : 12;
}

/** Whether the module may turn off Dice So Nice's "all of a message's rolls at once", once. */
export function diceInOrder(): boolean {
  return game.settings.get(MODULE_ID, "diceInOrder") !== false;
}

/** Whether this client draws tethers on the map (its own setting). */
export function tethersOn(): boolean {
  return game.settings.get(MODULE_ID, "tethers") !== false;
}

/** Whether players are shown tethers (the world's setting). */
export function tethersForPlayers(): boolean {
  return game.settings.get(MODULE_ID, "tethersForPlayers") !== false;
}

const tetherListeners = () => tabState("tether-settings", () => new Set<() => void>());

/** Calls `fn` when a setting the tethers depend on changes (theirs, or the rules: holds are the variant's). */
export function onTetherSettings(fn: () => void): () => void {
  tetherListeners().add(fn);
  return () => tetherListeners().delete(fn);
}

function tetherSettingsChanged(): void {
  for (const fn of tetherListeners()) fn();
}
