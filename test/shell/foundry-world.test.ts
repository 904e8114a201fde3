// @vitest-environment happy-dom
// The shell in a world as Foundry v13 and v14 run it (docs/foundry-contract.md): the combat
// tracker's menu and rows, host statuses, both kinds of actor sheet, settings windows, hit
// points a system will not take, batched requests, and the world check, for every variant.
import { describe, expect, it, vi } from "vitest";
import { participant, resolveCast } from "../../src/foundry/documents/cast.ts";
import { act } from "../../src/foundry/cards/request-card.ts";
import { statusMap } from "../../src/foundry/documents/statuses.ts";
import { checkWorld } from "../../src/foundry/ui/world-report.ts";
import { RULES_VARIANTS } from "../../src/rules/index.ts";
import { FakeApplicationV2 } from "../fake-foundry/apps.ts";
import { ADND2E_LIKE, dnd5eLike, OSE_LIKE } from "../fake-foundry/systems.ts";
import type { FakeActor, FakeClient } from "../fake-foundry/world.ts";
import type { Table } from "./setup.ts";
import { M, makeTable, roundCardOf, tableFor, writesSince } from "./setup.ts";

const VARIANTS = ["d12-holds", "grapple-die", "percentile"] as const;
const grapple = (a: { uuid: string }, d: { uuid: string }, declared: Record<string, unknown> = {}) => ({ action: "grapple", attackerUuid: a.uuid, defenderUuid: d.uuid, declared });
const holdHalves = (t: Table) => [t.fighterToken.actor, t.goblinToken.actor, t.ogreToken.actor].flatMap((a) => [...a.effects].filter((e) => e.getFlag(M, "hold")));
const statusIds = (c: FakeClient) => (Array.isArray(c.CONFIG.statusEffects) ? c.CONFIG.statusEffects : Object.values(c.CONFIG.statusEffects)).map((s) => s.id);
const hp = (a: FakeActor) => (a.system as { attributes: { hp: { value: number } } }).attributes.hp.value;

/**
 * Dice that make the fighter's grapple on the goblin hold, in each variant: d12-holds and
 * grapple-die with every die at its highest face (hits, the top hold row, a break roll short of
 * it); percentile with its Variable d6 6 and d4 1, the chance roll d100 1, and the result d100 100
 * (a gouge, kept as a hold; see variants.test.ts).
 */
function holdingDice(t: Table, variant: string): void {
  if (variant === "percentile") t.world.script([[6, 6], [4, 1], [100, 1], [100, 100]]);
  else t.world.fallbackFace = (sides) => sides;
}

