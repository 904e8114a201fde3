// @vitest-environment happy-dom
// One world per host system, its creatures made from the systems' fixtures: a grapple reads both
// from their sheets (the to-hit comes from the sheet's THAC0 and the defender's AC pieces) and
// damage lands where that system keeps hit points. The GM's values win field by field, clearing
// one returns to the sheet, and the dialog says what was filled in.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { hitPointPaths, hostStatusId, hostSystem } from "../../src/foundry/documents/creature.ts";
import { readProfile } from "../../src/foundry/documents/actors.ts";
import { registerHooks } from "../../src/foundry/hooks/index.ts";
import { act } from "../../src/foundry/cards/request-card.ts";
import { dialogContent } from "../../src/foundry/ui/action-dialog.ts";
import { openProfileForm } from "../../src/foundry/ui/profile-form.ts";
import { d12 } from "../../src/rules/index.ts";
import type { FakeActor, FakeClient, FakeToken } from "../fake-foundry/world.ts";
import { FakeWorld } from "../fake-foundry/world.ts";
import { M } from "./setup.ts";

interface Export {
  name: string;
  type: string;
  system: Record<string, unknown>;
  items?: Array<{ name: string; type: string; system: Record<string, unknown> }>;
  prototypeToken?: { width: number; height: number };
}

function fixture(system: string, file: string): Export {
  return JSON.parse(readFileSync(`test/systems/fixtures/${system}/${file}`, "utf8")) as Export;
}

interface SystemTable {
  world: FakeWorld;
  gm: FakeClient;
  player: FakeClient;
  attacker: FakeActor;
  defender: FakeActor;
  attackerToken: FakeToken;
  defenderToken: FakeToken;
}

/** A world running `systemId`: a GM, a player who owns the defender (a character), the GM's monster. */
function world(systemId: string, attacker: Export, defender: Export, setup: (w: FakeWorld, c: FakeClient) => void = () => undefined): SystemTable {
  const w = new FakeWorld();
  w.systemId = systemId;
  const gmUser = w.addUser("Gamemaster", true);
  const alice = w.addUser("Alice", false);
  const register = () => {
    registerHooks();
  };
  const gm = w.connect(gmUser, register);
  const player = w.connect(alice, register);
  for (const c of [gm, player]) c.run(() => setup(w, c));
  const scene = w.addScene();
  const a = w.addActor(attacker.name, attacker.system, {}, { type: attacker.type, items: attacker.items ?? [], ...(attacker.prototypeToken ? { prototypeToken: attacker.prototypeToken } : {}) });
  const d = w.addActor(defender.name, defender.system, { [alice.id]: 3 }, { type: defender.type, items: defender.items ?? [], ...(defender.prototypeToken ? { prototypeToken: defender.prototypeToken } : {}) });
  const at = w.addToken(scene, a, { linked: false, width: attacker.prototypeToken?.width ?? 1, height: attacker.prototypeToken?.height ?? 1 });
  const dt = w.addToken(scene, d, { width: defender.prototypeToken?.width ?? 1, height: defender.prototypeToken?.height ?? 1 });
  return { world: w, gm, player, attacker: a, defender: d, attackerToken: at, defenderToken: dt };
}

type GrappleHit = { kind: string; targetAc: { ac: number }; toHit: { needed: number; die: { face: number } }; holdRoll: { sizeAdjustment: number; adjusted: number }; damage: { split: { actual: number; temporary: number } } | null };

async function grapple(t: SystemTable): Promise<GrappleHit> {
  const out = await t.gm.run(() => act({ action: "grapple", attackerUuid: t.attackerToken.uuid, defenderUuid: t.defenderToken.uuid, declared: {} }));
  expect(out.kind).toBe("done");
  expect(t.world.scriptedLeft).toBe(0);
  const card = t.world.messages.contents.at(-1)?.getFlag(M, "card") as { resolution: { result: GrappleHit } };
  return card.resolution.result;
}

/**
 * happy-dom can report a select's value as the option before the one marked `selected` (seen with
 * a third option selected); a browser reads the marked one. Sets each select to its marked option,
 * as a person sees the form.
 */
function asRendered(form: HTMLFormElement): void {
  for (const sel of form.querySelectorAll("select")) {
    const marked = sel.querySelector("option[selected]");
    if (marked) sel.value = marked.getAttribute("value") ?? "";
  }
}

const at = (o: unknown, path: string) => path.split(".").reduce<unknown>((x, k) => (x && typeof x === "object" ? (x as Record<string, unknown>)[k] : undefined), o);

