/**
 * What the token ruler costs the module per drag frame (map/ruler.ts): a player drags the fighter,
 * whom a goblin holds, along a path of 20 waypoints; each frame the host's ruler asks every
 * waypoint's segment style, grid-highlight style and label (the fake's ruler, C-110 to C-112). The
 * extra work is the module's subclass over the host's own methods; measured for a frame with the
 * group's pace kept (every frame of a drag but the first), a frame after something changed (the
 * rules asked again), a creature held at a distance (its leash judged at every waypoint), and a
 * token in no hold. And the requests sent while dragging: none.
 */
import { holdEffectPair } from "../src/foundry/documents/holds.ts";
import { registerHooks } from "../src/foundry/hooks/index.ts";
import { paceChanged } from "../src/foundry/map/ruler.ts";
import { RULES_VARIANTS } from "../src/rules/index.ts";
import type { FakeClient, FakeRulerWaypoint, FakeToken } from "../test/fake-foundry/world.ts";
import { FakeTokenRuler, FakeWorld, plannedWaypoints } from "../test/fake-foundry/world.ts";
import { timeIt } from "./timing.ts";

const M = "weaponless-combat";

interface Ruler {
  _getSegmentStyle(w: FakeRulerWaypoint): unknown;
  _getGridHighlightStyle(w: FakeRulerWaypoint, o: unknown): unknown;
  _getWaypointLabelContext(w: FakeRulerWaypoint, s: unknown): unknown;
}

export interface RulerBench {
  readonly usPerFrameExtra: number;
  readonly usPerFrameFirst: number;
  readonly usPerFrameFree: number;
  /** A creature held at a distance (a 10-ft leash): every waypoint also judged against the leash. */
  readonly usPerFrameLeash: number;
  readonly requestsWhileDragging: number;
}

