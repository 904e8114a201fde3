// `npm run vectors -- <dir>`: a wrong path or a folder without vectors is a clear error and exit
// code 2, never "0 passed, 0 failed". The cases run the command's own function in this process;
// one test starts the real script, once, to see the process give the same answer.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runVectors } from "../../scripts/vectors.ts";
import { PROCESS_MS, runNode } from "./processes.ts";

const dir = mkdtempSync(join(tmpdir(), "wc-vectors-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const usage = "; usage: npm run vectors -- --help";

// Each case starts node with tsx (one to four times): seconds apiece on a busy 2-core machine.
describe("npm run vectors", { timeout: 30_000 }, () => {
  it("a missing folder: one line naming it, exit 2", () => {
    const r = runVectors([join(dir, "nowhere")]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe(`vectors: ${join(dir, "nowhere")} does not exist (give a folder of vector files, or one .json file)${usage}`);
    expect(r.stdout).toBe("");
  });

  it("an empty folder, or files with no vectors: exit 2", () => {
    const empty = mkdtempSync(join(dir, "empty-"));
    expect(runVectors([empty])).toMatchObject({ code: 2, stderr: expect.stringContaining("holds no .json vector files") });
    writeFileSync(join(empty, "none.json"), "[]");
    expect(runVectors([empty])).toMatchObject({ code: 2, stderr: expect.stringContaining("hold no vectors") });
  });

  it("a file that is not JSON: names the file, no stack trace", () => {
    const bad = join(dir, "bad.json");
    writeFileSync(bad, "{");
    const r = runVectors([bad]);
    expect(r.code).toBe(2);
    expect(r.stderr.startsWith(`vectors: ${bad}: `)).toBe(true);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
  });

  it("two paths, or an option it does not take: exit 2", () => {
    expect(runVectors(["a", "b"])).toMatchObject({ code: 2, stderr: `vectors: too many arguments: a b (at most 1 folder or file)${usage}\n` });
    expect(runVectors(["--fast"])).toMatchObject({ code: 2, stderr: `vectors: unknown option --fast${usage}\n` });
  });

  it("a good folder passes and prints the closing line", () => {
    const r = runVectors(["test/vectors/d12-holds"]);
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split("\n").at(-1)).toMatch(/^\d+ passed, 0 failed$/);
  });

  it("as npm runs it: the real script gives the same answer and exit code", () => {
    const r = runNode("scripts/vectors.ts", ["test/vectors/d12-holds/grapple.json"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(runVectors(["test/vectors/d12-holds/grapple.json"]).stdout);
  }, PROCESS_MS);
});
