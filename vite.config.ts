import { defineConfig } from "vite";

// Library build: one ES module, dist/module.js, loaded by Foundry via module.json "esmodules".
// Static files (module.json, lang/, templates/, styles/, assets/) are copied into dist/
// afterwards by scripts/build.ts (which runs this build first), so Vite's publicDir is disabled.
export default defineConfig({
  publicDir: false,
  build: {
    target: "es2022",
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    lib: {
      entry: "src/main.ts",
      formats: ["es"],
      fileName: () => "module.js",
    },
  },
});