describe("the combat tracker's rows show who holds whom and what the last round end did", () => {
  it.each(VARIANTS)("%s", async (variant) => {
    const t = await tableFor(variant);
    t.fighterToken.disposition = 1;
    t.goblinToken.disposition = -1;
    t.goblinToken.x = 100;
    t.ogreToken.x = 2000;
    const combat = t.world.addCombat([t.fighterToken, t.goblinToken, t.ogreToken], 1);
    holdingDice(t, variant);
    const out = await t.gm.run(() => act(grapple(t.fighterToken, t.goblinToken, variant === "grapple-die" ? { freeAttack: "harmless" } : {})));
    expect(out.kind).toBe("done");
    expect(holdHalves(t)).toHaveLength(2);
    // The hold's effects re-drew the tracker on every client.
    expect(t.player.ui.combat.renders).toBeGreaterThan(0);
    const rows = t.player.ui.combat.render();
    const mark = (token: Table["fighterToken"], kind: string) => rows.querySelector<HTMLElement>(`[data-combatant-id="${combat.combatants.find((c) => c.token === token)?.id}"] .wc-tracker__${kind}`);
    // Holder and held told apart at a glance: a mark each, with the other's name in words.
    expect(mark(t.fighterToken, "holder")?.textContent).toBe("holds Goblin");
    expect(mark(t.fighterToken, "holder")?.dataset.tooltip).toMatch(/^holds Goblin · Holding Goblin \(/);
    expect(mark(t.fighterToken, "held")).toBeNull();
    expect(mark(t.goblinToken, "held")?.textContent).toBe("held by Fighter");
    expect(mark(t.goblinToken, "held")?.getAttribute("aria-label")).toMatch(/^held by Fighter · Held \(.*\) by Fighter/);
    expect(mark(t.goblinToken, "holder")).toBeNull();
    expect(mark(t.fighterToken, "holder")?.querySelector("i")?.className).not.toBe(mark(t.goblinToken, "held")?.querySelector("i")?.className);
    expect(mark(t.ogreToken, "holder") ?? mark(t.ogreToken, "held")).toBeNull();
    // The ogre, out of melee with temporary damage, heals at the end of the round where the
    // variant heals so (000, 004); whatever the round end says of a creature, its row says too.
    t.ogreToken.actor.flags[M] = { ...(t.ogreToken.actor.flags[M] as object), temporary: 2 };
    t.world.fallbackFace = () => 1;
    await t.gm.run(() => combat.update({ round: 2 }, { direction: 1 }));
    await t.world.settle();
    const card = roundCardOf(t.world, combat.id, 1)?.getFlag(M, "roundCard") as { resolution: { lines: Array<{ params?: Record<string, unknown> }> } };
    const after = t.gm.ui.combat.render();
    const dueOf = (token: Table["fighterToken"]) => after.querySelector<HTMLElement>(`[data-combatant-id="${combat.combatants.find((c) => c.token === token)?.id}"] .wc-tracker__due`)?.dataset.tooltip;
    // The round's mark says in words what it is: the round's end, and what it did to this creature.
    if (variant !== "grapple-die") expect(dueOf(t.ogreToken)).toMatch(/^At the end of round 1: Ogre recovers 1 temporary damage/);
    const named = card.resolution.lines.filter((l) => Object.values(l.params ?? {}).includes(t.goblinToken.uuid) || Object.values(l.params ?? {}).includes(t.fighterToken.uuid));
    for (const token of [t.fighterToken, t.goblinToken]) {
      const mine = card.resolution.lines.filter((l) => Object.values(l.params ?? {}).includes(token.uuid));
      if (mine.length > 0) expect(dueOf(token)).toMatch(/^At the end of round 1: /);
      else expect(dueOf(token)).toBeUndefined();
    }
    expect(named.length + (variant !== "grapple-die" ? 1 : 0)).toBeGreaterThan(0);
  });

  it("rows without a combatant (a system's group rows) get neither marks nor menu entries", async () => {
    const t = makeTable();
    const combat = t.world.addCombat([t.fighterToken], 1);
    const el = t.gm.ui.combat.render();
    const group = document.createElement("li");
    group.className = "combatant combatant-group";
    el.querySelector("ol")?.prepend(group);
    const { decorateTracker } = await import("../../src/foundry/hooks/combat-tracker.ts");
    t.gm.run(() => decorateTracker(el));
    expect(group.querySelector(".wc-tracker")).toBeNull();
    expect(t.gm.ui.combat.contextMenu("no-such-combatant").labels).toEqual([]);
    expect(combat.combatants.size).toBe(1);
  });
});

describe("status effects: the host's own where it has them, the module's where it has none", () => {
  it("on Foundry's own list: prone, unconscious, stun and restrain are core's; the rest the module's", () => {
    const t = makeTable();
    const map = t.gm.run(() => statusMap());
    expect(Object.fromEntries(Object.entries(map).map(([k, v]) => [k, v.id]))).toEqual({
      held: `${M}.held`,
      holding: `${M}.holding`,
      prone: "prone",
      stunned: "stun",
      unconscious: "unconscious",
      pinned: `${M}.pinned`,
      grappled: `${M}.grappled`,
      subdued: `${M}.subdued`,
      immobilized: "restrain",
    });
    const ids = statusIds(t.gm);
    for (const own of ["held", "holding", "pinned", "grappled", "subdued"]) expect(ids).toContain(`${M}.${own}`);
    for (const host of ["prone", "stunned", "unconscious", "immobilized"]) expect(ids).not.toContain(`${M}.${host}`);
  });

  it.each([13, 14] as const)("v%s, dnd5e rebuilds the list in i18nInit: the module's statuses are still there, and dnd5e's own stand in", (generation) => {
    const t = makeTable({ world: { generation, system: dnd5eLike() } });
    const ids = statusIds(t.gm);
    for (const own of ["held", "holding", "pinned", "subdued"]) expect(ids).toContain(`${M}.${own}`);
    const map = t.gm.run(() => statusMap());
    expect([map.prone.id, map.stunned.id, map.unconscious.id, map.grappled.id, map.immobilized.id]).toEqual(["prone", "stunned", "unconscious", "grappled", "restrained"]);
  });

  it("v14 keeps the list as an object keyed by id: read and added to in that shape", () => {
    const t = makeTable({ world: { generation: 14 } });
    expect(Array.isArray(t.gm.CONFIG.statusEffects)).toBe(false);
    expect((t.gm.CONFIG.statusEffects as Record<string, { id: string }>)[`${M}.held`]?.id).toBe(`${M}.held`);
  });

  it("adnd2e's own wrestling statuses are left to it", () => {
    const t = makeTable({ world: { system: ADND2E_LIKE } });
    const map = t.gm.run(() => statusMap());
    expect(map.held.id).toBe(`${M}.held`);
    expect(map.prone.id).toBe("prone");
  });

  it.each(VARIANTS)("%s: a status the host sets by hand counts for the rules; a disabled one does not", async (variant) => {
    const t = await tableFor(variant);
    const conditions = () =>
      t.gm.run(() => {
        const { defender } = resolveCast(t.ogreToken.uuid, t.fighterToken.uuid);
        const p = participant(defender, RULES_VARIANTS[variant] as never).profile as { conditions?: string[] };
        return p.conditions ?? [];
      });
    expect(conditions()).not.toContain("prone");
    // The token HUD's toggle makes an effect with the host's status, not the module's.
    const [effect] = await t.gm.run(() => t.fighter.createEmbeddedDocuments("ActiveEffect", [{ name: "Prone", statuses: ["prone"] }]));
    expect(conditions()).toContain("prone");
    await t.gm.run(() => effect?.update({ disabled: true }));
    expect(conditions()).not.toContain("prone");
  });

  it("the module makes a host status's effect as the host itself would (its name, image and changes), with its own id", async () => {
    const t = makeTable({ world: { system: dnd5eLike("clamp") } });
    // The ogre charges the fighter, whose first strike (the GM answers) misses: d20 12 - 1 = 11
    // hits (needs 10); d12 12 + 1 = 13, a body hold; the fighter's break d12 11 falls short: overborne.
    t.world.script([[20, 12], [12, 12], [12, 11]]);
    await t.gm.run(() => act({ action: "chargingOverbear", attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid, declared: { firstStrike: "miss" } }));
    const prone = [...t.fighter.effects].find((e) => e.statuses.has("prone"));
    expect(prone?.toObject()).toMatchObject({ name: "DND5E.ConProne", img: "systems/dnd5e/icons/svg/statuses/prone.svg", statuses: ["prone"] });
    expect(prone?.changes).toEqual([{ key: "system.attributes.movement.walk", mode: 1, value: "0.5" }]);
    expect(prone?.id).not.toBe("dnd5eprone000000");
    expect(prone?.getFlag(M, "condition")).toBe("prone");
  });

  it.each(VARIANTS)("%s: an overborne or knocked-out creature gets the host's status (dnd5e)", async (variant) => {
    const t = await tableFor(variant, { world: { system: dnd5eLike("clamp") } });
    const { RULES_VARIANTS: all } = await import("../../src/rules/index.ts");
    const v = all[variant];
    // Each variant's own result that sets prone or unconscious, found by playing until one comes.
    let seen: string[] = [];
    for (let i = 0; i < 60 && seen.length === 0; i++) {
      for (const a of [t.fighterToken.actor, t.goblinToken.actor]) {
        const ids = [...a.effects].map((e) => e.id);
        if (ids.length > 0) await t.gm.run(() => a.deleteEmbeddedDocuments("ActiveEffect", ids, { [M]: { pairHandled: true } }));
      }
      t.world.fallbackFace = null;
      await t.gm.run(() => act({ action: v?.actions.includes("overbear") && variant !== "d12-holds" ? "overbear" : "chargingOverbear", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }));
      seen = [...t.goblinToken.actor.statuses].filter((s) => s === "prone" || s === "unconscious");
    }
    expect(seen.length).toBeGreaterThan(0);
    expect([...t.goblinToken.actor.statuses].filter((s) => s.startsWith(`${M}.prone`) || s.startsWith(`${M}.unconscious`))).toEqual([]);
  });
});

describe("actor sheets of both kinds have the profile button", () => {
  it("ApplicationV1 sheets (OSE, ARS's classic sheet): a header button", async () => {
    const t = makeTable({ world: { system: OSE_LIKE } });
    const buttons = t.player.renderActorSheet(t.fighter);
    const mine = buttons.find((b) => b.class === `${M}.profile`);
    expect(mine).toMatchObject({ label: "Weaponless", icon: "fa-solid fa-hand-fist" });
    t.world.onDialog = async () => null;
    await t.player.run(async () => (mine?.onclick as () => void)());
    await t.world.settle();
    expect(t.world.dialogs).toHaveLength(1);
    // Not for an actor the user does not own.
    expect(t.player.renderActorSheet(t.goblin).some((b) => b.class === `${M}.profile`)).toBe(false);
  });

  it("ApplicationV2 sheets (dnd5e, adnd2e): a header control", async () => {
    const t = makeTable();
    const controls = t.player.renderActorSheet(t.fighter);
    const mine = controls.find((c) => c.action === `${M}.profile`);
    expect(mine).toMatchObject({ icon: "fa-solid fa-hand-fist", label: "WC.Profile.open" });
    t.world.onDialog = async () => null;
    await t.player.run(async () => (mine?.onClick as () => void)());
    await t.world.settle();
    expect(t.world.dialogs).toHaveLength(1);
  });
});

describe("the settings menus are ApplicationV2 windows", () => {
  it.each(["force", "true"] as const)("opened as core might (render %s): rule options and the world check", async (how) => {
    const t = makeTable();
    for (const key of ["ruleOptionsMenu", "worldCheckMenu"]) {
      const menu = t.gm.game.settings.menus.get(`${M}.${key}`);
      expect(menu?.type.prototype).toBeInstanceOf(FakeApplicationV2);
      expect(menu?.restricted).toBe(true);
    }
    await t.gm.run(() => t.gm.game.settings.openMenu(`${M}.worldCheckMenu`, how));
    const w = t.gm.windows.find((x) => x.id === `${M}-world-check`);
    expect(w?.title).toBe("Check this world");
    expect(w?.element.textContent).toContain("Foundry version");
    await t.gm.run(() => t.gm.game.settings.openMenu(`${M}.ruleOptionsMenu`, how));
    expect(t.gm.windows.map((x) => x.id)).toContain(`${M}-rule-options`);
  });
});

describe("hit points a system will not take do not lose the rest of the update", () => {
  // The ogre (THAC0 15) on the fighter: d20 15 - 1 hits AC 5; d12 8 + 1 = 9, a body hold; break
  // d12 4 fails; 1d3 = 3: 1 real, 2 temporary (000). The fighter stands at 0 hit points: -1.
  const cases = [
    { name: "refused, floor read from the schema", system: dnd5eLike("refuse", true), batch: "all" as const },
    { name: "refused, no schema, batch refused whole", system: dnd5eLike("refuse", false), batch: "all" as const },
    { name: "refused, no schema, batch refused in part", system: dnd5eLike("refuse", false), batch: "partial" as const },
    { name: "cleaned to 0 by the system", system: dnd5eLike("clamp", false), batch: "all" as const },
  ];
  it.each(cases.flatMap((c) => VARIANTS.map((variant) => ({ ...c, variant }))))("$variant, $name", async ({ system, batch, variant }) => {
    const t = await tableFor(variant, { world: { system, batchRefusal: batch } });
    // The goblin, already at 0, takes real and temporary damage from the fighter's hold; in the
    // same batch the fighter's own data may change too. Its temporary damage and the mark that
    // the result is applied must land even though its hit points cannot go lower.
    const goblin = t.goblinToken.actor;
    (goblin.system as { attributes: { hp: { value: number } } }).attributes.hp.value = 0;
    holdingDice(t, variant);
    const out = await t.gm.run(() => act(grapple(t.fighterToken, t.goblinToken, variant === "grapple-die" ? { freeAttack: "harmless" } : {})));
    expect(out.kind).toBe("done");
    expect(hp(goblin)).toBe(0);
    // 000 and 004 split hold damage into real and temporary; 002's hold damage is all real.
    if (variant !== "grapple-die") expect(goblin.getFlag(M, "temporary")).toBeGreaterThan(0);
    expect((goblin.getFlag(M, "applied") as string[]).length).toBe(1);
    expect(holdHalves(t)).toHaveLength(2);
    expect(t.world.overlaps).toEqual([]);
  });

  it.each(cases)("a batch of world actors, one of them refused: $name", async ({ system, batch }) => {
    const t = makeTable({ world: { system, batchRefusal: batch } });
    (t.fighter.system as { attributes: { hp: { value: number } } }).attributes.hp.value = 0;
    t.world.script([[20, 15], [12, 8], [12, 4], [3, 3]]);
    const out = await t.gm.run(() => act(grapple(t.ogreToken, t.fighterToken)));
    expect(out.kind).toBe("done");
    expect(hp(t.fighter)).toBe(0);
    expect(t.fighter.getFlag(M, "temporary")).toBe(2);
    expect((t.fighter.getFlag(M, "applied") as string[]).length).toBe(1);
    expect(holdHalves(t)).toHaveLength(2);
  });

  it("a system that allows negative hit points gets them (OSE keeps them at system.hp, with no floor)", async () => {
    const t = makeTable({ world: { system: OSE_LIKE } });
    t.fighter.system = { hp: { value: 0, max: 30 } };
    t.world.script([[20, 15], [12, 8], [12, 4], [3, 3]]);
    await t.gm.run(() => act(grapple(t.ogreToken, t.fighterToken)));
    expect((t.fighter.system as { hp: { value: number } }).hp.value).toBe(-1);
    expect(t.fighter.getFlag(M, "temporary")).toBe(2);
    expect(t.gm.notifications).toEqual([]);
  });

  it("the GM is told what was held back", async () => {
    const t = makeTable({ world: { system: dnd5eLike("refuse", false) } });
    (t.fighter.system as { attributes: { hp: { value: number } } }).attributes.hp.value = 0;
    t.world.script([[20, 15], [12, 8], [12, 4], [3, 3]]);
    await t.gm.run(() => act(grapple(t.ogreToken, t.fighterToken)));
    expect(t.gm.notifications.map((n) => n.message)).toEqual(["Fighter: the game system would not take system.attributes.hp.value = -1; written instead: 0."]);
  });
});

describe("requests: counted per call, batched per kind", () => {
  it.each(VARIANTS)("%s: a player's grapple through the request card, and no writes overlap on one actor", async (variant) => {
    const t = await tableFor(variant);
    holdingDice(t, variant);
    const mark = t.world.writes.length;
    const out = await t.player.run(() => act(grapple(t.fighterToken, t.goblinToken)));
    expect(["done", "waiting"]).toContain(out.kind);
    if (out.kind === "waiting") {
      // grapple-die asks the GM's goblin nothing: it is the GM's. (A player's defender would be asked.)
      throw new Error("unexpected question");
    }
    expect(holdHalves(t)).toHaveLength(2);
    const byUser = t.world.writes.slice(mark).map((w) => `${w.user === t.alice.id ? "player" : "gm"} ${w.op} ${w.documentName}`);
    expect(byUser.filter((w) => w.startsWith("player"))).toEqual(["player create ChatMessage"]);
    // The GM: the card, both halves, the data, and the request card removed.
    expect(byUser).toContain("gm delete ChatMessage");
    expect(t.world.overlaps).toEqual([]);
  });

  it("the end of a round costs the same requests for 2 creatures healing as for 12", async () => {
    const requestsFor = async (healers: number) => {
      const t = makeTable();
      const scene = t.fighterToken.parent;
      const tokens = Array.from({ length: healers }, (_, i) => {
        const a = t.world.addActor(`Orc ${i}`, { attributes: { hp: { value: 8, max: 8 } } });
        a.flags[M] = { profile: (t.goblin.flags[M] as { profile: object }).profile, temporary: 3 };
        return t.world.addToken(scene, a, { linked: i % 2 === 0, x: 1000 + i * 300, y: 1000 });
      });
      const combat = t.world.addCombat(tokens, 1);
      const mark = t.world.writes.length;
      await t.gm.run(() => combat.update({ round: 2 }, { direction: 1 }));
      await t.world.settle();
      for (const tok of tokens) expect(tok.actor.getFlag(M, "temporary")).toBe(2);
      expect(t.world.overlaps).toEqual([]);
      return writesSince(t.world, mark);
    };
    const two = await requestsFor(2);
    const twelve = await requestsFor(12);
    expect(twelve).toEqual(two);
    // The round's update; then the combat's memory with the card's name in the ledger first, one
    // request for the world's actors and one for the scene's unlinked tokens, and the card last.
    expect(twelve).toEqual({ "update Combat": 2, "create ChatMessage": 1, "update Actor": 1, "update Token": 1 });
  });

  it("v14: a hold is one request: the card, already applied, and every write it makes in one batch", async () => {
    const t = makeTable({ world: { generation: 14 } });
    t.world.script([[20, 15], [12, 8], [12, 4], [3, 3]]);
    const mark = t.world.writes.length;
    await t.gm.run(() => act(grapple(t.ogreToken, t.fighterToken)));
    // All or nothing: a tab that closes leaves either no card and no writes, or both; the card's
    // id keeps a second delivery from writing again.
    expect(writesSince(t.world, mark)).toEqual({ "update Batch": 1 });
    expect(t.world.messages.contents.map((m) => m.getFlag(M, "card"))).toMatchObject([{ state: "applied" }]);
    expect(hp(t.fighter)).toBe(29);
    const half = holdHalves(t).find((e) => e.parent === t.fighter);
    // v14's effects: a duration block of the new shape, the start kept apart.
    expect(half?.duration).toEqual({ value: null, units: "seconds", expiry: null });
    expect(half?.start).toEqual({ time: 0 });
    expect(t.world.deprecations).toEqual([]);
  });

  it("v14, a server that takes no chat messages in a batch: the ledger names the card, the writes go in one batch, then the card is made applied", async () => {
    const t = makeTable({ world: { generation: 14, batchChatMessages: false } });
    t.world.script([[20, 15], [12, 8], [12, 4], [3, 3]]);
    const mark = t.world.writes.length;
    // The first batch (the card with its writes) is refused, on purpose: the console says so, and says nothing else.
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    await t.gm.run(() => act(grapple(t.ogreToken, t.fighterToken)));
    const warned = warn.mock.calls.map((c) => String(c[0]));
    warn.mockRestore();
    expect(warned.length).toBeGreaterThan(0);
    expect(warned.filter((w) => !w.startsWith("weaponless-combat | a batched write"))).toEqual([]);
    expect(writesSince(t.world, mark)).toEqual({ "update Scene": 1, "update Batch": 1, "create ChatMessage": 1 });
    expect(hp(t.fighter)).toBe(29);
    expect(holdHalves(t)).toHaveLength(2);
    expect(t.world.messages.contents.map((m) => m.getFlag(M, "card"))).toMatchObject([{ state: "applied" }]);
  });

  it("v14: should the batch be refused (an unlinked token's actor as its parent), the writes go one kind at a time", async () => {
    const t = makeTable({ world: { generation: 14, batchSyntheticParents: false } });
    t.world.script([[20, 15], [12, 8], [12, 4], [3, 3]]);
    const mark = t.world.writes.length;
    // Both batches are refused, on purpose: the console says so for each, and says nothing else.
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    await t.gm.run(() => act(grapple(t.ogreToken, t.fighterToken)));
    const warned = warn.mock.calls.map((c) => String(c[0]));
    warn.mockRestore();
    expect(warned.length).toBeGreaterThan(1);
    expect(warned.filter((w) => !w.startsWith("weaponless-combat | a batched write"))).toEqual([]);
    expect(writesSince(t.world, mark)).toEqual({ "create ChatMessage": 1, "create ActiveEffect": 2, "update Actor": 1, "update Scene": 1 });
    expect(holdHalves(t)).toHaveLength(2);
  });

  it("v14 before build 362 (batches not yet broadcast reliably): separate requests", async () => {
    const t = makeTable({ world: { generation: 14, build: 360 } });
    t.world.script([[20, 15], [12, 8], [12, 4], [3, 3]]);
    const mark = t.world.writes.length;
    await t.gm.run(() => act(grapple(t.ogreToken, t.fighterToken)));
    expect(writesSince(t.world, mark)).toEqual({ "create ChatMessage": 1, "create ActiveEffect": 2, "update Actor": 1, "update Scene": 1 });
  });
});

describe("a world where players may not whisper", () => {
  it("the request card is posted openly, and the GM still carries it out", async () => {
    const t = makeTable();
    t.world.permissions.MESSAGE_WHISPER = 2;
    t.world.script([[20, 8], [12, 6], [12, 2]]);
    const out = await t.player.run(() => act(grapple(t.fighterToken, t.goblinToken)));
    expect(out).toMatchObject({ kind: "done" });
    expect(holdHalves(t)).toHaveLength(2);
  });
});

describe("check this world", () => {
  it("reports versions, the system, the conditions, players and every creature on the scene", async () => {
    const t = makeTable({ world: { system: dnd5eLike() } });
    const bare = t.world.addActor("Wolf", { attributes: { hp: { value: 11, max: 11 } } }, {}, { type: "npc" });
    t.world.addToken(t.fighterToken.parent, bare, { linked: false });
    const noHp = t.world.addActor("Statue", {});
    noHp.flags[M] = { profile: (t.goblin.flags[M] as { profile: object }).profile };
    t.world.addToken(t.fighterToken.parent, noHp);
    t.world.permissions.MESSAGE_WHISPER = 2;
    const report = t.gm.run(() => checkWorld());
    const rows = Object.fromEntries(report.sections.flatMap((s) => s.rows.map((r) => [r.label, `${r.level} ${r.value}`])));
    expect(rows["Foundry version"]).toBe("ok 13.351 (build 351)");
    expect(rows["Token moves in a hold"]).toBe("ok checked before they start (preMoveToken)");
    expect(rows.System).toMatch(/dnd5e/);
    expect(rows["Read by the module"]).toMatch(/^ok yes: /);
    expect(rows.Prone).toBe('ok the system\'s own status "prone"');
    expect(rows.Pinned).toBe(`ok the module's status "${M}.pinned"`);
    expect(rows.Alice).toBe("warn may send requests, but not as whispers: their request cards are seen by everyone");
    expect(rows["Active GM"]).toBe("ok Gamemaster");
    // The wolf's sheet is read (dnd5e): what it lacks is filled in, and said so.
    expect(rows.Wolf).toMatch(/^ok ready; filled in rather than read: .*size/);
    expect(rows.Statue).toMatch(/^warn .*hit points not found where the module looks/);
    expect(report.warnings).toBe(2);
    expect(report.text).toContain("!!  Statue:");
    // Through the API, for macros: the same report, without a window.
    const api = t.gm.run(() => (game.modules.get(M) as unknown as { api: { checkWorld(o: object): Promise<unknown> } }).api);
    expect(await t.gm.run(() => api.checkWorld({ show: false }))).toMatchObject({ warnings: 2 });
    expect(await t.player.run(() => api.checkWorld({ show: false }))).toBeNull();
  });

  it("the window's Copy puts the report on the clipboard, or selects it where there is none", async () => {
    const t = makeTable();
    const { showWorldCheck } = await import("../../src/foundry/ui/world-check.ts");
    await t.gm.run(() => showWorldCheck());
    const w = t.gm.windows.find((x) => x.id === `${M}-world-check`);
    const area = w?.element.querySelector<HTMLTextAreaElement>("textarea[name=report]");
    expect(area?.value).toMatch(/^Weaponless Combat: Check this world/);
    const copied: string[] = [];
    // This tab's own navigator (each tab of the fake has one).
    const nav = t.gm.navigator as unknown as { clipboard?: unknown };
    const before = Object.getOwnPropertyDescriptor(nav, "clipboard");
    Object.defineProperty(nav, "clipboard", { value: { writeText: async (x: string) => void copied.push(x) }, configurable: true });
    try {
      await w?.click("copy");
      expect(copied).toEqual([area?.value]);
      expect(t.gm.notifications.at(-1)?.message).toBe("Report copied.");
      Object.defineProperty(nav, "clipboard", { value: { writeText: async () => Promise.reject(new Error("not allowed")) }, configurable: true });
      await w?.click("copy");
      expect(copied).toHaveLength(1);
    } finally {
      if (before) Object.defineProperty(nav, "clipboard", before);
      else delete nav.clipboard;
    }
    // A player gets a notice, not the report.
    expect(await t.player.run(() => showWorldCheck())).toBeNull();
    expect(t.player.notifications.at(-1)?.message).toBe("Only a GM may do that.");
  });

  it.each([
    ["shadowdark", "Shadowdark RPG", "Shadowdark"],
    ["dcc", "Dungeon Crawl Classics", "DCC"],
  ])("in %s, says the module reads it, with its hit-point paths", (id, title, label) => {
    const t = makeTable({ world: { system: { id, title, sheets: "v2" } } });
    const rows = Object.fromEntries(t.gm.run(() => checkWorld()).sections.flatMap((s) => s.rows.map((r) => [r.label, `${r.level} ${r.value}`])));
    expect(rows["Read by the module"]).toBe(`ok yes: ${label}`);
    expect(Object.values(rows)).toContain("info system.attributes.hp.value / system.attributes.hp.max");
  });

  it("in a system the module does not read, says so, and names the creatures it knows nothing of", () => {
    const t = makeTable();
    const bare = t.world.addActor("Wolf", { attributes: { hp: { value: 11, max: 11 } } });
    t.world.addToken(t.fighterToken.parent, bare, { linked: false });
    const rows = Object.fromEntries(t.gm.run(() => checkWorld()).sections.flatMap((s) => s.rows.map((r) => [r.label, `${r.level} ${r.value}`])));
    expect(rows["Read by the module"]).toMatch(/^warn not a system the module knows/);
    expect(rows.Wolf).toBe("warn nothing read from this sheet and no values set by the GM: ordinary values stand in");
    expect(rows.Fighter).toMatch(/^ok ready/);
  });
});

describe("the GM's damage correction writes where the system keeps temporary damage", () => {
  it("adnd2e keeps it in hp.nonlethal: the ledger shows it and the correction lands there", async () => {
    const t = makeTable({ world: { system: ADND2E_LIKE } });
    (t.fighter.system as { attributes: { hp: Record<string, number> } }).attributes.hp.nonlethal = 5;
    const { ledgerRows, openLedgerEditor } = await import("../../src/foundry/ui/ledger.ts");
    expect(t.gm.run(() => ledgerRows([t.fighterToken.uuid]))[0]?.temporary).toBe(5);
    t.world.onDialog = async (d) => {
      (d.form.elements.namedItem(`temporary.${t.fighterToken.uuid}`) as HTMLInputElement).value = "2";
      return d.press("save");
    };
    await t.gm.run(() => openLedgerEditor([t.fighterToken.uuid]));
    expect((t.fighter.system as { attributes: { hp: Record<string, number> } }).attributes.hp.nonlethal).toBe(2);
    expect(t.fighter.getFlag(M, "temporary")).toBeUndefined();
  });
});
