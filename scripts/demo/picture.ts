/**
 * `npm run demo -- --picture <file.png>`: the README's picture of the demo page, played the same
 * way each time (seeded dice): Alice's Brannoc pummels a goblin (a request the GM's tab carries
 * out), the GM's ogre grapples Brannoc until it takes hold (its tether on the map), and the token
 * HUD's palette is open on the ogre.
 */
import { launch, openDemo, play, view } from "./smoke.ts";

export async function picture(options: { readonly url: string; readonly chromium: string; readonly file: string }): Promise<void> {
  const browser = await launch(options.chromium);
  const errors: string[] = [];
  try {
    const { page, tabs } = await openDemo(browser, options.url, "seed=2&variant=d12-holds&view=player", errors, { width: 1440, height: 860 });
    const [gm, player] = tabs;
    await play(tabs, player, "Brannoc the Bold", "Goblin 2", "pummel");
    await view(page, "gm");
    const tethers = () => page.evaluate(() => (document.getElementById("tab-gm") as HTMLIFrameElement).contentWindow?.wcTab?.tethers().length ?? 0);
    for (let i = 0; i < 12 && (await tethers()) === 0; i++) await play(tabs, gm, "Ogre", "Brannoc the Bold", "grapple");
    if ((await tethers()) === 0) throw new Error("the ogre's grapple took no hold in twelve tries: no tether to show");
    await gm.ui.locator('.token[data-name="Ogre"]').click({ button: "right" });
    await gm.ui.locator("#token-hud .wc-hud__toggle").click();
    await gm.ui.locator("#token-hud .wc-hud__palette").waitFor();
    // The pointer off the HUD: no tooltip over the palette in the picture.
    await page.mouse.move(1, 1);
    await gm.ui.locator("#tooltip").waitFor({ state: "hidden" });
    if (errors.length > 0) throw new Error(`the page reported an error: ${errors[0]}`);
    await page.screenshot({ path: options.file });
  } finally {
    await browser.close();
  }
}
