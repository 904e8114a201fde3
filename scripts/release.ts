/**
 * `npm run release -- <version>`: stamps a new version everywhere it appears, then builds.
 *
 *   - package.json `version` (module.json's version and download address are stamped from it
 *     at build time: scripts/build/release-info.ts);
 *   - package-lock.json (its own two copies of the version);
 *   - CHANGELOG.md: the "Unreleased" section becomes "<version> - <date>", and a new empty
 *     "Unreleased" section opens above it.
 *
 * Then `npm run build`, unless --no-build. Prints what to upload. A version that is not x.y.z
 * (with an optional -pre tag), or a changelog without an Unreleased section, is refused and
 * nothing is changed.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { releaseInfo, SEMVER } from "./build/release-info.ts";

export function stampChangelog(text: string, version: string, date: string): string {
  const heading = /^## Unreleased[ \t]*$/m;
  if (!heading.test(text)) throw new Error('CHANGELOG.md has no "## Unreleased" section to release');
  if (new RegExp(`^## ${version.replace(/\./g, "\\.")}( |$)`, "m").test(text)) throw new Error(`CHANGELOG.md already has a section for ${version}`);
  return text.replace(heading, `## Unreleased\n\n## ${version} - ${date}`);
}

/** Writes the new version into package.json, package-lock.json and CHANGELOG.md under `root`. */
export function stampVersion(root: string, version: string, date: string): void {
  if (!SEMVER.test(version)) throw new Error(`"${version}" is not a version number like 1.2.3`);
  const read = (f: string) => readFileSync(join(root, f), "utf8");
  const changelog = stampChangelog(read("CHANGELOG.md"), version, date);
  const pkg = JSON.parse(read("package.json")) as Record<string, unknown>;
  const lock = JSON.parse(read("package-lock.json")) as { version?: string; packages?: Record<string, { version?: string }> };
  pkg.version = version;
  lock.version = version;
  const self = lock.packages?.[""];
  if (self) self.version = version;
  writeFileSync(join(root, "package.json"), `${JSON.stringify(pkg, null, 2)}\n`);
  writeFileSync(join(root, "package-lock.json"), `${JSON.stringify(lock, null, 2)}\n`);
  writeFileSync(join(root, "CHANGELOG.md"), changelog);
}

function main(): void {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
  const args = process.argv.slice(2);
  const version = args.find((a) => !a.startsWith("--"));
  if (version === undefined) {
    console.error("release: give the new version, e.g. npm run release -- 0.2.0");
    process.exit(2);
  }
  try {
    stampVersion(root, version, new Date().toISOString().slice(0, 10));
  } catch (e) {
    console.error(`release: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(2);
  }
  const info = releaseInfo(root);
  console.log(`release: ${version} stamped in package.json, package-lock.json and CHANGELOG.md`);
  if (!args.includes("--no-build")) {
    const r = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  console.log(
    [
      "",
      "Next:",
      `  git commit -am "Release ${version}" && git tag v${version}`,
      `  upload dist/module.json and dist/module.zip to the release, so that`,
      `    ${info.download} serves the zip, and`,
      `    ${info.manifest} serves this module.json (the newest release's).`,
    ].join("\n"),
  );
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
