// @vitest-environment happy-dom
// Labels a GM reads in the profile and rule-options forms: words, not machine names; a blank
// choice says what blank means; a rule option's choices are the words its hint explains.
import { describe, expect, it } from "vitest";
import { fieldViews } from "../../src/foundry/ui/profile-form.ts";
import { optionViews } from "../../src/foundry/ui/rule-options.ts";
import { RULES_VARIANTS } from "../../src/rules/index.ts";
import { makeTable } from "./setup.ts";

const t = makeTable();
const variants = Object.values(RULES_VARIANTS);

describe("profile form labels", () => {
  it.each(variants.map((v) => [v.id, v] as const))("%s: conditions read as conditions, intelligence in words, every blank choice named", (_id, v) => {
    const views = t.gm.run(() => fieldViews(v.defaultProfile(), v.profileFields));
    const conditions = views.find((f) => f.path === "conditions");
    const prone = conditions?.choices.find((c) => c.value === "prone");
    if (prone) expect(prone.label).toBe("Prone");
    const intelligence = views.find((f) => f.path === "intelligence");
    for (const c of intelligence?.choices ?? []) expect(c.label, c.value).not.toMatch(/-$|^Very$|^None$/);
    for (const f of views.filter((x) => x.isChoice && x.optional)) expect(f.blankLabel, f.path).toMatch(/\w/);
    // No key left untranslated.
    for (const f of views) {
      expect(f.label, f.path).not.toMatch(/^WC\./);
      for (const c of f.choices) expect(c.label, `${f.path}.${c.value}`).not.toMatch(/^WC\./);
    }
  });

  it("percentile keeps heights in inches and grapple-die in feet, and says so", () => {
    const label = (variant: string, path: string) => t.gm.run(() => fieldViews(RULES_VARIANTS[variant]?.defaultProfile() ?? {}, RULES_VARIANTS[variant]?.profileFields ?? [])).find((f) => f.path === path)?.label;
    // The percentile default profile is 70 in tall; grapple-die's is 6 ft.
    expect(RULES_VARIANTS.percentile?.defaultProfile().height).toBe(70);
    expect(label("percentile", "height")).toBe("Height (inches)");
    expect(RULES_VARIANTS["grapple-die"]?.defaultProfile().heightFt).toBe(6);
    expect(label("grapple-die", "heightFt")).toBe("Height (feet)");
  });
});

describe("rule options", () => {
  it.each(variants.map((v) => [v.id, v] as const))("%s: each choice's label is what its hint explains, in words, and no hint cites a book", (_id, v) => {
    const defaults = v.resolveOptions(undefined) as Record<string, unknown>;
    const views = t.gm.run(() => optionViews(v.optionSchema, defaults, defaults)) as Array<{ name: string; label: string; hint: string; isChoice?: boolean; choices?: Array<{ value: string; label: string }> }>;
    for (const o of views) {
      expect(o.hint, o.name).not.toMatch(/DMG|\b00[024]\b|^WC\./);
      if (!o.isChoice || o.name === "roundEndOrder") continue;
      for (const c of o.choices ?? []) {
        // "Round down" in the list is "Round down: ..." in the hint.
        expect(o.hint.toLowerCase(), `${o.name}.${c.value}`).toContain(c.label.toLowerCase().replace(/ \(.*\)$/, ""));
        expect(c.label, `${o.name}.${c.value}`).not.toMatch(/^[A-Z][a-z]+( [a-z]+)* [a-z]+ hd$|one minus one/i);
      }
    }
  });
});
