/**
 * `npm run vectors -- [<dir|file.json>]`: runs every *.json vector file under <dir> (default
 * test/vectors), or one vector file. Ends with `N passed, N failed`; exits 1 on any failure.
 * A path that does not exist, a folder with no vectors, a file that is not a vector list, or an
 * argument the command does not take is a one-line error with exit code 2, never a pass.
 */
import { existsSync, statSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { HelpAsked, parseCli, usageLine, UsageError } from "./cli.ts";
import type { VectorOutcome } from "./vector-runner.ts";
import { findVectorFiles, loadVectors, runVector } from "./vector-runner.ts";

export const VECTORS_USAGE = `
Usage: npm run vectors -- [<folder | file.json>]

Runs the golden vectors: every *.json file under the folder (default test/vectors), or one file.
The format is in docs/vectors.md. Ends with "N passed, N failed"; exit code 0 when all pass,
1 when any fails, 2 for a path that does not exist, holds no vectors, or is not a vector file.

  -h, --help   this text
`;

const SPEC = { name: "vectors", usage: VECTORS_USAGE, options: {}, positionals: { max: 1, what: "folder or file" } } as const;

/** The whole command, without the process: what it prints and its exit code. */
export function runVectors(argv: readonly string[]): { code: number; stdout: string; stderr: string } {
  try {
    return run(argv);
  } catch (e) {
    if (e instanceof HelpAsked) return { code: 0, stdout: `${VECTORS_USAGE.trim()}\n`, stderr: "" };
    if (e instanceof UsageError) return { code: 2, stdout: "", stderr: `${usageLine("vectors", e.message)}\n` };
    throw e;
  }
}

function run(argv: readonly string[]): { code: number; stdout: string; stderr: string } {
  const target = parseCli(SPEC, argv).positionals[0] ?? "test/vectors";
  if (!existsSync(target)) throw new UsageError(`${target} does not exist (give a folder of vector files, or one .json file)`);
  const files = statSync(target).isDirectory() ? findVectorFiles(target) : [target];
  if (files.length === 0) throw new UsageError(`${target} holds no .json vector files`);

  const results: VectorOutcome[] = [];
  for (const file of files) {
    let vectors;
    try {
      vectors = loadVectors(file);
    } catch (e) {
      throw new UsageError(`${file}: ${e instanceof Error ? e.message : String(e)}`);
    }
    for (const v of vectors) results.push(runVector(v, file));
  }
  if (results.length === 0) throw new UsageError(`${target}: its vector files hold no vectors`);

  const out: string[] = [];
  let passed = 0;
  let failed = 0;
  for (const r of results) {
    if (r.ok) {
      passed++;
      continue;
    }
    failed++;
    out.push(`FAIL ${r.file} :: ${r.name}`);
    for (const p of r.problems) out.push(`  ${p}`);
  }
  out.push(`${passed} passed, ${failed} failed`);
  return { code: failed > 0 ? 1 : 0, stdout: `${out.join("\n")}\n`, stderr: "" };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = runVectors(process.argv.slice(2));
  process.stdout.write(r.stdout);
  process.stderr.write(r.stderr);
  process.exitCode = r.code;
}
