// @vitest-environment happy-dom
// The rest of the weaponless rules (issue 12) through the shell and the fake: standing up (and
// being on one's feet when the round ends), a blow into a grapple landing on a third creature,
// the a single free attack routine against each opponent in a round, grabbing an item, the coup de grâce, the
// death blow, subdual with weapons, and a pummel routine of several limbs.
import { describe, expect, it } from "vitest";
import { act } from "../../src/foundry/cards/request-card.ts";
import { RULES_VARIANTS } from "../../src/rules/index.ts";
import type { FakeActor, FakeCombat } from "../fake-foundry/world.ts";
import type { Table } from "./setup.ts";
import { M, makeTable } from "./setup.ts";

type Profile = Record<string, unknown>;

async function playing(variant: string, over: { fighter?: Profile; goblin?: Profile; ogre?: Profile } = {}): Promise<Table> {
  const t = makeTable();
  await t.gm.run(() => game.settings.set(M, "variant", variant as never));
  const v = RULES_VARIANTS[variant];
  if (!v) throw new Error(variant);
  const set = (a: FakeActor, p: Profile | undefined) => ((a.flags[M] as { profile: Record<string, unknown> }).profile[variant] = { ...v.defaultProfile(), ...p });
  set(t.fighter, over.fighter);
  set(t.goblin, over.goblin);
  set(t.ogre, over.ogre);
  return t;
}

const hp = (a: FakeActor) => (a.system as { attributes: { hp: { value: number } } }).attributes.hp.value;
const statuses = (a: FakeActor) => [...a.statuses];
const lastCard = (t: Table) => t.world.messages.contents.filter((m) => m.getFlag(M, "card")).at(-1);
const result = (t: Table) => (lastCard(t)?.getFlag(M, "card") as { resolution: { result: Record<string, unknown>; headline: { key: string } } }).resolution;
const sword = { kind: "weapon", lengthFt: 3, damage: { count: 1, sides: 8 }, damageBonus: 0, toHitBonus: 0 };
const dagger = { kind: "weapon", lengthFt: 1, damage: { count: 1, sides: 4 }, damageBonus: 0, toHitBonus: 0 };

function fight(t: Table): FakeCombat {
  t.fighterToken.disposition = 1;
  t.goblinToken.x = 100;
  t.ogreToken.x = 200;
  return t.world.addCombat([t.fighterToken, t.goblinToken, t.ogreToken], 1);
}

async function advance(t: Table, combat: FakeCombat, round: number): Promise<void> {
  await t.gm.run(() => combat.update({ round }, { direction: 1 }));
  await t.world.settle();
}

describe("stand up", () => {
  it("grapple-die: in a fight the fighter is prone until the round ends, then on his feet", async () => {
    const t = await playing("grapple-die", { fighter: { conditions: ["prone"] } });
    const combat = fight(t);
    const out = await t.player.run(() => act({ action: "standUp", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }));
    expect(out.kind).toBe("done");
    expect(result(t).headline.key).toBe("WC.Result.risesAtRoundEnd");
    expect(lastCard(t)?.content).toContain("no attacks until it ends");
    // Prone is Foundry core's own status here (the host's, where it has one).
    expect(statuses(t.fighter)).toContain("prone");
    // The round's end takes prone off (the profile's own condition is the GM's to clear).
    const own = t.fighter.flags[M] as { profile: Record<string, Profile> };
    t.fighter.flags[M] = { ...own, profile: { ...own.profile, "grapple-die": { ...RULES_VARIANTS["grapple-die"]?.defaultProfile() } } };
    await advance(t, combat, 2);
    expect(statuses(t.fighter)).not.toContain("prone");
  });

  it("d12-holds: a body hold keeps an overborne fighter down", async () => {
    const t = makeTable();
    (t.fighter.flags[M] as { profile: Record<string, Profile> }).profile["d12-holds"] = { ...(t.fighter.flags[M] as { profile: Record<string, Profile> }).profile["d12-holds"], conditions: ["prone"] };
    // The ogre (L) grapples the fighter: needs 15 - 5 = 10, 15 - 1 (speed) hits; d12 4 + 1 (L on M) = 5 is a body hold, break d12 1 fails.
    t.world.script([[20, 15], [12, 4], [12, 1]]);
    await t.gm.run(() => act({ action: "grapple", attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid, declared: {} }));
    expect(result(t).headline).toEqual({ key: "WC.Result.hold", params: { part: "body" } });
    // Refused by the rules: the player is told why, and no card is posted.
    const out = await t.player.run(() => act({ action: "standUp", attackerUuid: t.fighterToken.uuid, defenderUuid: t.ogreToken.uuid, declared: {} }));
    await t.world.settle();
    expect(out).toMatchObject({ kind: "refused", key: "WC.Refuse.byRules" });
    expect(t.player.notifications.at(-1)?.message).toBe("Stand up is not possible: Fighter is immobilized by a hold.");
  });

  it("percentile: outside a fight the fighter is up at once (even from an older effect with the module's own prone)", async () => {
    const t = await playing("percentile", { fighter: { conditions: [] } });
    await t.gm.run(async () => {
      await t.fighter.createEmbeddedDocuments("ActiveEffect", [{ name: "Prone", statuses: [`${M}.prone`] }] as never);
    });
    expect(statuses(t.fighter)).toContain(`${M}.prone`);
    await t.player.run(() => act({ action: "standUp", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }));
    expect(result(t).headline.key).toBe("WC.Result.stoodUp");
    expect(statuses(t.fighter)).not.toContain(`${M}.prone`);
  });
});

