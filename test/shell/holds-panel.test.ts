// @vitest-environment happy-dom
// The holds panel (issue 31): opened from the token controls and the combat tracker's header, it
// lists every hold on the scene with the chance its held creature breaks it, offers the GM
// Release, Undo and Show, shows a player only what the tethers would and only Show, follows the
// holds as they change and writes nothing. Expected chances are worked by hand from the seeds:
// 000: d12 + the hold's size factor (the holder's size adjustment undone) against 10 (11 with
// three holders); 002: the held creature's d20 grapple die must reach the die that made the hold.
import { beforeAll, describe, expect, it } from "vitest";
import { holdEffectPair } from "../../src/foundry/documents/holds.ts";
import { keptHold } from "../../src/foundry/documents/ledger.ts";
import { writeAll } from "../../src/foundry/gm/writes.ts";
import { tetherBoard } from "../../src/foundry/map/tether-scene.ts";
import { HOLDS_PANEL, panelView, REFRESH_MS, releaseHold, showHold, undoHold } from "../../src/foundry/ui/holds-panel.ts";
import type { HoldRecord } from "../../src/rules/index.ts";
import { enableCanvas } from "../fake-foundry/canvas.ts";
import type { FakeApplicationV2 } from "../fake-foundry/apps.ts";
import type { FakeClient, FakeCombat, FakeToken } from "../fake-foundry/world.ts";
import { sceneControls } from "../fake-foundry/world.ts";
import { d12Hold, place, putHold, settleMoves } from "./movement-setup.ts";
import type { Table } from "./setup.ts";
import { M, makeTable, tableFor } from "./setup.ts";

beforeAll(async () => {
  await enableCanvas();
});

const PANEL_ID = `${M}-${HOLDS_PANEL.id}`;
const panelOf = (c: FakeClient): FakeApplicationV2 | undefined => c.windows.find((w) => w.id === PANEL_ID);

/** A hold made in a combat, kept in that combat's ledger as the GM's tab keeps it. */
async function holdIn(t: Table, combat: FakeCombat, holder: FakeToken, held: FakeToken, label: string, data: Record<string, unknown>, variant = "d12-holds"): Promise<HoldRecord> {
  const record: HoldRecord = { id: String(data.id), holderId: holder.uuid, heldId: held.uuid, label, data: { ...data, holderId: holder.uuid, heldId: held.uuid } };
  await t.gm.run(async () => {
    const [h, r] = holdEffectPair(record, held.actor as never, holder.actor as never, variant as never, `setup-${record.id}`);
    const stamp = (d: Record<string, unknown>) => ({ ...d, flags: { [M]: { ...((d.flags as Record<string, Record<string, unknown>>)[M] ?? {}), combat: combat.id } } });
    await writeAll({ actors: [h, r].map((x) => ({ actor: x.actor, creates: [stamp(x.data)], updates: [], deletes: [], data: {} })) });
  });
  return record;
}

/** The rows as the window draws them: each cell's text, and the buttons' actions. */
function rowsOf(c: FakeClient): Array<{ id: string; cells: string[]; buttons: string[] }> {
  const el = panelOf(c)?.element;
  if (!el) throw new Error(`no holds panel open on ${c.user.name}'s client`);
  return [...el.querySelectorAll<HTMLElement>("tbody tr")].map((tr) => ({
    id: tr.dataset.holdId ?? "",
    cells: [...tr.querySelectorAll("th, td")].map((x) => (x.textContent ?? "").replace(/\s+/g, " ").trim()).slice(0, 5),
    buttons: [...tr.querySelectorAll<HTMLElement>("button[data-action]")].map((b) => b.dataset.action ?? ""),
  }));
}

async function settle(t: Table): Promise<void> {
  await settleMoves(t.world);
}

/** Waits for the panel's redraw after a change (it waits REFRESH_MS for changes to settle). */
async function redrawn(t: Table): Promise<void> {
  await new Promise((r) => setTimeout(r, REFRESH_MS + 30));
  await settle(t);
}

/** The fighter (the player's) in a fight at round 2 with the ogre and the goblin, all side by side. */
function fight(generation: 13 | 14 = 13): { t: Table; combat: FakeCombat } {
  const t = makeTable({ world: { generation } });
  place(t.ogreToken, 4, 5);
  place(t.fighterToken, 5, 5);
  place(t.goblinToken, 6, 5);
  const combat = t.world.addCombat([t.fighterToken, t.goblinToken, t.ogreToken], 2);
  return { t, combat };
}

