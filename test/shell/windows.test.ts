// @vitest-environment happy-dom
// The module's windows open as Foundry draws them: every HandlebarsApplicationMixin part renders
// exactly one root element (Foundry refuses any other part, [C-59]), in every rule set, for the
// GM and for a player; the rule options show a replaceable table where it can be read and name
// the row a GM got wrong without saving anything.
import { readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import { RULES_VARIANTS, grappleDie } from "../../src/rules/index.ts";
import { openRuleOptions, tableText } from "../../src/foundry/ui/rule-options.ts";
import { showWorldCheck } from "../../src/foundry/ui/world-check.ts";
import { checkWorld } from "../../src/foundry/ui/world-report.ts";
import { openProfileForm, valueLabel } from "../../src/foundry/ui/profile-form.ts";
import { openLedgerEditor } from "../../src/foundry/ui/ledger.ts";
import { FakeApplicationV2, HandlebarsApplicationMixin, partRoot } from "../fake-foundry/apps.ts";
import type { Table } from "./setup.ts";
import { M, makeTable, submitWindow } from "./setup.ts";

const VARIANTS = ["d12-holds", "grapple-die", "percentile"] as const;

async function playing(variant: string): Promise<Table> {
  const t = makeTable();
  await t.gm.run(() => game.settings.set(M, "variant", variant as never));
  const v = RULES_VARIANTS[variant];
  if (!v) throw new Error(variant);
  for (const a of [t.fighter, t.goblin, t.ogre]) (a.flags[M] as { profile: Record<string, unknown> }).profile[variant] ??= v.defaultProfile();
  return t;
}

describe("the fake draws parts as Foundry does: one root element each [C-59]", () => {
  const doc = () => document;
  it("takes one element, with text and comments around it", () => {
    expect(partRoot(doc(), "body", "\n  <!-- a note -->\n  <div class=\"x\"><p>a</p><p>b</p></div>\n  ").className).toBe("x");
  });
  it.each([
    ["two roots (a div and a footer)", "<div>options</div>\n<footer><button>Save</button></footer>"],
    ["no element at all", "just words"],
    ["nothing", ""],
  ])("refuses %s with Foundry's message", (_what, html) => {
    expect(() => partRoot(doc(), "body", html)).toThrow('Template part "body" must render a single HTML element.');
  });

  it("a window whose part renders two roots does not open", async () => {
    const t = makeTable();
    const Base = HandlebarsApplicationMixin(FakeApplicationV2);
    class TwoRoots extends Base {
      static override DEFAULT_OPTIONS = { id: "two-roots" };
      static PARTS = { body: { template: "templates/two-roots.hbs" } };
    }
    const spy = vi.spyOn(t.world, "renderTemplate").mockImplementation(() => "<div>a</div><footer>b</footer>");
    await expect(t.gm.run(() => new TwoRoots().render({ force: true }))).rejects.toThrow('Template part "body" must render a single HTML element.');
    expect(t.gm.windows.map((w) => w.id)).not.toContain("two-roots");
    spy.mockRestore();
  });
});

describe("every window opens in every rule set", () => {
  it.each(VARIANTS)("%s: rule options and the world check (ApplicationV2), profile form and ledger (DialogV2)", async (variant) => {
    const t = await playing(variant);
    for (const how of ["force", "true"] as const) {
      await t.gm.run(() => t.gm.game.settings.openMenu(`${M}.ruleOptionsMenu`, how));
      const w = t.gm.windows.find((x) => x.id === `${M}-rule-options`);
      expect(w?.element.querySelectorAll(".wc-option").length).toBeGreaterThan(3);
      // One part, one root: the Save button lives inside it.
      expect(w?.element.children.length).toBe(1);
      expect(w?.element.querySelector(".wc-options > footer button[type=submit]")).not.toBeNull();
      await t.gm.run(() => w?.close());
    }
    await t.gm.run(() => showWorldCheck());
    const check = t.gm.windows.find((x) => x.id === `${M}-world-check`);
    expect(check?.element.children.length).toBe(1);
    expect(check?.element.textContent).toContain("Foundry version");

    t.world.onDialog = async () => null;
    const before = t.world.dialogs.length;
    await t.player.run(() => openProfileForm(t.fighter as never));
    await t.gm.run(() => openProfileForm(t.ogre as never));
    await t.gm.run(() => openLedgerEditor([t.fighterToken.uuid, t.ogreToken.uuid]));
    const opened = t.world.dialogs.slice(before);
    expect(opened.map((d) => d.config.window?.title)).toEqual(["Weaponless profile: Fighter", "Weaponless profile: Ogre", "Temporary damage"]);
    for (const d of opened) expect(d.form.querySelectorAll("input, select").length).toBeGreaterThan(0);
  });
});

describe("a replaceable table is edited where it can be read", () => {
  it("one table row a line, its range first, in a full-width box that stays JSON", async () => {
    const t = await playing("grapple-die");
    await t.gm.run(() => openRuleOptions());
    const w = t.gm.windows.find((x) => x.id === `${M}-rule-options`);
    const box = w?.element.querySelector<HTMLTextAreaElement>("textarea[name=table]");
    expect(box?.classList.contains("wc-option__table")).toBe(true);
    expect(box?.getAttribute("wrap")).toBe("off");
    const lines = (box?.value ?? "").split("\n");
    // The project table's 3-5 row (a clinch) is one line, its range first.
    expect(lines.find((l) => l.includes('"clinch"'))?.trim()).toMatch(/^\{ "min": 3, +"max": 5, +"result": \{ "kind": "hold", "name": "clinch",.*\} \},?$/);
    // The ranges stand in columns: every row's "max" and "result" start at the same place.
    const rowLines = lines.filter((l) => l.includes('"result"'));
    expect(new Set(rowLines.filter((l) => l.includes('"max"')).map((l) => l.indexOf('"max"'))).size).toBe(1);
    expect(new Set(rowLines.map((l) => l.indexOf('"result"'))).size).toBe(1);
    expect(lines.filter((l) => l.includes('"result"'))).toHaveLength(grappleDie.GRAPPLE_DIE_TABLE.rows.length);
    expect(JSON.parse(box?.value ?? "")).toEqual(grappleDie.GRAPPLE_DIE_TABLE);
  });

  it("percentile's two tables are laid out the same way and read back the same", () => {
    const v = RULES_VARIANTS.percentile;
    const tables = (v?.resolveOptions(undefined) as { tables: unknown }).tables;
    const text = tableText(tables);
    expect(JSON.parse(text)).toEqual(tables);
    expect(text).toMatch(/"grappling": \{\n {4}"id"/);
  });

  it("a bad row is named under the box, the box marked, and nothing is saved", async () => {
    const t = await playing("grapple-die");
    await t.gm.run(() => openRuleOptions());
    const rows = grappleDie.GRAPPLE_DIE_TABLE.rows.map((r, i) => (i === 2 ? { ...r, min: 7, max: 6 } : r));
    await submitWindow(t.gm, "rule-options", (form) => ((form.elements.namedItem("table") as HTMLTextAreaElement).value = JSON.stringify({ ...grappleDie.GRAPPLE_DIE_TABLE, rows })));
    const w = t.gm.windows.find((x) => x.id === `${M}-rule-options`);
    expect(w).toBeDefined();
    const error = w?.element.querySelector<HTMLElement>("[data-wc-error=table]");
    expect(error?.hidden).toBe(false);
    expect(error?.textContent).toBe("Row 3: A row runs from 7 down to 6.");
    expect(w?.element.querySelector("textarea[name=table]")?.hasAttribute("aria-invalid")).toBe(true);
    expect(t.world.settingValues.get(`${M}.ruleOptions`) ?? {}).toEqual({});
    // Mended, it saves, and the error goes.
    await submitWindow(t.gm, "rule-options", (form) => ((form.elements.namedItem("table") as HTMLTextAreaElement).value = JSON.stringify({ ...grappleDie.GRAPPLE_DIE_TABLE, id: "ours" })));
    expect((t.world.settingValues.get(`${M}.ruleOptions`) as Record<string, { table?: { id: string } }>)["grapple-die"]?.table?.id).toBe("ours");
  });
});

describe("the profile form reads as words, one line a field", () => {
  const field = (v: string, path: string) => {
    const f = RULES_VARIANTS[v]?.profileFields.find((x) => x.path === path);
    if (!f) throw new Error(`${v} has no field ${path}`);
    return f;
  };
  it.each([
    ["d12-holds", "size", "M", "Medium"],
    ["d12-holds", "kind", "character", "Character"],
    ["grapple-die", "playerCharacter", true, "Yes"],
    ["grapple-die", "playerCharacter", false, "No"],
    ["grapple-die", "heightFt", 5.83, "5 ft 10 in"],
    ["grapple-die", "heightFt", 6, "6"],
    ["percentile", "weight", 1200, "1200"],
    ["d12-holds", "grapplingSize", undefined, "Same as its size"],
  ] as const)("%s %s: %j reads %s", (v, path, value, label) => {
    const t = makeTable();
    expect(t.gm.run(() => valueLabel(field(v, path), value))).toBe(label);
  });

  it("the GM's value is marked only where it differs from the sheet's, with the sheet's value in words", async () => {
    const t = await playing("d12-holds");
    let html = "";
    t.world.onDialog = async (d) => {
      html = d.form.innerHTML;
      return null;
    };
    await t.gm.run(() => openProfileForm(t.ogre as never));
    const box = document.createElement("div");
    box.innerHTML = html;
    const marked = [...box.querySelectorAll(".wc-profile__field")].filter((f) => f.querySelector("[data-wc-source=override]")).map((f) => f.querySelector("label")?.textContent);
    // The fixture's ogre (generic sheet) is the GM's monster, Large, natural AC 5 from toughness,
    // 9" movement, one pummelling attack, THAC0 15 (test/shell/setup.ts); its Dexterity AC
    // adjustment (0), armor (none) and the rest, stored too, are the sheet's own and not marked.
    expect(marked).toEqual(["Character or monster", "Size", "Natural AC", "Natural AC comes from", "Land movement (inches)", "Attacks that can pummel (monsters)", "THAC0"]);
    expect(box.textContent).toContain("Use sheet: Medium");
    expect(box.textContent).not.toMatch(/Use sheet: (M|character|true|false)\b/);
    // Each field is one row of the form's grid: a label, its input and at most one note.
    for (const f of box.querySelectorAll(".wc-profile__field")) expect([...f.children].map((c) => c.localName)).toEqual(["label", "div", "span"]);
  });
});

describe("Check this world and module.json agree on the oldest Foundry", () => {
  it.each([
    [13, 340, "warn"],
    [13, 341, "ok"],
    [13, 351, "ok"],
    [14, 349, "ok"],
  ] as const)("v%i build %i: %s", async (generation, build, level) => {
    const t = makeTable({ world: { generation, build } });
    const report = t.gm.run(() => checkWorld());
    const row = report.sections.flatMap((s) => s.rows).find((r) => r.label === "Foundry version");
    expect(row?.level).toBe(level);
    expect(row?.value).toBe(`${generation}.${build} (build ${build})`);
    const manifest = JSON.parse(readFileSync("module.json", "utf8")) as { compatibility: { minimum: string } };
    expect(manifest.compatibility.minimum).toBe("13.341");
  });
});
