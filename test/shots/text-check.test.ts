// The shots' text check (also run on the demo page by npm run demo -- --smoke) refuses Foundry's
// own status keys left unlocalized ("EFFECT.StatusProne"), as the demo once showed them; and the
// demo names a status as the creature's host system does (Foundry core's English names; dnd5e's
// conditions), never by its key.
import { describe, expect, it } from "vitest";
import { offencesIn, pictureOffences } from "../../scripts/shots/text-check.ts";
import { statusLook } from "../../demo/tab/statuses.ts";

describe("the text check", () => {
  it("finds a raw EFFECT. key in the text and in a tooltip, as it finds a WC. key", () => {
    expect(offencesIn("Goblin 1 EFFE").map((o) => o.kind)).toEqual([]);
    expect(offencesIn("Goblin 1: EFFECT.StatusProne").map((o) => [o.kind, o.match])).toEqual([["raw key", "EFFECT.StatusProne"]]);
    expect(pictureOffences({ text: "Prone", tooltips: ["EFFECT.StatusStun"] }).map((o) => o.match)).toEqual(["EFFECT.StatusStun"]);
  });
});

describe("the demo's statuses", () => {
  it("are named as the creature's system names them, whatever id the world's list gave the effect", () => {
    expect(statusLook("OSE", ["prone"], "EFFECT.StatusProne")?.name).toBe("Prone");
    expect(statusLook("ARS", ["stun"], "EFFECT.StatusStun")?.name).toBe("Stunned");
    expect(statusLook("dnd5e", ["stun"], "EFFECT.StatusStun")?.name).toBe("Stunned");
    expect(statusLook("dnd5e", ["restrain"], "EFFECT.StatusRestrain")?.name).toBe("Restrained");
    expect(statusLook("adnd2e", ["unconscious"], "EFFECT.StatusUnconscious")?.name).toBe("Unconscious");
  });

  it("an unknown core status is named by its words, never shown as its key; a module effect is no host status", () => {
    expect(statusLook("OSE", ["fireShield"], "EFFECT.StatusFireShield")?.name).toBe("Fire Shield");
    expect(statusLook("OSE", [], "Held (Arm) by Ogre")).toBeNull();
  });
});
