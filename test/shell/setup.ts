// A small world for the shell's integration tests: a GM, a player, a fighter the player owns,
// a goblin and an ogre the GM runs, all on one scene.
import { registerHooks } from "../../src/foundry/hooks/index.ts";
import type { FakeActor, FakeChatMessage, FakeClient, FakeToken, FakeUser, FakeWorldOptions } from "../fake-foundry/world.ts";
import { FakeWorld } from "../fake-foundry/world.ts";
import { RULES_VARIANTS } from "../../src/rules/index.ts";

export const M = "weaponless-combat";

export interface Table {
  world: FakeWorld;
  gmUser: FakeUser;
  alice: FakeUser;
  gm: FakeClient;
  player: FakeClient;
  fighter: FakeActor;
  goblin: FakeActor;
  ogre: FakeActor;
  fighterToken: FakeToken;
  goblinToken: FakeToken;
  ogreToken: FakeToken;
}

const hp = (n: number) => ({ attributes: { hp: { value: n, max: n } } });

export function d12Profile(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    kind: "character", size: "M", dexAcAdjustment: 0, armor: { type: "none", plus: 0 }, shield: null, magicProtection: 0, specialAcBonus: 0,
    movement: 12, heavilyEncumbered: false, arms: 2, legs: 2, hasWindpipe: true, intelligence: "average", attacksPerRound: 1, monkLevel: 0,
    flight: "none", levelDrain: false, freeAction: false, aquatic: false, pummelingWeapon: false, conditions: [], toHit: { kind: "thac0", thac0: 20 },
    ...over,
  };
}

export function makeTable(options: { goblinLinked?: boolean; world?: FakeWorldOptions; before?: (world: FakeWorld) => () => void } = {}): Table {
  const world = new FakeWorld(options.world);
  const gmUser = world.addUser("Gamemaster", true);
  const alice = world.addUser("Alice", false);
  // Other modules' code, loaded before this one's on each tab (Dice So Nice's stand-in).
  const first = options.before?.(world);
  const register = first ? () => (first(), registerHooks()) : registerHooks;
  const gm = world.connect(gmUser, register);
  const player = world.connect(alice, register);
  const scene = world.addScene();
  const fighter = world.addActor("Fighter", hp(30), { [alice.id]: 3 });
  const goblin = world.addActor("Goblin", hp(5));
  const ogre = world.addActor("Ogre", hp(20));
  fighter.flags[M] = { profile: { "d12-holds": d12Profile({ toHit: { kind: "thac0", thac0: 15 }, attacksPerRound: 2 }) } };
  goblin.flags[M] = { profile: { "d12-holds": d12Profile({ kind: "monster", size: "S", movement: 6, pummelLimbs: 1, intelligence: "low" }) } };
  ogre.flags[M] = { profile: { "d12-holds": d12Profile({ kind: "monster", size: "L", movement: 9, pummelLimbs: 1, toHit: { kind: "thac0", thac0: 15 }, naturalAc: { ac: 5, basis: "toughness" } }) } };
  const fighterToken = world.addToken(scene, fighter);
  const goblinToken = world.addToken(scene, goblin, { linked: options.goblinLinked ?? false });
  const ogreToken = world.addToken(scene, ogre, { linked: false });
  return { world, gmUser, alice, gm, player, fighter, goblin, ogre, fighterToken, goblinToken, ogreToken };
}

/** A table playing `variant`, every creature with that variant's ordinary profile (d12-holds keeps the table's own). */
export async function tableFor(variant: string, options: Parameters<typeof makeTable>[0] = {}): Promise<Table> {
  const t = makeTable(options);
  await t.gm.run(() => game.settings.set(M, "variant", variant as never));
  if (variant !== "d12-holds") {
    const v = RULES_VARIANTS[variant];
    if (!v) throw new Error(variant);
    for (const a of [t.fighter, t.goblin, t.ogre]) (a.flags[M] as { profile: Record<string, unknown> }).profile[variant] = v.defaultProfile();
  }
  return t;
}

/** Counts server writes since a mark, by kind. */
export function writesSince(world: FakeWorld, mark: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const w of world.writes.slice(mark)) out[`${w.op} ${w.documentName}`] = (out[`${w.op} ${w.documentName}`] ?? 0) + 1;
  return out;
}

/** Fills in and submits a window the shell opened on this client (an ApplicationV2 form). */
export async function submitWindow(client: FakeClient, id: string, fill: (form: HTMLFormElement) => void): Promise<void> {
  const w = client.windows.find((x) => x.id === `${M}-${id}`);
  if (!w) throw new Error(`no window ${id} open on ${client.user.name}'s client (${client.windows.map((x) => x.id).join(", ")})`);
  fill(w.element as HTMLFormElement);
  await w.submit();
}

/**
 * A GM's card of the module found by what it records (the module's cards take fresh ids, issue
 * 33: no player can work one out beforehand): newest first.
 */
export function gmCardOf(world: FakeWorld, flag: string, match: (stored: Record<string, unknown>) => boolean): FakeChatMessage | undefined {
  const all = world.messages.contents;
  for (let i = all.length - 1; i >= 0; i--) {
    const m = all[i];
    const v = m?.getFlag(M, flag) as Record<string, unknown> | undefined;
    if (m && m.author.isGM && v && typeof v === "object" && match(v)) return m;
  }
  return undefined;
}

/** The GM's card for the end of this round of this combat. */
export const roundCardOf = (world: FakeWorld, combatId: string, round: number) => gmCardOf(world, "roundCard", (c) => c.combatId === combatId && c.round === round);
/** The GM's result card for this request (or answered question). */
export const resultCardOf = (world: FakeWorld, requestId: string) => gmCardOf(world, "card", (c) => c.requestId === requestId);
/** The GM's question card for this request. */
export const strikeOf = (world: FakeWorld, requestId: string) => gmCardOf(world, "strike", (c) => c.requestId === requestId);

/**
 * Names a card a test made by hand in the ledger (the flags of its creatures' scene, which only a
 * GM writes), as the GM's tab names every card it posts before making it (issue 33, finding 18):
 * a fixture for tests of what a GM's card then does, not a way a player has.
 */
export async function nameInLedger(t: Table, message: FakeChatMessage, flag: string, answers = `${flag}|${message.id}`): Promise<void> {
  const { sealOf } = await import("../../src/foundry/cards/card-ledger.ts");
  const stored = message.getFlag(M, flag);
  const scene = t.fighterToken.parent;
  await t.gm.run(() => scene.update({ [`flags.${M}.cards.${message.id}`]: { k: flag, a: answers, h: sealOf(stored), n: 1, s: "made" } }));
}
