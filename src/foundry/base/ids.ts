/**
 * Deterministic document ids, for what the module writes on creatures (a hold's halves, a
 * condition, the marks of a result): Foundry ids are 16 letters and digits; making them from the
 * request they belong to means a repeated request creates an effect that already exists, which
 * the server refuses, so nothing is applied twice. The module's cards do not take such ids: anyone
 * could work one out and put a message there first (issue 33); they take Foundry's own random ids
 * on the GM's tab (cards/pipeline.ts `freshCardId`), and exactly once is kept by what the GM's
 * cards record.
 */
const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** 64-bit FNV-1a over the UTF-16 code units, as two 32-bit halves. */
function fnv1a64(text: string, seed: number): [number, number] {
  let hi = 0xcbf29ce4 ^ seed;
  let lo = 0x84222325;
  for (let i = 0; i < text.length; i++) {
    lo ^= text.charCodeAt(i);
    // Multiply by the 64-bit FNV prime 0x100000001b3 in 16-bit pieces.
    const a = lo & 0xffff;
    const b = lo >>> 16;
    const lo2 = Math.imul(a, 0x1b3);
    const mid = Math.imul(b, 0x1b3) + (lo2 >>> 16);
    const newLo = ((mid & 0xffff) << 16) | (lo2 & 0xffff);
    const newHi = (Math.imul(hi, 0x1b3) + (mid >>> 16) + (lo << 8)) >>> 0;
    lo = newLo >>> 0;
    hi = newHi;
  }
  return [hi >>> 0, lo >>> 0];
}

/** A valid 16-character Foundry id derived from `key`. */
export function stableId(key: string): string {
  const parts = [...fnv1a64(key, 0), ...fnv1a64(key, 0x9e3779b9)];
  let out = "";
  for (const p of parts) {
    let n = p;
    for (let i = 0; i < 4; i++) {
      out += ALPHABET[n % 62];
      n = Math.floor(n / 62);
    }
  }
  return out;
}

/** A fresh random id for a new request (crypto where available). */
export function requestId(random: () => number = Math.random): string {
  let out = "";
  for (let i = 0; i < 16; i++) out += ALPHABET[Math.floor(random() * 62)];
  return out;
}
