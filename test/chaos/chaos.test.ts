// @vitest-environment happy-dom
// Whole evenings of play through the fake, from a fixed seed, with every invariant checked after
// every step (test/chaos/invariants.ts). `npm run chaos -- --steps N --seed S` runs longer ones.
import { describe, expect, it, vi } from "vitest";
import type { VariantId } from "../../src/foundry/base/types.ts";
import type { ShellCopy } from "./evening.ts";
import { runChaos } from "./run.ts";

/** Each tab gets its own copy of the module, as each browser tab has. */
const load = async (): Promise<ShellCopy> => {
  vi.resetModules();
  return import("./shell.ts");
};

// 250 a rule set: an evening does more since issue 33 (holds sought, two GM users), in the time 300 took.
const STEPS = Number(process.env.CHAOS_STEPS ?? 250);
const SEED = Number(process.env.CHAOS_SEED ?? 14);

describe("chaos: whole evenings, nothing lost, nothing doubled", () => {
  it.each(["d12-holds", "grapple-die", "percentile"] as VariantId[])("%s", async (variant) => {
    const [figures] = await runChaos({ seed: SEED, steps: STEPS, variants: [variant], load, shrink: process.env.CHAOS_SHRINK === "1" });
    if (!figures) throw new Error("no figures");
    const repro = figures.repro ? `\n${figures.repro.breach.invariant}: ${figures.repro.breach.detail}\n${figures.repro.steps.map((s) => JSON.stringify(s)).join("\n")}` : "";
    console.log(`${variant}: ${figures.steps} steps, ${figures.evenings} evenings, ${figures.requests} server requests, ${figures.playerRequests} player requests (${figures.forged} forged), ${figures.checks} checks, ${figures.broken} broken${repro}`);
    expect(figures.broken, repro).toBe(0);
  }, 600_000);
});
