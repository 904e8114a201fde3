/**
 * The module's status icons on tokens of every shade, as Foundry draws them on a token's corner,
 * and the action tiles its macros wear, at hotbar size.
 */
import { readdirSync } from "node:fs";
import type { Scene } from "./scenes.ts";

const ICONS = ["held", "holding", "grappled", "pinned", "prone", "stunned", "unconscious", "subdued", "immobilized"];
const TOKENS: ReadonlyArray<[string, string]> = [
  ["black fur", "#111111"],
  ["dark hide", "#3a2a1e"],
  ["grey", "#7a7a7a"],
  ["parchment", "#e8dcc0"],
  ["white robe", "#fafafa"],
  ["blood red", "#8a1010"],
  ["forest", "#1f5a2a"],
  ["night blue", "#15204a"],
  ["gold", "#c9a227"],
  ["teal", "#2a8a8a"],
];

export function iconScene(): Scene {
  const tokens = TOKENS.map(([name, colour]) => `<div class="icon-token" style="background:${colour}">${ICONS.map((i) => `<img src="modules/weaponless-combat/assets/icons/${i}.svg" alt="${i}" title="${i}">`).join("")}<span>${name}</span></div>`).join("");
  const legend = `<ol class="icon-legend">${ICONS.map((i) => `<li><img src="modules/weaponless-combat/assets/icons/${i}.svg" alt=""> ${i}</li>`).join("")}</ol>`;
  const actions = readdirSync(new URL("../../assets/icons/actions/", import.meta.url)).filter((f) => f.endsWith(".svg")).map((f) => f.replace(/\.svg$/, ""));
  const tiles = `<ol class="icon-legend">${actions.map((a) => `<li><img src="modules/weaponless-combat/assets/icons/actions/${a}.svg" alt=""> ${a}</li>`).join("")}</ol>`;
  return { id: "all--status-icons", variant: "all", kind: "icons", role: "gm", title: "Status icons", html: `<div class="icon-stage">${tokens}</div>${legend}${tiles}` };
}
