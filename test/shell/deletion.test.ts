// @vitest-environment happy-dom
// Removing a key from a document: v14's ForcedDeletion operator where it exists (the "-=" key is
// deprecated there and warns, 14.349 #13090), v13's "-=" key where it does not [C-72]. Both the
// GM's profile form (a field set back to the sheet) and the guard that takes a player's token
// flags off leave a v14 console clean and the key gone on both lines.
import { describe, expect, it } from "vitest";
import { writeProfile } from "../../src/foundry/documents/actors.ts";
import { deletion } from "../../src/foundry/world/compat.ts";
import { FakeForcedDeletion } from "../fake-foundry/world.ts";
import { M, makeTable } from "./setup.ts";

describe("the fake's deletion [C-72]", () => {
  it("v14 removes a key whose value is ForcedDeletion, and warns of the deprecated -= key", async () => {
    const t = makeTable({ world: { generation: 14 } });
    await t.gm.run(() => t.fighter.update({ [`flags.${M}.a`]: 1, [`flags.${M}.b`]: 2 } as never));
    const operators = () => (foundry as unknown as { data: { operators: { ForcedDeletion: typeof FakeForcedDeletion } } }).data.operators;
    await t.gm.run(() => t.fighter.update({ [`flags.${M}.a`]: operators().ForcedDeletion.create() } as never));
    expect(t.fighter.flags[M]).not.toHaveProperty("a");
    expect(t.world.deprecations).toEqual([]);
    await t.gm.run(() => t.fighter.update({ [`flags.${M}.-=b`]: null } as never));
    expect(t.fighter.flags[M]).not.toHaveProperty("b");
    expect(t.world.deprecations).toEqual(['deletion key "-=b": pass {b: foundry.data.operators.ForcedDeletion}']);
  });

  it("v13 has no operators and takes the -= key without a word", async () => {
    const t = makeTable({ world: { generation: 13 } });
    expect(t.gm.run(() => (foundry as unknown as { data: { operators?: unknown } }).data.operators)).toBeUndefined();
    await t.gm.run(() => t.fighter.update({ [`flags.${M}.b`]: 2 } as never));
    await t.gm.run(() => t.fighter.update({ [`flags.${M}.-=b`]: null } as never));
    expect(t.fighter.flags[M]).not.toHaveProperty("b");
    expect(t.world.deprecations).toEqual([]);
  });
});

describe.each([13, 14] as const)("Foundry v%i", (generation) => {
  it("the entry the module writes: the operator where there is one, else the -= key", () => {
    const t = makeTable({ world: { generation } });
    const [key, value] = t.gm.run(() => deletion(`flags.${M}.profile.d12-holds`, "size"));
    if (generation === 14) {
      expect(key).toBe(`flags.${M}.profile.d12-holds.size`);
      expect(value).toBeInstanceOf(FakeForcedDeletion);
    } else {
      expect([key, value]).toEqual([`flags.${M}.profile.d12-holds.-=size`, null]);
    }
  });

  it("a profile field set back to the sheet is removed from the GM's values; the console stays clean", async () => {
    const t = makeTable({ world: { generation } });
    await t.gm.run(() => writeProfile(t.ogre as never, "d12-holds", { size: "H" }));
    expect(t.ogre.getFlag(M, "profile")).toMatchObject({ "d12-holds": { size: "H" } });
    await t.gm.run(() => writeProfile(t.ogre as never, "d12-holds", {}, ["size"]));
    expect((t.ogre.getFlag(M, "profile") as Record<string, Record<string, unknown>>)["d12-holds"]).not.toHaveProperty("size");
    expect(t.world.deprecations).toEqual([]);
  });

  it("token flags a player wrote are taken off by the GM's tab; the console stays clean", async () => {
    const t = makeTable({ world: { generation } });
    await t.player.run(() => t.fighterToken.update({ [`flags.${M}.aloft`]: { feet: 30 } } as never));
    await t.world.settle();
    expect(t.fighterToken.flags[M] ?? {}).not.toHaveProperty("aloft");
    expect(t.gm.notifications.at(-1)?.message).toContain("Fighter");
    expect(t.world.deprecations).toEqual([]);
  });
});
