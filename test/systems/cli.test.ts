// `npm run -s profile`: JSON on stdout for every fixture, one clear line and a non-zero exit
// for what it cannot read (2 for a bad argument, 1 for a file that is no actor export).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runProfile } from "../../scripts/profile.ts";

/** The command in this process (the same code the script runs); `spawned` runs the real script. */
function run(...args: string[]): { code: number; stdout: string; stderr: string } {
  return runProfile(args);
}
function spawned(...args: string[]): { code: number; stdout: string; stderr: string } {
  const r = spawnSync("npm", ["run", "-s", "profile", "--", ...args], { encoding: "utf8" });
  return { code: r.status ?? 1, stdout: r.stdout, stderr: r.stderr };
}

const tmp = mkdtempSync(join(tmpdir(), "wc-profile-"));
function file(name: string, text: string): string {
  const p = join(tmp, name);
  writeFileSync(p, text);
  return p;
}

describe("npm run profile", () => {
  it("prints {system, variant, profile, sources, defaults} for an export, the system from _stats.systemId", () => {
    const out = JSON.parse(run("test/systems/fixtures/ars/fighter-18-76.json", "--variant", "percentile").stdout) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(["system", "variant", "profile", "sources", "defaults"]);
    expect(out.system).toBe("ars");
    expect(out.variant).toBe("percentile");
    expect(out.profile).toMatchObject({ id: "wcArsFighter0001", name: "Brannoc the Bold", strength: { score: 18, exceptional: 76 }, height: 74 });
    expect(out.sources).toMatchObject({ strength: "sheet", kind: "sheet" });
  });

  it("defaults to d12-holds; --reasons adds why each value is what it is", () => {
    const r = run("test/systems/fixtures/ose/goblin.json", "--reasons");
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { variant: string; reasons: Record<string, string> };
    expect(out.variant).toBe("d12-holds");
    expect(out.reasons.size).toBe("OSE keeps no size for this creature: taken from its token's footprint (1 grid units across)");
  });

  it("reads an OSE export from an ascending-AC world as ascending, and --descending-ac overrides it", () => {
    const asc = JSON.parse(run("test/systems/fixtures/ose/fighter-ascending.json", "--variant", "grapple-die").stdout) as { profile: { ac: number } };
    expect(asc.profile.ac).toBe(3);
    // Read as descending, the chain mail's untouched AC 9 and the shield's 9 count: 9 - 9 - 1 = -1.
    const desc = JSON.parse(run("test/systems/fixtures/ose/fighter-ascending.json", "--variant", "grapple-die", "--descending-ac").stdout) as { profile: { ac: number } };
    expect(desc.profile.ac).toBe(-1);
  });

  it("works on every fixture with every variant", () => {
    for (const system of ["ars", "ose", "adnd2e", "dnd5e", "shadowdark", "dcc", "generic"]) {
      for (const f of readdirSync(`test/systems/fixtures/${system}`).filter((x) => x.endsWith(".json"))) {
        for (const variant of ["d12-holds", "grapple-die", "percentile"]) {
          // The generic folder keeps Shadowdark and DCC actors read the generic way: --force.
          const args = [`test/systems/fixtures/${system}/${f}`, "--variant", variant, "--system", system, ...(system === "generic" ? ["--force"] : []), ...(f.includes(".prepared.") ? ["--prepared"] : [])];
          const r = run(...args);
          expect(r.code, `${f} ${variant}: ${r.stderr}`).toBe(0);
          expect((JSON.parse(r.stdout) as { system: string }).system).toBe(system);
        }
      }
    }
  });

  it("as npm runs it: JSON on stdout and exit 0; a bad file, one line on stderr and exit 1", () => {
    const ok = spawned("test/systems/fixtures/dnd5e/goblin.json", "--variant", "grapple-die");
    expect(ok.code).toBe(0);
    expect((JSON.parse(ok.stdout) as { profile: { ac: number } }).profile.ac).toBe(5);
    const bad = spawned(file("bad2.json", "not json"));
    expect(bad.code).not.toBe(0);
    expect(bad.stdout).toBe("");
    expect(bad.stderr.trim().split("\n")).toHaveLength(1);
    expect(bad.stderr).toMatch(/is not JSON/);
  }, 60_000);

  it.each([
    ["not JSON", () => [file("bad.json", "{ nope")], /is not JSON/, 1],
    ["not an actor (a list)", () => [file("list.json", "[1, 2]"), "--system", "ose"], /not an actor export: actor is not an object/, 1],
    ["not an actor (no system)", () => [file("nosys.json", JSON.stringify({ name: "x", _stats: { systemId: "dnd5e" } }))], /not an actor export: system is missing/, 1],
    ["a system it does not know", () => ["test/systems/fixtures/generic/pf2e-guard.json"], /exported from system "pf2e".*--system generic/, 1],
    ["no system said and none in the export", () => ["test/systems/fixtures/generic/no-type-no-token.json"], /give --system ID/, 1],
    ["an unknown --system", () => ["test/systems/fixtures/ars/troll.json", "--system", "pf2e"], /unknown system "pf2e"/, 2],
    ["an unknown --variant", () => ["test/systems/fixtures/ars/troll.json", "--variant", "wrestling"], /unknown variant "wrestling"/, 2],
    ["an unknown option", () => ["test/systems/fixtures/ars/troll.json", "--fast"], /unknown option --fast/, 2],
    ["--system without its value", () => ["test/systems/fixtures/ars/troll.json", "--system"], /--system needs a value/, 2],
    ["a missing file", () => [join(tmp, "nothing.json")], /cannot read/, 2],
    ["another system than the export's", () => ["test/systems/fixtures/ose/ogre.json", "--system", "ars"], /not "ars".*--force/, 1],
    ["no file", () => [], /usage/, 2],
  ])("%s: one line on stderr, exit %i", (_name, args, message, code) => {
    const r = run(...(args as () => string[])());
    expect(r.code).toBe(code);
    expect(r.stdout).toBe("");
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toMatch(message as RegExp);
  });

  it("--help prints the usage and exits 0", () => {
    const r = run("--help");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: npm run -s profile -- <actor\.json>/);
    expect(r.stderr).toBe("");
  });

  it("explains every default it used, in English, without --reasons", () => {
    const out = JSON.parse(run("test/systems/fixtures/ars/broken-values.json", "--variant", "grapple-die").stdout) as { sources: Record<string, string>; defaults: Record<string, string> };
    const defaults = Object.keys(out.sources).filter((k) => out.sources[k] === "default");
    expect(Object.keys(out.defaults).sort()).toEqual(defaults.sort());
    // A value the sheet holds but that cannot be used names the value and why.
    expect(out.defaults.ac).toBe("The sheet's system.attributes.ac.value is 999, outside -20 to 10: not used, and the ordinary value stands in");
    expect(out.defaults.hitDice).toBe("The sheet's system.hitdice is -3, outside 0 to 100: not used, and the ordinary value stands in");
  });

  it("a --system that is not the export's own is refused in one line, unless --force", () => {
    const r = run("test/systems/fixtures/adnd2e/warrior-18-91.json", "--system", "ose");
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toMatch(/exported from system "adnd2e" \(_stats\.systemId\), not "ose".*--force/);
    // The generic reading of a system the layer knows is a mismatch too.
    expect(run("test/systems/fixtures/ars/troll.json", "--system", "generic").code).toBe(1);
    const forced = run("test/systems/fixtures/adnd2e/warrior-18-91.json", "--system", "ose", "--force");
    expect(forced.code).toBe(0);
    expect((JSON.parse(forced.stdout) as { system: string }).system).toBe("ose");
    // Naming the export's own system is no mismatch.
    expect(run("test/systems/fixtures/adnd2e/warrior-18-91.json", "--system", "adnd2e").code).toBe(0);
  });

  it("an adnd2e export reads as adnd2e prepares it: levels, THAC0, saves, the race's Dex, none of it a cache's initial", () => {
    const out = JSON.parse(run("test/systems/fixtures/adnd2e/elf-fighter-mage.json", "--variant", "grapple-die", "--reasons").stdout) as { profile: Record<string, unknown>; reasons: Record<string, string> };
    // Fighter 2000 XP and mage 2500 XP: level 2; THAC0 19; breath 15 (not the caches' 1, 20, 20).
    expect(out.profile).toMatchObject({ hitDice: 2, toHit: { kind: "thac0", thac0: 19 }, saveVsBreath: 15, ac: 3 });
    const perc = JSON.parse(run("test/systems/fixtures/adnd2e/elf-fighter-mage.json", "--variant", "percentile", "--reasons").stdout) as { profile: Record<string, unknown>; reasons: Record<string, string> };
    expect(perc.profile.dexterity).toBe(16);
    expect(perc.reasons.dexterity).toMatch(/15 with the Elf adjustment 1/);
    // The prepared actor, read as such, says the same.
    const live = JSON.parse(run("test/systems/fixtures/adnd2e/elf-fighter-mage.prepared.json", "--variant", "percentile", "--prepared").stdout) as { profile: Record<string, unknown> };
    expect(live.profile.dexterity).toBe(16);
  });

  it("--system generic reads a system it does not know", () => {
    const r = run("test/systems/fixtures/generic/pf2e-guard.json", "--system", "generic");
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { sources: Record<string, string> }).sources.size).toBe("default");
  });
});
