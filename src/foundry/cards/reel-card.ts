/**
 * Hauling in on the GM's tab, and the card that says it: who hauled whom in, how far, and how far
 * apart they now stand (a map card: it tells, it has nothing to undo). What is asked is checked
 * with the one check (gm/verdict.ts `mayAct`, the action "reelIn") as its asker, whoever asked and
 * however (the palette, the tracker's menu, a macro or a request card a console made), then
 * carried out once (gm/reel.ts).
 */
import { noConsequences } from "../../rules/index.ts";
import type { MoveOutcome, StoredMapCard } from "../base/types.ts";
import { Refusal, tokenByUuid } from "../documents/cast.ts";
import { keptHold } from "../documents/ledger.ts";
import { REEL_IN, reelIn, reelPaceReason } from "../gm/reel.ts";
import { refusalOf } from "../gm/resolve.ts";
import { mayAct } from "../gm/verdict.ts";
import { MAP_KIND, mapCardFor } from "./map-card.ts";
import { freshCardId, post } from "./pipeline.ts";

/** A haul as a request card carries it: the hold, and how many feet (absent: all the pace left). */
export interface ReelRequest {
  readonly holdId: string;
  readonly feet?: number;
}

/** A haul from the wire, checked for shape (its meaning is checked against the documents). */
export function validateReel(raw: unknown): ReelRequest {
  const r = raw as { holdId?: unknown; feet?: unknown } | null;
  if (!r || typeof r !== "object" || typeof r.holdId !== "string" || r.holdId.length === 0 || r.holdId.length > 200) throw new Refusal("WC.Refuse.malformed");
  if (r.feet !== undefined && !(typeof r.feet === "number" && Number.isFinite(r.feet) && r.feet > 0 && r.feet < 10000)) throw new Refusal("WC.Refuse.malformed");
  return { holdId: r.holdId, ...(r.feet !== undefined ? { feet: r.feet as number } : {}) };
}

/** The one check's question for a haul: the hold's holder hauls its creature. */
export function reelAsk(req: ReelRequest): { action: string; attackerUuid: string; defenderUuid: string; holdId: string; feet?: number } {
  const record = keptHold(req.holdId)?.hold.record;
  return { action: REEL_IN, attackerUuid: record?.holderId ?? "", defenderUuid: record?.heldId ?? "", holdId: req.holdId, ...(req.feet !== undefined ? { feet: req.feet } : {}) };
}

/**
 * Carries out a haul for `requester` on the active GM's tab, once for `requestId`; `closing`: the
 * request card it answers, removed with the card. The outcome's `reeled` says how it went.
 */
export async function carryOutReel(req: ReelRequest, requester: User.Implementation, requestId: string, closing?: string): Promise<MoveOutcome> {
  try {
    if (mapCardFor(requestId)) return { kind: "duplicate" };
    const ask = reelAsk(req);
    const verdict = mayAct(ask, requester, () => 0);
    if (!verdict.ok) throw new Refusal(verdict.key, { ...verdict.params });
    const out = await reelIn(ask, requester, requestId);
    if (out === "duplicate") return { kind: "duplicate" };
    const holder = tokenByUuid(ask.attackerUuid);
    const held = tokenByUuid(ask.defenderUuid);
    const names = { [ask.attackerUuid]: holder?.name ?? "?", [ask.defenderUuid]: held?.name ?? "?" };
    const pace = reelPaceReason(ask.attackerUuid) ?? "WC.Move.pace.reelHalf";
    const line: StoredMapCard["lines"][number] = out.beside
      ? { key: "WC.Map.reeledBeside", params: { holder: ask.attackerUuid, held: ask.defenderUuid, pulled: out.pulled, pace } }
      : { key: "WC.Map.reeledIn", params: { holder: ask.attackerUuid, held: ask.defenderUuid, pulled: out.pulled, feet: Math.round(out.feet * 10) / 10, pace } };
    const stored: StoredMapCard = { version: 1, title: { key: "WC.Map.reelTitle", params: { holder: ask.attackerUuid, held: ask.defenderUuid } }, lines: [line], names, state: "applied", consequences: noConsequences(), moves: [], requestId };
    const posted = await post({
      kind: MAP_KIND,
      id: freshCardId(),
      stored,
      level: "automatic",
      plan: null,
      ...(holder ? { speaker: ChatMessage.getSpeaker({ token: holder }) as unknown as Record<string, unknown> } : {}),
      undoable: false,
      ...(closing ? { closing } : {}),
    });
    return posted.kind === "duplicate" ? posted : { kind: "done", closed: posted.closed };
  } catch (e) {
    return refusalOf(e);
  }
}