describe.each([13, 14] as const)("the holds panel on Foundry v%i", (generation) => {
  it("opens from a button in the token controls and lists each hold: holder → held, part, since, and the chance at the round's end", async () => {
    const { t, combat } = fight(generation);
    // The ogre (L) holds the fighter's arm: made at +1 (L on M), so the fighter breaks at -1: 11-12 of 12.
    await holdIn(t, combat, t.ogreToken, t.fighterToken, "WC.Part.arm", d12Hold("h1", "arm", "L", 1));
    // The goblin (S) holds the fighter's leg: made at -2, so the fighter breaks at +2: 8-12 of 12.
    await holdIn(t, combat, t.goblinToken, t.fighterToken, "WC.Part.leg", d12Hold("h2", "leg", "S", -2));
    const controls = sceneControls(t.gm, generation);
    const tool = controls.tools("tokens").find((x) => x.name === "weaponlessHolds");
    expect(tool).toMatchObject({ button: true, title: "WC.Panel.open", order: 3 });
    controls.click("tokens", "weaponlessHolds");
    await settle(t);
    expect(panelOf(t.gm)?.title).toBe("Holds on this scene");
    expect(rowsOf(t.gm)).toEqual([
      { id: "h2", cells: ["Goblin", "Fighter", "Leg", "Round 2", "41.7%"], buttons: ["release", "show"] },
      { id: "h1", cells: ["Ogre", "Fighter", "Arm", "Round 2", "16.7%"], buttons: ["release", "show"] },
    ]);
    expect(panelOf(t.gm)?.element.querySelector("thead")?.textContent).toContain("Breaks free at round's end");
  });

  it("opens from a button in the combat tracker's header, once however often it is pressed", async () => {
    const { t, combat } = fight(generation);
    await holdIn(t, combat, t.ogreToken, t.fighterToken, "WC.Part.arm", d12Hold("h1", "arm", "L", 1));
    const html = t.gm.ui.combat.render();
    const button = html.querySelector<HTMLButtonElement>(`.combat-tracker-header .encounter-controls .control-buttons.left .${M}-holds-open`);
    expect(button?.getAttribute("aria-label")).toBe("Holds on this scene");
    // Drawn again, the tracker keeps one button.
    expect(t.gm.ui.combat.render().querySelectorAll(`.${M}-holds-open`)).toHaveLength(1);
    t.gm.run(() => t.gm.ui.combat.element?.querySelector<HTMLButtonElement>(`.${M}-holds-open`)?.click());
    await settle(t);
    t.gm.run(() => t.gm.ui.combat.element?.querySelector<HTMLButtonElement>(`.${M}-holds-open`)?.click());
    await settle(t);
    expect(t.gm.windows.filter((w) => w.id === PANEL_ID)).toHaveLength(1);
    expect(rowsOf(t.gm).map((r) => r.id)).toEqual(["h1"]);
  });
});

