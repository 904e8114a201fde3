// @vitest-environment happy-dom
// A held creature's token deleted by its own player (issue 33's independent attack H1), in a world
// that lets players delete their tokens (core permission TOKEN_DELETE, C-171). `deleteToken`
// gives the user who deleted it: for a player deleting a token the ledger keeps in a hold, the
// active GM's tab makes the token again at its id (`keepId`, so the ledger's UUIDs still name it)
// and asks the GM, once per creature and round. Whether a server takes a deleted token's id again
// has no public source (C-175): where it does not, the holds end as for any token gone and the GM
// is told who deleted it. Run both ways, on v13 and v14.
import { describe, expect, it } from "vitest";
import type { FakeActor, FakeWorldOptions } from "../fake-foundry/world.ts";
import type { Table } from "./setup.ts";
import { M, makeTable } from "./setup.ts";
import { d12Hold, place, putHold } from "./movement-setup.ts";
import { ledgerEntries } from "../../src/foundry/documents/ledger.ts";

const halvesOf = (...actors: FakeActor[]) => actors.flatMap((a) => [...a.effects].filter((e) => e.getFlag(M, "hold")));

async function settle(t: Table): Promise<void> {
  for (let i = 0; i < 8; i++) {
    await new Promise((r) => setTimeout(r, 0));
    await t.world.settle();
  }
}

/** The ogre (the GM's) holds the fighter (Alice's) by the body, in a fight; Alice may delete her tokens. */
async function held(world: FakeWorldOptions, answer: "back" | "end"): Promise<Table & { dialogs: () => number }> {
  const t = makeTable({ world });
  place(t.fighterToken, 5, 5);
  place(t.ogreToken, 4, 5);
  place(t.goblinToken, 9, 9);
  t.world.addCombat([t.fighterToken, t.goblinToken, t.ogreToken], 1);
  await putHold(t, t.ogreToken, t.fighterToken, "WC.Part.body", d12Hold("h1", "body", "L", 1));
  await settle(t);
  t.world.permissions.TOKEN_DELETE = t.alice.role;
  let dialogs = 0;
  t.world.onDialog = (d) => {
    dialogs++;
    return d.press(answer);
  };
  return { ...t, dialogs: () => dialogs };
}

describe.each([13, 14] as const)("Foundry v%i: a held creature's token deleted by its player", (generation) => {
  it("the server takes the id again: the token is back at its id, the hold stands, the GM asked once however often it is deleted this round", async () => {
    const t = await held({ generation, tokenIdsReused: "kept" }, "back");
    const id = t.fighterToken.id;
    await t.player.run(() => t.fighterToken.delete());
    await settle(t);
    expect(t.fighterToken.parent.tokens.has(id)).toBe(true);
    expect(t.gm.run(() => ledgerEntries())).toHaveLength(1);
    expect(halvesOf(t.fighter, t.ogreToken.actor)).toHaveLength(2);
    expect(t.dialogs()).toBe(1);
    await t.player.run(() => t.fighterToken.delete());
    await settle(t);
    expect(t.fighterToken.parent.tokens.has(id)).toBe(true);
    expect(t.gm.run(() => ledgerEntries())).toHaveLength(1);
    expect(t.dialogs()).toBe(1);
  });

  it("the GM lets it go: the token is deleted by the GM and the hold ends", async () => {
    const t = await held({ generation, tokenIdsReused: "kept" }, "end");
    await t.player.run(() => t.fighterToken.delete());
    await settle(t);
    expect(t.dialogs()).toBe(1);
    expect(t.fighterToken.parent.tokens.has(t.fighterToken.id)).toBe(false);
    expect(t.gm.run(() => ledgerEntries())).toEqual([]);
    expect(halvesOf(t.ogreToken.actor)).toEqual([]);
  });

  it("the server refuses the id again: the hold ends as for any token gone, and the GM is told that Alice deleted the fighter's token", async () => {
    const t = await held({ generation, tokenIdsReused: "refused" }, "back");
    await t.player.run(() => t.fighterToken.delete());
    await settle(t);
    expect(t.fighterToken.parent.tokens.has(t.fighterToken.id)).toBe(false);
    expect(t.gm.run(() => ledgerEntries())).toEqual([]);
    expect(halvesOf(t.ogreToken.actor)).toEqual([]);
    expect(t.dialogs()).toBe(0);
    expect(t.gm.notifications.filter((n) => n.message.includes("Alice") && n.message.includes("Fighter"))).toHaveLength(1);
  });

  it("a token in no hold deleted by its player: nothing put back, no one asked", async () => {
    const t = await held({ generation }, "back");
    const goblin = t.world.addToken(t.fighterToken.parent, t.fighter, { name: "Fighter's double" });
    await t.player.run(() => goblin.delete());
    await settle(t);
    expect(goblin.parent.tokens.has(goblin.id)).toBe(false);
    expect(t.dialogs()).toBe(0);
    expect(t.gm.run(() => ledgerEntries())).toHaveLength(1);
  });
});
