// @vitest-environment happy-dom
// Issue 30, "keys and access": the module's keys in Configure Controls (game.keybindings). Each is
// registered at init, none bound until the user binds one (Foundry's own controls and common
// modules already use the letters and digits: docs/foundry-contract.md C-101), and each goes the
// way a click goes: the one check (gm/verdict.ts), the action's dialog, a request the GM's tab
// checks again and carries out. Expected texts come from the language file and the rules' text
// (000: one weaponless attack routine a round), not from the module's code.
import { beforeEach, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { KEYS } from "../../src/foundry/hooks/keys.ts";
import { keysOf } from "../fake-foundry/keybindings.ts";
import type { FakeChatMessage, FakeClient, FakeToken } from "../fake-foundry/world.ts";
import type { Table } from "./setup.ts";
import { M, makeTable } from "./setup.ts";
import { place } from "./movement-setup.ts";

const en = JSON.parse(readFileSync("lang/en.json", "utf8")) as { WC: { Keys: Record<string, { name: string; hint: string } | string>; Refuse: Record<string, string>; Error: Record<string, string> } };
let t: Table;

async function settle(): Promise<void> {
  for (let i = 0; i < 8; i++) {
    await new Promise((r) => setTimeout(r, 0));
    await t.world.settle();
  }
}
const cards = () => t.world.messages.contents.filter((m) => m.getFlag(M, "card" as never) && m.author.isGM) as FakeChatMessage[];
const cardActions = () => cards().map((m) => (m.getFlag(M, "card" as never) as { intent: { action: string; attackerUuid: string } }).intent);
const said = (c: FakeClient) => c.notifications.map((n) => n.message).join(" | ");
const control = (c: FakeClient, ...tokens: FakeToken[]) => (c.canvas.tokens.controlled = tokens.map((document) => ({ document })));
const target = (c: FakeClient, token: FakeToken) => {
  c.user.targets.clear();
  c.user.targets.add(token.object);
};
/** The user binds `id` to Shift+<letter> in Configure Controls, then presses it. */
async function press(c: FakeClient, id: string, letter = "K"): Promise<boolean> {
  const { keybindings } = keysOf(c);
  keybindings.set(M, id, [{ key: `Key${letter}`, modifiers: ["Shift"] }]);
  const consumed = keybindings.press(`Key${letter}`, ["Shift"]);
  await settle();
  return consumed;
}

beforeEach(() => {
  t = makeTable();
  t.fighterToken.disposition = 1;
  t.goblinToken.disposition = -1;
  t.ogreToken.disposition = -1;
  t.world.onDialog = async (d) => d.press(d.config.buttons[0]?.action ?? "");
  document.body.replaceChildren();
});

describe("registered in Configure Controls, bound to nothing until the user binds them", () => {
  it("four keys under the module's name, each named and explained in the language file, for players too", () => {
    const { keybindings } = keysOf(t.player);
    expect([...keybindings.actions.keys()]).toEqual(KEYS.map((k) => `${M}.${k}`));
    expect(KEYS).toEqual(["palette", "breakFree", "release", "repeat"]);
    for (const id of KEYS) {
      const config = keybindings.actions.get(`${M}.${id}`);
      const texts = en.WC.Keys[id] as { name: string; hint: string };
      expect(config?.name).toBe(`WC.Keys.${id}.name`);
      expect(config?.hint).toBe(`WC.Keys.${id}.hint`);
      expect(texts.name.length).toBeGreaterThan(3);
      expect(texts.hint).toMatch(/Unbound at first/);
      // No key taken from Foundry or another module: nothing bound, nothing fixed.
      expect(keybindings.get(M, id)).toEqual([]);
      expect(config?.uneditable ?? []).toEqual([]);
      expect(config?.restricted).toBe(false);
    }
    // Nothing bound: a press runs none of them.
    expect(keybindings.press("KeyG", ["Shift"])).toBe(false);
  });

  it("registering after init is refused by Foundry: the module registers in init, and only once per tab", () => {
    const { keybindings } = keysOf(t.gm);
    expect(() => keybindings.register(M, "late", { name: "x" })).toThrow(/after the init hook/);
    expect(keybindings.actions.size).toBe(KEYS.length);
  });
});

describe("the palette key", () => {
  it("opens the controlled token's HUD with the palette open and its first entry focused", async () => {
    control(t.player, t.fighterToken);
    target(t.player, t.goblinToken);
    expect(await press(t.player, "palette")).toBe(true);
    const { hud } = keysOf(t.player);
    expect(hud.binds).toBe(1);
    expect(hud.object?.document).toBe(t.fighterToken);
    const palette = hud.element?.querySelector<HTMLElement>(".wc-hud__palette");
    expect(palette?.hidden).toBe(false);
    const first = palette?.querySelector<HTMLElement>('[role="menuitem"]');
    expect(document.activeElement).toBe(first);
    // Arrow keys walk its entries; Escape closes it and gives the focus back to its button.
    const items = [...(palette?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    palette?.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowDown", bubbles: true }));
    expect(document.activeElement).toBe(items[1]);
    palette?.dispatchEvent(new KeyboardEvent("keydown", { key: "End", bubbles: true }));
    expect(document.activeElement).toBe(items.at(-1));
    palette?.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowDown", bubbles: true }));
    expect(document.activeElement).toBe(items[0]);
    palette?.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    expect(palette?.hidden).toBe(true);
    expect((document.activeElement as HTMLElement | null)?.hasAttribute("data-wc-palette-toggle")).toBe(true);
  });

  it("with no token controlled, or two, says so and opens nothing", async () => {
    control(t.player);
    await press(t.player, "palette");
    control(t.player, t.fighterToken, t.goblinToken);
    await press(t.player, "palette");
    expect(keysOf(t.player).hud.binds).toBe(0);
    expect(said(t.player)).toContain(en.WC.Refuse.noControlled as string);
    expect(said(t.player)).toContain(en.WC.Refuse.manyControlled as string);
  });

  it("a refused entry is told by a mark and in words, not by grey alone", async () => {
    control(t.player, t.fighterToken);
    t.player.user.targets.clear();
    await press(t.player, "palette");
    const off = keysOf(t.player).hud.element?.querySelector<HTMLElement>('.wc-hud__palette [data-wc-action="grapple"]');
    expect(off?.getAttribute("aria-disabled")).toBe("true");
    expect(off?.querySelector(".wc-hud__off-mark")).not.toBeNull();
    // Its accessible name carries the reason (no target chosen).
    expect(off?.getAttribute("aria-label")).toContain(en.WC.Refuse.noTarget as string);
  });
});

describe("Break free and Release: the controlled creature's hold, no target needed", () => {
  beforeEach(async () => {
    // The ogre (L) grapples the fighter: d20 15 hits, d12 8 + 1 = 9 body hold, break 4 < 9, 1d3 3.
    t.world.script([[20, 15], [12, 8], [12, 4], [3, 3]]);
    await t.gm.run(() => t.gm.game.modules.get(M)?.api && (t.gm.game.modules.get(M) as unknown as { api: { act(i: unknown): Promise<unknown> } }).api.act({ action: "grapple", attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid, declared: {} }));
    await settle();
    expect(cardActions().map((i) => i.action)).toEqual(["grapple"]);
  });

  it("the held player's Break free: a request the GM's tab checks and carries out", async () => {
    control(t.player, t.fighterToken);
    t.player.user.targets.clear();
    t.world.fallbackFace = (s) => s;
    expect(await press(t.player, "breakFree")).toBe(true);
    expect(cardActions().at(-1)).toMatchObject({ action: "breakFree", attackerUuid: t.fighterToken.uuid });
  });

  it("the holder's Release (the GM's ogre): carried out at once on the GM's tab", async () => {
    control(t.gm, t.ogreToken);
    expect(await press(t.gm, "release")).toBe(true);
    expect(cardActions().at(-1)).toMatchObject({ action: "release", attackerUuid: t.ogreToken.uuid });
  });

  it("Release from a creature that holds nobody is refused by the one check, and nothing is done", async () => {
    control(t.player, t.fighterToken);
    target(t.player, t.ogreToken);
    const before = cards().length;
    await press(t.player, "release");
    expect(cards()).toHaveLength(before);
    // The rules' refusal (nothing to let go of), as the palette and the GM's tab give it.
    expect(said(t.player)).toContain(en.WC.Error.holdsNothing);
  });
});

describe("Repeat: the last action asked for, at the current target", () => {
  it("nothing asked for yet: says so", async () => {
    control(t.player, t.fighterToken);
    await press(t.player, "repeat");
    expect(said(t.player)).toContain(en.WC.Keys.nothingToRepeat as string);
    expect(cards()).toHaveLength(0);
  });

  it("a pummel repeated in the same round is refused with the rules' reason (one attack routine a round, 000); next round it goes", async () => {
    const combat = t.world.addCombat([t.fighterToken, t.goblinToken, t.ogreToken], 1);
    t.world.fallbackFace = () => 1;
    control(t.player, t.fighterToken);
    target(t.player, t.goblinToken);
    // The first pummel from a macro (api.use): it goes.
    await t.player.run(() => (t.player.game.modules.get(M) as unknown as { api: { use(a: string): Promise<unknown> } }).api.use("pummel"));
    await settle();
    expect(cardActions().map((i) => i.action)).toEqual(["pummel"]);
    await press(t.player, "repeat");
    expect(cardActions()).toHaveLength(1);
    expect(said(t.player)).toMatch(/again this round/);
    await t.gm.run(() => combat.update({ round: 2 }, { direction: 1 }));
    await settle();
    await press(t.player, "repeat");
    expect(cardActions().map((i) => i.action)).toEqual(["pummel", "pummel"]);
  });
});

describe("a key meets the same refusals as every other way in (issue 33's one check)", () => {
  const goblinFar = () => {
    place(t.fighterToken, 5, 5);
    place(t.goblinToken, 8, 5);
    place(t.ogreToken, 20, 20);
  };
  const goblinHidden = () => {
    place(t.fighterToken, 5, 5);
    place(t.goblinToken, 6, 5);
    place(t.ogreToken, 20, 20);
    t.goblinToken.hidden = true;
  };
  it.each([
    ["out of reach (000: a grapple only on a creature beside one)", goblinFar, "Goblin is out of reach"],
    ["hidden by the GM", goblinHidden, "Your side cannot see that creature."],
  ] as const)("Repeat of a grapple at a goblin %s: refused with the palette's reason, nothing done", async (_what, setUp, reason) => {
    t.world.addCombat([t.fighterToken, t.goblinToken, t.ogreToken], 1);
    t.world.fallbackFace = (s) => s;
    control(t.player, t.fighterToken);
    // A grapple on the ogre first (beside it), so that Repeat has a grapple to do again.
    place(t.fighterToken, 5, 5);
    place(t.ogreToken, 6, 5);
    target(t.player, t.ogreToken);
    await t.player.run(() => (t.player.game.modules.get(M) as unknown as { api: { use(a: string): Promise<unknown> } }).api.use("grapple"));
    await settle();
    const before = cards().length;
    expect(before).toBe(1);
    // Next round, at the goblin.
    const combat = t.world.combats.contents[0];
    await t.gm.run(() => combat?.update({ round: 2 }, { direction: 1 }));
    await settle();
    setUp();
    target(t.player, t.goblinToken);
    t.player.notifications.length = 0;
    await press(t.player, "repeat");
    expect(cards().length).toBe(before);
    expect([...t.goblinToken.actor.effects].filter((e) => e.getFlag(M, "hold" as never))).toHaveLength(0);
    expect(said(t.player)).toContain(reason);
  });
});

describe("the GM's tab asks the one check again for a key's request", () => {
  it("the goblin hidden as the player's request arrives: the GM's tab refuses it, and nothing is done", async () => {
    t.world.addCombat([t.fighterToken, t.goblinToken, t.ogreToken], 1);
    t.world.fallbackFace = (s) => s;
    place(t.fighterToken, 5, 5);
    place(t.goblinToken, 6, 5);
    place(t.ogreToken, 20, 20);
    control(t.player, t.fighterToken);
    target(t.player, t.goblinToken);
    // The last action: a pummel at the goblin last round, so that Repeat does it again now.
    await t.player.run(() => (t.player.game.modules.get(M) as unknown as { api: { use(a: string): Promise<unknown> } }).api.use("pummel"));
    await settle();
    expect(cardActions().map((i) => i.action)).toEqual(["pummel"]);
    const combat = t.world.combats.contents[0];
    await t.gm.run(() => combat?.update({ round: 2 }, { direction: 1 }));
    await settle();
    // The player's tab checked and sent its request; as it arrives, before the GM's tab carries
    // it out (its work is queued), the GM hides the goblin.
    const goblinHp = () => (t.goblinToken.actor.system as { attributes: { hp: { value: number } } }).attributes.hp.value;
    const hpBefore = goblinHp();
    const requests: string[] = [];
    t.gm.Hooks.on("createChatMessage", (m: { getFlag(s: string, k: string): unknown; id: string }) => {
      if (!m.getFlag(M, "request")) return;
      requests.push(m.id);
      t.goblinToken.hidden = true;
    });
    await press(t.player, "repeat");
    expect(requests).toHaveLength(1);
    // Refused on the GM's side: no second card, the goblin untouched, and the player told why.
    expect(cardActions()).toHaveLength(1);
    expect(goblinHp()).toBe(hpBefore);
    expect(said(t.player)).toContain("Your side cannot see that creature.");
  });
});
