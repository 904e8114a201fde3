/**
 * `npm run pictures`: every picture the README (and module.json's media) shows, made again from
 * the current code in one run, so their wording is what the module says today: the three shots
 * (`npm run shots -- --readme`: docs/images/token-hud.png, action-dialog.png, result-card.png)
 * and the demo page's (`npm run demo -- --picture docs/images/demo.png`). `npm run release --
 * <version>` runs it before it builds. Needs Chromium (CHROMIUM_PATH, else /usr/bin/chromium).
 * Exit code: the first failing step's.
 */
import { spawnSync } from "node:child_process";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { readArgs } from "./cli.ts";
import { DEMO_PICTURE } from "./demo/readme-picture.ts";

/** The commands, in order. */
export const PICTURE_STEPS: ReadonlyArray<readonly string[]> = [
  ["npm", "run", "-s", "shots", "--", "--readme"],
  ["npm", "run", "-s", "demo", "--", "--picture", `docs/images/${DEMO_PICTURE}`],
];

export function makePictures(root: string): number {
  for (const step of PICTURE_STEPS) {
    const [cmd, ...args] = step;
    const r = spawnSync(cmd as string, args, { cwd: root, stdio: "inherit" });
    if (r.status !== 0) {
      console.error(`pictures: ${step.join(" ")} failed`);
      return r.status ?? 1;
    }
  }
  console.log("pictures: docs/images/ made again from the current code");
  return 0;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  readArgs({ name: "pictures", usage: "\nUsage: npm run pictures\n\nMakes the README's pictures again from the current code (npm run shots -- --readme, then npm run demo -- --picture docs/images/demo.png).\n", options: {}, positionals: { max: 0, what: "argument" } });
  process.exitCode = makePictures(resolve(dirname(fileURLToPath(import.meta.url)), ".."));
}
