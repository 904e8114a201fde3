/**
 * 000 §Maintaining holds and §Overbearing: everything that happens at the end of a combat round,
 * for every held creature at once. The order of the first three steps is the option
 * `roundEndOrder` (digest §5.8); attack losses, recovery and unconsciousness come last.
 *
 * Who is awake acts (core/awake.ts): a hold whose holder is out when the round end begins is let
 * go first (000 keeps a hold only while its holder maintains it), so it deals no stranglehold
 * damage, adds nothing to an overbear and needs no break roll. The break step asks who is awake
 * when it runs: a defender the stranglehold knocked out earlier in this round end rolls no break,
 * and a holder knocked out by then has let go.
 */
import type { Dice, DieRoll } from "../core/dice.ts";
import { rollFormula } from "../core/dice.ts";
import type { DamageSplit, Ledger, Vitality } from "../core/damage.ts";
import { addDamage, recoverTemporary, vitality } from "../core/damage.ts";
import { awakeByLedger, letGoByTheOut } from "../core/awake.ts";
import type { Size } from "../core/size.ts";
import type { BreakRoll } from "./breaks.ts";
import { attacksNextRound, distinctHolders, rollBreak } from "./breaks.ts";
import { grappleSplit } from "./grapple.ts";
import type { Hold } from "./holds.ts";
import type { OverbearRoll } from "./overbear.ts";
import { rollOverbear } from "./overbear.ts";
import type { D12Options } from "./options.ts";
import type { D12Combatant } from "./profile.ts";
import { hasCondition } from "./profile.ts";
import { STRANGLE_DAMAGE } from "./tables.ts";

export interface RoundEndInput {
  /** The round that has just ended. */
  readonly round: number;
  readonly combatants: readonly D12Combatant[];
  readonly holds: readonly Hold[];
  /** Holders who declared an overbear attempt this round, per defender. */
  readonly overbear?: ReadonlyArray<{ readonly defenderId: string; readonly holderIds: readonly string[] }>;
  /** Damage ledgers by combatant id; creatures without one take no damage bookkeeping. */
  readonly ledgers?: Readonly<Record<string, Ledger>>;
  /** Creatures that have withdrawn from melee this round (temporary damage heals). */
  readonly outOfMelee?: readonly string[];
}

export type RoundEvent =
  | ({ readonly kind: "overbear" } & OverbearRoll)
  | { readonly kind: "overbearSkipped"; readonly defenderId: string; readonly reason: "noHolds" | "alreadyDown" }
  | { readonly kind: "breakSkipped"; readonly defenderId: string; readonly reason: "outCold" }
  /** The holder is out: it maintains nothing, and the hold ends. */
  | { readonly kind: "released"; readonly holdId: string; readonly holderId: string; readonly heldId: string }
  | { readonly kind: "strangle"; readonly holdId: string; readonly defenderId: string; readonly dice: DieRoll[]; readonly split: DamageSplit }
  /** A monster's grab deals the damage its sheet states, each round end after the first (issue 31). */
  | { readonly kind: "grabDamage"; readonly holdId: string; readonly defenderId: string; readonly dice: DieRoll[]; readonly bonus: number; readonly split: DamageSplit }
  | ({ readonly kind: "break"; readonly defenderId: string } & BreakRoll)
  | { readonly kind: "attacksLost"; readonly defenderId: string; readonly lost: number; readonly attacksNextRound: number }
  | { readonly kind: "recovered"; readonly id: string; readonly healed: number }
  | { readonly kind: "vitality"; readonly id: string; readonly before: Vitality; readonly after: Vitality };

export interface RoundEndResult {
  readonly round: number;
  readonly events: RoundEvent[];
  readonly holds: Hold[];
  /** Holds that ended this round end: broken, or let go by a holder who is out. */
  readonly brokenHoldIds: string[];
  readonly overborne: string[];
  readonly ledgers: Record<string, Ledger>;
  readonly attacksNextRound: Record<string, number>;
  readonly vitality: Record<string, Vitality>;
}

/**
 * The damage a hold deals at the strangle step of the end of `round`, or null: none in the round it
 * was made; a monster's grab its own figure (issue 31, option grabDamage), whatever the hold's part;
 * else a stranglehold's 2d4. The one source for the round end and the break chances.
 */
export function roundEndDamage(h: Hold, round: number): { readonly count: number; readonly sides: number; readonly bonus: number; readonly grab: boolean } | null {
  if (h.roundGained >= round) return null;
  if (h.roundDamage) return { ...h.roundDamage, grab: true };
  if (h.part === "strangle") return { count: STRANGLE_DAMAGE.count, sides: STRANGLE_DAMAGE.sides, bonus: 0, grab: false };
  return null;
}

