/**
 * Every compendium pack the module ships, assembled as the documents the Foundry CLI packs:
 * the macros (generated per variant action, plus packs/_source/macros/) and the guide journal
 * (packs/_source/guide/). The build compiles these; the tests check these same documents.
 */
import type { PackSource } from "./docs.ts";
import { guideJournal } from "./guide.ts";
import { loadLang, Texts } from "./lang.ts";
import { macrosPack } from "./macros.ts";

export function assemblePacks(root: string): PackSource[] {
  const texts = new Texts(loadLang(root, "en"));
  const macros = macrosPack(root, texts);
  return [
    { name: "macros", type: "Macro", docs: [...macros.folders, ...macros.macros] },
    { name: "guide", type: "JournalEntry", docs: [guideJournal(root, texts, macros)] },
  ];
}
