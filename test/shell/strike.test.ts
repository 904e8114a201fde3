// @vitest-environment happy-dom
// The defender's owner answers the first strike on the card before the attacker rolls.
import { beforeEach, describe, expect, it } from "vitest";
import { bindCard } from "../../src/foundry/hooks/chat.ts";
import { registerHooks } from "../../src/foundry/hooks/index.ts";
import { act, answerStrike } from "../../src/foundry/cards/request-card.ts";
import type { FakeChatMessage } from "../fake-foundry/world.ts";
import type { Table } from "./setup.ts";
import { M, makeTable } from "./setup.ts";

let t: Table;
beforeEach(() => {
  t = makeTable();
});

const charge = (a: { uuid: string }, d: { uuid: string }) => ({ action: "chargingOverbear", attackerUuid: a.uuid, defenderUuid: d.uuid, declared: {} });
const strikeCards = () => t.world.messages.contents.filter((m) => m.getFlag(M, "strike"));
const resultCards = () => t.world.messages.contents.filter((m) => m.getFlag(M, "card"));

function view(client: Table["gm"], message: FakeChatMessage): Promise<HTMLElement> {
  return client.run(async () => {
    const html = document.createElement("li");
    html.innerHTML = message.content;
    bindCard(message as never, html);
    return html;
  });
}

describe("a player's defender is asked first", () => {
  it("the ogre charges the fighter: the card asks the fighter's player, whose 'hit' stops the charge", async () => {
    const out = await t.gm.run(() => act(charge(t.ogreToken, t.fighterToken)));
    expect(out.kind).toBe("waiting");
    const card = strikeCards()[0] as FakeChatMessage;
    expect(card.content).toContain("Ogre charges Fighter. How did Fighter");
    expect(resultCards()).toEqual([]);
    const html = await view(t.player, card);
    const buttons = [...html.querySelectorAll<HTMLButtonElement>("[data-wc-strike]")];
    expect(buttons.map((b) => [b.dataset.wcStrike, b.hidden])).toEqual([
      ["roll", false],
      ["hit", false],
      ["miss", false],
      ["none", false],
    ]);
    await t.player.run(async () => buttons.find((b) => b.dataset.wcStrike === "hit")?.click());
    await t.world.settle();
    expect(strikeCards()).toEqual([]);
    expect(resultCards()[0]?.getFlag(M, "card")).toMatchObject({ resolution: { headline: { key: "WC.Result.stopped" } } });
  });

  it("'miss' lets the charge go on with the attacker's roll", async () => {
    await t.gm.run(() => act(charge(t.ogreToken, t.fighterToken)));
    // Ogre THAC0 15 on AC 5: needs 10; ogre 9" -1: d20 12 - 1 = 11 hits. d12 12 + 1 = 13 (body):
    // the fighter's break roll d12 11 is short by two: overborne.
    t.world.script([[20, 12], [12, 12], [12, 11]]);
    await t.player.run(() => answerStrike(strikeCards()[0] as never, "miss"));
    expect(t.world.scriptedLeft).toBe(0);
    expect(resultCards()[0]?.getFlag(M, "card")).toMatchObject({ resolution: { headline: { key: "WC.Result.overborne" } } });
    // Overborne: the host's own prone status (Foundry core's), not a module one.
    expect([...t.fighter.statuses]).toContain("prone");
  });

  it("only the defender's owner or the GM may answer, and an answer counts once", async () => {
    const bob = t.world.addUser("Bob", false);
    const bobClient = t.world.connect(bob, registerHooks);
    await t.gm.run(() => act(charge(t.ogreToken, t.fighterToken)));
    const card = strikeCards()[0] as FakeChatMessage;
    expect([...(await view(bobClient, card)).querySelectorAll<HTMLButtonElement>("[data-wc-strike]")].every((b) => b.hidden)).toBe(true);
    expect(await bobClient.run(() => answerStrike(card as never, "hit"))).toMatchObject({ kind: "refused", key: "WC.Refuse.notOwner" });
    expect(resultCards()).toEqual([]);
    // A second GM tab and the player answering at once: one result.
    const second = t.world.connect(t.gmUser, registerHooks);
    await Promise.all([t.player.run(() => answerStrike(card as never, "hit")), t.gm.run(() => answerStrike(card as never, "hit"))]);
    await t.world.settle();
    expect(resultCards()).toHaveLength(1);
    t.world.disconnect(second);
  });

  it("an attacker's player cannot answer for the defender in its own request", async () => {
    const forged = (await t.player.run(() =>
      ChatMessage.create({ content: "", flags: { [M]: { request: { ask: { kind: "action", intent: { ...charge(t.fighterToken, t.goblinToken), declared: { firstStrike: "miss" } } }, state: "pending" } } } } as never),
    )) as unknown as FakeChatMessage;
    await t.world.settle();
    expect(forged.getFlag(M, "request")).toMatchObject({ state: "refused", outcome: { key: "WC.Refuse.badDeclaration" } });
    expect(resultCards()).toEqual([]);
  });

  it("the GM's own creatures are not asked: the module rolls their strike", async () => {
    // Goblin THAC0 20 against the fighter's AC 10: needs 10; d20 9 misses. Then the fighter's
    // grapple: needs 10, goblin 6" +2: d20 8 + 2 = 10 hits; d12 1 + 1 = 2: leg, the charge fails.
    t.world.script([[20, 9], [20, 8], [12, 1]]);
    const out = await t.player.run(() => act(charge(t.fighterToken, t.goblinToken)));
    expect(out.kind).toBe("done");
    expect(strikeCards()).toEqual([]);
    expect(resultCards()[0]?.getFlag(M, "card")).toMatchObject({ resolution: { headline: { key: "WC.Result.wrongHold" } } });
  });
});
