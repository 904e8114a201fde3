// @vitest-environment happy-dom
// Issue 31: a monster's grabbing attack, from the hit to the round end, in each host world and
// each rule set, through the typed fake. The monsters are the host systems' own (their repository
// data: test/systems/fixtures/grabs/), so the attack's key, name and damage a round come from the
// host; both creatures' weaponless profiles are the GM's (every field set), so the hold's numbers
// follow the seed texts alone. Expected values by hand:
// - d12-holds (000): to-hit d20 14 >= 12; hold d12 7 + 1 (L on M) = 8: leg hold, 1-2 damage
//   (1d2 = 2: 1 actual, 1 temporary); immediate break d12 5 < 8. Round 2's end: the monster's
//   figure in the stranglehold's slot (4 + 3 = 7: 3 actual, 4 temporary), then break d12 11 - 1
//   (the hold's size factor negated) = 10 >= 10: broken.
// - grapple-die (002): to-hit d20 15 >= 12; grapple die 9 + 1 (one size larger) = 10: arm lock;
//   damage on the spot: the monster's figure (1 + 3 = 4), or the table's 1d2 one step up for an L
//   holder, 1d4 (3); all real. Round 2's end, segment 3: again (2 + 4 = 6, or 2). Then the held
//   creature breaks free: d20 12 - 2 (one size smaller) = 10 >= the hold's 10.
// - percentile (004): to-hit d20 13 >= 12; no attack d100 (a Grab ability); Grapple Result d100 50
//   + Dex 10 + Str 10 - the target's Variable (d4 3 + column 2) = 65: bear hug (56-70), 3; the
//   monster's figure in its place (2 + 3 = 5), all lethal. Round 2's end: again (3 + 3 = 6, or 3).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { hitPointPaths } from "../../src/foundry/documents/creature.ts";
import { registerHooks } from "../../src/foundry/hooks/index.ts";
import { act } from "../../src/foundry/cards/request-card.ts";
import { grabsOf, writeGrabMarks } from "../../src/foundry/documents/grabs.ts";
import { holdsAround } from "../../src/foundry/documents/holds.ts";
import { RULES_VARIANTS } from "../../src/rules/index.ts";
import type { FakeActor, FakeClient, FakeCombat, FakeToken } from "../fake-foundry/world.ts";
import { FakeWorld } from "../fake-foundry/world.ts";
import { M } from "./setup.ts";

interface Export {
  name: string;
  type: string;
  system: Record<string, unknown>;
  items?: Array<Record<string, unknown>>;
  prototypeToken?: { width: number; height: number };
}
const fixture = (path: string): Export => JSON.parse(readFileSync(`test/systems/fixtures/${path}`, "utf8")) as Export;

interface Host {
  readonly name: string;
  readonly system: string;
  readonly monster: string;
  readonly defender: string;
  /** The grabbing attack's key (the host's item id, or the reader's key for text attacks). */
  readonly attack: string;
  /** The hold's damage a round the host's data states (its dice's sides), or none. */
  readonly perRound: { count: number; sides: number } | null;
  /** The GM confirms a proposal (hosts that state no grab). */
  readonly confirm?: boolean;
  readonly setup?: (c: FakeClient) => void;
  readonly prepare?: (d: Export) => void;
}

const HOSTS: readonly Host[] = [
  { name: "dnd5e 2014 constrictor snake", system: "dnd5e", monster: "grabs/dnd5e-constrictor-snake.json", defender: "dnd5e/randal-human-fighter.json", attack: "haXdYCAfGXo0iVqC", perRound: null, prepare: (d) => ((d.system.attributes as { hp: unknown }).hp = { value: 12, max: 12 }) },
  { name: "dnd5e 2024 constrictor snake", system: "dnd5e", monster: "grabs/dnd5e-constrictor-snake-2024.json", defender: "dnd5e/randal-human-fighter.json", attack: "mmConstrict00000", perRound: null, prepare: (d) => ((d.system.attributes as { hp: unknown }).hp = { value: 12, max: 12 }) },
  // Jorbin's 6 hit points would see him out cold before the round end's break roll: 30 here.
  { name: "Shadowdark balor", system: "shadowdark", monster: "grabs/shadowdark-demon-balor.json", defender: "shadowdark/jorbin-dwarf-fighter.json", attack: "VtKZ8tWdZuHKkEww", perRound: { count: 2, sides: 6 }, prepare: (d) => ((d.system.attributes as { hp: unknown }).hp = { value: 30, max: 30 }) },
  { name: "OSE rock python", system: "ose", monster: "grabs/ose-rock-python.json", defender: "ose/fighter-chain.json", attack: "wcOsePyCoil00002", perRound: { count: 2, sides: 4 }, confirm: true, setup: (c) => c.game.settings.register("ose", "ascendingAC", { scope: "world", default: false }) },
  { name: "ARS giant constrictor", system: "ars", monster: "grabs/ars-giant-constrictor.json", defender: "ars/paladin-magic-arms.json", attack: "system", perRound: { count: 2, sides: 4 }, confirm: true },
  { name: "adnd2e constrictor", system: "adnd2e", monster: "grabs/adnd2e-constrictor.json", defender: "adnd2e/priest-magic-arms.json", attack: "attacks-1", perRound: { count: 2, sides: 4 }, confirm: true },
];

