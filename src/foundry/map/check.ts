/**
 * Holds on the map: the check made before a token moves, on the client that moves it. A token in
 * no hold, standing and on the ground, passes at once (that quick look is all an ordinary move
 * costs). Otherwise the rules core is asked what the token's holds allow, and the answer is one
 * of: let the move through; refuse it, saying why and what would free the creature; or take it
 * over (the GM's question, a player's choice, a group move the GM's client carries out).
 */
import type { HoldRecord, KindAnswer, MoveChoice, MoveKind, MovementAnswer } from "../../rules/index.ts";
import { RulesInputError } from "../../rules/index.ts";
import { formatLine } from "../base/text.ts";
import type { Side } from "../documents/cast.ts";
import { participant, tokenByUuid } from "../documents/cast.ts";
import { MODULE_ID } from "../base/constants.ts";
import { holdsAround } from "../documents/holds.ts";
import { liftOf, standingHoldsOf } from "../documents/ledger.ts";
import { i18n } from "../base/i18n.ts";
import type { GridInfo, Spot } from "./geometry.ts";
import { distanceBetween, feetPerUnit } from "./geometry.ts";
import { activeOptions, activeVariant, activeVariantId } from "../world/settings.ts";
import { idsMeaning } from "../documents/statuses.ts";
import { combatWith, paceUsed } from "../documents/combat-state.ts";
import type { Destination } from "../base/types.ts";
import { leashVerdict } from "./leash.ts";

export type { Destination };

/** A token lifted off the ground: the elevation it left, and the result that lifted it. */
export interface Aloft {
  readonly ground: number;
  readonly by?: string;
}


/** Movements a person makes; other code (macros, modules, undo, paste) moving the GM's tokens is let be. */
const BY_HAND = new Set(["dragging", "keyboard", "config"]);

type TokenFlags = { flags?: Record<string, Record<string, unknown> | undefined> };

/** A token's lift-off mark, as the ledger keeps it (the mark on the token, which its owner can write, is only its projection). */
export function aloftOf(token: TokenDocument.Implementation): Aloft | null {
  return liftOf(token);
}

export function isAirborne(token: TokenDocument.Implementation): boolean {
  const a = aloftOf(token);
  return a !== null && (token.elevation ?? 0) > a.ground;
}

export function gridOf(scene: unknown): GridInfo {
  const g = ((scene as { grid?: Partial<GridInfo> } | null)?.grid ?? {}) as Partial<GridInfo>;
  const size = g.size ?? 100;
  return { type: g.type ?? 1, size, sizeX: g.sizeX ?? size, sizeY: g.sizeY ?? size, distance: g.distance ?? 5, units: g.units ?? "ft" };
}

export function spotOf(token: TokenDocument.Implementation): Spot {
  return { x: token.x ?? 0, y: token.y ?? 0, width: token.width ?? 1, height: token.height ?? 1 };
}

// ---------------------------------------------------------------------------------------------
// The module's own moves pass their own check: marked in the update's options and, since it is
// not known whether custom options reach the movement hooks, remembered here too.

const ours = new Map<string, Destination>();

export function markOurs(updates: ReadonlyArray<{ readonly _id?: unknown; readonly x?: unknown; readonly y?: unknown; readonly elevation?: unknown }>): void {
  for (const u of updates) if (typeof u._id === "string") ours.set(u._id, { x: Number(u.x), y: Number(u.y), elevation: Number(u.elevation) });
}

export function forgetOurs(ids: readonly string[]): void {
  for (const id of ids) ours.delete(id);
}

export function isOurs(tokenId: string, to: Partial<Destination>, operation?: unknown): boolean {
  if ((operation as Record<string, { move?: unknown } | undefined> | undefined)?.[MODULE_ID]?.move !== undefined) return true;
  const o = ours.get(tokenId);
  return o !== undefined && (to.x === undefined || Math.abs(o.x - to.x) < 1) && (to.y === undefined || Math.abs(o.y - to.y) < 1);
}

// ---------------------------------------------------------------------------------------------
// The quick look.

/**
 * Whether the rules could have anything to say about this token's move: a hold effect on its
 * actor, a status that keeps it down or in place, or a lift-off. The one check every move pays.
 */
export function inPlay(token: TokenDocument.Implementation): boolean {
  const actor = token.actor as Actor.Implementation | null;
  if (!actor) return false;
  const watched = [...idsMeaning("prone"), ...idsMeaning("immobilized")];
  for (const e of actor.effects) {
    if ((e as unknown as TokenFlags).flags?.[MODULE_ID]?.hold) return true;
    for (const id of watched) if (e.statuses.has(id)) return true;
  }
  return aloftOf(token) !== null || standingHoldsOf(new Set([actor.uuid])).length > 0;
}

// ---------------------------------------------------------------------------------------------
// The rules' answer.

