/**
 * Carrying out an intent on the GM's client (or a GM's own click): check it again, roll with
 * Foundry dice, post one card, apply the result. The card's id comes from the request, and it
 * is created before anything is applied, so a request delivered twice is applied once.
 */
import type { ActionContext, HoldRecord, RulesVariant } from "../../rules/index.ts";
import { RulesInputError } from "../../rules/index.ts";
import type { Plan, UndoRecord } from "./apply.ts";
import { among, carryOut, planConsequences, undoAsWritten, undoFor } from "./apply.ts";
import { cardView, refusalOf as rulesRefusal } from "../cards/views.ts";
import type { CastMember } from "./apply.ts";
import type { Side } from "../documents/cast.ts";
import { castMembers, combatOf, participant, Refusal, resolveCast, sharedRound, tokenByUuid } from "../documents/cast.ts";
import { freeAttacksIn, rememberForRoundEnd } from "./round-end.ts";
import { MODULE_ID, TEMPLATES } from "../base/constants.ts";
import { withFoundryDice } from "../base/dice.ts";
import { i18n } from "../base/i18n.ts";
import { holdsAround } from "../documents/holds.ts";
import { stableId } from "../base/ids.ts";
import { activeOptions, activeVariant, activeVariantId, automation } from "../world/settings.ts";
import type { Intent, StoredCard, StoredStrike } from "../base/types.ts";

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

/** Cards this tab is writing now: it finishes them itself. */
const writing = new Set<string>();

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
  if (e instanceof RulesInputError) {
    const details = e.issues.map((i) => `${i.path}: ${i18n.format(`WC.Error.${i.code}`, i.params ?? {})}`).join("; ");
    // The world's stored rule options, not the creatures, are what the rules could not use.
    const options = e.issues.every((i) => i.path.startsWith("options"));
    return { kind: "refused", key: options ? "WC.Refuse.badOptions" : "WC.Refuse.badInput", params: { details } };
  }
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
    // The rules refuse it: the user is told why, and no card is posted (nothing to apply or undo).
    const refused = rulesRefusal(resolution);
    if (refused) return { kind: "refused", key: refused.key, params: { ...refused.params, action: i18n.localize(`WC.Action.${intent.action}`) } };
    const level = automation();
    const combat = ctx.inCombat ? combatOf(attacker, defender) : undefined;
    const plan = planConsequences(resolution.consequences, resultCast([attacker, defender, ...circle.others], ctx.holds), ctx.holds, activeVariantId(), requestId, [], combat?.id ?? undefined);
    // "applying" until every write is done, so a card whose tab closed mid-write is finished; a
    // result that writes nothing (a miss) is applied as soon as its card exists.
    const state: StoredCard["state"] = level === "automatic" ? (writesSomething(plan) ? "applying" : "applied") : level === "confirm" ? "pending" : "manual";
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
      projectTables: variant.projectTables(intent.action, options),
      ...(circle.others.length > 0 ? { otherNames: Object.fromEntries(circle.others.map((s) => [s.id, s.name])) } : {}),
      next: variant.next?.(ctx, resolution, options) ?? [],
    };
    const undo: UndoRecord[] = state === "applying" ? undoFor(plan) : [];
    let message: ChatMessage.Implementation | undefined;
    if (state === "applying") writing.add(cardId);
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
    if (!message) {
      writing.delete(cardId);
      return { kind: "duplicate" };
    }
    if (state === "applied" && combat) await rememberForRoundEnd(combat, ctx.round, resolution.consequences);
    if (state !== "applying") return { kind: "done", messageId: cardId, state };
    await complete(message, card, plan, combat ? { combat, round: ctx.round } : null);
    return { kind: "done", messageId: cardId, state: "applied" };
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
    // The others the card names that are still on the scene, though no longer in the grapple.
    for (const uuid of Object.keys(card.otherNames ?? {})) {
      const token = tokenByUuid(uuid);
      if (token?.actor && ![attacker, defender, ...others].some((s) => s.id === token.uuid)) others.push({ token, actor: token.actor, id: token.uuid, name: token.name ?? "" });
    }
    const cast = resultCast([attacker, defender, ...others], holds);
    const plan = planConsequences(among(card.consequences, new Set(cast.map((m) => m.id))), cast, holds, card.variant, card.requestId, [], combatOf(attacker, defender)?.id ?? undefined);
    const next: StoredCard = { ...card, state: "applying" };
    await message.update({ content: await renderCard(next), [`flags.${MODULE_ID}.card`]: next, [`flags.${MODULE_ID}.undo`]: undoFor(plan) } as never);
    await complete(message, next, plan, null);
    return { kind: "done", messageId: message.id ?? "", state: "applied" };
  } catch (e) {
    return refusalOf(e);
  }
}

