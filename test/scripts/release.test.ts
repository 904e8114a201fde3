// One version, stamped everywhere: package.json, the lockfile, the changelog; module.json's
// version and download address follow package.json at build time, from one set of templates.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readManifestSource, stampManifest } from "../../scripts/build/manifest.ts";
import { releaseInfo } from "../../scripts/build/release-info.ts";
import { checkNewVersion, checkTag, releaseNotes, releaseSteps, stampChangelog, stampVersion, unreleased } from "../../scripts/release.ts";
import { PICTURE_STEPS } from "../../scripts/pictures.ts";
import { README_PICTURES } from "../../scripts/shots/readme-pictures.ts";
import { DEMO_PICTURE } from "../../scripts/demo/readme-picture.ts";

let dir = "";
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = "";
});
function copy(): string {
  dir = mkdtempSync(join(tmpdir(), "wc-release-"));
  for (const f of ["package.json", "package-lock.json", "CHANGELOG.md", "module.json"]) cpSync(f, join(dir, f));
  return dir;
}
const json = (d: string, f: string) => JSON.parse(readFileSync(join(d, f), "utf8"));
/** Commits everything in `d` (a git repository from the first call on), as a maintainer would. */
function commit(d: string, message: string): void {
  const git = (...args: string[]) => {
    const r = spawnSync("git", ["-c", "user.name=Test", "-c", "user.email=test@example.org", "-c", "commit.gpgsign=false", ...args], { cwd: d, encoding: "utf8" });
    if (r.status !== 0) throw new Error(r.stderr);
  };
  if (!spawnSync("git", ["rev-parse", "--git-dir"], { cwd: d }).stdout?.toString().trim().startsWith(".git")) git("init", "-q");
  git("add", "-A");
  git("commit", "-q", "--allow-empty", "-m", message);
}
const DATED = "# Changelog\n\n## Unreleased\n\n## 1.4.0 - 2027-02-03\n\n### Added\n- B.\n\n### Fixed\n- A thing.\n\n## 1.3.0 - 2027-01-01\n\n- Older.\n";

