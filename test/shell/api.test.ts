// @vitest-environment happy-dom
// The module API on game.modules.get("weaponless-combat").api, as macros and other modules use
// it: act and odds on an intent, use (the HUD click's path), the tools, and the rules core.
import { beforeEach, describe, expect, it } from "vitest";
import * as rules from "../../src/rules/index.ts";
import type { StoredCard } from "../../src/foundry/base/types.ts";
import type { Table } from "./setup.ts";
import { M, makeTable } from "./setup.ts";

let t: Table;
beforeEach(() => {
  t = makeTable();
});

type Api = {
  moduleId: string;
  rules: unknown;
  act(i: unknown): Promise<{ kind: string; messageId?: string; key?: string }>;
  odds(i: unknown): Array<{ key: string; p: number }>;
  use(a: string): Promise<unknown>;
  renderCard(c: StoredCard): Promise<string>;
  massCharge(): Promise<unknown>;
  editProfile(a?: unknown): Promise<void>;
};
const api = (): Api => game.modules.get(M)?.api as unknown as Api;

describe("api", () => {
  it("is installed at init, with the module id and the rules core", () => {
    t.gm.run(() => {
      expect(api().moduleId).toBe("weaponless-combat");
      expect(api().rules).toBe(rules);
    });
  });

  it("act: the GM's intent without circumstances posts the card; a player's goes through the GM", async () => {
    t.world.script([[20, 20], [12, 6], [12, 1]]);
    const out = await t.gm.run(() => api().act({ action: "grapple", attackerUuid: t.ogreToken.uuid, defenderUuid: t.goblinToken.uuid }));
    expect(out.kind).toBe("done");
    expect(t.world.messages.get(out.messageId ?? "")?.getFlag(M, "card")).toMatchObject({ intent: { action: "grapple", declared: {} } });
    const refused = await t.player.run(() => api().act({ action: "grapple", attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid }));
    expect(refused).toMatchObject({ kind: "refused", key: "WC.Refuse.notOwner" });
  });

  it("odds: every outcome of the intent, adding up to 1, nothing rolled or written", () => {
    const mark = t.world.writes.length;
    const odds = t.player.run(() => api().odds({ action: "grapple", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }));
    expect(odds.length).toBeGreaterThan(2);
    expect(odds.reduce((s, o) => s + o.p, 0)).toBeCloseTo(1, 12);
    // Needs 10 with +2 for the goblin's slow speed: 13 faces of 20 hit, so a miss is 7 in 20.
    expect(odds.find((o) => o.key === "WC.Result.miss")?.p).toBeCloseTo(0.35, 12);
    expect(t.world.writes.length).toBe(mark);
    expect(t.world.scriptedLeft).toBe(0);
  });

  it("use: the one controlled token acts on the target; none or several controlled is refused", async () => {
    t.world.script([[20, 1]]);
    await t.player.run(async () => {
      expect(await api().use("grapple")).toBeNull();
      t.player.canvas.tokens.controlled = [{ document: t.fighterToken }, { document: t.goblinToken }];
      expect(await api().use("grapple")).toBeNull();
      t.player.canvas.tokens.controlled = [{ document: t.fighterToken }];
      t.player.user.targets.add(t.goblinToken.object);
      expect(await api().use("grapple")).toMatchObject({ kind: "done" });
    });
    await t.world.settle();
    expect(t.player.notifications.map((n) => n.message)).toEqual(["Select the token that acts.", "Select just one token."]);
    expect(t.world.messages.contents.at(-1)?.getFlag(M, "card")).toMatchObject({ resolution: { headline: { key: "WC.Result.miss" } } });
  });

  it("renderCard: the card's HTML from its stored data", async () => {
    t.world.script([[20, 1]]);
    const out = await t.gm.run(() => api().act({ action: "pummel", attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid }));
    const card = t.world.messages.get(out.messageId ?? "")?.getFlag(M, "card") as StoredCard;
    const html = await t.gm.run(() => api().renderCard(card));
    expect(html).toContain("Ogre");
    expect(html).toContain("Fighter");
  });

  it("massCharge is the GM's; editProfile opens the given actor's form, or the controlled token's", async () => {
    t.world.onDialog = async () => null;
    await t.player.run(async () => {
      await api().massCharge();
      await api().editProfile();
      t.player.canvas.tokens.controlled = [{ document: t.fighterToken }];
      await api().editProfile();
      await api().editProfile(t.fighter);
    });
    expect(t.player.notifications.map((n) => n.message)).toEqual(["Only a GM may do that.", "Select the token that acts."]);
    expect(t.world.dialogs.map((d) => d.config.window?.title)).toEqual(["Weaponless profile: Fighter", "Weaponless profile: Fighter"]);
  });
});
