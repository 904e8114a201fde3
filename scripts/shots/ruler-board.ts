/**
 * The token ruler while a creature in a hold is dragged, for `npm run shots` (filter "ruler"):
 * each picture is played through the real shell on the fake Foundry: the holds put in place as
 * the module stores them, then the dragging user's tab asks the configured ruler class (the
 * module's subclass over the fake's host ruler, test/fake-foundry/ruler.ts) for every waypoint's
 * segment, grid space and label, exactly as a drag frame does. The page (board-page.ts) draws
 * what came back over the board: highlighted spaces, the path, the dragged token's ghost and the
 * last label. Pictures: shots/ruler--<case>--<role>--<ground>.png.
 */
import type { GridInfo } from "../../src/foundry/map/geometry.ts";
import type { TokenPlace } from "../../src/foundry/map/tether-geometry.ts";
import { nameShown } from "../../src/foundry/map/tether-geometry.ts";
import { tetherBoard } from "../../src/foundry/map/tether-scene.ts";
import type { FakeClient, FakeRulerWaypoint, FakeStyle, FakeToken } from "../../test/fake-foundry/world.ts";
import { labelText, plannedWaypoints } from "../../test/fake-foundry/world.ts";
import { d12Hold, drag, putHold } from "../../test/shell/movement-setup.ts";
import type { Table } from "../../test/shell/setup.ts";
import { M, makeTable } from "../../test/shell/setup.ts";
import type { BoardShot, RulerShot } from "./board.ts";

const COLOURS: Readonly<Record<string, string>> = { Fighter: "#b23a3a", Ogre: "#5a7d3a", Goblin: "#8a8a3a" };

type RulerInstance = {
  _getSegmentStyle(w: FakeRulerWaypoint): FakeStyle;
  _getGridHighlightStyle(w: FakeRulerWaypoint, offset: unknown): FakeStyle;
  _getWaypointLabelContext(w: FakeRulerWaypoint, state: Record<string, unknown>): Record<string, unknown> | undefined;
};

const at = (t: FakeToken, col: number, row: number) => {
  t.x = col * t.parent.grid.sizeX;
  t.y = row * t.parent.grid.sizeY;
};

const colour = (c: unknown) => (typeof c === "number" ? c : 0x3a6ea5);

/** The ruler of one drag frame on `client`'s tab: each space, each segment, the last label. */
function rulerOf(client: FakeClient, token: FakeToken, path: Array<{ x: number; y: number }>): RulerShot {
  return client.run(() => {
    const R = (CONFIG as unknown as { Token: { rulerClass: new (t: unknown) => RulerInstance } }).Token.rulerClass;
    const ruler = new R({ document: token });
    const wps = plannedWaypoints(token.parent.grid, token.position(), path, game.user.id, CONFIG as never);
    const g = token.parent.grid;
    const size = { w: token.width * g.sizeX, h: token.height * g.sizeY };
    const state = {};
    const contexts = wps.map((w) => ruler._getWaypointLabelContext(w, state));
    const last = wps[wps.length - 1] as FakeRulerWaypoint;
    const lastContext = contexts[contexts.length - 1];
    return {
      spaces: wps.slice(1).map((w) => {
        const s = ruler._getGridHighlightStyle(w, { i: 0, j: 0 });
        return { x: w.x, y: w.y, ...size, colour: colour(s.color), alpha: s.alpha ?? 0.5 };
      }),
      segments: wps.slice(1).map((w) => {
        const s = ruler._getSegmentStyle(w);
        return { from: (w.previous as FakeRulerWaypoint).center, to: w.center, colour: colour(s.color), width: s.width ?? 4 };
      }),
      ghost: { x: last.x, y: last.y, ...size },
      label: { x: last.center.x, y: last.y + size.h + 6, text: labelText(lastContext) ?? "", beyond: String(lastContext?.cssClass ?? "").includes("weaponless-beyond") },
    };
  });
}

