/**
 * The GM's correction of temporary damage from a card: each creature the card names, with the
 * temporary damage it carries now; changed numbers are saved together.
 */
import { readLedger } from "../documents/actors.ts";
import { MODULE_ID, TEMPLATES } from "../base/constants.ts";
import { i18n, notify } from "../base/i18n.ts";
import { tokenByUuid } from "../documents/cast.ts";
import { openSaveDialog } from "./save-dialog.ts";
import type { TemporaryCorrection } from "../base/types.ts";
import { correctAsReferee } from "../cards/request-card.ts";

export interface LedgerRow {
  readonly uuid: string;
  readonly name: string;
  readonly temporary: number;
  readonly hp: string;
}

export function ledgerRows(tokenUuids: readonly string[]): LedgerRow[] {
  const rows: LedgerRow[] = [];
  for (const uuid of new Set(tokenUuids)) {
    const token = tokenByUuid(uuid);
    const actor = token?.actor as Actor.Implementation | null | undefined;
    if (!token || !actor) continue;
    const l = readLedger(actor);
    rows.push({ uuid, name: token.name ?? "", temporary: l?.temporary ?? actor.getFlag(MODULE_ID, "temporary") ?? 0, hp: l ? `${l.maxHp - l.actual}/${l.maxHp}` : "?" });
  }
  return rows;
}

export async function openLedgerEditor(tokenUuids: readonly string[]): Promise<void> {
  if (!game.user.isGM) return notify("warn", "WC.Refuse.notGM");
  const rows = ledgerRows(tokenUuids);
  const content = await foundry.applications.handlebars.renderTemplate(TEMPLATES.ledger, {
    rows,
    labels: { name: i18n.localize("WC.MassCharge.name"), hp: i18n.localize("WC.Ledger.hp"), temporary: i18n.localize("WC.Ledger.temporary"), hint: i18n.localize("WC.Ledger.hint") },
  });
  await openSaveDialog({
    title: i18n.localize("WC.Ledger.title"),
    content,
    invalidKey: "WC.Options.invalid",
    save: async (form) => {
      const corrections: TemporaryCorrection[] = [];
      for (const row of rows) {
        const el = form.elements.namedItem(`temporary.${row.uuid}`);
        const value = el instanceof HTMLInputElement ? Number(el.value) : NaN;
        if (!Number.isInteger(value) || value < 0 || value === row.temporary) continue;
        corrections.push({ uuid: row.uuid, value });
      }
      // Every corrected creature in as few requests as the batched writes allow, by the one referee.
      if (corrections.length > 0) await correctAsReferee(corrections);
    },
  });
}
