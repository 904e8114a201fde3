// @vitest-environment happy-dom
// Issue 29, "v14 planned movement by kind": on v14 a move may be planned before it is made
// (`move(…, {planned: true})` fires `planToken`, not `preMoveToken`: foundryvtt#13639, C-66), and
// its waypoints name their movement action and, on v14, their level (API v14
// TokenMeasuredMovementWaypoint `action`, `level`: C-160). A planned teleport, forced move or change
// of level of a creature in a hold is classed by kind as a made one is (move-kinds.test.ts) and
// gets the rules' answer by the option: refused with the option's reason, or (the holds end, the
// others go along) not kept as a plan, the user told what making it will do. Whether starting a
// plan passes `preMoveToken` is not known (C-66): each test runs both ways.
import { beforeEach, describe, expect, it } from "vitest";
import type { FakeClient, FakeToken } from "../fake-foundry/world.ts";
import { makeTable } from "./setup.ts";
import type { Table } from "./setup.ts";
import { M } from "./setup.ts";
import { cardsWith, d12Hold, holdHalves, place, putHold, settleMoves, warnings } from "./movement-setup.ts";

const SQ = 100;

async function plan(client: FakeClient, token: FakeToken, to: { x: number; y: number; level?: string }, action: string): Promise<void> {
  await client.run(() => token.move({ x: to.x, y: to.y, ...(to.level !== undefined ? { level: to.level } : {}), action } as never, { planned: true, method: "dragging" }));
  await settleMoves(token.world);
}

async function option(t: Table, name: string, value: string): Promise<void> {
  await t.gm.run(() => game.settings.set(M, "ruleOptions", { "d12-holds": { [name]: value } } as never));
}

const infos = (c: FakeClient) => c.notifications.filter((n) => n.level === "info").map((n) => n.message);

