// `npm run vectors -- <dir>`: a wrong path or a folder without vectors is a clear error and a
// non-zero exit, never "0 passed, 0 failed".
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const dir = mkdtempSync(join(tmpdir(), "wc-vectors-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(arg: string): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, ["--import", "tsx", "scripts/vectors.ts", arg], { encoding: "utf8" });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

// Each case starts node with tsx (one to four times): seconds apiece on a busy 2-core machine.
describe("npm run vectors", { timeout: 30_000 }, () => {
  it("a missing folder: one line naming it, exit 2", () => {
    const r = run(join(dir, "nowhere"));
    expect(r.code).toBe(2);
    expect(r.err.trim()).toBe(`vectors: ${join(dir, "nowhere")} does not exist (give a folder of vector files, or one .json file)`);
    expect(r.out).toBe("");
  });

  it("an empty folder, or files with no vectors: exit 2", () => {
    expect(run(dir).err).toContain("holds no .json vector files");
    expect(run(dir).code).toBe(2);
    writeFileSync(join(dir, "none.json"), "[]");
    expect(run(dir).err).toContain("hold no vectors");
    expect(run(dir).code).toBe(2);
  });

  it("a file that is not JSON: names the file, no stack trace", () => {
    const bad = join(dir, "bad.json");
    writeFileSync(bad, "{");
    const r = run(bad);
    expect(r.code).toBe(2);
    expect(r.err.startsWith(`vectors: ${bad}: `)).toBe(true);
    expect(r.err).not.toContain("    at ");
  });

  it("a good file passes and prints the closing line", () => {
    const r = run("test/vectors/d12-holds");
    expect(r.code).toBe(0);
    expect(r.out.trim().split("\n").at(-1)).toMatch(/^\d+ passed, 0 failed$/);
  });
});
