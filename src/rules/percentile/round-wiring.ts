/**
 * Variant percentile (004): the end of a round in the shell's terms: the shell's timers, ledgers
 * and participants read into 004's round-end input, and the answer back as consequences, carried
 * timers and the summary card's lines.
 */
import type { ConditionChange, Consequences } from "../core/consequences.ts";
import { CONDITION_IDS, noConsequences } from "../core/consequences.ts";
import type { Ledger } from "../core/damage.ts";
import type { Dice } from "../core/dice.ts";
import { IssueList } from "../core/errors.ts";
import { headline, runDownTimer } from "../core/shell.ts";
import { checkLedger, checkUniqueIds } from "../core/validate.ts";
import type { Headline, RoundContext, RoundResolution, Timer as ShellTimer } from "../variant.ts";
import type { Hold, Timer } from "./holds.ts";
import type { PercentileOptions } from "./options.ts";
import { PERCENTILE_DEFAULTS } from "./options.ts";
import type { PercentileCombatant } from "./profile.ts";
import type { RoundEndResult } from "./round-end.ts";
import { resolveRoundEnd } from "./round-end.ts";
import { STRANGLE_KO } from "./tables.ts";
import { holdKey, settleHoldConditions } from "./headlines.ts";
import { combatant, isObj } from "./profile-fields.ts";
import { holdsOf, ROUND_MAX, withHoldConditions } from "./setup.ts";

type Obj = Record<string, unknown>;

/** The shell's conditions that 004 puts a time on (stun: Gouge, Knocked flat; unconscious: a strangle knock-out). */
const TIMED = ["stunned", "unconscious"] as const;
const TIMER_UNITS = ["rounds", "segments"] as const;
const SEGMENTS_PER_ROUND = 10;

/** A shell timer as this variant reads and writes it: with the round it began, when known. */
type CarriedTimer = ShellTimer & { readonly appliedRound?: number };

/**
 * The shell's timers as the core's. The shell's is `{id, condition, remaining, unit, holdId?}`,
 * the core's `{id, condition, rounds, appliedRound}`:
 * - condition: only stunned and unconscious are timed here; a timer on any other condition is
 *   refused. (Hindered, the core's third timed condition, is no shell condition: actions report
 *   it as a note, so it never comes back as a timer.)
 * - remaining: rounds as given; segments as rounds, ten to a round, a part round counting whole.
 * - appliedRound: the shell's timer does not say when it began. One that carries a whole
 *   `appliedRound` (every timer handed back here does) is taken at its word; any other is taken
 *   to have begun before this round, so this round end counts it down whatever `timerStart` says.
 * - holdId: no 004 timer belongs to a hold (the strangle count is the rounds since the hold was
 *   gained), so it is not kept.
 */
function coreTimers(raw: unknown, round: number): Timer[] {
  const issues = new IssueList();
  if (!issues.array("timers", raw)) issues.throwIfAny();
  const list = raw as unknown[];
  list.forEach((t, i) => {
    const p = `timers[${i}]`;
    if (!issues.object(p, t)) return;
    issues.str(`${p}.id`, t.id);
    issues.oneOf(`${p}.condition`, t.condition, TIMED);
    issues.int(`${p}.remaining`, t.remaining, 1, ROUND_MAX * SEGMENTS_PER_ROUND);
    issues.oneOf(`${p}.unit`, t.unit, TIMER_UNITS);
    if (t.appliedRound !== undefined) issues.int(`${p}.appliedRound`, t.appliedRound, 0, round);
  });
  issues.throwIfAny();
  return (list as CarriedTimer[]).map((t) => ({
    id: t.id,
    condition: t.condition as (typeof TIMED)[number],
    rounds: t.unit === "segments" ? Math.ceil(t.remaining / SEGMENTS_PER_ROUND) : t.remaining,
    appliedRound: t.appliedRound ?? round - 1,
  }));
}

/** The core's timers back as the shell's, in rounds (a hindered timer has no shell condition and is not carried). */
function shellTimers(timers: readonly Timer[]): CarriedTimer[] {
  return timers.flatMap((t) => (t.condition === "hindered" ? [] : [{ id: t.id, condition: t.condition, remaining: t.rounds, unit: "rounds" as const, appliedRound: t.appliedRound }]));
}

