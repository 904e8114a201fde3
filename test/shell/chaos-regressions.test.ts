// @vitest-environment happy-dom
// Defects the randomised evenings (test/chaos/) found in the shell, each pinned by a test named
// after it, in the order they were found.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { answerStrike } from "../../src/foundry/cards/request-card.ts";
import { act } from "../../src/foundry/cards/request-card.ts";
import { launch } from "../../src/foundry/ui/launch.ts";
import type { FakeActor as FakeActorClass, FakeChatMessage } from "../fake-foundry/world.ts";
import type { Table } from "./setup.ts";
import { M, makeTable, roundCardOf, tableFor } from "./setup.ts";

let t: Table;
beforeEach(() => {
  t = makeTable();
});

/** Runs `fn` and checks that nothing was logged as an error meanwhile. */
async function withoutErrors(fn: () => Promise<unknown>): Promise<void> {
  const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
  try {
    await fn();
    expect(errors).not.toHaveBeenCalled();
  } finally {
    errors.mockRestore();
  }
}

const strikeCards = () => t.world.messages.contents.filter((m) => m.getFlag(M, "strike"));
const resultCards = () => t.world.messages.contents.filter((m) => m.getFlag(M, "card"));
const hp = (a: { system: unknown }) => (a.system as { attributes: { hp: { value: number } } }).attributes.hp.value;
const pummel = (a: { uuid: string }, d: { uuid: string }) => ({ action: "pummel", attackerUuid: a.uuid, defenderUuid: d.uuid, declared: {} });

/** What the result cards say the ogre took, summed. */
function dealtToOgre(): { actual: number; temporary: number; blows: number } {
  const entries = resultCards().flatMap((m) => (m.getFlag(M, "card") as { consequences: { damage: Array<{ targetId: string; actual: number; temporary: number }> } }).consequences.damage).filter((d) => d.targetId === t.ogreToken.uuid);
  return { actual: entries.reduce((s, d) => s + d.actual, 0), temporary: entries.reduce((s, d) => s + d.temporary, 0), blows: entries.length };
}

describe("defects found by the chaos runs", () => {
  it("a HUD action on a target deleted since it was targeted says the token is gone, and throws nothing", async () => {
    t.player.user.targets.add(t.goblinToken.object);
    await t.gm.run(() => t.goblinToken.delete());
    const mark = t.world.writes.length;
    const out = await t.player.run(() => launch(t.fighterToken as never, "grapple"));
    expect(out).toBeNull();
    expect(t.player.notifications.map((n) => n.message)).toEqual(["One of the tokens no longer exists."]);
    expect(t.world.writes.length).toBe(mark);
  });

  it("the GM answering a question whose attacker's token is gone is refused, and throws nothing", async () => {
    // The ogre charges the fighter (a player's): the card asks the fighter's player first.
    expect(await t.gm.run(() => act({ action: "chargingOverbear", attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid, declared: {} }))).toMatchObject({ kind: "waiting" });
    await t.gm.run(() => t.ogreToken.delete());
    await t.world.settle();
    const mark = t.world.writes.length;
    const out = await t.gm.run(() => answerStrike(strikeCards()[0] as FakeChatMessage as never, "hit"));
    expect(out).toMatchObject({ kind: "refused", key: "WC.Refuse.tokenGone" });
    expect(t.gm.notifications.at(-1)?.message).toBe("One of the tokens no longer exists.");
    expect(t.world.writes.length).toBe(mark);
  });
});