describe("npm run release", () => {
  it("stamps package.json, both lockfile copies and the changelog", () => {
    const d = copy();
    stampVersion(d, "1.4.0", "2027-02-03");
    expect(json(d, "package.json").version).toBe("1.4.0");
    expect(json(d, "package-lock.json").version).toBe("1.4.0");
    expect(json(d, "package-lock.json").packages[""].version).toBe("1.4.0");
    const log = readFileSync(join(d, "CHANGELOG.md"), "utf8");
    expect(log).toMatch(/## Unreleased\n\n## 1\.4\.0 - 2027-02-03\n/);
    // The manifest built from it names the same version and that version's zip.
    const m = stampManifest(readManifestSource(d), releaseInfo(d, {}));
    expect(m.version).toBe("1.4.0");
    expect(m.download).toBe("https://github.com/weaponless-combat/weaponless-combat/releases/download/v1.4.0/module.zip");
    expect(m.manifest).toBe("https://github.com/weaponless-combat/weaponless-combat/releases/latest/download/module.json");
  });

  it("refuses a bad version or a changelog with nothing to release, changing nothing", () => {
    const d = copy();
    const before = readFileSync(join(d, "package.json"), "utf8");
    expect(() => stampVersion(d, "v1.2", "2027-01-01")).toThrow(/not a version number/);
    writeFileSync(join(d, "CHANGELOG.md"), "# Changelog\n\n## 0.1.0\n");
    expect(() => stampVersion(d, "0.2.0", "2027-01-01")).toThrow(/no "## Unreleased"/);
    expect(readFileSync(join(d, "package.json"), "utf8")).toBe(before);
    expect(() => stampChangelog("## Unreleased\n\n## 0.2.0 - 2027-01-01\n", "0.2.0", "2027-01-02")).toThrow(/already has a section/);
  });

  it("refuses a version not above the current one, changing nothing", () => {
    const d = copy();
    const current = json(d, "package.json").version as string;
    const before = ["package.json", "package-lock.json", "CHANGELOG.md"].map((f) => readFileSync(join(d, f), "utf8"));
    expect(() => stampVersion(d, current, "2027-01-01")).toThrow(`${current} is not above the current version ${current}`);
    expect(() => stampVersion(d, "0.0.9", "2027-01-01")).toThrow(/is not above the current version/);
    expect(["package.json", "package-lock.json", "CHANGELOG.md"].map((f) => readFileSync(join(d, f), "utf8"))).toEqual(before);
    expect(() => checkNewVersion("1.2.0", "1.2.0-rc.1")).toThrow(/not above/);
    expect(() => checkNewVersion("1.2.0-rc.1", "1.2.0")).not.toThrow();
    expect(() => checkNewVersion("1.9.0", "1.10.0")).not.toThrow();
  });
});

describe("the release workflow's check of a tag (npm run release -- --tag)", () => {
  it("takes the tag of package.json's version once the changelog dates it, and gives that section's text", () => {
    const d = copy();
    stampVersion(d, "1.4.0", "2027-02-03");
    writeFileSync(join(d, "CHANGELOG.md"), DATED);
    commit(d, "Release 1.4.0");
    expect(checkTag(d, "v1.4.0").version).toBe("1.4.0");
    expect(checkTag(d, "v1.4.0").notes).toMatch(/^### Added[\s\S]*### Fixed\n- A thing\.$/);
    expect(checkTag(d, "v1.4.0").notes).not.toContain("Older");
  });

  it("refuses a tag that is not the version, or a version the changelog does not date", () => {
    const d = copy();
    const version = json(d, "package.json").version as string;
    expect(() => checkTag(d, "v9.9.9")).toThrow(`does not match package.json's version ${version}`);
    expect(() => checkTag(d, version)).toThrow(/not a version tag/);
    expect(() => releaseNotes("## Unreleased\n\n- x\n", version)).toThrow(/no dated section/);
    expect(releaseNotes(`## ${version} - 2027-01-01\n\n- one\n`, version)).toBe("- one");
  });

  it("refuses a dated version whose Unreleased still lists changes: they would go out under the older notes", () => {
    const d = copy();
    stampVersion(d, "1.4.0", "2027-02-03");
    writeFileSync(join(d, "CHANGELOG.md"), DATED.replace("## Unreleased\n", "## Unreleased\n\n### Added\n- Something newer.\n"));
    commit(d, "Release 1.4.0, then a change");
    expect(() => checkTag(d, "v1.4.0")).toThrow(/lists changes under Unreleased \(2 lines\)/);
    expect(unreleased(DATED)).toBe("");
  });

  it("this repository's own case: a dated 0.1.0 with lines under Unreleased is refused at its tag", () => {
    const d = copy();
    const version = json(d, "package.json").version as string;
    const log = readFileSync(join(d, "CHANGELOG.md"), "utf8");
    commit(d, "as the repository stands");
    if (unreleased(log) !== "" && new RegExp(`^## ${version.replace(/\./g, "\\.")} - `, "m").test(log)) expect(() => checkTag(d, `v${version}`)).toThrow(/Unreleased/);
    else expect(() => checkTag(d, `v${version}`)).not.toThrow(/Unreleased/);
  });

  it("refuses a tag whose shipped files changed after the commit that dated the version; other files may change", () => {
    const d = copy();
    stampVersion(d, "1.4.0", "2027-02-03");
    writeFileSync(join(d, "CHANGELOG.md"), DATED);
    commit(d, "Release 1.4.0");
    writeFileSync(join(d, "NOTES.md"), "not shipped\n");
    commit(d, "a note");
    expect(checkTag(d, "v1.4.0").version).toBe("1.4.0");
    mkdirSync(join(d, "src"));
    writeFileSync(join(d, "src", "late.ts"), "export const late = 1;\n");
    commit(d, "a late change");
    expect(() => checkTag(d, "v1.4.0")).toThrow(/1\.4\.0 was dated in commit [0-9a-f]{10}, and the package has changed since \(src\/late\.ts\)/);
  });

  it("refuses where the commit that dated the version cannot be found", () => {
    const d = copy();
    stampVersion(d, "1.4.0", "2027-02-01");
    commit(d, "Release 1.4.0");
    writeFileSync(join(d, "CHANGELOG.md"), DATED);
    expect(() => checkTag(d, "v1.4.0")).toThrow(/no commit wrote "## 1\.4\.0 - 2027-02-03"/);
  });
});

describe("the README's pictures, made by the release", () => {
  it("npm run release makes them again from the current code before it builds, unless told not to", () => {
    expect(releaseSteps({ build: true, pictures: true })).toEqual(["pictures", "build"]);
    expect(releaseSteps({ build: true, pictures: false })).toEqual(["build"]);
    expect(releaseSteps({ build: false, pictures: true })).toEqual(["pictures"]);
  });

  it("npm run pictures makes every picture the README shows: the shots' three and the demo's", () => {
    const made = PICTURE_STEPS.map((s) => s.join(" "));
    expect(made).toEqual([expect.stringMatching(/shots -- --readme$/), `npm run -s demo -- --picture docs/images/${DEMO_PICTURE}`]);
    const shown = [...readFileSync("README.md", "utf8").matchAll(/!\[[^\]]+\]\((docs\/images\/[^)]+)\)/g)].map((m) => m[1]).sort();
    expect(shown).toEqual([...Object.keys(README_PICTURES), DEMO_PICTURE].map((f) => `docs/images/${f}`).sort());
  });
});

describe("release addresses", () => {
  it("come from package.json, or from WC_MANIFEST_URL / WC_DOWNLOAD_URL for another host", () => {
    const own = releaseInfo(".", { WC_MANIFEST_URL: "https://example.org/wc/module.json", WC_DOWNLOAD_URL: "https://example.org/wc/{version}/module.zip" });
    const version = json(".", "package.json").version as string;
    expect(own.manifest).toBe("https://example.org/wc/module.json");
    expect(own.download).toBe(`https://example.org/wc/${version}/module.zip`);
  });

  it("a download address that does not name the version is refused", () => {
    expect(() => releaseInfo(".", { WC_DOWNLOAD_URL: "https://example.org/latest/module.zip" })).toThrow(/must name version/);
  });

  it("the project's module.json carries no version or addresses of its own to fall out of step", () => {
    const m = readManifestSource(".");
    for (const k of ["version", "manifest", "download", "url"]) expect(m[k], k).toBeUndefined();
  });
});
