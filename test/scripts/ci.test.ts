// CI runs exactly the README's test command, so what passes in CI is what a newcomer types.
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";

it(".ci/run runs the README's test command and nothing else", () => {
  const readme = readFileSync("README.md", "utf8");
  const block = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? "";
  const testLine = block
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
