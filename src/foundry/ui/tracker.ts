/**
 * What the combat tracker shows on each row: the holds a creature is in, told apart by side
 * (holding someone, held by someone, each with the other's name), the clocks running on it, and
 * what the last round end did to it. Read from the ledger (documents/ledger.ts: the holds as
 * only a GM writes them, never the effects, which a player may edit on their own creature), the
 * combat's flags and the last round card; nothing is stored for the tracker alone.
 */
import { holdsAround } from "../documents/holds.ts";
import { tokenByUuid } from "../documents/cast.ts";
import { i18n } from "../base/i18n.ts";
import { activeVariantId } from "../world/settings.ts";
import { combatTimers } from "../documents/combat-state.ts";
import { lastRoundCard, roundLineText } from "../cards/round-card.ts";

/** One side of the holds a creature is in: whom it holds, or who holds it. */
export interface TrackerSide {
  /** The other creatures' names, in the order the ledger lists the holds. */
  readonly partners: string[];
  /** Each hold as its effect is named ("Holding Goblin (arm hold)"), for the tooltip. */
  readonly details: string[];
}

export interface TrackerNote {
  readonly holding: TrackerSide;
  readonly heldBy: TrackerSide;
  /** Running clocks (stunned, unconscious), one line each. */
  readonly clocks: string[];
  /** The last round end's lines that name this creature. */
  readonly due: string[];
  readonly round?: number;
}

export function trackerNotes(combat: Combat.Implementation): Map<string, TrackerNote> {
  const out = new Map<string, TrackerNote>();
  const card = lastRoundCard(combat);
  const timers = combatTimers(combat);
  for (const c of combat.combatants) {
    const token = c.token as TokenDocument.Implementation | null;
    const actor = token?.actor as Actor.Implementation | null | undefined;
    if (!token || !actor) continue;
    const holding: TrackerSide = { partners: [], details: [] };
    const heldBy: TrackerSide = { partners: [], details: [] };
    for (const record of holdsAround([actor], activeVariantId())) {
      const role = record.heldId === token.uuid ? "held" : record.holderId === token.uuid ? "holder" : null;
      if (!role) continue;
      const side = role === "held" ? heldBy : holding;
      const name = tokenByUuid(role === "held" ? record.holderId : record.heldId)?.name ?? "?";
      if (!side.partners.includes(name)) side.partners.push(name);
      side.details.push(i18n.format(role === "held" ? "WC.Effect.heldBy" : "WC.Effect.holding", { part: i18n.localize(record.label), name }));
    }
    const clocks = timers
      .filter((x) => x.id === token.uuid)
      .map((t) => i18n.format(t.unit === "segments" ? "WC.Tracker.segmentsLeft" : "WC.Tracker.roundsLeft", { condition: i18n.localize(`WC.Condition.${t.condition}`), n: t.remaining }));
    const due = card ? card.resolution.lines.filter((l) => Object.values(l.params ?? {}).includes(token.uuid)).map((l) => roundLineText(card, l)) : [];
    out.set(token.uuid, { holding, heldBy, clocks, due, ...(card ? { round: card.round } : {}) });
  }
  return out;
}
