// @vitest-environment happy-dom
// The ledger's pruning (cards/card-ledger.ts `nameCardData`; issue 33's independent attack N1).
// Out of a fight the round's count does not limit a player's actions, so a player may cause many
// cheap cards (misses) in a row. Each store keeps the names of each user's latest CARDS_KEPT (20)
// made cards: a player's cards push out only that player's own, and the ledger stays bounded by
// the users, not by the chat log (issue 33's cost section).
import { describe, expect, it } from "vitest";
import { act } from "../../src/foundry/cards/request-card.ts";
import { handleCardAction } from "../../src/foundry/cards/kinds.ts";
import { cardsIn } from "../../src/foundry/documents/ledger.ts";
import type { FakeActor, FakeClient } from "../fake-foundry/world.ts";
import type { Table } from "./setup.ts";
import { M, makeTable } from "./setup.ts";
import { place } from "./movement-setup.ts";

const hp = (a: FakeActor) => (a.system as { attributes: { hp: { value: number } } }).attributes.hp.value;
const gmCards = (t: Table) => t.world.messages.contents.filter((m) => m.author.isGM && m.getFlag(M, "card" as never));

async function settle(t: Table): Promise<void> {
  for (let i = 0; i < 6; i++) {
    await new Promise((r) => setTimeout(r, 0));
    await t.world.settle();
  }
}

function table(generation: 13 | 14): Table {
  const t = makeTable({ world: { generation } });
  t.fighterToken.disposition = 1;
  t.goblinToken.disposition = -1;
  t.ogreToken.disposition = -1;
  place(t.fighterToken, 5, 5);
  place(t.goblinToken, 6, 5);
  place(t.ogreToken, 4, 5);
  return t;
}

/** The names the scene's ledger keeps (out of a fight, the scene is the store), by who caused them. */
function namesByUser(t: Table): Map<string, number> {
  const out = new Map<string, number>();
  for (const c of t.gm.run(() => cardsIn(t.fighterToken.parent as never)).values()) out.set(c.u ?? "", (out.get(c.u ?? "") ?? 0) + 1);
  return out;
}

const pummel = (c: FakeClient, a: { uuid: string }, d: { uuid: string }) => c.run(() => act({ action: "pummel", attackerUuid: a.uuid, defenderUuid: d.uuid, declared: {} }));

describe.each([13, 14] as const)("Foundry v%i: the ledger's pruning by who caused the cards", (generation) => {
  it("the GM's earlier card stays named (its Undo works) under 30 of a player's cards; the player's names stop at 20, the ledger at most 20 a user", async () => {
    const t = table(generation);
    // The fighter's misses: every die 1. The GM's ogre hits first: every die at its highest.
    t.world.fallbackFace = (s) => s;
    await pummel(t.gm, t.ogreToken, t.fighterToken);
    await settle(t);
    const [gmCard] = gmCards(t);
    expect(hp(t.fighter)).toBeLessThan(30);
    t.world.fallbackFace = () => 1;
    for (let i = 0; i < 30; i++) await pummel(t.player, t.fighterToken, t.ogreToken);
    await settle(t);
    expect(gmCards(t)).toHaveLength(31);
    const names = namesByUser(t);
    // Hand count: the player caused 30 cards, of which the latest 20 stay named; the GM's one stays.
    expect(names.get(t.alice.id)).toBe(20);
    expect(names.get(t.gmUser.id)).toBe(1);
    expect([...names.keys()].sort()).toEqual([t.alice.id, t.gmUser.id].sort());
    const out = await t.gm.run(() => handleCardAction(gmCard as never, "undo"));
    await settle(t);
    expect(out.kind).toBe("done");
    expect(hp(t.fighter)).toBe(30);
  });

  it("the GM's own cards push out the GM's own, as before: 25 of the GM's cards keep 20 names", async () => {
    const t = table(generation);
    t.world.fallbackFace = () => 1;
    for (let i = 0; i < 25; i++) await pummel(t.gm, t.ogreToken, t.fighterToken);
    await settle(t);
    expect(gmCards(t)).toHaveLength(25);
    expect(namesByUser(t)).toEqual(new Map([[t.gmUser.id, 20]]));
  });
});
