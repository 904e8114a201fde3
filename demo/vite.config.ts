/**
 * The demo page's build (scripts/demo.ts runs it): the page (index.html: the fake Foundry, the
 * notice and the switches) and the client tab (tab.html: the module's shell and the tab's own
 * drawing), into demo-dist/, never into dist/. The module's static files (icons, stylesheet) go
 * where the module asks for them, under modules/weaponless-combat/.
 *
 * The target is ES2016, so every async function becomes a generator driven by promises: a tab's
 * frame then sees each `await` resume as a promise reaction it can run as its client
 * (demo/tab/realm.ts).
 */
import { cpSync, mkdirSync } from "node:fs";
import { resolve } from "node:path";
import type { InlineConfig, Plugin } from "vite";

export const root = resolve(import.meta.dirname, "..");
export const outDir = resolve(root, "demo-dist");

/** The fake's host file (test/fake-foundry/host.ts, Node's), swapped for the page's twin. */
function browserHost(): Plugin {
  const twin = resolve(root, "demo/fake-host.ts");
  return {
    name: "weaponless-demo-host",
    enforce: "pre",
    resolveId(source, importer) {
      if (source === "./host.ts" && importer?.replace(/\\/g, "/").includes("/test/fake-foundry/")) return twin;
      return null;
    },
  };
}

/** The module's icons, at the paths the module uses (modules/weaponless-combat/...). */
function moduleFiles(): Plugin {
  return {
    name: "weaponless-demo-module-files",
    writeBundle() {
      const to = resolve(outDir, "modules/weaponless-combat");
      mkdirSync(to, { recursive: true });
      for (const dir of ["assets"]) cpSync(resolve(root, dir), resolve(to, dir), { recursive: true });
    },
  };
}

export function demoConfig(): InlineConfig {
  return {
    configFile: false,
    root: resolve(root, "demo"),
    base: "./",
    logLevel: "warn",
    publicDir: false,
    plugins: [browserHost(), moduleFiles()],
    build: {
      target: "es2016",
      outDir,
      emptyOutDir: true,
      minify: false,
      sourcemap: true,
      reportCompressedSize: false,
      chunkSizeWarningLimit: 4096,
      rollupOptions: {
        input: { index: resolve(root, "demo/index.html"), tab: resolve(root, "demo/tab.html") },
        // Slow plugins on a busy machine are not the reader's concern.
        checks: { bundlerTimings: false },
      },
    },
  };
}
