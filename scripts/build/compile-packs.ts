/** Compiles one assembled pack into a LevelDB folder with the Foundry CLI. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { compilePack } from "@foundryvtt/foundryvtt-cli";
import type { PackSource } from "../packs/docs.ts";

/** Packs one pack into dist/packs/<name>: from a fresh folder, so no stale LevelDB file survives. */
export async function compile(pack: PackSource, outDir: string): Promise<void> {
  const src = mkdtempSync(join(tmpdir(), `wc-pack-${pack.name}-`));
  try {
    for (const doc of pack.docs) writeFileSync(join(src, `${doc._id}.json`), JSON.stringify(doc, null, 2));
    rmSync(outDir, { recursive: true, force: true });
    mkdirSync(dirname(outDir), { recursive: true });
    await compilePack(src, outDir);
  } finally {
    rmSync(src, { recursive: true, force: true });
  }
}