describe("the GM's work is done one piece at a time", () => {
  it("two requests carried out at once both count: the second is worked out after the first is written", async () => {
    // Every die at its highest: both pummels hit the ogre and deal damage.
    t.world.fallbackFace = (sides) => sides;
    const before = hp(t.ogreToken.actor);
    const outs = await t.player.run(() => Promise.all([act(pummel(t.fighterToken, t.ogreToken)), act(pummel(t.fighterToken, t.ogreToken))]));
    expect(outs.map((o) => o.kind)).toEqual(["done", "done"]);
    const dealt = dealtToOgre();
    expect(dealt.blows).toBe(2);
    expect(hp(t.ogreToken.actor)).toBe(before - dealt.actual);
    expect(t.ogreToken.actor.getFlag(M, "temporary") ?? 0).toBe(dealt.temporary);
    expect(t.world.overlaps).toEqual([]);
  });

  it("two GM tabs in one browser take turns: two requests at once, both counted, no simultaneous writes", async () => {
    const second = t.world.connect(t.gmUser, (await import("../../src/foundry/hooks/index.ts")).registerHooks);
    t.world.fallbackFace = (sides) => sides;
    const before = hp(t.ogreToken.actor);
    await t.player.run(() => Promise.all([act(pummel(t.fighterToken, t.ogreToken)), act(pummel(t.fighterToken, t.ogreToken))]));
    await t.world.settle();
    const dealt = dealtToOgre();
    expect(dealt.blows).toBe(2);
    expect(hp(t.ogreToken.actor)).toBe(before - dealt.actual);
    expect(t.world.overlaps).toEqual([]);
    t.world.disconnect(second);
  });

  it("without Web Locks (a page not served over HTTPS) one tab still takes its work one piece at a time", async () => {
    t = makeTable({ world: { webLocks: false } });
    t.world.fallbackFace = (sides) => sides;
    const before = hp(t.ogreToken.actor);
    await t.player.run(() => Promise.all([act(pummel(t.fighterToken, t.ogreToken)), act(pummel(t.fighterToken, t.ogreToken))]));
    const dealt = dealtToOgre();
    expect(dealt.blows).toBe(2);
    expect(hp(t.ogreToken.actor)).toBe(before - dealt.actual);
    expect(t.world.overlaps).toEqual([]);
  });
});

describe("a creature deleted while a result is written", () => {
  it("a round end whose creature's token is deleted mid-write still applies to the others and finishes its card", async () => {
    // Two unlinked ogres far from the fight, each with temporary damage to heal at the round's end.
    const ogre2 = t.world.addToken(t.ogreToken.parent, t.ogre, { linked: false, name: "Ogre 2", x: 1500 });
    t.ogreToken.x = 1000;
    for (const [token, temporary] of [[t.ogreToken, 3], [ogre2, 2]] as const) token.actor.flags[M] = { ...(token.actor.flags[M] as object), temporary };
    const combat = t.world.addCombat([t.fighterToken, t.goblinToken, t.ogreToken, ogre2], 1);
    // The healing of both goes out in the scene's one token batch: the first ogre's token is deleted just before it.
    const scene = t.ogreToken.parent;
    const real = scene.updateEmbeddedDocuments.bind(scene);
    let first = true;
    scene.updateEmbeddedDocuments = async (kind, updates, options) => {
      if (first) {
        first = false;
        await t.gm.run(() => t.ogreToken.delete());
      }
      return real(kind, updates, options);
    };
    await t.gm.run(() => combat.update({ round: 2 }, { direction: 1 }));
    await t.world.settle();
    expect(roundCardOf(t.world, combat.id, 1)?.getFlag(M, "roundCard")).toMatchObject({ state: "applied" });
    expect(ogre2.actor.getFlag(M, "temporary")).toBe(1);
  });
});

