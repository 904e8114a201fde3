/**
 * The scene controls (the toolbar at the canvas's edge): the record of control sets a tab hands
 * `getSceneControlButtons`, and a click on a tool. Only what the module reads is drawn (see
 * docs/foundry-contract.md for the tag).
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
 * [C-140] The scene controls: `getSceneControlButtons(controls)` with a record of control sets by
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
