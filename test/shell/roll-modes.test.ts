// @vitest-environment happy-dom
// Secrets the GM keeps (issue 30): the chat's mode, as the user who asked chose it in the chat
// (v13's roll modes, v14's message modes: C-129), decides who is handed a card and its dice.
// Expected from Foundry's own descriptions of the modes (KB "Basic Dice"; API v13
// CONST.DICE_ROLL_MODES): public, everyone; GM, the roller and the GMs; blind, the GMs only (the
// roller does not see the result); self, the roller only. What a tab "was handed" is what its hooks
// received (the fake delivers a whisper to its recipients and author, C-31) and what it was told.
import { describe, expect, it } from "vitest";
import { act } from "../../src/foundry/cards/request-card.ts";
import { processRoundEnd } from "../../src/foundry/cards/round-card.ts";
import type { FakeChatMessage, FakeClient, FakeUser } from "../fake-foundry/world.ts";
import { registerHooks } from "../../src/foundry/hooks/index.ts";
import type { Table } from "./setup.ts";
import { M, makeTable } from "./setup.ts";

type Gen = 13 | 14;
type Mode = "public" | "gm" | "blind" | "self";
/** Each mode as each version's chat names it (C-129). */
const NAMES: Record<Gen, Record<Mode, string>> = {
  13: { public: "publicroll", gm: "gmroll", blind: "blindroll", self: "selfroll" },
  14: { public: "public", gm: "gm", blind: "blind", self: "self" },
};

async function choose(client: FakeClient, gen: Gen, mode: Mode): Promise<void> {
  await client.run(() => game.settings.set("core" as never, (gen === 14 ? "messageMode" : "rollMode") as never, NAMES[gen][mode] as never));
}

/** Everything a tab's hooks were handed about chat messages, and what it was told, as text. */
function watch(client: FakeClient): { text: () => string; messages: Set<string> } {
  const seen: string[] = [];
  const messages = new Set<string>();
  const record = (m: unknown, ...rest: unknown[]) => {
    const msg = m as FakeChatMessage;
    messages.add(msg.id);
    seen.push(JSON.stringify({ id: msg.id, content: msg.content, flags: msg.flags, rolls: msg.rolls, whisper: msg.whisper }), JSON.stringify(rest));
  };
  client.run(() => {
    for (const hook of ["createChatMessage", "updateChatMessage", "deleteChatMessage", "diceSoNiceRollStart"]) Hooks.on(hook as never, record as never);
  });
  return { text: () => [...seen, ...client.notifications.map((n) => n.message)].join("\n"), messages };
}

interface Room extends Table {
  bob: FakeUser;
  /** A second player at the table, with a creature of his own nowhere near the fight. */
  rival: FakeClient;
}

function room(gen: Gen): Room {
  const t = makeTable({ world: { generation: gen, ...(gen === 14 ? { build: 362 } : {}) } });
  const bob = t.world.addUser("Bob", false);
  const rival = t.world.connect(bob, registerHooks);
  return { ...t, bob, rival };
}

const grapple = (attacker: { uuid: string }, defender: { uuid: string }, extra: Record<string, unknown> = {}) => ({ action: "grapple", attackerUuid: attacker.uuid, defenderUuid: defender.uuid, declared: {}, ...extra });
const cards = (t: Table) => t.world.messages.contents.filter((m) => m.author.isGM && m.getFlag(M, "card"));
const lastCard = (t: Table): FakeChatMessage => {
  const c = cards(t).at(-1);
  if (!c) throw new Error("no card");
  return c;
};
/** Fighter on goblin, d12-holds: d20 12 hits (needs 5), d12 8 + 1 = 9 body hold, goblin's break d12 3 fails, 1d3 = 2. */
const FIGHTER_ON_GOBLIN: Array<[number, number]> = [[20, 12], [12, 8], [12, 3], [3, 2]];

