/**
 * `npm run -s profile -- <actor.json> [--system ID] [--variant ID] [--ascending-ac|--descending-ac] [--prepared] [--force] [--reasons]`
 *
 * Reads an actor as Foundry's Export Data writes it and prints, as JSON on stdout,
 * `{system, variant, profile, sources, defaults}`: the variant's combatant profile (the shape of
 * the vectors' combatant input), per field "sheet", "default" or "override", and for every default
 * why it was used, in English. With --reasons, also why each sheet value is what it is.
 *
 * The system is the export's own `_stats.systemId` (Foundry stamps it on every export). --system
 * names it for a file that carries none; one that differs from the export's is refused unless
 * --force asks to read the file as that system anyway (a wrong system reads a profile of defaults).
 * A system the layer does not know is refused unless `--system generic` asks for the generic
 * reading. The variant defaults to d12-holds. An export holds source data only, and is read so
 * (derived values worked out as the system does); --prepared reads a prepared actor's data (a live
 * document's, derived values in place). OSE's AC: --ascending-ac / --descending-ac give the
 * world's setting; without either, an export reads as ascending when its actor has an `aac` but no
 * `ac`, or when its armour was written in AAC while the descending values kept OSE's initial 9.
 *
 * A bad argument (an option it does not take, an unknown system or variant, no file, a file that
 * cannot be read) gets one line on stderr and exit code 2; a file that is not an actor export it
 * can read, or one exported from another system than --system names, one line and exit code 1.
 */
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { CreatureDataError, SYSTEMS, detectSystemId, isVariantKey, knownSystem, readCreature } from "../src/systems/index.ts";
import type { SystemDescriptor, VariantKey } from "../src/systems/index.ts";
import { at } from "../src/systems/read.ts";
import { HelpAsked, parseCli, usageLine, UsageError } from "./cli.ts";

export const PROFILE_USAGE = `
Usage: npm run -s profile -- <actor.json> [--system ID] [--variant ID] [--ascending-ac | --descending-ac] [--prepared] [--force] [--reasons]

Reads an actor as Foundry's Export Data writes it and prints, as JSON, what the module reads from
it: {system, variant, profile, sources, defaults}, each field's source "sheet", "default" or
"override", and why each default was used. The system is the export's own _stats.systemId;
--system names it for a file that carries none. Exit code 1 for a file that is not an actor
export (or one exported from another system than --system names), 2 for a bad argument.

  --system ID       read as this system: ${Object.keys(SYSTEMS).join(", ")}
  --force           read it as --system's even if the export says another system
  --prepared        the data is a prepared actor's (a live document's), not an export's
  --variant ID      the rule set's profile: d12-holds (default), grapple-die, percentile
  --ascending-ac    OSE: the world uses ascending AC (without either flag, an export with only
  --descending-ac     an ascending AC value reads as ascending)
  --reasons         also say, in English, why each sheet value is what it is
  -h, --help        this text
`;

const lang = JSON.parse(readFileSync(new URL("../lang/en.json", import.meta.url), "utf8")) as Record<string, unknown>;

/** Input the command can read but cannot use (exit code 1); a bad argument is a UsageError (2). */
class Refused extends Error {}

const WHAT: Readonly<Record<string, string>> = { notAnObject: "is not an object", missing: "is missing", notText: "is not text" };

function localize(key: string, params: Readonly<Record<string, string | number>> = {}): string {
  const v = key.split(".").reduce<unknown>((o, k) => (o && typeof o === "object" ? (o as Record<string, unknown>)[k] : undefined), lang);
  // A parameter that is itself a text key reads as its text, as the module's own cards do.
  const param = (p: string | number | undefined, k: string) => (p === undefined ? `{${k}}` : typeof p === "string" && p.startsWith("WC.") ? localize(p) : String(p));
  return typeof v === "string" ? v.replace(/\{(\w+)\}/g, (_m, k: string) => param(params[k], k)) : key;
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
  prepared: { type: "boolean" },
  force: { type: "boolean" },
} as const;

