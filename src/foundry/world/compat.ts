/**
 * What differs between Foundry v13 and v14 for this module, decided in one place from
 * `game.release.generation` (the idiom dnd5e uses on both lines).
 */
import type { ChatMode } from "../base/types.ts";

export function generation(): number {
  return (game as unknown as { release?: { generation?: number } }).release?.generation ?? 13;
}

/**
 * The duration of an effect the module times itself (or not at all): none in v13, where core
 * fills in the start; in v14, whose effects carry a duration block of the new shape
 * (`{value, units, expiry}`), a permanent one, so v14's own expiry never acts on it.
 */
export function untimedDuration(): Record<string, unknown> {
  return generation() >= 14 ? { duration: { value: null, units: "seconds", expiry: null } } : {};
}

/** v14's one-request batch of writes across documents, from the build that broadcasts it reliably. */
export function modifyBatch(): ((operations: Array<Record<string, unknown>>) => Promise<unknown>) | null {
  if (generation() < 14) return null;
  const fn = (foundry as unknown as { documents?: { modifyBatch?: (ops: Array<Record<string, unknown>>) => Promise<unknown> } }).documents?.modifyBatch;
  return build() >= 362 && typeof fn === "function" ? fn : null;
}

function build(): number {
  return (game as unknown as { release?: { build?: number } }).release?.build ?? 0;
}

/**
 * Which hooks announce a token's movement before it happens. From v13 build 333 (and in v14),
 * `preMoveToken(document, movement, operation)` on the moving client, with the movement's
 * destination and measured path; before that build only the generic `preUpdateToken`.
 */
export function movementHooks(): "move" | "update" {
  return generation() >= 14 || build() >= 333 ? "move" : "update";
}

/** v14's planned movement (build 353): `planToken(document)` when a move is plotted but not yet started. */
export function plannedMovement(): boolean {
  return generation() >= 14 && build() >= 353;
}

interface DeletionOperator {
  create?: () => unknown;
  new (): unknown;
}

/**
 * The update entry that removes `key` from the object at `path`. v14 deprecates the `-=key` form
 * (release notes 14.349, #13090) and warns of it, offering `foundry.data.operators.ForcedDeletion`
 * as the key's value instead; v13 has no such operator and reads only `-=key`. Decided by whether
 * the operator is there, not by the version number.
 */
export function deletion(path: string, key: string): [string, unknown] {
  const op = (foundry as unknown as { data?: { operators?: { ForcedDeletion?: DeletionOperator } } }).data?.operators?.ForcedDeletion;
  if (typeof op === "function") return [`${path}.${key}`, typeof op.create === "function" ? op.create() : new op()];
  return [`${path}.-=${key}`, null];
}

export const CHAT_MODES: readonly ChatMode[] = ["public", "gm", "blind", "self"];

/**
 * v13 keeps the chat's choice in the client setting `core.rollMode` (`publicroll`, `gmroll`,
 * `blindroll`, `selfroll`; `roll` for "the current one"); v14 renamed roll modes to message modes,
 * `core.messageMode` (`public`, `gm`, `blind`, `self`, and `ic`, which is public in character),
 * reading the old setting only with a deprecation warning. Read by version, never both.
 */
const V13_MODES: Readonly<Record<string, ChatMode>> = { publicroll: "public", roll: "public", gmroll: "gm", blindroll: "blind", selfroll: "self" };
const V14_MODES: Readonly<Record<string, ChatMode>> = { public: "public", ic: "public", gm: "gm", blind: "blind", self: "self" };

/** A mode as either version names it, in the module's vocabulary; anything else is null. */
export function chatModeOf(value: unknown): ChatMode | null {
  if (typeof value !== "string") return null;
  // Own keys only: a name every object inherits ("constructor", "__proto__") is no mode.
  const modes = generation() >= 14 ? V14_MODES : V13_MODES;
  return Object.hasOwn(modes, value) ? (modes[value] ?? null) : null;
}

/** The mode this user has chosen in the chat now; public where it cannot be read (no chat: a test world, a macro before setup). */
export function chatModeNow(): ChatMode {
  try {
    return chatModeOf(game.settings.get("core" as never, (generation() >= 14 ? "messageMode" : "rollMode") as never)) ?? "public";
  } catch {
    return "public";
  }
}
