/**
 * From an intent to the rules' answer, on the GM's client: who takes part (and the others a blow
 * into a grapple may reach), the action's context as the rules see it, the roll with Foundry
 * dice, and what the result would write. Nothing here posts a card or writes a document: the
 * card pipeline does (cards/result-card.ts).
 */
import type { ActionContext, GrabAttack, HoldRecord, Resolution, RulesVariant } from "../../rules/index.ts";
import { RulesInputError } from "../../rules/index.ts";
import { MODULE_ID } from "../base/constants.ts";
import { i18n } from "../base/i18n.ts";
import type { Intent, Refused } from "../base/types.ts";
import type { CastMember, Side } from "../documents/cast.ts";
import { castMembers, combatOf, participant, Refusal, sharedRound, tokenByUuid } from "../documents/cast.ts";
import { freeAttacksIn } from "../documents/combat-state.ts";
import { holdsAround } from "../documents/holds.ts";
import { grabAttack } from "../documents/grab-attack.ts";
import { activeVariantId } from "../world/settings.ts";

/**
 * The creatures beyond attacker and defender an action reaches, and the holds among them all: for
 * a blow into a grapple, everyone in the defender's grapple (its members, through their holds, on
 * the same scene); for any other action none, and the holds on or by the two.
 */
export function circleOf(intent: Intent, attacker: Side, defender: Side): { others: Side[]; holds: HoldRecord[] } {
  const variant = activeVariantId();
  let holds = holdsAround([attacker.actor, defender.actor], variant);
  if (intent.action !== "attackIntoGrapple") return { others: [], holds };
  const known = new Set([attacker.id, defender.id]);
  const others: Side[] = [];
  for (let grew = true; grew; ) {
    grew = false;
    for (const id of holds.flatMap((h) => [h.holderId, h.heldId])) {
      if (known.has(id)) continue;
      known.add(id);
      const token = tokenByUuid(id);
      if (!token?.actor || token.parent?.id !== defender.token.parent?.id) continue;
      others.push({ token, actor: token.actor, id: token.uuid, name: token.name ?? token.actor.name ?? "" });
      grew = true;
    }
    if (grew) holds = holdsAround([attacker.actor, defender.actor, ...others.map((s) => s.actor)], variant);
  }
  return { others, holds };
}

/**
 * Everyone a result may touch: the creatures acting and any others it names, and the other member
 * of every hold on them (breaking free of one holder may end, or change, a hold by another).
 */
export function resultCast(sides: readonly Side[], holds: readonly HoldRecord[]): CastMember[] {
  const all = [...sides];
  const scene = sides[0]?.token.parent?.id;
  for (const id of holds.flatMap((h) => [h.holderId, h.heldId])) {
    if (all.some((s) => s.id === id)) continue;
    const token = tokenByUuid(id);
    if (token?.actor && token.parent?.id === scene) all.push({ token, actor: token.actor, id: token.uuid, name: token.name ?? "" });
  }
  return castMembers(...all);
}

export function contextFor(intent: Intent, attacker: Side, defender: Side, variant: RulesVariant, circle = circleOf(intent, attacker, defender)): ActionContext {
  const { round, inCombat } = sharedRound(attacker, defender);
  const combat = inCombat ? combatOf(attacker, defender) : undefined;
  const freeAttacks = combat ? freeAttacksIn(combat, round) : [];
  // A grab's attack, read from the attacker's sheet now (issue 31): never from the request.
  let grab: GrabAttack | null = null;
  if (intent.action === "grab") {
    grab = grabAttack(attacker.actor, intent.attack);
    if (!grab) throw new Refusal("WC.Refuse.notGrabbing", { name: attacker.name });
    if (intent.hostHit === true) grab = { ...grab, hostHit: true };
  }
  return {
    action: intent.action,
    ...(grab ? { grab } : {}),
    attacker: participant(attacker, variant),
    defender: participant(defender, variant),
    declared: intent.declared,
    holds: circle.holds,
    round,
    inCombat,
    ...(intent.holdId !== undefined ? { holdId: intent.holdId } : {}),
    ...(circle.others.length > 0 ? { others: circle.others.map((s) => participant(s, variant)) } : {}),
    ...(freeAttacks.length > 0 ? { freeAttacks } : {}),
  };
}

/** A refusal as the user is told it: the module's own reason, or what the rules could not use. */
/** The rules' input errors that describe the two creatures' situation, not a fault in their data. */
const SITUATIONS: ReadonlySet<string> = new Set(["noSuchHold", "holdsNothing", "notHeldByTarget", "alreadyHolds", "attacksItself", "sameCreature"]);

export function refusalOf(e: unknown): Refused {
  if (e instanceof Refusal) return { kind: "refused", key: e.key, params: e.params };
  if (e instanceof RulesInputError) {
    // What stands between the two (no such hold, a creature at itself) is the rules saying no, not
    // data at fault: said as a refusal, without the field's name.
    if (e.issues.every((i) => SITUATIONS.has(i.code))) {
      return { kind: "refused", key: "WC.Result.notAllowedBecause", params: { reason: e.issues.map((i) => i18n.format(`WC.Error.${i.code}`, i.params ?? {})).join(" ") } };
    }
    const details = e.issues.map((i) => `${i.path}: ${i18n.format(`WC.Error.${i.code}`, i.params ?? {})}`).join("; ");
    // The world's stored rule options, not the creatures, are what the rules could not use.
    const options = e.issues.every((i) => i.path.startsWith("options"));
    return { kind: "refused", key: options ? "WC.Refuse.badOptions" : "WC.Refuse.badInput", params: { details } };
  }
  throw e;
}

/**
 * Any error of carrying out a player's request, as its refusal: the rules' and the shell's own
 * reasons as they are, anything else (data made so that reading it throws, a server error) told
 * in general and logged, so that one request never keeps the others waiting.
 */
export function refusalOfAny(e: unknown): Refused {
  if (e instanceof Refusal || e instanceof RulesInputError) return refusalOf(e);
  console.error(`${MODULE_ID} | a request could not be carried out`, e);
  return { kind: "refused", key: "WC.Refuse.unreadable", params: {} };
}

/** A resolution the rules refused: its reason, to tell the user in a notice (and post no card). */
export type { Resolution };
