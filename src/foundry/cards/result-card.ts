/**
 * The result card: an action carried out on the GM's client (a player's request, or the GM's own
 * click). The intent is checked again against the documents as if it came from the user who asked
 * (whose creature acts, whether the rules still have the action, what the creature has done this
 * round), rolled with Foundry dice, and posted as one card through the pipeline, which writes it.
 * The card's id comes from the request, so a request delivered twice is carried out once.
 */
import type { Intent, PerformOutcome, StoredCard } from "../base/types.ts";
import { TEMPLATES } from "../base/constants.ts";
import { withFoundryDice } from "../base/dice.ts";
import { i18n } from "../base/i18n.ts";
import { roundAllowance } from "../../rules/index.ts";
import type { AfterAction, ConditionChange, Consequences, Ledger, RulesVariant, Situational } from "../../rules/index.ts";
import { escapeHtml, plainText } from "../base/text.ts";
import type { Side } from "../documents/cast.ts";
import { combatOf, Refusal, resolveCast, tokenByUuid } from "../documents/cast.ts";
import { initialDeclared, sheetFiguresOf } from "../documents/figures.ts";
import { holdsAround } from "../documents/holds.ts";
import { readLedger } from "../documents/actors.ts";
import { conditionsOn } from "../documents/statuses.ts";
import { addDamage } from "../../rules/index.ts";
import { combatState } from "../documents/combat-state.ts";
import { among, planConsequences } from "../gm/apply.ts";
import { circleOf, contextFor, refusalOf, resultCast } from "../gm/resolve.ts";
import { roundNotes } from "../gm/round-end.ts";
import type { Ask, Verdict, VerdictOptions } from "../gm/verdict.ts";
import { mayAct } from "../gm/verdict.ts";
import { activeOptions, activeVariant, activeVariantId, automation } from "../world/settings.ts";
import type { WritingKind } from "./pipeline.ts";
import { byGM, freshCardId, post, trustedFlag } from "./pipeline.ts";
import { cardView, refusalOf as rulesRefusal } from "./views.ts";
import { cardAnswering, roundMessages } from "./log-index.ts";
import { askDefender } from "./question-card.ts";
import { blindNoteData, cardVisibility } from "./visibility.ts";
import { diceSoNice } from "./dice-so-nice.ts";

/** The GM's result card for this request (or answered question), if it was made. */
export function resultCardFor(requestId: string): ChatMessage.Implementation | undefined {
  return cardAnswering(`card|${requestId}`);
}

export async function renderCard(card: StoredCard): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(TEMPLATES.card, cardView(card, i18n) as unknown as Record<string, unknown>);
}

/** The creatures a stored card names that are still on the scene: attacker, defender, the others it reached. */
function sidesOfCard(card: StoredCard): Side[] {
  const sides: Side[] = [];
  for (const uuid of [card.intent.attackerUuid, card.intent.defenderUuid, ...Object.keys(card.otherNames ?? {})]) {
    const token = tokenByUuid(uuid);
    if (token?.actor && !sides.some((s) => s.id === token.uuid)) sides.push({ token, actor: token.actor, id: token.uuid, name: token.name ?? "" });
  }
  return sides;
}

/** The result card as a kind of the pipeline: its writes as the world is now, for the creatures still there. */
export const RESULT_KIND: WritingKind<StoredCard> = {
  flag: "card",
  render: renderCard,
  writesNow(card) {
    const sides = sidesOfCard(card);
    const [attacker, defender] = [sides.find((s) => s.id === card.intent.attackerUuid), sides.find((s) => s.id === card.intent.defenderUuid)];
    const combat = (card.combatId ? game.combats.get(card.combatId) : undefined) ?? (attacker && defender ? combatOf(attacker, defender) : undefined);
    // The others the card names that are still on the scene, though no longer in the grapple, are in `sides`.
    const holds = attacker && defender ? [...new Map([...circleOf(card.intent, attacker, defender).holds, ...holdsAround(sides.map((s) => s.actor), card.variant)].map((h) => [h.id, h])).values()] : holdsAround(sides.map((s) => s.actor), card.variant);
    const cast = resultCast(sides, holds);
    const plan = planConsequences(among(card.consequences, new Set(cast.map((m) => m.id))), cast, holds, card.variant, card.requestId, [], combat?.id ?? undefined);
    const notes = combat ? roundNotes(combat, card.round ?? combat.round ?? 0, card.consequences) : null;
    return { plan, combats: notes ? [notes] : [] };
  },
};

