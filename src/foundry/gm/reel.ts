/**
 * Hauling in a creature held at a distance (a leash, map/leash.ts), as the GM's work on the GM's
 * tab: the holder hauls it in as far as the rules' pace gives in a round (the variant's `reelIn`,
 * its option `reelInPace`), onto the free place nearest where it stands within the shorter leash
 * (map/placement.ts: not on another token, not behind a wall). The leash shortens to the new
 * distance, or goes (an ordinary hold) when the creature comes beside. The token moves in one
 * request, marked as the module's own move; the ledger (only a GM writes it) in another.
 */
import { MODULE_ID } from "../base/constants.ts";
import { i18n, notify } from "../base/i18n.ts";
import { participant, Refusal, tokenByUuid } from "../documents/cast.ts";
import { keptHold } from "../documents/ledger.ts";
import { deletion } from "../world/compat.ts";
import { activeOptions, activeVariant } from "../world/settings.ts";
import { forgetOurs, gridOf, markOurs, spotOf } from "../map/check.ts";
import { adjacent, feetPerUnit, reachFeet } from "../map/geometry.ts";
import { movementWalls, standing } from "../map/ground.ts";
import { nearestFree } from "../map/placement.ts";

export interface Reeled {
  readonly feet: number;
  readonly beside: boolean;
}

/** Hauls in the creature of hold `holdId` for `user` (a GM, or the holder's owner through the GM). Throws a Refusal. */
export async function reelIn(holdId: string, user: User.Implementation): Promise<Reeled> {
  if (!game.user.isGM) throw new Refusal("WC.Refuse.notGM");
  const k = keptHold(holdId);
  const leash = k?.hold.leash;
  if (!k || leash === undefined) throw new Refusal("WC.Refuse.noLeash");
  const holder = tokenByUuid(k.hold.record.holderId);
  const held = tokenByUuid(k.hold.record.heldId);
  if (!holder || !held || holder.parent !== held.parent) throw new Refusal("WC.Refuse.tokenGone");
  const actor = holder.actor as Actor.Implementation | null;
  if (!actor) throw new Refusal("WC.Refuse.noActor", { name: holder.name ?? "" });
  if (!user.isGM && !actor.testUserPermission(user, "OWNER")) throw new Refusal("WC.Refuse.notOwner", { name: holder.name ?? "" });
  const variant = activeVariant();
  const side = { token: holder, actor, id: holder.uuid, name: holder.name ?? "" };
  const answer = variant.reelIn?.(participant(side, variant), activeOptions());
  if (!answer || answer.feet === null || answer.feet <= 0) throw new Refusal("WC.Refuse.noReelPace", { name: side.name });
  const grid = gridOf(holder.parent);
  const space = grid.distance * feetPerUnit(grid.units);
  const shorter = Math.max(space, leash - answer.feet);
  const scene = holder.parent as Scene.Implementation;
  const from = spotOf(held);
  const to = nearestFree(spotOf(holder), from, standing(scene, new Set([holder.uuid, held.uuid])), movementWalls(scene), grid, shorter);
  if (!to) throw new Refusal("WC.Refuse.noReelRoom", { holder: side.name, held: held.name ?? "" });
  const place = { ...from, x: to.x, y: to.y };
  const beside = adjacent(spotOf(holder), place, grid);
  const feet = reachFeet(spotOf(holder), place, grid);
  const update = { _id: held.id ?? "", x: to.x, y: to.y, elevation: held.elevation ?? 0 };
  markOurs([update]);
  try {
    await scene.updateEmbeddedDocuments("Token", [{ _id: update._id, x: to.x, y: to.y }] as never, { [MODULE_ID]: { move: "reel" } } as never);
  } finally {
    forgetOurs([update._id]);
  }
  const path = `flags.${MODULE_ID}.holds.${k.key}`;
  await k.store.update((beside ? Object.fromEntries([deletion(path, "leash")]) : { [`${path}.leash`]: feet }) as never);
  const pace = i18n.localize(answer.reason);
  if (beside) notify("info", "WC.Map.reeledBeside", { holder: side.name, held: held.name ?? "", pace });
  else notify("info", "WC.Map.reeledIn", { holder: side.name, held: held.name ?? "", feet: Math.round(feet * 10) / 10, pace });
  return { feet, beside };
}
