// @vitest-environment happy-dom
// A hostile player, from their own browser's console: every place a player's data reaches the
// GM's tab (docs/security.md), tried as an attack. The player can create and edit their own chat
// messages with any flags and ids, edit and delete their own creature's effects and flags, pass
// any options to their own updates, move their own tokens and remove their own combatant. The
// GM's tab must refuse all of it: nothing the module writes may follow from it.
//
// These tests use only what a player has (documents, the module's API, hooks) and the fake world,
// so they run unchanged against an older tree of the module.
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { FakeActor, FakeChatMessage, FakeClient, FakeCombat, FakeToken } from "../fake-foundry/world.ts";
import type { Table } from "./setup.ts";
import { M, makeTable, nameInLedger, resultCardOf, roundCardOf } from "./setup.ts";
// The module's stable ids, as anyone can work them out: the algorithm is in the public code, so a
// hostile player has it; the test takes it from there rather than keeping a copy that could drift.
import { stableId } from "../../src/foundry/base/ids.ts";

type Api = { act(intent: unknown): Promise<{ kind: string; key?: string }> };
/** Acts through the module's API, on that user's client (as a macro does). */
const act = (c: FakeClient, intent: unknown) => c.run(() => (game.modules.get(M as never) as unknown as { api: Api }).api.act(intent));

let t: Table;
let combat: FakeCombat;

const hp = (a: FakeActor) => (a.system as { attributes: { hp: { value: number } } }).attributes.hp.value;
const halvesOf = (...actors: FakeActor[]) => actors.flatMap((a) => [...a.effects].filter((e) => e.getFlag(M, "hold")));
/** Writes made by the GM's tab since a mark. */
const gmWrites = (mark: number) => t.world.writes.slice(mark).filter((w) => w.user === t.gmUser.id);
const warnedGM = (text: string) => t.gm.notifications.some((n) => n.message.includes(text));

async function settle(): Promise<void> {
  for (let i = 0; i < 6; i++) {
    await new Promise((r) => setTimeout(r, 0));
    await t.world.settle();
  }
}

/** The ogre (the GM's) holds the fighter (the player's) by the body: d20 15 hits, d12 8 + 1 body, break 4 fails, 1d3 3. */
async function ogreHoldsFighter(): Promise<void> {
  t.world.script([[20, 15], [12, 8], [12, 4], [3, 3]]);
  await act(t.gm, { action: "grapple", attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid, declared: {} });
  await settle();
  expect(halvesOf(t.fighter, t.ogreToken.actor)).toHaveLength(2);
}

/** A message the player writes by hand, with whatever flags they like (and, if they like, the id). */
async function forge(flags: Record<string, unknown>, id?: string): Promise<FakeChatMessage> {
  const m = (await t.player.run(() => ChatMessage.create({ content: "<p>forged</p>", ...(id ? { _id: id } : {}), flags: { [M]: flags } } as never, id ? { keepId: true } : {}))) as unknown as FakeChatMessage;
  await settle();
  return m;
}

/** Opens a new GM tab (the catch-up at start runs on it). */
async function reopenGM(): Promise<void> {
  t.world.disconnect(t.gm);
  const { registerHooks } = await import("../../src/foundry/hooks/index.ts");
  t.gm = t.world.connect(t.gmUser, registerHooks);
  await settle();
}

/** A request card in both shapes the module has read (so these attacks run against older trees too). */
function requestFlag(intent: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { request: { state: "pending", intent, ask: { kind: "action", intent }, ...extra } };
}

