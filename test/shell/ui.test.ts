// @vitest-environment happy-dom
// What a person clicks: the token HUD, the combatant menu, the action dialog with its odds,
// the chat card's buttons, the profile form, the rule options, and the guard on the variant.
import { beforeEach, describe, expect, it } from "vitest";
import { bindCard } from "../../src/foundry/hooks/chat.ts";
import { addButtons } from "../../src/foundry/hooks/token-hud.ts";
import { act } from "../../src/foundry/cards/request-card.ts";
import { dialogContent, readDeclared, readForm } from "../../src/foundry/ui/action-dialog.ts";
import { openProfileForm, profileFromForm } from "../../src/foundry/ui/profile-form.ts";
import { openRuleOptions } from "../../src/foundry/ui/rule-options.ts";
import { d12 } from "../../src/rules/index.ts";
import type { FakeChatMessage } from "../fake-foundry/world.ts";
import type { Table } from "./setup.ts";
import { d12Profile, M, makeTable, submitWindow } from "./setup.ts";

let t: Table;
beforeEach(() => {
  t = makeTable();
});

const hp = (a: { system: unknown }) => (a.system as { attributes: { hp: { value: number } } }).attributes.hp.value;
const target = (client: Table["gm"], token: Table["goblinToken"]) => {
  client.user.targets.clear();
  client.user.targets.add(token.object);
};

function hud(token: Table["fighterToken"]): HTMLElement {
  const html = document.createElement("div");
  html.innerHTML = `<div class="col left"></div><div class="col middle"></div><div class="col right"></div>`;
  addButtons({ document: token as never }, html);
  return html;
}

/** Clicks the HUD's button and waits for its palette, which is drawn from a template (asynchronously). */
async function open(html: HTMLElement): Promise<HTMLElement> {
  html.querySelector<HTMLButtonElement>("[data-wc-palette-toggle]")?.click();
  for (let i = 0; i < 20 && !html.querySelector(".wc-hud__palette:not([hidden])"); i++) await new Promise((r) => setTimeout(r, 0));
  return html;
}
/** The HUD with the module's palette opened: its entries, by action and label. */
const palette = (token: Table["fighterToken"]): Promise<HTMLElement> => open(hud(token));
const entries = (html: HTMLElement) => [...html.querySelectorAll<HTMLButtonElement>(".wc-hud__palette button")].map((b) => b.textContent);
const headings = (html: HTMLElement) => [...html.querySelectorAll(".wc-hud__heading")].map((p) => p.textContent);
const offs = (html: HTMLElement) =>
  [...html.querySelectorAll<HTMLButtonElement>(".wc-hud__palette button")]
    .filter((b) => b.getAttribute("aria-disabled") === "true")
    .map((b) => ({ action: b.dataset.wcAction, tooltip: b.dataset.tooltip, aria: b.getAttribute("aria-label") }));
const press = (html: HTMLElement, action: string) => html.querySelector<HTMLButtonElement>(`.wc-hud__palette [data-wc-action="${action}"]`)?.click();