/**
 * The figures (a weapon's dice, the number it needs, a trample's damage) a player typed in for an
 * action against a creature they do not own: the rules take them on the declarer's word, so the
 * GM confirms them. None for the GM, nor against the player's own creature. A box left at its
 * start is no one's word: one the dialog says was changed, or whose value is neither the box's
 * own start nor the figure the sheet gives, counts as typed.
 */
export function vouchedFigures(variant: RulesVariant, intent: Intent, declarer: User.Implementation, attacker: Side, defender: Side): Situational[] {
  if (declarer.isGM || defender.actor.testUserPermission(declarer, "OWNER")) return [];
  const list = variant.situational(intent.action).filter((s) => s.figure === true && intent.declared[s.key] !== undefined);
  if (list.length === 0) return [];
  const typed = new Set(intent.typed ?? []);
  const starts = [initialDeclared(list), initialDeclared(list, sheetFiguresOf(attacker, defender)), initialDeclared(list, sheetFiguresOf(attacker, null))];
  return list.filter((s) => typed.has(s.key) || !starts.some((v) => v[s.key] === intent.declared[s.key]));
}

/**
 * What the consequences' damage makes of each creature (out cold for so many rounds, subdued),
 * as the writes will set it (gm/apply.ts asks the variant the same): the card lists it, as the
 * round card does. Only the conditions the consequences do not already name.
 */
export function damageConditions(c: Consequences, variant: RulesVariant, sides: readonly Side[]): ConditionChange[] {
  const dmg = new Map<string, { actual: number; temporary: number }>();
  for (const d of c.damage) {
    const cur = dmg.get(d.targetId) ?? { actual: 0, temporary: 0 };
    dmg.set(d.targetId, { actual: cur.actual + d.actual, temporary: cur.temporary + d.temporary });
  }
  const caused: ConditionChange[] = [];
  for (const [id, d] of dmg) {
    const side = sides.find((s) => s.id === id);
    const ledger = side ? readLedger(side.actor) : null;
    const after = ledger ? variant.conditionAfterDamage(addDamage(ledger, d)) : null;
    if (after && !c.conditions.some((x) => x.targetId === id && x.condition === after.condition)) {
      caused.push({ targetId: id, condition: after.condition, active: true, ...(after.rounds !== undefined ? { rounds: after.rounds } : {}) });
    }
  }
  return caused;
}

/**
 * Who stands how once the action's writes are in, for the rules' "what happens next": the
 * creatures marked unconscious then (already, or by this action's conditions and the knock-outs
 * its damage causes, less any it wakes), and their ledgers with its damage added.
 */
export function afterAction(c: Consequences, caused: readonly ConditionChange[], sides: readonly Side[]): AfterAction {
  const unconscious: string[] = [];
  const ledgers: Record<string, Ledger> = {};
  for (const s of sides) {
    const changes = [...c.conditions, ...caused].filter((x) => x.targetId === s.id && x.condition === "unconscious");
    let marked = false;
    try {
      marked = conditionsOn(s.actor).has("unconscious");
    } catch {
      marked = false;
    }
    if (changes.length > 0) marked = changes.some((x) => x.active);
    if (marked && !unconscious.includes(s.id)) unconscious.push(s.id);
    const ledger = readLedger(s.actor);
    if (!ledger) continue;
    const d = c.damage.filter((x) => x.targetId === s.id).reduce((sum, x) => ({ actual: sum.actual + x.actual, temporary: sum.temporary + x.temporary }), { actual: 0, temporary: 0 });
    ledgers[s.id] = addDamage(ledger, d);
  }
  return { unconscious, ledgers };
}

/** Players who own a creature (the GM's own creatures have none). */
function playerOwners(actor: Actor.Implementation): User.Implementation[] {
  return game.users.filter((u) => !u.isGM && actor.testUserPermission(u, "OWNER"));
}

/**
 * Whether two tokens are one creature: the same token, or two tokens of one linked actor (a
 * player who may place tokens can put a second of their creature on the map; it is counted once).
 */
function sameCreature(a: string, b: string): boolean {
  if (a === b) return true;
  const x = tokenByUuid(a);
  const y = tokenByUuid(b);
  return !!x && !!y && x.actorLink === true && y.actorLink === true && !!x.actorId && x.actorId === y.actorId;
}

/**
 * How many times this round the creature has done what `action` counts against: its GM cards of
 * this round (not undone), and questions still waiting for the defender's answer.
 */
