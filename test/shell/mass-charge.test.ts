// @vitest-environment happy-dom
// 000's mass charge worked examples, reached from tokens standing on a scene.
import { describe, expect, it, vi } from "vitest";
import { chargeFromCanvas } from "../../src/foundry/gm/mass-charge.ts";
import { openMassCharge } from "../../src/foundry/ui/mass-charge-dialog.ts";
import { d12 } from "../../src/rules/index.ts";
import { bindCard } from "../../src/foundry/hooks/chat.ts";
import type { FakeChatMessage, FakeToken } from "../fake-foundry/world.ts";
import { d12Profile, M, makeTable } from "./setup.ts";

/** Six fighters (one with Str 18) across the hall at y = 0; twenty gnolls in rows coming from above. */
function hall(widthSquares: number, gnollsPerRow: number) {
  const t = makeTable();
  const scene = t.fighterToken.parent;
  const fighters: FakeToken[] = [];
  for (let i = 0; i < 6; i++) {
    const a = t.world.addActor(`Fighter ${i + 1}`, { attributes: { hp: { value: 40, max: 40 } } });
    a.flags[M] = { profile: { "d12-holds": d12Profile(i === 5 ? { strength: { score: 18 } } : {}) } };
    fighters.push(t.world.addToken(scene, a, { x: Math.round((i * (widthSquares - 1) * 100) / 5), y: 0 }));
  }
  const gnoll = t.world.addActor("Gnoll", { attributes: { hp: { value: 11, max: 11 } } });
  gnoll.flags[M] = { profile: { "d12-holds": d12Profile({ kind: "monster", size: "L" }) } };
  const gnolls: FakeToken[] = [];
  for (let i = 0; i < 20; i++) {
    const row = Math.floor(i / gnollsPerRow);
    const col = i % gnollsPerRow;
    gnolls.push(t.world.addToken(scene, gnoll, { linked: false, name: `Gnoll ${i + 1}`, x: Math.round((col * (widthSquares - 1) * 100) / Math.max(1, gnollsPerRow - 1)), y: -200 - row * 100 }));
  }
  return { t, fighters, gnolls };
}

/** The GM selects the gnolls and targets the fighters. */
async function select(t: ReturnType<typeof hall>["t"], fighters: FakeToken[], gnolls: FakeToken[]): Promise<void> {
  await t.gm.run(async () => {
    t.gm.canvas.tokens.controlled = gnolls.map((g) => g.object);
    t.gmUser.targets.clear();
    for (const f of fighters) t.gmUser.targets.add(f.object);
  });
}

/** ... ticks three gnolls killed behind a doubling obstacle, and the dice come: d100 50, then the saves. */
async function charging(t: ReturnType<typeof hall>["t"], fighters: FakeToken[], gnolls: FakeToken[]): Promise<void> {
  await select(t, fighters, gnolls);
  t.world.onDialog = async (d) => {
    for (const g of gnolls.slice(0, 3)) (d.form.elements.namedItem(`killed.${g.uuid}`) as HTMLInputElement).checked = true;
    (d.form.elements.namedItem("obstacle") as HTMLSelectElement).value = "double";
    return d.press("roll");
  };
  t.world.script([[100, 50], [20, 11], [20, 12], [20, 5], [20, 20], [20, 9], [20, 18]]);
}

