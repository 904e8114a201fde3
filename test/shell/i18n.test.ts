// Every text the shell and its templates show exists in lang/en.json, and every die the
// variants roll has a label for the card.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RULES_VARIANTS, SeededDice } from "../../src/rules/index.ts";
import type { ActionContext } from "../../src/rules/index.ts";

const lang: unknown = JSON.parse(readFileSync("lang/en.json", "utf8"));
const get = (key: string): unknown => key.split(".").reduce<unknown>((o, k) => (o && typeof o === "object" ? (o as Record<string, unknown>)[k] : undefined), lang);
const files = (dir: string): string[] => readdirSync(dir).flatMap((e) => (statSync(join(dir, e)).isDirectory() ? files(join(dir, e)) : [join(dir, e)]));

describe("shell texts", () => {
  it("every literal WC.* key in src/foundry has a text", () => {
    const code = files("src/foundry").map((f) => readFileSync(f, "utf8")).join("\n");
    const keys = [...new Set((code.match(/"WC\.[A-Za-z.]+"/g) ?? []).map((k) => k.slice(1, -1)))];
    expect(keys.length).toBeGreaterThan(40);
    expect(keys.filter((k) => typeof get(k) !== "string")).toEqual([]);
  });

  it("every action, condition, card state, variant, profile field and choice has a text", () => {
    const missing: string[] = [];
    const need = (k: string) => {
      if (typeof get(k) !== "string") missing.push(k);
    };
    for (const s of ["prone", "stunned", "unconscious", "pinned", "grappled", "subdued", "immobilized", "held", "holding"]) need(`WC.Condition.${s}`);
    for (const s of ["applied", "pending", "manual", "undone"]) need(`WC.Card.state.${s}`);
    for (const v of Object.values(RULES_VARIANTS)) {
      need(`WC.Variant.${v.id}`);
      for (const a of v.actions) {
        need(`WC.Action.${a}`);
        for (const s of v.situational(a)) {
          need(s.label);
          if (s.kind === "choice") for (const c of s.choices) need(`WC.Choice.${c}`);
        }
      }
      for (const [name, s] of Object.entries(v.optionSchema)) {
        need(`WC.Option.${name}.name`);
        need(`WC.Option.${name}.hint`);
        if (s.kind === "choice") for (const c of s.choices) need(`WC.OptionChoice.${c}`);
        if (s.kind === "order") for (const c of s.steps) need(`WC.Step.${c}`);
      }
      for (const f of v.profileFields) {
        need(`WC.Field.${f.path.replaceAll(".", "_")}`);
        if ("choices" in f) for (const c of f.choices) need(`WC.Choice.${c}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("every headline, odds outcome and die of every action has a text", () => {
    const missing = new Set<string>();
    const walk = (v: unknown): void => {
      if (Array.isArray(v)) return v.forEach(walk);
      if (!v || typeof v !== "object") return;
      const o = v as Record<string, unknown>;
      if (typeof o.purpose === "string" && typeof o.sides === "number" && typeof get(`WC.Purpose.${o.purpose}`) !== "string") missing.add(`WC.Purpose.${o.purpose}`);
      Object.values(o).forEach(walk);
    };
    for (const v of Object.values(RULES_VARIANTS)) {
      const a = { id: "Scene.s.Token.a", profile: v.defaultProfile() };
      const d = { id: "Scene.s.Token.d", profile: v.defaultProfile() };
      const options = v.resolveOptions(undefined);
      for (const action of v.actions) {
        const ctx: ActionContext = { action, attacker: a, defender: d, declared: {}, holds: [], round: 2, inCombat: true };
        for (let seed = 1; seed <= 40; seed++) {
          try {
            const r = v.resolve(ctx, options, new SeededDice(seed));
            if (typeof get(r.headline.key) !== "string") missing.add(r.headline.key);
            walk(r.result);
          } catch {
            // Actions that need a hold first are refused here; that is fine.
          }
        }
        try {
          for (const o of v.odds(ctx, options)) if (typeof get(o.key) !== "string") missing.add(o.key);
        } catch {
          // as above
        }
      }
    }
    expect([...missing]).toEqual([]);
  });

  it("templates use only fields, not text of their own", () => {
    for (const f of files("templates")) {
      const text = readFileSync(f, "utf8").replace(/\{\{[^}]*\}\}/g, "").replace(/<[^>]*>/g, "").replace(/&[a-z]+;/g, "").replace(/[:=()]/g, "").trim();
      expect(text, f).toBe("");
    }
  });
});