describe("a GM's tab that closes while it writes a result", () => {
  /** The ogre grapples the fighter (body hold, 1 real and 2 temporary); the tab closes as the fighter's half goes out. */
  async function cutShort(): Promise<FakeChatMessage | undefined> {
    t.world.script([[20, 15], [12, 8], [12, 4], [3, 3]]);
    const real = t.fighter.createEmbeddedDocuments.bind(t.fighter);
    t.fighter.createEmbeddedDocuments = async (kind, data, options) => {
      t.fighter.createEmbeddedDocuments = real;
      t.world.disconnect(t.gm, "lost");
      return real(kind, data, options);
    };
    void t.gm.run(() => act({ action: "grapple", attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid, declared: {} }));
    await t.world.settle();
    return resultCards()[0];
  }
  const halves = () => [t.fighter, t.ogreToken.actor].flatMap((a) => [...a.effects].filter((e) => e.getFlag(M, "hold")));
  /** Another tab: its own copy of the module, as a browser tab has (nothing shared with the closed one). */
  async function newTab(): Promise<void> {
    vi.resetModules();
    const { registerHooks } = await import("../../src/foundry/hooks/index.ts");
    t.world.connect(t.gmUser, registerHooks);
  }

  it("a result its GM's tab left half written is finished by the GM's other tab", async () => {
    await newTab();
    await cutShort();
    await t.world.settle();
    expect(resultCards()).toHaveLength(1);
    expect(resultCards()[0]?.getFlag(M, "card")).toMatchObject({ state: "applied" });
    expect(halves()).toHaveLength(2);
    expect(hp(t.fighter)).toBe(29);
    expect(t.fighter.getFlag(M, "temporary")).toBe(2);
  });

  it("a player's tab, hearing the GM go and come back, leaves the half-written result to the GM", async () => {
    // The player's own tab: its own copy of the module.
    vi.resetModules();
    t.world.connect(t.alice, (await import("../../src/foundry/hooks/index.ts")).registerHooks);
    const mark = t.world.writes.length;
    await cutShort();
    await newTab();
    await t.world.settle();
    expect(t.world.writes.slice(mark).filter((w) => w.user === t.alice.id)).toEqual([]);
    expect(t.world.permissionRefusals.filter((r) => r.user === t.alice.id)).toEqual([]);
  });

  it("a result its GM's only tab left half written is finished when the GM's tab opens again, once", async () => {
    // The ledger first, the card last: the tab closed with the card named "writing" and not made.
    expect(await cutShort()).toBeUndefined();
    expect(hp(t.fighter)).toBe(30);
    await newTab();
    await t.world.settle();
    expect(resultCards()).toHaveLength(1);
    const card = resultCards()[0] as FakeChatMessage;
    expect(card.getFlag(M, "card")).toMatchObject({ state: "applied" });
    expect(halves()).toHaveLength(2);
    expect(hp(t.fighter)).toBe(29);
    // Another tab opening later finds nothing to do.
    await newTab();
    await t.world.settle();
    expect(resultCards()).toHaveLength(1);
    expect(hp(t.fighter)).toBe(29);
    expect(halves()).toHaveLength(2);
  });
});

describe("undo takes back its own result only", () => {
  it("undoing an earlier card keeps the damage of a card applied after it", async () => {
    const { handleCardAction } = await import("../../src/foundry/cards/kinds.ts");
    // The ogre's body hold on the fighter: 1 real and 2 temporary (30 -> 29, 0 -> 2).
    t.world.script([[20, 15], [12, 8], [12, 4], [3, 3]]);
    const first = await t.gm.run(() => act({ action: "grapple", attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid, declared: {} }));
    expect([hp(t.fighter), t.fighter.getFlag(M, "temporary")]).toEqual([29, 2]);
    // Then the goblin pummels the fighter, every die at its highest.
    t.world.fallbackFace = (sides) => sides;
    await t.gm.run(() => act(pummel(t.goblinToken, t.fighterToken)));
    const second = resultCards().at(-1) as FakeChatMessage;
    const dealt = (second.getFlag(M, "card") as { consequences: { damage: Array<{ targetId: string; actual: number; temporary: number }> } }).consequences.damage.find((d) => d.targetId === t.fighterToken.uuid);
    expect(dealt).toBeDefined();
    // Undo the first: its 1 and 2 come off; the pummel's stay.
    const message = t.world.messages.get((first as { messageId: string }).messageId) as FakeChatMessage;
    expect(await t.gm.run(() => handleCardAction(message as never, "undo"))).toMatchObject({ state: "undone" });
    expect(hp(t.fighter)).toBe(30 - (dealt?.actual ?? 0));
    expect(t.fighter.getFlag(M, "temporary")).toBe(dealt?.temporary ?? 0);
    expect([...t.fighter.effects].filter((e) => e.getFlag(M, "hold"))).toEqual([]);
  });

  it.each([false, true])("undoing a release whose other creature's token is gone brings back no half of the hold (goblin linked: %s)", async (goblinLinked) => {
    t = makeTable({ goblinLinked });
    const { handleCardAction } = await import("../../src/foundry/cards/kinds.ts");
    // Fighter on goblin: arm hold, no damage (d20 8 + 2 hits; d12 6 + 1 = 7; break 2 fails).
    t.world.script([[20, 8], [12, 6], [12, 2]]);
    await t.gm.run(() => act({ action: "grapple", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }));
    const released = await t.gm.run(() => act({ action: "release", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }));
    await t.gm.run(() => t.goblinToken.delete());
    await t.world.settle();
    const message = t.world.messages.get((released as { messageId: string }).messageId) as FakeChatMessage;
    await t.gm.run(() => handleCardAction(message as never, "undo"));
    expect([...t.fighter.effects].filter((e) => e.getFlag(M, "hold"))).toEqual([]);
  });
});

