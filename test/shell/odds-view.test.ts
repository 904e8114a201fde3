// The odds picture (pure): chances that add up however they are rounded, tones from the rules,
// labels with names and every parameter, numbers in the user's language (issue 20).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import lang from "../../lang/en.json";
import type { I18n } from "../../src/foundry/base/text.ts";
import { formatLine } from "../../src/foundry/base/text.ts";
import { largestRemainder, oddsPicture } from "../../src/foundry/ui/odds-view.ts";
import type { ActionContext, OddsOutcome, RulesVariant } from "../../src/rules/index.ts";
import { RULES_VARIANTS } from "../../src/rules/index.ts";
import { GRAPPLING_TABLE } from "../../src/rules/percentile/index.ts";
import type { Hold } from "../../src/rules/percentile/index.ts";
import * as gd from "../../src/rules/grapple-die/index.ts";
import * as pc from "../../src/rules/percentile/index.ts";
import { holdArb as gdHoldArb } from "../rules/grapple-die/arbitraries.ts";
import { holdArb as pcHoldArb } from "../rules/percentile/arbitraries.ts";

const get = (key: string): unknown => key.split(".").reduce<unknown>((o, k) => (o !== null && typeof o === "object" ? (o as Record<string, unknown>)[k] : undefined), lang);
const i18n: I18n = {
  localize: (k) => (typeof get(k) === "string" ? (get(k) as string) : k),
  format: (k, data) => (typeof get(k) === "string" ? (get(k) as string).replace(/\{(\w+)\}/g, (m, p: string) => (data[p] !== undefined ? String(data[p]) : m)) : k),
  has: (k) => typeof get(k) === "string",
};
const pct = (s: string) => Number(s.replace(/[^\d.,]/g, "").replace(",", "."));

describe("outcomes that name the two", () => {
  it("take the names of the pair the dialog is about, never 'the target' or an unfilled {defender}", () => {
    const odds: OddsOutcome[] = [{ key: "WC.Result.broken", p: 0.5, tone: "bad" }, { key: "WC.Result.stoodUp", p: 0.5, tone: "good" }];
    const pic = oddsPicture(odds, "grapple", i18n, false, { "tok.f": "Fighter", "tok.o": "Ogre" }, "en", { attacker: "tok.f", defender: "tok.o" });
    expect(pic.lines.map((l) => l.label).sort()).toEqual(["Fighter is back on its feet", "Ogre shook the grip off at once"]);
  });
});

describe("largest remainder", () => {
  it("gives whole units that add up to the total, the largest remainders first", () => {
    // Eight quotas of 0.5 and one of 6: the four units left go to the first four halves.
    expect(largestRemainder([0.05, 0.05, 0.05, 0.05, 0.05, 0.05, 0.05, 0.05, 0.6], 10)).toEqual([1, 1, 1, 1, 0, 0, 0, 0, 6]);
    expect(largestRemainder([1 / 3, 1 / 3, 1 / 3], 1000).reduce((a, b) => a + b, 0)).toBe(1000);
    expect(largestRemainder([0.555, 0.445], 10)).toEqual([6, 4]);
  });
});