describe.each([13, 14] as const)("v%i: the chat's mode decides who is handed a card", (gen) => {
  it("a player's public grapple: everyone", async () => {
    const t = room(gen);
    const rival = watch(t.rival);
    t.world.script(FIGHTER_ON_GOBLIN);
    await choose(t.player, gen, "public");
    await t.player.run(() => act(grapple(t.fighterToken, t.goblinToken)));
    const card = lastCard(t);
    expect(card.whisper).toEqual([]);
    expect(rival.messages.has(card.id)).toBe(true);
  });

  it("a player's GM roll: the GMs and the player; the other player is handed nothing", async () => {
    const t = room(gen);
    const rival = watch(t.rival);
    const alice = watch(t.player);
    t.world.script(FIGHTER_ON_GOBLIN);
    await choose(t.player, gen, "gm");
    const out = await t.player.run(() => act(grapple(t.fighterToken, t.goblinToken)));
    expect(out.kind).toBe("done");
    const card = lastCard(t);
    expect(card.whisper.sort()).toEqual([t.gmUser.id, t.alice.id].sort());
    expect(card.blind).toBe(false);
    expect(alice.messages.has(card.id)).toBe(true);
    expect(rival.messages.size).toBe(0);
  });

  it("a player's blind roll: the GMs alone see the card; the player gets a note that says so and nothing else", async () => {
    const t = room(gen);
    const alice = watch(t.player);
    const rival = watch(t.rival);
    const gm = watch(t.gm);
    t.world.script(FIGHTER_ON_GOBLIN);
    await choose(t.player, gen, "blind");
    const out = await t.player.run(() => act(grapple(t.fighterToken, t.goblinToken)));
    expect(out).toMatchObject({ kind: "done", hidden: true });
    const card = lastCard(t);
    expect(card.whisper).toEqual([t.gmUser.id]);
    expect(card.blind).toBe(true);
    expect(gm.messages.has(card.id)).toBe(true);
    expect(alice.messages.has(card.id)).toBe(false);
    expect(rival.messages.size).toBe(0);
    // The note: whispered to Alice alone, naming what she asked, with no number and no outcome.
    const note = t.world.messages.contents.find((m) => m.getFlag(M, "blindNote"));
    expect(note?.whisper).toEqual([t.alice.id]);
    expect(note?.rolls).toEqual([]);
    expect(note?.flags).toEqual({ [M]: { blindNote: { requestId: expect.any(String) } } });
    expect(note?.content).toContain("Fighter&#39;s Grapple against Goblin was rolled blind");
    expect(note?.content.replace(/&#\d+;/g, "")).not.toMatch(/\d/);
    // Everything Alice's tab was handed: her own request card, its removal, the note. No face, no hold, no damage.
    const text = alice.text();
    expect(text).not.toContain(card.id);
    expect(text).not.toMatch(/"(face|total|resolution|consequences|undo)"/);
    expect(text).not.toMatch(/Body|holds Goblin/);
  });

  it("a player's self roll: the player (and the GM's tab that writes it, its author)", async () => {
    const t = room(gen);
    const rival = watch(t.rival);
    t.world.script(FIGHTER_ON_GOBLIN);
    await choose(t.player, gen, "self");
    await t.player.run(() => act(grapple(t.fighterToken, t.goblinToken)));
    const card = lastCard(t);
    expect(card.whisper).toEqual([t.alice.id]);
    expect(card.author.id).toBe(t.gmUser.id);
    expect(rival.messages.size).toBe(0);
  });

  it("the GM's blind roll on the fighter: the GMs alone; no note (the GM asked)", async () => {
    const t = room(gen);
    const alice = watch(t.player);
    t.world.script([[20, 15], [12, 8], [12, 4], [3, 3]]);
    await choose(t.gm, gen, "blind");
    await t.gm.run(() => act(grapple(t.ogreToken, t.fighterToken)));
    const card = lastCard(t);
    expect(card.whisper).toEqual([t.gmUser.id]);
    expect(card.blind).toBe(true);
    expect(t.world.messages.contents.some((m) => m.getFlag(M, "blindNote"))).toBe(false);
    expect(alice.messages.has(card.id)).toBe(false);
  });

  it("the GM's GM roll on the fighter: the GMs alone (the GM asked: no player is added)", async () => {
    const t = room(gen);
    const alice = watch(t.player);
    t.world.script([[20, 15], [12, 8], [12, 4], [3, 3]]);
    await choose(t.gm, gen, "gm");
    await t.gm.run(() => act(grapple(t.ogreToken, t.fighterToken)));
    const card = lastCard(t);
    expect(card.whisper).toEqual([t.gmUser.id]);
    expect(card.blind).toBe(false);
    expect(alice.messages.size).toBe(0);
  });

  it("the GM's self roll: the GM alone", async () => {
    const t = room(gen);
    const alice = watch(t.player);
    t.world.script([[20, 15], [12, 8], [12, 4], [3, 3]]);
    await choose(t.gm, gen, "self");
    await t.gm.run(() => act(grapple(t.ogreToken, t.fighterToken)));
    expect(lastCard(t).whisper).toEqual([t.gmUser.id]);
    expect(alice.messages.size).toBe(0);
  });

  it("a fight between creatures no player owns is GM-only by default, public as the GM chose it once the setting is off", async () => {
    const t = room(gen);
    const alice = watch(t.player);
    // Ogre on goblin, then goblin on ogre: the GM's public rolls (their dice, whatever they come to).
    await choose(t.gm, gen, "public");
    await t.gm.run(() => act(grapple(t.ogreToken, t.goblinToken)));
    expect(lastCard(t).whisper).toEqual([t.gmUser.id]);
    expect(alice.messages.size).toBe(0);
    await t.gm.run(() => game.settings.set(M, "npcFightsGmOnly", false));
    const first = lastCard(t).id;
    await t.gm.run(() => act(grapple(t.goblinToken, t.ogreToken)));
    expect(lastCard(t).id).not.toBe(first);
    expect(lastCard(t).whisper).toEqual([]);
    expect(alice.messages.has(lastCard(t).id)).toBe(true);
  });

  it("a macro may name the mode; a mode that is none of them is refused and nothing is posted", async () => {
    const t = room(gen);
    t.world.script(FIGHTER_ON_GOBLIN);
    await t.player.run(() => act(grapple(t.fighterToken, t.goblinToken, { mode: "gm" })));
    expect(lastCard(t).whisper.sort()).toEqual([t.gmUser.id, t.alice.id].sort());
    const before = t.world.messages.size;
    const out = await t.player.run(() => act(grapple(t.fighterToken, t.ogreToken, { mode: "secret" })));
    expect(out).toMatchObject({ kind: "refused", key: "WC.Refuse.malformed" });
    expect(t.world.messages.size).toBe(before);
  });

  it("the round end goes out in the GM's mode; a round among the GM's creatures only to the GMs", async () => {
    const t = room(gen);
    const alice = watch(t.player);
    t.goblinToken.x = 100;
    const combat = t.world.addCombat([t.goblinToken, t.ogreToken], 1);
    await t.gm.run(() => act(grapple(t.ogreToken, t.goblinToken)));
    combat.round = 2;
    await t.gm.run(() => processRoundEnd(combat as never, 1));
    const round = t.world.messages.contents.find((m) => m.getFlag(M, "roundCard"));
    expect(round?.whisper).toEqual([t.gmUser.id]);
    expect(alice.messages.size).toBe(0);
  });
});

describe("a hostile player's console", () => {
  it("reads, of a blind grapple, only that it was rolled blind: no card, no die, no flag of it; every message the module made for it is a whisper", async () => {
    const t = room(14);
    const alice = watch(t.player);
    const rival = watch(t.rival);
    t.world.script(FIGHTER_ON_GOBLIN);
    await choose(t.player, 14, "blind");
    const before = new Set(t.world.messages.contents.map((m) => m.id));
    await t.player.run(() => act(grapple(t.fighterToken, t.goblinToken)));
    const card = lastCard(t);
    // Alice's console: her hooks were handed her own request card and the note; nothing with the card's id, its dice or its flags.
    const handed = alice.text();
    expect(handed).not.toContain(card.id);
    for (const key of ["roundCard", "\"card\"", "undo", "resolution", "holdRoll", "immediateBreak"]) expect(handed).not.toContain(key);
    expect(rival.text()).toBe("");
    // Where Foundry hands every whisper to every tab (not documented either way: the contract's last
    // table), what could reach a player is a whisper the module did not mean for them; the module
    // posts nothing public for a hidden card.
    const made = t.world.messages.contents.filter((m) => !before.has(m.id));
    expect(made.length).toBeGreaterThan(0);
    expect(made.every((m) => m.whisper.length > 0)).toBe(true);
  });
});