export async function benchRuler(ms: number): Promise<RulerBench> {
  const world = new FakeWorld({ generation: 13 });
  const gmUser = world.addUser("GM", true);
  const alice = world.addUser("Alice", false);
  const gm = world.connect(gmUser, registerHooks);
  const player: FakeClient = world.connect(alice, registerHooks);
  const scene = world.addScene();
  const base = RULES_VARIANTS["d12-holds"]?.defaultProfile() ?? {};
  const fighterActor = world.addActor("Fighter", {}, { [alice.id]: 3 });
  fighterActor.flags[M] = { profile: { "d12-holds": { ...base, movement: 12 } } };
  const goblinActor = world.addActor("Goblin", {});
  goblinActor.flags[M] = { profile: { "d12-holds": { ...base, kind: "monster", size: "S", movement: 6 } } };
  const fighter = world.addToken(scene, fighterActor, { x: 500, y: 500 });
  const goblin = world.addToken(scene, goblinActor, { x: 600, y: 500, linked: false });
  const lone = world.addToken(scene, world.addActor("Loner", {}, { [alice.id]: 3 }), { x: 500, y: 900 });
  const record = { id: "h1", holderId: goblin.uuid, heldId: fighter.uuid, label: "WC.Part.leg", data: { id: "h1", part: "leg", limb: 0, result: 6, sizeAdjustment: -2, holderSize: "S", roundGained: 1, holderId: goblin.uuid, heldId: fighter.uuid } };
  await gm.run(async () => {
    const { writeAll } = await import("../src/foundry/gm/writes.ts");
    const [h, r] = holdEffectPair(record, fighter.actor as never, goblin.actor as never, "d12-holds", "bench-ruler");
    await writeAll({ actors: [h, r].map((x) => ({ actor: x.actor, creates: [x.data], updates: [], deletes: [], data: {} })) } as never);
  });
  // A second pair: the goblin's whip holds another fighter's leg from one square away, a 10-ft leash (in the ledger).
  const farActor = world.addActor("Roped", {}, { [alice.id]: 3 });
  farActor.flags[M] = { profile: { "d12-holds": { ...base, movement: 12 } } };
  const whipActor = world.addActor("Whipper", {});
  whipActor.flags[M] = { profile: { "d12-holds": { ...base, kind: "monster", size: "S", movement: 6, holdReach: 10 } } };
  const far = world.addToken(scene, farActor, { x: 500, y: 1300 });
  const whip = world.addToken(scene, whipActor, { x: 300, y: 1300 });
  const leashed = { ...record, id: "h2", holderId: whip.uuid, heldId: far.uuid, data: { ...record.data, id: "h2", holderId: whip.uuid, heldId: far.uuid } };
  await gm.run(async () => {
    const { writeAll } = await import("../src/foundry/gm/writes.ts");
    const [h, r] = holdEffectPair(leashed, far.actor as never, whip.actor as never, "d12-holds", "bench-ruler-leash");
    await writeAll({ actors: [h, r].map((x) => ({ actor: x.actor, creates: [x.data], updates: [], deletes: [], data: {} })) } as never);
  });
  await world.settle();
  const { leashOf } = await import("../src/foundry/documents/ledger.ts");
  if (gm.run(() => leashOf("h2")) !== 10) throw new Error("bench: the leash was not kept");

  const path = (t: FakeToken) => Array.from({ length: 20 }, (_, i) => ({ x: t.x + (i + 1) * 100, y: t.y }));
  const frameOf = (ruler: Ruler, wps: FakeRulerWaypoint[]) => () => {
    const state = {};
    for (const w of wps) {
      if (w.previous) {
        ruler._getSegmentStyle(w);
        ruler._getGridHighlightStyle(w, { i: 0, j: 0 });
      }
      ruler._getWaypointLabelContext(w, state);
    }
  };
  const setUp = (t: FakeToken) =>
    player.run(() => {
      const R = (CONFIG as unknown as { Token: { rulerClass: new (t: unknown) => Ruler } }).Token.rulerClass;
      const wps = plannedWaypoints(scene.grid, t.position(), path(t), game.user.id, CONFIG as never);
      return { ours: new R({ document: t }), host: new FakeTokenRuler({ document: t }) as unknown as Ruler, wps };
    });
  const held = setUp(fighter);
  const free = setUp(lone);
  const before = world.writes.length;
  const hostFrame = timeIt(ms, () => player.run(frameOf(held.host, held.wps)));
  const ourFrame = timeIt(ms, () => player.run(frameOf(held.ours, held.wps)));
  const firstFrame = timeIt(ms, () =>
    player.run(() => {
      paceChanged();
      frameOf(held.ours, held.wps)();
    }),
  );
  const onLeash = setUp(far);
  const hostLeash = timeIt(ms, () => player.run(frameOf(onLeash.host, onLeash.wps)));
  const ourLeash = timeIt(ms, () => player.run(frameOf(onLeash.ours, onLeash.wps)));
  const hostFree = timeIt(ms, () => player.run(frameOf(free.host, free.wps)));
  const ourFree = timeIt(ms, () => player.run(frameOf(free.ours, free.wps)));
  const requests = world.writes.length - before;
  const us = (x: number) => Math.max(0, x * 1000);
  const out = { usPerFrameExtra: us(ourFrame.perCall - hostFrame.perCall), usPerFrameFirst: us(firstFrame.perCall - hostFrame.perCall), usPerFrameFree: us(ourFree.perCall - hostFree.perCall), usPerFrameLeash: us(ourLeash.perCall - hostLeash.perCall), requestsWhileDragging: requests };
  console.log("the token ruler while a creature in a hold is dragged: 20 waypoints a frame, the player's client (the module's subclass over the host's ruler)");
  console.log(`  a drag frame, the group's pace kept:   ${out.usPerFrameExtra.toFixed(2).padStart(8)} µs extra a frame (host's own ruler methods: ${(hostFrame.perCall * 1000).toFixed(2)} µs)`);
  console.log(`  the first frame after a change (the rules asked again): ${out.usPerFrameFirst.toFixed(2)} µs extra`);
  console.log(`  held at a distance (its leash marked): ${out.usPerFrameLeash.toFixed(2).padStart(8)} µs extra a frame`);
  console.log(`  a token in no hold:                    ${out.usPerFrameFree.toFixed(2).padStart(8)} µs extra a frame`);
  console.log(`  server requests while dragging: ${requests}`);
  return out;
}
