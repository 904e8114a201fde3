// ESLint flat config: typescript-eslint's recommended rules (no type information needed),
// plus a few project rules. `npm run lint` checks the whole repository.
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import globals from "globals";
import tseslint from "typescript-eslint";

export default defineConfig(
  globalIgnores(["dist/**", "demo-dist/**", "coverage/**", "node_modules/**", ".vitest/**", "bench-results/**"]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ["**/*.{ts,mts,cts,js,mjs,cjs}"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
    },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/consistent-type-imports": [
        "error",
        { prefer: "type-imports", fixStyle: "separate-type-imports" },
      ],
      eqeqeq: ["error", "always"],
    },
  },
  {
    // Node-side code: build scripts, configs, tests, benchmarks.
    files: ["scripts/**", "test/**", "bench/**", "*.config.{js,ts,mjs}", ".dependency-cruiser.cjs"],
    languageOptions: {
      globals: { ...globals.node },
    },
  },
  {
    // The Foundry layer runs in the browser; Foundry's own globals (game, Hooks, CONFIG, ...)
    // are known to TypeScript through fvtt-types, so no-undef is left to the compiler.
    files: ["src/**"],
    languageOptions: {
      globals: { ...globals.browser },
    },
  },
  {
    files: ["**/*.ts"],
    rules: {
      "no-undef": "off",
    },
  },
);
