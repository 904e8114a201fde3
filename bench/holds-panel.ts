/**
 * How long the holds panel takes to open on a busy scene: 60 creatures in a fight, 30 holds (each
 * creature in one), on the GM's tab and on a player's (whose canvas decides what they see), in the
 * typed fake with the module's own template. Opening is everything the panel does when asked: the
 * ledger read, the chance of every hold (000: the round end's break rolls for the whole fight;
 * 002: each held creature's own try), the names and buttons, and the template rendered. Budget:
 * 50 ms, judged on the process CPU time (the wall time is printed beside it: on a machine shared
 * with other work it counts the time the others took as well). The whole opening through the
 * fake's window is printed too; its HTML is parsed by happy-dom, far slower than a browser.
 */
import { holdEffectPair } from "../src/foundry/documents/holds.ts";
import { registerHooks } from "../src/foundry/hooks/index.ts";
import { writeAll } from "../src/foundry/gm/writes.ts";
import { openHoldsPanel, panelView } from "../src/foundry/ui/holds-panel.ts";
import { TEMPLATES } from "../src/foundry/base/constants.ts";
import { RULES_VARIANTS } from "../src/rules/index.ts";
import { enableCanvas } from "../test/fake-foundry/canvas.ts";
import type { FakeClient, FakeToken } from "../test/fake-foundry/world.ts";
import { FakeWorld } from "../test/fake-foundry/world.ts";
import { Window } from "happy-dom";
import { readFileSync } from "node:fs";
import { cpus } from "node:os";

const M = "weaponless-combat";

// The panel draws into the DOM: give Node one, as the tests do (bench/shell.ts does the same).
const dom = new Window();
for (const name of ["document", "HTMLElement", "HTMLFormElement", "HTMLInputElement", "HTMLSelectElement", "HTMLTextAreaElement", "HTMLButtonElement", "Event", "FormData", "navigator"] as const) {
  if (!(name in globalThis)) Object.defineProperty(globalThis, name, { value: (dom as unknown as Record<string, unknown>)[name], configurable: true });
}
export const PANEL_BUDGET_MS = 50;

export interface PanelFigure {
  readonly variant: string;
  readonly who: "GM" | "player";
  readonly rows: number;
  /** The module's work per opening: the panel's context (ledger, chances, names) and its template rendered. */
  readonly workMs: number;
  readonly workCpuMs: number;
  /** The whole opening and closing of the window in the fake (happy-dom parses the HTML, far slower than a browser). */
  readonly openMs: number;
  readonly openCpuMs: number;
}

function holdData(variant: string, id: string): { label: string; data: Record<string, unknown> } {
  if (variant === "grapple-die") {
    return { label: "WC.Hold.armLock", data: { id, die: 12, name: "armLock", damage: { dice: { count: 1, sides: 2 }, flat: 0 }, effects: { defenderToHit: -2, handsUnusable: 1, noTwoWeapon: true, cannotRise: false, noSomaticSpells: false, noVerbalSpells: false, strangle: false }, holderSize: "M", heldSize: "M", roundGained: 1 } };
  }
  return { label: "WC.Part.arm", data: { id, part: "arm", limb: 0, result: 6, sizeAdjustment: 0, holderSize: "M", roundGained: 1 } };
}

async function scene(variant: string): Promise<{ world: FakeWorld; gm: FakeClient; player: FakeClient }> {
  const world = new FakeWorld({ generation: 13 });
  const gmUser = world.addUser("GM", true);
  const alice = world.addUser("Alice", false);
  const gm = world.connect(gmUser, registerHooks);
  const player = world.connect(alice, registerHooks);
  await gm.run(() => game.settings.set(M, "variant", variant as never));
  const s = world.addScene();
  const base = RULES_VARIANTS[variant]?.defaultProfile() ?? {};
  const tokens: FakeToken[] = [];
  for (let i = 0; i < 60; i++) {
    const a = world.addActor(`Creature ${i}`, { attributes: { hp: { value: 20, max: 20 } } }, i % 2 === 1 ? { [alice.id]: 3 } : {});
    a.flags[M] = { profile: { [variant]: base } };
    tokens.push(world.addToken(s, a, { x: (i % 10) * 200 + (i % 2) * 100, y: Math.floor(i / 10) * 200 }));
  }
  const combat = world.addCombat(tokens, 2);
  for (let k = 0; k < 30; k++) {
    const holder = tokens[2 * k] as FakeToken;
    const held = tokens[2 * k + 1] as FakeToken;
    const { label, data } = holdData(variant, `h${k}`);
    const record = { id: `h${k}`, holderId: holder.uuid, heldId: held.uuid, label, data: { ...data, holderId: holder.uuid, heldId: held.uuid } };
    await gm.run(async () => {
      const halves = holdEffectPair(record, held.actor as never, holder.actor as never, variant as never, `bench-${k}`);
      const stamp = (d: Record<string, unknown>) => ({ ...d, flags: { [M]: { ...((d.flags as Record<string, Record<string, unknown>>)[M] ?? {}), combat: combat.id } } });
      await writeAll({ actors: halves.map((x) => ({ actor: x.actor, creates: [stamp(x.data)], updates: [], deletes: [], data: {} })) });
    });
  }
  await player.canvas.draw(s);
  await world.settle();
  return { world, gm, player };
}

