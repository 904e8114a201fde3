/**
 * The odds as a picture (pure): the chance of the action's headline outcome in large type (any
 * hold for a grapple, any blow for a pummel, the target down for an overbear, ...), one stacked
 * bar of every outcome, a legend of its colours, then each outcome, best for the actor first and
 * likeliest first. Each outcome's tone (success, part way, failure) is the rules' own.
 *
 * Shown chances always add up: they are rounded by the largest remainder method (to 0.1%, or to
 * 10% steps), and the headline is the sum of the successes as shown. When the numbers behind the
 * odds are the GM's creature's and hidden from this player, every chance is rounded to 10% steps
 * ("about"), so the exact roll needed cannot be read back; small outcomes of one tone are then
 * shown together as one line.
 */
import type { OddsOutcome, OddsTone, ShellAction } from "../../rules/index.ts";
import { isRefusalOdds } from "../../rules/index.ts";
import type { I18n } from "../base/text.ts";
import { formatLine, formatPercent, has } from "../base/text.ts";

export type Tone = OddsTone;

export interface OddsPicture {
  readonly big: string;
  readonly what: string;
  readonly segments: ReadonlyArray<{ readonly tone: Tone; readonly width: string; readonly title: string }>;
  readonly lines: ReadonlyArray<{ readonly tone: Tone; readonly pct: string; readonly label: string }>;
  /** The colours the bar and the lines use, with what each means (only those shown). */
  readonly legend: ReadonlyArray<{ readonly tone: Tone; readonly label: string }>;
  readonly rough: string;
  /** The rules refuse the action outright: why, in place of the picture. */
  readonly refused: string;
}

const RANK: Record<Tone, number> = { good: 0, mid: 1, bad: 2 };
const TONES: readonly Tone[] = ["good", "mid", "bad"];

/**
 * Whole units (of `total`) for each share, adding up to `total`: each takes its quota rounded
 * down, and the units left go to the largest remainders (ties to the larger share, then the
 * earlier one).
 */
export function largestRemainder(shares: readonly number[], total: number): number[] {
  const sum = shares.reduce((s, p) => s + Math.max(0, p), 0);
  if (sum <= 0) return shares.map(() => 0);
  const quotas = shares.map((p) => (Math.max(0, p) / sum) * total);
  const units = quotas.map((q) => Math.floor(q + 1e-9));
  let left = total - units.reduce((s, u) => s + u, 0);
  const order = quotas.map((q, i) => ({ i, r: q - (units[i] ?? 0), q })).sort((a, b) => b.r - a.r || b.q - a.q || a.i - b.i);
  for (const x of order) {
    if (left <= 0) break;
    units[x.i] = (units[x.i] ?? 0) + 1;
    left -= 1;
  }
  return units;
}

interface Line {
  readonly tone: Tone;
  readonly p: number;
  readonly label: string;
  /** The outcome's key, where the line is one outcome (a group has none). */
  readonly key?: string;
}

/** What a group of small outcomes is ("other holds (5)"): by the one result they share, else by their tone. */
function groupName(small: readonly Line[], tone: Tone, i18n: I18n): string {
  const keys = new Set(small.map((l) => l.key ?? ""));
  const [scope, group, name] = keys.size === 1 ? ([...keys][0] ?? "").split(".") : [];
  const byResult = scope === "WC" && group === "Result" && name ? `WC.Odds.group.${name}` : "";
  return i18n.format(byResult !== "" && has(i18n, byResult) ? byResult : `WC.Odds.group.${tone}`, { n: small.length });
}

/** The percentage a number of units of `total` is, in the user's language ("27,1 %" in German). */
function percentText(units: number, total: number, p: number, rough: boolean, lang: string): string {
  const f = { format: (share: number) => formatPercent(share * 100, { lang }, rough ? 0 : 1, true) };
  const certain = p >= 1 - 1e-12;
  if (units === 0 && p > 0) return `<${f.format(1 / total)}`;
  if (units === total && !certain) return `>${f.format((total - 1) / total)}`;
  // A sure thing, or none, is said plainly even when rounded.
  return `${rough && !certain && p > 0 ? "≈" : ""}${f.format(units / total)}`;
}

/** Small outcomes of one tone as one line, when there are several (the rough view only). */
function grouped(lines: readonly Line[], i18n: I18n): Line[] {
  const out: Line[] = [];
  for (const tone of TONES) {
    const mine = lines.filter((l) => l.tone === tone);
    const small = mine.filter((l) => l.p < 0.1);
    if (small.length < 2) {
      out.push(...mine);
      continue;
    }
    out.push(...mine.filter((l) => l.p >= 0.1));
    out.push({ tone, p: small.reduce((s, l) => s + l.p, 0), label: i18n.format("WC.Odds.others", { group: groupName(small, tone, i18n), list: small.map((l) => l.label).join("; ") }) });
  }
  return out;
}

export function oddsPicture(odds: readonly OddsOutcome[], action: ShellAction, i18n: I18n, rough = false, names: Readonly<Record<string, string>> = {}, lang = "en", pair: Readonly<{ attacker?: string; defender?: string }> = {}): OddsPicture {
  // An outcome that names the two ({defender} kept its footing) takes them from the pair.
  const label = (o: OddsOutcome) => formatLine(o.key, { ...pair, ...o.params }, names, i18n);
  const only = odds.length === 1 ? odds[0] : undefined;
  if (only && isRefusalOdds(odds)) return { big: "", what: "", segments: [], lines: [], legend: [], rough: "", refused: label(only) };
  const exact: Line[] = odds.filter((o) => o.p > 0).map((o) => ({ tone: o.tone, p: o.p, label: label(o), key: o.key }));
  const shown = (rough ? grouped(exact, i18n) : exact).sort((a, b) => RANK[a.tone] - RANK[b.tone] || b.p - a.p);
  const total = rough ? 10 : 1000;
  const units = largestRemainder(
    shown.map((l) => l.p),
    total,
  );
  const goodUnits = shown.reduce((s, l, i) => s + (l.tone === "good" ? (units[i] ?? 0) : 0), 0);
  const goodP = shown.reduce((s, l) => s + (l.tone === "good" ? l.p : 0), 0);
  const lines = shown.map((l, i) => ({ tone: l.tone, pct: percentText(units[i] ?? 0, total, l.p, rough, lang), label: l.label }));
  // Rounded, the bar's widths are the shown units too, so bar and lines agree.
  const widths = rough ? units.map((u) => (u / total) * 100) : shown.map((l) => l.p * 100);
  return {
    big: percentText(goodUnits, total, goodP, rough, lang),
    what: i18n.localize(`WC.Odds.headline.${action}`),
    segments: shown.map((l, i) => ({ tone: l.tone, width: `${(widths[i] ?? 0).toFixed(2)}%`, title: `${lines[i]?.pct ?? ""} ${l.label}` })).filter((s) => parseFloat(s.width) > 0),
    lines,
    legend: TONES.filter((t) => shown.some((l) => l.tone === t)).map((tone) => ({ tone, label: i18n.localize(`WC.Odds.tone.${tone}`) })),
    rough: rough ? i18n.localize("WC.Odds.rough") : "",
    refused: "",
  };
}
