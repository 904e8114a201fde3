// Tests that start a process: Node with tsx loads in about half a second on an idle machine and
// several seconds on a 2-core machine busy with a second `npm test`; each such test names this
// limit, and starts as few processes as its point needs.
import { spawnSync } from "node:child_process";

/** The limit of a test that starts one or two processes. */
export const PROCESS_MS = 90_000;

export interface Ran {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `node [--import tsx] <file> ...args` in the project root, as its npm script does. */
export function runNode(file: string, args: readonly string[]): Ran {
  const loader = file.endsWith(".ts") ? ["--import", "tsx"] : [];
  const r = spawnSync(process.execPath, [...loader, file, ...args], { encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
