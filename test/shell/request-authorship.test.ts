// @vitest-environment happy-dom
// Who made a request card (issue 33, finding 18 on requests; the independent attack O1). A v13
// server may keep the `author` a player's create names (no public source either way; the fake runs
// it both ways, `authorOnCreate`); v14 refuses such player-set fields (foundryvtt#14252). Foundry's
// creation hooks give the user who made the document (`createChatMessage(message, options,
// userId)`, API hookEvents.createDocument, C-17): the GM's tab judges a request by that user, not
// by the author the message's data names. Found waiting when a GM's tab starts (no hook seen), a
// request in a GM's name is not carried out with a GM's rights; a player's is checked as theirs.
import { describe, expect, it } from "vitest";
import { registerHooks } from "../../src/foundry/hooks/index.ts";
import { act } from "../../src/foundry/cards/request-card.ts";
import type { FakeActor, FakeChatMessage, FakeClient, FakeUser, FakeWorldOptions } from "../fake-foundry/world.ts";
import { ROLES } from "../fake-foundry/world.ts";
import type { Table } from "./setup.ts";
import { M, makeTable } from "./setup.ts";
import { d12Hold, place, putHold } from "./movement-setup.ts";
import { ledgerEntries } from "../../src/foundry/documents/ledger.ts";

const hp = (a: FakeActor) => (a.system as { attributes: { hp: { value: number } } }).attributes.hp.value;
const temporary = (a: FakeActor) => (a.getFlag(M, "temporary" as never) as number | undefined) ?? 0;
const requests = (t: Table) => t.world.messages.contents.filter((m) => m.getFlag(M, "request" as never) !== undefined);
const cards = (t: Table) => t.world.messages.contents.filter((m) => m.getFlag(M, "card" as never) !== undefined);
const refusalOf = (t: Table, m: FakeChatMessage) => ((t.world.removedMessages.get(m.id) ?? t.world.messages.get(m.id))?.flags[M] as { request?: { state?: string; outcome?: { key?: string } } } | undefined)?.request;

async function settle(t: Table): Promise<void> {
  for (let i = 0; i < 8; i++) {
    await new Promise((r) => setTimeout(r, 0));
    await t.world.settle();
  }
}

/** The models of the server: v13 stamping the author, v13 keeping the one given, v14 (stamping). */
const MODELS: ReadonlyArray<[string, FakeWorldOptions]> = [
  ["v13, author stamped", { generation: 13, authorOnCreate: "stamped" }],
  ["v13, author kept as given", { generation: 13, authorOnCreate: "asGiven" }],
  ["v14", { generation: 14 }],
];

/** A world whose request cards' creation hooks a test may hold back from some clients (`hold`). */
function table(world: FakeWorldOptions): Table & { hold: { clients: FakeClient[] } } {
  const hold: { clients: FakeClient[] } = { clients: [] };
  const t = makeTable({ world: { ...world, delivery: (hook, client) => (hook === "createChatMessage" && hold.clients.includes(client) ? 0 : 1) } });
  place(t.fighterToken, 5, 5);
  place(t.ogreToken, 4, 5);
  place(t.goblinToken, 6, 5);
  t.fighterToken.disposition = 1;
  t.goblinToken.disposition = -1;
  t.ogreToken.disposition = -1;
  return { ...t, hold };
}

/** A second GM (an assistant) in a browser of their own, after the active GM by id. */
function assistant(t: Table): { user: FakeUser; client: FakeClient } {
  let user = t.world.addUser("Assistant", true, ROLES.ASSISTANT);
  while (user.id.localeCompare(t.gmUser.id) < 0) user = t.world.addUser("Assistant", true, ROLES.ASSISTANT);
  return { user, client: t.world.connect(user, registerHooks) };
}

/** Alice posts a request card naming `author` as its author (from her console). */
const forge = (t: Table, author: FakeUser, ask: Record<string, unknown>) => t.player.run(() => ChatMessage.create({ content: "", author: author.id, flags: { [M]: { request: { state: "pending", ask } } } } as never)) as unknown as Promise<FakeChatMessage>;
const zeroGoblin = (t: Table) => ({ kind: "temporary", corrections: [{ uuid: t.goblinToken.uuid, value: 0 }] });
const pummelFighter = (t: Table) => ({ kind: "action", intent: { action: "pummel", attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid, declared: {} } });

