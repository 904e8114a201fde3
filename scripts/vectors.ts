/** `npm run vectors -- <dir>`: runs every *.json vector file under <dir> (default test/vectors). */
import { runVectorDir } from "./vector-runner.ts";

const dir = process.argv[2] ?? "test/vectors";
const results = runVectorDir(dir);
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
