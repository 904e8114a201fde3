/**
 * What a token refresh costs the module on a busy map: 60 tokens, 30 holds (each token in one),
 * on the GM's canvas of the typed fake with real PIXI 7 in Node (test/fake-foundry/canvas.ts).
 * Each refresh is the `refreshToken` hook as Foundry fires it, every frame of a movement: the
 * cost is the module's listener (where the token is now, which tethers it moves, the PIXI drawing
 * of those), not Foundry's own refresh nor the GPU. Measured with tethers off (this client's
 * setting) and on, for a token in a hold moving a frame, one in no hold, and a refresh that
 * changes nothing; and how many tethers each refresh draws again.
 */
import { holdEffectPair } from "../src/foundry/documents/holds.ts";
import { writeAll } from "../src/foundry/gm/writes.ts";
import { registerHooks } from "../src/foundry/hooks/index.ts";
import { holdsOnCanvas, tetherBoard } from "../src/foundry/map/tether-scene.ts";
import { RULES_VARIANTS } from "../src/rules/index.ts";
import type { FakeTokenObject } from "../test/fake-foundry/canvas.ts";
import { enableCanvas } from "../test/fake-foundry/canvas.ts";
import type { FakeToken } from "../test/fake-foundry/world.ts";
import { FakeWorld } from "../test/fake-foundry/world.ts";
import { timeIt } from "./timing.ts";

const M = "weaponless-combat";

/** The headline figure: a held token's move of a frame with the tethers drawn, and without (µs). */
export interface TetherBench {
  readonly usHeldFrame: number;
  readonly usHeldFrameOff: number;
}

export async function benchTethers(ms: number): Promise<TetherBench> {
  await enableCanvas();
  const world = new FakeWorld({ generation: 13 });
  const gmUser = world.addUser("GM", true);
  const gm = world.connect(gmUser, registerHooks);
  const scene = world.addScene();
  const base = RULES_VARIANTS["d12-holds"]?.defaultProfile() ?? {};
  const tokens: FakeToken[] = [];
  for (let i = 0; i < 60; i++) {
    const a = world.addActor(`Creature ${i}`, {});
    a.flags[M] = { profile: { "d12-holds": base } };
    // Ten columns of pairs: token 2k holds token 2k + 1, the space east of it.
    tokens.push(world.addToken(scene, a, { x: (i % 10) * 200 + (i % 2) * 100, y: Math.floor(i / 10) * 200 }));
  }
  for (let k = 0; k < 30; k++) {
    const holder = tokens[2 * k] as FakeToken;
    const held = tokens[2 * k + 1] as FakeToken;
    const record = { id: `h${k}`, holderId: holder.uuid, heldId: held.uuid, label: "WC.Part.arm", data: { id: `h${k}`, part: "arm", limb: 0, result: 6, sizeAdjustment: 0, holderSize: "M", roundGained: 1 } };
    // As the GM's tab writes a result: the two halves and the ledger's entry (holds live in the ledger).
    await gm.run(async () => {
      const [h, r] = holdEffectPair(record, held.actor as never, holder.actor as never, "d12-holds", `bench-${k}`);
      await writeAll({ actors: [h, r].map((x) => ({ actor: x.actor, creates: [x.data], updates: [], deletes: [], data: {} })) } as never);
    });
  }
  // A sixty-first creature, in no hold, to move for comparison.
  const loneActor = world.addActor("Loner", {});
  const lone = world.addToken(scene, loneActor, { x: 2400, y: 0 });
  await gm.canvas.draw(scene);
  await world.settle();
  const board = gm.run(() => tetherBoard());
  if (!board || board.paths().size !== 30) throw new Error(`bench: expected 30 tethers, found ${board?.paths().size ?? 0}`);
  const objectOf = (t: FakeToken) => gm.canvas.tokens.placeables.find((p) => p.document === t) as FakeTokenObject;
  const mover = objectOf(tokens[0] as FakeToken);
  const loner = objectOf(lone);
  let frame = 0;
  /** One frame of a movement: the object a pixel further along, then the hook. */
  const move = (o: FakeTokenObject) => () => {
    o.x += ++frame % 2 === 0 ? 1 : -1;
    gm.run(() => gm.Hooks.callAll("refreshToken", o, { refreshPosition: true }));
  };
  const still = (o: FakeTokenObject) => () => gm.run(() => gm.Hooks.callAll("refreshToken", o, { refreshState: true }));

  const held = timeIt(ms, move(mover));
  const r0 = board.redraws;
  for (let i = 0; i < 1000; i++) move(mover)();
  const perRefresh = (board.redraws - r0) / 1000;
  const free = timeIt(ms, move(loner));
  const unchanged = timeIt(ms, still(mover));
  const sight = timeIt(ms, () => {
    for (const o of gm.canvas.tokens.placeables) gm.run(() => gm.Hooks.callAll("refreshToken", o, { refreshVisibility: true }));
  });
  const reread = timeIt(ms, () => gm.run(() => holdsOnCanvas()));

  await gm.run(() => game.settings.set(M, "tethers", false));
  const offHeld = timeIt(ms, move(mover));
  const offFree = timeIt(ms, move(loner));

  const us = (x: { perCall: number }) => `${(x.perCall * 1000).toFixed(2)} µs`;
  console.log("tethers on the map: 60 tokens, 30 holds, the GM's canvas (the module's refreshToken listener, PIXI 7 drawing included)");
  console.log(`  a held token moves a frame:      ${us(held).padStart(10)} with tethers, ${us(offHeld).padStart(9)} without; ${perRefresh.toFixed(2)} tethers drawn again per refresh (of 30)`);
  console.log(`  a token in no hold moves a frame: ${us(free).padStart(9)} with tethers, ${us(offFree).padStart(9)} without; 0 tethers drawn`);
  console.log(`  a refresh that moves nothing:     ${us(unchanged).padStart(9)} with tethers; 0 tethers drawn`);
  console.log(`  all 61 tokens refreshed at once (vision): ${(sight.perCall * 1000).toFixed(1)} µs with tethers`);
  console.log(`  the 30 holds read again (an effect came or went): ${(reread.perCall * 1000).toFixed(1)} µs`);
  return { usHeldFrame: held.perCall * 1000, usHeldFrameOff: offHeld.perCall * 1000 };
}
