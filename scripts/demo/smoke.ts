/**
 * `npm run demo -- --smoke`: the demo page in headless Chromium, played as a person plays it.
 * For each rule set: Reset, choose the rule set with the switch; as the GM, the ogre grapples a
 * goblin from the token HUD's palette (select, target, palette, the action dialog's odds, Roll);
 * as the player, Brannoc grapples another goblin the same way (a request the GM's tab carries
 * out); then the GM ends the round with Next round and both tabs show the round card. Along the
 * way it checks that the player's tab hides the GM's buttons and that the GM's tab shows them.
 * In the first rule set it also checks what Foundry would show and the page must too: a greyed
 * palette entry's reason shown as a tooltip on hover; a tether on the map after a grapple takes
 * hold (drawn by the module's own layer, in its part's colour), gone after the release; a status
 * shown by its name (as the creature's host system names it); and nowhere on the page, in any
 * tab, a raw language key, an `EFFECT.` key or another text the shots' check refuses.
 *
 * Throws an Error whose message is one line saying what did not happen.
 */
import { readFileSync } from "node:fs";
import type { Browser, FrameLocator, Locator, Page } from "playwright";
import { chromium } from "playwright";
import type { TetherShown } from "../../demo/bridge.ts";
import { pictureOffences, TOOLTIP_ATTRIBUTES } from "../shots/text-check.ts";

const VARIANTS = ["d12-holds", "grapple-die", "percentile"] as const;
/** Generous: the machine may be busy with another test run. */
const STEP_MS = 30_000;

export const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

/** Each rule set's name, as the module's language file gives it. */
const VARIANT_NAMES = (JSON.parse(readFileSync("lang/en.json", "utf8")) as { WC: { Variant: Record<string, string> } }).WC.Variant;

class SmokeError extends Error {}

async function step<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof SmokeError) throw e;
    const why = (e instanceof Error ? e.message : String(e)).split("\n")[0];
    throw new SmokeError(`${what}: ${why}`);
  }
}

export interface Tab {
  readonly key: "gm" | "player";
  readonly ui: FrameLocator;
}

/** Result cards (not a request, a question or a round card) in a tab's chat log. */
const RESULT = "#chat .wc-card:not(.wc-round):not(.wc-request):not(.wc-strike)";
const ROUND = "#chat .wc-round";

async function count(l: Locator): Promise<number> {
  return l.count();
}

