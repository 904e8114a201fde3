/**
 * Carrying out an intent on the GM's client (or a GM's own click): check it again, roll with
 * Foundry dice, post one card, apply the result. The card's id comes from the request, and it
 * is created before anything is applied, so a request delivered twice is applied once.
 */
import type { ActionContext, HoldRecord, RulesVariant } from "../rules/index.ts";
import { RulesInputError } from "../rules/index.ts";
import type { UndoRecord } from "./apply.ts";
import { carryOut, planConsequences, undoFor } from "./apply.ts";
import { cardView } from "./card-view.ts";
import type { Side } from "./cast.ts";
import { castMembers, combatOf, participant, Refusal, resolveCast, sharedRound, tokenByUuid } from "./cast.ts";
import { freeAttacksIn, rememberForRoundEnd } from "./round-end.ts";
import { MODULE_ID, TEMPLATES } from "./constants.ts";
import { withFoundryDice } from "./dice.ts";
import { i18n } from "./i18n.ts";
import { holdsAround } from "./holds.ts";
import { stableId } from "./ids.ts";
import { activeOptions, activeVariant, activeVariantId, automation } from "./settings.ts";
import type { Intent, StoredCard, StoredStrike } from "./types.ts";

export type PerformOutcome =
  | { readonly kind: "done"; readonly messageId: string; readonly state: StoredCard["state"] }
  /** The defender's owner is asked first (first strike, free attack); the card waits for them. */
  | { readonly kind: "waiting"; readonly messageId: string }
  /** No GM is connected: the request waits on its card until one connects. */
  | { readonly kind: "queued"; readonly messageId: string }
  /** The request card was taken back before a GM carried it out. */
  | { readonly kind: "cancelled" }
  | { readonly kind: "duplicate" }
  | { readonly kind: "refused"; readonly key: string; readonly params: Record<string, string | number> };

export function cardIdFor(requestId: string): string {
  return stableId(`card|${requestId}`);
}

/** The question card a request raises when the defender's owner must answer first. */
export function strikeIdFor(requestId: string): string {
  return stableId(`strike|${requestId}`);
}

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

