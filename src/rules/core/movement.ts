/**
 * Moving on the map while holds are in place, in one shape for every variant: whether the
 * creature may move at all, and if so its choices: at what share of its speed, who comes with
 * it, which holds end before it goes, and whether a roll decides first. The shell only asks and
 * moves tokens; each variant's movement.ts gives the answer its text gives.
 */
import { IssueList } from "./errors.ts";
import { checkHoldsAmong, obj, optBool, validateHoldList } from "./validate.ts";

/** A share of a creature's speed, as a fraction so that limits are whole feet exactly. */
export interface Pace {
  readonly num: number;
  readonly den: number;
}

export const FULL_PACE: Pace = { num: 1, den: 1 };
export const HALF_PACE: Pace = { num: 1, den: 2 };

/** Something that would let the creature move again (an i18n key; ids in params are names to the shell). */
export interface Freeing {
  readonly key: string;
  readonly params?: Readonly<Record<string, string | number>>;
}

export interface MoveChoice {
  /**
   * drag: it moves and brings `brings` along, every hold kept; letGo: the holds in `ends` end
   * first, then it moves (with `brings`, if anyone still hangs on); roll: a roll (002) decides
   * whether it may move with the hold.
   */
  readonly kind: "drag" | "letGo" | "roll";
  readonly pace: Pace;
  /** The farthest it may go this round at that pace, in feet; null where the rules give no speed. */
  readonly limitFeet: number | null;
  /** Creatures that move with it, staying beside it. */
  readonly brings: readonly string[];
  /** Hold ids that end when it moves. */
  readonly ends: readonly string[];
  /** 002 §Moving and Grappling: the roll the move needs, and the hold it is made for. */
  readonly roll?: { readonly kind: "dragRoll" | "freeBreak"; readonly holdId: string; readonly heldId: string };
  /** i18n key: why this pace (shown when a move is too long). */
  readonly reason: string;
}

export type MovementAnswer =
  /** No hold and nothing else keeps it: the rules have nothing to say about this move. */
  | { readonly kind: "free" }
  | {
      readonly kind: "cannot";
      /** i18n key of why; params name creatures by id. */
      readonly reason: string;
      readonly params?: Readonly<Record<string, string | number>>;
      /** What would let it move again. */
      readonly frees: readonly Freeing[];
      /** The holds that keep it where it is. */
      readonly holdIds: readonly string[];
    }
  | {
      readonly kind: "choices";
      /** Its full speed in feet a round; null where the profile gives none. */
      readonly speedFeet: number | null;
      /** The first is what a plain drag of the token means; the others are offered alongside. */
      readonly choices: readonly MoveChoice[];
    };

/**
 * How far a holder hauls in, in a round, a creature it holds at a distance (a leash): the share of
 * its speed the variant's option `reelInPace` gives; null where the rules give it no speed.
 */
export interface ReelAnswer {
  readonly feet: number | null;
  readonly pace: Pace;
  /** i18n key: why this pace. */
  readonly reason: string;
}

export function reelAnswer(speedFeet: number | null, option: "half" | "full"): ReelAnswer {
  const p = option === "full" ? FULL_PACE : HALF_PACE;
  return { feet: limitFeet(speedFeet, p), pace: p, reason: option === "full" ? "WC.Move.pace.reelFull" : "WC.Move.pace.reelHalf" };
}

/** A fall after a hold ends in the air: how far, and what the text says it costs. */
export type FallAnswer =
  | { readonly kind: "staysAloft"; readonly reason: string }
  /** `damage` null: the text gives no rule for falling, and the GM is told the height. */
  | { readonly kind: "falls"; readonly feet: number; readonly damage: null; readonly reason: string };

export function pace(num: number, den: number): Pace {
  return { num, den };
}

/** Whole feet a creature covers in a round at a pace (rounded down). */
export function limitFeet(speedFeet: number | null, p: Pace): number | null {
  return speedFeet === null ? null : Math.floor((speedFeet * p.num) / p.den);
}

export function choice(kind: MoveChoice["kind"], speedFeet: number | null, p: Pace, reason: string, brings: readonly string[] = [], ends: readonly string[] = [], roll?: MoveChoice["roll"]): MoveChoice {
  return { kind, pace: p, limitFeet: limitFeet(speedFeet, p), brings, ends, reason, ...(roll ? { roll } : {}) };
}

