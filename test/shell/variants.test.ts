// @vitest-environment happy-dom
// The same shell plays every variant: a grapple from the GM and one asked for by a player,
// with the hold, damage and conditions each variant's result calls for.
import { describe, expect, it } from "vitest";
import { act } from "../../src/foundry/cards/request-card.ts";
import { bindCard } from "../../src/foundry/hooks/chat.ts";
import { RULES_VARIANTS } from "../../src/rules/index.ts";
import type { Table } from "./setup.ts";
import { M, makeTable, submitWindow } from "./setup.ts";

async function playing(variant: string): Promise<Table> {
  const t = makeTable();
  await t.gm.run(() => game.settings.set(M, "variant", variant as never));
  const v = RULES_VARIANTS[variant];
  if (!v) throw new Error(variant);
  for (const a of [t.fighter, t.goblin, t.ogre]) (a.flags[M] as { profile: Record<string, unknown> }).profile[variant] = v.defaultProfile();
  return t;
}

const hp = (t: Table) => (t.goblinToken.actor.system as { attributes: { hp: { value: number } } }).attributes.hp.value;
const halves = (t: Table) => [t.fighterToken.actor, t.goblinToken.actor].flatMap((a) => [...a.effects].filter((e) => e.getFlag(M, "hold")));
const statuses = (t: Table) => [...t.goblinToken.actor.statuses];

describe("grapple-die through the shell", () => {
  it("a top grapple-die result: hold, stun and damage on the goblin", async () => {
    const t = await playing("grapple-die");
    // Default profiles (M on M, THAC0 20 against AC 10): d20 20 hits; grapple die 20 reads the
    // project table's 20+ row (gouge: head lock kept, stunned 10 segments, 1d4); 1d4 = 1.
    t.world.script([[20, 20], [20, 20], [4, 1]]);
    // The goblin is the GM's: the GM may report its free attack (a player could not).
    const out = await t.gm.run(() => act({ action: "grapple", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: { freeAttack: "harmless" } }));
    expect(out.kind).toBe("done");
    expect(t.world.scriptedLeft).toBe(0);
    expect(halves(t)).toHaveLength(2);
    expect(hp(t)).toBe(4);
    // Stunned: Foundry core's own status; the module keeps the clock (on the combat, in a
    // fight), so the effect has no core duration for v14's own expiry to act on.
    expect(statuses(t)).toContain("stun");
    expect([...t.goblinToken.actor.effects].find((e) => e.statuses.has("stun"))?.duration).toEqual({ startTime: 0 });
    // The grapple-die table is the module's own: the card says so.
    expect(t.world.messages.contents[0]?.content).toContain("Project default: not from the source text");
    // Releasing takes both halves away.
    await t.player.run(() => act({ action: "release", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }));
    expect(t.world.messages.contents.filter((m) => m.getFlag(M, "request"))).toEqual([]);
    expect(halves(t)).toEqual([]);
  });
});

describe("a grapple-die change of hold through the shell", () => {
  it("the new hold takes the old one's id (002 step 6, a new grapple die on the hold): both halves are there after, and the ledger names them", async () => {
    // Found by the chaos runs: the new halves were taken as already written (the old ones, removed
    // in the same writes, had the same hold id), so the hold was left with neither half.
    const t = await playing("grapple-die");
    t.world.fallbackFace = (sides) => sides;
    const grapple = (declared: Record<string, unknown>) => t.gm.run(() => act({ action: "grapple", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: { freeAttack: "harmless", ...declared } }));
    expect((await grapple({})).kind).toBe("done");
    const before = halves(t).map((e) => e.id);
    expect(before).toHaveLength(2);
    expect((await grapple({ changeHold: true })).kind).toBe("done");
    const after = halves(t);
    expect(after).toHaveLength(2);
    expect(after.map((e) => e.id).filter((id) => before.includes(id))).toEqual([]);
    const kept = Object.values(((t.goblinToken.parent.flags[M] as Record<string, unknown>).holds ?? {}) as Record<string, { heldEffect: string; holderEffect: string }>);
    expect(kept).toHaveLength(1);
    expect([kept[0]?.heldEffect, kept[0]?.holderEffect].sort()).toEqual(after.map((e) => e.id).sort());
  });
});

