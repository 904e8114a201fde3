// package.json's description names every Foundry generation module.json declares it runs on
// (compatibility.minimum to compatibility.verified), so the package does not say v13 only.
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";

it("package.json's description names each Foundry version from module.json's minimum to its verified", () => {
  const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { description: string };
  const m = JSON.parse(readFileSync("module.json", "utf8")) as { compatibility: { minimum: string; verified: string } };
  const from = Number(m.compatibility.minimum.split(".")[0]);
  const to = Number(m.compatibility.verified.split(".")[0]);
  expect(to).toBeGreaterThanOrEqual(from);
  for (let v = from; v <= to; v++) expect(pkg.description).toMatch(new RegExp(`\\bv${v}\\b`));
});
