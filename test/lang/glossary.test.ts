// Each language keeps one word for each game term (lang/glossary/<lang>.json): where English says
// "pinned", the translation says its word for pinned, never its word for immobilized; where
// English breaks free, the translation does not release. Expected words come from the glossaries,
// which translators keep by hand (German "betäubt" as German D&D and dnd5e's German say).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { declaredLanguages } from "../../scripts/lang/compare.ts";
import type { EnglishTerm, LanguageTerm } from "../../scripts/lang/glossary.ts";
import { glossaryProblems, readGlossary } from "../../scripts/lang/glossary.ts";

const english = readGlossary<EnglishTerm>(".", "en");
const englishTexts: unknown = JSON.parse(readFileSync("lang/en.json", "utf8"));
const others = declaredLanguages(".").filter((l) => l.lang !== "en");

describe("glossary", () => {
  it("English names its terms, and every declared language has a glossary with a word for each", () => {
    expect(english).not.toBeNull();
    expect(Object.keys(english?.terms ?? {})).toEqual(expect.arrayContaining(["pinned", "immobilized", "stunned", "hold", "break free", "release"]));
    for (const l of others) {
      const g = readGlossary<LanguageTerm>(".", l.lang);
      expect(g, `lang/glossary/${l.lang}.json`).not.toBeNull();
      expect(Object.keys(g?.terms ?? {}).sort(), l.lang).toEqual(Object.keys(english?.terms ?? {}).sort());
      for (const [name, t] of Object.entries(g?.terms ?? {})) expect(new RegExp(t.forms, "u").test(t.term), `${l.lang} ${name}: "${t.term}" is one of its own forms`).toBe(true);
    }
  });

  it.each(others.map((l) => [l.lang, l.path] as const))("%s uses its glossary's word for each term throughout", (lang, path) => {
    const problems = glossaryProblems(english ?? { terms: {} }, englishTexts, readGlossary<LanguageTerm>(".", lang) ?? { terms: {} }, JSON.parse(readFileSync(path, "utf8")));
    expect(problems.map((p) => `${p.kind} ${p.term} at ${p.key}: ${p.text}`)).toEqual([]);
  });

  const en = { terms: { pinned: { means: "", match: "\\bpinned\\b", distinctFrom: ["immobilized"] }, immobilized: { means: "", match: "\\bimmobilized\\b" } } };
  const fr = { terms: { pinned: { term: "plaqué au sol", forms: "plaqué au sol" }, immobilized: { term: "immobilisé", forms: "immobilisé" } } };

  it("finds a term said with another word, or with the word of a term it is distinct from", () => {
    const texts = { WC: { a: "{held} is pinned", b: "{held} is immobilized", c: "{held} is pinned" } };
    const said = { WC: { a: "{held} est immobilisé", b: "{held} est immobilisé", c: "{held} est plaqué au sol" } };
    expect(glossaryProblems(en, texts, fr, said).map((p) => [p.kind, p.key])).toEqual([
      ["missing", "WC.a"],
      ["confused", "WC.a"],
    ]);
  });

  it("an exception needs a reason, and one for a text that no longer uses the term is stale", () => {
    const excepted = { terms: { ...fr.terms, pinned: { ...fr.terms.pinned, except: { "WC.a": "said another way here", "WC.b": "no longer true" } } } };
    const problems = glossaryProblems(en, { WC: { a: "pinned", b: "free" } }, excepted, { WC: { a: "au sol", b: "libre" } });
    expect(problems.map((p) => [p.kind, p.key])).toEqual([["stale", "WC.b"]]);
  });
});