function roundLedgers(raw: unknown): Record<string, Ledger> {
  const issues = new IssueList();
  if (!issues.object("ledgers", raw)) issues.throwIfAny();
  for (const [id, l] of Object.entries(raw as Obj)) checkLedger(issues, l, `ledgers.${id}`);
  issues.throwIfAny();
  return raw as Record<string, Ledger>;
}

/**
 * Every participant with the conditions its holds give it (as for an action), and every hold.
 * Holds naming a creature outside the round are kept in view for the conditions, but the core
 * leaves them alone (no damage, no release).
 */
function roundSetup(ctx: RoundContext): { combatants: PercentileCombatant[]; holds: Hold[] } {
  const issues = new IssueList();
  issues.int("round", ctx.round, 0, ROUND_MAX);
  issues.array("participants", ctx.participants);
  issues.throwIfAny();
  const plain = ctx.participants.map((p, i) => combatant(p.id, p.profile, `participants[${i}]`));
  checkUniqueIds(issues, plain, (i) => `participants[${i}].id`);
  const holds = holdsOf(ctx);
  checkUniqueIds(issues, holds, (i) => `holds[${i}].id`);
  issues.throwIfAny();
  return { combatants: plain, holds };
}

/** What the round end does to the world: holds let go, hold damage and healing, conditions on and off. */
function roundConsequences(r: RoundEndResult, people: readonly PercentileCombatant[], holds: readonly Hold[]): Consequences {
  const c = noConsequences();
  const out = new Set(r.unconscious);
  const byId = new Map(holds.map((h) => [h.id, h]));
  // One change per creature and condition: the longest when set, once when cleared.
  const changes = new Map<string, ConditionChange>();
  const set = (targetId: string, condition: ConditionChange["condition"], rounds: number): void => {
    const cur = changes.get(`${targetId}|${condition}`);
    if (!cur || (cur.rounds ?? 0) < rounds) changes.set(`${targetId}|${condition}`, { targetId, condition, active: true, rounds });
  };
  const clear = (targetId: string, condition: ConditionChange["condition"]): void => {
    if (!changes.has(`${targetId}|${condition}`)) changes.set(`${targetId}|${condition}`, { targetId, condition, active: false });
  };
  for (const e of r.events) {
    switch (e.kind) {
      case "released":
        c.holdsRemoved.push(e.holdId);
        break;
      case "holdDamage": {
        const h = byId.get(e.holdId) as Hold;
        c.damage.push({ targetId: e.heldId, actual: e.damage.split.actual, temporary: e.damage.split.temporary, reason: holdKey(h.row) });
        break;
      }
      case "strangle":
        if (e.knockedOut) set(e.heldId, "unconscious", STRANGLE_KO.unconsciousRounds);
        break;
      case "healed":
        c.damage.push({ targetId: e.id, actual: 0, temporary: -e.healed, reason: "WC.Round.recovery" });
        break;
      case "vitality":
        if (e.after.kind === "unconscious") set(e.id, "unconscious", e.after.rounds);
        else if (e.after.kind === "conscious" && !out.has(e.id)) clear(e.id, "unconscious");
        break;
      case "timerExpired":
        // Another timer, the ledger or the profile may keep the condition on.
        if (e.condition === "unconscious" && !out.has(e.id)) clear(e.id, "unconscious");
        if (e.condition === "stunned" && !r.timers.some((t) => t.id === e.id && t.condition === "stunned")) clear(e.id, "stunned");
        break;
    }
  }
  c.conditions.push(...changes.values());
  const removed = new Set(c.holdsRemoved);
  settleHoldConditions(c, people, holds, holds.filter((h) => !removed.has(h.id)));
  return c;
}

