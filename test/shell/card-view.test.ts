// The card view, trace by trace: real results from each variant's rules (scripted dice) read
// into the rolls, modifiers, totals and lines a card shows. Numbers are worked by hand from the
// source tables; texts from lang/en.json.
import { readFileSync } from "node:fs";
import Handlebars from "handlebars";
import { describe, expect, it } from "vitest";
import type { I18n } from "../../src/foundry/base/text.ts";
import { cardView, refusalOf, roundLineView, traceOf } from "../../src/foundry/cards/views.ts";
import { damagePhrase, formatLine } from "../../src/foundry/base/text.ts";
import { MOD_OWNERS, modifierSecret, targetSecret } from "../../src/foundry/cards/secrets.ts";
import type { StoredCard } from "../../src/foundry/base/types.ts";
import type { ActionContext, RulesVariant, ShellAction } from "../../src/rules/index.ts";
import { RULES_VARIANTS, ScriptedDice } from "../../src/rules/index.ts";

const lang = JSON.parse(readFileSync("lang/en.json", "utf8")) as Record<string, unknown>;
const get = (key: string): unknown => key.split(".").reduce<unknown>((o, k) => (o !== null && typeof o === "object" ? (o as Record<string, unknown>)[k] : undefined), lang);
const i18n: I18n = {
  localize: (k) => (typeof get(k) === "string" ? (get(k) as string) : k),
  format: (k, data) => (typeof get(k) === "string" ? (get(k) as string).replace(/\{(\w+)\}/g, (_m, p: string) => String(data[p] ?? `{${p}}`)) : k),
  has: (k) => typeof get(k) === "string",
};
const template = Handlebars.compile(readFileSync("templates/chat-card.hbs", "utf8"));

const A = "Scene.s.Token.a";
const D = "Scene.s.Token.d";
const variant = (id: string) => RULES_VARIANTS[id] as RulesVariant;

function resolved(id: string, action: ShellAction, faces: Array<[number, number]>, attacker: Record<string, unknown>, defender: Record<string, unknown>, declared: Record<string, string | number | boolean> = {}) {
  const v = variant(id);
  const ctx: ActionContext = { action, attacker: { id: A, profile: { ...v.defaultProfile(), ...attacker } }, defender: { id: D, profile: { ...v.defaultProfile(), ...defender } }, declared, holds: [], round: 1, inCombat: true };
  const o = v.resolveOptions(undefined);
  const dice = new ScriptedDice(faces);
  const resolution = v.resolve(ctx, o, dice);
  expect(dice.remaining).toBe(0);
  const card: StoredCard = { version: 1, variant: id as StoredCard["variant"], requestId: "r", intent: { action, attackerUuid: A, defenderUuid: D, declared }, attackerName: "Ogre", defenderName: "Fighter", resolution, consequences: resolution.consequences, state: "applied", next: v.next?.(ctx, resolution, o) ?? [] };
  return { resolution, card, view: cardView(card, i18n) };
}

