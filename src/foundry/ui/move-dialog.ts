/**
 * After the pre-move check took a move over: the GM is asked what becomes of the holds (or the
 * GM's setting answers), a player picks among the rules' choices (drag along, let go, a roll
 * first). Then the move is carried out by the GM's client: the GM's own at once, as the GM's work;
 * a player's through a request card (the round's pace is kept on the combat, which only a GM may
 * write, so every move that drags others goes through the GM).
 */
import type { MoveChoice } from "../../rules/index.ts";
import { TEMPLATES } from "../base/constants.ts";
import { i18n, notify } from "../base/i18n.ts";
import { requestId as newRequestId } from "../base/ids.ts";
import { plainText } from "../base/text.ts";
import type { Destination, MoveJob, MoveOutcome, MovePick } from "../base/types.ts";
import { gmMove, requestMove } from "../cards/request-card.ts";
import type { KindMove, Situation } from "../map/check.ts";
import { draggedThisRound, namesOf, text, tooFar, tooFarText } from "../map/check.ts";
import type { GmMovePolicy } from "../world/settings.ts";
import { gmMovePolicy } from "../world/settings.ts";

async function ask(title: string, intro: string, lines: readonly string[], buttons: ReadonlyArray<{ action: string; label: string }>): Promise<string | null> {
  const content = await foundry.applications.handlebars.renderTemplate(TEMPLATES.moveDialog, { intro, lines });
  // DialogV2 inserts button labels as HTML (C-71): a creature's name in one cannot open a tag.
  const result: unknown = await foundry.applications.api.DialogV2.wait({
    window: { title: plainText(title) },
    content,
    buttons: [...buttons.map((b, i) => ({ action: b.action, label: plainText(b.label), default: i === 0 })), { action: "cancel", label: plainText(i18n.localize("WC.Dialog.cancel")) }],
    rejectClose: false,
  } as never);
  return typeof result === "string" && result !== "cancel" ? result : null;
}

function holdLines(s: Situation): string[] {
  const names = namesOf(s);
  return s.holds
    .filter((h) => h.holderId === s.mover.id || h.heldId === s.mover.id)
    .map((h) => text("WC.Map.holdLine", { holder: h.holderId, held: h.heldId, hold: h.label }, names));
}

export async function askGm(s: Situation): Promise<Exclude<GmMovePolicy, "ask"> | null> {
  const names = namesOf(s);
  const others = s.others.map((o) => o.id).join(",");
  const choice = await ask(i18n.format("WC.Map.moveTitle", { who: s.mover.name }), i18n.format("WC.Map.gmAsk", { who: s.mover.name }), holdLines(s), [
    { action: "bringAlong", label: text("WC.Map.gmBringAlong", { others }, names) },
    { action: "endHolds", label: i18n.localize("WC.Map.gmEndHolds") },
    { action: "moveAlone", label: text("WC.Map.gmMoveAlone", { who: s.mover.id }, names) },
  ]);
  return choice === "bringAlong" || choice === "endHolds" || choice === "moveAlone" ? choice : null;
}

function choiceLabel(s: Situation, c: MoveChoice): string {
  const names = namesOf(s);
  const params = { brings: c.brings.join(","), limit: c.limitFeet ?? 0, held: c.roll?.heldId ?? "", ends: [...new Set(c.ends.map((id) => s.holds.find((h) => h.id === id)?.heldId ?? ""))].join(",") };
  if (c.kind === "roll") return text(`WC.Map.choice.${c.roll?.kind ?? "dragRoll"}`, params, names);
  if (c.kind === "letGo") return text(c.brings.length > 0 ? "WC.Map.choice.letGoCarried" : "WC.Map.choice.letGo", params, names);
  return text(c.limitFeet === null ? "WC.Map.choice.dragNoLimit" : "WC.Map.choice.drag", params, names);
}

export async function askPlayer(s: Situation, choices: readonly MoveChoice[]): Promise<MoveChoice | null> {
  const picked = await ask(i18n.format("WC.Map.moveTitle", { who: s.mover.name }), i18n.format("WC.Map.playerAsk", { who: s.mover.name }), holdLines(s), choices.map((c, i) => ({ action: String(i), label: choiceLabel(s, c) })));
  return picked === null ? null : (choices[Number(picked)] ?? null);
}

export function report(out: MoveOutcome): void {
  if (out.kind === "refused") notify("warn", out.key, out.params);
}

function jobFor(s: Situation, to: Destination, pick: MovePick, distance: number | null): MoveJob {
  return { requestId: newRequestId(), moverUuid: s.mover.id, from: { x: s.mover.token.x ?? 0, y: s.mover.token.y ?? 0 }, to, pick, distance };
}

/** The GM moved a token in a hold by hand: the holds end, come along, or stay, as asked or set. */
export async function settleGmMove(s: Situation, to: Destination, distance: number | null): Promise<MoveOutcome> {
  const policy = gmMovePolicy();
  const how = policy === "ask" ? await askGm(s) : policy;
  if (!how) return { kind: "cancelled" };
  // As the GM's work, one piece at a time (gm/queue.ts): not beside a blow or a round end on the same creatures.
  const out = await gmMove(jobFor(s, to, { kind: how }, distance));
  report(out);
  return out;
}

/** A player moved a token in a hold: its choice (if it has several), then the move, by the GM. */
export async function settlePlayerMove(s: Situation, to: Destination, feet: number, distance: number | null): Promise<MoveOutcome> {
  if (s.answer.kind !== "choices") return { kind: "cancelled" };
  const [first] = s.answer.choices;
  const plain = s.answer.choices.length === 1 && first && first.ends.length === 0 && !first.roll;
  const c = plain ? first : await askPlayer(s, s.answer.choices);
  if (!c) return { kind: "cancelled" };
  const used = draggedThisRound(s.mover.token, s.combat);
  if (tooFar(c, feet, used)) {
    const out: MoveOutcome = { kind: "refused", key: "WC.Move.asGiven", params: { text: tooFarText(s, c, feet, used) } };
    report(out);
    return out;
  }
  const out = await requestMove(jobFor(s, to, { kind: c.kind, ...(c.roll ? { holdId: c.roll.holdId } : {}) }, distance));
  report(out);
  return out;
}

/**
 * A move that is not a walk, whose holds end or whose others go along by the rules' option: no
 * question, the GM's client carries it out (the GM's own at once, a player's by a request card).
 */
export async function settleKindMove(s: Situation, to: Destination, k: KindMove, distance: number | null): Promise<MoveOutcome> {
  const pick: MovePick = { kind: k.answer === "ends" ? "kindEnds" : "kindAlong", moveKind: k.kind, ...(k.action !== null ? { action: k.action } : {}), ...(k.level !== null ? { level: k.level } : {}) };
  const job = jobFor(s, to, pick, distance);
  const out = game.user.isGM ? await gmMove(job) : await requestMove(job);
  report(out);
  return out;
}
