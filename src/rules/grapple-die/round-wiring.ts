/**
 * Variant grapple-die (002): the end of a round in the shell's terms: the shell's timers, ledgers,
 * participants and holds read into 002's round-end input, and the answer back as consequences,
 * updated holds, carried timers and the summary card's lines.
 */
import type { HoldRecord } from "../core/consequences.ts";
import { CONDITION_IDS } from "../core/consequences.ts";
import type { Dice } from "../core/dice.ts";
import { IssueList } from "../core/errors.ts";
import { checkLedger, checkUniqueIds } from "../core/validate.ts";
import type { Headline, RoundContext, RoundResolution, Timer } from "../variant.ts";
import { roundEndConsequences } from "./consequences.ts";
import type { Hold } from "./holds.ts";
import { resolveOptions } from "./options.ts";
import type { RoundEndInput, RoundEndResult, Timer as CoreTimer } from "./round-end.ts";
import { resolveRoundEnd } from "./round-end.ts";
import { TIMING } from "./tables.ts";
import { combatant } from "./profile-fields.ts";
import { holdsOf } from "./setup.ts";

/*
 * How the shell's round context becomes 002's round-end input, and the answer in the shell's terms:
 * - Strangle counts (knock-out checks made, rounds left to suffocation) ride on the Hold data
 *   (`strangleRounds`, `suffocationLeft`), where the core keeps them; holds whose counts changed
 *   come back in `holdsUpdated`. No timer this variant returns carries a `holdId`; one that comes
 *   in with a `holdId` is read by its condition like any other.
 * - "stunned" timers are the core's stuns: segments left counted from the start of the round that
 *   has just ended (timing.ts `stunTimer`); one given in rounds is ten segments a round.
 *   "unconscious" timers are the core's unconsciousness: rounds left, this one included; one
 *   given in segments is rounded up to whole rounds. Two of a kind on one creature: the longer.
 * - Timers of other conditions are no part of 002: each runs down a round (ten segments) and its
 *   condition is cleared when it runs out.
 * - The shell does not yet track which holders rolled a new grapple die this round instead of
 *   doing damage (002 §Grapple Procedure step 6), so `rerolled` is empty: every hold kept from an
 *   earlier round does its damage.
 * - A strangled victim whose suffocation count runs out: the hold ends (its count has nothing left
 *   to count), a note goes out, and the GM rules on death; the victim's unconsciousness is left on.
 * - `outOfMelee` and `overbear` belong to d12-holds and play no part here.
 */

const UNITS = ["rounds", "segments"] as const;

interface RoundParsed {
  readonly input: RoundEndInput;
  /** The holds, index for index with `ctx.holds`. */
  readonly holds: readonly Hold[];
  /** Timers of conditions the core does not count. */
  readonly others: readonly Timer[];
}

function ledgerIssues(issues: IssueList, id: string, l: unknown, ids: ReadonlySet<string>): void {
  const path = `ledgers.${id}`;
  if (!ids.has(id)) issues.add(path, "unknownCombatant", { id });
  checkLedger(issues, l, path);
}

/** Checks one timer; true when it can be used. */
function timerOk(issues: IssueList, t: unknown, path: string, ids: ReadonlySet<string>): t is Timer {
  if (!issues.object(path, t)) return false;
  const n = issues.items.length;
  if (issues.str(`${path}.id`, t.id) && !ids.has(t.id)) issues.add(`${path}.id`, "unknownCombatant", { id: t.id });
  issues.oneOf(`${path}.condition`, t.condition, CONDITION_IDS);
  issues.int(`${path}.remaining`, t.remaining, 1, 100000);
  issues.oneOf(`${path}.unit`, t.unit, UNITS);
  if (t.holdId !== undefined) issues.str(`${path}.holdId`, t.holdId);
  return issues.items.length === n;
}

function parseRound(ctx: RoundContext): RoundParsed {
  const issues = new IssueList();
  issues.int("round", ctx.round, 1, 100000);
  issues.throwIfAny();
  const combatants = ctx.participants.map((p, i) => combatant(p.id, p.profile, `participants[${i}]`));
  const ids = checkUniqueIds(issues, combatants, (i) => `participants[${i}].id`);
  const holds = holdsOf(ctx);
  holds.forEach((h, i) => {
    if (!ids.has(h.holderId)) issues.add(`holds[${i}].data.holderId`, "unknownCombatant", { id: h.holderId });
    if (!ids.has(h.heldId)) issues.add(`holds[${i}].data.heldId`, "unknownCombatant", { id: h.heldId });
  });
  for (const [id, l] of Object.entries(ctx.ledgers)) ledgerIssues(issues, id, l, ids);

  const stuns = new Map<string, number>();
  const out = new Map<string, number>();
  const others: Timer[] = [];
  ctx.timers.forEach((t, i) => {
    if (!timerOk(issues, t, `timers[${i}]`, ids)) return;
    const perRound = TIMING.segmentsPerRound;
    if (t.condition === "stunned") stuns.set(t.id, Math.max(stuns.get(t.id) ?? 0, t.unit === "segments" ? t.remaining : t.remaining * perRound));
    else if (t.condition === "unconscious") out.set(t.id, Math.max(out.get(t.id) ?? 0, t.unit === "rounds" ? t.remaining : Math.ceil(t.remaining / perRound)));
    else others.push(t);
  });
  issues.throwIfAny();

  const timers = (m: Map<string, number>): CoreTimer[] => [...m].map(([id, left]) => ({ id, left }));
  return {
    input: { round: ctx.round, combatants, holds, rerolled: [], ledgers: ctx.ledgers, stuns: timers(stuns), unconscious: timers(out) },
    holds,
    others,
  };
}

