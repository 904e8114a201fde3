// Every text the shell and its templates show exists in lang/en.json, and every die the
// variants roll has a label for the card.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RULES_VARIANTS, SeededDice } from "../../src/rules/index.ts";
import type { ActionContext } from "../../src/rules/index.ts";
import type { I18n } from "../../src/foundry/base/text.ts";
import { damagePhrase, diceNotation, formatCount, formatLine, formatNumber, formatPercent, localizeFormula, localizeParams, pluralKey } from "../../src/foundry/base/text.ts";
import { traceOf } from "../../src/foundry/cards/views.ts";

const lang: unknown = JSON.parse(readFileSync("lang/en.json", "utf8"));
const get = (key: string): unknown => key.split(".").reduce<unknown>((o, k) => (o && typeof o === "object" ? (o as Record<string, unknown>)[k] : undefined), lang);
/** A text, or a plural group: one text per plural category, `other` always among them (base/text.ts pluralKey). */
const isText = (v: unknown): boolean => typeof v === "string" || (!!v && typeof v === "object" && typeof (v as Record<string, unknown>).other === "string" && Object.entries(v).every(([k, t]) => ["zero", "one", "two", "few", "many", "other"].includes(k) && typeof t === "string"));
const files = (dir: string): string[] => readdirSync(dir).flatMap((e) => (statSync(join(dir, e)).isDirectory() ? files(join(dir, e)) : [join(dir, e)]));

