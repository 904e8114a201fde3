// @vitest-environment happy-dom
// The shell end to end through the typed fake, variant d12-holds: from a click to documents.
import { beforeEach, describe, expect, it } from "vitest";
import { act } from "../../src/foundry/cards/request-card.ts";
import { bindCard } from "../../src/foundry/hooks/chat.ts";
import type { FakeChatMessage } from "../fake-foundry/world.ts";
import { FakeRoll } from "../fake-foundry/world.ts";
import type { Table } from "./setup.ts";
import { M, makeTable, resultCardOf, writesSince } from "./setup.ts";

let t: Table;
beforeEach(() => {
  t = makeTable();
});

const grapple = (attacker: { uuid: string }, defender: { uuid: string }, declared: Record<string, unknown> = {}) => ({ action: "grapple", attackerUuid: attacker.uuid, defenderUuid: defender.uuid, declared });

function holdHalves() {
  return [t.fighterToken.actor, t.goblinToken.actor, t.ogreToken.actor].flatMap((a) => [...a.effects].filter((e) => e.getFlag(M, "hold")).map((e) => ({ actor: a.name, effect: e })));
}

describe("d12-holds: the GM grapples", () => {
  it("rolls real dice, posts one card and stores the hold as a pair of effects", async () => {
    // Ogre (THAC0 15) on the fighter, AC 5: needs 10. Speed: ogre 9" -1, fighter 12" 0.
    // d20 15 - 1 = 14 hits; d12 8 + 1 (L on M) = 9 -> body hold, 1d3; break d12 4 fails; 1d3 = 3 -> 1 actual, 2 temporary.
    t.world.script([[20, 15], [12, 8], [12, 4], [3, 3]]);
    const seen: string[] = [];
    t.player.run(() => Hooks.on("createActiveEffect", ((e: { name: string }) => seen.push(e.name)) as never));
    const mark = t.world.writes.length;
    const out = await t.gm.run(() => act(grapple(t.ogreToken, t.fighterToken)));
    expect(out.kind).toBe("done");
    expect(t.world.scriptedLeft).toBe(0);
    const card = t.world.messages.contents[0];
    expect(card?.rolls).toHaveLength(4);
    expect(card?.getFlag(M, "card")).toMatchObject({ state: "applied", resolution: { headline: { key: "WC.Result.hold", params: { part: "body" } } } });
    expect(card?.content).toContain("Ogre holds Fighter: Body");
    // 000 prints its own tables: no project-default label.
    expect(card?.content).not.toContain("Project default");
    const halves = holdHalves();
    expect(halves.map((h) => h.actor).sort()).toEqual(["Fighter", "Ogre"]);
    const [a, b] = halves.map((h) => h.effect);
    expect(a?.getFlag(M, "hold")).toMatchObject({ twinUuid: b?.uuid });
    expect(b?.getFlag(M, "hold")).toMatchObject({ twinUuid: a?.uuid });
    expect(t.fighter.system).toMatchObject({ attributes: { hp: { value: 29 } } });
    expect(t.fighter.getFlag(M, "temporary")).toBe(2);
    // Requests, at most 5 on v13 (issue 33), in this order: the ledger first (the scene's flags,
    // outside a combat: only a GM writes them), holding the hold and the card's name with what the
    // card will be, so a tab closed mid-write is finished by the next; each half of the hold
    // created on its own actor (never inline in an actor update); the fighter's hit points and
    // temporary damage in one batched actor update; the card last, made already "applied".
    expect(writesSince(t.world, mark)).toEqual({ "create ChatMessage": 1, "create ActiveEffect": 2, "update Actor": 1, "update Scene": 1 });
    expect(t.world.writes.length - mark).toBeLessThanOrEqual(5);
    const order = t.world.writes.slice(mark).map((w) => `${w.op} ${w.documentName} ${w.parent}`);
    expect(order[0]).toBe(`update Scene ${t.fighterToken.parent.uuid}`);
    expect(order.slice(1, 3).sort()).toEqual([`create ActiveEffect ${t.fighter.uuid}`, `create ActiveEffect ${t.ogreToken.actor.uuid}`].sort());
    expect(order.slice(3)).toEqual(["update Actor ", "create ChatMessage "]);
    // Other modules hear of each half: createActiveEffect fired once per effect on every client.
    expect(seen.sort()).toEqual(["Held (Body) by Ogre", "Holding Fighter (Body)"]);
  });

  it("the effect's own start is stamped as Foundry stamps a created effect", async () => {
    const combat = t.world.addCombat([t.fighterToken, t.ogreToken], 3);
    combat.turn = 1;
    t.world.time = 4200;
    t.world.script([[20, 15], [12, 8], [12, 4], [3, 3]]);
    await t.gm.run(() => act(grapple(t.ogreToken, t.fighterToken)));
    const half = holdHalves().find((h) => h.actor === "Fighter")?.effect;
    expect(half?.duration).toMatchObject({ startTime: 4200, combat: combat.id, startRound: 3, startTurn: 1 });
  });

  it("an unlinked token's other effects stay when the module adds its own", async () => {
    // The ogre's base actor carries an effect of its own; the token's synthetic actor shows it.
    t.world.addActor("unused", {});
    const base = t.ogre;
    await t.gm.run(() => base.createEmbeddedDocuments("ActiveEffect", [{ name: "Blessed", statuses: ["bless"] }]));
    const token = t.world.addToken(t.fighterToken.parent, base, { linked: false, name: "Ogre 2" });
    t.world.script([[20, 15], [12, 8], [12, 4], [3, 3]]);
    await t.gm.run(() => act(grapple(token, t.fighterToken)));
    expect([...token.actor.effects].map((e) => e.name).sort()).toEqual(["Blessed", "Holding Fighter (Body)"]);
    expect([...base.effects].map((e) => e.name)).toEqual(["Blessed"]);
  });

  it("a twin whose recorded id misses is found by its hold", async () => {
    t.world.script([[20, 15], [12, 8], [12, 4], [3, 3]]);
    await t.gm.run(() => act(grapple(t.ogreToken, t.fighterToken)));
    const ogreHalf = holdHalves().find((h) => h.actor === "Ogre")?.effect;
    if (!ogreHalf) throw new Error("no half");
    ogreHalf.flags[M] = { hold: { ...(ogreHalf.flags[M] as { hold: object }).hold, twinUuid: "Actor.nope.ActiveEffect.nope" } };
    await t.gm.run(() => ogreHalf.delete());
    await t.world.settle();
    expect(holdHalves()).toEqual([]);
  });

  it("a miss posts a card and changes nothing else", async () => {
    t.world.script([[20, 2]]);
    const mark = t.world.writes.length;
    await t.gm.run(() => act(grapple(t.goblinToken, t.fighterToken)));
    // The card named in the ledger (it counts toward the goblin's round), then the card.
    expect(writesSince(t.world, mark)).toEqual({ "update Scene": 1, "create ChatMessage": 1 });
    expect(t.world.messages.contents[0]?.getFlag(M, "card")).toMatchObject({ resolution: { headline: { key: "WC.Result.miss" } } });
  });
});

