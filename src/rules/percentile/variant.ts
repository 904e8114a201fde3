/**
 * Variant percentile (source 004) behind the shell's RulesVariant interface: maps the table's
 * action context onto this variant's inputs, resolves, gives odds, and states the consequences.
 *
 * The shell plays actions between two creatures, so each action here is the pairwise view of a
 * 004 procedure: a Break Free is the attempt against one holder (004 allows one per holder; the
 * break damage still goes to one holder only, the original), a Counter Grapple is against the
 * defender, and the overbear is always the end of a charge (004 allows it at no other time).
 * The grappled and pinned conditions are read from the holds in play as well as the profiles,
 * since both follow from the holds (004 §Grappled Condition, §Pinned), and so are arms locked
 * by a hold (they are not free to grapple with) and joining a grapple already on the target.
 *
 * This file assembles the variant from its parts: the dialog's boxes and the declared values
 * (situational.ts), the profile form (profile-fields.ts), an action's context read in (setup.ts),
 * keys and consequences (headlines.ts), the main actions resolved (resolve-wiring.ts) and their
 * odds (odds-wiring.ts), the extra actions (more-wiring.ts), and the round end (round-wiring.ts).
 */
import { vitality } from "../core/damage.ts";
import { profileWithoutId } from "../core/shell.ts";
import { moveCast } from "../core/movement.ts";
import type { MoveKind } from "../core/pace-left.ts";
import { kindAnswer } from "../core/pace-left.ts";
import type { MoveContext, RulesVariant } from "../variant.ts";
import { percentileMovement } from "./movement.ts";
import { percentileNext } from "./next.ts";
import type { PercentileOptions } from "./options.ts";
import { PERCENTILE_DEFAULTS, PERCENTILE_OPTION_SCHEMA, resolveOptions } from "./options.ts";
import { defaultCombatant } from "./profile.ts";
import { PROJECT_DEFAULT } from "./tables.ts";
import { actionOdds } from "./odds-wiring.ts";
import { combatant, PERCENTILE_PROFILE_FIELDS } from "./profile-fields.ts";
import { resolveAction } from "./resolve-wiring.ts";
import { endRound } from "./round-wiring.ts";
import { ACTIONS, holdsOf } from "./setup.ts";
import { SITUATIONAL } from "./situational.ts";

export { PERCENTILE_PROFILE_FIELDS } from "./profile-fields.ts";
export { holdRecord } from "./setup.ts";

export const percentileVariant: RulesVariant = {
  id: "percentile",
  source: "004",
  actions: ACTIONS,
  situational: (action) => SITUATIONAL[action] ?? [],
  profileFields: PERCENTILE_PROFILE_FIELDS,
  defaultProfile: () => profileWithoutId(defaultCombatant("x")),
  validateProfile: (id, profile, path) => combatant(id, profile, path),
  resolveOptions,
  optionSchema: PERCENTILE_OPTION_SCHEMA,
  // 004 counts unconsciousness as 000 does (the DMG rule it restates).
  conditionAfterDamage: (ledger) => {
    const v = vitality(ledger);
    return v.kind === "unconscious" ? { condition: "unconscious", rounds: v.rounds } : null;
  },
  projectTables: (action, rawOptions) => {
    const { tables } = rawOptions as PercentileOptions;
    const table = action === "overbear" ? tables.overbear : ["grapple", "breakFree", "counterGrapple"].includes(action) ? tables.grappling : undefined;
    return table && table.source === PROJECT_DEFAULT ? [table.id] : [];
  },

  // 004: the held may break free or counter-grapple on its turn; the holder may let go.
  holdActions: { held: [{ action: "breakFree" }, { action: "counterGrapple" }], holder: [{ action: "release" }] },
  next(ctx, r, rawOptions, after) {
    const o = (rawOptions ?? PERCENTILE_DEFAULTS) as PercentileOptions;
    return percentileNext(ctx, r, (c) => this.odds(c, o), o.maintainedHoldDamage === "eachLaterRound", after);
  },

  resolve: resolveAction,

  moveKind(kind: MoveKind, rawOptions: unknown) {
    return kindAnswer(kind, (rawOptions ?? PERCENTILE_DEFAULTS) as PercentileOptions);
  },

  movement(ctx: MoveContext, rawOptions: unknown) {
    const o = (rawOptions ?? PERCENTILE_DEFAULTS) as PercentileOptions;
    return percentileMovement({ ...moveCast(ctx, combatant), holds: holdsOf(ctx) }, o);
  },

  roundEnd: endRound,

  odds: actionOdds,
};
