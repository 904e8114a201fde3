// @vitest-environment happy-dom
// Holds at reach, on the map, through the typed fake: a hold made with the two apart keeps that
// distance as a leash in the GM's ledger (not on any effect a player can write); the held
// creature moves within it on its own and is refused beyond it; a holder dragging it along keeps
// it at that distance. Distances worked by hand on the 5-ft square grid (test/shell/reach.test.ts).
import { beforeEach, describe, expect, it } from "vitest";
import { ledgerEntries } from "../../src/foundry/documents/ledger.ts";
import { nearestFree } from "../../src/foundry/map/placement.ts";
import type { GridInfo } from "../../src/foundry/map/geometry.ts";
import type { Table } from "./setup.ts";
import { M, writesSince } from "./setup.ts";
import { cardsWith, d12Hold, d12MapTable, drag, holdHalves, place, putHold, warnings } from "./movement-setup.ts";

const SQ = 100;
const square: GridInfo = { type: 1, size: 100, sizeX: 100, sizeY: 100, distance: 5, units: "ft" };
const one = (x: number, y: number) => ({ x, y, width: 1, height: 1 });

describe("placing a creature held at a distance", () => {
  it("it keeps its distance where the leash allows; without one it is drawn in beside", () => {
    // The holder ends at (5,5); the held one wishes (7,5): one square between, 10 ft of reach.
    expect(nearestFree(one(500, 500), one(700, 500), [], [], square, 10)).toEqual({ x: 700, y: 500 });
    // No leash: beside the mover nearest the wish's centre (750,550): (6,5), 100 px off.
    expect(nearestFree(one(500, 500), one(700, 500), [], [], square)).toEqual({ x: 600, y: 500 });
    // A leash of 10 ft does not reach two squares between (15 ft): the nearest place within it, (7,5)... from (8,5): 100 px.
    expect(nearestFree(one(500, 500), one(800, 500), [], [], square, 10)).toEqual({ x: 700, y: 500 });
  });
});

describe.each([13, 14] as const)("a leash on the map (v%i)", (generation) => {
  let t: Table;
  beforeEach(async () => {
    t = d12MapTable(generation);
    // The goblin (S) holds the fighter's leg from one square away (a whip): 10 ft. A smaller holder
    // does not hold the fighter fast (000 §Leg Hold), so the rules let it move.
    place(t.goblinToken, 3, 5);
    place(t.fighterToken, 5, 5);
    place(t.ogreToken, 20, 20);
    ((t.goblin.flags[M] as { profile: Record<string, Record<string, unknown>> }).profile["d12-holds"] as Record<string, unknown>).holdReach = 10;
    await putHold(t, t.goblinToken, t.fighterToken, "WC.Part.leg", d12Hold("h1", "leg", "S", -2, { limb: 0 }));
  });

  it("a holder without reach (a hold the GM made between the two apart) keeps no leash", async () => {
    const u = d12MapTable(generation);
    place(u.goblinToken, 3, 5);
    place(u.fighterToken, 5, 5);
    await putHold(u, u.goblinToken, u.fighterToken, "WC.Part.leg", d12Hold("h2", "leg", "S", -2, { limb: 0 }));
    expect(u.gm.run(() => ledgerEntries()).map((k) => k.hold.leash)).toEqual([undefined]);
  });

  it("the ledger keeps the distance the hold was made at (10 ft), and no effect carries it", () => {
    const [k] = t.gm.run(() => ledgerEntries());
    expect(k?.hold.leash).toBe(10);
    for (const e of holdHalves(t.fighterToken, t.goblinToken)) expect(JSON.stringify(e.toObject())).not.toContain("leash");
  });

  it("within the leash the fighter moves on its own: the goblin stays, one token request, no notice", async () => {
    const mark = t.world.writes.length;
    // (5,6): from the goblin at (3,5), one square between: 10 ft.
    expect(await drag(t.player, t.fighterToken, { x: 5 * SQ, y: 6 * SQ })).toBe(true);
    expect([t.fighterToken.x, t.fighterToken.y, t.goblinToken.x, t.goblinToken.y]).toEqual([500, 600, 300, 500]);
    expect(writesSince(t.world, mark)).toEqual({ "update Token": 1 });
    expect(warnings(t.player)).toEqual([]);
    expect(holdHalves(t.fighterToken, t.goblinToken)).toHaveLength(2);
  });

  it("beyond the leash the move is refused before any request, saying how far it may go", async () => {
    const mark = t.world.writes.length;
    // (6,5): two squares between the goblin and it: 15 ft.
    expect(await drag(t.player, t.fighterToken, { x: 6 * SQ, y: 5 * SQ })).toBe(false);
    expect(t.fighterToken.x).toBe(500);
    expect(t.world.writes.length).toBe(mark);
    expect(warnings(t.player)).toEqual(["Fighter is held at 10 ft by Goblin and cannot go farther from it: this move ends 15 ft away."]);
  });

  it("the GM's tab checks a player's finished move again: one past the leash made without the check is put back", async () => {
    // The player's client skips the check (as a console could): the module's own mark on the move.
    await t.player.run(() => t.fighterToken.move({ x: 7 * SQ, y: 5 * SQ }, { method: "dragging", [M]: { move: "bringAlong" } } as never));
    for (let i = 0; i < 6; i++) {
      await new Promise((r) => setTimeout(r, 0));
      await t.world.settle();
    }
    expect(t.fighterToken.x).toBe(500);
    expect(warnings(t.gm)).toEqual(["Alice moved Fighter though its holds do not allow that move; it is back where it stood."]);
  });

  it("the GM bringing the fighter along with its holder: it keeps its 10 ft, not drawn in beside", async () => {
    t.world.onDialog = (d) => d.press("bringAlong");
    await drag(t.gm, t.goblinToken, { x: 3 * SQ, y: 8 * SQ });
    // The goblin's step is (0, +3): the fighter's own place (5,8) is 10 ft from (3,8), within the leash.
    expect([t.goblinToken.x, t.goblinToken.y, t.fighterToken.x, t.fighterToken.y]).toEqual([300, 800, 500, 800]);
  });
});

