/** The module API on game.modules.get("weaponless-combat").api, for macros and other modules. */
import type { OddsOutcome, ShellAction } from "../rules/index.ts";
import * as rules from "../rules/index.ts";
import { MODULE_ID } from "./constants.ts";
import type { PerformOutcome } from "./perform.ts";
import { act } from "./requests.ts";
import { renderCard } from "./perform.ts";
import { oddsFor } from "./ui/action-dialog.ts";
import { controlledToken, launch } from "./ui/launch.ts";
import { openProfileForm } from "./ui/profile-form.ts";
import { openMassCharge } from "./mass-charge.ts";
import { showWorldCheck } from "./ui/world-check.ts";
import type { WorldReport } from "./world-check.ts";
import type { Intent, StoredCard, WeaponlessApi } from "./types.ts";

export function buildApi(): WeaponlessApi & {
  use(action: ShellAction): Promise<PerformOutcome | null>;
  editProfile(actor?: Actor.Implementation): Promise<void>;
  renderCard(card: StoredCard): Promise<string>;
  massCharge(): Promise<unknown>;
  checkWorld(options?: { show?: boolean }): Promise<WorldReport | null>;
} {
  return {
    moduleId: MODULE_ID,
    rules,
    act: (intent) => act({ declared: {}, ...intent }),
    odds: (intent: Intent): OddsOutcome[] => oddsFor(intent),
    /** The controlled token uses `action` on the user's target, with the dialog. */
    use: async (action) => {
      const token = controlledToken();
      return token ? launch(token, action) : null;
    },
    /** The HTML of a card from its stored data (the card's own template). */
    renderCard,
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
