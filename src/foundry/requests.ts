/**
 * Players ask, the GM decides. A player's intent is left as a request card (whose author the
 * server stamps, so it cannot be forged) and the active GM is queried with its id. The GM
 * re-checks everything from the documents themselves, never from dice or results in the
 * payload, carries it out once, and removes the request card.
 */
import { SHELL_ACTIONS } from "../rules/index.ts";
import type { ShellAction } from "../rules/index.ts";
import { Refusal, resolveCast } from "./cast.ts";
import { MODULE_ID, QUERY, QUERY_TIMEOUT_MS } from "./constants.ts";
import { i18n, notify } from "./i18n.ts";
import { requestId } from "./ids.ts";
import type { PerformOutcome } from "./perform.ts";
import { applyCard, perform, performAnswer, refusalOf, renderCard } from "./perform.ts";
import { activeVariant } from "./settings.ts";
import type { Intent, StoredRequest } from "./types.ts";
import { undo } from "./apply.ts";

/**
 * Checks the shape of an intent from the wire and keeps only what the variant asks for. A
 * player's own request may not carry the defender's answers (they are the defender's owner's).
 */
export function validateIntent(raw: unknown, fromPlayer = false): Intent {
  if (typeof raw !== "object" || raw === null) throw new Refusal("WC.Refuse.malformed");
  const r = raw as Record<string, unknown>;
  if (typeof r.action !== "string" || !(SHELL_ACTIONS as readonly string[]).includes(r.action)) throw new Refusal("WC.Refuse.malformed");
  const action = r.action as ShellAction;
  if (typeof r.attackerUuid !== "string" || typeof r.defenderUuid !== "string") throw new Refusal("WC.Refuse.malformed");
  if (r.holdId !== undefined && typeof r.holdId !== "string") throw new Refusal("WC.Refuse.malformed");
  const given = typeof r.declared === "object" && r.declared !== null ? (r.declared as Record<string, unknown>) : {};
  const declared: Record<string, boolean | number | string> = {};
  for (const s of activeVariant().situational(action)) {
    const v = given[s.key];
    if (v === undefined) continue;
    if (fromPlayer && s.by === "defender") throw new Refusal("WC.Refuse.badDeclaration", { key: s.key });
    if (s.kind === "flag" && typeof v === "boolean") declared[s.key] = v;
    else if (s.kind === "number" && typeof v === "number" && Number.isInteger(v) && v >= s.min && v <= s.max) declared[s.key] = v;
    else if (s.kind === "choice" && typeof v === "string" && s.choices.includes(v)) declared[s.key] = v;
    else throw new Refusal("WC.Refuse.badDeclaration", { key: s.key });
  }
  const unknown = Object.keys(given).filter((k) => !(k in declared));
  if (unknown.length > 0) throw new Refusal("WC.Refuse.badDeclaration", { key: unknown.join(", ") });
  return { action, attackerUuid: r.attackerUuid, defenderUuid: r.defenderUuid, declared, ...(typeof r.holdId === "string" ? { holdId: r.holdId } : {}) };
}

function report(outcome: PerformOutcome): void {
  if (outcome.kind === "refused") notify("warn", outcome.key, outcome.params);
  if (outcome.kind === "waiting") notify("info", "WC.Strike.waiting");
}

/** Sends a request card to the active GM and waits for the answer. */
async function viaGM(request: StoredRequest, label: string): Promise<PerformOutcome> {
  const gm = game.users.activeGM;
  if (!gm) return { kind: "refused", key: "WC.Refuse.noGM", params: {} };
  const gmIds = game.users.filter((u) => u.isGM).map((u) => u.id ?? "");
  const message = await ChatMessage.create({
    content: i18n.format("WC.Request.asks", { action: label }),
    whisper: [...gmIds, game.user.id ?? ""],
    flags: { [MODULE_ID]: { request } },
  } as never);
  if (!message?.id) return { kind: "refused", key: "WC.Refuse.noGM", params: {} };
  try {
    return (await gm.query(QUERY.perform, { messageId: message.id }, { timeout: QUERY_TIMEOUT_MS })) as PerformOutcome;
  } catch {
    return { kind: "refused", key: "WC.Refuse.noAnswer", params: {} };
  }
}

