/**
 * A long campaign: what a GM's grapple and the release of its hold cost when the chat log already
 * holds thousands of the module's cards (many GMs never clear it). Process CPU time
 * (`process.cpuUsage()`, user and system), so every connected tab's share counts (the GM's tab
 * and a player's, both in this process) and waiting on the fake's event loop does not.
 *
 * The log is made as a world loaded from disk would have it: real result cards (grapples and
 * releases among forty creatures, made through the module and copied with fresh ids and hold
 * ids) already in `game.messages` when the tabs open, no hook having announced them.
 *
 * Each tab draws its chat log as Foundry's does (the fake draws none): when it opens, its latest
 * cards (LOG_SHOWN), and then each message created or changed, every one through
 * `renderChatMessageHTML`. Node has one DOM, so each tab's log is a list of its own in it.
 */
import { Window } from "happy-dom";
import { registerHooks } from "../src/foundry/hooks/index.ts";
import { act } from "../src/foundry/cards/request-card.ts";
import { RULES_VARIANTS } from "../src/rules/index.ts";
import type { Data, FakeClient, FakeToken, FakeUser } from "../test/fake-foundry/world.ts";
import { FakeChatMessage, FakeWorld } from "../test/fake-foundry/world.ts";
import { CARDS_KEPT, sealOf } from "../src/foundry/cards/card-ledger.ts";

const M = "weaponless-combat";
const VARIANT = "d12-holds";

const dom = new Window();
for (const name of ["document", "HTMLElement", "HTMLFormElement", "HTMLInputElement", "HTMLSelectElement", "HTMLTextAreaElement", "HTMLButtonElement", "Event", "FormData", "navigator"] as const) {
  if (!(name in globalThis)) Object.defineProperty(globalThis, name, { value: (dom as unknown as Record<string, unknown>)[name], configurable: true });
}

/** Process CPU since `from`, in milliseconds. */
function cpuSince(from: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(from);
  return (d.user + d.system) / 1000;
}

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? (s[(s.length - 1) / 2] as number) : ((s[s.length / 2 - 1] as number) + (s[s.length / 2] as number)) / 2;
};

interface Table {
  world: FakeWorld;
  gmUser: FakeUser;
  alice: FakeUser;
  tokens: FakeToken[];
}

/** Forty creatures, half the player's linked characters, half the GM's unlinked monsters. */
function table(): Table {
  const world = new FakeWorld({ idSeed: 32 });
  const gmUser = world.addUser("GM", true);
  const alice = world.addUser("Alice", false);
  const scene = world.addScene();
  const profile = RULES_VARIANTS[VARIANT]?.defaultProfile() ?? {};
  const tokens = Array.from({ length: 40 }, (_, i) => {
    const a = world.addActor(`C${i}`, { attributes: { hp: { value: 1000, max: 1000 } } }, i % 2 === 0 ? { [alice.id]: 3 } : {});
    a.flags[M] = { profile: { [VARIANT]: profile } };
    return world.addToken(scene, a, { linked: i % 2 === 0, x: (i % 8) * 100, y: Math.floor(i / 8) * 100 });
  });
  return { world, gmUser, alice, tokens };
}

/** How many of the latest messages a tab's chat log shows when it opens (Foundry shows a batch). */
const LOG_SHOWN = 100;

/** Draws a message into this tab's log, or again in place, and lets the hooks bind it. */
function draw(log: HTMLElement, m: ChatMessage.Implementation): void {
  const li = document.createElement("li");
  li.className = "chat-message message";
  li.dataset.messageId = m.id ?? "";
  li.innerHTML = m.content;
  const old = [...log.children].find((c) => (c as HTMLElement).dataset.messageId === m.id);
  if (old) old.replaceWith(li);
  else log.append(li);
  Hooks.callAll("renderChatMessageHTML", m, li, {} as never);
}