describe("undo brings back a hold only where it still belongs", () => {
  it.each(["combatant", "combat"] as const)("undoing a release after the %s is gone brings back no half of a hold made in that combat", async (what) => {
    const { handleCardAction } = await import("../../src/foundry/cards/kinds.ts");
    const combat = t.world.addCombat([t.fighterToken, t.goblinToken, t.ogreToken], 1);
    // Fighter on goblin: arm hold, no damage (d20 8 + 2 hits; d12 6 + 1 = 7; break 2 fails).
    t.world.script([[20, 8], [12, 6], [12, 2]]);
    await t.gm.run(() => act({ action: "grapple", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }));
    const halves = () => [t.fighter, t.goblinToken.actor].flatMap((a) => [...a.effects].filter((e) => e.getFlag(M, "hold")));
    expect(halves().map((e) => e.getFlag(M, "combat"))).toEqual([combat.id, combat.id]);
    const released = await t.gm.run(() => act({ action: "release", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }));
    await t.gm.run(() => (what === "combat" ? combat.delete() : (combat.combatants.find((c) => c.token === t.goblinToken)?.delete() ?? Promise.resolve())));
    await t.world.settle();
    const message = t.world.messages.get((released as { messageId: string }).messageId) as FakeChatMessage;
    await withoutErrors(() => t.gm.run(() => handleCardAction(message as never, "undo")));
    await t.world.settle();
    expect(message.getFlag(M, "card")).toMatchObject({ state: "undone" });
    expect(halves()).toEqual([]);
  });

  it("undoing a release after the two have grappled again (a hold of the same id) makes no second pair", async () => {
    const { handleCardAction } = await import("../../src/foundry/cards/kinds.ts");
    // Fighter on goblin: arm hold (d20 8 + 2 hits; d12 6 + 1 = 7; break 2 fails), released, and taken again.
    t.world.script([[20, 8], [12, 6], [12, 2], [20, 8], [12, 6], [12, 2]]);
    await t.gm.run(() => act({ action: "grapple", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }));
    const released = await t.gm.run(() => act({ action: "release", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }));
    await t.gm.run(() => act({ action: "grapple", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }));
    const halves = () => [t.fighter, t.goblinToken.actor].flatMap((a) => [...a.effects].filter((e) => e.getFlag(M, "hold")));
    const ids = () => halves().map((e) => (e.getFlag(M, "hold") as { record: { id: string }; role: string }).record.id);
    expect(halves()).toHaveLength(2);
    const [again] = ids();
    const message = t.world.messages.get((released as { messageId: string }).messageId) as FakeChatMessage;
    await t.gm.run(() => handleCardAction(message as never, "undo"));
    await t.world.settle();
    expect(message.getFlag(M, "card")).toMatchObject({ state: "undone" });
    // The hold taken again stands; the released one does not come back beside it under its id.
    expect(ids()).toEqual([again, again]);
  });

  it("undoing a release while both are still in the fight brings the hold back whole", async () => {
    const { handleCardAction } = await import("../../src/foundry/cards/kinds.ts");
    t.world.addCombat([t.fighterToken, t.goblinToken, t.ogreToken], 1);
    t.world.script([[20, 8], [12, 6], [12, 2]]);
    await t.gm.run(() => act({ action: "grapple", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }));
    const released = await t.gm.run(() => act({ action: "release", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }));
    const message = t.world.messages.get((released as { messageId: string }).messageId) as FakeChatMessage;
    await t.gm.run(() => handleCardAction(message as never, "undo"));
    await t.world.settle();
    expect([t.fighter, t.goblinToken.actor].map((a) => [...a.effects].filter((e) => e.getFlag(M, "hold")).length)).toEqual([1, 1]);
  });
});

