/**
 * The one check: whether one creature may take an action on another now, for a given user, and
 * why not. Every way in asks it: the token HUD's palette and the combat tracker's menu (to grey
 * or leave out what cannot apply), macros and the API (through `act`), and the GM's tab when it
 * carries out any action, a player's request or the GM's own (`cards/result-card.ts` `perform`).
 * What the GM's tab decides is what counts: a player's console can post any request.
 *
 * In order: the action is in the rules; both creatures are there, on one scene, and two; the user
 * controls the actor; the user can see the target (a player never acts on a token the GM hid, and
 * is not told its name); a player's creature does not step out of a fight to act uncounted; the
 * two stand within reach (map/reach.ts, map/reach-geometry.ts: each with its footprint on the
 * grid, a player's creature's capped by its size class; their elevations; no wall that stops
 * movement between them; a grapple also at the attacker's hold reach), or, for a charge, the
 * target lies within the run the rules allow (`chargeFeet`); the actor is conscious; a player's
 * creature has not done this already this round; and the rules themselves allow it for this pair
 * (holds, flight). Hauling in a creature held at a distance ("reelIn", the map's action) is
 * checked by gm/reel.ts `reelVerdict`: the hold and its leash, the owner, the holder awake, sight,
 * and the feet left of the rules' pace this round.
 *
 * A refusal the GM may set aside is `overridable`: the GM acting from their own tab may carry the
 * action out as a named "GM's call", which the card shows. Players never can.
 */
import type { ShellAction } from "../../rules/index.ts";
import { isRefusalOdds, roundAllowance, SHELL_ACTIONS } from "../../rules/index.ts";
import { i18n } from "../base/i18n.ts";
import type { Intent } from "../base/types.ts";
import { combatOf, inStartedCombat, participant, Refusal, resolveCast, tokenByUuid } from "../documents/cast.ts";
import type { Side } from "../documents/cast.ts";
import { holdsAround } from "../documents/holds.ts";
import { grabAttack } from "../documents/grab-attack.ts";
import { conditionsOn } from "../documents/statuses.ts";
import { chargeRunOf, reachOf, withinHoldReach } from "../map/reach.ts";
import { activeOptions, activeVariant, activeVariantId } from "../world/settings.ts";
import { contextFor, refusalOf } from "./resolve.ts";
import { REEL_IN, reelVerdict } from "./reel.ts";

/** The answer: go ahead, or the reason not to (a text key and its parameters). */
export type Verdict =
  | { readonly ok: true }
  | {
      readonly ok: false;
      readonly key: string;
      readonly params: Readonly<Record<string, string | number>>;
      /** The GM may carry it out all the same, as a named GM's call. */
      readonly overridable: boolean;
      /** The reason alone, for a tooltip (the rules' own words), when the key's text says more. */
      readonly short?: string;
    };

/** What the check is asked about: an intent without its circumstances. */
export interface Ask {
  readonly action: string;
  readonly attackerUuid: string;
  readonly defenderUuid: string;
  readonly holdId?: string;
  readonly declared?: Intent["declared"];
  /** A grab: the grabbing attack's key (issue 31). */
  readonly attack?: string;
  /** A grab from a host attack roll the GM pointed to (its to-hit made there). */
  readonly hostHit?: true;
  /** Hauling in (the map's action "reelIn", gm/reel.ts): how many feet (absent: all the pace left this round). */
  readonly feet?: number;
}

/** How many times this round the creature has done what the intent counts against (the GM's cards). */
export type RoundCount = (intent: Intent, combat: Combat.Implementation, round: number) => number;

export interface VerdictOptions {
  /** Ask the rules too (their odds): the palette and the menu do; the GM's tab resolves them anyway. */
  readonly rules?: boolean;
}

/** Actions that ask no reach: a charge ends beside its target (its run is measured instead); standing up and lifting off are the creature's own. */
export const NO_REACH: readonly ShellAction[] = ["chargingOverbear", "standUp", "liftOff"];

/** Actions that take hold, which an attack with reach may make at that reach (a whip, a tentacle; map/reach.ts). */
const AT_REACH: readonly ShellAction[] = ["grapple", "grab"];

/** Actions aimed at the other side of a hold: reach is the hold's own (the two are in contact). */
const HOLD_ACTIONS: readonly ShellAction[] = ["breakFree", "release", "counterGrapple", "liftOff"];

const no = (key: string, params: Readonly<Record<string, string | number>>, overridable: boolean, short?: string): Verdict => ({ ok: false, key, params, overridable, ...(short !== undefined ? { short } : {}) });

