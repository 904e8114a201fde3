// The release package: module.json at the zip's root with every file it names, no source maps
// or LevelDB logs, and a manifest check that names what is missing.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { manifestProblems, readManifestSource, stampManifest } from "../../scripts/build/manifest.ts";
import { releaseInfo } from "../../scripts/build/release-info.ts";
import { buildZip, readZip } from "../../scripts/build/zip.ts";
import { assemblePacks } from "../../scripts/packs/index.ts";

let dist = "";
afterEach(() => rmSync(dist, { recursive: true, force: true }));

function fakeDist(): string {
  dist = mkdtempSync(join(tmpdir(), "wc-dist-"));
  const put = (p: string, text: string) => {
    mkdirSync(join(dist, p, ".."), { recursive: true });
    writeFileSync(join(dist, p), text);
  };
  const manifest = stampManifest(readManifestSource("."), releaseInfo(".", {}));
  put("module.json", JSON.stringify(manifest));
  put("module.js", "console.log(1);\n//# sourceMappingURL=module.js.map\n");
  put("module.js.map", "{}");
  put("styles/weaponless-combat.css", "");
  put("lang/en.json", "{}");
  put("LICENSE", "MIT");
  put("README.md", "#");
  for (const pack of ["guide", "macros"]) {
    put(`packs/${pack}/CURRENT`, "MANIFEST-000002\n");
    put(`packs/${pack}/LOG`, "log");
    put(`packs/${pack}/000005.ldb`, "x");
  }
  return dist;
}

describe("module.zip", () => {
  it("has module.json and the module's files at its root, no maps, no LevelDB logs", () => {
    const { bytes, files } = buildZip(fakeDist());
    const zip = readZip(bytes);
    expect(zip.names).toContain("module.json");
    expect(zip.names).toEqual(files);
    expect(zip.names.filter((n) => n.endsWith(".map") || n.endsWith("/LOG"))).toEqual([]);
    expect(zip.names).toContain("packs/guide/000005.ldb");
    expect(zip.text("module.js")).toBe("console.log(1);\n");
    expect(zip.manifest.download).toContain(String(zip.manifest.version));
  });

  it("a manifest path with no file behind it is named", () => {
    fakeDist();
    rmSync(join(dist, "lang"), { recursive: true });
    const m = JSON.parse(JSON.stringify(stampManifest(readManifestSource("."), releaseInfo(".", {}))));
    // Every declared language is named, each on its own line.
    const languages = (m.languages as Array<{ path: string }>).map((l) => `"languages" lists ${l.path}, but dist/${l.path} does not exist`);
    expect(languages).toHaveLength(5);
    expect(manifestProblems(dist, m, assemblePacks("."))).toEqual(languages);
    m.packs = [];
    expect(manifestProblems(dist, m, assemblePacks(".")).at(-1)).toMatch(/declares packs \[\] but the build makes/);
  });
});