describe("a combat deleted as its round ends", () => {
  it("the round's card stays, waiting for the GM, and nothing is thrown", async () => {
    await t.gm.run(() => game.settings.set(M, "automation", "confirm"));
    const combat = t.world.addCombat([t.fighterToken, t.goblinToken, t.ogreToken], 1);
    // The GM ends the fight just as the module posts the round's card.
    t.gm.run(() => Hooks.on("createChatMessage", ((m: FakeChatMessage) => void (m.getFlag(M, "roundCard") && t.gm.run(() => combat.delete()))) as never));
    await withoutErrors(async () => {
      await t.gm.run(() => combat.update({ round: 2 }, { direction: 1 }));
      await t.world.settle();
    });
    expect(t.world.combats.has(combat.id)).toBe(false);
    expect(t.world.messages.contents.filter((m) => m.getFlag(M, "roundCard"))).toHaveLength(1);
  });
});

describe("a condition timed by a combat", () => {
  it.each(["combatant", "combat"] as const)("ends when its %s is removed: nothing would count its clock down", async (what) => {
    t = await tableFor("grapple-die");
    const combat = t.world.addCombat([t.fighterToken, t.goblinToken, t.ogreToken], 1);
    // Default profiles: d20 20 hits; grapple die 20 reads the project table's 20+ row (head lock
    // kept, stunned 10 segments, 1d4): the stun's clock is kept on the combat.
    t.world.script([[20, 20], [20, 20], [4, 1]]);
    await t.gm.run(() => act({ action: "grapple", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: { freeAttack: "harmless" } }));
    const stunned = () => [...t.goblinToken.actor.effects].filter((e) => e.getFlag(M, "condition") === "stunned");
    expect(stunned()).toHaveLength(1);
    expect(combat.flags[M]).toMatchObject({ timers: [{ id: t.goblinToken.uuid, condition: "stunned" }] });
    await t.gm.run(() => (what === "combat" ? combat.delete() : (combat.combatants.find((c) => c.token === t.goblinToken)?.delete() ?? Promise.resolve())));
    await t.world.settle();
    expect(stunned()).toEqual([]);
  });
});

describe("a round end no GM's tab heard of", () => {
  it("is processed, once, when a GM's tab opens", async () => {
    // The GM's tab misses the combat's update (fault injection: a lost message, as a desynchronised tab has).
    let deaf = true;
    t = makeTable({ world: { delivery: (hook, client) => (deaf && hook === "updateCombat" && client.user.isGM ? 0 : 1) } });
    await t.world.settle();
    const combat = t.world.addCombat([t.fighterToken, t.goblinToken, t.ogreToken], 1);
    await t.gm.run(() => combat.update({ round: 2 }, { direction: 1 }));
    await t.world.settle();
    expect(roundCardOf(t.world, combat.id, 1)).toBeUndefined();
    deaf = false;
    // The GM reloads: the end of round 1 is due and is run.
    t.world.disconnect(t.gm);
    vi.resetModules();
    const { registerHooks } = await import("../../src/foundry/hooks/index.ts");
    const back = t.world.connect(t.gmUser, registerHooks);
    await t.world.settle();
    expect(roundCardOf(t.world, combat.id, 1)).toBeDefined();
    expect(combat.flags[M]).toMatchObject({ processedRound: 1 });
    // Another start finds nothing more to do.
    t.world.disconnect(back);
    t.world.connect(t.gmUser, registerHooks);
    await t.world.settle();
    expect(t.world.messages.contents.filter((m) => m.getFlag(M, "roundCard"))).toHaveLength(1);
  });
});