describe("damage rolls carry their modifiers (point 1)", () => {
  it("d12-holds pummel: 1d6 with a Large monster's +3 for size and the target's leather soaking 1", () => {
    // Ogre (monster L): +3 in place of Strength; leather soaks 1 (000 pummel armor table). d20 17
    // hits AC 10; 1d6 5 + 3 - 1 = 7.
    const { view } = resolved("d12-holds", "pummel", [[20, 17], [6, 5]], { kind: "monster", size: "L", pummelLimbs: 1 }, { armor: { type: "leather", plus: 0 } });
    const dmg = view.rolls.find((r) => r.kind === "damage");
    expect(dmg?.label).toBe("Pummel damage");
    expect(dmg?.formula).toBe("1d6");
    expect(dmg?.face).toBe(5);
    expect(dmg?.modifiers.map((m) => `${m.value} ${m.label}`)).toEqual(["+3 Size L in place of Strength", "−1 Armor or hide soaks damage"]);
    expect(dmg?.total).toBe(7);
  });

  it("d12-holds pummel two sizes apart: the size multiplier shows as its own line", () => {
    // A Large monster on a Small target: x2 after the modifiers (000 §The size multiplier). 1d6 4 + 3 = 7, x2 = 14.
    const { view } = resolved("d12-holds", "pummel", [[20, 17], [6, 4]], { kind: "monster", size: "L", pummelLimbs: 1 }, { size: "S" });
    const dmg = view.rolls.find((r) => r.kind === "damage");
    expect(dmg?.modifiers.map((m) => m.value)).toEqual(["+3", "×2"]);
    expect(dmg?.total).toBe(14);
  });

  it("grapple-die pummel: 1d2 with Strength 17's +1 damage", () => {
    // d20 15: needs 10 against AC 10 (THAC0 20), -2 non-proficient, +1 Strength to hit: 14 hits. 1d2 2 + 1 = 3.
    const { view } = resolved("grapple-die", "pummel", [[20, 15], [2, 2]], { strength: { score: 17 } }, {});
    const dmg = view.rolls.find((r) => r.kind === "damage");
    expect(dmg?.formula).toBe("1d2");
    expect(dmg?.modifiers.map((m) => `${m.value} ${m.label}`)).toEqual(["+1 Strength"]);
    expect(dmg?.total).toBe(3);
  });

  it("percentile: a table's damage figure is a damage box of its own", () => {
    const { view } = resolved("percentile", "grapple", [[6, 1], [4, 4], [100, 1], [100, 50]], {}, {}, { defense: "none" });
    const dmg = view.rolls.find((r) => r.kind === "damage");
    expect(dmg?.label).toBe("Damage from the table");
  });
});

describe("percentile explains its chance to grapple (point 2)", () => {
  it("the attack d100 lists the base and every term, and the chance they add up to", () => {
    // Base (AD 5 + 0) x 10 = 50; Dex 12 +12; target without armor -20; 2 HD -10: 32.
    const { view } = resolved("percentile", "grapple", [[6, 3], [4, 2], [100, 40]], { armor: { ad: 5, magic: 0 }, dexterity: 12 }, { kind: "monster", hitDice: { dice: 2, adjustment: 0 } }, { defense: "none" });
    const attack = view.rolls.find((r) => r.label === "Grapple attack");
    expect(attack?.terms.map((m) => m.value)).toEqual(["+50", "+12", "−20", "−10"]);
    expect(attack?.terms[0]?.label).toBe("Base chance from own armor (Armor Defense 5, magic 0)");
    expect(attack?.against).toBe("chance 32%");
    expect(attack?.outcome?.label).toBe("failure");
  });
});

