/**
 * A player deleted the token of their own creature while it is in a hold (a world may let players
 * delete their tokens: core permission TOKEN_DELETE, C-171). Holds end by the rules or by the GM,
 * so the token is made again at once from the deleted document's data at its own id (`keepId`,
 * so the ledger's UUIDs still name it), its holds' effects rebuilt from the ledger, and the GM
 * asked: keep it, or let it go and end its holds. Asked once per creature and round; a deletion
 * asked about already is only put back. Where the token cannot be made again at its id (whether a
 * server takes a deleted token's id again has no public source), its holds end as for any token
 * gone, and the GM is told who deleted it.
 */
import { TEMPLATES } from "../base/constants.ts";
import { i18n, notify } from "../base/i18n.ts";
import { plainText } from "../base/text.ts";
import { ledgerEntries } from "../documents/ledger.ts";
import { clocksGone, onTokensGone, rebuild, removeEffects } from "../gm/hold-guard.ts";
import { gmWork } from "../gm/queue.ts";

/** Makes the token again at its id; true when it stands there again. A token made at another id is taken away (the ledger would not name it). */
async function putBack(token: TokenDocument.Implementation): Promise<boolean> {
  const scene = token.parent as Scene.Implementation | null;
  const id = token.id ?? "";
  if (!scene || !game.scenes.has(scene.id ?? "")) return false;
  if (scene.tokens.has(id)) return true;
  try {
    const made = (await scene.createEmbeddedDocuments("Token", [token.toObject()] as never, { keepId: true } as never)) as unknown as TokenDocument.Implementation[];
    const other = made.filter((t) => t.id !== id);
    if (other.length > 0) await scene.deleteEmbeddedDocuments("Token", other.map((t) => t.id ?? "")).catch(() => undefined);
  } catch {
    // Refused (the id not taken again, or the scene gone): the holds end below.
  }
  return scene.tokens.has(id);
}

/** Puts the token back and asks the GM (or, where it cannot be put back, ends its holds and tells the GM who deleted it). */
export async function askAboutToken(token: TokenDocument.Implementation, userId: string, ask = true): Promise<void> {
  const name = token.name ?? "?";
  const user = game.users.get(userId)?.name ?? "?";
  const uuid = token.uuid;
  let back = false;
  await gmWork(async () => {
    back = await putBack(token);
    if (back) {
      const named = ledgerEntries().filter((k) => k.hold.record.heldId === uuid || k.hold.record.holderId === uuid);
      const actors = [...new Set(named.flatMap((k) => [k.hold.heldActor, k.hold.holderActor]))].map((u) => fromUuidSync(u as never) as Actor.Implementation | null);
      await rebuild(actors.filter((a): a is Actor.Implementation => !!a));
      return;
    }
    // Gone for good: as for any token gone (hooks/cleanup.ts), and the GM told who did it.
    await onTokensGone([token]);
    const ending = clocksGone([...game.combats], [token]);
    if (ending.length > 0) await removeEffects(ending);
  });
  if (!back) return notify("warn", "WC.Guard.tokenGone", { user, name });
  if (!ask) return;
  const answer: unknown = await foundry.applications.api.DialogV2.wait({
    window: { title: plainText(i18n.localize("WC.Guard.tokenTitle")) },
    content: await foundry.applications.handlebars.renderTemplate(TEMPLATES.moveDialog, { intro: i18n.format("WC.Guard.tokenRemoved", { user, name }), lines: [] }),
    // Letting it go first, keeping it the default (Enter, or the window closed, keeps it).
    buttons: [
      { action: "end", label: plainText(i18n.localize("WC.Guard.endHolds")) },
      { action: "back", label: plainText(i18n.format("WC.Guard.tokenKeep", { name })), default: true },
    ],
    rejectClose: false,
  } as never);
  if (answer !== "end") return;
  // Deleted by the GM: the holds go with it (hooks/cleanup.ts).
  await gmWork(async () => {
    const scene = token.parent as Scene.Implementation | null;
    if (!scene || !scene.tokens.has(token.id ?? "")) return;
    await scene.deleteEmbeddedDocuments("Token", [token.id ?? ""]).catch(() => undefined);
  });
}
