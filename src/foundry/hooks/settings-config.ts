/**
 * The settings window (C-74): the hit-point path settings are empty unless the GM sets them, and
 * an empty one means "the system's own path"; each input shows that path as its placeholder, so
 * the GM sees where the module reads hit points without a value that looks like their own choice.
 */
import { MODULE_ID } from "../base/constants.ts";
import { hostSystem } from "../documents/creature.ts";

/** The settings whose empty value stands for the host system's path, and that path. */
function systemPaths(): Record<string, string> {
  const own = hostSystem().hitPoints("character");
  return { hpPath: own.value, hpMaxPath: own.max };
}

/** Shows the system's path in each hit-point path box of the settings window (seen while the box is empty). */
export function showSystemPaths(root: ParentNode): void {
  for (const [key, path] of Object.entries(systemPaths())) {
    const input = root.querySelector<HTMLInputElement>(`input[name="${MODULE_ID}.${key}"]`);
    if (input) input.placeholder = path;
  }
}

export function listen(): void {
  Hooks.on("renderSettingsConfig", (_app: unknown, html: unknown) => {
    // v13 and v14 hand the window's element; an older ApplicationV1 window a jQuery list.
    const root = html instanceof HTMLElement ? html : (html as { 0?: unknown } | null)?.[0];
    if (root instanceof HTMLElement) showSystemPaths(root);
  });
}