export interface Situation {
  readonly mover: Side;
  /** The creatures in a hold with the mover, on its scene. */
  readonly others: readonly Side[];
  readonly holds: readonly HoldRecord[];
  readonly answer: MovementAnswer;
  readonly combat: Combat.Implementation | undefined;
  readonly grid: GridInfo;
  readonly airborne: boolean;
}

function sideOf(token: TokenDocument.Implementation): Side | null {
  const actor = token.actor as Actor.Implementation | null;
  return actor ? { token, actor, id: token.uuid, name: token.name ?? actor.name ?? "" } : null;
}


/** The mover, those it is in a hold with, their holds, and what the rules make of a move. */
export function situationOf(token: TokenDocument.Implementation): Situation | null {
  const mover = sideOf(token);
  if (!mover) return null;
  const variant = activeVariant();
  const variantId = activeVariantId();
  const own = holdsAround([mover.actor], variantId);
  const others: Side[] = [];
  for (const id of new Set(own.flatMap((h) => [h.holderId, h.heldId]))) {
    if (id === mover.id) continue;
    const t = tokenByUuid(id);
    const side = t && t.parent?.id === token.parent?.id ? sideOf(t) : null;
    if (side) others.push(side);
  }
  const holds = others.length > 0 ? holdsAround([mover.actor, ...others.map((s) => s.actor)], variantId) : own;
  const combat = combatWith(token);
  const airborne = isAirborne(token);
  let answer: MovementAnswer = { kind: "free" };
  try {
    answer =
      variant.movement?.(
        { mover: participant(mover, variant), others: others.map((s) => participant(s, variant)), holds, inCombat: combat !== undefined, ...(airborne ? { airborne } : {}) },
        activeOptions(),
      ) ?? answer;
  } catch (e) {
    if (!(e instanceof RulesInputError)) throw e;
    // A profile the rules cannot read does not pin a token to the floor.
    console.warn(`${MODULE_ID} | the rules could not judge the move of ${mover.name}`, e.issues);
  }
  return { mover, others, holds, answer, combat, grid: gridOf(token.parent), airborne };
}

// ---------------------------------------------------------------------------------------------
// Distances and this round's allowance.

/** The move's length in feet: as Foundry measured the path, and never less than the straight way. */
export function moveFeet(from: { x: number; y: number; elevation?: number }, to: Destination, measured: number | null, grid: GridInfo): number {
  // A climb or a drop counts as far as its height, as a diagonal counts as far as its longer side.
  const climb = from.elevation === undefined ? 0 : Math.abs(to.elevation - from.elevation);
  const straight = Math.max(distanceBetween(from, to, grid), climb);
  return Math.max(straight, measured ?? 0) * feetPerUnit(grid.units);
}

/** Feet this token has already moved with others in tow in this round of this combat (kept on the combat, by the GM). */
export function draggedThisRound(token: TokenDocument.Implementation, combat: Combat.Implementation | undefined): number {
  return paceUsed(combat, token.id ?? "");
}

/** The move is longer than the pace allows (this round, in combat; in one go, out of it). */
export function tooFar(c: MoveChoice, feet: number, used: number): boolean {
  return c.limitFeet !== null && c.brings.length > 0 && feet + used > c.limitFeet + 0.01;
}

// ---------------------------------------------------------------------------------------------
// Texts: ids in the rules' parameters become names.

export function namesOf(s: Situation): Record<string, string> {
  return Object.fromEntries([s.mover, ...s.others].map((x) => [x.id, x.name]));
}

/** A text of the rules' key and parameters, ids shown as names (as every card line is). */
export function text(key: string, params: Readonly<Record<string, string | number>> | undefined, names: Readonly<Record<string, string>>): string {
  return formatLine(key, params, names, i18n);
}

/** Why a creature stays where it is, and what would let it go. */
export function refusalText(s: Situation, a: Extract<MovementAnswer, { kind: "cannot" }>): string {
  const names = namesOf(s);
  const frees = a.frees.map((f) => text(f.key, f.params, names));
  return i18n.format(frees.length > 0 ? "WC.Move.refused" : "WC.Move.refusedNoWay", { name: s.mover.name, reason: text(a.reason, a.params, names), frees: frees.join("; ") });
}

export function tooFarText(s: Situation, c: MoveChoice, feet: number, used: number): string {
  const names = namesOf(s);
  return text(
    used > 0 ? "WC.Move.tooFarThisRound" : "WC.Move.tooFar",
    {
      name: s.mover.name,
      limit: c.limitFeet ?? 0,
      feet: Math.round(feet),
      used: Math.round(used),
      left: Math.max(0, Math.round((c.limitFeet ?? 0) - used)),
      brings: c.brings.join(","),
      pace: text(c.reason, { n: c.brings.length }, names),
    },
    names,
  );
}

// ---------------------------------------------------------------------------------------------
// The check.