describe("a blow into a grapple (grapple-die)", () => {
  it("aimed at the ogre, it lands on the goblin the ogre holds, and the card names the goblin", async () => {
    const t = await playing("grapple-die", { fighter: { toHit: { kind: "thac0", thac0: 15 }, readiedAttack: sword } });
    // The ogre grapples the goblin: d20 20 hits, grapple die 6 is an arm hold (no damage).
    t.world.script([[20, 20], [20, 6]]);
    await t.gm.run(() => act({ action: "grapple", attackerUuid: t.ogreToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }));
    expect(result(t).headline.key).toBe("WC.Result.hold");
    const before = hp(t.goblinToken.actor as FakeActor);
    // The fighter swings at the ogre: a d2 of 2 sends the blow to the goblin (+4 to hit it in a
    // grapple: 1 + 4 = 5 against 15 - 10), 1d8 = 6.
    t.world.script([[2, 2], [20, 1], [8, 6]]);
    const out = await t.player.run(() => act({ action: "attackIntoGrapple", attackerUuid: t.fighterToken.uuid, defenderUuid: t.ogreToken.uuid, declared: {} }));
    expect(out.kind).toBe("done");
    expect(t.world.scriptedLeft).toBe(0);
    expect(result(t).result).toMatchObject({ kind: "hit", struckId: t.goblinToken.uuid, intendedId: t.ogreToken.uuid });
    expect(hp(t.goblinToken.actor as FakeActor)).toBe(before - 6);
    expect(hp(t.ogreToken.actor as FakeActor)).toBe(20);
    expect(lastCard(t)?.content).toContain("The blow lands on Goblin for 6");
  });

  it("a creature in no grapple is refused with a reason in a notice, and no card", async () => {
    const t = await playing("grapple-die", { fighter: { readiedAttack: sword } });
    const before = t.world.messages.size;
    await t.gm.run(() => act({ action: "attackIntoGrapple", attackerUuid: t.fighterToken.uuid, defenderUuid: t.ogreToken.uuid, declared: {} }));
    expect(t.gm.notifications.at(-1)?.message).toBe("Strike into a grapple is not possible: The target is in no grapple.");
    expect(t.world.messages.size).toBe(before);
  });
});

describe("a single free attack routine against each opponent in a round (grapple-die)", () => {
  it("a second attempt on the armed goblin in the same round draws no free attack; the next round it does", async () => {
    const t = await playing("grapple-die", { goblin: { readiedAttack: dagger } });
    const combat = fight(t);
    // Free attack (goblin needs 20 - 10 = 10): 3 misses; the fighter's to-hit 2 misses.
    t.world.script([[20, 3], [20, 2]]);
    await t.gm.run(() => act({ action: "grapple", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }));
    expect(result(t).result).toMatchObject({ kind: "miss", freeAttack: { kind: "rolled" } });
    expect(combat.flags[M]).toMatchObject({ freeAttacks: { "1": [{ byId: t.goblinToken.uuid, againstId: t.fighterToken.uuid }] } });
    // Again this round: only the to-hit is rolled.
    t.world.script([[20, 2]]);
    await t.gm.run(() => act({ action: "grapple", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }));
    expect(t.world.scriptedLeft).toBe(0);
    expect(result(t).result).toMatchObject({ kind: "miss", freeAttack: { kind: "none", reason: "spent" } });
    await advance(t, combat, 2);
    t.world.script([[20, 3], [20, 2]]);
    await t.gm.run(() => act({ action: "grapple", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }));
    expect(t.world.scriptedLeft).toBe(0);
    expect(result(t).result).toMatchObject({ freeAttack: { kind: "rolled" } });
  });
});

