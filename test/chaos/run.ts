/**
 * Running evenings: each step is started, the world is let settle (a tab that missed a message
 * reloads, as a desynchronised tab must), and every invariant is checked against the store. A run
 * is many evenings, each from its own seed; the first break in a variant is cut down to the
 * shortest list of steps that still breaks the same invariant (delta debugging, each try replayed
 * from the evening's own first world).
 */
import type { VariantId } from "../../src/foundry/base/types.ts";
import type { EveningConfig, ShellLoader, TabSlot } from "./evening.ts";
import { Evening, eveningConfig } from "./evening.ts";
import type { Breach, Seen } from "./invariants.ts";
import { holdsView, snapshot, Watcher } from "./invariants.ts";
import { Prng, seedFrom } from "./prng.ts";
import type { Step } from "./steps.ts";
import { CHANGES_NOTHING, HALF_CHEATS, LEAVE_CHEATS, cardsOf, emptyLog, nextStep, start } from "./steps.ts";

export interface EveningResult {
  readonly config: EveningConfig;
  /** The steps run, as data: replaying them from the config gives the same evening. */
  readonly steps: Step[];
  /** Server requests made (every awaited document call, by anyone). */
  readonly requests: number;
  /** Requests players posted (request cards, forged ones among them). */
  readonly playerRequests: number;
  readonly forged: number;
  /** The cheats players tried from their consoles, by kind. */
  readonly cheats: Readonly<Record<string, number>>;
  readonly checks: number;
  readonly breaches: ReadonlyArray<{ readonly step: number; readonly breach: Breach }>;
  /** Writes that met one of the module's on one parent but that no tab could wait for: one still on its way from a tab that had closed, or a person's own edit. */
  readonly overlapsApart: { readonly closedTab: number; readonly byHand: number };
  /** What the evening did: holds made, results applied and undone, round ends applied, requests refused; tabs reopened. */
  readonly seen: Seen & { readonly reopened: number };
}

/** Console errors and unhandled rejections while `fn` runs: exceptions that escaped. */
async function catchingEscapes<T>(fn: (escaped: unknown[]) => Promise<T>): Promise<T> {
  const escaped: unknown[] = [];
  const error = console.error;
  const warn = console.warn;
  const random = Math.random;
  const onRejection = (e: unknown) => escaped.push(e);
  console.error = (...args: unknown[]) => escaped.push(args.map((a) => (a instanceof Error ? `${a.message}\n${a.stack ?? ""}` : String(a))).join(" "));
  // A batched write the server refused and sent again one by one says so; that is no error.
  console.warn = () => undefined;
  process.on("unhandledRejection", onRejection);
  try {
    return await fn(escaped);
  } finally {
    console.error = error;
    console.warn = warn;
    Math.random = random;
    process.off("unhandledRejection", onRejection);
  }
}

/**
 * One evening: `plan` is a number of steps to make up as it goes, or the steps to replay.
 * Stops at the first break when `stopAtBreak` (replays for shrinking).
 */
export async function runEvening(config: EveningConfig, load: ShellLoader, plan: number | readonly Step[], stopAtBreak = false, trace?: (step: number, ev: Evening, found: readonly Breach[]) => void): Promise<EveningResult> {
  return catchingEscapes(async (escaped) => {
    // The module's own request ids (Math.random) come from the evening's seed too.
    const random = new Prng(seedFrom("random", config.seed));
    Math.random = () => random.next();
    const ev = await Evening.open(config, load);
    const watcher = new Watcher(ev);
    const rng = new Prng(seedFrom("steps", config.seed));
    const steps: Step[] = [];
    const breaches: Array<{ step: number; breach: Breach }> = [];
    let playerRequests = 0;
    let forged = 0;
    const cheats: Record<string, number> = {};
    const count = typeof plan === "number" ? plan : plan.length;
    // Whatever went wrong while the evening was set up counts against its first step.
    ev.observe();
    for (let i = 0; i < count; i++) {
      const step = typeof plan === "number" ? nextStep(ev, rng) : (plan[i] as Step);
      steps.push(step);
      watcher.learnTokens();
      ev.missed.clear();
      ev.droppedHooks.clear();
      // A forged request or card made when nothing else is waiting must leave the world as it was;
      // a player's tampering with a hold half, the holds as they were (the GM's tab puts them back);
      // a player taking their creature out of its fight, the same unless the GM, asked, let it go.
      const quiet = ev.gmTabs().length > 0 && cardsOf(ev, "request").every((m) => (m.getFlag("weaponless-combat", "request") as { state?: string }).state !== "pending");
      const alone = quiet && (step.kind === "forge" || (step.kind === "cheat" && CHANGES_NOTHING.has(step.how)));
      const before = alone ? snapshot(ev) : null;
      const holdsBefore = quiet && step.kind === "cheat" && (HALF_CHEATS.has(step.how) || LEAVE_CHEATS.has(step.how)) ? holdsView(ev) : null;
      const log = emptyLog();
      log.writesAtStart = ev.world.writes.length;
      await ev.prepare();
      start(ev, step, log);
      await Promise.all(log.tasks);
      await ev.quiesce();
      // A tab that missed a message is out of step with the world; it reloads.
      for (let tries = 0; tries < 5 && ev.missed.size > 0; tries++) {
        const missed = [...ev.missed].map((c) => ev.slotOf(c)).filter((s): s is TabSlot => s !== undefined);
        ev.missed.clear();
        await ev.prepare(missed.length);
        for (const slot of missed) {
          ev.closeTab(slot, "applied");
          ev.openTab(slot);
        }
        await ev.quiesce();
      }
      ev.observe();
      playerRequests += log.requestsPosted;
      forged += log.forged.length;
      for (const c of log.cheats) cheats[c] = (cheats[c] ?? 0) + 1;
      // A step that closed every GM tab (or reloaded one) leaves nothing to put the holds back yet.
      const found = watcher.check(log, before, [...escaped.splice(0), ...log.errors], ev.gmTabs().length > 0 && !log.gmLetGo ? holdsBefore : null);
      trace?.(i, ev, found);
      for (const breach of found) breaches.push({ step: i, breach });
      if (found.length > 0 && stopAtBreak) break;
    }
    return {
      config,
      steps,
      requests: ev.world.writes.length,
      playerRequests,
      forged,
      cheats,
      checks: watcher.checks,
      breaches,
      overlapsApart: { closedTab: watcher.closedTabOverlaps, byHand: watcher.byHandOverlaps },
      seen: { ...watcher.seen, reopened: ev.reopened },
    };
  });
}