/** The system to read the data as: the export's own, or the one asked for (a different one only with --force). */
function chooseSystem(file: string, data: unknown, systemArg: string | undefined, force: boolean): SystemDescriptor {
  const known = Object.keys(SYSTEMS).join(", ");
  const detected = detectSystemId(data);
  const asked = systemArg === undefined ? undefined : knownSystem(systemArg);
  if (systemArg !== undefined && !asked) throw new UsageError(`unknown system "${systemArg}" (known: ${known})`);
  if (detected === undefined) {
    if (asked) return asked;
    throw new Refused(`${file} does not say which system it was exported from (no _stats.systemId): give --system ID (known: ${known})`);
  }
  const own = knownSystem(detected);
  const ownId = own && own.id !== "generic" ? own.id : undefined;
  if (!asked) {
    if (!ownId || !own) throw new Refused(`${file} was exported from system "${detected}", which is not read here: give --system generic for ordinary values, or one of ${known}`);
    return own;
  }
  // The generic reading is how a system the layer does not know is read; any other mismatch reads defaults.
  const fits = asked.id === ownId || (asked.id === "generic" && ownId === undefined);
  if (!fits && !force) throw new Refused(`${file} was exported from system "${detected}" (_stats.systemId), not "${systemArg}": its fields would read as ${asked.label}'s defaults; give --force to read it as ${asked.label} anyway`);
  return asked;
}

/**
 * Whether an OSE export was made in an ascending-AC world: the actor has an `aac` but no `ac`, or
 * its armour was written in AAC while the descending values stayed at OSE's initial 9.
 */
function looksAscending(data: unknown): boolean {
  if (at(data, "system.ac.value") === undefined && typeof at(data, "system.aac.value") === "number") return true;
  const armour = Array.isArray(at(data, "items")) ? (at(data, "items") as unknown[]).filter((i) => at(i, "type") === "armor") : [];
  const asc = armour.filter((i) => at(i, "system.ac.value") === 9 && at(i, "system.aac.value") !== 10).length;
  const desc = armour.filter((i) => at(i, "system.ac.value") !== 9 && at(i, "system.aac.value") === 10).length;
  return asc > desc;
}

function main(argv: readonly string[]): string {
  const { values, positionals } = parseCli({ name: "profile", usage: PROFILE_USAGE, options: OPTIONS, positionals: { min: 1, max: 1, what: "actor export (an actor.json file)" } }, argv);
  const systemArg = values.system;
  const variantArg = values.variant ?? "d12-holds";
  if (values["ascending-ac"] && values["descending-ac"]) throw new UsageError("--ascending-ac and --descending-ac do not go together");
  const ascending = values["ascending-ac"] ? true : values["descending-ac"] ? false : undefined;
  const withReasons = values.reasons === true;
  const prepared = values.prepared === true;
  const force = values.force === true;
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

  const system = chooseSystem(file, data, systemArg, force);
  const ascendingAC = ascending ?? looksAscending(data);
  const reading = readCreature(data, { system, variant, settings: { ascendingAC, prepared } });
  const explain = (fields: string[]) => Object.fromEntries(fields.flatMap((k) => (reading.reasons[k] ? [[k, localize(reading.reasons[k].key, reading.reasons[k].params)]] : [])));
  const defaults = explain(Object.keys(reading.sources).filter((k) => reading.sources[k] === "default"));
  const out: Record<string, unknown> = { system: reading.system, variant: reading.variant, profile: reading.profile, sources: reading.sources, defaults };
  if (withReasons) out.reasons = explain(Object.keys(reading.reasons));
  return `${JSON.stringify(out, null, 2)}\n`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = runProfile(process.argv.slice(2));
  process.stdout.write(r.stdout);
  process.stderr.write(r.stderr);
  process.exitCode = r.code;
}
