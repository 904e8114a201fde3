/**
 * `npm run vectors -- <dir|file.json>`: runs every *.json vector file under <dir> (default
 * test/vectors), or one vector file. Ends with `N passed, N failed`; exits 1 on any failure.
 * A path that does not exist, a folder with no vectors, or a file that is not a vector list is a
 * one-line error with exit code 2, never a pass.
 */
import { existsSync, statSync } from "node:fs";
import type { VectorOutcome } from "./vector-runner.ts";
import { findVectorFiles, loadVectors, runVector } from "./vector-runner.ts";

function fail(message: string): never {
  console.error(`vectors: ${message}`);
  process.exit(2);
}

const target = process.argv[2] ?? "test/vectors";
if (!existsSync(target)) fail(`${target} does not exist (give a folder of vector files, or one .json file)`);
const files = statSync(target).isDirectory() ? findVectorFiles(target) : [target];
if (files.length === 0) fail(`${target} holds no .json vector files`);

const results: VectorOutcome[] = [];
for (const file of files) {
  let vectors;
  try {
    vectors = loadVectors(file);
  } catch (e) {
    fail(`${file}: ${e instanceof Error ? e.message : String(e)}`);
  }
  for (const v of vectors) results.push(runVector(v, file));
}
if (results.length === 0) fail(`${target}: its vector files hold no vectors`);

let passed = 0;
let failed = 0;
for (const r of results) {
  if (r.ok) {
    passed++;
    continue;
  }
  failed++;
  console.log(`FAIL ${r.file} :: ${r.name}`);
  for (const p of r.problems) console.log(`  ${p}`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