describe("token HUD", () => {
  it("one button for the owner only, once; its palette names the actions, greyed while nothing is targeted", async () => {
    const shown = await t.player.run(async () => {
      t.player.user.targets.clear();
      const html = hud(t.fighterToken);
      addButtons({ document: t.fighterToken as never }, html);
      const toggles = html.querySelectorAll("[data-wc-palette-toggle]").length;
      await open(html);
      return { toggles, icons: html.querySelectorAll(".control-icon").length, names: entries(html), off: offs(html), heading: headings(html) };
    });
    expect(shown.toggles).toBe(1);
    expect(shown.icons).toBe(1);
    // Not held and holding nobody: no hold group; the attacks and the profile.
    expect(shown.names).toEqual(["Grapple", "Pummel", "Charging overbear", "Weaponless profile"]);
    expect(shown.heading).toEqual(["Weaponless combat", "Target the creature to attack first."]);
    // Each attack is greyed with the reason, in its tooltip and its accessible name; the profile is not.
    expect(shown.off).toEqual([
      { action: "grapple", tooltip: "Target the creature to attack first.", aria: "Grapple, not possible now: Target the creature to attack first." },
      { action: "pummel", tooltip: "Target the creature to attack first.", aria: "Pummel, not possible now: Target the creature to attack first." },
      { action: "chargingOverbear", tooltip: "Target the creature to attack first.", aria: "Charging overbear, not possible now: Target the creature to attack first." },
    ]);
    expect(await t.player.run(async () => hud(t.goblinToken).querySelectorAll("[data-wc-palette-toggle]").length)).toBe(0);
  });

  it("with a target beside it, the attacks are open under a line naming the target", async () => {
    const shown = await t.player.run(async () => {
      target(t.player, t.goblinToken);
      const html = await palette(t.fighterToken);
      return { off: offs(html), heading: headings(html) };
    });
    expect(shown.heading).toEqual(["Weaponless combat", "At Goblin"]);
    expect(shown.off).toEqual([]);
  });

  it("held: the hold's own actions come first, set apart, naming the holder; holding: Release and Declare overbear name the held", async () => {
    t.world.script([[20, 15], [12, 8], [12, 4], [3, 3]]);
    await t.gm.run(() => act({ action: "grapple", attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid, declared: {} }));
    const held = await t.player.run(async () => {
      t.player.user.targets.clear();
      const html = await palette(t.fighterToken);
      return { names: entries(html), hold: [...html.querySelectorAll(".wc-hud__group--hold button")].map((b) => b.textContent), heading: headings(html), off: offs(html).map((o) => [o.action, o.tooltip]) };
    });
    expect(held.names).toEqual(["Break free of Ogre", "Lift off away from Ogre", "Grapple", "Pummel", "Charging overbear", "Weaponless profile"]);
    expect(held.hold).toEqual(["Break free of Ogre", "Lift off away from Ogre"]);
    expect(held.heading).toEqual(["Weaponless combat", "The hold", "Target the creature to attack first."]);
    // The fighter has no wings: Lift off stays in the hold's group, greyed with the rules' reason.
    expect(held.off[0]).toEqual(["liftOff", "Cannot fly"]);
    expect(await t.gm.run(async () => entries(await palette(t.ogreToken)))).toEqual(["Release Fighter", "Declare overbear on Fighter", "Grapple", "Pummel", "Charging overbear", "Weaponless profile"]);
    // Break free from the palette needs no target: it is aimed at the holder.
    t.world.script([[12, 11]]);
    t.player.user.targets.clear();
    await t.player.run(async () => press(await palette(t.fighterToken), "breakFree"));
    await t.world.settle();
    expect([...t.fighter.effects].filter((e) => e.getFlag(M, "hold"))).toEqual([]);
  });

  it("Escape closes the palette and gives the focus back to its button", async () => {
    const state = await t.player.run(async () => {
      const html = await palette(t.fighterToken);
      document.body.append(html);
      const menu = html.querySelector<HTMLElement>(".wc-hud__palette");
      const open = menu?.hidden;
      menu?.querySelector("button")?.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
      const toggle = html.querySelector<HTMLElement>("[data-wc-palette-toggle]");
      const out = { open, closed: menu?.hidden, expanded: toggle?.getAttribute("aria-expanded"), focused: document.activeElement === toggle };
      html.remove();
      return out;
    });
    expect(state).toEqual({ open: false, closed: true, expanded: "false", focused: true });
  });

  it("a greyed entry says why when clicked, and does nothing more", async () => {
    t.world.script([[20, 15], [12, 8], [12, 4], [3, 3]]);
    await t.gm.run(() => act({ action: "grapple", attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid, declared: {} }));
    const mark = t.world.writes.length;
    const messages = t.world.messages.size;
    await t.player.run(async () => press(await palette(t.fighterToken), "liftOff"));
    await t.world.settle();
    expect(t.player.notifications.map((n) => n.message)).toEqual(["Lift off away from Ogre is not possible: Cannot fly."]);
    expect(t.world.writes.length).toBe(mark);
    expect(t.world.messages.size).toBe(messages);
    expect(t.world.dialogs).toHaveLength(0);
  });

  it("a target out of reach greys the close attacks with the reason; a charge comes from afar and stays open", async () => {
    t.goblinToken.x = 1000;
    const shown = await t.player.run(async () => {
      target(t.player, t.goblinToken);
      const html = await palette(t.fighterToken);
      press(html, "grapple");
      return { off: offs(html).map((o) => [o.action, o.tooltip]), heading: headings(html) };
    });
    await t.world.settle();
    expect(shown.heading).toEqual(["Weaponless combat", "At Goblin, out of reach"]);
    expect(shown.off).toEqual([
      ["grapple", "Goblin is out of reach: move next to it first."],
      ["pummel", "Goblin is out of reach: move next to it first."],
    ]);
    expect(t.player.notifications.map((n) => n.message)).toEqual(["Goblin is out of reach: move next to it first."]);
    expect(t.world.dialogs).toHaveLength(0);
  });

  it("standing up asks no reach: a creature on the ground may rise with its foe far off", async () => {
    (t.fighter.flags[M] as { profile: Record<string, unknown> }).profile["d12-holds"] = d12Profile({ conditions: ["prone"] });
    t.goblinToken.x = 1000;
    const shown = await t.player.run(async () => {
      target(t.player, t.goblinToken);
      const html = await palette(t.fighterToken);
      return { names: entries(html), off: offs(html).map((o) => o.action) };
    });
    expect(shown.names).toContain("Stand up");
    expect(shown.off).toContain("grapple");
    expect(shown.off).not.toContain("standUp");
  });

  it("an action the rules refuse for this pair is greyed with the rules' reason", async () => {
    (t.fighter.flags[M] as { profile: Record<string, unknown> }).profile["d12-holds"] = d12Profile({ kind: "monster", intelligence: "non", pummelLimbs: 1 });
    const off = await t.player.run(async () => {
      target(t.player, t.goblinToken);
      return offs(await palette(t.fighterToken)).map((o) => [o.action, o.tooltip]);
    });
    expect(off).toContainEqual(["pummel", "Too dim-witted to fight with fists"]);
  });

  it("a name with markup shows as text in the palette, and opens no tag", async () => {
    const name = `<img src="x" onerror="alert(1)"><b>Ogre</b> & "Co"`;
    t.ogreToken.name = name;
    t.world.script([[20, 15], [12, 8], [12, 4], [3, 3]]);
    await t.gm.run(() => act({ action: "grapple", attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid, declared: {} }));
    const shown = await t.player.run(async () => {
      target(t.player, t.ogreToken);
      const html = await palette(t.fighterToken);
      const menu = html.querySelector(".wc-hud__palette");
      return { hold: [...html.querySelectorAll(".wc-hud__group--hold button")].map((b) => b.textContent), tags: menu?.querySelectorAll("img, b").length, tooltips: offs(html).map((o) => o.tooltip ?? "") };
    });
    expect(shown.hold[0]).toBe(`Break free of ${name}`);
    expect(shown.tags).toBe(0);
    // A tooltip Foundry may read as HTML carries no angle bracket of the name.
    expect(shown.tooltips.some((tip) => /[<>]/.test(tip))).toBe(false);
  });

  it("the palette's view: the hold's actions in their own group first, the reason and accessible name on a greyed one", async () => {
    const { paletteView } = await import("../../src/foundry/hooks/token-hud.ts");
    const i18n = { localize: (k: string) => k, format: (k: string, d: Record<string, string | number>) => `${k}(${Object.values(d).join("|")})` };
    const view = paletteView(
      [
        { action: "grapple", label: "Grapple", group: "target", unavailable: { key: "k", params: {}, text: "Too far" } },
        { action: "breakFree", label: "Break free of Ogre", group: "hold", target: "Scene.s.Token.o", holdId: "h" },
      ],
      { title: "Weaponless combat", targetHeading: "At Goblin", tokenId: "t1" },
      i18n,
    );
    expect(view.groups.map((g) => [g.kind, g.id, g.heading, g.entries.map((e) => e.index)])).toEqual([
      ["hold", "wc-hud-hold-t1", "WC.Hud.holdGroup", [1]],
      ["target", "wc-hud-target-t1", "At Goblin", [0]],
    ]);
    expect(view.groups[1]?.entries[0]).toEqual({ index: 0, action: "grapple", icon: "fa-solid fa-hands", label: "Grapple", off: { tooltip: "Too far", aria: "WC.Hud.unavailable(Grapple|Too far)" } });
    expect(view.groups[0]?.entries[0]).toMatchObject({ target: "Scene.s.Token.o" });
    expect(view.groups[0]?.entries[0]).not.toHaveProperty("off");
    expect(view.profile.label).toBe("WC.Profile.open");
  });

  it("the open palette stays whole on the screen: level with the HUD's top, moved up from the bottom edge, to the other side near the right edge", async () => {
    const { placePalette } = await import("../../src/foundry/hooks/token-hud.ts");
    const el = document.createElement("div");
    const at = (r: { top: number; left: number; width: number; height: number }) => {
      el.getBoundingClientRect = () => ({ ...r, right: r.left + r.width, bottom: r.top + r.height, x: r.left, y: r.top, toJSON: () => ({}) });
    };
    Object.assign(window, { innerWidth: 1000, innerHeight: 600 });
    at({ top: 100, left: 300, width: 200, height: 300 });
    placePalette(el);
    expect([el.style.top, el.classList.contains("wc-hud__palette--flip")]).toEqual(["", false]);
    at({ top: 400, left: 900, width: 200, height: 300 });
    placePalette(el);
    expect([el.style.top, el.classList.contains("wc-hud__palette--flip")]).toEqual(["-108px", true]);
    at({ top: 50, left: 300, width: 200, height: 900 });
    placePalette(el);
    expect([el.style.top, el.style.maxHeight]).toEqual(["-42px", "584px"]);
    // Level with the HUD's top when the HUD starts higher than the button.
    at({ top: 192, left: 300, width: 200, height: 200 });
    placePalette(el, 60);
    expect([el.style.top, el.style.maxHeight]).toEqual(["-132px", ""]);
  });

  it("a click with a target opens the dialog and the GM carries out the grapple", async () => {
    t.world.script([[20, 8], [12, 6], [12, 2]]);
    await t.player.run(async () => {
      target(t.player, t.goblinToken);
      press(await palette(t.fighterToken), "grapple");
    });
    await t.world.settle();
    expect(t.world.dialogs).toHaveLength(1);
    expect(t.world.messages.contents[0]?.getFlag(M, "card")).toMatchObject({ resolution: { headline: { params: { part: "arm" } } } });
  });

  it("no target, several targets, or the actor itself get a notice and change nothing", async () => {
    const mark = t.world.writes.length;
    await t.player.run(async () => {
      t.player.user.targets.clear();
      press(await palette(t.fighterToken), "grapple");
      t.player.user.targets.add(t.goblinToken.object);
      t.player.user.targets.add(t.ogreToken.object);
      press(await palette(t.fighterToken), "grapple");
      target(t.player, t.fighterToken);
      press(await palette(t.fighterToken), "pummel");
    });
    await t.world.settle();
    expect(t.player.notifications.map((n) => n.message)).toEqual(["Target the creature to attack first.", "Target just one creature.", "A creature cannot act against itself."]);
    expect(t.world.writes.length).toBe(mark);
  });

  it("a target on another scene is refused", async () => {
    const other = t.world.addScene();
    const far = t.world.addToken(other, t.goblin, { linked: false });
    await t.player.run(async () => {
      target(t.player, far);
      press(await palette(t.fighterToken), "grapple");
    });
    await t.world.settle();
    expect(t.player.notifications.map((n) => n.message)).toEqual(["Both creatures must be on the same scene."]);
  });

  it("backing out of the dialog does nothing", async () => {
    t.world.onDialog = async () => null;
    await t.player.run(async () => {
      target(t.player, t.goblinToken);
      press(await palette(t.fighterToken), "grapple");
    });
    await t.world.settle();
    expect(t.world.messages.size).toBe(0);
  });
});

