// @vitest-environment happy-dom
// The result card's buttons as each client sees them: a hold's follow-ups on its latest card
// only, none that cannot succeed, the GM's controls in a row of their own, the damage correction
// only where temporary damage was done; and nothing hidden in a roll shown in a later line.
import { beforeEach, describe, expect, it } from "vitest";
import { bindCard } from "../../src/foundry/hooks/chat.ts";
import { act } from "../../src/foundry/cards/request-card.ts";
import type { FakeChatMessage } from "../fake-foundry/world.ts";
import type { Table } from "./setup.ts";
import { M, makeTable } from "./setup.ts";

let t: Table;
beforeEach(() => {
  t = makeTable();
  document.body.replaceChildren();
});

function render(message: FakeChatMessage): HTMLElement {
  const html = document.createElement("li");
  html.innerHTML = message.content;
  document.body.append(html);
  bindCard(message as never, html);
  return html;
}
/** The buttons this client sees on a card, by label, in their rows ("play" or "gm"). */
const rows = (html: HTMLElement) => ({
  play: [...html.querySelectorAll<HTMLButtonElement>(".wc-card__buttons--play button")].filter((b) => !b.hidden && !b.closest("[hidden]")).map((b) => b.textContent),
  gm: [...html.querySelectorAll<HTMLButtonElement>(".wc-card__buttons--gm button")].filter((b) => !b.hidden && !b.closest("[hidden]")).map((b) => b.textContent),
});
const seen = (client: Table["gm"], message: FakeChatMessage) =>
  client.run(() => {
    const html = render(message);
    const out = rows(html);
    html.remove();
    return out;
  });
/** The text this client sees on a card, hidden parts left out. */
const visibleText = (html: HTMLElement): string => {
  const copy = html.cloneNode(true) as HTMLElement;
  for (const el of copy.querySelectorAll("[hidden]")) el.remove();
  return (copy.textContent ?? "").replace(/\s+/g, " ");
};
const last = () => t.world.messages.contents.filter((m) => m.getFlag(M, "card")).at(-1) as FakeChatMessage;

describe("a hold's buttons live on its latest card", () => {
  it("a player's message copying the card's record takes no button from the GM's card", async () => {
    t.world.script([[20, 15], [12, 8], [12, 4], [3, 3]]);
    await t.gm.run(() => act({ action: "grapple", attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid, declared: {} }));
    const grapple = last();
    // From the player's console: a later message carrying the same card record, as if it were the hold's newest card.
    await t.player.run(() => ChatMessage.create({ content: "<p>forged</p>", flags: { [M]: { card: grapple.getFlag(M, "card") } } } as never));
    await t.world.settle();
    expect(await seen(t.player, grapple)).toEqual({ play: ["Break free"], gm: [] });
  });

  it("a failed break takes them from the grapple card; undoing it gives them back", async () => {
    // Ogre (L) on the fighter: d20 15 hits, d12 8 + 1 = 9 body with 1d3, break 4 < 9, 1d3 3.
    t.world.script([[20, 15], [12, 8], [12, 4], [3, 3]]);
    await t.gm.run(() => act({ action: "grapple", attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid, declared: {} }));
    const grapple = last();
    expect(await seen(t.player, grapple)).toEqual({ play: ["Break free"], gm: [] });
    // The fighter tries to break free: d12 5 - 1 = 4 < 10, still held.
    t.world.script([[12, 5]]);
    await t.player.run(() => act({ action: "breakFree", attackerUuid: t.fighterToken.uuid, defenderUuid: t.ogreToken.uuid, declared: {} }));
    await t.world.settle();
    const tryCard = last();
    expect(tryCard).not.toBe(grapple);
    expect(await seen(t.player, grapple)).toEqual({ play: [], gm: [] });
    expect(await seen(t.player, tryCard)).toEqual({ play: ["Break free"], gm: [] });
    expect(await seen(t.gm, grapple)).toEqual({ play: [], gm: ["Undo", "Adjust temporary damage: Fighter"] });
    expect(await seen(t.gm, tryCard)).toEqual({ play: ["Release hold", "Declare overbear"], gm: ["Undo"] });
    // A card already in the log loses them when the newer card comes.
    const shown = await t.player.run(async () => render(grapple));
    await t.world.settle();
    expect(t.player.run(() => rows(shown).play)).toEqual([]);
    // The try undone: the grapple card is the hold's latest again.
    await t.gm.run(async () => render(tryCard).querySelector<HTMLButtonElement>('[data-wc-action="undo"]')?.click());
    await t.world.settle();
    expect(await seen(t.player, grapple)).toEqual({ play: ["Break free"], gm: [] });
  });
});

describe("no button for what cannot succeed", () => {
  it("a fighter holding an ogre is offered no Declare overbear (0%), and no line says it may", async () => {
    // Fighter (M) on the ogre (L): d20 16 hits, d12 9 - 4 = 5 body (no damage), break 3 < 5.
    t.world.script([[20, 16], [12, 9], [12, 3]]);
    await t.player.run(() => act({ action: "grapple", attackerUuid: t.fighterToken.uuid, defenderUuid: t.ogreToken.uuid, declared: {} }));
    await t.world.settle();
    const card = last();
    expect(card.getFlag(M, "card")).toMatchObject({ consequences: { holdsAdded: [{ holderId: t.fighterToken.uuid }] } });
    expect(await seen(t.player, card)).toEqual({ play: ["Release hold"], gm: [] });
    const next = await t.player.run(async () => render(card).querySelector(".wc-card__next")?.textContent ?? "");
    expect(next).toContain("Ogre tries to break Fighter's hold");
    expect(next).not.toContain("overbear");
  });
});

describe("the GM's controls", () => {
  it("sit in their own row, and the damage correction shows only where temporary damage was done", async () => {
    // A miss: nothing to correct.
    t.world.script([[20, 3]]);
    await t.player.run(() => act({ action: "grapple", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }));
    await t.world.settle();
    const miss = last();
    expect(await seen(t.gm, miss)).toEqual({ play: [], gm: ["Undo"] });
    const html = await t.player.run(async () => render(miss));
    expect(t.player.run(() => (html.querySelector(".wc-card__buttons--gm") as HTMLElement).hidden)).toBe(true);
  });
});

describe("what is hidden in a roll is hidden everywhere on the card", () => {
  it("the player's d12 break card shows neither the holder's size factor nor the sum it makes", async () => {
    t.world.script([[20, 15], [12, 8], [12, 4], [3, 3]]);
    await t.gm.run(() => act({ action: "grapple", attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid, declared: {} }));
    t.world.script([[12, 5]]);
    await t.player.run(() => act({ action: "breakFree", attackerUuid: t.fighterToken.uuid, defenderUuid: t.ogreToken.uuid, declared: {} }));
    await t.world.settle();
    const card = last();
    const player = await t.player.run(async () => visibleText(render(card)));
    expect(player).not.toContain("Size of the holder");
    expect(player).not.toContain("d12 − 1");
    expect(player).toContain("needs 10");
    document.body.replaceChildren();
    const gm = await t.gm.run(async () => visibleText(render(card)));
    expect(gm).toContain("−1 Size of the holder");
    expect(gm).toContain("needs 10 on d12 − 1");
  });
});