describe("d12-holds: a player asks the GM", () => {
  it("the player's grapple is carried out by the GM, who removes the request card", async () => {
    // Fighter (THAC0 15) on the goblin: AC 5, needs 10; speed 0 and goblin 6" +2: d20 8 + 2 = 10 hits.
    // d12 6 + 1 (M on S) = 7 -> arm; break 2 fails; no damage die.
    t.world.script([[20, 8], [12, 6], [12, 2]]);
    const mark = t.world.writes.length;
    const out = await t.player.run(() => act(grapple(t.fighterToken, t.goblinToken)));
    expect(out).toMatchObject({ kind: "done", state: "applied" });
    // The player's one request is its card; the GM's client did the rest on that card's creation.
    expect(t.world.writes.slice(mark).filter((w) => w.user === t.alice.id).map((w) => `${w.op} ${w.documentName}`)).toEqual(["create ChatMessage"]);
    expect(t.world.messages.contents).toHaveLength(1);
    const card = t.world.messages.contents[0];
    expect(card?.author).toBe(t.gmUser);
    expect(card?.getFlag(M, "card")).toMatchObject({ resolution: { headline: { params: { part: "arm" } } } });
    expect(holdHalves().map((h) => h.actor).sort()).toEqual(["Fighter", "Goblin"]);
    expect(t.player.notifications).toEqual([]);
  });

  it("a player cannot act with a creature it does not own", async () => {
    const out = await t.player.run(() => act(grapple(t.goblinToken, t.fighterToken)));
    expect(out).toMatchObject({ kind: "refused", key: "WC.Refuse.notOwner" });
    expect(t.world.messages.size).toBe(0);
    expect(t.player.notifications[0]?.level).toBe("warn");
  });

  it("a forged request is refused by the GM and changes nothing", async () => {
    // The player writes a request card by hand claiming the goblin's grapple, with dice and a
    // result smuggled in: the GM's client checks it against the card's stamped author.
    const mark = t.world.writes.length;
    const forged = (await t.player.run(() =>
      ChatMessage.create({ content: "", flags: { [M]: { request: { ask: { kind: "action", intent: grapple(t.goblinToken, t.fighterToken) }, state: "pending", dice: [[20, 20]], result: { kind: "hold" } } } } } as never),
    )) as unknown as FakeChatMessage;
    await t.world.settle();
    // The card is rewritten with the reason (and, the player told, taken away); nothing else is written.
    expect(writesSince(t.world, mark)).toEqual({ "create ChatMessage": 1, "update ChatMessage": 1, "delete ChatMessage": 1 });
    expect(forged.getFlag(M, "request")).toMatchObject({ state: "refused", outcome: { key: "WC.Refuse.notOwner" } });
    expect(forged.content).toContain("You do not control Goblin.");
    expect(t.player.notifications.map((n) => n.message)).toEqual(["You do not control Goblin."]);
    expect(holdHalves()).toEqual([]);
    const bad = (await t.player.run(() =>
      ChatMessage.create({ content: "", flags: { [M]: { request: { ask: { kind: "action", intent: { ...grapple(t.fighterToken, t.goblinToken), declared: { rear: "yes" } } }, state: "pending" } } } } as never),
    )) as unknown as FakeChatMessage;
    await t.world.settle();
    expect(bad.getFlag(M, "request")).toMatchObject({ state: "refused", outcome: { key: "WC.Refuse.badDeclaration" } });
    // A refused card is not taken up again when the GM reconnects.
    t.world.disconnect(t.gm);
    const back = t.world.connect(t.gmUser, (await import("../../src/foundry/hooks/index.ts")).registerHooks);
    await t.world.settle();
    expect(holdHalves()).toEqual([]);
    expect(back.notifications).toEqual([]);
  });

  it("a request delivered to two GM tabs is applied once", async () => {
    const second = t.world.connect(t.gmUser, (await import("../../src/foundry/hooks/index.ts")).registerHooks);
    // Both tabs roll; with every die at its highest face each gets a hold: d20 20 hits, d12 12 + 1 = 13
    // (body, 2d4), break 12 < 13. Only the tab that makes the card first may apply it.
    t.world.fallbackFace = (sides) => sides;
    const hpBefore = (t.goblinToken.actor.system as { attributes: { hp: { value: number } } }).attributes.hp.value;
    const out = await t.player.run(() => act(grapple(t.fighterToken, t.goblinToken)));
    expect(out.kind).toBe("done");
    // 2d4 = 8 -> 4 actual: applied once, not twice.
    expect((t.goblinToken.actor.system as { attributes: { hp: { value: number } } }).attributes.hp.value).toBe(hpBefore - 4);
    expect(t.world.messages.contents.filter((m) => m.getFlag(M, "request"))).toEqual([]);
    expect(t.world.messages.contents.filter((m) => m.getFlag(M, "card"))).toHaveLength(1);
    expect(holdHalves()).toHaveLength(2);
    t.world.disconnect(second);
  });

  it("with no GM connected the request waits on its card and is carried out once when a GM connects", async () => {
    t.world.disconnect(t.gm);
    const mark = t.world.writes.length;
    const out = await t.player.run(() => act(grapple(t.fighterToken, t.goblinToken)));
    expect(out).toMatchObject({ kind: "queued" });
    expect(writesSince(t.world, mark)).toEqual({ "create ChatMessage": 1 });
    expect(t.player.notifications[0]?.message).toMatch(/No GM is connected/);
    const request = t.world.messages.contents[0];
    expect(request?.content).toContain("Waiting for a GM to connect");
    // The GM comes back: the request is carried out, once, and its card goes.
    t.world.script([[20, 8], [12, 6], [12, 2]]);
    const gm = t.world.connect(t.gmUser, (await import("../../src/foundry/hooks/index.ts")).registerHooks);
    await t.world.settle();
    expect(t.world.scriptedLeft).toBe(0);
    expect(holdHalves()).toHaveLength(2);
    expect(t.world.messages.contents.map((m) => (m.getFlag(M, "card") ? "card" : "other"))).toEqual(["card"]);
    // A second GM tab opening later finds nothing left to do.
    const again = t.world.connect(t.gmUser, (await import("../../src/foundry/hooks/index.ts")).registerHooks);
    await t.world.settle();
    expect(holdHalves()).toHaveLength(2);
    t.world.disconnect(again);
    t.world.disconnect(gm);
  });

  it("a request waiting for a GM can be cancelled by its player, and then nothing happens", async () => {
    t.world.disconnect(t.gm);
    await t.player.run(() => act(grapple(t.fighterToken, t.goblinToken)));
    const request = t.world.messages.contents[0] as FakeChatMessage;
    const html = await t.player.run(async () => {
      const el = document.createElement("li");
      el.innerHTML = request.content;
      bindCard(request as never, el);
      return el;
    });
    const cancel = html.querySelector<HTMLButtonElement>('[data-wc-request-action="cancel"]');
    expect(cancel?.hidden).toBe(false);
    await t.player.run(async () => cancel?.click());
    await t.world.settle();
    expect(t.world.messages.size).toBe(0);
    t.world.connect(t.gmUser, (await import("../../src/foundry/hooks/index.ts")).registerHooks);
    await t.world.settle();
    expect(t.world.messages.size).toBe(0);
    expect(holdHalves()).toEqual([]);
  });

  it("another player sees no Cancel on someone else's request", async () => {
    t.world.disconnect(t.gm);
    const bob = t.world.addUser("Bob", false);
    const bobTab = t.world.connect(bob, (await import("../../src/foundry/hooks/index.ts")).registerHooks);
    await t.player.run(() => act(grapple(t.fighterToken, t.goblinToken)));
    const request = t.world.messages.contents[0] as FakeChatMessage;
    const el = await bobTab.run(async () => {
      const li = document.createElement("li");
      li.innerHTML = request.content;
      bindCard(request as never, li);
      return li;
    });
    expect(el.querySelector<HTMLButtonElement>('[data-wc-request-action="cancel"]')?.hidden).toBe(true);
  });

  /** Holds every die the GM rolls until `release` (a long Dice So Nice animation, a slow server). */
  function heldDice(): { release: () => void; restore: () => void } {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const evaluate = FakeRoll.prototype.evaluate;
    FakeRoll.prototype.evaluate = async function (this: InstanceType<typeof FakeRoll>) {
      await gate;
      return evaluate.call(this);
    };
    return { release: () => release(), restore: () => (FakeRoll.prototype.evaluate = evaluate) };
  }

  it("the player waits as long as the GM works: no clock runs out", async () => {
    t.world.script([[20, 8], [12, 6], [12, 2]]);
    const dice = heldDice();
    try {
      const pending = t.player.run(() => act(grapple(t.fighterToken, t.goblinToken)));
      let settled = false;
      void pending.then(() => (settled = true));
      await new Promise((r) => setTimeout(r, 50));
      expect(settled).toBe(false);
      dice.release();
      expect(await pending).toMatchObject({ kind: "done" });
    } finally {
      dice.restore();
    }
  });

  it("a GM who leaves while a player waits: the player hears the request is kept", async () => {
    const dice = heldDice();
    try {
      const pending = t.player.run(() => act(grapple(t.fighterToken, t.goblinToken)));
      await new Promise((r) => setTimeout(r, 10));
      t.world.disconnect(t.gm);
      expect(await pending).toMatchObject({ kind: "queued" });
    } finally {
      dice.release();
      dice.restore();
    }
  });

  it("a repeated request id is applied once", async () => {
    const { perform } = await import("../../src/foundry/cards/result-card.ts");
    t.world.script([[20, 8], [12, 6], [12, 2]]);
    const intent = { action: "grapple" as const, attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} };
    const first = await t.gm.run(() => perform(intent, t.gmUser as never, "REQUESTrequest01"));
    const again = await t.gm.run(() => perform(intent, t.gmUser as never, "REQUESTrequest01"));
    expect(first.kind).toBe("done");
    expect(again.kind).toBe("duplicate");
    expect(resultCardOf(t.world, "REQUESTrequest01")).toBeDefined();
    expect(holdHalves()).toHaveLength(2);
  });
});

