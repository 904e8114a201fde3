/**
 * Every card, dialog, form and the token HUD, for each variant, as the GM and as a player sees
 * it: played through the real shell on the typed fake of Foundry (test/fake-foundry/), with the
 * rules core deciding and dice chosen per scene, so each picture shows a real result.
 */
import { bindCard } from "../../src/foundry/hooks/chat.ts";
import { addButtons } from "../../src/foundry/hooks/token-hud.ts";
import { ACTION_ICONS } from "../../src/foundry/ui/icons.ts";
import { openMassCharge } from "../../src/foundry/ui/mass-charge-dialog.ts";
import { processRoundEnd } from "../../src/foundry/cards/round-card.ts";
import { act, renderRequest } from "../../src/foundry/cards/request-card.ts";
import { shownTo } from "../../src/foundry/cards/visibility.ts";
import { showWorldCheck } from "../../src/foundry/ui/world-check.ts";
import { openLedgerEditor } from "../../src/foundry/ui/ledger.ts";
import { openProfileForm } from "../../src/foundry/ui/profile-form.ts";
import { openRuleOptions, tableText } from "../../src/foundry/ui/rule-options.ts";
import { openHoldsPanel } from "../../src/foundry/ui/holds-panel.ts";
import { askAboutToken } from "../../src/foundry/ui/token-removed.ts";
import { holdEffectPair } from "../../src/foundry/documents/holds.ts";
import { writeAll } from "../../src/foundry/gm/writes.ts";
import { enableCanvas } from "../../test/fake-foundry/canvas.ts";
import { moduleFile } from "../../test/fake-foundry/host.ts";
import { dnd5eLike, OSE_LIKE } from "../../test/fake-foundry/systems.ts";
import type { ShellAction } from "../../src/rules/index.ts";
import { RULES_VARIANTS } from "../../src/rules/index.ts";
import type { FakeChatMessage, FakeClient, FakeDialog, FakeToken } from "../../test/fake-foundry/world.ts";
import type { Table } from "../../test/shell/setup.ts";
import { d12Profile, M, makeTable, submitWindow } from "../../test/shell/setup.ts";
import { d12Hold, drag, place, putHold } from "../../test/shell/movement-setup.ts";
import { dialogScenes } from "./dialogs.ts";
import { stateScenes } from "./states.ts";
import { grabScenes } from "./grab-scenes.ts";
import { grabForms } from "./grab-forms.ts";

export type Role = "gm" | "player";
export type Kind = "card" | "dialog" | "hud" | "notice" | "icons" | "tracker";
/**
 * The languages a set of pictures is rendered in: all of them in English, one full set in German,
 * and the profile forms and dialogs (where labels are longest) in French, Spanish and Portuguese.
 */
export type Lang = "en" | "de" | "fr" | "es" | "pt-BR";
export const LANGS: readonly Lang[] = ["en", "de", "fr", "es", "pt-BR"];

export interface Scene {
  /** File name stem: `<variant>--<name>`. */
  readonly id: string;
  readonly variant: string;
  readonly kind: Kind;
  readonly role: Role;
  readonly title: string;
  readonly html: string;
  /** Dialog buttons, as DialogV2 draws them under the form. */
  readonly buttons?: readonly string[];
  /** The window's own width (its position.width), for windows: the picture is sized to it. */
  readonly width?: number;
  /** The language the scene was played in (absent: English). */
  readonly lang?: Lang;
}

export type Variant = "d12-holds" | "grapple-die" | "percentile";

/** A table of the scenes: the shell tests' world, speaking one language. */
export interface ShotTable extends Table {
  readonly lang: Lang;
}

/** Dice for the next actions: preferred faces per die size, in order; then a steady default. */
export function dice(t: Table, prefer: Record<number, number[]>, fallback: (sides: number) => number = (s) => Math.ceil(s * 0.75)): void {
  const queue = new Map(Object.entries(prefer).map(([k, v]) => [Number(k), [...v]]));
  t.world.fallbackFace = (sides) => queue.get(sides)?.shift() ?? fallback(sides);
}

const PROFILES: Record<Variant, Record<"fighter" | "goblin" | "ogre", Record<string, unknown>>> = {
  "d12-holds": {
    fighter: d12Profile({ toHit: { kind: "thac0", thac0: 15 }, attacksPerRound: 2, strength: { score: 17 }, armor: { type: "leather", plus: 0 } }),
    goblin: d12Profile({ kind: "monster", size: "S", movement: 6, pummelLimbs: 1, intelligence: "low" }),
    ogre: d12Profile({ kind: "monster", size: "L", movement: 9, pummelLimbs: 1, toHit: { kind: "thac0", thac0: 15 }, naturalAc: { ac: 5, basis: "toughness" } }),
  },
  "grapple-die": {
    fighter: { ...RULES_VARIANTS["grapple-die"]?.defaultProfile(), playerCharacter: true, strength: { score: 17 }, toHit: { kind: "thac0", thac0: 17 }, readiedAttack: { kind: "weapon", lengthFt: 3, damage: { count: 1, sides: 8 }, damageBonus: 0, toHitBonus: 0 } },
    goblin: { ...RULES_VARIANTS["grapple-die"]?.defaultProfile(), kind: "monster", size: "S", heightFt: 4, weightLb: 60, ac: 6, intelligence: "low" },
    ogre: { ...RULES_VARIANTS["grapple-die"]?.defaultProfile(), kind: "monster", size: "L", heightFt: 9, weightLb: 600, hitDice: 4, hitDicePlus: 1, ac: 5, toHit: { kind: "thac0", thac0: 15 }, strength: { score: 18, exceptional: 50 } },
  },
  percentile: {
    fighter: { ...RULES_VARIANTS.percentile?.defaultProfile(), kind: "character", classGroup: "fighter", level: 3, strength: { score: 17 }, dexterity: 14, armor: { ad: 7, magic: 0 } },
    goblin: { ...RULES_VARIANTS.percentile?.defaultProfile(), kind: "monster", hitDice: { dice: 1, adjustment: -1 }, size: "S", height: 48, weight: 60, dexterity: 12, strength: { score: 8 } },
    ogre: { ...RULES_VARIANTS.percentile?.defaultProfile(), kind: "monster", hitDice: { dice: 4, adjustment: 1 }, size: "L", height: 108, weight: 600, strength: { score: 18, exceptional: 50 }, armor: { ad: 5, magic: 0 } },
  },
};

type Tree = Record<string, unknown>;
const lookUp = (tree: Tree, key: string): unknown => key.split(".").reduce<unknown>((o, k) => (o && typeof o === "object" ? (o as Tree)[k] : undefined), tree);

