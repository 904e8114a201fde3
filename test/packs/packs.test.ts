// @vitest-environment happy-dom
// The compendium packs as the build assembles them from packs/_source/ and the rules data: every
// document packs (a _key the Foundry CLI reads), every macro calls an API function that exists
// and works for whoever runs it on what they selected and targeted, every journal link resolves,
// and the guide's example tables pass the core's own validator.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { extractPack } from "@foundryvtt/foundryvtt-cli";
import { beforeEach, describe, expect, it } from "vitest";
import { buildApi } from "../../src/foundry/api/api.ts";
import { RULES_VARIANTS } from "../../src/rules/index.ts";
import { compile } from "../../scripts/build/compile-packs.ts";
import { readManifestSource } from "../../scripts/build/manifest.ts";
import type { FolderDoc, JournalDoc, MacroDoc, PackDoc } from "../../scripts/packs/docs.ts";
import { ID_PATTERN } from "../../scripts/packs/ids.ts";
import { SETTING_DEFAULTS } from "../../scripts/packs/guide-options.ts";
import { macroAbout } from "../../scripts/packs/macros.ts";
import { assemblePacks } from "../../scripts/packs/index.ts";
import type { Table } from "../shell/setup.ts";
import { M, makeTable } from "../shell/setup.ts";

const packs = assemblePacks(".");
const docsOf = (name: string): readonly PackDoc[] => packs.find((p) => p.name === name)?.docs ?? [];
const macros = docsOf("macros").filter((d): d is MacroDoc => d._key.startsWith("!macros!"));
const folders = docsOf("macros").filter((d): d is FolderDoc => d._key.startsWith("!folders!"));
const guide = docsOf("guide")[0] as JournalDoc;

/**
 * API functions macros may call before the shell has them (each such macro checks for the
 * function and says so when it is missing). Remove a name once buildApi() has it.
 */
const PENDING_API = new Set<string>();

