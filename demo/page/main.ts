/**
 * The demo page: the server's frame. It holds the fake world (the one copy of the fake's code
 * and documents), says plainly what the page is, and shows the client tabs, each a frame of its
 * own (tab.html) running its own copy of the module: the Gamemaster's and the player's. The
 * switches choose the rule set (the GM's setting, through the module's own check), whose tab to
 * show, and put the table back.
 *
 * URL parameters keep the choice over a reload: ?variant=grapple-die&view=both&seed=7 (a seed
 * makes the dice repeat, for a bug report or the smoke run).
 */
import "./page.css";
import lang from "../../lang/en.json";
import type { DemoServer, TabApi, TabKey } from "../bridge.ts";
import type { DemoTable, Variant } from "./table.ts";
import { MODULE, VARIANTS, buildTable } from "./table.ts";
import { claims } from "./contract.ts";
import { FIGHTER, FLIER, GOBLIN, OGRE } from "../creatures.ts";
import type { FakeClient } from "../../test/fake-foundry/world.ts";
import { enableCanvas } from "../../test/fake-foundry/canvas.ts";

type View = TabKey | "both";
const VIEWS: readonly View[] = ["gm", "player", "both"];
const CREATURES = [FIGHTER, OGRE, GOBLIN, FLIER];

const params = new URLSearchParams(location.search);
const seedParam = params.get("seed");
const seed = seedParam !== null && /^\d{1,9}$/.test(seedParam) ? Number(seedParam) : null;
let variant: Variant = (VARIANTS as readonly string[]).includes(params.get("variant") ?? "") ? (params.get("variant") as Variant) : "d12-holds";
let view: View = (VIEWS as readonly string[]).includes(params.get("view") ?? "") ? (params.get("view") as View) : "gm";

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const variantName = (v: string) => (lang.WC.Variant as Record<string, string>)[v] ?? v;

function remember(): void {
  const p = new URLSearchParams(location.search);
  p.set("variant", variant);
  p.set("view", view);
  history.replaceState(null, "", `?${p.toString()}`);
}

// ------------------------------------------------------------------------------------------
// What the page is, in its own words, and what of Foundry it imitates.
function describe(): void {
  $("notice").append(
    Object.assign(document.createElement("strong"), { textContent: "This is not Foundry VTT. " }),
    "It is a stand-in for Foundry, for trying these rules: the module's own code (its hooks, rules, cards, dialogs and checks) runs here against the imitation of Foundry v13 that the module's tests use. " +
      "The Gamemaster's tab and Alice's tab are two frames, each with its own copy of the module, so a player's request, the numbers a player may not see and the GM's buttons can be seen from both sides. " +
      "Nothing is saved: Reset puts the table back.",
  );
  $("creatures").textContent = `The creatures come from exported actors of four host systems, each read by the module's reader for its system: ${CREATURES.map((c) => `${c.name} (${c.system})`).join(", ")}; a token's tooltip names its file. One world runs one system and this one runs none, so the profile form shows those readings as the GM's own values.`;
  const list = claims();
  $("claims-title").textContent = `Which Foundry behaviours it imitates (${list.length}, from docs/foundry-contract.md)`;
  $("claims-intro").textContent =
    "Each one is a claim about Foundry with a public source, listed in the project's docs/foundry-contract.md; the page runs the same fake the tests check them with, as Foundry v13 (build 351). Where nobody knows how Foundry behaves, the fake has a switch and the tests run both ways; the page uses the fake's defaults.";
  for (const c of list) {
    const li = document.createElement("li");
    const tag = document.createElement("b");
    tag.textContent = c.tag;
    li.append(tag, ` ${c.text}`);
    $("claims").append(li);
  }
  $("stand-ins").textContent =
    "Drawn by the page itself, none of it Foundry's: the square-grid map (click selects, the target tool or T targets, right-click opens the token HUD, drag moves through TokenDocument#move) with the module's own tether layer drawn on it by PIXI, tooltips, status icons (glyphs of the same meaning, named as each creature's system names the status), the chat log (each message rendered and passed to renderChatMessageHTML), the combat tracker with Next round, windows, dialogs (closing one answers nothing, as DialogV2.wait does), and notifications.";
}

// ------------------------------------------------------------------------------------------
// The switches.
const select = $<HTMLSelectElement>("variant");
for (const v of VARIANTS) select.append(new Option(variantName(v), v));

function showView(): void {
  $("frames").className = `view-${view}`;
  for (const b of document.querySelectorAll<HTMLButtonElement>("[data-view]")) b.setAttribute("aria-pressed", String(b.dataset.view === view));
  remember();
}

function note(text: string | null, resetTo?: Variant): void {
  const el = $("variant-note");
  el.replaceChildren();
  el.hidden = text === null;
  if (text === null) return;
  el.append(text, " ");
  if (resetTo) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = `Reset the table with ${variantName(resetTo)}`;
    b.addEventListener("click", () => void reset(resetTo));
    el.append(b);
  }
}

// ------------------------------------------------------------------------------------------
// The world and its tabs.
interface Running {
  readonly table: DemoTable;
  readonly clients: Map<TabKey, FakeClient>;
  readonly tabs: Map<TabKey, TabApi>;
  readonly waiting: Map<TabKey, () => void>;
}
let running: Running | null = null;
/** Counts tables built, for the smoke run to wait on the next one. */
let generation = 0;

