// @vitest-environment happy-dom
// Holds on the map, through the typed fake: what a player may move, what the GM is asked, who
// comes along and how far, lift-off and falls, prone creatures, on square and hex grids, linked
// and unlinked tokens, v13 and v14. Numbers are from the texts (see each test).
import { beforeEach, describe, expect, it } from "vitest";
import type { Table } from "./setup.ts";
import { M, makeTable, writesSince } from "./setup.ts";
import { cardsWith, d12Hold, d12MapTable, drag, holdHalves, place, putHold, settleMoves, warnings } from "./movement-setup.ts";

const SQ = 100;

describe.each([13, 14] as const)("d12-holds on the map (v%i)", (generation) => {
  let t: Table;
  beforeEach(() => {
    t = d12MapTable(generation);
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
    // The player's request card, then the GM's one token request for the pair and the card taken
    // away: one batch on v14, two requests on v13.
    expect(t.world.writes.slice(mark).map((w) => `${w.user === t.alice.id ? "player" : "gm"} ${w.op} ${w.documentName} ${w.count}`)).toEqual(
      generation === 14 ? ["player create ChatMessage 1", "gm update Batch 2"] : ["player create ChatMessage 1", "gm update Token 2", "gm delete ChatMessage 1"],
    );
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
    // The round's pace is kept on the combat, where only a GM writes (C-70): not on the player's own token.
    expect((combat.flags[M] as { pace?: unknown } | undefined)?.pace).toEqual({ [t.fighterToken.id]: { round: 2, feet: 40 } });
    expect(t.fighterToken.getFlag(M, "dragged" as never)).toBeUndefined();
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

  it("the GM carries out a move request in turn with its other work: a blow landing at the same moment writes nothing beside it", async () => {
    const { act } = await import("../../src/foundry/cards/request-card.ts");
    await putHold(t, t.fighterToken, t.goblinToken, "WC.Part.arm", d12Hold("h1", "arm", "M", 1, { limb: 0 }));
    t.world.onDialog = (d) => d.press("0");
    // The ogre pummels the goblin (d20 18 hits; 1d6 2) as the fighter's player lets go and moves away.
    t.world.script([[20, 18], [6, 2]]);
    const blow = t.gm.run(() => act({ action: "pummel", attackerUuid: t.ogreToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }));
    await drag(t.player, t.fighterToken, { x: 3 * SQ, y: 5 * SQ });
    await blow;
    await settleMoves(t.world);
    expect(t.fighterToken.x).toBe(300);
    expect(holdHalves(t.fighterToken, t.goblinToken)).toEqual([]);
    expect(t.world.overlaps).toEqual([]);
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
    const { act } = await import("../../src/foundry/cards/request-card.ts");
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
    const { act } = await import("../../src/foundry/cards/request-card.ts");
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


// 002's holds: the project-default grapple-die row "arm lock" (10-11) made this one with a 10.
const gdHold = (id: string, holderSize = "M", heldSize = "M", extra: Record<string, unknown> = {}) => ({
  id,
  die: 10,
  name: "armLock",
  damage: { dice: { count: 1, sides: 2 }, flat: 0 },
  effects: { defenderToHit: -2, handsUnusable: 1, noTwoWeapon: true, cannotRise: false, noSomaticSpells: false, noVerbalSpells: false, strangle: false },
  holderSize,
  heldSize,
  roundGained: 1,
  ...extra,
});

function setProfile(t: Table, who: "fighter" | "goblin" | "ogre", variant: string, over: Record<string, unknown>): void {
  const flags = t[who].flags[M] as { profile: Record<string, Record<string, unknown>> };
  flags.profile[variant] = { ...flags.profile[variant], ...over };
}

describe.each([13, 14] as const)("grapple-die on the map (v%i)", (generation) => {
  let t: Table;
  beforeEach(async () => {
    const { tableFor } = await import("./setup.ts");
    t = await tableFor("grapple-die", { world: { generation } });
    place(t.fighterToken, 5, 5);
    place(t.goblinToken, 6, 5);
    place(t.ogreToken, 4, 5);
    setProfile(t, "fighter", "grapple-die", { speedFt: 120 });
  });

  it("002: in a grapple creatures are immobile; the held one's move is refused", async () => {
    await putHold(t, t.goblinToken, t.fighterToken, "WC.Hold.armLock", gdHold("g1"), "grapple-die");
    await drag(t.player, t.fighterToken, { x: 8 * SQ, y: 5 * SQ });
    expect(t.fighterToken.x).toBe(500);
    expect(warnings(t.player)).toEqual(["Fighter cannot move: Goblin holds it fast. To move it: break free of Goblin; or Goblin letting go."]);
  });

  it("002 §Moving and Grappling: an equal holder moving with its hold gives its catch a free break roll; failed, the goblin is dragged along at half speed", async () => {
    await putHold(t, t.fighterToken, t.goblinToken, "WC.Hold.armLock", gdHold("g1"), "grapple-die");
    const offered: string[] = [];
    t.world.onDialog = (d) => {
      offered.push(...d.config.buttons.map((b) => b.label));
      return d.press("0");
    };
    // The goblin's free break: grapple die 7, no modifiers (both M, no Strength), against the hold's 10: held, 3 short.
    t.world.script([[20, 7]]);
    await drag(t.player, t.fighterToken, { x: 11 * SQ, y: 5 * SQ });
    expect(offered).toEqual(["Move with Goblin, who gets a free roll to break the hold", "Let go of Goblin and move", "Cancel"]);
    expect(t.world.scriptedLeft).toBe(0);
    expect([t.fighterToken.x, t.goblinToken.x]).toEqual([1100, 1200]);
    const card = cardsWith(t.world, "mapCard")[0];
    expect(card?.content).toContain("Goblin rolls 7 (die 7) against 10 and is taken along by Fighter.");
    expect(card?.rolls).toHaveLength(1);
    expect(holdHalves(t.fighterToken, t.goblinToken)).toHaveLength(2);
  });

  it("the free break succeeds: the hold ends and the holder walks on alone", async () => {
    await putHold(t, t.fighterToken, t.goblinToken, "WC.Hold.armLock", gdHold("g1"), "grapple-die");
    t.world.onDialog = (d) => d.press("0");
    t.world.script([[20, 12]]);
    await drag(t.player, t.fighterToken, { x: 11 * SQ, y: 5 * SQ });
    expect([t.fighterToken.x, t.goblinToken.x]).toEqual([1100, 600]);
    expect(holdHalves(t.fighterToken, t.goblinToken)).toEqual([]);
  });

  it("a holder a size larger rolls the grapple die, 10 or more, to move with its hold (d20 9 + 1 for the size = 10)", async () => {
    setProfile(t, "fighter", "grapple-die", { size: "L", weightLb: 400 });
    await putHold(t, t.fighterToken, t.goblinToken, "WC.Hold.armLock", gdHold("g1", "L", "M", { holderWeightLb: 400, heldWeightLb: 180 }), "grapple-die");
    t.world.onDialog = (d) => d.press("0");
    t.world.script([[20, 9]]);
    await drag(t.player, t.fighterToken, { x: 5 * SQ, y: 11 * SQ });
    expect(cardsWith(t.world, "mapCard")[0]?.content).toContain("Fighter rolls 10 (die 9) against 10 and moves with Goblin.");
    expect([t.fighterToken.y, t.goblinToken.x, t.goblinToken.y]).toEqual([1100, 600, 1100]);
  });

  it("002 §Size Differences: a much larger holder moves normally, its catch with it, no roll", async () => {
    setProfile(t, "fighter", "grapple-die", { size: "VL", weightLb: 4000 });
    await putHold(t, t.fighterToken, t.goblinToken, "WC.Hold.armLock", gdHold("g1", "VL", "M", { holderWeightLb: 4000, heldWeightLb: 180 }), "grapple-die");
    const dialogs = t.world.dialogs.length;
    // 24 squares (120 ft, its full speed) is allowed; the goblin stays on its east side.
    await drag(t.player, t.fighterToken, { x: 29 * SQ, y: 5 * SQ });
    expect(t.world.dialogs.length).toBe(dialogs);
    expect([t.fighterToken.x, t.goblinToken.x]).toEqual([2900, 3000]);
  });

  it("who drags whom is refused when the one brought is also held by a third: only letting go is offered", async () => {
    await putHold(t, t.fighterToken, t.goblinToken, "WC.Hold.armLock", gdHold("g1"), "grapple-die");
    await putHold(t, t.ogreToken, t.goblinToken, "WC.Hold.armLock", gdHold("g2"), "grapple-die");
    const offered: string[] = [];
    t.world.onDialog = (d) => {
      offered.push(...d.config.buttons.map((b) => b.label));
      return d.press("cancel");
    };
    await drag(t.player, t.fighterToken, { x: 8 * SQ, y: 5 * SQ });
    expect(offered).toEqual(["Let go of Goblin and move", "Cancel"]);
    expect(t.fighterToken.x).toBe(500);
  });
});

// 004's holds: the project-default Grappling Table's torso grab (category 1).
const pcHold = (id: string) => ({ id, row: { category: 1, hold: "torsoGrab", damage: 0, effects: { targetMayCounter: true } }, original: true, special: false, roundGained: 1 });

describe.each([13, 14] as const)("percentile on the map (v%i)", (generation) => {
  let t: Table;
  beforeEach(async () => {
    const { tableFor } = await import("./setup.ts");
    t = await tableFor("percentile", { world: { generation } });
    place(t.fighterToken, 5, 5);
    place(t.goblinToken, 6, 5);
    place(t.ogreToken, 4, 5);
  });

  it("004: both sides in the grappled condition cannot move; the held one is refused, the holder may let go (a minor action) and walk", async () => {
    await putHold(t, t.goblinToken, t.fighterToken, "WC.Hold.torsoGrab", pcHold("p1"), "percentile");
    await drag(t.player, t.fighterToken, { x: 8 * SQ, y: 5 * SQ });
    expect(t.fighterToken.x).toBe(500);
    expect(warnings(t.player)).toEqual(["Fighter cannot move: it is in the grappled condition, held by Goblin. To move it: break free of Goblin; or Goblin letting go."]);
  });

  it("004: the holder lets go to move, after the player confirms", async () => {
    await putHold(t, t.fighterToken, t.goblinToken, "WC.Hold.torsoGrab", pcHold("p1"), "percentile");
    t.world.onDialog = (d) => d.press("0");
    await drag(t.player, t.fighterToken, { x: 8 * SQ, y: 5 * SQ });
    expect([t.fighterToken.x, t.goblinToken.x]).toEqual([800, 600]);
    expect(holdHalves(t.fighterToken, t.goblinToken)).toEqual([]);
    expect(cardsWith(t.world, "mapCard")[0]?.content).toContain("Fighter lets go of Goblin (Torso grab) to move away.");
  });

  it("004: a side free of the condition (two size classes larger) drags its opponent at half speed: 120 ft / 2 = 60 ft", async () => {
    setProfile(t, "fighter", "percentile", { size: "VL", speed: 120 });
    await putHold(t, t.fighterToken, t.goblinToken, "WC.Hold.torsoGrab", pcHold("p1"), "percentile");
    await drag(t.player, t.fighterToken, { x: 5 * SQ, y: 18 * SQ });
    expect(t.fighterToken.y).toBe(500);
    expect(warnings(t.player)).toEqual(["Fighter can go at most 60 ft this round, dragging at half speed, taking Goblin; this move is 65 ft."]);
    // Two choices (drag, or let go): the player drags.
    t.world.onDialog = (d) => d.press("0");
    await drag(t.player, t.fighterToken, { x: 5 * SQ, y: 17 * SQ });
    expect([t.fighterToken.y, t.goblinToken.x, t.goblinToken.y]).toEqual([1700, 600, 1700]);
  });
});

describe.each([
  [13, true],
  [13, false],
  [14, true],
  [14, false],
] as const)("who owns the group, and the module's own moves (v%i, custom options reach the movement hooks: %s)", (generation, movementOptionsReachHooks) => {
  it("a player's creature hanging on to another of its own: the GM's client moves both (the round's pace is the GM's to keep), in one token request", async () => {
    const { d12Profile } = await import("./setup.ts");
    const t = makeTable({ world: { generation, movementOptionsReachHooks } });
    const pet = t.world.addActor("Pet", { attributes: { hp: { value: 4, max: 4 } } }, { [t.alice.id]: 3 });
    pet.flags[M] = { profile: { "d12-holds": d12Profile({ kind: "monster", size: "S", movement: 6, pummelLimbs: 1 }) } };
    // Unlinked: its position is the token's own, its effects the synthetic actor's.
    const petToken = t.world.addToken(t.fighterToken.parent, pet, { linked: false });
    place(t.fighterToken, 5, 5);
    place(petToken, 5, 6);
    await putHold(t, petToken, t.fighterToken, "WC.Part.leg", d12Hold("h1", "leg", "S", -2, { limb: 0 }));
    const mark = t.world.writes.length;
    await drag(t.player, t.fighterToken, { x: 9 * SQ, y: 5 * SQ });
    expect([t.fighterToken.x, petToken.x, petToken.y]).toEqual([900, 900, 600]);
    expect(t.world.writes.slice(mark).map((w) => `${w.user === t.alice.id ? "player" : "gm"} ${w.op} ${w.documentName} ${w.count}`)).toEqual(
      generation === 14 ? ["player create ChatMessage 1", "gm update Batch 2"] : ["player create ChatMessage 1", "gm update Token 2", "gm delete ChatMessage 1"],
    );
    expect(warnings(t.player)).toEqual([]);
  });
});

describe("hex and square grids: the one brought stays beside the mover, on its side", () => {
  it("hex rows: moved two hexes down-right, the goblin east of the fighter is east of it again", async () => {
    const t = makeTable();
    const scene = t.world.addScene({ grid: { type: 2, size: 100, sizeX: 87, sizeY: 100 } });
    const f = t.world.addToken(scene, t.fighter, { x: 435, y: 300 });
    const g = t.world.addToken(scene, t.goblin, { linked: false, x: 522, y: 300 });
    await putHold(t, g, f, "WC.Part.leg", d12Hold("h1", "leg", "S", -2, { limb: 0 }));
    // Two steps of (43.5, 75): 2 hexes, 10 ft.
    await drag(t.player, f, { x: 522, y: 450 });
    expect([f.x, f.y]).toEqual([522, 450]);
    expect([g.x, g.y]).toEqual([609, 450]);
  });

  it("hex columns: a goblin left a hex away (by the GM) closes in beside the fighter on its side", async () => {
    const t = makeTable();
    const scene = t.world.addScene({ grid: { type: 4, size: 100, sizeX: 100, sizeY: 86 } });
    // Column lattice: (0, 86) and (75, 43). The goblin two hexes below the fighter.
    const f = t.world.addToken(scene, t.fighter, { x: 300, y: 258 });
    const g = t.world.addToken(scene, t.goblin, { linked: false, x: 300, y: 430 });
    await putHold(t, g, f, "WC.Part.leg", d12Hold("h1", "leg", "S", -2, { limb: 0 }));
    await drag(t.player, f, { x: 375, y: 301 });
    expect([f.x, f.y]).toEqual([375, 301]);
    // Moved with the fighter to (375, 473), still two below; it closes in one hex, just below.
    expect([g.x, g.y]).toEqual([375, 387]);
  });

  it("square: a goblin two squares off to the north-east closes in diagonally beside the fighter", async () => {
    const t = makeTable();
    place(t.fighterToken, 5, 5);
    place(t.goblinToken, 7, 3);
    await putHold(t, t.goblinToken, t.fighterToken, "WC.Part.leg", d12Hold("h1", "leg", "S", -2, { limb: 0 }));
    await drag(t.player, t.fighterToken, { x: 5 * SQ, y: 9 * SQ });
    expect([t.goblinToken.x, t.goblinToken.y]).toEqual([600, 800]);
  });
});

describe("the host's other movement hooks", () => {
  it("v13 before build 333 (no preMoveToken): the plain token update is checked in preUpdateToken", async () => {
    const t = makeTable({ world: { generation: 13, build: 332 } });
    place(t.fighterToken, 5, 5);
    place(t.ogreToken, 4, 5);
    await putHold(t, t.ogreToken, t.fighterToken, "WC.Part.body", d12Hold("h1", "body", "L", 1));
    await t.player.run(() => t.fighterToken.update({ x: 800 }));
    await settleMoves(t.world);
    expect(t.fighterToken.x).toBe(500);
    expect(warnings(t.player)[0]).toContain("Fighter cannot move: Ogre holds it fast.");
    // The GM's move there too: asked, brought along in one request.
    t.world.onDialog = (d) => d.press("bringAlong");
    const mark = t.world.writes.length;
    await t.gm.run(() => t.fighterToken.update({ x: 800 }));
    await settleMoves(t.world);
    expect([t.fighterToken.x, t.ogreToken.x]).toEqual([800, 700]);
    expect(writesSince(t.world, mark)).toEqual({ "update Token": 1 });
  });

  it.each([true, false])("v14 planned movement (starting a plan passes preMoveToken: %s): a plan the rules refuse is stopped at once", async (plannedStartFiresPreMove) => {
    const t = makeTable({ world: { generation: 14, plannedStartFiresPreMove } });
    place(t.fighterToken, 5, 5);
    place(t.ogreToken, 4, 5);
    await putHold(t, t.ogreToken, t.fighterToken, "WC.Part.body", d12Hold("h1", "body", "L", 1));
    await t.player.run(() => t.fighterToken.move({ x: 800, y: 500 }, { planned: true, method: "dragging" }));
    await settleMoves(t.world);
    expect(t.fighterToken.movement?.state).toBe("stopped");
    expect(warnings(t.player)[0]).toContain("Fighter cannot move: Ogre holds it fast.");
    expect(await t.player.run(() => t.fighterToken.startMovement())).toBe(false);
    expect(t.fighterToken.x).toBe(500);
  });

  it.each([true, false])("v14 planned movement (starting a plan passes preMoveToken: %s): a move in a hold is not planned but dragged; a free one starts as planned", async (plannedStartFiresPreMove) => {
    const t = makeTable({ world: { generation: 14, plannedStartFiresPreMove } });
    place(t.fighterToken, 5, 5);
    place(t.goblinToken, 6, 5);
    await putHold(t, t.goblinToken, t.fighterToken, "WC.Part.leg", d12Hold("h1", "leg", "S", -2, { limb: 0 }));
    await t.player.run(() => t.fighterToken.move({ x: 700, y: 500 }, { planned: true, method: "dragging" }));
    await settleMoves(t.world);
    expect(t.fighterToken.movement?.state).toBe("stopped");
    expect(t.player.notifications.map((n) => n.message)).toContain("Fighter is in a hold: drag it where it goes instead of planning the move, and the module moves everyone in the hold together.");
    // The goblin, free of any hold, plans and starts as Foundry lets it.
    const free = t.world.addToken(t.fighterToken.parent, t.fighter, { name: "Free", x: 0, y: 0 });
    await t.player.run(() => free.move({ x: 300, y: 0 }, { planned: true, method: "dragging" }));
    expect(await t.player.run(() => free.startMovement())).toBe(true);
    await settleMoves(t.world);
    expect(free.x).toBe(300);
  });
});

describe("requests to the GM, checked again", () => {
  let t: Table;
  beforeEach(() => {
    t = makeTable();
    place(t.fighterToken, 5, 5);
    place(t.goblinToken, 6, 5);
    place(t.ogreToken, 4, 5);
  });

  it("with no GM connected, a move the GM must make is refused with a notice, and nothing is posted", async () => {
    await putHold(t, t.goblinToken, t.fighterToken, "WC.Part.leg", d12Hold("h1", "leg", "S", -2, { limb: 0 }));
    t.world.disconnect(t.gm);
    const mark = t.world.writes.length;
    await drag(t.player, t.fighterToken, { x: 8 * SQ, y: 5 * SQ });
    expect(t.fighterToken.x).toBe(500);
    expect(t.world.writes.length).toBe(mark);
    expect(warnings(t.player)).toEqual(["A move in a hold is made by the GM's client, and no GM is connected."]);
  });

  it("a forged request (a player asking for the GM's own choice) is refused on its card and changes nothing", async () => {
    await putHold(t, t.ogreToken, t.fighterToken, "WC.Part.body", d12Hold("h1", "body", "L", 1));
    const job = { requestId: "FORGEDforged0001", moverUuid: t.fighterToken.uuid, from: { x: 500, y: 500 }, to: { x: 900, y: 500, elevation: 0 }, pick: { kind: "endHolds" }, distance: 20 };
    const forged = (await t.player.run(() => ChatMessage.create({ content: "", whisper: [t.gmUser.id, t.alice.id], flags: { [M]: { request: { state: "pending", ask: { kind: "move", job } } } } } as never))) as unknown as { id: string };
    await settleMoves(t.world);
    expect(t.fighterToken.x).toBe(500);
    expect(holdHalves(t.fighterToken, t.ogreToken)).toHaveLength(2);
    // Rewritten with the reason by the GM; its author, told, takes it away (as every refused request).
    expect(t.world.removedMessages.get(forged.id)?.flags[M]).toMatchObject({ request: { state: "refused", outcome: { key: "WC.Refuse.notGM" } } });
    expect(warnings(t.player)).toContain("Only a GM may do that.");
    // Nonsense in the payload is refused the same way.
    const nonsense = (await t.player.run(() => ChatMessage.create({ content: "", flags: { [M]: { request: { state: "pending", ask: { kind: "move", job: { ...job, to: { x: "far" } } } } } } } as never))) as unknown as { id: string };
    await settleMoves(t.world);
    expect(t.world.removedMessages.get(nonsense.id)?.flags[M]).toMatchObject({ request: { state: "refused", outcome: { key: "WC.Refuse.malformed" } } });
    expect(cardsWith(t.world, "request")).toEqual([]);
  });

  it("a request for a token moved meanwhile is stale; one left while no GM was there is carried out when a GM connects", async () => {
    await putHold(t, t.goblinToken, t.fighterToken, "WC.Part.leg", d12Hold("h1", "leg", "S", -2, { limb: 0 }));
    const job = { requestId: "LATErequest00001", moverUuid: t.fighterToken.uuid, from: { x: 500, y: 500 }, to: { x: 800, y: 500, elevation: 0 }, pick: { kind: "drag" }, distance: 15 };
    t.world.disconnect(t.gm);
    await t.player.run(() => ChatMessage.create({ content: "", flags: { [M]: { request: { state: "pending", ask: { kind: "move", job } } } } } as never));
    const { registerHooks } = await import("../../src/foundry/hooks/index.ts");
    t.world.connect(t.gmUser, registerHooks);
    await settleMoves(t.world);
    expect([t.fighterToken.x, t.goblinToken.x]).toEqual([800, 900]);
    expect(cardsWith(t.world, "request")).toEqual([]);
    // The same request again: the fighter stands where it took it, so it was carried out already (a
    // tab that closed before it could take the card away): the card goes, and nothing moves again.
    await t.player.run(() => ChatMessage.create({ content: "", flags: { [M]: { request: { state: "pending", ask: { kind: "move", job } } } } } as never));
    await settleMoves(t.world);
    expect(cardsWith(t.world, "request")).toEqual([]);
    expect([t.fighterToken.x, t.goblinToken.x]).toEqual([800, 900]);
    // Asked from where it stood before, to somewhere else: the fighter is no longer there, so it is stale.
    const stale = (await t.player.run(() => ChatMessage.create({ content: "", flags: { [M]: { request: { state: "pending", ask: { kind: "move", job: { ...job, requestId: "LATErequest00002", to: { x: 700, y: 500, elevation: 0 } } } } } } } as never))) as unknown as { id: string };
    await settleMoves(t.world);
    expect(t.world.removedMessages.get(stale.id)?.flags[M]).toMatchObject({ request: { state: "refused", outcome: { key: "WC.Refuse.stale" } } });
    expect(t.fighterToken.x).toBe(800);
  });

  it("the GM dragging the holder and the held together, or moving them from a macro, is let be", async () => {
    await putHold(t, t.ogreToken, t.fighterToken, "WC.Part.body", d12Hold("h1", "body", "L", 1));
    const dialogs = t.world.dialogs.length;
    const scene = t.fighterToken.parent;
    await t.gm.run(() =>
      scene.updateEmbeddedDocuments(
        "Token",
        [
          { _id: t.fighterToken.id, x: 900, y: 500 },
          { _id: t.ogreToken.id, x: 800, y: 500 },
        ],
        { method: "dragging" },
      ),
    );
    await settleMoves(t.world);
    expect([t.fighterToken.x, t.ogreToken.x]).toEqual([900, 800]);
    await t.gm.run(() => t.fighterToken.update({ x: 1000 }));
    await settleMoves(t.world);
    expect(t.fighterToken.x).toBe(1000);
    expect(t.world.dialogs.length).toBe(dialogs);
  });

  it("the GM's Undo on a lift-off card puts the risers back on the ground", async () => {
    (t.fighter.flags[M] as { profile: Record<string, Record<string, unknown>> }).profile["d12-holds"] = { ...(t.fighter.flags[M] as { profile: Record<string, Record<string, unknown>> }).profile["d12-holds"], flight: "magic" };
    await putHold(t, t.goblinToken, t.fighterToken, "WC.Part.leg", d12Hold("h1", "leg", "S", -2, { limb: 0 }));
    t.world.script([[12, 3]]);
    const { act } = await import("../../src/foundry/cards/request-card.ts");
    const { handleCardAction } = await import("../../src/foundry/cards/kinds.ts");
    const out = await t.gm.run(() => act({ action: "liftOff", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }));
    expect([t.fighterToken.elevation, t.goblinToken.elevation]).toEqual([10, 10]);
    const message = t.world.messages.get((out as { messageId: string }).messageId);
    await t.gm.run(() => handleCardAction(message as never, "undo"));
    await settleMoves(t.world);
    expect([t.fighterToken.elevation, t.goblinToken.elevation]).toEqual([0, 0]);
    expect(t.goblinToken.getFlag(M, "aloft")).toBeNull();
  });
});

describe("down on the ground, in a fight", () => {
  it("overborne at the round end (the host's own prone), the fighter stays down through the round it rises, and walks the round after", async () => {
    const t = makeTable();
    place(t.fighterToken, 5, 5);
    place(t.ogreToken, 4, 5);
    t.fighterToken.disposition = 1;
    t.ogreToken.disposition = -1;
    const combat = t.world.addCombat([t.fighterToken, t.ogreToken], 2);
    await putHold(t, t.ogreToken, t.fighterToken, "WC.Part.body", d12Hold("h1", "body", "L", 1));
    const { act } = await import("../../src/foundry/cards/request-card.ts");
    // In a fight the overbear is declared and rolled when the round ends: 30% (body +10, L on M +20), d100 12.
    await t.gm.run(() => act({ action: "overbear", attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid, declared: {} }));
    // Round end order (default): overbear d100 12; the body hold's break roll d12 1 (+ -1 size factor) fails.
    t.world.script([[100, 12], [12, 1]]);
    await t.gm.run(() => combat.update({ round: 3 }, { direction: 1 }));
    await settleMoves(t.world);
    expect(t.world.scriptedLeft).toBe(0);
    expect([...t.fighterToken.actor.statuses]).toContain("prone");
    // The ogre lets go; down, the fighter still cannot walk off.
    await t.gm.run(() => act({ action: "release", attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid, declared: {} }));
    await drag(t.player, t.fighterToken, { x: 7 * SQ, y: 5 * SQ });
    expect(t.fighterToken.x).toBe(500);
    expect(warnings(t.player).at(-1)).toContain("it is on the ground");
    // Rising takes the whole round (000): still down until the round ends.
    await t.player.run(() => act({ action: "standUp", attackerUuid: t.fighterToken.uuid, defenderUuid: t.ogreToken.uuid, declared: {} }));
    await drag(t.player, t.fighterToken, { x: 7 * SQ, y: 5 * SQ });
    expect(t.fighterToken.x).toBe(500);
    await t.gm.run(() => combat.update({ round: 4 }, { direction: 1 }));
    await settleMoves(t.world);
    expect([...t.fighterToken.actor.statuses]).not.toContain("prone");
    await drag(t.player, t.fighterToken, { x: 7 * SQ, y: 5 * SQ });
    expect(t.fighterToken.x).toBe(700);
  });

  it("an unlinked holder moved by the GM brings its linked catch along; the GM's policy answers without a dialog", async () => {
    const t = makeTable();
    place(t.fighterToken, 5, 5);
    place(t.ogreToken, 4, 5);
    await putHold(t, t.ogreToken, t.fighterToken, "WC.Part.body", d12Hold("h1", "body", "L", 1));
    await t.gm.run(() => game.settings.set(M, "gmMoveHolds", "bringAlong"));
    const mark = t.world.writes.length;
    await drag(t.gm, t.ogreToken, { x: 4 * SQ, y: 9 * SQ });
    expect([t.ogreToken.x, t.ogreToken.y, t.fighterToken.x, t.fighterToken.y]).toEqual([400, 900, 500, 900]);
    expect(writesSince(t.world, mark)).toEqual({ "update Token": 1 });
    expect(t.world.dialogs).toEqual([]);
  });
});