describe("ARS world", () => {
  it("a troll grapples a paladin: THAC0 13 against AC 0 needs 13; damage comes off attributes.hp", async () => {
    const t = world("ars", fixture("ars", "troll.json"), fixture("ars", "paladin-magic-arms.json"));
    // Paladin's grapple AC: 5, Dex 15 -1, shield +1 from the front -(3 + 1) = 0; his ring of
    // protection does not count over magic armour (ARS's rule).
    // Troll L on paladin M: +1 to the hold die; 8 + 1 = 9: body hold, 1d3. Break roll 1 fails.
    // 1d3 = 3: a quarter real (1), the rest temporary (2).
    t.world.script([[20, 20], [12, 8], [12, 1], [3, 3]]);
    const r = await grapple(t);
    expect(r.kind).toBe("hold");
    expect(r.targetAc.ac).toBe(0);
    expect(r.toHit.needed).toBe(13);
    expect(r.holdRoll.sizeAdjustment).toBe(1);
    expect(r.damage?.split).toMatchObject({ actual: 1, temporary: 2 });
    expect(at(t.defender.system, "attributes.hp.value")).toBe(39);
    expect(t.defender.getFlag(M, "temporary")).toBe(2);
    await t.gm.run(async () => expect(hostStatusId("stunned", hostSystem())).toBe("stun"));
  });
});

describe("OSE world", () => {
  const setup = (_w: FakeWorld, c: FakeClient) => c.game.settings.register("ose", "ascendingAC", { scope: "world", default: false });

  it("an ogre grapples a fighter: THAC0 15 against AC 1 needs 14; damage comes off system.hp", async () => {
    const t = world("ose", fixture("ose", "ogre.json"), fixture("ose", "fighter-chain.json"), setup);
    // Fighter's grapple AC: 5, Dex 13 (OSE +1) -1, shield -3 = 1. Ogre L by its 2-square token
    // on the fighter M: +1; 8 + 1 = 9 body hold, 1d3 = 3: 1 real, 2 temporary.
    t.world.script([[20, 20], [12, 8], [12, 1], [3, 3]]);
    const r = await grapple(t);
    expect(r.targetAc.ac).toBe(1);
    expect(r.toHit.needed).toBe(14);
    expect(r.holdRoll.sizeAdjustment).toBe(1);
    expect(at(t.defender.system, "hp.value")).toBe(17);
    // Nothing was written where other systems keep hit points.
    expect(at(t.defender.system, "attributes")).toBeUndefined();
    expect(t.defender.getFlag(M, "temporary")).toBe(2);
    await t.gm.run(async () => expect(hitPointPaths(t.defender as never)).toEqual({ value: "system.hp.value", max: "system.hp.max", temporary: null }));
  });

  it("the GM's value wins field by field, and ticking its box returns the field to the sheet", async () => {
    const t = world("ose", fixture("ose", "ogre.json"), fixture("ose", "fighter-chain.json"), setup);
    const read = () => t.gm.run(() => readProfile(t.attackerToken.actor as never, d12.d12Variant, t.attackerToken as never));
    expect(read().profile).toMatchObject({ size: "L", movement: 9, normalAc: 5 });
    expect(read().sources.size).toBe("default");
    // The form shows where each value comes from, and why the size was filled in.
    let html = "";
    t.world.onDialog = async (d) => {
      html = d.form.innerHTML;
      asRendered(d.form);
      (d.form.elements.namedItem("size") as HTMLSelectElement).value = "VL";
      return d.press("save");
    };
    await t.gm.run(() => openProfileForm(t.attackerToken.actor as never));
    expect(html).toContain("OSE keeps no size for this creature: taken from its token's footprint (2 grid units across)");
    expect(html).toContain('data-wc-source="default"');
    expect(html).toContain('data-wc-source="sheet"');
    // Only the field the GM changed is stored.
    expect(t.attackerToken.actor.getFlag(M, "profile")).toEqual({ "d12-holds": { size: "VL" } });
    expect(read().profile).toMatchObject({ size: "VL", movement: 9, normalAc: 5 });
    expect(read().sources).toMatchObject({ size: "override", movement: "sheet" });
    // Next time the form shows it as the GM's, with what the sheet gives; ticking the box clears it.
    t.world.onDialog = async (d) => {
      html = d.form.innerHTML;
      asRendered(d.form);
      (d.form.elements.namedItem("wc-clear.size") as HTMLInputElement).checked = true;
      return d.press("save");
    };
    await t.gm.run(() => openProfileForm(t.attackerToken.actor as never));
    expect(html).toContain('data-wc-source="override"');
    expect(html).toContain("The sheet gives: Large");
    expect(html).toContain("Use sheet: Large");
    expect(t.attackerToken.actor.getFlag(M, "profile")).toEqual({ "d12-holds": {} });
    expect(read().profile.size).toBe("L");
    expect(read().sources.size).toBe("default");
  });

  it("from the actor itself (not a token) the size comes from its prototype token", async () => {
    const t = world("ose", fixture("ose", "ogre.json"), fixture("ose", "fighter-chain.json"), setup);
    expect(t.gm.run(() => readProfile(t.attacker as never, d12.d12Variant)).profile.size).toBe("L");
  });

  it("the action dialog lists what was filled in rather than read", async () => {
    const t = world("ose", fixture("ose", "ogre.json"), fixture("ose", "fighter-chain.json"), setup);
    const box = document.createElement("div");
    box.innerHTML = await t.gm.run(() => dialogContent({ action: "grapple", attackerUuid: t.attackerToken.uuid, defenderUuid: t.defenderToken.uuid }, {}));
    const html = box.textContent ?? "";
    expect(html).toContain("Ogre: Size filled in (OSE keeps no size for this creature: taken from its token's footprint (2 grid units across))");
    expect(html).toContain("Gretchen: Size filled in");
    // Values no system keeps (windpipe, level drain, ...) are not listed.
    expect(html).not.toContain("No host system records this");
  });

  it("an ascending-AC world reads the ascending values", async () => {
    const asc = (_w: FakeWorld, c: FakeClient) => c.game.settings.register("ose", "ascendingAC", { scope: "world", default: true });
    const t = world("ose", fixture("ose", "ogre.json"), fixture("ose", "fighter-ascending.json"), asc);
    // Chain AAC 14 = AC 5, shield AAC bonus 1, Dex +1: AC 3, the same fighter as in a descending world.
    expect(t.gm.run(() => readProfile(t.defender as never, d12.d12Variant, t.defenderToken as never)).profile).toMatchObject({ normalAc: 3, armor: { type: "chain", plus: 0 } });
  });
});

