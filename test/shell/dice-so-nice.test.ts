// @vitest-environment happy-dom
// Dice So Nice (issue 30), against a stand-in that implements only its documented public API
// (test/fake-foundry/dice-so-nice.ts; docs/foundry-contract.md C-121 to C-126). What the stand-in
// does with a message is what Dice So Nice's pages say it does; what is expected here comes from
// the rules' order of dice (000: the to-hit roll, then the hold roll, then the held creature's
// break roll at once, then the hold's damage) and from who owns each creature.
import { describe, expect, it } from "vitest";
import { act } from "../../src/foundry/cards/request-card.ts";
import { dressDice, roundThrowers } from "../../src/foundry/cards/dice-so-nice.ts";
import { processRoundEnd } from "../../src/foundry/cards/round-card.ts";
import type { FakeChatMessage, FakeClient, FakeDice3D, FakeWorld } from "../fake-foundry/world.ts";
import { DSN, FakeRoll, withDiceSoNice } from "../fake-foundry/world.ts";
import type { Table } from "./setup.ts";
import { M, makeTable, resultCardOf, roundCardOf } from "./setup.ts";

interface Dsn {
  t: Table;
  of: (c: FakeClient) => FakeDice3D;
}

function tableWithDsn(prepare: (w: FakeWorld) => void = () => undefined, options: Parameters<typeof withDiceSoNice>[1] = {}, generation: 13 | 14 = 13): Dsn {
  let of: ((c: FakeClient) => FakeDice3D) | null = null;
  const t = makeTable({
    ...(generation === 14 ? { world: { generation: 14, build: 362 } } : {}),
    before: (w) => {
      prepare(w);
      const dsn = withDiceSoNice(w, options);
      of = dsn.of;
      return dsn.register;
    },
  });
  if (!of) throw new Error("no stand-in");
  return { t, of };
}

const grapple = (attacker: { uuid: string }, defender: { uuid: string }) => ({ action: "grapple", attackerUuid: attacker.uuid, defenderUuid: defender.uuid, declared: {} });

/** The card a request made: the newest GM card. */
const newestCard = (t: Table): FakeChatMessage => {
  const m = t.world.messages.contents.filter((x) => x.getFlag(M, "card")).at(-1);
  if (!m) throw new Error("no card");
  return m;
};

