/**
 * 002 works in segments, ten to a round. This schedules one creature's attack routines in a
 * round from its attack form: weapon speed, two weapons (+2 on the slowest), natural attacks (1,
 * or 3 for a combination), a grapple's 3 segments, iterative attacks 3 segments apart, a
 * whirlwind's +3, coup de grâce doubling, and fractional rates such as 3 attacks per 2 rounds.
 */
import { TIMING } from "./tables.ts";

export type AttackMode =
  | { readonly kind: "weapon"; readonly speedFactor: number }
  /** Two weapons: the slowest speed factor + 2; iterative attacks come from the primary hand. */
  | { readonly kind: "twoWeapon"; readonly speedFactors: readonly number[] }
  /** Natural weapons: 1 segment for one, 3 for a combination, or the creature's own time. */
  | { readonly kind: "natural"; readonly attacks: number; readonly segments?: number }
  /** 002 §Grapple or Grab: 3 segments (more for large or slow creatures). */
  | { readonly kind: "grapple"; readonly segments?: number }
  /** 002 §Pummel: the weapon's speed factor, or a natural attack's 1 segment. */
  | { readonly kind: "pummel"; readonly speedFactor?: number }
  /** 002 §Whirlwind Attack: +3 on the weapon, every attack in one routine. */
  | { readonly kind: "whirlwind"; readonly speedFactor: number; readonly attacks: number };

export interface ScheduleInput {
  /** The combat round (1-based); odd rounds get the extra routine of a fractional rate. */
  readonly round?: number;
  /** Segments already gone before the action starts (movement, delay); 0 is the round's start. */
  readonly startSegment?: number;
  readonly mode: AttackMode;
  /** Attack routines per `perRounds` rounds, iteratives included (a 7th-level fighter: 3 per 2). */
  readonly rate?: { readonly routines: number; readonly perRounds: number };
  /** 002 §Coup de Grâce under combat conditions: every routine is doubled by one 3 segments later. */
  readonly coupDeGrace?: boolean;
}

export interface ScheduledRoutine {
  readonly kind: "normal" | "iterative" | "coupDeGrace";
  readonly segment: number;
  readonly attacks: number;
}

export interface Schedule {
  readonly round: number;
  /** Routines this round, by segment: those on segment 10 or earlier. */
  readonly routines: ScheduledRoutine[];
  /** Routines that would fall after segment 10 and so are lost (a slow weapon's iterative). */
  readonly late: ScheduledRoutine[];
  readonly bySegment: Array<{ readonly segment: number; readonly routines: number; readonly attacks: number }>;
}

/** Routines in round `round` at `routines` per `perRounds`; the extra comes on odd rounds. */
export function routinesInRound(round: number, routines: number, perRounds: number): number {
  return Math.ceil((round * routines) / perRounds) - Math.ceil(((round - 1) * routines) / perRounds);
}

/** Segments from the start of the action to its first routine, and attacks in each routine. */
export function modeTiming(mode: AttackMode): { delay: number; attacks: number; iterativeAttacks: number } {
  switch (mode.kind) {
    case "weapon":
      return { delay: mode.speedFactor, attacks: 1, iterativeAttacks: 1 };
    case "twoWeapon":
      return { delay: Math.max(...mode.speedFactors) + TIMING.twoWeaponDelay, attacks: mode.speedFactors.length, iterativeAttacks: 1 };
    case "natural": {
      const delay = mode.segments ?? (mode.attacks > 1 ? TIMING.naturalCombination : TIMING.naturalSingle);
      return { delay, attacks: mode.attacks, iterativeAttacks: mode.attacks };
    }
    case "grapple":
      return { delay: mode.segments ?? TIMING.grappleSegments, attacks: 1, iterativeAttacks: 1 };
    case "pummel":
      return { delay: mode.speedFactor ?? TIMING.naturalSingle, attacks: 1, iterativeAttacks: 1 };
    case "whirlwind":
      return { delay: mode.speedFactor + TIMING.whirlwindDelay, attacks: mode.attacks, iterativeAttacks: mode.attacks };
  }
}

export function schedule(input: ScheduleInput): Schedule {
  const round = input.round ?? 1;
  const start = input.startSegment ?? 0;
  const t = modeTiming(input.mode);
  // A whirlwind replaces the normal and iterative attacks with one routine (002 §Whirlwind Attack).
  const count = input.mode.kind === "whirlwind" ? 1 : routinesInRound(round, input.rate?.routines ?? 1, input.rate?.perRounds ?? 1);
  const all: ScheduledRoutine[] = [];
  for (let i = 0; i < count; i++) {
    const segment = start + t.delay + i * TIMING.iterativeDelay;
    all.push({ kind: i === 0 ? "normal" : "iterative", segment, attacks: i === 0 ? t.attacks : t.iterativeAttacks });
    if (input.coupDeGrace) all.push({ kind: "coupDeGrace", segment: segment + TIMING.iterativeDelay, attacks: t.iterativeAttacks });
  }
  all.sort((a, b) => a.segment - b.segment);
  const routines = all.filter((r) => r.segment <= TIMING.segmentsPerRound);
  const late = all.filter((r) => r.segment > TIMING.segmentsPerRound);
  const bySegment: Array<{ segment: number; routines: number; attacks: number }> = [];
  for (const r of routines) {
    const last = bySegment[bySegment.length - 1];
    if (last && last.segment === r.segment) {
      last.routines++;
      last.attacks += r.attacks;
    } else bySegment.push({ segment: r.segment, routines: 1, attacks: r.attacks });
  }
  return { round, routines, late, bySegment };
}

/** The segment an action begun on `startSegment` resolves on (a grapple: 3 later, T002-07). */
export function resolvesOn(startSegment: number, segments: number = TIMING.grappleSegments): number {
  return startSegment + segments;
}

/**
 * A stun that begins on `segment` of a round, as the round-end action counts it: segments left
 * measured from the start of that round (a stun on segment 7 runs to segment 7 of the next).
 */
export function stunTimer(segment: number, segments: number = TIMING.stunSegments): number {
  return segment + segments;
}
