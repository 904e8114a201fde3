/**
 * Tethers on the map (map/tether-scene.ts): the layer is registered at init; the board is made
 * when the layer is drawn and the canvas is ready, follows every token refresh (each frame of a
 * movement too), reads the holds again when a half of one or the pinned condition comes or goes
 * or the ledger changes (a combat's or a scene's flags),
 * and is made again when a tether setting or the variant changes. Drawing only: nothing is written.
 */
import { onTetherSettings } from "../world/settings.ts";
import type { TokenObject } from "../map/tether-scene.ts";
import { effectMatters, holdsChanged, namesChanged, rebuild, registerTetherLayer, tokenDrawn, tokenGone, tokenRefreshed, visibilityChanged } from "../map/tether-scene.ts";

export function listen(): void {
  Hooks.once("init", () => {
    registerTetherLayer();
    onTetherSettings(rebuild);
  });
  Hooks.on("canvasReady", () => rebuild());
  Hooks.on("refreshToken", (token: unknown) => {
    tokenRefreshed(token as TokenObject);
  });
  Hooks.on("drawToken", (token: unknown) => tokenDrawn(token as TokenObject));
  Hooks.on("destroyToken", (token: unknown) => tokenGone(token as TokenObject));
  for (const hook of ["createActiveEffect", "updateActiveEffect", "deleteActiveEffect"] as const) {
    Hooks.on(hook, (effect: unknown) => {
      if (effectMatters(effect as ActiveEffect.Implementation)) holdsChanged();
    });
  }
  // The ledger (a combat's or a scene's flags) is where holds are kept: a change there is a hold made or ended.
  for (const hook of ["updateCombat", "updateScene"] as const) {
    Hooks.on(hook as "updateCombat", (_doc: unknown, changes: unknown) => {
      if (Object.keys((changes ?? {}) as Record<string, unknown>).some((k) => k === "flags" || k.startsWith("flags."))) holdsChanged();
    });
  }
  Hooks.on("deleteCombat", () => holdsChanged());
  Hooks.on("updateToken", (_doc: unknown, changes: unknown) => {
    const c = changes as Record<string, unknown> | null;
    if (c && ("name" in c || "displayName" in c)) namesChanged();
  });
  for (const hook of ["sightRefresh", "visibilityRefresh"] as const) Hooks.on(hook as "sightRefresh", () => visibilityChanged());
}
