// @vitest-environment happy-dom
// `npm run shots` plays every card, dialog, form and the HUD from real rules results before
// Chromium photographs them: the playing part must finish (a scene waiting on a closed GM tab
// once hung it), every picture must have a name of its own, every action of each rule set must
// be shown where it is possible and where it is refused, and no picture may show text no one
// should read (the same check `npm run shots` makes on the rendered pictures).
import { describe, expect, it } from "vitest";
import { RULES_VARIANTS } from "../../src/rules/index.ts";
import type { Scene } from "../../scripts/shots/scenes.ts";
import { htmlText, pictureOffences } from "../../scripts/shots/text-check.ts";

let english: Scene[] = [];
let german: Scene[] = [];
async function scenes(): Promise<{ english: Scene[]; german: Scene[] }> {
  if (english.length === 0) {
    const { collectScenes } = await import("../../scripts/shots/scenes.ts");
    english = await collectScenes();
    german = await collectScenes({ lang: "de" });
  }
  return { english, german };
}

/**
 * Actions the rules never refuse (only a circumstance the player declares changes them):
 * percentile's subdual blow.
 */
const NEVER_REFUSED: readonly string[] = ["percentile subdue"];

describe("the scenes npm run shots photographs", () => {
  it("are all played, in every variant, as the GM and as a player, each with its own name", async () => {
    const { english: all, german: de } = await scenes();
    const ids = [...all, ...de].map((s) => `${s.id}--${s.role}`);
    expect(new Set(ids).size).toBe(ids.length);
    for (const variant of ["d12-holds", "grapple-die", "percentile"]) {
      const mine = all.filter((s) => s.variant === variant);
      expect(mine.some((s) => s.role === "gm")).toBe(true);
      expect(mine.some((s) => s.role === "player")).toBe(true);
      expect(mine.some((s) => s.kind === "card")).toBe(true);
      expect(mine.some((s) => s.kind === "dialog")).toBe(true);
      for (const state of ["pending", "applied", "undone", "manual"]) expect(mine.filter((s) => s.id === `${variant}--card-${state}` && s.kind === "card").map((s) => s.role).sort()).toEqual(["gm", "player"]);
    }
    expect(all.find((s) => s.id === "d12-holds--mass-charge")).toBeDefined();
    expect(all.find((s) => s.id === "d12-holds--mass-charge-dialog")).toBeDefined();
    expect(all.find((s) => s.id === "d12-holds--request-queued")).toBeDefined();
    expect(all.find((s) => s.id === "d12-holds--map-held-fast-notice" && s.role === "player")).toBeDefined();
    expect(all.find((s) => s.id === "d12-holds--map-lets-go")).toBeDefined();
    expect(all.find((s) => s.id === "d12-holds--lift-off" && s.kind === "card")).toBeDefined();
    // One full set in German: every English scene again, named de--<id>.
    expect(de.map((s) => `${s.id}--${s.role}`).sort()).toEqual(all.map((s) => `de--${s.id}--${s.role}`).sort());
  }, 120_000);

  it("show the HUD's target out of reach, a bad table row in the Rule Options, and a sheet's profile with only some values the GM's", async () => {
    const { english: all } = await scenes();
    const shown = (id: string, role: string) => all.find((s) => s.id === id && s.role === role)?.html ?? "";
    const box = document.createElement("div");
    for (const variant of ["d12-holds", "grapple-die", "percentile"]) {
      for (const role of ["gm", "player"]) {
        box.innerHTML = shown(`${variant}--hud-out-of-reach-targeting`, role);
        // The close attacks greyed with the reason; the palette's heading says the target is out of reach.
        const off = [...box.querySelectorAll<HTMLElement>(".wc-hud__entry--off")];
        expect(off.length).toBeGreaterThan(0);
        // A player is told the first reason; the GM, who may carry out an action out of reach as
        // their call, is told the rules' own refusal where there is one too (issue 33).
        const far = off.filter((b) => (b.dataset.tooltip ?? "").includes("out of reach"));
        if (role === "player") expect(far).toHaveLength(off.length);
        else expect(far.length).toBeGreaterThan(0);
      }
    }
    for (const variant of ["grapple-die", "percentile"]) {
      box.innerHTML = shown(`${variant}--rule-options-bad-row`, "gm");
      const error = box.querySelector<HTMLElement>("[data-wc-error]:not([hidden])");
      expect(error?.textContent).toMatch(/^Row 3: A row runs from (\d+) down to (\d+)\.$/);
    }
    for (const [id, role] of [["d12-holds--profile-form-ose-sheet", "gm"], ["d12-holds--profile-form-ose-sheet", "player"], ["percentile--profile-form-dnd5e-sheet", "gm"], ["percentile--profile-form-dnd5e-sheet", "player"]] as const) {
      box.innerHTML = shown(id, role);
      // One value the GM's (differing from the sheet), the others from the sheet.
      expect(box.querySelectorAll("[data-wc-source=override]")).toHaveLength(1);
      expect(box.querySelectorAll("[data-wc-source=sheet]").length).toBeGreaterThan(3);
    }
  }, 120_000);

  it("show every action of each rule set in its dialog where it is possible and where it is refused, as the GM and as a player", async () => {
    const { english: all } = await scenes();
    const missing: string[] = [];
    for (const [id, v] of Object.entries(RULES_VARIANTS)) {
      // Release goes to the GM without a dialog (src/foundry/ui/launch.ts): its cards show it.
      for (const action of v.actions.filter((a) => a !== "release")) {
        for (const role of ["gm", "player"]) {
          for (const state of ["possible", "refused"]) {
            if (state === "refused" && NEVER_REFUSED.includes(`${id} ${action}`)) continue;
            if (!all.some((s) => s.role === role && s.kind === "dialog" && s.id.startsWith(`${id}--dialog-${action}-${state}`))) missing.push(`${id} ${action} ${state} ${role}`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
  }, 120_000);

  it("show no raw key, undefined, NaN, [object Object], unfilled {placeholder} or raw UUID, in English or German", async () => {
    const { english: all, german: de } = await scenes();
    const found = new Set<string>();
    for (const s of [...all, ...de]) {
      const el = document.createElement("div");
      el.innerHTML = s.html;
      const text = htmlText(el);
      const read = { text: [s.kind === "dialog" ? s.title : "", text.text, ...(s.buttons ?? [])].join(" "), tooltips: text.tooltips };
      // A UUID's ids change with the order documents are made in: named by its shape only.
      for (const o of pictureOffences(read)) found.add(`${s.id}--${s.role}: ${o.kind} "${o.kind === "raw UUID" ? o.match.replace(/\.[A-Za-z0-9]{16}/g, ".…") : o.match}"`);
    }
    expect([...found]).toEqual([]);
  }, 120_000);
});
