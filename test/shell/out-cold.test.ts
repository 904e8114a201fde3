// @vitest-environment happy-dom
// Issue 33 (the independent attacks' P1, P2, and the same class on the module's own actor flags):
// what the GM's writes left on a player's creature (out cold; its temporary damage in the module's
// flag) is kept where only a GM writes (documents/marks.ts: a combat's or a scene's flags), the
// rules read it from there, and the creature's own effect and flag are put back when its player
// changes them, the GM told once per player and round. v13 (in steps) and v14 (batched).
//
// The knock-out, by the seed's numbers (000 §Damage: out cold when actual + temporary reaches the
// maximum hit points, for total - max + 1 rounds): the ogre's body hold on the fighter (5 hp) deals
// 2d4 = 8 (both dice 4); 000's grappling damage is half actual, half temporary (the digest's
// reading: every 2nd point actual), so 4 actual and 4 temporary: 8 - 5 + 1 = 4 rounds out cold.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FakeActor, FakeClient, FakeCombat } from "../fake-foundry/world.ts";
import type { Table } from "./setup.ts";
import { M, makeTable } from "./setup.ts";
import { place } from "./movement-setup.ts";

type Api = { act(intent: unknown): Promise<{ kind: string; key?: string }> };
const act = (c: FakeClient, intent: unknown) => c.run(() => (game.modules.get(M as never) as unknown as { api: Api }).api.act(intent));

let t: Table;
let combat: FakeCombat;
const temporaryFlag = (a: FakeActor) => a.getFlag(M, "temporary" as never) as number | undefined;
const outEffects = (a: FakeActor) => [...a.effects].filter((e) => e.statuses.has("unconscious"));
const shownOut = (a: FakeActor) => outEffects(a).some((e) => e.disabled !== true);
const warnings = (key: RegExp) => t.gm.notifications.filter((n) => n.level === "warn" && key.test(n.message));
const pummel = () => act(t.player, { action: "pummel", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} });

async function settle(): Promise<void> {
  for (let i = 0; i < 8; i++) {
    await new Promise((r) => setTimeout(r, 0));
    await t.world.settle();
  }
}

async function registerHooks(): Promise<() => void> {
  return (await import("../../src/foundry/hooks/index.ts")).registerHooks;
}

/** What the GM's tab reads of the fighter: out cold, and its ledger's temporary damage. */
async function gmReads(): Promise<{ out: boolean; temporary: number | undefined }> {
  const { conditionsOn } = await import("../../src/foundry/documents/statuses.ts");
  const { readLedger } = await import("../../src/foundry/documents/actors.ts");
  return t.gm.run(() => ({ out: conditionsOn(t.fighter as never).has("unconscious"), temporary: readLedger(t.fighter as never)?.temporary }));
}

/** The ogre's body hold knocks the fighter (5 hp) out: d20 20 hits; d12 12 + 1 = 13, body; break d12 1 fails; 2d4 = 8. */
async function knockedOut(): Promise<void> {
  (t.fighter.system as { attributes: { hp: { value: number; max: number } } }).attributes.hp = { value: 5, max: 5 };
  t.world.script([[20, 20], [12, 12], [12, 1], [4, 4], [4, 4]]);
  await act(t.gm, { action: "grapple", attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid, declared: {} });
  await settle();
  expect(shownOut(t.fighter)).toBe(true);
  expect(temporaryFlag(t.fighter)).toBe(4);
  t.world.fallbackFace = () => 1;
}

