/**
 * Who takes part in an action: the two tokens named by an intent, checked again wherever the
 * intent is carried out (a token may have been deleted or moved to another scene since).
 */
import type { Participant } from "../../rules/index.ts";
import { readProfile } from "./actors.ts";
import type { StoredProfile } from "./actors.ts";
import type { RulesVariant } from "../../rules/index.ts";
import { conditionsOn } from "./statuses.ts";

export class Refusal extends Error {
  override name = "Refusal";
  constructor(
    readonly key: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

/** A creature a result may write to: the id the rules know it by, and its actor. */
export interface CastMember {
  readonly id: string;
  readonly actor: Actor.Implementation;
}

export interface Side {
  readonly token: TokenDocument.Implementation;
  readonly actor: Actor.Implementation;
  /** The id the rules core knows this creature by: its token's UUID. */
  readonly id: string;
  readonly name: string;
}

export function tokenByUuid(uuid: unknown): TokenDocument.Implementation | null {
  if (typeof uuid !== "string" || uuid.length === 0) return null;
  if (!uuid.startsWith("Scene.")) return null;
  const doc = fromUuidSync(uuid as `Scene.${string}`);
  return doc instanceof foundry.documents.TokenDocument ? (doc as TokenDocument.Implementation) : null;
}

function side(uuid: string): Side {
  const token = tokenByUuid(uuid);
  if (!token) throw new Refusal("WC.Refuse.tokenGone");
  const actor = token.actor;
  if (!actor) throw new Refusal("WC.Refuse.noActor", { name: token.name ?? "" });
  return { token, actor, id: token.uuid, name: token.name ?? actor.name ?? "" };
}

export function resolveCast(attackerUuid: string, defenderUuid: string): { attacker: Side; defender: Side } {
  const attacker = side(attackerUuid);
  const defender = side(defenderUuid);
  if (attacker.id === defender.id) throw new Refusal("WC.Refuse.self");
  if (attacker.token.parent?.id !== defender.token.parent?.id) throw new Refusal("WC.Refuse.otherScene");
  return { attacker, defender };
}

/**
 * The creature as the variant sees it: its stored profile, with the conditions on it now
 * (overborne, stunned, ...: the host's own statuses or the module's) added to the profile's
 * conditions where the variant knows them, so a status set on the token counts without
 * editing the profile.
 */
export function participant(s: Side, variant: RulesVariant): Participant & { stored: boolean; filled: StoredProfile["filled"] } {
  // Read from the host system's sheet through the token standing for it, the GM's values over it.
  const p = readProfile(s.actor, variant, s.token);
  const field = variant.profileFields.find((f) => f.path === "conditions");
  if (!field || field.kind !== "multi") return { id: s.id, profile: p.profile, stored: p.stored, filled: p.filled };
  const active = [...conditionsOn(s.actor)].filter((c) => field.choices.includes(c));
  const own = Array.isArray(p.profile.conditions) ? (p.profile.conditions as string[]) : [];
  const conditions = [...new Set([...own, ...active])];
  return { id: s.id, profile: { ...p.profile, conditions }, stored: p.stored, filled: p.filled };
}

export function castMembers(...sides: Side[]): CastMember[] {
  return sides.map((s) => ({ id: s.id, actor: s.actor }));
}

/** A started combat both creatures are in. */
export function combatOf(a: Side, b: Side): Combat.Implementation | undefined {
  for (const combat of game.combats) {
    if (!combat.started) continue;
    const ids = new Set([...combat.combatants].map((c) => c.tokenId));
    if (ids.has(a.token.id) && ids.has(b.token.id)) return combat;
  }
  return undefined;
}

/** Whether the creature is in a started combat on its scene. */
export function inStartedCombat(s: Side): boolean {
  for (const combat of game.combats) if (combat.started && [...combat.combatants].some((c) => c.tokenId === s.token.id)) return true;
  return false;
}

/** The round of a started combat both creatures are in, or 0. */
export function sharedRound(a: Side, b: Side): { round: number; inCombat: boolean } {
  const combat = combatOf(a, b);
  return combat ? { round: combat.round ?? 0, inCombat: true } : { round: 0, inCombat: false };
}
