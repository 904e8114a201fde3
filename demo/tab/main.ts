/**
 * One client tab (tab.html?tab=gm or ?tab=player): its own frame, so its own globals, its own
 * document and its own copy of the module, as each Foundry tab has. It connects to the page's
 * fake world, which runs the module's hooks here and then init, setup and ready; from then on
 * whatever this frame runs, runs as this tab's client (tab/realm.ts). Then it draws the map, the
 * tracker, the chat log, windows and notifications, and draws them again when the world changes.
 */
import "@fortawesome/fontawesome-free/css/all.min.css";
import "../../styles/weaponless-combat.css";
import "./tab.css";
import { registerHooks } from "../../src/foundry/hooks/index.ts";
import type { TabApi, TabKey, TetherShown } from "../bridge.ts";
import { holdsOnCanvas, tetherBoard } from "../../src/foundry/map/tether-scene.ts";
import { PART_COLOURS } from "../../src/foundry/map/tethers.ts";
import type { FakeClient, FakeToken } from "../../test/fake-foundry/world.ts";
import { bindRealm } from "./realm.ts";
import type { TabContext } from "./context.ts";
import { MODULE, el, icon } from "./context.ts";
import type { Tool } from "./map.ts";
import { MapView } from "./map.ts";
import { ChatLog } from "./chat.ts";
import { Tracker } from "./tracker.ts";
import { Notices, Windows } from "./windows.ts";
import { openSettings } from "./settings.ts";
import { Tooltips } from "./tooltips.ts";

const tab = (new URLSearchParams(location.search).get("tab") === "player" ? "player" : "gm") as TabKey;
const server = window.parent.wcDemo;
if (!server) throw new Error("demo: a tab opens inside the demo page (index.html), not on its own");

let client: FakeClient | null = null;
bindRealm(window, () => client);

/** The globals a Foundry tab has: this client's own, and the classes of the page's one Foundry. */
function installGlobals(c: FakeClient): void {
  const own: Record<string, unknown> = { game: c.game, Hooks: c.Hooks, CONFIG: c.CONFIG, ui: c.ui, canvas: c.canvas };
  for (const [name, value] of Object.entries(own)) Object.defineProperty(window, name, { value, configurable: true, writable: true });
  const page = window.parent as unknown as Record<string, unknown>;
  for (const name of ["foundry", "ChatMessage", "Actor", "Roll", "fromUuidSync", "PIXI"]) Object.defineProperty(window, name, { get: () => page[name], configurable: true });
  // [C-56] The tab's Web Locks, from the fake's browser (one per user).
  try {
    Object.defineProperty(window, "navigator", { value: c.navigator, configurable: true });
  } catch {
    // A browser that will not let the page replace navigator: its own Web Locks serve as well.
  }
}

const connected = server.connect(tab, document, () => {
  const c = server.world.current();
  installGlobals(c);
  client = c;
  registerHooks();
});
client = connected;
const c = connected;

let dirty = true;
const ctx: TabContext = {
  tab,
  server,
  client: c,
  user: c.user,
  scene: server.scene,
  look: (token: FakeToken) => server.looks.get(token.id) ?? { icon: "fa-solid fa-circle-user", colour: "#555", source: "", system: "" },
  redraw: () => {
    dirty = true;
  },
  t: (key: string) => c.game.i18n.localize(key),
};

// ------------------------------------------------------------------------------------------
const $ = (id: string) => document.getElementById(id) as HTMLElement;
const map = new MapView($("map-box"), ctx);
const chat = new ChatLog($("chat"), ctx);
const tracker = new Tracker($("tracker"), ctx);
const windows = new Windows($("windows"), ctx);
const notices = new Notices($("notifications"), ctx);

