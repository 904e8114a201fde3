// @vitest-environment happy-dom
// Where the profile form opens: an entry in the token HUD's palette and a control in the actor
// sheet's header, each for the creature's owners only, each added once, each opening the form.
import { beforeEach, describe, expect, it } from "vitest";
import type { Table } from "./setup.ts";
import { makeTable } from "./setup.ts";

let t: Table;
beforeEach(() => {
  t = makeTable();
});

function hudHtml(): HTMLElement {
  const html = document.createElement("div");
  html.innerHTML = `<div class="col left"></div><div class="col right"></div>`;
  return html;
}

/** Opens the HUD's palette as a click would (it is drawn from a template, asynchronously), and finds its profile entry. */
async function profileEntry(html: HTMLElement): Promise<HTMLButtonElement | null> {
  html.querySelector<HTMLButtonElement>("[data-wc-palette-toggle]")?.click();
  for (let i = 0; i < 20 && !html.querySelector("[data-wc-profile]"); i++) await new Promise((r) => setTimeout(r, 0));
  return html.querySelector<HTMLButtonElement>("[data-wc-profile]");
}

describe("token HUD profile entry (in the HUD's palette)", () => {
  it("the owner gets one palette, with the profile at its foot, however often the HUD renders", async () => {
    const html = await t.player.run(async () => {
      const h = t.player.renderTokenHUD(t.fighterToken);
      t.player.Hooks.callAll("renderTokenHUD", { document: t.fighterToken }, h);
      return h;
    });
    expect(html.querySelectorAll("[data-wc-palette-toggle]")).toHaveLength(1);
    const entry = await t.player.run(async () => profileEntry(html));
    expect(entry?.textContent).toBe("Weaponless profile");
    expect(entry?.parentElement?.lastElementChild).toBe(entry);
  });

  it("a click opens the creature's profile form", async () => {
    t.world.onDialog = async () => null;
    await t.player.run(async () => (await profileEntry(t.player.renderTokenHUD(t.fighterToken)))?.click());
    await t.world.settle();
    expect(t.world.dialogs).toHaveLength(1);
    expect(t.world.dialogs[0]?.config.window?.title).toBe("Weaponless profile: Fighter");
  });

  it("a player gets no palette on the GM's creature; the GM does", async () => {
    const forPlayer = t.player.renderTokenHUD(t.goblinToken);
    const forGm = t.gm.renderTokenHUD(t.goblinToken);
    expect(forPlayer.querySelector("[data-wc-palette-toggle]")).toBeNull();
    expect(await t.gm.run(async () => profileEntry(forGm))).not.toBeNull();
  });

  it("a HUD without the left column, or a token without an actor, is left alone", async () => {
    const bare = document.createElement("div");
    await t.gm.run(async () => {
      t.gm.Hooks.callAll("renderTokenHUD", { document: t.fighterToken }, bare);
      t.gm.Hooks.callAll("renderTokenHUD", { document: { actor: null } }, hudHtml());
      t.gm.Hooks.callAll("renderTokenHUD", {}, hudHtml());
    });
    expect(bare.innerHTML).toBe("");
  });
});

describe("actor sheet header control", () => {
  type Control = { action: string; icon: string; label: string; onClick: () => void };

  it("owners get one control that opens the form; others none", async () => {
    const controls: Control[] = [];
    const others: Control[] = [];
    t.world.onDialog = async () => null;
    await t.player.run(async () => {
      t.player.Hooks.callAll("getHeaderControlsActorSheetV2", { document: t.fighter }, controls);
      t.player.Hooks.callAll("getHeaderControlsActorSheetV2", { document: t.fighter }, controls);
      t.player.Hooks.callAll("getHeaderControlsActorSheetV2", { document: t.ogre }, others);
      t.player.Hooks.callAll("getHeaderControlsActorSheetV2", {}, others);
    });
    expect(controls.map((c) => c.action)).toEqual(["weaponless-combat.profile"]);
    expect(others).toEqual([]);
    await t.player.run(async () => controls[0]?.onClick());
    await t.world.settle();
    expect(t.world.dialogs).toHaveLength(1);
  });
});
