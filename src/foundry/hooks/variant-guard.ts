/**
 * The module's world settings are checked before they are saved, however they are set (the
 * settings window, a macro, another module): a value the module cannot use is refused with a
 * message and the setting keeps its value. And the rules cannot change while holds of the
 * current ones are on any creature in a combat.
 */
import type { RulesInputError } from "../../rules/index.ts";
import { RULES_VARIANTS, RulesInputError as InputError } from "../../rules/index.ts";
import { MODULE_ID } from "../base/constants.ts";
import { storedHold } from "../documents/holds.ts";
import { i18n, notify } from "../base/i18n.ts";
import { VARIANT_IDS } from "../world/settings.ts";

export function holdsInCombat(): boolean {
  for (const combat of game.combats) {
    for (const c of combat.combatants) {
      const actor = c.actor as Actor.Implementation | null;
      if (actor && [...actor.effects].some((e) => storedHold(e) !== undefined)) return true;
    }
  }
  return false;
}

const CHOICES: Readonly<Record<string, readonly string[]>> = {
  variant: VARIANT_IDS.filter((v) => v in RULES_VARIANTS),
  automation: ["automatic", "confirm", "manual"],
  oddsAudience: ["everyone", "gm"],
};
const PATH = /^system(\.[A-Za-z0-9_-]+)+$/;

/** A setting's value as saved: JSON text (C-58), or the value itself. */
function valueOf(raw: unknown): unknown {
  if (typeof raw !== "string") return raw;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

function refuse(key: string, details: string): false {
  notify("warn", "WC.Refuse.badSetting", { setting: i18n.localize(key === "ruleOptions" ? "WC.Options.title" : `WC.Setting.${key}.name`), details });
  return false;
}

function issuesText(e: RulesInputError): string {
  return e.issues.map((i) => `${i.path}: ${i18n.format(`WC.Error.${i.code}`, i.params ?? {})}`).join("; ");
}

/** Whether the module's setting `key` may take `value`; says why not. */
export function settingAllowed(key: string, value: unknown): boolean {
  const choices = CHOICES[key];
  if (choices && !choices.includes(value as string)) return refuse(key, i18n.format("WC.Refuse.settingChoice", { allowed: choices.join(", "), got: JSON.stringify(value) ?? "?" }));
  if ((key === "hpPath" || key === "hpMaxPath") && !(typeof value === "string" && (value === "" || PATH.test(value)))) return refuse(key, i18n.format("WC.Refuse.settingPath", { got: JSON.stringify(value) ?? "?" }));
  if (key === "showNpcNumbers" && typeof value !== "boolean") return refuse(key, i18n.format("WC.Error.notBoolean", { got: JSON.stringify(value) ?? "?" }));
  if (key === "ruleOptions") {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return refuse(key, i18n.format("WC.Error.notObject", { got: JSON.stringify(value) ?? "?" }));
    for (const [variant, options] of Object.entries(value as Record<string, unknown>)) {
      const v = RULES_VARIANTS[variant];
      if (!v) return refuse(key, i18n.format("WC.Error.unknownVariant", { variant }));
      try {
        v.resolveOptions(options);
      } catch (e) {
        if (!(e instanceof InputError)) throw e;
        return refuse(key, issuesText(e));
      }
    }
  }
  if (key === "variant" && holdsInCombat()) {
    notify("warn", "WC.Refuse.variantWhileHeld");
    return false;
  }
  return true;
}

export function guardSetting(setting: { key?: string }, change: { value?: unknown } | undefined): boolean {
  const prefix = `${MODULE_ID}.`;
  if (!setting.key?.startsWith(prefix)) return true;
  return settingAllowed(setting.key.slice(prefix.length), valueOf(change?.value ?? (setting as { value?: unknown }).value));
}

export function listen(): void {
  // A world setting's first save creates its document; later ones update it.
  Hooks.on("preCreateSetting" as never, ((setting: { key?: string }, data: { value?: unknown }) => guardSetting(setting, data)) as never);
  Hooks.on("preUpdateSetting" as never, ((setting: { key?: string }, changed: { value?: unknown }) => guardSetting(setting, changed)) as never);
}