/** A tab with the module and a chat log that draws what it is shown, as Foundry's does. */
function openTab(world: FakeWorld, user: FakeUser): { client: FakeClient; openMs: number } {
  const log = document.createElement("ol");
  document.body.append(log);
  const from = process.cpuUsage();
  const client = world.connect(user, () => {
    registerHooks();
    // Foundry draws a new or changed message after the hooks of its creation or change.
    const later = (m: unknown) => queueMicrotask(() => client.run(() => draw(log, m as ChatMessage.Implementation)));
    Hooks.on("createChatMessage", later);
    Hooks.on("updateChatMessage", later);
    Hooks.on("deleteChatMessage", (m: unknown) => [...log.children].find((c) => (c as HTMLElement).dataset.messageId === (m as ChatMessage.Implementation).id)?.remove());
  });
  client.run(() => {
    for (const m of game.messages.contents.slice(-LOG_SHOWN)) draw(log, m);
  });
  return { client, openMs: cpuSince(from) };
}

/** d20 20 hits; the hold die 12 (a stranglehold), then the immediate break die 1: the grapple holds. */
function holdFaces(world: FakeWorld): void {
  let n = 0;
  world.fallbackFace = (sides) => (sides === 12 ? (n++ % 2 === 0 ? 12 : 1) : sides);
}

/** A grapple of `a` on `d` by the GM, then the release of that hold. */
async function grappleAndRelease(world: FakeWorld, gm: FakeClient, a: FakeToken, d: FakeToken): Promise<void> {
  holdFaces(world);
  const out = await gm.run(() => act({ action: "grapple", attackerUuid: a.uuid, defenderUuid: d.uuid, declared: {} }));
  await world.settle();
  if (out.kind !== "done") throw new Error(`bench: the grapple was ${out.kind}`);
  const rel = await gm.run(() => act({ action: "release", attackerUuid: a.uuid, defenderUuid: d.uuid, declared: {} }));
  await world.settle();
  if (rel.kind !== "done") throw new Error(`bench: the release was ${rel.kind}`);
  if ([a, d].some((t) => t.actor.effects.size > 0)) throw new Error("bench: a hold outlived its release");
}

/** The module's cards a long campaign leaves: grapples and releases among the forty, as data. */
async function harvest(): Promise<Data[]> {
  const t = table();
  const gm = t.world.connect(t.gmUser, registerHooks);
  for (let i = 0; i < 40; i += 2) await grappleAndRelease(t.world, gm, t.tokens[i] as FakeToken, t.tokens[i + 1] as FakeToken);
  const out = t.world.messages.contents.filter((m) => m.getFlag(M, "card")).map((m) => ({ content: m.content, speaker: m.speaker, flags: m.flags }));
  t.world.disconnect(gm);
  return out;
}

/**
 * `n` of those cards in the log, each with its own id and hold ids, before any tab opens. The
 * ledger names them as a long campaign leaves it (issue 33, finding 18: each card was named when
 * made, and each naming pruned the names that no longer matter): the latest CARDS_KEPT; the older
 * ones are shown as they are, with no buttons.
 */
function seed(t: Table, cards: readonly Data[], n: number): void {
  const scene = (t.tokens[0] as FakeToken).parent;
  const ours = ((scene.flags[M] ??= {}) as Record<string, unknown>);
  const named = ((ours.cards ??= {}) as Record<string, unknown>);
  for (let i = 0; i < n; i++) {
    const c = cards[i % cards.length] as Data;
    let json = JSON.stringify(c);
    for (const hold of new Set(json.match(/hold-[A-Za-z0-9-]+|"id":"[A-Za-z0-9]{16}"/g) ?? [])) json = json.replaceAll(hold, `${hold.slice(0, -1)}${i.toString(36)}${hold.endsWith('"') ? '"' : ""}`);
    const id = `Lc${i.toString(36).padStart(14, "0")}`;
    const data = JSON.parse(json) as Data;
    t.world.messages.set(id, new FakeChatMessage(t.world, id, t.gmUser, data));
    const card = ((data.flags as Record<string, Record<string, unknown>>)[M] ?? {}).card as { requestId?: string } | undefined;
    if (card && i >= n - CARDS_KEPT) named[id] = { k: "card", a: `card|${card.requestId ?? id}`, h: sealOf(card), n: i + 1, s: "made" };
  }
}

