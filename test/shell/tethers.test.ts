// @vitest-environment happy-dom
// Tethers on the map, through the fake canvas and real PIXI 7 (in Node): they appear for the
// holds the module keeps, follow their tokens frame by frame, vanish with the hold, hide what a
// player may not see, obey both settings, and write nothing.
import { beforeAll, describe, expect, it } from "vitest";
import { holdEffectPair } from "../../src/foundry/documents/holds.ts";
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

/** The board with the ogre holding the fighter's arm (hold h1), settled. */
async function armHold(): Promise<Table> {
  const t = await board();
  await putHold(t, t.ogreToken, t.fighterToken, "WC.Part.arm", d12Hold("h1", "arm", "L", 1));
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

  it("whether the module's layer or the tokens are drawn first, the canvas ends with the same tethers", async () => {
    for (const tokensFirst of [false, true]) {
      const t = makeTable();
      await putHold(t, t.ogreToken, t.fighterToken, "WC.Part.arm", d12Hold("h1", "arm", "L", 1));
      await board({ table: t, tokensFirst });
      expect(pathsOf(t.player).map((p) => p.id)).toEqual(["h1"]);
    }
  });

  it("only true pairs count: a half whose twin is not there draws nothing", async () => {
    const t = await board();
    const record = { id: "h1", holderId: t.ogreToken.uuid, heldId: t.fighterToken.uuid, label: "WC.Part.arm", data: d12Hold("h1", "arm", "L", 1) };
    await t.gm.run(async () => {
      const [heldHalf] = holdEffectPair(record, t.fighterToken.actor as never, t.ogreToken.actor as never, "d12-holds", "lone");
      await t.fighterToken.actor.createEmbeddedDocuments("ActiveEffect", [heldHalf.data], { keepId: true });
    });
    await t.world.settle();
    expect(pathsOf(t.gm)).toEqual([]);
    expect(pathsOf(t.player)).toEqual([]);
  });

  it("follows its tokens frame by frame while they move, then rests with them", async () => {
    const t = await armHold();
    t.gm.canvas.manualFrames = true;
    const start = pathsOf(t.gm)[0]!.to;
    // The GM moves the fighter one space south with the module's own move (no check to pass).
    await t.gm.run(() => t.fighterToken.parent.updateEmbeddedDocuments("Token", [{ _id: t.fighterToken.id, y: 600 }], { [M]: { move: "test" } }));
    const seen: number[] = [];
    for (let i = 0; i < t.gm.canvas.frames; i++) {
      t.gm.canvas.step();
      seen.push(pathsOf(t.gm)[0]!.to.y);
    }
    // Four frames, a quarter of the way each: the held end comes down 25 px a frame (the ends turn with the line too).
    expect(seen.every((y, i) => i === 0 || y > (seen[i - 1] as number))).toBe(true);
    expect(seen[0]).toBeGreaterThan(start.y);
    const end = pathsOf(t.gm)[0]!;
    expect(inside(end.to, t.fighterToken)).toBe(true);
    expect(objectOf(t.gm, t.fighterToken)?.y).toBe(600);
  });

  it("a refresh that changes nothing draws nothing; a token in no hold costs no drawing", async () => {
    const t = await armHold();
    const b = boardOf(t.gm)!;
    const before = b.redraws;
    t.gm.canvas.refresh(objectOf(t.gm, t.fighterToken)!, { refreshState: true });
    await t.gm.run(() => t.goblinToken.parent.updateEmbeddedDocuments("Token", [{ _id: t.goblinToken.id, x: 900 }], { [M]: { move: "test" } }));
    await t.world.settle();
    expect(b.redraws).toBe(before);
  });

  it("the hold ends: the tether is gone at once, on every client", async () => {
    const t = await armHold();
    const halves = [...t.fighterToken.actor.effects].filter((e) => e.getFlag(M, "hold"));
    await t.gm.run(() => t.fighterToken.actor.deleteEmbeddedDocuments("ActiveEffect", halves.map((e) => e.id)));
    await t.world.settle();
    expect(pathsOf(t.gm)).toEqual([]);
    expect(pathsOf(t.player)).toEqual([]);
  });

  it("a hidden holder: the GM sees its tether, the player does not, until it is revealed", async () => {
    const t = await board();
    await putHold(t, t.ogreToken, t.fighterToken, "WC.Part.body", d12Hold("h1", "body", "L", 1));
    await putHold(t, t.goblinToken, t.fighterToken, "WC.Part.leg", d12Hold("h2", "leg", "S", -1));
    await t.world.settle();
    await t.gm.run(() => t.ogreToken.update({ hidden: true }));
    await t.world.settle();
    expect(pathsOf(t.gm).map((p) => p.id).sort()).toEqual(["h1", "h2"]);
    expect(pathsOf(t.player).map((p) => p.id)).toEqual(["h2"]);
    // Nothing of the hidden ogre's hold reaches the player's canvas: not a Graphics, not a label.
    expect(boardOf(t.player)?.graphicsOf("h1")).toBeUndefined();
    await t.gm.run(() => t.ogreToken.update({ hidden: false }));
    await t.world.settle();
    expect(pathsOf(t.player).map((p) => p.id).sort()).toEqual(["h1", "h2"]);
  });

  it("token vision: a holder out of the player's sight takes its tether with it", async () => {
    const t = await board();
    await putHold(t, t.goblinToken, t.fighterToken, "WC.Part.leg", d12Hold("h2", "leg", "S", -1));
    await t.world.settle();
    t.player.canvas.sees = (o) => o.document !== t.goblinToken;
    t.player.canvas.refreshVision();
    expect(pathsOf(t.player)).toEqual([]);
    expect(pathsOf(t.gm).map((p) => p.id)).toEqual(["h2"]);
    t.player.canvas.sees = () => true;
    t.player.canvas.refreshVision();
    expect(pathsOf(t.player).map((p) => p.id)).toEqual(["h2"]);
  });

  it("a player reads the names their tokens and the tokens' display modes allow", async () => {
    const t = await board();
    await putHold(t, t.ogreToken, t.fighterToken, "WC.Part.arm", d12Hold("h1", "arm", "L", 1));
    await putHold(t, t.fighterToken, t.goblinToken, "WC.Part.head", d12Hold("h2", "head", "M", 0));
    await t.world.settle();
    const labels = (c: FakeClient) => boardOf(c)?.holdsNow().map((h) => h.label).sort();
    expect(labels(t.gm)).toEqual(["Fighter holds Goblin: Head", "Ogre holds Fighter: Arm"]);
    // The player owns the fighter; the ogre and the goblin show no name to them.
    expect(labels(t.player)).toEqual(["Fighter holds Someone: Head", "Someone holds Fighter: Arm"]);
    // The GM lets everyone see the ogre's name on hover (CONST.TOKEN_DISPLAY_MODES.HOVER).
    await t.gm.run(() => t.ogreToken.update({ displayName: 30 }));
    await t.world.settle();
    expect(labels(t.player)).toEqual(["Fighter holds Someone: Head", "Ogre holds Fighter: Arm"]);
  });

  it("hovering a tether on the canvas names its hold", async () => {
    const t = await armHold();
    const p = pathsOf(t.gm)[0]!;
    const mid = { x: (p.from.x + p.to.x) / 2, y: (p.from.y + p.to.y) / 2 };
    const view = t.gm.canvas.app!.view;
    t.gm.run(() => view.dispatchEvent(Object.assign(new Event("pointermove"), { clientX: mid.x, clientY: mid.y + 3 })));
    expect(boardOf(t.gm)?.labelShown()?.holdId).toBe("h1");
    t.gm.run(() => view.dispatchEvent(new Event("pointerleave")));
    expect(boardOf(t.gm)?.labelShown()).toBeNull();
  });

  it("the client's setting turns them off on that client only; the world's keeps them from players", async () => {
    const t = await armHold();
    await t.player.run(() => game.settings.set(M, "tethers", false));
    expect(boardOf(t.player)).toBeNull();
    expect(pathsOf(t.gm)).toHaveLength(1);
    await t.player.run(() => game.settings.set(M, "tethers", true));
    await t.gm.run(() => game.settings.set(M, "tethersForPlayers", false));
    expect(boardOf(t.player)).toBeNull();
    expect(pathsOf(t.gm)).toHaveLength(1);
    await t.gm.run(() => game.settings.set(M, "tethersForPlayers", true));
    expect(pathsOf(t.player)).toHaveLength(1);
  });

  it("the variant's holds only: another variant's holds draw nothing once the rules change", async () => {
    const t = await armHold();
    await t.gm.run(() => game.settings.set(M, "variant", "percentile"));
    expect(pathsOf(t.gm)).toEqual([]);
  });

  it("percentile: a creature its holders pin shows its holds as pins", async () => {
    const t = await tableFor("percentile");
    await board({ table: t });
    const row = { category: 1, hold: "torsoGrab", damage: 0, effects: { targetMayCounter: true } };
    await putHold(t, t.ogreToken, t.fighterToken, "WC.Hold.torsoGrab", { id: "p1", row, original: true, special: false, roundGained: 1 }, "percentile");
    await t.world.settle();
    expect(boardOf(t.gm)?.holdsNow()[0]?.look).toEqual({ part: "body", kind: "hold" });
    await t.gm.run(() => t.fighterToken.actor.createEmbeddedDocuments("ActiveEffect", [{ name: "Pinned", statuses: [`${M}.pinned`] }]));
    await t.world.settle();
    expect(boardOf(t.gm)?.holdsNow()[0]?.look).toEqual({ part: "body", kind: "pin" });
    expect(boardOf(t.gm)?.holdsNow()[0]?.label).toBe("Ogre holds Fighter: Torso grab, pinned");
  });

  it("writes nothing: drawing, following and hovering send no request", async () => {
    const t = await armHold();
    const mark = t.world.writes.length;
    for (const c of [t.gm, t.player]) {
      await c.canvas.draw(t.fighterToken.parent);
      c.canvas.refreshVision();
    }
    await t.world.settle();
    expect(t.world.writes.length).toBe(mark);
  });

  it("the scene torn down takes the board; drawn again, the tethers come back", async () => {
    const t = await armHold();
    await t.gm.canvas.tearDown();
    expect(boardOf(t.gm)).toBeNull();
    await t.gm.canvas.draw(t.fighterToken.parent);
    expect(pathsOf(t.gm)).toHaveLength(1);
  });

  it("a token deleted takes its tether with it", async () => {
    const t = await board();
    await putHold(t, t.goblinToken, t.fighterToken, "WC.Part.leg", d12Hold("h2", "leg", "S", -1));
    await t.world.settle();
    await t.gm.run(() => t.goblinToken.delete());
    await t.world.settle();
    expect(pathsOf(t.gm)).toEqual([]);
    expect(pathsOf(t.player)).toEqual([]);
  });
});
