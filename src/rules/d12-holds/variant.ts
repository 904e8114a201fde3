/**
 * Variant d12-holds behind the shell's RulesVariant interface: maps the table's action context
 * onto this variant's inputs, resolves, gives odds, and states the consequences.
 *
 * This file assembles the variant from its parts: the dialog's boxes and the declared values
 * (situational.ts), the profile form (profile-fields.ts), the actions and holds read in
 * (setup.ts), headlines beyond the plain keys (headlines.ts), actions resolved
 * (resolve-wiring.ts) and their odds (odds-wiring.ts), and the round end (round-wiring.ts).
 */
import { vitality } from "../core/damage.ts";
import { profileWithoutId } from "../core/shell.ts";
import type { MoveContext, RulesVariant } from "../variant.ts";
import { d12Fall, d12Movement, speedFeet } from "./movement.ts";
import { moveCast, reelAnswer } from "../core/movement.ts";
import type { MoveKind } from "../core/pace-left.ts";
import { kindAnswer } from "../core/pace-left.ts";
import { validateHold } from "./actions.ts";
import type { D12Options } from "./options.ts";
import { D12_OPTION_SCHEMA, resolveOptions } from "./options.ts";
import { defaultCombatant } from "./profile.ts";
import { d12Next } from "./next.ts";
import { actionOdds } from "./odds-wiring.ts";
import { combatant, D12_PROFILE_FIELDS } from "./profile-fields.ts";
import { resolveAction } from "./resolve-wiring.ts";
import { endRound, roundEndBreaks } from "./round-wiring.ts";
import { ACTIONS } from "./setup.ts";
import { SITUATIONAL } from "./situational.ts";

export { D12_PROFILE_FIELDS } from "./profile-fields.ts";
export { roundLines } from "./round-wiring.ts";

export const d12Variant: RulesVariant = {
  id: "d12-holds",
  source: "000",
  actions: ACTIONS,
  situational: (action) => SITUATIONAL[action] ?? [],
  profileFields: D12_PROFILE_FIELDS,
  defaultProfile: () => profileWithoutId(defaultCombatant("x")),
  validateProfile: (id, profile, path) => combatant(id, profile, path),
  resolveOptions,
  optionSchema: D12_OPTION_SCHEMA,
  // 000 §Damage: out for one round per point past the hit points, and one for reaching them.
  conditionAfterDamage: (ledger) => {
    const v = vitality(ledger);
    return v.kind === "unconscious" ? { condition: "unconscious", rounds: v.rounds } : null;
  },
  // Every table of 000 is printed in the text.
  projectTables: () => [],
  // 000: the held may break free (or fly off); the holder may let go or try to bear it down.
  // 000 §Overbearing: the attempt is rolled at the end of the round; in a fight the action declares it.
  declarations: ["overbear"],
  holdActions: { held: [{ action: "breakFree" }, { action: "liftOff" }], holder: [{ action: "release" }, { action: "overbear", label: "WC.Card.declareOverbear" }] },
  next: (ctx, r, o, after) => d12Next(ctx, r, o as D12Options, after),

  resolve: resolveAction,

  roundEnd: endRound,
  roundEndBreaks,

  moveKind(kind: MoveKind, rawOptions: unknown) {
    return kindAnswer(kind, rawOptions as D12Options);
  },

  movement(ctx: MoveContext, rawOptions: unknown) {
    const o = rawOptions as D12Options;
    const holds = ctx.holds.map((h, i) => validateHold(h.data, `holds[${i}].data`));
    return d12Movement({ ...moveCast(ctx, combatant), holds, airborne: ctx.airborne === true }, o);
  },

  reelIn(who, rawOptions) {
    const o = rawOptions as D12Options;
    return reelAnswer(speedFeet(combatant(who.id, who.profile, "who"), o), o.reelInPace);
  },

  chargeFeet(who, rawOptions) {
    const o = rawOptions as D12Options;
    const speed = speedFeet(combatant(who.id, who.profile, "who"), o);
    return o.chargeRun === "move" ? speed : 2 * speed;
  },

  fall(who, feet) {
    return d12Fall(combatant(who.id, who.profile, "who"), feet);
  },

  odds: actionOdds,
};
