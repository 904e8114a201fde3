/**
 * Variant d12-holds (000): the end of a round in the shell's terms: the shell's participants,
 * holds and declared overbears read into 000's round-end input, and the answer back as
 * consequences, carried timers and the summary card's lines.
 */
import { CONDITION_IDS } from "../core/consequences.ts";
import type { Dice } from "../core/dice.ts";
import { IssueList } from "../core/errors.ts";
import { headline, runDownTimer } from "../core/shell.ts";
import type { Headline, RoundContext, RoundEndBreak, RoundResolution } from "../variant.ts";
import { validateHold } from "./actions.ts";
import { roundEndConsequences } from "./consequences.ts";
import type { Hold } from "./holds.ts";
import type { D12Options } from "./options.ts";
import type { RoundEndResult } from "./round-end.ts";
import { resolveRoundEnd } from "./round-end.ts";
import { roundEndBreakChances } from "./break-chances.ts";
import { combatant } from "./profile-fields.ts";

/**
 * The summary card's lines for a round end; ids in parameters are shown as names by the shell
 * (`holders` is a comma-separated list of ids). Each line names whose hold it is and which.
 */
export function roundLines(r: RoundEndResult, holds: readonly Hold[] = []): Headline[] {
  const lines: Headline[] = [];
  const byId = new Map([...holds, ...r.holds].map((h) => [h.id, h]));
  const holdOf = (id: string): Record<string, string> => {
    const h = byId.get(id);
    return h ? { holder: h.holderId, hold: `WC.Part.${h.part}` } : {};
  };
  for (const e of r.events) {
    switch (e.kind) {
      case "overbear":
        lines.push({ key: e.overborne ? "WC.Round.overborne" : "WC.Round.notOverborne", params: { who: e.defenderId, holders: e.attempting.join(","), roll: e.die.face, chance: e.chance } });
        break;
      case "released":
        lines.push({ key: "WC.Round.letGo", params: { holder: e.holderId, target: e.heldId, hold: `WC.Part.${byId.get(e.holdId)?.part ?? "body"}` } });
        break;
      case "breakSkipped":
        lines.push({ key: "WC.Round.breakSkipped", params: { who: e.defenderId, reason: `WC.Reason.${e.reason}` } });
        break;
      case "overbearSkipped":
        lines.push({ key: "WC.Round.overbearSkipped", params: { who: e.defenderId, reason: `WC.Reason.${e.reason}` } });
        break;
      case "strangle":
        lines.push({ key: "WC.Round.strangled", params: { who: e.defenderId, ...holdOf(e.holdId), total: e.split.total, actual: e.split.actual, temporary: e.split.temporary } });
        break;
      case "grabDamage":
        lines.push({ key: "WC.Round.grabDamage", params: { who: e.defenderId, ...holdOf(e.holdId), total: e.split.total, actual: e.split.actual, temporary: e.split.temporary } });
        break;
      case "break":
        lines.push({ key: e.broken ? "WC.Round.brokeHold" : "WC.Round.heldFast", params: { who: e.defenderId, ...holdOf(e.holdId), roll: e.die.face, total: e.total, target: e.target } });
        break;
      case "attacksLost":
        // Nothing to say when no attack is lost.
        if (e.lost > 0) lines.push({ key: "WC.Round.attacksNext", params: { who: e.defenderId, n: e.attacksNextRound, lost: e.lost } });
        break;
      case "recovered":
        lines.push({ key: "WC.Round.recovered", params: { who: e.id, n: e.healed } });
        break;
      case "vitality":
        if (e.after.kind === "unconscious") lines.push({ key: e.before.kind === "unconscious" ? "WC.Round.stillOut" : "WC.Round.knockedOut", params: { who: e.id, rounds: e.after.rounds } });
        else if (e.after.kind === "conscious") lines.push({ key: "WC.Round.wakes", params: { who: e.id } });
        else lines.push({ key: "WC.Round.zeroHp", params: { who: e.id } });
        break;
    }
  }
  return lines;
}

export function endRound(ctx: RoundContext, rawOptions: unknown, dice: Dice): RoundResolution {
  const o = rawOptions as D12Options;
  const combatants = ctx.participants.map((p, i) => combatant(p.id, p.profile, `participants[${i}]`));
  const holds = ctx.holds.map((h, i) => validateHold(h.data, `holds[${i}].data`));
  const r = resolveRoundEnd({ round: ctx.round, combatants, holds, overbear: ctx.overbear, ledgers: ctx.ledgers, outOfMelee: ctx.outOfMelee }, o, dice);
  // 000 counts no time itself: unconsciousness follows the ledger, and holds last until broken.
  // Prone timed by a rising creature runs down a round and ends when it runs out; other timers
  // are not 000's (unconsciousness follows the ledger) and are dropped, as before.
  const consequences = roundEndConsequences(r);
  const lines = roundLines(r, holds);
  const issues = new IssueList();
  ctx.timers.forEach((t, i) => {
    issues.oneOf(`timers[${i}].condition`, t.condition, CONDITION_IDS);
    issues.int(`timers[${i}].remaining`, t.remaining, 1, 1000000);
    issues.oneOf(`timers[${i}].unit`, t.unit, ["rounds", "segments"] as const);
  });
  issues.throwIfAny();
  const timers = ctx.timers.flatMap((t) => {
    if (t.condition !== "prone") return [];
    const next = runDownTimer(t);
    if (next) return [next];
    consequences.conditions.push({ targetId: t.id, condition: t.condition, active: false });
    lines.push(headline("WC.Round.conditionEnds", { who: t.id, condition: `WC.Condition.${t.condition}` }));
    return [];
  });
  return { result: r, consequences, holdsUpdated: [], timers, lines };
}

/** The exact chance each hold is broken at the end of `ctx.round` (break-chances.ts), by hold id. */
export function roundEndBreaks(ctx: RoundContext, rawOptions: unknown): Record<string, RoundEndBreak> {
  const o = rawOptions as D12Options;
  const combatants = ctx.participants.map((p, i) => combatant(p.id, p.profile, `participants[${i}]`));
  const holds = ctx.holds.map((h, i) => validateHold(h.data, `holds[${i}].data`));
  return Object.fromEntries(roundEndBreakChances({ round: ctx.round, combatants, holds, ledgers: ctx.ledgers }, o));
}
