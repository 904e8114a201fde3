import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { defineConfig } from "vitest/config";
import type { TestProjectInlineConfiguration } from "vitest/config";
import { playwright } from "@vitest/browser-playwright";

// Each entry in `projects` is one test project. `npm test` runs all of them;
// `vitest run --project <name>` runs one. A browser project (Vitest browser mode in
// Debian's /usr/bin/chromium, tests under test/browser/) is added as another entry
// in this list, next to "unit"; root-level options such as coverage apply to all projects.
//
// Time limits are sized for CI's worst case, not for an idle laptop: a 2-core machine with a
// second `npm test` running beside it, where everything takes 4 to 5 times as long. Vitest's
// own 5 s limit would then fail a test that takes 1.2 s here, so every test gets 30 s, and the
// few heavy ones (a process started, a long simulation, a chaos evening) name their own larger
// limit beside them. The heavy tests are also kept light: simulations run 50,000 trials
// (test/support/odds.ts), and each script's command line is started once per case.

/** A test's limit unless it names its own: about 25 times what the slowest ordinary test takes idle. */
const TEST_MS = 30_000;

/** Pure Node tests: the rules core, vectors, properties. No Foundry, no DOM. */
const unit: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    name: "unit",
    testTimeout: TEST_MS,
    hookTimeout: TEST_MS,
    include: ["test/**/*.test.ts"],
    exclude: ["test/browser/**", "node_modules/**"],
    environment: "node",
    // Seeds fast-check once for every property test (FC_SEED overrides; printed on failure).
    setupFiles: ["test/support/fast-check-seed.ts"],
  },
};

/**
 * Files a run writes for people to look at (failure screenshots, annotations) go outside the
 * work tree, so a failed run leaves nothing behind to commit by mistake. Vitest prints the paths.
 */
const RUN_OUTPUT = join(tmpdir(), "weaponless-combat-vitest");

/**
 * What a person clicks, in a real Chromium: Debian's /usr/bin/chromium driven by Playwright
 * (never `playwright install`). Tests under test/browser/ load the built bundle from dist/.
 */
const browser: TestProjectInlineConfiguration = {
  extends: true,
  // The fake Foundry in a page (test/browser/keyboard.test.ts): its rooms' host file is Node's;
  // in the browser they get the one-tab twin (test/browser/one-tab-host.ts).
  plugins: [
    {
      name: "weaponless-browser-host",
      enforce: "pre",
      resolveId(source: string, importer: string | undefined) {
        if (source === "./host.ts" && importer?.replace(/\\/g, "/").includes("/test/fake-foundry/")) return resolve(import.meta.dirname, "test/browser/one-tab-host.ts");
        return null;
      },
    },
  ],
  test: {
    name: "browser",
    // Chromium's start and the page's first load fall inside the first test on a loaded machine.
    testTimeout: 2 * TEST_MS,
    hookTimeout: 2 * TEST_MS,
    include: ["test/browser/**/*.test.ts"],
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
          args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
        },
      }),
      instances: [{ browser: "chromium" }],
      screenshotDirectory: join(RUN_OUTPUT, "screenshots"),
    },
  },
};

export default defineConfig({
  test: {
    projects: [unit, browser],
    attachmentsDir: join(RUN_OUTPUT, "attachments"),
    coverage: {
      provider: "v8",
      include: ["src/rules/**/*.ts", "src/foundry/**/*.ts", "src/systems/**/*.ts"],
      exclude: ["src/**/*.d.ts"],
      reporter: ["text-summary", "json-summary"],
      reportsDirectory: "coverage",
      thresholds: {
        // Per-glob thresholds: the rules core must stay at or above 95 % of lines, the Foundry
        // shell (driven through the fake, test/shell/) at or above 90 %.
        // `vitest run --coverage` exits non-zero when either drops below.
        "src/rules/**": { lines: 95 },
        "src/foundry/**": { lines: 90 },
        // The systems layer (host actor data -> profiles) is held to the rules core's line.
        "src/systems/**": { lines: 95 },
      },
    },
  },
});