/** Whether replaying `steps` still breaks `invariant`. */
async function stillBreaks(config: EveningConfig, load: ShellLoader, steps: readonly Step[], invariant: Breach["invariant"]): Promise<Breach | null> {
  const r = await runEvening(config, load, steps, true);
  return r.breaches.find((b) => b.breach.invariant === invariant)?.breach ?? null;
}

/**
 * Delta debugging (ddmin) over the step list: drop chunks of steps while the same invariant
 * still breaks, with finer chunks as it stops working, until no single step can go.
 */
export async function shrink(config: EveningConfig, load: ShellLoader, steps: readonly Step[], invariant: Breach["invariant"], budget = 400): Promise<{ steps: Step[]; breach: Breach | null; tries: number }> {
  let current = [...steps];
  let last = await stillBreaks(config, load, current, invariant);
  let tries = 1;
  if (!last) return { steps: current, breach: null, tries };
  let n = 2;
  while (current.length >= 2 && tries < budget) {
    const size = Math.ceil(current.length / n);
    let reduced = false;
    for (let i = 0; i < n && tries < budget; i++) {
      const complement = [...current.slice(0, i * size), ...current.slice((i + 1) * size)];
      if (complement.length === 0) continue;
      tries++;
      const b = await stillBreaks(config, load, complement, invariant);
      if (b) {
        current = complement;
        last = b;
        n = Math.max(n - 1, 2);
        reduced = true;
        break;
      }
    }
    if (!reduced) {
      if (n >= current.length) break;
      n = Math.min(current.length, n * 2);
    }
  }
  return { steps: current, breach: last, tries };
}

export interface VariantFigures {
  readonly variant: VariantId;
  steps: number;
  evenings: number;
  requests: number;
  playerRequests: number;
  forged: number;
  cheats: Record<string, number>;
  checks: number;
  broken: number;
  /** Overlaps counted apart (see EveningResult). */
  closedTabOverlaps: number;
  byHandOverlaps: number;
  seen: Seen & { reopened: number };
  /** The first break, cut down to the steps that reproduce it. */
  repro?: { readonly config: EveningConfig; readonly steps: Step[]; readonly breach: Breach; readonly from: number };
}

export interface ChaosOptions {
  readonly seed: number;
  /** Steps per variant. */
  readonly steps: number;
  readonly variants: readonly VariantId[];
  readonly load: ShellLoader;
  /** Steps in one evening (each evening starts from a new world). */
  readonly evening?: number;
  /** Cut the first break of each variant down (slower). */
  readonly shrink?: boolean;
  readonly onEvening?: (figures: VariantFigures, result: EveningResult) => void;
  /** The first evening to run (to go straight to one a long run broke in). */
  readonly fromEvening?: number;
}

export async function runChaos(options: ChaosOptions): Promise<VariantFigures[]> {
  const out: VariantFigures[] = [];
  const length = options.evening ?? 100;
  for (const variant of options.variants) {
    const figures: VariantFigures = { variant, steps: 0, evenings: 0, requests: 0, playerRequests: 0, forged: 0, cheats: {}, checks: 0, broken: 0, closedTabOverlaps: 0, byHandOverlaps: 0, seen: { holds: 0, applied: 0, undone: 0, rounds: 0, refused: 0, reopened: 0 } };
    for (let e = options.fromEvening ?? 0; figures.steps < options.steps; e++) {
      const config = eveningConfig(seedFrom(options.seed, variant, e), variant);
      const result = await runEvening(config, options.load, Math.min(length, options.steps - figures.steps));
      figures.steps += result.steps.length;
      figures.evenings++;
      figures.requests += result.requests;
      figures.playerRequests += result.playerRequests;
      figures.forged += result.forged;
      for (const [k, n] of Object.entries(result.cheats)) figures.cheats[k] = (figures.cheats[k] ?? 0) + n;
      figures.checks += result.checks;
      figures.broken += result.breaches.length;
      figures.closedTabOverlaps += result.overlapsApart.closedTab;
      figures.byHandOverlaps += result.overlapsApart.byHand;
      for (const k of Object.keys(figures.seen) as Array<keyof VariantFigures["seen"]>) figures.seen[k] += result.seen[k];
      const first = result.breaches[0];
      if (first && !figures.repro) {
        const upTo = result.steps.slice(0, first.step + 1);
        const cut = options.shrink === false ? { steps: upTo, breach: first.breach } : await shrink(config, options.load, upTo, first.breach.invariant);
        figures.repro = { config, steps: cut.steps, breach: cut.breach ?? first.breach, from: upTo.length };
      }
      options.onEvening?.(figures, result);
    }
    out.push(figures);
  }
  return out;
}