describe("totals, zeros, repeats and counts (point 7)", () => {
  it("a total of 0 is shown", () => {
    const { rolls } = traceOf({ toHit: { die: { purpose: "pummelToHit", sides: 20, face: 1 }, modifiers: [{ key: "WC.Mod.classNonProficient", value: -1 }], total: 0, needed: 10, hit: false } }, i18n);
    expect(rolls[0]?.hasTotal).toBe(true);
    const html = template({ rolls, buttons: [], followUps: [], effects: [], next: [] });
    expect(html).toContain("= 0");
  });

  it("no zero parts: damage reads as what it is", () => {
    expect(damagePhrase(0, 3, i18n)).toBe("3 temporary damage");
    expect(damagePhrase(2, 0, i18n)).toBe("2 real damage");
    expect(damagePhrase(1, 2, i18n)).toBe("3 damage (1 real, 2 temporary)");
  });

  it("true minus signs: in a modifier's value, in the numbers of its reason, and in what the modifiers add", () => {
    const { rolls } = traceOf({ die: { purpose: "grappleResult", sides: 100, face: 50 }, modifiers: [{ key: "WC.Mod.heightDifference", value: -15, params: { steps: -3, halved: 0 } }], total: 35 }, i18n);
    expect(rolls[0]?.modifiers[0]?.value).toBe("−15");
    expect(rolls[0]?.modifiers[0]?.label).toContain("−3");
    expect(rolls[0]?.added).toBe("−15");
    const html = template({ rolls, buttons: [], followUps: [], effects: [], next: [] });
    expect(html).toContain("−15 = 35");
    expect(html).not.toMatch(/-\d/);
  });

  it("a modifier of 0 is no line", () => {
    const { rolls } = traceOf({ die: { purpose: "grappleToHit", sides: 20, face: 12 }, modifiers: [{ key: "WC.Mod.speedAttacker", value: 0, params: { movement: 12 } }], total: 12, needed: 10, hit: true }, i18n);
    expect(rolls[0]?.modifiers).toEqual([]);
  });

  it("the hold is named once: the headline says who holds whom and the part; the split is not said twice", () => {
    // d12-holds: ogre (L) on fighter: d20 15 hits; d12 8 + 1 = 9 body with 1d3; break 4 fails; 1d3 3: 1 real, 2 temporary.
    const { view } = resolved("d12-holds", "grapple", [[20, 15], [12, 8], [12, 4], [3, 3]], { kind: "monster", size: "L", movement: 9, toHit: { kind: "thac0", thac0: 15 } }, {});
    expect(view.headline).toBe("Ogre holds Fighter: Body");
    expect(view.effects).toEqual(["Fighter takes 3 damage (1 real, 2 temporary)"]);
    expect(view.effects.join(" ")).not.toContain("Body");
  });

  it("a release says once that the hold ended", () => {
    const h = { id: "h1", holderId: A, heldId: D, label: "WC.Part.arm", data: { id: "h1", holderId: A, heldId: D, part: "arm", limb: 0, result: 6, sizeAdjustment: 0, holderSize: "M", roundGained: 1 } };
    const v = variant("d12-holds");
    const ctx: ActionContext = { action: "release", attacker: { id: A, profile: v.defaultProfile() }, defender: { id: D, profile: v.defaultProfile() }, declared: {}, holds: [h], round: 1, inCombat: true };
    const resolution = v.resolve(ctx, v.resolveOptions(undefined), new ScriptedDice([]));
    const view = cardView({ version: 1, variant: "d12-holds", requestId: "r", intent: { action: "release", attackerUuid: A, defenderUuid: D, declared: {} }, attackerName: "Ogre", defenderName: "Fighter", resolution, consequences: resolution.consequences, state: "applied" }, i18n);
    expect(view.headline).toBe("Ogre releases Fighter");
    expect(view.effects).toEqual([]);
  });

  it("one of a thing is one: '1 attack', '1 blow', '1 round'", () => {
    const names = { [D]: "Fighter" };
    expect(formatLine("WC.Round.attacksNext", { who: D, n: 1, lost: 1 }, names, i18n)).toBe("Fighter has 1 attack next round (1 lost to break rolls)");
    expect(formatLine("WC.Round.attacksNext", { who: D, n: 2, lost: 0 }, names, i18n)).toBe("Fighter has 2 attacks next round (0 lost to break rolls)");
    expect(formatLine("WC.Result.pummelRoutine", { hits: 1, damage: 7 }, {}, i18n)).toBe("1 blow landed for 7 damage");
    expect(formatLine("WC.Round.knockedOut", { who: D, rounds: 1 }, names, i18n)).toBe("Fighter falls unconscious for 1 round");
  });

  it("round-end lines name the holder and the hold, numbers apart", () => {
    const line = roundLineView({ key: "WC.Round.heldFast", params: { who: D, holder: A, hold: "WC.Part.body", roll: 5, total: 4, target: 10 } }, { [A]: "Ogre", [D]: "Fighter" }, i18n);
    expect(line).toEqual({ text: "Fighter stays in Ogre's hold (Body)", numbers: "d12 5 \u2212 1 = 4, needs 10: held", secret: D });
  });
});

