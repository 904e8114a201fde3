/**
 * Golden vectors: JSON files of whole procedures with scripted dice and expected results.
 * Format and actions: docs/vectors.md. Used by `npm run vectors -- <dir>` and by the test suite.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { ScriptedDice, ScriptError, runAction } from "../src/rules/index.ts";

export interface Vector {
  name: string;
  variant: string;
  action: string;
  input: unknown;
  options?: unknown;
  dice?: Array<[number, number]>;
  expect: unknown;
}

export interface VectorOutcome {
  file: string;
  name: string;
  ok: boolean;
  problems: string[];
}

export function findVectorFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir).sort()) {
    const p = join(dir, entry);
    if (statSync(p).isDirectory()) out.push(...findVectorFiles(p));
    else if (entry.endsWith(".json")) out.push(p);
  }
  return out;
}

export function loadVectors(file: string): Vector[] {
  const data: unknown = JSON.parse(readFileSync(file, "utf8"));
  if (!Array.isArray(data)) throw new Error(`${file}: a vector file holds a JSON array`);
  return data as Vector[];
}

const EPSILON = 1e-9;

/** `expect` must be a deep subset of `actual`: every key it names must match; arrays match
 *  element by element with the same length, unless `expect` is an object keyed by index. */
export function subsetProblems(expect: unknown, actual: unknown, path = "$"): string[] {
  if (typeof expect === "number" && typeof actual === "number") {
    return Math.abs(expect - actual) <= EPSILON ? [] : [`${path}: expected ${expect}, got ${actual}`];
  }
  if (expect === null || typeof expect !== "object") {
    return Object.is(expect, actual) ? [] : [`${path}: expected ${JSON.stringify(expect)}, got ${JSON.stringify(actual)}`];
  }
  if (Array.isArray(expect)) {
    if (!Array.isArray(actual)) return [`${path}: expected a list, got ${JSON.stringify(actual)}`];
    if (expect.length !== actual.length) return [`${path}: expected ${expect.length} items, got ${actual.length}: ${JSON.stringify(actual)}`];
    return expect.flatMap((e, i) => subsetProblems(e, actual[i], `${path}[${i}]`));
  }
  if (actual === null || typeof actual !== "object") return [`${path}: expected an object, got ${JSON.stringify(actual)}`];
  return Object.entries(expect).flatMap(([k, e]) => {
    const a = (actual as Record<string, unknown>)[k];
    if (a === undefined && e !== undefined) return [`${path}.${k}: missing`];
    return subsetProblems(e, a, `${path}.${k}`);
  });
}

export function runVector(v: Vector, file = ""): VectorOutcome {
  const problems: string[] = [];
  const name = typeof v.name === "string" ? v.name : "(unnamed)";
  for (const k of ["name", "variant", "action", "expect"] as const) if (v[k] === undefined) problems.push(`vector lacks "${k}"`);
  if (problems.length > 0) return { file, name, ok: false, problems };
  const dice = new ScriptedDice(v.dice ?? []);
  try {
    const outcome = runAction(v.variant, v.action, v.input, v.options, dice);
    const actual = outcome.ok ? outcome.result : { invalid: outcome.issues };
    problems.push(...subsetProblems(v.expect, JSON.parse(JSON.stringify(actual))));
    if (dice.remaining > 0) problems.push(`${dice.remaining} scripted dice were not used`);
  } catch (e) {
    problems.push(e instanceof ScriptError ? `dice: ${e.message}` : `threw: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  }
  return { file, name, ok: problems.length === 0, problems };
}

export function runVectorDir(dir: string): VectorOutcome[] {
  return findVectorFiles(dir).flatMap((file) => loadVectors(file).map((v) => runVector(v, file)));
}
