// `npm test`: the whole check, in order, with one summary line at the very end. On a fresh
// machine with only Node and npm, `npm ci && npm test` is all it takes.
//
//   1. type-check the rules core alone (tsconfig.rules.json: no Foundry, DOM or Node types),
//      and the systems layer alone (tsconfig.systems.json: the same, for src/systems)
//   2. type-check the whole project (tsconfig.json, against fvtt-types), then lint, then the
//      shape of src/ (dependency-cruiser: no import circle, the shell's rooms looking down)
//   3. build dist/ and dist/module.zip (`npm run build`): the browser tests load dist/module.js
//   4. find Debian's Chromium for the browser tests (CHROMIUM_PATH, else /usr/bin/chromium); when
//      it is missing, install it with apt-get if running as root, else say in one line what to
//      run and leave the browser tests out (counted as one failure)
//   5. the demo page (`npm run demo -- --smoke`): built into demo-dist/ and played in Chromium,
//      one grapple and one round end per rule set, as the GM and as a player (one failure if it
//      does not end `demo ok: 3 rule sets`; left out with the browser tests when Chromium is missing)
//   6. vitest: every project, with coverage and its thresholds
//
// The golden vectors (test/vectors/**) run inside vitest (test/vectors.test.ts), so they count
// once and toward coverage; `npm run vectors -- <dir>` runs them on their own.
//
// Every step runs even when an earlier one failed, so one run reports everything.
// The last line printed is always `N passed, N failed`: the tests passed and failed,
// where each failed gate that is not a test (a type-check pass,
// the coverage thresholds, a runner that crashed) also counts as one failure.
// The exit code is non-zero whenever anything failed.

import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

// `npm test` takes no arguments: --help says what it does; anything else is one line and exit 2
// (the same rule as every script here, scripts/cli.ts, which this plain-Node file cannot import).
const USAGE = `Usage: npm test

The whole check, in order: type-checks (the rules core alone, the systems layer alone, the whole),
lint, the build (dist/), Debian's Chromium found (CHROMIUM_PATH, else /usr/bin/chromium) or
installed with apt-get when run as root, then every vitest project with coverage. Every step runs
even when an earlier one failed; the last line is "N passed, N failed". To run a part:
npx vitest run --project unit test/<path>. FC_SEED=<n> tries other property-test cases.

  -h, --help   this text`;
{
  const args = process.argv.slice(2);
  if (args.includes("--help") || args.includes("-h")) {
    console.log(USAGE);
    process.exit(0);
  }
  if (args.length > 0) {
    console.error(`test: npm test takes no arguments, not ${args.join(" ")}; usage: npm test -- --help`);
    process.exit(2);
  }
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** @type {NodeJS.ProcessEnv} */
const env = {
  ...process.env,
  NO_COLOR: "1",
  PATH: [join(root, "node_modules", ".bin"), process.env.PATH ?? ""].join(delimiter),
};
delete env.FORCE_COLOR;

/**
 * Runs a command in the project root, streaming its output and capturing stdout.
 * @param {string} command
 * @param {string[]} args
 * @returns {Promise<{ code: number, stdout: string }>}
 */
function run(command, args) {
  console.log(`\n$ ${[command, ...args].join(" ")}`);
  return new Promise((resolvePromise) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", "pipe", "inherit"] });
    let stdout = "";
    child.stdout.on("data", (/** @type {Buffer} */ chunk) => {
      stdout += chunk.toString();
      process.stdout.write(chunk);
    });
    child.on("error", (error) => {
      console.error(`could not start ${command}: ${error.message}`);
      resolvePromise({ code: 127, stdout });
    });
    child.on("close", (code, signal) => {
      resolvePromise({ code: code ?? (signal ? 128 : 1), stdout });
    });
  });
}

/** @type {{ name: string, ok: boolean, note?: string }[]} */
const steps = [];
let passed = 0;
let failed = 0;

/**
 * @param {string} name
 * @param {boolean} ok
 * @param {string} [note]
 */
function record(name, ok, note) {
  steps.push(note === undefined ? { name, ok } : { name, ok, note });
}

// 1-2. Type checks.
for (const project of ["tsconfig.rules.json", "tsconfig.systems.json", "tsconfig.json"]) {
  const { code } = await run("tsc", ["-p", project]);
  record(`typecheck ${project}`, code === 0);
  if (code !== 0) failed += 1;
}

// Lint: the project rules (no explicit any, eqeqeq, type-only imports) hold everywhere.
{
  const { code } = await run("eslint", ["."]);
  record("lint", code === 0);
  if (code !== 0) failed += 1;
}

