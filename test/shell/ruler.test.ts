// @vitest-environment happy-dom
// The token ruler while a creature in a hold is dragged (v13 and v14), through the typed fake's
// ruler (test/fake-foundry/ruler.ts: C-110 to C-113): the pace the group has left this round, the
// part of the path beyond it, a held-fast creature's 0, and the "dragged" movement action that
// keeps a creature brought along from spending its own move. Numbers from the texts:
// 000 §Explanation of holds: the fighter's 12" at 10 ft an inch is 120 ft a round; one smaller
// goblin hanging on leaves half, 60 ft (1/(holders + 1), the project's reading of "greatly
// reduced"); held by the body by the larger ogre it is immobilized, 0 ft. The scene's squares
// are 5 ft.
import { beforeEach, describe, expect, it } from "vitest";
import type { FakeClient, FakeRulerWaypoint, FakeStyle, FakeToken } from "../fake-foundry/world.ts";
import { FakeTokenRuler, labelText, plannedWaypoints } from "../fake-foundry/world.ts";
import type { Table } from "./setup.ts";
import { M } from "./setup.ts";
import { d12Hold, d12MapTable, drag, putHold, settleMoves } from "./movement-setup.ts";

const SQ = 100;
const HOST = FakeTokenRuler.USER_COLOUR;
/** The module's colour for the part of a path past the group's pace (map/ruler.ts BEYOND_COLOUR). */
const BEYOND = 0xd8402c;

interface Frame {
  readonly segments: FakeStyle[];
  readonly highlights: FakeStyle[];
  readonly labels: Array<string | null>;
  readonly requests: number;
}

type RulerInstance = {
  _getSegmentStyle(w: FakeRulerWaypoint): FakeStyle;
  _getGridHighlightStyle(w: FakeRulerWaypoint, offset: unknown): FakeStyle;
  _getWaypointLabelContext(w: FakeRulerWaypoint, state: Record<string, unknown>): Record<string, unknown> | undefined;
};

/** One drag frame as the host's ruler draws it: every waypoint's segment, grid space and label, through the configured ruler class. */
function frame(t: Table, client: FakeClient, token: FakeToken, path: Array<{ x: number; y: number; action?: string }>, history: Array<{ x: number; y: number }> = []): Frame {
  const before = t.world.writes.length;
  const out = client.run(() => {
    const R = (CONFIG as unknown as { Token: { rulerClass: new (t: unknown) => RulerInstance } }).Token.rulerClass;
    const ruler = new R({ document: token });
    const wps = plannedWaypoints(token.parent.grid, token.position(), path, game.user.id, CONFIG as never, history);
    const state = {};
    return {
      segments: wps.slice(1).map((w) => ruler._getSegmentStyle(w)),
      highlights: wps.slice(1).map((w) => ruler._getGridHighlightStyle(w, { i: 0, j: 0 })),
      labels: wps.map((w) => labelText(ruler._getWaypointLabelContext(w, state))),
    };
  });
  return { ...out, requests: t.world.writes.length - before };
}

/** Squares east of column 5, row 5, one waypoint a square. */
const east = (n: number) => Array.from({ length: n }, (_, i) => ({ x: (6 + i) * SQ, y: 5 * SQ }));
const colours = (styles: FakeStyle[]) => styles.map((s) => (s.color === BEYOND ? "beyond" : s.color === HOST ? "host" : String(s.color)));