describe.each([true, false])("v14 planned moves by kind (starting a plan passes preMoveToken: %s)", (plannedStartFiresPreMove) => {
  let t: Table;
  beforeEach(() => {
    t = makeTable({ world: { generation: 14, plannedStartFiresPreMove } });
    place(t.ogreToken, 4, 5);
    place(t.fighterToken, 5, 5);
    place(t.goblinToken, 6, 5);
  });

  it("a planned blink of the fighter held fast by the ogre: not a walk held fast but a teleport; the plan stops, the player is told the hold ends when it is made, and it cannot start", async () => {
    await putHold(t, t.ogreToken, t.fighterToken, "WC.Part.body", d12Hold("h1", "body", "L", 1));
    const mark = t.world.writes.length;
    await plan(t.player, t.fighterToken, { x: 10 * SQ, y: 5 * SQ }, "blink");
    expect(t.fighterToken.movement?.state).toBe("stopped");
    expect(warnings(t.player)).toEqual([]);
    expect(infos(t.player)).toContain("Fighter is in a hold: a teleport is made at once, not planned. Made so, its holds end (the rule options say so).");
    expect(await t.player.run(() => t.fighterToken.startMovement())).toBe(false);
    expect(t.world.writes.length).toBe(mark);
    // Made at once, it gets that answer (C-60: preMoveToken, classed by its action).
    await t.player.run(() => t.fighterToken.move({ x: 10 * SQ, y: 5 * SQ, action: "blink" } as never, { method: "dragging" }));
    await settleMoves(t.world);
    expect([t.fighterToken.x, t.ogreToken.x]).toEqual([1000, 400]);
    expect(holdHalves(t.fighterToken, t.ogreToken)).toEqual([]);
    expect(cardsWith(t.world, "mapCard")[0]?.content).toContain("Fighter teleports away: the hold of Ogre on Fighter (Body) ends.");
  });

  it("option teleportInHold 'refused': the planned blink is refused with the option's reason, and nothing is sent", async () => {
    await option(t, "teleportInHold", "refused");
    await putHold(t, t.ogreToken, t.fighterToken, "WC.Part.body", d12Hold("h1", "body", "L", 1));
    const mark = t.world.writes.length;
    await plan(t.player, t.fighterToken, { x: 10 * SQ, y: 5 * SQ }, "blink");
    expect(t.fighterToken.movement?.state).toBe("stopped");
    expect(warnings(t.player)).toEqual(["Fighter cannot teleport while in a hold (the rule options say so)."]);
    expect(await t.player.run(() => t.fighterToken.startMovement())).toBe(false);
    expect(t.fighterToken.x).toBe(500);
    expect(t.world.writes.length).toBe(mark);
  });

  it("the GM plans a displace (a shove) of the fighter the goblin hangs on to: a forced move, the goblin comes along when it is made (the default); 'refused' refuses the plan", async () => {
    await putHold(t, t.goblinToken, t.fighterToken, "WC.Part.leg", d12Hold("h1", "leg", "S", -2, { limb: 0 }));
    await plan(t.gm, t.fighterToken, { x: 5 * SQ, y: 8 * SQ }, "displace");
    expect(t.fighterToken.movement?.state).toBe("stopped");
    expect(infos(t.gm)).toContain("Fighter is in a hold: a forced move is made at once, not planned. Made so, those in the hold with it come along (the rule options say so).");
    await option(t, "forcedMoveInHold", "refused");
    await plan(t.gm, t.fighterToken, { x: 5 * SQ, y: 8 * SQ }, "displace");
    expect(t.fighterToken.movement?.state).toBe("stopped");
    expect(warnings(t.gm)).toContain("Fighter is in a hold and is not moved by force (the rule options say so).");
    expect([t.fighterToken.y, t.goblinToken.x]).toEqual([500, 600]);
  });

  it("a planned change of level, carrying the goblin: the goblin comes along when it is made (the default); 'the holds end' says so; 'refused' refuses the plan", async () => {
    const scene = t.fighterToken.parent;
    scene.levels.set("groundFloor00001", { id: "groundFloor00001", name: "Ground", elevation: { bottom: 0, top: 10 } });
    scene.levels.set("upperFloor000001", { id: "upperFloor000001", name: "Upper", elevation: { bottom: 10, top: 20 } });
    for (const tk of [t.fighterToken, t.goblinToken, t.ogreToken]) tk.level = "groundFloor00001";
    await putHold(t, t.goblinToken, t.fighterToken, "WC.Part.leg", d12Hold("h1", "leg", "S", -2, { limb: 0 }));
    await plan(t.player, t.fighterToken, { x: 5 * SQ, y: 7 * SQ, level: "upperFloor000001" }, "walk");
    expect(t.fighterToken.movement?.state).toBe("stopped");
    expect(infos(t.player)).toContain("Fighter is in a hold: a change of level is made at once, not planned. Made so, those in the hold with it come along (the rule options say so).");
    await option(t, "levelChangeInHold", "ends");
    await plan(t.player, t.fighterToken, { x: 5 * SQ, y: 7 * SQ, level: "upperFloor000001" }, "walk");
    expect(infos(t.player)).toContain("Fighter is in a hold: a change of level is made at once, not planned. Made so, its holds end (the rule options say so).");
    await option(t, "levelChangeInHold", "refused");
    await plan(t.player, t.fighterToken, { x: 5 * SQ, y: 7 * SQ, level: "upperFloor000001" }, "walk");
    expect(warnings(t.player)).toContain("Fighter cannot change level while in a hold (the rule options say so).");
    expect([t.fighterToken.level, t.goblinToken.level]).toEqual(["groundFloor00001", "groundFloor00001"]);
  });

  it("a blink planned before the hold began and started after it: with the start passing preMoveToken it is classed as a teleport and the hold ends; without, the GM's tab puts it back", async () => {
    await plan(t.player, t.fighterToken, { x: 10 * SQ, y: 5 * SQ }, "blink");
    expect(t.fighterToken.movement?.state).toBe("planned");
    await putHold(t, t.ogreToken, t.fighterToken, "WC.Part.body", d12Hold("h1", "body", "L", 1));
    await t.player.run(() => t.fighterToken.startMovement());
    await settleMoves(t.world);
    if (plannedStartFiresPreMove) {
      expect([t.fighterToken.x, t.ogreToken.x]).toEqual([1000, 400]);
      expect(holdHalves(t.fighterToken, t.ogreToken)).toEqual([]);
      expect(cardsWith(t.world, "mapCard")[0]?.content).toContain("Fighter teleports away: the hold of Ogre on Fighter (Body) ends.");
    } else {
      expect(t.fighterToken.x).toBe(500);
      expect(holdHalves(t.fighterToken, t.ogreToken)).toHaveLength(2);
      expect(warnings(t.gm)).toEqual(["Alice moved Fighter though its holds do not allow that move; it is back where it stood."]);
    }
  });
});