/** The defender's owner answers the question on a card (first strike, free attack, fend-off). */
export async function answerStrike(message: ChatMessage.Implementation, choice: string): Promise<PerformOutcome> {
  const strike = message.getFlag(MODULE_ID, "strike");
  if (!strike) return { kind: "refused", key: "WC.Refuse.stale", params: {} };
  const out = game.user.isGM
    ? await performAnswer(message, choice, game.user)
    : await viaGM({ intent: strike.intent, state: "pending", answers: { strikeId: message.id ?? "", choice } }, i18n.localize(`WC.Action.${strike.intent.action}`));
  if (out.kind === "refused") notify("warn", out.key, out.params);
  return out;
}

/**
 * What a click, a card button or a macro calls. Checks what this client can check, then
 * carries the intent out here (GM) or sends it to the active GM (player).
 */
export async function act(raw: unknown): Promise<PerformOutcome> {
  let intent: Intent;
  try {
    intent = validateIntent(raw, !game.user.isGM);
    const { attacker } = resolveCast(intent.attackerUuid, intent.defenderUuid);
    if (!game.user.isGM && !attacker.actor.testUserPermission(game.user, "OWNER")) throw new Refusal("WC.Refuse.notOwner", { name: attacker.name });
  } catch (e) {
    const out = refusalOf(e);
    report(out);
    return out;
  }
  if (game.user.isGM) {
    const out = await perform(intent, game.user, requestId());
    report(out);
    return out;
  }
  const out = await viaGM({ intent, state: "pending" }, i18n.localize(`WC.Action.${intent.action}`));
  report(out);
  return out;
}

/** The active GM's side of a player's request. The payload carries only the request card id. */
export async function handlePerformQuery(data: unknown): Promise<PerformOutcome> {
  if (!game.user.isGM) return { kind: "refused", key: "WC.Refuse.notGM", params: {} };
  const messageId = typeof data === "object" && data !== null ? (data as Record<string, unknown>).messageId : undefined;
  const message = typeof messageId === "string" ? game.messages.get(messageId) : undefined;
  const request = message?.getFlag(MODULE_ID, "request");
  const author = message?.author;
  if (!message || !request || request.state !== "pending" || !author) return { kind: "refused", key: "WC.Refuse.stale", params: {} };
  let intent: Intent;
  try {
    intent = validateIntent(request.intent, !author.isGM);
  } catch (e) {
    return refusalOf(e);
  }
  const answered = request.answers ? game.messages.get(request.answers.strikeId) : undefined;
  if (request.answers && !answered) return { kind: "refused", key: "WC.Refuse.stale", params: {} };
  const out = answered && request.answers ? await performAnswer(answered, request.answers.choice, author) : await perform(intent, author, message.id ?? "");
  if (out.kind !== "duplicate") {
    try {
      await message.delete();
    } catch {
      // Another GM tab removed it first.
    }
  }
  return out;
}

/** Card buttons the GM uses: apply a pending result, undo an applied one. */
export async function handleCardAction(message: ChatMessage.Implementation, action: "apply" | "undo"): Promise<PerformOutcome> {
  if (!game.user.isGM) return { kind: "refused", key: "WC.Refuse.notGM", params: {} };
  if (action === "apply") return applyCard(message);
  const card = message.getFlag(MODULE_ID, "card");
  const records = message.getFlag(MODULE_ID, "undo") ?? [];
  if (!card || card.state !== "applied") return { kind: "duplicate" };
  const next = { ...card, state: "undone" as const };
  await message.update({ content: await renderCard(next), [`flags.${MODULE_ID}.card`]: next } as never);
  await undo(records);
  return { kind: "done", messageId: message.id ?? "", state: "undone" };
}