describe.each([13, 14] as const)("the ruler knows the hold (v%i)", (generation) => {
  let t: Table;
  beforeEach(() => {
    t = d12MapTable(generation);
  });

  it("the ruler class is the configured one, subclassed once; the dragged action is registered, never offered, costing nothing", () => {
    const { R, action } = t.player.run(() => {
      const c = CONFIG as unknown as { Token: { rulerClass: { prototype: object }; movement: { actions: Record<string, { canSelect: (t: unknown) => boolean; getCostFunction: (t: unknown, o: unknown) => (b: number) => number; teleport: boolean; label: string }> } } };
      return { R: c.Token.rulerClass, action: c.Token.movement.actions.weaponlessDragged };
    });
    expect(R.prototype).toBeInstanceOf(FakeTokenRuler);
    expect(action?.canSelect(null)).toBe(false);
    expect(action?.getCostFunction(null, {})(30)).toBe(0);
    expect(action?.teleport).toBe(false);
    expect(action?.label).toBe("WC.Ruler.draggedAction");
  });

  it("a token in no hold: the host's ruler as it was (colours, labels)", () => {
    const f = frame(t, t.player, t.fighterToken, east(14));
    expect(new Set(colours(f.segments))).toEqual(new Set(["host"]));
    expect(new Set(colours(f.highlights))).toEqual(new Set(["host"]));
    expect(f.labels.at(-1)).toBe("70 ft · 70 ft");
  });

  it("000: one goblin hanging on, 60 ft a round: 12 squares (60 ft) are within, the 13th beyond; the label says what is left", () => {
    return putHold(t, t.goblinToken, t.fighterToken, "WC.Part.leg", d12Hold("h1", "leg", "S", -2, { limb: 0 })).then(() => {
      const within = frame(t, t.player, t.fighterToken, east(8));
      expect(colours(within.segments)).toEqual(Array(8).fill("host"));
      // 8 squares = 40 ft of 60: 20 ft left.
      expect(within.labels.at(-1)).toBe("40 ft · 20 ft of the group's 60 ft left");
      const past = frame(t, t.player, t.fighterToken, east(13));
      expect(colours(past.segments)).toEqual([...Array(12).fill("host"), "beyond"]);
      expect(colours(past.highlights)).toEqual([...Array(12).fill("host"), "beyond"]);
      // 13 squares = 65 ft: 5 ft past the 60.
      expect(past.labels.at(-1)).toBe("65 ft · 5 ft past the group's pace (60 ft were left of 60 ft)");
      // Only the last waypoint's label changes.
      expect(past.labels.at(-2)).toBe("60 ft · 60 ft");
      expect(past.requests).toBe(0);
    });
  });

  it("the GM dragging the same group sees the same pace (the rules' answer, not the GM's dialog)", async () => {
    await putHold(t, t.goblinToken, t.fighterToken, "WC.Part.leg", d12Hold("h1", "leg", "S", -2, { limb: 0 }));
    const f = frame(t, t.gm, t.fighterToken, east(13));
    expect(colours(f.segments).at(-1)).toBe("beyond");
    expect(f.labels.at(-1)).toContain("5 ft past the group's pace");
  });

  it("000: held fast by the ogre, 0 ft: every step beyond, the label says so before the drop, and nothing is sent", async () => {
    await putHold(t, t.ogreToken, t.fighterToken, "WC.Part.body", d12Hold("h1", "body", "L", 1));
    const f = frame(t, t.player, t.fighterToken, east(3));
    expect(colours(f.segments)).toEqual(["beyond", "beyond", "beyond"]);
    expect(f.labels.at(-1)).toBe("15 ft · Held fast: 0 ft");
    expect(f.requests).toBe(0);
  });

  it("in a fight the round's pace counts: 40 ft dragged already leaves 20; the 5th square is beyond; a new round makes it whole", async () => {
    await putHold(t, t.goblinToken, t.fighterToken, "WC.Part.leg", d12Hold("h1", "leg", "S", -2, { limb: 0 }));
    const combat = t.world.addCombat([t.fighterToken, t.goblinToken], 2);
    await drag(t.player, t.fighterToken, { x: 13 * SQ, y: 5 * SQ });
    expect((combat.flags[M] as { pace?: unknown }).pace).toEqual({ [t.fighterToken.id]: { round: 2, feet: 40 } });
    const path = Array.from({ length: 5 }, (_, i) => ({ x: (14 + i) * SQ, y: 5 * SQ }));
    const f = frame(t, t.player, t.fighterToken, path);
    expect(colours(f.segments)).toEqual(["host", "host", "host", "host", "beyond"]);
    expect(f.labels.at(-1)).toBe("25 ft · 5 ft past the group's pace (20 ft were left of 60 ft)");
    await t.gm.run(() => combat.update({ round: 3 }));
    await settleMoves(t.world);
    expect(frame(t, t.player, t.fighterToken, path).labels.at(-1)).toBe("25 ft · 35 ft of the group's 60 ft left");
  });

  it("the token's history this turn is the host's: only the path being dragged is measured against the pace", async () => {
    await putHold(t, t.goblinToken, t.fighterToken, "WC.Part.leg", d12Hold("h1", "leg", "S", -2, { limb: 0 }));
    // Passed: 10 squares west to here (50 ft the host shows as history); planned: 12 squares east (60 ft).
    const history = [{ x: 0, y: 5 * SQ }];
    const f = frame(t, t.player, t.fighterToken, east(12), history);
    expect(colours(f.segments).slice(-12)).toEqual(Array(12).fill("host"));
    expect(f.labels.at(-1)).toBe("85 ft · 0 ft of the group's 60 ft left");
  });

  it("the group's move brings the goblin with the dragged action: its step costs it nothing; the fighter's walk costs what it measures", async () => {
    await putHold(t, t.goblinToken, t.fighterToken, "WC.Part.leg", d12Hold("h1", "leg", "S", -2, { limb: 0 }));
    await drag(t.player, t.fighterToken, { x: 11 * SQ, y: 5 * SQ });
    expect([t.fighterToken.x, t.goblinToken.x]).toEqual([1100, 1200]);
    const goblinMove = t.goblinToken.movement as { pending: { waypoints: Array<{ action: string }>; distance: number; cost: number } } | null;
    expect(goblinMove?.pending.waypoints.map((w) => w.action)).toEqual(["weaponlessDragged"]);
    expect(goblinMove?.pending.distance).toBe(30);
    expect(goblinMove?.pending.cost).toBe(0);
    const fighterMove = t.fighterToken.movement as { pending: { waypoints: Array<{ action: string }>; cost: number } } | null;
    expect(fighterMove?.pending.waypoints.at(-1)?.action).toBe("walk");
    expect(fighterMove?.pending.cost).toBe(30);
  });
});

