/**
 * What the GM's writes left on a player's creature (out cold, temporary damage) kept true: the
 * listeners. Each change is looked at on the active GM's client, whoever made it, and queued as
 * the GM's work behind the rest (gm/creature-guard.ts says what each does).
 */
import { gmWork } from "../gm/queue.ts";
import { keepMarksOfCombat, onActorChanged, onOutColdTouched, onUnconsciousMadeByGM, temporaryDiffers } from "../gm/creature-guard.ts";
import { meansUnconscious } from "../documents/statuses.ts";
import { outColdByGM } from "../documents/marks.ts";

function isActiveGM(): boolean {
  return game.users.activeGM?.isSelf === true;
}

function queue(job: () => Promise<unknown>): void {
  if (isActiveGM()) void gmWork(job).catch((e: unknown) => console.error("weaponless-combat | keeping a creature's marks failed", e));
}

/** An effect's creature while the GM's writes say it is out cold and the effect shows (or showed) it so. */
function outColdOf(effect: ActiveEffect.Implementation): Actor.Implementation | null {
  const actor = effect.parent as Actor.Implementation | null;
  if (!actor || actor.documentName !== "Actor" || !meansUnconscious(effect.statuses) || !outColdByGM(actor)) return null;
  return actor;
}

export function listen(): void {
  Hooks.on("deleteActiveEffect", (effect, options, userId) => {
    const actor = isActiveGM() ? outColdOf(effect as ActiveEffect.Implementation) : null;
    if (actor) queue(() => onOutColdTouched(actor, userId as string, options));
  });
  Hooks.on("updateActiveEffect", (effect, _changed, options, userId) => {
    const actor = isActiveGM() ? outColdOf(effect as ActiveEffect.Implementation) : null;
    if (actor) queue(() => onOutColdTouched(actor, userId as string, options));
  });
  Hooks.on("createActiveEffect", (effect, _options, userId) => {
    if (!isActiveGM() || game.users.get(userId as string)?.isGM !== true) return;
    const e = effect as ActiveEffect.Implementation;
    const actor = e.parent as Actor.Implementation | null;
    if (actor && meansUnconscious(e.statuses)) queue(() => onUnconsciousMadeByGM(actor));
  });
  Hooks.on("updateActor", (actor, _changed, options, userId) => {
    const a = actor as Actor.Implementation;
    if (isActiveGM() && temporaryDiffers(a)) queue(() => onActorChanged(a, userId as string, options));
  });
  Hooks.on("deleteCombat", (combat) => queue(() => keepMarksOfCombat(combat as Combat.Implementation)));
}
