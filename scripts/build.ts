/**
 * `npm run build`: the installable module in dist/ and dist/module.zip.
 *
 *   0. `vite build` (vite.config.ts) writes dist/module.js from src/main.ts;
 *   1. copies the static files (lang/, templates/, styles/, assets/, LICENSE, README, CHANGELOG);
 *   2. compiles the compendium packs (macros, guide) from their source with the Foundry CLI;
 *   3. writes dist/module.json with the version and addresses from package.json (release-info.ts);
 *   4. checks that the manifest names only files that exist, and the packs that were built;
 *   5. zips dist/ (no source maps) into dist/module.zip and reads it back to check it.
 *
 * Any problem stops the build with a message naming it and exit code 1; an argument it does not
 * take, one line and exit code 2.
 */
import { cpSync, existsSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { compile } from "./build/compile-packs.ts";
import { manifestPaths, manifestProblems, readManifestSource, stampManifest } from "./build/manifest.ts";
import { releaseInfo } from "./build/release-info.ts";
import { buildZip, readZip } from "./build/zip.ts";
import { readArgs } from "./cli.ts";
import { assemblePacks } from "./packs/index.ts";
import type { PackSource } from "./packs/docs.ts";

readArgs({
  name: "build",
  options: {},
  usage: `
Usage: npm run build

Builds the installable module: vite build writes dist/module.js, then the static files, the
compendium packs (macros and guide, from packs/_source), dist/module.json (version and addresses
from package.json; WC_MANIFEST_URL and WC_DOWNLOAD_URL host it elsewhere) and dist/module.zip.
Takes no arguments. Exit code 1 when anything is missing or wrong.

  -h, --help   this text
`,
});

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(root, "dist");
const STATIC = ["lang", "templates", "styles", "assets", "LICENSE", "README.md", "CHANGELOG.md"];

function fail(message: string): never {
  console.error(`build: ${message}`);
  process.exit(1);
}

const ms = (t: number) => `${Math.round(performance.now() - t)} ms`;

async function main(): Promise<void> {
  const { build } = await import("vite");
  try {
    await build({ root, configFile: join(root, "vite.config.ts") });
  } catch (e) {
    fail(`vite build: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (!existsSync(join(dist, "module.js"))) fail("vite build wrote no dist/module.js");

  for (const entry of STATIC) {
    const from = join(root, entry);
    if (!existsSync(from)) fail(`${entry} is missing from the project`);
    cpSync(from, join(dist, entry), { recursive: true, filter: (p) => basename(p) !== ".gitkeep" });
  }
  console.log(`build: copied ${STATIC.join(", ")}`);

  let t = performance.now();
  let packs: PackSource[];
  try {
    packs = assemblePacks(root);
  } catch (e) {
    fail(`pack sources: ${e instanceof Error ? e.message : String(e)}`);
  }
  for (const pack of packs) await compile(pack, join(dist, "packs", pack.name));
  console.log(`build: packed ${packs.map((p) => `${p.name} (${p.docs.length} documents)`).join(", ")} in ${ms(t)}`);

  let manifest;
  try {
    manifest = stampManifest(readManifestSource(root), releaseInfo(root));
  } catch (e) {
    fail(e instanceof Error ? e.message : String(e));
  }
  writeFileSync(join(dist, "module.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  const problems = manifestProblems(dist, manifest, packs);
  if (problems.length > 0) fail(`dist/ is not a complete module:\n  - ${problems.join("\n  - ")}`);
  console.log(`build: dist/module.json ${String(manifest.version)} (${manifestPaths(manifest).length} paths checked), download ${String(manifest.download)}`);

  t = performance.now();
  const { bytes, files } = buildZip(dist);
  writeFileSync(join(dist, "module.zip"), bytes);
  const back = readZip(bytes);
  const missing = manifestPaths(back.manifest).filter(({ path, dir }) => (dir ? !back.names.some((n) => n.startsWith(`${path}/`)) : !back.names.includes(path)));
  if (missing.length > 0) fail(`module.zip lacks ${missing.map((m) => m.path).join(", ")}`);
  if (back.names.some((n) => n.endsWith(".map"))) fail("module.zip holds a source map");
  console.log(`build: dist/module.zip ${files.length} files, ${(statSync(join(dist, "module.zip")).size / 1024).toFixed(1)} KiB, in ${ms(t)}`);
}

await main();