describe("the holds panel", () => {
  it("three goblins on the fighter: 11 to beat while three hold, recounted after each break (T000-06's holds)", async () => {
    const t = makeTable();
    const second = t.world.addToken(t.fighterToken.parent, t.goblin, { linked: false, name: "Goblin B" });
    const third = t.world.addToken(t.fighterToken.parent, t.goblin, { linked: false, name: "Goblin C" });
    const combat = t.world.addCombat([t.fighterToken, t.goblinToken, t.ogreToken, second, third], 3);
    // Each S on M at -2: the fighter rolls d12+2 against 11 (9-12: 1/3), against 10 once one is off (8-12: 5/12).
    await holdIn(t, combat, t.goblinToken, t.fighterToken, "WC.Part.leg", d12Hold("g1", "leg", "S", -2));
    await holdIn(t, combat, second, t.fighterToken, "WC.Part.arm", d12Hold("g2", "arm", "S", -2));
    await holdIn(t, combat, third, t.fighterToken, "WC.Part.body", d12Hold("g3", "body", "S", -2));
    const view = t.gm.run(() => panelView());
    const p = Object.fromEntries(view.rows.map((r) => [r.id, r.p]));
    // In the ledger's order: 1/3; then 1/3*5/12 + 2/3*4/12 = 13/36; then 4/9*1/3 + 5/9*5/12 = 41/108.
    expect(p.g1).toBeCloseTo(1 / 3, 12);
    expect(p.g2).toBeCloseTo(13 / 36, 12);
    expect(p.g3).toBeCloseTo(41 / 108, 12);
    expect(view.rows.map((r) => r.chance)).toEqual(["33.3%", "36.1%", "38%"]);
  });

  it("a hold outside a fight, and one made this round: no chance, and the tooltip says why", async () => {
    const { t, combat } = fight();
    await putHold(t, t.goblinToken, t.ogreToken, "WC.Part.leg", d12Hold("out", "leg", "S", -6));
    await holdIn(t, combat, t.ogreToken, t.fighterToken, "WC.Part.arm", d12Hold("new", "arm", "L", 1, { roundGained: 2 }));
    const rows = t.gm.run(() => panelView().rows);
    expect(rows.find((r) => r.id === "out")).toMatchObject({ since: "Outside a fight", chance: "—", p: null, why: "Outside a fight: no round end comes" });
    expect(rows.find((r) => r.id === "new")).toMatchObject({ since: "Round 2", chance: "0%", p: 0, why: "Made this round: its first break roll came when it was made" });
  });

  it("grapple die (002): the chance of the held creature's own try, d20 against the die that made the hold", async () => {
    const t = await tableFor("grapple-die");
    t.world.addCombat([t.fighterToken, t.goblinToken, t.ogreToken], 2);
    for (const a of [t.fighter, t.goblin, t.ogre]) ((a.flags[M] as { profile: Record<string, Record<string, unknown>> }).profile["grapple-die"] as Record<string, unknown>).size = "M";
    // Two man-sized creatures of ordinary Strength, no other grappler: the fighter needs 14+ on a d20: 7 of 20.
    await putHold(t, t.ogreToken, t.fighterToken, "WC.Hold.armLock", { id: "g1", die: 14, name: "armLock", damage: { dice: { count: 1, sides: 2 }, flat: 0 }, effects: { defenderToHit: -2, handsUnusable: 1, noTwoWeapon: true, cannotRise: false, noSomaticSpells: false, noVerbalSpells: false, strangle: false }, holderSize: "M", heldSize: "M", roundGained: 1 }, "grapple-die");
    const view = t.gm.run(() => panelView());
    expect(view.labels.chance).toBe("Breaks free on its try");
    expect(view.rows[0]).toMatchObject({ id: "g1", chance: "35%", why: "Its next try to break free, as the rules make it" });
    expect(view.rows[0]?.p).toBeCloseTo(7 / 20, 12);
  });

  it("percentile (004): two who each hold the other may not break free: 0%, with the rules' reason", async () => {
    const t = await tableFor("percentile");
    const row = { category: 1, hold: "torsoGrab", damage: 0, effects: { targetMayCounter: true } };
    await putHold(t, t.ogreToken, t.fighterToken, "WC.Hold.torsoGrab", { id: "p1", row, original: true, special: false, roundGained: 1 }, "percentile");
    await putHold(t, t.fighterToken, t.ogreToken, "WC.Hold.torsoGrab", { id: "p2", row, original: true, special: false, roundGained: 1 }, "percentile");
    const rows = t.gm.run(() => panelView().rows);
    expect(rows.map((r) => [r.id, r.chance])).toEqual([
      ["p2", "0%"],
      ["p1", "0%"],
    ]);
    expect(rows[0]?.why).toBe("Each holds the other, so neither may break free");
  });

  it("the GM's Release: the ogre lets go with its card, and the panel follows", async () => {
    const { t } = fight();
    // The ogre grapples the fighter for real: d20 15 hits, d12 8 + 1 is a body hold, break 4 fails, 1d3 3.
    t.world.script([[20, 15], [12, 8], [12, 4], [3, 3]]);
    await t.gm.run(() => (game.modules.get(M as never) as unknown as { api: { act(i: unknown): Promise<unknown> } }).api.act({ action: "grapple", attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid, declared: {} }));
    await settle(t);
    await t.gm.run(() => import("../../src/foundry/ui/holds-panel.ts").then((m) => m.openHoldsPanel()));
    await settle(t);
    const [row] = rowsOf(t.gm);
    expect(row?.cells.slice(0, 3)).toEqual(["Ogre", "Fighter", "Body"]);
    expect(row?.buttons).toEqual(["release", "show", "undo"]);
    const cards = t.world.messages.size;
    await panelOf(t.gm)?.click("release");
    await settle(t);
    expect(t.gm.run(() => keptHold(row?.id ?? ""))).toBeUndefined();
    expect(t.world.messages.size).toBe(cards + 1);
    await redrawn(t);
    expect(rowsOf(t.gm)).toEqual([]);
    expect(panelOf(t.gm)?.element.textContent).toContain("No holds on this scene.");
  });

  it("the GM's Undo: the card that made the hold is undone, and the hold is gone", async () => {
    const { t } = fight();
    t.world.script([[20, 15], [12, 8], [12, 4], [3, 3]]);
    const out = (await t.gm.run(() => (game.modules.get(M as never) as unknown as { api: { act(i: unknown): Promise<{ messageId?: string }> } }).api.act({ action: "grapple", attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid, declared: {} }))) as { messageId?: string };
    await settle(t);
    const holdId = t.gm.run(() => panelView().rows[0]?.id ?? "");
    await t.gm.run(() => undoHold(holdId));
    await settle(t);
    expect(t.gm.run(() => keptHold(holdId))).toBeUndefined();
    expect((t.world.messages.get(out.messageId ?? "")?.getFlag(M, "card") as { state?: string } | undefined)?.state).toBe("undone");
  });

  it("a player's console calling Release and Undo through the panel's handlers: the GM's tab refuses both, and nothing changes", async () => {
    const { t } = fight();
    t.world.script([[20, 15], [12, 8], [12, 4], [3, 3]]);
    const made = (await t.gm.run(() => (game.modules.get(M as never) as unknown as { api: { act(i: unknown): Promise<{ messageId?: string }> } }).api.act({ action: "grapple", attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid, declared: {} }))) as { messageId?: string };
    await settle(t);
    const holdId = t.gm.run(() => panelView().rows[0]?.id ?? "");
    const before = t.world.writes.length;
    // Straight to the handlers the panel's buttons call, and through the window's own action map.
    const released = t.player.run(() => releaseHold(holdId));
    await settle(t);
    expect(await released).toMatchObject({ kind: "refused", key: "WC.Refuse.notOwner" });
    const undone = t.player.run(() => undoHold(holdId));
    await settle(t);
    expect(await undone).toMatchObject({ kind: "refused", key: "WC.Refuse.notGM" });
    await t.player.run(() => import("../../src/foundry/ui/holds-panel.ts").then((m) => m.openHoldsPanel()));
    await settle(t);
    const w = panelOf(t.player) as FakeApplicationV2;
    const target = t.player.document.createElement("button");
    target.dataset.holdId = holdId;
    const viaWindow = t.player.run(() => (w.options.actions?.release as (this: unknown, e: Event, el: HTMLElement) => Promise<void>).call(w, new Event("click"), target));
    await settle(t);
    await viaWindow;
    expect(t.gm.run(() => keptHold(holdId))).toBeDefined();
    expect((t.world.messages.get(made.messageId ?? "")?.getFlag(M, "card") as { state?: string } | undefined)?.state).toBe("applied");
    // The GM's tab wrote nothing but the refusals on the request cards (and their removal).
    expect(t.world.writes.slice(before).filter((w) => w.user === t.gmUser.id && w.documentName !== "ChatMessage")).toEqual([]);
    expect(t.player.notifications.filter((n) => n.level === "warn").map((n) => n.message)).toEqual(expect.arrayContaining([expect.stringContaining("Ogre"), "Only a GM may do that."]));
  });

  it("a player sees the holds whose two tokens they see, names as the tethers give them, and only Show", async () => {
    const { t, combat } = fight();
    await holdIn(t, combat, t.ogreToken, t.fighterToken, "WC.Part.arm", d12Hold("h1", "arm", "L", 1));
    await holdIn(t, combat, t.goblinToken, t.ogreToken, "WC.Part.leg", d12Hold("h2", "leg", "S", -6));
    t.goblinToken.hidden = true;
    for (const c of [t.gm, t.player]) await c.canvas.draw(t.fighterToken.parent);
    await settle(t);
    await t.player.run(() => import("../../src/foundry/ui/holds-panel.ts").then((m) => m.openHoldsPanel()));
    await settle(t);
    // The goblin is hidden: its hold is not there. The ogre's name is not shown to players on the
    // map (display mode none): "Someone". The chance of a hold on the player's own fighter is theirs.
    expect(rowsOf(t.player)).toEqual([{ id: "h1", cells: ["Someone", "Fighter", "Arm", "Round 2", "16.7%"], buttons: ["show"] }]);
    // What the fighter's vision does not show is not listed either.
    t.player.canvas.sees = (o) => o.document !== t.ogreToken;
    t.player.canvas.refreshVision();
    await redrawn(t);
    expect(rowsOf(t.player)).toEqual([]);
    // The GM sees both.
    expect(t.gm.run(() => panelView().rows.map((r) => r.id)).sort()).toEqual(["h1", "h2"]);
  });

  it("Show pans to the middle of the pair and sets their tether apart", async () => {
    const { t, combat } = fight();
    await holdIn(t, combat, t.ogreToken, t.fighterToken, "WC.Part.arm", d12Hold("h1", "arm", "L", 1));
    await t.gm.canvas.draw(t.fighterToken.parent);
    await settle(t);
    expect(await t.gm.run(() => showHold("h1"))).toBe(true);
    // Ogre at column 4, fighter at 5, row 5, 100-pixel squares: centres (450, 550) and (550, 550).
    expect(t.gm.canvas.pans).toEqual([{ x: 500, y: 550, duration: 250 }]);
    expect(t.gm.run(() => tetherBoard()?.spotlit())).toBe("h1");
  });

  it("follows the holds as they change, and writes nothing itself", async () => {
    const { t, combat } = fight();
    await holdIn(t, combat, t.ogreToken, t.fighterToken, "WC.Part.arm", d12Hold("h1", "arm", "L", 1));
    await t.gm.run(() => import("../../src/foundry/ui/holds-panel.ts").then((m) => m.openHoldsPanel()));
    await settle(t);
    expect(rowsOf(t.gm).map((r) => r.id)).toEqual(["h1"]);
    await holdIn(t, combat, t.goblinToken, t.fighterToken, "WC.Part.leg", d12Hold("h2", "leg", "S", -2));
    await redrawn(t);
    expect(rowsOf(t.gm).map((r) => r.id)).toEqual(["h2", "h1"]);
    await t.gm.run(() => t.ogreToken.update({ name: "Big Ogre" }));
    await redrawn(t);
    expect(rowsOf(t.gm).map((r) => r.cells[0])).toEqual(["Big Ogre", "Goblin"]);
    const mark = t.world.writes.length;
    for (let i = 0; i < 3; i++) await t.gm.run(() => panelOf(t.gm)?.render({ force: true }));
    t.gm.run(() => panelView());
    await redrawn(t);
    expect(t.world.writes.length).toBe(mark);
  });

  it("names are text everywhere: in the cells, the buttons' names and the tooltips", async () => {
    const { t, combat } = fight();
    t.ogreToken.name = `<img src=x onerror="window.pwned=1">Ogre`;
    await holdIn(t, combat, t.ogreToken, t.fighterToken, "WC.Part.arm", d12Hold("h1", "arm", "L", 1));
    await t.gm.run(() => import("../../src/foundry/ui/holds-panel.ts").then((m) => m.openHoldsPanel()));
    await settle(t);
    const el = panelOf(t.gm)?.element as HTMLElement;
    expect(el.querySelector("img")).toBeNull();
    expect(el.querySelector("tbody th")?.textContent).toBe(`<img src=x onerror="window.pwned=1">Ogre`);
    const release = el.querySelector<HTMLElement>("button[data-action=release]");
    expect(release?.getAttribute("aria-label")).not.toContain("<");
    expect(release?.dataset.tooltip).toBe(`‹img src=x onerror="window.pwned=1"›Ogre releases Fighter`);
    for (const b of el.querySelectorAll("button")) expect(b.getAttribute("aria-label")?.length ?? 0).toBeGreaterThan(0);
    expect([...el.querySelectorAll("thead th")].every((th) => th.getAttribute("scope") === "col")).toBe(true);
  });
});