/**
 * The writes of a card being applied, what the round end needs to know of it, and then the card
 * marked applied. Every step is safe to run again (carryOut skips what is written already), so a
 * card left "applying" by a tab that closed mid-write is finished by running this once more.
 */
async function complete(message: ChatMessage.Implementation, card: StoredCard, plan: Plan, remember: { combat: Combat.Implementation; round: number } | null): Promise<void> {
  const id = message.id ?? "";
  writing.add(id);
  try {
    await carryOut(plan);
    if (remember) await rememberForRoundEnd(remember.combat, remember.round, card.consequences);
    const next: StoredCard = { ...card, state: "applied" };
    // Where the host held a value at its floor, the undo record says what was really taken.
    const written = undoAsWritten(message.getFlag(MODULE_ID, "undo") ?? []);
    try {
      await message.update({ content: await renderCard(next), [`flags.${MODULE_ID}.card`]: next, ...(written ? { [`flags.${MODULE_ID}.undo`]: written } : {}) } as never);
    } catch {
      // The card was deleted meanwhile: its result stands all the same.
    }
  } finally {
    writing.delete(id);
  }
}

/** Whether a plan changes any document (a miss changes none; a lift-off moves tokens only). */
function writesSomething(plan: Plan): boolean {
  return plan.tokens.length > 0 || plan.writes.some((w) => w.creates.length + w.deletes.length + w.effectUpdates.length > 0 || Object.keys(w.update).length > 0);
}

/**
 * Finishes a card its tab left "applying" (closed mid-write): its result is written again from the
 * card, skipping what is there already, for the creatures still on the scene. Must run as the
 * GM's work (gm-work.ts), so no other piece is writing the same card.
 */
export async function finishCard(message: ChatMessage.Implementation): Promise<void> {
  const card = message.getFlag(MODULE_ID, "card");
  if (!card || card.state !== "applying" || !game.messages.get(message.id ?? "") || writing.has(message.id ?? "")) return;
  const sides: Side[] = [];
  for (const uuid of [card.intent.attackerUuid, card.intent.defenderUuid, ...Object.keys(card.otherNames ?? {})]) {
    const token = tokenByUuid(uuid);
    if (token?.actor && !sides.some((s) => s.id === token.uuid)) sides.push({ token, actor: token.actor, id: token.uuid, name: token.name ?? "" });
  }
  const [attacker, defender] = [sides.find((s) => s.id === card.intent.attackerUuid), sides.find((s) => s.id === card.intent.defenderUuid)];
  const combat = attacker && defender ? combatOf(attacker, defender) : undefined;
  const holds = holdsAround(sides.map((s) => s.actor), card.variant);
  const cast = resultCast(sides, holds);
  const plan = planConsequences(among(card.consequences, new Set(cast.map((m) => m.id))), cast, holds, card.variant, card.requestId, [], combat?.id ?? undefined);
  await complete(message, card, plan, combat ? { combat, round: combat.round ?? 0 } : null);
}

/** Every card left "applying", finished (a GM's tab starts, or takes over from a closed one). */
export async function finishCards(): Promise<void> {
  for (const message of game.messages.filter((m) => m.getFlag(MODULE_ID, "card")?.state === "applying")) await finishCard(message);
}

export { refusalOf };
