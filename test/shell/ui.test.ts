// @vitest-environment happy-dom
// What a person clicks: the token HUD, the combatant menu, the action dialog with its odds,
// the chat card's buttons, the profile form, the rule options, and the guard on the variant.
import { beforeEach, describe, expect, it } from "vitest";
import { bindCard } from "../../src/foundry/hooks/chat.ts";
import { addButtons } from "../../src/foundry/hooks/token-hud.ts";
import { act } from "../../src/foundry/requests.ts";
import { dialogContent, readDeclared } from "../../src/foundry/ui/action-dialog.ts";
import { openProfileForm, profileFromForm } from "../../src/foundry/ui/profile-form.ts";
import { openRuleOptions } from "../../src/foundry/ui/rule-options.ts";
import { d12 } from "../../src/rules/index.ts";
import type { FakeChatMessage } from "../fake-foundry/world.ts";
import type { Table } from "./setup.ts";
import { M, makeTable, submitWindow } from "./setup.ts";

let t: Table;
beforeEach(() => {
  t = makeTable();
});

const hp = (a: { system: unknown }) => (a.system as { attributes: { hp: { value: number } } }).attributes.hp.value;
const target = (client: Table["gm"], token: Table["goblinToken"]) => {
  client.user.targets.clear();
  client.user.targets.add(token.object);
};

function hud(token: Table["fighterToken"]): HTMLElement {
  const html = document.createElement("div");
  html.innerHTML = `<div class="col left"></div><div class="col middle"></div><div class="col right"></div>`;
  addButtons({ document: token as never }, html);
  return html;
}

describe("token HUD", () => {
  it("shows the variant's actions to the owner only, once", async () => {
    const buttons = await t.player.run(async () => {
      const html = hud(t.fighterToken);
      addButtons({ document: t.fighterToken as never }, html);
      return [...html.querySelectorAll<HTMLButtonElement>("[data-wc-action]")].map((b) => b.dataset.wcAction);
    });
    expect(buttons).toEqual(["grapple", "pummel", "overbear", "chargingOverbear", "breakFree", "liftOff", "release", "standUp"]);
    expect(await t.player.run(async () => hud(t.goblinToken).querySelectorAll("[data-wc-action]").length)).toBe(0);
  });

  it("a click with a target opens the dialog and the GM carries out the grapple", async () => {
    t.world.script([[20, 8], [12, 6], [12, 2]]);
    await t.player.run(async () => {
      target(t.player, t.goblinToken);
      hud(t.fighterToken).querySelector<HTMLButtonElement>('[data-wc-action="grapple"]')?.click();
    });
    await t.world.settle();
    expect(t.world.dialogs).toHaveLength(1);
    expect(t.world.messages.contents[0]?.getFlag(M, "card")).toMatchObject({ resolution: { headline: { params: { part: "arm" } } } });
  });

  it("no target, several targets, or the actor itself get a notice and change nothing", async () => {
    const mark = t.world.writes.length;
    await t.player.run(async () => {
      t.player.user.targets.clear();
      hud(t.fighterToken).querySelector<HTMLButtonElement>('[data-wc-action="grapple"]')?.click();
      t.player.user.targets.add(t.goblinToken.object);
      t.player.user.targets.add(t.ogreToken.object);
      hud(t.fighterToken).querySelector<HTMLButtonElement>('[data-wc-action="grapple"]')?.click();
      target(t.player, t.fighterToken);
      hud(t.fighterToken).querySelector<HTMLButtonElement>('[data-wc-action="pummel"]')?.click();
    });
    await t.world.settle();
    expect(t.player.notifications.map((n) => n.message)).toEqual(["Target the creature to attack first.", "Target just one creature.", "A creature cannot act against itself."]);
    expect(t.world.writes.length).toBe(mark);
  });

  it("a target on another scene is refused", async () => {
    const other = t.world.addScene();
    const far = t.world.addToken(other, t.goblin, { linked: false });
    await t.player.run(async () => {
      target(t.player, far);
      hud(t.fighterToken).querySelector<HTMLButtonElement>('[data-wc-action="grapple"]')?.click();
    });
    await t.world.settle();
    expect(t.player.notifications.map((n) => n.message)).toEqual(["Both creatures must be on the same scene."]);
  });

  it("backing out of the dialog does nothing", async () => {
    t.world.onDialog = async () => null;
    await t.player.run(async () => {
      target(t.player, t.goblinToken);
      hud(t.fighterToken).querySelector<HTMLButtonElement>('[data-wc-action="grapple"]')?.click();
    });
    await t.world.settle();
    expect(t.world.messages.size).toBe(0);
  });
});

