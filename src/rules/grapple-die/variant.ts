/**
 * Variant grapple-die (source 002) behind the shell's RulesVariant interface: maps the table's
 * action context onto this variant's resolvers, gives exact odds, and states the consequences.
 *
 * Who is who, per action:
 * - grapple, pummel, subdue, overbear: the attacker acts on the defender;
 * - counterGrapple, breakFree: the attacker is the creature held, the defender its holder;
 * - release: the attacker is the holder letting go of the defender.
 *
 * This file assembles the variant from its parts: the dialog's boxes and the declared values
 * (situational.ts), the profile form (profile-fields.ts), an action's context read in (setup.ts),
 * keys and the consequences of a free attack (headlines.ts), actions resolved (resolve-wiring.ts)
 * and their odds (odds-wiring.ts), what the extra actions need (more-wiring.ts), and the round
 * end (round-wiring.ts).
 */
import { subdualStatus } from "./subdual.ts";
import type { Dice } from "../core/dice.ts";
import { RulesInputError } from "../core/errors.ts";
import { headline, profileWithoutId } from "../core/shell.ts";
import type { MoveContext, MoveRollContext, MoveRollResolution, RulesVariant } from "../variant.ts";
import { moveCast } from "../core/movement.ts";
import type { MoveKind } from "../core/pace-left.ts";
import { kindAnswer } from "../core/pace-left.ts";
import { gdMoveRoll, gdMovement } from "./movement.ts";
import { grappleDieNext } from "./next.ts";
import type { GrappleDieOptions } from "./options.ts";
import { GRAPPLE_DIE_OPTION_SCHEMA, resolveOptions } from "./options.ts";
import { defaultCombatant } from "./profile.ts";
import { BASE_ARMOR_RATING, PROJECT_DEFAULT } from "./tables.ts";
import { actionOdds } from "./odds-wiring.ts";
import { combatant, GRAPPLE_DIE_PROFILE_FIELDS } from "./profile-fields.ts";
import { resolveAction } from "./resolve-wiring.ts";
import { endRound } from "./round-wiring.ts";
import { ACTIONS, holdsOf } from "./setup.ts";
import { SITUATIONAL } from "./situational.ts";

export { GRAPPLE_DIE_PROFILE_FIELDS } from "./profile-fields.ts";
export { roundLines } from "./round-wiring.ts";

export const grappleDieVariant: RulesVariant = {
  id: "grapple-die",
  source: "002",
  actions: ACTIONS,
  situational: (action) => SITUATIONAL[action] ?? [],
  profileFields: GRAPPLE_DIE_PROFILE_FIELDS,
  defaultProfile: () => profileWithoutId(defaultCombatant("x")),
  validateProfile: (id, profile, path) => combatant(id, profile, path),
  resolveOptions,
  optionSchema: GRAPPLE_DIE_OPTION_SCHEMA,
  // 002 §Striking to Subdue: at 0 hit points from real and temporary damage together, subdued.
  conditionAfterDamage: (ledger) => (subdualStatus(ledger).kind === "subdued" ? { condition: "subdued" } : null),
  projectTables: (action, rawOptions) => {
    const o = rawOptions as GrappleDieOptions;
    const die = o.table.source === PROJECT_DEFAULT && ["grapple", "counterGrapple"].includes(action) ? [o.table.id] : [];
    // The armour-rating scale behind pummel immunity is the module's own (002 names it only).
    return action === "pummel" ? [...die, BASE_ARMOR_RATING.id] : die;
  },

  // 002: the held may break free or counter-grapple on its turn; the holder may let go.
  holdActions: { held: [{ action: "breakFree" }, { action: "counterGrapple" }], holder: [{ action: "release" }] },
  next(ctx, r, o, after) {
    return grappleDieNext(ctx, r, (c) => this.odds(c, o), resolveOptions(o).unconsciousHolderLetsGo, after);
  },

  resolve: resolveAction,

  moveKind(kind: MoveKind, rawOptions: unknown) {
    return kindAnswer(kind, resolveOptions(rawOptions));
  },

  movement(ctx: MoveContext, rawOptions: unknown) {
    return gdMovement({ ...moveCast(ctx, combatant), holds: holdsOf(ctx) }, resolveOptions(rawOptions));
  },

  moveRoll(ctx: MoveRollContext, rawOptions: unknown, dice: Dice): MoveRollResolution {
    const o = resolveOptions(rawOptions);
    const { mover, others } = moveCast(ctx, combatant);
    const holds = holdsOf(ctx);
    const hold = holds.find((h) => h.id === ctx.holdId && h.holderId === mover.id);
    const held = hold ? others.get(hold.heldId) : undefined;
    if (!hold || !held) throw new RulesInputError([{ path: "holdId", code: "noSuchHold", params: { id: ctx.holdId } }]);
    const r = gdMoveRoll(mover, held, hold, holds, Math.max(1, ctx.round), o, dice);
    return { result: r.result, moved: r.moved, brings: r.brings, consequences: r.consequences, headline: headline(r.key, r.params) };
  },

  roundEnd: endRound,

  odds: actionOdds,
};