async function shoot(t: Table, id: string, title: string, mover: FakeToken, path: Array<{ x: number; y: number }>, size: { width: number; height: number }, tethers = false): Promise<BoardShot[]> {
  const scene = t.fighterToken.parent;
  const out: BoardShot[] = [];
  for (const [role, client] of [["gm", t.gm], ["player", t.player]] as const) {
    // With the tethers: the client's own tether board, drawn as its canvas draws it (the leash's ground among them).
    let holds: BoardShot["holds"] = [];
    if (tethers) {
      await client.canvas.draw(scene);
      await t.world.settle();
      holds = client.run(() => tetherBoard())?.holdsNow() ?? [];
    }
    const tokens = [...scene.tokens].map((d) => {
      const place: TokenPlace = { id: d.id, x: d.x, y: d.y, w: d.width * scene.grid.sizeX, h: d.height * scene.grid.sizeY, elevation: d.elevation, visible: true, hidden: d.hidden };
      const nameplate = client.run(() => nameShown(game.user.isGM, d.actor.isOwner, 50));
      return { ...place, name: d.name, colour: COLOURS[d.name] ?? "#666666", nameplate };
    });
    const viewer = client.run(() => ({ isGM: game.user.isGM, enabled: false, playersSee: true }));
    out.push({ id, role, title, grid: scene.grid as GridInfo, ...size, viewer: tethers ? { ...viewer, enabled: true } : viewer, tokens, holds, ruler: rulerOf(client, mover, path) });
  }
  return out;
}

const row = (from: number, n: number, y: number) => Array.from({ length: n }, (_, i) => ({ x: (from + i) * 100, y: y * 100 }));

/** 000: a goblin on the fighter's leg, 60 ft a round; dragged 8 squares (40 ft): 20 ft left. */
async function within(): Promise<BoardShot[]> {
  const t = makeTable();
  at(t.fighterToken, 1, 2);
  at(t.goblinToken, 0, 2);
  at(t.ogreToken, 6, 0);
  await putHold(t, t.goblinToken, t.fighterToken, "WC.Part.leg", d12Hold("leg", "leg", "S", -2, { limb: 0 }));
  return shoot(t, "ruler--within", "the fighter carries the goblin hanging on its leg: 40 ft of the group's 60", t.fighterToken, row(2, 8, 2), { width: 1100, height: 480 });
}

/** In a fight, 40 ft already dragged this round leaves 20: a 30 ft path goes 10 ft past it. */
async function past(): Promise<BoardShot[]> {
  const t = makeTable();
  at(t.fighterToken, 8, 2);
  at(t.goblinToken, 8, 1);
  at(t.ogreToken, 9, 0);
  await putHold(t, t.goblinToken, t.fighterToken, "WC.Part.leg", d12Hold("leg", "leg", "S", -2, { limb: 0 }));
  t.world.addCombat([t.fighterToken, t.goblinToken], 2);
  // 8 squares west, the goblin along: 40 ft of this round's 60.
  await drag(t.player, t.fighterToken, { x: 0, y: 200 });
  if (t.fighterToken.x !== 0) throw new Error("shots: the fighter's first 40 ft were not carried out");
  return shoot(t, "ruler--past", "in a fight, 40 ft dragged this round: 20 ft left, and this path is 30 ft", t.fighterToken, row(1, 6, 2), { width: 1000, height: 480 });
}

/** 000: held by the body by the larger ogre, the fighter is held fast: 0 ft. */
async function heldFast(): Promise<BoardShot[]> {
  const t = makeTable();
  at(t.fighterToken, 2, 2);
  at(t.ogreToken, 1, 2);
  at(t.goblinToken, 7, 0);
  await putHold(t, t.ogreToken, t.fighterToken, "WC.Part.body", d12Hold("body", "body", "L", 1));
  return shoot(t, "ruler--held-fast", "the ogre holds the fighter fast by the body: 0 ft, shown before the drop", t.fighterToken, row(3, 3, 2), { width: 900, height: 480 });
}

/**
 * Issue 29: the goblin's whip holds the fighter's leg from one square away, a 10-ft leash. The
 * player drags the fighter east, under the goblin: four squares stay within the leash, the fifth
 * leaves it (15 ft from the goblin) and is marked as a step past the pace is, the label saying by
 * how much.
 */
async function leash(): Promise<BoardShot[]> {
  const t = makeTable();
  at(t.goblinToken, 3, 1);
  at(t.fighterToken, 1, 2);
  at(t.ogreToken, 8, 0);
  ((t.goblin.flags[M] as { profile: Record<string, Record<string, unknown>> }).profile["d12-holds"] as Record<string, unknown>).holdReach = 10;
  await putHold(t, t.goblinToken, t.fighterToken, "WC.Part.leg", d12Hold("leg", "leg", "S", -2, { limb: 0 }));
  return shoot(t, "ruler--leash", "the goblin's whip holds the fighter at 10 ft: the step that leaves the leash is marked", t.fighterToken, row(2, 5, 2), { width: 1100, height: 520 }, true);
}

export async function collectRulers(): Promise<BoardShot[]> {
  const out: BoardShot[] = [];
  for (const make of [within, past, heldFast, leash]) out.push(...(await make()));
  return out;
}
