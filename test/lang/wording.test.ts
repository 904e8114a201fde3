// Wording that native readers found wrong in every language: the per-round refusal put an action
// name (a noun) where a verb belongs; the words standing in for missing names did not agree with
// what surrounds them ("a el objetivo", „von das Ziel“, « cette créature est tenu »); a count of
// lost attacks that a plural did not follow ("1 perdidos").
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { I18n } from "../../src/foundry/base/text.ts";
import { formatLine } from "../../src/foundry/base/text.ts";
import { flatten } from "../../scripts/lang/compare.ts";

const LANGS = ["en", "de", "fr", "es", "pt-BR"] as const;
const trees: Record<string, unknown> = Object.fromEntries(LANGS.map((l) => [l, JSON.parse(readFileSync(`lang/${l}.json`, "utf8"))]));
const texts = (l: string) => new Map([...flatten(trees[l])].filter((e): e is [string, string] => typeof e[1] === "string"));

function i18nFor(l: string): I18n {
  const all = texts(l);
  return {
    lang: l,
    localize: (k) => all.get(k) ?? k,
    format: (k, data) => (all.get(k) ?? k).replace(/\{(\w+)\}/g, (_m, p: string) => String(data[p] ?? `{${p}}`)),
    has: (k) => all.has(k),
  };
}

describe("the per-round refusal is shaped like the other refusals", () => {
  it.each(LANGS)("%s: it opens with the action as its subject, as 'not possible' does", (l) => {
    const t = texts(l);
    const byRules = t.get("WC.Refuse.byRules") ?? "";
    const perRound = t.get("WC.Refuse.perRound") ?? "";
    expect(byRules.startsWith("{action} ")).toBe(true);
    expect(perRound.startsWith("{action} "), perRound).toBe(true);
    const said = i18nFor(l).format("WC.Refuse.perRound", { name: "Fighter", action: t.get("WC.Action.coupDeGrace") ?? "", reason: "…" });
    expect(said.startsWith(t.get("WC.Action.coupDeGrace") ?? "?")).toBe(true);
    expect(said).toContain("Fighter");
  });
});

/** Where a language's grammar changes a word after another, the sequences that must never be written. */
const WRONG: Record<string, RegExp> = {
  de: /\b(von|mit|nach|aus|bei|zu) (das|die|diese) /,
  fr: /\b(de|à) (le|les) |cette créature (est|n’est) [a-zé ]*\b(tenu|maintenu|immobilisé|occupé|soumis|étourdi)\b/,
  es: /\b(a|de) el |esta criatura (está|queda|no está) [a-z ]*\b(sujeto|inmovilizado|ocupado|indefenso|sometido|aturdido)\b/,
  "pt-BR": /\b(de|em|a|por) (o|os|este|esta|esse|essa) |esta criatura (está|fica|não está) [a-z ]*\b(preso|imobilizado|ocupado|indefeso|subjugado|atordoado)\b/,
};

describe("words put in for missing names agree with what surrounds them", () => {
  it.each(Object.keys(WRONG))("%s: every text naming the two reads right with the stand-ins", (l) => {
    const i18n = i18nFor(l);
    const wrong: string[] = [];
    for (const [key, text] of texts(l)) {
      if (!/\{(attacker|defender)\}/.test(text) || key.startsWith("WC.Name.")) continue;
      const said = formatLine(key, {}, {}, i18n);
      if (WRONG[l]?.test(said)) wrong.push(`${key}: ${said}`);
    }
    expect(wrong).toEqual([]);
  });

  it("the German dative after 'von' (a text the issue quotes), where a name is given and where it is not", () => {
    const de = i18nFor("de");
    expect(formatLine("WC.Card.said.brokeFree", { attacker: "a", defender: "d" }, { a: "Ogre", d: "Fighter" }, de)).toContain("von Fighter");
    expect(formatLine("WC.Card.said.brokeFree", {}, {}, de)).toContain("vom Ziel");
  });
});

describe("a count the text does not have to agree with", () => {
  it.each(["fr", "es", "pt-BR"])("%s: one lost attack reads right next to one or two kept", (l) => {
    for (const n of [1, 2]) {
      const said = formatLine("WC.Round.attacksNext", { who: "f", n, lost: 1 }, { f: "Fighter" }, i18nFor(l));
      expect(said).not.toMatch(/\b1 (perdidos|perdidas|perdues|perdus)\b/);
      expect(said).toContain("Fighter");
    }
  });
});
