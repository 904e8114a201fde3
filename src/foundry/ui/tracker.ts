/**
 * What the combat tracker shows on each row: the holds a creature is in (and the clocks running
 * on it), and what the last round end did to it. Read from the effects, the combat's flags and
 * the last round card; nothing is stored for the tracker alone.
 */
import { storedHold } from "../documents/holds.ts";
import { i18n } from "../base/i18n.ts";
import { combatTimers } from "../documents/combat-state.ts";
import { lastRoundCard, roundLineText } from "../cards/round-card.ts";

export interface TrackerNote {
  /** Holds and running clocks, one line each. */
  readonly holds: string[];
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
    const holds = [...actor.effects].filter((e) => storedHold(e) !== undefined).map((e) => e.name ?? "");
    for (const t of timers.filter((x) => x.id === token.uuid)) {
      holds.push(i18n.format(t.unit === "segments" ? "WC.Tracker.segmentsLeft" : "WC.Tracker.roundsLeft", { condition: i18n.localize(`WC.Condition.${t.condition}`), n: t.remaining }));
    }
    const due = card ? card.resolution.lines.filter((l) => Object.values(l.params ?? {}).includes(token.uuid)).map((l) => roundLineText(card, l)) : [];
    out.set(token.uuid, { holds, due, ...(card ? { round: card.round } : {}) });
  }
  return out;
}
