/**
 * What a resolved action does to the world, in one shape for every variant, so the Foundry
 * shell can apply any variant's result without knowing its rules: holds to create or end,
 * damage to record, conditions to set or clear.
 */

/** Conditions the shell shows as status effects. */
export const CONDITION_IDS = ["prone", "stunned", "unconscious", "pinned", "grappled", "subdued", "immobilized"] as const;
export type ConditionId = (typeof CONDITION_IDS)[number];

/** A hold as the shell stores it: who holds whom, a label, and the variant's own record. */
export interface HoldRecord {
  readonly id: string;
  readonly holderId: string;
  readonly heldId: string;
  /** i18n key naming the hold (e.g. WC.Part.arm). */
  readonly label: string;
  /** The variant's full hold data, handed back to the core unchanged. */
  readonly data: unknown;
}

export interface DamageEntry {
  readonly targetId: string;
  /** Actual (lethal) points: they go to hit points. */
  readonly actual: number;
  /** Temporary (non-lethal) points: they go to the module's ledger. */
  readonly temporary: number;
  readonly reason: string;
}

export interface ConditionChange {
  readonly targetId: string;
  readonly condition: ConditionId;
  readonly active: boolean;
  /** How long, when the rules say: rounds, or segments (ten to a round). */
  readonly rounds?: number;
  readonly segments?: number;
}

export interface Consequences {
  readonly holdsAdded: HoldRecord[];
  readonly holdsRemoved: string[];
  readonly damage: DamageEntry[];
  readonly conditions: ConditionChange[];
  /** Announcements for hooks and cards: an attacker drained by undead, and the like. */
  readonly notes: Array<{ readonly key: string; readonly targetId: string }>;
  /** Intentions that take effect at the end of the round (a d12-holds overbear attempt). */
  readonly declarations?: Array<{ readonly kind: "overbear"; readonly holderId: string; readonly targetId: string }>;
  /** Free attack routines this action drew (002: one per opponent per round), for the shell to keep for the round. */
  freeAttacks?: Array<{ readonly byId: string; readonly againstId: string }>;
  /** Creatures taken up into the air, and how far (000: a flier lifting off with those hanging on). */
  lifts?: Array<{ readonly targetId: string; readonly feet: number }>;
}

export function noConsequences(): Consequences {
  return { holdsAdded: [], holdsRemoved: [], damage: [], conditions: [], notes: [] };
}
