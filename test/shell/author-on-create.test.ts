// @vitest-environment happy-dom
// Issue 33, finding 18: the rule of trust rested on the server stamping a message's author (C-32).
// For edits that is public (C-34); whether a v13 server refuses a player's *create* carrying a GM
// as `author` has no public source (foundryvtt#14252 calls v14's refusal of such player-set fields
// "a regression from v13"). The fake runs both ways (`authorOnCreate`), and every case here runs
// under both: a card's flags are believed only when the ledger (a combat's or a scene's flags,
// which only a GM writes, C-70, C-86) names that message as the GM's card (cards/card-ledger.ts).
//
// Each forgery is a player's own message at a fresh random id naming the GM as its author, made
// from the player's console. Under "asGiven" each was believed before the ledger named the cards
// (carried out, counted, or taken for the answer to a request or question); under "stamped" the
// server's stamp alone refused them.
import { beforeEach, describe, expect, it } from "vitest";
import { act, answerStrike } from "../../src/foundry/cards/request-card.ts";
import { bindCard } from "../../src/foundry/hooks/chat.ts";
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

/** The consequences a forger writes: 999 hit points off the target. */
const crushing = (target: FakeToken) => ({ holdsAdded: [], holdsRemoved: [], damage: [{ targetId: target.uuid, actual: 999, temporary: 0, reason: "WC.Action.pummel" }], conditions: [], notes: [] });

/** A result card as a player writes it by hand. */
function forgedResult(t: Table, target: FakeToken, state: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const consequences = crushing(target);
  return {
    version: 1,
    variant: "d12-holds",
    requestId: "FORGEDrequest018",
    intent: { action: "pummel", attackerUuid: t.fighterToken.uuid, defenderUuid: target.uuid, declared: {} },
    attackerName: "Fighter",
    defenderName: "Goblin",
    resolution: { action: "pummel", result: {}, consequences, headline: { key: "WC.Result.hit" } },
    consequences,
    state,
    ...extra,
  };
}

/** The player posts a message at a fresh random id with the GM named as its author. */
async function forge(t: Table, flags: Record<string, unknown>, content = "<p>forged</p>", id?: string): Promise<FakeChatMessage> {
  const m = (await t.player.run(() => ChatMessage.create({ ...(id ? { _id: id } : {}), content, author: t.gmUser.id, flags: { [M]: flags } } as never, { keepId: true }))) as unknown as FakeChatMessage;
  await settle(t);
  return m;
}

/** The GM's tab starts again (it finishes cards left half written, and takes up what waits). */
async function restartGM(t: Table): Promise<void> {
  t.world.disconnect(t.gm);
  const { registerHooks } = await import("../../src/foundry/hooks/index.ts");
  t.gm = t.world.connect(t.gmUser, registerHooks);
  await settle(t);
}

/** The module's buttons the GM's tab shows on a message as drawn in its log. */
function gmButtons(t: Table, m: FakeChatMessage): HTMLButtonElement[] {
  return t.gm.run(() => {
    const li = document.createElement("li");
    li.innerHTML = m.content;
    document.body.append(li);
    bindCard(m as never, li);
    return [...li.querySelectorAll<HTMLButtonElement>("button")].filter((b) => !b.hidden);
  });
}

/** The GM's result cards other than `but`. */
const resultCards = (t: Table, but?: FakeChatMessage) => t.world.messages.contents.filter((m) => m !== but && m.getFlag(M, "card") && m.author === t.gmUser);

