/**
 * The profile form's attacks that grab (issue 31), each creature from its host's own data
 * (test/systems/fixtures/grabs/): a dnd5e 2024 giant octopus whose Tentacles the sheet marks, an
 * OSE rock python whose Constrict its words only propose (the question to the GM), a dnd5e 2014
 * constrictor snake with marks the GM set (Bite made to grab, Constrict's escape changed), and the
 * python as its player sees it once the GM confirmed the proposal: read-only, and as the GM sees
 * it after the player wrote a mark of their own from the console (set aside, the GM told).
 * `npm run shots -- grab` shoots them alone.
 */
import { writeGrabMarks } from "../../src/foundry/documents/grabs.ts";
import { openProfileForm } from "../../src/foundry/ui/profile-form.ts";
import { moduleFile } from "../../test/fake-foundry/host.ts";
import { dnd5eLike, OSE_LIKE } from "../../test/fake-foundry/systems.ts";
import type { Data } from "../../test/fake-foundry/data.ts";
import { M } from "../../test/shell/setup.ts";
import type { Collected, Variant } from "./scenes.ts";
import { table, windowed } from "./scenes.ts";

interface GrabExport {
  name: string;
  type: string;
  system: Data;
  items?: Array<{ _id?: string; name: string; type: string; system: Data; effects?: Data[] }>;
}

const fixture = (file: string) => JSON.parse(moduleFile(`test/systems/fixtures/grabs/${file}`)) as GrabExport;

export async function grabForms(out: Collected, variant: Variant): Promise<void> {
  for (const system of ["dnd5e", "ose"] as const) {
    const t = await table(variant, out.lang, { world: { system: system === "ose" ? OSE_LIKE : dnd5eLike() } });
    if (system === "ose") for (const c of [t.gm, t.player]) c.run(() => c.game.settings.register("ose", "ascendingAC", { scope: "world", default: false }));
    const scene = t.fighterToken.parent;
    const add = (x: GrabExport, owners: Record<string, number> = {}) => {
      const a = t.world.addActor(x.name, x.system, owners, { type: x.type, items: x.items ?? [] });
      t.world.addToken(scene, a, { linked: true });
      return a;
    };
    if (system === "dnd5e") {
      const octopus = add(fixture("dnd5e-giant-octopus-2024.json"));
      await windowed(out, t, variant, t.gm, "gm", "profile-form-grab-sheet-dnd5e-2024", () => openProfileForm(octopus as never));
      const snake = add(fixture("dnd5e-constrictor-snake.json"));
      // Bite (hZOM2L6WMmk8QOfO) made to grab with figures; Constrict (haXdYCAfGXo0iVqC) keeps the sheet's mark with a harder escape.
      await t.gm.run(() => writeGrabMarks(snake as never, { hZOM2L6WMmk8QOfO: { escape: 12, damagePerRound: { count: 1, sides: 6, bonus: 1 } }, haXdYCAfGXo0iVqC: { escape: 16 } }));
      await windowed(out, t, variant, t.gm, "gm", "profile-form-grab-gm-set-dnd5e", () => openProfileForm(snake as never));
    } else {
      const python = add(fixture("ose-rock-python.json"));
      await windowed(out, t, variant, t.gm, "gm", "profile-form-grab-proposal-ose", () => openProfileForm(python as never));
      const pet = add(fixture("ose-rock-python.json"), { [t.alice.id]: 3 });
      await t.gm.run(() => writeGrabMarks(pet as never, { wcOsePyCoil00002: true }));
      await windowed(out, t, variant, t.player, "player", "profile-form-grab-confirmed-ose", () => openProfileForm(pet as never));
      // The player then marks Bite from the console: set aside, and the GM's form says so.
      await t.player.run(() => pet.update({ [`flags.${M}.grabs.wcOsePyBite00001`]: { escape: 30, damagePerRound: null } }));
      await windowed(out, t, variant, t.gm, "gm", "profile-form-grab-set-aside-ose", () => openProfileForm(pet as never));
    }
  }
}
