// @vitest-environment happy-dom
// Tethers on the map, through the fake canvas and real PIXI 7 (in Node): they appear for the
// holds the module keeps, follow their tokens frame by frame, vanish with the hold, hide what a
// player may not see, obey both settings, and write nothing.
import { beforeAll, describe, expect, it } from "vitest";
import { tetherBoard } from "../../src/foundry/map/tether-scene.ts";
import type { TetherBoard } from "../../src/foundry/map/tethers.ts";
import { enableCanvas } from "../fake-foundry/canvas.ts";
import type { FakeClient, FakeToken } from "../fake-foundry/world.ts";
import type { Table } from "./setup.ts";
import { M, makeTable, tableFor } from "./setup.ts";
import { d12Hold, place, putHold } from "./movement-setup.ts";

beforeAll(async () => {
  await enableCanvas();
});

const boardOf = (c: FakeClient): TetherBoard | null => c.run(() => tetherBoard());
const pathsOf = (c: FakeClient) => [...(boardOf(c)?.paths().values() ?? [])];
const objectOf = (c: FakeClient, t: FakeToken) => c.canvas.tokens.placeables.find((p) => p.document === t);

/** The fighter between the ogre (west) and the goblin (east), on a square grid; both clients viewing the scene. */
async function board(options: { generation?: 13 | 14; tokensFirst?: boolean; table?: Table } = {}): Promise<Table> {
  const t = options.table ?? makeTable({ world: { generation: options.generation ?? 13 } });
  place(t.ogreToken, 4, 5);
  place(t.fighterToken, 5, 5);
  place(t.goblinToken, 7, 5);
  const scene = t.fighterToken.parent;
  for (const c of [t.gm, t.player]) await c.canvas.draw(scene, { tokensFirst: options.tokensFirst ?? false });
  await t.world.settle();
  return t;
}

const inside = (p: { x: number; y: number }, t: FakeToken) => p.x > t.x && p.x < t.x + 100 && p.y > t.y && p.y < t.y + 100;

describe("tethers on the canvas", () => {
  it.each([13, 14] as const)("v%i: a hold draws one tether, holder to held, for the GM and the player alike", async (generation) => {
    const t = await board({ generation });
    expect(pathsOf(t.gm)).toEqual([]);
    await putHold(t, t.ogreToken, t.fighterToken, "WC.Part.arm", d12Hold("h1", "arm", "L", 1));
    await t.world.settle();
    for (const c of [t.gm, t.player]) {
      const [p] = pathsOf(c);
      expect(p?.id).toBe("h1");
      expect(inside(p!.from, t.ogreToken)).toBe(true);
      expect(inside(p!.to, t.fighterToken)).toBe(true);
      expect(boardOf(c)?.holdsNow()[0]?.look).toEqual({ part: "arm", kind: "hold" });
    }
    expect(boardOf(t.gm)?.holdsNow()[0]?.label).toBe("Ogre holds Fighter: Arm");
  });
});
