// @vitest-environment happy-dom
// A leash on each client's canvas, through the typed fake: the board is told the hold's leash
// from the GM's ledger, and hovering it says how far (the GM and the player alike).
import { beforeAll, describe, expect, it } from "vitest";
import { tetherBoard } from "../../src/foundry/map/tether-scene.ts";
import { enableCanvas } from "../fake-foundry/canvas.ts";
import { d12Hold, d12MapTable, place, putHold } from "./movement-setup.ts";
import { M } from "./setup.ts";

beforeAll(async () => {
  await enableCanvas();
});

describe.each([13, 14] as const)("the leash on the canvas (v%i)", (generation) => {
  it("the ogre's hold made at 10 ft: both clients' boards carry the leash and say it on hover", async () => {
    const t = d12MapTable(generation);
    place(t.ogreToken, 1, 2);
    place(t.fighterToken, 3, 2);
    place(t.goblinToken, 8, 8);
    ((t.ogre.flags[M] as { profile: Record<string, Record<string, unknown>> }).profile["d12-holds"] as Record<string, unknown>).holdReach = 10;
    await putHold(t, t.ogreToken, t.fighterToken, "WC.Part.arm", d12Hold("leash", "arm", "L", 1));
    const scene = t.fighterToken.parent;
    for (const d of scene.tokens) d.displayName = 30;
    for (const c of [t.gm, t.player]) {
      await c.canvas.draw(scene);
      await t.world.settle();
      const holds = c.run(() => tetherBoard())?.holdsNow() ?? [];
      expect(holds.map((h) => [h.leash, h.label])).toEqual([[10, "Ogre holds Fighter: Arm, at 10 ft"]]);
    }
  });
});
