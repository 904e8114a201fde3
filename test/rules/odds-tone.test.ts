// Issue 20: each odds outcome carries its tone from the rules (what it is to the creature acting),
// and every action of every variant has a headline text for the dialog's large chance.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { actionTone, toneOf } from "../../src/rules/core/tone.ts";
import { RULES_VARIANTS, SHELL_ACTIONS } from "../../src/rules/index.ts";
import type { ActionContext, RulesVariant } from "../../src/rules/index.ts";

type Json = { [k: string]: Json } | string;
const en = JSON.parse(readFileSync("lang/en.json", "utf8")) as Json;
const text = (key: string): Json | undefined => key.split(".").reduce<Json | undefined>((x, k) => (x && typeof x === "object" ? x[k] : undefined), en);

describe("headline texts", () => {
  it.each(Object.entries(RULES_VARIANTS))("%s: every action it offers has one", (_id, v) => {
    for (const action of (v as RulesVariant).actions) expect(typeof text(`WC.Odds.headline.${action}`), action).toBe("string");
  });
  it("every shell action has one, so a variant that adds an action finds it", () => {
    for (const action of SHELL_ACTIONS) expect(typeof text(`WC.Odds.headline.${action}`), action).toBe("string");
  });
});

describe("tones", () => {
  it("a refusal, and no blow landing, are failures whatever the action", () => {
    expect(toneOf({ key: "WC.Result.notAllowedBecause", params: { reason: "WC.Reason.armored" }, p: 1 }, actionTone("pummel", "d"))).toBe("bad");
    expect(toneOf({ key: "WC.Result.hits", params: { hits: 0 }, p: 0.2 }, actionTone("pummel", "d"))).toBe("bad");
    expect(toneOf({ key: "WC.Result.limbsHit", params: { hits: 0, limbs: 2 }, p: 0.2 }, actionTone("pummel", "d"))).toBe("bad");
    expect(toneOf({ key: "WC.Result.limbsHit", params: { hits: 1, limbs: 2 }, p: 0.5 }, actionTone("pummel", "d"))).toBe("good");
  });
  it("a blow into a grapple succeeds only on the creature struck at", () => {
    const spec = actionTone("attackIntoGrapple", "orc");
    expect(toneOf({ key: "WC.Result.blowLands", params: { who: "orc" }, p: 0.4 }, spec)).toBe("good");
    expect(toneOf({ key: "WC.Result.blowLands", params: { who: "friend" }, p: 0.2 }, spec)).toBe("bad");
    expect(toneOf({ key: "WC.Result.blowMisses", params: { who: "orc" }, p: 0.4 }, spec)).toBe("bad");
  });
  it("a brief grip is part way to a hold, not a hold", () => {
    expect(toneOf({ key: "WC.Result.briefGrip", p: 0.1 }, actionTone("grapple", "d"))).toBe("mid");
    expect(toneOf({ key: "WC.Result.hold", params: { part: "arm" }, p: 0.1 }, actionTone("grapple", "d"))).toBe("good");
  });

  // Grapple die (002): a pummel with two limbs at -2 and -4, which the dialog once showed at 0.0%
  // beside 19% of hits. Every outcome with a hit is a success, and the successes are 1 - P(no hit).
  it("grapple die: a pummel of two limbs counts every hit as a success", () => {
    const v = RULES_VARIANTS["grapple-die"] as RulesVariant;
    const prof = v.defaultProfile();
    const c: ActionContext = { action: "pummel", attacker: { id: "a", profile: prof }, defender: { id: "d", profile: prof }, declared: { limbs: 2 }, holds: [], round: 1, inCombat: true };
    const odds = v.odds(c, v.resolveOptions(undefined));
    const none = odds.filter((o) => o.params?.hits === 0).reduce((s, o) => s + o.p, 0);
    const good = odds.filter((o) => o.tone === "good").reduce((s, o) => s + o.p, 0);
    expect(none).toBeGreaterThan(0);
    expect(good).toBeGreaterThan(0);
    expect(good).toBeCloseTo(1 - none, 12);
  });
});
