/**
 * Dice So Nice, an optional module (nothing requires it), through its documented integration
 * only (C-121 to C-126): a card is a chat message with its `Roll`s, which Dice So Nice finds itself,
 * animates, and keeps the message hidden until they land. This file only dresses the rolls:
 *
 * - Order: each die gets its own `rollOrder` (on its dice term, which Dice So Nice reads before the
 *   roll's own), in the order the rules rolled them (to-hit, then the hold die, then the break
 *   die...). Dice So Nice honours it only while its world setting "simultaneous rolls for a
 *   message" is off; its documentation asks a package that orders its dice to turn that off once,
 *   the first time a GM connects, which `orderDiceOnce` does (the module's `diceInOrder` setting).
 * - Owners: each die names the creature that rolls it, the way Dice So Nice's documentation gives
 *   (`roll.data.actorId`: the creature's player owner's appearance; one no player owns falls back
 *   to the message's speaker's actor, then its author, the GM). Whether a roll's `data` survives
 *   its way into a chat message is not documented (foundryvtt#8671: `Roll#toJSON` leaves it out),
 *   so each die's term also names it (`wcThrower`: term options travel with the roll), and on every
 *   tab `diceSoNiceRollStart`, whose context Dice So Nice documents as changeable, sets the throw's
 *   user to that creature's player owner, or the card's author. The card's speaker names its
 *   creature by scene and token only (Foundry finds it there), not by actor id, so a monster's
 *   die on a player's card never falls back to that player.
 * - A round card's dice are owned the same way, found from the rules' events (`roundThrowers`): a
 *   held creature's break roll its own, a hold's damage its holder's, a chance nobody acts on the
 *   round's (the GM's).
 * - A round end in a large battle: a round card with more dice than the world's `roundDiceLimit`
 *   (default 12) carries Dice So Nice's per-message `skip` flag; its card shows at once.
 */
import { MODULE_ID } from "../base/constants.ts";
import { diceInOrder } from "../world/settings.ts";
import { byGM, trustedFlag } from "./pipeline.ts";
import { rolledBy } from "./secrets.ts";

export const DSN_ID = "dice-so-nice";

/** Whether Dice So Nice is on in this world. */
export function dsnActive(): boolean {
  return (game.modules.get(DSN_ID) as { active?: boolean } | undefined)?.active === true;
}

interface DressedRoll {
  options: Record<string, unknown>;
  data?: Record<string, unknown>;
  dice: Array<{ options?: Record<string, unknown> }>;
}

export interface DiceShow {
  readonly rolls: Roll[];
  /** Dice So Nice's flags for the card (skip), or null. */
  readonly flags: Record<string, unknown> | null;
  /** The card's speaker as Dice So Nice should read it. */
  speaker(speaker: Record<string, unknown>): Record<string, unknown>;
}

/**
 * The card's rolls dressed for Dice So Nice: in the order rolled, each naming the actor that rolls
 * it (`rollerOf`, null: nobody's, the GM's). `limit`: more dice than this and none are thrown.
 * The rolls are the same objects (Foundry serialises them with the card); the faces never change.
 */
export function dressDice(rolls: readonly Roll[], purposes: readonly string[], rollerOf: (purpose: string, index: number) => Actor.Implementation | null, limit?: number): DiceShow {
  rolls.forEach((roll, i) => {
    const r = roll as unknown as DressedRoll;
    const actor = rollerOf(purposes[i] ?? "", i);
    for (const term of r.dice) term.options = { ...(term.options ?? {}), rollOrder: i + 1, ...(actor?.id ? { wcThrower: actor.id } : {}) };
    if (actor?.id) r.data = { ...(r.data ?? {}), actorId: actor.id };
  });
  const skip = limit !== undefined && rolls.length > limit;
  return {
    rolls: [...rolls],
    flags: skip ? { [DSN_ID]: { skip: true } } : null,
    speaker(speaker) {
      if (!dsnActive()) return speaker;
      return Object.fromEntries(Object.entries(speaker).filter(([k]) => k !== "actor"));
    },
  };
}

/**
 * Who throws a die of a result card: the defender its own rolls (its free attack, its save, its
 * Variable: cards/secrets.ts `rolledBy`) and the break roll it makes at once against a hold just
 * taken (d12-holds); the acting creature every other.
 */
export function throwerOf(purpose: string): "attacker" | "defender" {
  return purpose === "immediateBreak" ? "defender" : rolledBy(purpose);
}

/** A result card's dice: the attacker's and the defender's, each to its own side. */
export function diceSoNice(rolls: readonly Roll[], purposes: readonly string[], pair: { attacker: Actor.Implementation; defender: Actor.Implementation }): DiceShow {
  return dressDice(rolls, purposes, (purpose) => (throwerOf(purpose) === "defender" ? pair.defender : pair.attacker));
}

/** A die as the rules' trace records it (rules/core/dice.ts DieRoll). */
function isTraceDie(x: unknown): x is { purpose: string; sides: number; face: number } {
  const d = x as { purpose?: unknown; sides?: unknown; face?: unknown } | null;
  return typeof d === "object" && d !== null && typeof d.purpose === "string" && typeof d.sides === "number" && typeof d.face === "number";
}

