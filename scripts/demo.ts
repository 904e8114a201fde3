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
 *   npm run demo -- --picture F.png  the README's picture of it (docs/images/demo.png), then stop
 *   npm run demo -- --help
 *
 * Exit codes: 0 done, 1 the build, the server or the smoke run failed (one line says why),
 * 2 a bad argument (scripts/cli.ts).
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readArgs, usageExit, wholeNumber } from "./cli.ts";

const USAGE = `Usage: npm run demo [-- options]

Builds the demo page into demo-dist/ (never dist/), serves it on this machine and prints its
address: the module's own code on a stand-in for Foundry, for trying the three rule sets as the
GM and as a player.

  --port N     serve on port N (default 5174; the next free one if it is taken)
  --no-open    do not open a browser
  --smoke      play one grapple and one round end in each rule set, as the GM and as a player,
               in headless Chromium (CHROMIUM_PATH, else /usr/bin/chromium), print
               "demo ok: 3 rule sets" and stop (exit 1 and the reason otherwise)
  --picture F  take the README's picture of the page into F (a .png), then stop
  --help       this text`;

const { values } = readArgs({ name: "demo", usage: USAGE, options: { port: { type: "string" }, "no-open": { type: "boolean" }, smoke: { type: "boolean" }, picture: { type: "string" } } });
let port = 5174;
try {
  port = wholeNumber("port", values.port, 5174, 1);
  if (port > 65535) throw new Error(`--port takes a port from 1 to 65535, not ${port}`);
} catch (e) {
  usageExit("demo", e);
}
if (values.picture !== undefined && !values.picture.endsWith(".png")) usageExit("demo", new Error(`--picture takes a .png file, not ${JSON.stringify(values.picture)}`));
if (values.picture !== undefined && values.smoke === true) usageExit("demo", new Error("--smoke and --picture are separate runs: give one"));
const options = { port, open: values["no-open"] !== true, smoke: values.smoke === true, picture: values.picture };

/** A failure after the arguments: one line on stderr, exit 1. */
function fail(message: string): never {
  console.error(`demo: ${message}`);
  process.exit(1);
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

const started = Date.now();
const { build } = await import("vite");
const { demoConfig, outDir } = await import("../demo/vite.config.ts");
const { serve } = await import("./demo/serve.ts");
try {
  await build(demoConfig());
} catch (e) {
  fail(`the page did not build: ${(e instanceof Error ? e.message : String(e)).split("\n")[0]}`);
}
if (!existsSync(join(outDir, "index.html"))) fail("the build left no demo-dist/index.html");
const built = Date.now();

let served: Awaited<ReturnType<typeof serve>>;
try {
  served = await serve(outDir, options.smoke || options.picture !== undefined ? 0 : options.port);
} catch (e) {
  fail(`${(e as Error).message}; choose another with --port N`);
}

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if ((options.smoke || options.picture !== undefined) && !existsSync(chromium)) fail(`this needs Chromium at ${chromium} (install Debian's chromium, or set CHROMIUM_PATH)`);
if (options.picture !== undefined) {
  const { picture } = await import("./demo/picture.ts");
  try {
    await picture({ url: served.url, chromium, file: options.picture });
  } catch (e) {
    fail(`no picture: ${(e instanceof Error ? e.message : String(e)).split("\n")[0]}`);
  } finally {
    await served.close();
  }
  console.log(`demo: the picture is in ${options.picture}`);
} else if (options.smoke) {
  const { smoke } = await import("./demo/smoke.ts");
  // A limit for the whole run, well above its usual 15 s, for a machine busy with other work.
  const limit = setTimeout(() => fail("the smoke run took longer than 240 s"), 240_000);
  try {
    await smoke({ url: served.url, chromium, failureShot: join(tmpdir(), "weaponless-demo-smoke-failure.png") });
  } catch (e) {
    fail(`smoke failed: ${(e instanceof Error ? e.message : String(e)).split("\n")[0]}`);
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
