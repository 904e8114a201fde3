/**
 * The check every token move pays before the host moves it (src/foundry/movement.ts,
 * `checkMove`, as the preMoveToken hook runs it on the player's client): a token in no hold
 * with two ordinary effects (the quick look alone), and one held by three goblins (the rules' whole answer: three holds,
 * four creatures, 000's pace). Measured through the typed fake, each case for a fixed time.
 */
import { registerHooks } from "../src/foundry/hooks/index.ts";
import { holdEffectPair } from "../src/foundry/documents/holds.ts";
import type { MoveAsk } from "../src/foundry/map/check.ts";
import { checkMove } from "../src/foundry/map/check.ts";
import { RULES_VARIANTS } from "../src/rules/index.ts";
import type { FakeToken } from "../test/fake-foundry/world.ts";
import { FakeWorld } from "../test/fake-foundry/world.ts";
import { timeIt } from "./timing.ts";

const M = "weaponless-combat";

export async function benchMoveCheck(ms: number): Promise<Array<{ generation: number; msNoHolds: number; msThreeHolds: number }>> {
  const figures: Array<{ generation: number; msNoHolds: number; msThreeHolds: number }> = [];
  for (const generation of [13, 14] as const) {
    const world = new FakeWorld({ generation });
    const gmUser = world.addUser("GM", true);
    const alice = world.addUser("Alice", false);
    const gm = world.connect(gmUser, registerHooks);
    const player = world.connect(alice, registerHooks);
    const scene = world.addScene();
    const base = RULES_VARIANTS["d12-holds"]?.defaultProfile() ?? {};
    const fighter = world.addActor("Fighter", {}, { [alice.id]: 3 });
    fighter.flags[M] = { profile: { "d12-holds": base } };
    const free = world.addActor("Free", {}, { [alice.id]: 3 });
    free.flags[M] = { profile: { "d12-holds": base } };
    const goblin = world.addActor("Goblin", {});
    goblin.flags[M] = { profile: { "d12-holds": { ...base, kind: "monster", size: "S", movement: 6, pummelLimbs: 1 } } };
    const held = world.addToken(scene, fighter, { x: 500, y: 500 });
    const alone = world.addToken(scene, free, { x: 1500, y: 1500 });
    const goblins = [400, 600].map((x) => world.addToken(scene, goblin, { linked: false, x, y: 500 }));
    goblins.push(world.addToken(scene, goblin, { linked: false, x: 500, y: 400 }));
    // The free token carries ordinary effects of its own (a blessing, a light), as tokens do.
    await gm.run(() => alone.actor.createEmbeddedDocuments("ActiveEffect", [{ name: "Blessed", statuses: ["bless"], duration: {} }, { name: "Light", statuses: [], duration: {} }]));
    const parts = ["leg", "arm", "head"];
    for (const [i, g] of goblins.entries()) {
      const part = parts[i] ?? "arm";
      const record = { id: `h${i}`, holderId: g.uuid, heldId: held.uuid, label: `WC.Part.${part}`, data: { id: `h${i}`, holderId: g.uuid, heldId: held.uuid, part, limb: 0, result: 6, sizeAdjustment: -2, holderSize: "S", roundGained: 1 } };
      await gm.run(async () => {
        const pair = holdEffectPair(record, held.actor as never, g.actor as never, "d12-holds", `bench-${i}`);
        for (const half of pair) await (half.actor as unknown as { createEmbeddedDocuments(k: string, d: unknown[], o: unknown): Promise<unknown> }).createEmbeddedDocuments("ActiveEffect", [half.data], { keepId: true });
      });
    }
    const ask = (token: FakeToken): MoveAsk => ({ token: token as never, to: { x: token.x + 300, y: token.y, elevation: 0 }, distance: 15, method: "dragging", alsoMoving: [] });
    const check = (token: FakeToken) => player.run(() => checkMove(ask(token)));
    const v0 = check(alone);
    const v3 = check(held);
    const none = timeIt(ms, () => check(alone));
    const three = timeIt(ms, () => check(held));
    console.log(
      `pre-move check v${generation}: no holds ${(none.perCall * 1000).toFixed(2)} µs (${v0.kind}); three holds ${(three.perCall * 1000).toFixed(2)} µs (${v3.kind}, the rules asked)`,
    );
    figures.push({ generation, msNoHolds: none.perCall, msThreeHolds: three.perCall });
  }
  return figures;
}