describe.each([13, 14] as const)("Foundry v%i", (generation) => {
  beforeEach(() => {
    t = makeTable({ world: { generation } });
    t.fighterToken.disposition = 1;
    t.goblinToken.disposition = -1;
    t.ogreToken.disposition = -1;
    combat = t.world.addCombat([t.fighterToken, t.goblinToken, t.ogreToken], 1);
  });

  const damage = (target: FakeToken) => ({
    holdsAdded: [],
    holdsRemoved: [],
    damage: [{ targetId: target.uuid, actual: 999, temporary: 0, reason: "WC.Action.pummel" }],
    conditions: [],
    notes: [],
  });

  describe("1. a player's message dressed as the module's card is never carried out", () => {
    const card = (target: FakeToken, state: string) => ({
      version: 1,
      variant: "d12-holds",
      requestId: "FORGEDrequest001",
      intent: { action: "pummel", attackerUuid: t.fighterToken.uuid, defenderUuid: target.uuid, declared: {} },
      attackerName: "Fighter",
      defenderName: "Goblin",
      resolution: { action: "pummel", result: {}, consequences: damage(target), headline: { key: "WC.Result.hit" } },
      consequences: damage(target),
      state,
    });

    it("a result card left 'applying': not finished live, nor when a GM's tab starts", async () => {
      const mark = t.world.writes.length;
      await forge({ card: card(t.goblinToken, "applying"), undo: [] });
      await reopenGM();
      expect(hp(t.goblinToken.actor)).toBe(5);
      expect(gmWrites(mark).filter((w) => w.documentName !== "ChatMessage")).toEqual([]);
    });

    it("an 'undoing' card whose undo record restores any path on any actor: nothing is written", async () => {
      const mark = t.world.writes.length;
      await forge({ card: card(t.goblinToken, "undoing"), undo: [{ actorUuid: t.goblin.uuid, restore: { "system.attributes.hp.value": 1, name: "Pwned", "ownership.default": 3 }, created: [], deleted: [] }] });
      await reopenGM();
      expect(hp(t.goblinToken.actor)).toBe(5);
      expect(t.goblinToken.actor.name).toBe("Goblin");
      expect(gmWrites(mark).filter((w) => w.documentName === "Actor")).toEqual([]);
    });

    it("a round card and a mass-charge card left 'applying': nothing is written", async () => {
      const mark = t.world.writes.length;
      const resolution = { result: {}, consequences: damage(t.ogreToken), holdsUpdated: [], timers: [], lines: [] };
      await forge({ roundCard: { version: 1, kind: "roundEnd", variant: "d12-holds", combatId: combat.id, round: 1, resolution, names: {}, outOfMelee: [], state: "applying" } });
      await forge({ massCharge: { version: 1, requestId: "FORGEDcharge0001", result: {}, consequences: damage(t.ogreToken), names: { [t.ogreToken.uuid]: "Ogre" }, state: "applying" } });
      await reopenGM();
      expect(hp(t.ogreToken.actor)).toBe(20);
      expect(gmWrites(mark).filter((w) => w.documentName !== "ChatMessage")).toEqual([]);
    });

    it("the player's own message, edited afterwards into an applying card: nothing is written, live or at a GM tab's start", async () => {
      const m = (await t.player.run(() => ChatMessage.create({ content: "hello" } as never))) as unknown as FakeChatMessage;
      await settle();
      await t.player.run(() => m.update({ [`flags.${M}.card`]: card(t.goblinToken, "applying"), [`flags.${M}.undo`]: [] } as never));
      await settle();
      expect(hp(t.goblinToken.actor)).toBe(5);
      await reopenGM();
      expect(hp(t.goblinToken.actor)).toBe(5);
    });

    it("a forged card waiting for the GM gets no Apply button on the GM's tab", async () => {
      const m = await forge({ card: card(t.goblinToken, "pending"), undo: [] });
      const mark = t.world.writes.length;
      await t.gm.run(async () => {
        const li = document.createElement("li");
        li.innerHTML = '<section class="wc-card"><button data-wc-action="apply">Apply</button></section>';
        (Hooks.callAll as unknown as (hook: string, ...args: unknown[]) => void)("renderChatMessageHTML", m, li);
        li.querySelector<HTMLButtonElement>("[data-wc-action=apply]")?.click();
      });
      await settle();
      expect(hp(t.goblinToken.actor)).toBe(5);
      expect(gmWrites(mark)).toEqual([]);
    });
  });

  describe("1b. even a GM's card undoes only what the module writes", () => {
    it("an undo record naming any path and any effect restores only hit points and the module's own marks", async () => {
      const before = t.goblinToken.actor.name;
      const m = (await t.gm.run(() =>
        ChatMessage.create({
          _id: "UNDOcard00000001",
          content: "",
          flags: {
            [M]: {
              card: { version: 1, variant: "d12-holds", requestId: "R", intent: { action: "pummel", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }, attackerName: "F", defenderName: "G", resolution: { action: "pummel", result: {}, consequences: damage(t.goblinToken), headline: { key: "WC.Result.hit" } }, consequences: damage(t.goblinToken), state: "applied" },
              undo: [{ actorUuid: t.goblinToken.actor.uuid, restore: { "system.attributes.hp.value": 2, name: "Pwned", "ownership.default": 3, "flags.other-module.x": 1 }, created: [], deleted: [{ _id: "NOTOURSeffect001", name: "Not ours", statuses: ["dead"], flags: {} }] }],
            },
          },
        } as never, { keepId: true }),
      )) as unknown as FakeChatMessage;
      // A GM's card: named in the ledger as the GM's tab names the cards it posts.
      await nameInLedger(t, m, "card");
      const { handleCardAction } = await import("../../src/foundry/cards/kinds.ts");
      await t.gm.run(() => handleCardAction(m as never, "undo"));
      await settle();
      expect(hp(t.goblinToken.actor)).toBe(2);
      expect(t.goblinToken.actor.name).toBe(before);
      expect([...t.goblinToken.actor.effects].map((e) => e.id)).not.toContain("NOTOURSeffect001");
    });
  });

  describe("2. a player's own question card, answered by the player, is not carried out", () => {
    it("the GM's ogre does not 'release' the fighter on a forged question", async () => {
      await ogreHoldsFighter();
      const intent = { action: "release", attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid, declared: {} };
      const q = await forge({ strike: { intent, key: "firstStrike", choices: ["roll", "miss"], attackerName: "Ogre", defenderName: "Fighter" } });
      await forge({ request: { state: "pending", intent, answers: { strikeId: q.id, choice: "roll" }, ask: { kind: "answer", strikeId: q.id, choice: "roll" } } });
      await settle();
      expect(halvesOf(t.fighter, t.ogreToken.actor)).toHaveLength(2);
    });

    it("a forged question cannot smuggle a bonus beyond the form's bounds (+20 where the form allows +10) either", async () => {
      // The player's fighter against the player's own dog: the player owns the defender, so may answer.
      const dog = t.world.addActor("Dog", { attributes: { hp: { value: 6, max: 6 } } }, { [t.alice.id]: 3 });
      dog.flags[M] = { profile: { "d12-holds": (t.goblin.flags[M] as { profile: Record<string, unknown> }).profile["d12-holds"] } };
      const dogToken = t.world.addToken(t.fighterToken.parent, dog);
      const intent = { action: "chargingOverbear", attackerUuid: t.fighterToken.uuid, defenderUuid: dogToken.uuid, declared: { toHitBonus: 20 } };
      const q = await forge({ strike: { intent, key: "firstStrike", choices: ["none"], attackerName: "Fighter", defenderName: "Dog" } });
      t.world.fallbackFace = () => 5;
      await forge({ request: { state: "pending", intent: { ...intent, declared: {} }, answers: { strikeId: q.id, choice: "none" }, ask: { kind: "answer", strikeId: q.id, choice: "none" } } });
      await settle();
      expect(t.world.messages.contents.filter((m) => m.getFlag(M, "card"))).toEqual([]);
    });
  });

  describe("3. a hold is both halves, and a player cannot end, forge or redirect one", () => {
    it("the held player deletes their half: it is put back, and the GM is told who did it", async () => {
      await ogreHoldsFighter();
      const mine = halvesOf(t.fighter)[0];
      await t.player.run(() => mine?.delete());
      await settle();
      expect(halvesOf(t.fighter, t.ogreToken.actor)).toHaveLength(2);
      expect(warnedGM("Alice")).toBe(true);
    });

    it("deleting it with the module's own 'both halves handled' option changes nothing: no one-sided hold is left", async () => {
      await ogreHoldsFighter();
      const mine = halvesOf(t.fighter)[0];
      await t.player.run(() => mine?.delete({ [M]: { pairHandled: true } }));
      await settle();
      expect(halvesOf(t.fighter)).toHaveLength(1);
      expect(halvesOf(t.ogreToken.actor)).toHaveLength(1);
    });

    it("taking the module's flags off their half: it is put back", async () => {
      await ogreHoldsFighter();
      const mine = halvesOf(t.fighter)[0];
      await t.player.run(() => mine?.update({ [`flags.${M}.-=hold`]: null } as never));
      await settle();
      expect(halvesOf(t.fighter, t.ogreToken.actor)).toHaveLength(2);
    });

    it("switching their half off, or rewriting its record: it is put back", async () => {
      await ogreHoldsFighter();
      const mine = halvesOf(t.fighter)[0];
      await t.player.run(() => mine?.update({ disabled: true, [`flags.${M}.hold.record.label`]: "WC.Part.arm" } as never));
      await settle();
      const back = halvesOf(t.fighter)[0];
      expect(back?.disabled).toBe(false);
      expect((back?.getFlag(M, "hold") as { record: { label: string } }).record.label).toBe("WC.Part.body");
    });

    it("pointing their half's twin at another document and deleting the half: the GM's tab deletes nothing of the sort, and the hold comes back whole", async () => {
      await ogreHoldsFighter();
      const mine = halvesOf(t.fighter)[0];
      await t.player.run(() => mine?.update({ [`flags.${M}.hold.twinUuid`]: t.goblinToken.uuid } as never));
      await settle();
      await t.player.run(() => halvesOf(t.fighter)[0]?.delete());
      await settle();
      expect(t.goblinToken.parent.tokens.has(t.goblinToken.id)).toBe(true);
      expect(halvesOf(t.fighter, t.ogreToken.actor)).toHaveLength(2);
      expect((halvesOf(t.fighter)[0]?.getFlag(M, "hold") as { twinUuid: string }).twinUuid).toBe(halvesOf(t.ogreToken.actor)[0]?.uuid);
    });

    it("a stranglehold half the player makes on their own creature: removed, and it chokes nobody at the round's end", async () => {
      const record = { id: "FORGED>strangle", holderId: t.fighterToken.uuid, heldId: t.goblinToken.uuid, label: "WC.Part.strangle", data: { id: "FORGED>strangle", part: "strangle", result: 12, sizeAdjustment: 0, holderSize: "M", roundGained: 0, holderId: t.fighterToken.uuid, heldId: t.goblinToken.uuid } };
      await t.player.run(() =>
        t.fighter.createEmbeddedDocuments("ActiveEffect", [{ name: "Holding", statuses: [`${M}.holding`], duration: { value: null, units: "seconds", expiry: null }, flags: { [M]: { hold: { record, role: "holder", twinUuid: `${t.goblin.uuid}.ActiveEffect.NOTAREALEFFECT01`, variant: "d12-holds" } } } }] as never, {}),
      );
      await settle();
      expect(halvesOf(t.fighter)).toHaveLength(0);
      t.world.fallbackFace = (sides) => sides;
      await t.gm.run(() => combat.update({ round: 3 }, { direction: 1 }));
      await settle();
      expect(hp(t.goblinToken.actor)).toBe(5);
    });

    it("taking their own combatant out of the fight while held: the GM is asked, and putting it back keeps the hold", async () => {
      await ogreHoldsFighter();
      t.world.onDialog = (d) => d.press("back");
      const mine = [...combat.combatants].find((c) => c.tokenId === t.fighterToken.id);
      await t.player.run(() => mine?.delete());
      await settle();
      expect([...combat.combatants].some((c) => c.tokenId === t.fighterToken.id)).toBe(true);
      expect(halvesOf(t.fighter, t.ogreToken.actor)).toHaveLength(2);
    });
  });

  describe("4. a name with markup runs nothing in the GM's browser", () => {
    it("the GM's 'what becomes of the holds' dialog shows the name as text", async () => {
      await ogreHoldsFighter();
      (t.fighterToken as unknown as { name: string }).name = '<img id="pwned" src="x">';
      let made = false;
      t.world.onDialog = (d) => {
        made = d.element.querySelector("#pwned") !== null || d.element.querySelector("img") !== null;
        return d.press("cancel");
      };
      await t.gm.run(() => t.ogreToken.move({ x: t.ogreToken.x + 300 }, { method: "dragging" }));
      await settle();
      expect(made).toBe(false);
      expect(t.gm.notifications.every((n) => !n.message.includes("<img"))).toBe(true);
    });
  });

  describe("5. moves are checked where the GM is", () => {
    it("a held creature walking off with the module's own move option is put back", async () => {
      await ogreHoldsFighter();
      const x = t.fighterToken.x;
      await t.player.run(() => t.fighterToken.parent.updateEmbeddedDocuments("Token", [{ _id: t.fighterToken.id, x: x + 500 }], { [M]: { move: "mine" } } as never));
      await settle();
      expect(t.fighterToken.x).toBe(x);
      expect(warnedGM("Alice")).toBe(true);
    });
  });

  describe("6. ids a player cannot claim", () => {
    it("a message at the id the next round card would once have had stops nothing: the round end still runs", async () => {
      await ogreHoldsFighter();
      await t.player.run(() => ChatMessage.create({ _id: stableId(`round|${combat.id}|1`), content: "squat" } as never, { keepId: true }));
      await settle();
      await t.gm.run(() => combat.update({ round: 2 }, { direction: 1 }));
      await settle();
      const round = roundCardOf(t.world, combat.id, 1);
      expect(round?.author.isGM).toBe(true);
      expect(round?.getFlag(M, "roundCard")).toBeDefined();
    });

    it("a message at the id the card a request makes would once have had stops nothing: the attack is carried out", async () => {
      t.world.disconnect(t.gm);
      const request = await forge(requestFlag({ action: "grapple", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }));
      await t.player.run(() => ChatMessage.create({ _id: stableId(`card|${request.id}`), content: "squat" } as never, { keepId: true }));
      t.world.script([[20, 20], [12, 6], [12, 1]]);
      await reopenGM();
      const card = resultCardOf(t.world, request.id);
      expect(card?.author.isGM).toBe(true);
      expect(card?.getFlag(M, "card")).toBeDefined();
    });
  });

  describe("6b. effects a player makes on their own creature at the ids the module's will use", () => {
    it("a harmless effect squatting the id of the fighter's half of the hold it grapples into: removed, and the hold made whole", async () => {
      t.world.disconnect(t.gm);
      const request = await forge(requestFlag({ action: "grapple", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }));
      const record = `${t.fighterToken.uuid}>${t.goblinToken.uuid}@${combat.round}.1`;
      await t.player.run(() => t.fighter.createEmbeddedDocuments("ActiveEffect", [{ _id: stableId(`${request.id}|${record}|holder`), name: "Just a scarf", statuses: [], duration: { value: null, units: "seconds", expiry: null } }] as never, { keepId: true }));
      // d20 20 hits; d12 6 + 1 = 7: arm; the goblin's break d12 1 fails.
      t.world.script([[20, 20], [12, 6], [12, 1]]);
      // The squatted id is a problem on purpose (on v14 it spoils the batch too): the console says so.
      const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
      await reopenGM();
      const warned = warn.mock.calls.map((c) => String(c[0]));
      warn.mockRestore();
      // What this provokes, and nothing else: the squatter removed first, and on v14 the batch it spoilt.
      expect(warned.filter((w) => !w.startsWith("weaponless-combat | a batched write") && !w.startsWith("weaponless-combat | effects stood where the module's go on Fighter"))).toEqual([]);
      expect(warned.some((w) => w.startsWith("weaponless-combat | effects stood where the module's go on Fighter"))).toBe(true);
      const mine = halvesOf(t.fighter);
      expect(mine).toHaveLength(1);
      expect((mine[0]?.getFlag(M, "hold") as { role: string }).role).toBe("holder");
      expect(halvesOf(t.goblinToken.actor)).toHaveLength(1);
    });
  });

  describe("6c. the module's marks a player puts on their own creature", () => {
    it("the mark of the next round's card, put on the player's creature beforehand, does not spare it the round's writes", async () => {
      // The fighter, out of melee, heals a point of temporary damage at the round's end.
      t.fighterToken.x = 2000;
      t.fighter.flags[M] = { ...(t.fighter.flags[M] as object), temporary: 3 };
      await t.player.run(() => t.fighter.update({ [`flags.${M}.applied`]: [stableId(`round|${combat.id}|1`)] } as never));
      await t.gm.run(() => combat.update({ round: 2 }, { direction: 1 }));
      await settle();
      expect(t.fighter.getFlag(M, "temporary")).toBe(2);
    });

    it("a lift-off mark a player puts on their own token is taken off, and the GM told", async () => {
      await t.player.run(() => t.fighterToken.update({ [`flags.${M}.aloft`]: { ground: -100 } } as never));
      await settle();
      expect(t.fighterToken.getFlag(M, "aloft")).toBeUndefined();
      expect(warnedGM("Alice")).toBe(true);
    });
  });

  describe("7. what a creature may do in a round is counted", () => {
    it("a held player asks to break free three times in one round: only the first is carried out", async () => {
      await ogreHoldsFighter();
      t.world.fallbackFace = () => 1;
      const ask = () => act(t.player, { action: "breakFree", attackerUuid: t.fighterToken.uuid, defenderUuid: t.ogreToken.uuid, declared: {} });
      await ask();
      await ask();
      await ask();
      await settle();
      const tries = t.world.messages.contents.filter((m) => (m.getFlag(M, "card") as { intent?: { action: string } } | undefined)?.intent?.action === "breakFree");
      expect(tries).toHaveLength(1);
    });
  });

  describe("8. a poisoned profile stops nobody", () => {
    it("a value no creature can have in the player's own profile: their creature still acts, the GM is told, and the round end runs", async () => {
      await ogreHoldsFighter();
      await t.player.run(() => t.fighter.update({ [`flags.${M}.profile.d12-holds.movement`]: "fast", [`flags.${M}.profile.d12-holds.size`]: "colossal" } as never));
      await settle();
      await t.gm.run(() => combat.update({ round: 2 }, { direction: 1 }));
      await settle();
      expect(t.world.messages.contents.some((m) => m.getFlag(M, "roundCard"))).toBe(true);
      t.world.fallbackFace = () => 1;
      const out = await act(t.player, { action: "breakFree", attackerUuid: t.fighterToken.uuid, defenderUuid: t.ogreToken.uuid, declared: {} });
      expect(out.kind).not.toBe("refused");
    });
  });

  describe("9. no flood, no echo", () => {
    it("two hundred requests at once: a few are carried out, the rest taken away, and the GM writes far fewer than 400 times", async () => {
      t.world.disconnect(t.gm);
      for (let i = 0; i < 200; i++) await forge(requestFlag({ action: "pummel", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }));
      const mark = t.world.writes.length;
      t.world.fallbackFace = () => 1;
      await reopenGM();
      const cards = t.world.messages.contents.filter((m) => m.getFlag(M, "card"));
      expect(cards.length).toBeLessThanOrEqual(3);
      expect(gmWrites(mark).length).toBeLessThan(220);
    });

    it("forty request cards at once, each backdated before the last: no more than three are carried out (the GM's tab counts by arrival, not by timestamp)", async () => {
      // Out of a fight, so that no per-round allowance limits the pummels: only the cap on waiting requests does.
      await t.gm.run(() => combat.delete());
      t.world.fallbackFace = () => 1;
      const intent = { action: "pummel", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} };
      // From the player's console, all at once; each card's timestamp (the client's to set, C-84) earlier than the one before.
      await t.player.run(() => Promise.all(Array.from({ length: 40 }, (_, i) => ChatMessage.create({ content: "<p>forged</p>", timestamp: 1_000_000 - i * 1000, flags: { [M]: requestFlag(intent) } } as never))));
      await settle();
      const cards = t.world.messages.contents.filter((m) => m.author === t.gmUser && m.getFlag(M, "card"));
      expect(cards.length).toBeGreaterThan(0);
      expect(cards.length).toBeLessThanOrEqual(3);
      // The rest were taken away, none left waiting.
      expect(t.world.messages.contents.filter((m) => (m.getFlag(M, "request") as { state?: string } | undefined)?.state === "pending")).toEqual([]);
    });

    it("a request beyond the three waiting is refused unread, not deleted as if carried out: its player is told why and takes the card away", async () => {
      await t.gm.run(() => combat.delete());
      t.world.fallbackFace = () => 1;
      t.world.disconnect(t.gm);
      const intent = { action: "pummel", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} };
      const posted: FakeChatMessage[] = [];
      for (let i = 0; i < 4; i++) posted.push(await forge(requestFlag(intent)));
      // A fifth that asks nothing a GM could carry out (a malformed intent).
      posted.push(await forge(requestFlag({ action: "pummel", attackerUuid: 77, defenderUuid: 829, declared: {} })));
      const told = t.player.notifications.length;
      await reopenGM();
      await settle();
      const answered = posted.filter((m) => t.world.messages.contents.some((c) => c.author === t.gmUser && (c.getFlag(M, "card") as { requestId?: string } | undefined)?.requestId === m.id));
      expect(answered).toHaveLength(3);
      for (const m of posted.slice(3)) {
        const removed = t.world.removedMessages.get(m.id);
        // Rewritten by the GM as refused for the cap, then removed by its own author once told.
        expect(removed?.by).toBe(t.alice.id);
        expect((removed?.flags[M] as { request: { state: string; outcome: { key: string } } }).request).toMatchObject({ state: "refused", outcome: { key: "WC.Refuse.tooManyWaiting" } });
      }
      expect(t.player.notifications.slice(told).filter((n) => n.message.includes("set aside unread"))).toHaveLength(2);
      expect(warnedGM("more were taken away") || warnedGM("more was taken away")).toBe(true);
    });

    it("a huge 'declared' is refused and not echoed back into the card the GM rewrites", async () => {
      const declared: Record<string, unknown> = {};
      for (let i = 0; i < 2000; i++) declared[`k${i}`] = "x".repeat(20);
      const m = await forge(requestFlag({ action: "pummel", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared }));
      const seen = t.world.removedMessages.get(m.id)?.flags ?? (t.world.messages.get(m.id)?.flags as Record<string, unknown> | undefined) ?? {};
      expect(JSON.stringify(seen).length).toBeLessThan(10_000);
      expect(t.world.messages.contents.filter((x) => x.getFlag(M, "card"))).toEqual([]);
    });
  });
});