interface Table {
  world: FakeWorld;
  gm: FakeClient;
  player: FakeClient;
  monster: FakeActor;
  defender: FakeActor;
  monsterToken: FakeToken;
  defenderToken: FakeToken;
  combat: FakeCombat;
}

const MONSTER_PROFILE: Record<string, Record<string, unknown>> = {
  "d12-holds": { kind: "monster", size: "L", arms: 0, legs: 0, pummelLimbs: 1 },
  // Strength 12 gives no to-hit bonus (the sheet's own would add to the grapple die).
  "grapple-die": { kind: "monster", size: "L", strength: { score: 12 } },
  percentile: { kind: "monster", hitDice: { dice: 4, adjustment: 0 } },
};

function table(host: Host, variant: string): Table {
  const w = new FakeWorld();
  w.systemId = host.system;
  const gmUser = w.addUser("Gamemaster", true);
  const alice = w.addUser("Alice", false);
  const gm = w.connect(gmUser, registerHooks);
  const player = w.connect(alice, registerHooks);
  for (const c of [gm, player]) c.run(() => host.setup?.(c));
  const scene = w.addScene();
  const m = fixture(host.monster);
  const d = fixture(host.defender);
  host.prepare?.(d);
  const monster = w.addActor(m.name, m.system, {}, { type: m.type, items: m.items ?? [] });
  const defender = w.addActor(d.name, d.system, { [alice.id]: 3 }, { type: d.type, items: d.items ?? [] });
  const v = RULES_VARIANTS[variant];
  if (!v) throw new Error(variant);
  // The GM's profiles, every field set: the hold's numbers are the rules' alone.
  monster.flags[M] = { profile: { [variant]: { ...v.defaultProfile(), ...MONSTER_PROFILE[variant] } }, ...(host.confirm ? { grabs: { [host.attack]: true } } : {}) };
  defender.flags[M] = { profile: { [variant]: v.defaultProfile() } };
  const monsterToken = w.addToken(scene, monster, { linked: false });
  const defenderToken = w.addToken(scene, defender);
  const combat = w.addCombat([monsterToken, defenderToken], 1);
  return { world: w, gm, player, monster, defender, monsterToken, defenderToken, combat };
}

async function playing(host: Host, variant: string): Promise<Table> {
  const t = table(host, variant);
  await t.gm.run(() => game.settings.set(M, "variant", variant as never));
  return t;
}

const at = (o: unknown, path: string) => path.split(".").reduce<unknown>((x, k) => (x && typeof x === "object" ? (x as Record<string, unknown>)[k] : undefined), o);
const hpOf = (t: Table): number => {
  const path = t.gm.run(() => hitPointPaths(t.defender as never)).value.replace(/^system\./, "");
  return Number(at(t.defender.system, path));
};
const lastCard = (t: Table, flag: "card" | "roundCard") => t.world.messages.contents.filter((m) => m.getFlag(M, flag as never)).at(-1);
type Damage = Array<{ targetId: string; actual: number; temporary: number }>;
const damageIn = (card: unknown) => (card as { consequences: { damage: Damage } }).consequences.damage;
/** The round card's damage (its consequences sit in its resolution). */
const roundDamage = (t: Table) => (lastCard(t, "roundCard")?.getFlag(M, "roundCard" as never) as { resolution: { consequences: { damage: Damage } } } | undefined)?.resolution.consequences.damage;

async function grab(t: Table, host: Host): Promise<Record<string, unknown>> {
  const out = await t.gm.run(() => act({ action: "grab", attackerUuid: t.monsterToken.uuid, defenderUuid: t.defenderToken.uuid, attack: host.attack, declared: { needed: 12 } }));
  expect(out.kind, JSON.stringify(out)).toBe("done");
  expect(t.world.scriptedLeft).toBe(0);
  return lastCard(t, "card")?.getFlag(M, "card" as never) as Record<string, unknown>;
}