describe("two waiting cards of one hold", () => {
  it("the second applied after the first made the hold makes no second one: the halves and the ledger stay the first card's", async () => {
    // Found by the chaos runs: the second card's halves were taken as written (the first card's,
    // under the same hold id), while the ledger took the second card's record: the two differed.
    const t = await playing("percentile");
    await t.gm.run(() => game.settings.set(M, "automation", "confirm"));
    // As above: a gouge, each time.
    t.world.script([[6, 6], [4, 1], [100, 1], [100, 100], [6, 6], [4, 1], [100, 1], [100, 100]]);
    const grapple = () => t.gm.run(() => act({ action: "grapple", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }));
    await grapple();
    await grapple();
    const waiting = t.world.messages.contents.filter((m) => (m.getFlag(M, "card") as { state?: string } | undefined)?.state === "pending");
    expect(waiting).toHaveLength(2);
    const apply = async (card: (typeof waiting)[number]) => {
      const html = document.createElement("li");
      html.innerHTML = card.content;
      bindCard(card as never, html);
      html.querySelector<HTMLButtonElement>('[data-wc-action="apply"]')?.click();
      await t.world.settle();
    };
    for (const card of waiting) await t.gm.run(() => apply(card));
    const after = halves(t);
    expect(after).toHaveLength(2);
    const kept = Object.values(((t.goblinToken.parent.flags[M] as Record<string, unknown>).holds ?? {}) as Record<string, { record: unknown; heldEffect: string; holderEffect: string }>);
    expect(kept).toHaveLength(1);
    expect([kept[0]?.heldEffect, kept[0]?.holderEffect].sort()).toEqual(after.map((e) => e.id).sort());
    for (const e of after) expect((e.getFlag(M, "hold") as { record: unknown }).record).toEqual(kept[0]?.record);
  });
});

describe("percentile through the shell", () => {
  it("a gouge: hold, quarter of 8 lethal, the rest non-lethal, the goblin knocked out", async () => {
    const t = await playing("percentile");
    // Variable: attacker d6 6, target d4 1, both on the result. Chance roll d100 1 succeeds.
    // Result d100 100 (+6 -1 and the score modifiers) is 96 or more: gouge, 8 damage:
    // lethal ceil(8/4) = 2, non-lethal 6. The goblin (5 hp) drops to 3 with 6 temporary: out.
    t.world.script([[6, 6], [4, 1], [100, 1], [100, 100]]);
    const out = await t.gm.run(() => act({ action: "grapple", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }));
    expect(out.kind).toBe("done");
    expect(t.world.scriptedLeft).toBe(0);
    expect(halves(t)).toHaveLength(2);
    expect(hp(t)).toBe(3);
    expect(t.goblinToken.actor.getFlag(M, "temporary")).toBe(6);
    expect(statuses(t)).toEqual(expect.arrayContaining(["stun", "unconscious"]));
    expect(t.world.messages.contents[0]?.content).toContain("Gouge");
    expect(t.world.messages.contents[0]?.content).toContain("Project default: not from the source text");
  });
});

describe("a GM's own grapple-die table", () => {
  it("replaces the project default (and the card drops its label); one with a gap is refused", async () => {
    const t = await playing("grapple-die");
    const { grappleDie } = await import("../../src/rules/index.ts");
    const mine = { ...grappleDie.GRAPPLE_DIE_TABLE, id: "myTable", source: "Our table" };
    const { openRuleOptions } = await import("../../src/foundry/ui/rule-options.ts");
    await t.gm.run(() => openRuleOptions());
    await submitWindow(t.gm, "rule-options", (form) => ((form.elements.namedItem("table") as HTMLTextAreaElement).value = JSON.stringify(mine)));
    expect((t.world.settingValues.get(`${M}.ruleOptions`) as Record<string, { table?: { id: string } }>)["grapple-die"]?.table?.id).toBe("myTable");
    t.world.script([[20, 20], [20, 20], [4, 1]]);
    await t.gm.run(() => act({ action: "grapple", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: { freeAttack: "harmless" } }));
    expect(t.world.messages.contents[0]?.content).not.toContain("Project default");
    // Rows 3-5 removed: a gap. The form refuses it and names the gap; the stored table stays.
    const gappy = { ...mine, rows: mine.rows.filter((_, i) => i !== 1) };
    await t.gm.run(() => openRuleOptions());
    await submitWindow(t.gm, "rule-options", (form) => ((form.elements.namedItem("table") as HTMLTextAreaElement).value = JSON.stringify(gappy)));
    expect(t.gm.notifications.at(-1)?.message).toMatch(/The options were not saved: options\.table.*no row for 3 to 5/);
    expect((t.world.settingValues.get(`${M}.ruleOptions`) as Record<string, { table?: { id: string } }>)["grapple-die"]?.table?.id).toBe("myTable");
  });
});

