/**
 * Reading odd data safely: every getter answers a clean value or undefined, never NaN and never a
 * throw, whatever the actor holds (numbers as text, nulls, lists where objects were expected).
 */
import type { ActorData, Fact, Reason } from "./types.ts";

type Obj = Record<string, unknown>;

export function isObj(v: unknown): v is Obj {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** The value at a dotted path ("system.hp.value"), or undefined. Getters on live documents work too. */
export function at(root: unknown, path: string): unknown {
  let o: unknown = root;
  for (const k of path.split(".")) {
    if (typeof o !== "object" || o === null) return undefined;
    try {
      o = (o as Obj)[k];
    } catch {
      return undefined;
    }
  }
  return o;
}

/** A finite number at the path; numeric text ("12", " 7 ") counts. */
export function num(root: unknown, path: string): number | undefined {
  return asNumber(at(root, path));
}

export function asNumber(v: unknown): number | undefined {
  // -0 reads as 0 (it would print as 0 and yet compare unequal).
  if (typeof v === "number") return Number.isFinite(v) ? v + 0 : undefined;
  if (typeof v === "string" && /^\s*[+-]?\d+(\.\d+)?\s*$/.test(v)) {
    const n = Number(v);
    return Number.isFinite(n) ? n + 0 : undefined;
  }
  return undefined;
}

/** A whole number at the path (a fractional one is rounded toward zero). */
export function int(root: unknown, path: string): number | undefined {
  const n = num(root, path);
  return n === undefined ? undefined : Math.trunc(n) + 0;
}

/** Non-empty text at the path (numbers are given as text). */
export function text(root: unknown, path: string): string | undefined {
  const v = at(root, path);
  if (typeof v === "string") return v.trim().length > 0 ? v.trim() : undefined;
  if (typeof v === "number" && Number.isFinite(v)) return String(v);
  return undefined;
}

export function flag(root: unknown, path: string): boolean | undefined {
  const v = at(root, path);
  return typeof v === "boolean" ? v : undefined;
}

export function clamp(n: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, n)) + 0;
}

/** A value with every -0 in it made 0. */
export function plainZero<T>(v: T): T {
  if (typeof v === "number") return (v + 0) as T;
  if (Array.isArray(v)) return v.map(plainZero) as T;
  if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plainZero(x)])) as T;
  return v;
}

/** An item of the actor as plain data; `system` is whatever it holds. */
export interface ItemData {
  readonly name: string;
  readonly type: string;
  readonly system: unknown;
  /** The item's own active effects, where the data has them (an export does). */
  readonly effects?: unknown;
}

/** The actor's items; anything that is not an object with a type is skipped. */
export function itemsOf(actor: ActorData): ItemData[] | undefined {
  const raw = actor.items;
  let list: unknown[];
  if (Array.isArray(raw)) list = raw;
  else if (raw && typeof raw === "object" && Symbol.iterator in raw) {
    try {
      list = [...(raw as Iterable<unknown>)];
    } catch {
      return undefined;
    }
  } else return undefined;
  const out: ItemData[] = [];
  for (const i of list) {
    if (!isObj(i)) continue;
    const type = typeof i.type === "string" ? i.type : "";
    const name = typeof i.name === "string" ? i.name : "";
    out.push(i.effects === undefined ? { name, type, system: i.system } : { name, type, system: i.system, effects: i.effects });
  }
  return out;
}

/** Whether to read the data as a prepared actor (derived values in place) or as an export (source only). */
export function isPrepared(actor: ActorData, settings: { readonly prepared?: boolean }): boolean {
  return settings.prepared ?? !isObj(actor._stats);
}

export function actorType(actor: ActorData): string {
  return typeof actor.type === "string" ? actor.type : "";
}

// ------------------------------------------------------------------------------------------
// Facts

export function sheet<T>(value: T, reason?: Reason): Fact<T> {
  return reason ? { value, source: "sheet", reason } : { value, source: "sheet" };
}

export function fill<T>(value: T, key: string, params?: Record<string, string | number>): Fact<T> {
  return { value, source: "default", reason: params ? { key: `WC.Fill.${key}`, params } : { key: `WC.Fill.${key}` } };
}

/** The sheet's value when it is there (and passes `ok`), else the default with its reason. */
export function orFill<T>(v: T | undefined, ok: (x: T) => boolean, fallback: () => Fact<T>): Fact<T> {
  return v !== undefined && ok(v) ? sheet(v) : fallback();
}

// ------------------------------------------------------------------------------------------
// Values the sheet holds but that cannot be used

/**
 * A number looked for on the sheet: found and usable, not there at all, or there but unusable
 * (out of range, or not a number), with the reason that names the sheet's value and why.
 */
export type Got = { readonly kind: "ok"; readonly n: number } | { readonly kind: "absent" } | { readonly kind: "rejected"; readonly reason: Reason };

/** Whether the sheet holds anything at the path (an empty text or null counts as nothing). */
export function present(root: unknown, path: string): boolean {
  const v = at(root, path);
  return v !== undefined && v !== null && !(typeof v === "string" && v.trim() === "");
}

/** How a value reads in a reason: numbers as they are, text quoted by the message. */
export function shown(v: unknown): string | number {
  if (typeof v === "number") return Number.isFinite(v) ? v + 0 : String(v);
  if (typeof v === "string") return v.trim().slice(0, 60);
  try {
    return JSON.stringify(v)?.slice(0, 60) ?? String(v);
  } catch {
    return typeof v;
  }
}

export function outOfRange(path: string, value: unknown, min: number, max: number): Reason {
  return { key: "WC.Fill.sheetOutOfRange", params: { path, value: shown(value), min, max } };
}

export function notANumber(path: string, value: unknown): Reason {
  return { key: "WC.Fill.sheetNotANumber", params: { path, value: shown(value) } };
}

export function unreadText(path: string, value: unknown): Reason {
  return { key: "WC.Fill.sheetUnreadText", params: { path, value: shown(value) } };
}

/** A whole number at the path within [min, max] (a fraction is cut to a whole), or why not. */
export function intIn(root: unknown, path: string, min: number, max: number): Got {
  if (!present(root, path)) return { kind: "absent" };
  const raw = at(root, path);
  const n = asNumber(raw);
  if (n === undefined) return { kind: "rejected", reason: notANumber(path, raw) };
  const whole = Math.trunc(n) + 0;
  return whole >= min && whole <= max ? { kind: "ok", n: whole } : { kind: "rejected", reason: outOfRange(path, raw, min, max) };
}
