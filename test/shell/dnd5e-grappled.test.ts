// @vitest-environment happy-dom
// On dnd5e, the Grappled status the module adds names the grappler as the effect's `origin`, so
// other modules that apply the 2024 grappled rule (disadvantage on attacks against anyone but the
// grappler) find who it is. dnd5e's own convention, from its repository (foundryvtt/dnd5e@965ad2d,
// 5.3.3): an effect applied to a creature from another carries `origin` = the source's uuid
// (`applications/components/effect-application.mjs` `_applyEffectToActor`), and
// `ActiveEffect5e#getSource()` reads the source back with `fromUuid(this.origin)`
// (`documents/active-effect.mjs`). dnd5e itself keeps no other record of a grappler there (no
// `flags.dnd5e` key for it; its `grappled` condition is the status of that id, `config.mjs`).
import { describe, expect, it } from "vitest";
import { act } from "../../src/foundry/cards/request-card.ts";
import { bindCard } from "../../src/foundry/hooks/chat.ts";
import { grapplerOf } from "../../src/foundry/gm/apply.ts";
import { dnd5eLike } from "../fake-foundry/systems.ts";
import type { FakeActor, FakeChatMessage } from "../fake-foundry/world.ts";
import type { Table } from "./setup.ts";
import { M, tableFor } from "./setup.ts";

/** dnd5e's grappled effects on a creature that are the module's (its condition flag). */
const grappledOn = (a: FakeActor) => [...a.effects].filter((e) => e.statuses.has("grappled") && e.getFlag(M, "condition") === "grappled");
const heldHalfOn = (a: FakeActor) => [...a.effects].find((e) => (e.getFlag(M, "hold") as { role?: string } | undefined)?.role === "held");
const lastCard = (t: Table) => t.world.messages.contents.filter((m) => m.getFlag(M, "card")).at(-1) as FakeChatMessage;

/**
 * Percentile on dnd5e, the fighter grappling the goblin: the Variable d6 6 and d4 1, the chance
 * d100 1 (in), the result d100 100 (a gouge, kept as a hold). 004's grappled condition then falls
 * on both (neither much larger than the other).
 */
async function grappled(): Promise<Table> {
  const t = await tableFor("percentile", { world: { system: dnd5eLike("clamp") } });
  t.world.script([[6, 6], [4, 1], [100, 1], [100, 100]]);
  const out = await t.gm.run(() => act({ action: "grapple", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }));
  expect(out.kind).toBe("done");
  return t;
}

describe("dnd5e: the Grappled status names the grappler as its origin", () => {
  it("the held creature's Grappled names its holder's actor; the holder's (004 grapples both) names the one it holds", async () => {
    const t = await grappled();
    const goblin = t.goblinToken.actor;
    const fighter = t.fighterToken.actor;
    // The goblin's token is unlinked: its actor's uuid is the token's synthetic actor's (Scene.….Token.….Actor.…).
    expect(goblin.uuid).toMatch(/^Scene\.\w+\.Token\.\w+\.Actor\.\w+$/);
    expect(grappledOn(goblin).map((e) => e.origin)).toEqual([fighter.uuid]);
    expect(grappledOn(fighter).map((e) => e.origin)).toEqual([goblin.uuid]);
    // What another module does with it: the grappler read back from the origin, as dnd5e's getSource does.
    const source = t.player.run(() => fromUuidSync(grappledOn(goblin)[0]?.origin as never) as { name?: string } | null);
    expect(source?.name).toBe("Fighter");
    // The hold's held half says the same (its origin has always named the holder).
    expect(heldHalfOn(goblin)?.origin).toBe(fighter.uuid);
  });

  it("the origin survives the guard's rebuild of the hold's effects and a GM tab's sweep", async () => {
    const t = await grappled();
    const goblin = t.goblinToken.actor;
    const fighter = t.fighterToken.actor;
    // A GM rewrites the held half's origin and name by hand: the guard puts the ledger's projection back.
    const half = heldHalfOn(goblin);
    await t.gm.run(() => half?.update({ origin: goblin.uuid, name: "mine now" }));
    await t.world.settle();
    expect(heldHalfOn(goblin)?.origin).toBe(fighter.uuid);
    expect(heldHalfOn(goblin)?.name).not.toBe("mine now");
    // A GM tab starting again sweeps every creature: the Grappled effect and its origin stay.
    t.world.connect(t.gmUser, (await import("../../src/foundry/hooks/index.ts")).registerHooks);
    await t.world.settle();
    expect(grappledOn(goblin).map((e) => e.origin)).toEqual([fighter.uuid]);
    expect(heldHalfOn(goblin)?.origin).toBe(fighter.uuid);
  });

  it("undoing the release that took it off brings the Grappled back with its grappler", async () => {
    const t = await grappled();
    const goblin = t.goblinToken.actor;
    const fighter = t.fighterToken.actor;
    const out = await t.gm.run(() => act({ action: "release", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }));
    expect(out.kind).toBe("done");
    expect(grappledOn(goblin)).toEqual([]);
    const card = lastCard(t);
    await t.gm.run(async () => {
      const li = document.createElement("li");
      li.innerHTML = card.content;
      document.body.append(li);
      bindCard(card as never, li);
      li.querySelector<HTMLButtonElement>('[data-wc-action="undo"]')?.click();
    });
    await t.world.settle();
    expect(grappledOn(goblin).map((e) => e.origin)).toEqual([fighter.uuid]);
  });

  it("who the grappler is: the holder first, else the one held; no hold, none", () => {
    const h = (id: string, holderId: string, heldId: string) => ({ id, holderId, heldId, label: "WC.Part.body", data: {} });
    expect(grapplerOf("B", [h("1", "A", "B")])).toBe("A");
    expect(grapplerOf("A", [h("1", "A", "B")])).toBe("B");
    // Held by one and holding another: the one holding it.
    expect(grapplerOf("B", [h("1", "B", "C"), h("2", "A", "B")])).toBe("A");
    expect(grapplerOf("D", [h("1", "A", "B")])).toBeUndefined();
  });
});
