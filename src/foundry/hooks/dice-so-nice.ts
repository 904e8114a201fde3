/**
 * Dice So Nice (an optional module): once it is ready on the active GM's tab, its "all of a
 * message's rolls at once" is turned off, once per world, so a card's dice land in order; and on
 * every tab each throw of a card is shown in its thrower's owner's dice (cards/dice-so-nice.ts).
 * Without Dice So Nice its hooks never fire.
 */
import { MODULE_ID } from "../base/constants.ts";
import { orderDiceOnce, throwerAppearance } from "../cards/dice-so-nice.ts";

export function listen(): void {
  Hooks.on("diceSoNiceRollStart" as never, ((messageId: unknown, context: { roll?: unknown; user?: unknown }) => throwerAppearance(messageId, context)) as never);
  Hooks.once("diceSoNiceReady" as never, (() => {
    orderDiceOnce().catch((e: unknown) => console.warn(`${MODULE_ID} | Dice So Nice's roll order`, e));
  }) as never);
}