describe("Dice So Nice: the card's dice land in the order the rules rolled them", () => {
  it("the GM's tab turns off 'all of a message's rolls at once' the first time, as Dice So Nice's documentation asks, and only once", async () => {
    const { t } = tableWithDsn();
    await t.world.settle();
    expect(t.world.settingValues.get(`${DSN}.enabledSimultaneousRollForMessage`)).toBe(false);
    expect(t.world.settingValues.get(`${M}.diceOrderDone`)).toBe(true);
    // The GM turns it back on: a later tab leaves it so.
    await t.gm.run(() => game.settings.set(DSN as never, "enabledSimultaneousRollForMessage" as never, true as never));
    t.world.connect(t.gmUser, () => undefined);
    await t.world.settle();
    expect(t.world.settingValues.get(`${DSN}.enabledSimultaneousRollForMessage`)).toBe(true);
  });

  it("with the module's setting off, Dice So Nice's own setting is left alone", async () => {
    const { t } = tableWithDsn((w) => w.settingValues.set(`${M}.diceInOrder`, false));
    await t.world.settle();
    expect(t.world.settingValues.has(`${DSN}.enabledSimultaneousRollForMessage`)).toBe(false);
  });

  it.each([13, 14] as const)("v%i: a player's grapple: to-hit, hold, the goblin's break roll, damage, one after another, each in its owner's dice", async (generation) => {
    // v14 sends the card in one batch with its writes, its rolls as JSON (C-127).
    const { t, of } = tableWithDsn(() => undefined, {}, generation);
    // Fighter (THAC0 15, 12") on the goblin (AC 10, 6"): d20 12 hits; d12 8 + 1 (M on S) = 9:
    // body hold, 1d3; the goblin's break d12 3 fails; 1d3 = 2.
    t.world.script([[20, 12], [12, 8], [12, 3], [3, 2]]);
    const out = await t.player.run(() => act(grapple(t.fighterToken, t.goblinToken)));
    expect(out.kind).toBe("done");
    expect(t.world.scriptedLeft).toBe(0);
    const card = newestCard(t);
    for (const client of [t.gm, t.player]) {
      const dsn = of(client);
      // Hidden until its dice land (Dice So Nice hides a message with rolls: the outcome waits).
      expect(dsn.hidden.has(card.id)).toBe(true);
      expect(dsn.thrown.map((x) => x.step)).toEqual([0]);
      dsn.landAll();
      expect(dsn.hidden.has(card.id)).toBe(false);
      expect(dsn.thrown.map((x) => ({ step: x.step, dice: x.dice.map((d) => `d${d.faces}:${d.result}`), who: x.appearance }))).toEqual([
        { step: 0, dice: ["d20:12"], who: t.alice.id },
        { step: 1, dice: ["d12:8"], who: t.alice.id },
        // The held goblin's own break roll: the GM's creature, the GM's dice.
        { step: 2, dice: ["d12:3"], who: t.gmUser.id },
        { step: 3, dice: ["d3:2"], who: t.alice.id },
      ]);
    }
  });

  it("the GM's ogre grapples Alice's fighter: the fighter's break roll is Alice's, the rest the GM's, not the speaker's", async () => {
    const { t, of } = tableWithDsn();
    t.world.script([[20, 15], [12, 8], [12, 4], [3, 3]]);
    await t.gm.run(() => act(grapple(t.ogreToken, t.fighterToken)));
    const dsn = of(t.player);
    dsn.landAll();
    expect(dsn.thrown.map((x) => x.appearance)).toEqual([t.gmUser.id, t.gmUser.id, t.alice.id, t.gmUser.id]);
  });

  it("a player's creature speaking does not colour the monster's dice: the card names its speaker without an actor id", async () => {
    const { t } = tableWithDsn();
    t.world.script([[20, 12], [12, 8], [12, 3], [3, 2]]);
    await t.player.run(() => act(grapple(t.fighterToken, t.goblinToken)));
    const card = newestCard(t);
    expect(card.speaker).toMatchObject({ token: t.fighterToken.id, scene: t.fighterToken.parent.id });
    expect(card.speaker).not.toHaveProperty("actor");
    // Each die names its thrower's world actor, on its term (what travels with a roll, C-127).
    expect(card.rolls.map((r) => (r as { terms: Array<{ options: { wcThrower?: string } }> }).terms[0]?.options.wcThrower)).toEqual([t.fighter.id, t.fighter.id, t.goblin.id, t.fighter.id]);
  });

  it("with Dice So Nice's setting turned back on (the GM's choice), the card's dice are thrown together", async () => {
    const { t, of } = tableWithDsn((w) => w.settingValues.set(`${M}.diceOrderDone`, true));
    t.world.script([[20, 12], [12, 8], [12, 3], [3, 2]]);
    await t.player.run(() => act(grapple(t.fighterToken, t.goblinToken)));
    const dsn = of(t.player);
    expect(dsn.thrown.map((x) => x.step)).toEqual([0]);
    expect(dsn.thrown.flatMap((x) => x.dice.map((d) => d.result))).toEqual([12, 8, 3, 2]);
  });

  it("the owners' appearance is Dice So Nice's world setting to refuse: off, every die in the author's (the GM's)", async () => {
    const { t, of } = tableWithDsn(() => undefined, { ownerAppearance: "0" });
    t.world.script([[20, 12], [12, 8], [12, 3], [3, 2]]);
    await t.player.run(() => act(grapple(t.fighterToken, t.goblinToken)));
    const dsn = of(t.player);
    dsn.landAll();
    expect(new Set(dsn.thrown.map((x) => x.appearance))).toEqual(new Set([t.gmUser.id]));
  });

  it("nothing throws dice of its own outside a card (no showForRoll broadcast)", async () => {
    const { t, of } = tableWithDsn();
    t.world.script([[20, 12], [12, 8], [12, 3], [3, 2]]);
    await t.player.run(() => act(grapple(t.fighterToken, t.goblinToken)));
    expect([t.gm, t.player].flatMap((c) => of(c).direct)).toEqual([]);
  });
});