describe("every action costs one chat card and batched writes", () => {
  it.each(["d12-holds", "grapple-die", "percentile"])("%s, 40 random tries of each action", async (variant) => {
    const t = await playing(variant);
    const v = RULES_VARIANTS[variant];
    const counts: string[] = [];
    const refused = new Set<string>();
    for (const action of v?.actions ?? []) {
      for (let i = 0; i < 40; i++) {
        // Fresh creatures each try: no holds or conditions left over between tries.
        for (const tok of [t.ogreToken, t.goblinToken]) {
          const ids = [...tok.actor.effects].map((e) => e.id);
          if (ids.length > 0) await t.gm.run(() => tok.actor.deleteEmbeddedDocuments("ActiveEffect", ids, { [M]: { pairHandled: true } }));
        }
        const mark = t.world.writes.length;
        const out = await t.gm.run(() => act({ action, attackerUuid: t.ogreToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }));
        const writes = t.world.writes.slice(mark);
        if (out.kind !== "done") {
          // A refusal (the rules' or the shell's) posts nothing and changes nothing.
          expect(writes).toEqual([]);
          if (out.kind === "refused" && out.key === "WC.Refuse.byRules") refused.add(action);
          continue;
        }
        // One card; then at most one request of each kind per actor: effects created, changed,
        // removed, and its data (world actors' data all in one request).
        const kinds = writes.map((w) => `${w.op} ${w.documentName} ${w.parent}`);
        expect(kinds.filter((k) => k.startsWith("create ChatMessage"))).toHaveLength(1);
        expect(new Set(kinds).size, `${action}: ${kinds.join(" | ")}`).toBe(kinds.length);
        counts.push(action);
      }
    }
    // Every action that can start without a hold was carried out at least once (a d12-holds
    // overbear is made from holds, so it needs one too).
    // Actions that need a state these fresh creatures are not in: a hold, the ground (stand up), a
    // helpless or held foe (grab, coup de grâce, death blow), a grapple to strike into.
    // (A grab needs a grabbing attack, which this ogre has none of: test/shell/grab.test.ts plays grabs.)
    const needsHold = ["breakFree", "release", "counterGrapple", "liftOff", "standUp", "grabItem", "coupDeGrace", "deathBlow", "attackIntoGrapple", "grab", ...(variant === "d12-holds" ? ["overbear"] : [])];
    // (grapple-die's unarmed default ogre may not strike to subdue: the rules refuse it every time.)
    const unarmed = variant === "grapple-die" ? ["subdue"] : [];
    for (const a of (v?.actions ?? []).filter((x) => !needsHold.includes(x) && !unarmed.includes(x))) expect(counts).toContain(a);
    for (const a of unarmed) expect(refused).toContain(a);
  });
});

describe("what damage makes of a creature is the variant's call", () => {
  it("grapple-die: a strike to subdue that reaches the hit points subdues the goblin, not knocks it out", async () => {
    const t = await playing("grapple-die");
    // The fighter strikes with a readied 1d8 weapon. The goblin (5 hp) already carries 4
    // temporary points; a subduing blow of 4 is 1 real and 3 temporary (75/25): 1 + 7 reaches
    // its 5 hit points -> subdued (002 §Striking to Subdue).
    const fighterProfile = (t.fighter.flags[M] as { profile: Record<string, Record<string, unknown>> }).profile["grapple-die"] as Record<string, unknown>;
    fighterProfile.readiedAttack = { kind: "weapon", lengthFt: 3, damage: { count: 1, sides: 8 }, damageBonus: 0, toHitBonus: 0 };
    t.goblinToken.actor.flags[M] = { ...(t.goblinToken.actor.flags[M] as object), temporary: 4 };
    t.world.script([[20, 20], [8, 4]]);
    const out = await t.gm.run(() => act({ action: "subdue", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }));
    expect(out.kind).toBe("done");
    expect(t.world.scriptedLeft).toBe(0);
    expect(hp(t)).toBe(4);
    expect(t.goblinToken.actor.getFlag(M, "temporary")).toBe(7);
    expect(statuses(t)).toContain(`${M}.subdued`);
    expect(statuses(t)).not.toContain("unconscious");
  });
});
