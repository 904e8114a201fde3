/**
 * Variant d12-holds (000): the circumstance boxes the action dialog shows for each action, and
 * the declared values read back into this variant's attack situation and a charge's first strike.
 */
import { declaredNumber } from "../core/shell.ts";
import { GRAB_SITUATION } from "../core/grab.ts";
import type { ActionContext, Declared, ShellAction, Situational } from "../variant.ts";
import { validateSituation } from "./actions.ts";
import type { Situation } from "./attack.ts";
import type { FirstStrike } from "./charge.ts";
import type { Hold } from "./holds.ts";

const ATTACK_SITUATION: readonly Situational[] = [
  { key: "rear", kind: "flag", label: "WC.Situation.rear" },
  { key: "underwater", kind: "flag", label: "WC.Situation.underwater" },
  { key: "toHitBonus", kind: "number", label: "WC.Situation.toHitBonus", min: -10, max: 10 },
  { key: "damageBonus", kind: "number", label: "WC.Situation.damageBonus", min: -10, max: 10 },
  { key: "hitsTaken", kind: "number", label: "WC.Situation.hitsTaken", min: 0, max: 10 },
];

export const SITUATIONAL: Partial<Record<ShellAction, readonly Situational[]>> = {
  grapple: ATTACK_SITUATION,
  // Issue 31: the grabbing attack's own to-hit (the number it needs, from the sheet).
  grab: GRAB_SITUATION,
  pummel: ATTACK_SITUATION,
  chargingOverbear: [
    ...ATTACK_SITUATION.filter((s) => s.key !== "hitsTaken" && s.key !== "damageBonus"),
    { key: "firstStrike", kind: "choice", label: "WC.Situation.firstStrike", choices: ["roll", "hit", "miss", "none"], initial: "roll", by: "defender" },
  ],
};

export function situation(ctx: ActionContext, holds: readonly Hold[]): Situation {
  const d = ctx.declared;
  const hits = Math.max(0, Math.trunc(declaredNumber(d, "hitsTaken")));
  return validateSituation(
    {
      rear: d.rear === true,
      underwater: d.underwater === true,
      toHitBonus: declaredNumber(d, "toHitBonus"),
      damageBonus: declaredNumber(d, "damageBonus"),
      targetHits: Array.from({ length: hits }, () => ({ damaged: true })),
      round: Math.max(1, ctx.round),
      holds: holds.filter((h) => h.heldId === ctx.defender.id),
      attackerHolds: holds.filter((h) => h.holderId === ctx.attacker.id).length,
    },
    "situation",
  );
}

export function firstStrike(d: Declared): FirstStrike {
  const v = d.firstStrike;
  return v === "hit" || v === "miss" || v === "none" ? v : "roll";
}