describe("adnd2e world", () => {
  it("an ogre grapples a priest: THAC0 17 against AC -1 needs 18; temporary damage goes to hp.nonlethal", async () => {
    const t = world("adnd2e", fixture("adnd2e", "ogre.json"), fixture("adnd2e", "priest-magic-arms.json"));
    // Priest's grapple AC: 5, Dex 8 0, ring of protection -1, shield +2 from the front -(3 + 2) = -1.
    // Ogre L (details.size) on priest M: +1; 9 body hold 1d3 = 3: 1 real, 2 non-lethal.
    t.world.script([[20, 20], [12, 8], [12, 1], [3, 3]]);
    const r = await grapple(t);
    expect(r.targetAc.ac).toBe(-1);
    expect(r.toHit.needed).toBe(18);
    // 23 hit points less the 1 real.
    expect(at(t.defender.system, "attributes.hp.value")).toBe(22);
    expect(at(t.defender.system, "attributes.hp.nonlethal")).toBe(2);
    expect(t.defender.getFlag(M, "temporary")).toBeUndefined();
    // The host's own statuses for the lead's host-condition work: adnd2e's `held` and `grappling`.
    await t.gm.run(async () => {
      expect(hostStatusId("grappled")).toBe("held");
      expect(hostStatusId("grappling")).toBe("grappling");
    });
  });
});

describe("dnd5e world", () => {
  it("a giant spider grapples Randal: THAC0 18 (20 - proficiency 2) against AC 2 needs 16", async () => {
    const randal = fixture("dnd5e", "randal-human-fighter.json");
    // A live dnd5e actor has its derived maximum; the export leaves it to the sheet.
    (randal.system.attributes as { hp: Record<string, unknown> }).hp = { value: 12, max: 12 };
    const t = world("dnd5e", fixture("dnd5e", "giant-spider.json"), randal);
    // Randal's grapple AC: 5, Dex 14 0, shield -3 = 2. Spider L on Randal M: +1; 9 body 1d3 = 3.
    t.world.script([[20, 20], [12, 8], [12, 1], [3, 3]]);
    const r = await grapple(t);
    expect(r.targetAc.ac).toBe(2);
    expect(r.toHit.needed).toBe(16);
    expect(r.holdRoll.sizeAdjustment).toBe(1);
    expect(at(t.defender.system, "attributes.hp.value")).toBe(11);
    expect(t.defender.getFlag(M, "temporary")).toBe(2);
    await t.gm.run(async () => expect(hostStatusId("restrained")).toBe("restrained"));
  });
});

describe("a system the module does not know", () => {
  it("reads the common paths, and hit points come from the GM's paths in the settings", async () => {
    const hero = fixture("generic", "worldbuilding-character.json");
    hero.system = { ...hero.system, health: { value: 20, max: 20 } };
    const t = world("pf2e", fixture("generic", "big-monster-token.json"), hero);
    await t.gm.run(async () => {
      await game.settings.set(M, "hpPath", "system.health.value");
      await game.settings.set(M, "hpMaxPath", "system.health.max");
    });
    // Hero's grapple AC: 5, Dex 16 -2 = 3. The giant (VL by its 3-square token, 1 HD filled in:
    // THAC0 19) needs 16; VL on M: +2 to the hold die, 7 + 2 = 9 body hold, 1d3 = 3.
    t.world.script([[20, 20], [12, 7], [12, 1], [3, 3]]);
    const r = await grapple(t);
    expect(r.targetAc.ac).toBe(3);
    expect(r.toHit.needed).toBe(16);
    expect(r.holdRoll.sizeAdjustment).toBe(2);
    expect(at(t.defender.system, "health.value")).toBe(19);
    expect(at(t.defender.system, "attributes.hp.value")).toBe(20);
  });
});