describe("combatant context menu", () => {
  it.each([13, 14] as const)("v%s: offers the variant's actions for combatants the user owns, through the tracker's own hook", async (generation) => {
    t = makeTable({ world: { generation } });
    const combat = t.world.addCombat([t.fighterToken, t.goblinToken]);
    const id = (token: Table["fighterToken"]) => combat.combatants.find((c) => c.token === token)?.id ?? "";
    const menu = t.player.ui.combat.contextMenu(id(t.fighterToken));
    expect(menu.labels).toEqual(["WC.Action.grapple", "WC.Action.pummel", "WC.Action.overbear", "WC.Action.chargingOverbear", "WC.Action.breakFree", "WC.Action.liftOff", "WC.Action.release", "WC.Action.standUp"]);
    expect(t.player.ui.combat.contextMenu(id(t.goblinToken)).labels).toEqual([]);
    // The GM owns everything.
    expect(t.gm.ui.combat.contextMenu(id(t.goblinToken)).labels).toHaveLength(8);
    t.world.script([[20, 1]]);
    target(t.player, t.goblinToken);
    menu.pick("WC.Action.grapple");
    await t.world.settle();
    expect(t.world.messages.contents[0]?.getFlag(M, "card")).toMatchObject({ resolution: { headline: { key: "WC.Result.miss" } } });
    // v14 reads the new names: no deprecation warnings.
    expect(t.world.deprecations).toEqual([]);
  });
});

describe("action dialog", () => {
  it("shows the exact odds and updates them as boxes change", async () => {
    const intent = { action: "grapple" as const, attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid };
    const html = await t.player.run(() => dialogContent(intent, { rear: false, underwater: false, toHitBonus: 0, damageBonus: 0, hitsTaken: 0 }));
    // Needs 10 with +2 for the goblin's speed: 13 faces of 20 hit -> miss 35.0%.
    expect(html).toContain("35.0%");
    expect(html).toContain("Attacking from behind");
    // Found on its own: the goblin's speed (6") helps the fighter. The goblin is the GM's, so the
    // player is not shown its numbers; the GM is.
    const found = "Grapple: to hit: 0 Attacker&#x27;s speed (12&quot;), +2 Target&#x27;s speed (6&quot;)";
    expect(html).not.toContain(found);
    expect(await t.gm.run(() => dialogContent(intent, {}))).toContain(found);
    let seen = "";
    t.world.onDialog = async (d) => {
      const rear = d.form.elements.namedItem("rear") as HTMLInputElement;
      rear.checked = true;
      rear.dispatchEvent(new Event("change", { bubbles: true }));
      seen = d.element.querySelector(".wc-odds")?.textContent ?? "";
      return null;
    };
    await t.player.run(async () => {
      target(t.player, t.goblinToken);
      hud(t.fighterToken).querySelector<HTMLButtonElement>('[data-wc-action="grapple"]')?.click();
    });
    await t.world.settle();
    // From behind +2: 15 faces hit -> miss 25.0%.
    expect(seen).toContain("25.0%");
  });

  it("players do not see odds when the GM keeps them", async () => {
    await t.gm.run(() => game.settings.set(M, "oddsAudience", "gm"));
    const intent = { action: "grapple" as const, attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid };
    expect(await t.player.run(() => dialogContent(intent, {}))).not.toContain("%");
    expect(await t.gm.run(() => dialogContent(intent, {}))).toContain("%");
  });

  it("reads the boxes back as typed values, clamped to their range", () => {
    const form = document.createElement("form");
    form.innerHTML = `<input type="checkbox" name="rear" checked><input type="number" name="toHitBonus" value="99"><select name="firstStrike"><option value="hit" selected>hit</option></select>`;
    const list = d12.d12Variant.situational("chargingOverbear");
    expect(readDeclared(form, list)).toEqual({ rear: true, underwater: false, toHitBonus: 10, firstStrike: "hit" });
  });
});