export function cannot(reason: string, frees: readonly Freeing[], holdIds: readonly string[] = [], params?: Record<string, string | number>): MovementAnswer {
  return { kind: "cannot", reason, frees, holdIds, ...(params ? { params } : {}) };
}

interface Link {
  readonly id: string;
  readonly holderId: string;
  readonly heldId: string;
}

/** The creatures in a hold with `id`, either way, each once. */
export function partnersOf(id: string, holds: readonly Link[]): string[] {
  const out = new Set<string>();
  for (const h of holds) {
    if (h.holderId === id) out.add(h.heldId);
    if (h.heldId === id) out.add(h.holderId);
  }
  return [...out];
}

/**
 * Who drags whom is the text's call only within one pair of creatures (or a creature and those
 * hanging on to it): when one of the creatures to be brought is also in a hold with someone who
 * would stay behind, the texts do not say, and the move is refused. Returns that pair, or null.
 */
export function tangled(moverId: string, brings: readonly string[], holds: readonly Link[]): { readonly who: string; readonly other: string } | null {
  const group = new Set([moverId, ...brings]);
  for (const who of brings) {
    const other = partnersOf(who, holds).find((p) => !group.has(p));
    if (other !== undefined) return { who, other };
  }
  return null;
}

/** The refusal for a tangled group. */
export function tangledAnswer(t: { readonly who: string; readonly other: string }, holds: readonly Link[]): MovementAnswer {
  const ids = holds.filter((h) => (h.holderId === t.who && h.heldId === t.other) || (h.heldId === t.who && h.holderId === t.other)).map((h) => h.id);
  return cannot("WC.Move.tangled", [{ key: "WC.Free.separate", params: { who: t.who, other: t.other } }], ids, { who: t.who, other: t.other });
}

/** Rising comes before walking (option `proneMovement` "standFirst"). */
export function proneAnswer(canRise: boolean, blockers: readonly string[], holdIds: readonly string[]): MovementAnswer {
  const frees: Freeing[] = canRise ? [{ key: "WC.Free.standUp" }] : [{ key: "WC.Free.breakFree", params: { holders: blockers.join(",") } }, { key: "WC.Free.standUp" }];
  return cannot("WC.Move.prone", frees, holdIds);
}

/** Ids joined for a parameter the shell turns into names ("a,b" reads "Ogre, Goblin"). */
export function ids(list: readonly string[]): string {
  return list.join(",");
}

/** A `movement` action's plain-data input, read with the variant's own profile and hold checks. */
export function readMoveInput<C extends { readonly id: string }, H extends Link>(
  input: unknown,
  validateCombatant: (v: unknown, path: string) => C,
  validateHold: (v: unknown, path: string) => H,
): { mover: C; others: Map<string, C>; holds: H[]; airborne: boolean } {
  const i = obj(input, "input");
  const mover = validateCombatant(i.mover, "input.mover");
  const issues = new IssueList();
  if (i.others !== undefined) issues.array("input.others", i.others);
  optBool(issues, i, "input", ["airborne"]);
  issues.throwIfAny();
  const others = ((i.others as unknown[] | undefined) ?? []).map((c, n) => validateCombatant(c, `input.others[${n}]`));
  const holds = validateHoldList(i.holds, "input.holds", validateHold);
  checkHoldsAmong(issues, holds, "input.holds", new Set([mover.id, ...others.map((c) => c.id)]));
  issues.throwIfAny();
  return { mover, others: new Map(others.map((c) => [c.id, c])), holds, airborne: i.airborne === true };
}

/** The mover and the others of a shell's move context, each read as the variant's combatant. */
export function moveCast<C>(
  ctx: { readonly mover: { readonly id: string; readonly profile: unknown }; readonly others?: ReadonlyArray<{ readonly id: string; readonly profile: unknown }> },
  read: (id: string, profile: unknown, path: string) => C,
): { mover: C; others: Map<string, C> } {
  return { mover: read(ctx.mover.id, ctx.mover.profile, "mover"), others: new Map((ctx.others ?? []).map((p, i) => [p.id, read(p.id, p.profile, `others[${i}]`)] as const)) };
}
