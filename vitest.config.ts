import { defineConfig } from "vitest/config";
import type { TestProjectInlineConfiguration } from "vitest/config";

// Each entry in `projects` is one test project. `npm test` runs all of them;
// `vitest run --project <name>` runs one. A browser project (Vitest browser mode in
// Debian's /usr/bin/chromium, tests under test/browser/) is added as another entry
// in this list, next to "unit"; root-level options such as coverage apply to all projects.

/** Pure Node tests: the rules core, vectors, properties. No Foundry, no DOM. */
const unit: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    name: "unit",
    include: ["test/**/*.test.ts"],
    exclude: ["test/browser/**", "node_modules/**"],
    environment: "node",
  },
};

export default defineConfig({
  test: {
    projects: [unit],
    coverage: {
      provider: "v8",
      include: ["src/rules/**/*.ts"],
      exclude: ["src/rules/**/*.d.ts"],
      reporter: ["text-summary", "json-summary"],
      reportsDirectory: "coverage",
      thresholds: {
        // Per-glob threshold: the rules core must stay at or above 95 % of lines.
        // `vitest run --coverage` exits non-zero when it drops below.
        "src/rules/**": { lines: 95 },
      },
    },
  },
});
