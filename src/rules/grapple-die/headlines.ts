/**
 * Variant grapple-die (002): the i18n keys of headlines and odds (by outcome kind and refusal
 * reason), and the consequences of the defender's free or immediate attack.
 */
import type { Consequences } from "../core/consequences.ts";
import { REFUSED_KEY } from "../core/shell.ts";
import type { Strike } from "./attack.ts";

/** The i18n key of each outcome kind the resolvers and odds use. */
const KIND_KEY: Readonly<Record<string, string>> = {
  foiled: "WC.Result.lost",
  miss: "WC.Result.miss",
  slip: "WC.Result.slip",
  kept: "WC.Result.holdKept",
  lost: "WC.Result.holdLost",
  broken: "WC.Result.brokeFree",
  held: "WC.Result.stillHeld",
  heldAllProne: "WC.Result.allProne",
  notAllowed: "WC.Result.notAllowed",
  stopped: "WC.Result.stopped",
  saved: "WC.Result.resisted",
  overborne: "WC.Result.overborne",
  hit: "WC.Result.hit",
  hitStunned: "WC.Result.hitStunned",
  failed: "WC.Result.grabFailed",
  grabbed: "WC.Result.itemTaken",
};

const REASON_KEY: Readonly<Record<string, string>> = {
  notProne: "WC.Reason.notProne",
  legHeld: "WC.Reason.legHeld",
  grappled: "WC.Reason.heldFast",
  notFavourable: "WC.Reason.notFavourable",
  notHelpless: "WC.Reason.notHelpless",
  unarmed: "WC.Reason.unarmed",
  notInGrapple: "WC.Reason.notInGrapple",
  attackerInGrapple: "WC.Reason.attackerInGrapple",
  unknownMember: "WC.Reason.unknownMember",
};

export const refusal = (reason: string): { key: string; params: Record<string, string> } => ({ key: REFUSED_KEY, params: { reason: REASON_KEY[reason] ?? "WC.Result.notAllowed" } });

/** A hold's headline names its table row; the shell shows `part` as WC.Part.<name>. */
const HOLD_KEY = "WC.Result.hold";

export function keyOf(kind: string): { key: string; params?: Record<string, string | number> } {
  for (const prefix of ["hold:", "changed:"]) if (kind.startsWith(prefix)) return { key: HOLD_KEY, params: { part: kind.slice(prefix.length) } };
  const key = KIND_KEY[kind];
  if (key === undefined) throw new Error(`grapple-die variant: no key for outcome ${kind}`);
  return { key };
}

// --- Consequences beyond the variant's own -------------------------------------------------------------

/** A free or immediate attack the core rolled and that drew blood hurts the attacker. */
export function strikeDamage(c: Consequences, attackerId: string, s: Strike, reason: string): Consequences {
  if (s.kind === "rolled" && s.damage && s.damage.total > 0) c.damage.push({ targetId: attackerId, actual: s.damage.total, temporary: 0, reason });
  return c;
}

/** A free attack routine the defender took on this attempt is recorded for the rest of the round. */
export function spendFreeAttack(c: Consequences, s: Strike, byId: string, againstId: string): Consequences {
  if (s.kind !== "none") (c.freeAttacks ??= []).push({ byId, againstId });
  return c;
}