function doneThisRound(intent: Intent, combat: Combat.Implementation, round: number): number {
  const allowance = roundAllowance(activeVariantId(), intent.action);
  if (!allowance) return 0;
  const sameBucket = (i: Intent) => roundAllowance(activeVariantId(), i.action)?.bucket === allowance.bucket && sameCreature(i.attackerUuid, intent.attackerUuid) && (!allowance.perHold || sameCreature(i.defenderUuid, intent.defenderUuid));
  let n = 0;
  // The round's GM cards and questions, from the chat log's index (each read again here).
  for (const m of roundMessages(combat.id ?? "", round)) {
    if (!byGM(m)) continue;
    const card = trustedFlag(m, "card");
    if (card && card.combatId === combat.id && card.round === round && card.state !== "undone" && card.intent && sameBucket(card.intent)) n++;
    const strike = trustedFlag(m, "strike");
    if (strike && strike.intent && strike.combatId === combat.id && strike.round === round && sameBucket(strike.intent)) n++;
  }
  return n;
}

/**
 * The one check (gm/verdict.ts) with this round's count from the GM's cards: what the palette,
 * the tracker's menu, macros, the API and the GM's tab all ask before an action.
 */
export function actionVerdict(ask: Ask, user: User.Implementation, opts: VerdictOptions = {}): Verdict {
  return mayAct(ask, user, doneThisRound, opts);
}

/**
 * Whether what `c` declares for the round end is already declared this round: on the combat's
 * notes, or on a card of this round not undone (one still waiting for the GM's Apply included).
 */
function alreadyDeclared(c: Consequences, combat: Combat.Implementation, round: number, cardId: string): boolean {
  const mine = c.declarations ?? [];
  if (mine.length === 0) return false;
  const noted = combatState(combat).overbear?.[String(round)] ?? {};
  const same = (d: { holderId: string; targetId: string }) => mine.some((x) => x.kind === "overbear" && x.holderId === d.holderId && x.targetId === d.targetId);
  if (Object.entries(noted).some(([targetId, holders]) => holders.some((holderId) => same({ holderId, targetId })))) return true;
  // The round's GM cards, from the chat log's index (each read again here).
  for (const m of roundMessages(combat.id ?? "", round)) {
    if (m.id === cardId || !byGM(m)) continue;
    const card = trustedFlag(m, "card");
    if (card && card.combatId === combat.id && card.round === round && card.state !== "undone" && (card.consequences.declarations ?? []).some((d) => same(d))) return true;
  }
  return false;
}

export interface PerformOptions {
  /** The user who first asked, when this carries out an answered question (checked as the attacker's owner). */
  readonly asker?: User.Implementation;
  /** A request card this answers: removed in the same request where one request carries it all. */
  readonly closing?: string;
  /** The GM's call made when the question was asked (an answered question is not checked again). */
  readonly gmCall?: StoredCard["gmCall"];
}

/**
 * Resolves and carries out `intent` for `requester`. Must run on a GM client, as the GM's work.
 * `requestId` names the request (the card's id comes from it).
 */