describe.each([13, 14] as const)("Foundry v%i: out cold and temporary damage as the GM's writes left them", (generation) => {
  beforeEach(() => {
    t = makeTable({ world: { generation } });
    t.fighterToken.disposition = 1;
    t.goblinToken.disposition = -1;
    t.ogreToken.disposition = -1;
    place(t.fighterToken, 5, 5);
    place(t.goblinToken, 6, 5);
    place(t.ogreToken, 4, 5);
    combat = t.world.addCombat([t.fighterToken, t.goblinToken, t.ogreToken], 1);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("the player switches the Unconscious effect off, then deletes it, then deletes it again: shown again each time, refused each time, the GM told once this round", async () => {
    await knockedOut();
    for (const cheat of ["off", "delete", "delete"] as const) {
      const out = outEffects(t.fighter).find((e) => e.disabled !== true);
      await t.player.run(() => (cheat === "off" ? out?.update({ disabled: true } as never) : out?.delete()));
      expect(await pummel()).toMatchObject({ kind: "refused", key: "WC.Refuse.unconscious" });
      await settle();
      expect(shownOut(t.fighter)).toBe(true);
    }
    expect(await gmReads()).toEqual({ out: true, temporary: 4 });
    expect(warnings(/Unconscious/)).toHaveLength(1);
  });

  it("the player zeroes, then deletes, the fighter's temporary damage: put back to the GM's 4 each time, the GM's tab reads 4 throughout, the GM told once this round", async () => {
    await knockedOut();
    await t.player.run(() => t.fighter.update({ [`flags.${M}.temporary`]: 0 } as never));
    expect((await gmReads()).temporary).toBe(4);
    await settle();
    expect(temporaryFlag(t.fighter)).toBe(4);
    await t.player.run(() => t.fighter.update({ [`flags.${M}.-=temporary`]: null } as never));
    await settle();
    expect(temporaryFlag(t.fighter)).toBe(4);
    expect(await gmReads()).toEqual({ out: true, temporary: 4 });
    expect(warnings(/temporary damage/)).toHaveLength(1);
  });

  it("the knock-out's clock: the combat's notes are not the player's to write; the clock taken off the effect, or one naming a combat long gone put on it, comes back as the GM's writes left it", async () => {
    await knockedOut();
    // 000's knock-out runs 4 rounds: the effect is timed by the combat.
    const clockOf = () => outEffects(t.fighter).map((e) => e.getFlag(M, "clock" as never));
    expect(clockOf()).toEqual([combat.id]);
    const notes = () => structuredClone(combat.flags[M]);
    const before = notes();
    await t.player.run(() => combat.update({ [`flags.${M}.timers`]: [], [`flags.${M}.creatures`]: null } as never)).catch(() => undefined);
    await t.player.run(() => outEffects(t.fighter)[0]?.update({ [`flags.${M}.-=clock`]: null } as never));
    await settle();
    expect(notes()).toEqual(before);
    expect(clockOf()).toEqual([combat.id]);
    await t.player.run(() => outEffects(t.fighter)[0]?.update({ [`flags.${M}.clock`]: "gone0000combat00" } as never));
    await settle();
    expect(clockOf()).toEqual([combat.id]);
    // The same while no GM is connected: the GM's tab, starting, ends the condition of a combat
    // gone (hold-guard.ts sweep), then shows the knock-out again with its clock.
    t.world.disconnect(t.gm);
    await t.player.run(() => outEffects(t.fighter)[0]?.update({ [`flags.${M}.clock`]: "gone0000combat00" } as never));
    t.gm = t.world.connect(t.gmUser, await registerHooks());
    await settle();
    expect(clockOf()).toEqual([combat.id]);
    expect(shownOut(t.fighter)).toBe(true);
    expect(await pummel()).toMatchObject({ kind: "refused", key: "WC.Refuse.unconscious" });
  });

  it("while no GM is connected the player deletes the effect and zeroes the temporary damage: the pummel waits, and when a GM's tab starts it is refused and both are put back", async () => {
    await knockedOut();
    t.world.disconnect(t.gm);
    await t.player.run(() => outEffects(t.fighter)[0]?.delete());
    await t.player.run(() => t.fighter.update({ [`flags.${M}.temporary`]: 0 } as never));
    const waiting = pummel();
    await settle();
    t.gm = t.world.connect(t.gmUser, await registerHooks());
    await settle();
    expect(await waiting).toMatchObject({ kind: "refused", key: "WC.Refuse.unconscious" });
    expect(shownOut(t.fighter)).toBe(true);
    expect(temporaryFlag(t.fighter)).toBe(4);
  });

  it("the GM's own hand: the GM switching the Unconscious status off wakes the fighter (the player may act); the GM's own Unconscious by the token HUD is kept against the player", async () => {
    await knockedOut();
    await t.gm.run(() => outEffects(t.fighter)[0]?.delete());
    await settle();
    expect((await gmReads()).out).toBe(false);
    expect(await pummel()).not.toMatchObject({ key: "WC.Refuse.unconscious" });
    await settle();
    const { untimedDuration } = await import("../../src/foundry/world/compat.ts");
    // The GM sets it again by hand (the status entry's own effect, as the token HUD makes it: none of the module's flags).
    await t.gm.run(async () => {
      const made = await (CONFIG.ActiveEffect as unknown as { documentClass: { fromStatusEffect(id: string): Promise<{ toObject(): Record<string, unknown> }> } }).documentClass.fromStatusEffect("unconscious");
      await t.fighter.createEmbeddedDocuments("ActiveEffect", [{ ...made.toObject(), ...untimedDuration() }] as never);
    });
    await settle();
    await t.player.run(() => outEffects(t.fighter)[0]?.delete());
    await settle();
    expect(shownOut(t.fighter)).toBe(true);
    expect((await gmReads()).out).toBe(true);
  });

  it("the GM's correction of temporary damage and a GM's console write are the GM's word: the entry follows, and the player's edit after is put back to it", async () => {
    await knockedOut();
    const { correctTemporary } = await import("../../src/foundry/gm/apply.ts");
    await t.gm.run(() => correctTemporary([{ uuid: t.fighterToken.uuid, value: 2 }]));
    await settle();
    expect((await gmReads()).temporary).toBe(2);
    await t.gm.run(() => t.fighter.update({ [`flags.${M}.temporary`]: 3 } as never));
    await settle();
    expect((await gmReads()).temporary).toBe(3);
    await t.player.run(() => t.fighter.update({ [`flags.${M}.temporary`]: 0 } as never));
    await settle();
    expect(temporaryFlag(t.fighter)).toBe(3);
  });

  it("the fight ends: the temporary damage the combat kept is handed to the scene, and the player's edit after is still put back", async () => {
    await knockedOut();
    await t.gm.run(() => combat.delete());
    await settle();
    expect((await gmReads()).temporary).toBe(4);
    await t.player.run(() => t.fighter.update({ [`flags.${M}.temporary`]: 0 } as never));
    await settle();
    expect(temporaryFlag(t.fighter)).toBe(4);
  });

  it("a hold costs no more requests than before: the knock-out's entry goes in the combat's update the GM's tab sends already", async () => {
    (t.fighter.system as { attributes: { hp: { value: number; max: number } } }).attributes.hp = { value: 5, max: 5 };
    t.world.script([[20, 20], [12, 12], [12, 1], [4, 4], [4, 4]]);
    const mark = t.world.writes.length;
    await act(t.gm, { action: "grapple", attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid, declared: {} });
    await settle();
    const byGM = t.world.writes.slice(mark).filter((w) => w.user === t.gmUser.id);
    expect(byGM.filter((w) => w.documentName === "Scene")).toEqual([]);
    expect((await gmReads()).out).toBe(true);
  });
});