/** The summary card's lines, in the order things happened; `who`, `holder` and `target` are ids. */
function roundLines(r: RoundEndResult, holds: readonly Hold[]): Headline[] {
  const lines: Headline[] = [];
  const out = new Set(r.unconscious);
  const byId = new Map(holds.map((h) => [h.id, h]));
  const woke = new Set<string>();
  const wakes = (who: string): Headline => {
    if (out.has(who) || woke.has(who)) return headline("WC.Round.stillUnconscious", { who });
    woke.add(who);
    return headline("WC.Round.wakes", { who });
  };
  for (const e of r.events) {
    switch (e.kind) {
      case "released":
        lines.push(headline("WC.Round.letGo", { holder: e.holderId, target: e.heldId, hold: holdKey((byId.get(e.holdId) as Hold).row) }));
        break;
      case "holdDamage": {
        const s = e.damage.split;
        lines.push(headline("WC.Round.keptHoldHurts", { holder: e.holderId, target: e.heldId, hold: holdKey((byId.get(e.holdId) as Hold).row), total: s.total, actual: s.actual, temporary: s.temporary }));
        break;
      }
      case "strangle":
        lines.push(headline(e.knockedOut ? "WC.Round.chokedOut" : "WC.Round.chokeResisted", { who: e.heldId, holder: byId.get(e.holdId)?.holderId ?? "", roll: e.die.face, chance: e.pct, held: e.roundsHeld, ...(e.knockedOut ? { rounds: STRANGLE_KO.unconsciousRounds } : {}) }));
        break;
      case "healed":
        lines.push(headline("WC.Round.recovered", { who: e.id, n: e.healed }));
        break;
      case "vitality":
        if (e.after.kind === "unconscious") lines.push(headline(e.before.kind === "unconscious" ? "WC.Round.stillOut" : "WC.Round.knockedOut", { who: e.id, rounds: e.after.rounds }));
        else if (e.after.kind === "conscious") lines.push(wakes(e.id));
        else lines.push(headline("WC.Round.zeroHp", { who: e.id }));
        break;
      case "timerExpired":
        if (e.condition === "unconscious") lines.push(wakes(e.id));
        else lines.push(headline(e.condition === "stunned" ? "WC.Round.stunOver" : "WC.Round.hinderOver", { who: e.id }));
        break;
    }
  }
  return lines;
}

/**
 * 004 has no end-of-round overbear and no rule for leaving melee, so `overbear` and
 * `outOfMelee` are not read. Holds never change at a round end here (the strangle count is
 * the rounds since the hold was gained), so `holdsUpdated` is always empty.
 */

export function endRound(ctx: RoundContext, rawOptions: unknown, dice: Dice): RoundResolution {
  const o = (rawOptions ?? PERCENTILE_DEFAULTS) as PercentileOptions;
  const { combatants: plain, holds } = roundSetup(ctx);
  const known = new Map(plain.map((c) => [c.id, c]));
  const combatants = plain.map((c) => withHoldConditions(c, holds, known, o));
  // Timers of conditions 004 does not count (prone while rising) only run down a round.
  const plainTimers = Array.isArray(ctx.timers) ? ctx.timers.filter((t) => isObj(t) && typeof t.condition === "string" && !(TIMED as readonly string[]).includes(t.condition)) : [];
  const timers = coreTimers(Array.isArray(ctx.timers) ? ctx.timers.filter((t) => !plainTimers.includes(t)) : ctx.timers, ctx.round);
  const plainIssues = new IssueList();
  plainTimers.forEach((t) => {
    const i = ctx.timers.indexOf(t);
    plainIssues.oneOf(`timers[${i}].condition`, t.condition, CONDITION_IDS);
    plainIssues.int(`timers[${i}].remaining`, t.remaining, 1, ROUND_MAX * SEGMENTS_PER_ROUND);
    plainIssues.oneOf(`timers[${i}].unit`, t.unit, TIMER_UNITS);
  });
  plainIssues.throwIfAny();
  const ledgers = roundLedgers(ctx.ledgers);
  const r = resolveRoundEnd({ round: ctx.round, combatants, holds, ledgers, timers }, o, dice);
  const consequences = roundConsequences(r, combatants, holds);
  const lines = roundLines(r, holds);
  const carried: ShellTimer[] = shellTimers(r.timers);
  for (const t of plainTimers) {
    const next = runDownTimer(t);
    if (next) carried.push(next);
    else {
      consequences.conditions.push({ targetId: t.id, condition: t.condition, active: false });
      lines.push(headline("WC.Round.conditionEnds", { who: t.id, condition: `WC.Condition.${t.condition}` }));
    }
  }
  return { result: r, consequences, holdsUpdated: [], timers: carried, lines };
}
