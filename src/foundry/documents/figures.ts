/**
 * The figures a creature's sheet gives for the action dialog's boxes that ask for them (the d20
 * roll needed to hit: THAC0 less the target's AC; the dice of its own attack), and the values the
 * boxes start at. Read alike by the dialog (which fills the boxes) and by the GM (who tells a
 * value a player typed from one the box started at).
 */
import type { SheetFigure, Situational } from "../../rules/index.ts";
import type { Side } from "./cast.ts";
import { actorData, hostSystem, systemSettings } from "./creature.ts";

export type Values = Record<string, boolean | number | string>;

/** The sheet's figures; `defender` null leaves out what would show the defender's numbers. */
export function sheetFiguresOf(attacker: Side, defender: Side | null): Partial<Record<SheetFigure, number>> {
  try {
    const system = hostSystem();
    const settings = systemSettings(system);
    const mine = system.facts(actorData(attacker.actor, attacker.token), settings);
    const out: Partial<Record<SheetFigure, number>> = {};
    if (defender) {
      const theirs = system.facts(actorData(defender.actor, defender.token), settings);
      out.neededToHit = mine.thac0.value - theirs.ac.value;
    }
    const attack = mine.naturalAttack.value;
    if (attack) Object.assign(out, { damageCount: attack.count, damageSides: attack.sides, damageBonus: attack.bonus });
    return out;
  } catch {
    // A sheet the system cannot read leaves the boxes at their own starts.
    return {};
  }
}

/** A number box's own start: its `initial`, else 0, brought within its range. */
export function boxStart(s: Situational & { kind: "number" }): number {
  return Math.min(s.max, Math.max(s.min, s.initial ?? 0));
}

/**
 * The values the boxes start at: a number at the sheet's figure where one is given, else at the
 * box's own start (0, or the nearest end of its range when 0 is outside it).
 */
export function initialDeclared(list: readonly Situational[], figures: Partial<Record<SheetFigure, number>> = {}): Values {
  const out: Values = {};
  for (const s of list) {
    if (s.kind === "flag") out[s.key] = false;
    else if (s.kind === "number") {
      const figure = s.sheet !== undefined ? figures[s.sheet] : undefined;
      out[s.key] = figure !== undefined ? Math.min(s.max, Math.max(s.min, figure)) : boxStart(s);
    } else out[s.key] = s.initial;
  }
  return out;
}

/** The keys whose value differs from the box's start: what the user changed. */
export function changedKeys(start: Values, now: Values): string[] {
  return Object.keys(now).filter((k) => now[k] !== start[k]);
}
