/**
 * The command line of every script under scripts/ and bench/, on Node's own `util.parseArgs`:
 *
 *   - `--help` (or `-h`) prints the script's usage on stdout and exits 0, before the script does
 *     any work (no build, no browser, no run);
 *   - an option the script does not take, an option without its value, a stray argument or a
 *     value the script refuses is one line on stderr, `<name>: <what is wrong>; usage: npm run
 *     <name> -- --help`, and exit code 2, never a stack trace.
 *
 * Scripts read their arguments with `readArgs` first and import their heavy parts afterwards.
 */
import type { ParseArgsConfig } from "node:util";
import { parseArgs } from "node:util";

/** A bad argument: the script's own checks throw it, `readArgs` and `usageExit` print it. */
export class UsageError extends Error {}

export interface CliSpec<O extends NonNullable<ParseArgsConfig["options"]>> {
  /** The npm script's name, as the user types it (`chaos`, `lang:check`). */
  readonly name: string;
  /** The whole usage text `--help` prints. */
  readonly usage: string;
  readonly options: O;
  /** How many plain arguments the script takes (default none). */
  readonly positionals?: { readonly min?: number; readonly max?: number; readonly what?: string };
}

type Values<O extends NonNullable<ParseArgsConfig["options"]>> = ReturnType<typeof parseArgs<{ options: O; allowPositionals: true; strict: true }>>["values"];

/** The one line a bad argument gets. */
export function usageLine(name: string, message: string): string {
  return `${name}: ${message}; usage: npm run ${name} -- --help`;
}

/** Prints a bad argument's one line and exits 2. */
export function usageExit(name: string, e: unknown): never {
  process.stderr.write(`${usageLine(name, e instanceof Error ? e.message : String(e))}\n`);
  process.exit(2);
}

/** parseArgs' own messages, shortened to what the user needs. */
function plain(e: unknown): string {
  const code = (e as { code?: unknown }).code;
  const message = e instanceof Error ? e.message : String(e);
  const quoted = /'([^']+)'/.exec(message)?.[1] ?? "";
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") return `unknown option ${quoted}`;
  if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") return /argument missing/.test(message) ? `${quoted.replace(/ <value>$/, "")} needs a value` : message.split(".")[0] ?? message;
  if (code === "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL") return `unexpected argument ${quoted}`;
  return message.split("\n")[0] ?? message;
}

/**
 * The script's options and plain arguments. `--help` prints the usage and exits 0; anything the
 * script does not take exits 2 with one line.
 */
export function readArgs<O extends NonNullable<ParseArgsConfig["options"]>>(spec: CliSpec<O>, argv: readonly string[] = process.argv.slice(2)): { values: Values<O>; positionals: string[] } {
  try {
    return parseCli(spec, argv);
  } catch (e) {
    if (e instanceof HelpAsked) {
      process.stdout.write(`${spec.usage.trim()}\n`);
      process.exit(0);
    }
    usageExit(spec.name, e);
  }
}

/** `--help` was given: the caller prints the usage. */
export class HelpAsked extends Error {}

/** As `readArgs`, without the process: throws HelpAsked or UsageError. */
export function parseCli<O extends NonNullable<ParseArgsConfig["options"]>>(spec: CliSpec<O>, argv: readonly string[]): { values: Values<O>; positionals: string[] } {
  if (argv.includes("--help") || argv.includes("-h")) throw new HelpAsked(spec.usage);
  let parsed: { values: Values<O>; positionals: string[] };
  try {
    parsed = parseArgs({ args: [...argv], options: spec.options, allowPositionals: true, strict: true }) as { values: Values<O>; positionals: string[] };
  } catch (e) {
    throw new UsageError(plain(e));
  }
  const { min = 0, max = 0, what = "argument" } = spec.positionals ?? {};
  if (parsed.positionals.length > max) throw new UsageError(max === 0 ? `unexpected argument ${parsed.positionals[0] ?? ""}` : `too many arguments: ${parsed.positionals.join(" ")} (at most ${max} ${what})`);
  if (parsed.positionals.length < min) throw new UsageError(`give the ${what}`);
  return parsed;
}

/** A whole number from an option's text, at least `min`; a UsageError naming the option otherwise. */
export function wholeNumber(option: string, text: string | undefined, fallback: number, min = Number.MIN_SAFE_INTEGER): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (text.trim() === "" || !Number.isSafeInteger(n) || n < min) throw new UsageError(`--${option} takes a whole number${min > Number.MIN_SAFE_INTEGER ? ` of ${min} or more` : ""}, not ${JSON.stringify(text)}`);
  return n;
}
