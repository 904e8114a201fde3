/**
 * `npm run shots`: every card, dialog, form and the token HUD, for each variant, as the GM and
 * as a player, on a dark and a light theme, photographed in Debian's Chromium into shots/
 * (ignored by git). The pieces come from the real shell playing real rules results on the
 * fake Foundry (scripts/shots/scenes.ts); the Foundry around them is our own approximation
 * (scripts/shots/foundry-look.css). Each picture is also audited for contrast under 4.5:1 and
 * for anything wider than its box; the audit is printed at the end (and in shots/audit.json).
 * Every picture's visible text and tooltips go into shots/text.json, and the run fails on any
 * text no one should read (a raw WC. key, undefined, NaN, [object Object], an unfilled
 * {placeholder}, a raw document UUID), printing each with its picture (scripts/shots/text-check.ts).
 * The English set is shot on both themes; one full set in German (lang/de.json, names starting
 * `de--`) on the dark theme, and the dialogs and profile forms in French, Spanish and Portuguese
 * (`fr--`, `es--`, `pt-BR--`). Icons are Font Awesome Free's own glyphs, from its npm package.
 *
 *   npm run shots                  all of them
 *   npm run shots -- percentile    only names containing "percentile"
 *   npm run shots -- --readme      all of them, then the README's three pictures into docs/images/
 *   npm run shots -- tethers       only the tethers on the map (scripts/shots/board.ts)
 */
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { AuditResult } from "../test/browser/audit.ts";
import type { Offence, PictureText } from "./shots/text-check.ts";
import type { Lang, Scene } from "./shots/scenes.ts";
import { pictureOffences, TOOLTIP_ATTRIBUTES } from "./shots/text-check.ts";
import { readArgs, usageExit } from "./cli.ts";
import { README_PICTURES } from "./shots/readme-pictures.ts";

const { values, positionals } = readArgs({
  name: "shots",
  options: { readme: { type: "boolean" } },
  positionals: { max: 1, what: "filter" },
  usage: `
Usage: npm run shots -- [<filter>] [--readme]

Photographs every card, dialog, form, the token HUD and the map's notices, for each rule set, as
the GM and as a player, on a dark and a light theme, in Debian's Chromium (/usr/bin/chromium, or
CHROMIUM_PATH), into shots/ (ignored by git), with a contrast and overflow audit in
shots/audit.json and each picture's visible text and tooltips in shots/text.json. Exits non-zero
when a picture shows a raw WC. key, undefined, NaN, [object Object], an unfilled {placeholder} or
a raw document UUID. Needs no build. A filter keeps only the pictures whose names contain it,
e.g. "percentile", "dialog-breakFree", "de--" (the German set) or "tethers" (the map's tethers).

  --readme     also copy the README's three pictures into docs/images/ (token-hud.png,
               action-dialog.png, result-card.png); takes no filter
  -h, --help   this text
`,
});
if (values.readme && positionals.length > 0) usageExit("shots", new Error("--readme shoots everything: give no filter with it"));

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const outDir = join(root, "shots");
const filter = positionals[0] ?? "";

const { chromium } = await import("playwright");
const { audit } = await import("../test/browser/audit.ts");
const { installDom } = await import("./shots/dom.ts");
installDom();
// The scenes import the shell, which reads the DOM globals when it runs: load it afterwards.
const { collectScenes, LANGS } = await import("./shots/scenes.ts");
const { iconScene } = await import("./shots/icons.ts");

type Theme = "dark" | "light";
const THEMES: readonly Theme[] = ["dark", "light"];
const look = readFileSync(join(root, "scripts/shots/foundry-look.css"), "utf8");
const moduleCss = readFileSync(join(root, "styles/weaponless-combat.css"), "utf8");

const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");

function stage(kind: string, title: string, html: string, buttons: readonly string[] = [], width?: number): string {
  switch (kind) {
    case "card":
      return `<section id="sidebar"><ol class="chat-log">${html}</ol></section>`;
    case "dialog":
      return `<div class="application dialog"${width ? ` style="width: ${width}px"` : ""}><header class="window-header"><h1 class="window-title">${escape(title)}</h1></header><section class="window-content"><form>${html}<footer class="form-footer">${buttons.map((b) => `<button type="button">${escape(b)}</button>`).join("")}</footer></form></section></div>`;
    case "hud":
      return `<div class="hud-stage">${html}</div>`;
    case "tracker":
      return `<section id="sidebar">${html}</section>`;
    case "notice":
      return `<ol id="notifications">${html}</ol>`;
    default:
      return html;
  }
}

