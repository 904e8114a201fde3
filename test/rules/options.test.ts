// The one option resolver every variant uses (src/rules/core/options.ts).
import { describe, expect, it } from "vitest";
import { RulesInputError } from "../../src/rules/core/errors.ts";
import type { OptionSchema } from "../../src/rules/core/options.ts";
import { resolveWithSchema } from "../../src/rules/core/options.ts";
import { VARIANTS } from "../../src/rules/variants.ts";

function codes(f: () => unknown): string[] {
  try {
    f();
  } catch (e) {
    if (e instanceof RulesInputError) return e.issues.map((i) => `${i.path}:${i.code}`);
    throw e;
  }
  return [];
}

describe("resolveWithSchema", () => {
  const defaults = { on: false, order: ["a", "b"], n: 1 };
  const schema: Record<keyof typeof defaults, OptionSchema> = { on: { kind: "boolean" }, order: { kind: "order", steps: ["a", "b"] }, n: { kind: "integer", min: 0, max: 3 } };

  it("gives the defaults themselves for no options", () => {
    expect(resolveWithSchema(undefined, defaults, schema)).toBe(defaults);
    expect(resolveWithSchema(null, defaults, schema)).toBe(defaults);
  });

  it("merges valid values and copies an order", () => {
    const order = ["b", "a"];
    const r = resolveWithSchema({ on: true, order }, defaults, schema);
    expect(r).toEqual({ on: true, order: ["b", "a"], n: 1 });
    expect(r.order).not.toBe(order);
  });

  it("names every bad value at once", () => {
    expect(codes(() => resolveWithSchema({ on: 1, order: ["a", "a"], n: 4, x: 0 }, defaults, schema))).toEqual([
      "options.on:notBoolean",
      "options.order:notAnOrderOf",
      "options.n:outOfRange",
      "options.x:unknownOption",
    ]);
  });

  it("reads another kind through its reader, whose issues join the rest", () => {
    const s = { t: { kind: "tables" } as OptionSchema };
    const read = { tables: (v: unknown, path: string, issues: { add(p: string, c: string): void }) => (v === "ok" ? { value: 1 } : (issues.add(path, "notObject"), undefined)) };
    expect(resolveWithSchema({ t: "ok" }, { t: 0 }, s, read)).toEqual({ t: 1 });
    expect(codes(() => resolveWithSchema({ t: "bad" }, { t: 0 }, s, read))).toEqual(["options.t:notObject"]);
    expect(() => resolveWithSchema({ t: "ok" }, { t: 0 }, s)).toThrow(/needs a reader/);
  });

  it("takes no name inherited from Object.prototype for an option, in any variant", () => {
    for (const v of Object.values(VARIANTS)) {
      for (const name of ["toString", "constructor", "hasOwnProperty"]) {
        expect(codes(() => v.resolveOptions({ [name]: true }))).toEqual([`options.${name}:unknownOption`]);
      }
    }
  });
});