describe("combatant context menu", () => {
  it.each([13, 14] as const)("v%s: offers the variant's actions for combatants the user owns, through the tracker's own hook, only those the one check allows now", async (generation) => {
    t = makeTable({ world: { generation } });
    const combat = t.world.addCombat([t.fighterToken, t.goblinToken]);
    const id = (token: Table["fighterToken"]) => combat.combatants.find((c) => c.token === token)?.id ?? "";
    // Nothing targeted, no hold, standing: no action has anyone to aim at.
    expect(t.player.ui.combat.contextMenu(id(t.fighterToken)).labels).toEqual([]);
    target(t.player, t.goblinToken);
    const menu = t.player.ui.combat.contextMenu(id(t.fighterToken));
    // 000: grapple, pummel and the charge at a creature beside it; overbear needs a hold on it
    // first, break free and lift off a hold on the fighter, release a hold of its own.
    // Those the check refuses stay in the menu, marked refused (their click says why).
    const refused = (names: string[]) => names.map((n) => `${n}: refused (click for the reason)`);
    expect(menu.labels.filter((l) => l.startsWith("WC.Action."))).toEqual(["WC.Action.grapple", "WC.Action.pummel", "WC.Action.chargingOverbear"]);
    expect(menu.labels.filter((l) => !l.startsWith("WC.Action."))).toEqual(refused(["Overbear", "Break free", "Lift off", "Release hold", "Stand up"]));
    expect(t.player.ui.combat.contextMenu(id(t.goblinToken)).labels).toEqual([]);
    // The GM owns everything.
    target(t.gm, t.fighterToken);
    expect(t.gm.ui.combat.contextMenu(id(t.goblinToken)).labels.filter((l) => l.startsWith("WC.Action."))).toEqual(["WC.Action.grapple", "WC.Action.pummel", "WC.Action.chargingOverbear"]);
    t.world.script([[20, 1]]);
    menu.pick("WC.Action.grapple");
    await t.world.settle();
    expect(t.world.messages.contents[0]?.getFlag(M, "card")).toMatchObject({ resolution: { headline: { key: "WC.Result.miss" } } });
    // v14 reads the new names: no deprecation warnings.
    expect(t.world.deprecations).toEqual([]);
  });
});

