/**
 * Dice So Nice (an optional module): once it is ready on the active GM's tab, its "all of a
 * message's rolls at once" is turned off, once per world, so a card's dice land in order
 * (cards/dice-so-nice.ts). Without Dice So Nice its hook never fires.
 */
import { MODULE_ID } from "../base/constants.ts";
import { orderDiceOnce } from "../cards/dice-so-nice.ts";

export function listen(): void {
  Hooks.once("diceSoNiceReady" as never, (() => {
    orderDiceOnce().catch((e: unknown) => console.warn(`${MODULE_ID} | Dice So Nice's roll order`, e));
  }) as never);
}
