/**
 * Taking a card's result back (a result card, a round card or a mass charge): the card says
 * "undoing" while the writes go out, then "undone". A card its tab left "undoing" (closed
 * mid-write) is finished by the next GM tab the same way, once: undo skips what is taken back
 * already (the card's mark gone from an actor, effects already removed or remade).
 */
import { undo } from "../gm/apply.ts";
import { MODULE_ID } from "../base/constants.ts";
import { renderCard } from "../gm/perform.ts";
import { renderRoundCard } from "../gm/round-end.ts";
import { renderMassCharge } from "../gm/mass-charge.ts";

/** Cards this tab is undoing now: it finishes them itself. */
const undoing = new Set<string>();

async function mark(message: ChatMessage.Implementation, state: "undoing" | "undone"): Promise<void> {
  const card = message.getFlag(MODULE_ID, "card");
  const round = message.getFlag(MODULE_ID, "roundCard");
  const charge = message.getFlag(MODULE_ID, "massCharge");
  if (card) await message.update({ content: await renderCard({ ...card, state }), [`flags.${MODULE_ID}.card`]: { ...card, state } } as never);
  else if (round) await message.update({ content: await renderRoundCard({ ...round, state }), [`flags.${MODULE_ID}.roundCard`]: { ...round, state } } as never);
  else if (charge) await message.update({ content: await renderMassCharge({ ...charge, state }), [`flags.${MODULE_ID}.massCharge`]: { ...charge, state } } as never);
}

function stateOf(message: ChatMessage.Implementation): string | undefined {
  return message.getFlag(MODULE_ID, "card")?.state ?? message.getFlag(MODULE_ID, "roundCard")?.state ?? message.getFlag(MODULE_ID, "massCharge")?.state;
}

/** Undoes an applied card, or finishes one left "undoing". Must run as the GM's work. False: nothing to undo. */
export async function undoCard(message: ChatMessage.Implementation): Promise<boolean> {
  const id = message.id ?? "";
  const state = stateOf(message);
  if ((state !== "applied" && state !== "undoing") || undoing.has(id)) return false;
  undoing.add(id);
  try {
    if (state === "applied") await mark(message, "undoing");
    await undo(message.getFlag(MODULE_ID, "undo") ?? []);
    try {
      await mark(message, "undone");
    } catch {
      // The card was deleted meanwhile: what it did is taken back all the same.
    }
    return true;
  } finally {
    undoing.delete(id);
  }
}

/** Every card left "undoing", finished (a GM's tab starts, or takes over from a closed one). */
export async function finishUndoing(): Promise<void> {
  for (const message of game.messages.filter((m) => stateOf(m) === "undoing")) await undoCard(message);
}

export function isUndoing(message: ChatMessage.Implementation): boolean {
  return stateOf(message) === "undoing";
}
