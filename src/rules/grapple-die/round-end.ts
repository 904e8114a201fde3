/**
 * One round of upkeep for variant grapple-die, run by the shell at the end of every round:
 * 1. segment 3: damage of every hold kept from an earlier round, unless its holder re-rolled the
 *    grapple die this round (002 §Grapple Procedure step 6);
 * 2. strangle holds: the cumulative knock-out roll, and the suffocation count on a victim who is
 *    out (002 §Strangle Hold; option `suffocationClock`);
 * 3. unconsciousness (in rounds) and stuns (in segments) run down;
 * 4. each damaged creature's standing (fighting, subdued, zero hp).
 *
 * Who is awake acts (core/awake.ts): before segment 3, a hold whose holder is out (on an
 * unconsciousness clock, or marked unconscious) is let go: an unconscious holder deals no hold
 * damage and keeps nothing. The strangle step then asks whether the victim is out.
 */
import type { DieRoll } from "../core/dice.ts";
import type { Dice } from "../core/dice.ts";
import { rollFormula } from "../core/dice.ts";
import type { Ledger } from "../core/damage.ts";
import { addDamage } from "../core/damage.ts";
import { letGoByTheOut } from "../core/awake.ts";
import type { StrangleResult } from "./breaks.ts";
import { rollStrangle } from "./breaks.ts";
import type { HoldDamage } from "./grapple.ts";
import { rollHoldDamage } from "./grapple.ts";
import type { Hold } from "./holds.ts";
import type { GrappleDieOptions } from "./options.ts";
import type { GdCombatant } from "./profile.ts";
import { hasCondition } from "./profile.ts";
import type { SubdualStatus } from "./subdual.ts";
import { subdualStatus } from "./subdual.ts";
import { STRANGLE, TIMING } from "./tables.ts";

export interface Timer {
  readonly id: string;
  /** Stuns: segments left counted from the start of this round. Unconsciousness: rounds left, this one included. */
  readonly left: number;
}

export interface RoundEndInput {
  /** The round that is ending. */
  readonly round: number;
  readonly combatants: readonly GdCombatant[];
  /** Holds kept through this round (those broken or dropped before segment 3 are left out). */
  readonly holds: readonly Hold[];
  /** Holds whose holder rolled a new grapple die this round instead of doing damage. */
  readonly rerolled?: readonly string[];
  /** Damage ledgers by combatant id; creatures without one take no bookkeeping. */
  readonly ledgers?: Readonly<Record<string, Ledger>>;
  readonly stuns?: readonly Timer[];
  readonly unconscious?: readonly Timer[];
}

export type RoundEvent =
  /** The holder is out: it keeps no hold, and the hold ends before segment 3. */
  | { readonly kind: "released"; readonly holdId: string; readonly holderId: string; readonly heldId: string }
  | { readonly kind: "holdDamage"; readonly holdId: string; readonly heldId: string; readonly segment: number; readonly damage: HoldDamage }
  | { readonly kind: "strangle"; readonly holdId: string; readonly heldId: string; readonly result: StrangleResult }
  | { readonly kind: "suffocationStarts"; readonly holdId: string; readonly heldId: string; readonly dice: DieRoll[]; readonly rounds: number }
  | { readonly kind: "suffocating"; readonly holdId: string; readonly heldId: string; readonly roundsLeft: number }
  | { readonly kind: "suffocated"; readonly holdId: string; readonly heldId: string }
  | { readonly kind: "wakes"; readonly id: string }
  | { readonly kind: "stunEnds"; readonly id: string; readonly segment: number }
  | { readonly kind: "status"; readonly id: string; readonly before: SubdualStatus; readonly after: SubdualStatus };

export interface RoundEndResult {
  readonly round: number;
  readonly events: RoundEvent[];
  /** The holds with their strangle counts brought up to date (those let go left out). */
  readonly holds: Hold[];
  /** Holds let go this round end because their holder was out. */
  readonly releasedHoldIds: string[];
  readonly ledgers: Record<string, Ledger>;
  /** Timers to carry into the next round, in the same terms as the input. */
  readonly stuns: Timer[];
  readonly unconscious: Timer[];
  readonly dead: string[];
  readonly status: Record<string, SubdualStatus>;
}