// The shape of src/ (.dependency-cruiser.cjs): no import circle, the rules core and the systems
// layer free of the shell, and the shell's rooms importing only the rooms below them.
{
  const { code } = await run("depcruise", ["src", "--config", ".dependency-cruiser.cjs"]);
  record("architecture (import circles, rooms)", code === 0);
  if (code !== 0) failed += 1;
}

// 3. The build the browser tests load.
{
  const { code } = await run("npm", ["run", "-s", "build"]);
  record("build", code === 0);
  if (code !== 0) failed += 1;
}

// 4. Debian's Chromium (never `playwright install`, which downloads a browser of its own).
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/** @returns {Promise<boolean>} */
async function ensureChromium() {
  if (existsSync(chromium)) {
    console.log(`\nchromium: ${chromium}`);
    return true;
  }
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasApt = spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status === 0;
  if (!isRoot || !hasApt || process.env.CHROMIUM_PATH !== undefined) {
    console.error(
      process.env.CHROMIUM_PATH !== undefined
        ? `\nchromium: CHROMIUM_PATH=${chromium} does not exist; point it at a Chromium, or unset it to use Debian's /usr/bin/chromium`
        : `\nchromium: the browser tests need Debian's Chromium: run \`sudo apt-get update && sudo apt-get install -y chromium\` (or set CHROMIUM_PATH), then npm test again`,
    );
    return false;
  }
  console.log("\nchromium: not found, installing Debian's chromium (about a minute the first time)");
  const aptEnv = { ...env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [["update"], ["install", "-y", "--no-install-recommends", "chromium"]]) {
    const r = spawnSync("apt-get", args, { stdio: ["ignore", "inherit", "inherit"], env: aptEnv });
    if (r.status !== 0) {
      console.error(`chromium: apt-get ${args.join(" ")} failed (exit ${r.status}); install chromium by hand, then npm test again`);
      return false;
    }
  }
  return existsSync(chromium);
}
const haveChromium = await ensureChromium();
record("chromium", haveChromium, haveChromium ? undefined : "browser tests not run");
if (!haveChromium) failed += 1;

// 5. The demo page, played headless: it runs the module's shell on the fake Foundry in Chromium.
if (haveChromium) {
  const { code, stdout } = await run("npm", ["run", "-s", "demo", "--", "--smoke"]);
  const ok = code === 0 && /^demo ok: 3 rule sets$/m.test(stdout);
  record("demo smoke (npm run demo -- --smoke)", ok, ok ? undefined : `exit code ${code}, see the line above`);
  if (!ok) failed += 1;
} else {
  // Counted once already, with the browser tests.
  record("demo smoke (npm run demo -- --smoke)", false, "not run: needs Chromium");
}

// 6. Vitest, all projects (only the unit project without a browser), with coverage. The JSON
// report carries the test counts.
const tmp = mkdtempSync(join(tmpdir(), "wc-test-"));
const vitestJson = join(tmp, "vitest.json");
try {
  const { code } = await run("vitest", [
    "run",
    "--coverage",
    ...(haveChromium ? [] : ["--project", "unit"]),
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${vitestJson}`,
  ]);
  /** @type {{ numPassedTests?: number, numFailedTests?: number } | undefined} */
  let report;
  if (existsSync(vitestJson)) {
    try {
      report = JSON.parse(readFileSync(vitestJson, "utf8"));
    } catch {
      report = undefined;
    }
  }
  if (report === undefined) {
    failed += 1;
    record("vitest", false, `exit code ${code}, no JSON report`);
  } else {
    const testsPassed = report.numPassedTests ?? 0;
    const testsFailed = report.numFailedTests ?? 0;
    passed += testsPassed;
    failed += testsFailed;
    if (code !== 0 && testsFailed === 0) {
      // Tests passed but vitest still failed: coverage thresholds, no test files,
      // an error outside a test, ...
      failed += 1;
      record("vitest", false, `${testsPassed} passed, exit code ${code} (coverage thresholds or errors, see above)`);
    } else {
      record("vitest", code === 0, `${testsPassed} passed, ${testsFailed} failed`);
    }
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

console.log("\nSummary:");
for (const step of steps) {
  console.log(`  ${step.ok ? "ok  " : "FAIL"} ${step.name}${step.note === undefined ? "" : ` (${step.note})`}`);
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 || steps.some((step) => !step.ok) ? 1 : 0;
