// Every script under scripts/ and bench/ answers --help with its usage and exit code 0, before
// doing any work (no build, no browser, no run), and a bad argument with one line on stderr and
// exit code 2, never a stack trace (scripts/cli.ts). One process per case.
import { describe, expect, it } from "vitest";
import { PROCESS_MS, runNode } from "./processes.ts";

/** Each script as its npm script runs it, the name it speaks under, and an argument it refuses. */
const SCRIPTS: ReadonlyArray<readonly [npm: string, file: string, name: string, bad: readonly string[]]> = [
  ["build", "scripts/build.ts", "build", ["--fast"]],
  ["chaos", "scripts/chaos.ts", "chaos", ["--steps", "many"]],
  ["demo", "scripts/demo.ts", "demo", ["--port", "web"]],
  ["lang:check", "scripts/lang-check.ts", "lang:check", ["--all"]],
  ["pictures", "scripts/pictures.ts", "pictures", ["docs"]],
  ["profile", "scripts/profile.ts", "profile", ["--fast"]],
  ["release", "scripts/release.ts", "release", ["--draft"]],
  ["shots", "scripts/shots.ts", "shots", ["card", "dialog"]],
  ["vectors", "scripts/vectors.ts", "vectors", ["--fast"]],
  ["bench", "bench/index.ts", "bench", ["--ms", "1"]],
  ["test", "scripts/test.mjs", "test", ["unit"]],
];

describe("every script's command line", () => {
  it.each(SCRIPTS)("npm run %s -- --help: the usage, exit 0", (npm, file) => {
    const r = runNode(file, ["--help"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^Usage: npm (run (-s )?)?${npm.replace(":", "\\:")}\\b`));
    expect(r.stderr).toBe("");
  }, PROCESS_MS);

  it.each(SCRIPTS)("npm run %s with a bad argument: one line, exit 2", (_npm, file, name, bad) => {
    const r = runNode(file, bad);
    expect(r.code, r.stdout + r.stderr).toBe(2);
    expect(r.stdout).toBe("");
    const lines = r.stderr.trim().split("\n");
    expect(lines, r.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^${name}: .+; usage: npm (run ${name} -- |test -- )--help$`));
  }, PROCESS_MS);
});
