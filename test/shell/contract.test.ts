// Every behaviour the fake claims about Foundry carries a tag listed, with its public source,
// in docs/foundry-contract.md.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

describe("the fake's claims", () => {
  it("every [C-nn] tag in test/fake-foundry is listed in the contract", () => {
    const doc = readFileSync("docs/foundry-contract.md", "utf8");
    const listed = new Set([...doc.matchAll(/^\| (C-\d+)(?:, (C-\d+))? \|/gm)].flatMap((m) => [m[1], m[2]].filter((x): x is string => x !== undefined)));
    const used = new Set(readdirSync("test/fake-foundry").flatMap((f) => [...readFileSync(`test/fake-foundry/${f}`, "utf8").matchAll(/\[(C-\d+)\]/g)].map((m) => m[1] as string)));
    expect(used.size).toBeGreaterThan(40);
    expect([...used].filter((t) => !listed.has(t)).sort()).toEqual([]);
  });

  it("each tag names one claim: no tag heads two rows of the contract", () => {
    const doc = readFileSync("docs/foundry-contract.md", "utf8");
    const tags = [...doc.matchAll(/^\| (C-\d+)(?:, (C-\d+))? \|/gm)].flatMap((m) => [m[1], m[2]].filter((x): x is string => x !== undefined));
    expect(tags.length).toBeGreaterThan(40);
    expect(tags.filter((t, i) => tags.indexOf(t) !== i)).toEqual([]);
  });
});