async function waitForMore(l: Locator, than: number, what: string): Promise<void> {
  const deadline = Date.now() + STEP_MS;
  while ((await count(l)) <= than) {
    if (Date.now() > deadline) throw new SmokeError(`${what} did not appear within ${STEP_MS / 1000} s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function view(page: Page, who: "gm" | "player"): Promise<void> {
  await page.click(`[data-view="${who}"]`);
}

/**
 * Selects `actor`, targets `target`, opens the palette on `actor` and rolls `action` in its
 * dialog; resolves when a result card for it is in the tab's chat log.
 */
export async function play(tabs: readonly Tab[], tab: Tab, actor: string, target: string, action = "grapple"): Promise<void> {
  const ui = tab.ui;
  const token = (name: string) => ui.locator(`.token[data-name="${name}"]`);
  await step(`${tab.key}: select ${actor}`, () => token(actor).click());
  await step(`${tab.key}: target ${target}`, async () => {
    await ui.locator('[data-tool="target"]').click();
    if ((await ui.locator(".token--targeted", { hasText: target }).count()) === 0) await token(target).click();
    await ui.locator('[data-tool="select"]').click();
    await ui.locator(".token--targeted", { hasText: target }).waitFor({ timeout: STEP_MS });
  });
  await step(`${tab.key}: open ${actor}'s HUD and the module's palette`, async () => {
    await token(actor).click({ button: "right" });
    await ui.locator("#token-hud .wc-hud__toggle").click();
    await ui.locator(`#token-hud .wc-hud__palette [data-wc-action="${action}"]`).click();
  });
  const before = await count(ui.locator(RESULT));
  await step(`${tab.key}: the ${action} dialog shows the odds and rolls`, async () => {
    const dialog = ui.locator("[data-demo-dialog]");
    await dialog.waitFor({ timeout: STEP_MS });
    await dialog.locator(".wc-odds-picture, .wc-odds").first().waitFor({ timeout: STEP_MS });
    await dialog.locator('button[data-action="roll"]').click();
  });
  await step(`${tab.key}: ${actor}'s ${action} on ${target} gives a result card`, async () => {
    const deadline = Date.now() + STEP_MS;
    while ((await count(ui.locator(RESULT))) <= before) {
      if (Date.now() > deadline) throw new SmokeError(`no result card for ${actor}'s ${action} within ${STEP_MS / 1000} s`);
      // A question first (grapple-die's free attack): whoever may answer it, answers.
      for (const t of tabs) {
        const answer = t.ui.locator("#chat .wc-strike [data-wc-strike]:visible").first();
        if ((await answer.count()) > 0) await answer.click();
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  });
}

/** The player's tab never shows a GM's button; the GM's shows at least one (Undo, Apply). */
async function buttonsByRole(gm: Tab, player: Tab): Promise<void> {
  const shownToPlayer = await player.ui.locator("#chat [data-wc-gm-only]:visible").count();
  if (shownToPlayer > 0) throw new SmokeError(`the player's tab shows ${shownToPlayer} of the GM's card buttons`);
  const shownToGM = await gm.ui.locator("#chat [data-wc-gm-only]:visible").count();
  if (shownToGM === 0) throw new SmokeError("the GM's tab shows none of the GM's card buttons");
}

async function playVariant(page: Page, tabs: [Tab, Tab], variant: string): Promise<void> {
  const [gm, player] = tabs;
  const state = () => page.evaluate(() => (window as unknown as { wcDemoState: () => { generation: number; setting: unknown } }).wcDemoState());
  await step(`${variant}: reset the table`, async () => {
    const before = (await state()).generation;
    await page.click("#reset");
    await page.waitForFunction((g) => (window as unknown as { wcDemoState: () => { generation: number } }).wcDemoState().generation > g, before, { timeout: STEP_MS });
  });
  await step(`${variant}: choose the rule set`, async () => {
    await page.selectOption("#variant", variant);
    await page.waitForFunction((v) => (window as unknown as { wcDemoState: () => { setting: unknown } }).wcDemoState().setting === v, variant, { timeout: STEP_MS });
    await gm.ui.locator("#user", { hasText: VARIANT_NAMES[variant] ?? variant }).waitFor({ state: "attached", timeout: STEP_MS });
  });
  await view(page, "gm");
  await play(tabs, gm, "Ogre", "Goblin 1");
  await view(page, "player");
  await play(tabs, player, "Brannoc the Bold", "Goblin 2");
  await step(`${variant}: the player's result card reached the GM's tab too`, () => waitForMore(gm.ui.locator(RESULT), 1, "the player's card in the GM's tab"));
  await step(`${variant}: buttons by role`, () => buttonsByRole(gm, player));
  await view(page, "gm");
  const rounds = { gm: await count(gm.ui.locator(ROUND)), player: await count(player.ui.locator(ROUND)) };
  await step(`${variant}: the GM ends the round`, () => gm.ui.locator('[data-demo-action="next-round"]').click());
  await step(`${variant}: the round card in the GM's tab`, () => waitForMore(gm.ui.locator(ROUND), rounds.gm, "the round card"));
  await view(page, "player");
  await step(`${variant}: the round card in the player's tab`, () => waitForMore(player.ui.locator(ROUND), rounds.player, "the round card"));
  await step(`${variant}: the tracker shows round 2`, () => player.ui.locator("#tracker h3", { hasText: "round 2" }).waitFor({ timeout: STEP_MS }));
}

/** The tethers the module's layer shows in a tab (demo/bridge.ts TabApi.tethers). */
async function tethers(page: Page, key: "gm" | "player"): Promise<TetherShown[]> {
  return page.evaluate((k) => (document.getElementById(`tab-${k}`) as HTMLIFrameElement).contentWindow?.wcTab?.tethers() ?? [], key);
}

async function until<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  const deadline = Date.now() + STEP_MS;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new SmokeError(`${what} within ${STEP_MS / 1000} s (last seen: ${JSON.stringify(v)})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Nothing targeted: the palette's attacks are greyed, and hovering one shows its reason as Foundry's tooltip does. */
async function greyedTooltip(tab: Tab): Promise<void> {
  const ui = tab.ui;
  await step(`${tab.key}: clear the targets and open the Ogre's palette`, async () => {
    await ui.locator('[data-tool="clear"]').click();
    await ui.locator('.token[data-name="Ogre"]').click({ button: "right" });
    await ui.locator("#token-hud .wc-hud__toggle").click();
  });
  await step(`${tab.key}: a greyed palette entry shows its reason on hover`, async () => {
    const off = ui.locator("#token-hud .wc-hud__entry--off").first();
    await off.waitFor({ timeout: STEP_MS });
    const reason = ((await off.getAttribute("data-tooltip")) ?? "").trim();
    if (reason === "") throw new SmokeError("a greyed palette entry has no reason in its data-tooltip");
    await off.hover();
    const tip = ui.locator("#tooltip:not([hidden])");
    await tip.waitFor({ timeout: STEP_MS });
    const shown = (await tip.innerText()).trim();
    if (shown !== reason) throw new SmokeError(`hovering a greyed entry shows "${shown}", not its reason "${reason}"`);
    await ui.locator(".tab__map").hover({ position: { x: 2, y: 2 } });
    await ui.locator("#tooltip").waitFor({ state: "hidden", timeout: STEP_MS });
    await ui.locator("body").press("Escape");
  });
}

