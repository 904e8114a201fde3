// @vitest-environment happy-dom
// Shortest reproductions of breaks the chaos runs found, each named after its defect (the file
// name), replayed from the evening's own first world: each must now run with nothing broken.
// `npm run chaos -- --replay <file> --trace` follows one step by step.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import type { EveningConfig, ShellCopy } from "./evening.ts";
import { runEvening } from "./run.ts";
import type { Step } from "./steps.ts";

const load = async (): Promise<ShellCopy> => {
  vi.resetModules();
  return import("./shell.ts");
};

const DIR = "test/chaos/regressions";

describe("breaks the chaos runs found, replayed", () => {
  it.each(readdirSync(DIR).filter((f) => f.endsWith(".json")))("%s", async (file) => {
    const saved = JSON.parse(readFileSync(`${DIR}/${file}`, "utf8")) as { config: EveningConfig; steps: Step[] };
    const result = await runEvening(saved.config, load, saved.steps);
    expect(result.steps).toHaveLength(saved.steps.length);
    expect(result.breaches.map((b) => `after step ${b.step + 1}: ${b.breach.invariant}: ${b.breach.detail}`)).toEqual([]);
  }, 60_000);
});