describe("what a GM's tab missed is put right when it starts", () => {
  async function reopenGM(): Promise<void> {
    vi.resetModules();
    t.world.connect(t.gmUser, (await import("../../src/foundry/hooks/index.ts")).registerHooks);
    await t.world.settle();
  }
  const halves = () => [t.fighter, t.goblinToken.actor].flatMap((a) => [...a.effects].filter((e) => e.getFlag(M, "hold")));

  it("a player's half of a hold removed while no GM was connected is put back from the GM's creature's half when a GM's tab opens (holds end by the rules or the GM)", async () => {
    // Fighter on goblin: arm hold (d20 8 + 2 hits; d12 6 + 1 = 7; break 2 fails).
    t.world.script([[20, 8], [12, 6], [12, 2]]);
    await t.gm.run(() => act({ action: "grapple", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }));
    expect(halves()).toHaveLength(2);
    t.world.disconnect(t.gm);
    const mine = [...t.fighter.effects].find((e) => e.getFlag(M, "hold"));
    await t.player.run(() => mine?.delete());
    await t.world.settle();
    expect(halves()).toHaveLength(1);
    await reopenGM();
    expect(halves()).toHaveLength(2);
    // Made again from the ledger (at a fresh id: nothing a player puts at the old one can stop it).
    expect([...t.fighter.effects].find((e) => e.getFlag(M, "hold"))?.getFlag(M, "hold")).toMatchObject({ record: (mine?.getFlag(M, "hold") as { record: unknown }).record, role: "holder" });
  });

  it("the holds and timed conditions of a combat deleted while the GM's tab missed it go when the tab reloads", async () => {
    t = await tableFor("grapple-die", { world: { delivery: (hook, client) => (hook === "deleteCombat" && client.user.isGM ? 0 : 1) } });
    await t.world.settle();
    const combat = t.world.addCombat([t.fighterToken, t.goblinToken, t.ogreToken], 1);
    // A top grapple-die result: head lock kept, the goblin stunned 10 segments (the combat keeps the clock).
    t.world.script([[20, 20], [20, 20], [4, 1]]);
    await t.gm.run(() => act({ action: "grapple", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: { freeAttack: "harmless" } }));
    const mine = () => [t.fighter, t.goblinToken.actor].flatMap((a) => [...a.effects].filter((e) => e.getFlag(M, "hold") || e.getFlag(M, "condition") === "stunned"));
    expect(mine()).toHaveLength(3);
    await t.gm.run(() => combat.delete());
    await t.world.settle();
    expect(mine()).toHaveLength(3);
    t.world.disconnect(t.gm);
    await reopenGM();
    expect(mine()).toEqual([]);
  });

  it("a round card applied after a creature's token was deleted leaves it out and throws nothing", async () => {
    const { handleCardAction } = await import("../../src/foundry/cards/kinds.ts");
    await t.gm.run(() => game.settings.set(M, "automation", "confirm"));
    // The ogre, far off with 3 temporary damage, heals 1 at the round's end; the goblin is next to the fighter.
    t.ogreToken.x = 1000;
    t.ogreToken.actor.flags[M] = { ...(t.ogreToken.actor.flags[M] as object), temporary: 3 };
    const ogre2 = t.world.addToken(t.ogreToken.parent, t.ogre, { linked: false, name: "Ogre 2", x: 1500 });
    ogre2.actor.flags[M] = { ...(ogre2.actor.flags[M] as object), temporary: 2 };
    const combat = t.world.addCombat([t.fighterToken, t.goblinToken, t.ogreToken, ogre2], 1);
    await t.gm.run(() => combat.update({ round: 2 }, { direction: 1 }));
    await t.world.settle();
    const card = roundCardOf(t.world, combat.id, 1) as FakeChatMessage;
    expect(card.getFlag(M, "roundCard")).toMatchObject({ state: "pending" });
    await t.gm.run(() => t.ogreToken.delete());
    await t.world.settle();
    await withoutErrors(async () => expect((await t.gm.run(() => handleCardAction(card as never, "apply"))).kind).toBe("done"));
    expect(card.getFlag(M, "roundCard")).toMatchObject({ state: "applied" });
    expect(ogre2.actor.getFlag(M, "temporary")).toBe(1);
  });
});

