/**
 * The end of a combat round as the rules see it, on the active GM's client: the fight gathered
 * (every combatant, the holds among them, their ledgers, who is out of melee, the overbear
 * attempts declared, the clocks running), resolved by the active variant with Foundry dice, and
 * what that writes. The round card that tells it and carries it out is cards/round-card.ts.
 *
 * Also what an action leaves on the combat for the round end (declared overbears, clocks it
 * started, free attack routines spent): plain update data, sent with the action's own writes.
 */
import type { Consequences, HoldRecord, RoundContext, Timer } from "../../rules/index.ts";
import { RulesInputError } from "../../rules/index.ts";
import { readLedger } from "../documents/actors.ts";
import type { Side } from "../documents/cast.ts";
import { castMembers, participant, tokenByUuid } from "../documents/cast.ts";
import { MODULE_ID } from "../base/constants.ts";
import { withFoundryDice } from "../base/dice.ts";
import { holdsAround, playerOwned } from "../documents/holds.ts";
import { stableId } from "../base/ids.ts";
import { notify } from "../base/i18n.ts";
import { outOfMelee } from "../map/melee.ts";
import { activeOptions, activeVariant, activeVariantId, automation } from "../world/settings.ts";
import type { StoredRoundCard } from "../base/types.ts";
import { combatState } from "../documents/combat-state.ts";
import type { Plan } from "./apply.ts";
import { among, planConsequences } from "./apply.ts";
import type { CombatWrite } from "./writes.ts";

/** The round's mark on what its end writes (the marks and effect ids of its plan); the card's own id is fresh. */
export function roundCardId(combatId: string, round: number): string {
  return stableId(`round|${combatId}|${round}`);
}

export function sidesOf(combat: Combat.Implementation): Side[] {
  const out: Side[] = [];
  for (const c of combat.combatants) {
    const token = c.token as TokenDocument.Implementation | null;
    const actor = token?.actor as Actor.Implementation | null | undefined;
    if (token && actor) out.push({ token, actor, id: token.uuid, name: token.name ?? actor.name ?? "" });
  }
  return out;
}

/**
 * Who a round card's result reaches when it is applied later (the GM's Apply, or finished after a
 * reload): the combat's creatures now, and those the card names that have left the fight but are
 * still on the scene. A creature whose token is gone is left out.
 */
export function sidesForCard(combat: Combat.Implementation, card: StoredRoundCard): Side[] {
  const sides = sidesOf(combat);
  for (const uuid of Object.keys(card.names)) {
    const token = tokenByUuid(uuid);
    if (token?.actor && !sides.some((s) => s.id === token.uuid)) sides.push({ token, actor: token.actor, id: token.uuid, name: token.name ?? "" });
  }
  return sides;
}

/**
 * The creatures the rules can read. One whose profile the rules cannot use (a value a player
 * stored on their own creature that no creature can have) is left out of the round end, and the
 * GM is told which one and why; nobody else's round end stops for it.
 */
function readable(sides: readonly Side[], quiet = false): { sides: Side[]; participants: RoundContext["participants"] } {
  const variant = activeVariant();
  const ok: Side[] = [];
  const participants: RoundContext["participants"][number][] = [];
  for (const s of sides) {
    // One creature whose data cannot be read (its player may write it) is left out; nobody else's round stops.
    let p: ReturnType<typeof participant>;
    try {
      p = participant(s, variant);
      variant.validateProfile(s.id, p.profile, "profile");
    } catch (e) {
      const details = e instanceof RulesInputError ? e.issues.map((i) => i.path).join(", ") : "?";
      if (quiet) continue;
      if (!(e instanceof RulesInputError)) console.error(e);
      notify("warn", "WC.Refuse.leftOutOfRound", { name: s.name, details });
      continue;
    }
    ok.push(s);
    participants.push({ id: p.id, profile: p.profile });
  }
  return { sides: ok, participants };
}

/** The fight as the round end reads it; `quiet`: a creature left out is not told to the GM (a window reading it, not the round end). */
export function roundContext(combat: Combat.Implementation, round: number, all: readonly Side[], quiet = false): { ctx: RoundContext; holds: HoldRecord[]; sides: Side[] } {
  const { sides, participants } = readable(all, quiet);
  const holds = holdsAround(sides.map((s) => s.actor), activeVariantId()).filter((h) => sides.some((s) => s.id === h.heldId) && sides.some((s) => s.id === h.holderId));
  const ledgers: Record<string, NonNullable<ReturnType<typeof readLedger>>> = {};
  for (const s of sides) {
    const l = readLedger(s.actor);
    if (l) ledgers[s.id] = l;
  }
  const scene = sides[0]?.token.parent;
  const grid = (scene as unknown as { grid?: { size?: number } } | null)?.grid?.size ?? 100;
  const placed = (t: TokenDocument.Implementation) => ({ uuid: t.uuid, x: t.x ?? 0, y: t.y ?? 0, width: t.width ?? 1, height: t.height ?? 1, disposition: t.disposition ?? 0, playerOwned: t.actor ? playerOwned(t.actor as Actor.Implementation) : false });
  const everyone = scene ? [...scene.tokens].map((t) => placed(t as TokenDocument.Implementation)) : [];
  const declared = combatState(combat).overbear?.[String(round)] ?? {};
  return {
    holds,
    sides,
    ctx: {
      round,
      participants,
      holds,
      ledgers,
      outOfMelee: outOfMelee(sides.map((s) => placed(s.token)), everyone, holds, grid),
      overbear: Object.entries(declared).map(([defenderId, holderIds]) => ({ defenderId, holderIds })),
      // A clock started in a later round than this one (the GM went back a round since) counts
      // as started in this one.
      timers: (combatState(combat).timers ?? []).filter((t) => sides.some((s) => s.id === t.id)).map((t) => (t.appliedRound !== undefined && t.appliedRound > round ? { ...t, appliedRound: round } : t)),
    },
  };
}