/**
 * The world's language, as Foundry's Localization has it: the module's file for the language,
 * English where a key is missing from it (the fake's own i18n answers for English).
 */
export function speak(t: Table, lang: Lang): void {
  if (lang === "en") return;
  const own = JSON.parse(moduleFile(`lang/${lang}.json`)) as Tree;
  const i18n = t.world.i18n as { lang: string; localize(key: string): string; format(key: string, data?: Record<string, string>): string; has(key: string): boolean };
  const english = { localize: i18n.localize, format: i18n.format, has: i18n.has };
  Object.assign(i18n, {
    lang,
    localize: (key: string): string => {
      const v = lookUp(own, key);
      return typeof v === "string" ? v : english.localize(key);
    },
    format: (key: string, data: Record<string, string> = {}): string => {
      const v = lookUp(own, key);
      return typeof v === "string" ? v.replace(/\{(\w+)\}/g, (_m, k: string) => data[k] ?? `{${k}}`) : english.format(key, data);
    },
    has: (key: string): boolean => typeof lookUp(own, key) === "string" || english.has(key),
  });
}

export async function table(variant: Variant, lang: Lang = "en", options: Parameters<typeof makeTable>[0] = {}): Promise<ShotTable> {
  const t = makeTable(options);
  speak(t, lang);
  await t.gm.run(() => game.settings.set(M, "variant", variant as never));
  for (const [who, actor] of [["fighter", t.fighter], ["goblin", t.goblin], ["ogre", t.ogre]] as const) {
    (actor.flags[M] as { profile: Record<string, unknown> }).profile[variant] = structuredClone(PROFILES[variant][who]);
  }
  return { ...t, lang };
}

/** The card as a client's chat log shows it: rendered, then bound (buttons and numbers hidden per user). */
export function cardAs(client: FakeClient, message: FakeChatMessage): string {
  return client.run(() => {
    const li = document.createElement("div");
    li.innerHTML = message.content;
    bindCard(message as never, li);
    return li.innerHTML;
  });
}

/** Cards posted since `before` (ids of the messages then): request cards come and go, so not by count. */
export function newest(t: Table, before: ReadonlySet<string>): FakeChatMessage[] {
  return t.world.messages.contents.filter((m) => !before.has(m.id) && !m.getFlag(M, "request"));
}
export const ids = (t: Table) => new Set(t.world.messages.contents.map((m) => m.id));

export interface Collected {
  scenes: Scene[];
  lang: Lang;
}

export function both(out: Collected, t: Table, variant: string, name: string, title: string, messages: readonly FakeChatMessage[]): void {
  for (const [role, client] of [["gm", t.gm], ["player", t.player]] as const) {
    const html = messages.map((m) => `<li class="chat-message message">${cardAs(client, m)}</li>`).join("");
    out.scenes.push({ id: `${variant}--${name}`, variant, kind: "card", role, title, html });
  }
}

/** Plays `run` and keeps the cards it posted, as the GM and as the player see them. */
export async function card(out: Collected, t: Table, variant: string, name: string, title: string, run: () => Promise<unknown>): Promise<FakeChatMessage[]> {
  const mark = ids(t);
  const notices = { gm: t.gm.notifications.length, player: t.player.notifications.length };
  await run();
  await t.world.settle();
  const made = newest(t, mark);
  if (made.length > 0) both(out, t, variant, name, title, made);
  for (const [role, client] of [["gm", t.gm], ["player", t.player]] as const) {
    const said = client.notifications.slice(notices[role]);
    if (said.length > 0) out.scenes.push({ id: `${variant}--${name}-notice`, variant, kind: "notice", role, title, html: said.map((n) => `<li class="notification ${n.level}">${escape(n.message)}</li>`).join("") });
  }
  return made;
}