describe("a round card the GM applies by hand, whose tab closes mid-write", () => {
  const newGMTab = async () => {
    vi.resetModules();
    return t.world.connect(t.gmUser, (await import("../../src/foundry/hooks/index.ts")).registerHooks);
  };

  /** The round's card waiting for the GM: the fighter, far from everyone with 3 temporary damage, heals 1. */
  async function pendingCard(): Promise<{ card: FakeChatMessage; combat: ReturnType<Table["world"]["addCombat"]> }> {
    await t.gm.run(() => game.settings.set(M, "automation", "confirm"));
    t.fighterToken.x = 1500;
    t.fighter.flags[M] = { ...(t.fighter.flags[M] as object), temporary: 3 };
    const combat = t.world.addCombat([t.fighterToken, t.goblinToken, t.ogreToken], 1);
    await t.gm.run(() => combat.update({ round: 2 }, { direction: 1 }));
    await t.world.settle();
    const card = roundCardOf(t.world, combat.id, 1) as FakeChatMessage;
    expect(card.getFlag(M, "roundCard")).toMatchObject({ state: "pending" });
    return { card, combat };
  }

  /** The GM presses Apply; the tab closes as the fighter's hit points go out. */
  async function applyCutShort(card: FakeChatMessage, inFlight: "lost" | "applied"): Promise<void> {
    const { handleCardAction } = await import("../../src/foundry/cards/kinds.ts");
    // The world's own class (a module loaded again after a reset would be another copy).
    const FakeActor = t.fighter.constructor as typeof FakeActorClass;
    const real = FakeActor.updateDocuments.bind(FakeActor);
    FakeActor.updateDocuments = async (updates, options) => {
      FakeActor.updateDocuments = real;
      t.world.disconnect(t.gm, inFlight);
      return real(updates, options);
    };
    try {
      void t.gm.run(() => handleCardAction(card as never, "apply"));
      await t.world.settle();
    } finally {
      FakeActor.updateDocuments = real;
    }
  }

  it.each(["lost", "applied"] as const)("the ledger names the Apply begun before anything else is written, and the next GM tab finishes it once (the write on its way: %s)", async (inFlight) => {
    const { card, combat } = await pendingCard();
    await applyCutShort(card, inFlight);
    // Whatever reached the server, the ledger (the combat's flags, which only a GM writes) says the
    // Apply was begun, with the undo record as foreseen, while the card still waits: no request of its own.
    expect(card.getFlag(M, "roundCard")).toMatchObject({ state: "pending" });
    expect((combat.flags[M] as { cards: Record<string, { w?: unknown }> }).cards[card.id]?.w).toMatchObject({ s: "applying", u: expect.any(Array) });
    const back = await newGMTab();
    await t.world.settle();
    expect(card.getFlag(M, "roundCard")).toMatchObject({ state: "applied" });
    expect(t.fighter.getFlag(M, "temporary")).toBe(2);
    expect(combat.flags[M]).toMatchObject({ processedRound: 1 });
    // Another start finds nothing to do.
    t.world.disconnect(back);
    await newGMTab();
    await t.world.settle();
    expect(t.fighter.getFlag(M, "temporary")).toBe(2);
  });

  it("with the GM's other tab open, that tab finishes it at once", async () => {
    const { card } = await pendingCard();
    await newGMTab();
    await applyCutShort(card, "lost");
    expect(card.getFlag(M, "roundCard")).toMatchObject({ state: "applied" });
    expect(t.fighter.getFlag(M, "temporary")).toBe(2);
  });
});

describe("a write that landed meanwhile", () => {
  it("a creation refused because its id exists already (a closed tab's last request landed first) counts as done, and the rest goes", async () => {
    const { writeAll } = await import("../../src/foundry/gm/writes.ts");
    const made = { _id: "AAAAAAAAAAAAAAAA", name: "made already", statuses: ["prone"], duration: {} };
    const also = { _id: "BBBBBBBBBBBBBBBB", name: "still to make", statuses: ["stun"], duration: {} };
    await t.gm.run(() => t.fighter.createEmbeddedDocuments("ActiveEffect", [made], { keepId: true }));
    await withoutErrors(() => t.gm.run(() => writeAll([{ actor: t.fighter as never, creates: [made, also], updates: [], deletes: [], data: {} }])));
    expect([...t.fighter.effects].map((e) => e.id).sort()).toEqual(["AAAAAAAAAAAAAAAA", "BBBBBBBBBBBBBBBB"]);
  });
});

describe("a clock and a round gone back", () => {
  it("a condition timed from round 4 does not stop the end of round 3 after the GM goes back a round", async () => {
    t = await tableFor("percentile");
    const combat = t.world.addCombat([t.fighterToken, t.goblinToken, t.ogreToken], 4);
    // Round 4: a gouge (Variable d6 6 and d4 1, chance d100 1, result d100 100) knocks the goblin
    // out: its clock starts in round 4.
    t.world.script([[6, 6], [4, 1], [100, 1], [100, 100]]);
    await t.gm.run(() => act({ action: "grapple", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }));
    expect((combat.flags[M] as { timers: Array<{ appliedRound: number }> }).timers.map((x) => x.appliedRound)).toContain(4);
    // The GM goes back to round 3, then on to 4: the end of round 3 is run.
    await t.gm.run(() => combat.update({ round: 3 }, { direction: -1 }));
    t.world.fallbackFace = (sides) => sides;
    await withoutErrors(async () => {
      await t.gm.run(() => combat.update({ round: 4 }, { direction: 1 }));
      await t.world.settle();
    });
    expect(roundCardOf(t.world, combat.id, 3)).toBeDefined();
  });
});

