/**
 * `npm run chaos -- --steps N --seed S [--variant V] [--evening E] [--from K] [--no-shrink] [--replay file [--trace]]`
 *
 * (--evening: steps per evening; --from: start at the K-th evening, to go straight to one a long
 * run broke in; --trace: with --replay, the holds and cards after each step.)
 *
 * Long randomised runs of whole evenings of play through the fake (test/chaos/): prints, per
 * variant, the steps run, the requests made, the invariant checks made and broken; on a break,
 * the shortest list of steps found that still breaks it, written to a file that `--replay`
 * runs again. Exits non-zero when anything broke.
 */
import { register } from "node:module";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Window } from "happy-dom";
import type { VariantId } from "../src/foundry/base/types.ts";
import type { Evening, ShellCopy } from "../test/chaos/evening.ts";
import type { Breach } from "../test/chaos/invariants.ts";
import type { Step } from "../test/chaos/steps.ts";

// Each tab loads its own copy of the module: the loader passes a tab number down the imports.
register("./chaos/tab-loader.mjs", import.meta.url);

// The shell draws cards, dialogs and windows: give it a DOM, as the browser would.
const window = new Window();
for (const name of ["document", "HTMLElement", "HTMLFormElement", "HTMLInputElement", "HTMLSelectElement", "HTMLTextAreaElement", "HTMLButtonElement", "Element", "Node", "Event", "FormData"] as const) {
  Object.defineProperty(globalThis, name, { value: (window as unknown as Record<string, unknown>)[name], configurable: true, writable: true });
}

const { runChaos, runEvening } = await import("../test/chaos/run.ts");
const { holdHalves } = await import("../test/chaos/steps.ts");
const { ledgerOf } = await import("../test/chaos/invariants.ts");

const shellUrl = pathToFileURL(join(process.cwd(), "test/chaos/shell.ts")).href;
/** Tab slots are reused from one evening to the next (Node keeps every module it loads). */
const load = async (slot: number): Promise<ShellCopy> => (await import(`${shellUrl}?wc-tab=${slot}`)) as ShellCopy;

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const VARIANTS: readonly VariantId[] = ["d12-holds", "grapple-die", "percentile"];

async function replay(file: string): Promise<number> {
  const saved = JSON.parse(readFileSync(file, "utf8")) as { config: Parameters<typeof runEvening>[0]; steps: Step[] };
  const steps = saved.steps;
  // --trace: after each step, the step, the holds in place and the module's cards.
  const trace = process.argv.includes("--trace")
    ? (i: number, ev: Evening, found: readonly Breach[]) => {
        console.log(`step ${i + 1}: ${JSON.stringify(saved.steps[i])}`);
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
  const r = await runEvening(saved.config, load, saved.steps, false, trace);
  console.log(`replayed ${steps.length} steps: ${r.requests} requests, ${r.checks} invariant checks, ${r.breaches.length} broken`);
  for (const b of r.breaches) console.log(`  after step ${b.step + 1}: ${b.breach.invariant}: ${b.breach.detail}`);
  return r.breaches.length;
}

async function main(): Promise<number> {
  const file = arg("replay");
  if (file) return replay(file);
  const steps = Number(arg("steps") ?? 1000);
  const seed = Number(arg("seed") ?? 14);
  const one = arg("variant") as VariantId | undefined;
  if (one && !VARIANTS.includes(one)) throw new Error(`no variant ${one}; known: ${VARIANTS.join(", ")}`);
  if (!Number.isInteger(steps) || steps < 1 || !Number.isInteger(seed)) throw new Error("--steps and --seed take whole numbers");
  const variants = one ? [one] : VARIANTS;
  const started = Date.now();
  const figures = await runChaos({
    seed,
    steps,
    variants,
    load,
    evening: Number(arg("evening") ?? 100),
    fromEvening: Number(arg("from") ?? 0),
    shrink: !process.argv.includes("--no-shrink"),
    onEvening: (f, r) => {
      // Progress on stderr (a line every ten evenings when not on a terminal).
      if (process.stderr.isTTY) process.stderr.write(`\r${f.variant}: ${f.steps}/${steps} steps, ${f.broken} broken`);
      else if (f.evenings % 10 === 0) process.stderr.write(`${f.variant}: ${f.steps}/${steps} steps, ${f.broken} broken\n`);
      for (const b of r.breaches.slice(0, 3)) if (process.argv.includes("--verbose")) console.log(`\n  evening ${f.evenings} step ${b.step + 1}: ${b.breach.invariant}: ${b.breach.detail}`);
    },
  });
  if (process.stderr.isTTY) process.stderr.write("\n");
  let broken = 0;
  console.log(`chaos run, seed ${seed}, ${((Date.now() - started) / 1000).toFixed(1)} s`);
  for (const f of figures) {
    broken += f.broken;
    console.log(`${f.variant}: ${f.steps} steps run (${f.evenings} evenings), ${f.requests} requests made (${f.playerRequests} by players, ${f.forged} of them forged), ${f.checks} invariant checks, ${f.broken} broken`);
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
