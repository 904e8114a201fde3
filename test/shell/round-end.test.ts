// @vitest-environment happy-dom
// The end of each round, run by the active GM's client exactly once (variant d12-holds).
import { beforeEach, describe, expect, it } from "vitest";
import { registerHooks } from "../../src/foundry/hooks/index.ts";
import { bindCard } from "../../src/foundry/hooks/chat.ts";
import { act } from "../../src/foundry/cards/request-card.ts";
import { launchAt } from "../../src/foundry/ui/launch.ts";
import type { FakeChatMessage, FakeCombat } from "../fake-foundry/world.ts";
import type { Table } from "./setup.ts";
import { M, makeTable, roundCardOf } from "./setup.ts";

let t: Table;
let combat: FakeCombat;
beforeEach(() => {
  t = makeTable();
  t.fighterToken.disposition = 1;
  t.goblinToken.x = 100; // next to the fighter
  t.goblinToken.disposition = -1;
  t.ogreToken.x = 1000; // well away
  t.ogreToken.disposition = -1;
  combat = t.world.addCombat([t.fighterToken, t.goblinToken, t.ogreToken], 1);
  t.ogreToken.actor.flags[M] = { ...(t.ogreToken.actor.flags[M] as object), temporary: 3 };
});

const halves = () => [t.fighterToken.actor, t.goblinToken.actor].flatMap((a) => [...a.effects].filter((e) => e.getFlag(M, "hold")));
const roundCards = () => t.world.messages.contents.filter((m) => m.getFlag(M, "roundCard"));
const state = () => combat.flags[M] as { processedRound?: number } | undefined;

async function goblinHoldsFighter(): Promise<void> {
  // Goblin (THAC0 20) on the fighter: AC 5 needs 15; goblin 6" -2, fighter 12" 0: d20 17 - 2 = 15 hits.
  // d12 9 - 2 (S on M) = 7: arm, no damage; break d12 1 fails.
  t.world.script([[20, 17], [12, 9], [12, 1]]);
  await t.gm.run(() => act({ action: "grapple", attackerUuid: t.goblinToken.uuid, defenderUuid: t.fighterToken.uuid, declared: {} }));
  expect(halves()).toHaveLength(2);
}

async function advance(round: number): Promise<void> {
  await t.gm.run(() => combat.update({ round }, { direction: 1 }));
  await t.world.settle();
}

/** The card's text as this client shows it (bound: numbers hidden from whom they are hidden). */
function seen(message: FakeChatMessage | undefined, client: Table["gm"]): string {
  return client.run(() => {
    const html = document.createElement("div");
    html.innerHTML = message?.content ?? "";
    bindCard(message as never, html);
    return [...html.querySelectorAll("li")].map((li) => [...li.childNodes].filter((n) => !(n instanceof HTMLElement) || !n.hidden).map((n) => n.textContent).join("")).join("\n");
  });
}