export async function perform(intent: Intent, requester: User.Implementation, requestId: string, opts: PerformOptions = {}): Promise<PerformOutcome> {
  try {
    const variant = activeVariant();
    if (!variant.actions.includes(intent.action)) throw new Refusal("WC.Refuse.noSuchAction", { action: intent.action });
    const { attacker, defender } = resolveCast(intent.attackerUuid, intent.defenderUuid);
    const asker = opts.asker ?? requester;
    if (!asker.isGM && !attacker.actor.testUserPermission(asker, "OWNER")) throw new Refusal("WC.Refuse.notOwner", { name: attacker.name });
    if (resultCardFor(requestId)) return { kind: "duplicate" };
    const cardId = freshCardId();
    const combat = combatOf(attacker, defender);
    const round = combat?.round ?? 0;
    // The one check, as the user who asked: reach, sight, the fight, consciousness, this round's
    // count. An answered question was checked (and counted) when it was asked. The GM may set an
    // overridable refusal aside, named on the card; a player's request never can.
    let gmCall: StoredCard["gmCall"] = opts.asker?.isGM ? opts.gmCall : undefined;
    if (!opts.asker) {
      const verdict = actionVerdict(intent, asker);
      if (!verdict.ok) {
        if (!(asker.isGM && verdict.overridable && intent.gmCall === true)) return { kind: "refused", key: verdict.key, params: { ...verdict.params }, ...(asker.isGM && verdict.overridable ? { overridable: true } : {}) };
        gmCall = { key: verdict.key, params: verdict.params };
      }
    }
    // A question for a player's defender goes on a card first; the GM's creatures answer "roll".
    const question = variant.situational(intent.action).find((s) => s.by === "defender" && intent.declared[s.key] === undefined);
    if (question && question.kind === "choice" && playerOwners(defender.actor).length > 0) {
      return askDefender({ intent, key: question.key, choices: question.choices, attackerName: attacker.name, defenderName: defender.name, requesterId: asker.id ?? "", ...(combat ? { combatId: combat.id ?? "", round } : {}), ...(gmCall ? { gmCall } : {}) }, requestId);
    }

    const circle = circleOf(intent, attacker, defender);
    const ctx = contextFor(intent, attacker, defender, variant, circle);
    const options = activeOptions();
    const { value: resolution, rolls, purposes } = await withFoundryDice((dice) => variant.resolve(ctx, options, dice));
    // The rules refuse it: the user is told why, and no card is posted (nothing to apply or undo).
    const refused = rulesRefusal(resolution);
    if (refused) return { kind: "refused", key: refused.key, params: { ...refused.params, action: i18n.localize(`WC.Action.${intent.action}`), attacker: attacker.name, defender: defender.name } };
    const inCombat = ctx.inCombat ? combat : undefined;
    const caused = damageConditions(resolution.consequences, variant, [attacker, defender, ...circle.others]);
    // A declaration (000's overbear attempt) is made once a round against one target.
    if (inCombat && alreadyDeclared(resolution.consequences, inCombat, ctx.round, cardId)) throw new Refusal("WC.Refuse.alreadyDeclared", { name: attacker.name, target: defender.name });
    const plan = planConsequences(resolution.consequences, resultCast([attacker, defender, ...circle.others], ctx.holds), ctx.holds, activeVariantId(), requestId, [], inCombat?.id ?? undefined);
    // Figures a player typed in against a creature not theirs wait for the GM's Apply.
    const figures = vouchedFigures(variant, intent, asker, attacker, defender);
    const card: StoredCard = {
      version: 1,
      variant: activeVariantId(),
      requestId,
      intent,
      attackerName: attacker.name,
      defenderName: defender.name,
      resolution,
      consequences: resolution.consequences,
      ...(caused.length > 0 ? { caused } : {}),
      state: "pending",
      projectTables: variant.projectTables(intent.action, options),
      ...(circle.others.length > 0 ? { otherNames: Object.fromEntries(circle.others.map((s) => [s.id, s.name])) } : {}),
      next: [...(figures.length > 0 ? [{ key: "WC.Next.figuresToConfirm", params: { who: attacker.id, player: plainText(asker.name ?? "?"), figures: figures.map((f) => i18n.localize(f.label)).join(", ") } }] : []), ...(variant.next?.(ctx, resolution, options, afterAction(resolution.consequences, caused, [attacker, defender, ...circle.others])) ?? [])],
      ...(inCombat ? { combatId: inCombat.id ?? "", round: ctx.round } : {}),
      ...(gmCall ? { gmCall } : {}),
    };
    const level = figures.length > 0 && automation() === "automatic" ? "confirm" : automation();
    // What the round end needs to know of it goes with its writes, once it is applied.
    const notes = inCombat && level === "automatic" ? roundNotes(inCombat, ctx.round, resolution.consequences) : null;
    // Who sees it: the mode the asker chose in the chat; a blind card leaves its asker a note.
    const visibility = cardVisibility(intent.mode, asker, [attacker.actor, defender.actor, ...circle.others.map((s) => s.actor)]);
    const noteContent = `<p class="wc-blind-note">${escapeHtml(i18n.format("WC.Card.blindNote", { action: i18n.localize(`WC.Action.${intent.action}`), attacker: attacker.name, defender: defender.name }))}</p>`;
    const note = blindNoteData(visibility, noteContent, requestId);
    // Dice So Nice: the dice land in the order they were rolled, each in its roller's owner's colours.
    const dice = diceSoNice(rolls, purposes, { attacker: attacker.actor, defender: defender.actor });
    const out = await post({
      kind: RESULT_KIND,
      id: cardId,
      stored: card,
      level,
      plan,
      combats: notes ? [notes] : [],
      rolls: dice.rolls,
      speaker: dice.speaker(ChatMessage.getSpeaker({ token: attacker.token }) as unknown as Record<string, unknown>),
      undoable: true,
      visibility,
      ...(note ? { notes: [{ id: freshCardId(), data: note }] } : {}),
      ...(dice.flags ? { extra: { flags: dice.flags } } : {}),
      ...(opts.closing ? { closing: opts.closing } : {}),
    });
    if (out.kind === "duplicate") return out;
    return { kind: "done", messageId: cardId, state: out.state, ...(out.closed ? { closed: true } : {}) };
  } catch (e) {
    return refusalOf(e);
  }
}

