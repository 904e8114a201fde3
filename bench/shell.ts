/**
 * The Foundry shell's cost through the typed fake: wall time of one GM grapple (resolve, dice,
 * card rendering, document writes), and the server requests it makes, counted per awaited call
 * (one request however many documents it carries), by kind; and the same for a player's request
 * and for the end of a round in a large battle. Run on v13 (separate requests) and v14 (one
 * batch). The fake answers every request after one turn of the event loop, so the times measure
 * the module's own work, not a network.
 */
import { Window } from "happy-dom";
import { registerHooks } from "../src/foundry/hooks/index.ts";
import { act } from "../src/foundry/cards/request-card.ts";
import { RULES_VARIANTS } from "../src/rules/index.ts";
import type { WriteOp } from "../test/fake-foundry/world.ts";
import { FakeWorld } from "../test/fake-foundry/world.ts";

const M = "weaponless-combat";

// The shell draws into the DOM (the combat tracker's rows, cards): give Node one, as the tests do.
const dom = new Window();
for (const name of ["document", "HTMLElement", "HTMLFormElement", "HTMLInputElement", "HTMLSelectElement", "HTMLTextAreaElement", "HTMLButtonElement", "Event", "FormData", "navigator"] as const) {
  if (!(name in globalThis)) Object.defineProperty(globalThis, name, { value: (dom as unknown as Record<string, unknown>)[name], configurable: true });
}

function byKind(ops: readonly WriteOp[]): string {
  const counts = new Map<string, number>();
  for (const w of ops) counts.set(`${w.op} ${w.documentName}`, (counts.get(`${w.op} ${w.documentName}`) ?? 0) + 1);
  return [...counts].map(([k, n]) => `${n} ${k}`).join(", ");
}

/** Faces that make each variant's grapple hold (see test/shell/foundry-world.test.ts). */
function holdFaces(world: FakeWorld, variant: string): void {
  let n = 0;
  if (variant === "percentile") {
    const seq = [6, 1, 1, 100];
    world.fallbackFace = (sides) => (sides === 100 || sides === 6 || sides === 4 ? (seq[n++ % 4] as number) : 1);
  } else if (variant === "d12-holds") {
    // d20 20 hits; the hold die 12 (a stranglehold), then the immediate break die 1.
    world.fallbackFace = (sides) => (sides === 12 ? (n++ % 2 === 0 ? 12 : 1) : sides);
  } else world.fallbackFace = (sides) => sides;
}

/** One row of the shell's figures: a GM grapple's wall time and the requests a hold costs. */
export interface ShellFigure {
  readonly generation: number;
  readonly variant: string;
  readonly msPerAction: number;
  readonly requestsPerHold: number;
}

export async function benchShell(ms: number): Promise<ShellFigure[]> {
  const figures: ShellFigure[] = [];
  for (const generation of [13, 14] as const) {
    for (const variant of Object.keys(RULES_VARIANTS)) {
      const world = new FakeWorld({ generation });
      const gmUser = world.addUser("GM", true);
      const alice = world.addUser("Alice", false);
      const gm = world.connect(gmUser, registerHooks);
      const player = world.connect(alice, registerHooks);
      await gm.run(() => game.settings.set(M, "variant", variant as never));
      const scene = world.addScene();
      const profile = RULES_VARIANTS[variant]?.defaultProfile() ?? {};
      // Half the creatures are the player's linked characters, half the GM's unlinked monsters.
      const tokens = Array.from({ length: 40 }, (_, i) => {
        const a = world.addActor(`C${i}`, { attributes: { hp: { value: 1000, max: 1000 } } }, i % 2 === 0 ? { [alice.id]: 3 } : {});
        a.flags[M] = { profile: { [variant]: profile } };
        return world.addToken(scene, a, { linked: i % 2 === 0 });
      });
      holdFaces(world, variant);
      let n = 0;
      let held = { actions: 0, requests: [] as WriteOp[] };
      // Warm up (templates compiled, code optimised) before timing.
      let start = performance.now();
      let warm = true;
      while (warm || performance.now() - start < ms) {
        if (warm && performance.now() - start > 200) {
          warm = false;
          start = performance.now();
          n = 0;
          held = { actions: 0, requests: [] };
        }
        const a = tokens[n % 40];
        const d = tokens[(n + 1) % 40];
        if (!a || !d) break;
        const mark = world.writes.length;
        const out = await gm.run(() => act({ action: "grapple", attackerUuid: a.uuid, defenderUuid: d.uuid, declared: variant === "grapple-die" ? { freeAttack: "harmless" } : {} }));
        if (out.kind === "done" && [...a.actor.effects].some((e) => e.getFlag(M, "hold"))) held = { actions: held.actions + 1, requests: [...held.requests, ...world.writes.slice(mark)] };
        // Clear what piled up so each grapple starts from a fresh pair.
        for (const t of [a, d]) {
          const ids = [...t.actor.effects].map((e) => e.id);
          if (ids.length > 0) await gm.run(() => t.actor.deleteEmbeddedDocuments("ActiveEffect", ids, { [M]: { pairHandled: true } }));
        }
        // And the ledger's record of the holds (the scene's flags), as if they had ended.
        scene.flags[M] = { ...(scene.flags[M] as object | undefined), holds: {} };
        n++;
      }
      const elapsed = performance.now() - start;
      const perHold = held.actions ? (held.requests.length / held.actions).toFixed(2) : "-";
      // A player's grapple (attacker the player's, defender the GM's), asked through the request card.
      const [p, q] = [tokens[0], tokens[1]];
      let playerLine = "";
      if (p && q) {
        for (const t of [p, q]) {
          const ids = [...t.actor.effects].map((e) => e.id);
          if (ids.length > 0) await gm.run(() => t.actor.deleteEmbeddedDocuments("ActiveEffect", ids, { [M]: { pairHandled: true } }));
        }
        // And the ledger's record of the holds (the scene's flags), as if they had ended.
        scene.flags[M] = { ...(scene.flags[M] as object | undefined), holds: {} };
        holdFaces(world, variant);
        const mark = world.writes.length;
        const t0 = performance.now();
        await player.run(() => act({ action: "grapple", attackerUuid: p.uuid, defenderUuid: q.uuid, declared: {} }));
        const wait = performance.now() - t0;
        const ops = world.writes.slice(mark);
        playerLine = `; a player's grapple: ${ops.filter((w) => w.user === alice.id).length} request by the player, ${ops.filter((w) => w.user !== alice.id).length} by the GM (${byKind(ops)}), the player waits ${wait.toFixed(2)} ms`;
      }
      figures.push({ generation, variant, msPerAction: elapsed / n, requestsPerHold: held.actions ? held.requests.length / held.actions : Number.NaN });
      console.log(
        `shell v${generation} ${variant.padEnd(12)} grapple: ${(elapsed / n).toFixed(3)} ms per action (${n} actions); requests when a hold is made: ${perHold} (${held.actions ? byKind(held.requests.slice(0, Math.round(held.requests.length / held.actions))) : "-"})${playerLine}`,
      );
    }
  }
  return figures;
}