describe("chat card buttons", () => {
  async function grappled(): Promise<FakeChatMessage> {
    t.world.script([[20, 15], [12, 8], [12, 4], [3, 3]]);
    await t.gm.run(() => act({ action: "grapple", attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid, declared: {} }));
    return t.world.messages.contents[0] as FakeChatMessage;
  }
  function render(message: FakeChatMessage): HTMLElement {
    const html = document.createElement("li");
    html.innerHTML = message.content;
    bindCard(message as never, html);
    return html;
  }

  it("the GM's Undo restores hit points and removes the hold; players do not see it", async () => {
    const message = await grappled();
    expect(hp(t.fighter)).toBe(29);
    const playerView = await t.player.run(async () => render(message));
    expect(playerView.querySelector<HTMLButtonElement>('[data-wc-action="undo"]')?.hidden).toBe(true);
    await t.gm.run(async () => render(message).querySelector<HTMLButtonElement>('[data-wc-action="undo"]')?.click());
    await t.world.settle();
    expect(hp(t.fighter)).toBe(30);
    expect(t.fighter.getFlag(M, "temporary")).toBe(0);
    expect([...t.fighter.effects]).toEqual([]);
    expect([...t.ogreToken.actor.effects]).toEqual([]);
    expect(message.getFlag(M, "card")).toMatchObject({ state: "undone" });
  });

  it("an NPC's numbers are hidden from players unless the GM allows them", async () => {
    const message = await grappled();
    // The fighter (a player's) is the defender here: nothing to hide.
    expect((await t.player.run(async () => render(message))).querySelectorAll("[data-wc-npc]")).toHaveLength(0);
    t.world.script([[20, 15], [12, 8], [12, 4]]);
    await t.gm.run(() => act({ action: "grapple", attackerUuid: t.fighterToken.uuid, defenderUuid: t.ogreToken.uuid, declared: {} }));
    const onOgre = t.world.messages.contents[1] as FakeChatMessage;
    const hidden = (client: Table["gm"]) => client.run(async () => [...render(onOgre).querySelectorAll<HTMLElement>("[data-wc-npc]")].map((e) => e.hidden));
    // To-hit modifiers, the number needed, and the hold roll's size adjustment.
    expect(await hidden(t.player)).toEqual([true, true, true]);
    expect(await hidden(t.gm)).toEqual([false, false, false]);
    await t.gm.run(() => game.settings.set(M, "showNpcNumbers", true));
    expect(await hidden(t.player)).toEqual([false, false, false]);
  });

  it("with 'GM confirms' nothing changes until the GM applies, and applying twice changes nothing more", async () => {
    await t.gm.run(() => game.settings.set(M, "automation", "confirm"));
    const message = await grappled();
    expect(hp(t.fighter)).toBe(30);
    expect(message.content).toContain("Waiting for the GM");
    await t.gm.run(async () => render(message).querySelector<HTMLButtonElement>('[data-wc-action="apply"]')?.click());
    await t.world.settle();
    expect(hp(t.fighter)).toBe(29);
    const { handleCardAction } = await import("../../src/foundry/requests.ts");
    expect(await t.gm.run(() => handleCardAction(message as never, "apply"))).toEqual({ kind: "duplicate" });
    expect(hp(t.fighter)).toBe(29);
    expect(await t.player.run(() => handleCardAction(message as never, "undo"))).toMatchObject({ kind: "refused", key: "WC.Refuse.notGM" });
  });

  it("with 'manual' the card lists what is due and applies nothing", async () => {
    await t.gm.run(() => game.settings.set(M, "automation", "manual"));
    const message = await grappled();
    expect(hp(t.fighter)).toBe(30);
    expect(message.content).toContain("Fighter takes 1 real and 2 temporary damage");
    expect(message.content).toContain("For the GM to apply by hand");
  });

  it("the held creature's Break free button rolls its break", async () => {
    const message = await grappled();
    // Ogre (L) on fighter (M): adjustment +1, so the fighter rolls d12 - 1 against 10: 11 breaks.
    t.world.script([[12, 11]]);
    await t.player.run(async () => render(message).querySelector<HTMLButtonElement>('[data-wc-action="breakFree"]')?.click());
    await t.world.settle();
    expect([...t.fighter.effects].filter((e) => e.getFlag(M, "hold"))).toEqual([]);
  });
});