function traceDice(x: unknown, out: Array<{ sides: number; face: number }>): void {
  if (isTraceDie(x)) out.push(x);
  else if (Array.isArray(x)) for (const v of x) traceDice(v, out);
  else if (typeof x === "object" && x !== null) for (const v of Object.values(x)) traceDice(v, out);
}

/**
 * Who throws each die of a round end, found from the rules' events in the order they were rolled:
 * a held creature its own break roll (000's round-end break), a holder the damage its hold deals
 * (000's stranglehold, 002's and 004's hold damage); a die that is nobody's act (a knock-out or
 * suffocation chance, an overbear by several) stays the round's (null: the GM's). Should the
 * events' dice not match the rolls one for one (sides and faces, in order), every die is the
 * round's: a wrong owner is worse than none.
 */
export function roundThrowers(events: unknown, rolls: readonly Roll[], actorOf: (id: string) => Actor.Implementation | null, holderOf: (holdId: string) => string | undefined): Array<Actor.Implementation | null> {
  const none = rolls.map(() => null);
  if (!Array.isArray(events)) return none;
  const owners: Array<{ sides: number; face: number; by: string | undefined }> = [];
  for (const e of events as Array<Record<string, unknown>>) {
    const dice: Array<{ sides: number; face: number }> = [];
    traceDice(e, dice);
    const str = (k: string) => (typeof e[k] === "string" ? (e[k] as string) : undefined);
    const by = e.kind === "break" ? str("defenderId") : e.kind === "holdDamage" || (e.kind === "strangle" && str("defenderId") !== undefined) ? (str("holderId") ?? holderOf(str("holdId") ?? "")) : undefined;
    for (const d of dice) owners.push({ ...d, by });
  }
  if (owners.length !== rolls.length) return none;
  const same = owners.every((o, i) => {
    const r = rolls[i] as unknown as { dice?: Array<{ faces?: number }>; total?: number };
    return r.dice?.[0]?.faces === o.sides && (r.total === undefined || r.total === o.face);
  });
  return same ? owners.map((o) => (o.by ? actorOf(o.by) : null)) : none;
}

/**
 * Dice So Nice throws a message's rolls all at once while its world setting
 * `enabledSimultaneousRollForMessage` is on (its default); its documentation asks a package that
 * orders its dice to turn it off once, the first time a GM connects. Done once per world, on the
 * active GM's tab, while the module's `diceInOrder` is on: a GM who turns it back on keeps it so.
 */
export async function orderDiceOnce(): Promise<void> {
  if (!dsnActive() || !game.user.isGM || game.users.activeGM?.isSelf !== true || !diceInOrder()) return;
  if (game.settings.get(MODULE_ID, "diceOrderDone")) return;
  try {
    if (game.settings.get(DSN_ID as never, "enabledSimultaneousRollForMessage" as never) === true) await game.settings.set(DSN_ID as never, "enabledSimultaneousRollForMessage" as never, false as never);
    await game.settings.set(MODULE_ID, "diceOrderDone", true);
  } catch (e) {
    // A Dice So Nice without that setting: nothing to turn off.
    console.warn(`${MODULE_ID} | Dice So Nice's roll order could not be set`, e);
  }
}

/** An actor's player owner as Dice So Nice takes it: the player whose character it is, else its only non-GM owner. */
function playerOwnerOf(actor: Actor.Implementation): User.Implementation | null {
  const character = game.users.find((u) => !u.isGM && (u as unknown as { character?: { id?: string } | null }).character?.id === actor.id);
  if (character) return character;
  const owners = game.users.filter((u) => !u.isGM && actor.testUserPermission(u, "OWNER"));
  return owners.length === 1 ? (owners[0] ?? null) : null;
}

/**
 * `diceSoNiceRollStart(messageId, context)` on this tab: a throw of one of the module's cards is
 * shown in its thrower's player owner's appearance, or the card's author's (the GM's) for a
 * creature no player owns. Left alone: another package's message, a throw mixing throwers (Dice So
 * Nice's "all at once" turned back on), and a world where Dice So Nice's own "force roll
 * appearance to owner" is off (the GM's choice).
 */
export function throwerAppearance(messageId: unknown, context: { roll?: unknown; user?: unknown }): void {
  if (typeof messageId !== "string") return;
  const message = game.messages.get(messageId);
  if (!message || !byGM(message) || !(["card", "roundCard", "massCharge"] as const).some((f) => trustedFlag(message, f))) return;
  try {
    if (String(game.settings.get(DSN_ID as never, "forceCharacterOwnerAppearance" as never)) === "0") return;
  } catch {
    // An older Dice So Nice without it: owners' appearance as its documentation describes.
  }
  const dice = (context.roll as { dice?: Array<{ options?: Record<string, unknown> }> } | undefined)?.dice ?? [];
  const throwers = new Set(dice.map((d) => d.options?.wcThrower));
  const [id] = [...throwers];
  if (throwers.size !== 1 || typeof id !== "string") return;
  const actor = game.actors.get(id);
  context.user = (actor ? playerOwnerOf(actor) : null) ?? message.author ?? context.user;
}
