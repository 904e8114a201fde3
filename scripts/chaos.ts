/**
 * `npm run chaos -- [--steps N] [--seed S] [--variant V] [--evening E] [--from K] [--no-shrink] [--verbose]`
 * `npm run chaos -- --replay <file> [--trace]`
 *
 * Long randomised runs of whole evenings of play through the fake (test/chaos/): prints, per
 * variant, the steps run, the requests made, the invariant checks made and broken; on a break,
 * the shortest list of steps found that still breaks it, written to a file that `--replay`
 * runs again. Exits 1 when anything broke, 2 for an argument it does not take.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { register } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { VariantId } from "../src/foundry/base/types.ts";
import type { Evening, ShellCopy } from "../test/chaos/evening.ts";
import type { Breach } from "../test/chaos/invariants.ts";
import type { Step } from "../test/chaos/steps.ts";
import { readArgs, usageExit, UsageError, wholeNumber } from "./cli.ts";

const VARIANTS: readonly VariantId[] = ["d12-holds", "grapple-die", "percentile"];

const USAGE = `
Usage: npm run chaos -- [--steps N] [--seed S] [--variant V] [--evening E] [--from K] [--no-shrink] [--verbose]
       npm run chaos -- --replay <file> [--trace] [--shrink]

Plays randomised whole evenings through the fake Foundry (GM and player tabs, reloads, forged
requests, undos, round ends) and checks every invariant after every step (docs/chaos.md).
Prints, per rule set, the steps, requests and invariant checks made and broken; a break is cut
down to its shortest reproduction and written to a file for --replay. Exit code 1 when anything
broke, 2 for a bad argument. The defaults take a few minutes: npm test runs 250 steps a rule set.

  --steps N      steps per rule set (default 1000)
  --seed S       the seed every evening's world and steps come from (default 14)
  --variant V    one rule set only: ${VARIANTS.join(", ")} (default all three)
  --evening E    steps per evening before a fresh world (default 100)
  --from K       start at the K-th evening, to go straight to one a long run broke in (default 0)
  --no-shrink    report a break as found, without cutting it down
  --verbose      print the first breaks of each evening as they happen
  --replay FILE  run a saved reproduction again (the file a break wrote)
  --trace        with --replay: the holds, cards and hit points after each step
  --shrink       with --replay: cut the file's steps down further (its first break, a larger
                 budget of tries) and write the shorter reproduction to a new file
  -h, --help     this text
`;

const { values: opts } = readArgs({
  name: "chaos",
  usage: USAGE,
  options: {
    steps: { type: "string" },
    seed: { type: "string" },
    variant: { type: "string" },
    evening: { type: "string" },
    from: { type: "string" },
    "no-shrink": { type: "boolean" },
    verbose: { type: "boolean" },
    replay: { type: "string" },
    trace: { type: "boolean" },
    shrink: { type: "boolean" },
  },
});

interface RunArgs {
  readonly steps: number;
  readonly seed: number;
  readonly variants: readonly VariantId[];
  readonly evening: number;
  readonly from: number;
}

/** The run's figures from the options; a UsageError for any that does not fit. */
function runArgs(): RunArgs {
  if (opts.trace && !opts.replay) throw new UsageError("--trace goes with --replay <file>");
  if (opts.shrink && !opts.replay) throw new UsageError("--shrink goes with --replay <file>");
  const one = opts.variant;
  if (one !== undefined && !VARIANTS.includes(one as VariantId)) throw new UsageError(`no rule set ${JSON.stringify(one)} (known: ${VARIANTS.join(", ")})`);
  return {
    steps: wholeNumber("steps", opts.steps, 1000, 1),
    seed: wholeNumber("seed", opts.seed, 14),
    variants: one === undefined ? VARIANTS : [one as VariantId],
    evening: wholeNumber("evening", opts.evening, 100, 1),
    from: wholeNumber("from", opts.from, 0, 0),
  };
}

let args: RunArgs | undefined;
try {
  if (opts.replay !== undefined) {
    if (!existsSync(opts.replay)) throw new UsageError(`--replay: ${opts.replay} does not exist`);
    for (const o of ["steps", "seed", "variant", "evening", "from"] as const) if (opts[o] !== undefined) throw new UsageError(`--${o} does not go with --replay (the file holds its world and steps)`);
  } else args = runArgs();
} catch (e) {
  usageExit("chaos", e);
}