describe("action dialog", () => {
  const intent = () => ({ action: "grapple" as const, attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid });
  const text = (html: string) => {
    const d = document.createElement("div");
    d.innerHTML = html;
    return (d.textContent ?? "").replace(/\s+/g, " ");
  };

  it("the odds as a picture: the chance of any hold in large type, a stacked bar, then the outcomes, best first", async () => {
    const html = await t.gm.run(() => dialogContent(intent(), { rear: false, underwater: false, toHitBonus: 0, damageBonus: 0, hitsTaken: 0 }));
    const d = document.createElement("div");
    d.innerHTML = html;
    // Needs 10 with +2 for the goblin's speed: 13 faces of 20 hit, 7 miss (35%). Every hit is a
    // hold save when the immediate d12 break roll throws it off: any hold is under 65%.
    const big = d.querySelector(".wc-odds__big")?.textContent ?? "";
    expect(Number(big.replace("%", ""))).toBeLessThan(65);
    expect(d.querySelector(".wc-odds__what")?.textContent).toBe("chance of any hold");
    const lines = [...d.querySelectorAll(".wc-odds li")].map((li) => li.textContent ?? "");
    expect(lines).toContain("35.0%Missed");
    // Holds first (the good outcomes), the miss and the grip shaken off at once last.
    expect(lines[0]).toMatch(/Hold gained/);
    expect(lines.at(-1)).not.toMatch(/Hold gained/);
    const widths = [...d.querySelectorAll<HTMLElement>(".wc-odds__seg")].map((s) => parseFloat(s.style.width));
    expect(widths.reduce((a, b) => a + b, 0)).toBeCloseTo(100, 1);
    expect(Number(big.replace("%", ""))).toBeCloseTo(lines.filter((l) => l.includes("Hold gained")).reduce((a, l) => a + parseFloat(l), 0), 0);
  });

  it("a player facing the GM's creature sees its own numbers, not the GM's, and the odds rounded", async () => {
    const html = text(await t.player.run(() => dialogContent(intent(), {})));
    // The goblin's speed (6") is the GM's number: left out; the fighter's own 12" is 0 and not listed.
    expect(html).not.toContain("Target's speed");
    expect(html).toContain("and the GM's creature's numbers (hidden)");
    expect(html).toContain("≈40%Missed");
    expect(html).not.toContain("35.0%");
    const gm = text(await t.gm.run(() => dialogContent(intent(), {})));
    expect(gm).toContain("+2 Target's speed (6\")");
    expect(gm).toContain("35.0%Missed");
    await t.gm.run(() => game.settings.set(M, "showNpcNumbers", true));
    expect(text(await t.player.run(() => dialogContent(intent(), {})))).toContain("35.0%Missed");
  });

  it("percentile: the chance to grapple is explained before the roll, term by term", async () => {
    await t.gm.run(() => game.settings.set(M, "variant", "percentile"));
    const v = (await import("../../src/rules/index.ts")).RULES_VARIANTS.percentile;
    for (const a of [t.fighter, t.goblinToken.actor]) (a.flags[M] as { profile: Record<string, unknown> }).profile.percentile = { ...v?.defaultProfile(), dexterity: 12, armor: { ad: 5, magic: 0 } };
    const html = text(await t.gm.run(() => dialogContent(intent(), {})));
    // 004: base (AD 5 + 0) x 10 = 50, the attacker's Dex 12 +12, the target's chain-class armor (AD 5) +20, its level 1 -5.
    expect(html).toContain("Grapple attack: +50 Base chance from own armor (Armor Defense 5, magic 0), +12 Attacker's Dexterity score (12), +20 Target's armor alone: Armor Defense (AD) 5, −5 Target's hit dice or level (1)");
    // And the result roll's own modifiers (reached by the trial in which the attack succeeds).
    expect(html).toMatch(/Grapple result: .*Attacker's Strength \(10\)/);
  });

  it("updates the picture as boxes change", async () => {
    await t.gm.run(() => game.settings.set(M, "showNpcNumbers", true));
    let seen = "";
    t.world.onDialog = async (d) => {
      const rear = d.form.elements.namedItem("rear") as HTMLInputElement;
      rear.checked = true;
      rear.dispatchEvent(new Event("change", { bubbles: true }));
      await t.world.settle();
      seen = d.element.querySelector(".wc-odds")?.textContent ?? "";
      return null;
    };
    await t.player.run(async () => {
      target(t.player, t.goblinToken);
      press(await palette(t.fighterToken), "grapple");
    });
    // The dialog waits for its own redraw before it answers.
    await t.world.settle();
    await t.world.settle();
    // From behind +2: 15 faces hit -> miss 25.0%.
    expect(seen).toContain("25.0%");
  });

  it("players do not see odds when the GM keeps them", async () => {
    await t.gm.run(() => game.settings.set(M, "oddsAudience", "gm"));
    const intent = { action: "grapple" as const, attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid };
    expect(await t.player.run(() => dialogContent(intent, {}))).not.toContain("%");
    expect(await t.gm.run(() => dialogContent(intent, {}))).toContain("%");
  });

  it("reads the boxes back as typed; a number out of its range is an error, never changed into another", async () => {
    const form = document.createElement("form");
    form.innerHTML = `<input type="checkbox" name="rear" checked><input type="number" name="toHitBonus" value="99"><select name="firstStrike"><option value="hit" selected>hit</option></select>`;
    const list = d12.d12Variant.situational("chargingOverbear");
    expect(await t.gm.run(() => readDeclared(form, list))).toEqual({ rear: true, underwater: false, firstStrike: "hit" });
    const read = await t.gm.run(() => readForm(form, list));
    expect(read.errors).toEqual({ toHitBonus: "A whole number from −10 to 10" });
    (form.elements.namedItem("toHitBonus") as HTMLInputElement).value = "-3";
    expect((await t.gm.run(() => readForm(form, list))).declared.toHitBonus).toBe(-3);
  });
});

describe("chat card buttons", () => {
  async function grappled(): Promise<FakeChatMessage> {
    t.world.script([[20, 15], [12, 8], [12, 4], [3, 3]]);
    await t.gm.run(() => act({ action: "grapple", attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid, declared: {} }));
    return t.world.messages.contents[0] as FakeChatMessage;
  }
  function render(message: FakeChatMessage): HTMLElement {
    const html = document.createElement("li");
    html.innerHTML = message.content;
    document.body.append(html);
    bindCard(message as never, html);
    return html;
  }
  /** The buttons this client sees on a rendered card, by label. */
  const visible = (html: HTMLElement) => [...html.querySelectorAll<HTMLButtonElement>("button")].filter((b) => !b.hidden).map((b) => b.textContent);

  it("the GM's Undo restores hit points and removes the hold; players do not see it", async () => {
    const message = await grappled();
    expect(hp(t.fighter)).toBe(29);
    const playerView = await t.player.run(async () => render(message));
    expect(playerView.querySelector<HTMLButtonElement>('[data-wc-action="undo"]')?.hidden).toBe(true);
    await t.gm.run(async () => render(message).querySelector<HTMLButtonElement>('[data-wc-action="undo"]')?.click());
    await t.world.settle();
    expect(hp(t.fighter)).toBe(30);
    expect(t.fighter.getFlag(M, "temporary")).toBe(0);
    expect([...t.fighter.effects]).toEqual([]);
    expect([...t.ogreToken.actor.effects]).toEqual([]);
    expect(message.getFlag(M, "card")).toMatchObject({ state: "undone" });
  });

  it("who sees the button: Break free to the held creature's player, Release and Declare overbear to the holder's GM, and to nobody once the hold is gone", async () => {
    const message = await grappled();
    const gmView = await t.gm.run(async () => render(message));
    expect(t.gm.run(() => visible(gmView))).toEqual(["Release hold", "Declare overbear", "Undo", "Adjust temporary damage: Fighter"]);
    gmView.remove();
    // The player's chat log (this test's one document stands for the player's screen).
    const playerView = await t.player.run(async () => render(message));
    expect(t.player.run(() => visible(playerView))).toEqual(["Break free"]);
    // The ogre lets go: the card already in the player's log loses its button.
    await t.gm.run(() => act({ action: "release", attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid, declared: {} }));
    await t.world.settle();
    expect(t.player.run(() => visible(playerView))).toEqual([]);
    playerView.remove();
    // And a card drawn afresh shows none either, to anyone.
    expect(t.player.run(() => visible(render(message)))).toEqual([]);
    expect(t.gm.run(() => visible(render(message)))).toEqual(["Undo", "Adjust temporary damage: Fighter"]);
    document.body.replaceChildren();
  });

  it("a button pressed after its hold ended says so and changes nothing", async () => {
    const message = await grappled();
    const playerView = await t.player.run(async () => render(message));
    const button = playerView.querySelector<HTMLButtonElement>('[data-wc-follow="breakFree"]') as HTMLButtonElement;
    // The hold goes without any hook reaching this card (a client that missed the update): the
    // GM removes a half by hand, which ends the hold (out of the ledger, its twin with it).
    const half = [...t.ogreToken.actor.effects].find((e) => e.getFlag(M, "hold"));
    await t.gm.run(() => half?.delete());
    await t.world.settle();
    const mark = t.world.messages.size;
    await t.player.run(async () => button.click());
    await t.world.settle();
    expect(t.player.notifications.at(-1)?.message).toBe("That hold has already ended.");
    expect(t.world.messages.size).toBe(mark);
    playerView.remove();
  });

  it("percentile offers the held creature a Counter grapple; grapple-die has no Declare overbear", async () => {
    for (const [variant, faces, expected] of [
      // Variables d6 1, d4 4; chance d100 1; result d100 50 -> a hold.
      ["percentile", [[6, 1], [4, 4], [100, 1], [100, 50]], ["Break free", "Counter grapple"]],
      // d20 20 hits; grapple die 15 -> a hold (project table) doing 1d3 at once: 1.
      ["grapple-die", [[20, 20], [20, 15], [3, 1]], ["Break free", "Counter grapple"]],
    ] as const) {
      const u = makeTable();
      await u.gm.run(() => game.settings.set(M, "variant", variant as never));
      const v = (await import("../../src/rules/index.ts")).RULES_VARIANTS[variant];
      for (const a of [u.fighter, u.goblin, u.ogre]) (a.flags[M] as { profile: Record<string, unknown> }).profile[variant] = v?.defaultProfile();
      u.world.script(faces.map((f) => [...f]) as Array<[number, number]>);
      await u.gm.run(() => act({ action: "grapple", attackerUuid: u.goblinToken.uuid, defenderUuid: u.fighterToken.uuid, declared: variant === "grapple-die" ? { freeAttack: "harmless" } : { defense: "none" } }));
      const message = u.world.messages.contents.find((m) => m.getFlag(M, "card")) as FakeChatMessage;
      expect((message.getFlag(M, "card") as { consequences: { holdsAdded: unknown[] } } | undefined)?.consequences.holdsAdded, variant).toHaveLength(1);
      const html = u.player.run(() => {
        const el = document.createElement("li");
        el.innerHTML = message.content;
        bindCard(message as never, el);
        return el;
      });
      expect(u.player.run(() => visible(html)), variant).toEqual([...expected]);
      expect(message.content).not.toContain("Declare overbear");
    }
  });

  it("a refused action tells the user why in a notice and posts no card", async () => {
    const dull = t.world.addActor("Zombie", { attributes: { hp: { value: 10, max: 10 } } }, { [t.alice.id]: 3 });
    dull.flags[M] = { profile: { "d12-holds": d12Profile({ kind: "monster", intelligence: "non", pummelLimbs: 1 }) } };
    const zombie = t.world.addToken(t.fighterToken.parent, dull, { linked: false });
    const mark = t.world.writes.length;
    const out = await t.player.run(() => act({ action: "pummel", attackerUuid: zombie.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }));
    expect(out).toMatchObject({ kind: "refused", key: "WC.Refuse.byRules" });
    expect(t.player.notifications.at(-1)?.message).toBe("Pummel is not possible: Too dim-witted to fight with fists.");
    await t.world.settle();
    // Only the request card came and went (the GM wrote the reason on it; the player, told, took
    // it away): no result card, nothing applied, nothing to undo.
    expect(t.world.messages.contents.filter((m) => m.getFlag(M, "card"))).toEqual([]);
    expect(t.world.messages.size).toBe(0);
    expect(t.world.writes.slice(mark).map((w) => `${w.op} ${w.documentName}`)).toEqual(["create ChatMessage", "update ChatMessage", "delete ChatMessage"]);
    // The GM's own refused action: a notice on the GM's screen, no card either.
    await t.gm.run(() => act({ action: "pummel", attackerUuid: zombie.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }));
    expect(t.gm.notifications.at(-1)?.message).toBe("Pummel is not possible: Too dim-witted to fight with fists.");
    expect(t.world.messages.size).toBe(0);
  });

  it("the GM's creature's numbers are hidden from players, a player's own are shown to them; totals go with them", async () => {
    // The ogre (the GM's) grapples the fighter (Alice's): the to-hit carries the ogre's speed (9") and the fighter's (12").
    const message = await grappled();
    const shown = (client: Table["gm"]) =>
      client.run(() => {
        const html = render(message);
        const roll = html.querySelector(".wc-roll") as HTMLElement;
        const out = [...roll.querySelectorAll<HTMLElement>(".wc-roll__mods li, .wc-roll__total, .wc-roll__against, .wc-roll__hidden")].filter((e) => !e.hidden).map((e) => (e.textContent ?? "").replace(/\s+/g, " ").trim());
        html.remove();
        return out;
      });
    // The fighter's own 12" gives 0 and is not listed; the ogre's -1 for 9" is hidden, and so are
    // the total (14 would give it away) and the number needed.
    expect(await shown(t.player)).toEqual(["and the GM's creature's numbers (hidden)"]);
    // (The total and target lead; the modifiers follow, folded under them.)
    expect(await shown(t.gm)).toEqual(["−1 = 14", "needs 10: THAC0 15 − AC 5", "−1 Attacker's speed (9\")"]);
    await t.gm.run(() => game.settings.set(M, "showNpcNumbers", true));
    expect(await shown(t.player)).toEqual(["−1 = 14", "needs 10: THAC0 15 − AC 5", "−1 Attacker's speed (9\")"]);
    await t.gm.run(() => game.settings.set(M, "showNpcNumbers", false));
    // The fighter grapples the ogre: the fighter's player sees the fighter's own numbers.
    const p = t.fighter.flags[M] as { profile: Record<string, Record<string, unknown>> };
    t.fighter.flags[M] = { ...p, profile: { ...p.profile, "d12-holds": { ...p.profile["d12-holds"], strength: { score: 17 } } } };
    t.world.script([[12, 11]]);
    await t.gm.run(() => act({ action: "breakFree", attackerUuid: t.fighterToken.uuid, defenderUuid: t.ogreToken.uuid, declared: {} }));
    t.world.script([[20, 15], [12, 8], [12, 4]]);
    await t.player.run(() => act({ action: "grapple", attackerUuid: t.fighterToken.uuid, defenderUuid: t.ogreToken.uuid, declared: {} }));
    const mine = t.world.messages.contents.at(-1) as FakeChatMessage;
    const html = await t.player.run(async () => render(mine));
    const texts = [...html.querySelectorAll<HTMLElement>(".wc-roll")][0];
    const visibleText = [...(texts?.querySelectorAll<HTMLElement>("li, span, p") ?? [])].filter((e) => !e.hidden && !e.closest("[hidden]")).map((e) => e.textContent?.trim());
    expect(visibleText).toContain("+1 Strength");
    expect(visibleText).not.toContain("+1 Target's speed (9\")");
    html.remove();
  });

  it("with 'GM confirms' nothing changes until the GM applies, and applying twice changes nothing more", async () => {
    await t.gm.run(() => game.settings.set(M, "automation", "confirm"));
    const message = await grappled();
    expect(hp(t.fighter)).toBe(30);
    expect(message.content).toContain("Waiting for the GM");
    await t.gm.run(async () => render(message).querySelector<HTMLButtonElement>('[data-wc-action="apply"]')?.click());
    await t.world.settle();
    expect(hp(t.fighter)).toBe(29);
    const { handleCardAction } = await import("../../src/foundry/cards/kinds.ts");
    expect(await t.gm.run(() => handleCardAction(message as never, "apply"))).toEqual({ kind: "duplicate" });
    expect(hp(t.fighter)).toBe(29);
    expect(await t.player.run(() => handleCardAction(message as never, "undo"))).toMatchObject({ kind: "refused", key: "WC.Refuse.notGM" });
  });

  it("with 'manual' the card lists what is due and applies nothing", async () => {
    await t.gm.run(() => game.settings.set(M, "automation", "manual"));
    const message = await grappled();
    expect(hp(t.fighter)).toBe(30);
    expect(message.content).toContain("Fighter takes 3 damage (1 real, 2 temporary)");
    expect(message.content).toContain("For the GM to apply by hand");
  });

  it("the held creature's Break free button rolls its break", async () => {
    const message = await grappled();
    // Ogre (L) on fighter (M): adjustment +1, so the fighter rolls d12 - 1 against 10: 11 breaks.
    t.world.script([[12, 11]]);
    await t.player.run(async () => render(message).querySelector<HTMLButtonElement>('[data-wc-follow="breakFree"]')?.click());
    await t.world.settle();
    await t.world.settle();
    expect([...t.fighter.effects].filter((e) => e.getFlag(M, "hold"))).toEqual([]);
  });
});

describe("profile form and rule options", () => {
  it("saves a checked profile and refuses a bad one", async () => {
    t.world.onDialog = async (d) => {
      (d.form.elements.namedItem("size") as HTMLSelectElement).value = "L";
      (d.form.elements.namedItem("movement") as HTMLInputElement).value = "9";
      return d.press("save");
    };
    await t.player.run(() => openProfileForm(t.fighter as never));
    expect(t.fighter.getFlag(M, "profile")).toMatchObject({ "d12-holds": { size: "L", movement: 9 } });
    t.world.onDialog = async (d) => {
      (d.form.elements.namedItem("movement") as HTMLInputElement).value = "-3";
      return d.press("save");
    };
    await t.player.run(() => openProfileForm(t.fighter as never));
    expect(t.fighter.getFlag(M, "profile")).toMatchObject({ "d12-holds": { movement: 9 } });
    expect(t.player.notifications.at(-1)?.message).toMatch(/Land movement/);
  });

  it("blank optional fields drop out of the profile", () => {
    const form = document.createElement("form");
    form.innerHTML = `<input name="normalAc" value=""><input name="shield.plus" value="">`;
    const fields = d12.D12_PROFILE_FIELDS.filter((f) => f.path === "normalAc" || f.path === "shield.plus");
    expect(profileFromForm(form, fields, { normalAc: 4, shield: { plus: 1 } })).toEqual({});
    expect(profileFromForm(form, fields, { normalAc: 4, shield: null })).toEqual({ shield: null });
  });

  it("the GM changes a rule option in the settings menu's window; players cannot", async () => {
    await t.gm.run(() => openRuleOptions());
    await submitWindow(t.gm, "rule-options", (form) => ((form.elements.namedItem("armorMagicInGrappleAc") as HTMLInputElement).checked = true));
    expect(t.world.settingValues.get(`${M}.ruleOptions`)).toEqual({ "d12-holds": { armorMagicInGrappleAc: true } });
    // Saved: the window closed itself.
    expect(t.gm.windows).toEqual([]);
    await t.player.run(() => openRuleOptions());
    expect(t.player.notifications.at(-1)?.message).toBe("Only a GM may do that.");
  });

  it("the variant cannot change while holds are in place in a combat", async () => {
    t.world.addCombat([t.fighterToken, t.goblinToken]);
    t.world.script([[20, 8], [12, 6], [12, 2]]);
    await t.gm.run(() => act({ action: "grapple", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }));
    await t.gm.run(() => game.settings.set(M, "variant", "percentile"));
    expect(await t.gm.run(async () => game.settings.get(M, "variant"))).toBe("d12-holds");
    expect(t.gm.notifications.at(-1)?.message).toBe("Finish or end the holds in combat before switching rules.");
    await t.gm.run(() => act({ action: "release", attackerUuid: t.fighterToken.uuid, defenderUuid: t.goblinToken.uuid, declared: {} }));
    await t.gm.run(() => game.settings.set(M, "variant", "percentile"));
    expect(await t.gm.run(async () => game.settings.get(M, "variant"))).toBe("percentile");
  });
});

describe("the GM adjusts temporary damage from a card", () => {
  it("changes only what the GM changes, one update per creature", async () => {
    t.world.script([[20, 15], [12, 8], [12, 4], [3, 3]]);
    await t.gm.run(() => act({ action: "grapple", attackerUuid: t.ogreToken.uuid, defenderUuid: t.fighterToken.uuid, declared: {} }));
    const message = t.world.messages.contents[0] as FakeChatMessage;
    expect(t.fighter.getFlag(M, "temporary")).toBe(2);
    t.world.onDialog = async (d) => {
      (d.form.elements.namedItem(`temporary.${t.fighterToken.uuid}`) as HTMLInputElement).value = "0";
      return d.press("save");
    };
    const mark = t.world.writes.length;
    await t.gm.run(async () => {
      const html = document.createElement("li");
      html.innerHTML = message.content;
      bindCard(message as never, html);
      html.querySelector<HTMLButtonElement>('[data-wc-action="ledger"]')?.click();
    });
    await t.world.settle();
    expect(t.fighter.getFlag(M, "temporary")).toBe(0);
    // The fighter is a player's: the GM's value is kept on the scene too (documents/marks.ts, issue 33).
    expect(t.world.writes.slice(mark).map((w) => `${w.op} ${w.documentName}`)).toEqual(["update Actor", "update Scene"]);
  });
});
