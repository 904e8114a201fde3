/**
 * Holds kept whole and true, and clocks that end with their combat: the listeners. Each change
 * is looked at on the active GM's client, whoever made it (document hooks reach every client,
 * with the user who made the change), and what it calls for is queued as the GM's work
 * (gm/hold-guard.ts says what each does).
 */
import { gmWork } from "../gm/queue.ts";
import { clocksGone, onEffectsCreated, onEffectUpdated, onHalfDeleted, onTokensGone, onTokenUpdated, removeEffects } from "../gm/hold-guard.ts";
import { storedHold } from "../documents/holds.ts";
import { askAboutCombatant } from "../ui/combatant-removed.ts";

function isActiveGM(): boolean {
  return game.users.activeGM?.isSelf === true;
}

function queue(job: () => Promise<unknown>): void {
  if (isActiveGM()) void gmWork(job).catch((e: unknown) => console.error("weaponless-combat | keeping holds whole failed", e));
}

/** The clean-up waits its turn behind the GM's other work (one piece at a time: gm/queue.ts). */
function tokensGone(tokens: readonly TokenDocument.Implementation[], combats: readonly Combat.Implementation[]): void {
  if (tokens.length === 0) return;
  queue(() => onTokensGone(tokens));
  const ending = clocksGone(combats, tokens);
  if (ending.length > 0) queue(() => removeEffects(ending));
}

export function listen(): void {
  Hooks.on("deleteActiveEffect", (effect, options, userId) => queue(() => onHalfDeleted(effect as ActiveEffect.Implementation, options, userId as string)));
  Hooks.on("updateActiveEffect", (effect, _changed, _options, userId) => queue(() => onEffectUpdated(effect as ActiveEffect.Implementation, userId as string)));
  // Effects made in one request arrive one hook each, in one go: looked at together.
  let made: Array<{ effect: ActiveEffect.Implementation; userId: string }> = [];
  Hooks.on("createActiveEffect", (effect, _options, userId) => {
    if (!isActiveGM()) return;
    made.push({ effect: effect as ActiveEffect.Implementation, userId: userId as string });
    if (made.length > 1) return;
    queue(() => {
      const batch = made;
      made = [];
      return onEffectsCreated(batch);
    });
  });
  Hooks.on("updateToken", (token, changed, _options, userId) => queue(() => onTokenUpdated(token as TokenDocument.Implementation, changed, userId as string)));
  Hooks.on("deleteToken", (token) => tokensGone([token as TokenDocument.Implementation], [...game.combats]));
  Hooks.on("deleteCombatant", (combatant, _options, userId) => {
    const c = combatant as Combatant.Implementation;
    const token = c.token as TokenDocument.Implementation | null;
    const combat = c.parent as Combat.Implementation | null;
    if (!token || !isActiveGM()) return;
    // A player taking their own creature out of a fight it is held in: the GM decides.
    const inHold = [...((token.actor as Actor.Implementation | null)?.effects ?? [])].some((e) => storedHold(e) !== undefined);
    if (inHold && combat && game.users.get(userId as string)?.isGM !== true) {
      void askAboutCombatant(c, combat, userId as string).catch((e: unknown) => console.error("weaponless-combat | putting a combatant back failed", e));
      return;
    }
    tokensGone([token], combat ? [combat] : []);
  });
  Hooks.on("deleteCombat", (combat) => {
    const c = combat as Combat.Implementation;
    const tokens = [...c.combatants].map((x) => x.token as TokenDocument.Implementation | null).filter((t): t is TokenDocument.Implementation => !!t);
    tokensGone(tokens, [c]);
  });
}