describe("Dice So Nice: a round end in a large battle", () => {
  const roll = (faces: number) => Object.assign(new FakeRoll(`1d${faces}`), { dice: [{ faces, results: [{ result: 1, active: true }] }] }) as unknown as Roll;

  it("a dozen dice are thrown in order; a thirteenth and the card carries Dice So Nice's skip", () => {
    const { t } = tableWithDsn();
    t.gm.run(() => {
      const twelve = dressDice(Array.from({ length: 12 }, () => roll(12)), [], () => null, 12);
      expect(twelve.flags).toBeNull();
      expect(twelve.rolls.map((r) => (r as unknown as { dice: Array<{ options: { rollOrder: number } }> }).dice[0]?.options.rollOrder)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
      const thirteen = dressDice(Array.from({ length: 13 }, () => roll(12)), [], () => null, 12);
      expect(thirteen.flags).toEqual({ [DSN]: { skip: true } });
    });
  });

  async function roundWithOneBreakRoll(limit: number | null): Promise<{ t: Table; of: (c: FakeClient) => FakeDice3D; card: FakeChatMessage }> {
    const { t, of } = tableWithDsn((w) => (limit === null ? undefined : w.settingValues.set(`${M}.roundDiceLimit`, limit)));
    t.goblinToken.x = 100;
    const combat = t.world.addCombat([t.fighterToken, t.goblinToken], 1);
    // Goblin (THAC0 20) holds the fighter by the arm (000: no damage); the fighter's break d12 1 fails.
    t.world.script([[20, 17], [12, 9], [12, 1]]);
    await t.gm.run(() => act(grapple(t.goblinToken, t.fighterToken)));
    // Round 1 ends with no break roll (the hold is new); round 2 with the fighter's, d12 2 + 2 against 10: held.
    combat.round = 2;
    await t.gm.run(() => processRoundEnd(combat as never, 1));
    t.world.script([[12, 2]]);
    combat.round = 3;
    await t.gm.run(() => processRoundEnd(combat as never, 2));
    expect(t.world.scriptedLeft).toBe(0);
    const card = roundCardOf(t.world, combat.id, 2);
    if (!card) throw new Error("no round card");
    return { t, of, card };
  }

  it("a round card within the limit throws its dice", async () => {
    const { t, of, card } = await roundWithOneBreakRoll(null);
    expect(card.rolls).toHaveLength(1);
    expect(card.getFlag(DSN, "skip")).toBeUndefined();
    expect(of(t.player).seen).toContain(card.id);
  });

  it("a round end's break roll is the held creature's: Alice's fighter breaks in Alice's dice, not the GM's", async () => {
    const { t, of, card } = await roundWithOneBreakRoll(null);
    const dsn = of(t.player);
    dsn.landAll();
    const thrown = dsn.thrown.filter((x) => x.messageId === card.id);
    expect(thrown.map((x) => x.appearance)).toEqual([t.alice.id]);
  });

  it("a die the events do not account for one for one leaves every die the round's (the GM's)", () => {
    const { t } = tableWithDsn();
    t.gm.run(() => {
      const d12 = Object.assign(new FakeRoll("1d12"), { total: 2, dice: [{ faces: 12, results: [{ result: 2, active: true }] }] }) as unknown as Roll;
      const fighter = t.fighter as unknown as Actor.Implementation;
      const events = [{ kind: "break", defenderId: "f", die: { purpose: "breakRoll", sides: 12, face: 2 } }];
      expect(roundThrowers(events, [d12], () => fighter, () => undefined)).toEqual([fighter]);
      // A face that differs, or a die too many: nobody's.
      expect(roundThrowers([{ ...events[0], die: { purpose: "breakRoll", sides: 12, face: 5 } }], [d12], () => fighter, () => undefined)).toEqual([null]);
      expect(roundThrowers([...events, ...events], [d12], () => fighter, () => undefined)).toEqual([null]);
      // A stranglehold's damage (000) is its holder's; a knock-out chance (004) nobody's.
      expect(roundThrowers([{ kind: "strangle", holdId: "h", defenderId: "f", dice: [{ purpose: "strangleDamage", sides: 12, face: 2 }] }], [d12], (id) => (id === "o" ? fighter : null), () => "o")).toEqual([fighter]);
      expect(roundThrowers([{ kind: "strangle", holdId: "h", heldId: "f", die: { purpose: "strangleKo", sides: 12, face: 2 } }], [d12], () => fighter, () => "o")).toEqual([null]);
    });
  });

  it("past the world's limit (here 0: never) the round card is shown at once, no dice thrown", async () => {
    const { t, of, card } = await roundWithOneBreakRoll(0);
    expect(card.rolls).toHaveLength(1);
    expect(card.getFlag(DSN, "skip")).toBe(true);
    expect(of(t.player).seen).not.toContain(card.id);
    expect(of(t.player).hidden.has(card.id)).toBe(false);
  });
});

describe("without Dice So Nice", () => {
  it("the card keeps its speaker's actor and nothing of Dice So Nice's", async () => {
    const t = makeTable();
    t.world.script([[20, 12], [12, 8], [12, 3], [3, 2]]);
    await t.player.run(() => act(grapple(t.fighterToken, t.goblinToken)));
    const card = resultCardOf(t.world, newestCard(t).getFlag(M, "card") ? ((newestCard(t).getFlag(M, "card") as { requestId: string }).requestId) : "");
    expect(card?.speaker).toMatchObject({ actor: t.fighter.id });
    expect(card?.flags[DSN]).toBeUndefined();
  });
});
