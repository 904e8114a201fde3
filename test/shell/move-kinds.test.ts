// @vitest-environment happy-dom
// How a token moves matters: a teleport (a movement action that teleports, C-113), a forced move
// (Foundry's `displace`, the GM's), and on v14 a change of the scene's level (C-114) each get the
// rules' answer for a creature in a hold: the hold ends, the others go along, or the move is
// refused, by each rule set's named option (defaults: a teleport ends the holds, a forced move
// and a level change take the others along). Holds from 000: the larger ogre's body hold keeps
// the fighter fast; a smaller goblin on its leg hangs on and is carried at half pace.
import { beforeEach, describe, expect, it } from "vitest";
import type { FakeToken } from "../fake-foundry/world.ts";
import type { Table } from "./setup.ts";
import { M } from "./setup.ts";
import { cardsWith, d12Hold, d12MapTable, holdHalves, putHold, settleMoves, warnings } from "./movement-setup.ts";

const SQ = 100;

/** A person moves a token with a movement action (and, on v14, to a level), as dragging does. */
async function moveWith(t: Table, who: "gm" | "player", token: FakeToken, to: { x: number; y: number; level?: string }, action: string): Promise<boolean> {
  const client = who === "gm" ? t.gm : t.player;
  const moved = await client.run(() => token.move({ x: to.x, y: to.y, ...(to.level !== undefined ? { level: to.level } : {}), action } as never, { method: "dragging" }));
  await settleMoves(t.world);
  return moved;
}

async function option(t: Table, name: string, value: string): Promise<void> {
  await t.gm.run(() => game.settings.set(M, "ruleOptions", { "d12-holds": { [name]: value } } as never));
}

