/**
 * `npm run lang:check [-- <lang/xx.json> ...] [--same]`: for each language module.json declares
 * (or each file named, declared or not), lists the keys it lacks and the keys English lacks,
 * texts that are not texts, and texts whose {placeholders} differ from English's. --same also
 * lists the texts still word for word English. Exit 1 when any language has a problem, 2 for an
 * argument it does not take or a file it cannot read.
 *
 *   npm run lang:check                  # every declared language
 *   npm run lang:check -- lang/de.json  # one file, before it is declared in module.json
 */
import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { readArgs, usageExit } from "./cli.ts";
import type { LanguageReport } from "./lang/compare.ts";
import { checkLanguages, declaredLanguages, isClean } from "./lang/compare.ts";

const USAGE = `
Usage: npm run lang:check -- [lang/xx.json ...] [--same]

Checks each language module.json declares (or each file named, declared or not) against English
(lang/en.json): the keys it lacks, the keys English lacks, texts that are not texts, and texts
whose {placeholders} differ from English's. Exit code 1 when any language has a problem, 2 for a
bad argument or a file it cannot read.

  --same       also list the texts still word for word as in English
  -h, --help   this text
`;

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const { values, positionals: files } = readArgs({ name: "lang:check", usage: USAGE, options: { same: { type: "boolean" } }, positionals: { max: Infinity, what: "language files" } });
const showSame = values.same === true;
const missing = files.find((f) => !existsSync(resolve(root, f)));
if (missing !== undefined) usageExit("lang:check", new Error(`${missing} does not exist (give a language file such as lang/de.json)`));

function print(r: LanguageReport): void {
  console.log(`${r.lang} (${r.path}): ${isClean(r) ? "ok" : "PROBLEMS"}${r.sameAsEnglish.length > 0 ? `, ${r.sameAsEnglish.length} texts still as in English` : ""}`);
  if (r.unreadable !== undefined) console.log(`  not readable as JSON: ${r.unreadable}`);
  for (const k of r.missing) console.log(`  missing: ${k}`);
  for (const k of r.extra) console.log(`  extra (not in English): ${k}`);
  for (const k of r.notText) console.log(`  not a text: ${k}`);
  for (const p of r.placeholders) console.log(`  placeholders: ${p.key}${p.missing.length > 0 ? ` lacks ${p.missing.join(" ")}` : ""}${p.extra.length > 0 ? ` has unknown ${p.extra.join(" ")}` : ""}`);
  if (showSame) for (const k of r.sameAsEnglish) console.log(`  same as English: ${k}`);
}

let reports: LanguageReport[];
try {
  reports = checkLanguages(root, files.length > 0 ? files : undefined);
} catch (e) {
  usageExit("lang:check", e);
}
if (files.length === 0 && !declaredLanguages(root).some((l) => l.lang === "en")) {
  console.error("lang:check: module.json does not declare English (lang/en.json)");
  process.exitCode = 1;
}
reports.forEach(print);
const bad = reports.filter((r) => !isClean(r)).length;
console.log(`${reports.length} language${reports.length === 1 ? "" : "s"} checked, ${bad} with problems`);
if (bad > 0) process.exitCode = 1;