/** Whether this user may see the token: a GM sees every token, anyone else never one the GM hid (unless they own it). */
export function seesToken(user: User.Implementation, s: Side): boolean {
  if (user.isGM) return true;
  if ((s.token as { hidden?: boolean }).hidden !== true) return true;
  return s.actor.testUserPermission(user, "OWNER");
}

/** Whether the creature is out of action: the host's or the module's unconscious status on it. */
function unconscious(s: Side): boolean {
  try {
    return conditionsOn(s.actor).has("unconscious");
  } catch {
    return false;
  }
}

/**
 * Lift off is the creature's own act (it tears free of every hold on it by flying up): on one
 * neither held nor able to fly it has nothing to do. The reason, said of the creature, or null.
 */
function liftOffBar(s: Side, variantId: string): Verdict | null {
  const held = holdsAround([s.actor], variantId as never).some((h) => h.heldId === s.id);
  if (held) return null;
  let flies = false;
  try {
    const p = participant(s, activeVariant()).profile as { flight?: unknown };
    flies = typeof p.flight === "string" && p.flight !== "none";
  } catch {
    flies = false;
  }
  return no(flies ? "WC.Refuse.liftOffNotHeld" : "WC.Refuse.liftOffNeither", { name: s.name }, false);
}

/**
 * Whether `user` may have the intent's attacker take its action on its defender now. `count`
 * says what the creature has done this round (the GM's cards; `cards/result-card.ts`).
 */
export function mayAct(ask: Ask, user: User.Implementation, count: RoundCount, opts: VerdictOptions = {}): Verdict {
  // Hauling in a creature held at a distance is the map's, not the rules' table of actions: its
  // own check (the hold, the owner, the holder awake, the pace left this round).
  if (ask.action === REEL_IN) {
    const v = reelVerdict(ask, user);
    if (!v.ok) return v;
    const held = tokenByUuid(ask.defenderUuid);
    if (held?.actor && !seesToken(user, { token: held, actor: held.actor, id: held.uuid, name: held.name ?? "" })) return no("WC.Refuse.cannotSee", {}, false);
    return v;
  }
  const variant = activeVariant();
  if (!(SHELL_ACTIONS as readonly string[]).includes(ask.action)) return no("WC.Refuse.malformed", {}, false);
  if (!variant.actions.includes(ask.action as ShellAction)) return no("WC.Refuse.noSuchAction", { action: ask.action }, false);
  const action = ask.action as ShellAction;
  // Lift off is the creature's own: on one neither held nor flying its true reason comes first
  // (aimed at the creature itself, it would otherwise read "cannot act against itself").
  if (action === "liftOff") {
    const token = tokenByUuid(ask.attackerUuid);
    if (token?.actor) {
      const bar = liftOffBar({ token, actor: token.actor, id: token.uuid, name: token.name ?? "" }, activeVariantId());
      if (bar) return bar;
    }
  }
  let attacker: Side;
  let defender: Side;
  try {
    ({ attacker, defender } = resolveCast(ask.attackerUuid, ask.defenderUuid));
  } catch (e) {
    if (e instanceof Refusal) return no(e.key, e.params, false);
    throw e;
  }
  if (!user.isGM && !attacker.actor.testUserPermission(user, "OWNER")) return no("WC.Refuse.notOwner", { name: attacker.name }, false);
  // A token the GM hid is not there for a player: refused without its name.
  if (!seesToken(user, defender)) return no("WC.Refuse.cannotSee", {}, false);
  const combat = combatOf(attacker, defender);
  // One in a fight and one out of it: a player's creature cannot step out of the combat to act
  // uncounted against one still in it (the GM may, and may put it back in).
  if (!user.isGM && !combat) {
    const outside = [attacker, defender].find((s) => !inStartedCombat(s));
    if (outside && [attacker, defender].some((s) => inStartedCombat(s))) return no("WC.Refuse.notInFight", { name: outside.name }, false);
  }
  // Release lets go of a hold the creature has on the other: with none, there is nothing to let go.
  if (action === "release" && !holdsAround([attacker.actor], activeVariantId()).some((h) => h.holderId === attacker.id && h.heldId === defender.id)) {
    return no("WC.Result.notAllowedBecause", { reason: "WC.Error.holdsNothing" }, false);
  }
  // A grab is made with one of the creature's own grabbing attacks, read from its sheet (issue 31):
  // an attack that does not grab, or that it does not have, is no grab.
  if (action === "grab" && !grabAttack(attacker.actor, ask.attack)) return no("WC.Refuse.notGrabbing", { name: attacker.name }, false);
  // A host attack roll the GM pointed to was made in the host, at its reach and in its turn: the
  // GM's own word, not asked again (a player's request never carries it).
  const soft = ask.hostHit === true && user.isGM && action === "grab" ? null : softRefusal(ask, action, attacker, defender, user, combat, count);
  // A player is told the first reason; a GM's refusal that the GM may set aside never hides one
  // the GM cannot (the rules' own), so the GM is offered only what could be carried out.
  if (soft && !user.isGM) return soft;
  if (opts.rules) {
    const rules = rulesSay(ask, action, attacker, defender);
    if (!rules.ok) return rules;
  }
  return soft ?? { ok: true };
}

