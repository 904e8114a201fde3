/**
 * `npm run release -- <version> [--no-build] [--no-pictures]`: a maintainer stamps a new version
 * everywhere it appears, makes the README's pictures again from the current code (`npm run
 * pictures`, so they show what the release says), then builds.
 *
 *   - package.json `version` (module.json's version and download address are stamped from it
 *     at build time: scripts/build/release-info.ts);
 *   - package-lock.json (its own two copies of the version);
 *   - CHANGELOG.md: the "Unreleased" section becomes "<version> - <date>", and a new empty
 *     "Unreleased" section opens above it.
 *
 * A version that is not x.y.z (with an optional -pre tag), one not above the current version, or
 * a changelog without an Unreleased section is refused and nothing is changed.
 *
 * `npm run release -- --tag v<version>`: what the release workflow runs on a pushed tag
 * (.github/workflows/release.yml). It changes nothing in the tree: it checks that the tag names
 * package.json's version, that the changelog dates that version, that its Unreleased section is
 * empty (else those changes would go out under the older notes), and that nothing the package
 * ships has changed since the commit that dated the version (else the notes describe other
 * code: a new version is due); then it builds, checks that
 * dist/module.json carries the version and points its download at that version's zip, and
 * writes the version's changelog section to dist/release-notes.md for the release's text.
 *
 * Every refusal is one line on stderr and exit code 2; a failed build exits with its own code.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import semver from "semver";
import { readArgs, usageExit } from "./cli.ts";
import { releaseInfo, SEMVER } from "./build/release-info.ts";
import { makePictures } from "./pictures.ts";

const USAGE = `
Usage: npm run release -- <version> [--no-build] [--no-pictures]
       npm run release -- --tag v<version>

<version>         stamps a new version (above the current one, x.y.z or x.y.z-pre) into
                  package.json, package-lock.json and CHANGELOG.md (its "Unreleased" section
                  becomes "<version> - <today>"), makes the README's pictures again from the
                  current code (npm run pictures: needs Chromium), then builds dist/module.json
                  and dist/module.zip
  --no-build      stamp (and picture) only
  --no-pictures   keep docs/images/ as it is
  --tag v<version>  for the release workflow: checks that the tag is package.json's version,
                  that CHANGELOG.md dates it and has nothing under Unreleased, and that nothing
                  shipped changed since the commit that dated it (needs the git history); builds,
                  checks dist/module.json, and writes that version's changelog section to
                  dist/release-notes.md; changes nothing else
  -h, --help      this text

Exit code 2 when a version or tag is refused (nothing is changed).
`;

const escapeDots = (version: string) => version.replace(/[.+]/g, (c) => `\\${c}`);

export function stampChangelog(text: string, version: string, date: string): string {
  const heading = /^## Unreleased[ \t]*$/m;
  if (!heading.test(text)) throw new Error('CHANGELOG.md has no "## Unreleased" section to release');
  if (new RegExp(`^## ${escapeDots(version)}( |$)`, "m").test(text)) throw new Error(`CHANGELOG.md already has a section for ${version}`);
  return text.replace(heading, `## Unreleased\n\n## ${version} - ${date}`);
}

/** A new version must be above the current one: a release never reuses or goes back on a number. */
export function checkNewVersion(current: string, version: string): void {
  if (!SEMVER.test(version)) throw new Error(`"${version}" is not a version number like 1.2.3`);
  if (!semver.gt(version, current)) throw new Error(`${version} is not above the current version ${current}: give a higher one, e.g. ${semver.inc(current, "minor") ?? "a later one"}`);
}

/** Writes the new version into package.json, package-lock.json and CHANGELOG.md under `root`. */
export function stampVersion(root: string, version: string, date: string): void {
  const read = (f: string) => readFileSync(join(root, f), "utf8");
  const pkg = JSON.parse(read("package.json")) as Record<string, unknown>;
  checkNewVersion(String(pkg.version), version);
  const changelog = stampChangelog(read("CHANGELOG.md"), version, date);
  const lock = JSON.parse(read("package-lock.json")) as { version?: string; packages?: Record<string, { version?: string }> };
  pkg.version = version;
  lock.version = version;
  const self = lock.packages?.[""];
  if (self) self.version = version;
  writeFileSync(join(root, "package.json"), `${JSON.stringify(pkg, null, 2)}\n`);
  writeFileSync(join(root, "package-lock.json"), `${JSON.stringify(lock, null, 2)}\n`);
  writeFileSync(join(root, "CHANGELOG.md"), changelog);
}

/** The body of the changelog's dated section for `version`; throws when there is none. */
export function releaseNotes(changelog: string, version: string): string {
  const heading = new RegExp(`^## ${escapeDots(version)} - (\\d{4}-\\d{2}-\\d{2})[ \\t]*$`, "m");
  const m = heading.exec(changelog);
  if (!m) throw new Error(`CHANGELOG.md has no dated section "## ${version} - YYYY-MM-DD": run npm run release -- ${version} before tagging`);
  const rest = changelog.slice(m.index + m[0].length);
  const next = /^## /m.exec(rest);
  return (next ? rest.slice(0, next.index) : rest).trim();
}

/** What the changelog lists under Unreleased (trimmed; "" when nothing). */
export function unreleased(changelog: string): string {
  const m = /^## Unreleased[ \t]*$/m.exec(changelog);
  if (!m) return "";
  const rest = changelog.slice(m.index + m[0].length);
  const next = /^## /m.exec(rest);
  return (next ? rest.slice(0, next.index) : rest).trim();
}

/** What the package is built from (scripts/build.ts): a change here after a version is dated is a change its notes do not describe. */
export const SHIPPED_PATHS = ["src", "lang", "templates", "styles", "assets", "packs", "module.json"] as const;

