/**
 * The odds as a picture (pure): the chance of the action's headline outcome in large type (any
 * hold for a grapple, any blow for a pummel, the target down for an overbear, ...), one stacked
 * bar of every outcome, then each outcome, best for the actor first and likeliest first.
 *
 * When the numbers behind the odds are the GM's creature's and hidden from this player, every
 * chance is rounded to the nearest 10% ("about"), so the exact roll needed cannot be read back.
 */
import type { OddsOutcome, ShellAction } from "../../rules/index.ts";
import { isRefusalOdds } from "../../rules/index.ts";
import type { I18n } from "../base/text.ts";
import { formatLine } from "../base/text.ts";

export type Tone = "good" | "mid" | "bad";

/** Outcomes that get the actor what it tried for. */
const GOOD = new Set([
  "WC.Result.hold", "WC.Result.holdGained", "WC.Result.hit", "WC.Result.hitStunned", "WC.Result.hitFor", "WC.Result.hitForStunned", "WC.Result.overborne",
  "WC.Result.bothDown", "WC.Result.pushedAside", "WC.Result.pushed", "WC.Result.overbearResult", "WC.Result.brokeFree", "WC.Result.allBroken",
  "WC.Result.counterHeld", "WC.Result.counterBroke", "WC.Result.released", "WC.Result.liftOff", "WC.Result.succeeded", "WC.Result.overbearDeclared",
  "WC.Result.pummelRoutine",
]);
/** Outcomes part way: something, but not what was tried for. */
const MID = new Set(["WC.Result.briefGrip", "WC.Result.holdKept", "WC.Result.someHeld", "WC.Result.slip"]);

export function toneOf(o: OddsOutcome): Tone {
  if (o.key === "WC.Result.hits") return o.params?.hits === 0 ? "bad" : "good";
  // 004's "avoid" row of the overbear table is no success.
  if (o.key === "WC.Result.overbearResult" && o.params?.result === "WC.Overbear.avoid") return "bad";
  return GOOD.has(o.key) ? "good" : MID.has(o.key) ? "mid" : "bad";
}

export interface OddsPicture {
  readonly big: string;
  readonly what: string;
  readonly segments: ReadonlyArray<{ readonly tone: Tone; readonly width: string; readonly title: string }>;
  readonly lines: ReadonlyArray<{ readonly tone: Tone; readonly pct: string; readonly label: string }>;
  readonly rough: string;
  /** The rules refuse the action outright: why, in place of the picture. */
  readonly refused: string;
}

const RANK: Record<Tone, number> = { good: 0, mid: 1, bad: 2 };

function pct(p: number, rough: boolean): string {
  if (rough) return p > 0 && p < 0.05 ? "<5%" : p < 1 && p > 0.95 ? ">95%" : `≈${Math.round(p * 10) * 10}%`;
  const v = p * 100;
  return v > 0 && v < 0.1 ? "<0.1%" : `${v.toFixed(1)}%`;
}

export function oddsPicture(odds: readonly OddsOutcome[], action: ShellAction, i18n: I18n, rough = false): OddsPicture {
  // Rounded, a small chance keeps a sliver of the bar.
  const shown = odds.map((o) => ({ o, p: rough ? Math.max(Math.round(o.p * 10) / 10, 0.02) : o.p, tone: toneOf(o) })).filter((x) => x.o.p > 0);
  const sorted = [...shown].sort((a, b) => RANK[a.tone] - RANK[b.tone] || b.o.p - a.o.p);
  const label = (o: OddsOutcome) => formatLine(o.key, o.params, {}, i18n);
  const good = odds.filter((o) => toneOf(o) === "good").reduce((s, o) => s + o.p, 0);
  const only = odds.length === 1 ? odds[0] : undefined;
  if (only && isRefusalOdds(odds)) return { big: "", what: "", segments: [], lines: [], rough: "", refused: label(only) };
  return {
    big: pct(good, rough),
    what: i18n.localize(`WC.Odds.headline.${action}`),
    segments: sorted.filter((x) => x.p > 0).map((x) => ({ tone: x.tone, width: `${(x.p * 100).toFixed(2)}%`, title: `${pct(x.o.p, rough)} ${label(x.o)}` })),
    lines: sorted.map((x) => ({ tone: x.tone, pct: pct(x.o.p, rough), label: label(x.o) })),
    rough: rough ? i18n.localize("WC.Odds.rough") : "",
    refused: "",
  };
}