export function resolveRoundEnd(input: RoundEndInput, options: GrappleDieOptions, dice: Dice): RoundEndResult {
  const byId = new Map(input.combatants.map((c) => [c.id, c]));
  const events: RoundEvent[] = [];
  const ledgers: Record<string, Ledger> = { ...(input.ledgers ?? {}) };
  const before: Record<string, SubdualStatus> = {};
  for (const [id, l] of Object.entries(ledgers)) before[id] = subdualStatus(l);
  const rerolled = new Set(input.rerolled ?? []);
  const outAtStart = new Set((input.unconscious ?? []).filter((t) => t.left > 0).map((t) => t.id));
  const awake = (id: string): boolean => {
    const c = byId.get(id);
    return !outAtStart.has(id) && !(c && hasCondition(c, "unconscious"));
  };

  // 0. Who is awake acts: an unconscious holder lets go (option unconsciousHolderLetsGo).
  const { kept, released } = options.unconsciousHolderLetsGo ? letGoByTheOut(input.holds, awake) : { kept: [...input.holds], released: [] };
  for (const h of released) events.push({ kind: "released", holdId: h.id, holderId: h.holderId, heldId: h.heldId });

  // 1. Segment 3: a hold made this round did its damage when it was made (option), not now.
  for (const h of kept) {
    if (h.roundGained >= input.round || rerolled.has(h.id)) continue;
    const damage = rollHoldDamage(h, byId.get(h.holderId) as GdCombatant, byId.get(h.heldId) as GdCombatant, options, dice);
    if (!damage) continue;
    events.push({ kind: "holdDamage", holdId: h.id, heldId: h.heldId, segment: TIMING.holdDamageSegment, damage });
    const l = ledgers[h.heldId];
    if (l) ledgers[h.heldId] = addDamage(l, damage.split);
  }

  // 2. Strangle holds.
  const keptOut = new Set<string>();
  const knockedOut = new Set<string>();
  const dead: string[] = [];
  const holds = kept.map((h): Hold => {
    if (!h.effects.strangle || dead.includes(h.heldId)) return h;
    const out = outAtStart.has(h.heldId);
    const clock = h.suffocationLeft;
    if (clock !== undefined && (options.suffocationClock === "whileHeld" || out)) {
      const left = clock - 1;
      if (left <= 0) {
        events.push({ kind: "suffocated", holdId: h.id, heldId: h.heldId });
        dead.push(h.heldId);
      } else {
        events.push({ kind: "suffocating", holdId: h.id, heldId: h.heldId, roundsLeft: left });
        if (options.suffocationClock === "whileHeld") keptOut.add(h.heldId);
      }
      return { ...h, suffocationLeft: left };
    }
    if (out) {
      // Already out (from this or any other cause) with the strangle kept on: the count starts.
      const r = rollFormula(dice, STRANGLE.suffocation, "suffocation");
      const rounds = r.total + STRANGLE.suffocationPlus;
      events.push({ kind: "suffocationStarts", holdId: h.id, heldId: h.heldId, dice: r.rolls, rounds });
      if (options.suffocationClock === "whileHeld") keptOut.add(h.heldId);
      return { ...h, suffocationLeft: rounds };
    }
    const n = (h.strangleRounds ?? 0) + 1;
    const r: StrangleResult = rollStrangle(n, clock === undefined, dice);
    events.push({ kind: "strangle", holdId: h.id, heldId: h.heldId, result: r });
    if (r.kind === "conscious") return { ...h, strangleRounds: n };
    knockedOut.add(h.heldId);
    return { ...h, strangleRounds: n, ...(r.suffocation ? { suffocationLeft: r.suffocation.rounds } : {}) };
  });

  // 3. Timers.
  const unconscious: Timer[] = [];
  for (const t of input.unconscious ?? []) {
    if (dead.includes(t.id) || knockedOut.has(t.id) || keptOut.has(t.id)) continue;
    const left = t.left - 1;
    if (left <= 0) events.push({ kind: "wakes", id: t.id });
    else unconscious.push({ id: t.id, left });
  }
  for (const id of [...knockedOut, ...keptOut]) {
    if (!dead.includes(id) && !unconscious.some((t) => t.id === id)) unconscious.push({ id, left: STRANGLE.unconsciousRounds });
  }
  const stuns: Timer[] = [];
  for (const t of input.stuns ?? []) {
    if (dead.includes(t.id)) continue;
    const left = t.left - TIMING.segmentsPerRound;
    if (left <= 0) events.push({ kind: "stunEnds", id: t.id, segment: Math.max(0, t.left) });
    else stuns.push({ id: t.id, left });
  }

  // 4. Standing.
  const status: Record<string, SubdualStatus> = {};
  for (const [id, l] of Object.entries(ledgers)) {
    const after = subdualStatus(l);
    status[id] = after;
    const b = before[id] as SubdualStatus;
    if (b.kind !== after.kind) events.push({ kind: "status", id, before: b, after });
  }

  return { round: input.round, events, holds, releasedHoldIds: released.map((h) => h.id), ledgers, stuns, unconscious, dead, status };
}
