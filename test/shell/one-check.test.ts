// @vitest-environment happy-dom
// Issue 33, "one check for every way in" (findings 9, 10, 11, 13, 15): whether a creature may act
// on another now is asked by one function (gm/verdict.ts) from every way in, and the GM's tab
// enforces it whatever a player's client did. Each way in is tried with the goblin two squares
// away (out of reach: 000 lets a creature grapple or pummel only what stands beside it) and with
// the goblin hidden by the GM (a player cannot act on a token they cannot see). Expected values
// come from the rules' text (one weaponless routine a round, 000) and Foundry's public API (a
// hidden token is visible to GMs only; ContextMenuEntry has no disabled state), not from our code.
import { beforeEach, describe, expect, it } from "vitest";
import { addButtons } from "../../src/foundry/hooks/token-hud.ts";
import { answerStrike } from "../../src/foundry/cards/request-card.ts";
import { openProfileForm } from "../../src/foundry/ui/profile-form.ts";
import type { FakeActor, FakeChatMessage, FakeClient, FakeCombat, FakeToken } from "../fake-foundry/world.ts";
import { FakeWorld } from "../fake-foundry/world.ts";
import { registerHooks } from "../../src/foundry/hooks/index.ts";
import { place } from "./movement-setup.ts";
import { addWalls } from "../fake-foundry/walls.ts";
import type { Table } from "./setup.ts";
import { M, makeTable } from "./setup.ts";
import { readFileSync } from "node:fs";

let t: Table;
let combat: FakeCombat;

type Api = { act(intent: unknown): Promise<{ kind: string; key?: string; overridable?: boolean }>; use(action: string): Promise<unknown> };
const api = (c: FakeClient) => c.run(() => (game.modules.get(M as never) as unknown as { api: Api }).api);
const hp = (a: FakeActor) => (a.system as { attributes: { hp: { value: number } } }).attributes.hp.value;
const cards = () => t.world.messages.contents.filter((m) => m.getFlag(M, "card" as never));
const temporary = (a: FakeActor) => (a.getFlag(M, "temporary" as never) as number | undefined) ?? 0;
const said = (c: FakeClient) => c.notifications.map((n) => n.message);

async function settle(): Promise<void> {
  for (let i = 0; i < 6; i++) {
    await new Promise((r) => setTimeout(r, 0));
    await t.world.settle();
  }
}

const target = (client: FakeClient, token: FakeToken) => {
  client.user.targets.clear();
  client.user.targets.add(token.object);
};

function hud(c: FakeClient, token: FakeToken): HTMLElement {
  return c.run(() => {
    const html = document.createElement("div");
    html.innerHTML = `<div class="col left"></div><div class="col middle"></div><div class="col right"></div>`;
    addButtons({ document: token as never }, html);
    return html;
  });
}
async function palette(c: FakeClient, token: FakeToken): Promise<HTMLElement> {
  const html = hud(c, token);
  await c.run(async () => {
    html.querySelector<HTMLButtonElement>("[data-wc-palette-toggle]")?.click();
    for (let i = 0; i < 30 && !html.querySelector(".wc-hud__palette:not([hidden])"); i++) await new Promise((r) => setTimeout(r, 0));
  });
  return html;
}
const entry = (html: HTMLElement, action: string) => html.querySelector<HTMLButtonElement>(`.wc-hud__palette [data-wc-action="${action}"]`);

/** Two squares between them: the goblin is not beside the fighter. */
function goblinFar(): void {
  place(t.fighterToken, 5, 5);
  place(t.goblinToken, 8, 5);
  place(t.ogreToken, 20, 20);
}
/** Beside each other, the goblin hidden by the GM (an ambush the player cannot see). */
function goblinHidden(): void {
  place(t.fighterToken, 5, 5);
  place(t.goblinToken, 6, 5);
  place(t.ogreToken, 20, 20);
  t.goblinToken.hidden = true;
}

/** Beside each other on the map, the goblin on a ledge 30 ft up (issue 33, K2). */
function goblinAbove(): void {
  place(t.fighterToken, 5, 5);
  place(t.goblinToken, 6, 5, 30);
  place(t.ogreToken, 20, 20);
}
/** Ten squares apart, the fighter's token stretched to 12 by 12 (its owner may set its size; issue 33, K1). */
function fighterStretched(): void {
  place(t.fighterToken, 5, 5);
  place(t.goblinToken, 15, 5);
  place(t.ogreToken, 30, 30);
  t.fighterToken.width = 12;
  t.fighterToken.height = 12;
}
/** Beside each other, a locked door on the line between the two squares (issue 33, K3). */
function goblinWalled(): void {
  place(t.fighterToken, 5, 5);
  place(t.goblinToken, 6, 5);
  place(t.ogreToken, 20, 20);
  const size = t.fighterToken.parent.grid.sizeX;
  addWalls(t.fighterToken.parent, [{ c: [6 * size, 4 * size, 6 * size, 7 * size], door: 1, ds: 2 }]);
}

