/**
 * What the combat tracker shows on each row: the holds a creature is in, told apart by side
 * (holding someone, held by someone, each with the other's name), the clocks running on it, and
 * what the last round end did to it. Read from the effects, the combat's flags and the last
 * round card; nothing is stored for the tracker alone.
 */
import { storedHold } from "../documents/holds.ts";
import { tokenByUuid } from "../documents/cast.ts";
import { i18n } from "../base/i18n.ts";
import { combatTimers } from "../documents/combat-state.ts";
import { lastRoundCard, roundLineText } from "../cards/round-card.ts";

/** One side of the holds a creature is in: whom it holds, or who holds it. */
export interface TrackerSide {
  /** The other creatures' names, in the order the effects list them. */
  readonly partners: string[];
  /** The hold effects' own names ("Holding Goblin (arm hold)"), for the tooltip. */
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
    for (const e of actor.effects) {
      const h = storedHold(e);
      if (!h) continue;
      const side = h.role === "held" ? heldBy : holding;
      const other = h.role === "held" ? h.record.holderId : h.record.heldId;
      const name = tokenByUuid(other)?.name ?? "?";
      if (!side.partners.includes(name)) side.partners.push(name);
      side.details.push(e.name ?? "");
    }
    const clocks = timers
      .filter((x) => x.id === token.uuid)
      .map((t) => i18n.format(t.unit === "segments" ? "WC.Tracker.segmentsLeft" : "WC.Tracker.roundsLeft", { condition: i18n.localize(`WC.Condition.${t.condition}`), n: t.remaining }));
    const due = card ? card.resolution.lines.filter((l) => Object.values(l.params ?? {}).includes(token.uuid)).map((l) => roundLineText(card, l)) : [];
    out.set(token.uuid, { holding, heldBy, clocks, due, ...(card ? { round: card.round } : {}) });
  }
  return out;
}