describe("mass charge from token positions (000 §Mass charge)", () => {
  const o = d12.D12_DEFAULTS;

  it("a 20-ft hall: five gnolls to a rank, 3 killed up front, fire doubling: 38 against 26, 54%", () => {
    const { t, fighters, gnolls } = hall(4, 5);
    const c = t.gm.run(() => chargeFromCanvas(gnolls as never, fighters as never, o));
    expect(c.frontFeet).toBe(20);
    expect(c.defenders.map((d) => d.unit.rank)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(c.attackers.map((a) => a.unit.rank)).toEqual([1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4]);
    const killed = new Set(c.attackers.slice(0, 3).map((a) => a.unit.id));
    const chance = d12.massChargeChance({ attackers: c.attackers.map((a) => ({ ...a.unit, killed: killed.has(a.unit.id) })), defenders: c.defenders.map((d) => d.unit), obstacle: "double" }, o);
    expect("chance" in chance && [chance.attackers.total, chance.defenderTotal, chance.chance]).toEqual([38, 26, 54]);
  });

  it("a 40-ft front: all twenty gnolls in the first ranks, 3 killed: 51 against 26, 80%", () => {
    const { t, fighters, gnolls } = hall(8, 10);
    const c = t.gm.run(() => chargeFromCanvas(gnolls as never, fighters as never, o));
    expect(c.frontFeet).toBe(40);
    expect(Math.max(...c.attackers.map((a) => a.unit.rank))).toBe(2);
    const killed = new Set(c.attackers.slice(0, 3).map((a) => a.unit.id));
    const chance = d12.massChargeChance({ attackers: c.attackers.map((a) => ({ ...a.unit, killed: killed.has(a.unit.id) })), defenders: c.defenders.map((d) => d.unit), obstacle: "double" }, o);
    expect("chance" in chance && [chance.attackers.total, chance.defenderTotal, chance.chance]).toEqual([51, 26, 80]);
  });

  it("the GM's dialog: tick the dead, roll, and the failed Strength saves go down", async () => {
    const { t, fighters, gnolls } = hall(4, 5);
    // d100 50 against 54%: the charge breaks through. Saves d20 against Str (unknown M: 11; one has 18):
    // 11 pushed aside, 12 down, 5 pushed, 20 down, 9 pushed, 18 (Str 18) pushed.
    await charging(t, fighters, gnolls);
    const message = await t.gm.run(() => openMassCharge());
    expect(t.world.scriptedLeft).toBe(0);
    expect(message?.content).toContain("d100 50 against 54%");
    // The three killed chargers are named apart, struck through.
    expect(message?.content).toMatch(/Killed before striking<\/span> <s>Gnoll \d+, Gnoll \d+, Gnoll \d+<\/s>/);
    const down = fighters.filter((f) => f.actor.statuses.has("prone")).map((f) => f.name);
    expect(down).toEqual(["Fighter 2", "Fighter 4"]);
    expect(message?.content).toContain("Chargers who may press on: 11; chargers who must stay engaged: 6");
  });

  it("the dialog is one table: both sides under the same columns, sizes in words, only chargers can be ticked killed", async () => {
    const { t, fighters, gnolls } = hall(4, 5);
    await select(t, fighters, gnolls);
    let html = "";
    t.world.onDialog = async (d) => {
      html = d.form.innerHTML;
      return null;
    };
    await t.gm.run(() => openMassCharge());
    const box = document.createElement("div");
    box.innerHTML = html;
    expect(box.querySelectorAll("table")).toHaveLength(1);
    expect([...box.querySelectorAll("thead th")].map((th) => th.textContent)).toEqual(["Creature", "Size", "Rank", "Killed first"]);
    const sides = [...box.querySelectorAll("tbody")];
    expect(sides.map((b) => b.querySelector(".wc-mass__side-title")?.textContent)).toEqual(["Chargers", "Holding the line"]);
    expect(sides.map((b) => b.querySelectorAll("input[name^='rank.']").length)).toEqual([gnolls.length, fighters.length]);
    expect(sides.map((b) => b.querySelectorAll("input[name^='killed.']").length)).toEqual([gnolls.length, 0]);
    // Every row has the same cells, so the rank boxes stand in one column.
    for (const row of box.querySelectorAll("tbody tr:not(.wc-mass__side-title)")) {
      expect(row.children).toHaveLength(4);
      expect(row.children[2]?.querySelector("input[name^='rank.']")).not.toBeNull();
      expect(row.children[1]?.textContent).toMatch(/^(Small|Medium|Large)$/);
    }
  });

  it("its card carries the state, Undo and Adjust damage for the GM (none for players), and Undo stands the fallen back up", async () => {
    const { t, fighters, gnolls } = hall(4, 5);
    await charging(t, fighters, gnolls);
    const message = (await t.gm.run(() => openMassCharge())) as unknown as FakeChatMessage;
    expect(message.content).toContain("Applied");
    const seen = (client: typeof t.gm) =>
      client.run(() => {
        const html = document.createElement("li");
        html.innerHTML = message.content;
        bindCard(message as never, html);
        return { html, buttons: [...html.querySelectorAll<HTMLButtonElement>("button")].filter((b) => !b.hidden).map((b) => b.textContent) };
      });
    expect(seen(t.player).buttons).toEqual([]);
    const gm = seen(t.gm);
    expect(gm.buttons).toEqual(["Undo", "Adjust damage"]);
    expect(fighters.filter((f) => f.actor.statuses.has("prone"))).toHaveLength(2);
    await t.gm.run(async () => gm.html.querySelector<HTMLButtonElement>('[data-wc-action="undo"]')?.click());
    await t.world.settle();
    expect(fighters.filter((f) => f.actor.statuses.has("prone"))).toEqual([]);
    expect(message.getFlag(M, "massCharge")).toMatchObject({ state: "undone" });
    expect(message.content).toContain("Undone");
  });

  /** Another GM tab: its own copy of the module, as a browser tab has. */
  async function secondTab(t: ReturnType<typeof hall>["t"]) {
    vi.resetModules();
    return t.world.connect(t.gmUser, (await import("../../src/foundry/hooks/index.ts")).registerHooks);
  }
  const press = (client: ReturnType<typeof hall>["t"]["gm"], message: FakeChatMessage, action: string, bind: typeof bindCard) =>
    client.run(() => {
      const html = document.createElement("li");
      html.innerHTML = message.content;
      bind(message as never, html);
      html.querySelector<HTMLButtonElement>(`[data-wc-action="${action}"]`)?.click();
    });

  it("two GM tabs pressing Apply at once apply it once; the second is told it is done", async () => {
    const { t, fighters, gnolls } = hall(4, 5);
    await t.gm.run(() => game.settings.set(M, "automation", "confirm"));
    await charging(t, fighters, gnolls);
    const message = (await t.gm.run(() => openMassCharge())) as unknown as FakeChatMessage;
    expect(message.getFlag(M, "massCharge")).toMatchObject({ state: "pending" });
    const other = await secondTab(t);
    const otherBind = (await import("../../src/foundry/hooks/chat.ts")).bindCard;
    const before = t.world.writes.length;
    press(t.gm, message, "apply", bindCard);
    press(other, message, "apply", otherBind);
    await t.world.settle();
    expect(message.getFlag(M, "massCharge")).toMatchObject({ state: "applied" });
    expect(fighters.filter((f) => f.actor.statuses.has("prone"))).toHaveLength(2);
    expect([...t.gm.notifications, ...other.notifications].map((n) => n.message)).toContain("This card has been dealt with already.");
    // The Apply named in the ledger with its undo record, the two fallen fighters written, the card
    // marked applied: one write of the card, no second round of writes.
    const writes = t.world.writes.slice(before);
    expect(writes.filter((w) => w.documentName === "ChatMessage")).toHaveLength(1);
    expect(writes.filter((w) => w.documentName === "Actor" || w.documentName === "ActiveEffect").length).toBeGreaterThan(0);
  });

  it("a GM tab that closes as it posts the card leaves it 'applying'; the GM's other tab finishes it", async () => {
    const { t, fighters, gnolls } = hall(4, 5);
    await charging(t, fighters, gnolls);
    await secondTab(t);
    t.gm.run(() => Hooks.on("createChatMessage", ((m: FakeChatMessage) => void (m.getFlag(M, "massCharge") && t.world.disconnect(t.gm, "lost"))) as never));
    void t.gm.run(() => openMassCharge());
    await t.world.settle();
    const message = t.world.messages.contents.find((m) => m.getFlag(M, "massCharge")) as FakeChatMessage;
    expect(message.getFlag(M, "massCharge")).toMatchObject({ state: "applied" });
    expect(fighters.filter((f) => f.actor.statuses.has("prone"))).toHaveLength(2);
  });

  it("a charge the obstacle forbids is a notice, not a card", async () => {
    const { t, fighters, gnolls } = hall(4, 5);
    await select(t, fighters, gnolls);
    t.world.onDialog = async (d) => {
      (d.form.elements.namedItem("obstacle") as HTMLSelectElement).value = "forbid";
      return d.press("roll");
    };
    expect(await t.gm.run(() => openMassCharge())).toBeNull();
    expect(t.gm.notifications.at(-1)?.message).toBe("Mass charge is not possible: A mass charge cannot cross this obstacle.");
    expect(t.world.messages.size).toBe(0);
  });

  it("players cannot start one", async () => {
    const { t } = hall(4, 5);
    expect(await t.player.run(() => openMassCharge())).toBeNull();
    expect(t.player.notifications.at(-1)?.message).toBe("Only a GM may do that.");
  });
});