export interface MoveAsk {
  readonly token: TokenDocument.Implementation;
  readonly to: Destination;
  /** Where the move starts; absent: where the token stands now. */
  readonly from?: { readonly x: number; readonly y: number; readonly elevation?: number };
  /** The path's length in grid units, as Foundry measured it; null: none given. */
  readonly distance: number | null;
  /** How the move was made ("dragging", "keyboard", "api", ...); null where the host does not say. */
  readonly method: string | null;
  /** Ids of the other tokens moving in the same operation. */
  readonly alsoMoving: readonly string[];
  readonly operation?: unknown;
  /** How it moves (map/ruler.ts kindOf): a walk unless the host says otherwise. */
  readonly kind?: MoveKind;
  /** The movement action it moves with, and (v14) the level it moves to, where they are given. */
  readonly action?: string | null;
  readonly level?: string | null;
}

/** A move that is not a walk, and the rules' answer for it. */
export interface KindMove {
  readonly kind: Exclude<MoveKind, "walk">;
  readonly answer: Exclude<KindAnswer, "refused">;
  readonly action: string | null;
  readonly level: string | null;
}

export type Verdict =
  | { readonly kind: "allow" }
  | { readonly kind: "refuse"; readonly message: string }
  /** The module takes the move over (a question first, or a group move; or the rules' answer to a move that is not a walk). */
  | { readonly kind: "intercept"; readonly situation: Situation; readonly feet: number; readonly kindMove?: KindMove };

/**
 * The check before a move (synchronous: the host's pre-move hook waits for no one). On the
 * moving client, the module's own moves pass (marked in the update or remembered); the GM's tab
 * checks a player's finished move with `trustMarks` false, as options a player passes prove nothing.
 */
export function checkMove(ask: MoveAsk, user: User.Implementation = game.user, trustMarks = true): Verdict {
  const { token } = ask;
  if (trustMarks && isOurs(token.id ?? "", ask.to, ask.operation)) return { kind: "allow" };
  if (!inPlay(token)) return { kind: "allow" };
  const s = situationOf(token);
  if (!s || s.answer.kind === "free") return { kind: "allow" };
  const from = ask.from ? { ...spotOf(token), ...ask.from } : { ...spotOf(token), elevation: token.elevation ?? 0 };
  const feet = moveFeet(from, ask.to, ask.distance, s.grid);
  if (user.isGM) {
    // The GM may always move; a move by hand asks what becomes of the holds.
    if (ask.method !== null && !BY_HAND.has(ask.method)) return { kind: "allow" };
    const partners = s.others.map((o) => o.token.id ?? "");
    if (partners.length > 0 && partners.every((id) => ask.alsoMoving.includes(id))) return { kind: "allow" };
    if (s.others.length === 0) return { kind: "allow" };
    return kindVerdict(s, ask, user, feet) ?? { kind: "intercept", situation: s, feet };
  }
  const byKind = kindVerdict(s, ask, user, feet);
  if (byKind) return byKind;
  const a = s.answer;
  if (a.kind === "cannot") return { kind: "refuse", message: refusalText(s, a) };
  // A hold made at a distance keeps the held creature within it (map/leash.ts).
  const leash = leashVerdict(s, ask.to);
  if (leash.kind === "beyond") return { kind: "refuse", message: leash.message };
  if (leash.kind === "slack") return { kind: "allow" };
  const [only, ...rest] = a.choices;
  if (!only) return { kind: "allow" };
  if (rest.length === 0 && only.kind === "drag" && only.brings.length === 0) return { kind: "allow" };
  if (rest.length === 0 && only.kind === "drag") {
    const used = draggedThisRound(token, s.combat);
    if (tooFar(only, feet, used)) return { kind: "refuse", message: tooFarText(s, only, feet, used) };
  }
  return { kind: "intercept", situation: s, feet };
}

/** The words of a refusal by a move kind's option. */
const KIND_REFUSED: Readonly<Record<Exclude<MoveKind, "walk">, string>> = { teleport: "WC.Move.teleportRefused", forced: "WC.Move.forcedRefused", level: "WC.Move.levelRefused" };

/**
 * The rules' answer to a move that is not a walk (a teleport, a forced move, a change of level) of a
 * creature in a hold: refused, or taken over so that its holds end or the others go along (null:
 * judged as a walk). A forced move is the GM's: a player's is a walk. A change of level is a move
 * like any other first: a creature the rules keep where it is stays.
 */
export function kindVerdict(s: Situation, ask: MoveAsk, user: User.Implementation, feet: number): Verdict | null {
  const kind = ask.kind ?? "walk";
  if (kind === "walk" || s.others.length === 0) return null;
  if (kind === "forced" && !user.isGM) return null;
  const answer = activeVariant().moveKind?.(kind, activeOptions()) ?? null;
  if (answer === null) return null;
  if (kind === "level" && !user.isGM && s.answer.kind === "cannot") return { kind: "refuse", message: refusalText(s, s.answer) };
  if (answer === "refused") return { kind: "refuse", message: i18n.format(KIND_REFUSED[kind], { name: s.mover.name }) };
  return { kind: "intercept", situation: s, feet, kindMove: { kind, answer, action: ask.action ?? null, level: ask.level ?? null } };
}
