/**
 * `npm run demo`: the module on a page of its own, without Foundry. Builds demo/ into demo-dist/
 * (never dist/: the module's package stays as it is), serves it on this machine and prints its
 * address, opening it in a browser when there is one. The page runs the module's real shell
 * against the fake Foundry the tests use (demo/page/main.ts says how).
 *
 *   npm run demo                     build, serve on http://localhost:5174/ (or the next free port), open
 *   npm run demo -- --port 8080      another port
 *   npm run demo -- --no-open        do not open a browser
 *   npm run demo -- --smoke          play it headless in Chromium and stop: prints `demo ok: 3 rule sets`
 *   npm run demo -- --help
 *
 * Exit codes: 0 done, 1 the build, the server or the smoke run failed (one line says why),
 * 2 a bad argument.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { build } from "vite";
import { demoConfig, outDir } from "../demo/vite.config.ts";
import { serve } from "./demo/serve.ts";

const HELP = `npm run demo [-- options]

Builds the demo page into demo-dist/, serves it on this machine and prints its address.

  --port N     serve on port N (default 5174; the next free one if it is taken)
  --no-open    do not open a browser
  --smoke      play one grapple and one round end in each rule set, as the GM and as a player,
               in headless Chromium (CHROMIUM_PATH, else /usr/bin/chromium), then stop
  --help       this text`;

interface Options {
  port: number;
  open: boolean;
  smoke: boolean;
}

function fail(message: string, code: number): never {
  console.error(`demo: ${message}`);
  process.exit(code);
}

function parse(args: readonly string[]): Options {
  const options: Options = { port: 5174, open: true, smoke: false };
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? "";
    if (a === "--help" || a === "-h") {
      console.log(HELP);
      process.exit(0);
    } else if (a === "--smoke") options.smoke = true;
    else if (a === "--no-open") options.open = false;
    else if (a === "--port" || a.startsWith("--port=")) {
      const value = a === "--port" ? args[++i] : a.slice("--port=".length);
      if (value === undefined || !/^\d{1,5}$/.test(value) || Number(value) < 1 || Number(value) > 65535) fail(`--port needs a number from 1 to 65535, got ${value === undefined ? "nothing" : JSON.stringify(value)}`, 2);
      options.port = Number(value);
    } else fail(`unknown argument ${JSON.stringify(a)} (npm run demo -- --help lists the options)`, 2);
  }
  return options;
}

/** Opens the address where a person has a desktop; says nothing when there is none. */
function openBrowser(url: string): void {
  const linuxDesktop = process.platform === "linux" && (process.env.DISPLAY !== undefined || process.env.WAYLAND_DISPLAY !== undefined);
  if (process.env.CI !== undefined || !(linuxDesktop || process.platform === "darwin" || process.platform === "win32")) return;
  const [command, args] = process.platform === "darwin" ? ["open", [url]] : process.platform === "win32" ? ["cmd", ["/c", "start", "", url]] : ["xdg-open", [url]];
  try {
    const child = spawn(command, args as string[], { stdio: "ignore", detached: true });
    child.on("error", () => undefined);
    child.unref();
  } catch {
    // No opener: the printed address is enough.
  }
}

const options = parse(process.argv.slice(2));
const started = Date.now();
try {
  await build(demoConfig());
} catch (e) {
  fail(`the page did not build: ${(e instanceof Error ? e.message : String(e)).split("\n")[0]}`, 1);
}
if (!existsSync(join(outDir, "index.html"))) fail("the build left no demo-dist/index.html", 1);
const built = Date.now();

let served: Awaited<ReturnType<typeof serve>>;
try {
  served = await serve(outDir, options.smoke ? 0 : options.port);
} catch (e) {
  fail(`${(e as Error).message}; choose another with --port N`, 1);
}

if (options.smoke) {
  const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!existsSync(chromium)) fail(`the smoke run needs Chromium at ${chromium} (install Debian's chromium, or set CHROMIUM_PATH)`, 1);
  const { smoke } = await import("./demo/smoke.ts");
  // A limit for the whole run, well above its usual 15 s, for a machine busy with other work.
  const limit = setTimeout(() => fail("the smoke run took longer than 240 s", 1), 240_000);
  try {
    await smoke({ url: served.url, chromium });
  } catch (e) {
    fail(`smoke failed: ${(e instanceof Error ? e.message : String(e)).split("\n")[0]}`, 1);
  } finally {
    clearTimeout(limit);
    await served.close();
  }
  const seconds = (from: number, to: number) => ((to - from) / 1000).toFixed(1);
  console.log(`demo smoke: built in ${seconds(started, built)} s, played in ${seconds(built, Date.now())} s`);
  console.log("demo ok: 3 rule sets");
} else {
  console.log(`Weaponless Combat demo (a stand-in for Foundry, for trying the rules): ${served.url}`);
  console.log("Press Ctrl+C to stop.");
  if (options.open) openBrowser(served.url);
}