/** The GM's ogre grapples until a hold is taken; its tether is on both maps, then gone after the release. */
async function tetherAfterGrapple(page: Page, tabs: [Tab, Tab]): Promise<void> {
  const [gm, player] = tabs;
  let shown = await tethers(page, "gm");
  for (let i = 0; i < 15 && shown.length === 0; i++) {
    await play(tabs, gm, "Ogre", "Goblin 1");
    await new Promise((r) => setTimeout(r, 300));
    shown = await tethers(page, "gm");
  }
  if (shown.length === 0) throw new SmokeError("no grapple of the ogre's took hold in fifteen tries, so no tether could be checked");
  const drawn = await step("gm: the hold's tether is drawn on the map", () => until("no tether drawn in its part's colour on the GM's map", () => tethers(page, "gm"), (t) => t.length > 0 && t.every((x) => x.coloured >= 3)));
  await step("player: the tether is on the player's map too", () => until("no tether on the player's map", () => tethers(page, "player"), (t) => t.some((x) => x.id === drawn[0]?.id && x.coloured >= 3)));
  await step("gm: the ogre releases its hold", async () => {
    const ui = gm.ui;
    await ui.locator('.token[data-name="Ogre"]').click({ button: "right" });
    await ui.locator("#token-hud .wc-hud__toggle").click();
    await ui.locator('#token-hud .wc-hud__palette [data-wc-action="release"]').first().click();
    const dialog = ui.locator("[data-demo-dialog]");
    const roll = dialog.locator('button[data-action="roll"]');
    await Promise.race([roll.waitFor({ timeout: 3000 }).then(() => roll.click()), new Promise((r) => setTimeout(r, 3000))]).catch(() => undefined);
  });
  await step("gm: the tether is gone after the release", () => until("the released hold's tether still on the GM's map", () => tethers(page, "gm"), (t) => t.length === 0));
  await step("player: the tether is gone from the player's map", () => until("the released hold's tether still on the player's map", () => tethers(page, "player"), (t) => t.length === 0));
  void player;
}

/** A status on a token is shown by the name its host system gives it, on hover as well. */
async function statusByName(page: Page, tab: Tab): Promise<void> {
  const put = await page.evaluate(() => (window as unknown as { wcDemoPutStatus: (t: string, s: string) => Promise<boolean> }).wcDemoPutStatus("Goblin 3", "prone"));
  if (!put) throw new SmokeError("the page could not put the prone status on Goblin 3");
  await step(`${tab.key}: Goblin 3's prone status shows as Prone`, async () => {
    const chip = tab.ui.locator('.token[data-name="Goblin 3"] .token__status[data-status="Prone"]');
    await chip.waitFor({ timeout: STEP_MS });
    const said = `${await chip.innerText()}`.trim();
    if (said !== "") throw new SmokeError(`the status chip carries text "${said}" instead of its icon`);
    await chip.hover();
    const tip = tab.ui.locator("#tooltip:not([hidden])");
    await tip.waitFor({ timeout: STEP_MS });
    if ((await tip.innerText()).trim() !== "Prone") throw new SmokeError(`hovering the status shows "${await tip.innerText()}", not "Prone"`);
  });
}

