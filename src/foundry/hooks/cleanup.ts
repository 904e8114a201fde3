/**
 * Holds kept whole and true, and clocks that end with their combat: the listeners. Each change
 * is looked at on the active GM's client, whoever made it (document hooks reach every client,
 * with the user who made the change), and what it calls for is queued as the GM's work
 * (gm/hold-guard.ts says what each does). A creature's hold effects are rebuilt from the ledger
 * once however many of its effects one request touched (`scheduleRebuild`).
 */
import { gmWork } from "../gm/queue.ts";
import { claimsHold, clocksGone, inLedger, madeTwice, onEffectsCreated, onEffectUpdated, onHalfDeletedByGM, onTokensGone, onTokenUpdated, pairHandledBy, removeEffects, scheduleRebuild } from "../gm/hold-guard.ts";
import { storedHold } from "../documents/holds.ts";
import { ledgerEntries } from "../documents/ledger.ts";
import { tabState } from "../base/tab.ts";
import { MODULE_ID } from "../base/constants.ts";
import { askAboutCombatant } from "../ui/combatant-removed.ts";
import { askAboutToken } from "../ui/token-removed.ts";

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

/** Whether a GM's write is the hold guard's own repair (nothing to look at again). */
function ownRepair(options: unknown, userId: string | undefined): boolean {
  const o = (options as Record<string, unknown> | undefined)?.[MODULE_ID];
  return game.users.get(userId ?? "")?.isGM === true && typeof o === "object" && o !== null && (o as Record<string, unknown>).repair === true;
}

/** Whether a change to this effect may touch a hold: it claims to be a half, or its creature is in one the ledger keeps. */
function touchesHolds(effect: ActiveEffect.Implementation): boolean {
  return claimsHold(effect) || inLedger(effect.parent as Actor.Implementation | null);
}

/** Whether the ledger keeps a hold of this token's (as held or holder). */
function tokenInHold(token: TokenDocument.Implementation): boolean {
  return ledgerEntries().some((k) => k.hold.record.heldId === token.uuid || k.hold.record.holderId === token.uuid);
}

export function listen(): void {
  Hooks.on("deleteActiveEffect", (effect, options, userId) => {
    if (!isActiveGM() || pairHandledBy(options, userId as string)) return;
    const e = effect as ActiveEffect.Implementation;
    const actor = e.parent as Actor.Implementation | null;
    if (!actor || !touchesHolds(e)) return;
    // A GM removing a half by hand ends that hold; anyone else's removal is rebuilt from the ledger.
    if (game.users.get(userId as string)?.isGM === true && storedHold(e)) queue(() => onHalfDeletedByGM(e));
    else scheduleRebuild(actor, userId as string);
  });
  Hooks.on("updateActiveEffect", (effect, _changed, options, userId) => {
    if (!isActiveGM() || ownRepair(options, userId as string)) return;
    const e = effect as ActiveEffect.Implementation;
    const actor = e.parent as Actor.Implementation | null;
    if (actor && touchesHolds(e)) scheduleRebuild(actor, userId as string);
    else queue(() => onEffectUpdated(e, userId as string));
  });
  // Effects made in one request arrive one hook each, in one go: looked at together.
  let made: Array<{ effect: ActiveEffect.Implementation; userId: string }> = [];
  Hooks.on("createActiveEffect", (effect, options, userId) => {
    if (!isActiveGM()) return;
    const e = effect as ActiveEffect.Implementation;
    const actor = e.parent as Actor.Implementation | null;
    // The GM's own halves are the ledger's already, unless two GM tabs each made one (the second
    // copy goes); a player's effect claiming to be one is judged by the ledger.
    const byGM = game.users.get(userId as string)?.isGM === true;
    if (actor && claimsHold(e) && (!byGM || madeTwice(e))) scheduleRebuild(actor, userId as string);
    if (ownRepair(options, userId as string)) return;
    made.push({ effect: e, userId: userId as string });
    if (made.length > 1) return;
    queue(() => {
      const batch = made;
      made = [];
      return onEffectsCreated(batch);
    });
  });
  Hooks.on("updateToken", (token, changed, _options, userId) => queue(() => onTokenUpdated(token as TokenDocument.Implementation, changed, userId as string)));
  Hooks.on("deleteToken", (token, _options, userId) => {
    const t = token as TokenDocument.Implementation;
    // A player deleting their own creature's token while it is in a hold (as the ledger says; a
    // world may let players delete tokens, C-171): it is put back at its id, and the GM decides,
    // asked once per creature and round (told who did it where it cannot be put back).
    if (isActiveGM() && game.users.get(userId as string)?.isGM !== true && tokenInHold(t)) {
      const asked = tabState("token-asked", () => new Set<string>());
      const key = `${t.uuid}|${game.combat?.id ?? ""}|${game.combat?.round ?? 0}`;
      const ask = !asked.has(key);
      asked.add(key);
      void askAboutToken(t, userId as string, ask).catch((e: unknown) => console.error("weaponless-combat | putting a token back failed", e));
      return;
    }
    tokensGone([t], [...game.combats]);
  });
  Hooks.on("deleteCombatant", (combatant, _options, userId) => {
    const c = combatant as Combatant.Implementation;
    const token = c.token as TokenDocument.Implementation | null;
    const combat = c.parent as Combat.Implementation | null;
    if (!token || !isActiveGM()) return;
    // A player taking their own creature out of a fight it is held in (as the ledger says, whatever
    // its effects say now): it is put back, and the GM decides, asked once per creature and round.
    if (tokenInHold(token) && combat && game.users.get(userId as string)?.isGM !== true) {
      const asked = tabState("combatant-asked", () => new Set<string>());
      const key = `${combat.id ?? ""}|${token.uuid}|${combat.round ?? 0}`;
      const ask = !asked.has(key);
      asked.add(key);
      void askAboutCombatant(c, combat, userId as string, ask).catch((e: unknown) => console.error("weaponless-combat | putting a combatant back failed", e));
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