/** What a round card writes, for the creatures still there (one that left the fight since is left out). */
export function roundPlan(card: StoredRoundCard, sides: readonly Side[], holds: readonly HoldRecord[]): Plan {
  const consequences = among(card.resolution.consequences, new Set(sides.map((s) => s.id)));
  return planConsequences(consequences, castMembers(...sides), holds, card.variant, roundCardId(card.combatId, card.round), card.resolution.holdsUpdated, card.combatId);
}

/** The combat's notes once a round card is applied: that round done, its clocks carried on, its overbears spent. */
export function roundDone(combat: Combat.Implementation, card: StoredRoundCard): CombatWrite {
  const overbear = { ...(combatState(combat).overbear ?? {}) };
  delete overbear[String(card.round)];
  // Key by key: the combat's other notes (the ledger's holds among them) stay as they are.
  return { combat, changes: { [`flags.${MODULE_ID}.processedRound`]: card.round, [`flags.${MODULE_ID}.timers`]: card.resolution.timers, [`flags.${MODULE_ID}.overbear`]: overbear } };
}

/** The combat's note that a round was seen to (a card left waiting for the GM, or only listed). */
export function roundSeen(combat: Combat.Implementation, round: number): CombatWrite {
  return { combat, changes: { [`flags.${MODULE_ID}.processedRound`]: round } };
}

/** Whether the end of `round` is still to be run for this combat (not processed, no card for it yet). */
export function roundDue(combat: Combat.Implementation, round: number): boolean {
  return round >= 1 && (combatState(combat).processedRound ?? 0) < round;
}

/** The round end's creatures by the rules' ids: an actor, and the holder of a hold (for whose dice are whose). */
export interface RoundWho {
  actorOf(id: string): Actor.Implementation | null;
  holderOf(holdId: string): string | undefined;
}

/** The rules' round end for this combat, rolled with Foundry dice, as the card that will tell it. */
export async function resolveRound(combat: Combat.Implementation, round: number): Promise<{ card: StoredRoundCard; plan: Plan; rolls: Roll[]; purposes: string[]; actors: Actor.Implementation[]; who: RoundWho }> {
  const { ctx, holds, sides } = roundContext(combat, round, sidesOf(combat));
  const variant = activeVariant();
  const { value: resolution, rolls, purposes } = await withFoundryDice((dice) => variant.roundEnd(ctx, activeOptions(), dice));
  const level = automation();
  const card: StoredRoundCard = {
    version: 1,
    kind: "roundEnd",
    variant: activeVariantId(),
    combatId: combat.id ?? "",
    round,
    resolution,
    names: Object.fromEntries(sides.map((s) => [s.id, s.name])),
    outOfMelee: ctx.outOfMelee,
    state: level === "automatic" ? "applied" : level === "confirm" ? "pending" : "manual",
  };
  const actorOf = (id: string) => sides.find((s) => s.id === id)?.actor ?? null;
  const holderOf = (holdId: string) => holds.find((h) => h.id === holdId)?.holderId;
  return { card, plan: roundPlan(card, sides, holds), rolls, purposes, actors: sides.map((s) => s.actor), who: { actorOf, holderOf } };
}

/**
 * What an action leaves on the combat for the round end: declared overbear attempts (d12-holds),
 * the clocks of conditions it started (a stun of so many segments), the free attack routines it
 * spent. Null when there is nothing to note.
 */
export function roundNotes(combat: Combat.Implementation, round: number, c: Consequences): CombatWrite | null {
  const declarations = c.declarations ?? [];
  const timed = c.conditions.filter((x) => x.active && (x.rounds !== undefined || x.segments !== undefined));
  const spent = c.freeAttacks ?? [];
  if (declarations.length === 0 && timed.length === 0 && spent.length === 0) return null;
  const state = combatState(combat);
  const update: Record<string, unknown> = {};
  if (spent.length > 0) {
    // Each routine once, should this run again for a card being finished.
    const taken = [...(state.freeAttacks?.[String(round)] ?? [])];
    for (const f of spent) if (!taken.some((x) => x.byId === f.byId && x.againstId === f.againstId)) taken.push(f);
    update[`flags.${MODULE_ID}.freeAttacks`] = { [String(round)]: taken };
  }
  if (declarations.length > 0) {
    const all = { ...(state.overbear ?? {}) };
    const mine = { ...(all[String(round)] ?? {}) };
    for (const d of declarations) mine[d.targetId] = [...new Set([...(mine[d.targetId] ?? []), d.holderId])];
    all[String(round)] = mine;
    update[`flags.${MODULE_ID}.overbear`] = all;
  }
  if (timed.length > 0) {
    const timers: Timer[] = (state.timers ?? []).filter((t) => !timed.some((x) => x.targetId === t.id && x.condition === t.condition));
    for (const x of timed) timers.push({ id: x.targetId, condition: x.condition, remaining: x.segments ?? x.rounds ?? 1, unit: x.segments !== undefined ? "segments" : "rounds", appliedRound: round });
    update[`flags.${MODULE_ID}.timers`] = timers;
  }
  return { combat, changes: update };
}