describe("profile form and rule options", () => {
  it("saves a checked profile and refuses a bad one", async () => {
    t.world.onDialog = async (d) => {
      (d.form.elements.namedItem("size") as HTMLSelectElement).value = "L";
      (d.form.elements.namedItem("movement") as HTMLInputElement).value = "9";
      return d.press("save");
    };
    await t.player.run(() => openProfileForm(t.fighter as never));
    expect(t.fighter.getFlag(M, "profile")).toMatchObject({ "d12-holds": { size: "L", movement: 9 } });
    t.world.onDialog = async (d) => {
      (d.form.elements.namedItem("movement") as HTMLInputElement).value = "-3";
      return d.press("save");
    };
    await t.player.run(() => openProfileForm(t.fighter as never));
    expect(t.fighter.getFlag(M, "profile")).toMatchObject({ "d12-holds": { movement: 9 } });
    expect(t.player.notifications.at(-1)?.message).toMatch(/Land movement/);
  });

  it("blank optional fields drop out of the profile", () => {
    const form = document.createElement("form");
    form.innerHTML = `<input name="normalAc" value=""><input name="shield.plus" value="">`;
    const fields = d12.D12_PROFILE_FIELDS.filter((f) => f.path === "normalAc" || f.path === "shield.plus");
    expect(profileFromForm(form, fields, { normalAc: 4, shield: { plus: 1 } })).toEqual({});
    expect(profileFromForm(form, fields, { normalAc: 4, shield: null })).toEqual({ shield: null });
  });

  it("the GM changes a rule option in the settings menu's window; players cannot", async () => {
    await t.gm.run(() => openRuleOptions());
    await submitWindow(t.gm, "rule-options", (form) => ((form.elements.namedItem("armorMagicInGrappleAc") as HTMLInputElement).checked = true));
    expect(t.world.settingValues.get(`${M}.ruleOptions`)).toEqual({ "d12-holds": { armorMagicInGrappleAc: true } });
    // Saved: the window closed itself.
    expect(t.gm.windows).toEqual([]);
    await t.player.run(() => openRuleOptions());
    expect(t.player.notifications.at(-1)?.message).toBe("Only a GM may do that.");
  });

  it("the variant cannot change while holds are in place in a combat", async () => {
    t.world.addCombat([t.fighterToken, t.goblinToken]);
    t.world.script([[20, 8], [12, 6], [12, 2]]);
    await t.gm.run(() => act({ action: "grapple", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }));
    await t.gm.run(() => game.settings.set(M, "variant", "percentile"));
    expect(await t.gm.run(async () => game.settings.get(M, "variant"))).toBe("d12-holds");
    expect(t.gm.notifications.at(-1)?.message).toBe("Finish or end the holds in combat before switching rules.");
    await t.gm.run(() => act({ action: "release", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }));
    await t.gm.run(() => game.settings.set(M, "variant", "percentile"));
    expect(await t.gm.run(async () => game.settings.get(M, "variant"))).toBe("percentile");
  });
});

describe("the GM adjusts temporary damage from a card", () => {
  it("changes only what the GM changes, one update per creature", async () => {
    t.world.script([[20, 15], [12, 8], [12, 4], [3, 3]]);
    await t.gm.run(() => act({ action: "grapple", attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid, declared: {} }));
    const message = t.world.messages.contents[0] as FakeChatMessage;
    expect(t.fighter.getFlag(M, "temporary")).toBe(2);
    t.world.onDialog = async (d) => {
      (d.form.elements.namedItem(`temporary.${t.fighterToken.uuid}`) as HTMLInputElement).value = "0";
      return d.press("save");
    };
    const mark = t.world.writes.length;
    await t.gm.run(async () => {
      const html = document.createElement("li");
      html.innerHTML = message.content;
      bindCard(message as never, html);
      html.querySelector<HTMLButtonElement>('[data-wc-action="ledger"]')?.click();
    });
    await t.world.settle();
    expect(t.fighter.getFlag(M, "temporary")).toBe(0);
    expect(t.world.writes.slice(mark).map((w) => `${w.op} ${w.documentName}`)).toEqual(["update Actor"]);
  });
});