describe("shell texts", () => {
  it("every literal WC.* key in src/foundry has a text", () => {
    const code = files("src/foundry").map((f) => readFileSync(f, "utf8")).join("\n");
    const keys = [...new Set((code.match(/"WC\.[A-Za-z.]+"/g) ?? []).map((k) => k.slice(1, -1)))];
    expect(keys.length).toBeGreaterThan(40);
    expect(keys.filter((k) => !isText(get(k)))).toEqual([]);
  });

  it("every action, condition, card state, variant, profile field and choice has a text", () => {
    const missing: string[] = [];
    const need = (k: string) => {
      if (!isText(get(k))) missing.push(k);
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
      if (typeof o.purpose === "string" && typeof o.sides === "number" && !isText(get(`WC.Purpose.${o.purpose}`))) missing.add(`WC.Purpose.${o.purpose}`);
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
            if (!isText(get(r.headline.key))) missing.add(r.headline.key);
            walk(r.result);
          } catch {
            // Actions that need a hold first are refused here; that is fine.
          }
        }
        try {
          for (const o of v.odds(ctx, options)) if (!isText(get(o.key))) missing.add(o.key);
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

// Plurals, numbers and dice in the user's language (base/text.ts), read from the shipped files.
const langs = Object.fromEntries(["en", "de", "fr", "es", "pt-BR"].map((l) => [l, JSON.parse(readFileSync(`lang/${l}.json`, "utf8")) as unknown]));
function i18nFor(l: string): I18n {
  const at = (key: string): unknown => key.split(".").reduce<unknown>((o, k) => (o && typeof o === "object" ? (o as Record<string, unknown>)[k] : undefined), langs[l]);
  return {
    lang: l,
    localize: (k) => (typeof at(k) === "string" ? (at(k) as string) : k),
    format: (k, data) => (typeof at(k) === "string" ? (at(k) as string).replace(/\{(\w+)\}/g, (_m, p: string) => String(data[p] ?? `{${p}}`)) : k),
    has: (k) => typeof at(k) === "string",
  };
}

describe("plural forms follow the user's language", () => {
  const line = (l: string, rounds: number) => formatLine("WC.Round.knockedOut", { who: "a", rounds }, { a: "Ogre" }, i18nFor(l));

  it("English and German read 0 as plural, 1 as singular", () => {
    expect([0, 1, 2].map((n) => line("en", n))).toEqual(["Ogre falls unconscious for 0 rounds", "Ogre falls unconscious for 1 round", "Ogre falls unconscious for 2 rounds"]);
    expect([0, 1, 2].map((n) => line("de", n))).toEqual(["Ogre wird für 0 Runden bewusstlos", "Ogre wird für 1 Runde bewusstlos", "Ogre wird für 2 Runden bewusstlos"]);
  });

  it("French and Brazilian Portuguese read 0 as singular", () => {
    expect(line("fr", 0)).toBe("Ogre tombe inconscient pour 0 round");
    expect(line("fr", 2)).toBe("Ogre tombe inconscient pour 2 rounds");
    expect(line("pt-BR", 0)).toBe("Ogre fica inconsciente por 0 rodada");
  });

  it("a category the language file lacks falls back to other (French 'many' for a million)", () => {
    expect(pluralKey(i18nFor("fr"), "WC.Round.knockedOut", { rounds: 1_000_000 })).toBe("WC.Round.knockedOut.other");
    expect(pluralKey(i18nFor("en"), "WC.Round.wakes", { who: "a" })).toBe("WC.Round.wakes");
    expect(formatCount(i18nFor("en"), "WC.Card.holdsEnded", 3)).toBe("3 holds end");
    expect([damagePhrase(1, 0, i18nFor("fr")), damagePhrase(3, 0, i18nFor("fr")), damagePhrase(0, 1, i18nFor("de"))]).toEqual(["1 dégât réel", "3 dégâts réels", "1 vorübergehender Schaden"]);
  });

  it("every plural group in every language has its other form, and only plural categories", () => {
    const bad: string[] = [];
    const walk = (o: unknown, path: string, l: string): void => {
      if (!o || typeof o !== "object") return;
      if (Object.keys(o).every((k) => ["zero", "one", "two", "few", "many", "other"].includes(k))) {
        if (!isText(o)) bad.push(`${l}:${path}`);
        return;
      }
      for (const [k, v] of Object.entries(o)) walk(v, `${path}.${k}`, l);
    };
    for (const [l, tree] of Object.entries(langs)) walk(tree, "", l);
    expect(bad).toEqual([]);
  });
});

describe("numbers and dice as the language writes them", () => {
  it("decimals and percentages", () => {
    expect(formatPercent(27.1, { lang: "en" })).toBe("27.1%");
    expect(formatPercent(27.1, { lang: "de" })).toBe("27,1\u00A0%");
    expect(formatPercent(27.1, { lang: "fr" })).toMatch(/^27,1\s%$/u);
    expect(formatNumber(5.83, { lang: "de" })).toBe("5,8");
    expect(formatNumber(1079, { lang: "de" })).toBe("1079");
    expect(formatNumber(12345, { lang: "en" })).toBe("12,345");
    expect(formatNumber(3, { lang: "no such language!" })).toBe("3");
  });

  it("German writes W for the die, the others d", () => {
    expect(diceNotation(i18nFor("de"), 6, 2)).toBe("2W6");
    expect(diceNotation(i18nFor("de"), 12)).toBe("W12");
    expect(localizeFormula("1d6+1 and d100", i18nFor("de"))).toBe("1W6+1 and W100");
    for (const l of ["en", "fr", "es", "pt-BR"]) expect(diceNotation(i18nFor(l), 6, 1)).toBe("1d6");
  });

  it("a card's rolls name their dice so too", () => {
    const trace = { die: { purpose: "hold", sides: 12, face: 8 } };
    expect(traceOf(trace, i18nFor("de")).rolls.map((r) => r.formula)).toEqual(["1W12"]);
    expect(traceOf(trace, i18nFor("en")).rolls.map((r) => r.formula)).toEqual(["1d12"]);
  });
});

describe("names instead of 'it' and 'the attacker'", () => {
  it("a nested reason takes the outer text's names, and plain words where a caller gave none", () => {
    const en = i18nFor("en");
    expect(localizeParams({ action: "Stand up", reason: "WC.Reason.notProne", attacker: "Fighter" }, en).reason).toBe("Fighter is not on the ground");
    expect(localizeParams({ reason: "WC.Reason.subdualImmune" }, en).reason).toBe("the target cannot be subdued");
    expect(formatLine("WC.Result.notAllowedBecause", { reason: "WC.Reason.targetTooHeavy" }, {}, i18nFor("de"))).not.toMatch(/\{\w+\}/);
  });
});
