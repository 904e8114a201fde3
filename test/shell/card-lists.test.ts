// @vitest-environment happy-dom
// Issue 34: what an action's writes cause, its card lists. A grapple's damage that knocks the
// goblin out set Unconscious, and the card listed only the hold and the damage.
import { describe, expect, it } from "vitest";
import { act } from "../../src/foundry/cards/request-card.ts";
import type { Table } from "./setup.ts";
import { M, makeTable, tableFor } from "./setup.ts";

const lastCard = (t: Table) => t.world.messages.contents.filter((m) => m.getFlag(M, "card")).at(-1);
const text = (html: string | undefined) => {
  const d = document.createElement("div");
  d.innerHTML = html ?? "";
  return (d.textContent ?? "").replace(/\s+/g, " ");
};

describe("a card lists the knock-out its damage causes", () => {
  it("d12-holds: a body hold's 2d4 = 8 (4 actual, 4 temporary) on the 5-hp goblin: Goblin: Unconscious on the card and on the goblin", async () => {
    const t: Table = makeTable();
    // d20 20 hits; d12 12 + 1 (M on S) = 13: body, 2d4; the immediate break d12 1 fails; 2d4 4 + 4 = 8.
    // 000 §Grappling damage: half actual, half temporary: 4 + 4 = 8 of 5 hp, out for 8 - 5 + 1 = 4 rounds.
    t.world.script([[20, 20], [12, 12], [12, 1], [4, 4], [4, 4]]);
    const out = await t.gm.run(() => act({ action: "grapple", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }));
    expect(out.kind).toBe("done");
    expect(t.world.scriptedLeft).toBe(0);
    const shown = text(lastCard(t)?.content);
    expect(shown).toContain("Goblin: Unconscious");
    expect([...t.goblinToken.actor.statuses]).toContain("unconscious");
  });
});

describe("percentile: a gouge that knocks the goblin out lists it on its own card (issue 34's first Cards point)", () => {
  it("the fighter's gouge deals 8 (2 real, 6 temporary) to the 5-hp goblin: the card lists the damage, Grappled, Stunned and Unconscious, and promises the goblin no try while out", async () => {
    const t: Table = await tableFor("percentile");
    // Variable d6 6 and d4 1; chance d100 1 (in); result d100 100: the top row of the grappling
    // table (the module's own, labelled as such; 004 prints none): a gouge, 8 damage and a stun.
    // 004 §Grapple Damage: 75% non-lethal, 25% normal: 8 -> 2 real, 6 temporary. 2 + 6 = 8 reaches
    // the goblin's 5 hp: out cold (the shared ledger, 000 §Damage: for 8 - 5 + 1 = 4 rounds).
    t.world.script([[6, 6], [4, 1], [100, 1], [100, 100]]);
    const out = await t.gm.run(() => act({ action: "grapple", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }));
    expect(out.kind).toBe("done");
    expect(t.world.scriptedLeft).toBe(0);
    const shown = text(lastCard(t)?.content);
    expect(shown).toContain("Goblin takes 8 damage (2 real, 6 temporary)");
    expect(shown).toContain("Goblin: Grappled");
    expect(shown).toContain("Goblin: Stunned");
    expect(shown).toContain("Goblin: Unconscious");
    expect(shown).toContain("Goblin is out cold and tries nothing against Fighter's hold until they come to");
    expect(shown).not.toContain("Goblin may try to break free");
    // What the card lists is what was written.
    expect([...t.goblinToken.actor.statuses]).toEqual(expect.arrayContaining(["unconscious"]));
    expect(t.goblinToken.actor.system).toMatchObject({ attributes: { hp: { value: 3 } } });
  });
});

describe("a knock-out card promises what the round end will do (core/awake.ts)", () => {
  it("d12-holds: the goblin knocked out by the body hold's 2d4 = 8 is promised no break roll at the round's end, only that it tries nothing until it comes to", async () => {
    const t: Table = makeTable();
    // As above: body hold, immediate break d12 1 fails, 2d4 = 8 on 5 hp: out (000 §Damage). 000's round end skips the break of a defender who is out.
    t.world.script([[20, 20], [12, 12], [12, 1], [4, 4], [4, 4]]);
    await t.gm.run(() => act({ action: "grapple", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }));
    const shown = text(lastCard(t)?.content);
    expect(shown).toContain("Goblin is out cold and tries nothing against Fighter's hold until they come to");
    expect(shown).not.toContain("tries to break");
  });

  it("d12-holds: the knocked-out goblin is offered no button to act on the hold; the awake goblin keeps its Break free", async () => {
    const follows = (content: unknown, actor: string) => [...String(content).matchAll(/data-wc-follow="([^"]+)" data-wc-actor="([^"]+)"/g)].filter((m) => m[2] === actor).map((m) => m[1]);
    const out: Table = makeTable();
    out.world.script([[20, 20], [12, 12], [12, 1], [4, 4], [4, 4]]);
    await out.gm.run(() => act({ action: "grapple", attackerUuid: out.fighterToken.uuid, defenderUuid: out.goblinToken.uuid, declared: {} }));
    expect(follows(lastCard(out)?.content, out.goblinToken.uuid)).toEqual([]);
    expect(follows(lastCard(out)?.content, out.fighterToken.uuid).length).toBeGreaterThan(0);
    const awake: Table = makeTable();
    awake.world.script([[20, 20], [12, 12], [12, 1], [4, 1], [4, 1]]);
    await awake.gm.run(() => act({ action: "grapple", attackerUuid: awake.fighterToken.uuid, defenderUuid: awake.goblinToken.uuid, declared: {} }));
    expect(follows(lastCard(awake)?.content, awake.goblinToken.uuid)).toContain("breakFree");
  });

  it("d12-holds: the same body hold dealing 2d4 = 2 (1 + 1 of 5 hp) leaves the goblin awake, and it is promised its break at each round's end", async () => {
    const t: Table = makeTable();
    t.world.script([[20, 20], [12, 12], [12, 1], [4, 1], [4, 1]]);
    await t.gm.run(() => act({ action: "grapple", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }));
    const shown = text(lastCard(t)?.content);
    expect(shown).toContain("Goblin tries to break Fighter's hold at the end of each round");
    expect(shown).not.toContain("out cold");
  });
});

describe("a to-hit line says where its number comes from", () => {
  it("d12-holds: the fighter (THAC0 15) grapples the ogre behind a shield: AC 5 less 3 for the shield = 2, needs 13", async () => {
    const t: Table = makeTable();
    const p = t.ogre.flags[M] as { profile: Record<string, Record<string, unknown>> };
    (p.profile["d12-holds"] as Record<string, unknown>).shield = { plus: 0 };
    // 000 §The basic grappling attack: AC 5, a shield counts for 3 from the front: AC 2; THAC0 15 - 2 = 13. d20 1 misses.
    t.world.script([[20, 1]]);
    await t.gm.run(() => act({ action: "grapple", attackerUuid: t.fighterToken.uuid, defenderUuid: t.ogreToken.uuid, declared: {} }));
    const shown = text(lastCard(t)?.content);
    expect(shown).toContain("needs 13: THAC0 15 − AC 2");
    expect(shown).toContain("AC 5 to begin with");
  });
});
