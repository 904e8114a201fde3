// @vitest-environment happy-dom
// One referee, even among GMs (issue 33, finding 17). Two GMs (a GM and an assistant, each in
// their own browser, so no Web Lock is shared between them, C-56) acting at once: each action
// read the creature's hit points and temporary damage on its own tab and wrote absolute numbers,
// so one lost the other's change. Now only the active GM's tab writes; another GM's tab sends its
// action as a request card, which the active GM's tab carries out in its queue, trusting its
// author as a GM.
import { describe, expect, it } from "vitest";
import { registerHooks } from "../../src/foundry/hooks/index.ts";
import { act, cardAction, correctAsReferee } from "../../src/foundry/cards/request-card.ts";
import type { FakeActor, FakeChatMessage, FakeClient, FakeUser } from "../fake-foundry/world.ts";
import { ROLES } from "../fake-foundry/world.ts";
import type { Table } from "./setup.ts";
import { M, makeTable } from "./setup.ts";

const hp = (a: FakeActor) => (a.system as { attributes: { hp: { value: number } } }).attributes.hp.value;
const cards = (t: Table) => t.world.messages.contents.filter((m) => m.getFlag(M, "card") !== undefined);
const stateOf = (m: FakeChatMessage | undefined) => (m?.getFlag(M, "card") as { state?: string } | undefined)?.state;
type Damage = { targetId: string; actual: number; temporary: number };
/** What the GM's applied cards say they did to a token: hit points taken, temporary damage added. */
function fromCards(t: Table, uuid: string): { actual: number; temporary: number } {
  let actual = 0;
  let temporary = 0;
  for (const m of cards(t)) {
    if (!m.author.isGM || stateOf(m) !== "applied") continue;
    for (const d of ((m.getFlag(M, "card") as { consequences?: { damage?: Damage[] } }).consequences?.damage ?? []).filter((x) => x.targetId === uuid)) {
      actual += d.actual;
      temporary += d.temporary;
    }
  }
  return { actual, temporary };
}

/** The table with a second GM (an assistant) in a browser of their own, after the first GM (the active one). */
function twoGMs(): Table & { assistantUser: FakeUser; assistant: FakeClient } {
  const t = makeTable({ world: { latency: "all" } });
  let assistantUser = t.world.addUser("Assistant", true, ROLES.ASSISTANT);
  // The active GM is the first connected GM by id (the fake's rule): make the assistant the other one.
  while (assistantUser.id.localeCompare(t.gmUser.id) < 0) assistantUser = t.world.addUser("Assistant", true, ROLES.ASSISTANT);
  const assistant = t.world.connect(assistantUser, registerHooks);
  return { ...t, assistantUser, assistant };
}

const pummel = (a: { uuid: string }, d: { uuid: string }) => ({ action: "pummel", attackerUuid: a.uuid, defenderUuid: d.uuid, declared: {} });

describe("two GMs acting at once lose nothing", () => {
  it("the GM and the assistant each strike the fighter at the same moment: both blows stand", async () => {
    const t = twoGMs();
    expect(t.gm.run(() => game.users.activeGM?.isSelf)).toBe(true);
    expect(t.assistant.run(() => game.users.activeGM?.isSelf)).toBe(false);
    // Every die at its highest face: both blows land.
    t.world.fallbackFace = (sides) => sides;
    const [a, b] = await Promise.all([t.gm.run(() => act(pummel(t.ogreToken, t.fighterToken))), t.assistant.run(() => act(pummel(t.goblinToken, t.fighterToken)))]);
    await t.world.settle();
    expect(a).toMatchObject({ kind: "done" });
    expect(b).toMatchObject({ kind: "done" });
    const applied = cards(t).filter((m) => stateOf(m) === "applied");
    expect(applied).toHaveLength(2);
    const d = fromCards(t, t.fighterToken.uuid);
    expect(d.actual + d.temporary).toBeGreaterThan(0);
    expect(hp(t.fighter)).toBe(30 - d.actual);
    expect(t.fighter.getFlag(M, "temporary") ?? 0).toBe(d.temporary);
    // Only the active GM's tab wrote the creatures; the assistant's tab sent one request card.
    const byAssistant = t.world.writes.filter((w) => w.user === t.assistantUser.id).map((w) => `${w.op} ${w.documentName}`);
    expect(byAssistant).toEqual(["create ChatMessage"]);
    expect(t.world.messages.contents.filter((m) => m.getFlag(M, "request") !== undefined)).toEqual([]);
  });

  it("the assistant's action is trusted as a GM's (the GM's creatures, no round allowance), and carried out on the active GM's tab", async () => {
    const t = twoGMs();
    t.world.fallbackFace = (sides) => sides;
    const out = await t.assistant.run(() => act(pummel(t.ogreToken, t.fighterToken)));
    await t.world.settle();
    expect(out).toMatchObject({ kind: "done" });
    const [card] = cards(t);
    expect(card?.author.id).toBe(t.gmUser.id);
    expect(stateOf(card)).toBe("applied");
  });

  it("the assistant's Undo and the GM's blow at once: the undo takes back only its card's share", async () => {
    const t = twoGMs();
    t.world.fallbackFace = (sides) => sides;
    await t.gm.run(() => act(pummel(t.ogreToken, t.fighterToken)));
    await t.world.settle();
    const first = cards(t)[0] as FakeChatMessage;
    expect(fromCards(t, t.fighterToken.uuid).actual + fromCards(t, t.fighterToken.uuid).temporary).toBeGreaterThan(0);
    await Promise.all([t.assistant.run(() => cardAction(first as never, "undo")), t.gm.run(() => act(pummel(t.goblinToken, t.fighterToken)))]);
    await t.world.settle();
    expect(stateOf(t.world.messages.get(first.id))).toBe("undone");
    const now = fromCards(t, t.fighterToken.uuid);
    expect(hp(t.fighter)).toBe(30 - now.actual);
    expect(t.fighter.getFlag(M, "temporary") ?? 0).toBe(now.temporary);
    expect(t.world.writes.filter((w) => w.user === t.assistantUser.id).map((w) => `${w.op} ${w.documentName}`)).toEqual(["create ChatMessage"]);
  });

  it("the assistant's correction of temporary damage goes to the active GM's tab", async () => {
    const t = twoGMs();
    await t.assistant.run(() => correctAsReferee([{ uuid: t.fighterToken.uuid, value: 4 }]));
    await t.world.settle();
    expect(t.fighter.getFlag(M, "temporary")).toBe(4);
    expect(t.world.writes.filter((w) => w.user === t.assistantUser.id).map((w) => `${w.op} ${w.documentName}`)).toEqual(["create ChatMessage"]);
  });

  it("a player's request for a card's Undo or a correction is refused: only a GM may ask them", async () => {
    const t = twoGMs();
    t.world.fallbackFace = (sides) => sides;
    await t.gm.run(() => act(pummel(t.ogreToken, t.fighterToken)));
    await t.world.settle();
    const card = cards(t)[0] as FakeChatMessage;
    const before = hp(t.fighter);
    const gmIds = [t.gmUser.id, t.assistantUser.id];
    for (const ask of [{ kind: "card", messageId: card.id, action: "undo" }, { kind: "temporary", corrections: [{ uuid: t.fighterToken.uuid, value: 0 }] }]) {
      await t.player.run(() => ChatMessage.create({ content: "x", whisper: [...gmIds, t.alice.id], flags: { [M]: { request: { ask, state: "pending" } } } } as never));
      await t.world.settle();
    }
    expect(stateOf(t.world.messages.get(card.id))).toBe("applied");
    expect(hp(t.fighter)).toBe(before);
  });
});