/** The summary card's lines, one or more per event; `who` and `holder` are participant ids. */
export function roundLines(r: RoundEndResult, holds: readonly Hold[]): Headline[] {
  const byId = new Map(holds.map((h) => [h.id, h]));
  const holderOf = (holdId: string): string => byId.get(holdId)?.holderId ?? "";
  const lines: Headline[] = [];
  for (const e of r.events) {
    switch (e.kind) {
      case "released":
        lines.push({ key: "WC.Round.letGo", params: { holder: e.holderId, target: e.heldId, hold: `WC.Hold.${byId.get(e.holdId)?.name ?? ""}` } });
        break;
      case "holdDamage": {
        const { total, actual, temporary } = e.damage.split;
        const hold = `WC.Hold.${byId.get(e.holdId)?.name ?? ""}`;
        lines.push({ key: "WC.Round.holdHurts", params: { who: e.heldId, holder: holderOf(e.holdId), hold, segment: e.segment, total, actual, temporary } });
        break;
      }
      case "strangle": {
        const who = e.heldId;
        const holder = holderOf(e.holdId);
        const x = e.result;
        if (x.kind === "conscious") {
          lines.push({ key: "WC.Round.strangleResisted", params: { who, holder, roll: x.die.face, chance: x.chance } });
          break;
        }
        lines.push({ key: "WC.Round.strangledOut", params: { who, holder, roll: x.die.face, chance: x.chance, rounds: x.unconsciousRounds } });
        if (x.suffocation) lines.push({ key: "WC.Round.suffocationCount", params: { who, holder, rounds: x.suffocation.rounds } });
        break;
      }
      case "suffocationStarts":
        lines.push({ key: "WC.Round.suffocationCount", params: { who: e.heldId, holder: holderOf(e.holdId), rounds: e.rounds } });
        break;
      case "suffocating":
        lines.push({ key: "WC.Round.suffocating", params: { who: e.heldId, holder: holderOf(e.holdId), rounds: e.roundsLeft } });
        break;
      case "suffocated":
        lines.push({ key: "WC.Round.suffocated", params: { who: e.heldId, holder: holderOf(e.holdId) } });
        break;
      case "wakes":
        lines.push({ key: "WC.Round.wakes", params: { who: e.id } });
        break;
      case "stunEnds":
        lines.push({ key: "WC.Round.stunEnds", params: { who: e.id, segment: e.segment } });
        break;
      case "status":
        switch (e.after.kind) {
          case "subdued":
            lines.push({ key: "WC.Round.subdued", params: { who: e.id } });
            break;
          case "zeroHp":
            lines.push({ key: "WC.Round.zeroHp", params: { who: e.id } });
            break;
          case "fighting":
            lines.push({ key: "WC.Round.notSubdued", params: { who: e.id } });
            break;
        }
        break;
    }
  }
  return lines;
}

/** A timer of a condition 002 does not count, one round on; null once it has run out. */
function runDown(t: Timer): Timer | null {
  const left = t.remaining - (t.unit === "rounds" ? 1 : TIMING.segmentsPerRound);
  return left > 0 ? { ...t, remaining: left } : null;
}

function roundResolution(ctx: RoundContext, p: RoundParsed, r: RoundEndResult): RoundResolution {
  const consequences = roundEndConsequences(r);
  const lines = roundLines(r, p.holds);

  const ended = new Set(r.events.flatMap((e) => (e.kind === "suffocated" || e.kind === "released" ? [e.holdId] : [])));
  consequences.holdsRemoved.push(...ended);
  const afterById = new Map(r.holds.map((h) => [h.id, h]));
  const holdsUpdated = ctx.holds.flatMap((rec, i): HoldRecord[] => {
    const before = p.holds[i] as Hold;
    const after = afterById.get(before.id);
    if (!after || ended.has(rec.id) || (after.strangleRounds === before.strangleRounds && after.suffocationLeft === before.suffocationLeft)) return [];
    return [{ ...rec, data: after }];
  });

  const timers: Timer[] = [
    ...r.unconscious.map((t): Timer => ({ id: t.id, condition: "unconscious", remaining: t.left, unit: "rounds" })),
    ...r.stuns.map((t): Timer => ({ id: t.id, condition: "stunned", remaining: t.left, unit: "segments" })),
  ];
  for (const t of p.others) {
    const next = runDown(t);
    if (next) {
      timers.push(next);
      continue;
    }
    consequences.conditions.push({ targetId: t.id, condition: t.condition, active: false });
    lines.push({ key: "WC.Round.conditionEnds", params: { who: t.id, condition: `WC.Condition.${t.condition}` } });
  }
  return { result: r, consequences, holdsUpdated, timers, lines };
}

export function endRound(ctx: RoundContext, rawOptions: unknown, dice: Dice): RoundResolution {
  const o = resolveOptions(rawOptions);
  const p = parseRound(ctx);
  return roundResolution(ctx, p, resolveRoundEnd(p.input, o, dice));
}