async function advance(t: Table, round: number): Promise<void> {
  await t.gm.run(() => t.combat.update({ round }, { direction: 1 }));
  await t.world.settle();
  for (let i = 0; i < 4; i++) {
    await new Promise((r) => setTimeout(r, 0));
    await t.world.settle();
  }
}

const pairOf = (n: number, sides: number, a: number, b: number): Array<[number, number]> => (n === 2 ? [[sides, a], [sides, b]] : []);

describe.each(HOSTS.map((h) => [h.name, h] as const))("%s: a grabbing hit to the round end", (_name, host) => {
  const fig = host.perRound;
  const monsterDice = (a: number, b: number): Array<[number, number]> => (fig ? pairOf(fig.count, fig.sides, a, b) : []);

  it("d12-holds: the leg hold, its damage, the monster's figure at round 2's end, the break roll", async () => {
    const t = await playing(host, "d12-holds");
    const before = hpOf(t);
    t.world.script([[20, 14], [12, 7], [12, 5], [2, 2]]);
    const card = await grab(t, host);
    expect((card.resolution as { headline: unknown }).headline).toEqual({ key: "WC.Result.hold", params: { part: "leg" } });
    expect(damageIn(card)).toEqual([expect.objectContaining({ targetId: t.defenderToken.uuid, actual: 1, temporary: 1 })]);
    expect(hpOf(t)).toBe(before - 1);
    // The card names the attack from the host's data (its title) and what stood for the to-hit.
    expect(lastCard(t, "card")?.content).toContain((card.resolution as { result: { attack: { name: string } } }).result.attack.name);
    await advance(t, 2);
    expect(t.world.scriptedLeft).toBe(0);
    t.world.script([...monsterDice(4, 3), [12, 11]]);
    await advance(t, 3);
    expect(t.world.scriptedLeft).toBe(0);
    const round = lastCard(t, "roundCard")?.getFlag(M, "roundCard" as never) as { resolution: { lines: Array<{ key: string }> } };
    expect(roundDamage(t)).toEqual(fig ? [expect.objectContaining({ targetId: t.defenderToken.uuid, actual: 3, temporary: 4 })] : []);
    expect(round.resolution.lines.map((l) => l.key)).toContain("WC.Round.brokeHold");
    expect(hpOf(t)).toBe(before - 1 - (fig ? 3 : 0));
  });

  it("grapple-die: the arm lock, the monster's figure (or the table's) on the spot and on segment 3, then breaking free", async () => {
    const t = await playing(host, "grapple-die");
    const before = hpOf(t);
    t.world.script([[20, 15], [20, 9], ...(fig ? monsterDice(1, 3) : ([[4, 3]] as Array<[number, number]>))]);
    const card = await grab(t, host);
    expect((card.resolution as { headline: unknown }).headline).toEqual({ key: "WC.Result.hold", params: { part: "armLock" } });
    const first = fig ? 4 : 3;
    expect(damageIn(card)).toEqual([expect.objectContaining({ actual: first, temporary: 0 })]);
    expect(hpOf(t)).toBe(before - first);
    await advance(t, 2);
    t.world.script(fig ? monsterDice(2, 4) : [[4, 2]]);
    await advance(t, 3);
    expect(t.world.scriptedLeft).toBe(0);
    const second = fig ? 6 : 2;
    expect(roundDamage(t)).toEqual([expect.objectContaining({ actual: second, temporary: 0 })]);
    expect(hpOf(t)).toBe(before - first - second);
    t.world.script([[20, 12]]);
    const out = await t.gm.run(() => act({ action: "breakFree", attackerUuid: t.defenderToken.uuid, defenderUuid: t.monsterToken.uuid, declared: {} }));
    expect(out.kind).toBe("done");
    expect((lastCard(t, "card")?.getFlag(M, "card" as never) as { resolution: { headline: { key: string } } }).resolution.headline.key).toBe("WC.Result.brokeFree");
  });

  it("percentile: the Grab ability's bear hug, the monster's figure (or the table's 3) now and at round 2's end, all lethal", async () => {
    const t = await playing(host, "percentile");
    const before = hpOf(t);
    t.world.script([[20, 13], [4, 3], [100, 50], ...monsterDice(2, 3)]);
    const card = await grab(t, host);
    expect((card.resolution as { headline: { key: string; params: { category: number } } }).headline).toMatchObject({ key: "WC.Result.holdGained", params: { category: 4 } });
    const first = fig ? 5 : 3;
    expect(damageIn(card)).toEqual([expect.objectContaining({ actual: first, temporary: 0 })]);
    await advance(t, 2);
    t.world.script(monsterDice(3, 3));
    await advance(t, 3);
    expect(t.world.scriptedLeft).toBe(0);
    const second = fig ? 6 : 3;
    expect(roundDamage(t)).toEqual([expect.objectContaining({ actual: second, temporary: 0 })]);
    expect(hpOf(t)).toBe(before - first - second);
    // After round 2's end the held creature breaks free by 004's procedure: its Variable (d6 6)
    // and the holder's (d4 1) on the result, d100 100: far past 96, Gouge (category 7) >= the bear
    // hug's 4 + 1: the grab's hold is broken like any other.
    expect(await t.gm.run(() => holdsAround([t.monsterToken.actor, t.defenderToken.actor] as never, "percentile"))).toHaveLength(1);
    t.world.script([[6, 6], [4, 1], [100, 100]]);
    const out = await t.gm.run(() => act({ action: "breakFree", attackerUuid: t.defenderToken.uuid, defenderUuid: t.monsterToken.uuid, declared: {} }));
    expect(out.kind).toBe("done");
    expect(t.world.scriptedLeft).toBe(0);
    const freed = lastCard(t, "card")?.getFlag(M, "card" as never) as { resolution: { result: { kind: string; brokenHoldIds: string[]; attempts: Array<{ needed: number; broken: boolean }> } } };
    expect(freed.resolution.result.kind).toBe("attempts");
    expect(freed.resolution.result.attempts).toEqual([expect.objectContaining({ needed: 5, broken: true })]);
    expect(freed.resolution.result.brokenHoldIds).toHaveLength(1);
    // And the hold (the one record before) is gone from both creatures' records.
    expect(await t.gm.run(() => holdsAround([t.monsterToken.actor, t.defenderToken.actor] as never, "percentile"))).toEqual([]);
  });
});