/** Wall and process CPU milliseconds per call of `fn`, over about `ms` after a 200 ms warm-up. */
async function perCall(ms: number, fn: () => unknown): Promise<{ wall: number; cpu: number }> {
  const warm = performance.now();
  while (performance.now() - warm < 200) await fn();
  let n = 0;
  const start = performance.now();
  const cpu = process.cpuUsage();
  while (performance.now() - start < ms) {
    await fn();
    n++;
  }
  const used = process.cpuUsage(cpu);
  return { wall: (performance.now() - start) / n, cpu: (used.user + used.system) / 1000 / n };
}

async function measure(world: FakeWorld, client: FakeClient, ms: number): Promise<Omit<PanelFigure, "variant" | "who">> {
  let rows = 0;
  const work = await perCall(ms, () => client.run(() => world.renderTemplate(TEMPLATES.holdsPanel, panelView() as unknown as Record<string, unknown>)));
  const open = await perCall(ms, async () => {
    const w = await client.run(() => openHoldsPanel());
    rows = w.element.querySelectorAll("tbody tr").length;
    await client.run(() => w.close());
  });
  return { rows, workMs: work.wall, workCpuMs: work.cpu, openMs: open.wall, openCpuMs: open.cpu };
}

export async function benchHoldsPanel(ms: number): Promise<PanelFigure[]> {
  await enableCanvas();
  const out: PanelFigure[] = [];
  for (const variant of ["d12-holds", "grapple-die"]) {
    const { world, gm, player } = await scene(variant);
    for (const [who, client] of [["GM", gm], ["player", player]] as const) {
      const r = await measure(world, client, ms);
      if (r.rows !== 30) throw new Error(`bench: the ${who}'s holds panel shows ${r.rows} holds, not 30`);
      out.push({ variant, who, ...r });
      console.log(`${`holds panel, 30 holds, ${variant}, ${who}`.padEnd(44)} ${r.workMs.toFixed(2).padStart(9)} ms the module's work (${r.workCpuMs.toFixed(2)} ms CPU); ${r.openMs.toFixed(2)} ms opened in the fake's DOM (${r.openCpuMs.toFixed(2)} ms CPU)`);
    }
  }
  return out;
}

export function holdsPanelLine(figures: readonly PanelFigure[]): string {
  // Judged on CPU time: the wall time on a machine shared with other work counts their time too.
  const worst = Math.max(...figures.map((f) => f.workCpuMs));
  const f2 = (x: number) => x.toFixed(2);
  return `  the holds panel opening with 30 holds on a 60-creature scene, the module's work (context and template; wall / CPU): ${figures.map((f) => `${f.variant} ${f.who} ${f2(f.workMs)} / ${f2(f.workCpuMs)} ms`).join(", ")}; budget ${PANEL_BUDGET_MS} ms of CPU: ${worst < PANEL_BUDGET_MS ? "within it" : "OVER"}${loadNow()}; opened and closed through the fake's happy-dom (not a browser's DOM): ${figures.map((f) => `${f2(f.openMs)} / ${f2(f.openCpuMs)} ms`).join(", ")}`;
}

/** The machine's load while measuring (other work on it slows the wall time). */
function loadNow(): string {
  try {
    const avg = readFileSync("/proc/loadavg", "utf8").split(" ")[0];
    return ` (load average ${avg} on ${cpus().length} cores)`;
  } catch {
    return "";
  }
}