/** Reach, consciousness and a player's count this round: the refusals a GM may set aside. */
function softRefusal(ask: Ask, action: ShellAction, attacker: Side, defender: Side, user: User.Implementation, combat: Combat.Implementation | undefined, count: RoundCount): Verdict | null {
  const inHold = ask.holdId !== undefined && HOLD_ACTIONS.includes(action) && holdsAround([attacker.actor], activeVariantId()).some((h) => h.id === ask.holdId && [h.heldId, h.holderId].includes(defender.id));
  if (!NO_REACH.includes(action) && !inHold) {
    const reach = reachOf(attacker, defender);
    if (reach.walled) return no("WC.Refuse.walled", { name: defender.name }, true);
    if (!reach.beside && !(AT_REACH.includes(action) && withinHoldReach(attacker, defender, reach))) return no("WC.Hud.outOfReach", { name: defender.name }, true);
  }
  if (action === "chargingOverbear") {
    const tooFar = chargeBar(attacker, defender);
    if (tooFar) return tooFar;
  }
  if (unconscious(attacker)) return no("WC.Refuse.unconscious", { name: attacker.name }, true);
  // What the creature did this round holds a player's creature to the rules' count; the GM, who
  // referees, is not held to it (rules/core/allowance.ts: iterative attacks are the GM's call).
  const allowance = user.isGM ? null : roundAllowance(activeVariantId(), action);
  if (allowance && combat) {
    const intent: Intent = { action, attackerUuid: attacker.id, defenderUuid: defender.id, declared: ask.declared ?? {}, ...(ask.holdId ? { holdId: ask.holdId } : {}) };
    if (count(intent, combat, combat.round ?? 0) >= allowance.limit) return no("WC.Refuse.perRound", { name: attacker.name, action: `WC.Action.${action}`, reason: allowance.reason }, true);
  }
  return null;
}

/**
 * A charge runs at most as far as the rules allow (the variant's `chargeFeet`, its option
 * `chargeRun`): a target further off than that is refused, with the feet and the limit. A profile
 * the rules cannot read sets no limit here (the rules' own check says what is wrong with it).
 */
function chargeBar(attacker: Side, defender: Side): Verdict | null {
  const variant = activeVariant();
  if (!variant.chargeFeet) return null;
  let limit: number | null;
  try {
    limit = variant.chargeFeet({ id: attacker.id, profile: participant(attacker, variant).profile }, activeOptions());
  } catch {
    return null;
  }
  if (limit === null || !Number.isFinite(limit)) return null;
  const feet = chargeRunOf(attacker, defender);
  return feet > limit + 0.01 ? no("WC.Refuse.chargeTooFar", { name: attacker.name, feet: Math.round(feet), limit: Math.round(limit) }, true) : null;
}

/** The rules' own answer for the pair (their odds): a refusal with their reason, or go ahead. */
function rulesSay(ask: Ask, action: ShellAction, attacker: Side, defender: Side): Verdict {
  const variant = activeVariant();
  try {
    const intent: Intent = { action, attackerUuid: attacker.id, defenderUuid: defender.id, declared: ask.declared ?? {}, ...(ask.holdId ? { holdId: ask.holdId } : {}), ...(ask.attack ? { attack: ask.attack } : {}), ...(ask.hostHit ? { hostHit: true as const } : {}) };
    const odds = variant.odds(contextFor(intent, attacker, defender, variant), activeOptions());
    if (!isRefusalOdds(odds)) return { ok: true };
    const reason = odds[0]?.params?.reason;
    const names = { attacker: attacker.name, defender: defender.name };
    const why = typeof reason === "string" ? i18n.format(reason, names) : i18n.localize("WC.Result.notAllowed");
    return no("WC.Refuse.byRules", { action: `WC.Action.${action}`, reason: why }, false, why);
  } catch (e) {
    try {
      const out = refusalOf(e);
      if (out.kind === "refused" && out.key === "WC.Result.notAllowedBecause") return no(out.key, out.params, false);
    } catch {
      // Data the odds cannot read: the dialog, once opened, says what is wrong with it.
    }
    return { ok: true };
  }
}