/** How many cards the ledger names on the fight's scene, and its size as JSON. */
function ledgerSize(t: Table): { names: number; bytes: number } {
  const scene = (t.tokens[0] as FakeToken).parent;
  const cards = ((scene.flags[M] as Record<string, unknown> | undefined)?.cards ?? {}) as Record<string, unknown>;
  return { names: Object.keys(cards).length, bytes: JSON.stringify(cards).length };
}

export interface LongCampaign {
  /** CPU of one grapple and its release, by the number of cards in the log. */
  readonly cycle: ReadonlyArray<{ cards: number; ms: number }>;
  /** Last over first. */
  readonly ratio: number;
  /** CPU of one unrelated chat message (a player's "hello") with the most cards in the log. */
  readonly unrelatedMs: number;
  /** CPU of a GM's tab opening on the most cards: the module's start (its one pass over the log) and its log's latest cards drawn. */
  readonly openMs: number;
  /** The cards the ledger names after the grapples and releases, and its size, by the number of cards in the log. */
  readonly ledger: ReadonlyArray<{ cards: number; names: number; bytes: number }>;
}

export async function benchLongCampaign(sizes: readonly number[] = [0, 1000, 5000], reps = 9): Promise<LongCampaign> {
  const cards = await harvest();
  const cycle: Array<{ cards: number; ms: number }> = [];
  const ledger: Array<{ cards: number; names: number; bytes: number }> = [];
  let unrelatedMs = 0;
  let openMs = 0;
  for (const n of sizes) {
    document.body.replaceChildren();
    const t = table();
    seed(t, cards, n);
    const opened = openTab(t.world, t.gmUser);
    const gm = opened.client;
    openMs = opened.openMs;
    const player = openTab(t.world, t.alice).client;
    await t.world.settle();
    const [a, d] = [t.tokens[1] as FakeToken, t.tokens[0] as FakeToken];
    // Warm up: the tab's first action (its index built, templates compiled, code optimised).
    for (let i = 0; i < 3; i++) await grappleAndRelease(t.world, gm, a, d);
    const times: number[] = [];
    for (let i = 0; i < reps; i++) {
      const from = process.cpuUsage();
      await grappleAndRelease(t.world, gm, a, d);
      times.push(cpuSince(from));
    }
    cycle.push({ cards: n, ms: median(times) });
    ledger.push({ cards: n, ...ledgerSize(t) });
    if (n === sizes.at(-1)) {
      const hello: number[] = [];
      for (let i = 0; i < reps; i++) {
        const from = process.cpuUsage();
        await player.run(() => ChatMessage.create({ content: `<p>hello ${i}</p>` } as never));
        await t.world.settle();
        hello.push(cpuSince(from));
      }
      unrelatedMs = median(hello);
    }
    for (const c of [player, gm]) t.world.disconnect(c);
  }
  const first = cycle[0]?.ms ?? 1;
  const last = cycle.at(-1)?.ms ?? 0;
  return { cycle, ratio: last / first, unrelatedMs, openMs, ledger };
}

/** The line `npm run bench` prints. */
export function longCampaignLine(r: LongCampaign): string {
  const at = r.cycle.map((c) => `${c.ms.toFixed(1)} ms at ${c.cards.toLocaleString("en-US")} cards`).join(", ");
  return `long campaign: a GM's grapple and its release (process CPU, both tabs) ${at}; ratio last/first ${r.ratio.toFixed(2)} (at most 1.3); one unrelated chat message at ${(r.cycle.at(-1)?.cards ?? 0).toLocaleString("en-US")} cards ${r.unrelatedMs.toFixed(2)} ms; a GM's tab opening on them (the module's start, its latest ${LOG_SHOWN} cards drawn) ${r.openMs.toFixed(1)} ms; the ledger names ${r.ledger.map((l) => `${l.names} cards (${(l.bytes / 1024).toFixed(1)} KB) at ${l.cards.toLocaleString("en-US")}`).join(", ")} (only those that can still matter: flat)`;
}