describe("end of round", () => {
  it("runs once when the round advances: break rolls from round two, healing out of melee", async () => {
    await goblinHoldsFighter();
    await advance(2);
    // Round 1: the hold was made this round, so no break roll; the ogre, out of melee, heals 1.
    expect(roundCards()).toHaveLength(1);
    expect(roundCards()[0]?.content).toContain("Ogre recovers 1 temporary damage");
    expect(t.ogreToken.actor.getFlag(M, "temporary")).toBe(2);
    expect(halves()).toHaveLength(2);
    // Round 2: the fighter rolls d12 + 2 (the goblin is two sizes... one size smaller: -(-2)) against 10: 8 breaks.
    t.world.script([[12, 8]]);
    await advance(3);
    expect(t.world.scriptedLeft).toBe(0);
    expect(roundCards()).toHaveLength(2);
    // The line names the holder and the hold; its numbers are the fighter's own, so its player sees them.
    expect(seen(roundCards()[1], t.player)).toContain("Fighter breaks Goblin's hold (Arm) (d12 8 + 2 = 10, needs 10: broke free)");
    expect(halves()).toEqual([]);
    expect(state()?.processedRound).toBe(2);
  });

  it("going back a round and forward again does nothing twice", async () => {
    await goblinHoldsFighter();
    await advance(2);
    await t.gm.run(() => combat.update({ round: 1 }, { direction: -1 }));
    await advance(2);
    expect(roundCards()).toHaveLength(1);
    expect(t.ogreToken.actor.getFlag(M, "temporary")).toBe(2);
  });

  it("a second GM tab does not run the round again", async () => {
    await goblinHoldsFighter();
    const second = t.world.connect(t.gmUser, registerHooks);
    t.world.fallbackFace = (sides) => sides;
    await advance(2);
    await advance(3);
    expect(roundCards()).toHaveLength(2);
    expect(t.ogreToken.actor.getFlag(M, "temporary")).toBe(1);
    t.world.disconnect(second);
  });

  it("players' clients never process a round", async () => {
    await goblinHoldsFighter();
    const mark = t.world.writes.length;
    await advance(2);
    expect(t.world.writes.slice(mark).every((w) => w.user === t.gmUser.id)).toBe(true);
  });

  it("a reload in the middle is finished by the next GM client, without applying anything twice", async () => {
    await goblinHoldsFighter();
    t.fighterToken.actor.flags[M] = { ...(t.fighterToken.actor.flags[M] as object), temporary: 1 };
    t.fighterToken.x = 2000; // the fighter steps away: it heals too once the hold is broken... still held this round
    const ogre = t.ogreToken.actor;
    // The unlinked ogre's healing goes out with the scene's token batch: the tab closes then.
    const scene = t.ogreToken.parent;
    const realUpdate = scene.updateEmbeddedDocuments.bind(scene);
    let cut = true;
    scene.updateEmbeddedDocuments = async (kind, updates, options) => {
      if (cut) {
        cut = false;
        // The tab is gone: this request never comes back.
        return new Promise<never>(() => undefined);
      }
      return realUpdate(kind, updates, options);
    };
    await advance(2);
    await t.world.settle();
    // The ledger first, the card last: the round card is named (with what it will be), not made.
    expect(roundCardOf(t.world, combat.id, 1)).toBeUndefined();
    expect(Object.values((combat.flags[M] as { cards?: Record<string, { s?: string; k?: string }> }).cards ?? {}).filter((c) => c.k === "roundCard")).toEqual([expect.objectContaining({ s: "writing" })]);
    expect(ogre.getFlag(M, "temporary")).toBe(3);
    // The GM reloads: a new client starts, makes the card once and finishes it.
    t.world.disconnect(t.gm);
    const gm2 = t.world.connect(t.gmUser, registerHooks);
    await t.world.settle();
    const card = roundCardOf(t.world, combat.id, 1) as FakeChatMessage;
    expect(t.world.messages.contents.filter((m) => m.getFlag(M, "roundCard"))).toHaveLength(1);
    expect(card.getFlag(M, "roundCard")).toMatchObject({ state: "applied" });
    expect(ogre.getFlag(M, "temporary")).toBe(2);
    // And running the resume again changes nothing.
    const { finishAll } = await import("../../src/foundry/cards/kinds.ts");
    await gm2.run(() => finishAll());
    expect(ogre.getFlag(M, "temporary")).toBe(2);
    expect(combat.flags[M]).toMatchObject({ processedRound: 1 });
  });

  it("a combat deleted in the middle stops the run", async () => {
    // Round 2 breaks the goblin's hold (effects, the first wave of writes) while the ogre, out of
    // melee, would heal a point (actor data, the second wave). The combat goes between the two.
    await goblinHoldsFighter();
    await advance(2);
    t.world.script([[12, 8]]);
    const fighter = t.fighterToken.actor;
    const realDelete = fighter.deleteEmbeddedDocuments.bind(fighter);
    fighter.deleteEmbeddedDocuments = async (kind, ids, options) => {
      const r = await realDelete(kind, ids, options);
      await t.gm.run(() => combat.delete());
      return r;
    };
    await advance(3);
    const card = roundCardOf(t.world, combat.id, 2) as FakeChatMessage;
    expect(card.getFlag(M, "roundCard")).toMatchObject({ state: "cancelled" });
    expect(halves()).toEqual([]);
    // The ogre's healing came after the combat was gone: not applied (2 after round 1's point).
    expect(t.ogreToken.actor.getFlag(M, "temporary")).toBe(2);
  });

  it("with 'GM confirms' the card waits for Apply; Undo puts things back", async () => {
    await t.gm.run(() => game.settings.set(M, "automation", "confirm"));
    await advance(2);
    const card = roundCards()[0] as FakeChatMessage;
    expect(card.content).toContain("Waiting for the GM");
    expect(t.ogreToken.actor.getFlag(M, "temporary")).toBe(3);
    const click = async (action: string) => {
      const html = document.createElement("li");
      html.innerHTML = card.content;
      bindCard(card as never, html);
      html.querySelector<HTMLButtonElement>(`[data-wc-action="${action}"]`)?.click();
      await t.world.settle();
    };
    await t.gm.run(() => click("apply"));
    expect(t.ogreToken.actor.getFlag(M, "temporary")).toBe(2);
    await t.gm.run(() => click("undo"));
    expect(t.ogreToken.actor.getFlag(M, "temporary")).toBe(3);
  });

  it("a declared overbear is rolled at the end of the round", async () => {
    await goblinHoldsFighter();
    await t.gm.run(() => act({ action: "overbear", attackerUuid: t.goblinToken.uuid, defenderUuid: t.fighterToken.uuid, declared: {} }));
    expect(combat.flags[M]).toMatchObject({ overbear: { "1": { [t.fighterToken.uuid]: [t.goblinToken.uuid] } } });
    // Arm 5, goblin S on M -20: -15%; d100 1 still fails.
    t.world.script([[100, 1]]);
    await advance(2);
    expect(t.world.scriptedLeft).toBe(0);
    expect(seen(roundCards()[0], t.player)).toContain("Fighter keeps their feet against Goblin (d100 1, needs -15 or less: keeps its feet)");
    expect(combat.flags[M]).toMatchObject({ overbear: {} });
  });

  it("a declaration is no roll: its button says Declare, and a second one in the round is refused with no card (issue 34)", async () => {
    await goblinHoldsFighter();
    let labels: string[] = [];
    t.world.onDialog = async (d) => {
      labels = d.config.buttons.map((b) => b.label);
      return d.press("roll");
    };
    const first = await t.gm.run(() => launchAt(t.goblinToken as never, t.fighterToken as never, "overbear"));
    expect(labels[0]).toBe("Declare");
    expect(first?.kind).toBe("done");
    const cards = () => t.world.messages.contents.filter((m) => m.getFlag(M, "card")).length;
    const before = cards();
    const again = await t.gm.run(() => act({ action: "overbear", attackerUuid: t.goblinToken.uuid, defenderUuid: t.fighterToken.uuid, declared: {} }));
    expect(again).toMatchObject({ kind: "refused", key: "WC.Refuse.alreadyDeclared" });
    expect(cards()).toBe(before);
    expect(t.world.scriptedLeft).toBe(0);
  });

  it("a declared card shows that it was declared and offers no Declare overbear button; the goblin's other hold buttons stay (issue 34)", async () => {
    await goblinHoldsFighter();
    await t.gm.run(() => act({ action: "overbear", attackerUuid: t.goblinToken.uuid, defenderUuid: t.fighterToken.uuid, declared: {} }));
    const card = t.world.messages.contents.filter((m) => m.getFlag(M, "card")).at(-1) as FakeChatMessage;
    const el = document.createElement("div");
    el.innerHTML = card.content;
    const follows = [...el.querySelectorAll<HTMLElement>("[data-wc-follow]")].map((b) => `${b.dataset.wcFollow}:${b.textContent}`);
    expect(follows).not.toContain("overbear:Declare overbear");
    expect(follows).toContain("release:Release hold");
    expect([...el.querySelectorAll(".wc-tag--declared")].map((x) => x.textContent)).toEqual(["Overbear declared"]);
    // Undone, the declaration no longer stands: no tag.
    await t.gm.run(async () => {
      const html = document.createElement("li");
      html.innerHTML = card.content;
      bindCard(card as never, html);
      html.querySelector<HTMLButtonElement>('[data-wc-action="undo"]')?.click();
      await t.world.settle();
    });
    expect((t.world.messages.get(card.id) as FakeChatMessage).getFlag(M, "card")).toMatchObject({ state: "undone" });
    const again = document.createElement("div");
    again.innerHTML = (t.world.messages.get(card.id) as FakeChatMessage).content;
    expect(again.querySelectorAll(".wc-tag--declared")).toHaveLength(0);
  });
});