describe("the way in: the one check, players' consoles, a host roll the GM points to", () => {
  const snake = HOSTS[0] as Host;
  const BITE = "hZOM2L6WMmk8QOfO";
  const cards = (t: Table) => t.world.messages.contents.filter((m) => m.getFlag(M, "card" as never));
  async function settle(t: Table): Promise<void> {
    for (let i = 0; i < 6; i++) {
      await new Promise((r) => setTimeout(r, 0));
      await t.world.settle();
    }
  }

  it("a player's own constrictor: its Bite or a made-up key is no grab, refused on the player's client and again on the GM's tab from a forged request card", async () => {
    const t = await playing(snake, "d12-holds");
    t.monster.ownership[t.player.user.id ?? ""] = 3;
    // On a creature a player owns the sheet's own mark is a proposal: the GM confirms Constrict (on
    // the token's own creature: the python's token is unlinked).
    await t.gm.run(() => writeGrabMarks(t.monsterToken.actor as never, { [snake.attack]: true }));
    for (const attack of [BITE, "madeUp", undefined]) {
      const out = await t.player.run(() => act({ action: "grab", attackerUuid: t.monsterToken.uuid, defenderUuid: t.defenderToken.uuid, ...(attack ? { attack } : {}), declared: { needed: 12 } }));
      expect(out).toMatchObject({ kind: "refused", key: "WC.Refuse.notGrabbing" });
    }
    // The same asked from the console as a request card the player posts by hand.
    const intent = { action: "grab", attackerUuid: t.monsterToken.uuid, defenderUuid: t.defenderToken.uuid, attack: BITE, declared: {} };
    await t.player.run(() => ChatMessage.create({ content: "", flags: { [M]: { request: { ask: { kind: "action", intent }, state: "pending" } } } } as never));
    await settle(t);
    // The GM's tab refuses it (the player's tab is told, and the request card goes).
    expect(t.player.notifications.map((n) => n.message).filter((m) => m.includes("has no such attack that takes a hold by itself"))).toHaveLength(4);
    expect(t.world.messages.contents.filter((m) => m.getFlag(M, "request" as never))).toHaveLength(0);
    expect(cards(t)).toHaveLength(0);
    expect(t.world.scriptedLeft).toBe(0);
  });

  it("a GM's marks on a player's world creature reach an unlinked token's own creature (another UUID), unless that one holds its own", async () => {
    const t = await playing(snake, "d12-holds");
    t.monster.ownership[t.player.user.id ?? ""] = 3;
    // The GM marks Constrict on the world creature (the prototype), then drops an unlinked token of it.
    await t.gm.run(() => writeGrabMarks(t.monster as never, { [snake.attack]: true }));
    const token = t.world.addToken(t.world.scenes.contents[0] as never, t.monster, { linked: false });
    const keys = () => t.gm.run(() => grabsOf(token.actor as never).map((g) => g.key));
    expect(token.actor.uuid).not.toBe(t.monster.uuid);
    expect(await keys()).toContain(snake.attack);
    // Marks the player changes on the token's creature are no longer the GM's: set aside whole.
    await t.player.run(() => token.actor.update({ [`flags.${M}.grabs.${BITE}`]: true } as never));
    expect(await keys()).toEqual([]);
    // The token's creature's own marks, sealed by the GM under its own UUID, win over the world's.
    await t.gm.run(() => writeGrabMarks(token.actor as never, { [snake.attack]: false }));
    expect(await keys()).not.toContain(snake.attack);
  });

  it("a player's request cannot say a host roll hit: the GM's tab rolls the attack's to-hit (d20 11 < 12 misses)", async () => {
    const t = await playing(snake, "d12-holds");
    t.monster.ownership[t.player.user.id ?? ""] = 3;
    // On a creature a player owns the sheet's own mark is a proposal: the GM confirms Constrict (on
    // the token's own creature: the python's token is unlinked).
    await t.gm.run(() => writeGrabMarks(t.monsterToken.actor as never, { [snake.attack]: true }));
    t.world.script([[20, 11]]);
    const intent = { action: "grab", attackerUuid: t.monsterToken.uuid, defenderUuid: t.defenderToken.uuid, attack: snake.attack, hostHit: true, declared: { needed: 12 } };
    await t.player.run(() => ChatMessage.create({ content: "", flags: { [M]: { request: { ask: { kind: "action", intent }, state: "pending" } } } } as never));
    await settle(t);
    expect(t.world.scriptedLeft).toBe(0);
    const card = cards(t).at(-1)?.getFlag(M, "card" as never) as { resolution: { result: { kind: string; toHit: { die: { face: number } } | null } } };
    expect(card.resolution.result.kind).toBe("grabMissed");
    expect(card.resolution.result.toHit?.die.face).toBe(11);
  });

  it("the GM's entry on a host attack roll: shown to the GM only, on a roll spoken by a grabbing creature; it offers the hold with no to-hit of its own", async () => {
    const t = await playing(snake, "d12-holds");
    const { grabEntry, grabFromMessage } = await import("../../src/foundry/hooks/grab-roll.ts");
    const scene = t.monsterToken.parent as { id: string };
    const roll = await t.gm.run(() =>
      ChatMessage.create({ content: "Constrict: 17", rolls: [{ formula: "1d20+6", total: 17 }], speaker: { scene: scene.id, token: t.monsterToken.id, actor: t.monster.id }, flags: { dnd5e: { roll: { type: "attack" }, item: { id: snake.attack }, targets: [{ name: "Randal", uuid: t.defender.uuid, ac: 16 }] } } } as never),
    );
    const plain = await t.gm.run(() => ChatMessage.create({ content: "hello", speaker: { scene: scene.id, token: t.monsterToken.id } } as never));
    const row = (m: unknown) => {
      const li = document.createElement("li");
      li.dataset.messageId = (m as { id: string }).id;
      return li;
    };
    const shown = (c: FakeClient, m: unknown) => c.run(() => {
      const e = grabEntry() as { condition?: (li: unknown) => boolean; visible?: (li: unknown) => boolean };
      return (e.condition ?? e.visible)?.(row(m)) === true;
    });
    expect(shown(t.gm, roll)).toBe(true);
    expect(shown(t.gm, plain)).toBe(false);
    expect(shown(t.player, roll)).toBe(false);
    expect(t.gm.run(() => grabFromMessage(roll as never))).toMatchObject({ attack: snake.attack, target: { uuid: t.defenderToken.uuid } });
    // The host's roll hit: the first die is the hold's d12 (7 + 1 = 8, leg), the break roll 5 fails, 1d2 = 2.
    t.world.script([[12, 7], [12, 5], [2, 2]]);
    await t.gm.run(async () => {
      const e = grabEntry() as { callback?: (li: unknown) => void; onClick?: (ev: unknown, li: unknown) => void };
      if (e.callback) e.callback(row(roll));
      else e.onClick?.(null, row(roll));
    });
    await settle(t);
    expect(t.world.scriptedLeft).toBe(0);
    const message = cards(t).at(-1);
    const card = message?.getFlag(M, "card" as never) as { resolution: { result: { kind: string; toHit: unknown } } };
    expect(card.resolution.result).toMatchObject({ kind: "grabbed", toHit: null });
    expect(message?.content).toContain("the GM pointed to hit");
  });
});
