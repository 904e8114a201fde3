/**
 * dist/module.zip: the module's files at the root of the archive (module.json at the top), as
 * Foundry's installer and the usual release workflows expect. Source maps and LevelDB's text
 * logs stay out; module.js loses its source-map comment, since the map is not shipped.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { strToU8, unzipSync, zipSync } from "fflate";
import type { Zippable } from "fflate";

/** Files of dist/ that never go into the zip. */
export function excluded(path: string): boolean {
  const name = path.split("/").at(-1) ?? "";
  return path === "module.zip" || name.endsWith(".map") || (path.startsWith("packs/") && (name === "LOG" || name === "LOG.old"));
}

function walk(dir: string, root: string, out: string[]): string[] {
  for (const entry of readdirSync(dir).sort()) {
    const p = join(dir, entry);
    if (statSync(p).isDirectory()) walk(p, root, out);
    else out.push(relative(root, p).split(sep).join("/"));
  }
  return out;
}

export function zipFiles(dist: string): string[] {
  return walk(dist, dist, []).filter((p) => !excluded(p));
}

export function buildZip(dist: string): { bytes: Uint8Array; files: string[] } {
  const files = zipFiles(dist);
  const entries: Zippable = {};
  for (const f of files) {
    let data: Uint8Array = readFileSync(join(dist, f));
    if (f === "module.js") data = strToU8(Buffer.from(data).toString("utf8").replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, "\n"));
    entries[f] = [data, { level: f.startsWith("packs/") ? 0 : 9 }];
  }
  return { bytes: zipSync(entries), files };
}

/** The file names and module.json of a built zip, read back as an installer would. */
export function readZip(bytes: Uint8Array): { names: string[]; manifest: Record<string, unknown>; text(name: string): string } {
  const files = unzipSync(bytes);
  const names = Object.keys(files).filter((n) => !n.endsWith("/"));
  const text = (name: string) => {
    const f = files[name];
    if (!f) throw new Error(`${name} is not in the zip`);
    return Buffer.from(f).toString("utf8");
  };
  return { names, manifest: JSON.parse(text("module.json")) as Record<string, unknown>, text };
}