/** What a person reads anywhere on the page, every tab included, passes the shots' text check. */
async function pageText(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    const text = await frame.evaluate((attrs) => {
      const tooltips: string[] = [];
      for (const el of Array.from(document.querySelectorAll("*"))) for (const a of attrs) if (el.getAttribute(a)) tooltips.push(el.getAttribute(a) ?? "");
      return { text: document.body?.innerText ?? "", tooltips };
    }, TOOLTIP_ATTRIBUTES as unknown as string[]);
    const offences = pictureOffences(text);
    if (offences.length > 0) throw new SmokeError(`${frame === page.mainFrame() ? "the page" : `the frame ${frame.url().split("/").pop()}`} shows ${offences.length} text(s) a person should never read, first a ${offences[0]?.kind}: "${offences[0]?.text}"`);
  }
}

export interface SmokeOptions {
  readonly url: string;
  readonly chromium: string;
  /** Where to keep a picture of the page when a step fails. */
  readonly failureShot?: string;
}

export function launch(path: string): Promise<Browser> {
  return step("start Chromium", () => chromium.launch({ executablePath: path, args: CHROMIUM_ARGS }));
}

/** Opens the page with its query (a seed, a view) and waits for both tabs; `errors` collects what the page reports. */
export async function openDemo(browser: Browser, url: string, query: string, errors: string[], viewport = { width: 1400, height: 900 }): Promise<{ page: Page; tabs: [Tab, Tab] }> {
  const page = await browser.newPage({ viewport });
  page.on("pageerror", (e) => errors.push(e.message.split("\n")[0] ?? ""));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text().split("\n")[0] ?? "");
  });
  await step("open the page", () => page.goto(`${url}?${query}`, { waitUntil: "load", timeout: STEP_MS }));
  await step("the tabs connect", () => page.waitForFunction(() => (window as unknown as { wcDemoState?: () => { generation: number } }).wcDemoState?.().generation === 1, undefined, { timeout: STEP_MS }));
  const tab = (key: "gm" | "player"): Tab => ({ key, ui: page.frameLocator(`#tab-${key}`) });
  return { page, tabs: [tab("gm"), tab("player")] };
}

export async function smoke(options: SmokeOptions): Promise<void> {
  const browser = await launch(options.chromium);
  const errors: string[] = [];
  let page: Page | null = null;
  try {
    const opened = await openDemo(browser, options.url, "seed=24&view=gm", errors);
    page = opened.page;
    const p = page;
    const tabs = opened.tabs;
    await step("the page says it is a stand-in for Foundry, and what it imitates", async () => {
      const notice = (await p.locator("#notice").innerText()).toLowerCase();
      if (!notice.includes("not foundry") || !notice.includes("stand-in")) throw new SmokeError("the page does not say that it is a stand-in for Foundry");
      const claims = await p.locator("#claims li").count();
      if (claims < 20) throw new SmokeError(`the page lists ${claims} of Foundry's behaviours from docs/foundry-contract.md (its table rows were not found)`);
    });
    for (const v of VARIANTS) {
      await playVariant(p, tabs, v);
      if (v === VARIANTS[0]) {
        await view(p, "gm");
        await greyedTooltip(tabs[0]);
        await tetherAfterGrapple(p, tabs);
        await statusByName(p, tabs[0]);
        await step(`${v}: no raw key, EFFECT. key or unfilled text anywhere on the page`, () => pageText(p));
      }
      if (errors.length > 0) throw new SmokeError(`${v}: the page reported an error: ${errors[0]}`);
    }
  } catch (e) {
    const shot = page && options.failureShot ? await page.screenshot({ path: options.failureShot }).then(() => ` (a picture of the page: ${options.failureShot})`, () => "") : "";
    const said = errors.length > 0 && e instanceof SmokeError && !e.message.includes("reported an error") ? ` (the page said: ${errors[0]})` : "";
    throw new SmokeError(`${e instanceof Error ? e.message : String(e)}${said}${shot}`);
  } finally {
    await browser.close();
  }
}
