/**
 * A player took their own creature out of a fight while it is in a hold (Foundry lets an owner
 * remove their combatant). Holds end by the rules or by the GM, so the GM is asked: put the
 * creature back in the combat, or end its holds.
 */
import { TEMPLATES } from "../base/constants.ts";
import { i18n } from "../base/i18n.ts";
import { plainText } from "../base/text.ts";
import { gmWork } from "../gm/queue.ts";

/** True: the GM ends the holds. False: the combatant is back (or the GM closed the question, which keeps it back). */
export async function askAboutCombatant(combatant: Combatant.Implementation, combat: Combat.Implementation, userId: string): Promise<boolean> {
  const name = combatant.token?.name ?? combatant.name ?? "?";
  const user = game.users.get(userId)?.name ?? "?";
  const answer: unknown = await foundry.applications.api.DialogV2.wait({
    window: { title: plainText(i18n.localize("WC.Guard.combatantTitle")) },
    content: await foundry.applications.handlebars.renderTemplate(TEMPLATES.moveDialog, { intro: i18n.format("WC.Guard.combatantRemoved", { user, name }), lines: [] }),
    buttons: [
      { action: "back", label: plainText(i18n.format("WC.Guard.putBack", { name })), default: true },
      { action: "end", label: plainText(i18n.localize("WC.Guard.endHolds")) },
    ],
    rejectClose: false,
  } as never);
  if (answer === "end") return true;
  if (!game.combats.has(combat.id ?? "") || combat.combatants.has(combatant.id ?? "")) return false;
  await gmWork(async () => {
    try {
      await combat.createEmbeddedDocuments("Combatant", [combatant.toObject()] as never, { keepId: true });
    } catch {
      // Back already, or the combat is gone.
    }
  });
  return false;
}
