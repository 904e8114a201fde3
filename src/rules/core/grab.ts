/**
 * A monster's own attack that takes hold (issue 31): the constrictor's coils, the octopus's
 * tentacle, a dnd5e attack that leaves its target grappled. What the three variants share: the
 * attack's to-hit (the variant's own d20 against the number the attack needs), and, once it hits,
 * the hit standing for the variant's grapple to-hit, after which the variant's own hold procedure
 * runs as for any grapple. The variants differ by data: which hold a grab gives (an option of
 * each) and where the monster's damage each round goes (the option `grabDamage`).
 *
 * A host attack roll the GM points the module to has hit already (`hostHit`): no to-hit is rolled.
 */
import type { Consequences } from "./consequences.ts";
import { noConsequences } from "./consequences.ts";
import type { Dice } from "./dice.ts";
import { IssueList, RulesInputError } from "./errors.ts";
import { headline, isRefusalKey } from "./shell.ts";
import type { ToHitRoll } from "./to-hit.ts";
import { rollToHit } from "./to-hit.ts";
import type { UntonedOutcome } from "./tone.ts";
import { mod } from "./trace.ts";

/** Damage dice as a monster states them: 2d6+3. */
export interface GrabDice {
  readonly count: number;
  readonly sides: number;
  readonly bonus: number;
}

/** The grabbing attack, as the shell read it from the creature's sheet (never from a player's word). */
export interface GrabAttack {
  /** The attack's key on its creature (an item id, `attacks.<n>`, `system`). */
  readonly key: string;
  /** The attack's name as the sheet gives it (plain text: the shell escapes it). */
  readonly name: string;
  /** The damage the monster's hold does each round, where its sheet states it. */
  readonly damagePerRound?: GrabDice;
  /** The figure to beat to break free, where the sheet states it (shown; no rule set here reads it). */
  readonly escape?: number;
  /** The GM pointed the module to a host attack roll that hit: no to-hit is rolled here. */
  readonly hostHit?: true;
}

/** The option every variant has: whose damage fills a hold's damage slot when a grab made it. */
export const GRAB_DAMAGE_CHOICES = ["monster", "ruleSet"] as const;
export type GrabDamage = (typeof GRAB_DAMAGE_CHOICES)[number];

/** The attack's to-hit when no host roll stands for it: the number the attack needs (the sheet's THAC0 less the target's AC), and a bonus. */
export const NEEDED_DEFAULT = 11;

/** Checks the grab the shell put on the context; a bad one is named, and nothing is resolved. */
export function validateGrab(raw: unknown, path = "grab"): GrabAttack {
  const issues = new IssueList();
  if (!issues.object(path, raw)) issues.throwIfAny();
  const g = raw as Record<string, unknown>;
  issues.str(`${path}.key`, g.key);
  if (typeof g.name !== "string") issues.add(`${path}.name`, "notText", { got: typeof g.name });
  if (g.escape !== undefined) issues.int(`${path}.escape`, g.escape, 1, 40);
  if (g.hostHit !== undefined && g.hostHit !== true) issues.add(`${path}.hostHit`, "notBoolean", { got: String(g.hostHit) });
  const d = g.damagePerRound;
  if (d !== undefined && issues.object(`${path}.damagePerRound`, d)) {
    const x = d as Record<string, unknown>;
    issues.int(`${path}.damagePerRound.count`, x.count, 1, 20);
    issues.int(`${path}.damagePerRound.sides`, x.sides, 1, 100);
    issues.int(`${path}.damagePerRound.bonus`, x.bonus, -20, 100);
  }
  issues.throwIfAny();
  return raw as GrabAttack;
}

/** The grab an action context carries; an action "grab" without one is bad input. */
export function grabOf(ctx: { readonly grab?: unknown }): GrabAttack {
  if (ctx.grab === undefined) throw new RulesInputError([{ path: "grab", code: "noGrab" }]);
  return validateGrab(ctx.grab);
}

/** The monster's figure for a hold's damage slot, when the option gives the slot to it. */
export function monsterDamage(attack: GrabAttack, option: GrabDamage): GrabDice | null {
  return option === "monster" && attack.damagePerRound ? attack.damagePerRound : null;
}

/** The to-hit boxes of a grab (the dialog fills `needed` from the sheet). */
export const GRAB_SITUATION = [
  { key: "needed", kind: "number", label: "WC.Situation.neededToHit", min: 1, max: 30, figure: true, initial: NEEDED_DEFAULT, sheet: "neededToHit" },
  { key: "toHitBonus", kind: "number", label: "WC.Situation.toHitBonus", min: -10, max: 10 },
] as const;

function declaredInt(d: Readonly<Record<string, unknown>>, key: string, dflt: number): number {
  const v = d[key];
  return typeof v === "number" && Number.isInteger(v) ? v : dflt;
}

/** What the attack needs and adds, from the declared boxes. */
export function grabNeeds(declared: Readonly<Record<string, unknown>>): { needed: number; bonus: number } {
  return { needed: declaredInt(declared, "needed", NEEDED_DEFAULT), bonus: declaredInt(declared, "toHitBonus", 0) };
}

