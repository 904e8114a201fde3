// @vitest-environment happy-dom
// Where the profile form opens: a button on the token HUD and a control in the actor sheet's
// header, each for the creature's owners only, each added once, each opening the form.
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

describe("token HUD profile button", () => {
  it("the owner gets one button, with its tooltip, however often the HUD renders", async () => {
    const html = hudHtml();
    await t.player.run(async () => {
      t.player.Hooks.callAll("renderTokenHUD", { document: t.fighterToken }, html);
      t.player.Hooks.callAll("renderTokenHUD", { document: t.fighterToken }, html);
    });
    const buttons = html.querySelectorAll<HTMLButtonElement>(".col.left .wc-hud__profile");
    expect(buttons).toHaveLength(1);
    expect(buttons[0]?.dataset.tooltip).toBe("Weaponless profile");
  });

  it("a click opens the creature's profile form", async () => {
    const html = hudHtml();
    t.world.onDialog = async () => null;
    await t.player.run(async () => {
      t.player.Hooks.callAll("renderTokenHUD", { document: t.fighterToken }, html);
      html.querySelector<HTMLButtonElement>(".wc-hud__profile")?.click();
    });
    await t.world.settle();
    expect(t.world.dialogs).toHaveLength(1);
    expect(t.world.dialogs[0]?.config.window?.title).toBe("Weaponless profile: Fighter");
  });

  it("a player gets no button on the GM's creature; the GM does", async () => {
    const forPlayer = hudHtml();
    const forGm = hudHtml();
    await t.player.run(async () => t.player.Hooks.callAll("renderTokenHUD", { document: t.goblinToken }, forPlayer));
    await t.gm.run(async () => t.gm.Hooks.callAll("renderTokenHUD", { document: t.goblinToken }, forGm));
    expect(forPlayer.querySelector(".wc-hud__profile")).toBeNull();
    expect(forGm.querySelector(".wc-hud__profile")).not.toBeNull();
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
