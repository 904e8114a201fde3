// @vitest-environment happy-dom
// Issue 33, finding 18: the rule of trust rests on the server stamping a message's author (C-32).
// For edits that is public (C-34); whether a v13 server refuses a player's *create* carrying a GM
// as `author` has no public source (foundryvtt#14252 calls v14's refusal of such player-set fields
// "a regression from v13"). The fake runs both ways (`authorOnCreate`).
//
// Stamped, a card a player dresses up with a GM as author is not believed. Kept as given, it is
// believed today: the remedy the issue asks (a card believed only when the ledger, which only a
// GM writes, names it) is not built yet, so that case is recorded as failing (`it.fails`): when it
// is built, the test passes and vitest says so, and `.fails` comes off.
import { describe, expect, it } from "vitest";
import type { FakeChatMessage, FakeToken } from "../fake-foundry/world.ts";
import type { Table } from "./setup.ts";
import { M, makeTable } from "./setup.ts";

async function settle(t: Table): Promise<void> {
  for (let i = 0; i < 6; i++) {
    await new Promise((r) => setTimeout(r, 0));
    await t.world.settle();
  }
}

const hp = (token: FakeToken) => (token.actor.system as { attributes: { hp: { value: number } } }).attributes.hp.value;

/** A result card left "applying" that would take 999 hit points from the target, as a player writes it by hand. */
function forgedCard(t: Table, target: FakeToken): Record<string, unknown> {
  const consequences = { holdsAdded: [], holdsRemoved: [], damage: [{ targetId: target.uuid, actual: 999, temporary: 0, reason: "WC.Action.pummel" }], conditions: [], notes: [] };
  return {
    version: 1,
    variant: "d12-holds",
    requestId: "FORGEDrequest018",
    intent: { action: "pummel", attackerUuid: t.fighterToken.uuid, defenderUuid: target.uuid, declared: {} },
    attackerName: "Fighter",
    defenderName: "Goblin",
    resolution: { action: "pummel", result: {}, consequences, headline: { key: "WC.Result.hit" } },
    consequences,
    state: "applying",
  };
}

/** The player posts the forged card naming the GM as its author; then a GM's tab starts (it finishes cards left half written). */
async function attack(t: Table): Promise<FakeChatMessage> {
  const m = (await t.player.run(() => ChatMessage.create({ content: "<p>forged</p>", author: t.gmUser.id, flags: { [M]: { card: forgedCard(t, t.goblinToken), undo: [] } } } as never))) as unknown as FakeChatMessage;
  await settle(t);
  t.world.disconnect(t.gm);
  const { registerHooks } = await import("../../src/foundry/hooks/index.ts");
  t.gm = t.world.connect(t.gmUser, registerHooks);
  await settle(t);
  return m;
}

describe("finding 18 (Foundry v13): a player's message created with a GM as its author", () => {
  it("the server stamps the creating user: the card is not believed, and nothing is written", async () => {
    const t = makeTable({ world: { generation: 13, authorOnCreate: "stamped" } });
    const m = await attack(t);
    expect(m.author).toBe(t.alice);
    expect(hp(t.goblinToken)).toBe(5);
  });

  it.fails("the server keeps the author given: the card is believed today (not built: a card believed only when the ledger names it)", async () => {
    const t = makeTable({ world: { generation: 13, authorOnCreate: "asGiven" } });
    const m = await attack(t);
    expect(m.author).toBe(t.gmUser);
    expect(hp(t.goblinToken)).toBe(5);
  });
});
