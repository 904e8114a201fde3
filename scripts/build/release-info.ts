/**
 * Where a release lives, from one place: package.json's `version`, `homepage`, `bugs` and
 * `foundryRelease` URL templates ({version} and {homepage} filled in). WC_MANIFEST_URL and
 * WC_DOWNLOAD_URL override the templates for a release hosted elsewhere (same placeholders).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

export interface ReleaseInfo {
  readonly version: string;
  readonly url: string;
  readonly bugs: string;
  readonly manifest: string;
  readonly download: string;
  readonly changelog: string;
}

interface PackageJson {
  version?: unknown;
  homepage?: unknown;
  bugs?: { url?: unknown };
  foundryRelease?: { manifest?: unknown; download?: unknown; changelog?: unknown };
}

export const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z.-]+)?$/;

function text(v: unknown, what: string): string {
  if (typeof v !== "string" || v.trim() === "") throw new Error(`package.json: ${what} is missing`);
  return v;
}

export function releaseInfo(root: string, env: NodeJS.ProcessEnv = process.env): ReleaseInfo {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as PackageJson;
  const version = text(pkg.version, "version");
  if (!SEMVER.test(version)) throw new Error(`package.json: version ${version} is not a version number like 1.2.3`);
  const homepage = text(pkg.homepage, "homepage").replace(/\/$/, "");
  const fill = (template: string) => template.replaceAll("{version}", version).replaceAll("{homepage}", homepage);
  const r = pkg.foundryRelease ?? {};
  const info: ReleaseInfo = {
    version,
    url: homepage,
    bugs: text(pkg.bugs?.url, "bugs.url"),
    manifest: fill(env.WC_MANIFEST_URL || text(r.manifest, "foundryRelease.manifest")),
    download: fill(env.WC_DOWNLOAD_URL || text(r.download, "foundryRelease.download")),
    changelog: fill(text(r.changelog, "foundryRelease.changelog")),
  };
  for (const [k, v] of Object.entries(info)) if (k !== "version" && !/^https?:\/\//.test(v)) throw new Error(`release ${k} is not a web address: ${v}`);
  if (!info.download.includes(version)) throw new Error(`the download address must name version ${version} (it is ${info.download}), so each release's manifest points at its own zip`);
  return info;
}