describe("an Undo whose GM tab closes mid-write", () => {
  it("is finished by the GM's other tab, and takes the result back once", async () => {
    const { handleCardAction } = await import("../../src/foundry/cards/kinds.ts");
    // The ogre's body hold on the fighter: 1 real and 2 temporary (30 -> 29, 0 -> 2).
    t.world.script([[20, 15], [12, 8], [12, 4], [3, 3]]);
    const done = (await t.gm.run(() => act({ action: "grapple", attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid, declared: {} }))) as { messageId: string };
    const card = t.world.messages.get(done.messageId) as FakeChatMessage;
    vi.resetModules();
    t.world.connect(t.gmUser, (await import("../../src/foundry/hooks/index.ts")).registerHooks);
    // The tab that presses Undo closes as the fighter's half goes.
    const real = t.fighter.deleteEmbeddedDocuments.bind(t.fighter);
    t.fighter.deleteEmbeddedDocuments = async (kind, ids, options) => {
      t.fighter.deleteEmbeddedDocuments = real;
      t.world.disconnect(t.gm, "lost");
      return real(kind, ids, options);
    };
    void t.gm.run(() => handleCardAction(card as never, "undo"));
    await t.world.settle();
    expect(card.getFlag(M, "card")).toMatchObject({ state: "undone" });
    expect([hp(t.fighter), t.fighter.getFlag(M, "temporary")]).toEqual([30, 0]);
    expect([t.fighter, t.ogreToken.actor].flatMap((a) => [...a.effects].filter((e) => e.getFlag(M, "hold")))).toEqual([]);
  });
});

describe("a question asked twice (two GM tabs, one closed with its question on the way)", () => {
  /** The ogre's charge raises the fighter's question; `rival` makes a second one for the same request, named in the ledger alike, as the other tab would have. */
  async function twoQuestions(rivalWhile: "gmHere" | "noGM"): Promise<{ first: FakeChatMessage; rivalId: string }> {
    await t.gm.run(() => act({ action: "chargingOverbear", attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid, declared: {} }));
    const first = strikeCards()[0] as FakeChatMessage;
    const scene = t.fighterToken.parent;
    const entry = ((scene.flags[M] as { cards: Record<string, unknown> }).cards)[first.id];
    expect(entry).toBeDefined();
    const rivalId = "RivalQuestion001";
    const gm = rivalWhile === "gmHere" ? t.gm : t.world.connect(t.gmUser, () => undefined);
    if (rivalWhile === "noGM") t.world.disconnect(t.gm);
    // What the other tab's batch carried: the ledger naming its own card, and the card.
    await gm.run(async () => {
      await scene.update({ [`flags.${M}.cards.${rivalId}`]: entry });
      await ChatMessage.create({ _id: rivalId, content: first.content, flags: structuredClone(first.flags) } as never, { keepId: true });
    });
    if (rivalWhile === "noGM") t.world.disconnect(gm);
    return { first, rivalId };
  }
  const settle = async () => {
    for (let i = 0; i < 6; i++) {
      await new Promise((r) => setTimeout(r, 0));
      await t.world.settle();
    }
  };

  it("landing while the active GM's tab is open: the later is taken away, and the defender answers the one left", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { first } = await twoQuestions("gmHere");
    await settle();
    warn.mockRestore();
    expect(strikeCards().map((m) => m.id)).toEqual([first.id]);
    expect((await t.player.run(() => answerStrike(first as never, "roll"))).kind).not.toBe("refused");
  });

  it("found doubled when a GM's tab opens: the later is taken away", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { first } = await twoQuestions("noGM");
    expect(strikeCards()).toHaveLength(2);
    vi.resetModules();
    t.gm = t.world.connect(t.gmUser, (await import("../../src/foundry/hooks/index.ts")).registerHooks);
    await settle();
    warn.mockRestore();
    expect(strikeCards().map((m) => m.id)).toEqual([first.id]);
  });
});