// Issue 29, "the ruler shows the leash": the goblin (S) holds the fighter's leg from (3,5), the
// fighter at (5,5): one square between, 10 ft of leash (map/leash.ts). Dragged south, the fighter
// stays within the leash at (5,6) and (5,7) (one square between, 10 ft) and leaves it at (5,8)
// (two squares between below: 15 ft, 5 ft past); the goblin, smaller, does not hold it fast (000
// §Leg Hold), and the group's pace (60 ft) is not what stops it. The step past the leash is marked
// as a step past the pace is, on the GM's ruler as on the player's, with no request.
describe.each([13, 14] as const)("the ruler shows the leash (v%i)", (generation) => {
  let t: Table;
  beforeEach(async () => {
    t = d12MapTable(generation);
    t.goblinToken.x = 3 * SQ;
    t.ogreToken.x = 20 * SQ;
    t.ogreToken.y = 20 * SQ;
    ((t.goblin.flags[M] as { profile: Record<string, Record<string, unknown>> }).profile["d12-holds"] as Record<string, unknown>).holdReach = 10;
    await putHold(t, t.goblinToken, t.fighterToken, "WC.Part.leg", d12Hold("h1", "leg", "S", -2, { limb: 0 }));
  });
  const south = [6, 7, 8].map((row) => ({ x: 5 * SQ, y: row * SQ }));

  it.each(["player", "gm"] as const)("as the %s: the step that leaves the leash is marked, and the label says how far past it the path ends", (who) => {
    const client = who === "gm" ? t.gm : t.player;
    const f = frame(t, client, t.fighterToken, south);
    expect(colours(f.segments)).toEqual(["host", "host", "beyond"]);
    expect(colours(f.highlights)).toEqual(["host", "host", "beyond"]);
    expect(f.labels.at(-1)).toContain("5 ft past the leash (15 ft from its holder, the leash is 10 ft)");
    expect(f.requests).toBe(0);
    const within = frame(t, client, t.fighterToken, south.slice(0, 2));
    expect(colours(within.segments)).toEqual(["host", "host"]);
    expect(within.labels.at(-1)).toContain("Leash 10 ft: 10 ft from its holder");
  });

  it("the holder dragged is not on a leash: its ruler shows no leash", () => {
    const f = frame(t, t.gm, t.goblinToken, [2, 1].map((col) => ({ x: col * SQ, y: 5 * SQ })));
    expect(f.labels.at(-1)).not.toContain("leash");
    expect(f.labels.at(-1)).not.toContain("Leash");
  });
});

describe("a world whose ruler class lacks the methods (an older build, or another module's own ruler)", () => {
  it("keeps its own: nothing subclassed, no error", async () => {
    const t = d12MapTable(13);
    const { installRuler } = await import("../../src/foundry/map/ruler.ts");
    class Bare {}
    const done = t.player.run(() => {
      (CONFIG as unknown as { Token: { rulerClass: unknown } }).Token.rulerClass = Bare;
      return installRuler();
    });
    expect(done).toBe(false);
    expect(t.player.run(() => (CONFIG as unknown as { Token: { rulerClass: unknown } }).Token.rulerClass)).toBe(Bare);
  });
});
