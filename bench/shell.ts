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

/**
 * A battle of 60 combatants with 30 holds over 10 rounds (d12-holds): the time of each round
 * end on the active GM's client and the document writes it makes.
 */
export async function benchBattle(): Promise<void> {
  const { roundCardId } = await import("../src/foundry/round-end.ts");
  const world = new FakeWorld();
  const gmUser = world.addUser("GM", true);
  const gm = world.connect(gmUser, registerHooks);
  const scene = world.addScene();
  const tokens = Array.from({ length: 60 }, (_, i) => {
    const a = world.addActor(`C${i}`, { attributes: { hp: { value: 60, max: 60 } } });
    a.flags[M] = { profile: { "d12-holds": { ...(RULES_VARIANTS["d12-holds"]?.defaultProfile() ?? {}), attacksPerRound: 2 } }, temporary: i % 3 };
    // Pairs stand side by side; each pair fights apart from the others.
    return world.addToken(scene, a, { linked: false, x: (i % 2) * 100, y: Math.floor(i / 2) * 300, disposition: i % 2 === 0 ? 1 : -1 });
  });
  const combat = world.addCombat(tokens, 1);
  // 30 holds: each odd creature holds its even neighbour, made by a grapple that always lands.
  // Hold dice 12 (stranglehold) and 9 (body) in turn, each followed by a break die of 1: every
  // grapple holds, half of them by the throat.
  let d12s = 0;
  const holdDice = [12, 1, 9, 1];
  world.fallbackFace = (sides) => (sides === 12 ? (holdDice[d12s++ % 4] as number) : sides === 20 ? 20 : 1);
  for (let i = 0; i < 60; i += 2) {
    const [held, holder] = [tokens[i], tokens[i + 1]];
    if (held && holder) await gm.run(() => act({ action: "grapple", attackerUuid: holder.uuid, defenderUuid: held.uuid, declared: {} }));
  }
  const holds = tokens.reduce((n, t) => n + [...t.actor.effects].filter((e) => (e.getFlag(M, "hold") as { role?: string } | undefined)?.role === "held").length, 0);
  // Break rolls fail (d12 3), so the holds last; every round 30 break rolls and 15 strangleholds
  // (2d4 each) are due again.
  world.fallbackFace = (sides) => (sides === 12 ? 3 : Math.ceil(sides / 2));
  const times: number[] = [];
  const writes: number[] = [];
  for (let round = 2; round <= 11; round++) {
    const mark = world.writes.length;
    const start = performance.now();
    await gm.run(() => combat.update({ round }, { direction: 1 }));
    // The hook starts the run; wait until its card says it is done.
    for (let i = 0; i < 10000; i++) {
      const card = world.messages.get(roundCardId(combat.id, round - 1))?.getFlag(M, "roundCard") as { state?: string } | undefined;
      if (card?.state === "applied") break;
      await new Promise((r) => setImmediate(r));
    }
    times.push(performance.now() - start);
    writes.push(world.writes.length - mark);
  }
  const avg = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  console.log(
    `battle: 60 combatants, ${holds} holds, 10 rounds: ${avg(times).toFixed(1)} ms per round end (max ${Math.max(...times).toFixed(1)}), ` +
      `${avg(writes).toFixed(1)} writes per round end (min ${Math.min(...writes)}, max ${Math.max(...writes)}; 1 chat card, 1 card update, 1 combat update, and one batched update per damaged actor)`,
  );
}
