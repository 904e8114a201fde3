// In a real Chromium, on Foundry v13's dark and light themes (approximated by
// scripts/shots/foundry-look.css): every card made from real rules results, the round card, the
// mass-charge card and the action dialog's odds picture keep text at 4.5:1 or better against
// what is behind it, and nothing is wider than the 300 px chat column.
import Handlebars from "handlebars";
import { expect, it } from "vitest";
import lang from "../../lang/en.json";
import look from "../../scripts/shots/foundry-look.css?raw";
import moduleCss from "../../styles/weaponless-combat.css?raw";
import roundTemplate from "../../templates/round-card.hbs?raw";
import massTemplate from "../../templates/mass-charge-card.hbs?raw";
import dialogTemplate from "../../templates/action-dialog.hbs?raw";
import { roundCardView } from "../../src/foundry/cards/views.ts";
import type { I18n } from "../../src/foundry/base/text.ts";
import { oddsPicture } from "../../src/foundry/ui/odds-view.ts";
import type { ActionContext, Dice, RulesVariant, ShellAction } from "../../src/rules/index.ts";
import type * as RulesModule from "../../src/rules/index.ts";
import { audit } from "./audit.ts";
import { callHook, installFoundryStub } from "./foundry-stub.ts";

type Rules = typeof RulesModule;
type Api = { rules: Rules; renderCard(c: unknown): Promise<string> };

const get = (key: string): unknown => key.split(".").reduce<unknown>((o, k) => (o !== null && typeof o === "object" ? (o as Record<string, unknown>)[k] : undefined), lang);
const i18n: I18n = {
  localize: (k) => (typeof get(k) === "string" ? (get(k) as string) : k),
  format: (k, data) => (typeof get(k) === "string" ? (get(k) as string).replace(/\{(\w+)\}/g, (_m, p: string) => String(data[p] ?? "")) : k),
  has: (k) => typeof get(k) === "string",
};

/** Dice that roll the faces given, then three quarters of each die. */
function dice(faces: number[]): Dice {
  const q = [...faces];
  return { roll: (sides) => Math.min(sides, q.shift() ?? Math.ceil(sides * 0.75)) };
}

const A = "Scene.s.Token.attacker";
const D = "Scene.s.Token.defender";

function storedCard(v: RulesVariant, action: ShellAction, faces: number[], attacker: Record<string, unknown>, defender: Record<string, unknown>, declared: Record<string, string | number | boolean> = {}): unknown {
  const ctx: ActionContext = { action, attacker: { id: A, profile: { ...v.defaultProfile(), ...attacker } }, defender: { id: D, profile: { ...v.defaultProfile(), ...defender } }, declared, holds: [], round: 1, inCombat: true };
  const options = v.resolveOptions(undefined);
  const resolution = v.resolve(ctx, options, dice(faces));
  return {
    version: 1,
    variant: v.id,
    requestId: "REQUESTrequest01",
    intent: { action, attackerUuid: A, defenderUuid: D, declared },
    attackerName: "Hrothgar the Unbowed",
    defenderName: "Grundle of the Eastern Marches",
    resolution,
    consequences: resolution.consequences,
    state: "applied",
    projectTables: v.projectTables(action, options),
    next: v.next?.(ctx, resolution, options) ?? [],
  };
}