export function resolveRoundEnd(input: RoundEndInput, options: D12Options, dice: Dice): RoundEndResult {
  const byId = new Map(input.combatants.map((c) => [c.id, c]));
  const plainSizes: Record<string, Size> = {};
  for (const c of input.combatants) plainSizes[c.id] = c.size;
  const events: RoundEvent[] = [];
  let holds = input.holds.filter((h) => byId.has(h.heldId) && byId.has(h.holderId));
  const ledgers: Record<string, Ledger> = { ...(input.ledgers ?? {}) };
  const before: Record<string, Vitality> = {};
  for (const [id, l] of Object.entries(ledgers)) before[id] = vitality(l);
  const overborne: string[] = [];
  const breakCount = new Map<string, number>();
  const broken: string[] = [];
  const defenders = input.combatants.filter((c) => input.holds.some((h) => h.heldId === c.id));

  const damage = (id: string, split: DamageSplit) => {
    const l = ledgers[id];
    if (l) ledgers[id] = addDamage(l, split);
  };
  const awake = (id: string) => awakeByLedger(ledgers[id]);
  const letGo = () => {
    const { kept, released } = letGoByTheOut(holds, awake);
    for (const h of released) {
      events.push({ kind: "released", holdId: h.id, holderId: h.holderId, heldId: h.heldId });
      broken.push(h.id);
    }
    holds = kept;
  };
  letGo();

  for (const step of options.roundEndOrder) {
    switch (step) {
      case "overbear":
        for (const d of defenders) {
          const decl = input.overbear?.find((o) => o.defenderId === d.id);
          if (!decl) continue;
          if (hasCondition(d, "prone") || overborne.includes(d.id)) {
            events.push({ kind: "overbearSkipped", defenderId: d.id, reason: "alreadyDown" });
            continue;
          }
          if (!holds.some((h) => h.heldId === d.id && decl.holderIds.includes(h.holderId))) {
            events.push({ kind: "overbearSkipped", defenderId: d.id, reason: "noHolds" });
            continue;
          }
          const r = rollOverbear(d, holds, decl.holderIds, options, dice, plainSizes);
          events.push({ kind: "overbear", ...r });
          if (r.overborne) overborne.push(d.id);
        }
        break;
      case "strangle":
        // 000 §Stranglehold: 2d4 whenever a round ends, except the round the hold was made in.
        for (const h of holds) {
          const dealt = roundEndDamage(h, input.round);
          if (!dealt) continue;
          // Issue 31: a monster's grab deals its own figure in this slot (option grabDamage), a
          // stranglehold's 2d4 replaced by it.
          if (dealt.grab) {
            const rolled = rollFormula(dice, dealt, "grabRoundDamage");
            const split = grappleSplit(Math.max(0, rolled.total + dealt.bonus), options);
            events.push({ kind: "grabDamage", holdId: h.id, defenderId: h.heldId, dice: rolled.rolls, bonus: dealt.bonus, split });
            damage(h.heldId, split);
            continue;
          }
          const rolled = rollFormula(dice, dealt, "strangleDamage");
          const split = grappleSplit(rolled.total, options);
          events.push({ kind: "strangle", holdId: h.id, defenderId: h.heldId, dice: rolled.rolls, split });
          damage(h.heldId, split);
        }
        break;
      case "break":
        // Who is still awake after the steps before this one (a stranglehold's 2d4 included).
        letGo();
        for (const d of defenders) {
          if (!holds.some((h) => h.heldId === d.id)) continue;
          if (!awake(d.id)) {
            events.push({ kind: "breakSkipped", defenderId: d.id, reason: "outCold" });
            continue;
          }
          let mine = holds.filter((h) => h.heldId === d.id);
          for (const h of [...mine]) {
            if (h.roundGained >= input.round) continue;
            const r = rollBreak(d, h, distinctHolders(mine), options, dice);
            events.push({ kind: "break", defenderId: d.id, ...r });
            breakCount.set(d.id, (breakCount.get(d.id) ?? 0) + 1);
            if (r.broken) {
              mine = mine.filter((x) => x.id !== h.id);
              broken.push(h.id);
            }
          }
        }
        holds = holds.filter((h) => !broken.includes(h.id));
        break;
    }
  }

  const nextAttacks: Record<string, number> = {};
  for (const d of defenders) {
    const n = breakCount.get(d.id) ?? 0;
    const next = attacksNextRound(d.attacksPerRound, n);
    nextAttacks[d.id] = next;
    if (n > 0) events.push({ kind: "attacksLost", defenderId: d.id, lost: d.attacksPerRound - next, attacksNextRound: next });
  }

  // 000 §Damage: temporary damage heals a point a round once out of the fight; an unconscious
  // creature counts as out of it (digest §5.3 reading), so the count and the healing agree.
  const after: Record<string, Vitality> = {};
  for (const c of input.combatants) {
    const l = ledgers[c.id];
    if (!l) continue;
    const v = vitality(l);
    const out = (input.outOfMelee ?? []).includes(c.id) || v.kind === "unconscious";
    if (out && l.temporary > 0 && v.kind !== "zeroHp") {
      const r = recoverTemporary(l, 1);
      ledgers[c.id] = r.ledger;
      events.push({ kind: "recovered", id: c.id, healed: r.healed });
    }
    after[c.id] = vitality(ledgers[c.id] as Ledger);
    const b = before[c.id] as Vitality;
    const a = after[c.id] as Vitality;
    if (b.kind !== a.kind || (b.kind === "unconscious" && a.kind === "unconscious" && b.rounds !== a.rounds)) {
      events.push({ kind: "vitality", id: c.id, before: b, after: a });
    }
  }

  return { round: input.round, events, holds, brokenHoldIds: broken, overborne, ledgers, attacksNextRound: nextAttacks, vitality: after };
}
