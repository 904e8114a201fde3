// @vitest-environment happy-dom
// Defects the randomised evenings (test/chaos/) found in the shell, each pinned by a test named
// after it, in the order they were found.
import { beforeEach, describe, expect, it } from "vitest";
import { answerStrike } from "../../src/foundry/requests.ts";
import { act } from "../../src/foundry/requests.ts";
import { launch } from "../../src/foundry/ui/launch.ts";
import type { FakeChatMessage } from "../fake-foundry/world.ts";
import type { Table } from "./setup.ts";
import { M, makeTable } from "./setup.ts";

let t: Table;
beforeEach(() => {
  t = makeTable();
});

const strikeCards = () => t.world.messages.contents.filter((m) => m.getFlag(M, "strike"));
const resultCards = () => t.world.messages.contents.filter((m) => m.getFlag(M, "card"));
const hp = (a: { system: unknown }) => (a.system as { attributes: { hp: { value: number } } }).attributes.hp.value;
const pummel = (a: { uuid: string }, d: { uuid: string }) => ({ action: "pummel", attackerUuid: a.uuid, defenderUuid: d.uuid, declared: {} });

/** What the result cards say the ogre took, summed. */
function dealtToOgre(): { actual: number; temporary: number; blows: number } {
  const entries = resultCards().flatMap((m) => (m.getFlag(M, "card") as { consequences: { damage: Array<{ targetId: string; actual: number; temporary: number }> } }).consequences.damage).filter((d) => d.targetId === t.ogreToken.uuid);
  return { actual: entries.reduce((s, d) => s + d.actual, 0), temporary: entries.reduce((s, d) => s + d.temporary, 0), blows: entries.length };
}

describe("defects found by the chaos runs", () => {
  it("a HUD action on a target deleted since it was targeted says the token is gone, and throws nothing", async () => {
    t.player.user.targets.add(t.goblinToken.object);
    await t.gm.run(() => t.goblinToken.delete());
    const mark = t.world.writes.length;
    const out = await t.player.run(() => launch(t.fighterToken as never, "grapple"));
    expect(out).toBeNull();
    expect(t.player.notifications.map((n) => n.message)).toEqual(["One of the tokens no longer exists."]);
    expect(t.world.writes.length).toBe(mark);
  });

  it("the GM answering a question whose attacker's token is gone is refused, and throws nothing", async () => {
    // The ogre charges the fighter (a player's): the card asks the fighter's player first.
    expect(await t.gm.run(() => act({ action: "chargingOverbear", attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid, declared: {} }))).toMatchObject({ kind: "waiting" });
    await t.gm.run(() => t.ogreToken.delete());
    await t.world.settle();
    const mark = t.world.writes.length;
    const out = await t.gm.run(() => answerStrike(strikeCards()[0] as FakeChatMessage as never, "hit"));
    expect(out).toMatchObject({ kind: "refused", key: "WC.Refuse.tokenGone" });
    expect(t.gm.notifications.at(-1)?.message).toBe("One of the tokens no longer exists.");
    expect(t.world.writes.length).toBe(mark);
  });
});