describe.each([13, 14] as const)("teleports and forced moves in a hold (v%i)", (generation) => {
  let t: Table;
  beforeEach(() => {
    t = d12MapTable(generation);
  });

  it("held fast by the ogre, the fighter blinks away: the hold ends (the default), the fighter arrives, the ogre stays, on a card", async () => {
    await putHold(t, t.ogreToken, t.fighterToken, "WC.Part.body", d12Hold("h1", "body", "L", 1));
    await moveWith(t, "player", t.fighterToken, { x: 10 * SQ, y: 5 * SQ }, "blink");
    expect([t.fighterToken.x, t.ogreToken.x]).toEqual([1000, 400]);
    expect(holdHalves(t.fighterToken, t.ogreToken)).toEqual([]);
    expect(cardsWith(t.world, "mapCard")[0]?.content).toContain("Fighter teleports away: the hold of Ogre on Fighter (Body) ends.");
    expect(warnings(t.player)).toEqual([]);
  });

  it("option teleportInHold 'the others go along': the ogre arrives beside the fighter on the side it stood, the hold kept", async () => {
    await option(t, "teleportInHold", "goesAlong");
    await putHold(t, t.ogreToken, t.fighterToken, "WC.Part.body", d12Hold("h1", "body", "L", 1));
    await moveWith(t, "player", t.fighterToken, { x: 10 * SQ, y: 5 * SQ }, "blink");
    expect([t.fighterToken.x, t.ogreToken.x, t.ogreToken.y]).toEqual([1000, 900, 500]);
    expect(holdHalves(t.fighterToken, t.ogreToken)).toHaveLength(2);
    expect(cardsWith(t.world, "mapCard")[0]?.content).toContain("Fighter teleports, and Ogre arrive beside it, holds kept.");
  });

  it("option teleportInHold 'refused': the blink is refused before any request, saying why", async () => {
    await option(t, "teleportInHold", "refused");
    await putHold(t, t.ogreToken, t.fighterToken, "WC.Part.body", d12Hold("h1", "body", "L", 1));
    const mark = t.world.writes.length;
    expect(await moveWith(t, "player", t.fighterToken, { x: 10 * SQ, y: 5 * SQ }, "blink")).toBe(false);
    expect(t.fighterToken.x).toBe(500);
    expect(t.world.writes.length).toBe(mark);
    expect(warnings(t.player)).toEqual(["Fighter cannot teleport while in a hold (the rule options say so)."]);
  });

  it("the holder teleports (the GM's ogre): its hold ends without the GM's question; the fighter stays", async () => {
    await putHold(t, t.ogreToken, t.fighterToken, "WC.Part.body", d12Hold("h1", "body", "L", 1));
    await moveWith(t, "gm", t.ogreToken, { x: 1 * SQ, y: 1 * SQ }, "blink");
    expect([t.ogreToken.x, t.ogreToken.y, t.fighterToken.x]).toEqual([100, 100, 500]);
    expect(holdHalves(t.fighterToken, t.ogreToken)).toEqual([]);
    expect(t.world.dialogs).toEqual([]);
  });

  it("the GM displaces the fighter (a shove): the goblin hanging on comes along beside it (the default), no question, the move costs the goblin nothing", async () => {
    await putHold(t, t.goblinToken, t.fighterToken, "WC.Part.leg", d12Hold("h1", "leg", "S", -2, { limb: 0 }));
    await moveWith(t, "gm", t.fighterToken, { x: 5 * SQ, y: 8 * SQ }, "displace");
    expect([t.fighterToken.y, t.goblinToken.x, t.goblinToken.y]).toEqual([800, 600, 800]);
    expect(holdHalves(t.fighterToken, t.goblinToken)).toHaveLength(2);
    expect(t.world.dialogs).toEqual([]);
    expect(cardsWith(t.world, "mapCard")[0]?.content).toContain("Fighter is moved by force, and Goblin come along, holds kept.");
    expect((t.goblinToken.movement as { pending: { cost: number } } | null)?.pending.cost).toBe(0);
  });

  it("option forcedMoveInHold 'the holds end': displaced, the fighter goes alone and the goblin's hold ends; 'refused': the fighter stays and the GM is told", async () => {
    await option(t, "forcedMoveInHold", "ends");
    await putHold(t, t.goblinToken, t.fighterToken, "WC.Part.leg", d12Hold("h1", "leg", "S", -2, { limb: 0 }));
    await moveWith(t, "gm", t.fighterToken, { x: 5 * SQ, y: 8 * SQ }, "displace");
    expect([t.fighterToken.y, t.goblinToken.y]).toEqual([800, 500]);
    expect(holdHalves(t.fighterToken, t.goblinToken)).toEqual([]);
    expect(cardsWith(t.world, "mapCard")[0]?.content).toContain("Fighter is moved by force: the hold of Goblin on Fighter (Leg) ends.");
    await option(t, "forcedMoveInHold", "refused");
    await putHold(t, t.goblinToken, t.fighterToken, "WC.Part.leg", d12Hold("h2", "leg", "S", -2, { limb: 0 }));
    expect(await moveWith(t, "gm", t.fighterToken, { x: 5 * SQ, y: 2 * SQ }, "displace")).toBe(false);
    expect(t.fighterToken.y).toBe(800);
    expect(warnings(t.gm)).toEqual(["Fighter is in a hold and is not moved by force (the rule options say so)."]);
  });

  it("a player's own 'displace' is no forced move: held fast, it is refused as any move is", async () => {
    await putHold(t, t.ogreToken, t.fighterToken, "WC.Part.body", d12Hold("h1", "body", "L", 1));
    await moveWith(t, "player", t.fighterToken, { x: 8 * SQ, y: 5 * SQ }, "displace");
    expect(t.fighterToken.x).toBe(500);
    expect(holdHalves(t.fighterToken, t.ogreToken)).toHaveLength(2);
    expect(warnings(t.player)).toEqual(["Fighter cannot move: Ogre holds it fast. To move it: break free of Ogre; or Ogre letting go."]);
  });

  it("a forged request claiming a player's teleport with an action that does not teleport is refused, and changes nothing", async () => {
    await putHold(t, t.ogreToken, t.fighterToken, "WC.Part.body", d12Hold("h1", "body", "L", 1));
    const job = { requestId: "FORGEDkinds00001", moverUuid: t.fighterToken.uuid, from: { x: 500, y: 500 }, to: { x: 900, y: 500, elevation: 0 }, pick: { kind: "kindEnds", moveKind: "teleport", action: "walk" }, distance: 20 };
    await t.player.run(() => ChatMessage.create({ content: "", whisper: [t.gmUser.id, t.alice.id], flags: { [M]: { request: { state: "pending", ask: { kind: "move", job } } } } } as never));
    await settleMoves(t.world);
    expect(t.fighterToken.x).toBe(500);
    expect(holdHalves(t.fighterToken, t.ogreToken)).toHaveLength(2);
    // A player claiming the GM's forced move is refused the same way.
    const forced = { ...job, requestId: "FORGEDkinds00002", pick: { kind: "kindAlong", moveKind: "forced", action: "displace" } };
    await t.player.run(() => ChatMessage.create({ content: "", whisper: [t.gmUser.id, t.alice.id], flags: { [M]: { request: { state: "pending", ask: { kind: "move", job: forced } } } } } as never));
    await settleMoves(t.world);
    expect([t.fighterToken.x, t.ogreToken.x]).toEqual([500, 400]);
  });
});

