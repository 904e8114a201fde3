// @vitest-environment happy-dom
// Red team: a hostile player, from their own browser's console, tries what docs/security.md does
// not list (the attacks of security.test.ts are not repeated). Each test is one attack, written to
// PASS when the module refuses it: the GM's tab writes nothing it should not, the hold stays, the
// round end runs, no markup reaches a place that reads HTML.
//
// Tests marked `// Was open:` got through when the red team wrote them (commit 9f35c48): the
// comment says how, and the module has since been changed so that each is refused (docs/security.md).
//
// Only what a player really has is used: their own chat messages (any flags, any id with keepId),
// their own actor, its effects and flags, their own tokens (with any options), their own
// combatant, and the module's API. Every test runs on v13 (351, in steps) and v14 (363, batched),
// but the last, which needs a v13 build from before the movement hooks.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FakeActor, FakeChatMessage, FakeClient, FakeCombat, FakeToken, FakeUser } from "../fake-foundry/world.ts";
import { RULES_VARIANTS } from "../../src/rules/index.ts";
import type { Table } from "./setup.ts";
import { M, d12Profile, makeTable, tableFor } from "./setup.ts";
import { d12Hold, place, putHold } from "./movement-setup.ts";

type Api = { act(intent: unknown): Promise<{ kind: string; key?: string }> };
/** Acts through the module's API, on that user's client (as a macro does). */
const act = (c: FakeClient, intent: unknown) => c.run(() => (game.modules.get(M as never) as unknown as { api: Api }).api.act(intent));

let t: Table;
const hp = (a: FakeActor) => (a.system as { attributes: { hp: { value: number } } }).attributes.hp.value;
const temporary = (a: FakeActor) => (a.getFlag(M, "temporary" as never) as number | undefined) ?? 0;
const halvesOf = (...actors: FakeActor[]) => actors.flatMap((a) => [...a.effects].filter((e) => e.getFlag(M, "hold")));
const gmWrites = (mark: number) => t.world.writes.slice(mark).filter((w) => w.user === t.gmUser.id);
const cards = (flag: string) => t.world.messages.contents.filter((m) => m.getFlag(M, flag as never));
const combatantOf = (combat: FakeCombat, token: FakeToken) => [...combat.combatants].find((c) => c.tokenId === token.id);

async function settle(): Promise<void> {
  for (let i = 0; i < 6; i++) {
    await new Promise((r) => setTimeout(r, 0));
    await t.world.settle();
  }
}

async function registerHooks(): Promise<() => void> {
  return (await import("../../src/foundry/hooks/index.ts")).registerHooks;
}

/** Opens a new GM tab (the catch-up at start, `sweep` and all, runs on it). */
async function reopenGM(): Promise<void> {
  t.world.disconnect(t.gm);
  t.gm = t.world.connect(t.gmUser, await registerHooks());
  await settle();
}

/** A second player, Bob, connected, with a creature of his own on the scene. */
async function withBob(profile: Record<string, unknown>, variant = "d12-holds"): Promise<{ bob: FakeUser; client: FakeClient; token: FakeToken }> {
  const bob = t.world.addUser("Bob", false);
  const client = t.world.connect(bob, await registerHooks());
  const actor = t.world.addActor("Thief", { attributes: { hp: { value: 10, max: 10 } } }, { [bob.id]: 3 });
  actor.flags[M] = { profile: { [variant]: profile } };
  return { bob, client, token: t.world.addToken(t.fighterToken.parent, actor) };
}

/** A request card as the module's own client posts it (any player can post one by hand). */
function request(ask: Record<string, unknown>): Record<string, unknown> {
  return { [M]: { request: { state: "pending", ask } } };
}
const post = (c: FakeClient, flags: Record<string, unknown>, extra: Record<string, unknown> = {}) => c.run(() => ChatMessage.create({ content: "", ...extra, flags } as never)) as unknown as Promise<FakeChatMessage>;