function scenarios(rules: Rules): unknown[] {
  const d12 = rules.RULES_VARIANTS["d12-holds"] as RulesVariant;
  const gd = rules.RULES_VARIANTS["grapple-die"] as RulesVariant;
  const pc = rules.RULES_VARIANTS.percentile as RulesVariant;
  const ogre = { kind: "monster", size: "L", movement: 9, pummelLimbs: 1, toHit: { kind: "thac0", thac0: 15 } };
  return [
    storedCard(d12, "grapple", [15, 11, 4, 6], ogre, {}),
    storedCard(d12, "grapple", [2], {}, ogre),
    storedCard(d12, "pummel", [18, 6, 17, 5], { attacksPerRound: 2, strength: { score: 18, exceptional: 90 }, toHit: { kind: "thac0", thac0: 12 } }, { kind: "monster", size: "S", armor: { type: "leather", plus: 0 } }),
    storedCard(gd, "grapple", [20, 17, 3], {}, {}, { freeAttack: "harmless" }),
    storedCard(gd, "pummel", [15, 2], { strength: { score: 17 } }, {}),
    storedCard(gd, "overbear", [16, 4], { size: "L", heightFt: 9, weightLb: 600 }, {}, { immediateAttack: "harmless" }),
    storedCard(pc, "grapple", [4, 2, 22, 71], { strength: { score: 17 }, dexterity: 14, armor: { ad: 7, magic: 0 } }, { kind: "monster", hitDice: { dice: 4, adjustment: 1 }, size: "L", height: 108, weight: 600 }, { defense: "none" }),
    storedCard(pc, "grapple", [1, 4, 99], {}, {}, { defense: "none" }),
    storedCard(pc, "overbear", [5, 2, 10, 80], { size: "L", height: 108, weight: 600 }, {}, { defense: "none" }),
  ];
}

