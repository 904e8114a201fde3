/**
 * Pieces every variant's RulesVariant adapter (its variant.ts) uses to read the shell's context
 * and answer it: profiles with and without the id, the hold an action means, headlines, and the
 * error for an action the variant lacks.
 */
import type { Consequences } from "./consequences.ts";
import { IssueList, RulesInputError } from "./errors.ts";

type Params = Record<string, string | number>;

/** A headline or odds key, with its parameters when there are any. */
export function headline(key: string, params?: Params): { key: string; params?: Params } {
  return params ? { key, params } : { key };
}

/** A stored profile with its id put in; throws RulesInputError (notObject) when it is no object. */
export function profileWithId(id: string, profile: unknown, path: string): Record<string, unknown> {
  const issues = new IssueList();
  if (!issues.object(path, profile)) issues.throwIfAny();
  return { ...(profile as Record<string, unknown>), id };
}

/** A profile as the actor stores it: the combatant without its id. */
export function profileWithoutId(c: { readonly id: string }): Record<string, unknown> {
  const profile: Record<string, unknown> = { ...c };
  delete profile.id;
  return profile;
}

/**
 * The headline of an action the rules refuse (a result of kind "notAllowed"): it names the
 * reason, a key under WC.Reason. (a bare reason name is put under it). The shell shows it as
 * a notice and posts no card.
 */
export function refusedHeadline(reason: string): { key: string; params: Params } {
  return headline(REFUSED_KEY, { reason: reason.startsWith("WC.") ? reason : `WC.Reason.${reason}` }) as { key: string; params: Params };
}

/** The one headline key of a refusal, in every variant. */
export const REFUSED_KEY = "WC.Result.notAllowedBecause";
/** A refusal that gives no reason. */
export const REFUSED_PLAIN_KEY = "WC.Result.notAllowed";

/** Whether a headline (or odds outcome) key says the rules refuse the action. */
export function isRefusalKey(key: string): boolean {
  return key === REFUSED_KEY || key === REFUSED_PLAIN_KEY;
}

/** Whether an action's odds are a refusal: its one outcome says the rules refuse it. */
export function isRefusalOdds(odds: ReadonlyArray<{ readonly key: string }>): boolean {
  return odds.length === 1 && odds[0] !== undefined && isRefusalKey(odds[0].key);
}

export function unknownAction(action: string, known: readonly string[]): never {
  throw new RulesInputError([{ path: "action", code: "unknownAction", params: { action, known: known.join("|") } }]);
}

/** The hold an action means: the one named (`ctx.holdId`) if it fits, else the first that fits. */
export function chosenHold<H extends { readonly id: string }>(ctx: { readonly holdId?: string }, holds: readonly H[], fits: (h: H) => boolean): H {
  const h = holds.find((x) => (ctx.holdId === undefined || x.id === ctx.holdId) && fits(x));
  if (!h) throw new RulesInputError([{ path: "holdId", code: "noSuchHold", params: { id: ctx.holdId ?? "" } }]);
  return h;
}

/** A declared number, or 0 when the box is empty or not a number. */
export function declaredNumber(d: Readonly<Record<string, unknown>>, key: string): number {
  const v = d[key];
  return typeof v === "number" ? v : 0;
}

/**
 * What rising from prone does: in a fight it takes the rest of the round (prone stays on until
 * the round ends, as a one-round timer the round end clears; no attacks meanwhile); outside a
 * fight, or when it costs only the action, prone comes off at once.
 */
export function riseConsequences(c: Consequences, id: string, takes: "round" | "action", inCombat: boolean): { key: string } {
  if (takes === "round" && inCombat) {
    c.conditions.push({ targetId: id, condition: "prone", active: true, rounds: 1 });
    c.notes.push({ key: "WC.Note.risingNoAttacks", targetId: id });
    return { key: "WC.Result.risesAtRoundEnd" };
  }
  c.conditions.push({ targetId: id, condition: "prone", active: false });
  return { key: "WC.Result.stoodUp" };
}

/** A condition timer the rules do not count themselves (prone while rising): one round on, or null once run out. */
export function runDownTimer<T extends { readonly remaining: number; readonly unit: "rounds" | "segments" }>(t: T, segmentsPerRound = 10): T | null {
  const left = t.remaining - (t.unit === "rounds" ? 1 : segmentsPerRound);
  return left > 0 ? { ...t, remaining: left } : null;
}

/** The other participants an action names, by id (absent: none). */
export function othersById<P extends { readonly id: string }>(others: readonly P[] | undefined): Map<string, P> {
  return new Map((others ?? []).map((p) => [p.id, p]));
}