/** The ogre (the GM's) holds the fighter (the player's) by the body, put in place as the module stores it. */
async function ogreHoldsFighter(part = "body", extra: Record<string, unknown> = {}): Promise<void> {
  place(t.fighterToken, 5, 5);
  place(t.ogreToken, 4, 5);
  place(t.goblinToken, 20, 20);
  await putHold(t, t.ogreToken, t.fighterToken, `WC.Part.${part}`, d12Hold("h1", part, "L", 1, extra));
  await settle();
  expect(halvesOf(t.fighter, t.ogreToken.actor)).toHaveLength(2);
}

describe.each([13, 14] as const)("Foundry v%i: a hostile player's console", (generation) => {
  beforeEach(() => {
    t = makeTable({ world: { generation } });
    t.fighterToken.disposition = 1;
    t.goblinToken.disposition = -1;
    t.ogreToken.disposition = -1;
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  describe("poisoned profile data (a JSON object whose toString is not a function)", () => {
    const poison = { toString: 1 };

    it("grapple-die: a poisoned height on the player's own creature does not stop the round end for everyone", async () => {
      // Was open: `{toString: 1}` is plain JSON. The grapple-die profile check (`num` in
      // rules/grapple-die/profile.ts) builds its message with String(v), which throws a TypeError,
      // not a RulesInputError: creature.ts `withOverrides` and round-end.ts `readable` (which calls
      // `participant` outside its try) only catch RulesInputError, so resolveRound throws and no
      // round card is ever posted, for any combatant, in any later round either.
      vi.spyOn(console, "error").mockImplementation(() => undefined);
      t = await tableFor("grapple-die", { world: { generation } });
      const combat = t.world.addCombat([t.fighterToken, t.goblinToken, t.ogreToken], 1);
      await t.player.run(() => t.fighter.update({ [`flags.${M}.profile.grapple-die.heightFt`]: poison } as never));
      await settle();
      await t.gm.run(() => combat.update({ round: 2 }, { direction: 1 }));
      await settle();
      expect(cards("roundCard")).toHaveLength(1);
    });

    it("grapple-die: a poisoned request waiting when a GM's tab starts does not keep other players' requests from being carried out", async () => {
      // Was open: the poisoned creature's request throws a TypeError out of `perform`, which
      // `refusalOf` rethrows; `handleRequest` lets it out, and `processPendingRequests` (a plain
      // for-loop of awaited work) stops at it: Bob's request behind it is never carried out, and
      // both request cards stay "pending" for good (Alice's own client waits forever too).
      vi.spyOn(console, "error").mockImplementation(() => undefined);
      t = await tableFor("grapple-die", { world: { generation } });
      const bob = await withBob(RULES_VARIANTS["grapple-die"]!.defaultProfile(), "grapple-die");
      await t.player.run(() => t.fighter.update({ [`flags.${M}.profile.grapple-die.heightFt`]: poison } as never));
      t.world.disconnect(t.gm);
      const pummel = (attacker: FakeToken) => ({ kind: "action", intent: { action: "pummel", attackerUuid: attacker.uuid, defenderUuid: t.goblinToken.uuid, declared: {} } });
      await post(t.player, request(pummel(t.fighterToken)));
      t.world.time += 10;
      await post(bob.client, request(pummel(bob.token)));
      t.world.fallbackFace = (s) => s;
      t.gm = t.world.connect(t.gmUser, await registerHooks());
      await settle();
      expect(cards("card").filter((m) => (m.getFlag(M, "card" as never) as { intent: { attackerUuid: string } }).intent.attackerUuid === bob.token.uuid)).toHaveLength(1);
    });

    it("a huge value in the player's own profile is not echoed whole into the GM's notices", async () => {
      // Was open: creature.ts `warnOnce` puts the rules' issue text, which quotes the stored value
      // (`got`), into the GM's notice: 200,000 characters of the player's text on the GM's screen,
      // and again whenever the value changes by one character ("once" is per value).
      const combat = t.world.addCombat([t.fighterToken, t.goblinToken, t.ogreToken], 1);
      await t.player.run(() => t.fighter.update({ [`flags.${M}.profile.d12-holds.movement`]: "x".repeat(200_000) } as never));
      await t.gm.run(() => combat.update({ round: 2 }, { direction: 1 }));
      await settle();
      expect(Math.max(0, ...t.gm.notifications.map((n) => n.message.length))).toBeLessThan(2000);
    });

    it("temporary damage that is not a number on the player's own creature stops no round end", async () => {
      const combat = t.world.addCombat([t.fighterToken, t.goblinToken, t.ogreToken], 1);
      await t.player.run(() => t.fighter.update({ [`flags.${M}.temporary`]: "abc" } as never));
      await t.gm.run(() => combat.update({ round: 2 }, { direction: 1 }));
      await settle();
      expect(cards("roundCard")).toHaveLength(1);
    });
  });

  describe("getting out of a hold", () => {
    it("deleting their own half and, in the same breath, putting an identical copy back at its id: the hold stays whole", async () => {
      // Was open: the GM's tab queues onHalfDeleted then onEffectCreated (gm/hold-guard.ts).
      // onHalfDeleted finds the copy at the half's id and "puts it back" by updating it (so it is
      // now exactly the module's half); onEffectCreated then sees a module-flagged effect made by
      // a player and removes it with the module's pairHandled option. The ogre's half is left
      // alone: the fighter is free, live, with the GM connected (and told only of a "put back").
      await ogreHoldsFighter();
      const mine = halvesOf(t.fighter)[0]!;
      const copy = mine.toObject();
      await t.player.run(async () => {
        await Promise.allSettled([mine.delete(), t.fighter.createEmbeddedDocuments("ActiveEffect", [copy] as never, { keepId: true })]);
      });
      await settle();
      expect(halvesOf(t.fighter, t.ogreToken.actor)).toHaveLength(2);
    });

    it("the combat the hold was made in, rewritten on their own half: the next GM tab's sweep keeps the hold", async () => {
      // Was open: onEffectUpdated's "tampered" test looks at the record, `disabled` and the
      // status, not at `flags.weaponless-combat.combat`, so the change stays unnoticed. When a GM's
      // tab starts, `sweep` judges each half by its own combat flag (`stillFits`): the player's
      // half "does not fit its combat" and is removed with pairHandled, the ogre's half is left
      // alone, and the fighter is free.
      t.world.addCombat([t.fighterToken, t.goblinToken, t.ogreToken], 1);
      // The ogre grapples the fighter in the fight (d20 15 hits, d12 8 + 1 body, break 4 fails):
      // both halves carry the combat's id.
      t.world.script([[20, 15], [12, 8], [12, 4], [3, 3]]);
      await act(t.gm, { action: "grapple", attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid, declared: {} });
      await settle();
      expect(halvesOf(t.fighter, t.ogreToken.actor).every((e) => typeof e.getFlag(M, "combat" as never) === "string")).toBe(true);
      await t.player.run(() => halvesOf(t.fighter)[0]?.update({ [`flags.${M}.combat`]: "NOSUCHCOMBAT0001" } as never));
      await settle();
      await reopenGM();
      expect(halvesOf(t.fighter, t.ogreToken.actor)).toHaveLength(2);
    });

    it("their half's record id rewritten while no GM is connected: the GM's tab, starting, makes the hold whole again", async () => {
      // Was open: `sweep` walks actors in order. The fighter's half (no longer verified) is put
      // on the removal list first; then the ogre's lone half is "trustworthy" and putBack()
      // repairs the fighter's half in place (an update, same id); at the end removeEffects deletes
      // that id anyway. The ogre's half is left alone: the fighter is free.
      await ogreHoldsFighter();
      t.world.disconnect(t.gm);
      await t.player.run(() => halvesOf(t.fighter)[0]?.update({ [`flags.${M}.hold.record.id`]: "mine" } as never));
      t.gm = t.world.connect(t.gmUser, await registerHooks());
      await settle();
      expect(halvesOf(t.fighter, t.ogreToken.actor)).toHaveLength(2);
    });
  });

  describe("walking away from a hold", () => {
    it("deleting their own half and moving in the same breath: the held token ends where it stood", async () => {
      // Was open: the GM's check of a finished move (hooks/movement.ts `onMoved`) runs at once, on
      // the document as it is: the half was deleted a moment before, so `inPlay` sees no hold and
      // the move stands. The half is put back afterwards, with the fighter 10 squares away.
      await ogreHoldsFighter();
      const x = t.fighterToken.x;
      const mine = halvesOf(t.fighter)[0]!;
      await t.player.run(async () => {
        const gone = mine.delete();
        const move = t.fighterToken.parent.updateEmbeddedDocuments("Token", [{ _id: t.fighterToken.id, x: x + 1000 }], { [M]: { move: "mine" } } as never);
        await Promise.allSettled([gone, move]);
      });
      await settle();
      expect(t.fighterToken.x).toBe(x);
    });

    it("pointing their half's twin elsewhere and moving in the same breath: the held token ends where it stood", async () => {
      // Was open: as above, with an update: `situationOf` reads holds through `verifiedHold`,
      // which no longer verifies, so the rules say "free"; the half is put back after the move.
      await ogreHoldsFighter();
      const x = t.fighterToken.x;
      const mine = halvesOf(t.fighter)[0]!;
      await t.player.run(async () => {
        const edit = mine.update({ [`flags.${M}.hold.twinUuid`]: "nothing" } as never);
        const move = t.fighterToken.parent.updateEmbeddedDocuments("Token", [{ _id: t.fighterToken.id, x: x + 1000 }], { [M]: { move: "mine" } } as never);
        await Promise.allSettled([edit, move]);
      });
      await settle();
      expect(t.fighterToken.x).toBe(x);
    });

    it("a move request that drags the goblin holding it along also lifts it 1,000 ft into the air: the GM's tab does not hoist it", async () => {
      // Was open: gm/moves.ts `planMove` measures the pace on x and y only (`moveFeet`,
      // geometry `distanceBetween`), and `placesAfter` gives every creature brought along the
      // mover's change of elevation. One square east and 1,000 up is a 5 ft move: the GM's tab
      // writes the GM's goblin at elevation 1000.
      place(t.fighterToken, 5, 5);
      place(t.goblinToken, 6, 5);
      await putHold(t, t.goblinToken, t.fighterToken, "WC.Part.leg", d12Hold("h1", "leg", "S", -2, { limb: 0 }));
      const job = { requestId: "ELEVATORjob00001", moverUuid: t.fighterToken.uuid, from: { x: 500, y: 500 }, to: { x: 600, y: 500, elevation: 1000 }, pick: { kind: "drag" }, distance: 5 };
      await post(t.player, request({ kind: "move", job }), { whisper: [t.gmUser.id, t.alice.id] });
      await settle();
      expect(t.goblinToken.elevation).toBe(0);
    });

    it("taking their own combatant out of the fight just before the round ends: the stranglehold still chokes", async () => {
      // Was open: hooks/cleanup.ts asks the GM (ui/combatant-removed.ts) and leaves the combat as
      // it is until the GM answers; the round end (round-end.ts `sidesOf`) reads only the
      // combatants, so the ogre's stranglehold on the fighter does no damage this round.
      const combat = t.world.addCombat([t.fighterToken, t.goblinToken, t.ogreToken], 1);
      await ogreHoldsFighter("strangle", { roundGained: 0 });
      t.world.fallbackFace = (s) => (s === 12 ? 1 : s);
      // The GM has not answered yet when the round ends.
      t.world.onDialog = () => new Promise(() => undefined);
      await t.player.run(() => combatantOf(combat, t.fighterToken)?.delete());
      await settle();
      await t.gm.run(() => combat.update({ round: 2 }, { direction: 1 }));
      await settle();
      expect(30 - hp(t.fighter) + temporary(t.fighter)).toBeGreaterThan(0);
    });
  });

  describe("more than the rules allow", () => {
    it("leaving the combat (no hold) to pummel the GM's ogre three times in one round: only one is carried out", async () => {
      // Was open: cards/result-card.ts `checkAllowance` counts only when both creatures share a
      // started combat (`combatOf`); a player may remove their own combatant, and then every
      // request is carried out, while the ogre's combat runs on (and the round's pace for drags
      // resets the same way: `paceUsed` reads the combat).
      const combat = t.world.addCombat([t.fighterToken, t.goblinToken, t.ogreToken], 1);
      t.world.fallbackFace = () => 1;
      const pummel = () => act(t.player, { action: "pummel", attackerUuid: t.fighterToken.uuid, defenderUuid: t.ogreToken.uuid, declared: {} });
      await pummel();
      await t.player.run(() => combatantOf(combat, t.fighterToken)?.delete());
      await settle();
      await pummel();
      await pummel();
      await settle();
      expect(cards("card")).toHaveLength(1);
    });

    it("questions left unanswered from an earlier round, answered in this one: one routine a round", async () => {
      // Was open: a question card counts only in the round it was asked (`doneThisRound`), and its
      // answer skips the count (`perform` with `asker`); questions never expire. Asked in round 1,
      // asked again in round 2, both answered in round 2: two grapples in round 2.
      t = await tableFor("percentile", { world: { generation } });
      const mine = (name: string) => {
        const a = t.world.addActor(name, { attributes: { hp: { value: 6, max: 6 } } }, { [t.alice.id]: 3 });
        a.flags[M] = { profile: { percentile: RULES_VARIANTS.percentile!.defaultProfile() } };
        return t.world.addToken(t.fighterToken.parent, a);
      };
      const dog = mine("Dog");
      const cat = mine("Cat");
      const combat = t.world.addCombat([t.fighterToken, dog, cat, t.goblinToken], 1);
      await act(t.player, { action: "grapple", attackerUuid: t.fighterToken.uuid, defenderUuid: dog.uuid, declared: {} });
      await t.gm.run(() => combat.update({ round: 2 }, { direction: 1 }));
      await settle();
      await act(t.player, { action: "grapple", attackerUuid: t.fighterToken.uuid, defenderUuid: cat.uuid, declared: {} });
      t.world.fallbackFace = (s) => Math.ceil(s / 2);
      for (const q of cards("strike")) await post(t.player, request({ kind: "answer", strikeId: q.id, choice: "none" }));
      await settle();
      const round2 = cards("card").filter((m) => (m.getFlag(M, "card" as never) as { round?: number }).round === 2);
      expect(round2.length).toBeLessThanOrEqual(1);
    });

    it("a disposition matching the goblin's beside it: the fighter is still in melee and heals no temporary damage", async () => {
      // Was open: map/melee.ts `outOfMelee` calls a creature out of melee when no token "of another
      // disposition" is near; a token's disposition is its owner's to set. The fighter, next to
      // the goblin, sets its own to hostile and heals a point at the round's end.
      place(t.fighterToken, 5, 5);
      place(t.goblinToken, 6, 5);
      place(t.ogreToken, 20, 20);
      const combat = t.world.addCombat([t.fighterToken, t.goblinToken, t.ogreToken], 1);
      t.fighter.flags[M] = { ...(t.fighter.flags[M] as object), temporary: 3 };
      await t.player.run(() => t.fighterToken.update({ disposition: -1 } as never));
      await t.gm.run(() => combat.update({ round: 2 }, { direction: 1 }));
      await settle();
      expect(temporary(t.fighter)).toBe(3);
    });

    it("percentile: a subdue with a weapon the player declares (needs 1 to hit, 20d100+50) does not flatten the GM's ogre", async () => {
      // Was open: rules/percentile/situational.ts lets the attacker declare the d20 needed and the
      // weapon's dice ("the weapon as the sheet gives it") within bounds of 1-30, 20 dice, d100,
      // +50; validateIntent checks only those bounds. Nothing compares them with the sheet or asks
      // the GM: one request takes the 20 hp ogre to far below 0.
      t = await tableFor("percentile", { world: { generation } });
      await act(t.player, { action: "subdue", attackerUuid: t.fighterToken.uuid, defenderUuid: t.ogreToken.uuid, declared: { needed: 1, damageCount: 20, damageSides: 100, damageBonus: 50 } });
      await settle();
      expect(hp(t.ogreToken.actor)).toBeGreaterThan(0);
    });

    it("percentile: trample written into the player's own profile flags, and 1,000 trample damage declared: the ogre is not trampled to death", async () => {
      // Was open: the profile flags are "the GM's values" (creature.ts), but the player may write
      // them on their own actor and `withOverrides` believes any valid value; `trampleDamage`
      // (0-1000) is the attacker's declaration. The token flags (`aloft`) a player writes are
      // taken off by the GM's tab; these, which decide damage to the GM's creatures, are not.
      t = await tableFor("percentile", { world: { generation } });
      await t.player.run(() => t.fighter.update({ [`flags.${M}.profile.percentile.abilities`]: ["trample"] } as never));
      t.world.fallbackFace = (s) => s;
      await act(t.player, { action: "overbear", attackerUuid: t.fighterToken.uuid, defenderUuid: t.ogreToken.uuid, declared: { trample: true, trampleDamage: 1000 } });
      await settle();
      expect(hp(t.ogreToken.actor)).toBeGreaterThan(0);
    });

    it("a declared value of the wrong kind (10.5, '3', true for a number, a choice the action lacks) is refused and changes nothing", async () => {
      t.world.fallbackFace = (s) => s;
      for (const declared of [{ toHitBonus: 10.5 }, { damageBonus: "3" }, { hitsTaken: true }, { rear: 1 }]) {
        const out = await act(t.player, { action: "pummel", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared });
        expect(out.kind).toBe("refused");
      }
      const m = await post(t.player, request({ kind: "action", intent: { action: "chargingOverbear", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: { firstStrike: "miss" } } }));
      await settle();
      expect(t.world.removedMessages.get(m.id)?.flags[M]).toMatchObject({ request: { state: "refused" } });
      expect(hp(t.goblinToken.actor)).toBe(5);
      expect(cards("card")).toEqual([]);
    });
  });

  describe("holds that are not the fighter's to end", () => {
    it("releasing, or breaking free of, a hold between two of the GM's creatures by naming its id: nothing is ended", async () => {
      place(t.ogreToken, 4, 5);
      place(t.goblinToken, 5, 5);
      place(t.fighterToken, 6, 5);
      await putHold(t, t.ogreToken, t.goblinToken, "WC.Part.body", d12Hold("gm-pair", "body", "L", 1));
      t.world.fallbackFace = (s) => s;
      await act(t.player, { action: "release", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, holdId: "gm-pair", declared: {} });
      await act(t.player, { action: "breakFree", attackerUuid: t.fighterToken.uuid, defenderUuid: t.ogreToken.uuid, holdId: "gm-pair", declared: {} });
      await settle();
      expect(halvesOf(t.ogreToken.actor, t.goblinToken.actor)).toHaveLength(2);
    });

    it("answering the GM's question about another player's creature: refused, nothing is rolled", async () => {
      t = await tableFor("percentile", { world: { generation } });
      const bob = await withBob(RULES_VARIANTS.percentile!.defaultProfile(), "percentile");
      await act(t.player, { action: "grapple", attackerUuid: t.fighterToken.uuid, defenderUuid: bob.token.uuid, declared: {} });
      const [q] = cards("strike");
      expect(q).toBeDefined();
      // Alice answers for Bob's thief (the worst defence for him).
      await post(t.player, request({ kind: "answer", strikeId: q?.id, choice: "freeAttackMissed" }));
      await settle();
      expect(cards("card")).toEqual([]);
      expect(cards("strike")).toHaveLength(1);
    });

    it("an attacker named by another path to a document (its actor, or no scene): refused", async () => {
      for (const attackerUuid of [t.fighter.uuid, `${t.fighterToken.uuid}.Actor.${t.fighter.id}`, `Actor.${t.ogre.id}`, `Compendium.x.y.Actor.z`]) {
        const out = await act(t.player, { action: "pummel", attackerUuid, defenderUuid: t.goblinToken.uuid, declared: {} });
        expect(out.kind).toBe("refused");
      }
      expect(cards("card")).toEqual([]);
    });
  });

  describe("flooding and false news", () => {
    it("fifty made-up condition effects in one request: the GM's tab removes them in a few requests and tells the GM once", async () => {
      // Was open: gm/hold-guard.ts `onEffectCreated` removes each forged effect with its own
      // delete request and its own notice: one player request becomes 50 GM requests and 50
      // notices (5,000 for a request of 5,000 effects).
      const mark = t.world.writes.length;
      const made = Array.from({ length: 50 }, (_, i) => ({ name: `Down ${i}`, statuses: [], duration: { value: null, units: "seconds", expiry: null }, flags: { [M]: { condition: "prone" } } }));
      await t.player.run(() => t.fighter.createEmbeddedDocuments("ActiveEffect", made as never, {}));
      await settle();
      expect(gmWrites(mark).length).toBeLessThanOrEqual(5);
      expect(t.gm.notifications.length).toBeLessThanOrEqual(2);
    });

    it("a made-up 'held' half: the GM's tab does not announce to other modules that a hold was broken", async () => {
      // Was open: hooks/announce.ts fires `weaponless-combat.holdBroken` for every hold half a GM
      // deletes; removing the player's forged half (hold-guard `removeForged`) is such a deletion,
      // so the forged record (any creatures, any part) is announced as a hold broken.
      const heard: unknown[] = [];
      t.gm.run(() => Hooks.on(`${M}.holdBroken` as never, ((r: unknown) => heard.push(r)) as never));
      const record = { id: "FORGED", holderId: t.ogreToken.uuid, heldId: t.goblinToken.uuid, label: "WC.Part.body", data: { id: "FORGED", part: "body", result: 8, sizeAdjustment: 1, holderSize: "L", roundGained: 0, holderId: t.ogreToken.uuid, heldId: t.goblinToken.uuid } };
      const hold = { record, role: "held", twinUuid: `${t.ogre.uuid}.ActiveEffect.NOTAREALEFFECT01`, variant: "d12-holds" };
      await t.player.run(() => t.fighter.createEmbeddedDocuments("ActiveEffect", [{ name: "Held", statuses: [`${M}.held`], duration: { value: null, units: "seconds", expiry: null }, flags: { [M]: { hold } } }] as never, {}));
      await settle();
      expect(heard).toEqual([]);
    });

    it("deleting their own half (put back by the GM's tab): no new hold is announced", async () => {
      // Was open: putBack re-creates the half as a GM, and hooks/announce.ts fires
      // `weaponless-combat.holdEstablished` for every held half a GM creates: a hold that never
      // ended is announced as made again, every time the player deletes their half.
      await ogreHoldsFighter();
      const heard: unknown[] = [];
      t.gm.run(() => Hooks.on(`${M}.holdEstablished` as never, ((r: unknown) => heard.push(r)) as never));
      await t.player.run(() => halvesOf(t.fighter)[0]?.delete());
      await settle();
      expect(halvesOf(t.fighter, t.ogreToken.actor)).toHaveLength(2);
      expect(heard).toEqual([]);
    });
  });

  describe("undo", () => {
    it("an Undo of their break-free brings their half back as the module makes it, not with what the player added to it", async () => {
      // Was open: gm/apply.ts `undoFor` keeps a deleted half as `toObject()` of the effect as it
      // stood, and `sanitizeUndo` only checks that it carries the module's hold flag. What the
      // player added to their half beforehand (another module's flags, a name with markup; the
      // "tampered" test does not look at them) is re-created by the GM's tab on Undo.
      t.world.script([[20, 15], [12, 8], [12, 4], [3, 3]]);
      await act(t.gm, { action: "grapple", attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid, declared: {} });
      await settle();
      await t.player.run(() => halvesOf(t.fighter)[0]?.update({ "flags.other-module.onCreate": "macro:Evil", name: "<b>mine</b>" } as never));
      await settle();
      t.world.fallbackFace = (s) => s;
      await act(t.player, { action: "breakFree", attackerUuid: t.fighterToken.uuid, defenderUuid: t.ogreToken.uuid, declared: {} });
      await settle();
      expect(halvesOf(t.fighter, t.ogreToken.actor)).toHaveLength(0);
      const card = cards("card").find((m) => (m.getFlag(M, "card" as never) as { intent: { action: string } }).intent.action === "breakFree");
      const { handleCardAction } = await import("../../src/foundry/cards/kinds.ts");
      await t.gm.run(() => handleCardAction(card as never, "undo"));
      await settle();
      const back = halvesOf(t.fighter)[0];
      expect(back).toBeDefined();
      expect((back?.flags as Record<string, unknown>)["other-module"]).toBeUndefined();
      expect(back?.name).not.toContain("<b>");
    });
  });

  describe("markup in names", () => {
    const tag = '<img id="pwned" src="x" onerror="window.pwned=1">';

    it("a token named with markup: the result card the GM's tab posts carries it as text", async () => {
      await t.player.run(() => t.fighterToken.update({ name: tag } as never));
      t.world.fallbackFace = (s) => s;
      await act(t.player, { action: "pummel", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} });
      await settle();
      const [card] = cards("card");
      expect(card?.content).toBeDefined();
      expect(card?.content).not.toContain("<img");
    });

    it("a declared key made of markup: the refusal the GM's tab writes on the request card carries it as text", async () => {
      const written: string[] = [];
      t.gm.run(() => Hooks.on("updateChatMessage", ((m: FakeChatMessage) => written.push(m.content)) as never));
      await post(t.player, request({ kind: "action", intent: { action: "pummel", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: { [tag]: 1 } } }));
      await settle();
      expect(written.length).toBeGreaterThan(0);
      for (const html of written) expect(html).not.toContain("<img");
    });

    it("the GM's question after a player takes their held combatant out of the fight: the name is text", async () => {
      const combat = t.world.addCombat([t.fighterToken, t.goblinToken, t.ogreToken], 1);
      await ogreHoldsFighter();
      await t.player.run(() => t.fighterToken.update({ name: tag } as never));
      let markup = true;
      t.world.onDialog = (d) => {
        markup = d.element.querySelector("img") !== null;
        return d.press("back");
      };
      await t.player.run(() => combatantOf(combat, t.fighterToken)?.delete());
      await settle();
      expect(markup).toBe(false);
      expect(combatantOf(combat, t.fighterToken)).toBeDefined();
    });

    it("another player's creature named with markup holds Alice's fighter: Alice's refused move shows the name as text", async () => {
      // SUCCEEDS (player against player, not the GM): hooks/movement.ts `act` and `onPlan` pass
      // the check's refusal text (`refusalText`, names inserted by i18n.format) straight to
      // ui.notifications.warn, which the module's own notify() says Foundry reads as HTML; every
      // other notice goes through plainText. Bob's markup runs in Alice's browser.
      const bob = await withBob(d12Profile({ kind: "monster", size: "L", movement: 12, pummelLimbs: 1 }));
      place(t.fighterToken, 5, 5);
      place(bob.token, 4, 5);
      await putHold(t, bob.token, t.fighterToken, "WC.Part.body", d12Hold("h1", "body", "L", 1));
      await bob.client.run(() => bob.token.update({ name: tag } as never));
      await t.player.run(() => t.fighterToken.move({ x: 900, y: 500 }, { method: "dragging" }));
      await settle();
      expect(t.player.notifications.length).toBeGreaterThan(0);
      for (const n of t.player.notifications) expect(n.message).not.toContain("<img");
    });
  });
});

describe("Foundry v13 before build 333 (no moveToken hook)", () => {
  it("a held token moved with the module's own move option is put back", async () => {
    // Was open: before 13.333 the only check is the mover's own preUpdateToken (hooks/movement.ts
    // `onPreUpdate` returns early for other users' updates, and `onMoved` needs moveToken), and
    // `isOurs` waves through any update carrying `{ "weaponless-combat": { move } }` on that
    // client. The GM's tab never looks: the fighter walks out of the ogre's body hold.
    t = makeTable({ world: { generation: 13, build: 332 } });
    await ogreHoldsFighter();
    // The tokens were placed by hand (no update the GM's tab saw): a GM's tab that opens now
    // knows where they stand, as one does in a world where tokens move by updates.
    await reopenGM();
    const x = t.fighterToken.x;
    await t.player.run(() => t.fighterToken.parent.updateEmbeddedDocuments("Token", [{ _id: t.fighterToken.id, x: x + 1000 }], { [M]: { move: "mine" } } as never));
    await settle();
    expect(t.fighterToken.x).toBe(x);
  });
});