describe("d12-holds: holds stay paired", () => {
  async function hold() {
    t.world.script([[20, 8], [12, 6], [12, 2]]);
    await t.gm.run(() => act(grapple(t.fighterToken, t.goblinToken)));
    expect(holdHalves()).toHaveLength(2);
  }

  it("release removes both halves", async () => {
    await hold();
    const out = await t.gm.run(() => act({ action: "release", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }));
    expect(out.kind).toBe("done");
    expect(holdHalves()).toEqual([]);
  });

  it("a break roll that succeeds ends the hold on both creatures", async () => {
    await hold();
    // Goblin (S) held by the fighter (M): size adjustment +1, so the goblin rolls d12 - 1 against 10: 11 breaks.
    t.world.script([[12, 11]]);
    await t.gm.run(() => act({ action: "breakFree", attackerUuid: t.goblinToken.uuid, defenderUuid: t.fighterToken.uuid, declared: {} }));
    expect(holdHalves()).toEqual([]);
  });

  it("deleting one half by hand removes its twin", async () => {
    await hold();
    const half = holdHalves()[0];
    await t.gm.run(() => half?.effect.delete());
    await t.world.settle();
    expect(holdHalves()).toEqual([]);
  });

  it("deleting the held token removes the holder's half", async () => {
    await hold();
    await t.gm.run(() => t.goblinToken.delete());
    await t.world.settle();
    expect([...t.fighter.effects].filter((e) => e.getFlag(M, "hold"))).toEqual([]);
  });

  it("deleting a combatant or the combat ends its holds", async () => {
    const combat = t.world.addCombat([t.fighterToken, t.goblinToken, t.ogreToken], 1);
    await hold();
    const goblinCombatant = combat.combatants.find((c) => c.token === t.goblinToken);
    await t.gm.run(() => goblinCombatant?.delete());
    await t.world.settle();
    expect(holdHalves()).toEqual([]);
    await hold();
    await t.gm.run(() => combat.delete());
    await t.world.settle();
    expect(holdHalves()).toEqual([]);
  });

  it("a player removing their own creature's half of a hold: the GM's client puts it back (one request) and tells the GM who did it", async () => {
    await hold();
    const mark = t.world.writes.length;
    const half = holdHalves().find((h) => h.actor === "Fighter");
    await t.player.run(() => half?.effect.delete());
    await t.world.settle();
    // Holds end by the rules (break free, release) or by the GM: the player's deletion is undone.
    expect(t.world.writes.slice(mark).map((w) => [w.user === t.alice.id ? "player" : "gm", w.op])).toEqual([
      ["player", "delete"],
      ["gm", "create"],
    ]);
    expect(holdHalves().map((h) => h.actor).sort()).toEqual(["Fighter", "Goblin"]);
    expect(t.gm.notifications.some((n) => n.message.includes("Alice") && n.message.includes("Fighter"))).toBe(true);
  });
});

