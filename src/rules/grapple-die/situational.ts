/**
 * Variant grapple-die (002): the circumstance boxes the action dialog shows for each action, and
 * the declared values read back: each box checked, the defender's free or immediate attack, and
 * the defender as the boxes make it.
 */
import { IssueList } from "../core/errors.ts";
import { GRAB_SITUATION } from "../core/grab.ts";
import type { ActionContext, Declared, ShellAction, Situational } from "../variant.ts";
import type { StrikeInput } from "./attack.ts";
import type { Condition, GdCombatant } from "./profile.ts";
import { OVERBEAR_SAVE } from "./tables.ts";

/**
 * The defender's free attack (grapple) or immediate attack (overbear): the core rolls it with
 * the readied attack, or the table reports that it drew blood ("hurt") or did not ("harmless":
 * a miss, a hit for 0, or no attack taken).
 */
const STRIKE_CHOICES = ["roll", "hurt", "harmless"] as const;
type StrikeChoice = (typeof STRIKE_CHOICES)[number];

const TO_HIT: Situational = { key: "toHitBonus", kind: "number", label: "WC.Situation.toHitBonus", min: -10, max: 10 };
const DAMAGE: Situational = { key: "damageBonus", kind: "number", label: "WC.Situation.damageBonus", min: -10, max: 10 };
const DIE: Situational = { key: "dieBonus", kind: "number", label: "WC.Situation.dieBonus", min: -10, max: 10 };
const FREE_ATTACK: Situational = { key: "freeAttack", kind: "choice", label: "WC.Situation.freeAttack", choices: STRIKE_CHOICES, initial: "roll", by: "defender" };
const SURPRISED: Situational = { key: "targetSurprised", kind: "flag", label: "WC.Situation.targetSurprised" };
const SLICK: Situational = { key: "slickTarget", kind: "flag", label: "WC.Situation.slickTarget" };

export const SITUATIONAL: Partial<Record<ShellAction, readonly Situational[]>> = {
  grapple: [TO_HIT, DIE, FREE_ATTACK, SURPRISED, SLICK, { key: "changeHold", kind: "flag", label: "WC.Situation.changeHold" }],
  counterGrapple: [DIE, FREE_ATTACK, SURPRISED, SLICK],
  // Issue 31: the grabbing attack's own to-hit, then the grapple die's circumstances (no free attack: the grab is the creature's own ability).
  grab: [...GRAB_SITUATION, DIE, SLICK],
  breakFree: [DIE],
  release: [],
  overbear: [
    TO_HIT,
    { key: "immediateAttack", kind: "choice", label: "WC.Situation.immediateAttack", choices: STRIKE_CHOICES, initial: "roll", by: "defender" },
    { key: "terrain", kind: "number", label: "WC.Situation.terrain", min: OVERBEAR_SAVE.terrainMin, max: OVERBEAR_SAVE.terrainMax },
    { key: "saveBonus", kind: "number", label: "WC.Situation.saveBonus", min: -10, max: 10 },
    { key: "overbearEffect", kind: "choice", label: "WC.Situation.overbearEffect", choices: ["prone", "push"], initial: "prone" },
  ],
  pummel: [
    TO_HIT,
    DAMAGE,
    { key: "weaponVsArmor", kind: "number", label: "WC.Situation.weaponVsArmor", min: -10, max: 10 },
    { key: "limbs", kind: "number", label: "WC.Situation.limbs", min: 1, max: 4 },
    { key: "twoWeaponAdjust", kind: "number", label: "WC.Situation.twoWeaponAdjust", min: -6, max: 6 },
  ],
  subdue: [TO_HIT, DAMAGE],
  standUp: [],
  grabItem: [FREE_ATTACK],
  coupDeGrace: [
    { key: "noOpponents", kind: "flag", label: "WC.Situation.noOpponents" },
    { key: "routines", kind: "number", label: "WC.Situation.routines", min: 1, max: 4 },
  ],
  attackIntoGrapple: [TO_HIT, DAMAGE],
};

/** The declared boxes the action has, each checked; boxes of other actions are left out. */
export function declaredFor(action: ShellAction, d: Declared): Declared {
  const issues = new IssueList();
  const out: Record<string, boolean | number | string> = {};
  for (const s of SITUATIONAL[action] ?? []) {
    const v = d[s.key];
    if (v === undefined) continue;
    const path = `declared.${s.key}`;
    const ok = s.kind === "flag" ? issues.bool(path, v) : s.kind === "number" ? issues.int(path, v, s.min, s.max) : issues.oneOf(path, v, s.choices);
    if (ok) out[s.key] = v;
  }
  issues.throwIfAny();
  return out;
}

export const num = (d: Declared, key: string): number | undefined => (typeof d[key] === "number" ? (d[key] as number) : undefined);

/**
 * The defender's free attack on this attempt, as declared; `spent` when it already took its one
 * free attack routine against this attacker this round (002 §Free Attack).
 */
export function freeAttackInput(ctx: ActionContext, d: Declared): StrikeInput {
  if ((ctx.freeAttacks ?? []).some((f) => f.byId === ctx.defender.id && f.againstId === ctx.attacker.id)) return { kind: "spent" };
  return strikeInput(d, "freeAttack");
}

export function strikeInput(d: Declared, key: string): StrikeInput {
  const v = (d[key] ?? "roll") as StrikeChoice;
  // A reported strike stops the attempt when it hit for at least 1 point; the amount itself was
  // applied by the table's own attack roll.
  if (v === "hurt") return { kind: "reported", hit: true, damage: 1 };
  if (v === "harmless") return { kind: "reported", hit: false, damage: 0 };
  return { kind: "roll" };
}

/** The defender as the declared boxes make it for this attempt: surprised, oiled. */
export function asDeclared(c: GdCombatant, d: Declared): GdCombatant {
  const extra: Condition[] = [];
  if (d.targetSurprised === true) extra.push("surprised");
  if (d.slickTarget === true) extra.push("slick");
  return extra.length === 0 ? c : { ...c, conditions: [...new Set([...c.conditions, ...extra])] };
}
