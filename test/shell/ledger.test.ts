// @vitest-environment happy-dom
// Issue 33: the truth of a hold kept where players cannot write. A hostile player, from their own
// browser's console (and from their own client's hooks, racing the GM's tab), ends, escapes or
// corrupts a hold their creature is in. Each attack is one the issue found getting through; the
// GM's tab must act on the ledger (the combat's or the scene's flags, which only a GM can write:
// C-70, C-86), not on the effect on the player's creature.
//
// Only what a player has is used (documents, hooks, the module's API) and the fake world, so
// these run unchanged against the tree before the ledger (where they fail).
import { beforeEach, describe, expect, it } from "vitest";
import type { FakeActor, FakeClient, FakeCombat, FakeEffect } from "../fake-foundry/world.ts";
import type { Table } from "./setup.ts";
import { stableId } from "../../src/foundry/base/ids.ts";
import { answerStrike } from "../../src/foundry/cards/request-card.ts";
import { M, makeTable, resultCardOf, roundCardOf } from "./setup.ts";

type Api = { act(intent: unknown): Promise<{ kind: string; key?: string; params?: Record<string, unknown> }> };
const act = (c: FakeClient, intent: unknown) => c.run(() => (game.modules.get(M as never) as unknown as { api: Api }).api.act(intent));

let t: Table;
let combat: FakeCombat;

const hp = (a: FakeActor) => (a.system as { attributes: { hp: { value: number } } }).attributes.hp.value;
const halvesOf = (...actors: FakeActor[]) => actors.flatMap((a) => [...a.effects].filter((e) => e.getFlag(M, "hold")));
const holding = (a: FakeActor) => [...a.effects].filter((e) => e.statuses.has(`${M}.held`) || e.statuses.has(`${M}.holding`));
const combatantOf = () => [...combat.combatants].find((c) => c.tokenId === t.fighterToken.id);

async function settle(): Promise<void> {
  for (let i = 0; i < 8; i++) {
    await new Promise((r) => setTimeout(r, 0));
    await t.world.settle();
  }
}

/** The ogre (the GM's) holds the fighter (the player's) by the body: d20 15 hits, d12 8 + 1 body, break 4 fails. */
async function ogreHoldsFighter(): Promise<void> {
  t.world.script([[20, 15], [12, 8], [12, 4], [3, 3]]);
  await act(t.gm, { action: "grapple", attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid, declared: {} });
  await settle();
  expect(halvesOf(t.fighter, t.ogreToken.actor)).toHaveLength(2);
}

/** The fighter's half of the hold. */
const mine = (): FakeEffect => {
  const e = halvesOf(t.fighter)[0];
  if (!e) throw new Error("no half on the fighter");
  return e;
};

/** Whether the hold stands whole: one held half on the fighter, one holding half on the ogre, naming the same hold and variant. */
function whole(): boolean {
  const held = halvesOf(t.fighter);
  const holder = halvesOf(t.ogreToken.actor);
  if (held.length !== 1 || holder.length !== 1) return false;
  const a = held[0]?.getFlag(M, "hold") as { record: { id: string }; role: string; variant: string };
  const b = holder[0]?.getFlag(M, "hold") as { record: { id: string }; role: string; variant: string };
  return a.role === "held" && b.role === "holder" && a.record.id === b.record.id && a.variant === "d12-holds" && b.variant === "d12-holds" && held[0]?.disabled !== true && held[0]?.statuses.has(`${M}.held`) === true;
}

/** The fighter tries to walk off: a move well away from the ogre, as a person drags it. */
async function walkOff(): Promise<number> {
  const x = t.fighterToken.x;
  await t.player.run(() => t.fighterToken.move({ x: x + 1000 }, { method: "dragging" }));
  await settle();
  return x;
}

