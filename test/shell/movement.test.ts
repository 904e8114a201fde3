// @vitest-environment happy-dom
// Holds on the map, through the typed fake: what a player may move, what the GM is asked, who
// comes along and how far, lift-off and falls, prone creatures, on square and hex grids, linked
// and unlinked tokens, v13 and v14. Numbers are from the texts (see each test).
import { beforeEach, describe, expect, it } from "vitest";
import type { Table } from "./setup.ts";
import { M, makeTable, writesSince } from "./setup.ts";
import { cardsWith, d12Hold, drag, holdHalves, place, putHold, settleMoves, warnings } from "./movement-setup.ts";

const SQ = 100;

describe.each([13, 14] as const)("d12-holds on the map (v%i)", (generation) => {
  let t: Table;
  beforeEach(() => {
    t = makeTable({ world: { generation } });
    place(t.fighterToken, 5, 5);
    place(t.goblinToken, 6, 5);
    place(t.ogreToken, 4, 5);
  });

  it("a token in no hold moves as always: one request, no notice", async () => {
    const mark = t.world.writes.length;
    expect(await drag(t.player, t.fighterToken, { x: 8 * SQ, y: 5 * SQ })).toBe(true);
    expect(t.fighterToken.x).toBe(800);
    expect(writesSince(t.world, mark)).toEqual({ "update Token": 1 });
    expect(t.player.notifications).toEqual([]);
  });

  it("000: a body hold by a larger holder immobilizes; the player's move is refused before any request, saying why and what frees it", async () => {
    // Ogre (L) holds the fighter (M) by the body: not a smaller holder, so immobilized (000 §Body Holds).
    await putHold(t, t.ogreToken, t.fighterToken, "WC.Part.body", d12Hold("h1", "body", "L", 1));
    const mark = t.world.writes.length;
    expect(await drag(t.player, t.fighterToken, { x: 7 * SQ, y: 5 * SQ })).toBe(false);
    expect(t.fighterToken.x).toBe(500);
    expect(t.world.writes.length).toBe(mark);
    expect(warnings(t.player)).toEqual(["Fighter cannot move: Ogre holds it fast. To move it: break free of Ogre; or Ogre letting go."]);
  });

  it("the GM may always move: asked what becomes of the hold, and the hold ends on a card", async () => {
    await putHold(t, t.ogreToken, t.fighterToken, "WC.Part.body", d12Hold("h1", "body", "L", 1));
    const asked: string[] = [];
    t.world.onDialog = (d) => {
      asked.push(...d.config.buttons.map((b) => b.label));
      return d.press("endHolds");
    };
    expect(await drag(t.gm, t.fighterToken, { x: 8 * SQ, y: 5 * SQ })).toBe(false);
    expect(asked).toEqual(["Bring Ogre along, holds kept", "End the holds", "Move Fighter alone, holds kept", "Cancel"]);
    expect(t.fighterToken.x).toBe(800);
    expect(t.ogreToken.x).toBe(400);
    expect(holdHalves(t.fighterToken, t.ogreToken)).toEqual([]);
    const [card] = cardsWith(t.world, "mapCard");
    expect(card?.content).toContain("The GM&#x27;s move ends the hold of Ogre on Fighter (Body).");
  });

  it("the GM brings the others along: one token request moves the group, the ogre beside the fighter on the side it stood", async () => {
    await putHold(t, t.ogreToken, t.fighterToken, "WC.Part.body", d12Hold("h1", "body", "L", 1));
    t.world.onDialog = (d) => d.press("bringAlong");
    const mark = t.world.writes.length;
    await drag(t.gm, t.fighterToken, { x: 9 * SQ, y: 7 * SQ });
    expect([t.fighterToken.x, t.fighterToken.y]).toEqual([900, 700]);
    // The ogre stood west of the fighter: it is west of it again.
    expect([t.ogreToken.x, t.ogreToken.y]).toEqual([800, 700]);
    expect(holdHalves(t.fighterToken, t.ogreToken)).toHaveLength(2);
    expect(writesSince(t.world, mark)).toEqual({ "update Token": 1 });
    expect(t.world.writes.slice(mark)[0]?.count).toBe(2);
    expect(t.world.overlaps).toEqual([]);
  });

  it("the GM moves the token alone and keeps the hold; or follows the setting without asking", async () => {
    await putHold(t, t.ogreToken, t.fighterToken, "WC.Part.body", d12Hold("h1", "body", "L", 1));
    t.world.onDialog = (d) => d.press("moveAlone");
    await drag(t.gm, t.fighterToken, { x: 8 * SQ, y: 5 * SQ });
    expect([t.fighterToken.x, t.ogreToken.x]).toEqual([800, 400]);
    expect(holdHalves(t.fighterToken, t.ogreToken)).toHaveLength(2);
    await t.gm.run(() => game.settings.set(M, "gmMoveHolds", "bringAlong"));
    const dialogs = t.world.dialogs.length;
    await drag(t.gm, t.fighterToken, { x: 8 * SQ, y: 8 * SQ });
    expect(t.world.dialogs.length).toBe(dialogs);
    expect([t.fighterToken.y, t.ogreToken.y]).toEqual([800, 800]);
  });

  it("the GM's dialog cancelled: nothing moves", async () => {
    await putHold(t, t.ogreToken, t.fighterToken, "WC.Part.body", d12Hold("h1", "body", "L", 1));
    t.world.onDialog = (d) => d.press("cancel");
    await drag(t.gm, t.fighterToken, { x: 8 * SQ, y: 5 * SQ });
    expect([t.fighterToken.x, t.ogreToken.x]).toEqual([500, 400]);
  });

  it("000: held by a smaller creature it is not immobilized, and takes its holder along at half speed (one holder: 120 ft a round / 2 = 60 ft)", async () => {
    // Goblin (S) on the fighter's (M) leg: a smaller holder does not immobilize (000 §Leg Hold).
    await putHold(t, t.goblinToken, t.fighterToken, "WC.Part.leg", d12Hold("h1", "leg", "S", -2, { limb: 0 }));
    const mark = t.world.writes.length;
    // 6 squares of 5 ft east: 30 ft.
    await drag(t.player, t.fighterToken, { x: 11 * SQ, y: 5 * SQ });
    expect([t.fighterToken.x, t.goblinToken.x, t.goblinToken.y]).toEqual([1100, 1200, 500]);
    expect(holdHalves(t.fighterToken, t.goblinToken)).toHaveLength(2);
    // The player's request card, the GM's one token request for the pair, the card taken away.
    expect(t.world.writes.slice(mark).map((w) => `${w.user === t.alice.id ? "player" : "gm"} ${w.op} ${w.documentName} ${w.count}`)).toEqual(["player create ChatMessage 1", "gm update Token 2", "gm delete ChatMessage 1"]);
    expect(t.world.messages.contents).toEqual([]);
    expect(warnings(t.player)).toEqual([]);
    // 13 squares (65 ft) is past 60 ft: refused before any request.
    const again = t.world.writes.length;
    await drag(t.player, t.fighterToken, { x: 24 * SQ, y: 5 * SQ });
    expect(t.fighterToken.x).toBe(1100);
    expect(t.world.writes.length).toBe(again);
    expect(warnings(t.player)).toEqual(["Fighter can go at most 60 ft this round, carrying those who hang on to it, taking Goblin; this move is 65 ft."]);
  });

  it("in a fight the pace counts for the round: 40 ft, then 30 ft more is past the 60", async () => {
    await putHold(t, t.goblinToken, t.fighterToken, "WC.Part.leg", d12Hold("h1", "leg", "S", -2, { limb: 0 }));
    const combat = t.world.addCombat([t.fighterToken, t.goblinToken], 2);
    await drag(t.player, t.fighterToken, { x: 13 * SQ, y: 5 * SQ });
    expect(t.fighterToken.x).toBe(1300);
    expect(t.fighterToken.getFlag(M, "dragged")).toEqual({ combat: combat.id, round: 2, feet: 40 });
    await drag(t.player, t.fighterToken, { x: 19 * SQ, y: 5 * SQ });
    expect(t.fighterToken.x).toBe(1300);
    expect(warnings(t.player)).toEqual(["Fighter can go 60 ft this round, carrying those who hang on to it, taking Goblin: 40 ft are gone, 20 ft are left, and this move is 30 ft."]);
    // A new round: the pace is whole again.
    await t.gm.run(() => combat.update({ round: 3 }));
    await settleMoves(t.world);
    await drag(t.player, t.fighterToken, { x: 19 * SQ, y: 5 * SQ });
    expect(t.fighterToken.x).toBe(1900);
  });

  it("several holders: two goblins hang on and both come along, at a third of the speed (120 / 3 = 40 ft)", async () => {
    const g2 = t.world.addToken(t.fighterToken.parent, t.goblin, { linked: false, name: "Goblin 2" });
    place(g2, 5, 4);
    await putHold(t, t.goblinToken, t.fighterToken, "WC.Part.leg", d12Hold("h1", "leg", "S", -2, { limb: 0 }));
    await putHold(t, g2, t.fighterToken, "WC.Part.arm", d12Hold("h2", "arm", "S", -2, { limb: 0 }));
    // 9 squares south is 45 ft: too far; 8 squares (40 ft) is the most.
    await drag(t.player, t.fighterToken, { x: 5 * SQ, y: 14 * SQ });
    expect(t.fighterToken.y).toBe(500);
    expect(warnings(t.player)[0]).toContain("at most 40 ft this round");
    await drag(t.player, t.fighterToken, { x: 5 * SQ, y: 13 * SQ });
    expect([t.fighterToken.x, t.fighterToken.y]).toEqual([500, 1300]);
    expect([t.goblinToken.x, t.goblinToken.y]).toEqual([600, 1300]);
    expect([g2.x, g2.y]).toEqual([500, 1200]);
  });

  it("000: a holder may do nothing else; moving away lets go, after the player confirms, on a card", async () => {
    await putHold(t, t.fighterToken, t.goblinToken, "WC.Part.arm", d12Hold("h1", "arm", "M", 1, { limb: 0 }));
    const offered: string[] = [];
    t.world.onDialog = (d) => {
      offered.push(...d.config.buttons.map((b) => b.label));
      return d.press("0");
    };
    await drag(t.player, t.fighterToken, { x: 3 * SQ, y: 5 * SQ });
    expect(offered).toEqual(["Let go of Goblin and move", "Cancel"]);
    expect([t.fighterToken.x, t.goblinToken.x]).toEqual([300, 600]);
    expect(holdHalves(t.fighterToken, t.goblinToken)).toEqual([]);
    expect(cardsWith(t.world, "mapCard")[0]?.content).toContain("Fighter lets go of Goblin (Arm) to move away.");
  });

  it("the player cancels: the hold stays and nothing moves", async () => {
    await putHold(t, t.fighterToken, t.goblinToken, "WC.Part.arm", d12Hold("h1", "arm", "M", 1, { limb: 0 }));
    t.world.onDialog = (d) => d.press("cancel");
    const mark = t.world.writes.length;
    await drag(t.player, t.fighterToken, { x: 3 * SQ, y: 5 * SQ });
    expect(t.fighterToken.x).toBe(500);
    expect(holdHalves(t.fighterToken, t.goblinToken)).toHaveLength(2);
    expect(t.world.writes.length).toBe(mark);
  });

  it("overborne, the creature lies prone (the host's own status) until it stands up", async () => {
    await putHold(t, t.ogreToken, t.fighterToken, "WC.Part.body", d12Hold("h1", "body", "L", 1));
    // Out of a fight the overbear roll comes at once: body +10, largest holder L on M +20 = 30%; d100 12.
    t.world.script([[100, 12]]);
    const { act } = await import("../../src/foundry/requests.ts");
    await t.gm.run(() => act({ action: "overbear", attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid, declared: {} }));
    expect([...t.fighterToken.actor.statuses]).toContain("prone");
    await t.gm.run(() => act({ action: "release", attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid, declared: {} }));
    expect(holdHalves(t.fighterToken)).toEqual([]);
    await drag(t.player, t.fighterToken, { x: 7 * SQ, y: 5 * SQ });
    expect(t.fighterToken.x).toBe(500);
    expect(warnings(t.player)).toEqual(["Fighter cannot move: it is on the ground. To move it: stand up first (Stand up on the token HUD)."]);
    await t.player.run(() => act({ action: "standUp", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }));
    expect([...t.fighterToken.actor.statuses]).not.toContain("prone");
    await drag(t.player, t.fighterToken, { x: 7 * SQ, y: 5 * SQ });
    expect(t.fighterToken.x).toBe(700);
  });

  it("a winged flier lifts off: it and the goblin still hanging on rise together; broken free in the air, the goblin falls and the GM is told how far", async () => {
    (t.fighter.flags[M] as { profile: Record<string, Record<string, unknown>> }).profile["d12-holds"] = { ...(t.fighter.flags[M] as { profile: Record<string, Record<string, unknown>> }).profile["d12-holds"], flight: "wings" };
    await putHold(t, t.goblinToken, t.fighterToken, "WC.Part.leg", d12Hold("h1", "leg", "S", -2, { limb: 0 }));
    const { act } = await import("../../src/foundry/requests.ts");
    // 000: the lift-off break roll needs 8; d12 3 with the hold's size factor +2 is 5: the goblin hangs on.
    t.world.script([[12, 3]]);
    const mark = t.world.writes.length;
    await t.gm.run(() => act({ action: "liftOff", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }));
    await settleMoves(t.world);
    expect([t.fighterToken.elevation, t.goblinToken.elevation]).toEqual([10, 10]);
    expect(t.goblinToken.getFlag(M, "aloft")).toMatchObject({ ground: 0 });
    // The card, and one token request for both risers.
    const kinds = writesSince(t.world, mark);
    expect(kinds["update Token"]).toBe(generation === 14 ? undefined : 1);
    // On the wing, the flier climbs and the goblin comes too (no land pace applies in the air).
    await drag(t.player, t.fighterToken, { elevation: 20 });
    expect([t.fighterToken.elevation, t.goblinToken.elevation]).toEqual([20, 20]);
    // The flier breaks the leg hold: d12 9 + 2 = 11, at least 10.
    t.world.script([[12, 9]]);
    await t.player.run(() => act({ action: "breakFree", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }));
    await settleMoves(t.world);
    expect(holdHalves(t.fighterToken, t.goblinToken)).toEqual([]);
    expect([t.fighterToken.elevation, t.goblinToken.elevation]).toEqual([20, 0]);
    expect(t.goblinToken.getFlag(M, "aloft")).toBeNull();
    const fall = cardsWith(t.world, "mapCard").find((m) => m.content.includes("falls"));
    expect(fall?.content).toContain("Goblin falls 20 ft to the ground. The rules give no damage for a fall: the GM decides.");
    expect(t.world.overlaps).toEqual([]);
  });
});