export function contextFor(intent: Intent, attacker: Side, defender: Side, variant: RulesVariant, circle = circleOf(intent, attacker, defender)): ActionContext {
  const { round, inCombat } = sharedRound(attacker, defender);
  const combat = inCombat ? combatOf(attacker, defender) : undefined;
  const freeAttacks = combat ? freeAttacksIn(combat, round) : [];
  return {
    action: intent.action,
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

export async function renderCard(card: StoredCard): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(TEMPLATES.card, cardView(card, i18n) as unknown as Record<string, unknown>);
}

function refusalOf(e: unknown): PerformOutcome {
  if (e instanceof Refusal) return { kind: "refused", key: e.key, params: e.params };
  if (e instanceof RulesInputError) return { kind: "refused", key: "WC.Refuse.badInput", params: { details: e.issues.map((i) => `${i.path}: ${i18n.format(`WC.Error.${i.code}`, i.params ?? {})}`).join("; ") } };
  throw e;
}

/** Players who own a creature (the GM's own creatures have none). */
function playerOwners(actor: Actor.Implementation): User.Implementation[] {
  return game.users.filter((u) => !u.isGM && actor.testUserPermission(u, "OWNER"));
}

/**
 * Resolves and applies `intent` for `requester`. Must run on a GM client. `attackerChecked` is
 * set when the intent was already checked against its first requester (an answered question).
 */
export async function perform(intent: Intent, requester: User.Implementation, requestId: string, attackerChecked = false): Promise<PerformOutcome> {
  try {
    const variant = activeVariant();
    if (!variant.actions.includes(intent.action)) throw new Refusal("WC.Refuse.noSuchAction", { action: intent.action });
    const { attacker, defender } = resolveCast(intent.attackerUuid, intent.defenderUuid);
    if (!attackerChecked && !requester.isGM && !attacker.actor.testUserPermission(requester, "OWNER")) throw new Refusal("WC.Refuse.notOwner", { name: attacker.name });
    const cardId = cardIdFor(requestId);
    if (game.messages.get(cardId)) return { kind: "duplicate" };
    // A question for a player's defender goes on a card first; the GM's creatures answer "roll".
    const question = variant.situational(intent.action).find((s) => s.by === "defender" && intent.declared[s.key] === undefined);
    if (question && question.kind === "choice" && playerOwners(defender.actor).length > 0) return ask(intent, question.key, question.choices, requestId, attacker.name, defender);

    const circle = circleOf(intent, attacker, defender);
    const ctx = contextFor(intent, attacker, defender, variant, circle);
    const options = activeOptions();
    const { value: resolution, rolls } = await withFoundryDice((dice) => variant.resolve(ctx, options, dice));
    const level = automation();
    const state: StoredCard["state"] = level === "automatic" ? "applied" : level === "confirm" ? "pending" : "manual";
    const card: StoredCard = {
      version: 1,
      variant: activeVariantId(),
      requestId,
      intent,
      attackerName: attacker.name,
      defenderName: defender.name,
      resolution,
      consequences: resolution.consequences,
      state,
      defenderIsNpc: !game.users.some((u) => !u.isGM && defender.actor.testUserPermission(u, "OWNER")),
      projectTables: variant.projectTables(intent.action, options),
      ...(circle.others.length > 0 ? { otherNames: Object.fromEntries(circle.others.map((s) => [s.id, s.name])) } : {}),
    };
    const plan = planConsequences(resolution.consequences, castMembers(attacker, defender, ...circle.others), ctx.holds, card.variant, requestId);
    const undo: UndoRecord[] = state === "applied" ? undoFor(plan) : [];
    let message: ChatMessage.Implementation | undefined;
    try {
      message = await ChatMessage.create(
        {
          _id: cardId,
          content: await renderCard(card),
          rolls,
          speaker: ChatMessage.getSpeaker({ token: attacker.token }),
          flags: { [MODULE_ID]: { card, undo } },
        } as never,
        { keepId: true },
      );
    } catch {
      message = undefined;
    }
    // Another delivery of the same request made the card first: it applies, this one does not.
    if (!message) return { kind: "duplicate" };
    if (state === "applied") await carryOut(plan);
    const combat = ctx.inCombat ? combatOf(attacker, defender) : undefined;
    if (combat && state === "applied") await rememberForRoundEnd(combat, ctx.round, resolution.consequences);
    return { kind: "done", messageId: cardId, state };
  } catch (e) {
    return refusalOf(e);
  }
}

async function ask(intent: Intent, key: string, choices: readonly string[], requestId: string, attackerName: string, defender: { name: string; actor: Actor.Implementation }): Promise<PerformOutcome> {
  const strikeId = strikeIdFor(requestId);
  if (game.messages.get(strikeId)) return { kind: "duplicate" };
  const strike: StoredStrike = { intent, key, choices, attackerName, defenderName: defender.name };
  try {
    await ChatMessage.create({ _id: strikeId, content: await renderStrike(strike), flags: { [MODULE_ID]: { strike } } } as never, { keepId: true });
  } catch {
    return { kind: "duplicate" };
  }
  return { kind: "waiting", messageId: strikeId };
}

export async function renderStrike(strike: StoredStrike): Promise<string> {
  const variant = activeVariant();
  const s = variant.situational(strike.intent.action).find((x) => x.key === strike.key);
  return foundry.applications.handlebars.renderTemplate(TEMPLATES.strike, {
    title: i18n.localize(`WC.Action.${strike.intent.action}`),
    question: i18n.format("WC.Strike.question", { attacker: strike.attackerName, defender: strike.defenderName, what: i18n.localize(s?.label ?? "") }),
    choices: strike.choices.map((c) => ({ value: c, label: i18n.localize(`WC.Choice.${c}`) })),
  });
}

/** Carries out a question's answer: the original intent with the defender's choice. GM only. */
export async function performAnswer(strikeMessage: ChatMessage.Implementation, choice: string, responder: User.Implementation): Promise<PerformOutcome> {
  const strike = strikeMessage.getFlag(MODULE_ID, "strike");
  if (!strike || !strike.choices.includes(choice)) return { kind: "refused", key: "WC.Refuse.stale", params: {} };
  let defender: Side;
  try {
    // A creature asked about may be gone by the time its owner answers.
    defender = resolveCast(strike.intent.attackerUuid, strike.intent.defenderUuid).defender;
  } catch (e) {
    return refusalOf(e);
  }
  if (!responder.isGM && !defender.actor.testUserPermission(responder, "OWNER")) return { kind: "refused", key: "WC.Refuse.notOwner", params: { name: defender.name } };
  const out = await perform({ ...strike.intent, declared: { ...strike.intent.declared, [strike.key]: choice } }, responder, strikeMessage.id ?? "", true);
  if (out.kind === "done") {
    try {
      await strikeMessage.delete();
    } catch {
      // Another GM tab took it away first.
    }
  }
  return out;
}

/** The GM applies a card left pending ("GM confirms"), or undoes an applied one. */
export async function applyCard(message: ChatMessage.Implementation): Promise<PerformOutcome> {
  const card = message.getFlag(MODULE_ID, "card");
  if (!card || card.state !== "pending") return { kind: "duplicate" };
  try {
    const { attacker, defender } = resolveCast(card.intent.attackerUuid, card.intent.defenderUuid);
    const { others, holds } = circleOf(card.intent, attacker, defender);
    const plan = planConsequences(card.consequences, castMembers(attacker, defender, ...others), holds, card.variant, card.requestId);
    const next: StoredCard = { ...card, state: "applied" };
    await message.update({ content: await renderCard(next), [`flags.${MODULE_ID}.card`]: next, [`flags.${MODULE_ID}.undo`]: undoFor(plan) } as never);
    await carryOut(plan);
    return { kind: "done", messageId: message.id ?? "", state: "applied" };
  } catch (e) {
    return refusalOf(e);
  }
}

export { refusalOf };
