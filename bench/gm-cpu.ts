/**
 * The CPU time the GM's tab spends on one action: process CPU (`process.cpuUsage()`, user and
 * system), not wall time, with 60 tokens on the scene and a chat log of 5,000 messages. Only the
 * GM's tab is connected, so no other tab's work is counted; what is counted besides the module's
 * own work is the fake server answering the GM's requests and its broadcasts to that one tab.
 * Each action is measured from the click until the world is quiet again (what its hooks set off on
 * the GM's tab included).
 */
import { registerHooks } from "../src/foundry/hooks/index.ts";
import { act } from "../src/foundry/cards/request-card.ts";
import { RULES_VARIANTS } from "../src/rules/index.ts";
import { FakeChatMessage, FakeWorld } from "../test/fake-foundry/world.ts";

const M = "weaponless-combat";

export interface CpuFigure {
  readonly generation: number;
  readonly log: number;
  readonly cpuMsPerAction: number;
  readonly wallMsPerAction: number;
}

/** The process's CPU time so far, user and system, in milliseconds. */
function cpuNow(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

export async function benchGmCpu(ms: number): Promise<CpuFigure[]> {
  const figures: CpuFigure[] = [];
  for (const generation of [13, 14] as const) {
    for (const log of [0, 5000]) {
      const world = new FakeWorld({ generation });
      const gmUser = world.addUser("GM", true);
      const players = [world.addUser("Alice", false), world.addUser("Bruno", false), world.addUser("Chiara", false)];
      const gm = world.connect(gmUser, registerHooks);
      const scene = world.addScene();
      const profile = RULES_VARIANTS["d12-holds"]?.defaultProfile() ?? {};
      // 60 tokens: every other one a player's linked character, the rest the GM's unlinked monsters.
      const tokens = Array.from({ length: 60 }, (_, i) => {
        const owner = players[i % 3];
        const a = world.addActor(`C${i}`, { attributes: { hp: { value: 1000, max: 1000 } } }, i % 2 === 0 && owner ? { [owner.id]: 3 } : {});
        a.flags[M] = { profile: { "d12-holds": profile } };
        return world.addToken(scene, a, { linked: i % 2 === 0, x: (i % 10) * 100, y: Math.floor(i / 10) * 100 });
      });
      // d20 20 hits; the hold die 12 (a stranglehold), then the immediate break die 1: each grapple holds.
      let d12s = 0;
      world.fallbackFace = (sides) => (sides === 12 ? (d12s++ % 2 === 0 ? 12 : 1) : sides);
      // A few real cards, then the log filled to its size: one message in ten a copy of one of the
      // module's cards (as a long evening leaves them), the rest plain talk, some whispered.
      const grapple = (n: number) => {
        const a = tokens[n % 60];
        const d = tokens[(n + 1) % 60];
        return a && d ? { action: "grapple", attackerUuid: a.uuid, defenderUuid: d.uuid, declared: {} } : null;
      };
      for (let i = 0; i < 4; i++) {
        const intent = grapple(i * 2);
        if (intent) await gm.run(() => act(intent));
      }
      const real = world.messages.contents.filter((m) => m.getFlag(M, "card") !== undefined);
      for (let i = world.messages.size; i < log; i++) {
        const id = `log${String(i).padStart(13, "0")}`;
        const model = i % 10 === 0 ? real[i % Math.max(1, real.length)] : undefined;
        const author = model ? gmUser : (players[i % 3] ?? gmUser);
        const data = model ? { content: model.content, flags: structuredClone(model.flags) } : { content: `<p>message ${i}</p>`, ...(i % 7 === 0 ? { whisper: [gmUser.id, author.id] } : {}) };
        world.messages.set(id, new FakeChatMessage(world, id, author, data));
      }
      const clear = async (n: number) => {
        for (const t of [tokens[n % 60], tokens[(n + 1) % 60]]) {
          const ids = t ? [...t.actor.effects].map((e) => e.id) : [];
          if (t && ids.length > 0) await gm.run(() => t.actor.deleteEmbeddedDocuments("ActiveEffect", ids, { [M]: { pairHandled: true } }));
        }
        // And the ledger's record of the holds (the scene's flags), as if they had ended.
        for (const sc of world.scenes) sc.flags[M] = { ...(sc.flags[M] as object | undefined), holds: {} };
      };
      const logSize = world.messages.size;
      let n = 8;
      let actions = 0;
      let held = 0;
      let cpu = 0;
      let wall = 0;
      const until = performance.now() + ms + 200;
      const warmUntil = performance.now() + 200;
      while (performance.now() < until) {
        const intent = grapple(n);
        if (!intent) break;
        const c0 = cpuNow();
        const w0 = performance.now();
        await gm.run(() => act(intent));
        // And what the action set off on the GM's tab (its hooks, the hold guard, the card drawn), until all is quiet.
        await world.settle();
        const c1 = cpuNow();
        const w1 = performance.now();
        // The clean-up between actions is not the action's.
        const a0 = tokens[n % 60];
        if (a0 && [...a0.actor.effects].some((e) => e.getFlag(M, "hold"))) held++;
        await clear(n);
        await world.settle();
        if (w0 > warmUntil) {
          cpu += c1 - c0;
          wall += w1 - w0;
          actions++;
        }
        n += 2;
      }
      const figure = { generation, log: logSize, cpuMsPerAction: cpu / Math.max(1, actions), wallMsPerAction: wall / Math.max(1, actions) };
      figures.push(figure);
      console.log(`GM's tab, CPU per action: v${generation}, 60 tokens, ${figure.log} messages in the log: ${figure.cpuMsPerAction.toFixed(3)} ms of process CPU per grapple (${figure.wallMsPerAction.toFixed(3)} ms wall; ${actions} grapples timed, ${held} of all ${n / 2 - 4} made a hold)`);
    }
  }
  return figures;
}
