/**
 * The holds panel's ways in, as the fake offers them (kept apart from world.ts while it is split
 * into rooms): the scene controls' hook, the combat tracker's header, and the canvas's pan. Each
 * draws or records only what the module reads (see docs/foundry-contract.md for each [C-nn]).
 */
import type { FakeClient } from "./world.ts";

type Data = Record<string, unknown>;

export interface FakeTool {
  name: string;
  title: string;
  icon: string;
  order: number;
  button?: boolean;
  toggle?: boolean;
  visible?: boolean;
  onChange?: (event: Event, active: boolean) => unknown;
}

/**
 * [C-110] The scene controls: `getSceneControlButtons(controls)` with a record of control sets by
 * name (tokens, templates, tiles, drawings, walls, lighting, sounds, regions, notes), each with
 * `name`, `title`, `icon`, `order` and a record of tools by name. v14 may hand a set whose `tools`
 * is not there yet (Foundry fills it in after the hook): the fake leaves the notes' set so. A
 * `button` tool's `onChange(event, true)` runs on a click; a tool whose `visible` is false is not
 * drawn.
 */
export function sceneControls(client: FakeClient, generation: number): { controls: Record<string, Data>; tools(set: string): FakeTool[]; click(set: string, tool: string): void } {
  const set = (name: string, order: number, tools: string[] | undefined): Data => ({
    name,
    order,
    title: `CONTROLS.Group${name}`,
    icon: "fa-solid fa-square",
    ...(tools ? { tools: Object.fromEntries(tools.map((t, i) => [t, { name: t, title: `CONTROLS.${t}`, icon: "fa-solid fa-square", order: i }])) } : {}),
  });
  const names = ["tokens", "templates", "tiles", "drawings", "walls", "lighting", "sounds", "regions", "notes"];
  const controls: Record<string, Data> = Object.fromEntries(names.map((n, i) => [n, set(n, i, n === "notes" && generation >= 14 ? undefined : n === "tokens" ? ["select", "target", "ruler"] : ["select"])]));
  client.run(() => client.Hooks.callAll("getSceneControlButtons", controls));
  for (const c of Object.values(controls)) c.tools ??= {};
  const tools = (s: string) =>
    Object.values((controls[s]?.tools ?? {}) as Record<string, FakeTool>)
      .filter((t) => t.visible !== false)
      .sort((a, b) => a.order - b.order);
  return {
    controls,
    tools,
    click: (s, name) => {
      const tool = tools(s).find((t) => t.name === name);
      if (!tool) throw new Error(`fake: no tool ${name} in ${s}`);
      client.run(() => tool.onChange?.(new Event("click"), true));
    },
  };
}

/**
 * [C-111] The combat tracker's header (v13 and v14): `header.combat-tracker-header` holding, when
 * there is a combat, `.encounter-controls.combat` with `.control-buttons.left` and `.right`.
 */
export function trackerHeader(document: Document, hasCombat: boolean): HTMLElement {
  const header = document.createElement("header");
  header.className = "combat-tracker-header";
  const nav = document.createElement("nav");
  nav.className = "encounters";
  header.append(nav);
  if (hasCombat) {
    const controls = document.createElement("div");
    controls.className = "encounter-controls combat";
    for (const side of ["left", "right"]) {
      const buttons = document.createElement("div");
      buttons.className = `control-buttons ${side}`;
      controls.append(buttons);
    }
    header.append(controls);
  }
  return header;
}

/** [C-112] `canvas.animatePan({x, y, scale?, duration?})`: the fake records where it was asked to pan. */
export function recordPans(canvas: object): Array<{ x: number; y: number; duration?: number }> {
  const pans: Array<{ x: number; y: number; duration?: number }> = [];
  (canvas as { animatePan?: unknown }).animatePan = async (view: { x: number; y: number; duration?: number }) => {
    pans.push(view);
    return true;
  };
  return pans;
}
