/**
 * What follows an action in d12-holds, for the card's closing lines: 000 §Maintaining holds
 * (a held creature rolls to break free at the end of every round after the one the hold was
 * gained in; a stranglehold hurts at each round's end) and §Overbearing (a holder declares an
 * overbear during the round; the d100 comes at its end). Who is out once the action is done
 * (`after`) is promised what the round end will do (core/awake.ts, by the ledger as the round end
 * reads it): a holder out keeps nothing, so its hold ends with the round; a held creature out
 * rolls no break.
 */
import { outAfterAction } from "../core/awake.ts";
import { holderOutLine, holdersKnockedOut, outNoBreakLine } from "../core/next.ts";
import { sumMods } from "../core/trace.ts";
import type { ActionContext, AfterAction, NextLine, Resolution } from "../variant.ts";
import { validateHold } from "./actions.ts";
import { breakModifiers, breakTarget, distinctHolders } from "./breaks.ts";
import type { Hold } from "./holds.ts";
import type { D12Options } from "./options.ts";
import { overbearChance } from "./overbear.ts";
import type { D12Combatant } from "./profile.ts";
import { validateCombatant } from "./profile.ts";

const signed = (n: number): string => (n === 0 ? "" : n > 0 ? ` + ${n}` : ` − ${-n}`);

export function d12Next(ctx: ActionContext, r: Resolution, o: D12Options, after?: AfterAction): NextLine[] {
  const out = (id: string) => outAfterAction(after, id, true);
  const people = new Map<string, D12Combatant>();
  for (const [p, path] of [[ctx.attacker, "attacker"], [ctx.defender, "defender"]] as const) people.set(p.id, validateCombatant({ ...(p.profile as object), id: p.id }, path));
  const before = ctx.holds.map((h, i) => validateHold(h.data, `holds[${i}].data`));
  const removed = new Set(r.consequences.holdsRemoved);
  const added = r.consequences.holdsAdded.map((h, i) => validateHold(h.data, `holdsAdded[${i}].data`));
  const holds: Hold[] = [...before.filter((h) => !removed.has(h.id)), ...added];
  const lines: NextLine[] = [];
  const breakLine = (h: Hold): NextLine | null => {
    const held = people.get(h.heldId);
    if (!held) return null;
    if (out(h.holderId)) return holderOutLine(h.heldId, h.holderId);
    if (out(h.heldId)) return outNoBreakLine(h.heldId, h.holderId);
    const t = breakTarget(held, h, distinctHolders(holds.filter((x) => x.heldId === held.id)));
    const mods = breakModifiers(held, h, o);
    return {
      key: h.roundGained >= ctx.round && ctx.inCombat ? "WC.Next.breakFromNextRound" : "WC.Next.breakAtRoundEnd",
      params: { who: held.id, holder: h.holderId },
      numbers: { key: "WC.NextNumbers.d12Break", params: { target: t.target, mods: signed(sumMods(mods)) } },
      numbersOf: [held.id],
      // The sum holds the break roll's modifiers: hidden wherever the roll hides them.
      numbersFrom: { roller: held.id, opponent: h.holderId, keys: mods.map((m) => m.key) },
    };
  };
  for (const h of added) {
    const line = breakLine(h);
    if (line) lines.push(line);
    // The hold ends with the round: nothing more comes of it.
    if (out(h.holderId)) continue;
    // 000 §Stranglehold: no 2d4 at the end of the round the hold was made in.
    if (h.part === "strangle") lines.push({ key: h.roundGained >= ctx.round && ctx.inCombat ? "WC.Next.strangleHurtsFromNextRound" : "WC.Next.strangleHurts", params: { who: h.heldId, holder: h.holderId } });
    const held = people.get(h.heldId);
    if (held) {
      const chance = overbearChance(held, holds, [h.holderId], o).chance;
      // An overbear that cannot succeed is no option (the card offers no button for it either).
      if (chance > 0) lines.push({ key: ctx.inCombat ? "WC.Next.mayDeclareOverbear" : "WC.Next.mayOverbear", params: { who: h.heldId, holder: h.holderId }, numbers: { key: "WC.NextNumbers.overbearChance", params: { chance: Math.max(0, Math.min(100, chance)) } } });
    }
  }
  const result = r.result as { kind?: string; chance?: number; defenderId?: string; broken?: boolean; holdId?: string };
  if (result.kind === "declared" && typeof result.chance === "number" && result.defenderId) {
    lines.push({ key: "WC.Next.overbearAtRoundEnd", params: { who: result.defenderId }, numbers: { key: "WC.NextNumbers.overbearRoll", params: { chance: Math.max(0, Math.min(100, result.chance)) } } });
  }
  if (ctx.action === "breakFree" && result.broken === false) {
    const h = holds.find((x) => x.id === result.holdId);
    const line = h ? breakLine(h) : null;
    if (line) lines.push(line);
  }
  lines.push(...holdersKnockedOut(ctx, r, out, lines));
  return lines;
}
