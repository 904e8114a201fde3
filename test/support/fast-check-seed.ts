// Vitest setup file (unit project): every fast-check property runs from one fixed seed, so the
// same cases run each time and coverage does not move between runs. FC_SEED=<n> picks another
// seed (to explore more cases, or to replay one printed below); fast-check's own failure report
// also gives the seed and the path of the shrunk case.
import fc from "fast-check";
import { beforeEach } from "vitest";

const DEFAULT_SEED = 20_240_611;

function seedFromEnv(): number {
  const raw = process.env.FC_SEED;
  if (raw === undefined || raw === "") return DEFAULT_SEED;
  const n = Number(raw);
  if (!Number.isSafeInteger(n)) throw new Error(`FC_SEED must be an integer, got ${JSON.stringify(raw)}`);
  return n;
}

export const FC_SEED = seedFromEnv();

fc.configureGlobal({ seed: FC_SEED });

beforeEach(({ onTestFailed }) => {
  onTestFailed(() => {
    console.error(`fast-check seed for this run: FC_SEED=${FC_SEED} (rerun with the same value to replay)`);
  });
});
