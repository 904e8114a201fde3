/**
 * What an odds outcome means to the one acting: success (what it tried for), part way (something,
 * but not that), or failure. Each variant says it per action, beside the outcomes it builds, so
 * the dialog's headline chance and its colours come from the rules rather than from a list the
 * shell keeps.
 */
import { isRefusalKey } from "./shell.ts";

export type OddsTone = "good" | "mid" | "bad";

type Params = Readonly<Record<string, string | number>>;

/** An odds outcome before its tone is set. */
export interface UntonedOutcome {
  readonly key: string;
  readonly params?: Params;
  readonly p: number;
  /** Set where the outcome is built when its table row decides it (a GM's table may differ from the source's). */
  readonly tone?: OddsTone;
}

/**
 * One action's reading of its outcomes: the result keys that are a success, those part way, and
 * an exception (an outcome under a success key that is none, such as no blow landing).
 */
export interface ToneSpec {
  readonly good: readonly string[];
  readonly mid?: readonly string[];
  readonly fails?: (o: UntonedOutcome) => boolean;
}

/** A count of blows, limbs or hits of 0 is no success, whatever the key. */
function nothingLanded(o: UntonedOutcome): boolean {
  return o.params?.hits === 0;
}

export function toneOf(o: UntonedOutcome, spec: ToneSpec): OddsTone {
  if (isRefusalKey(o.key) || nothingLanded(o) || spec.fails?.(o) === true) return "bad";
  if (spec.good.includes(o.key)) return "good";
  return spec.mid?.includes(o.key) === true ? "mid" : "bad";
}

/** Every outcome with its tone set by the action's reading. */
export function toned(list: readonly UntonedOutcome[], spec: ToneSpec): Array<UntonedOutcome & { readonly tone: OddsTone }> {
  return list.map((o) => ({ ...o, tone: isRefusalKey(o.key) ? "bad" : (o.tone ?? toneOf(o, spec)) }));
}

const R = (k: string): string => `WC.Result.${k}`;

/**
 * The readings every variant shares, by action (a variant may add to them): a grapple wants a
 * hold, a pummel a blow, an overbear the target down, a break or a lift-off freedom, and so on.
 */
export const SHARED_TONES = {
  grapple: { good: [R("hold"), R("holdGained")], mid: [R("briefGrip"), R("holdKept"), R("slip")] },
  pummel: { good: [R("hit"), R("hitStunned"), R("hitFor"), R("hitForStunned"), R("hits"), R("limbsHit"), R("pummelRoutine")] },
  overbear: { good: [R("overborne"), R("bothDown"), R("pushedAside"), R("pushed"), R("overbearResult"), R("overbearDeclared")] },
  breakFree: { good: [R("brokeFree")] },
  counterGrapple: { good: [R("counterHeld"), R("counterBroke"), R("hold")], mid: [R("briefGrip"), R("slip")] },
  liftOff: { good: [R("allBroken"), R("liftOff")] },
  release: { good: [R("released")] },
  subdue: { good: [R("hit"), R("hitFor"), R("hitStunned"), R("hitForStunned")] },
  standUp: { good: [R("stoodUp"), R("risesAtRoundEnd")] },
  grabItem: { good: [R("itemTaken")] },
  coupDeGrace: { good: [R("slain"), R("slainOutright"), R("coupBlows")] },
  deathBlow: { good: [R("deathBlows")] },
} as const satisfies Readonly<Record<string, ToneSpec>>;

/** A blow into a grapple succeeds only when it lands on the creature struck at, not on another member. */
export function intoGrappleTone(defenderId: string): ToneSpec {
  return { good: [R("blowLands"), R("blowLandsOn")], fails: (o) => o.params?.who !== undefined && o.params.who !== defenderId };
}

/** The reading of an action's outcomes, for the creature acting against `defenderId`. */
export function actionTone(action: string, defenderId: string): ToneSpec {
  if (action === "attackIntoGrapple") return intoGrappleTone(defenderId);
  if (action === "chargingOverbear") return SHARED_TONES.overbear;
  // A grab is a grapple whose to-hit the attack made (issue 31): it wants a hold.
  if (action === "grab") return SHARED_TONES.grapple;
  return (SHARED_TONES as Readonly<Record<string, ToneSpec>>)[action] ?? { good: [] };
}
