/**
 * Documents' data: their ids [C-01], how an update merges into a document's source [C-02] (and
 * v14's deletion operator [C-72]), and the frozen values getFlag hands out (a test aid, see
 * documents.ts [C-83]).
 */
import { activeWorldOrNull, world } from "./active.ts";

export type Data = Record<string, unknown>;

const ALPHANUM = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
let idCounter = 0;
/** [C-01] Document ids are 16 letters and digits. */
export function randomID(): string {
  const w = activeWorldOrNull();
  if (w?.idSeed !== undefined) return seededID(w.idSeed, ++w.idCount);
  idCounter++;
  let n = idCounter * 7919 + 104729;
  let out = "";
  for (let i = 0; i < 16; i++) {
    out += ALPHANUM[n % 62];
    n = Math.floor(n / 62) + i * 31 + idCounter;
  }
  return out;
}

/** The `count`-th id of a world built from `seed`: the same world built twice has the same ids. */
function seededID(seed: number, count: number): string {
  let a = (seed ^ 0x9e3779b9) >>> 0;
  let b = (count ^ 0x85ebca6b) >>> 0;
  let out = "";
  for (let i = 0; i < 16; i++) {
    a = (Math.imul(a ^ (b >>> 13), 0x5bd1e995) + i) >>> 0;
    b = (Math.imul(b ^ (a >>> 15), 0x27d4eb2d) + count) >>> 0;
    out += ALPHANUM[((a ^ b) >>> 0) % 62];
  }
  return out;
}

export function getProperty(obj: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>((o, k) => (o !== null && typeof o === "object" ? (o as Data)[k] : undefined), obj);
}

/**
 * The object at `keys` under `obj`, made anew along the way (a shallow copy of each level, a new
 * object where there was none): a document's data is written copy-on-write, so an object
 * `getFlag` handed out (frozen, see FakeDocument.getFlag) is never changed by a later update.
 */
export function writableAt(obj: Data, keys: readonly string[]): Data {
  let o = obj;
  for (const k of keys) {
    const v = o[k];
    o[k] = typeof v !== "object" || v === null ? {} : Array.isArray(v) ? [...(v as unknown[])] : { ...(v as Data) };
    o = o[k] as Data;
  }
  return o;
}

export function setProperty(obj: Data, path: string, value: unknown): void {
  const keys = path.split(".");
  writableAt(obj, keys.slice(0, -1))[keys[keys.length - 1] as string] = value;
}

/** Freezes a value and everything in it (what the fake's getFlag hands out). */
export function deepFreeze<T>(v: T): T {
  if (typeof v !== "object" || v === null || Object.isFrozen(v)) return v;
  for (const x of Object.values(v)) deepFreeze(x);
  return Object.freeze(v);
}

/**
 * [C-72] v14's deletion operator, `foundry.data.operators.ForcedDeletion`: given as a key's value
 * (`ForcedDeletion.create()`), the update removes that key. v13 has no operators.
 */
export class FakeForcedDeletion {
  static create(): FakeForcedDeletion {
    return new FakeForcedDeletion();
  }
}

/** By its name too: a tab in its own frame (the demo page) has its own copy of the fake's classes. */
export function isForcedDeletion(v: unknown): boolean {
  return v instanceof FakeForcedDeletion || (typeof v === "object" && v !== null && v.constructor?.name === "FakeForcedDeletion");
}

/**
 * [C-02] A document update: dotted keys and nested objects both merge into the source; a last key
 * written "-=name" deletes that key (Foundry's deletion syntax, which open-source systems rely on,
 * e.g. foundryvtt/dnd5e@965ad2d module/applications/journal/config/journal-navigation-config.mjs
 * `{ dnd5e: { "-=navigation": null } }`). [C-72] v14 also deletes a key whose value is its
 * ForcedDeletion operator, and warns of the "-=" key, deprecated there (`warn`: a real update,
 * not the fake's own reading of one).
 */
export function applyUpdate(target: Data, changes: Data, warn = true): void {
  for (const [k, v] of Object.entries(changes)) {
    const last = k.split(".").at(-1) ?? k;
    const forced = isForcedDeletion(v);
    if (last.startsWith("-=") || forced) {
      const warning = `deletion key "${last}": pass {${last.slice(2)}: foundry.data.operators.ForcedDeletion}`;
      if (!forced && warn && world().generation >= 14 && !world().deprecations.includes(warning)) world().deprecations.push(warning);
      const path = k.split(".").slice(0, -1);
      const parent = path.length > 0 ? getProperty(target, path.join(".")) : target;
      if (parent && typeof parent === "object") delete writableAt(target, path)[forced ? last : last.slice(2)];
    } else if (k.includes(".")) setProperty(target, k, structuredClone(v));
    else if (v && typeof v === "object" && !Array.isArray(v) && target[k] && typeof target[k] === "object") applyUpdate(writableAt(target, [k]), v as Data, warn);
    else target[k] = structuredClone(v);
  }
}

/** An update with dotted keys expanded into nested objects. */
export function expanded(changes: Data): Data {
  const out: Data = {};
  applyUpdate(out, changes, false);
  return out;
}