export function escape(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export const intent = (action: ShellAction, from: FakeToken, to: FakeToken, declared: Record<string, boolean | number | string> = {}) => ({ action, attackerUuid: from.uuid, defenderUuid: to.uuid, declared });

/**
 * A window the shell opens: through DialogV2 (profile, ledger, mass charge), or as one of its own
 * ApplicationV2 windows (rule options, the world check), whose template draws its own footer.
 */
export async function windowed(out: Collected, t: Table, variant: string, client: FakeClient, role: Role, name: string, open: () => Promise<unknown>): Promise<void> {
  const seen: FakeDialog[] = [];
  t.world.onDialog = async (d) => {
    seen.push(d);
    return null;
  };
  const before = new Set(client.windows);
  await client.run(open);
  t.world.onDialog = (d) => d.press(d.config.buttons[0]?.action ?? "");
  const w = client.windows.find((x) => !before.has(x));
  if (w) {
    const footer = [...w.element.querySelectorAll("footer.form-footer button")].map((b) => (b.textContent ?? "").trim());
    w.element.querySelector("footer.form-footer")?.remove();
    const width = (w.options as { position?: { width?: unknown } }).position?.width;
    out.scenes.push({ id: `${variant}--${name}`, variant, kind: "dialog", role, title: w.title, html: w.element.innerHTML, buttons: footer, ...(typeof width === "number" ? { width } : {}) });
    await client.run(() => w.close());
    return;
  }
  const d = seen[0];
  if (!d) return;
  const form = d.element.querySelector("form");
  form?.querySelector("footer")?.remove();
  const width = (d.config as { position?: { width?: unknown } }).position?.width;
  out.scenes.push({ id: `${variant}--${name}`, variant, kind: "dialog", role, title: d.config.window?.title ?? "", html: form?.innerHTML ?? "", buttons: d.config.buttons.map((b) => b.label), ...(typeof width === "number" ? { width } : {}) });
}

/**
 * The Rule Options window after the GM saved a replacement table with a bad row (the third row
 * running backwards): the error named under the box, the box marked, nothing saved. Only rule
 * sets with a replaceable table.
 */
async function ruleOptionsBadRow(out: Collected, t: Table, variant: string): Promise<void> {
  await t.gm.run(() => openRuleOptions());
  const w = t.gm.windows.find((x) => x.id === `${M}-rule-options`);
  const box = w?.element.querySelector<HTMLTextAreaElement>("textarea.wc-option__table");
  if (!w || !box) {
    if (w) await t.gm.run(() => w.close());
    return;
  }
  const tables = JSON.parse(box.value) as unknown;
  // The first list of rows in the tables: its third row runs from one past its end down to its end.
  const spoil = (x: unknown): boolean => {
    if (!x || typeof x !== "object") return false;
    const rows = (x as { rows?: unknown }).rows;
    if (Array.isArray(rows) && rows.length > 2) {
      const row = rows[2] as { min: number; max: number };
      rows[2] = { ...row, min: row.max + 1 };
      return true;
    }
    return Object.values(x).some(spoil);
  };
  if (!spoil(tables)) return;
  // Laid out as the window lays tables out; the text too, since a picture of the HTML shows a box's text, not its value.
  const text = tableText(tables);
  await t.gm.run(() =>
    submitWindow(t.gm, "rule-options", () => {
      box.value = text;
      box.textContent = text;
    }),
  );
  const footer = [...w.element.querySelectorAll("footer.form-footer button")].map((b) => (b.textContent ?? "").trim());
  const html = w.element.cloneNode(true) as HTMLElement;
  html.querySelector("footer.form-footer")?.remove();
  const width = (w.options as { position?: { width?: unknown } }).position?.width;
  out.scenes.push({ id: `${variant}--rule-options-bad-row`, variant, kind: "dialog", role: "gm", title: w.title, html: html.innerHTML, buttons: footer, ...(typeof width === "number" ? { width } : {}) });
  await t.gm.run(() => w.close());
}

interface SheetExport {
  name: string;
  type: string;
  system: Record<string, unknown>;
  items?: Array<{ name: string; type: string; system: Record<string, unknown> }>;
  prototypeToken?: { width: number; height: number };
}

/** The GM's values set over a sheet-read creature: one that differs from the sheet, one the sheet's own. */
const SHEET_OVERRIDES: Record<string, Record<string, Record<string, unknown>>> = {
  "d12-holds": { monster: { size: "VL", movement: 9 }, character: { movement: 9, kind: "character" } },
  percentile: { monster: { size: "VL", kind: "monster" }, character: { dexterity: 17, kind: "character" } },
};

/**
 * The profile form of a creature read from an OSE or dnd5e sheet (test/systems/fixtures/), the
 * GM's values over a few fields, some differing from the sheet and some its own: as the GM (the
 * monster) and as the player (the character they own).
 */
async function sheetProfiles(out: Collected, variant: Variant, system: "ose" | "dnd5e"): Promise<void> {
  const t = await table(variant, out.lang, { world: { system: system === "ose" ? OSE_LIKE : dnd5eLike() } });
  if (system === "ose") for (const c of [t.gm, t.player]) c.run(() => c.game.settings.register("ose", "ascendingAC", { scope: "world", default: false }));
  const fixture = (file: string) => JSON.parse(moduleFile(`test/systems/fixtures/${system}/${file}`)) as SheetExport;
  const scene = t.fighterToken.parent;
  const add = (x: SheetExport, owners: Record<string, number>) => {
    const a = t.world.addActor(x.name, x.system, owners, { type: x.type, items: x.items ?? [], ...(x.prototypeToken ? { prototypeToken: x.prototypeToken } : {}) });
    return t.world.addToken(scene, a, { linked: true, width: x.prototypeToken?.width ?? 1, height: x.prototypeToken?.height ?? 1 });
  };
  const monster = add(fixture("ogre.json"), {});
  const character = add(fixture(system === "ose" ? "fighter-chain.json" : "randal-human-fighter.json"), { [t.alice.id]: 3 });
  const values = SHEET_OVERRIDES[variant] ?? {};
  for (const [token, who] of [[monster, "monster"], [character, "character"]] as const) {
    token.actor.flags[M] = { profile: { [variant]: { ...(values[who] ?? {}) } } };
  }
  await windowed(out, t, variant, t.gm, "gm", `profile-form-${system}-sheet`, () => openProfileForm(monster.actor as never));
  await windowed(out, t, variant, t.player, "player", `profile-form-${system}-sheet`, () => openProfileForm(character.actor as never));
}

/** The token HUD of `token` for `client`, with the module's palette open. */
export async function hud(out: Collected, variant: string, client: FakeClient, role: Role, name: string, token: FakeToken): Promise<void> {
  const html = await client.run(async () => {
    const el = document.createElement("div");
    el.className = "token-hud";
    el.innerHTML = `<div class="col left"><button type="button" class="control-icon" data-tooltip="Elevation"><i class="fa-solid fa-arrows-up-down"></i></button><button type="button" class="control-icon" data-tooltip="Sort"><i class="fa-solid fa-arrows-to-circle"></i></button></div><div class="col middle"><div class="token-face"></div></div><div class="col right"><button type="button" class="control-icon" data-tooltip="Visibility"><i class="fa-solid fa-eye-slash"></i></button><button type="button" class="control-icon" data-tooltip="Status effects"><i class="fa-solid fa-person-rays"></i></button><button type="button" class="control-icon" data-tooltip="Target"><i class="fa-solid fa-bullseye"></i></button></div>`;
    addButtons({ document: token as never }, el);
    el.querySelector<HTMLButtonElement>("[data-wc-palette-toggle]")?.click();
    // The palette is drawn from its template, asynchronously.
    for (let i = 0; i < 20 && !el.querySelector(".wc-hud__palette:not([hidden])"); i++) await new Promise((r) => setTimeout(r, 0));
    return el.outerHTML;
  });
  out.scenes.push({ id: `${variant}--${name}`, variant, kind: "hud", role, title: "Token HUD", html });
}

/**
 * Every scene, in English (the default) or in another language: another language's names begin
 * with its code (`de--`, `pt-BR--`: its variant and the rest as in English), so
 * `npm run shots -- de--` shoots it alone. `formsAndDialogs` keeps to the dialogs and profile forms.
 */
export async function collectScenes(options: { lang?: Lang; formsAndDialogs?: boolean } = {}): Promise<Scene[]> {
  const lang = options.lang ?? "en";
  const out: Collected = { scenes: [], lang };
  for (const variant of ["d12-holds", "grapple-die", "percentile"] as const) {
    // The action dialogs where possible and where refused, each on a world set up for it.
    await dialogScenes(out.scenes, variant, lang, "");
    if (options.formsAndDialogs) {
      // Only the profile forms besides: where a language's labels are longest.
      const t = await table(variant, out.lang);
      await windowed(out, t, variant, t.player, "player", "profile-form", () => openProfileForm(t.fighter as never));
      await windowed(out, t, variant, t.gm, "gm", "profile-form", () => openProfileForm(t.ogre as never));
      if (variant === "d12-holds") await sheetProfiles(out, variant, "ose");
      if (variant === "percentile") await sheetProfiles(out, variant, "dnd5e");
      if (variant === "d12-holds") await grabForms(out, variant);
      continue;
    }
    await collectVariant(out, variant);
    // The profile form of creatures read from a host system's sheet, the GM's values over some
    // fields (a world of its own: made after the variant's, whose scenes run on the active world).
    if (variant === "d12-holds") await sheetProfiles(out, variant, "ose");
    if (variant === "percentile") await sheetProfiles(out, variant, "dnd5e");
    // Which attacks grab (issue 31): a sheet's mark, a proposal, the GM's marks, a player's view.
    if (variant === "d12-holds") await grabForms(out, variant);
    // Cards pending (the GM confirms), applied, manual and undone.
    await stateScenes(out.scenes, variant, lang);
  }
  const prefix = lang === "en" ? "" : `${lang}--`;
  return out.scenes.map((s) => ({ ...s, id: `${prefix}${s.id}`, ...(lang === "en" ? {} : { lang }) }));
}

async function collectVariant(out: Collected, variant: Variant): Promise<void> {
  const t = await table(variant, out.lang);
  const v = RULES_VARIANTS[variant];
  if (!v) return;
  const { fighterToken: fighter, ogreToken: ogre, goblinToken: goblin } = t;

  // Forms.
  await windowed(out, t, variant, t.player, "player", "profile-form", () => openProfileForm(t.fighter as never));
  await windowed(out, t, variant, t.gm, "gm", "profile-form", () => openProfileForm(t.ogre as never));
  await windowed(out, t, variant, t.gm, "gm", "rule-options", () => openRuleOptions());
  await windowed(out, t, variant, t.gm, "gm", "ledger", () => openLedgerEditor([fighter.uuid, ogre.uuid]));
  if (variant === "d12-holds") {
    await windowed(out, t, variant, t.gm, "gm", "world-check", () => showWorldCheck());
  }
  await ruleOptionsBadRow(out, t, variant);

  // The HUD before any hold.
  await hud(out, variant, t.player, "player", "hud", fighter);
  await hud(out, variant, t.gm, "gm", "hud", ogre);

  if (variant === "d12-holds") await d12Cards(out, t);
  if (variant === "grapple-die") await grappleDieCards(out, t);
  if (variant === "percentile") await percentileCards(out, t);
  // Last, on a table of their own (the fake has one world at a time: a new table replaces this
  // one): the GM's tab closes there, and a closed tab does nothing more.
  if (variant === "d12-holds") await requestCards(out, await table(variant, out.lang));
  // Secrets the GM keeps (issue 30): a blind card and a GM-only one, as each user's chat log holds them.
  if (variant === "d12-holds") await secretCards(out, await table(variant, out.lang));
  // The one check's greyed palette and the tracker's menu, on a table of their own.
  if (variant === "d12-holds") await oneCheckScenes(out, await table(variant, out.lang));
  if (variant === "d12-holds") await mapScenes(out, await table(variant, out.lang));
  if (variant === "d12-holds") await whatCardsSay(out, await table(variant, out.lang));
  // The holds panel with several holds, as the GM and as a player (issue 31).
  if (variant !== "percentile") await holdsPanelScenes(out, await table(variant, out.lang), variant);
  // A monster's grabbing attack (issue 31), on worlds of its own (OSE, and dnd5e for a player's creature).
  await grabScenes(out, variant);
  void goblin;
}

/**
 * What a card says is what happened (issue 34), in a fight: a grapple's damage that knocks the
 * goblin out lists Unconscious, its to-hit line says THAC0 less AC; a stranglehold promises its
 * 2d4 from the end of next round; a declared overbear rolls nothing.
 */
async function whatCardsSay(out: Collected, t: Table): Promise<void> {
  const V = "d12-holds";
  const { fighterToken: fighter, ogreToken: ogre, goblinToken: goblin } = t;
  const combat = t.world.addCombat([fighter, ogre, goblin], 1);
  // d20 20 hits; d12 12 + 1 (M on S) = 13: body, 2d4 4 + 4 = 8 (4 actual, 4 temporary) on the 5-hp goblin; break 1.
  dice(t, { 20: [20], 12: [12, 1], 4: [4, 4] });
  await card(out, t, V, "knocked-out", "A grapple's damage knocks the goblin out", () => t.player.run(() => act(intent("grapple", fighter, goblin))));
  // d20 15 hits; d12 11 + 1 (L on M) = 12: stranglehold, 1d6 2; break 1.
  dice(t, { 20: [15], 12: [11, 1], 6: [2] });
  await card(out, t, V, "strangle-promise", "A stranglehold made in a fight", () => t.gm.run(() => act(intent("grapple", ogre, fighter))));
  await card(out, t, V, "overbear-declared", "The ogre declares an overbear", () => t.gm.run(() => act(intent("overbear", ogre, fighter))));
  // Round 1's end: the declared overbear's d100 (nothing else is due); round 2's: the stranglehold's
  // 2d4 (2 + 3) and the fighter's break roll, d12 4 - 1 (the ogre's size factor) = 3, needs 10.
  dice(t, { 100: [90] });
  await t.gm.run(() => processRoundEnd(combat as never, 1));
  await t.world.settle();
  dice(t, { 4: [2, 3], 12: [4] });
  await card(out, t, V, "round-end-numbers", "End of round 2: a stranglehold's damage and a break roll", () => t.gm.run(() => processRoundEnd(combat as never, 2)));
}

async function d12Cards(out: Collected, t: Table): Promise<void> {
  const V = "d12-holds";
  const { fighterToken: fighter, ogreToken: ogre, goblinToken: goblin } = t;
  // The GM's ogre grapples the player's fighter: to hit 15, hold roll 8, break 4, damage 3.
  dice(t, { 20: [15], 12: [8, 4], 3: [3] });
  await card(out, t, V, "grapple-hold-on-player", "Ogre grapples the fighter", () => t.gm.run(() => act(intent("grapple", ogre, fighter))));
  await hud(out, V, t.player, "player", "hud-held", fighter);
  // The fighter tries to break free: d12 5, still held.
  dice(t, { 12: [5] });
  await card(out, t, V, "break-free-fails", "Fighter fails to break free", () => t.player.run(() => act(intent("breakFree", fighter, ogre))));
  // The ogre lets go.
  await card(out, t, V, "release", "Ogre releases", () => t.gm.run(() => act(intent("release", ogre, fighter))));
  // The player's fighter grapples the GM's ogre.
  dice(t, { 20: [16], 12: [9, 3], 3: [2] });
  await card(out, t, V, "grapple-hold-by-player", "Fighter grapples the ogre", () => t.player.run(() => act(intent("grapple", fighter, ogre))));
  await t.gm.run(() => act(intent("release", fighter, ogre)));
  // A miss.
  dice(t, { 20: [3] });
  await card(out, t, V, "grapple-miss", "Fighter misses a grapple", () => t.player.run(() => act(intent("grapple", fighter, goblin))));
  // Pummel: two blows, damage with Strength, armor soak and the size multiplier.
  dice(t, { 20: [14, 18], 6: [4, 6] });
  await card(out, t, V, "pummel", "Fighter pummels the goblin", () => t.player.run(() => act(intent("pummel", fighter, goblin))));
  dice(t, { 20: [17], 6: [5] });
  await card(out, t, V, "pummel-by-ogre", "Ogre pummels the fighter", () => t.gm.run(() => act(intent("pummel", ogre, fighter))));
  // A refusal: the goblin cannot pummel... it can; an ox-stupid creature cannot.
  const dull = t.world.addActor("Zombie", { attributes: { hp: { value: 10, max: 10 } } });
  dull.flags[M] = { profile: { [V]: d12Profile({ kind: "monster", intelligence: "non", pummelLimbs: 1 }) } };
  const zombie = t.world.addToken(t.fighterToken.parent, dull, { linked: false });
  await card(out, t, V, "refused", "A refused pummel", () => t.gm.run(() => act(intent("pummel", zombie, fighter))));
  // Overbear, outside combat (rolled at once) and inside (declared for the round's end).
  dice(t, { 20: [15], 12: [8, 4], 3: [3], 100: [30] });
  await t.gm.run(() => act(intent("grapple", ogre, goblin)));
  await card(out, t, V, "overbear", "Ogre overbears the goblin", () => t.gm.run(() => act(intent("overbear", ogre, goblin))));
  // Charging overbear against the player's fighter: the player is asked for a first strike.
  dice(t, { 20: [12, 15], 6: [3] });
  const asked = await card(out, t, V, "strike-question", "The fighter is asked for a first strike", () => t.gm.run(() => act(intent("chargingOverbear", ogre, fighter))));
  const strike = asked[0];
  if (strike) {
    dice(t, { 20: [6, 15], 6: [3] });
    const { answerStrike } = await import("../../src/foundry/cards/request-card.ts");
    await card(out, t, V, "charging-overbear", "Charging overbear after the answer", () => t.player.run(() => answerStrike(strike as never, "roll")));
  }
  // A round end in combat: break rolls and hold damage.
  const combat = t.world.addCombat([fighter, ogre, goblin]);
  dice(t, { 20: [15], 12: [8, 4], 3: [3] });
  await t.gm.run(() => act(intent("grapple", ogre, fighter)));
  await t.gm.run(() => act(intent("overbear", ogre, fighter)));
  await t.gm.run(() => processRoundEnd(combat as never, 1));
  await t.world.settle();
  // Round 2's end: the fighter's and the goblin's break rolls, the ogre's declared overbear... none now.
  dice(t, { 12: [6, 11], 100: [40] });
  await card(out, t, V, "round-end", "End of round", () => t.gm.run(() => processRoundEnd(combat as never, 2)));
  // The combat tracker's rows: who holds whom, and what the round end just did to each.
  for (const [role, client] of [["gm", t.gm], ["player", t.player]] as const) {
    const html = client.run(() => {
      client.ui.combat.viewed = combat;
      return client.ui.combat.render().outerHTML;
    });
    out.scenes.push({ id: `${V}--combat-tracker`, variant: V, kind: "tracker", role, title: "Combat tracker", html });
  }
  // Mass charge: the GM's dialog and card.
  await massCharge(out, t);
}

/**
 * Cards the chat's mode keeps from a player (issue 30), as each user's chat log holds them: a
 * message is in a log only when it is that user's to see (cards/visibility.ts `shownTo`), with the
 * header Foundry gives a whisper ("To: …", blind). A log with nothing of it says so in grey.
 */
async function secretCards(out: Collected, t: Table): Promise<void> {
  const V = "d12-holds";
  const header = (m: FakeChatMessage) => {
    if (m.whisper.length === 0) return "";
    const to = m.whisper.map((id) => t.world.usersCollection.get(id)?.name ?? "?").join(", ");
    return `<header class="message-header"><span class="whisper-to">To: ${escape(to)}</span>${m.blind ? ` <span class="blind">(blind)</span>` : ""}</header>`;
  };
  const log = (name: string, title: string, made: readonly FakeChatMessage[]) => {
    for (const [role, client] of [["gm", t.gm], ["player", t.player]] as const) {
      const mine = made.filter((m) => shownTo(m as never, client.user as never));
      const html = mine.length > 0 ? mine.map((m) => `<li class="chat-message message whisper${m.blind ? " blind" : ""}">${header(m)}${cardAs(client, m)}</li>`).join("") : `<li class="chat-message message" style="opacity:.7"><em>(${escape(client.user.name)}'s chat log: nothing of it)</em></li>`;
      out.scenes.push({ id: `${V}--${name}`, variant: V, kind: "card", role, title, html });
    }
  };
  // Alice grapples the goblin in the chat's blind mode: the card is the GM's, the note hers.
  await t.player.run(() => game.settings.set("core" as never, "rollMode" as never, "blindroll" as never));
  let mark = ids(t);
  t.world.script([[20, 12], [12, 8], [12, 3], [3, 2]]);
  await t.player.run(() => act(intent("grapple", t.fighterToken, t.goblinToken)));
  await t.world.settle();
  log("card-blind", "A player's blind grapple", newest(t, mark));
  // The ogre grapples the goblin in public: no player has a creature in it, so it is the GM's alone.
  mark = ids(t);
  t.world.script([[20, 19], [12, 8], [12, 4], [2, 2]]);
  await t.gm.run(() => act(intent("grapple", t.ogreToken, t.goblinToken)));
  await t.world.settle();
  log("card-gm-only", "The GM's creatures fight: GM only", newest(t, mark));
}

/** A player's request card as it waits for the GM, waits for a GM to connect, and when refused. */
async function requestCards(out: Collected, t: Table): Promise<void> {
  const V = "d12-holds";
  const request = { ask: { kind: "action" as const, intent: intent("grapple", t.fighterToken, t.goblinToken) }, state: "pending" as const };
  const refused = { ...request, state: "refused" as const, outcome: { kind: "refused" as const, key: "WC.Refuse.notOwner", params: { name: "Goblin" } } };
  const pending = await t.player.run(() => renderRequest(request, "Alice"));
  out.scenes.push({ id: `${V}--request-pending`, variant: V, kind: "card", role: "player", title: "A request waiting for the GM", html: `<li class="chat-message message">${pending}</li>` });
  t.world.disconnect(t.gm);
  const queued = await t.player.run(() => renderRequest(request, "Alice"));
  out.scenes.push({ id: `${V}--request-queued`, variant: V, kind: "card", role: "player", title: "A request waiting for a GM to connect", html: `<li class="chat-message message">${queued}</li>` });
  const no = await t.player.run(() => renderRequest(refused, "Alice"));
  out.scenes.push({ id: `${V}--request-refused`, variant: V, kind: "card", role: "player", title: "A refused request", html: `<li class="chat-message message">${no}</li>` });
  // Beyond the three a player may have waiting: refused unread, as the GM's tab rewrites it (no ask).
  const capped = { state: "refused" as const, ask: null, outcome: { kind: "refused" as const, key: "WC.Refuse.tooManyWaiting", params: { max: 3 } } };
  const over = await t.player.run(() => renderRequest(capped, "Alice"));
  out.scenes.push({ id: `${V}--request-refused-cap`, variant: V, kind: "card", role: "player", title: "A request beyond the three waiting", html: `<li class="chat-message message">${over}</li>` });
}

/** The combat tracker with a row's context menu open: the entries the one check offers for it now. */
function trackerMenu(client: FakeClient, combatantId: string): string {
  return client.run(() => {
    const el = client.ui.combat.render();
    const menu = client.ui.combat.contextMenu(combatantId);
    const nav = document.createElement("nav");
    nav.id = "context-menu";
    const list = document.createElement("menu");
    list.className = "context-items";
    for (const label of menu.labels) {
      const li = document.createElement("li");
      li.className = "context-item";
      const action = label.split(".").at(-1) as ShellAction;
      li.innerHTML = `<i class="${ACTION_ICONS[action] ?? ""}" aria-hidden="true"></i> `;
      li.append(game.i18n.localize(label));
      list.append(li);
    }
    if (menu.labels.length === 0) {
      const li = document.createElement("li");
      li.className = "context-item context-item--none";
      li.textContent = "(no weaponless action offered)";
      list.append(li);
    }
    nav.append(list);
    el.querySelector(`[data-combatant-id="${combatantId}"]`)?.after(nav);
    return el.outerHTML;
  });
}

/**
 * Issue 33, the one check: the player's palette after a pummel this round (grapple and pummel
 * greyed, the rules' one routine a round as the tooltip), the GM's palette with the fighter out of
 * reach (greyed, the GM may carry it out as their call), and the tracker's menu for each: only
 * what the check allows now.
 */
async function oneCheckScenes(out: Collected, t: ShotTable): Promise<void> {
  const V = "d12-holds";
  const { fighterToken: fighter, goblinToken: goblin, ogreToken: ogre } = t;
  place(fighter, 5, 5);
  place(goblin, 6, 5);
  place(ogre, 9, 5);
  const combat = t.world.addCombat([fighter, goblin, ogre], 1);
  const target = (client: FakeClient, token: FakeToken) => {
    client.user.targets.clear();
    client.user.targets.add(token.object);
  };
  target(t.player, goblin);
  target(t.gm, fighter);
  const row = (token: FakeToken) => combat.combatants.find((c) => c.token === token)?.id ?? "";
  for (const c of [t.gm, t.player]) c.run(() => (c.ui.combat.viewed = combat));
  out.scenes.push({ id: `${V}--check-tracker-menu-offered`, variant: V, kind: "tracker", role: "player", title: "Tracker menu: what the check allows", html: trackerMenu(t.player, row(fighter)) });
  dice(t, { 20: [3], 2: [1], 3: [1] });
  await t.player.run(() => act(intent("pummel", fighter, goblin)));
  await t.world.settle();
  await hud(out, V, t.player, "player", "check-hud-used-this-round", fighter);
  out.scenes.push({ id: `${V}--check-tracker-menu-used`, variant: V, kind: "tracker", role: "player", title: "Tracker menu: used this round", html: trackerMenu(t.player, row(fighter)) });
  await hud(out, V, t.gm, "gm", "check-hud-out-of-reach", ogre);
  out.scenes.push({ id: `${V}--check-tracker-menu-gm`, variant: V, kind: "tracker", role: "gm", title: "Tracker menu: the GM's", html: trackerMenu(t.gm, row(ogre)) });
}

/** Holds on the map: a move refused (held fast), and a holder letting go to walk away, on its card. */
/** A hold kept in a combat's ledger, as the GM's tab keeps one made in that fight. */
async function holdInCombat(t: Table, combatId: string, holder: FakeToken, held: FakeToken, label: string, data: Record<string, unknown>, variant: Variant): Promise<void> {
  const record = { id: String(data.id), holderId: holder.uuid, heldId: held.uuid, label, data: { ...data, holderId: holder.uuid, heldId: held.uuid } };
  await t.gm.run(async () => {
    const halves = holdEffectPair(record, held.actor as never, holder.actor as never, variant, `shot-${record.id}`);
    const stamp = (d: Record<string, unknown>) => ({ ...d, flags: { [M]: { ...((d.flags as Record<string, Record<string, unknown>>)[M] ?? {}), combat: combatId } } });
    await writeAll({ actors: halves.map((x) => ({ actor: x.actor, creates: [stamp(x.data)], updates: [], deletes: [], data: {} })) });
  });
}

/**
 * The holds panel in a fight of six at round 3, as the GM and as the fighter's player: the ogre
 * (its grapple played, so its card can be undone) and a goblin on the fighter, a gnoll with a long name strangling a wolf (its token hidden from
 * the players), the fighter's hold on the goblin made this round; and two guards wrestling outside
 * the fight. The player sees the holds whose tokens they see, names as the map gives them.
 */
async function holdsPanelScenes(out: Collected, t: Table, variant: Variant): Promise<void> {
  await enableCanvas();
  const scene = t.fighterToken.parent;
  const extra = (name: string, col: number, row: number, size: string) => {
    const a = t.world.addActor(name, { attributes: { hp: { value: 12, max: 12 } } });
    a.flags[M] = { profile: { [variant]: variant === "d12-holds" ? d12Profile({ kind: "monster", size, pummelLimbs: 1 }) : { ...(RULES_VARIANTS[variant]?.defaultProfile() ?? {}), size } } };
    return t.world.addToken(scene, a, { linked: false, x: col * 100, y: row * 100 });
  };
  place(t.ogreToken, 3, 3);
  place(t.fighterToken, 4, 3);
  place(t.goblinToken, 5, 3);
  const gnoll = extra("Gnoll Warleader of the Eastern Marches", 3, 5, "L");
  const wolf = extra("Wolf", 4, 5, "M");
  const guard = extra("Guard", 8, 3, "M");
  const bandit = extra("Bandit", 9, 3, "M");
  gnoll.hidden = true;
  const combat = t.world.addCombat([t.fighterToken, t.goblinToken, t.ogreToken, gnoll, wolf], 3);
  if (variant === "d12-holds") {
    // The ogre's hold is made for real (its card there to undo): d20 15 hits, d12 8 + 1 a body hold, break 4 fails, 1d3 3.
    dice(t, { 20: [15], 12: [8, 4], 3: [3] });
    await t.gm.run(() => act(intent("grapple", t.ogreToken, t.fighterToken)));
    await t.world.settle();
    await holdInCombat(t, combat.id, t.goblinToken, t.fighterToken, "WC.Part.leg", d12Hold("p2", "leg", "S", -2), variant);
    await holdInCombat(t, combat.id, gnoll, wolf, "WC.Part.strangle", d12Hold("p3", "strangle", "L", 1, { result: 12 }), variant);
    await holdInCombat(t, combat.id, t.fighterToken, t.goblinToken, "WC.Part.arm", d12Hold("p4", "arm", "M", 2, { roundGained: 3, limb: 0 }), variant);
    await putHold(t, guard, bandit, "WC.Part.head", d12Hold("p5", "head", "M", 0));
  } else {
    const gd = (id: string, die: number, name: string, extraEffects: Record<string, unknown> = {}) => ({ id, die, name, damage: { dice: { count: 1, sides: 2 }, flat: 0 }, effects: { defenderToHit: -2, handsUnusable: 0, noTwoWeapon: false, cannotRise: false, noSomaticSpells: false, noVerbalSpells: false, strangle: false, ...extraEffects }, holderSize: "M", heldSize: "M", roundGained: 1 });
    await holdInCombat(t, combat.id, t.ogreToken, t.fighterToken, "WC.Hold.bearHug", gd("p1", 16, "bearHug"), variant);
    await holdInCombat(t, combat.id, t.goblinToken, t.fighterToken, "WC.Hold.legHold", gd("p2", 9, "legHold", { cannotRise: true }), variant);
    await holdInCombat(t, combat.id, gnoll, wolf, "WC.Hold.strangleHold", gd("p3", 18, "strangleHold", { strangle: true }), variant);
    await putHold(t, guard, bandit, "WC.Hold.armHold", gd("p5", 6, "armHold", { handsUnusable: 1 }), variant);
  }
  await t.player.canvas.draw(scene);
  await t.world.settle();
  await windowed(out, t, variant, t.gm, "gm", "holds-panel", () => openHoldsPanel());
  await windowed(out, t, variant, t.player, "player", "holds-panel", () => openHoldsPanel());
}

async function mapScenes(out: Collected, t: Table): Promise<void> {
  const V = "d12-holds";
  place(t.fighterToken, 5, 5);
  place(t.goblinToken, 6, 5);
  place(t.ogreToken, 4, 5);
  // The ogre (L) holds the fighter by the body: the fighter's player cannot move it.
  await putHold(t, t.ogreToken, t.fighterToken, "WC.Part.body", d12Hold("s1", "body", "L", 1));
  await card(out, t, V, "map-held-fast", "A held creature's move refused", () => drag(t.player, t.fighterToken, { x: 700, y: 500 }));
  // Its player deleted the fighter's token (a world letting players do so): put back, the GM asked.
  await windowed(out, t, V, t.gm, "gm", "token-removed", () => askAboutToken(t.fighterToken as never, t.alice.id, true));
  // The GM removes the fighter's half by hand; the module removes the ogre's.
  await t.gm.run(() => t.fighter.deleteEmbeddedDocuments("ActiveEffect", [...t.fighter.effects].filter((e) => e.getFlag(M, "hold")).map((e) => e.id)));
  await t.world.settle();
  // The fighter holds the goblin by an arm and walks away: it lets go, after its player confirms.
  await putHold(t, t.fighterToken, t.goblinToken, "WC.Part.arm", d12Hold("s2", "arm", "M", 1, { limb: 0 }));
  t.world.onDialog = (d) => d.press("0");
  await card(out, t, V, "map-lets-go", "A holder lets go to move away", () => drag(t.player, t.fighterToken, { x: 300, y: 500 }));
  t.world.onDialog = (d) => d.press(d.config.buttons[0]?.action ?? "");
}

async function massCharge(out: Collected, t: Table): Promise<void> {
  const V = "d12-holds";
  const scene = t.fighterToken.parent;
  const chargers: FakeToken[] = [];
  for (let i = 0; i < 9; i++) {
    const a = t.world.addActor(`Gnoll ${i + 1}`, { attributes: { hp: { value: 9, max: 9 } } });
    a.flags[M] = { profile: { [V]: d12Profile({ kind: "monster", size: i < 3 ? "L" : "M", strength: undefined }) } };
    chargers.push(t.world.addToken(scene, a, { linked: false, x: 100 * (i % 3), y: 100 * Math.floor(i / 3) }));
  }
  const holders: FakeToken[] = [];
  for (let i = 0; i < 3; i++) {
    const a = t.world.addActor(`Guard ${i + 1}`, { attributes: { hp: { value: 8, max: 8 } }, }, { [t.alice.id]: 3 });
    a.flags[M] = { profile: { [V]: d12Profile({ strength: { score: 12 + i * 3 } }) } };
    holders.push(t.world.addToken(scene, a, { linked: false, x: 100 * i, y: 600 }));
  }
  t.gm.canvas.tokens.controlled = chargers.map((c) => c.object);
  t.gm.user.targets.clear();
  for (const h of holders) t.gm.user.targets.add(h.object);
  const seen: FakeDialog[] = [];
  t.world.onDialog = async (d) => {
    seen.push(d);
    (d.form.elements.namedItem(`killed.${chargers[8]?.uuid}`) as HTMLInputElement | null)?.setAttribute("checked", "");
    const box = d.form.elements.namedItem(`killed.${chargers[8]?.uuid}`) as HTMLInputElement | null;
    if (box) box.checked = true;
    return d.press("roll");
  };
  dice(t, { 100: [20], 20: [18, 5, 19] });
  const mark = ids(t);
  await t.gm.run(() => openMassCharge());
  await t.world.settle();
  t.world.onDialog = (d) => d.press(d.config.buttons[0]?.action ?? "");
  const d = seen[0];
  if (d) {
    const form = d.element.querySelector("form");
    form?.querySelector("footer")?.remove();
    out.scenes.push({ id: `${V}--mass-charge-dialog`, variant: V, kind: "dialog", role: "gm", title: d.config.window?.title ?? "", html: form?.innerHTML ?? "", buttons: d.config.buttons.map((b) => b.label) });
  }
  const made = newest(t, mark);
  if (made.length > 0) both(out, t, V, "mass-charge", "Mass charge", made);
}

async function grappleDieCards(out: Collected, t: Table): Promise<void> {
  const V = "grapple-die";
  const { fighterToken: fighter, ogreToken: ogre, goblinToken: goblin } = t;
  // The player's fighter grapples the GM's ogre; the GM's ogre rolls its free attack.
  dice(t, { 20: [16, 14], 4: [2] });
  await card(out, t, V, "grapple-hold-by-player", "Fighter grapples the ogre", () => t.player.run(() => act(intent("grapple", fighter, ogre))));
  await hud(out, V, t.player, "player", "hud-holding", fighter);
  dice(t, { 20: [9] });
  await card(out, t, V, "break-free", "Ogre tries to break free", () => t.gm.run(() => act(intent("breakFree", ogre, fighter))));
  await card(out, t, V, "release", "Fighter releases", () => t.player.run(() => act(intent("release", fighter, ogre))));
  // The ogre grapples the fighter: the player is asked about the free attack.
  dice(t, { 20: [15, 12], 4: [3] });
  const asked = await card(out, t, V, "strike-question", "The fighter is asked for a free attack", () => t.gm.run(() => act(intent("grapple", ogre, fighter))));
  const strike = asked[0];
  if (strike) {
    const { answerStrike } = await import("../../src/foundry/cards/request-card.ts");
    dice(t, { 20: [15, 12], 4: [3] });
    await card(out, t, V, "grapple-hold-on-player", "Ogre grapples the fighter after the answer", () => t.player.run(() => answerStrike(strike as never, "harmless")));
    await hud(out, V, t.player, "player", "hud-held", fighter);
    dice(t, { 20: [18] });
    await card(out, t, V, "counter-grapple", "Fighter counter-grapples", () => t.player.run(() => act(intent("counterGrapple", fighter, ogre))));
  }
  dice(t, { 20: [3] });
  await card(out, t, V, "grapple-miss", "Fighter misses a grapple", () => t.gm.run(() => act(intent("grapple", fighter, goblin, { freeAttack: "harmless" }))));
  dice(t, { 20: [15], 2: [2], 3: [2], 4: [3] });
  await card(out, t, V, "pummel", "Fighter pummels the goblin", () => t.player.run(() => act(intent("pummel", fighter, goblin))));
  dice(t, { 20: [12], 8: [6] });
  await card(out, t, V, "subdue", "Fighter strikes to subdue", () => t.player.run(() => act(intent("subdue", fighter, goblin))));
  dice(t, { 20: [16, 4] });
  await card(out, t, V, "overbear", "Ogre overbears the goblin", () => t.gm.run(() => act(intent("overbear", ogre, goblin, { immediateAttack: "harmless" }))));
  await card(out, t, V, "refused", "A refused pummel", () => t.gm.run(() => act(intent("subdue", ogre, fighter))));
  const combat = t.world.addCombat([fighter, ogre, goblin]);
  dice(t, { 20: [10, 14], 4: [2], 6: [3] });
  await card(out, t, V, "round-end", "End of round", () => t.gm.run(() => processRoundEnd(combat as never, 1)));
}

async function percentileCards(out: Collected, t: Table): Promise<void> {
  const V = "percentile";
  const { fighterToken: fighter, ogreToken: ogre, goblinToken: goblin } = t;
  // Variables d6/d4, the chance d100, the result d100.
  dice(t, { 6: [4], 4: [2], 100: [22, 71] });
  await card(out, t, V, "grapple-hold-by-player", "Fighter grapples the ogre", () => t.player.run(() => act(intent("grapple", fighter, ogre))));
  await hud(out, V, t.player, "player", "hud-holding", fighter);
  // The ogre's weight and Strength break the arm lock whatever it rolls.
  dice(t, { 6: [3], 4: [1], 100: [55] });
  await card(out, t, V, "break-free", "Ogre breaks free", () => t.gm.run(() => act(intent("breakFree", ogre, fighter))));
  dice(t, { 6: [1], 4: [4], 100: [95] });
  await card(out, t, V, "grapple-miss", "Fighter misses a grapple", () => t.player.run(() => act(intent("grapple", fighter, goblin))));
  dice(t, { 6: [5], 4: [2], 100: [10, 40] });
  await card(out, t, V, "grapple-hold-on-player", "Goblin grapples the fighter", () => t.gm.run(() => act(intent("grapple", goblin, fighter, { defense: "none" }))));
  await hud(out, V, t.player, "player", "hud-held", fighter);
  dice(t, { 6: [1], 4: [4], 100: [3] });
  await card(out, t, V, "break-free-by-player", "Fighter tries to break free", () => t.player.run(() => act(intent("breakFree", fighter, goblin))));
  await card(out, t, V, "refused", "A refused trample", () => t.player.run(() => act(intent("overbear", fighter, goblin, { trample: true }))));
  dice(t, { 6: [4], 4: [2], 100: [22, 71] });
  await t.player.run(() => act(intent("grapple", fighter, ogre)));
  dice(t, { 6: [2], 4: [3], 100: [40] });
  await card(out, t, V, "counter-grapple", "Ogre counter-grapples", () => t.gm.run(() => act(intent("counterGrapple", ogre, fighter))));
  dice(t, { 6: [5], 4: [2], 100: [10, 80] });
  await card(out, t, V, "overbear", "Ogre overbears the goblin", () => t.gm.run(() => act(intent("overbear", ogre, goblin, { defense: "none" }))));
  const combat = t.world.addCombat([fighter, ogre, goblin]);
  dice(t, { 100: [30], 6: [3] });
  await card(out, t, V, "round-end", "End of round", () => t.gm.run(() => processRoundEnd(combat as never, 1)));
  // A gouge that knocks the goblin out (issue 34): Variables d6 6 and d4 1, chance d100 1, result
  // d100 100; 8 damage (2 real, 6 temporary) on 5 hp. The card lists Unconscious and promises no try.
  const k = await table(V, out.lang);
  dice(k, { 6: [6], 4: [1], 100: [1, 100] });
  await card(out, k, V, "knocked-out", "A gouge knocks the goblin out", () => k.player.run(() => act(intent("grapple", k.fighterToken, k.goblinToken))));
}