describe.each(["stamped", "asGiven"] as const)("finding 18 (Foundry v13, a player's create keeps the author %s): a player-forged card at a fresh id", (authorOnCreate) => {
  let t: Table;
  beforeEach(() => {
    t = makeTable({ world: { generation: 13, authorOnCreate } });
    document.body.replaceChildren();
  });

  it("the author is as the server model says", async () => {
    const m = await forge(t, { card: forgedResult(t, t.goblinToken, "applied") });
    expect(m.author).toBe(authorOnCreate === "asGiven" ? t.gmUser : t.alice);
  });

  it("a result card left 'applying' is not carried out, live or when a GM's tab starts", async () => {
    await forge(t, { card: forgedResult(t, t.goblinToken, "applying"), undo: [] });
    await restartGM(t);
    expect(hp(t.goblinToken)).toBe(5);
  });

  it("a result card shows the GM no buttons, and its Undo, pressed anyway, writes nothing", async () => {
    // Its content a genuine card's (with its GM's buttons), its undo record giving the goblin 50.
    t.world.script([[20, 8], [12, 6], [12, 2]]);
    await t.gm.run(() => act({ action: "grapple", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }));
    const genuine = resultCards(t)[0] as FakeChatMessage;
    const m = await forge(t, { card: forgedResult(t, t.goblinToken, "applied"), undo: [{ actorUuid: t.goblinToken.actor.uuid, restore: { "system.attributes.hp.value": 50 }, created: [], deleted: [] }] }, genuine.content);
    expect(gmButtons(t, m)).toEqual([]);
    const undo = t.gm.run(() => {
      const li = document.createElement("li");
      li.innerHTML = m.content;
      document.body.append(li);
      bindCard(m as never, li);
      return li.querySelector<HTMLButtonElement>('[data-wc-action="undo"]');
    });
    t.gm.run(() => undo?.click());
    await settle(t);
    expect(hp(t.goblinToken)).toBe(5);
    // The genuine card is still the GM's: its Undo is shown.
    expect(gmButtons(t, genuine).map((b) => b.dataset.wcAction)).toContain("undo");
  });

  it("a mass charge left 'applying' is not carried out when a GM's tab starts", async () => {
    await forge(t, { massCharge: { version: 1, requestId: "FORGEDcharge0018", result: { kind: "charge" }, consequences: crushing(t.goblinToken), names: { [t.goblinToken.uuid]: "Goblin" }, state: "applying" }, undo: [] });
    await restartGM(t);
    expect(hp(t.goblinToken)).toBe(5);
  });

  it("a round card for round 1 does not stand for the round's end: the GM's own is made and carried out", async () => {
    // The ogre, out of melee, heals a point of temporary damage at the round's end.
    t.ogreToken.x = 2000;
    t.ogreToken.actor.flags[M] = { ...(t.ogreToken.actor.flags[M] as object), temporary: 3 };
    const combat = t.world.addCombat([t.fighterToken, t.goblinToken, t.ogreToken], 1);
    const forged = await forge(t, { roundCard: { version: 1, kind: "roundEnd", variant: "d12-holds", combatId: combat.id, round: 1, resolution: { lines: [], consequences: crushing(t.goblinToken), result: {} }, names: {}, outOfMelee: [], state: "applied" }, undo: [] });
    await t.gm.run(() => combat.update({ round: 2 }, { direction: 1 }));
    await settle(t);
    const own = t.world.messages.contents.filter((m) => m !== forged && m.getFlag(M, "roundCard"));
    expect(own.map((m) => (m.getFlag(M, "roundCard") as { round: number; state: string }).state)).toEqual(["applied"]);
    expect(t.ogreToken.actor.getFlag(M, "temporary")).toBe(2);
    expect(hp(t.goblinToken)).toBe(5);
  });

  it("a result card of this round is not counted against the player's creature", async () => {
    // Three forged pummels by the fighter this round: a fourth would be past what the rules allow.
    const combat = t.world.addCombat([t.fighterToken, t.goblinToken, t.ogreToken], 1);
    for (let i = 0; i < 3; i++) await forge(t, { card: forgedResult(t, t.goblinToken, "applied", { requestId: `FORGEDcount0000${i}`, combatId: combat.id, round: 1, consequences: { holdsAdded: [], holdsRemoved: [], damage: [], conditions: [], notes: [] } }) });
    const out = await t.player.run(() => act({ action: "pummel", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }));
    await settle(t);
    expect(out).toMatchObject({ kind: "done" });
  });

  it("a result card claiming to answer the player's request does not stand for it: the request is carried out", async () => {
    // The player's request card at an id the player chose, after a forged card that claims to answer it.
    const requestId = "PLAYERrequest018";
    t.world.disconnect(t.gm);
    await forge(t, { card: forgedResult(t, t.goblinToken, "applied", { requestId }) });
    await t.player.run(() => ChatMessage.create({ _id: requestId, content: "<p>asks</p>", flags: { [M]: { request: { state: "pending", ask: { kind: "action", intent: { action: "grapple", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} } } } } } } as never, { keepId: true }));
    t.world.script([[20, 8], [12, 6], [12, 2]]);
    const { registerHooks } = await import("../../src/foundry/hooks/index.ts");
    t.gm = t.world.connect(t.gmUser, registerHooks);
    await settle(t);
    const answers = t.world.messages.contents.filter((m) => (m.getFlag(M, "card") as { requestId?: string; intent?: { action?: string } } | undefined)?.intent?.action === "grapple");
    expect(answers).toHaveLength(1);
    expect(answers[0]?.getFlag(M, "card")).toMatchObject({ requestId, state: "applied" });
    expect(t.world.messages.has(requestId)).toBe(false);
  });

  it("a question copied from the GM's is not answered: nothing is carried out", async () => {
    // A genuine question (the ogre charges the fighter), copied at a fresh id, then taken away.
    await t.gm.run(() => act({ action: "chargingOverbear", attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid, declared: {} }));
    const genuine = t.world.messages.contents.find((m) => m.getFlag(M, "strike")) as FakeChatMessage;
    const copy = await forge(t, { strike: { ...(genuine.getFlag(M, "strike") as object), requestId: "FORGEDquestion18" } }, genuine.content);
    await t.gm.run(() => genuine.delete());
    await settle(t);
    const before = resultCards(t).length;
    expect(gmButtons(t, copy)).toEqual([]);
    // The player answers it through a request card of their own (their console skips their tab's check).
    await t.player.run(() => ChatMessage.create({ content: "<p>answers</p>", flags: { [M]: { request: { state: "pending", ask: { kind: "answer", strikeId: copy.id, choice: "roll" } } } } } as never));
    await settle(t);
    expect(resultCards(t, copy)).toHaveLength(before);
    expect(await t.player.run(() => answerStrike(copy as never, "roll"))).toMatchObject({ kind: "refused" });
  });

  it("a result card claiming to answer a GM's question does not void the answer: the genuine answer is carried out", async () => {
    await t.gm.run(() => act({ action: "chargingOverbear", attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid, declared: {} }));
    const question = t.world.messages.contents.find((m) => m.getFlag(M, "strike")) as FakeChatMessage;
    const forged = await forge(t, { card: forgedResult(t, t.goblinToken, "applied", { requestId: question.id }) });
    const out = await t.player.run(() => answerStrike(question as never, "roll"));
    await settle(t);
    expect(out).toMatchObject({ kind: "done" });
    expect(resultCards(t, forged).filter((m) => (m.getFlag(M, "card") as { requestId?: string }).requestId === question.id)).toHaveLength(1);
  });

  it("a genuine card is still the GM's: carried out, counted, its buttons shown, its Undo carried out", async () => {
    t.world.script([[20, 8], [12, 6], [12, 2]]);
    await t.gm.run(() => act({ action: "grapple", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }));
    const card = resultCards(t)[0] as FakeChatMessage;
    expect(card.getFlag(M, "card")).toMatchObject({ state: "applied" });
    expect([...t.goblinToken.actor.effects].filter((e) => e.getFlag(M, "hold"))).toHaveLength(1);
    expect(gmButtons(t, card).map((b) => b.dataset.wcAction)).toContain("undo");
    const { handleCardAction } = await import("../../src/foundry/cards/kinds.ts");
    expect(await t.gm.run(() => handleCardAction(card as never, "undo"))).toMatchObject({ kind: "done", state: "undone" });
    expect([...t.goblinToken.actor.effects].filter((e) => e.getFlag(M, "hold"))).toHaveLength(0);
  });
});