describe("what happens next (the card's closing lines)", () => {
  it("d12-holds: the held fighter tries to break free at the end of each round, needing 10 on d12 - 1", () => {
    const { view } = resolved("d12-holds", "grapple", [[20, 15], [12, 8], [12, 4], [3, 3]], { kind: "monster", size: "L", movement: 9, toHit: { kind: "thac0", thac0: 15 } }, {});
    // The − 1 is the size factor, both creatures' number: hidden as the break roll hides it.
    expect(view.next[0]).toEqual({ text: "Fighter tries to break Ogre's hold at the end of each round, starting next round", numbers: "needs 10 on d12 − 1", secret: `${D} ${A}` });
  });

  it("d12-holds: a failed break hides its sum in the next line wherever the roll hides its size factor (no leak)", () => {
    // Ogre (L) holds the fighter (M): size adjustment +1, negated on later breaks (000): d12 5 - 1 = 4 < 10.
    const v = variant("d12-holds");
    const h = { id: "h1", holderId: D, heldId: A, label: "WC.Part.body", data: { id: "h1", holderId: D, heldId: A, part: "body", limb: 0, result: 9, sizeAdjustment: 1, holderSize: "L", roundGained: 0 } };
    const ctx: ActionContext = { action: "breakFree", attacker: { id: A, profile: v.defaultProfile() }, defender: { id: D, profile: { ...v.defaultProfile(), kind: "monster", size: "L" } }, declared: {}, holds: [h], holdId: "h1", round: 1, inCombat: true };
    const o = v.resolveOptions(undefined);
    const resolution = v.resolve(ctx, o, new ScriptedDice([[12, 5]]));
    const card: StoredCard = { version: 1, variant: "d12-holds", requestId: "r", intent: { action: "breakFree", attackerUuid: A, defenderUuid: D, declared: {}, holdId: "h1" }, attackerName: "Fighter", defenderName: "Ogre", resolution, consequences: resolution.consequences, state: "applied", next: v.next?.(ctx, resolution, o) ?? [] };
    const view = cardView(card, i18n);
    const roll = view.rolls.find((r) => r.label === "Break roll");
    const hidden = roll?.modifiers.filter((m) => m.secret !== "").flatMap((m) => m.secret.split(" ")) ?? [];
    expect(hidden.sort()).toEqual([A, D].sort());
    const line = view.next.find((l) => l.numbers.includes("d12"));
    expect(line?.numbers).toBe("needs 10 on d12 − 1");
    for (const who of hidden) expect(line?.secret.split(" ")).toContain(who);
  });
});

describe("headlines say who did what to whom", () => {
  it("each card sentence stands for a result the rules give, and fills every name", () => {
    const said = get("WC.Card.said") as Record<string, string>;
    expect(Object.keys(said).filter((k) => get(`WC.Result.${k}`) === undefined)).toEqual([]);
    for (const text of Object.values(said)) expect(text).toMatch(/\{attacker\}|\{defender\}/);
  });

  it("percentile overbear: the row reached is named once, after both creatures", () => {
    const card = { ...resolved("percentile", "grapple", [[6, 1], [4, 4], [100, 1], [100, 50]], {}, {}, { defense: "none" }).card };
    const view = cardView({ ...card, resolution: { ...card.resolution, headline: { key: "WC.Result.overbearResult", params: { result: "WC.Overbear.knockedFlat" } } } }, i18n);
    expect(view.headline).toBe("Ogre overbears Fighter: Knocked flat");
    expect(view.subtitle).toBe("");
  });

  it("a note names the creature it is about, not 'the attacker'", () => {
    const card = resolved("d12-holds", "grapple", [[20, 15], [12, 8], [12, 4], [3, 3]], { kind: "monster", size: "L", movement: 9, toHit: { kind: "thac0", thac0: 15 } }, {}).card;
    const notes = [{ key: "WC.Note.extraAttack", targetId: A }, { key: "WC.Note.mayTrip", targetId: A }];
    const view = cardView({ ...card, consequences: { ...card.consequences, notes } }, i18n);
    expect(view.effects.slice(-2)).toEqual(["Ogre may strike again at once", "Ogre may trip Fighter instead"]);
  });

  it("a result with no card sentence keeps its headline, with both names under the title", () => {
    const card = resolved("d12-holds", "grapple", [[20, 15], [12, 8], [12, 4], [3, 3]], { kind: "monster", size: "L", movement: 9, toHit: { kind: "thac0", thac0: 15 } }, {}).card;
    const view = cardView({ ...card, resolution: { ...card.resolution, headline: { key: "WC.Result.liftOff" } } }, i18n);
    expect(view.headline).toBe("Took to the air");
    expect(view.subtitle).toBe("Ogre against Fighter");
  });
});