describe("the module's hooks reach every client", () => {
  it("holdEstablished and holdBroken fire once per event on the GM's and the player's clients", async () => {
    const seen: string[] = [];
    for (const [who, c] of [["gm", t.gm], ["player", t.player]] as const) {
      c.run(() => {
        Hooks.on(`${M}.holdEstablished` as never, (() => seen.push(`${who} made`)) as never);
        Hooks.on(`${M}.holdBroken` as never, (() => seen.push(`${who} ended`)) as never);
      });
    }
    t.world.script([[20, 8], [12, 6], [12, 2]]);
    await t.gm.run(() => act(grapple(t.fighterToken, t.goblinToken)));
    await t.gm.run(() => act({ action: "release", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }));
    expect(seen.sort()).toEqual(["gm ended", "gm made", "player ended", "player made"]);
  });

  it("overborne fires once on every client when a result brings a creature down, and not for a prone set by hand", async () => {
    const seen: string[] = [];
    for (const [who, c] of [["gm", t.gm], ["player", t.player]] as const) {
      c.run(() => Hooks.on(`${M}.overborne` as never, ((uuid: string) => seen.push(`${who} ${uuid}`)) as never));
    }
    // The GM (or a spell, or another module) lays the goblin down: not the module's result.
    await t.gm.run(() => t.goblinToken.actor.createEmbeddedDocuments("ActiveEffect", [{ name: "Prone", statuses: ["prone"], duration: {} }]));
    expect(seen).toEqual([]);
    // The ogre charges the fighter, whose first strike misses: d20 12 - 1 = 11 hits (needs 10);
    // d12 12 + 1 = 13, a body hold; the fighter's break d12 11 falls short: overborne.
    t.world.script([[20, 12], [12, 12], [12, 11]]);
    await t.gm.run(() => act({ action: "chargingOverbear", attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid, declared: { firstStrike: "miss" } }));
    // The fighter is a linked token: the hook names its actor (an unlinked token, the token).
    expect(seen.sort()).toEqual([`gm ${t.fighter.uuid}`, `player ${t.fighter.uuid}`]);
  });
});
