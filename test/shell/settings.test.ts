// @vitest-environment happy-dom
// The hit-point path settings: empty unless the GM sets them, empty meaning the system's own
// path, which the settings window shows as each input's placeholder (C-74).
import { describe, expect, it } from "vitest";
import { hitPointPaths } from "../../src/foundry/documents/creature.ts";
import { OSE_LIKE } from "../fake-foundry/systems.ts";
import { M, makeTable } from "./setup.ts";

const input = (html: HTMLElement, key: string) => html.querySelector<HTMLInputElement>(`input[name="${M}.${key}"]`);

describe("the hit-point path settings", () => {
  it("are empty by default, and an empty one reads the system's own path", async () => {
    const t = makeTable({ world: { system: OSE_LIKE } });
    await t.gm.run(async () => {
      expect(game.settings.get(M, "hpPath")).toBe("");
      expect(game.settings.get(M, "hpMaxPath")).toBe("");
      expect(hitPointPaths(t.fighter as never)).toMatchObject({ value: "system.hp.value", max: "system.hp.max" });
    });
  });

  it("the settings window shows the system's path as the placeholder of each empty box", () => {
    const t = makeTable({ world: { system: OSE_LIKE } });
    const html = t.gm.renderSettingsConfig();
    expect(input(html, "hpPath")).toMatchObject({ value: "", placeholder: "system.hp.value" });
    expect(input(html, "hpMaxPath")).toMatchObject({ value: "", placeholder: "system.hp.max" });
    // dnd5e, and any system the module reads through the common paths, show theirs.
    expect(input(makeTable().gm.renderSettingsConfig(), "hpPath")?.placeholder).toBe("system.attributes.hp.value");
  });

  it("a GM's own path wins, and emptying it again goes back to the system's", async () => {
    const t = makeTable({ world: { system: OSE_LIKE } });
    await t.gm.run(async () => {
      await game.settings.set(M, "hpPath", "system.health.value");
      expect(hitPointPaths(t.fighter as never).value).toBe("system.health.value");
      await game.settings.set(M, "hpPath", "");
      expect(game.settings.get(M, "hpPath")).toBe("");
      expect(hitPointPaths(t.fighter as never).value).toBe("system.hp.value");
    });
    // The box keeps the GM's value and the placeholder stays as the hint beneath it.
    await t.gm.run(() => game.settings.set(M, "hpMaxPath", "system.health.max"));
    expect(input(t.gm.renderSettingsConfig(), "hpMaxPath")).toMatchObject({ value: "system.health.max", placeholder: "system.hp.max" });
  });

  it("a world that kept the old fixed defaults still reads the system's paths", async () => {
    const t = makeTable({ world: { system: OSE_LIKE } });
    await t.gm.run(async () => {
      await game.settings.set(M, "hpPath", "system.attributes.hp.value");
      await game.settings.set(M, "hpMaxPath", "system.attributes.hp.max");
      expect(hitPointPaths(t.fighter as never)).toMatchObject({ value: "system.hp.value", max: "system.hp.max" });
    });
  });
});