// The audit goes into each page as source; esbuild (tsx) names functions with a helper the page lacks.
function page(theme: Theme, body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><base href="http://foundry.local/"><link rel="stylesheet" href="fontawesome/css/all.min.css"><style>${look}</style><style>${moduleCss}</style><script>window.__name = (f) => f; window.__wcAudit = ${audit.toString()};</script></head><body class="theme-${theme}"><div id="stage">${body}</div></body></html>`;
}

// English and German in full; French, Spanish and Portuguese in their dialogs and profile forms. A
// filter naming one language's prefix (`fr--`) leaves the others uncollected.
const wanted = (lang: Lang) => !LANGS.some((l) => l !== "en" && filter.startsWith(`${l}--`)) || filter.startsWith(`${lang}--`);
const collected: Scene[] = [];
for (const lang of LANGS) if (wanted(lang)) collected.push(...(await collectScenes({ lang, formsAndDialogs: lang !== "en" && lang !== "de" })));
const scenes = [...collected, iconScene()].filter((s) => `${s.id}--${s.role}`.includes(filter));
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const context = await browser.newContext({ viewport: { width: 1200, height: 1000 }, deviceScaleFactor: 1 });
const tab = await context.newPage();
await tab.route("**/modules/weaponless-combat/**", async (route) => {
  const path = new URL(route.request().url()).pathname.replace(/^.*\/modules\/weaponless-combat\//, "");
  try {
    await route.fulfill({ body: readFileSync(join(root, path)), contentType: path.endsWith(".svg") ? "image/svg+xml" : undefined });
  } catch {
    await route.fulfill({ status: 404 });
  }
});
// Font Awesome Free, as Foundry ships it: the npm package's stylesheet and webfonts.
const fontAwesome = join(root, "node_modules/@fortawesome/fontawesome-free");
await tab.route("**/fontawesome/**", async (route) => {
  const path = new URL(route.request().url()).pathname.replace(/^.*\/fontawesome\//, "");
  try {
    await route.fulfill({ body: readFileSync(join(fontAwesome, path)), contentType: path.endsWith(".css") ? "text/css" : path.endsWith(".woff2") ? "font/woff2" : undefined });
  } catch {
    await route.fulfill({ status: 404 });
  }
});

interface Report {
  file: string;
  height: number;
  audit: AuditResult;
}
const reports: Report[] = [];
const texts: Array<{ file: string } & PictureText> = [];
const offences: Array<{ file: string } & Offence> = [];
for (const s of scenes) {
  for (const theme of s.lang && s.lang !== "en" ? (["dark"] as const) : THEMES) {
    const file = `${s.id}--${s.role}--${theme}.png`;
    await tab.setViewportSize({ width: 1200, height: 1000 });
    await tab.setContent(page(theme, stage(s.kind, s.title, s.html, s.buttons, s.width)), { waitUntil: "load" });
    await tab.evaluate(() => document.fonts.ready);
    const el = tab.locator("#stage > *").first();
    // HUD and windows: the picture is the box around everything drawn (a palette reaching past
    // the HUD's stage, a window taller than the screen), never cropped. The map under the HUD
    // grows to take in the whole palette.
    if (s.kind === "hud") {
      await tab.evaluate(() => {
        const stageEl = document.querySelector<HTMLElement>(".hud-stage");
        if (!stageEl) return;
        const top = stageEl.getBoundingClientRect();
        let right = top.right, bottom = top.bottom;
        for (const e of stageEl.querySelectorAll("*")) {
          const r = e.getBoundingClientRect();
          if (r.width === 0 || r.height === 0) continue;
          right = Math.max(right, r.right);
          bottom = Math.max(bottom, r.bottom);
        }
        stageEl.style.width = `${Math.ceil(right - top.left + 20)}px`;
        stageEl.style.height = `${Math.ceil(bottom - top.top + 20)}px`;
      });
    }
    const box = await tab.evaluate(() => {
      let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
      for (const e of document.querySelectorAll("#stage > *, #stage > * *")) {
        const r = e.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        x0 = Math.min(x0, r.left + scrollX); y0 = Math.min(y0, r.top + scrollY); x1 = Math.max(x1, r.right + scrollX); y1 = Math.max(y1, r.bottom + scrollY);
      }
      return { x: Math.floor(x0), y: Math.floor(y0), width: Math.ceil(x1 - x0), height: Math.ceil(y1 - y0) };
    });
    const height = box.height;
    if (s.kind === "hud" || s.kind === "dialog") {
      await tab.setViewportSize({ width: Math.max(1200, box.x + box.width + 20), height: Math.max(1000, box.y + box.height + 20) });
      await tab.screenshot({ path: join(outDir, file), clip: box });
    } else {
      await el.screenshot({ path: join(outDir, file) });
    }
    // What a person reads in it: the visible text (folded details opened, as a click opens
    // them, after the picture is taken) and every tooltip and label.
    const read = await tab.evaluate((attrs) => {
      const stageEl = document.querySelector("#stage") as HTMLElement;
      for (const d of stageEl.querySelectorAll("details")) d.open = true;
      const tips: string[] = [];
      for (const e of stageEl.querySelectorAll("*")) for (const a of attrs) {
        const v = e.getAttribute(a);
        if (v) tips.push(v);
      }
      for (const e of stageEl.querySelectorAll("input, textarea")) {
        const v = (e as HTMLInputElement).value;
        if (v && (e as HTMLInputElement).type !== "hidden") tips.push(v);
      }
      return { text: stageEl.innerText, tooltips: tips };
    }, [...TOOLTIP_ATTRIBUTES]);
    texts.push({ file, ...read });
    for (const o of pictureOffences(read)) offences.push({ file, ...o });
    // Cards are audited message by message against the chat column; windows against themselves.
    const targets = s.kind === "card" ? ".chat-message" : s.kind === "dialog" ? ".application" : s.kind === "hud" ? ".wc-hud__palette" : s.kind === "tracker" ? "#combat" : "#stage > *";
    const results = s.kind === "icons" ? [] : await tab.$$eval(targets, (els, min) => els.map((e) => (window as unknown as { __wcAudit: typeof audit }).__wcAudit(e, min)), 4.5);
    const merged: AuditResult = {
      findings: results.flatMap((r) => r.findings),
      lowest: results.reduce((lo, r) => (r.lowest.ratio < lo.ratio ? r.lowest : lo), { ratio: Infinity, text: "" }),
      checked: results.reduce((n, r) => n + r.checked, 0),
    };
    reports.push({ file, height, audit: merged });
  }
}
// The tethers on the map: canvas pictures of their own (scripts/shots/board.ts), not audited as HTML.
const { photographBoards } = await import("./shots/board.ts");
const boards = await photographBoards(context, root, outDir, filter);
await browser.close();

writeFileSync(join(outDir, "audit.json"), JSON.stringify(reports, null, 1));
writeFileSync(join(outDir, "text.json"), JSON.stringify(texts, null, 1));
let problems = 0;
for (const r of reports) {
  for (const f of r.audit.findings) {
    problems++;
    console.log(`${r.file}: ${f.kind} ${f.ratio ?? ""} "${f.text}" ${f.detail}`);
  }
}
const low = (theme: Theme) => reports.filter((r) => r.file.endsWith(`--${theme}.png`) && r.audit.checked > 0).reduce((lo, r) => Math.min(lo, r.audit.lowest.ratio), Infinity);
console.log(`\n${reports.length} pictures in shots/; lowest contrast dark ${low("dark").toFixed(2)}:1, light ${low("light").toFixed(2)}:1; ${problems} findings`);
const tall = [...reports].sort((a, b) => b.height - a.height).slice(0, 5);
console.log(`tallest: ${tall.map((r) => `${r.file} ${r.height}px`).join(", ")}`);
if (values.readme) {
  mkdirSync(join(root, "docs", "images"), { recursive: true });
  for (const [name, shot] of Object.entries(README_PICTURES)) copyFileSync(join(outDir, shot), join(root, "docs", "images", name));
  console.log(`README pictures: ${Object.entries(README_PICTURES).map(([name, shot]) => `docs/images/${name} (${shot})`).join(", ")}`);
}
console.log(`${boards.length} tether boards in shots/ (tethers--*.png)`);
// The text check: every offence with its picture; any one fails the run.
for (const o of offences) console.log(`TEXT ${o.file}: ${o.kind} "${o.match}" in: ${o.text}`);
const offending = new Set(offences.map((o) => o.file)).size;
console.log(`text check: ${texts.length} pictures read (shots/text.json); ${offences.length} offences in ${offending} pictures`);
const shownAs = (state: string) => scenes.filter((x) => x.kind === "dialog" && x.id.includes(`--dialog-`) && x.id.includes(`-${state}`)).length;
console.log(`action dialogs: ${shownAs("possible")} where possible, ${shownAs("refused")} where refused (scripts/shots/dialogs.ts)`);
if (offences.length > 0) process.exitCode = 1;
