// The release path as GitHub runs it: CI runs exactly `bash .ci/run`; a version tag runs the
// same tests, then `npm run release -- --tag` and attaches dist/module.json and dist/module.zip
// to the release the README's manifest URL points at. Every action is pinned to a commit.
import { readdirSync, readFileSync } from "node:fs";
import { load } from "js-yaml";
import { describe, expect, it } from "vitest";
import { releaseInfo } from "../../scripts/build/release-info.ts";

interface Step {
  readonly uses?: string;
  readonly run?: string;
  readonly with?: Record<string, unknown>;
}
interface Workflow {
  readonly on: Record<string, unknown>;
  readonly jobs: Record<string, { readonly steps?: readonly Step[]; readonly uses?: string; readonly needs?: string | readonly string[]; readonly permissions?: Record<string, string> }>;
}
const workflow = (f: string) => load(readFileSync(`.github/workflows/${f}`, "utf8")) as Workflow;
const steps = (w: Workflow) => Object.values(w.jobs).flatMap((j) => j.steps ?? []);

describe(".github/workflows", () => {
  it("CI runs bash .ci/run on pushes and pull requests, on Node 20", () => {
    const ci = workflow("ci.yml");
    expect(Object.keys(ci.on)).toEqual(expect.arrayContaining(["push", "pull_request", "workflow_call"]));
    expect(steps(ci).map((s) => s.run?.trim()).filter(Boolean)).toContain("bash .ci/run");
    expect(steps(ci).find((s) => s.uses?.startsWith("actions/setup-node@"))?.with?.["node-version"]).toBe(20);
  });

  it("a v* tag is tested, checked against the version, built, and its two files attached", () => {
    const release = workflow("release.yml");
    expect(release.on).toEqual({ push: { tags: ["v*"] } });
    expect(release.jobs.test?.uses).toBe("./.github/workflows/ci.yml");
    expect(release.jobs.release?.needs).toBe("test");
    expect(release.jobs.release?.permissions).toEqual({ contents: "write" });
    const runs = steps(release).map((s) => s.run ?? "");
    expect(runs).toContain("npm ci");
    expect(runs).toContain('npm run release -- --tag "$GITHUB_REF_NAME"');
    // The tag check reads the history (the commit that dated the version): no shallow clone.
    expect(steps(release).find((s) => s.uses?.startsWith("actions/checkout@"))?.with?.["fetch-depth"]).toBe(0);
    const publish = steps(release).find((s) => s.uses?.startsWith("softprops/action-gh-release@"));
    expect(String(publish?.with?.files).trim().split("\n")).toEqual(["dist/module.json", "dist/module.zip"]);
    expect(publish?.with?.fail_on_unmatched_files).toBe(true);
    // What the manifest URL and each manifest's download address expect a release to hold.
    const info = releaseInfo(".", {});
    expect(info.manifest).toMatch(/\/releases\/latest\/download\/module\.json$/);
    expect(info.download).toMatch(new RegExp(`/releases/download/v${info.version.replace(/\./g, "\\.")}/module\\.zip$`));
  });

  it("every action is pinned to a full commit", () => {
    for (const f of readdirSync(".github/workflows")) {
      for (const s of steps(workflow(f))) if (s.uses && !s.uses.startsWith("./")) expect(s.uses, f).toMatch(/^[\w.-]+\/[\w.-]+@[0-9a-f]{40}$/);
    }
  });
});

describe(".github/ISSUE_TEMPLATE", () => {
  type Field = { type: string; id?: string; attributes: { label?: string; description?: string; value?: string }; validations?: { required?: boolean } };
  const bug = load(readFileSync(".github/ISSUE_TEMPLATE/bug_report.yml", "utf8")) as { body: Field[] };
  const field = (id: string) => bug.body.find((b) => b.id === id);

  it("a bug report asks for the Foundry, system and module versions and what happened", () => {
    const required = bug.body.filter((b) => b.validations?.required).map((b) => b.id);
    expect(required).toEqual(expect.arrayContaining(["foundry", "system", "module", "what"]));
  });

  it("asks for Check this world where it can be made, and for the browser console's errors where the module does not load", () => {
    // A GM whose module does not load has no Check this world to open: the form cannot require it.
    expect(field("check")?.validations?.required).not.toBe(true);
    expect(field("check")?.attributes.label).toMatch(/if the module loads/);
    expect(`${field("console")?.attributes.label} ${field("console")?.attributes.description}`).toMatch(/console.*does not load|does not load.*console/is);
    const intro = bug.body.find((b) => b.type === "markdown")?.attributes.value ?? "";
    expect(intro).toMatch(/Check this world/);
    expect(intro).toMatch(/does not load[^]*console/);
  });
});
