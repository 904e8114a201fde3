// In a real Chromium: the built module renders a chat card and its Undo button works.
import { page } from "vitest/browser";
import { expect, it } from "vitest";
import { calls, callHook, installFoundryStub, stubActor, stubScene } from "./foundry-stub.ts";
import { sealOf } from "../../src/foundry/cards/card-ledger.ts";

const card = {
  version: 1,
  variant: "d12-holds",
  requestId: "REQUESTrequest01",
  intent: { action: "grapple", attackerUuid: "Scene.s.Token.ogre", defenderUuid: "Scene.s.Token.fighter", declared: {} },
  attackerName: "Ogre",
  defenderName: "Fighter",
  state: "applied",
  resolution: {
    action: "grapple",
    headline: { key: "WC.Result.hold", params: { part: "body" } },
    consequences: { holdsAdded: [], holdsRemoved: [], damage: [], conditions: [], notes: [] },
    result: {
      kind: "hold",
      toHit: { needed: 10, die: { purpose: "grappleToHit", sides: 20, face: 15 }, modifiers: [{ key: "WC.Mod.speedAttacker", value: -1, params: { movement: 9 } }], total: 14, hit: true },
      holdRoll: { die: { purpose: "holdRoll", sides: 12, face: 8 }, sizeAdjustment: 1, adjusted: 9, row: 9 },
      breakRoll: { purpose: "immediateBreak", sides: 12, face: 4 },
      damage: { dice: [{ purpose: "holdDamage", sides: 3, face: 3 }], modifiers: [], split: { total: 3, actual: 1, temporary: 2 } },
    },
  },
  consequences: {
    holdsAdded: [{ id: "h", holderId: "Scene.s.Token.ogre", heldId: "Scene.s.Token.fighter", label: "WC.Part.body", data: {} }],
    holdsRemoved: [],
    damage: [{ targetId: "Scene.s.Token.fighter", actual: 1, temporary: 2, reason: "WC.Action.grapple" }],
    conditions: [],
    notes: [],
  },
};

it("loads the built bundle, renders a card and undoes it with a click", async () => {
  installFoundryStub();
  // The GM's tab named this card in the ledger (a scene's flags, which only a GM writes) when it made it:
  // a card's flags are believed only then (issue 33, finding 18).
  stubScene.flags["weaponless-combat"].cards.CARDcard00000001 = { k: "card", a: `card|${card.requestId}`, h: sealOf(card), n: 1, s: "made" };
  // The built bundle, loaded as Foundry loads it (a path the type checker does not follow).
  const bundle = "../../dist/module.js";
  await import(/* @vite-ignore */ bundle);
  callHook("init");
  const api = (globalThis as unknown as { game: { modules: Map<string, { api: { renderCard(c: unknown): Promise<string> } }> } }).game.modules.get("weaponless-combat")?.api;
  expect(api).toBeDefined();

  const html = await api!.renderCard(card);
  const li = document.createElement("li");
  li.className = "chat-message";
  li.innerHTML = html;
  document.body.append(li);
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = "/styles/weaponless-combat.css";
  document.head.append(link);

  const message = {
    id: "CARDcard00000001",
    // A card the GM's tab posted and the ledger names: only such a card is believed (a player's message with these flags gets no buttons).
    author: { isGM: true },
    getFlag: (_scope: string, key: string) => (key === "card" ? card : key === "undo" ? [{ actorUuid: stubActor.uuid, restore: { "system.attributes.hp.value": 30 }, created: ["HELDhalf00000001"], deleted: [] }] : undefined),
    update: async (data: Record<string, unknown>) => {
      calls.push({ what: "message.update", data });
    },
  };
  callHook("renderChatMessageHTML", message, li);

  await expect.element(page.getByText("Ogre holds Fighter: Body")).toBeVisible();
  // Each roll's detail is folded under its summary (its total, target and verdict) until clicked.
  const speed = page.getByText("Attacker's speed (9\")");
  await expect.element(page.getByText("needs 10", { exact: true })).toBeVisible();
  await expect.element(speed).not.toBeVisible();
  await page.getByText("Grapple: to hit").click();
  await expect.element(speed).toBeVisible();
  await page.screenshot({ path: "card.png" });

  await page.getByRole("button", { name: "Undo" }).click();
  // The ledger first says the undo has begun (so a closed tab's undo is finished by the next GM
  // tab), then the writes go out, and the card says "undone" last.
  await expect.poll(() => calls.map((c) => c.what)).toEqual(["scene.update", "actor.deleteEffects", "actor.update", "message.update"]);
  expect(calls[0]?.data).toEqual({ "flags.weaponless-combat.cards.CARDcard00000001.w": { s: "undoing", by: "gm" } });
  const stateAt = (i: number) => (calls[i]?.data as Record<string, { state: string }>)["flags.weaponless-combat.card"]?.state;
  expect(stateAt(3)).toBe("undone");
  expect(calls[2]?.data).toEqual([{ _id: "stubActor0000001", "system.attributes.hp.value": 30 }]);
});
