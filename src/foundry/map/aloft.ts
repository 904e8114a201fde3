/**
 * Off the ground: a flier that lifts off (d12-holds) takes those still hanging on up with it, and
 * all of them are marked with the elevation they left; when a hold ends up there, a creature that
 * cannot fly and has no other grip on a flier falls back to that elevation, and a card says how
 * far (and, the text giving no rule for falling damage, leaves the damage to the GM).
 */
import type { FallAnswer, HoldRecord } from "../../rules/index.ts";
import { participant, tokenByUuid } from "../documents/cast.ts";
import { gmWork } from "../gm/queue.ts";
import { MODULE_ID } from "../base/constants.ts";
import { holdsAround } from "../documents/holds.ts";
import { stableId } from "../base/ids.ts";
import { mapCardId, postMapCard } from "../gm/moves.ts";
import type { StoredMapCard } from "../gm/moves.ts";
import { aloftOf, forgetOurs, gridOf, isAirborne, markOurs } from "./check.ts";
import { feetPerUnit } from "./geometry.ts";
import { activeOptions, activeVariant, activeVariantId } from "../world/settings.ts";
import type { CardLine } from "../base/types.ts";
import type { TokenChange } from "../gm/writes.ts";

export type TokenWrite = TokenChange;

/** Grid units for a height in feet on this token's scene. */
function unitsFor(token: TokenDocument.Implementation, feet: number): number {
  return feet / feetPerUnit(gridOf(token.parent).units);
}

/**
 * The token writes that lift creatures: up by the rules' height from where they are, marked with
 * the ground they left. A token already lifted by this same result is not lifted again.
 */
export function liftWrites(lifts: ReadonlyArray<{ readonly targetId: string; readonly feet: number }>, markId: string): TokenWrite[] {
  const out: TokenWrite[] = [];
  for (const l of lifts) {
    const token = tokenByUuid(l.targetId);
    if (!token) continue;
    const was = aloftOf(token);
    if (was?.by === markId) continue;
    const ground = was?.ground ?? token.elevation ?? 0;
    out.push({ token, changes: { elevation: (token.elevation ?? 0) + unitsFor(token, l.feet), [`flags.${MODULE_ID}.aloft`]: { ground, by: markId } } });
  }
  return out;
}

/** The Token updates of these writes, by scene, marked as the module's own moves while they are sent. */
export function markTokenWrites(writes: readonly TokenWrite[]): () => void {
  const updates = writes.map((w) => ({ _id: w.token.id, x: w.token.x, y: w.token.y, elevation: w.changes.elevation }));
  markOurs(updates);
  return () => forgetOurs(updates.map((u) => String(u._id)));
}

// ---------------------------------------------------------------------------------------------
// Falling.

function fallOf(token: TokenDocument.Implementation, feet: number): FallAnswer {
  const variant = activeVariant();
  const actor = token.actor as Actor.Implementation | null;
  if (!actor || !variant.fall) return { kind: "falls", feet, damage: null, reason: "WC.Fall.noRule" };
  return variant.fall(participant({ token, actor, id: token.uuid, name: token.name ?? "" }, variant), feet, activeOptions());
}

/** Something still holds it up: a hold with a flier that is in the air itself. */
function supported(token: TokenDocument.Implementation, holds: readonly HoldRecord[]): boolean {
  for (const h of holds) {
    if (h.holderId !== token.uuid && h.heldId !== token.uuid) continue;
    const other = tokenByUuid(h.holderId === token.uuid ? h.heldId : h.holderId);
    if (other && isAirborne(other) && fallOf(other, 0).kind === "staysAloft") return true;
  }
  return false;
}

const pending = new Map<string, HoldRecord>();
let scheduled = false;

/** A hold ended (on every client): the active GM's client looks for anyone it left in the air. */
export function holdEnded(record: HoldRecord): void {
  if (game.users.activeGM?.isSelf !== true) return;
  pending.set(record.id, record);
  if (scheduled) return;
  scheduled = true;
  setTimeout(() => {
    scheduled = false;
    const records = [...pending.values()];
    pending.clear();
    // The GM's work, after the piece that ended the holds (gm-work.ts).
    void gmWork(() => dropUnsupported(records)).catch((e: unknown) => console.error(`${MODULE_ID} | a fall could not be carried out`, e));
  }, 0);
}

/** Those these ended holds left in the air come down: one token request per scene, and one card. */
export async function dropUnsupported(records: readonly HoldRecord[]): Promise<void> {
  const seen = new Set<string>();
  const falls: Array<{ token: TokenDocument.Implementation; feet: number }> = [];
  const lines: CardLine[] = [];
  const names: Record<string, string> = {};
  for (const uuid of records.flatMap((r) => [r.holderId, r.heldId])) {
    if (seen.has(uuid)) continue;
    seen.add(uuid);
    const token = tokenByUuid(uuid);
    const a = token ? aloftOf(token) : null;
    if (!token || !a || !isAirborne(token)) continue;
    const actor = token.actor as Actor.Implementation | null;
    if (!actor || supported(token, holdsAround([actor], activeVariantId()))) continue;
    const units = (token.elevation ?? 0) - a.ground;
    const feet = Math.round(units * feetPerUnit(gridOf(token.parent).units));
    const answer = fallOf(token, feet);
    if (answer.kind !== "falls") continue;
    falls.push({ token, feet });
    names[token.uuid] = token.name ?? "";
    lines.push({ key: answer.reason === "WC.Fall.noRule" ? "WC.Fall.fellNoRule" : "WC.Fall.fell", params: { who: token.uuid, feet, units: gridOf(token.parent).units } });
  }
  if (falls.length === 0) return;
  const key = stableId(`fall|${falls.map((f) => `${f.token.uuid}@${f.token.elevation ?? 0}`).join("|")}|${records.map((r) => r.id).join("|")}`);
  const card: StoredMapCard = { version: 1, title: { key: "WC.Fall.title" }, lines, names };
  if (!(await postMapCard(mapCardId(key), card))) return;
  const byScene = new Map<Scene.Implementation, Array<Record<string, unknown>>>();
  for (const f of falls) {
    const scene = f.token.parent as Scene.Implementation | null;
    const ground = aloftOf(f.token)?.ground ?? 0;
    if (scene) byScene.set(scene, [...(byScene.get(scene) ?? []), { _id: f.token.id, x: f.token.x, y: f.token.y, elevation: ground, [`flags.${MODULE_ID}.aloft`]: null }]);
  }
  for (const [scene, updates] of byScene) {
    markOurs(updates);
    try {
      await scene.updateEmbeddedDocuments("Token", updates as never, { [MODULE_ID]: { move: key } } as never);
    } finally {
      forgetOurs(updates.map((u) => String(u._id)));
    }
  }
}