describe.each([13, 14] as const)("Foundry v%i: the ledger only a GM writes", (generation) => {
  beforeEach(() => {
    t = makeTable({ world: { generation } });
    t.fighterToken.disposition = 1;
    t.goblinToken.disposition = -1;
    t.ogreToken.disposition = -1;
    combat = t.world.addCombat([t.fighterToken, t.goblinToken, t.ogreToken], 1);
  });

  it("C-70, C-86: a player can write neither the combat's flags nor the scene's", async () => {
    const scene = t.fighterToken.parent;
    await expect(t.player.run(() => combat.update({ [`flags.${M}.holds`]: {} }))).rejects.toThrow(/permission|Only a GM/);
    await expect(t.player.run(() => scene.update({ [`flags.${M}.holds`]: {} }))).rejects.toThrow(/lacks permission to update Scene/);
  });

  describe("finding 1: the own half deleted, then the own combatant removed", () => {
    it("one after the other: the GM is asked, the combatant comes back and the hold stands whole", async () => {
      await ogreHoldsFighter();
      let asked = 0;
      t.world.onDialog = (d) => {
        asked++;
        return d.press("back");
      };
      await t.player.run(() => mine().delete());
      await t.player.run(() => combatantOf()?.delete());
      await settle();
      expect(asked).toBe(1);
      expect(combatantOf()).toBeDefined();
      expect(whole()).toBe(true);
    });

    it("both in one go: the GM is asked, and the creature cannot walk off", async () => {
      await ogreHoldsFighter();
      let asked = 0;
      t.world.onDialog = (d) => {
        asked++;
        return d.press("back");
      };
      const half = mine();
      await t.player.run(async () => {
        await Promise.allSettled([half.delete(), combatantOf()?.delete()]);
      });
      await settle();
      expect(asked).toBe(1);
      expect(combatantOf()).toBeDefined();
      expect(whole()).toBe(true);
      const x = await walkOff();
      expect(t.fighterToken.x).toBe(x);
    });
  });

  it("finding 2: the hold flag taken off the own half, then the own combatant removed: the GM is asked and the hold is whole again", async () => {
    await ogreHoldsFighter();
    let asked = 0;
    t.world.onDialog = (d) => {
      asked++;
      return d.press("back");
    };
    await t.player.run(() => mine().update({ [`flags.${M}.-=hold`]: null } as never));
    await t.player.run(() => combatantOf()?.delete());
    await settle();
    expect(asked).toBe(1);
    expect(whole()).toBe(true);
    // No effect left over that shows the creature held twice.
    expect(holding(t.fighter)).toHaveLength(1);
  });

  describe("finding 3: the own half deleted and a plain effect made at its id", () => {
    it("in the same breath: the hold is rebuilt (at another id) and the creature cannot walk off", async () => {
      await ogreHoldsFighter();
      const half = mine();
      const id = half.id;
      await t.player.run(async () => {
        await Promise.allSettled([half.delete(), t.fighter.createEmbeddedDocuments("ActiveEffect", [{ _id: id, name: "Lucky charm" }] as never, { keepId: true })]);
      });
      await settle();
      expect(whole()).toBe(true);
      const x = await walkOff();
      expect(t.fighterToken.x).toBe(x);
    });

    it("from the player's own deleteActiveEffect hook, every time the GM's tab puts the half back: the hold still stands whole", async () => {
      await ogreHoldsFighter();
      const id = mine().id;
      let squats = 0;
      // The player's client squats the id again each time one of the fighter's effects is removed.
      t.player.run(() =>
        Hooks.on("deleteActiveEffect", (effect: unknown) => {
          const e = effect as FakeEffect;
          if (e.parent !== t.fighter || squats > 5) return;
          squats++;
          void t.player.run(() => t.fighter.createEmbeddedDocuments("ActiveEffect", [{ _id: id, name: "Lucky charm" }] as never, { keepId: true })).catch(() => undefined);
        }),
      );
      await t.player.run(() => mine().delete());
      await settle();
      expect(whole()).toBe(true);
      // Not told "back" unless it is.
      expect(t.gm.notifications.filter((n) => n.level === "warn").length).toBeLessThanOrEqual(1);
      const x = await walkOff();
      expect(t.fighterToken.x).toBe(x);
    });
  });

  it("a half made again by a GM tab that has since closed, landing after the tab that took over made its own: the second copy goes", async () => {
    await ogreHoldsFighter();
    // The player deletes the own half; the active GM's tab makes it again at a fresh id.
    await t.player.run(() => mine().delete());
    await settle();
    expect(whole()).toBe(true);
    // The write a closed GM tab had on its way (the same rebuild, at a fresh id of its own) lands now.
    const copy = { ...mine().toObject(), _id: "LateRebuild00001" };
    await t.gm.run(() => t.fighter.createEmbeddedDocuments("ActiveEffect", [copy] as never, { keepId: true, [M]: { pairHandled: true, repair: true } } as never));
    await settle();
    expect(halvesOf(t.fighter)).toHaveLength(1);
    expect(whole()).toBe(true);
  });

  it("finding 4: only the variant of the own half rewritten: put back, and the creature cannot walk off", async () => {
    await ogreHoldsFighter();
    await t.player.run(() => mine().update({ [`flags.${M}.hold.variant`]: "percentile" } as never));
    await settle();
    expect(whole()).toBe(true);
    const x = await walkOff();
    expect(t.fighterToken.x).toBe(x);
  });

  it("finding 4: a half's fields rewritten one by one (name, status, disabled, record, variant, twin): each put back", async () => {
    await ogreHoldsFighter();
    const edits: Array<Record<string, unknown>> = [
      { name: "Nothing here" },
      { statuses: [] },
      { disabled: true },
      { [`flags.${M}.hold.record.heldId`]: t.goblinToken.uuid },
      { [`flags.${M}.hold.role`]: "holder" },
      { [`flags.${M}.hold.variant`]: "grapple-die" },
      { [`flags.${M}.hold.twinUuid`]: "Actor.nothing.ActiveEffect.nothing00000001" },
      { [`flags.${M}.combat`]: "NOSUCHCOMBAT0001" },
    ];
    for (const edit of edits) {
      await t.player.run(() => mine().update(edit as never));
      await settle();
      expect(whole(), JSON.stringify(edit)).toBe(true);
    }
  });

  it("finding 4: the variant rewritten while no GM is connected: put back when a GM's tab starts", async () => {
    await ogreHoldsFighter();
    t.world.disconnect(t.gm);
    await t.player.run(() => mine().update({ [`flags.${M}.hold.variant`]: "percentile" } as never));
    t.gm = t.world.connect(t.gmUser, (await import("../../src/foundry/hooks/index.ts")).registerHooks);
    await settle();
    expect(whole()).toBe(true);
  });

  it("the tracker's notes read the ledger: the own half deleted and a forged one made while no GM is connected change no row", async () => {
    await ogreHoldsFighter();
    t.world.disconnect(t.gm);
    await t.player.run(() => t.fighter.deleteEmbeddedDocuments("ActiveEffect", [mine().id]));
    // A made-up half: the fighter holding the goblin by the body.
    const record = { id: "forged", holderId: t.fighterToken.uuid, heldId: t.goblinToken.uuid, label: "WC.Part.body", data: {} };
    await t.player.run(() =>
      t.fighter.createEmbeddedDocuments("ActiveEffect", [{ name: "Holding Goblin (body)", statuses: [`${M}.holding`], duration: {}, flags: { [M]: { hold: { record, role: "holder", twinUuid: `${t.goblinToken.actor.uuid}.ActiveEffect.${stableId("forged")}`, variant: "d12-holds" } } } }] as never),
    );
    const rows = t.player.ui.combat.render();
    const row = (token: Table["fighterToken"]) => `[data-combatant-id="${[...combat.combatants].find((c) => c.tokenId === token.id)?.id}"]`;
    expect(rows.querySelector(`${row(t.fighterToken)} .wc-tracker__held`)?.textContent).toBe("held by Ogre");
    expect(rows.querySelector(`${row(t.fighterToken)} .wc-tracker__holder`)).toBeNull();
    expect(rows.querySelector(`${row(t.ogreToken)} .wc-tracker__holder`)?.textContent).toBe("holds Fighter");
    expect(rows.querySelector(`${row(t.goblinToken)} .wc-tracker__held`)).toBeNull();
  });

  it("finding 5: two halves made in one request on the own creature (a hold on itself) are no pair: removed, the creature acts, and the round end runs", async () => {
    const rec = (id: string) => ({ id, holderId: t.fighterToken.uuid, heldId: t.fighterToken.uuid, label: "WC.Part.body", data: { id, part: "body", result: 6, sizeAdjustment: 0, holderSize: "M", roundGained: 1, holderId: t.fighterToken.uuid, heldId: t.fighterToken.uuid } });
    const half = (role: string, own: string, twin: string) => ({
      _id: own,
      name: role,
      statuses: [role === "held" ? `${M}.held` : `${M}.holding`],
      ...(generation >= 14 ? { duration: { value: null, units: "seconds", expiry: null } } : {}),
      flags: { [M]: { hold: { record: rec("SELF>hold"), role, twinUuid: `${t.fighter.uuid}.ActiveEffect.${twin}`, variant: "d12-holds" } } },
    });
    await t.player.run(() => t.fighter.createEmbeddedDocuments("ActiveEffect", [half("held", "SELFheld00000001", "SELFholder000001"), half("holder", "SELFholder000001", "SELFheld00000001")] as never, { keepId: true }));
    await settle();
    expect(holding(t.fighter)).toHaveLength(0);
    // The fighter still acts: a pummel on the goblin is not refused for a hold.
    t.world.script([[20, 20]]);
    t.world.fallbackFace = () => 1;
    const out = await act(t.player, { action: "pummel", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} });
    expect(out.kind).not.toBe("refused");
    await settle();
    await t.gm.run(() => combat.update({ round: 2 }, { direction: 1 }));
    await settle();
    expect(t.world.messages.contents.some((m) => m.getFlag(M, "roundCard"))).toBe(true);
  });

  it("upgrade: holds made before the ledger are taken into it when a GM's tab first starts, not removed as forgeries", async () => {
    await ogreHoldsFighter();
    t.world.disconnect(t.gm);
    // The world as the tree before the ledger left it: the pair of effects, no ledger entry, no ledger version.
    const flags = combat.flags[M] as Record<string, unknown>;
    flags.holds = {};
    (t.world as unknown as { settingValues: Map<string, unknown> }).settingValues.delete(`${M}.ledgerVersion`);
    t.gm = t.world.connect(t.gmUser, (await import("../../src/foundry/hooks/index.ts")).registerHooks);
    await settle();
    expect(whole()).toBe(true);
    const kept = Object.values((combat.flags[M] as { holds: Record<string, { record: { heldId: string; holderId: string } }> }).holds);
    expect(kept.map((h) => [h.record.heldId, h.record.holderId])).toEqual([[t.fighterToken.uuid, t.ogreToken.uuid]]);
    // The rules see it: the held fighter cannot walk off.
    const x = await walkOff();
    expect(t.fighterToken.x).toBe(x);
  });

  it("upgrade: a pair between two creatures one player owns is not taken in (the player could have written both halves)", async () => {
    t.world.disconnect(t.gm);
    const thief = t.world.addActor("Thief", { attributes: { hp: { value: 10, max: 10 } } }, { [t.alice.id]: 3 });
    const thiefToken = t.world.addToken(t.fighterToken.parent, thief);
    const rec = { id: "FORGED>hold", holderId: thiefToken.uuid, heldId: t.fighterToken.uuid, label: "WC.Part.body", data: { id: "FORGED>hold", part: "body", result: 6, sizeAdjustment: 0, holderSize: "M", roundGained: 1, holderId: thiefToken.uuid, heldId: t.fighterToken.uuid } };
    const half = (role: string, own: string, twinActor: FakeActor, twin: string) => ({ _id: own, name: role, statuses: [role === "held" ? `${M}.held` : `${M}.holding`], ...(generation >= 14 ? { duration: { value: null, units: "seconds", expiry: null } } : {}), flags: { [M]: { hold: { record: rec, role, twinUuid: `${twinActor.uuid}.ActiveEffect.${twin}`, variant: "d12-holds" } } } });
    (t.world as unknown as { settingValues: Map<string, unknown> }).settingValues.delete(`${M}.ledgerVersion`);
    await t.player.run(() => t.fighter.createEmbeddedDocuments("ActiveEffect", [half("held", "FORGEDheld000001", thief, "FORGEDholder0001")] as never, { keepId: true }));
    await t.player.run(() => thief.createEmbeddedDocuments("ActiveEffect", [half("holder", "FORGEDholder0001", t.fighter, "FORGEDheld000001")] as never, { keepId: true }));
    t.gm = t.world.connect(t.gmUser, (await import("../../src/foundry/hooks/index.ts")).registerHooks);
    await settle();
    expect(holding(t.fighter)).toHaveLength(0);
    expect(holding(thief)).toHaveLength(0);
  });

  it("finding 5: a hold on itself made before the GM's tab starts is removed by the sweep, and the rules never see it", async () => {
    t.world.disconnect(t.gm);
    const rec = { id: "SELF>hold", holderId: t.fighterToken.uuid, heldId: t.fighterToken.uuid, label: "WC.Part.body", data: { id: "SELF>hold", part: "body", result: 6, sizeAdjustment: 0, holderSize: "M", roundGained: 1, holderId: t.fighterToken.uuid, heldId: t.fighterToken.uuid } };
    const half = (role: string, own: string, twin: string) => ({ _id: own, name: role, statuses: [role === "held" ? `${M}.held` : `${M}.holding`], ...(generation >= 14 ? { duration: { value: null, units: "seconds", expiry: null } } : {}), flags: { [M]: { hold: { record: rec, role, twinUuid: `${t.fighter.uuid}.ActiveEffect.${twin}`, variant: "d12-holds" } } } });
    await t.player.run(() => t.fighter.createEmbeddedDocuments("ActiveEffect", [half("held", "SELFheld00000001", "SELFholder000001"), half("holder", "SELFholder000001", "SELFheld00000001")] as never, { keepId: true }));
    t.gm = t.world.connect(t.gmUser, (await import("../../src/foundry/hooks/index.ts")).registerHooks);
    await settle();
    expect(holding(t.fighter)).toHaveLength(0);
  });

  it("finding 12: the lift-off mark on the player's token, removed by the player, is put back: the creature falls when the hold ends", async () => {
    // The GM's goblin has wings; the fighter holds its leg. The goblin lifts off with the fighter
    // hanging on (000: the break roll needs 8; d12 3 + 2 for the hold's size is 5: hangs on).
    const goblin = t.goblinToken.actor;
    const flags = goblin.flags[M] as { profile: Record<string, Record<string, unknown>> };
    flags.profile["d12-holds"] = { ...flags.profile["d12-holds"], flight: "wings" };
    const { putHold, d12Hold, place } = await import("./movement-setup.ts");
    place(t.fighterToken, 5, 5);
    place(t.goblinToken, 6, 5);
    await putHold(t, t.fighterToken, t.goblinToken, "WC.Part.leg", d12Hold("h1", "leg", "M", -2, { limb: 0 }));
    t.world.script([[12, 3]]);
    await act(t.gm, { action: "liftOff", attackerUuid: t.goblinToken.uuid, defenderUuid: t.fighterToken.uuid, declared: {} });
    await settle();
    expect(t.fighterToken.elevation).toBeGreaterThan(0);
    expect(t.fighterToken.getFlag(M, "aloft")).toMatchObject({ ground: 0 });
    // The player takes the mark off their own token (and, for good measure, writes another ground).
    await t.player.run(() => t.fighterToken.update({ [`flags.${M}.-=aloft`]: null } as never));
    await settle();
    expect(t.fighterToken.getFlag(M, "aloft")).toMatchObject({ ground: 0 });
    await t.player.run(() => t.fighterToken.update({ [`flags.${M}.aloft`]: { ground: t.fighterToken.elevation } } as never));
    await settle();
    expect(t.fighterToken.getFlag(M, "aloft")).toMatchObject({ ground: 0 });
    // The goblin breaks free up there (d12 12): the fighter falls to the ground it left.
    t.world.script([[12, 12]]);
    await act(t.gm, { action: "breakFree", attackerUuid: t.goblinToken.uuid, defenderUuid: t.fighterToken.uuid, declared: {} });
    await settle();
    expect(halvesOf(t.fighter, goblin)).toEqual([]);
    expect(t.fighterToken.elevation).toBe(0);
  });

  describe("findings 6 and 7: ids a player cannot compute", () => {
    /** The player's client puts a message back at `id` each time one of theirs there is removed (their own deleteChatMessage hook). */
    function resquat(id: () => string): void {
      let tries = 0;
      t.player.run(() =>
        Hooks.on("deleteChatMessage", (message: unknown) => {
          const m = message as { id: string; author: { id: string } };
          if (m.id !== id() || m.author.id !== t.alice.id || tries > 20) return;
          tries++;
          void t.player.run(() => ChatMessage.create({ _id: id(), content: "squat" } as never, { keepId: true })).catch(() => undefined);
        }),
      );
    }

    it("finding 6: the round card's id taken again from the player's own hook each time the GM's tab removes it: the round end runs", async () => {
      await ogreHoldsFighter();
      // The id the round card had when it was worked out from the combat and round (public code).
      const guess = stableId(`round|${combat.id}|1`);
      resquat(() => guess);
      await t.player.run(() => ChatMessage.create({ _id: guess, content: "squat" } as never, { keepId: true }));
      await settle();
      await t.gm.run(() => combat.update({ round: 2 }, { direction: 1 }));
      await settle();
      const card = roundCardOf(t.world, combat.id, 1);
      expect(card?.getFlag(M, "roundCard")).toMatchObject({ state: "applied" });
      expect(card?.id).not.toBe(guess);
    });

    it("finding 7: the id of the card an answered question will make, taken again from the player's own hook: the GM's attack is carried out when answered", async () => {
      // The GM's ogre charges the player's fighter: the fighter's player is asked first.
      const out = await act(t.gm, { action: "chargingOverbear", attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid, declared: {} });
      expect(out.kind).toBe("waiting");
      const strike = t.world.messages.contents.find((m) => m.getFlag(M, "strike"));
      if (!strike) throw new Error("no question card");
      const guess = stableId(`card|${strike.id}`);
      resquat(() => guess);
      await t.player.run(() => ChatMessage.create({ _id: guess, content: "squat" } as never, { keepId: true }));
      await settle();
      t.world.script([[20, 12], [12, 12], [12, 11]]);
      await t.player.run(() => answerStrike(strike as never, "miss"));
      await settle();
      const card = resultCardOf(t.world, strike.id);
      expect(card?.getFlag(M, "card")).toMatchObject({ state: "applied" });
      expect(card?.id).not.toBe(guess);
    });

    it("no card of the module takes an id worked out from its request or round", async () => {
      t.world.script([[20, 15], [12, 8], [12, 4], [3, 3]]);
      const out = await act(t.player, { action: "grapple", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} });
      await settle();
      const card = t.world.messages.contents.find((m) => m.getFlag(M, "card"));
      const requestId = (card?.getFlag(M, "card") as { requestId?: string } | undefined)?.requestId ?? "";
      expect(out.kind).toBe("done");
      expect(card?.id).not.toBe(stableId(`card|${requestId}`));
    });
  });

  describe("finding 14: the GM's screen and queue", () => {
    it("the held combatant removed again and again in one round: the GM is asked once, and it stays in the fight", async () => {
      await ogreHoldsFighter();
      let asked = 0;
      t.world.onDialog = (d) => {
        asked++;
        return d.press("back");
      };
      for (let i = 0; i < 5; i++) {
        await t.player.run(() => combatantOf()?.delete());
        await settle();
      }
      expect(asked).toBe(1);
      expect(combatantOf()).toBeDefined();
      expect(whole()).toBe(true);
    });

    it("the own half edited ten times in a round: the GM is warned once", async () => {
      await ogreHoldsFighter();
      for (let i = 0; i < 10; i++) {
        await t.player.run(() => mine().update({ name: `Free ${i}` } as never));
        await settle();
      }
      expect(whole()).toBe(true);
      expect(t.gm.notifications.filter((n) => n.level === "warn")).toHaveLength(1);
    });

    it("one request deleting 2,000 plain effects is one piece of GM work, and the hold is untouched", async () => {
      await ogreHoldsFighter();
      const made = (await t.player.run(() => t.fighter.createEmbeddedDocuments("ActiveEffect", Array.from({ length: 2000 }, (_, i) => ({ name: `Plain ${i}`, ...(generation >= 14 ? { duration: { value: null, units: "seconds", expiry: null } } : {}) })) as never, {}))) as unknown as FakeEffect[];
      await settle();
      const mark = t.world.writes.length;
      // Each piece of GM work takes the GM's Web Lock once (gm/queue.ts): count them.
      const locks = t.gm.navigator.locks as { request: (name: string, cb: () => Promise<unknown>) => Promise<unknown> };
      const request = locks.request;
      let work = 0;
      locks.request = (name, cb) => {
        work++;
        return request(name, cb);
      };
      await t.player.run(() => t.fighter.deleteEmbeddedDocuments("ActiveEffect", made.map((e) => e.id)));
      await settle();
      expect(work).toBeLessThanOrEqual(1);
      // The GM's tab writes nothing for plain effects (and the hold stands whole).
      expect(t.world.writes.slice(mark).filter((w) => w.user === t.gmUser.id)).toEqual([]);
      expect(whole()).toBe(true);
      expect(hp(t.fighter)).toBeGreaterThan(0);
    });
  });
});