// Each tab loads its own copy of the module: the loader passes a tab number down the imports.
register("./chaos/tab-loader.mjs", import.meta.url);

// The shell draws cards, dialogs and windows: give it a DOM, as the browser would.
const { Window } = await import("happy-dom");
const window = new Window();
for (const name of ["document", "HTMLElement", "HTMLFormElement", "HTMLInputElement", "HTMLSelectElement", "HTMLTextAreaElement", "HTMLButtonElement", "Element", "Node", "Event", "FormData"] as const) {
  Object.defineProperty(globalThis, name, { value: (window as unknown as Record<string, unknown>)[name], configurable: true, writable: true });
}

const { runChaos, runEvening, shrink } = await import("../test/chaos/run.ts");
const { holdHalves } = await import("../test/chaos/steps.ts");
const { ledgerOf } = await import("../test/chaos/invariants.ts");

const shellUrl = pathToFileURL(join(process.cwd(), "test/chaos/shell.ts")).href;
/** Tab slots are reused from one evening to the next (Node keeps every module it loads). */
const load = async (slot: number): Promise<ShellCopy> => (await import(`${shellUrl}?wc-tab=${slot}`)) as ShellCopy;

async function replay(file: string): Promise<number> {
  let saved: { config: Parameters<typeof runEvening>[0]; steps: Step[] };
  try {
    saved = JSON.parse(readFileSync(file, "utf8")) as typeof saved;
    if (!saved || typeof saved !== "object" || !Array.isArray(saved.steps) || typeof saved.config !== "object") throw new Error("it holds no config and steps");
  } catch (e) {
    usageExit("chaos", new UsageError(`--replay: ${file} is not a saved reproduction: ${e instanceof Error ? e.message : String(e)}`));
  }
  const steps = saved.steps;
  if (opts.shrink) {
    const first = (await runEvening(saved.config, load, steps, true)).breaches[0];
    if (!first) {
      console.log(`replayed ${steps.length} steps: nothing broke, nothing to cut down`);
      return 0;
    }
    const cut = await shrink(saved.config, load, steps, first.breach.invariant, 2000);
    const out = join(mkdtempSync(join(tmpdir(), "wc-chaos-")), "shrunk.json");
    writeFileSync(out, JSON.stringify({ config: saved.config, steps: cut.steps }, null, 1));
    console.log(`${first.breach.invariant}: ${(cut.breach ?? first.breach).detail}`);
    console.log(`cut down to ${cut.steps.length} of ${steps.length} steps in ${cut.tries} tries:`);
    for (const s of cut.steps) console.log(`  ${JSON.stringify(s)}`);
    console.log(`replay: npm run chaos -- --replay ${out}`);
    return 1;
  }
  // --trace: after each step, the step, the holds in place and the module's cards.
  const trace = opts.trace
    ? (i: number, ev: Evening, found: readonly Breach[]) => {
        console.log(`step ${i + 1}: ${JSON.stringify(saved.steps[i])}`);
        // The server requests the step made, by whom, in order.
        const who = (id: string) => ev.world.usersCollection.get(id)?.name ?? id;
        const made = ev.world.writes.slice(writesSeen).map((w) => `${who(w.user)} ${w.op} ${w.documentName}${w.id ? ` ${w.id}` : ""}${w.count > 1 ? ` ×${w.count}` : ""}${w.messages?.length ? ` [${w.messages.join(" ")}]` : ""}`);
        writesSeen = ev.world.writes.length;
        if (made.length > 0) console.log(`  writes: ${made.join("; ")}`);
        for (const h of holdHalves(ev)) console.log(`  half on ${h.effect.parent.name}: ${JSON.stringify(h.effect.getFlag("weaponless-combat", "hold"))}`);
        for (const m of ev.world.messages) {
          const f = m.flags["weaponless-combat"] as Record<string, { state?: string; intent?: unknown; resolution?: { headline?: unknown } }> | undefined;
          const c = f?.card ?? f?.roundCard;
          if (!c) continue;
          const was = seen.get(m.id);
          if (was === undefined) console.log(`  card ${m.id} ${c.state} ${JSON.stringify(c.intent ?? "")} ${JSON.stringify(c.resolution?.headline ?? "")}`);
          else if (was !== c.state) console.log(`  card ${m.id} ${was} -> ${c.state}`);
          seen.set(m.id, c.state);
        }
        const ledgers = ev.tokens.filter((t) => t.exists).map((t) => {
          const l = ledgerOf(ev, t);
          return `${t.name} ${l.hp}/${l.temp}`;
        });
        console.log(`  hit points/temporary: ${ledgers.join(", ")}`);
        console.log(`  tokens gone: ${ev.tokens.filter((t) => !t.exists).map((t) => t.uuid).join(", ")}`);
        for (const b of found) console.log(`  BREAK ${b.invariant}: ${b.detail}`);
      }
    : undefined;
  const seen = new Map<string, string | undefined>();
  let writesSeen = 0;
  const r = await runEvening(saved.config, load, saved.steps, false, trace);
  console.log(`replayed ${steps.length} steps: ${r.requests} requests, ${r.checks} invariant checks, ${r.breaches.length} broken`);
  for (const b of r.breaches) console.log(`  after step ${b.step + 1}: ${b.breach.invariant}: ${b.breach.detail}`);
  return r.breaches.length;
}

