// @vitest-environment happy-dom
// A long campaign's chat log (issue 32): a tab opening on a hundred and more of the module's cards reads
// the log once, drawing every card reads it no more, and an action afterwards reads none of it;
// the hold's buttons are still on its latest card alone.
import { beforeEach, describe, expect, it } from "vitest";
import { registerHooks } from "../../src/foundry/hooks/index.ts";
import { bindCard } from "../../src/foundry/hooks/chat.ts";
import { act } from "../../src/foundry/cards/request-card.ts";
import { Collection } from "../fake-foundry/collection.ts";
import { FakeChatMessage } from "../fake-foundry/world.ts";
import type { Table } from "./setup.ts";
import { M, makeTable } from "./setup.ts";

let t: Table;
beforeEach(() => {
  t = makeTable();
  document.body.replaceChildren();
});

/**
 * Counts every pass over the chat log (its iterator and its `contents`, which the collection's
 * helpers use) made by a connected tab (in the fake, a closed tab's code may run on).
 */
function countPasses(): { n: number } {
  const count = { n: 0 };
  const connected = () => {
    try {
      return t.world.clients.includes(t.world.current());
    } catch {
      return false;
    }
  };
  const log = t.world.messages as unknown as Record<PropertyKey, unknown>;
  const iterate = Collection.prototype[Symbol.iterator];
  const contents = Object.getOwnPropertyDescriptor(Collection.prototype, "contents")?.get as () => unknown[];
  Object.defineProperty(log, Symbol.iterator, { configurable: true, value: function (this: Collection<unknown>) {
    if (connected()) count.n++;
    return iterate.call(this);
  } });
  Object.defineProperty(log, "contents", { configurable: true, get(this: Collection<unknown>) {
    if (connected()) count.n++;
    return contents.call(this);
  } });
  return count;
}

const CARDS = 120;

describe("a long chat log", () => {
  it(`a GM's tab opening on ${CARDS} of the module's cards reads the log once; drawing them all and a grapple after read it no more`, async () => {
    // The ogre holds the fighter (d20 15 hits, d12 8 + 1 body, break 4 fails, 1d3 3): one real card...
    t.world.script([[20, 15], [12, 8], [12, 4], [3, 3]]);
    await t.gm.run(() => act({ action: "grapple", attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid, declared: {} }));
    const card = t.world.messages.contents.find((m) => m.getFlag(M, "card")) as FakeChatMessage;
    // ...and as many again in the log as a world loaded from disk has them (no hook announced them), the last the newest.
    // Each named in the ledger as the GM's tab names the cards it posts (issue 33, finding 18).
    const { sealOf } = await import("../../src/foundry/cards/card-ledger.ts");
    const scene = t.fighterToken.parent;
    const named = ((scene.flags[M] ??= {}) as Record<string, Record<string, unknown>>);
    named.cards ??= {};
    for (let i = 0; i < CARDS; i++) {
      const id = `Long${String(i).padStart(12, "0")}`;
      t.world.messages.set(id, new FakeChatMessage(t.world, id, t.gmUser, { content: card.content, flags: card.flags }));
      (named.cards as Record<string, unknown>)[id] = { k: "card", a: `card|${id}`, h: sealOf(card.getFlag(M, "card")), n: 2 + i, s: "made" };
    }
    t.world.disconnect(t.gm);
    const passes = countPasses();
    t.gm = t.world.connect(t.gmUser, registerHooks);
    await t.world.settle();
    expect(passes.n).toBeLessThanOrEqual(1);
    passes.n = 0;
    const drawn = t.gm.run(() =>
      [...t.world.messages.values()].map((m) => {
        const html = document.createElement("li");
        html.innerHTML = m.content;
        document.body.append(html);
        bindCard(m as never, html);
        return html;
      }),
    );
    await t.world.settle();
    expect(passes.n).toBe(0);
    // The hold's buttons live on the newest card alone.
    const play = (html: HTMLElement) => [...html.querySelectorAll<HTMLButtonElement>(".wc-card__buttons--play button")].filter((b) => !b.hidden).map((b) => b.textContent);
    expect(t.gm.run(() => play(drawn.at(-1) as HTMLElement))).toEqual(["Release hold", "Declare overbear"]);
    expect(t.gm.run(() => drawn.slice(0, -1).filter((h) => play(h).length > 0))).toEqual([]);
    // The ogre lets go: the GM's tab reads none of the log, and the newest card's buttons go.
    await t.gm.run(() => act({ action: "release", attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid, declared: {} }));
    await t.world.settle();
    expect(passes.n).toBe(0);
    expect(t.gm.run(() => play(drawn.at(-1) as HTMLElement))).toEqual([]);
  });
});