describe("the odds picture", () => {
  // Eight ways to succeed at 5% each, and a miss at 60%: rounded one by one they were eight
  // "≈10%" lines under "≈40%".
  const eight: OddsOutcome[] = [...Array.from({ length: 8 }, (_, i): OddsOutcome => ({ key: "WC.Result.hold", params: { part: ["arm", "leg", "body", "head", "arm2", "leg2", "body2", "head2"][i] ?? "" }, p: 0.05, tone: "good" })), { key: "WC.Result.miss", p: 0.6, tone: "bad" }];

  it("rounded for a player, the lines add up to 100% and the headline is the sum of the successes shown", () => {
    const pic = oddsPicture(eight, "grapple", i18n, true);
    const sum = pic.lines.reduce((s, l) => s + pct(l.pct), 0);
    expect(sum).toBe(100);
    expect(pic.big).toBe("≈40%");
    expect(pct(pic.big)).toBe(pic.lines.filter((l) => l.tone === "good").reduce((s, l) => s + pct(l.pct), 0));
    // The small successes are one line, not eight.
    expect(pic.lines).toHaveLength(2);
    // The group says what it groups (issue 34: "8 other outcomes" said nothing).
    expect(pic.lines[0]?.label).toMatch(/^other holds \(8\): /);
    const widths = pic.segments.map((s) => parseFloat(s.width));
    expect(widths.reduce((a, b) => a + b, 0)).toBeCloseTo(100, 6);
  });

  it("small outcomes of different results are named by what they are to the one acting: other successes (3)", () => {
    const mixed: OddsOutcome[] = [
      { key: "WC.Result.overborne", p: 0.05, tone: "good" },
      { key: "WC.Result.pushed", params: { feet: 5 }, p: 0.05, tone: "good" },
      { key: "WC.Result.hold", params: { part: "arm" }, p: 0.05, tone: "good" },
      { key: "WC.Result.miss", p: 0.85, tone: "bad" },
    ];
    expect(oddsPicture(mixed, "overbear", i18n, true).lines[0]?.label).toMatch(/^other successes \(3\): /);
  });

  it("exact, the lines add up to 100.0% and the headline to the successes' lines", () => {
    const thirds: OddsOutcome[] = [
      { key: "WC.Result.hit", p: 1 / 3, tone: "good" },
      { key: "WC.Result.hitStunned", p: 1 / 3, tone: "good" },
      { key: "WC.Result.miss", p: 1 / 3, tone: "bad" },
    ];
    const pic = oddsPicture(thirds, "pummel", i18n);
    expect(pic.lines.map((l) => l.pct)).toEqual(["33.4%", "33.3%", "33.3%"]);
    expect(pic.big).toBe("66.7%");
    expect(pic.legend.map((l) => l.label)).toEqual(["success", "failure"]);
  });

  it("a sure thing is said plainly even when rounded", () => {
    expect(oddsPicture([{ key: "WC.Result.stoodUp", p: 1, tone: "good" }], "standUp", i18n, true).big).toBe("100%");
  });

  it("speaks the user's language: 27,1 % in German", () => {
    const pic = oddsPicture([{ key: "WC.Result.hit", p: 0.271, tone: "good" }, { key: "WC.Result.miss", p: 0.729, tone: "bad" }], "pummel", i18n, false, {}, "de");
    expect(pic.big).toMatch(/^27,1\s%$/);
  });

  it("a refusal is its reason alone", () => {
    const pic = oddsPicture([{ key: "WC.Result.notAllowedBecause", params: { reason: "WC.Reason.noHoldOnTarget" }, p: 1, tone: "bad" }], "overbear", i18n);
    expect(pic.refused).toBe("Not possible: Only a creature holding the target may try to overbear it");
    expect(pic.lines).toEqual([]);
  });

  // Percentile (004): a blow into the grapple of a target and the friend it holds lands on one of
  // them; the dialog once listed their token ids and an unfilled {damage}.
  it("percentile: a blow into a grapple names the creatures, with every placeholder filled", () => {
    const v = RULES_VARIANTS.percentile as RulesVariant;
    const row = (GRAPPLING_TABLE.rows[2] as { result: Hold["row"] }).result;
    const hold: Hold = { id: "Scene.s.Token.orc>Scene.s.Token.friend@1", holderId: "Scene.s.Token.orc", heldId: "Scene.s.Token.friend", row, original: true, special: false, roundGained: 1 };
    const p = v.defaultProfile();
    const ctx: ActionContext = {
      action: "attackIntoGrapple",
      attacker: { id: "Scene.s.Token.man", profile: p },
      defender: { id: "Scene.s.Token.orc", profile: p },
      declared: { needed: 11, damageCount: 1, damageSides: 8, damageBonus: 0 },
      holds: [{ id: hold.id, holderId: hold.holderId, heldId: hold.heldId, label: `WC.Hold.${row.hold}`, data: hold }],
      round: 1,
      inCombat: true,
      others: [{ id: "Scene.s.Token.friend", profile: p }],
    };
    const names = { "Scene.s.Token.man": "Hrothgar", "Scene.s.Token.orc": "Orc", "Scene.s.Token.friend": "Wynn" };
    const pic = oddsPicture(v.odds(ctx, v.resolveOptions(undefined)), "attackIntoGrapple", i18n, false, names);
    const text = [pic.big, pic.what, ...pic.lines.map((l) => `${l.pct} ${l.label}`)].join("\n");
    expect(text).not.toMatch(/Scene\.|\{|WC\./);
    expect(text).toContain("The blow lands on Orc");
    expect(text).toContain("Wynn");
    // Only the blow on the orc is a success.
    expect(pic.lines.filter((l) => l.tone === "good").map((l) => l.label)).toEqual(["The blow lands on Orc"]);
  });
});

// Every action of every rule set, over sampled creatures and holds (the states a GM meets: held,
// holding, in another's grapple, prone, helpless): the picture names creatures, fills every
// placeholder, has a headline, and its successes are the headline.
describe("every action's picture reads", () => {
  const ids = { a: "Scene.s.Token.a", d: "Scene.s.Token.d", o: "Scene.s.Token.o" };
  const names = { [ids.a]: "Hrothgar", [ids.d]: "Grundle", [ids.o]: "Wynn" };
  const bad = /WC\.|\{\w+\}|Scene\.|undefined|NaN|\[object/;

  function check(v: RulesVariant, contexts: readonly ActionContext[]): number {
    let seen = 0;
    for (const c of contexts) {
      let odds: OddsOutcome[];
      try {
        odds = v.odds(c, v.resolveOptions(undefined));
      } catch {
        continue; // the rules cannot use this context (a hold that is not there): the dialog tells so
      }
      for (const rough of [false, true]) {
        const pic = oddsPicture(odds, c.action, i18n, rough, names);
        const all = [pic.refused, pic.big, pic.what, ...pic.lines.map((l) => l.label), ...pic.segments.map((s) => s.title)].join("\n");
        expect(all, `${v.id} ${c.action}`).not.toMatch(bad);
        if (pic.refused === "") expect(pic.what.length, `${v.id} ${c.action}`).toBeGreaterThan(0);
      }
      seen += 1;
    }
    return seen;
  }

  const base = (v: RulesVariant, action: ActionContext["action"], over: Partial<ActionContext> = {}): ActionContext => ({
    action,
    attacker: { id: ids.a, profile: v.defaultProfile() },
    defender: { id: ids.d, profile: v.defaultProfile() },
    declared: {},
    holds: [],
    round: 2,
    inCombat: true,
    ...over,
  });

  it("grapple die and percentile, sampled", () => {
    for (const [id, holdOf] of [
      ["grapple-die", (h: string, x: string) => gd.holdRecord(fc.sample(gdHoldArb(h, x), { numRuns: 1, seed: 7 })[0] as gd.Hold)],
      ["percentile", (h: string, x: string) => pc.holdRecord(fc.sample(pcHoldArb(h, x, 1), { numRuns: 1, seed: 7 })[0] as pc.Hold)],
    ] as const) {
      const v = RULES_VARIANTS[id] as RulesVariant;
      const prone = { ...v.defaultProfile(), conditions: ["prone"] };
      const helpless = { ...v.defaultProfile(), conditions: ["helpless", "unconscious"] };
      const states: Array<Partial<ActionContext>> = [
        {},
        { holds: [holdOf(ids.a, ids.d)] },
        { holds: [holdOf(ids.d, ids.a)] },
        { holds: [holdOf(ids.d, ids.o)], others: [{ id: ids.o, profile: v.defaultProfile() }] },
        { attacker: { id: ids.a, profile: prone } },
        { defender: { id: ids.d, profile: helpless } },
        { declared: { limbs: 2 } },
        // Armed: a readied weapon (002's coup de grâce, subdual and blow into a grapple need one).
        ...(id === "grapple-die"
          ? [
              { attacker: { id: ids.a, profile: { ...v.defaultProfile(), readiedAttack: { kind: "weapon", lengthFt: 3, damage: { count: 1, sides: 8 }, damageBonus: 0, toHitBonus: 0 } } }, defender: { id: ids.d, profile: helpless } },
              { attacker: { id: ids.a, profile: { ...v.defaultProfile(), readiedAttack: { kind: "weapon", lengthFt: 3, damage: { count: 1, sides: 8 }, damageBonus: 0, toHitBonus: 0 } } }, holds: [holdOf(ids.d, ids.o)], others: [{ id: ids.o, profile: v.defaultProfile() }] },
            ]
          : []),
        { declared: { needed: 11, damageCount: 1, damageSides: 6, damageBonus: 0 } },
      ];
      const contexts = v.actions.flatMap((action) => states.map((s) => base(v, action, s)));
      expect(check(v, contexts)).toBeGreaterThan(v.actions.length);
    }
  });

  it("d12 holds", () => {
    const v = RULES_VARIANTS["d12-holds"] as RulesVariant;
    const arm = (holder: string, held: string): ActionContext["holds"][number] => ({ id: `${holder}>${held}@1.1`, holderId: holder, heldId: held, label: "WC.Part.arm", data: { id: `${holder}>${held}@1.1`, holderId: holder, heldId: held, part: "arm", limb: 0, result: 6, sizeAdjustment: 0, holderSize: "M", roundGained: 1 } });
    const states: Array<Partial<ActionContext>> = [{}, { holds: [arm(ids.a, ids.d)] }, { holds: [arm(ids.d, ids.a)] }, { attacker: { id: ids.a, profile: { ...v.defaultProfile(), conditions: ["prone"] } } }];
    expect(check(v, v.actions.flatMap((action) => states.map((s) => base(v, action, s))))).toBeGreaterThan(v.actions.length);
  });
});

describe("percentile's height and weight lines carry their units (issue 34)", () => {
  it("a 70 in, 170 lb attacker on a 60 in, 80 lb target: 10 in taller, 90 lb heavier", () => {
    const v = RULES_VARIANTS.percentile as RulesVariant;
    const me = { ...(v.defaultProfile() as unknown as pc.PercentileCombatant), id: "a", height: 70, weight: 170 };
    const them = { ...(v.defaultProfile() as unknown as pc.PercentileCombatant), id: "d", height: 60, weight: 80 };
    const mods = pc.resultModifiers(me, them, "overbear", v.resolveOptions(undefined) as pc.PercentileOptions);
    const label = (key: string) => {
      const m = mods.find((x) => x.key === key);
      return m ? formatLine(m.key, m.params, {}, i18n) : "";
    };
    expect(label("WC.Mod.heightDifference")).toMatch(/^Height: 10 in taller \(/);
    expect(label("WC.Mod.weightDifference")).toMatch(/^Weight: 90 lb heavier \(/);
  });
});
