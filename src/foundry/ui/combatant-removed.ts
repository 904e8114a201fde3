/**
 * A player took their own creature out of a fight while it is in a hold (Foundry lets an owner
 * remove their combatant). Holds end by the rules or by the GM, so the creature is put back in
 * the combat at once (nothing, a round's end or a count of actions, runs as if it had left while
 * the GM decides), and the GM is asked: keep it in, or let it leave and end its holds. The GM is
 * asked once per creature and round; a removal asked about already is only put back.
 */
import { TEMPLATES } from "../base/constants.ts";
import { i18n } from "../base/i18n.ts";
import { plainText } from "../base/text.ts";
import { ledgerEntries } from "../documents/ledger.ts";
import { rebuild } from "../gm/hold-guard.ts";
import { gmWork } from "../gm/queue.ts";

/** Puts the combatant back, asks the GM, and takes it out again (as the GM, which ends its holds) if the GM lets it leave. */
export async function askAboutCombatant(combatant: Combatant.Implementation, combat: Combat.Implementation, userId: string, ask = true): Promise<void> {
  const name = combatant.token?.name ?? combatant.name ?? "?";
  const user = game.users.get(userId)?.name ?? "?";
  const id = combatant.id ?? "";
  await gmWork(async () => {
    if (!game.combats.has(combat.id ?? "") || combat.combatants.has(id)) return;
    try {
      await combat.createEmbeddedDocuments("Combatant", [combatant.toObject()] as never, { keepId: true });
    } catch {
      // Back already, or the combat is gone.
    }
    // While it was out, its holds did not stand (a combat's hold needs both in the fight), so a
    // rebuild of its halves in that moment (a half the player removed with it) made none, or
    // took one off: back in, both creatures' halves are made the ledger's projection again.
    const uuid = combatant.token?.uuid;
    const named = ledgerEntries().filter((k) => k.hold.record.heldId === uuid || k.hold.record.holderId === uuid);
    const actors = [...new Set(named.flatMap((k) => [k.hold.heldActor, k.hold.holderActor]))].map((u) => fromUuidSync(u as never) as Actor.Implementation | null);
    await rebuild(actors.filter((a): a is Actor.Implementation => !!a));
  });
  // Asked already this round about this creature: put back, and the GM's question stands.
  if (!ask) return;
  const answer: unknown = await foundry.applications.api.DialogV2.wait({
    window: { title: plainText(i18n.localize("WC.Guard.combatantTitle")) },
    content: await foundry.applications.handlebars.renderTemplate(TEMPLATES.moveDialog, { intro: i18n.format("WC.Guard.combatantRemoved", { user, name }), lines: [] }),
    buttons: [
      { action: "back", label: plainText(i18n.format("WC.Guard.putBack", { name })), default: true },
      { action: "end", label: plainText(i18n.localize("WC.Guard.endHolds")) },
    ],
    rejectClose: false,
  } as never);
  if (answer !== "end") return;
  // Removed by the GM: the holds go with it (hooks/cleanup.ts).
  await gmWork(async () => {
    if (!game.combats.has(combat.id ?? "") || !combat.combatants.has(id)) return;
    try {
      await combat.deleteEmbeddedDocuments("Combatant", [id]);
    } catch {
      // Gone already.
    }
  });
}
