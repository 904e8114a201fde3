/**
 * dist/module.json: the project's module.json with the release's version and addresses stamped
 * in (release-info.ts), and the check that it names only files the package really has.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { PackSource } from "../packs/docs.ts";
import type { ReleaseInfo } from "./release-info.ts";

export const MODULE_ID = "weaponless-combat";

export type Manifest = Record<string, unknown> & {
  packs?: Array<{ name?: unknown; path?: unknown; type?: unknown; label?: unknown }>;
  languages?: Array<{ lang?: unknown; name?: unknown; path?: unknown }>;
};

export function readManifestSource(root: string): Manifest {
  return JSON.parse(readFileSync(join(root, "module.json"), "utf8")) as Manifest;
}

/** PackageMediaData's fields (Foundry's API documentation, foundry.packages.types.PackageMediaData). */
export const MEDIA_FIELDS = ["type", "url", "caption", "loop", "thumbnail", "flags"] as const;

/**
 * A media entry's picture as the package listing fetches it: module.json names the repository's
 * file ("docs/images/demo.png"); the manifest gives its web address at the release's own tag, so
 * the listing shows the pictures of the code it installs.
 */
export function mediaAddress(path: string, info: ReleaseInfo): string {
  if (/^https?:\/\//.test(path)) return path;
  const raw = info.url.replace(/^https:\/\/github\.com\//, "https://raw.githubusercontent.com/");
  return `${raw}/v${info.version}/${path.replace(/^\.?\//, "")}`;
}

/** The manifest Foundry reads: module.json with version, addresses, licence, readme and changelog. */
export function stampManifest(source: Manifest, info: ReleaseInfo): Manifest {
  const out: Manifest = { ...source };
  if (Array.isArray(source.media)) {
    out.media = source.media.map((entry: unknown) => {
      if (typeof entry !== "object" || entry === null) return entry;
      const e = { ...(entry as Record<string, unknown>) };
      for (const k of ["url", "thumbnail"] as const) if (typeof e[k] === "string") e[k] = mediaAddress(e[k], info);
      return e;
    });
  }
  for (const k of ["version", "url", "bugs", "manifest", "download", "changelog"] as const) delete out[k];
  // Foundry's own order of the identifying fields first, then everything module.json declares.
  return {
    id: source.id,
    title: source.title,
    description: source.description,
    version: info.version,
    ...out,
    license: "LICENSE",
    readme: "README.md",
    changelog: info.changelog,
    url: info.url,
    bugs: info.bugs,
    manifest: info.manifest,
    download: info.download,
  };
}

/** Every file or folder the manifest points at, by field. */
export function manifestPaths(m: Manifest): Array<{ field: string; path: string; dir: boolean }> {
  const out: Array<{ field: string; path: string; dir: boolean }> = [];
  const list = (field: string, v: unknown, pick: (x: unknown) => unknown, dir = false) => {
    if (v === undefined) return;
    if (!Array.isArray(v)) throw new Error(`module.json "${field}" must be a list`);
    v.forEach((x, i) => {
      const p = pick(x);
      if (typeof p !== "string" || p === "") throw new Error(`module.json "${field}[${i}]" has no path`);
      out.push({ field, path: p, dir });
    });
  };
  const path = (x: unknown) => (typeof x === "object" && x !== null ? (x as { path?: unknown }).path : undefined);
  list("esmodules", m.esmodules, (x) => x);
  list("scripts", m.scripts, (x) => x);
  list("styles", m.styles, (x) => x);
  list("languages", m.languages, path);
  list("packs", m.packs, path, true);
  for (const f of ["license", "readme"] as const) if (typeof m[f] === "string" && !/^https?:/.test(m[f] as string)) out.push({ field: f, path: m[f] as string, dir: false });
  return out;
}

/** What is wrong with a built dist/ against its manifest and the packs the build assembled. */
export function manifestProblems(dist: string, m: Manifest, packs: readonly PackSource[]): string[] {
  const problems: string[] = [];
  if (m.id !== MODULE_ID) problems.push(`"id" is ${JSON.stringify(m.id)}, expected "${MODULE_ID}"`);
  if (typeof m.download !== "string" || typeof m.version !== "string" || !m.download.includes(m.version)) problems.push(`"download" (${String(m.download)}) does not name version ${String(m.version)}`);
  let paths: ReturnType<typeof manifestPaths> = [];
  try {
    paths = manifestPaths(m);
  } catch (e) {
    problems.push(e instanceof Error ? e.message : String(e));
  }
  for (const { field, path, dir } of paths) {
    const full = join(dist, path);
    if (!existsSync(full)) problems.push(`"${field}" lists ${path}, but dist/${path} does not exist`);
    else if (statSync(full).isDirectory() !== dir) problems.push(`"${field}" lists ${path}, which is ${dir ? "not a folder" : "a folder"}`);
  }
  const declared = (m.packs ?? []).map((p) => `${String(p.name)}:${String(p.type)}:${String(p.path)}`).sort();
  const built = packs.map((p) => `${p.name}:${p.type}:packs/${p.name}`).sort();
  if (JSON.stringify(declared) !== JSON.stringify(built)) problems.push(`module.json declares packs [${declared.join(", ")}] but the build makes [${built.join(", ")}]`);
  return problems;
}
