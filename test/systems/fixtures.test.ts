// Every fixture, read for every variant, against the values worked out by hand in
// test/systems/expected/*.ts (each number derived there from the fixture and the rules).
import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { RULES_VARIANTS } from "../../src/rules/index.ts";
import { SYSTEMS, readCreature, VARIANT_KEYS } from "../../src/systems/index.ts";
import { ADND2E } from "./expected/adnd2e.ts";
import { ARS } from "./expected/ars.ts";
import { DND5E } from "./expected/dnd5e.ts";
import { GENERIC } from "./expected/generic.ts";
import { OSE } from "./expected/ose.ts";
import { SHADOWDARK } from "./expected/shadowdark.ts";
import { DCC } from "./expected/dcc.ts";
import type { FixtureExpectation } from "./expected/types.ts";

const BY_SYSTEM: Record<string, readonly FixtureExpectation[]> = { ars: ARS, ose: OSE, adnd2e: ADND2E, dnd5e: DND5E, shadowdark: SHADOWDARK, dcc: DCC, generic: GENERIC };

export function fixture(system: string, file: string): unknown {
  return JSON.parse(readFileSync(`test/systems/fixtures/${system}/${file}`, "utf8"));
}

describe.each(Object.keys(BY_SYSTEM))("%s fixtures", (systemId) => {
  const expectations = BY_SYSTEM[systemId] ?? [];
  const system = SYSTEMS[systemId];
  if (!system) throw new Error(systemId);

  it("has at least 8 actors, every one with hand-worked expectations", () => {
    const files = readdirSync(`test/systems/fixtures/${systemId}`).filter((f) => f.endsWith(".json")).sort();
    expect(files.length).toBeGreaterThanOrEqual(8);
    expect(expectations.map((e) => e.file).sort()).toEqual(files);
  });

  describe.each(expectations.map((e) => [e.file, e] as const))("%s", (file, e) => {
    it.each(VARIANT_KEYS)("%s", (variant) => {
      const want = e[variant];
      const got = readCreature(fixture(systemId, file), { system, variant, settings: e.settings ?? {} });
      for (const [field, value] of Object.entries(want.profile)) expect(got.profile[field], `${variant} ${field}`).toEqual(value);
      for (const [field, source] of Object.entries(want.sources ?? {})) expect(got.sources[field], `${variant} source of ${field}`).toBe(source);
      for (const field of want.absent ?? []) expect(got.profile, `${variant} has no ${field}`).not.toHaveProperty(field);
      // The whole profile is the vectors' combatant shape: the variant's own check takes it.
      expect(() => RULES_VARIANTS[variant]?.validateProfile(String(got.profile.id), got.profile, "p")).not.toThrow();
      // Every field has a source, and every default says why.
      expect(Object.keys(got.sources).sort()).toEqual(Object.keys(got.profile).sort());
      for (const [field, source] of Object.entries(got.sources)) if (source === "default") expect(got.reasons[field], `${variant} reason for ${field}`).toBeDefined();
    });
  });
});