describe.each(MODELS)("request authorship (%s)", (_name, world) => {
  it("a player's requests naming the GM as author, posted live: none carried out, the GM told once about Alice however many", async () => {
    const t = table(world);
    t.goblin.flags[M] = { ...(t.goblin.flags[M] as object), temporary: 4 };
    t.goblinToken.actor.flags[M] = { ...(t.goblinToken.actor.flags[M] as object), temporary: 4 };
    t.world.fallbackFace = (s) => s;
    const posted = [await forge(t, t.gmUser, zeroGoblin(t)), await forge(t, t.gmUser, pummelFighter(t)), await forge(t, t.gmUser, zeroGoblin(t))];
    await settle(t);
    expect(temporary(t.goblinToken.actor)).toBe(4);
    expect(hp(t.fighter)).toBe(30);
    expect(cards(t)).toEqual([]);
    const kept = posted.every((m) => m.author === t.gmUser);
    const told = t.gm.notifications.filter((n) => n.message.includes("Alice") && n.message.includes("Gamemaster"));
    if (kept) {
      // The server kept the GM as author: each card taken away unread, the GM told once.
      expect(requests(t)).toEqual([]);
      expect(told).toHaveLength(1);
    } else {
      // Stamped as Alice's: checked as hers (the GM's kinds refused, the ogre not hers).
      for (const m of posted) expect(refusalOf(t, m)?.state).toBe("refused");
      expect(told).toHaveLength(0);
    }
  });

  it("the assistant GM's own requests, live: carried out with a GM's rights on the active GM's tab", async () => {
    const t = table(world);
    const a = assistant(t);
    t.world.fallbackFace = (s) => s;
    const out = await a.client.run(() => act({ action: "pummel", attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid, declared: {} }));
    await settle(t);
    expect(out).toMatchObject({ kind: "done" });
    expect(cards(t).map((m) => m.author.id)).toEqual([t.gmUser.id]);
    expect(t.world.writes.filter((w) => w.user === a.user.id).map((w) => `${w.op} ${w.documentName}`)).toEqual(["create ChatMessage"]);
  });

  it("found waiting when the GM's tab starts: a request in the GM's name that no GM's tab saw made is refused, not carried out as the GM's; its author is asked to try again", async () => {
    const t = table(world);
    t.world.disconnect(t.gm);
    t.goblinToken.actor.flags[M] = { ...(t.goblinToken.actor.flags[M] as object), temporary: 4 };
    const m = await forge(t, t.gmUser, zeroGoblin(t));
    await settle(t);
    t.gm = t.world.connect(t.gmUser, registerHooks);
    await settle(t);
    expect(temporary(t.goblinToken.actor)).toBe(4);
    const kept = m.author === t.gmUser;
    // In the GM's name: refused as unseen; stamped as Alice's: refused as a player's (only a GM may).
    expect(refusalOf(t, m)).toMatchObject({ state: "refused", outcome: { key: kept ? "WC.Refuse.gmRequestUnseen" : "WC.Refuse.notGM" } });
  });

  it("an assistant's request the active GM's tab never saw, its tab closing: the assistant's tab, active now and having seen it made, carries it out", async () => {
    const t = table(world);
    const a = assistant(t);
    t.world.fallbackFace = (s) => s;
    await putHold(t, t.ogreToken, t.fighterToken, "WC.Part.body", d12Hold("h1", "body", "L", 1));
    await settle(t);
    // The active GM's tab does not receive the card's creation (a dropped message, or it is closing).
    t.hold.clients = [t.gm];
    const out = a.client.run(() => act({ action: "release", attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid, holdId: "h1", declared: {} }));
    await settle(t);
    expect(requests(t)).toHaveLength(1);
    t.hold.clients = [];
    t.world.disconnect(t.gm);
    await settle(t);
    expect(a.client.run(() => game.users.activeGM?.isSelf)).toBe(true);
    await expect(out).resolves.toMatchObject({ kind: "done" });
    expect(a.client.run(() => ledgerEntries())).toEqual([]);
  });

  it("a GM's request no GM's tab saw made (its creation lost to every tab), found waiting when the assistant becomes the active GM: refused as unseen, not carried out; the assistant is told to ask again", async () => {
    const t = table(world);
    const a = assistant(t);
    t.world.fallbackFace = (s) => s;
    // The GM's tab has taken up what waited when the assistant connected.
    await settle(t);
    t.hold.clients = [t.gm, a.client];
    const out = a.client.run(() => act({ action: "pummel", attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid, declared: {} }));
    await settle(t);
    expect(requests(t)).toHaveLength(1);
    t.hold.clients = [];
    t.world.disconnect(t.gm);
    await settle(t);
    expect(a.client.run(() => game.users.activeGM?.isSelf)).toBe(true);
    await expect(out).resolves.toMatchObject({ kind: "refused", key: "WC.Refuse.gmRequestUnseen" });
    expect(cards(t)).toEqual([]);
    expect(hp(t.fighter)).toBe(30);
  });
});
