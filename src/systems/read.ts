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
    out.push({ name, type, system: i.system });
  }
  return out;
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
