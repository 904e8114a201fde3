/**
 * The game terms each language keeps (lang/glossary/<lang>.json) checked against its texts: where
 * English uses a term (lang/glossary/en.json `match`), the translation uses one of the forms of its
 * word, unless the glossary lists that text under `except` with a reason; and where a term is
 * `distinctFrom` another (pinned is not immobilized), its text does not use the other's word
 * unless English uses that term as well. Used by the glossary test.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { flatten } from "./compare.ts";

export interface EnglishTerm {
  readonly means: string;
  readonly match: string;
  readonly distinctFrom?: readonly string[];
}
export interface LanguageTerm {
  readonly term: string;
  readonly forms: string;
  readonly except?: Readonly<Record<string, string>>;
}
export interface Glossary<T> {
  readonly terms: Readonly<Record<string, T>>;
}

export interface GlossaryProblem {
  readonly key: string;
  readonly term: string;
  /** "missing": English uses the term and the text uses none of its forms; "confused": the text uses the word of a term it is distinct from; "stale": an exception for a text English no longer uses the term in. */
  readonly kind: "missing" | "confused" | "stale";
  readonly english: string;
  readonly text: string;
}

const texts = (tree: unknown): Map<string, string> => new Map([...flatten(tree)].filter((e): e is [string, string] => typeof e[1] === "string"));

export function readGlossary<T>(root: string, lang: string): Glossary<T> | null {
  const path = join(root, "lang", "glossary", `${lang}.json`);
  return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as Glossary<T>) : null;
}

/** Every place a language's texts drift from its glossary; [] when they keep it throughout. */
export function glossaryProblems(english: Glossary<EnglishTerm>, englishTexts: unknown, glossary: Glossary<LanguageTerm>, langTexts: unknown): GlossaryProblem[] {
  const en = texts(englishTexts);
  const other = texts(langTexts);
  const problems: GlossaryProblem[] = [];
  const uses = (name: string, text: string) => new RegExp((english.terms[name] as EnglishTerm).match, "u").test(text);
  for (const [name, term] of Object.entries(english.terms)) {
    const mine = glossary.terms[name];
    if (!mine) throw new Error(`the glossary has no word for "${name}"`);
    const forms = new RegExp(mine.forms, "u");
    for (const [key, text] of other) {
      const englishText = en.get(key);
      if (englishText === undefined) continue;
      const excepted = mine.except?.[key] !== undefined;
      if (uses(name, englishText)) {
        if (!excepted && !forms.test(text)) problems.push({ key, term: name, kind: "missing", english: englishText, text });
      } else if (excepted) {
        problems.push({ key, term: name, kind: "stale", english: englishText, text });
      }
    }
    for (const otherName of term.distinctFrom ?? []) {
      const otherTerm = glossary.terms[otherName];
      if (!otherTerm) throw new Error(`the glossary has no word for "${otherName}"`);
      const otherForms = new RegExp(otherTerm.forms, "u");
      for (const [key, text] of other) {
        const englishText = en.get(key);
        if (englishText === undefined || !uses(name, englishText) || uses(otherName, englishText)) continue;
        if (otherForms.test(text)) problems.push({ key, term: `${name} (not ${otherName})`, kind: "confused", english: englishText, text });
      }
    }
  }
  return problems;
}