describe("refusals (point 5)", () => {
  it("a refused resolution is a notice with the reason, and no card", () => {
    const { resolution } = resolved("d12-holds", "pummel", [], { kind: "monster", intelligence: "animal", pummelLimbs: 1 }, {});
    expect(refusalOf(resolution)).toEqual({ key: "WC.Refuse.byRules", params: { reason: "WC.Reason.tooStupid" } });
    expect(refusalOf({ headline: { key: "WC.Result.hold", params: { part: "arm" } } })).toBeNull();
  });
});

describe("whose numbers (point 6)", () => {
  const pair = { attacker: A, defender: D };
  it("each number belongs to the creature whose statistic it is", () => {
    expect(modifierSecret("WC.Mod.speedAttacker", "grappleToHit", pair)).toEqual([A]);
    expect(modifierSecret("WC.Mod.speedDefender", "grappleToHit", pair)).toEqual([D]);
    // The defender's own free attack: its Strength is the defender's.
    expect(modifierSecret("WC.Mod.strengthToHit", "freeAttackToHit", pair)).toEqual([D]);
    expect(modifierSecret("WC.Mod.rear", "grappleToHit", pair)).toEqual([]);
    expect(modifierSecret("WC.Mod.heightDifference", "grappleResult", pair)).toEqual([A, D]);
    expect(targetSecret("grappleToHit", pair)).toEqual([A, D]);
    expect(targetSecret("breakRoll", pair)).toEqual([]);
  });

  it("a total is as secret as its most secret modifier, so no hidden sum can be worked back", () => {
    const { view } = resolved("d12-holds", "grapple", [[20, 15], [12, 8], [12, 4], [3, 3]], { kind: "monster", size: "L", movement: 9, toHit: { kind: "thac0", thac0: 15 } }, {});
    const toHit = view.rolls[0];
    expect(toHit?.modifiers.map((m) => m.secret)).toEqual([A]);
    expect(toHit?.totalSecret).toBe(A);
    expect(toHit?.againstSecret.split(" ").sort()).toEqual([A, D].sort());
  });

  it("every modifier reason the module has is given an owner", () => {
    // (<key>One is the singular text of <key>, not a modifier of its own.)
    const mods = Object.keys(get("WC.Mod") as Record<string, unknown>).filter((k) => !(k.endsWith("One") && get(`WC.Mod.${k.slice(0, -3)}`) !== undefined));
    expect(mods.filter((k) => MOD_OWNERS[k] === undefined)).toEqual([]);
  });
});

describe("a grab's card says when the monster's figure is dealt (issue 31)", () => {
  it("d12-holds: the card says a grab's damage first lands once the hold's own round is over, as 000 has it", () => {
    const v = variant("d12-holds");
    const grab = { key: "attacks.0", name: "Constrict", damagePerRound: { count: 2, sides: 4, bonus: 1 } };
    const ctx = { action: "grab", attacker: { id: A, profile: { ...v.defaultProfile(), kind: "monster" } }, defender: { id: D, profile: v.defaultProfile() }, declared: { needed: 12 }, holds: [], round: 1, inCombat: true, grab } as unknown as ActionContext;
    const o = v.resolveOptions(undefined);
    // d20 14 >= 12 hits; d12 7 for the hold, 1 on every other die (only the card's words are checked).
    const resolution = v.resolve(ctx, o, { roll: (sides: number) => (sides === 20 ? 14 : sides === 12 ? 7 : 1) });
    const card: StoredCard = { version: 1, variant: "d12-holds", requestId: "r", intent: { action: "grab", attackerUuid: A, defenderUuid: D, declared: { needed: 12 } }, attackerName: "Python", defenderName: "Fighter", resolution, consequences: resolution.consequences, state: "applied" };
    const view = cardView(card, i18n);
    expect(view.effects).toContain("The hold does 2d4+1, the figure its attack states, at the end of every round after this one.");
    expect(view.effects.some((e) => e.startsWith("Each round"))).toBe(false);
  });
});
