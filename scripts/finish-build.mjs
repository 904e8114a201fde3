// Runs after `vite build`: copies the module's static files into dist/ so that dist/
// is an installable Foundry module folder, then checks that every file module.json
// points at is really there. Plain Node, no dependencies.
//
//   node scripts/finish-build.mjs
//
// Exit code 1 (with a message naming each problem) when module.json is missing or
// invalid, when Vite's output is missing, or when a manifest path does not exist in dist/.

import { cpSync, existsSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(root, "dist");

/** Files and folders copied into dist/ when present. module.json is required. */
const STATIC_ENTRIES = ["module.json", "lang", "templates", "styles", "assets"];

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  console.error(`finish-build: ${message}`);
  process.exit(1);
}

if (!existsSync(join(dist, "module.js"))) {
  fail("dist/module.js is missing; run `vite build` first (npm run build does both).");
}
if (!existsSync(join(root, "module.json"))) {
  fail("module.json is missing at the project root.");
}

for (const entry of STATIC_ENTRIES) {
  const from = join(root, entry);
  if (!existsSync(from)) {
    console.log(`finish-build: ${entry} not present, skipped`);
    continue;
  }
  cpSync(from, join(dist, entry), {
    recursive: true,
    // Placeholder files that only keep empty folders in git stay out of the build.
    filter: (src) => basename(src) !== ".gitkeep",
  });
  console.log(`finish-build: copied ${entry}${statSync(from).isDirectory() ? "/" : ""}`);
}

/** @type {Record<string, unknown>} */
let manifest;
try {
  manifest = JSON.parse(readFileSync(join(dist, "module.json"), "utf8"));
} catch (error) {
  fail(`module.json is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
}

/** @type {string[]} */
const problems = [];

/**
 * Collects the manifest paths of one field.
 * @param {string} field  manifest field, for messages
 * @param {unknown} value the field's value
 * @param {(item: unknown) => unknown} [pick] extracts the path from an array item
 * @returns {string[]}
 */
function pathsOf(field, value, pick = (item) => item) {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    problems.push(`module.json "${field}" must be an array`);
    return [];
  }
  /** @type {string[]} */
  const paths = [];
  value.forEach((item, index) => {
    const path = pick(item);
    if (typeof path !== "string" || path.length === 0) {
      problems.push(`module.json "${field}[${index}]" has no path`);
    } else {
      paths.push(path);
    }
  });
  return paths;
}

/** @param {unknown} item */
const pathField = (item) =>
  typeof item === "object" && item !== null ? /** @type {{ path?: unknown }} */ (item).path : undefined;

if (manifest.id !== "weaponless-combat") {
  problems.push(`module.json "id" is ${JSON.stringify(manifest.id)}, expected "weaponless-combat"`);
}

const required = [
  ...pathsOf("esmodules", manifest.esmodules).map((p) => ["esmodules", p]),
  ...pathsOf("styles", manifest.styles).map((p) => ["styles", p]),
  ...pathsOf("languages", manifest.languages, pathField).map((p) => ["languages", p]),
  ...pathsOf("packs", manifest.packs, pathField).map((p) => ["packs", p]),
];

for (const [field, path] of required) {
  if (!existsSync(join(dist, /** @type {string} */ (path)))) {
    problems.push(`module.json "${field}" lists ${path}, but dist/${path} does not exist`);
  }
}

if (problems.length > 0) {
  console.error("finish-build: dist/ is not a complete module:");
  for (const problem of problems) console.error(`  - ${problem}`);
  process.exit(1);
}

console.log(`finish-build: dist/ is ready (${required.length} manifest paths checked)`);
