/**
 * A result card in each of its states, for each rule set: waiting for the GM ("GM confirms"),
 * applied by the GM's Apply, taken back by Undo, and left to the GM's hand ("manual"); and, for
 * d12-holds, a flier held by an arm lifting off, its card and its HUD.
 */
import { handleCardAction } from "../../src/foundry/cards/kinds.ts";
import { act } from "../../src/foundry/cards/request-card.ts";
import type { FakeChatMessage } from "../../test/fake-foundry/world.ts";
import { M } from "../../test/shell/setup.ts";
import { grappleUntilHeld, HOLD_DICE, override } from "./dialogs.ts";
import type { Collected, Lang, Scene, Variant } from "./scenes.ts";
import { both, card, dice, hud, intent, table } from "./scenes.ts";

export async function stateScenes(scenes: Scene[], variant: Variant, lang: Lang): Promise<void> {
  const out: Collected = { scenes, lang };
  const t = await table(variant, lang);
  const { fighterToken: fighter, ogreToken: ogre } = t;
  const faces = HOLD_DICE[variant][0] ?? {};
  // GM confirms: the player's grapple waits on its card for the GM's Apply.
  await t.gm.run(() => game.settings.set(M, "automation", "confirm"));
  dice(t, faces);
  const [pending] = await card(out, t, variant, "card-pending", "A result waiting for the GM", () => t.player.run(() => act(intent("grapple", fighter, ogre))));
  if (pending) {
    await t.gm.run(() => handleCardAction(pending as never, "apply"));
    await t.world.settle();
    both(out, t, variant, "card-applied", "The GM applied it", [pending]);
    await t.gm.run(() => handleCardAction(pending as never, "undo"));
    await t.world.settle();
    both(out, t, variant, "card-undone", "The GM undid it", [pending]);
  }
  // Manual: the card says what to do; the GM does it by hand.
  await t.gm.run(() => game.settings.set(M, "automation", "manual"));
  dice(t, faces);
  await card(out, t, variant, "card-manual", "A result the GM applies by hand", () => t.player.run(() => act(intent("grapple", fighter, ogre))));
  await t.gm.run(() => game.settings.set(M, "automation", "automatic"));
  if (variant === "d12-holds") await liftOff(out, variant, lang);
}

/** d12-holds: the fighter, flying by magic, held by the ogre, lifts off. */
async function liftOff(out: Collected, variant: Variant, lang: Lang): Promise<void> {
  const t = await table(variant, lang);
  const { fighterToken: fighter, ogreToken: ogre } = t;
  override(fighter, variant, { flight: "magic" });
  if (!(await grappleUntilHeld(t, variant, ogre, fighter))) return;
  await hud(out, variant, t.player, "player", "hud-held-flier", fighter);
  dice(t, { 12: [11] });
  const made: FakeChatMessage[] = await card(out, t, variant, "lift-off", "The held fighter lifts off", () => t.player.run(() => act(intent("liftOff", fighter, ogre))));
  void made;
}
