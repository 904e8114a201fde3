// @vitest-environment happy-dom
// What `getFlag` hands out is the document's own data in Foundry (C-83): the module must never
// change it. The fake hands it out frozen, so a change throws; these tests check that the fake
// does so (a freeze that did nothing would prove nothing), and that the module's flows (a grapple
// and its buttons, a player's requests, a round's end, an undo) run under it with no
// such throw, logged or not.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act } from "../../src/foundry/cards/request-card.ts";
import { bindCard } from "../../src/foundry/hooks/chat.ts";
import type { FakeChatMessage } from "../fake-foundry/world.ts";
import { FakeWorld } from "../fake-foundry/world.ts";
import type { Table } from "./setup.ts";
import { M, makeTable } from "./setup.ts";

describe("the fake's getFlag", () => {
  it("hands out the document's own value (the same object each time), frozen, and an update replaces it without changing it", async () => {
    const world = new FakeWorld();
    const gm = world.connect(world.addUser("GM", true), () => undefined);
    const m = (await gm.run(() => ChatMessage.create({ content: "x", flags: { [M]: { card: { state: "pending", list: [1] } } } } as never))) as unknown as FakeChatMessage;
    const first = m.getFlag(M, "card") as { state: string; list: number[] };
    expect(m.getFlag(M, "card")).toBe(first);
    expect(() => {
      first.state = "applied";
    }).toThrow(TypeError);
    expect(() => first.list.push(2)).toThrow(TypeError);
    await gm.run(() => m.update({ [`flags.${M}.card.state`]: "applied" }));
    expect(first.state).toBe("pending");
    expect(m.getFlag(M, "card")).toEqual({ state: "applied", list: [1] });
    await gm.run(() => m.update({ flags: { [M]: { card: { list: [3] } } } }));
    expect(m.getFlag(M, "card")).toEqual({ state: "applied", list: [3] });
    expect(first).toEqual({ state: "pending", list: [1] });
  });
});

describe("the module never changes what getFlag handed it", () => {
  let t: Table;
  const logged: unknown[][] = [];
  beforeEach(() => {
    t = makeTable();
    document.body.replaceChildren();
    logged.length = 0;
    for (const level of ["error", "warn"] as const) vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args));
  });
  afterEach(() => vi.restoreAllMocks());

  const frozenWrite = /read.only|not extensible|Cannot (assign|add|delete|define)/i;
  const render = (message: FakeChatMessage) => {
    const html = document.createElement("li");
    html.innerHTML = message.content;
    document.body.append(html);
    bindCard(message as never, html);
    return html;
  };

  it("through a grapple and its buttons, a player's requests, a round's end and an undo", async () => {
    const combat = t.world.addCombat([t.fighterToken, t.goblinToken, t.ogreToken], 1);
    // The ogre holds the fighter (d20 15 hits, d12 8 + 1 body, break 4 fails, 1d3 3).
    t.world.script([[20, 15], [12, 8], [12, 4], [3, 3]]);
    const outs = [await t.gm.run(() => act({ action: "grapple", attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid, declared: {} }))];
    await t.world.settle();
    const cards = () => t.world.messages.contents.filter((m) => m.getFlag(M, "card"));
    for (const c of [t.gm, t.player]) c.run(() => render(cards().at(-1) as FakeChatMessage));
    // The fighter's player tries to break free (d12 5: still held), by a request card.
    t.world.script([[12, 5]]);
    outs.push(await t.player.run(() => act({ action: "breakFree", attackerUuid: t.fighterToken.uuid, defenderUuid: t.ogreToken.uuid, declared: {} })));
    await t.world.settle();
    for (const c of [t.gm, t.player]) c.run(() => render(cards().at(-1) as FakeChatMessage));
    // The fighter's player pummels the goblin; the round ends; the GM undoes the grapple.
    t.world.fallbackFace = () => 1;
    outs.push(await t.player.run(() => act({ action: "pummel", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} })));
    await t.gm.run(() => combat.update({ round: 2 }, { direction: 1 }));
    for (let i = 0; i < 5; i++) await t.world.settle();
    await t.gm.run(async () => render(cards()[0] as FakeChatMessage).querySelector<HTMLButtonElement>('[data-wc-action="undo"]')?.click());
    for (let i = 0; i < 3; i++) await t.world.settle();
    expect(outs.map((o) => o.kind)).toEqual(["done", "done", "done"]);
    expect(cards()[0]?.getFlag(M, "card")).toMatchObject({ state: "undone" });
    expect(t.world.messages.contents.some((m) => m.getFlag(M, "roundCard"))).toBe(true);
    expect(logged.filter((args) => args.some((a) => frozenWrite.test(String(a)) || frozenWrite.test(String((a as Error | undefined)?.message ?? ""))))).toEqual([]);
  });
});