function git(root: string, args: readonly string[]): string {
  const r = spawnSync("git", args, { cwd: root, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`git ${args.join(" ")} failed: ${(r.stderr || r.stdout || "").trim().split("\n")[0] ?? ""}`);
  return r.stdout.trim();
}

/**
 * The shipped files changed since the commit that wrote the changelog's dated heading for
 * `version`: none when the tag holds what those notes describe.
 */
export function changedSinceDated(root: string, version: string): { commit: string; files: string[] } {
  const changelog = readFileSync(join(root, "CHANGELOG.md"), "utf8");
  const heading = new RegExp(`^## ${escapeDots(version)} - \\d{4}-\\d{2}-\\d{2}[ \\t]*$`, "m").exec(changelog)?.[0].trim();
  if (heading === undefined) throw new Error(`CHANGELOG.md has no dated section "## ${version} - YYYY-MM-DD"`);
  if (git(root, ["rev-parse", "--is-shallow-repository"]) === "true") throw new Error("the release check needs the whole git history (actions/checkout with fetch-depth: 0) to find the commit that dated the version");
  const commit = git(root, ["log", "-n", "1", "--format=%H", "-S", heading, "--", "CHANGELOG.md"]);
  if (commit === "") throw new Error(`no commit wrote "${heading}" into CHANGELOG.md: commit the release before tagging it`);
  const files = git(root, ["diff", "--name-only", commit, "HEAD", "--", ...SHIPPED_PATHS]).split("\n").filter((f) => f !== "");
  return { commit, files };
}

/**
 * The version a release tag names, when it is package.json's, the changelog dates it, nothing
 * waits under Unreleased, and nothing shipped changed since the version was dated.
 */
export function checkTag(root: string, tag: string): { version: string; notes: string } {
  const version = String((JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version?: unknown }).version);
  if (!/^v\d/.test(tag)) throw new Error(`the tag "${tag}" is not a version tag like v${version}`);
  if (tag !== `v${version}`) throw new Error(`the tag ${tag} does not match package.json's version ${version} (expected v${version})`);
  const changelog = readFileSync(join(root, "CHANGELOG.md"), "utf8");
  const notes = releaseNotes(changelog, version);
  const waiting = unreleased(changelog);
  if (waiting !== "") throw new Error(`CHANGELOG.md lists changes under Unreleased (${waiting.split("\n").length} lines): the tag ${tag} would publish them under ${version}'s older notes; run npm run release -- <next version> and tag that`);
  const since = changedSinceDated(root, version);
  if (since.files.length > 0) {
    const shown = since.files.slice(0, 5).join(", ") + (since.files.length > 5 ? ` and ${since.files.length - 5} more` : "");
    throw new Error(`${version} was dated in commit ${since.commit.slice(0, 10)}, and the package has changed since (${shown}): its notes do not describe the tag ${tag}; release a new version`);
  }
  return { version, notes };
}

/** What a release does after stamping, in order: the README's pictures from the current code, then the build. */
export function releaseSteps(options: { readonly build: boolean; readonly pictures: boolean }): Array<"pictures" | "build"> {
  return [...(options.pictures ? (["pictures"] as const) : []), ...(options.build ? (["build"] as const) : [])];
}

function build(root: string): void {
  const r = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

function main(): void {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
  const { values, positionals } = readArgs({ name: "release", usage: USAGE, options: { tag: { type: "string" }, "no-build": { type: "boolean" }, "no-pictures": { type: "boolean" } }, positionals: { max: 1, what: "version" } });

  if (values.tag !== undefined) {
    let checked: { version: string; notes: string };
    try {
      if (positionals.length > 0 || values["no-build"]) throw new Error("--tag takes no version and always builds");
      checked = checkTag(root, values.tag);
    } catch (e) {
      usageExit("release", e);
    }
    build(root);
    const manifest = JSON.parse(readFileSync(join(root, "dist", "module.json"), "utf8")) as { version?: unknown; download?: unknown };
    const info = releaseInfo(root);
    if (manifest.version !== checked.version || manifest.download !== info.download) usageExit("release", new Error(`dist/module.json says version ${String(manifest.version)}, download ${String(manifest.download)}; expected ${checked.version}, ${info.download}`));
    writeFileSync(join(root, "dist", "release-notes.md"), `${checked.notes}\n`);
    console.log(`release: tag ${values.tag} is version ${checked.version}; dist/module.json and dist/module.zip built, notes in dist/release-notes.md`);
    return;
  }

  const version = positionals[0];
  if (version === undefined) usageExit("release", new Error("give the new version, e.g. npm run release -- 0.2.0"));
  try {
    stampVersion(root, version, new Date().toISOString().slice(0, 10));
  } catch (e) {
    usageExit("release", e);
  }
  const info = releaseInfo(root);
  console.log(`release: ${version} stamped in package.json, package-lock.json and CHANGELOG.md`);
  for (const step of releaseSteps({ build: !values["no-build"], pictures: !values["no-pictures"] })) {
    if (step === "pictures") {
      const code = makePictures(root);
      if (code !== 0) process.exit(code);
    } else build(root);
  }
  console.log(
    [
      "",
      "Next:",
      `  git add docs/images && git commit -am "Release ${version}" && git tag v${version} && git push && git push origin v${version}`,
      "  The release workflow (.github/workflows/release.yml) then tests and builds the tag and",
      "  attaches dist/module.json and dist/module.zip to its GitHub release, so that",
      `    ${info.download} serves the zip, and`,
      `    ${info.manifest} serves this module.json (the newest release's).`,
    ].join("\n"),
  );
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
