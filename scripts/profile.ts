/**
 * `npm run -s profile -- <actor.json> [--system ID] [--variant ID] [--ascending-ac|--descending-ac] [--reasons]`
 *
 * Reads an actor as Foundry's Export Data writes it and prints, as JSON on stdout,
 * `{system, variant, profile, sources}`: the variant's combatant profile (the shape of the
 * vectors' combatant input) and, per field, "sheet", "default" or "override". With --reasons,
 * also why each value is what it is, in English.
 *
 * The system is the one named by --system, else the export's own `_stats.systemId` (Foundry
 * stamps it on every export). A system the layer does not know is refused unless
 * `--system generic` asks for the generic reading. The variant defaults to d12-holds.
 * OSE's AC: --ascending-ac / --descending-ac give the world's setting; without either, an export
 * whose `system.ac.value` is missing while `system.aac.value` is set reads as ascending.
 *
 * A bad argument (an option it does not take, an unknown system or variant, no file, a file that
 * cannot be read) gets one line on stderr and exit code 2; a file that is not an actor export it
 * can read, one line and exit code 1.
 */
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { CreatureDataError, SYSTEMS, detectSystemId, isVariantKey, knownSystem, readCreature } from "../src/systems/index.ts";
import type { SystemDescriptor, VariantKey } from "../src/systems/index.ts";
import { at } from "../src/systems/read.ts";
import { HelpAsked, parseCli, usageLine, UsageError } from "./cli.ts";

export const PROFILE_USAGE = `
Usage: npm run -s profile -- <actor.json> [--system ID] [--variant ID] [--ascending-ac | --descending-ac] [--reasons]

Reads an actor as Foundry's Export Data writes it and prints, as JSON, what the module reads from
it: {system, variant, profile, sources}, each field's source "sheet", "default" or "override".
The system is --system, else the export's own _stats.systemId. Exit code 1 for a file that is
not an actor export, 2 for a bad argument.

  --system ID       read as this system: ${Object.keys(SYSTEMS).join(", ")}
  --variant ID      the rule set's profile: d12-holds (default), grapple-die, percentile
  --ascending-ac    OSE: the world uses ascending AC (without either flag, an export with only
  --descending-ac     an ascending AC value reads as ascending)
  --reasons         also say, in English, why each value is what it is
  -h, --help        this text
`;

const lang = JSON.parse(readFileSync(new URL("../lang/en.json", import.meta.url), "utf8")) as Record<string, unknown>;

/** Input the command can read but cannot use (exit code 1); a bad argument is a UsageError (2). */
class Refused extends Error {}

const WHAT: Readonly<Record<string, string>> = { notAnObject: "is not an object", missing: "is missing", notText: "is not text" };

function localize(key: string, params: Readonly<Record<string, string | number>> = {}): string {
  const v = key.split(".").reduce<unknown>((o, k) => (o && typeof o === "object" ? (o as Record<string, unknown>)[k] : undefined), lang);
  return typeof v === "string" ? v.replace(/\{(\w+)\}/g, (_m, k: string) => String(params[k] ?? `{${k}}`)) : key;
}

/** The whole command, without the process: what it prints and its exit code. */
export function runProfile(argv: readonly string[]): { code: number; stdout: string; stderr: string } {
  try {
    return { code: 0, stdout: main(argv), stderr: "" };
  } catch (e) {
    if (e instanceof HelpAsked) return { code: 0, stdout: `${PROFILE_USAGE.trim()}\n`, stderr: "" };
    if (e instanceof UsageError) return { code: 2, stdout: "", stderr: `${usageLine("profile", e.message)}\n` };
    return { code: 1, stdout: "", stderr: `${message(e)}\n` };
  }
}

function message(e: unknown): string {
  if (e instanceof Refused) return `profile: ${e.message}`;
  if (e instanceof CreatureDataError) return `profile: not an actor export: ${e.field} ${WHAT[e.code] ?? e.code}${Object.keys(e.params).length > 0 ? ` ${JSON.stringify(e.params)}` : ""}`;
  return `profile: ${(e as Error).message}`;
}

const OPTIONS = {
  system: { type: "string" },
  variant: { type: "string" },
  "ascending-ac": { type: "boolean" },
  "descending-ac": { type: "boolean" },
  reasons: { type: "boolean" },
} as const;

function main(argv: readonly string[]): string {
  const { values, positionals } = parseCli({ name: "profile", usage: PROFILE_USAGE, options: OPTIONS, positionals: { min: 1, max: 1, what: "actor export (an actor.json file)" } }, argv);
  const systemArg = values.system;
  const variantArg = values.variant ?? "d12-holds";
  if (values["ascending-ac"] && values["descending-ac"]) throw new UsageError("--ascending-ac and --descending-ac do not go together");
  const ascending = values["ascending-ac"] ? true : values["descending-ac"] ? false : undefined;
  const withReasons = values.reasons === true;
  const file = positionals[0] as string;
  if (!isVariantKey(variantArg)) throw new UsageError(`unknown variant "${variantArg}" (known: d12-holds, grapple-die, percentile)`);
  const variant: VariantKey = variantArg;

  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    throw new UsageError(`cannot read ${file}: ${(e as Error).message}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new Refused(`${file} is not JSON: ${(e as Error).message}`);
  }

  const known = Object.keys(SYSTEMS).join(", ");
  let system: SystemDescriptor;
  if (systemArg !== undefined) {
    const s = knownSystem(systemArg);
    if (!s) throw new UsageError(`unknown system "${systemArg}" (known: ${known})`);
    system = s;
  } else {
    const detected = detectSystemId(data);
    if (detected === undefined) throw new Refused(`${file} does not say which system it was exported from (no _stats.systemId): give --system ID (known: ${known})`);
    const s = knownSystem(detected);
    if (!s || s.id === "generic") throw new Refused(`${file} was exported from system "${detected}", which is not read here: give --system generic for ordinary values, or one of ${known}`);
    system = s;
  }
  const ascendingAC = ascending ?? (at(data, "system.ac.value") === undefined && typeof at(data, "system.aac.value") === "number");
  const reading = readCreature(data, { system, variant, settings: { ascendingAC } });
  const out: Record<string, unknown> = { system: reading.system, variant: reading.variant, profile: reading.profile, sources: reading.sources };
  if (withReasons) out.reasons = Object.fromEntries(Object.entries(reading.reasons).map(([k, r]) => [k, localize(r.key, r.params)]));
  return `${JSON.stringify(out, null, 2)}\n`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = runProfile(process.argv.slice(2));
  process.stdout.write(r.stdout);
  process.stderr.write(r.stderr);
  process.exitCode = r.code;
}