function tools(): void {
  const box = $("tools");
  const button = (tool: Tool | "clear", title: string, glyph: string) => {
    const b = el("button", "tools__tool");
    b.type = "button";
    b.dataset.tool = tool;
    b.title = title;
    b.setAttribute("aria-label", title);
    b.append(icon(glyph));
    b.addEventListener("click", () => {
      if (tool === "clear") map.clearTargets();
      else {
        map.tool = tool;
        for (const x of box.querySelectorAll<HTMLElement>("[data-tool]")) x.setAttribute("aria-pressed", String(x.dataset.tool === map.tool));
      }
    });
    return b;
  };
  box.append(button("select", "Select tokens: click to select, drag to move, right-click for the HUD", "fa-solid fa-arrow-pointer"), button("target", "Select targets: click a token to target it (or press T over it)", "fa-solid fa-bullseye"), button("clear", "Clear your targets", "fa-solid fa-eraser"));
  box.querySelector('[data-tool="select"]')?.setAttribute("aria-pressed", "true");
  if (c.user.isGM) {
    const settings = el("button", "tools__tool tools__settings");
    settings.type = "button";
    settings.dataset.demoAction = "settings";
    settings.title = "Configure settings: the module's settings and its Rule options";
    settings.setAttribute("aria-label", settings.title);
    settings.append(icon("fa-solid fa-gears"));
    settings.addEventListener("click", () => openSettings(ctx, (title, kind, onClose) => windows.frame(title, kind, onClose)));
    box.append(settings);
  }
}

function header(): void {
  const box = $("user");
  const variant = String(c.game.settings.get(MODULE, "variant"));
  const who = c.user.isGM ? "Gamemaster's tab" : `${c.user.name}'s tab (a player)`;
  const selected = c.canvas.tokens.controlled.map((o) => o.document.name).join(", ") || "none";
  const targets = [...c.user.targets].map((o) => o.document.name).join(", ") || "none";
  const line = el("p", "tab__status");
  line.append(el("strong", "", who), ` · ${c.game.i18n.localize(`WC.Variant.${variant}`)} · selected: ${selected} · targets: ${targets}`);
  const hint = el("p", "tab__hint", c.user.isGM ? "Right-click a token for its HUD and the module's palette; target with the bullseye tool or T." : "You own Brannoc: right-click him for the palette; target a foe with the bullseye tool or T.");
  box.replaceChildren(line, hint);
}

// Redraw when the world changes: the same document hooks Foundry's own interface listens to.
for (const hook of [
  "createChatMessage",
  "updateChatMessage",
  "deleteChatMessage",
  "createActiveEffect",
  "updateActiveEffect",
  "deleteActiveEffect",
  "updateActor",
  "updateToken",
  "moveToken",
  "deleteToken",
  "updateCombat",
  "createCombatant",
  "deleteCombatant",
  "deleteCombat",
]) {
  c.Hooks.on(hook, () => ctx.redraw());
}

let variantShown = "";
function draw(): void {
  const variant = String(c.game.settings.get(MODULE, "variant"));
  if (variant !== variantShown) {
    variantShown = variant;
    dirty = true;
  }
  if (dirty) {
    dirty = false;
    header();
    map.draw();
    tracker.sync();
    chat.sync();
  }
  windows.sync();
  notices.sync();
  map.canvas.render();
}
function frame(): void {
  // One failed drawing is reported and the next frame draws again: the tab stays usable.
  try {
    draw();
  } catch (error) {
    console.error("demo | the tab could not be drawn", error);
  }
  requestAnimationFrame(frame);
}

tools();
new Tooltips(document);
const api: TabApi = {
  showDialog: (dialog) => c.run(() => windows.showDialog(dialog)),
  setVariant: (variant) => c.run(async () => (await c.game.settings.set(MODULE, "variant", variant as never)) === variant),
  tethers: () => c.run(() => tethersShown()),
};

/** The module's board on this tab's canvas, and what the canvas shows along each of its lines. */
function tethersShown(): TetherShown[] {
  const board = tetherBoard();
  if (!board) return [];
  const holds = new Map(holdsOnCanvas().map((h) => [h.id, h]));
  return [...board.paths()].map(([id, p]) => {
    const hold = holds.get(id);
    const points = Array.from({ length: 17 }, (_, i) => {
      const t = i / 16;
      const u = 1 - t;
      return { x: u * u * p.from.x + 2 * u * t * p.control.x + t * t * p.to.x, y: u * u * p.from.y + 2 * u * t * p.control.y + t * t * p.to.y };
    });
    const colour = hold ? PART_COLOURS[hold.look.part] : -1;
    const coloured = hold ? map.canvas.pointsShowing(points, colour) : 0;
    return { id, label: hold?.label ?? "", coloured };
  });
}
window.wcTab = api;
requestAnimationFrame(frame);
// The scene on the canvas (the module's tether layer with it), then the tab is ready.
void map.canvas
  .open()
  .catch((error: unknown) => console.error("demo | the canvas could not be drawn", error))
  .finally(() => {
    ctx.redraw();
    server.ready(tab, api);
  });
