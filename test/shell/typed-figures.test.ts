// @vitest-environment happy-dom
// Issue 34: only a figure the player changed counts as typed in. The dialog sends every box's
// start value; a player's grapple against the GM's creature waited for the GM's Apply and the
// card said the player "typed in" the ability's hold category they had left at 0.
import { describe, expect, it } from "vitest";
import { act, validateIntent } from "../../src/foundry/cards/request-card.ts";
import { changedKeys, initialDeclared } from "../../src/foundry/documents/figures.ts";
import { RULES_VARIANTS } from "../../src/rules/index.ts";
import type { Table } from "./setup.ts";
import { M, makeTable } from "./setup.ts";

async function percentile(): Promise<Table> {
  const t = makeTable();
  await t.gm.run(() => game.settings.set(M, "variant", "percentile" as never));
  const v = RULES_VARIANTS.percentile;
  if (!v) throw new Error("percentile");
  for (const a of [t.fighter, t.goblin, t.ogre]) (a.flags[M] as { profile: Record<string, unknown> }).profile.percentile = v.defaultProfile();
  return t;
}

interface Card {
  state: string;
  next: Array<{ key: string; params?: Record<string, unknown> }>;
}
const lastCard = (t: Table) => t.world.messages.contents.filter((m) => m.getFlag(M, "card")).at(-1)?.getFlag(M, "card") as Card | undefined;

describe("a figure counts as typed only when the player changed it", () => {
  it("the hold category left at its start (0): no figures to confirm, the card is applied at once", async () => {
    const t = await percentile();
    const out = await t.player.run(() => act({ action: "grapple", attackerUuid: t.fighterToken.uuid, defenderUuid: t.ogreToken.uuid, declared: { abilityHold: 0 } }));
    expect(out.kind).toBe("done");
    const card = lastCard(t);
    expect(card?.next.some((l) => l.key === "WC.Next.figuresToConfirm")).toBe(false);
    expect(card?.state).toBe("applied");
  });

  it("a hold category the player changed waits for the GM and names the figure", async () => {
    const t = await percentile();
    await t.player.run(() => act({ action: "grapple", attackerUuid: t.fighterToken.uuid, defenderUuid: t.ogreToken.uuid, declared: { abilityHold: 3 }, typed: ["abilityHold"] }));
    const card = lastCard(t);
    expect(card?.state).toBe("pending");
    expect(card?.next.find((l) => l.key === "WC.Next.figuresToConfirm")?.params?.figures).toBe("Hold category the ability gives (0: roll for it)");
  });

  it("a player who says nothing was changed, with a value no box starts at, is still asked for", async () => {
    const t = await percentile();
    await t.player.run(() => act({ action: "grapple", attackerUuid: t.fighterToken.uuid, defenderUuid: t.ogreToken.uuid, declared: { abilityHold: 3 } }));
    expect(lastCard(t)?.state).toBe("pending");
  });

  it("the request's list of changed boxes names only boxes it declares, each once", async () => {
    const t = await percentile();
    const base = { action: "grapple", attackerUuid: "a", defenderUuid: "b", declared: { abilityHold: 2 } };
    await t.gm.run(() => {
      expect(validateIntent({ ...base, typed: ["abilityHold"] }).typed).toEqual(["abilityHold"]);
      expect(() => validateIntent({ ...base, typed: ["nothing"] })).toThrow();
      expect(() => validateIntent({ ...base, typed: ["abilityHold", "abilityHold"] })).toThrow();
      expect(() => validateIntent({ ...base, typed: "abilityHold" })).toThrow();
    });
  });

  it("the dialog's changed boxes: those whose value left the start", () => {
    const list = [
      { key: "n", kind: "number", label: "n", min: 1, max: 30, initial: 20 },
      { key: "f", kind: "flag", label: "f" },
    ] as const;
    const start = initialDeclared(list);
    expect(start).toEqual({ n: 20, f: false });
    expect(changedKeys(start, { n: 20, f: true })).toEqual(["f"]);
    expect(changedKeys(start, { n: 20, f: false })).toEqual([]);
  });
});
