// @vitest-environment happy-dom
// A GM's tab that closes while it carries out a move: a file of its own, since the next tab
// loads its own copy of the module (vi.resetModules) and the tests after it would meet that copy.
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Table } from "./setup.ts";
import { cardsWith, d12Hold, d12MapTable, drag, holdHalves, putHold, settleMoves } from "./movement-setup.ts";

const SQ = 100;

describe.each([13, 14] as const)("d12-holds on the map, a GM tab closing (v%i)", (generation) => {
  let t: Table;
  beforeEach(() => {
    t = d12MapTable(generation);
  });

  it("a GM tab that closes while it carries out a move request leaves it waiting; the next GM tab does it once, and the card tells of it", async () => {
    await putHold(t, t.fighterToken, t.goblinToken, "WC.Part.arm", d12Hold("h1", "arm", "M", 1, { limb: 0 }));
    t.world.onDialog = (d) => d.press("0");
    // The GM's tab closes as the hold's end goes out (v13: the effects' delete; v14: the batch).
    const realDelete = t.fighter.deleteEmbeddedDocuments.bind(t.fighter);
    const realBatch = t.world.modifyBatch.bind(t.world);
    const cut = () => {
      t.fighter.deleteEmbeddedDocuments = realDelete;
      t.world.modifyBatch = realBatch;
      t.world.disconnect(t.gm, "lost");
    };
    t.fighter.deleteEmbeddedDocuments = async (kind, ids, options) => {
      cut();
      return realDelete(kind, ids, options);
    };
    t.world.modifyBatch = async (ops) => {
      cut();
      return realBatch(ops);
    };
    await drag(t.player, t.fighterToken, { x: 3 * SQ, y: 5 * SQ });
    t.fighter.deleteEmbeddedDocuments = realDelete;
    t.world.modifyBatch = realBatch;
    expect(holdHalves(t.fighterToken, t.goblinToken)).toHaveLength(2);
    expect(cardsWith(t.world, "request")).toHaveLength(1);
    // The GM's next tab: its own copy of the module, as a browser tab has.
    vi.resetModules();
    const { registerHooks } = await import("../../src/foundry/hooks/index.ts");
    t.world.connect(t.gmUser, registerHooks);
    await settleMoves(t.world);
    expect([t.fighterToken.x, t.goblinToken.x]).toEqual([300, 600]);
    expect(holdHalves(t.fighterToken, t.goblinToken)).toEqual([]);
    expect(cardsWith(t.world, "request")).toEqual([]);
    expect(cardsWith(t.world, "mapCard").map((m) => m.content.includes("Fighter lets go of Goblin (Arm) to move away."))).toEqual([true]);
  });

});