describe("v14: a change of the scene's level in a hold", () => {
  let t: Table;
  beforeEach(() => {
    t = d12MapTable(14);
    const scene = t.fighterToken.parent;
    scene.levels.set("groundFloor00001", { id: "groundFloor00001", name: "Ground", elevation: { bottom: 0, top: 10 } });
    scene.levels.set("upperFloor000001", { id: "upperFloor000001", name: "Upper", elevation: { bottom: 10, top: 20 } });
    for (const tk of [t.fighterToken, t.goblinToken, t.ogreToken]) tk.level = "groundFloor00001";
  });

  it("carrying the goblin, the fighter goes up the stairs: the goblin comes along to the same level, beside it (the default)", async () => {
    await putHold(t, t.goblinToken, t.fighterToken, "WC.Part.leg", d12Hold("h1", "leg", "S", -2, { limb: 0 }));
    await moveWith(t, "player", t.fighterToken, { x: 5 * SQ, y: 7 * SQ, level: "upperFloor000001" }, "walk");
    expect([t.fighterToken.level, t.goblinToken.level]).toEqual(["upperFloor000001", "upperFloor000001"]);
    expect([t.fighterToken.y, t.goblinToken.x, t.goblinToken.y]).toEqual([700, 600, 700]);
    expect(holdHalves(t.fighterToken, t.goblinToken)).toHaveLength(2);
    expect(t.ogreToken.level).toBe("groundFloor00001");
  });

  it("held fast, the fighter does not change level: refused as any move is", async () => {
    await putHold(t, t.ogreToken, t.fighterToken, "WC.Part.body", d12Hold("h1", "body", "L", 1));
    expect(await moveWith(t, "player", t.fighterToken, { x: 5 * SQ, y: 5 * SQ, level: "upperFloor000001" }, "walk")).toBe(false);
    expect(t.fighterToken.level).toBe("groundFloor00001");
    expect(warnings(t.player)[0]).toContain("Fighter cannot move: Ogre holds it fast.");
  });

  it("option levelChangeInHold 'the holds end': the fighter goes up alone; 'refused': it stays, told why", async () => {
    await option(t, "levelChangeInHold", "ends");
    await putHold(t, t.goblinToken, t.fighterToken, "WC.Part.leg", d12Hold("h1", "leg", "S", -2, { limb: 0 }));
    await moveWith(t, "player", t.fighterToken, { x: 5 * SQ, y: 5 * SQ, level: "upperFloor000001" }, "walk");
    expect([t.fighterToken.level, t.goblinToken.level]).toEqual(["upperFloor000001", "groundFloor00001"]);
    expect(holdHalves(t.fighterToken, t.goblinToken)).toEqual([]);
    expect(cardsWith(t.world, "mapCard")[0]?.content).toContain("Fighter changes level: the hold of Goblin on Fighter (Leg) ends.");
    await option(t, "levelChangeInHold", "refused");
    await putHold(t, t.goblinToken, t.fighterToken, "WC.Part.leg", d12Hold("h2", "leg", "S", -2, { limb: 0 }));
    expect(await moveWith(t, "player", t.fighterToken, { x: 5 * SQ, y: 5 * SQ, level: "groundFloor00001" }, "walk")).toBe(false);
    expect(t.fighterToken.level).toBe("upperFloor000001");
    expect(warnings(t.player).at(-1)).toBe("Fighter cannot change level while in a hold (the rule options say so).");
  });

  it("a request naming a level the scene does not have is refused, and changes nothing", async () => {
    await putHold(t, t.goblinToken, t.fighterToken, "WC.Part.leg", d12Hold("h1", "leg", "S", -2, { limb: 0 }));
    const job = { requestId: "FORGEDlevel00001", moverUuid: t.fighterToken.uuid, from: { x: 500, y: 500 }, to: { x: 500, y: 500, elevation: 0 }, pick: { kind: "kindAlong", moveKind: "level", level: "noSuchLevel00001" }, distance: 0 };
    await t.player.run(() => ChatMessage.create({ content: "", whisper: [t.gmUser.id, t.alice.id], flags: { [M]: { request: { state: "pending", ask: { kind: "move", job } } } } } as never));
    await settleMoves(t.world);
    expect([t.fighterToken.level, t.goblinToken.level]).toEqual(["groundFloor00001", "groundFloor00001"]);
  });
});
