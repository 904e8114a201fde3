/**
 * The Foundry shell's cost per action, through the typed fake: wall time of one GM grapple
 * (resolve, dice, card rendering, document writes) and the writes it makes.
 */
import { registerHooks } from "../src/foundry/hooks/index.ts";
import { act } from "../src/foundry/requests.ts";
import { RULES_VARIANTS } from "../src/rules/index.ts";
import { FakeWorld } from "../test/fake-foundry/world.ts";

const M = "weaponless-combat";

export async function benchShell(ms: number): Promise<void> {
  for (const variant of Object.keys(RULES_VARIANTS)) {
    const world = new FakeWorld();
    const gmUser = world.addUser("GM", true);
    const gm = world.connect(gmUser, registerHooks);
    await gm.run(() => game.settings.set(M, "variant", variant as never));
    const scene = world.addScene();
    const profile = RULES_VARIANTS[variant]?.defaultProfile() ?? {};
    const actors = Array.from({ length: 40 }, (_, i) => {
      const a = world.addActor(`C${i}`, { attributes: { hp: { value: 1000, max: 1000 } } });
      a.flags[M] = { profile: { [variant]: profile } };
      return world.addToken(scene, a, { linked: false });
    });
    let n = 0;
    const writesBefore = world.writes.length;
    let withHold = { actions: 0, writes: 0 };
    const start = performance.now();
    while (performance.now() - start < ms) {
      const a = actors[n % 40];
      const d = actors[(n + 1) % 40];
      if (!a || !d) break;
      // Release whatever holds pile up so each grapple starts from a fresh pair.
      const mark = world.writes.length;
      const out = await gm.run(() => act({ action: "grapple", attackerUuid: a.uuid, defenderUuid: d.uuid, declared: {} }));
      if (out.kind === "done" && [...a.actor.effects].some((e) => e.getFlag(M, "hold"))) withHold = { actions: withHold.actions + 1, writes: withHold.writes + world.writes.length - mark };
      for (const t of [a, d]) {
        const ids = [...t.actor.effects].map((e) => e.id);
        if (ids.length > 0) await gm.run(() => t.actor.deleteEmbeddedDocuments("ActiveEffect", ids, { [M]: { pairHandled: true } }));
      }
      n++;
    }
    const elapsed = performance.now() - start;
    const writes = world.writes.slice(writesBefore).filter((w) => w.documentName !== "ActiveEffect" || w.op !== "delete");
    console.log(
      `shell ${variant.padEnd(12)} grapple: ${(elapsed / n).toFixed(3)} ms per action (${n} actions); ` +
        `writes per action ${(writes.length / n).toFixed(2)} on average, ${withHold.actions ? (withHold.writes / withHold.actions).toFixed(2) : "-"} when a hold is made ` +
        `(1 chat message + the held and holding actors' batched writes)`,
    );
  }
}
