// Every language module.json declares has exactly English's keys, each a text, with every
// {placeholder} of the English text intact. Runs over whatever languages are declared, so a new
// translation is checked the day it is added to module.json (npm run lang:check lists details).
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkLanguages, compare, declaredLanguages, flatten, placeholdersOf } from "../../scripts/lang/compare.ts";

const declared = declaredLanguages(".");

describe("declared languages", () => {
  it("English is declared, each language once, each file present", () => {
    expect(declared.map((l) => l.lang)).toContain("en");
    expect(new Set(declared.map((l) => l.lang)).size).toBe(declared.length);
    for (const l of declared) expect(existsSync(l.path), l.path).toBe(true);
  });

  it.each(declared.map((l) => [l.lang, l.path] as const))("%s (%s) has English's keys and placeholders", (lang) => {
    const report = checkLanguages(".").find((r) => r.lang === lang);
    expect(report).toMatchObject({ missing: [], extra: [], notText: [], placeholders: [] });
    expect(report?.unreadable).toBeUndefined();
  });
});

describe("the comparison itself", () => {
  const en = flatten({ WC: { a: "Hit {name} for {n}", b: "Plain", c: { d: "Deep" } } });

  it("flattens to dotted keys and reads placeholders once each, sorted", () => {
    expect([...en.keys()]).toEqual(["WC.a", "WC.b", "WC.c.d"]);
    expect(placeholdersOf("{n} and {name} and {n}")).toEqual(["n", "name"]);
  });

  it("finds missing and extra keys, non-texts and changed placeholders", () => {
    const de = flatten({ WC: { a: "Triff {nom} mit {n}", c: { d: 3 }, e: "Neu" } });
    expect(compare("de", "lang/de.json", en, de)).toEqual({
      lang: "de",
      path: "lang/de.json",
      missing: ["WC.b"],
      extra: ["WC.e"],
      notText: ["WC.c.d"],
      placeholders: [{ key: "WC.a", missing: ["{name}"], extra: ["{nom}"] }],
      sameAsEnglish: [],
    });
  });

  it("a faithful translation passes, and words left in English are only listed", () => {
    const fr = flatten({ WC: { a: "Frapper {name} pour {n}", b: "Plain", c: { d: "Profond" } } });
    expect(compare("fr", "lang/fr.json", en, fr)).toMatchObject({ missing: [], extra: [], notText: [], placeholders: [], sameAsEnglish: ["WC.b"] });
  });
});

describe("plural groups", () => {
  const en = flatten({ WC: { rounds: { one: "{n} round", other: "{n} rounds" } } });

  it("a language keeps the plural categories of its own grammar, each held to English's other", () => {
    const pl = flatten({ WC: { rounds: { one: "{n} runda", few: "{n} rundy", many: "{n} rund", other: "{n} rundy" } } });
    expect(compare("pl", "lang/pl.json", en, pl)).toMatchObject({ missing: [], extra: [], notText: [], placeholders: [] });
    const ja = flatten({ WC: { rounds: { other: "{n}ラウンド" } } });
    expect(compare("ja", "lang/ja.json", en, ja)).toMatchObject({ missing: [], extra: [], placeholders: [] });
  });

  it("its other form is never optional, and a form's placeholders are checked", () => {
    const bad = flatten({ WC: { rounds: { one: "{n} round", few: "{count} rounds" } } });
    expect(compare("xx", "lang/xx.json", en, bad)).toMatchObject({ missing: ["WC.rounds.other"], placeholders: [{ key: "WC.rounds.few", missing: ["{n}"], extra: ["{count}"] }] });
  });
});