const grapple = { action: "grapple", attackerUuid: "", defenderUuid: "", declared: {} };
const atGoblin = (action = "grapple") => ({ ...grapple, action, attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid });

/** Nothing was carried out against the goblin: no card, no damage, no hold. */
function nothingDone(): void {
  expect(cards()).toHaveLength(0);
  expect(hp(t.goblinToken.actor)).toBe(5);
  expect([...t.goblinToken.actor.effects].filter((e) => e.getFlag(M, "hold" as never))).toHaveLength(0);
}

/** The public card never names a hidden goblin. */
function goblinNotNamed(): void {
  for (const m of t.world.messages.contents) expect(m.content).not.toContain("Goblin");
}

describe.each([13, 14] as const)("Foundry v%i", (generation) => {
  beforeEach(() => {
    t = makeTable({ world: { generation } });
    t.fighterToken.disposition = 1;
    t.goblinToken.disposition = -1;
    t.ogreToken.disposition = -1;
    combat = t.world.addCombat([t.fighterToken, t.goblinToken, t.ogreToken], 1);
    // Any roll hits, so that a grapple carried out would leave a card and a hold.
    t.world.fallbackFace = (s) => s;
    t.world.onDialog = async (d) => d.press(d.config.buttons[0]?.action ?? "");
  });

  describe.each([
    ["out of reach", goblinFar, "Goblin is out of reach"],
    ["hidden by the GM", goblinHidden, "Your side cannot see that creature."],
    ["30 ft up beside the fighter", goblinAbove, "Goblin is out of reach"],
    ["behind a locked door beside the fighter", goblinWalled, "Goblin is behind a wall or a closed door"],
    ["ten squares off while the fighter's token is stretched over it", fighterStretched, "Goblin is out of reach"],
  ] as const)("finding 9/10: a target %s is refused from every way in", (_what, setUp, reason) => {
    beforeEach(() => setUp());

    it("a player's request card posted by hand (any console can): the GM's tab refuses it, and says why", async () => {
      const m = (await t.player.run(() => ChatMessage.create({ content: "", whisper: [t.gmUser.id, t.alice.id], flags: { [M]: { request: { state: "pending", ask: { kind: "action", intent: atGoblin() } } } } } as never))) as unknown as FakeChatMessage;
      await settle();
      nothingDone();
      const left = t.world.messages.get(m.id) as FakeChatMessage | undefined;
      // Refused with its reason (or already read and removed by its author's client).
      if (left) expect(left.getFlag(M, "request" as never)).toMatchObject({ state: "refused" });
      if (reason.startsWith("Your side")) goblinNotNamed();
    });

    it("the API's act from the player's client: refused, and nothing reaches the goblin", async () => {
      const out = await t.player.run(() => api(t.player).act(atGoblin("pummel")));
      await settle();
      expect(out.kind).toBe("refused");
      nothingDone();
      expect(said(t.player).join(" ")).toContain(reason);
      if (reason.startsWith("Your side")) goblinNotNamed();
    });

    it("a macro (api.use with the controlled token and the target): refused, no dialog's roll reaches the GM", async () => {
      t.player.canvas.tokens.controlled = [{ document: t.fighterToken }];
      target(t.player, t.goblinToken);
      await t.player.run(() => api(t.player).use("grapple"));
      await settle();
      nothingDone();
      expect(said(t.player).join(" ")).toContain(reason);
    });

    it("the combat tracker's menu: the action is not offered; shown refused (its own icon), its click says why and carries nothing out", async () => {
      target(t.player, t.goblinToken);
      const id = combat.combatants.find((c) => c.token === t.fighterToken)?.id ?? "";
      const menu = t.player.ui.combat.contextMenu(id);
      expect(menu.labels).not.toContain("WC.Action.grapple");
      expect(menu.labels).not.toContain("WC.Action.pummel");
      expect(menu.labels).toContain("Grapple: refused (click for the reason)");
      expect(menu.labels).toContain("Pummel: refused (click for the reason)");
      menu.pick("Grapple: refused (click for the reason)");
      await settle();
      expect(said(t.player).join(" ")).toContain(reason);
      nothingDone();
      if (reason.startsWith("Your side")) goblinNotNamed();
    });

    it("the combat tracker's menu opened while the goblin stood beside: a pick after it is refused, and the GM's tab carries nothing out", async () => {
      place(t.goblinToken, 6, 5);
      t.goblinToken.hidden = false;
      const walls = (t.fighterToken.parent as unknown as { walls?: { keys(): Iterable<string>; delete(id: string): boolean } }).walls;
      for (const id of [...(walls?.keys() ?? [])]) walls?.delete(id);
      target(t.player, t.goblinToken);
      const id = combat.combatants.find((c) => c.token === t.fighterToken)?.id ?? "";
      const menu = t.player.ui.combat.contextMenu(id);
      expect(menu.labels).toContain("WC.Action.grapple");
      setUp();
      menu.pick("WC.Action.grapple");
      await settle();
      nothingDone();
      expect(said(t.player).join(" ")).toContain(reason);
    });

    it("the token HUD's palette: greyed with the reason, and a click carries nothing out", async () => {
      target(t.player, t.goblinToken);
      const html = await palette(t.player, t.fighterToken);
      const b = entry(html, "grapple");
      expect(b?.getAttribute("aria-disabled")).toBe("true");
      expect(b?.dataset.tooltip).toContain(reason);
      await t.player.run(async () => b?.click());
      await settle();
      nothingDone();
    });

    it("a player's request asking for a GM's call is refused all the same", async () => {
      await t.player.run(() => ChatMessage.create({ content: "", whisper: [t.gmUser.id, t.alice.id], flags: { [M]: { request: { state: "pending", ask: { kind: "action", intent: { ...atGoblin(), gmCall: true } } } } } } as never));
      await settle();
      nothingDone();
    });
  });

  describe("the GM's call", () => {
    it("the GM's own act out of reach is refused as one the GM may set aside; set aside, the card names it", async () => {
      goblinFar();
      place(t.ogreToken, 11, 5);
      const ogreFar = await t.gm.run(() => api(t.gm).act({ ...grapple, attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid }));
      expect(ogreFar).toMatchObject({ kind: "refused", key: "WC.Hud.outOfReach", overridable: true });
      expect(cards()).toHaveLength(0);
      const out = await t.gm.run(() => api(t.gm).act({ ...grapple, attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid, gmCall: true }));
      await settle();
      expect(out.kind).toBe("done");
      const card = cards()[0] as FakeChatMessage;
      expect(card.getFlag(M, "card" as never)).toMatchObject({ gmCall: { key: "WC.Hud.outOfReach" } });
      const box = document.createElement("div");
      box.innerHTML = card.content;
      expect(box.querySelector(".wc-card__gm-call")?.textContent).toMatch(/GM's call.*Fighter is out of reach/);
    });

    it("a question between the GM's call and the roll: the card made from the answer still names the GM's call", async () => {
      // The ogre is out cold (the host's unconscious status): the one check refuses its charge,
      // a refusal the GM may set aside. A charge on the player's fighter asks the fighter's
      // player first (000: a first strike against a charger), so a question card comes between.
      await t.gm.run(() => t.ogreToken.actor.createEmbeddedDocuments("ActiveEffect", [{ name: "Out cold", statuses: ["unconscious"], duration: {} }] as never));
      place(t.fighterToken, 5, 5);
      place(t.ogreToken, 7, 5);
      const charge = { ...grapple, action: "chargingOverbear", attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid };
      expect(await t.gm.run(() => api(t.gm).act(charge))).toMatchObject({ kind: "refused", key: "WC.Refuse.unconscious", overridable: true });
      const asked = await t.gm.run(() => api(t.gm).act({ ...charge, gmCall: true }));
      await settle();
      expect(asked.kind).toBe("waiting");
      expect(cards()).toHaveLength(0);
      const question = t.world.messages.contents.find((m) => m.getFlag(M, "strike" as never)) as FakeChatMessage;
      const out = await t.player.run(() => answerStrike(question as never, "none"));
      await settle();
      expect(out.kind).toBe("done");
      const card = cards()[0] as FakeChatMessage;
      expect(card.getFlag(M, "card" as never)).toMatchObject({ gmCall: { key: "WC.Refuse.unconscious" } });
      const box = document.createElement("div");
      box.innerHTML = card.content;
      expect(box.querySelector(".wc-card__gm-call")?.textContent).toMatch(/GM's call.*Ogre/);
    });

    it("from the GM's palette: the greyed entry asks, and the answer 'leave it' carries nothing out", async () => {
      goblinFar();
      target(t.gm, t.fighterToken);
      place(t.ogreToken, 11, 5);
      let asked = "";
      t.world.onDialog = async (d) => {
        asked = d.config.buttons.map((b: { label: string }) => b.label).join("|");
        return d.press("cancel");
      };
      const html = await palette(t.gm, t.ogreToken);
      const b = entry(html, "grapple");
      expect(b?.getAttribute("aria-disabled")).toBe("true");
      await t.gm.run(async () => b?.click());
      await settle();
      expect(asked).toContain("Carry out as GM's call");
      expect(cards()).toHaveLength(0);
    });
  });

  it("finding 13: the palette greys an action the player's creature already used this round, with the rules' reason", async () => {
    t.world.fallbackFace = () => 1;
    target(t.player, t.goblinToken);
    const first = await t.player.run(() => api(t.player).act(atGoblin("pummel")));
    await settle();
    expect(first.kind).toBe("done");
    const html = await palette(t.player, t.fighterToken);
    for (const action of ["grapple", "pummel"]) {
      const b = entry(html, action);
      expect(b?.getAttribute("aria-disabled")).toBe("true");
      // 000: one weaponless attack routine a round.
      expect(b?.dataset.tooltip).toMatch(/again this round/);
    }
  });

  it("the tracker's refused entry: its reason names the target made plain (a notice is HTML, C-71)", async () => {
    goblinFar();
    t.goblinToken.name = `<img src=x onerror="alert(1)">Gob`;
    target(t.player, t.goblinToken);
    const id = combat.combatants.find((c) => c.token === t.fighterToken)?.id ?? "";
    t.player.ui.combat.contextMenu(id).pick("Grapple: refused (click for the reason)");
    await settle();
    const words = said(t.player).join(" ");
    expect(words).toContain("Gob is out of reach");
    expect(words).not.toContain("<img");
    nothingDone();
  });

  it("finding 13: lift off on a creature neither held nor flying gives that reason, not 'cannot act against itself'", async () => {
    target(t.player, t.fighterToken);
    t.player.canvas.tokens.controlled = [{ document: t.fighterToken }];
    await t.player.run(() => api(t.player).use("liftOff"));
    const out = await t.player.run(() => api(t.player).act({ ...grapple, action: "liftOff", attackerUuid: t.fighterToken.uuid, defenderUuid: t.fighterToken.uuid }));
    await settle();
    expect(out.kind).toBe("refused");
    const words = said(t.player).join(" ");
    expect(words).toContain("Fighter is neither held nor able to fly.");
    expect(words).not.toContain("against itself");
  });

  it("finding 11: a player who makes their creature neutral beside the GM's neutral goblin is still in melee, and heals no temporary damage", async () => {
    place(t.fighterToken, 5, 5);
    place(t.goblinToken, 6, 5);
    place(t.ogreToken, 20, 20);
    t.goblinToken.disposition = 0;
    t.fighter.flags[M] = { ...(t.fighter.flags[M] as object), temporary: 3 };
    await t.player.run(() => t.fighterToken.update({ disposition: 0 } as never));
    await t.gm.run(() => combat.update({ round: 2 }, { direction: 1 }));
    await settle();
    expect(temporary(t.fighter)).toBe(3);
  });
});

describe("finding 15: names reaching a tooltip are made plain", () => {
  it("the profile form the GM opens: an armour's name with markup reaches no tooltip as a tag", async () => {
    const fx = JSON.parse(readFileSync("test/systems/fixtures/ose/fighter-chain.json", "utf8")) as { name: string; type: string; system: Record<string, unknown>; items: Array<{ name: string; type: string; system: Record<string, unknown> }> };
    const w = new FakeWorld();
    w.systemId = "ose";
    const gmUser = w.addUser("Gamemaster", true);
    const gm = w.connect(gmUser, registerHooks);
    gm.run(() => gm.game.settings.register("ose", "ascendingAC", { scope: "world", default: false }));
    const scene = w.addScene();
    const items = fx.items.map((i) => (i.name === "Chain mail" ? { ...i, name: '<img src=x onerror="alert(1)">Chain mail' } : i));
    const actor = w.addActor(fx.name, fx.system, {}, { type: fx.type, items });
    w.addToken(scene, actor);
    let tooltips: string[] = [];
    w.onDialog = async (d) => {
      tooltips = [...d.form.querySelectorAll<HTMLElement>("[data-tooltip]")].map((el) => el.dataset.tooltip ?? "");
      return d.press("cancel");
    };
    await gm.run(() => openProfileForm(actor as never));
    // The armour's name is in the form's tooltips (where its kind was read from) ...
    expect(tooltips.some((x) => x.includes("Chain mail"))).toBe(true);
    // ... but never as a tag Foundry's tooltip would draw.
    for (const x of tooltips) expect(x).not.toMatch(/<img/i);
  });
});
