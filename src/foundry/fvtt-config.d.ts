// Declaration merging into the Foundry types: our settings, flags, API and hooks, typed once.
import type { HoldRecord } from "../rules/index.ts";
import type { GrabOverride } from "../systems/index.ts";
import type { UndoRecord } from "./gm/apply.ts";
import type { StoredMassCharge } from "./gm/mass-charge.ts";
import type { StoredRoundCard } from "./gm/round-end.ts";
import type { Aloft, Dragged } from "./map/check.ts";
import type { GmMovePolicy } from "./world/settings.ts";
import type { StoredMapCard, StoredMoveRequest } from "./gm/moves.ts";
import type { AutomationLevel, OddsAudience, StoredCard, StoredHold, StoredRequest, StoredStrike, VariantId, WeaponlessApi } from "./base/types.ts";

declare module "fvtt-types/configuration" {
  interface AssumeHookRan {
    ready: never;
  }

  interface SettingConfig {
    "weaponless-combat.variant": VariantId;
    "weaponless-combat.automation": AutomationLevel;
    "weaponless-combat.oddsAudience": OddsAudience;
    "weaponless-combat.showNpcNumbers": boolean;
    "weaponless-combat.gmMoveHolds": GmMovePolicy;
    "weaponless-combat.hpPath": string;
    "weaponless-combat.hpMaxPath": string;
    "weaponless-combat.ruleOptions": Record<string, Record<string, unknown>>;
    "weaponless-combat.tethers": boolean;
    "weaponless-combat.tethersForPlayers": boolean;
    "weaponless-combat.ledgerVersion": number;
    "weaponless-combat.npcFightsGmOnly": boolean;
    "weaponless-combat.roundDiceLimit": number;
    "weaponless-combat.diceInOrder": boolean;
    "weaponless-combat.diceOrderDone": boolean;
    "weaponless-combat.grabSeals": Record<string, string>;
  }

  interface FlagConfig {
    Actor: {
      "weaponless-combat": {
        profile?: Record<string, Record<string, unknown>>;
        temporary?: number;
        /** Ids of results already applied to this actor (cards), newest last. */
        applied?: string[];
        /** The GM's grab marks by attack key (documents/grabs.ts; believed only where a GM wrote them). */
        grabs?: Record<string, GrabOverride>;
      };
    };
    ActiveEffect: {
      "weaponless-combat": {
        hold?: StoredHold;
        /** The condition a module-made status effect stands for (apply.ts conditionEffect). */
        condition?: string;
        /** A hold made in a combat: that combat's id. */
        combat?: string;
        /** A timed condition whose clock a combat keeps: that combat's id. */
        clock?: string;
      };
    };
    Token: {
      "weaponless-combat": {
        /** Lifted off the ground (null once down again). */
        aloft?: Aloft | null;
        dragged?: Dragged;
      };
    };
    ChatMessage: {
      "weaponless-combat": {
        card?: StoredCard;
        /** A blind card's note to the player who asked (cards/visibility.ts): the request it answers, nothing more. */
        blindNote?: { requestId: string };
        request?: StoredRequest;
        undo?: UndoRecord[];
        roundCard?: StoredRoundCard;
        strike?: StoredStrike;
        massCharge?: StoredMassCharge;
        mapCard?: StoredMapCard;
        moveRequest?: StoredMoveRequest;
      };
    };
  }

  namespace Hooks {
    interface HookConfig {
      "weaponless-combat.holdEstablished": (hold: HoldRecord) => void;
      "weaponless-combat.holdBroken": (hold: HoldRecord) => void;
      "weaponless-combat.overborne": (participantId: string) => void;
    }
  }

  interface ModuleConfig {
    "weaponless-combat": {
      api: WeaponlessApi;
    };
  }
}