function server(r: Running): DemoServer {
  return {
    world: r.table.world,
    scene: r.table.scene,
    looks: r.table.looks,
    connect: (tab, page, register) => {
      const c = r.table.world.connect(tab === "gm" ? r.table.gmUser : r.table.playerUser, register, { document: page });
      r.clients.set(tab, c);
      return c;
    },
    ready: (tab, api) => {
      r.tabs.set(tab, api);
      r.waiting.get(tab)?.();
    },
  };
}

function openTab(r: Running, tab: TabKey): Promise<void> {
  return new Promise((resolve) => {
    r.waiting.set(tab, resolve);
    const frame = document.createElement("iframe");
    frame.id = `tab-${tab}`;
    frame.className = `demo-tab demo-tab--${tab}`;
    frame.title = tab === "gm" ? "The Gamemaster's tab" : "Alice's tab (a player)";
    frame.src = `tab.html?tab=${tab}`;
    $("frames").append(frame);
  });
}

/**
 * The canvas the tabs draw: PIXI 7, as Foundry's ([C-82]), and the CanvasLayer the module's tether
 * layer extends, before any tab's module registers it at init. The fake stands in a 2D context for
 * Node; the page has the browser's own, which the tethers' labels are written with. The fake moves
 * a token a frame at a time with Node's setImmediate; here a frame is a timer.
 */
const canvasReady = enableCanvas().then((P) => {
  P.settings.ADAPTER = P.BrowserAdapter;
  const g = globalThis as unknown as { setImmediate?: (fn: () => void) => unknown };
  g.setImmediate ??= (fn: () => void) => setTimeout(fn, 16);
});

async function start(v: Variant): Promise<void> {
  await canvasReady;
  variant = v;
  select.value = v;
  const table = buildTable(v, seed);
  const r: Running = { table, clients: new Map(), tabs: new Map(), waiting: new Map() };
  running = r;
  window.wcDemo = server(r);
  // A dialog the module opens is shown in the tab whose code opened it.
  table.world.onDialog = (d) => {
    const c = table.world.current();
    const tab = [...r.clients].find(([, client]) => client === c)?.[0];
    const api = tab ? r.tabs.get(tab) : undefined;
    return api ? api.showDialog(d) : Promise.resolve(null);
  };
  // The GM's tab first, as a GM opens the world before the players come.
  await openTab(r, "gm");
  await openTab(r, "player");
  generation++;
  remember();
}

async function reset(v: Variant = variant): Promise<void> {
  note(null);
  const old = running;
  running = null;
  if (old) for (const c of old.clients.values()) old.table.world.disconnect(c);
  $("frames").replaceChildren();
  await start(v);
}

select.addEventListener("change", async () => {
  const wanted = select.value as Variant;
  const gm = running?.tabs.get("gm");
  if (!gm) return;
  const ok = await gm.setVariant(wanted);
  if (ok) {
    variant = wanted;
    note(null);
    remember();
  } else {
    select.value = variant;
    note(`The rules could not change now: ${lang.WC.Refuse.variantWhileHeld}`, wanted);
  }
});
for (const b of document.querySelectorAll<HTMLButtonElement>("[data-view]")) {
  b.addEventListener("click", () => {
    view = b.dataset.view as View;
    showView();
  });
}
$("reset").addEventListener("click", () => void reset());

/** For the smoke run (scripts/demo/smoke.ts): how many tables were built, and the rule set now. */
(window as unknown as { wcDemoState: () => { generation: number; variant: string; setting: unknown } }).wcDemoState = () => ({
  generation,
  variant,
  setting: running?.table.world.settingValues.get(`${MODULE}.variant`),
});

/**
 * For the smoke run: the GM puts one of the world's statuses (CONFIG.statusEffects, Foundry
 * core's here) on a creature, as the token HUD's status palette would; false when there is no
 * such token or status.
 */
(window as unknown as { wcDemoPutStatus: (token: string, status: string) => Promise<boolean> }).wcDemoPutStatus = async (tokenName, statusId) => {
  const r = running;
  const gm = r?.clients.get("gm");
  const token = r ? [...r.table.scene.tokens].find((t) => t.name === tokenName) : undefined;
  if (!r || !gm || !token) return false;
  const list = gm.CONFIG.statusEffects;
  const entry = (Array.isArray(list) ? list : Object.values(list)).find((s) => s.id === statusId);
  if (!entry) return false;
  await gm.run(() => token.actor.createEmbeddedDocuments("ActiveEffect", [{ name: entry.name, img: entry.img, statuses: [entry.id] }]));
  return true;
};

// The rule set may also change in the GM's own settings window: the switch follows it.
setInterval(() => {
  const setting = running?.table.world.settingValues.get(`${MODULE}.variant`);
  if (typeof setting === "string" && setting !== variant && (VARIANTS as readonly string[]).includes(setting)) {
    variant = setting as Variant;
    select.value = variant;
    note(null);
    remember();
  }
}, 500);

describe();
showView();
void start(variant);