async function main(): Promise<number> {
  if (opts.replay !== undefined || !args) return replay(opts.replay ?? "");
  const { steps, seed, variants } = args;
  const started = Date.now();
  const figures = await runChaos({
    seed,
    steps,
    variants,
    load,
    evening: args.evening,
    fromEvening: args.from,
    shrink: !opts["no-shrink"],
    onEvening: (f, r) => {
      // Progress on stderr (a line every ten evenings when not on a terminal).
      if (process.stderr.isTTY) process.stderr.write(`\r${f.variant}: ${f.steps}/${steps} steps, ${f.broken} broken`);
      else if (f.evenings % 10 === 0) process.stderr.write(`${f.variant}: ${f.steps}/${steps} steps, ${f.broken} broken\n`);
      for (const b of r.breaches.slice(0, 3)) if (opts.verbose) console.log(`\n  evening ${f.evenings} step ${b.step + 1}: ${b.breach.invariant}: ${b.breach.detail}`);
    },
  });
  if (process.stderr.isTTY) process.stderr.write("\n");
  let broken = 0;
  console.log(`chaos run, seed ${seed}, ${((Date.now() - started) / 1000).toFixed(1)} s`);
  for (const f of figures) {
    broken += f.broken;
    console.log(`${f.variant}: ${f.steps} steps run (${f.evenings} evenings), ${f.requests} requests made (${f.playerRequests} by players, ${f.forged} of them forged), ${f.checks} invariant checks, ${f.broken} broken`);
    const cheats = Object.entries(f.cheats).sort(([a], [b]) => a.localeCompare(b));
    console.log(`  cheats tried from players' consoles: ${cheats.reduce((n, [, c]) => n + c, 0)} (${cheats.map(([k, c]) => `${k} ${c}`).join(", ") || "none"})`);
    console.log(`  in play: ${f.seen.holds} holds made, ${f.seen.applied} results applied (${f.seen.rounds} of them round ends), ${f.seen.undone} undone, ${f.seen.refused} requests refused, ${f.seen.reopened} tabs reopened`);
    if (f.closedTabOverlaps + f.byHandOverlaps > 0) console.log(`  apart: ${f.closedTabOverlaps} writes met one still on its way from a closed tab, ${f.byHandOverlaps} met a person's own edit (neither the module's to wait for)`);
    if (f.repro) {
      const dir = mkdtempSync(join(tmpdir(), "wc-chaos-"));
      const out = join(dir, `${f.variant}.json`);
      writeFileSync(out, JSON.stringify({ config: f.repro.config, steps: f.repro.steps }, null, 1));
      console.log(`  first break: ${f.repro.breach.invariant}: ${f.repro.breach.detail}`);
      console.log(`  shortest sequence found: ${f.repro.steps.length} of ${f.repro.from} steps, from the world of evening seed ${f.repro.config.seed}:`);
      for (const s of f.repro.steps) console.log(`    ${JSON.stringify(s)}`);
      console.log(`  replay: npm run chaos -- --replay ${out}`);
    }
  }
  return broken;
}

process.exitCode = (await main()) > 0 ? 1 : 0;
