// In a real Chromium, with the keyboard alone: a key the GM bound in Configure Controls opens the
// weaponless palette of the controlled ogre (its first entry focused), the arrow keys reach
// Grapple, Enter opens the action dialog (focus inside it), Escape backs out of it and of the
// palette, and Enter rolls: a result card is posted. The module runs on the fake Foundry the
// shell's tests use (one tab, the GM's), drawn in this page; keys are real key presses
// (Playwright's keyboard through Vitest's userEvent), each one dispatched as Foundry dispatches
// a bound key (docs/foundry-contract.md C-101 to C-104).
import { page, userEvent } from "vitest/browser";
import { expect, it } from "vitest";
import look from "../../scripts/shots/foundry-look.css?raw";
import moduleCss from "../../styles/weaponless-combat.css?raw";
import { registerHooks } from "../../src/foundry/hooks/index.ts";
import { keyboardDialogs } from "../fake-foundry/dialog-keys.ts";
import { keysOf } from "../fake-foundry/keybindings.ts";
import { FakeWorld } from "../fake-foundry/world.ts";
import { d12Profile } from "../shell/setup.ts";

const M = "weaponless-combat";

async function until(what: string, test: () => boolean): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (test()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`${what} did not happen`);
}

const focused = () => document.activeElement as HTMLElement | null;

it("a bound key opens the palette; arrows, Enter and Escape carry a grapple from it to a posted card", async () => {
  await page.viewport(900, 640);
  const style = document.createElement("style");
  // The HUD stands where Foundry would draw it beside a token; the palette opens from it.
  style.textContent = `${look}\n${moduleCss}\n#token-hud { position: absolute; left: 80px; top: 60px; width: 100px; height: 100px; display: flex; justify-content: space-between; }`;
  document.head.append(style);
  document.body.className = "theme-dark";

  const world = new FakeWorld();
  const gmUser = world.addUser("Gamemaster", true);
  const gm = world.connect(gmUser, registerHooks);
  const scene = world.addScene();
  const hp = (n: number) => ({ attributes: { hp: { value: n, max: n } } });
  const ogre = world.addActor("Ogre", hp(20));
  const fighter = world.addActor("Fighter", hp(30));
  ogre.flags[M] = { profile: { "d12-holds": d12Profile({ kind: "monster", size: "L", movement: 9, pummelLimbs: 1, toHit: { kind: "thac0", thac0: 15 } }) } };
  fighter.flags[M] = { profile: { "d12-holds": d12Profile() } };
  const ogreToken = world.addToken(scene, ogre);
  const fighterToken = world.addToken(scene, fighter);
  // Every die at its highest face: the grapple hits and holds.
  world.fallbackFace = (sides) => sides;
  keyboardDialogs(world, document);
  const { keybindings, hud } = keysOf(gm);

  // Unbound until the GM binds it (Configure Controls); then Foundry runs it on a key press
  // with nothing else focused, as here: a keydown on the page goes to game.keybindings.
  expect(keybindings.get(M, "palette")).toEqual([]);
  keybindings.set(M, "palette", [{ key: "KeyG", modifiers: ["Shift"] }]);
  const dispatch = (event: KeyboardEvent) => {
    if (event.target !== document.body) return;
    const mods = [event.shiftKey && "Shift", event.ctrlKey && "Control", event.altKey && "Alt"].filter((m): m is string => typeof m === "string");
    if (keybindings.press(event.code, mods)) event.preventDefault();
  };
  document.addEventListener("keydown", dispatch);
  gm.run(() => {
    gm.canvas.tokens.controlled = [{ document: ogreToken }];
    gmUser.targets.add(fighterToken.object);
  });

  const openPalette = async () => {
    (document.activeElement as HTMLElement | null)?.blur();
    await userEvent.keyboard("{Shift>}G{/Shift}");
    await until("the palette opening with an entry focused", () => focused()?.getAttribute("role") === "menuitem");
  };
  await openPalette();
  expect(hud.binds).toBe(1);
  const palette = document.querySelector<HTMLElement>(".wc-hud__palette");
  expect(palette?.hidden).toBe(false);
  // Focus starts on the first entry; the arrows walk the entries in order (wrapping at the end).
  const entries = [...(palette?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  expect(focused()).toBe(entries[0]);
  await userEvent.keyboard("{ArrowUp}");
  expect(focused()).toBe(entries.at(-1));
  await userEvent.keyboard("{Home}");
  expect(focused()).toBe(entries[0]);
  for (let i = 0; i < entries.length && focused()?.dataset.wcAction !== "grapple"; i++) await userEvent.keyboard("{ArrowDown}");
  expect(focused()?.dataset.wcAction).toBe("grapple");
  // Every entry has a name a screen reader says.
  for (const e of entries) expect((e.getAttribute("aria-label") ?? e.textContent ?? "").trim()).not.toBe("");
  await page.screenshot({ path: "keyboard-palette.png", element: palette as HTMLElement });

  // Enter: the action's dialog, focus inside it; Escape backs out, and nothing is posted.
  await userEvent.keyboard("{Enter}");
  await until("the grapple dialog", () => document.querySelector("[data-fake-dialog]") !== null);
  expect(document.querySelector("[data-fake-dialog]")?.contains(focused())).toBe(true);
  // The odds picture is named in words (its chance), not by its colours alone; every field has its label.
  expect(document.querySelector(".wc-odds__bar")?.getAttribute("aria-label")).toMatch(/^Chances: \d+(\.\d)?% chance of any hold$/);
  for (const input of document.querySelectorAll<HTMLInputElement>("[data-fake-dialog] input")) expect(document.querySelector(`label[for="${input.id}"]`)?.textContent?.trim()).not.toBe("");
  await userEvent.keyboard("{Escape}");
  await until("the dialog closing", () => document.querySelector("[data-fake-dialog]") === null);
  expect(world.messages.contents.filter((m) => m.getFlag(M, "card" as never))).toHaveLength(0);

  // Escape on an open palette closes it and gives the focus back to its button.
  await openPalette();
  await userEvent.keyboard("{Escape}");
  expect(document.querySelector<HTMLElement>(".wc-hud__palette")?.hidden).toBe(true);
  expect(focused()?.hasAttribute("data-wc-palette-toggle")).toBe(true);
  expect(focused()?.getAttribute("aria-expanded")).toBe("false");

  // Again, and this time Enter rolls (the dialog's default button): the card is posted.
  await openPalette();
  for (let i = 0; i < entries.length + 2 && focused()?.dataset.wcAction !== "grapple"; i++) await userEvent.keyboard("{ArrowDown}");
  await userEvent.keyboard("{Enter}");
  await until("the grapple dialog", () => document.querySelector("[data-fake-dialog]") !== null);
  await page.screenshot({ path: "keyboard-dialog.png", element: document.querySelector<HTMLElement>("[data-fake-dialog]") as HTMLElement });
  await userEvent.keyboard("{Enter}");
  await until("a result card", () => world.messages.contents.some((m) => m.getFlag(M, "card" as never)));
  const card = world.messages.contents.find((m) => m.getFlag(M, "card" as never));
  expect(card?.author.isGM).toBe(true);
  expect((card?.getFlag(M, "card" as never) as { intent: { action: string; attackerUuid: string; defenderUuid: string } }).intent).toMatchObject({ action: "grapple", attackerUuid: ogreToken.uuid, defenderUuid: fighterToken.uuid });
  document.removeEventListener("keydown", dispatch);
});
