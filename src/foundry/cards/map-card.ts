/**
 * The map card: a move the GM's client carries out (holds ended by a move, a move's roll, a group
 * dragged along) and a fall after a hold ended in the air. It goes through the pipeline like any
 * card that writes: on v14 the card, the holds' ends, every token's new place and the round's
 * pace in one request; otherwise in steps, the ledger first, so a tab closing mid-write leaves a
 * name in the ledger the next GM tab finishes. A plain move (nothing ended, nothing rolled) needs
 * no card: its tokens go in one request, and a request for a token moved since is stale, so it is
 * made once.
 */
import { noConsequences } from "../../rules/index.ts";
import type { HoldRecord } from "../../rules/index.ts";
import { TEMPLATES } from "../base/constants.ts";
import { i18n } from "../base/i18n.ts";
import { stableId } from "../base/ids.ts";
import { formatLine } from "../base/text.ts";
import type { MoveJob, MoveOutcome, StoredMapCard, StoredTokenMove } from "../base/types.ts";
import type { Side } from "../documents/cast.ts";
import { castMembers, tokenByUuid } from "../documents/cast.ts";
import { holdsAround } from "../documents/holds.ts";
import type { Plan } from "../gm/apply.ts";
import { planConsequences } from "../gm/apply.ts";
import { paceWrite, planMove, tokenMoves } from "../gm/moves.ts";
import { refusalOf } from "../gm/resolve.ts";
import type { CombatWrite } from "../gm/writes.ts";
import { writeAll, writeAsOne } from "../gm/writes.ts";
import { fallsAfter, markTokenWrites } from "../map/aloft.ts";
import { activeVariantId } from "../world/settings.ts";
import type { WritingKind } from "./pipeline.ts";
import { freshCardId, post } from "./pipeline.ts";
import { cardAnswering } from "./log-index.ts";

/** The GM's map card for this request (or fall), if it was made. */
export function mapCardFor(requestId: string): ChatMessage.Implementation | undefined {
  return cardAnswering(`mapCard|${requestId}`);
}

export async function renderMapCard(card: StoredMapCard): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(TEMPLATES.map, {
    title: formatLine(card.title.key, card.title.params, card.names, i18n),
    lines: card.lines.map((l) => formatLine(l.key, l.params, card.names, i18n)),
  });
}

/** The creatures a map card names that are still on the scene. */
function sidesOf(card: StoredMapCard): Side[] {
  const uuids = new Set([...Object.keys(card.names), ...(card.moves ?? []).map((m) => m.uuid)]);
  return [...uuids].flatMap((uuid) => {
    const token = tokenByUuid(uuid);
    return token?.actor ? [{ token, actor: token.actor, id: token.uuid, name: token.name ?? "" }] : [];
  });
}

/** What a map card writes as the world is now: the holds it ends, the conditions it sets, and every token to its place. */
function mapPlan(card: StoredMapCard): Plan {
  const sides = sidesOf(card);
  const c = card.consequences ?? noConsequences();
  const holds = holdsAround(sides.map((s) => s.actor), activeVariantId());
  const plan = planConsequences({ ...c, holdsAdded: [], damage: [] }, castMembers(...sides), holds, activeVariantId(), card.requestId ?? "");
  return { ...plan, tokens: [...plan.tokens, ...tokenMoves(card.moves ?? [])] };
}

export const MAP_KIND: WritingKind<StoredMapCard> = {
  flag: "mapCard",
  render: renderMapCard,
  writesNow(card) {
    const pace = paceWrite(card);
    return { plan: mapPlan(card), combats: pace ? [pace] : [] };
  },
};

/**
 * Carries out a move for `requester` (the GM's own, or a player's request card), once. `closing`:
 * the request card it answers, taken away in the same request where one request carries it all.
 */
export async function carryOutMove(job: MoveJob, requester: User.Implementation, closing?: string): Promise<MoveOutcome> {
  try {
    // Carried out already (its card is there, or the token stands where the move took it): once is enough.
    if (mapCardFor(job.requestId) || movedAlready(job)) return { kind: "duplicate" };
    const m = await planMove(job, requester);
    const pace = m.pace ? paceWrite({ pace: m.pace }) : null;
    if (m.card) {
      const out = await post({
        kind: MAP_KIND,
        id: freshCardId(),
        stored: m.card,
        level: "automatic",
        plan: mapPlan(m.card),
        combats: pace ? [pace] : [],
        rolls: m.rolls,
        speaker: ChatMessage.getSpeaker({ token: m.mover.token }) as unknown as Record<string, unknown>,
        undoable: false,
        ...(closing ? { closing } : {}),
      });
      return out.kind === "duplicate" ? out : { kind: "done", closed: out.closed };
    }
    return await movePlainly(m.moves, pace ? [pace] : [], closing);
  } catch (e) {
    return refusalOf(e);
  }
}

/** The mover stands where the move took it, no longer where it was asked from: a request carried out by a tab that closed before it could say so. */
function movedAlready(job: MoveJob): boolean {
  const token = tokenByUuid(job.moverUuid);
  if (!token) return false;
  const near = (a: number, b: number) => Math.abs(a - b) < 1;
  return near(token.x ?? 0, job.to.x) && near(token.y ?? 0, job.to.y) && !(near(job.from.x, job.to.x) && near(job.from.y, job.to.y));
}

/** A move that ends nothing: the tokens (and the round's pace) in one request. */
async function movePlainly(moves: readonly StoredTokenMove[], combats: readonly CombatWrite[], closing?: string): Promise<MoveOutcome> {
  const tokens = tokenMoves(moves);
  if (tokens.length === 0 && combats.length === 0) return { kind: "done" };
  const done = markTokenWrites(tokens);
  try {
    // Read back: the tokens stand where they were sent (a batch may resolve with nothing written, C-46).
    const landed = () => tokens.every((t) => Object.entries(t.changes).every(([k, v]) => typeof v !== "number" || foundry.utils.getProperty(t.token, k) === v));
    const one = await writeAsOne({ actors: [], tokens, combats, messages: closing ? [{ action: "delete", id: closing }] : [] }, landed);
    if (one.sent) return { kind: "done", closed: closing !== undefined && !game.messages.get(closing) };
    await writeAll({ actors: [], tokens, combats });
    return { kind: "done" };
  } finally {
    done();
  }
}

/** Those these ended holds left in the air come down: one card, and every token in one request. Must run as the GM's work. */
export async function dropFalls(records: readonly HoldRecord[]): Promise<void> {
  const { falls, lines, names } = fallsAfter(records);
  if (falls.length === 0) return;
  const key = stableId(`fall|${falls.map((f) => `${f.token.uuid}@${f.token.elevation ?? 0}`).join("|")}|${records.map((r) => r.id).join("|")}`);
  const moves: StoredTokenMove[] = falls.map((f) => ({ uuid: f.token.uuid, x: f.token.x ?? 0, y: f.token.y ?? 0, elevation: f.ground, landed: true }));
  const card: StoredMapCard = { version: 1, title: { key: "WC.Fall.title" }, lines, names, state: "pending", moves, requestId: key };
  if (mapCardFor(key)) return;
  await post({ kind: MAP_KIND, id: freshCardId(), stored: card, level: "automatic", plan: mapPlan(card), undoable: false });
}