describe("grab an item, coup de grâce, death blow, subdual, several limbs", () => {
  it("grapple-die: a natural 20 takes the sleeping goblin's item", async () => {
    const t = await playing("grapple-die", { goblin: { conditions: ["helpless"] } });
    t.world.script([[20, 20]]);
    await t.gm.run(() => act({ action: "grabItem", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }));
    expect(t.world.scriptedLeft).toBe(0);
    expect(result(t).headline.key).toBe("WC.Result.itemTaken");
    expect(lastCard(t)?.content).toContain("The item changes hands.");
  });

  it("grapple-die: a coup de grâce in combat deals twice the routines at their most", async () => {
    const t = await playing("grapple-die", { fighter: { readiedAttack: { ...sword, damage: { count: 1, sides: 6 } } }, ogre: { conditions: ["unconscious"] } });
    await t.gm.run(() => act({ action: "coupDeGrace", attackerUuid: t.fighterToken.uuid, defenderUuid: t.ogreToken.uuid, declared: {} }));
    // Two routines of 6 (no Strength given): 12 off the ogre's 20.
    expect(hp(t.ogreToken.actor as FakeActor)).toBe(8);
    expect(lastCard(t)?.content).toContain("2 routines, each at its most: 12 damage");
  });

  it("grapple-die: two fists in one routine, each with its own roll", async () => {
    const t = await playing("grapple-die", { fighter: { toHit: { kind: "thac0", thac0: 15 }, pummelProficient: true } });
    // Needs 5; fists at -2 and -4: 7 - 2 hits (1d2 = 2), 9 - 4 hits (1d2 = 1).
    t.world.script([[20, 7], [2, 2], [20, 9], [2, 1]]);
    await t.gm.run(() => act({ action: "pummel", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: { limbs: 2 } }));
    expect(t.world.scriptedLeft).toBe(0);
    expect(hp(t.goblinToken.actor as FakeActor)).toBe(2);
    expect(lastCard(t)?.content).toContain("Fighter pummels Goblin: 2 of 2 limbs hit");
  });

  it("percentile: subduing with a sword does half damage, three quarters of it non-lethal", async () => {
    const t = await playing("percentile");
    // Needs 11: 15 hits; 1d8 8 halved is 4: 1 lethal, 3 non-lethal.
    t.world.script([[20, 15], [8, 8]]);
    await t.gm.run(() => act({ action: "subdue", attackerUuid: t.fighterToken.uuid, defenderUuid: t.ogreToken.uuid, declared: { needed: 11, damageCount: 1, damageSides: 8, weaponKind: "other" } }));
    expect(t.world.scriptedLeft).toBe(0);
    expect(hp(t.ogreToken.actor as FakeActor)).toBe(19);
    expect(t.ogreToken.actor.getFlag(M, "temporary")).toBe(3);
  });

  it("percentile: a death blow on the unconscious ogre, and a coup de grâce that only notes the kill", async () => {
    const t = await playing("percentile", { ogre: { conditions: ["unconscious"] } });
    await t.gm.run(() => act({ action: "deathBlow", attackerUuid: t.fighterToken.uuid, defenderUuid: t.ogreToken.uuid, declared: { damageCount: 1, damageSides: 4, damageBonus: 1 } }));
    // One routine plus the death blow's one more, each 4 + 1: 10.
    expect(hp(t.ogreToken.actor as FakeActor)).toBe(10);
    await t.gm.run(() => act({ action: "coupDeGrace", attackerUuid: t.fighterToken.uuid, defenderUuid: t.ogreToken.uuid, declared: {} }));
    expect(result(t).headline.key).toBe("WC.Result.slainOutright");
    expect(lastCard(t)?.content).toContain("The helpless creature is killed");
  });

  it("percentile: the pinned goblin's free attack did damage, so the grab fails with no roll", async () => {
    const t = await playing("percentile", { goblin: { conditions: ["pinned"] } });
    await t.gm.run(() => act({ action: "grabItem", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: { defense: "freeAttackHurt" } }));
    expect(result(t).headline.key).toBe("WC.Result.foiled");
  });
});