/** The attack's own roll: the variant's d20 (`isHit`, where a variant lets a natural 20 hit). */
export function rollGrabToHit(dice: Dice, declared: Readonly<Record<string, unknown>>, isHit?: (face: number, total: number, needed: number) => boolean): ToHitRoll {
  const { needed, bonus } = grabNeeds(declared);
  const mods = bonus !== 0 ? [mod("WC.Mod.situationToHit", bonus)] : [];
  return rollToHit(dice, needed, mods, "grabToHit", isHit ? (f, t) => isHit(f, t, needed) : undefined);
}

/** What a grab came to: the attack missed, or it hit and the variant's hold procedure followed. */
export type GrabResult =
  | { readonly kind: "grabMissed"; readonly attack: { readonly key: string; readonly name: string }; readonly toHit: ToHitRoll }
  | {
      readonly kind: "grabbed";
      readonly attack: { readonly key: string; readonly name: string };
      /** Null when a host attack roll stood for it. */
      readonly toHit: ToHitRoll | null;
      /** The monster's figure that filled the hold's damage slot, if it did. */
      readonly monsterDamage: GrabDice | null;
      /** When the rule set deals the hold's damage: from the next round's end on, or each round from now (the variant's data). */
      readonly damageTiming: GrabDamageTiming;
      /** The variant's own grapple result, after the hit. */
      readonly hold: unknown;
    };

export interface GrabResolution {
  readonly action: "grab";
  readonly result: GrabResult | unknown;
  readonly consequences: Consequences;
  readonly headline: { readonly key: string; readonly params?: Record<string, string | number> };
}

/**
 * The shared procedure: the attack's to-hit (unless a host roll hit), then, on a hit, the
 * variant's own hold procedure (`afterHit`, which treats the grapple to-hit as made). A refusal
 * by the variant (the creature holds all it can) comes back as the refusal itself.
 */
/** When a rule set deals a hold's damage: only at the close of the rounds after the one it was made in (000), or from now on, each round (002, 004). */
export type GrabDamageTiming = "laterRoundEnds" | "eachRound";

export function grabProcedure(
  ctx: { readonly declared: Readonly<Record<string, unknown>>; readonly grab?: unknown },
  dice: Dice,
  isHit: ((face: number, total: number, needed: number) => boolean) | undefined,
  option: GrabDamage,
  damageTiming: GrabDamageTiming,
  afterHit: (attack: GrabAttack, damage: GrabDice | null) => { readonly result: unknown; readonly consequences: Consequences; readonly headline: { readonly key: string; readonly params?: Record<string, string | number> } },
): GrabResolution {
  const attack = grabOf(ctx);
  const named = { key: attack.key, name: attack.name };
  let toHit: ToHitRoll | null = null;
  if (attack.hostHit !== true) {
    toHit = rollGrabToHit(dice, ctx.declared, isHit);
    if (!toHit.hit) return { action: "grab", result: { kind: "grabMissed", attack: named, toHit }, consequences: noConsequences(), headline: headline("WC.Result.grabMissed") };
  }
  const damage = monsterDamage(attack, option);
  const inner = afterHit(attack, damage);
  if (isRefusalKey(inner.headline.key)) return { action: "grab", result: inner.result, consequences: inner.consequences, headline: inner.headline };
  return { action: "grab", result: { kind: "grabbed", attack: named, toHit, monsterDamage: damage, damageTiming, hold: inner.result }, consequences: inner.consequences, headline: inner.headline };
}

/** P(the attack hits) with the variant's d20 rule. */
export function pGrabHit(declared: Readonly<Record<string, unknown>>, isHit?: (face: number, total: number, needed: number) => boolean): number {
  const { needed, bonus } = grabNeeds(declared);
  let n = 0;
  for (let f = 1; f <= 20; f++) if (isHit ? isHit(f, f + bonus, needed) : f + bonus >= needed) n++;
  return n / 20;
}

/**
 * A grab's odds: the variant's odds of its hold procedure once the hit stands (`afterHit`),
 * weighed by the chance the attack hits, and the miss. A refusal stays the refusal.
 */
export function grabOdds(ctx: { readonly declared: Readonly<Record<string, unknown>>; readonly grab?: unknown }, isHit: ((face: number, total: number, needed: number) => boolean) | undefined, afterHit: UntonedOutcome[]): UntonedOutcome[] {
  const attack = grabOf(ctx);
  if (afterHit.length === 1 && afterHit[0] && isRefusalKey(afterHit[0].key)) return afterHit;
  if (attack.hostHit === true) return afterHit;
  const p = pGrabHit(ctx.declared, isHit);
  const out: UntonedOutcome[] = afterHit.map((o) => ({ ...o, p: o.p * p }));
  out.push({ key: "WC.Result.grabMissed", p: 1 - p, tone: "bad" });
  return out.filter((o) => o.p > 0);
}

/** Checks a hold's stored grab damage (a hold a grab made keeps the monster's figure): into `issues`. */
export function checkGrabDice(issues: IssueList, path: string, v: unknown): void {
  if (v === undefined) return;
  if (!issues.object(path, v)) return;
  const x = v as Record<string, unknown>;
  issues.int(`${path}.count`, x.count, 1, 20);
  issues.int(`${path}.sides`, x.sides, 1, 100);
  issues.int(`${path}.bonus`, x.bonus, -20, 100);
}