describe.each([13, 14] as const)("a grapple made at reach (v%i)", (generation) => {
  it("the fighter with a whip (10 ft) takes hold of the goblin one square away: the hold is kept with its 10 ft", async () => {
    const t = d12MapTable(generation);
    place(t.fighterToken, 5, 5);
    place(t.goblinToken, 7, 5);
    place(t.ogreToken, 20, 20);
    ((t.fighter.flags[M] as { profile: Record<string, Record<string, unknown>> }).profile["d12-holds"] as Record<string, unknown>).holdReach = 10;
    // Every die rolls its highest: the grapple takes hold.
    t.world.fallbackFace = (s) => s;
    t.world.onDialog = async (d) => d.press(d.config.buttons[0]?.action ?? "");
    type Api = { act(intent: unknown): Promise<{ kind: string }> };
    const out = await t.gm.run(() => (game.modules.get(M as never) as unknown as { api: Api }).api.act({ action: "grapple", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }));
    for (let i = 0; i < 6; i++) {
      await new Promise((r) => setTimeout(r, 0));
      await t.world.settle();
    }
    expect(out.kind).not.toBe("refused");
    expect(holdHalves(t.fighterToken, t.goblinToken)).toHaveLength(2);
    expect(t.gm.run(() => ledgerEntries()).map((k) => k.hold.leash)).toEqual([10]);
  });
});

describe.each([13, 14] as const)("hauling in a creature held at a distance (v%i)", (generation) => {
  type Api = { reelIn(holdId: string): Promise<{ feet: number; leash: number | null } | null> };
  const api = (): Api => (game.modules.get(M as never) as unknown as { api: Api }).api;
  const profile = (t: Table) => (t.goblin.flags[M] as { profile: Record<string, Record<string, unknown>> }).profile["d12-holds"] as Record<string, unknown>;

  it("a goblin of 1\" (10 ft a round, half of it when hauling: 5 ft) hauls the fighter in from 15 ft to 10 ft; the leash shortens", async () => {
    const t = d12MapTable(generation);
    place(t.goblinToken, 2, 5);
    place(t.fighterToken, 5, 5);
    place(t.ogreToken, 20, 20);
    profile(t).holdReach = 15;
    profile(t).movement = 1;
    await putHold(t, t.goblinToken, t.fighterToken, "WC.Part.leg", d12Hold("h1", "leg", "S", -2, { limb: 0 }));
    expect(t.gm.run(() => ledgerEntries()).map((k) => k.hold.leash)).toEqual([15]);
    const out = await t.gm.run(() => api().reelIn("h1"));
    await t.world.settle();
    // 15 - 5 = 10 ft: the free place within 10 ft of the goblin nearest the fighter's square, (4,5).
    expect(out).toEqual({ feet: 10, leash: 10 });
    expect([t.fighterToken.x, t.fighterToken.y]).toEqual([400, 500]);
    expect(t.gm.run(() => ledgerEntries()).map((k) => k.hold.leash)).toEqual([10]);
    // Said on a card for the table (issue 29: who hauled whom how far), not in the GM's notice alone.
    expect(cardsWith(t.world, "mapCard").map((m) => m.content).join(" ")).toContain("Goblin hauls Fighter in by 5 ft: now 10 ft away (hauling it in at half speed).");
  });

  it("an ordinary pace (12\": 120 ft, 60 hauling) brings it beside at once: the leash goes, the hold is an ordinary one", async () => {
    const t = d12MapTable(generation);
    place(t.goblinToken, 3, 5);
    place(t.fighterToken, 5, 5);
    place(t.ogreToken, 20, 20);
    profile(t).holdReach = 10;
    await putHold(t, t.goblinToken, t.fighterToken, "WC.Part.leg", d12Hold("h1", "leg", "S", -2, { limb: 0 }));
    const out = await t.gm.run(() => api().reelIn("h1"));
    await t.world.settle();
    // Beside the goblin at (3,5), nearest the fighter's centre (550,550): (4,5), 100 px off.
    expect(out).toEqual({ feet: 5, leash: null });
    expect([t.fighterToken.x, t.fighterToken.y]).toEqual([400, 500]);
    expect(t.gm.run(() => ledgerEntries()).map((k) => k.hold.leash)).toEqual([undefined]);
    expect(holdHalves(t.fighterToken, t.goblinToken)).toHaveLength(2);
  });

  it("a hold made beside has nothing to haul in, for the GM as for a player", async () => {
    const t = d12MapTable(generation);
    await putHold(t, t.ogreToken, t.fighterToken, "WC.Part.body", d12Hold("h1", "body", "L", 1));
    expect(await t.gm.run(() => api().reelIn("h1"))).toBeNull();
    expect(warnings(t.gm)).toEqual(["That hold was not made at a distance: there is nothing to haul in."]);
    expect(await t.player.run(() => api().reelIn("h1"))).toBeNull();
    expect(warnings(t.player)).toHaveLength(1);
  });
});
