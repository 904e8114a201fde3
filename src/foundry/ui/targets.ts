/** Who the user means: the acting token and its single target, with a clear word when unclear. */
import type { ShellAction } from "../../rules/index.ts";
import { Refusal } from "../documents/cast.ts";
import { holdsAround } from "../documents/holds.ts";
import { activeVariantId } from "../world/settings.ts";

/** Actions aimed at a creature one already holds or is held by can find it without a target. */
const HOLD_ACTIONS: readonly ShellAction[] = ["breakFree", "release", "liftOff", "counterGrapple", "standUp"];

export function chooseTarget(actor: TokenDocument.Implementation, action: ShellAction): TokenDocument.Implementation {
  const targets = [...game.user.targets].map((t) => t.document);
  if (targets.length === 0 && HOLD_ACTIONS.includes(action) && actor.actor) {
    const mine = holdsAround([actor.actor], activeVariantId());
    const others = new Set(mine.flatMap((h) => [h.heldId, h.holderId]).filter((id) => id !== actor.uuid));
    if (others.size === 1) {
      const [only] = [...others];
      const doc = only ? actor.parent?.tokens.find((t) => t.uuid === only) : undefined;
      if (doc) return doc;
    }
  }
  if (targets.length === 0) throw new Refusal("WC.Refuse.noTarget");
  if (targets.length > 1) throw new Refusal("WC.Refuse.manyTargets");
  const target = targets[0] as TokenDocument.Implementation;
  if (target.uuid === actor.uuid) throw new Refusal("WC.Refuse.self");
  if (target.parent?.id !== actor.parent?.id) throw new Refusal("WC.Refuse.otherScene");
  return target;
}