/**
 * A battle of 60 combatants with 30 holds over 10 rounds (d12-holds): the time of each round
 * end on the active GM's client and the server requests it makes, by kind.
 */
export async function benchBattle(): Promise<Array<{ generation: number; msPerRoundEnd: number; requestsPerRoundEnd: number }>> {
  const figures: Array<{ generation: number; msPerRoundEnd: number; requestsPerRoundEnd: number }> = [];
  for (const generation of [13, 14] as const) {
    const world = new FakeWorld({ generation });
    const gmUser = world.addUser("GM", true);
    const gm = world.connect(gmUser, registerHooks);
    const scene = world.addScene();
    const tokens = Array.from({ length: 60 }, (_, i) => {
      const a = world.addActor(`C${i}`, { attributes: { hp: { value: 60, max: 60 } } });
      a.flags[M] = { profile: { "d12-holds": { ...(RULES_VARIANTS["d12-holds"]?.defaultProfile() ?? {}), attacksPerRound: 2 } }, temporary: i % 3 };
      // Pairs stand side by side; each pair fights apart from the others. A third are linked.
      return world.addToken(scene, a, { linked: i % 3 === 0, x: (i % 2) * 100, y: Math.floor(i / 2) * 300, disposition: i % 2 === 0 ? 1 : -1 });
    });
    const combat = world.addCombat(tokens, 1);
    // 30 holds: each odd creature holds its even neighbour, by a grapple that always lands.
    // Hold dice 12 (stranglehold) and 9 (body) in turn, each followed by a break die of 1.
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
    const requests: number[] = [];
    const damaged: number[] = [];
    let sample = "";
    for (let round = 2; round <= 11; round++) {
      const before = new Map(tokens.map((t) => [t.id, JSON.stringify([t.actor.system, t.actor.flags[M]])]));
      const mark = world.writes.length;
      const start = performance.now();
      await gm.run(() => combat.update({ round }, { direction: 1 }));
      for (let i = 0; i < 10000; i++) {
        // The round's card, found by what it records (cards take fresh ids).
        const card = world.messages.contents.map((m) => m.getFlag(M, "roundCard") as { state?: string; combatId?: string; round?: number } | undefined).find((c) => c?.combatId === combat.id && c.round === round - 1);
        if (card?.state === "applied") break;
        await new Promise((r) => setImmediate(r));
      }
      times.push(performance.now() - start);
      // The round's own update (the GM advancing it) is not the round end's.
      const ops = world.writes.slice(mark + 1);
      requests.push(ops.length);
      damaged.push(tokens.filter((t) => before.get(t.id) !== JSON.stringify([t.actor.system, t.actor.flags[M]])).length);
      if (round === 2) sample = byKind(ops);
    }
    const avg = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    console.log(
      `battle v${generation}: 60 combatants (20 linked, 40 unlinked), ${holds} holds, 10 rounds: ${avg(times).toFixed(1)} ms per round end (max ${Math.max(...times).toFixed(1)}); ` +
        `${avg(requests).toFixed(1)} requests per round end (min ${Math.min(...requests)}, max ${Math.max(...requests)}) for ${avg(damaged).toFixed(1)} creatures changed; round 2: ${sample}`,
    );
    if (world.overlaps.length > 0) console.log(`battle v${generation}: ${world.overlaps.length} overlapping writes to one actor (should be 0)`);
    figures.push({ generation, msPerRoundEnd: avg(times), requestsPerRoundEnd: avg(requests) });
  }
  return figures;
}