const apiNames = new Set(Object.keys(buildApi()));
const called = (command: string): string[] => [...command.matchAll(/\bapi\.(\w+)\s*\(/g)].map((m) => m[1] as string);

describe("every document packs", () => {
  it("each primary and embedded document has the _key the CLI needs and a Foundry id, none twice", () => {
    const all = [...docsOf("macros"), guide];
    const ids = all.map((d) => d._id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const d of all) {
      expect(d._id, d.name).toMatch(ID_PATTERN);
      const kind = d._key.startsWith("!macros!") ? "macros" : d._key.startsWith("!folders!") ? "folders" : "journal";
      expect(d._key).toBe(`!${kind}!${d._id}`);
    }
    expect(guide.pages.length).toBeGreaterThan(10);
    for (const page of guide.pages) {
      expect(page._id).toMatch(ID_PATTERN);
      expect(page._key).toBe(`!journal.pages!${guide._id}.${page._id}`);
    }
  });

  it("module.json declares exactly the packs the build makes", () => {
    const declared = (readManifestSource(".").packs ?? []).map((p) => ({ name: p.name, type: p.type, path: p.path }));
    expect(declared).toEqual(expect.arrayContaining(packs.map((p) => ({ name: p.name, type: p.type, path: `packs/${p.name}` }))));
    expect(declared).toHaveLength(packs.length);
  });

  it("compiles with the Foundry CLI and reads back the same documents", async () => {
    const tmp = mkdtempSync(join(tmpdir(), "wc-packs-test-"));
    try {
      for (const pack of packs) {
        await compile(pack, join(tmp, "db", pack.name));
        await extractPack(join(tmp, "db", pack.name), join(tmp, "out", pack.name));
        const back = readdirSync(join(tmp, "out", pack.name)).map((f) => JSON.parse(readFileSync(join(tmp, "out", pack.name, f), "utf8")) as { _id: string; pages?: unknown[] });
        expect(back.map((d) => d._id).sort()).toEqual(pack.docs.map((d) => d._id).sort());
        if (pack.name === "guide") expect(back[0]?.pages).toHaveLength(guide.pages.length);
      }
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});

describe("macros", () => {
  const flag = (m: MacroDoc) => (m.flags[M] ?? {}) as { action?: string; variants?: string[] };
  const folderNamed = (id: string | null) => folders.find((f) => f._id === id)?.name;
  const lang = JSON.parse(readFileSync("lang/en.json", "utf8")) as { WC: { Variant: Record<string, string> } };

  it("one macro per action the rules have, each following the world's rule set: shared ones in Actions, one rule set's own in its folder", () => {
    const actions = macros.map((m) => flag(m).action).filter((a): a is string => a !== undefined);
    const all = new Set(Object.values(RULES_VARIANTS).flatMap((v) => [...v.actions]));
    expect(actions.sort()).toEqual([...all].sort());
    for (const m of macros.filter((x) => flag(x).action !== undefined)) {
      const action = flag(m).action as string;
      const having = Object.values(RULES_VARIANTS).filter((v) => v.actions.includes(action as never)).map((v) => v.id);
      expect(flag(m).variants, action).toEqual(having);
      expect(folderNamed(m.folder), action).toBe(having.length > 1 ? "Actions" : lang.WC.Variant[having[0] as string]);
      expect(m.command).toContain(`api.use(${JSON.stringify(action)})`);
    }
    // d12 holds' own: the charge, the lift-off, and the mass charge beside them; percentile's death blow.
    const inFolder = (variant: string) => macros.filter((m) => folderNamed(m.folder) === lang.WC.Variant[variant]).map((m) => m.name);
    expect(inFolder("d12-holds")).toEqual(["Charging overbear", "Lift off", "Mass charge"]);
    expect(inFolder("percentile")).toEqual(["Death blow"]);
    expect(inFolder("grapple-die")).toEqual([]);
  });

  it("no two macros share a name or a picture, and each says what it does and under which rule sets", () => {
    expect(new Set(macros.map((m) => m.name)).size).toBe(macros.length);
    expect(new Set(macros.map((m) => m.img)).size).toBe(macros.length);
    for (const m of macros.filter((x) => flag(x).action !== undefined)) expect(macroAbout(m), m.name).toMatch(/^[A-Z].{30,}\. Under (every rule set|.+ only)\.$/);
    for (const m of macros) expect(macroAbout(m), m.name).not.toBe(m.name);
  });

  it("mass charge, edit profile and check this world are there", () => {
    const tools = new Map(macros.map((m) => [m.name, called(m.command)]));
    expect(tools.get("Mass charge")).toEqual(["massCharge"]);
    expect(tools.get("Edit weaponless profile")).toEqual(["editProfile", "editProfile"]);
    expect(tools.get("Check this world")).toEqual(["checkWorld"]);
  });

  it("every command calls only API functions the module has", () => {
    const unknown = macros.flatMap((m) => called(m.command).filter((n) => !apiNames.has(n) && !PENDING_API.has(n)).map((n) => `${m.name}: api.${n}`));
    expect(unknown).toEqual([]);
    expect(macros.every((m) => called(m.command).length > 0)).toBe(true);
    for (const n of PENDING_API) expect(macros.some((m) => m.command.includes(`typeof api.${n} !== "function"`)), n).toBe(true);
  });

  it("every picture is the module's own file or one of the core icons", () => {
    for (const m of macros) {
      if (m.img.startsWith("modules/weaponless-combat/")) expect(existsSync(m.img.replace("modules/weaponless-combat/", "")), m.img).toBe(true);
      else expect(m.img, m.name).toMatch(/^icons\/svg\/[a-z-]+\.svg$/);
    }
  });
});

// Runs a macro's command as Foundry runs a script macro: the body of an async function.
const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (body: string) => () => Promise<unknown>;
const macroNamed = (name: string) => {
  const m = macros.find((x) => x.name === name);
  if (!m) throw new Error(`no macro ${name}`);
  return m;
};

describe("macros run for whoever runs them", () => {
  let t: Table;
  beforeEach(() => {
    t = makeTable();
  });

  it("a player's Grapple macro acts with their selected token on their target (through the GM)", async () => {
    t.world.script([[20, 8], [12, 6], [12, 2]]);
    await t.player.run(async () => {
      t.player.canvas.tokens.controlled = [{ document: t.fighterToken }];
      t.player.user.targets.add(t.goblinToken.object);
      await new AsyncFunction(macroNamed("Grapple").command)();
    });
    await t.world.settle();
    expect(t.world.messages.contents.at(-1)?.getFlag(M, "card")).toMatchObject({ intent: { action: "grapple", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid }, resolution: { headline: { params: { part: "arm" } } } });
  });

  it("an action the world's rule set lacks says so, and nothing is written", async () => {
    const mark = t.world.writes.length;
    await t.player.run(async () => {
      t.player.canvas.tokens.controlled = [{ document: t.fighterToken }];
      t.player.user.targets.add(t.goblinToken.object);
      await new AsyncFunction(macroNamed("Death blow").command)();
    });
    expect(t.player.notifications.map((n) => n.message)).toEqual(["Death blow is not an action of this world's rule set, d12 holds, after a 1982 magazine article. The GM chooses the rule set under Game Settings → Configure Settings → Weaponless Combat → Rules."]);
    expect(t.world.writes.length).toBe(mark);
  });

  it("with nothing selected, an action macro only says what to select", async () => {
    const mark = t.world.writes.length;
    await t.player.run(() => new AsyncFunction(macroNamed("Pummel").command)());
    expect(t.player.notifications.map((n) => n.message)).toEqual(["Select the token that acts."]);
    expect(t.world.writes.length).toBe(mark);
  });

  it("each macro calls its API function with what the user selected", async () => {
    const calls: string[] = [];
    const api = Object.fromEntries([...apiNames, ...PENDING_API].map((n) => [n, (...args: unknown[]) => calls.push(`${n}(${args.map((a) => (a === t.fighter ? "fighter" : JSON.stringify(a))).join(",")})`)]));
    t.world.modules.set(M, { id: M, active: true, api });
    (t.alice as unknown as { character: unknown }).character = t.fighter;
    for (const m of macros) await t.player.run(() => new AsyncFunction(m.command)());
    const expected = [
      ...macros.filter((m) => m.flags[M] && (m.flags[M] as { action?: string }).action).map((m) => `use(${JSON.stringify((m.flags[M] as { action: string }).action)})`),
    ];
    expect(calls.filter((c) => c.startsWith("use("))).toEqual(expected);
    // Nothing selected: the player's own character's profile.
    expect(calls).toContain("editProfile(fighter)");
    expect(calls).toContain("massCharge()");
    expect(calls).toContain("checkWorld()");
  });

  it("without the module active, a macro says so and does nothing", async () => {
    t.world.modules.set(M, { id: M, active: false });
    await t.player.run(() => new AsyncFunction(macroNamed("Grapple").command)());
    expect(t.player.notifications.map((n) => n.message)).toEqual(["Weaponless Combat is not active in this world."]);
  });

  it("Check this world on a module without the function says to update", async () => {
    t.world.modules.set(M, { id: M, active: true, api: {} });
    await t.gm.run(() => new AsyncFunction(macroNamed("Check this world").command)());
    expect(t.gm.notifications.map((n) => n.message)).toEqual(["This version of Weaponless Combat has no world check; update the module."]);
  });
});

describe("the guide", () => {
  const pages = new Map(guide.pages.map((p) => [p._id, p]));
  const macroIds = new Set(macros.map((m) => m._id));
  const content = guide.pages.map((p) => p.text.content).join("\n");

  function resolves(link: string): boolean {
    const uuid = /^Compendium\.weaponless-combat\.(\w+)\.(\w+)\.(\w+)(?:\.JournalEntryPage\.(\w+))?$/.exec(link);
    if (uuid) {
      const [, pack, type, id, page] = uuid;
      if (pack === "macros") return type === "Macro" && page === undefined && macroIds.has(id as string);
      if (pack === "guide") return type === "JournalEntry" && id === guide._id && (page === undefined || pages.has(page));
      return false;
    }
    const legacy = /^weaponless-combat\.(\w+)\.(\w+)$/.exec(link);
    if (legacy) return (legacy[1] === "macros" && macroIds.has(legacy[2] as string)) || (legacy[1] === "guide" && legacy[2] === guide._id);
    return false;
  }

  it("every @UUID and @Compendium link resolves to a document of the packs", () => {
    const links = [...content.matchAll(/@(?:UUID|Compendium)\[([^\]]+)\]/g)].map((m) => m[1] as string);
    expect(links.length).toBeGreaterThan(20);
    expect(links.filter((l) => !resolves(l))).toEqual([]);
    expect(resolves("Compendium.weaponless-combat.guide.JournalEntry.wcGuideJournal01.JournalEntryPage.nopenopenopenope")).toBe(false);
  });

  it("every page is linked from somewhere else in the guide, and the macros page lists every macro", () => {
    for (const p of guide.pages.slice(1)) expect(content, p.name).toContain(`JournalEntryPage.${p._id}]`);
    const macrosPage = guide.pages.find((p) => p.flags[M] && (p.flags[M] as { generated?: string }).generated === "macros");
    for (const m of macros) expect(macrosPage?.text.content, m.name).toContain(`Macro.${m._id}]`);
  });

  it("shows no raw text keys and no unfilled placeholders", () => {
    expect(content).not.toMatch(/\bWC\.[A-Z]\w*\.\w/);
    expect(content).not.toMatch(/\{\{/);
    expect(content).not.toContain("undefined");
  });

  it("the options pages name every option of every variant, the settings page every setting", () => {
    const lang = JSON.parse(readFileSync("lang/en.json", "utf8")) as { WC: { Option: Record<string, { name: string }>; Setting: Record<string, { name: string }> } };
    const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
    for (const v of Object.values(RULES_VARIANTS)) {
      const page = guide.pages.find((p) => (p.flags[M] as { generated?: string } | undefined)?.generated === `options:${v.id}`);
      for (const name of Object.keys(v.optionSchema)) expect(page?.text.content, `${v.id} ${name}`).toContain(esc(lang.WC.Option[name]?.name ?? name));
      expect(guide.pages.some((p) => (p.flags[M] as { generated?: string } | undefined)?.generated === `tables:${v.id}`)).toBe(true);
    }
    const settings = guide.pages.find((p) => (p.flags[M] as { generated?: string } | undefined)?.generated === "settings");
    for (const s of Object.values(lang.WC.Setting)) expect(settings?.text.content).toContain(esc(s.name));
  });

  it("the settings page lists every setting the module registers with its choices, the default marked, and both buttons", () => {
    const settings = guide.pages.find((p) => (p.flags[M] as { generated?: string } | undefined)?.generated === "settings")?.text.content ?? "";
    const lang = JSON.parse(readFileSync("lang/en.json", "utf8")) as { WC: Record<string, Record<string, unknown>> };
    const t = makeTable();
    const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
    const shown = [...t.gm.game.settings.configs].filter(([id, c]) => id.startsWith(`${M}.`) && c.config);
    expect(shown.map(([id]) => id.slice(M.length + 1)).sort()).toEqual(Object.keys(SETTING_DEFAULTS).sort());
    for (const [id, c] of shown) {
      const key = id.slice(M.length + 1);
      expect(c.default, key).toEqual(SETTING_DEFAULTS[key]);
      const choices = (c as { choices?: Record<string, string> }).choices ?? {};
      for (const [value, label] of Object.entries(choices)) {
        const text = label.split(".").slice(1).reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], lang.WC) as string;
        expect(settings, `${key}: ${value}`).toContain(value === c.default ? `<strong>${esc(text)}</strong> (default)` : esc(text));
      }
    }
    expect(settings).toContain("on / <strong>off</strong> (default)");
    expect(settings).toContain("<strong>empty: the system's own path");
    for (const button of ["Rule options", "Check this world"]) expect(settings).toContain(`<strong>${button}</strong>`);
  });

  it("names each rule set one way, with its source, and never by the old names", () => {
    const lang = JSON.parse(readFileSync("lang/en.json", "utf8")) as { WC: { Variant: Record<string, string> } };
    const names = guide.pages.map((p) => p.name);
    for (const [id, title] of Object.entries(lang.WC.Variant)) expect(names, id).toContain(title);
    // The rule sets with actions of their own have a folder of that name (Grapple die has none).
    expect(folders.map((f) => f.name)).toEqual(expect.arrayContaining([lang.WC.Variant["d12-holds"], lang.WC.Variant.percentile]));
    const everything = [content, ...names, ...macros.map((m) => `${m.name} ${m.command} ${macroAbout(m)}`), ...folders.map((f) => `${f.name} ${f.description}`)].join("\n");
    expect(everything).not.toMatch(/early-1980s|house ruleset|DMG-style|magazine variant/i);
  });

  it("explains each action beyond the holds with an example, and how a request waits with no GM", () => {
    const more = guide.pages.find((p) => p._id === "wcPageMoreActs00")?.text.content ?? "";
    for (const action of ["Stand up", "Grab an item", "Coup de grâce", "Death blow", "Strike into a grapple"]) {
      const section = more.split(`<h2>${action}</h2>`)[1]?.split("<h2>")[0] ?? "";
      expect(section, action).toContain("<em>Example");
    }
    const table = guide.pages.find((p) => p._id === "wcPageAtTable000")?.text.content ?? "";
    expect(table).toMatch(/With no GM connected, the card says so and waits: when a GM connects, that GM's client carries it out, once/);
    expect(table).not.toContain("nothing happens");
  });

  it("the tables pages show the source's numbers and label the project's own tables", () => {
    const tables = (v: string) => guide.pages.find((p) => (p.flags[M] as { generated?: string } | undefined)?.generated === `tables:${v}`)?.text.content ?? "";
    // 000's hold table: 12 is a stranglehold for 1d6, 15 or more a body hold for 4d6.
    expect(tables("d12-holds")).toMatch(/<td>12<\/td><td>Stranglehold<\/td><td>1d6<\/td>/);
    expect(tables("d12-holds")).toMatch(/<td>15 or more<\/td><td>Body<\/td><td>4d6<\/td>/);
    expect(tables("d12-holds")).not.toContain("Project default");
    expect(tables("grapple-die")).toContain("Project default");
    expect(tables("percentile")).toContain("Project default");
  });

  describe("replacing a project-default table", () => {
    const example = (f: string): unknown => JSON.parse(readFileSync(`packs/_source/guide/examples/${f}.json`, "utf8"));
    const page = guide.pages.find((p) => p._id === "wcPageTables0000")?.text.content ?? "";

    it("the house ruleset's example passes the core's validator and is played", () => {
      const gd = RULES_VARIANTS["grapple-die"]!;
      const table = example("grapple-die-table");
      expect((gd.resolveOptions({ table }) as { table: unknown }).table).toEqual(table);
      expect(gd.projectTables("grapple", gd.resolveOptions({ table }))).toEqual([]);
    });

    it("the percentile example passes and replaces only the grappling table", () => {
      const pc = RULES_VARIANTS.percentile!;
      const tables = example("percentile-tables") as { grappling: unknown };
      const o = pc.resolveOptions({ tables }) as { tables: { grappling: unknown; overbear: { source: string } } };
      expect(o.tables.grappling).toEqual(tables.grappling);
      expect(o.tables.overbear.source).toBe("project default");
    });

    it("the same example with a gap is refused, so the check has teeth", () => {
      const table = example("grapple-die-table") as { rows: Array<{ min?: number }> };
      (table.rows[2] as { min: number }).min = 10;
      expect(() => RULES_VARIANTS["grapple-die"]!.resolveOptions({ table })).toThrow();
    });

    it("the page shows both examples as they are on disk", () => {
      for (const f of ["grapple-die-table", "percentile-tables"]) {
        const text = JSON.stringify(example(f), null, 2).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
        expect(page).toContain(text);
      }
    });
  });
});

describe("the guide in the interface's language", () => {
  it("has a page naming each action, condition, card button and setting as each language's interface does, linked from Start here", async () => {
    const { guideJournal } = await import("../../scripts/packs/guide.ts");
    const { Texts, loadLang } = await import("../../scripts/packs/lang.ts");
    const journal = guideJournal(".", new Texts(loadLang(".")), { folders: [], macros: [] });
    const names = journal.pages.find((p) => p._id === "wcPageNames00000");
    expect(names?.name).toBe("Names in your language");
    const html = names?.text.content ?? "";
    // The names come from each language's own file: German's break free and stunned, French's pinned.
    const de = JSON.parse(readFileSync("lang/de.json", "utf8")) as { WC: { Action: Record<string, string>; Condition: Record<string, string> } };
    const fr = JSON.parse(readFileSync("lang/fr.json", "utf8")) as { WC: { Condition: Record<string, string> } };
    for (const said of [de.WC.Action.breakFree, de.WC.Condition.stunned, fr.WC.Condition.pinned, "Deutsch", "Português (Brasil)"]) expect(html).toContain(String(said));
    expect(journal.pages.find((p) => p._id === "wcPageStartHere0")?.text.content).toContain("JournalEntryPage.wcPageNames00000]");
  });
});
