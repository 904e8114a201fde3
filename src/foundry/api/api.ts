/** The module API on game.modules.get("weaponless-combat").api, for macros and other modules. */
import type { OddsOutcome, ShellAction } from "../../rules/index.ts";
import * as rules from "../../rules/index.ts";
import { MODULE_ID } from "../base/constants.ts";
import type { PerformOutcome } from "../base/types.ts";
import { act, validateIntent } from "../cards/request-card.ts";
import { refusalOf } from "../gm/resolve.ts";
import { renderCard } from "../cards/result-card.ts";
import { Refusal } from "../documents/cast.ts";
import { notify } from "../base/i18n.ts";
import { activeVariant, activeVariantId } from "../world/settings.ts";
import { oddsFor } from "../ui/action-dialog.ts";
import { controlledToken, launch } from "../ui/launch.ts";
import { openProfileForm } from "../ui/profile-form.ts";
import { openMassCharge } from "../ui/mass-charge-dialog.ts";
import { showWorldCheck } from "../ui/world-check.ts";
import { askReel } from "../cards/request-card.ts";
import { reachBetween } from "../map/reach.ts";
import { keptHold } from "../documents/ledger.ts";
import { tokenByUuid } from "../documents/cast.ts";
import type { WorldReport } from "../ui/world-report.ts";
import type { Intent, StoredCard, WeaponlessApi } from "../base/types.ts";

/**
 * The exact odds of an intent, checked as `act` checks one. What cannot be worked out (an intent
 * not understood, a token gone, an action these rules lack, a hold that is not there) is said in a
 * notice, and the list is empty.
 */
function odds(raw: unknown): OddsOutcome[] {
  try {
    // The defender's answers may be asked about: odds change nothing.
    const intent = validateIntent(raw);
    if (!activeVariant().actions.includes(intent.action)) throw new Refusal("WC.Refuse.noSuchAction", { action: intent.action });
    return oddsFor(intent);
  } catch (e) {
    const out = refusalOf(e);
    if (out.kind === "refused") notify("warn", out.key, out.params);
    return [];
  }
}

/** Whether `card` has the shape of a stored result card. */
function isCard(card: unknown): card is StoredCard {
  const c = card as Partial<StoredCard> | null;
  return typeof c === "object" && c !== null && typeof c.resolution === "object" && c.resolution !== null && typeof c.intent === "object" && c.intent !== null && typeof c.consequences === "object" && typeof c.state === "string";
}

export function buildApi(): WeaponlessApi & {
  use(action: ShellAction, attack?: string): Promise<PerformOutcome | null>;
  editProfile(actor?: Actor.Implementation): Promise<void>;
  renderCard(card: StoredCard): Promise<string>;
  massCharge(): Promise<unknown>;
  checkWorld(options?: { show?: boolean }): Promise<WorldReport | null>;
  reelIn(holdId: string, feet?: number): Promise<{ feet: number; leash: number | null } | null>;
} {
  return {
    moduleId: MODULE_ID,
    rules,
    act: (intent) => act({ declared: {}, ...intent }),
    odds: (intent: Intent): OddsOutcome[] => odds(intent),
    /** The controlled token uses `action` on the user's target, with the dialog. */
    use: async (action, attack) => {
      // One macro per action serves every rule set: one the world's rules lack says so at once
      // (a name no rule set has goes on, to be refused as not understood).
      if ((rules.SHELL_ACTIONS as readonly string[]).includes(action) && !activeVariant().actions.includes(action)) {
        notify("warn", "WC.Refuse.notInRules", { action: `WC.Action.${action}`, rules: `WC.Variant.${activeVariantId()}` });
        return null;
      }
      const token = controlledToken();
      // A grab names its attack by key (issue 31): the creature's first grabbing attack when none is named.
      return token ? launch(token, action, typeof attack === "string" ? attack : undefined) : null;
    },
    /** The HTML of a card from its stored data (the card's own template); "" for what is not a card. */
    renderCard: async (card) => {
      if (!isCard(card)) {
        notify("warn", "WC.Refuse.badCard");
        return "";
      }
      return renderCard(card);
    },
    /**
     * The holder of hold `holdId`, made at a distance, hauls its catch in (gm/reel.ts): `feet` of
     * it, or as far as the rules' pace still gives this round. Its owner or a GM; a player's goes
     * to the GM's tab as a request, checked there again. How far apart the two then stand and the
     * leash left (null: beside, an ordinary hold); null (with a notice) when it cannot.
     */
    reelIn: async (holdId, feet) => {
      const out = await askReel({ holdId, ...(feet !== undefined ? { feet } : {}) });
      if (out.kind !== "done") return null;
      const k = typeof holdId === "string" ? keptHold(holdId) : undefined;
      const holder = k ? tokenByUuid(k.hold.record.holderId) : undefined;
      const held = k ? tokenByUuid(k.hold.record.heldId) : undefined;
      return holder && held ? { feet: reachBetween(holder, held), leash: k?.hold.leash ?? null } : null;
    },
    /** GM: the selected tokens make a mass charge on the targeted ones (d12-holds). */
    massCharge: () => openMassCharge(),
    /** GM: what the module finds in this world; shown in a window unless `show: false`. */
    checkWorld: (options) => showWorldCheck(options?.show ?? true),
    editProfile: async (actor) => {
      const a = actor ?? (controlledToken()?.actor as Actor.Implementation | null | undefined);
      if (a) await openProfileForm(a);
    },
  };
}
