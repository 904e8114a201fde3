/** The end of each round, on the active GM's client only; finishing one no GM heard of. */
import { gmWork } from "../gm/queue.ts";
import { catchUpRounds, processRoundEnd } from "../cards/round-card.ts";

/** A run cut short is finished on the next start (hooks/requests.ts finishes every half-written card); say why it stopped. */
function report(error: unknown): void {
  console.error("weaponless-combat | end of round interrupted", error);
}

function isActiveGM(): boolean {
  return game.users.activeGM?.isSelf === true;
}

export function listen(): void {
  Hooks.on("updateCombat", (combat, changed) => {
    const round = (changed as { round?: unknown }).round;
    if (typeof round !== "number" || !isActiveGM()) return;
    gmWork(() => processRoundEnd(combat as Combat.Implementation, round - 1)).catch(report);
  });
  Hooks.once("ready", () => {
    if (!isActiveGM()) return;
    gmWork(() => catchUpRounds()).catch(report);
  });
}
