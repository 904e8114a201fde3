// Every i18n key and error code the rules core can emit has an English text in lang/en.json,
// and every rule option has a name and a hint for the settings screen.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { VARIANTS } from "../../src/rules/index.ts";

const lang: unknown = JSON.parse(readFileSync("lang/en.json", "utf8"));

function get(key: string): unknown {
  return key.split(".").reduce<unknown>((o, k) => (o && typeof o === "object" ? (o as Record<string, unknown>)[k] : undefined), lang);
}

/** A text, or a plural group: one text per plural category, `other` always among them (src/foundry/base/text.ts pluralKey). */
function isText(v: unknown): boolean {
  return typeof v === "string" || (!!v && typeof v === "object" && typeof (v as Record<string, unknown>).other === "string" && Object.entries(v).every(([k, t]) => ["zero", "one", "two", "few", "many", "other"].includes(k) && typeof t === "string"));
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((e) => {
    const p = join(dir, e);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith(".ts") ? [readFileSync(p, "utf8")] : [];
  });
}

const code = sources("src/rules").join("\n");

describe("lang/en.json", () => {
  it("has a text for every WC.* key in the rules core", () => {
    const keys = [...new Set(code.match(/"WC\.[A-Za-z.]+"/g) ?? [])].map((k) => k.slice(1, -1));
    expect(keys.length).toBeGreaterThan(20);
    expect(keys.filter((k) => !isText(get(k)))).toEqual([]);
  });
  it("has a message for every input-issue code", () => {
    const codes = new Set<string>();
    for (const m of code.matchAll(/(?:\.add\([^,]+,\s*|code:\s*)"([A-Za-z]+)"/g)) codes.add(m[1] as string);
    expect(codes.size).toBeGreaterThan(10);
    expect([...codes].filter((c) => typeof get(`WC.Error.${c}`) !== "string")).toEqual([]);
  });
  it("names and explains every option of every variant", () => {
    const missing: string[] = [];
    for (const v of Object.values(VARIANTS)) {
      const defaults = v.resolveOptions(undefined) as unknown as Record<string, unknown>;
      for (const name of Object.keys(defaults)) {
        if (typeof get(`WC.Option.${name}.name`) !== "string" || typeof get(`WC.Option.${name}.hint`) !== "string") missing.push(`${v.id}:${name}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
