// CI runs exactly the README's test command, so what passes in CI is what a newcomer types.
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";

it(".ci/run runs the README's test command and nothing else", () => {
  const readme = readFileSync("README.md", "utf8");
  // Every shell block of the README: the test command is in the developers' one.
  const blocks = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1] ?? "");
  const testLine = blocks
    .join("\n")
    .split("\n")
    .map((l) => l.replace(/#.*$/, "").trim())
    .find((l) => l.endsWith("npm test"));
  expect(testLine).toBe("npm ci && npm test");
  const commands = readFileSync(".ci/run", "utf8")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "" && !l.startsWith("#") && !/^(set|export|cd) /.test(l));
  expect(commands).toEqual([testLine]);
});