function extraCards(rules: Rules): string[] {
  const round = Handlebars.compile(roundTemplate)(
    roundCardView(
      {
        round: 3,
        names: { [A]: "Hrothgar the Unbowed", [D]: "Grundle of the Eastern Marches" },
        state: "applied",
        resolution: {
          lines: [
            { key: "WC.Round.heldFast", params: { who: D, holder: A, hold: "WC.Part.body", roll: 5, total: 4, target: 10 } },
            { key: "WC.Round.strangled", params: { who: D, holder: A, total: 5, actual: 2, temporary: 3 } },
            { key: "WC.Round.attacksNext", params: { who: D, n: 1, lost: 1 } },
            { key: "WC.Round.knockedOut", params: { who: D, rounds: 2 } },
          ],
        },
      },
      i18n,
    ),
  );
  const o = rules.d12.resolveOptions(undefined);
  const units = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i}`, size: i < 3 ? ("L" as const) : ("M" as const), rank: 1 + Math.floor(i / 3), ...(prefix === "g" && i === n - 1 ? { killed: true } : {}) }));
  const result = rules.d12.resolveMassCharge({ attackers: units(9, "g"), defenders: units(3, "f"), obstacle: "none" }, o, dice([20, 18, 5, 19]));
  if (result.kind === "impossible") throw new Error("impossible charge");
  const names = Object.fromEntries([...units(9, "g"), ...units(3, "f")].map((u) => [u.id, `${u.id.startsWith("g") ? "Gnoll warrior" : "Shield guard"} ${u.id.slice(1)}`]));
  const side = (p: typeof result.attackers) => p.units.filter((u) => u.counted).map((u) => ({ rank: `Rank ${u.rank}, ${u.points} pts`, units: `${names[u.id]} (${u.size})` }));
  const mass = Handlebars.compile(massTemplate)({
    title: "Mass charge",
    headline: i18n.localize(`WC.Result.${result.kind}`),
    tone: "done",
    chance: i18n.format("WC.MassCharge.chance", { chance: result.chance, roll: result.die.face }),
    breakdown: i18n.format("WC.MassCharge.breakdown", { front: result.attackers.front, rear: result.attackers.rear, attackers: result.attackers.total, defenders: result.defenderTotal, obstacle: i18n.localize("WC.MassCharge.obstacle.none") }),
    chargers: side(result.attackers),
    holders: side(result.defenders),
    killed: "Gnoll warrior 8",
    saves: [],
    labels: { chargers: "Chargers", holders: "Holding the line", killed: i18n.localize("WC.MassCharge.killedLabel") },
    state: "applied",
    stateLabel: "Applied",
    buttons: [{ action: "undo", label: "Undo" }, { action: "ledger", label: "Adjust damage" }],
  });
  return [round, mass];
}

function dialogBody(rules: Rules, rough: boolean): string {
  const v = rules.RULES_VARIANTS["d12-holds"] as RulesVariant;
  const ctx: ActionContext = { action: "grapple", attacker: { id: A, profile: v.defaultProfile() }, defender: { id: D, profile: { ...v.defaultProfile(), size: "S", movement: 6 } }, declared: {}, holds: [], round: 1, inCombat: true };
  const odds = oddsPicture(v.odds(ctx, v.resolveOptions(undefined)), "grapple", i18n, rough);
  return Handlebars.compile(dialogTemplate)({ attacker: "Hrothgar", defender: "Grundle", notes: ["Grundle has no weaponless profile yet: ordinary values stand in."], found: [{ label: "Grapple: to hit", mods: "+2 Target's speed (6\")" }], foundLegend: "Found on its own", showOdds: true, odds, oddsLegend: "Chances", situational: [] });
}

it("every card and the odds picture read at 4.5:1 on both themes, and fit the 300 px chat column", async () => {
  installFoundryStub();
  const bundle = "../../dist/module.js";
  await import(/* @vite-ignore */ bundle);
  callHook("init");
  const api = (globalThis as unknown as { game: { modules: Map<string, { api: Api }> } }).game.modules.get("weaponless-combat")?.api as Api;
  const cards = [...(await Promise.all(scenarios(api.rules).map((c) => api.renderCard(c)))), ...extraCards(api.rules)];
  const style = document.createElement("style");
  style.textContent = `${look}\n${moduleCss}`;
  document.head.append(style);
  const lowest: Record<string, number> = {};
  for (const theme of ["dark", "light"]) {
    document.body.className = `theme-${theme}`;
    const sidebar = document.createElement("section");
    sidebar.id = "sidebar";
    const log = document.createElement("ol");
    log.className = "chat-log";
    for (const html of cards) {
      const li = document.createElement("li");
      li.className = "chat-message message";
      li.innerHTML = html;
      // As a GM sees it: every button and number shown, the most there is to fit.
      for (const el of li.querySelectorAll<HTMLElement>("[hidden]")) el.hidden = false;
      for (const el of li.querySelectorAll<HTMLElement>("[data-wc-secret-note]")) el.hidden = true;
      log.append(li);
    }
    sidebar.append(log);
    const dialog = document.createElement("div");
    dialog.className = "application dialog";
    dialog.innerHTML = `<section class="window-content"><form>${dialogBody(api.rules, false)}${dialogBody(api.rules, true)}</form></section>`;
    document.body.replaceChildren(sidebar, dialog);
    expect(sidebar.getBoundingClientRect().width).toBe(300);
    const results = [...log.children].map((li) => audit(li));
    results.push(audit(dialog));
    const findings = results.flatMap((r) => r.findings);
    expect(findings, `${theme}: ${JSON.stringify(findings.slice(0, 5))}`).toEqual([]);
    lowest[theme] = Math.min(...results.map((r) => r.lowest.ratio));
    expect(results.reduce((n, r) => n + r.checked, 0)).toBeGreaterThan(150);
  }
  console.log(`lowest contrast: dark ${lowest.dark}:1, light ${lowest.light}:1`);
  expect(lowest.dark).toBeGreaterThanOrEqual(4.5);
  expect(lowest.light).toBeGreaterThanOrEqual(4.5);
});

it("the audit would catch what it looks for: 2.6:1 text and a 360 px line in the column", () => {
  document.body.className = "theme-dark";
  document.body.innerHTML = `<section id="sidebar" style="width:300px;background:#2a2931"><p id="dim" style="color:#6b5f3a">Applied</p><p id="wide" style="width:360px;color:#eee">too wide</p></section>`;
  const r = audit(document.getElementById("sidebar") as HTMLElement);
  expect(r.findings.map((f) => f.kind).sort()).toEqual(["contrast", "overflow"]);
});
