// @vitest-environment happy-dom
// `npm run shots` plays every card, dialog, form and the HUD from real rules results before
// Chromium photographs them: the playing part must finish (a scene waiting on a closed GM tab
// once hung it), and every picture must have a name of its own.
import { describe, expect, it } from "vitest";

describe("the scenes npm run shots photographs", () => {
  it("are all played, in every variant, as the GM and as a player, each with its own name", async () => {
    const { collectScenes } = await import("../../scripts/shots/scenes.ts");
    const scenes = await collectScenes();
    const ids = scenes.map((s) => `${s.id}--${s.role}`);
    expect(new Set(ids).size).toBe(ids.length);
    for (const variant of ["d12-holds", "grapple-die", "percentile"]) {
      const mine = scenes.filter((s) => s.variant === variant);
      expect(mine.some((s) => s.role === "gm")).toBe(true);
      expect(mine.some((s) => s.role === "player")).toBe(true);
      expect(mine.some((s) => s.kind === "card")).toBe(true);
      expect(mine.some((s) => s.kind === "dialog")).toBe(true);
    }
    expect(scenes.find((s) => s.id === "d12-holds--mass-charge")).toBeDefined();
    expect(scenes.find((s) => s.id === "d12-holds--mass-charge-dialog")).toBeDefined();
    expect(scenes.find((s) => s.id === "d12-holds--request-queued")).toBeDefined();
    expect(scenes.find((s) => s.id === "d12-holds--map-held-fast-notice" && s.role === "player")).toBeDefined();
    expect(scenes.find((s) => s.id === "d12-holds--map-lets-go")).toBeDefined();
  }, 60_000);
});
