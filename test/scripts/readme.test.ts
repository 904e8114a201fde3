// The README says what the module does: its table of contents leads somewhere, its pictures are
// in the repository under the names `npm run shots -- --readme` and `npm run demo -- --picture`
// write, its action list is the rules' own, its rule sets go by their one name, and the Foundry
// build module.json says it is verified on is one the contract's sources cover.
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { RULES_VARIANTS, SHELL_ACTIONS } from "../../src/rules/index.ts";
import { README_PICTURES } from "../../scripts/shots/readme-pictures.ts";
import { DEMO_PICTURE } from "../../scripts/demo/readme-picture.ts";

const readme = readFileSync("README.md", "utf8");
const contributing = readFileSync("CONTRIBUTING.md", "utf8");
const lang = JSON.parse(readFileSync("lang/en.json", "utf8")) as { WC: { Variant: Record<string, string>; VariantName: Record<string, string> } };

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string) => heading.trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, "").replace(/ /g, "-");
const anchors = (md: string) => new Set([...md.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1] as string)));

describe("README.md and CONTRIBUTING.md", () => {
  it("every link to a heading, in either file, finds it", () => {
    const files: Record<string, string> = { "README.md": readme, "CONTRIBUTING.md": contributing };
    for (const [name, md] of Object.entries(files)) {
      for (const m of md.matchAll(/\]\(([A-Z]*\.md)?#([^)]+)\)/g)) {
        const target = m[1] ?? name;
        expect(anchors(files[target] as string).has(m[2] as string), `${name} → ${target}#${m[2]}`).toBe(true);
      }
    }
  });

  it("the GM's part comes first, the developer material is in CONTRIBUTING.md and linked", () => {
    const order = ["## Install", "## Enable", "## Your first grapple", "## Rule sets", "## Settings", "## For macro writers: the API", "## How it is tested"].map((h) => readme.indexOf(`\n${h}\n`));
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(readme).toContain("](CONTRIBUTING.md)");
    expect(readme).not.toContain("## Architecture");
    expect(contributing).toContain("## Architecture");
  });

  it("shows the three pictures npm run shots -- --readme writes and the demo's (npm run demo -- --picture), kept in the repository", () => {
    const shown = [...readme.matchAll(/!\[[^\]]+\]\((docs\/images\/[^)]+)\)/g)].map((m) => m[1] as string);
    expect(shown.sort()).toEqual([...Object.keys(README_PICTURES), DEMO_PICTURE].map((f) => `docs/images/${f}`).sort());
    for (const f of shown) expect(existsSync(f), f).toBe(true);
  });

  it("lists every action the rules have, and which rule sets have it", () => {
    const rows = new Map([...readme.matchAll(/^\| `(\w+)` \| [^|]+ \| ([^|]+) \| ([^|]+) \| ([^|]+) \|$/gm)].map((m) => [m[1] as string, [m[2], m[3], m[4]].map((c) => !(c as string).trim().startsWith("no"))]));
    const variants = ["d12-holds", "grapple-die", "percentile"];
    for (const action of SHELL_ACTIONS) expect(rows.get(action), action).toEqual(variants.map((v) => (RULES_VARIANTS[v]?.actions as readonly string[]).includes(action)));
    expect([...rows.keys()].sort()).toEqual([...SHELL_ACTIONS].sort());
  });

  it("names each rule set by its one name, with its source", () => {
    for (const [id, title] of Object.entries(lang.WC.Variant)) {
      expect(readme, id).toContain(`**${title}** | \`${id}\``);
      expect(title.startsWith(`${lang.WC.VariantName[id]}, after `), id).toBe(true);
    }
    expect(readme).not.toMatch(/early-1980s|house ruleset|DMG-style|magazine variant/i);
  });

  it("module.json is verified on the newest Foundry build the contract's sources cite, and the README says which", () => {
    const contract = readFileSync("docs/foundry-contract.md", "utf8");
    const builds = [...contract.matchAll(/\b(1[34])\.(3\d\d)\b/g)].map((m) => [Number(m[1]), Number(m[2])] as const);
    const newest = builds.reduce((a, b) => (b[0] > a[0] || (b[0] === a[0] && b[1] > a[1]) ? b : a));
    const manifest = JSON.parse(readFileSync("module.json", "utf8")) as { compatibility: { minimum: string; verified: string } };
    expect(manifest.compatibility.verified).toBe(`${newest[0]}.${newest[1]}`);
    expect(readme).toContain(`\`verified\` ${manifest.compatibility.verified}`);
    expect(readme).toContain(`\`minimum\` ${manifest.compatibility.minimum}`);
  });
});

describe("what the README says of the cards' buttons", () => {
  it("Adjust damage: always on the round's and the mass charge's cards, on an action's card only when it did temporary damage", async () => {
    const { gmButtons } = await import("../../src/foundry/cards/views.ts");
    const en = JSON.parse(readFileSync("lang/en.json", "utf8")) as { WC: { Ledger: { open: string } } };
    const i18n = { localize: (k: string) => (k === "WC.Ledger.open" ? en.WC.Ledger.open : k), format: (k: string) => k };
    // A card that passes no list of the damaged (round, mass charge) keeps it; a result card that did none has none.
    expect(gmButtons("applied", i18n).map((b) => b.label)).toContain(en.WC.Ledger.open);
    expect(gmButtons("applied", i18n, []).map((b) => b.action)).not.toContain("ledger");
    expect(gmButtons("applied", i18n, ["Goblin"]).map((b) => b.action)).toContain("ledger");
    expect(readme).not.toMatch(/Any card has \*Adjust damage\*/);
    expect(readme).toMatch(/\*Adjust temporary damage\* only when it did temporary damage/);
  });
});
